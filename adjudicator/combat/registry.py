"""Registries filled where things are defined, each refusing a second entry under one key.

Events register by their stored `kind` as their classes are defined (`Event.__init_subclass__`),
commands by their class name, handlers by `@handles(Command)` beside the function. A clash is a
`RegistrationError` when the module is imported, never a fight that replays the wrong event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from adjudicator.errors import AdjudicatorError

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")
C = TypeVar("C")


class RegistrationError(AdjudicatorError):
    """Two things registered under one key, or one missing: a programming error, at import."""


def qualified(thing: object) -> str:
    """ "adjudicator.combat.events.UnitAdded": where a registered class or function lives."""
    module = getattr(thing, "__module__", None) or "?"
    return f"{module}.{getattr(thing, '__qualname__', repr(thing))}"


class Registry(Mapping[K, V], Generic[K, V]):
    """A read-only mapping that grows only by `add`, one value per key for good."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._entries: dict[K, V] = {}

    def add(self, key: K, value: V) -> V:
        """Register `value` under `key`; a key already taken is a `RegistrationError`."""
        taken = self._entries.get(key)
        if taken is not None and taken is not value:
            raise RegistrationError(
                f"{self.what} {_key(key)} is registered twice: by {qualified(taken)} "
                f"and by {qualified(value)}",
                hint="give each its own",
            )
        self._entries[key] = value
        return value

    def __getitem__(self, key: K) -> V:
        return self._entries[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def _key(key: object) -> str:
    return qualified(key) if isinstance(key, type) else repr(key)


class Handlers(Registry[type[Any], Callable[[T, Any], None]], Generic[T]):
    """The function that resolves each command class of one game system, given its
    transaction `T`: filled by `@HANDLERS.handles(Command)` beside each function."""

    def handles(
        self, command: type[C]
    ) -> Callable[[Callable[[T, C], None]], Callable[[T, C], None]]:
        """Register the decorated function as the one that resolves `command`."""

        def register(handler: Callable[[T, C], None]) -> Callable[[T, C], None]:
            self.add(command, handler)
            return handler

        return register


def complete_table(
    commands: Iterable[type[Any]], handlers: Mapping[type[Any], V], what: str
) -> Mapping[type[Any], V]:
    """The handlers of `commands`, read-only; a command without one is a `RegistrationError`
    naming it (`what`: "the combat command")."""
    wanted = tuple(commands)
    missing = [qualified(command) for command in wanted if command not in handlers]
    if missing:
        raise RegistrationError(
            f"no handler for {what}(s) {', '.join(missing)}",
            hint="decorate the function that resolves each with @handles(Command)",
        )
    return MappingProxyType({command: handlers[command] for command in wanted})
