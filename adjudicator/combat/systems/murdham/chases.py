"""Murdham chases (`seeds/002`, "Chases"): "Short chases can be played out using the combat
rules. Chases over long distances can be resolved with the fleeing character making a group
AGI save: those who pass escape, those who fail are reached by the pursuers. If the fleeing
characters can move faster or keep the speed for longer, the save is not required. If the
opposite is true, escaping is impossible."

Ours: a chase is resolved between turns (or after the fight is over, for those who retreat);
which side is faster is the GM's call (`pace`); the escaped leave the fight; the reached
stand in the zone where the pursuers reach them, the first pursuer's unless the GM names one.
"""

from __future__ import annotations

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham import tactic_events as tev
from adjudicator.combat.systems.murdham.checks import known_zone, no_turn
from adjudicator.combat.systems.murdham.state import Fighter, MurdhamState, Phase, Status
from adjudicator.combat.systems.murdham.transaction import Tx

#: The pace of the fleeing against the pursuers', as the GM rules it.
PACES = {
    "even": "neither side is faster: a group AGI save",
    "faster": "the fleeing move faster or keep the speed for longer: no save, all escape",
    "slower": "the pursuers move faster or keep the speed for longer: escaping is impossible",
}
#: Who may flee: those standing, and those who failed a morale check ("surrender or retreat").
MAY_FLEE = (Status.ACTIVE, Status.BROKEN)


@c.handles(c.Chase)
def chase(tx: Tx, command: c.Chase) -> None:
    state = tx.state
    if state.phase is Phase.SETUP:
        raise err.NotInPhase("a chase comes once the fight has begun")
    if state.phase is Phase.ACTION:
        no_turn(state)
    pace = command.pace.strip().casefold()
    if pace not in PACES:
        raise err.ChaseRefused(f"no pace {command.pace!r}", hint=", ".join(PACES))
    fleeing = _named(state, command.fleeing, "who flees")
    pursuers = _named(state, command.pursuers, "the pursuers")
    for f in fleeing:
        if f.status not in MAY_FLEE:
            raise err.ChaseRefused(f"{f.name} is {f.status.value} and cannot flee")
        holder = state.held_by(f.name)
        if holder is not None:
            raise err.Entangled(f"{holder} keeps hold of {f.name}")
    for p in pursuers:
        if not p.standing:
            raise err.ChaseRefused(f"{p.name} is {p.status.value} and cannot give chase")
        allies = [f.name for f in fleeing if f.faction == p.faction]
        if allies:
            raise err.ChaseRefused(f"{p.name} and {allies[0]} are on the same side")
    zone = known_zone(state, command.zone) if command.zone.strip() else pursuers[0].zone
    saves: tuple[tuple[str, int, RolledDie], ...] = ()
    if pace == "even":
        saves = tuple(
            (f.name, f.agi, tx.save(f.agi, "flee (group AGI save)", f.name)) for f in fleeing
        )
    tx.emit(
        tev.ChaseResolved(
            tuple(f.name for f in fleeing), tuple(p.name for p in pursuers), pace, zone, saves
        )
    )


def _named(state: MurdhamState, names: tuple[str, ...], what: str) -> tuple[Fighter, ...]:
    if not names:
        raise err.ChaseRefused(f"name {what}")
    found = tuple(state.fighter(name) for name in names)
    if len({f.name for f in found}) != len(found):
        raise err.ChaseRefused(f"{what}: a character named twice")
    return found
