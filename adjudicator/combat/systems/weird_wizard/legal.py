"""The Weird Wizard commands open now (each legal as it stands): for random fights in tests."""

from __future__ import annotations

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.attacks import enemies, may_react
from adjudicator.combat.systems.weird_wizard.state import Combatant, Phase, Side, WeirdState
from adjudicator.combat.systems.weird_wizard.turns import HELP_YARDS


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
            if enemies(me, u) and u.name not in volley.targets and reaches(state, me, u):
                out.append(c.Attack(me.name, u.name))
                if volley.bonus:
                    out.append(c.Attack(me.name, u.name, bonus=volley.bonus))
    if turn.acted:
        return tuple(out)
    out += [c.Defend(me.name), c.Act(me.name, "run"), c.Act(me.name, "find")]
    for u in state.combatants:
        distance = state.distance(me, u)
        if u.name != me.name and distance <= HELP_YARDS:
            out.append(c.Help(me.name, u.name, hinder=enemies(me, u)))
        if enemies(me, u):
            if reaches(state, me, u):
                out.append(c.Attack(me.name, u.name))
                if may_react(state, u):
                    out.append(c.Attack(me.name, u.name, dodge=True))
                if me.bonus and me.name not in state.bonus_used:
                    out.append(c.Attack(me.name, u.name, bonus=me.bonus))
                    extra = me.bonus // 2
                    if extra:
                        out.append(c.Attack(me.name, u.name, attacks=1 + extra))
        elif u.incapacitated and state.in_reach(me, u):
            out.append(c.Stabilize(me.name, u.name))
    return tuple(out)


def reaches(state: WeirdState, me: Combatant, u: Combatant) -> bool:
    distance = state.distance(me, u)
    return distance <= 1 if me.range == 0 else distance <= 2 * me.range
