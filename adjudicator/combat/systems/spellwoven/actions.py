"""Spellwoven Actions (`seeds/003`, "Take an Action", "Resolve Wounds", "Armour", "Shields"):
attacks against Quickness Defence with Effort and Feint, wounds by Menace onto the track,
moving between Proximities, other tests, Actions without a test, surrendering or fleeing."""

from __future__ import annotations

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven import events as ev
from adjudicator.combat.systems.spellwoven.state import (
    STEPS,
    Character,
    FirstAid,
    Out,
    Phase,
    Proximity,
    SpellwovenState,
)
from adjudicator.combat.systems.spellwoven.transaction import Tx
from adjudicator.combat.systems.spellwoven.wounds import level_named, level_of, place

#: "For every five slots of armour worn (excluding shields) Quickness Defence is reduced by 1."
EVASION_SLOTS = 5


def acting(state: SpellwovenState, unit: str) -> Character:
    """The character whose Action it is: "The Character with the highest Initiative goes
    first, then next highest, then next." """
    if state.phase is not Phase.FIGHTING:
        raise err.NotInPhase(f"the fight is in its {state.phase.value} phase")
    who = state.unit(unit)
    now = state.next_up()
    if who.name != now:
        raise err.NotTheirAction(f"it is {now}'s Action (Initiative {state.score(now or '')})")
    return who


def defence(target: Character) -> int:
    """Quickness Defence less the evasion penalty of the armour worn (not below zero)."""
    worn = sum(target.track.soak)
    return max(0, target.defence - worn // EVASION_SLOTS)


def _spend(tx: Tx, who: Character, amount: int) -> None:
    if amount < 0 or amount > who.effort:
        raise err.NoEffort(f"{who.name} has {who.effort} Effort, not {amount}")
    if amount:
        tx.emit(ev.EffortSpent(who.name, amount))


@c.handles(c.Attack)
def attack(tx: Tx, command: c.Attack) -> None:
    """ "Attack: Pick an opponent who is within range. Test a Fighting Skill using the
    opponent's Quickness Defence as Difficulty. If you equal or beat the Quickness Defence,
    the blow lands." """
    me = acting(tx.state, command.attacker)
    target = tx.state.unit(command.target)
    if target.side == me.side or target.track.dead or target.name == me.name:
        raise err.BadTarget(f"{target.name} is not an opponent of {me.name} to attack")
    if not me.ranged and not (
        me.proximity is Proximity.ENGAGED and target.proximity is Proximity.ENGAGED
    ):
        raise err.OutOfRange(
            f"a hand-to-hand attack needs both Engaged: {me.name} is {me.proximity.value}, "
            f"{target.name} {target.proximity.value}"
        )
    if command.feint and not me.feint:
        raise err.FeintUsed(f"{me.name} has no Feint left in this combat")
    if command.shield and target.track.shield_used >= target.track.shield:
        raise err.NoShield(f"{target.name} has no shield soak left")
    _spend(tx, me, command.effort + command.wound_effort)
    difficulty = defence(target)
    test = tx.test(me.name, f"{me.weapon} skill", me.skill, command.effort)
    tx.emit(ev.Tested(me.name, test, difficulty, f"{target.name}'s Quickness Defence"))
    if test.successes < difficulty and command.feint:
        test = tx.test(me.name, f"{me.weapon} skill", me.skill, command.effort)
        tx.emit(ev.Tested(me.name, test, difficulty, f"{target.name}'s Quickness Defence", True))
    hit = test.successes >= difficulty
    if hit:
        menace = tx.test(me.name, "Menace", me.menace, command.wound_effort)
        pierce = test.triplet or menace.triplet
        level = level_of(menace.successes)
        injury = (
            None if level == 0 else place(target.track, level, shield=command.shield, pierce=pierce)
        )
        tx.emit(ev.Wounded(me.name, target.name, menace, injury, pierce))
    tx.emit(ev.Acted(me.name, f"attacks {target.name}", hit))


@c.handles(c.Move)
def move(tx: Tx, command: c.Move) -> None:
    """ "It takes one action to move from Nearby to Engaged; one action to move from Distant
    to Nearby; and two actions to move from Distant to Engaged (or vice versa)." """
    me = acting(tx.state, command.unit)
    try:
        to = Proximity(command.to.strip().casefold())
    except ValueError:
        raise err.NotAnAction(
            f"no Proximity {command.to!r}", hint="engaged, nearby or distant"
        ) from None
    steps = abs(STEPS[to] - STEPS[me.proximity])
    if steps != 1:
        raise err.TooFar(f"{me.name} is {me.proximity.value}: {steps} actions to {to.value}")
    tx.emit(ev.Moved(me.name, to), ev.Acted(me.name, f"moves to {to.value}"))


@c.handles(c.Test)
def test(tx: Tx, command: c.Test) -> None:
    me = acting(tx.state, command.unit)
    if not 0 <= command.skill <= 10 or not 0 <= command.difficulty <= 10:
        raise err.SetupError("a skill and a Difficulty are from 0 to 10")
    _spend(tx, me, command.effort)
    result = tx.test(me.name, command.what, command.skill, command.effort)
    tested = ev.Tested(me.name, result, command.difficulty, "Difficulty")
    tx.emit(tested, ev.Acted(me.name, command.what, tested.success))


@c.handles(c.Act)
def act(tx: Tx, command: c.Act) -> None:
    """ "An action that required no skill test does not modify the Initiative score." """
    me = acting(tx.state, command.unit)
    if command.what.strip().casefold() in FOREIGN:
        raise err.NotAnAction(
            f"{command.what!r} is an action of {FOREIGN[command.what.strip().casefold()]}, "
            "not of Spellwoven",
            hint="attack, move, test (talk, a Talent...), heal, act, yield",
        )
    tx.emit(ev.Acted(me.name, command.what.strip() or "acts"))


FOREIGN = {
    "sprint": "Murdham",
    "counterspell": "Words of Power",
    "defend": "Words of Power and Shadow of the Weird Wizard",
    "take the initiative": "Shadow of the Weird Wizard",
}


@c.handles(c.Heal)
def heal(tx: Tx, command: c.Heal) -> None:
    """ "Characters can use their Healing Skill to attempt to staunch or reduce the severity
    of a wound. ... Healing takes a full action during an Action Round, always happens last in
    the round" "The Healing Skill can only be applied to a Character once every twenty-four
    hours." """
    me = acting(tx.state, command.unit)
    target = tx.state.unit(command.target)
    if not 0 <= command.skill <= 10:
        raise err.SetupError(f"a Healing Skill is from 0 to 10, not {command.skill}")
    if target.name in tx.state.healed:
        raise err.FirstAidRefused(f"{target.name} has had first aid already in this fight")
    if target.proximity is not me.proximity:
        raise err.FirstAidRefused(
            f"{me.name} is {me.proximity.value}, {target.name} {target.proximity.value}",
            rule="our ruling: first aid is given at the patient's side (the same Proximity)",
        )
    try:
        levels = tuple(level_named(name) for name in command.wounds)
    except ValueError as error:
        raise err.NotAnAction(str(error)) from None
    _spend(tx, me, command.effort)
    aid = FirstAid(me.name, target.name, command.skill, command.effort, levels)
    tx.emit(ev.FirstAidBegun(aid))


@c.handles(c.Cooperate)
def cooperate(tx: Tx, command: c.Cooperate) -> None:
    """ "Cooperation ... You can only cooperate if you have an Initiative value of 5 or
    higher. Any number of Players at the table can opt to Cooperate together. In this
    situation: 1) all Characters involved act on the highest Initiative score among them, and
    2) at the end of the round each cooperating Character loses -5 Initiative." """
    state = tx.state
    if state.phase is not Phase.FIGHTING:
        raise err.NotInPhase(f"the fight is in its {state.phase.value} phase")
    units = [state.unit(name) for name in command.units]
    names = tuple(dict.fromkeys(u.name for u in units))
    if len(names) < 2:
        raise err.CooperationRefused("cooperation takes two characters or more")
    for u in units:
        if u.npc:
            raise err.CooperationRefused(f"{u.name} is a Non-Player Character")
        if state.score(u.name) < 5:
            raise err.CooperationRefused(f"{u.name} has Initiative {state.score(u.name)}")
        if u.name in state.acted or not u.standing or u.name in state.cooperating:
            raise err.CooperationRefused(
                f"{u.name} has acted, cooperated or fallen this round",
                rule="our ruling: characters cooperate before any of them acts in the round",
            )
    if len({u.side for u in units}) > 1:
        raise err.CooperationRefused(
            "cooperating characters are on one side",
            rule="our ruling: Players cooperate with their own side",
        )
    first = min(state.order.index(name) for name in names)
    rest = [name for name in state.order if name not in names]
    at = sum(1 for name in state.order[:first] if name not in names)
    tx.emit(ev.Cooperated(names, (*rest[:at], *names, *rest[at:])))


@c.handles(c.Yield)
def yield_(tx: Tx, command: c.Yield) -> None:
    """ "Defeat comes when a Character suffers either a Felling or Mortal blow, or choses to
    surrender or flee." (As their Action.)"""
    me = acting(tx.state, command.unit)
    try:
        how = Out(command.how.strip().casefold())
    except ValueError:
        how = Out.NO
    if how is Out.NO:
        raise err.NotAnAction(f"yield how? not {command.how!r}", hint="surrendered or fled")
    tx.emit(ev.Yielded(me.name, how), ev.Acted(me.name, how.value))


@c.handles(c.EndFight)
def end_fight(tx: Tx, command: c.EndFight) -> None:
    if tx.state.phase is Phase.ENDED:
        raise err.NotInPhase("the fight is over already")
    tx.emit(ev.FightEnded(command.reason.strip() or "the Gamesmaster ends the fight"))
