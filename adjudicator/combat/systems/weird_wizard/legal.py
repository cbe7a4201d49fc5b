"""The Weird Wizard commands open now (each legal as it stands): for random fights in tests."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import options, unarmed
from adjudicator.combat.systems.weird_wizard.attacks import check_reach
from adjudicator.combat.systems.weird_wizard.commands import AttackOption, UnarmedWay, Wrestling
from adjudicator.combat.systems.weird_wizard.errors import WeirdWizardError
from adjudicator.combat.systems.weird_wizard.state import (
    Combatant,
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
    left = 0 if me.prone or state.held(me.name) else turn.speed - turn.moved
    for step in sorted({-left, -1, 1, left}):
        if step and abs(step) <= left:
            out.append(c.Move(me.name, me.position + step))
    try:
        unarmed.stand_cost(state, me)
        out.append(c.Stand(me.name))
    except WeirdWizardError:
        pass
    out += [c.Release(me.name, g.held) for g in state.grabs if g.holder == me.name]
    volley = state.volley_of(me.name)
    if volley is not None and volley.left > 0:
        for u in state.combatants:
            if u.name not in volley.targets:
                out += attacks_on(state, me, u, volley.bonus)
                out += unarmed_on(state, me, u)
    if turn.acted:
        return tuple(out)
    for g in state.grabs:
        if g.held == me.name:
            out += fair(state, c.Unarmed(me.name, UnarmedWay.ESCAPE, g.holder, grab_back=True))
            out += fair(state, c.Unarmed(me.name, UnarmedWay.ESCAPE, g.holder, against="strength"))
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
            out += unarmed_on(state, me, u)
            if attacks and fresh >= 2:
                out.append(replace(attacks[0], attacks=1 + fresh // 2, bonus=0))
        elif u.incapacitated and state.in_reach(me, u):
            out.append(c.Stabilize(me.name, u.name))
    return tuple(out)


def attacks_on(state: WeirdState, me: Combatant, u: Combatant, bonus: int) -> list[c.Attack]:
    """Attacks `me` may make on `u` now, `bonus` the Bonus Damage it may still roll."""
    if not enemies(me, u):
        return []
    improvised = me.disarmed
    plain = c.Attack(me.name, u.name, improvised=improvised)
    out = []
    if allowed(state, me, u, plain):
        out.append(plain)
        if may_react(state, u):
            out.append(replace(plain, dodge=True))
        if bonus and not improvised:
            out.append(replace(plain, bonus=bonus))
        disarm = replace(plain, disarm=True)
        if allowed(state, me, u, disarm):
            out.append(disarm)
            if allowed(state, me, u, replace(disarm, catch=True)):
                out.append(replace(disarm, catch=True))
    for option in AttackOption:
        attack = replace(plain, option=option, bonus=0 if improvised else bonus)
        if allowed(state, me, u, attack):
            out.append(attack)
    for hand in (c.Hand.OFF, c.Hand.BOTH):
        attack = replace(plain, hand=hand, bonus=0 if improvised else bonus)
        if allowed(state, me, u, attack):
            out.append(attack)
            if allowed(state, me, u, replace(attack, option=AttackOption.DISRUPTING)):
                out.append(replace(attack, option=AttackOption.DISRUPTING))
    return out


def allowed(state: WeirdState, me: Combatant, u: Combatant, attack: c.Attack) -> bool:
    """Whether the attack's target and way of attacking pass the checks made before a roll."""
    try:
        options.check(state, me, u, attack)
        check_reach(state, me, u, attack)
    except WeirdWizardError:
        return False
    return True


def unarmed_on(state: WeirdState, me: Combatant, u: Combatant) -> list[c.Unarmed]:
    """The unarmed attacks `me` may make on `u` now, with the reactions they allow."""
    if not enemies(me, u) or not state.in_reach(me, u):
        return []
    ways = [c.Unarmed(me.name, way, u.name) for way in (UnarmedWay.STRIKE, UnarmedWay.SHOVE)]
    ways += [
        c.Unarmed(me.name, UnarmedWay.TRIP, u.name, against="strength"),
        c.Unarmed(me.name, UnarmedWay.GRAB, u.name, attribute="agility"),
        c.Unarmed(me.name, UnarmedWay.DRAG, u.name, to=me.position + 1),
        c.Unarmed(me.name, UnarmedWay.DRAG, u.name, to=me.position - 1),
        *(c.Unarmed(me.name, UnarmedWay.WRESTLE, u.name, effect=e) for e in Wrestling),
    ]
    out: list[c.Unarmed] = []
    for way in ways:
        out += fair(state, way)
        out += fair(state, replace(way, withstand=True))
        out += fair(state, replace(way, dodge=True))
    return out


def fair(state: WeirdState, command: c.Unarmed) -> list[c.Unarmed]:
    """`[command]` if it passes the checks made before its roll, else `[]`."""
    try:
        unarmed.check(state, command)
    except WeirdWizardError:
        return []
    return [command]
