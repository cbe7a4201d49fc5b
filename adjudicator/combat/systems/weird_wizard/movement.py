"""Weird Wizard movement: "a combatant can move and use an action before, after, or during its
move" up to its Speed in yards (Run triples it); free attacks on the way out of reach."""

from __future__ import annotations

from adjudicator.combat.systems.weird_wizard import afflictions
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.attacks import free_attack
from adjudicator.combat.systems.weird_wizard.state import REACH
from adjudicator.combat.systems.weird_wizard.transaction import Tx
from adjudicator.combat.systems.weird_wizard.turns import own_turn


@c.handles(c.Move)
def move(tx: Tx, command: c.Move) -> None:
    turn = own_turn(tx.state, command.unit, action=False)
    me = tx.state.unit(turn.unit)
    yards = abs(command.to - me.position)
    if yards == 0:
        raise err.TooFar("a move goes somewhere")
    if tx.state.held(me.name):
        holders = ", ".join(g.holder for g in tx.state.grabs if g.held == me.name)
        raise err.Held(f"{me.name} is held by {holders}", hint="escape (an action)")
    if me.prone:
        raise err.Prone(f"{me.name} is prone: it stands up before it moves", hint="stand")
    left = afflictions.speed_left(tx.state, turn)
    cap = afflictions.speed_cap(tx.state, me.name)
    if cap is not None and cap < turn.speed and yards > left:
        which = ", ".join(sorted(a.value for a in tx.state.afflicted(me.name)))
        raise err.Afflicted(f"{me.name} is {which}: {left} yards of Speed left, not {yards}")
    if yards > left:
        raise err.TooFar(
            f"{me.name} has {left} yards of Speed left, not {yards}",
            hint="run (an action) triples the Speed",
        )
    if command.free_attacks and me.name in tx.state.slippery:
        raise err.FreeAttackRefused(
            f"{me.name} is Slippery until the end of its turn: leaving reach triggers no free "
            "attack",
            rule=err.FEINTING,
        )
    for name in command.free_attacks:
        attacker = tx.state.unit(name)
        leaves = tx.state.in_reach(attacker, me) and abs(command.to - attacker.position) > 1
        if not leaves:
            raise err.FreeAttackRefused(f"{me.name} does not move out of {attacker.name}'s reach")
        free_attack(tx, attacker, me)
        me = tx.state.unit(me.name)
        if me.incapacitated:
            return
    for grab in tx.state.grabs:
        held = tx.state.unit(grab.held)
        if grab.holder != me.name:
            continue
        if grab.slipping:
            tx.emit(ev.GrabEnded(me.name, held.name, f"{me.name} moves after a failed drag"))
        elif abs(command.to - held.position) > REACH:
            tx.emit(ev.GrabEnded(me.name, held.name, f"{me.name} moves away without dragging"))
    tx.emit(ev.Moved(me.name, me.position, command.to))
