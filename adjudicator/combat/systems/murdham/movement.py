"""Murdham movement: "During their turn characters can move by 2 zones ... It is possible to
split movement before and after taking actions", with opportunity attacks on the way out;
and stealth in a fight ("Sneaking in combat"): sneaking at half speed, hiding again later."""

from __future__ import annotations

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham import tactic_events as tev
from adjudicator.combat.systems.murdham.attacks import opportunity_attacks, reveal
from adjudicator.combat.systems.murdham.checks import acting_phase, known_zone, own_turn
from adjudicator.combat.systems.murdham.state import Turn
from adjudicator.combat.systems.murdham.transaction import Tx
from adjudicator.rules.wording import plural

#: "Hiding later during the fight requires being out of sight for a while or a major
#: distraction."
HIDING = {"out-of-sight": "out of sight for a while", "distraction": "a major distraction"}


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
    if command.sneak:
        _sneak(tx, command, turn, tuple(path))
        return
    if len(path) - 1 > turn.movement:
        raise err.TooFar(
            f"{mover.name} has {plural(turn.movement, 'zone')} of movement left, "
            f"not {len(path) - 1}",
            hint="sprint (a main action) doubles the movement",
        )
    opportunity_attacks(tx, mover.name, tuple(path), command.opportunity)
    reveal(tx, mover.name, "moving without sneaking")


def _sneak(tx: Tx, command: c.Move, turn: Turn, path: tuple[str, ...]) -> None:
    """ "Concealed characters who want to sneak around during a fight follow the rules detailed
    in the Sneaking section: they halve their speed, must have the opportunity to move silently
    and out of sight, and must pass an AGI save to avoid detection." Ours: each zone costs two
    of movement; that they have the opportunity is the GM's call (the command is the ruling);
    one save a move, and a failed one reveals them where they end it."""
    mover = tx.state.fighter(command.unit)
    if not mover.concealed:
        raise err.SneakRefused(
            f"{mover.name} is not concealed", hint="conceal NAME first, once they have hidden"
        )
    if command.opportunity:
        raise err.SneakRefused(
            f"{', '.join(command.opportunity)} cannot see {mover.name} to attack them",
            rule="The GM should keep the position of concealed characters hidden from the "
            "Players, and should control their characters so that they realistically ignore "
            "concealed Player characters.",
        )
    zones = len(path) - 1
    if 2 * zones > turn.movement:
        raise err.SneakRefused(
            f"sneaking halves the speed: {plural(zones, 'zone')} take {2 * zones} of "
            f"movement, and {mover.name} has {turn.movement} left",
            hint="sprint (a main action) doubles the movement",
        )
    save = tx.save(mover.agi, "sneak (AGI save)", mover.name)
    tx.emit(tev.Sneaked(mover.name, path, save, mover.agi))
    if save.value > mover.agi:
        reveal(tx, mover.name, "detected while sneaking")


@c.handles(c.Conceal)
def conceal(tx: Tx, command: c.Conceal) -> None:
    """ "Hiding later during the fight requires being out of sight for a while or a major
    distraction." Which of them holds, and when, is the GM's call: the command records it."""
    acting_phase(tx.state)
    fighter = tx.state.fighter(command.unit)
    reason = command.reason.strip().casefold()
    if reason not in HIDING:
        raise err.HideLaterRefused(
            f"{command.reason!r} is neither way to hide", hint=", ".join(HIDING)
        )
    if not fighter.standing:
        raise err.NotStanding(f"{fighter.name} is {fighter.status.value}")
    if fighter.concealed:
        raise err.HideLaterRefused(f"{fighter.name} is concealed already")
    tx.emit(tev.ConcealedAgain(fighter.name, reason, command.note.strip()))


@c.handles(c.Reveal)
def reveal_command(tx: Tx, command: c.Reveal) -> None:
    """ "Concealed characters are revealed when they make noise or become visible to the
    enemy. Actions which might reveal a character include: ... walking right in front of the
    enemy, etc." What the engine does not see, the GM rules on: the command records it."""
    acting_phase(tx.state)
    fighter = tx.state.fighter(command.unit)
    why = command.why.strip()
    if not fighter.concealed:
        raise err.RevealRefused(f"{fighter.name} is not concealed")
    if not why:
        raise err.RevealRefused("say what gives them away")
    reveal(tx, fighter.name, why)
