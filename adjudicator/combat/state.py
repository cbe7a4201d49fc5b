"""`CombatState`: everything a fight is at one moment, as an immutable value.

A state is never edited: events (`adjudicator.combat.events`) each return a new one, and the
state of a fight is the fold of its events (`replay`). The queries here are what commands
validate against and what a CLI shows: who stands where, whose turn it is, who may counter.

Line of sight, for counterspelling ("Fate Weavers may counterspell as long as they have line
of sight"): units standing on the board, declared onlookers and reinforcements hovering at
the edge may see; units that are down, dead, fled or not yet placed do not. Whom they see is
read off the board (`cannot_see`): no one sees a unit they are unaware of (the hidden Orc),
and between two units on the board there must be a way around blocking terrain, a path like
a shot's that "does not need to be straight"; units do not block sight (they block shots).
A Storyteller who rules otherwise removes or adds onlookers, or places terrain.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from adjudicator.combat.board import EMPTY_LAYOUT, Board, Layout, Space
from adjudicator.combat.errors import UnknownUnit
from adjudicator.combat.record import Record
from adjudicator.combat.stack import SpellRuling, SpellStack
from adjudicator.combat.units import Status, Unit
from adjudicator.rules.wording import plural
from adjudicator.rules.words import Word

#: The rulebook's Battle Board; every combat is fought on it.
BOARD = Board()


@functools.cache
def outer_ring(board: Board) -> frozenset[Space]:
    """The board's outer ring as a set (computed once per board: a pure memo)."""
    return frozenset(board.outer_ring)


class Phase(enum.Enum):
    """Stages of a fight."""

    SETUP = "setup"  # adding and placing units, awareness, formation
    SURPRISE = "surprise"  # the aware take a full round before initiative
    ROUNDS = "rounds"  # initiative decided; teams act in turn
    ENDED = "ended"  # the board is no longer needed; rests and healing


@dataclass(frozen=True)
class Turn(Record):
    """The unit acting now, its actions left, and whether it has made its one attack."""

    unit: str
    actions_left: int
    attacked: bool = False
    spent: int = 0

    def __str__(self) -> str:
        """ "Snazzle's turn, 1 action left": the turn as the CLI and the table say it."""
        return f"{self.unit}'s turn, {plural(self.actions_left, 'action')} left"


@dataclass(frozen=True)
class Bind(Record):
    """A grab that held: the binding part and the bound part are both bound."""

    holder: str
    holder_zone: str
    held: str
    held_zone: str

    def involves(self, unit: str) -> bool:
        return unit in (self.holder, self.held)

    def __str__(self) -> str:
        return f"{self.holder}'s {self.holder_zone} binds {self.held}'s {self.held_zone}"


@dataclass(frozen=True)
class ActiveEffect(Record):
    """A spell in effect; it ends when its caster has started `turns_left` more turns."""

    caster: str
    target: str | None
    words: tuple[Word, ...]
    ruling: SpellRuling
    turns_left: int


@dataclass(frozen=True)
class CombatState:
    """A fight at one moment. Compare states with ==; build them only by folding events."""

    ruleset: str = "rulebook"
    phase: Phase = Phase.SETUP
    units: tuple[Unit, ...] = ()
    layout: Layout = EMPTY_LAYOUT
    round: int = 0
    team_order: tuple[str, ...] = ()
    turn_order: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    turn: Turn | None = None
    unaware: frozenset[tuple[str, str]] = frozenset()
    formation: tuple[tuple[str, Space], ...] = ()
    surprise: tuple[str, ...] = ()
    binds: tuple[Bind, ...] = ()
    stack: SpellStack | None = None
    effects: tuple[ActiveEffect, ...] = ()
    aggressor: str | None = None
    board: Board = field(default=BOARD, compare=False, repr=False)

    # --- units ------------------------------------------------------------------------------

    @cached_property
    def _index(self) -> dict[str, int]:
        return {unit.name.casefold(): i for i, unit in enumerate(self.units)}

    def has_unit(self, name: str) -> bool:
        return " ".join(name.split()).casefold() in self._index

    def unit(self, name: str) -> Unit:
        index = self._index.get(" ".join(name.split()).casefold())
        if index is None:
            known = ", ".join(u.name for u in self.units) or "none yet"
            raise UnknownUnit(f"there is no unit {name!r} in this combat", hint=f"units: {known}")
        return self.units[index]

    def with_unit(self, unit: Unit) -> CombatState:
        """This state with the unit of the same name replaced."""
        index = self._index[unit.name.casefold()]
        return replace(self, units=(*self.units[:index], unit, *self.units[index + 1 :]))

    def update(self, name: str, **changes: Any) -> CombatState:
        return self.with_unit(replace(self.unit(name), **changes))

    @property
    def teams(self) -> tuple[str, ...]:
        """Teams in the order their first unit joined."""
        return tuple(dict.fromkeys(unit.team for unit in self.units))

    def team_units(self, team: str) -> tuple[Unit, ...]:
        return tuple(unit for unit in self.units if unit.team == team)

    def enemies(self, unit: Unit) -> Iterator[Unit]:
        return (other for other in self.units if other.team != unit.team)

    def standing(self) -> tuple[Unit, ...]:
        return tuple(unit for unit in self.units if unit.status is Status.STANDING)

    def teams_standing(self) -> tuple[str, ...]:
        """Teams with at least one unit standing on the board."""
        return tuple(dict.fromkeys(unit.team for unit in self.standing()))

    # --- spaces -----------------------------------------------------------------------------

    @cached_property
    def _occupants(self) -> dict[Space, Unit]:
        return {unit.space: unit for unit in self.units if unit.space is not None}

    def occupant(self, space: Space) -> Unit | None:
        """The unit in `space`, standing or down ("a unit in at most one space")."""
        return self._occupants.get(space)

    def occupied(self) -> frozenset[Space]:
        return frozenset(self._occupants)

    def empty_spaces(self) -> tuple[Space, ...]:
        return tuple(s for s in self.board.spaces if s not in self._occupants)

    def standing_spaces(
        self, *, team: str | None = None, other_than: str | None = None
    ) -> frozenset[Space]:
        """Spaces of standing units, of one team or of every team but one."""
        return frozenset(
            unit.space
            for unit in self.units
            if unit.space is not None
            and unit.status is Status.STANDING
            and (team is None or unit.team == team)
            and (other_than is None or unit.team != other_than)
        )

    # --- awareness, sight, binds ------------------------------------------------------------

    def is_aware(self, observer: str, target: str) -> bool:
        return (observer, target) not in self.unaware

    def sees(self, unit: Unit) -> bool:
        """Line of sight for counterspelling (see the module docstring)."""
        return unit.status in (Status.STANDING, Status.ONLOOKER, Status.HOVERING)

    def cannot_see(self, observer: Unit, target: Unit) -> str | None:
        """Why `observer` has no line of sight to `target` on the board, or None if it has."""
        if not self.is_aware(observer.name, target.name):
            return f"{observer.name} is unaware of {target.name}"
        start, goal = observer.space, target.space
        if start is None or goal is None or start == goal:
            return None
        blocked = self.layout.blocked
        seen, frontier = {start}, [start]
        while frontier:
            here = frontier.pop()
            for there in self.board.neighbours(here):
                if there == goal:
                    return None
                if there not in seen and there not in blocked:
                    seen.add(there)
                    frontier.append(there)
        return f"terrain blocks every way from {start} to {goal}"

    def binds_of(self, unit: str) -> tuple[Bind, ...]:
        return tuple(bind for bind in self.binds if bind.involves(unit))

    def bound_zones(self, unit: str) -> frozenset[str]:
        """The unit's Hitzones that are bound, as the binder or the bound."""
        zones = set()
        for bind in self.binds:
            if bind.holder == unit:
                zones.add(bind.holder_zone)
            if bind.held == unit:
                zones.add(bind.held_zone)
        return frozenset(zones)

    # --- turns ------------------------------------------------------------------------------

    @property
    def active(self) -> Unit | None:
        return None if self.turn is None else self.unit(self.turn.unit)

    @property
    def in_combat(self) -> bool:
        return self.phase in (Phase.SURPRISE, Phase.ROUNDS)

    def markers(self) -> tuple[tuple[str, Space, int], ...]:
        """The turn tracker's reinforcement markers: who, entering where, in which round."""
        return tuple(
            (unit.name, unit.arrival.space, unit.arrival.due_round)
            for unit in self.units
            if unit.status is Status.HOVERING and unit.arrival is not None
        )

    def tracker(self) -> tuple[str, ...]:
        """The turn tracker as lines: round, team order, who has acted, who acts, markers."""
        lines = [f"round {self.round} ({self.phase.value})"]
        if self.team_order:
            lines.append("teams: " + " > ".join(self.team_order))
        if self.turn_order:
            lines.append("order: " + ", ".join(self.turn_order))
        if self.turn is not None:
            turn = self.turn
            lines.append(f"acting: {turn.unit} ({plural(turn.actions_left, 'action')} left)")
        lines += [f"marker: {n} enters at {s} in round {r}" for n, s, r in self.markers()]
        return tuple(lines)
