"""Which function resolves each command: `@handles(Command)` beside the function, no table.

The handler modules (setup, initiative, actions, attacks, special, counterspell, storyteller)
register their functions as they are imported; `complete_table` is how the engine checks, at
import, that every command has exactly one handler.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, TypeVar

from adjudicator.combat.registry import RegistrationError, Registry, qualified

if TYPE_CHECKING:
    from adjudicator.combat.commands import Command
    from adjudicator.combat.transaction import Transaction

C = TypeVar("C", bound="Command")
Handler = Callable[["Transaction", Any], None]

#: The handler of each command class, filled by `@handles` as the handler modules load.
HANDLERS: Final[Registry[type[Command], Handler]] = Registry("the handler of the combat command")


def handles(
    command: type[C],
) -> Callable[[Callable[[Transaction, C], None]], Callable[[Transaction, C], None]]:
    """Register the decorated function as the one that resolves `command`."""

    def register(handler: Callable[[Transaction, C], None]) -> Callable[[Transaction, C], None]:
        HANDLERS.add(command, handler)
        return handler

    return register


def complete_table(
    commands: Iterable[type[Command]], handlers: Mapping[type[Command], Handler] = HANDLERS
) -> Mapping[type[Command], Handler]:
    """The handlers of `commands`, read-only; a command without one is a `RegistrationError`."""
    wanted = tuple(commands)
    missing = [qualified(command) for command in wanted if command not in handlers]
    if missing:
        raise RegistrationError(
            f"no handler for the combat command(s) {', '.join(missing)}",
            hint="decorate the function that resolves each with @handles(Command)",
        )
    return MappingProxyType({command: handlers[command] for command in wanted})
