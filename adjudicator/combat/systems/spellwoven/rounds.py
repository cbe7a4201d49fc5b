"""Spellwoven's Action Rounds (`seeds/003`, "Action Rounds", "Order of Actions: Initiative",
"Next Round"): momentum Initiative rolled once, highest first, +1/-1 each round."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven import events as ev
from adjudicator.combat.systems.spellwoven import optional_events as oe
from adjudicator.combat.systems.spellwoven import options as o
from adjudicator.combat.systems.spellwoven.edges import HEALING, edges
from adjudicator.combat.systems.spellwoven.state import (
    HEROIC_DEATH,
    LAST_STAND,
    LIMIT,
    MAIMED,
    Character,
    Phase,
    SpellwovenState,
)
from adjudicator.combat.systems.spellwoven.transaction import Tx
from adjudicator.combat.systems.spellwoven.wounds import (
    MAX_SOAK,
    moved,
    reduced,
    stacked,
    worst_first,
)


def optional_traits(state: SpellwovenState, command: c.AddCharacter) -> Character:
    """The character as it joins under the optional rules chosen: a trait an unchosen rule
    asks for is refused naming the rule; its armour pieces stack; under Heroic Death a
    Player Character "cannot die unless Heroic Death is triggered" unless its Player wants
    it to die outright (`dies`)."""
    u = command.character
    if u.fortitude is not None:
        o.require(state.options, o.MAIMING, "a Fortitude")
        if not 0 <= u.fortitude <= 10:
            raise err.SetupError(f"a Fortitude is from 0 to 10, not {u.fortitude}")
    if u.very_heavy:
        o.require(state.options, o.OVERSWING, "a Very Heavy weapon")
    if u.blackpowder:
        o.require(state.options, o.BLACKPOWDER, "a blackpowder weapon")
    if u.presence is not None and not 0 <= u.presence <= 10:
        raise err.SetupError(f"a Presence Defence is from 0 to 10, not {u.presence}")
    if u.spared or command.dies:
        if o.HEROIC not in state.options:
            o.require(state.options, o.DISCRETION, "a Player's choice of their Character's death")
        if u.npc:
            raise err.NotChosen(
                f"{u.name} is a Non-Player Character", rule=o.BY_KEY[o.DISCRETION].rule
            )
        if u.spared and command.dies:
            raise err.SetupError(f"{u.name} is spared a Mortal wound's death or dies of it")
    if o.HEROIC in state.options and not u.npc and not command.dies:
        u = replace(u, spared=True)
    for piece in command.armour:
        if any(not 0 <= s <= 10 for s in piece.soak) or not piece.name.strip():
            raise err.SetupError(f"armour {piece.name!r}: a name and a soak 0..10 a level")
    if command.armour:
        soak = stacked(command.armour, u.track.soak)
        names = (*u.armour, *(piece.name.strip() for piece in command.armour))
        u = replace(u, track=replace(u.track, soak=soak), armour=names)
    if u.conditions or u.rested:
        raise err.SetupError("a character joins with no condition and no rest")
    return u


@c.handles(c.AddCharacter)
def add(tx: Tx, command: c.AddCharacter) -> None:
    if tx.state.phase is not Phase.SETUP:
        raise err.NotInPhase("characters join before the first Action Round")
    u = command.character
    if not u.name.strip() or not u.side.strip() or tx.state.has(u.name):
        raise err.SetupError(f"a character needs a side and a name of its own, not {u.name!r}")
    for label, value in (
        ("initiative skill", u.initiative_skill),
        ("weapon skill", u.skill),
        ("Menace", u.menace),
    ):
        if not 0 <= value <= 10:
            raise err.SetupError(f"the {label} is from 0 to 10, not {value}")
    if not 0 <= u.defence <= 10 or not 0 <= u.effort <= 20:
        raise err.SetupError("Quickness Defence 0..10, Effort 0..20")
    t = u.track
    if any(not 0 <= s <= 10 for s in t.slots) or any(not 0 <= s <= MAX_SOAK for s in t.soak):
        raise err.SetupError("wound slots 0..10 a level; armour soak 0..3 a level")
    if not 0 <= t.shield <= 3 or any(t.wounds) or any(t.soaked) or t.shield_used:
        raise err.SetupError("a shield has 1 to 3 soaks; a character starts unhurt")
    tx.emit(ev.CharacterAdded(optional_traits(tx.state, command)))


@c.handles(c.Begin)
def begin(tx: Tx, command: c.Begin) -> None:
    """ "Initiative is rolled for each Character once at the start of a conflict." """
    if tx.state.phase is not Phase.SETUP:
        raise err.NotInPhase("Initiative is rolled once, at the start: the fight has begun")
    if len({u.side for u in tx.state.characters}) < 2:
        raise err.SetupError("a fight needs characters on two sides at least")
    for u in tx.state.characters:
        tx.emit(ev.InitiativeRolled(u.name, tx.test(u.name, "Initiative", u.initiative_skill)))
    start_round(tx, 1, tx.state.initiative)


def start_round(tx: Tx, number: int, scores: tuple[tuple[str, int], ...]) -> None:
    """Highest first; ties by opposing d10s, lowest first (then the order they joined). Under
    Ranged Actions First, "all Ranged Attacks are to be declared and resolved before
    hand-to-hand attacks": the characters with ranged weapons act first, in their order of
    Initiative, then the others (ours: a ranged character's Action in the first part may be
    any)."""
    standing = [u.name for u in tx.state.characters if u.standing]
    score = dict(scores)
    ties: list[tuple[str, RolledDie]] = []
    for name in standing:
        if sum(1 for other in standing if score[other] == score[name]) > 1:
            ties.append((name, tx.roll(10, "Initiative tie", name)))
    tiebreak = {name: die.value for name, die in ties}
    first = o.RANGED_FIRST in tx.state.options

    def rank(name: str) -> tuple[bool, int, int, int]:
        later = first and not tx.state.unit(name).ranged
        return (later, -score[name], tiebreak.get(name, 0), standing.index(name))

    ranked = sorted(standing, key=rank)
    tx.emit(ev.RoundBegan(number, scores, tuple(ranked), tuple(ties)))


def after_action(tx: Tx) -> None:
    """ "Once all characters and creatures in a fight have acted, a new Action Round starts.
    Initiative is no re-rolled. Instead, add +1 ... or deduct -1 ... Initiative cannot drop
    below zero." The fight ends when one side has no one standing (ours), once no free attack
    of opportunity or Heroic Death is left to take before the next Action."""
    state = tx.state
    if state.phase is not Phase.FIGHTING:
        return
    if len(state.sides_standing()) < 2:
        if state.open_chances():
            return
        left = state.sides_standing()
        end(tx, f"only {left[0]} stand" if left else "no one stands")
        return
    if state.next_up() is not None:
        return
    give_first_aid(tx)
    tx.emit(ev.RoundEnded())
    start_round(tx, tx.state.round + 1, carried(tx.state))


def end(tx: Tx, reason: str) -> None:
    """The fight ends; a Character who triggered a Heroic Death "is doomed to die at the end
    of the conflict"."""
    for u in tx.state.characters:
        if u.has(LAST_STAND) and not u.has(HEROIC_DEATH):
            tx.emit(oe.ConditionChanged(u.name, HEROIC_DEATH, True))
    tx.emit(ev.FightEnded(reason))


@c.handles(c.EndFight)
def end_fight(tx: Tx, command: c.EndFight) -> None:
    if tx.state.phase is Phase.ENDED:
        raise err.NotInPhase("the fight is over already")
    end(tx, command.reason.strip() or "the Gamesmaster ends the fight")


def give_first_aid(tx: Tx) -> None:
    """ "Healing ... always happens last in the round": each healer tests their Healing Skill
    and counts successes; "One success: Reduce one wound by one severity ... Two successes:
    Reduce two wounds by one severity". A healer no longer standing gives none (ours: the
    plainest disruption "if the Healing Character takes an injury")."""
    for aid in tx.state.tending:
        healer = tx.state.unit(aid.healer)
        if not healer.standing:
            why = f"{healer.name} is {healer.status}"
            tx.emit(ev.FirstAidGiven(aid.healer, aid.target, None, disrupted=why))
            continue
        found = edges(tx.state, healer, HEALING)
        if aid.edge:
            found += ((aid.edge, "the Gamesmaster's call"),)
        test = tx.test(healer.name, "Healing", aid.skill, aid.effort, found)
        track = tx.state.unit(aid.target).track
        steps = []
        for level in worst_first(track, aid.wounds, test.successes):
            to = reduced(track, level)
            track = moved(track, level, to)
            steps.append((level, to))
        given = ev.FirstAidGiven(aid.healer, aid.target, test, tuple(steps))
        tx.emit(given)
        healed(tx, aid.target, lifted=given.success)


def healed(tx: Tx, name: str, *, lifted: bool) -> None:
    """Conditions healing lifts: Maiming's "until fully healed" (no wound left), and the
    Wound Limit's "until receiving a successful Healing action" (`lifted`)."""
    who = tx.state.unit(name)
    if who.has(MAIMED) and who.wound_count == 0:
        tx.emit(oe.ConditionChanged(who.name, MAIMED, False))
    if who.has(LIMIT) and lifted:
        tx.emit(oe.ConditionChanged(who.name, LIMIT, False))


def carried(state: SpellwovenState) -> tuple[tuple[str, int], ...]:
    change: dict[str, int] = {}
    for name, delta in state.change:
        change[name] = change.get(name, 0) + delta
    return tuple((name, max(0, score + change.get(name, 0))) for name, score in state.initiative)
