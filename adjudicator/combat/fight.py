"""What every game system's fight shares: events, transactions and a history of commands.

The kernel of issue 15. An event (`FightEvent`) is a frozen fact stored under its `kind` and
folded into the state by `apply`; a command is resolved in a `Transaction` that emits events
and rolls dice; a fight's state is the fold of its events. `FightHistory` keeps the groups
(one per command), the state after each (so undo is instant), the redo stack and the log. A
system subclasses it and says only how its events fold (`fold`); playing a command is the
system's own business (`Combat.play` for Words of Power, `RuledFight.play` for the others),
and each ends in `_append(events, state)`. Dice are recorded inside the events
(`dice_source`), so redo plays the same dice and a stored fight replays exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from adjudicator.combat.dice_source import DiceSource, RolledDie
from adjudicator.combat.errors import NothingToRedo, NothingToUndo
from adjudicator.combat.record import Record, RecordError
from adjudicator.combat.registry import RegistrationError, Registry


class Fact(Protocol):
    """An event of any system: a line in the log and a JSON record."""

    def describe(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S")
E = TypeVar("E", bound=Fact)


@dataclass(frozen=True)
class FightEvent(Record, Generic[S]):
    """A fact of a fight in any system, its results decided: `apply` folds it into the state
    (no rules, no dice), `describe` is its line in the log, `to_dict` its JSON.

    The base of a system's events sets `kinds`, the registry of that system's event kinds;
    every class below it registers there under the `kind` it sets itself as it is defined (a
    kind taken twice, or none, is refused at import), and `read` finds it again by that name.
    """

    kind: ClassVar[str] = "event"
    #: The event classes of one system by their stored `kind` (set by the system's base).
    kinds: ClassVar[Registry[str, type[Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kinds" in cls.__dict__:
            return
        kind = cls.__dict__.get("kind")
        if not isinstance(kind, str) or not kind:
            raise RegistrationError(
                f"the event {cls.__qualname__} sets no kind of its own",
                hint='set kind: ClassVar[str] = "its_name_in_json"',
            )
        cls.kinds.add(kind, cls)

    def apply(self, state: S) -> S:
        return state

    def describe(self) -> str:
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **super().to_dict()}

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Self:
        """The event that `to_dict` stored."""
        kind = data.get("event")
        found = cls.kinds.get(str(kind))
        if found is None or not issubclass(found, cls):
            raise RecordError(
                f"unknown {cls.__name__} kind {kind!r}", hint=f"known: {', '.join(cls.kinds)}"
            )
        read: Self = found.from_dict({k: v for k, v in data.items() if k != "event"})
        return read


def fold(events: Iterable[FightEvent[S]], start: S) -> S:
    """The state `events` lead to from `start`, applied in order."""
    state = start
    for event in events:
        state = event.apply(state)
    return state


ES = TypeVar("ES", bound=FightEvent[Any])


class Transaction(Generic[S, ES]):
    """One command being resolved: the events so far, the state they lead to, the dice.

    Handlers read `tx.state`, `tx.emit` events and `tx.roll` dice; the fight commits the
    events only if the handler returns, so an illegal command changes nothing.
    """

    def __init__(self, state: S, dice: DiceSource) -> None:
        self.start = state
        self.state = state
        self.dice = dice
        self.events: list[ES] = []

    def emit(self, *events: ES) -> None:
        for event in events:
            self.state = event.apply(self.state)
            self.events.append(event)

    def events_tuple(self) -> tuple[ES, ...]:
        return tuple(self.events)

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        return self.dice.roll(sides, purpose, roller)

    def roll_many(self, count: int, sides: int, purpose: str, roller: str) -> tuple[RolledDie, ...]:
        return tuple(self.roll(sides, purpose, roller) for _ in range(count))


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
