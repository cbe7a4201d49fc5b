"""Spellwoven Actions (`seeds/003`, "Take an Action"): attacks (resolved in `blows`), moving
between Proximities, talk against Presence Defence, other tests, Actions without a test, first
aid, cooperation, loading a blackpowder weapon, surrendering or fleeing."""

from __future__ import annotations

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven import events as ev
from adjudicator.combat.systems.spellwoven import optional_events as oe
from adjudicator.combat.systems.spellwoven import options as o
from adjudicator.combat.systems.spellwoven.blows import spend, strike
from adjudicator.combat.systems.spellwoven.edges import TEST, defence, edges, situational
from adjudicator.combat.systems.spellwoven.state import (
    STEPS,
    UNLOADED,
    Chance,
    Character,
    FirstAid,
    Out,
    Phase,
    Proximity,
    SpellwovenState,
)
from adjudicator.combat.systems.spellwoven.transaction import Tx
from adjudicator.combat.systems.spellwoven.wounds import level_named

__all__ = ["acting", "defence"]


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


@c.handles(c.Attack)
def attack(tx: Tx, command: c.Attack) -> None:
    """ "Attack: Pick an opponent who is within range. Test a Fighting Skill using the
    opponent's Quickness Defence as Difficulty. If you equal or beat the Quickness Defence,
    the blow lands." """
    me = acting(tx.state, command.attacker)
    hit = strike(tx, me, tx.state.unit(command.target), command)
    tx.emit(ev.Acted(me.name, f"attacks {tx.state.unit(command.target).name}", hit))


def leaving(tx: Tx, me: Character) -> None:
    """Attack of Opportunity: "If a Character decides to disengage from a battle, flee ...
    any nearby Characters can be permitted a free attack of opportunity" (ours: the standing
    opponents Engaged with one who leaves the Engaged)."""
    if o.OPPORTUNITY not in tx.state.options or me.proximity is not Proximity.ENGAGED:
        return
    by = tuple(
        u.name
        for u in tx.state.characters
        if u.side != me.side and u.standing and u.proximity is Proximity.ENGAGED
    )
    if by:
        tx.emit(oe.ChanceOpened(Chance(Chance.OPPORTUNITY, me.name, by)))


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
    tx.emit(ev.Moved(me.name, to))
    if to is Proximity.NEARBY:
        leaving(tx, me)
    tx.emit(ev.Acted(me.name, f"moves to {to.value}"))


@c.handles(c.Test)
def test(tx: Tx, command: c.Test) -> None:
    """Another test of skill as the Action: a Talent ("You may have access to Talents that can
    be used as Actions during combat"), or anything the Gamesmaster calls for."""
    me = acting(tx.state, command.unit)
    if not 0 <= command.skill <= 10 or not 0 <= command.difficulty <= 10:
        raise err.SetupError("a skill and a Difficulty are from 0 to 10")
    found = edges(tx.state, me, TEST, command.edge)
    spend(tx, me, command.effort)
    result = tx.test(me.name, command.what, command.skill, command.effort, found)
    tested = ev.Tested(me.name, result, command.difficulty, "Difficulty")
    tx.emit(tested, ev.Acted(me.name, command.what, tested.success))


@c.handles(c.Talk)
def talk(tx: Tx, command: c.Talk) -> None:
    """ "Talk: Social Skills can be used to talk down a situation, create a distraction, trick
    an opponent, intrigue an opponent, or prevaricate until help arrives. Use an opponent's
    Presence Defence as a Difficulty." "You could create a distraction, causing an opponent
    to act last in the Action Round, or maybe even lose their turn entirely (at Gamesmaster's
    discretion)." What else talk achieves is the Gamesmaster's call."""
    me = acting(tx.state, command.unit)
    target = tx.state.unit(command.target)
    if target.side == me.side or not target.standing:
        raise err.TalkRefused(f"{target.name} is not an opponent standing in the fight")
    if target.presence is None:
        raise err.TalkRefused(
            f"{target.name} has no Presence Defence on record", hint="add it with --presence"
        )
    if not 0 <= command.skill <= 10:
        raise err.SetupError(f"a Social Skill is from 0 to 10, not {command.skill}")
    if command.lose_turn and not command.distract:
        raise err.TalkRefused("losing a turn is what a distraction may do")
    if command.distract and target.name in tx.state.acted:
        raise err.TalkRefused(
            f"{target.name} has acted this round already: nothing to put last",
            rule="You could create a distraction, causing an opponent to act last in the "
            "Action Round",
        )
    found = edges(tx.state, me, TEST, command.edge)
    spend(tx, me, command.effort)
    result = tx.test(me.name, "talk", command.skill, command.effort, found)
    tested = ev.Tested(me.name, result, target.presence, f"{target.name}'s Presence Defence")
    tx.emit(tested)
    if tested.success and command.distract:
        tx.emit(oe.Distracted(target.name, command.lose_turn))
    what = f"{'distracts' if command.distract else 'talks to'} {target.name}"
    tx.emit(ev.Acted(me.name, what, tested.success))


@c.handles(c.Load)
def load(tx: Tx, command: c.Load) -> None:
    """Blackpowder Weapons: "It takes one full action to load and prime a blackpowder
    weapon." (No skill test: the Initiative is unchanged.)"""
    me = acting(tx.state, command.unit)
    o.require(tx.state.options, o.BLACKPOWDER, "loading a blackpowder weapon")
    if not me.blackpowder:
        raise err.Unloaded(f"{me.name}'s {me.weapon} is not a blackpowder weapon")
    if not me.has(UNLOADED):
        raise err.Unloaded(f"{me.name}'s {me.weapon} is loaded already")
    tx.emit(oe.ConditionChanged(me.name, UNLOADED, False), ev.Acted(me.name, "loads and primes"))


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
    situational(tx.state, me, command.edge)
    spend(tx, me, command.effort)
    aid = FirstAid(me.name, target.name, command.skill, command.effort, levels, command.edge)
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
        if u.name not in state.order:
            raise err.CooperationRefused(
                f"{u.name} is not in this round's order (felled, or back by a Heroic Death, "
                "since it was rolled)",
                rule="our ruling: characters cooperate on the order of the round",
            )
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
    tx.emit(ev.Yielded(me.name, how))
    if how is Out.FLED:
        leaving(tx, me)
    tx.emit(ev.Acted(me.name, how.value))
