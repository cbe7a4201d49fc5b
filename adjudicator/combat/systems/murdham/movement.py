"""Murdham movement: "During their turn characters can move by 2 zones ... It is possible to
split movement before and after taking actions", with opportunity attacks on the way out."""

from __future__ import annotations

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.attacks import opportunity_attacks, reveal
from adjudicator.combat.systems.murdham.checks import known_zone, own_turn
from adjudicator.combat.systems.murdham.transaction import Tx
from adjudicator.rules.wording import plural


@c.handles(c.Move)
def move(tx: Tx, command: c.Move) -> None:
    turn = own_turn(tx.state, command.unit)
    mover = tx.state.fighter(command.unit)
    holder = tx.state.held_by(mover.name)
    if holder is not None:
        raise err.Entangled(f"{holder} keeps hold of {mover.name}")
    path = [mover.zone]
    for name in command.path:
        zone = known_zone(tx.state, name)
        if zone not in tx.state.neighbours(path[-1]):
            raise err.NoSuchPath(f"{zone} is not a neighbour of {path[-1]}")
        path.append(zone)
    if len(path) < 2:
        raise err.NoSuchPath("a move names the zones it enters")
    if len(path) - 1 > turn.movement:
        raise err.TooFar(
            f"{mover.name} has {plural(turn.movement, 'zone')} of movement left, "
            f"not {len(path) - 1}",
            hint="sprint (a main action) doubles the movement",
        )
    opportunity_attacks(tx, mover.name, tuple(path), command.opportunity)
    # Ours: sneaking (the Sneaking section's halved speed and AGI save) is not modelled.
    reveal(tx, mover.name, "moving without sneaking")
