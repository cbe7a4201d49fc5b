"""The Murdham commands open now: what a table (or a random skirmish) may play next.

Not every argument of every command (a move may take any route), but each command listed
is legal as it stands: the property tests play random ones and expect none refused.
"""

from __future__ import annotations

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.attacks import NONLETHAL, may_react, reactors
from adjudicator.combat.systems.murdham.chases import MAY_FLEE
from adjudicator.combat.systems.murdham.rounds import BONUS_ACTIONS, MAIN_ACTIONS
from adjudicator.combat.systems.murdham.state import MurdhamState, Phase, Status


def legal_commands(state: MurdhamState) -> tuple[c.MurdhamCommand, ...]:
    if state.phase is not Phase.ACTION:
        return ()
    if state.pending is not None:
        return _reactions(state)
    if state.turn is None:
        return _turns(state)
    return _in_turn(state)


def _reactions(state: MurdhamState) -> tuple[c.MurdhamCommand, ...]:
    pending = state.pending
    assert pending is not None
    target = state.fighter(pending.target)
    if pending.stunt:
        return (c.AcceptStunt(target.name), c.RefuseStunt(target.name))
    out: list[c.MurdhamCommand] = [c.TakeHit()]
    attacker = state.fighter(pending.attacker)
    for name in reactors(state, pending):
        if name == target.name:
            out.append(c.Dodge(name))
            distance = state.distance(target.zone, attacker.zone)
            if distance is not None and distance <= target.reach and not pending.countered:
                out.append(c.Counter(name))
            if distance == 0 and not pending.countered:
                out += [c.Counter(name, nonlethal=kind) for kind in NONLETHAL]
            if pending.multiple:
                continue
            for other in state.fighters:
                if (
                    other.zone == target.zone
                    and other.name not in (target.name, attacker.name)
                    and other.present
                    and (other.faction == target.faction or state.held_by(other.name) == name)
                ):
                    out.append(c.Hide(name, other.name))
        else:
            out.append(c.Guard(name))
    return tuple(out)


def _turns(state: MurdhamState) -> tuple[c.MurdhamCommand, ...]:
    faction = state.to_act
    if faction is None:
        return ()
    out: list[c.MurdhamCommand] = [c.Pass(faction)]
    for f in state.members(faction):
        if state.may_take_turn(f):
            out += [c.TakeTurn(f.name), c.Surrender(f.name)]
    out += _chase(state, faction)
    return tuple(out)


def _chase(state: MurdhamState, faction: str) -> tuple[c.MurdhamCommand, ...]:
    """One chase: the first of `faction` in a plight (broken, or at half health or less) who
    may flee, from the first enemy standing."""
    fleeing = [
        f
        for f in state.members(faction)
        if f.status in MAY_FLEE
        and (f.status is Status.BROKEN or f.hp * 2 <= f.max_hp)
        and state.held_by(f.name) is None
    ]
    pursuers = [f for f in state.fighters if f.standing and f.faction != faction]
    if not fleeing or not pursuers:
        return ()
    return (c.Chase((fleeing[0].name,), (pursuers[0].name,)),)


def _in_turn(state: MurdhamState) -> tuple[c.MurdhamCommand, ...]:
    turn = state.turn
    assert turn is not None
    me = state.fighter(turn.unit)
    out: list[c.MurdhamCommand] = [c.EndTurn(me.name)]
    if not turn.moved and not turn.main and not turn.bonus:
        out.append(c.Drop(me.name, "the torch", fragile=True))
        if me.standing and not me.concealed:
            out.append(c.Conceal(me.name, "distraction", "a cart overturns"))
        if me.concealed:
            out.append(c.Reveal(me.name, "walks right in front of the enemy"))
    if me.weapon and turn.main:
        out.append(c.Drop(me.name, "the weapon", weapon=True))
    if turn.movement > 0 and state.held_by(me.name) is None:
        for zone in state.neighbours(me.zone):
            out.append(c.Move(me.name, (zone,)))
            if me.concealed and turn.movement >= 2:
                out.append(c.Move(me.name, (zone,), sneak=True))
            foes = tuple(
                f.name
                for f in state.fighters
                if f.zone == me.zone and f.faction != me.faction and may_react(state, f)
            )
            if foes:
                out.append(c.Move(me.name, (zone,), foes[:1]))
    if turn.may_main():
        out += [c.Act(me.name, action) for action in MAIN_ACTIONS]
        out.append(c.Blast(me.name))
        for held in state.holding(me.name):
            out.append(c.Shove(me.name, held, hazard="the brazier"))
            zone = state.fighter(held).zone
            out += [c.Shove(me.name, held, into) for into in state.neighbours(zone)]
        for zone in state.zones:
            distance = state.distance(me.zone, zone)
            if distance is None or not 0 < me.reach >= distance:
                continue
            if not (turn.moved and distance * 2 > me.reach):
                out.append(c.Blast(me.name, zone, mode="ranged"))
        for f in state.fighters:
            if f.faction == me.faction or not f.present:
                continue
            if f.zone == me.zone:
                out += [c.Attack(me.name, f.name), c.Attack(me.name, f.name, peeking=True)]
                out.append(c.Attack(me.name, f.name, stunt="cuts off a hand"))
                out += [c.Attack(me.name, f.name, nonlethal=kind) for kind in NONLETHAL]
                if f.status is Status.INCAPACITATED:
                    out.append(c.Attack(me.name, f.name, final_blow=True))
            distance = state.distance(me.zone, f.zone)
            in_reach = me.reach and distance is not None and 0 < distance <= me.reach
            if in_reach and distance is not None and not (turn.moved and distance * 2 > me.reach):
                out.append(c.Attack(me.name, f.name, mode="ranged"))
    if turn.may_bonus():
        out += [c.Act(me.name, action) for action in BONUS_ACTIONS]
    return tuple(out)
