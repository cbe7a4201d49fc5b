"""The Weird Wizard commands open now (each legal as it stands): for random fights in tests."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.state import (
    Combatant,
    Grip,
    Phase,
    Side,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.turns import HELP_YARDS, enemies, may_react


def legal_commands(state: WeirdState) -> tuple[c.WeirdCommand, ...]:
    if state.phase is not Phase.FIGHTING:
        return ()
    turn = state.turn
    if turn is None:
        out: list[c.WeirdCommand] = [
            c.StartTurn(u.name) for u in state.combatants if state.may_take_turn(u)
        ]
        if not state.done:
            out += [
                c.TakeInitiative(u.name)
                for u in state.side(Side.PLAYERS)
                if may_react(state, u) and u.name not in state.ambushed
            ]
        return tuple(out)
    me = state.unit(turn.unit)
    out = [c.EndTurn(me.name)]
    left = turn.speed - turn.moved
    for step in sorted({-left, -1, 1, left}):
        if step and abs(step) <= left:
            out.append(c.Move(me.name, me.position + step))
    volley = state.volley_of(me.name)
    if volley is not None and volley.left > 0:
        for u in state.combatants:
            if u.name not in volley.targets:
                out += attacks_on(state, me, u, volley.bonus)
    if turn.acted:
        return tuple(out)
    out += [c.Defend(me.name), c.Act(me.name, "run"), c.Act(me.name, "find")]
    if me.disarmed:
        out.append(c.Rearm(me.name))
    fresh = 0 if me.name in state.bonus_used else me.bonus
    for u in state.combatants:
        distance = state.distance(me, u)
        if u.name != me.name and distance <= HELP_YARDS:
            out.append(c.Help(me.name, u.name, hinder=enemies(me, u)))
        if enemies(me, u):
            attacks = attacks_on(state, me, u, fresh)
            out += attacks
            if attacks and fresh >= 2:
                out.append(replace(attacks[0], attacks=1 + fresh // 2))
        elif u.incapacitated and state.in_reach(me, u):
            out.append(c.Stabilize(me.name, u.name))
    return tuple(out)


def attacks_on(state: WeirdState, me: Combatant, u: Combatant, bonus: int) -> list[c.Attack]:
    """Attacks `me` may make on `u` now, `bonus` the Bonus Damage it may still roll."""
    improvised = me.disarmed
    reach = 0 if improvised else me.range
    distance = state.distance(me, u)
    if not enemies(me, u) or distance > (2 * reach if reach else 1):
        return []
    plain = c.Attack(me.name, u.name, improvised=improvised)
    out = [plain]
    if may_react(state, u):
        out.append(replace(plain, dodge=True))
    if bonus and not improvised:
        out.append(replace(plain, bonus=bonus))
    if u.bulk <= me.bulk and u.grip is not Grip.NATURAL and not u.disarmed:
        out.append(replace(plain, disarm=True))
        if distance <= 1 and may_react(state, me):
            out.append(replace(plain, disarm=True, catch=True))
    return out
