"""Spellwoven's Action Rounds (`seeds/003`, "Action Rounds", "Order of Actions: Initiative",
"Next Round"): momentum Initiative rolled once, highest first, +1/-1 each round."""

from __future__ import annotations

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven import events as ev
from adjudicator.combat.systems.spellwoven.state import Phase, SpellwovenState
from adjudicator.combat.systems.spellwoven.transaction import Tx
from adjudicator.combat.systems.spellwoven.wounds import MAX_SOAK, moved, reduced, worst_first


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
    tx.emit(ev.CharacterAdded(u))


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
    """Highest first; ties by opposing d10s, lowest first (then the order they joined)."""
    standing = [u.name for u in tx.state.characters if u.standing]
    score = dict(scores)
    ties: list[tuple[str, RolledDie]] = []
    for name in standing:
        if sum(1 for other in standing if score[other] == score[name]) > 1:
            ties.append((name, tx.roll(10, "Initiative tie", name)))
    tiebreak = {name: die.value for name, die in ties}
    ranked = sorted(standing, key=lambda n: (-score[n], tiebreak.get(n, 0), standing.index(n)))
    tx.emit(ev.RoundBegan(number, scores, tuple(ranked), tuple(ties)))


def after_action(tx: Tx) -> None:
    """ "Once all characters and creatures in a fight have acted, a new Action Round starts.
    Initiative is no re-rolled. Instead, add +1 ... or deduct -1 ... Initiative cannot drop
    below zero." The fight ends when one side has no one standing (ours)."""
    state = tx.state
    if state.phase is not Phase.FIGHTING:
        return
    if len(state.sides_standing()) < 2:
        left = state.sides_standing()
        tx.emit(ev.FightEnded(f"only {left[0]} stand" if left else "no one stands"))
        return
    if state.next_up() is not None:
        return
    give_first_aid(tx)
    tx.emit(ev.RoundEnded())
    start_round(tx, tx.state.round + 1, carried(tx.state))


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
        test = tx.test(healer.name, "Healing", aid.skill, aid.effort)
        track = tx.state.unit(aid.target).track
        steps = []
        for level in worst_first(track, aid.wounds, test.successes):
            to = reduced(track, level)
            track = moved(track, level, to)
            steps.append((level, to))
        tx.emit(ev.FirstAidGiven(aid.healer, aid.target, test, tuple(steps)))


def carried(state: SpellwovenState) -> tuple[tuple[str, int], ...]:
    change: dict[str, int] = {}
    for name, delta in state.change:
        change[name] = change.get(name, 0) + delta
    return tuple((name, max(0, score + change.get(name, 0))) for name, score in state.initiative)
