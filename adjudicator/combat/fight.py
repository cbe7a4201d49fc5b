"""What every game system's fight shares: a history of commands, each a group of events.

The kernel of issue 15. A fight's state is the fold of its events; `FightHistory` keeps the
groups (one per command), the state after each (so undo is instant), the redo stack and the
log. A system subclasses it and says only how its events fold (`fold`); playing a command is
the system's own business (`Combat.play` for Words of Power, `MurdhamFight.play`), and each
ends in `_append(events, state)`. Dice are recorded inside the events (`dice_source`), so redo
plays the same dice and a stored fight replays exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, Generic, Protocol, TypeVar

from adjudicator.combat.errors import NothingToRedo, NothingToUndo


class Fact(Protocol):
    """An event of any system: a line in the log and a JSON record."""

    def describe(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S")
E = TypeVar("E", bound=Fact)


class FightHistory(ABC, Generic[S, E]):
    """A fight's events grouped by command, the state after each group, and the redo stack."""

    def __init__(self, created: tuple[E, ...]) -> None:
        self._groups: list[tuple[E, ...]] = [created]
        self._states: list[S] = [self.fold(created, None)]
        self._redo: list[tuple[E, ...]] = []

    @abstractmethod
    def fold(self, events: Iterable[E], start: S | None) -> S:
        """The state `events` lead to from `start` (from nothing when None)."""

    @property
    def state(self) -> S:
        return self._states[-1]

    @property
    def history(self) -> tuple[tuple[E, ...], ...]:
        """The events of each command, oldest first (the first group creates the fight)."""
        return tuple(self._groups)

    @property
    def events(self) -> tuple[E, ...]:
        return tuple(event for group in self._groups for event in group)

    def state_at(self, count: int) -> S:
        """The state after the first `count` events: replay to any point of the fight."""
        return self.fold(self.events[: max(1, count)], None)

    def log(self) -> tuple[str, ...]:
        """The exact log: one numbered line per event."""
        return tuple(f"{i:>4}. {event.describe()}" for i, event in enumerate(self.events, 1))

    def _append(self, events: tuple[E, ...], state: S) -> None:
        """Commit a played command: its events and the state they lead to; redo is cleared."""
        self._groups.append(events)
        self._states.append(state)
        self._redo.clear()

    def _commit(self, events: tuple[E, ...]) -> None:
        self._groups.append(events)
        self._states.append(self.fold(events, self.state))

    @property
    def can_undo(self) -> bool:
        return len(self._groups) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> tuple[E, ...]:
        """Take back the last command; its events."""
        if not self.can_undo:
            raise NothingToUndo("there is no command to undo")
        self._states.pop()
        events = self._groups.pop()
        self._redo.append(events)
        return events

    def redo(self) -> tuple[E, ...]:
        """Play the last undone command again, with the same dice."""
        if not self._redo:
            raise NothingToRedo("there is no undone command to redo")
        events = self._redo.pop()
        self._commit(events)
        return events
