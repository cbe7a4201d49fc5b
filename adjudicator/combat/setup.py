"""Setting up a fight: units, placement, the marching formation, entry points, awareness, hazards.

"The party should establish their preferred marching order on the board ahead of time ...
Also remember that you may be attacked from any angle. This means that a character marching
in D5 is not guaranteed to be in D5 when combat starts, just that they're relatively behind
whoever is in C3." (rulebook, "Battle Board")

A formation is recorded as spaces; deploying it places the team on those spaces carried by one
of the board's symmetries, so every unit keeps its place relative to the others. The
rulebook's board has four (found by search, not listed by hand): as marched, mirrored (left
and right swap), flipped (front and back swap) and turned (both).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from adjudicator.combat.board import Board, Space
from adjudicator.combat.checks import require_phase
from adjudicator.combat.commands import (
    AddUnit,
    ChooseEntry,
    ClearHazards,
    DeployFormation,
    Place,
    PlaceHazard,
    SetAwareness,
    SetFormation,
)
from adjudicator.combat.dispatch import handles
from adjudicator.combat.errors import (
    CombatError,
    DuplicateUnit,
    IllegalMove,
    NotOnOuterRing,
    SpaceTaken,
    UnknownUnit,
    UnknownWeapon,
)
from adjudicator.combat.events import (
    AwarenessSet,
    FormationSet,
    HazardPlaced,
    HazardsCleared,
    UnitAdded,
    UnitPlaced,
)
from adjudicator.combat.rulesets import Ruleset
from adjudicator.combat.state import CombatState, Phase
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import Status, Unit


@functools.cache
def symmetries(board: Board) -> Mapping[str, Mapping[Space, Space]]:
    """Every ring-keeping symmetry of the board, named for the rulebook's board by what it does
    to C1 and C2 (as marched, mirrored, flipped, turned)."""
    spaces = board.spaces
    found: list[dict[Space, Space]] = []

    def extend(mapping: dict[Space, Space]) -> None:
        if len(mapping) == len(spaces):
            found.append(dict(mapping))
            return
        here = spaces[len(mapping)]
        used = set(mapping.values())
        for there in spaces:
            if there.ring != here.ring or there in used:
                continue
            if all(
                board.is_adjacent(here, a) == board.is_adjacent(there, b)
                for a, b in mapping.items()
            ):
                mapping[here] = there
                extend(mapping)
                del mapping[here]

    extend({})
    names: dict[str, Mapping[Space, Space]] = {}
    c1, c2 = Space("C", 1), Space("C", 2)
    labels = {
        (c1, c2): "as marched",
        (c1, Space("C", 4)): "mirrored",
        (Space("C", 3), c2): "flipped",
        (Space("C", 3), Space("C", 4)): "turned",
    }
    for i, mapping in enumerate(found):
        label = labels.get((mapping.get(c1, c1), mapping.get(c2, c2)), f"symmetry {i + 1}")
        names[label] = MappingProxyType(mapping)
    return MappingProxyType(names)


@handles(AddUnit)
def add_unit(tx: Transaction, cmd: AddUnit) -> None:
    require_phase(tx.state, Phase.SETUP, Phase.SURPRISE, Phase.ROUNDS, doing="adding a unit")
    if tx.state.has_unit(cmd.unit.name):
        raise DuplicateUnit(f"there is already a unit called {cmd.unit.name}")
    _check_ranged(tx.rules, cmd.unit)
    status = Status.ONLOOKER if cmd.onlooker else Status.OFF_BOARD
    fresh = replace(
        cmd.unit,
        status=status,
        space=None,
        defences=(),
        pending=None,
        owed_actions=0,
        arrival=None,
        last_hit_by=None,
    )
    tx.emit(UnitAdded(fresh))


def _check_ranged(rules: Ruleset, unit: Unit) -> None:
    """A ranged weapon's hit die, and its range limit, are rungs of the ruleset's ladder."""
    for weapon in unit.weapons:
        if not weapon.ranged:
            continue
        for die, what in ((weapon.hit_die, "hit die"), (weapon.range_limit, "range limit")):
            if die is not None and die not in rules.ladder.sides:
                raise UnknownWeapon(
                    f"{unit.name}'s {weapon.name}: its {what} 1d{die} is not on the "
                    f"{rules.name} ladder {rules.ladder}",
                    rule=f"The Hit Die will increase based on the range of the shot: "
                    f"{rules.ladder}",
                )


def _check_space(state: CombatState, unit: Unit, space: Space) -> Space:
    space = state.board.space(space)
    other = state.occupant(space)
    if other is not None and other.name != unit.name:
        raise SpaceTaken(f"{space} already holds {other.name}")
    if state.layout.is_blocked(space):
        raise IllegalMove(f"a hazard blocks {space}", rule="hazards that may ... block movement")
    return space


def _placeable(state: CombatState, name: str) -> Unit:
    unit = state.unit(name)
    if unit.status not in (Status.OFF_BOARD, Status.STANDING):
        raise CombatError(f"{unit.name} is {unit.status.value} and cannot be placed")
    return unit


@handles(Place)
def place(tx: Transaction, cmd: Place) -> None:
    """ "the Storyteller will decide where which members of each team begin the fight"."""
    require_phase(tx.state, Phase.SETUP, doing="placing units")
    unit = _placeable(tx.state, cmd.unit)
    tx.emit(UnitPlaced(unit.name, _check_space(tx.state, unit, cmd.space)))


@handles(ChooseEntry)
def choose_entry(tx: Transaction, cmd: ChooseEntry) -> None:
    require_phase(tx.state, Phase.SETUP, doing="choosing entry points")
    unit = _placeable(tx.state, cmd.unit)
    space = _check_space(tx.state, unit, cmd.space)
    if space not in tx.state.board.outer_ring:
        raise NotOnOuterRing(f"{space} is not on the outer ring")
    tx.emit(UnitPlaced(unit.name, space, "entering at the entry point"))


@handles(SetFormation)
def set_formation(tx: Transaction, cmd: SetFormation) -> None:
    require_phase(tx.state, Phase.SETUP, doing="setting a marching formation")
    placements = []
    seen: set[Space] = set()
    for name, where in cmd.placements:
        unit = tx.state.unit(name)
        if unit.team != cmd.team:
            raise UnknownUnit(f"{unit.name} is on team {unit.team}, not {cmd.team}")
        space = tx.state.board.space(where)
        if space in seen:
            raise SpaceTaken(f"the formation puts two units in {space}")
        seen.add(space)
        placements.append((unit.name, space))
    tx.emit(FormationSet(cmd.team, tuple(placements)))


@handles(DeployFormation)
def deploy_formation(tx: Transaction, cmd: DeployFormation) -> None:
    """ "Your formation is used when the party is attacked"."""
    require_phase(tx.state, Phase.SETUP, doing="deploying a formation")
    options = symmetries(tx.state.board)
    turn = options.get(cmd.orientation)
    if turn is None:
        raise CombatError(
            f"no orientation {cmd.orientation!r}", hint=f"orientations: {', '.join(options)}"
        )
    placements = [
        (name, space) for name, space in tx.state.formation if tx.state.unit(name).team == cmd.team
    ]
    if not placements:
        raise CombatError(f"team {cmd.team} has no marching formation", hint="set one first")
    for name, space in placements:
        unit = _placeable(tx.state, name)
        tx.emit(UnitPlaced(unit.name, _check_space(tx.state, unit, turn[space]), "in formation"))


@handles(SetAwareness)
def set_awareness(tx: Transaction, cmd: SetAwareness) -> None:
    """ "you must determine who is aware of whom"."""
    observer, target = tx.state.unit(cmd.observer), tx.state.unit(cmd.target)
    tx.emit(AwarenessSet(observer.name, target.name, cmd.aware))


@handles(PlaceHazard)
def place_hazard(tx: Transaction, cmd: PlaceHazard) -> None:
    """ "The Storyteller may choose to fill some spaces with hazards"."""
    require_phase(tx.state, Phase.SETUP, Phase.SURPRISE, Phase.ROUNDS, doing="placing hazards")
    tx.emit(HazardPlaced(tx.state.board.space(cmd.space), cmd.hazard))


@handles(ClearHazards)
def clear_hazards(tx: Transaction, cmd: ClearHazards) -> None:
    tx.emit(HazardsCleared(tx.state.board.space(cmd.space)))
