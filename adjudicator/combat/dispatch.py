"""Which function resolves each command: `@handles(Command)` beside the function, no table.

The handler modules (setup, initiative, actions, attacks, special, counterspell, storyteller)
register their functions as they are imported; `complete_table` is how the engine checks, at
import, that every command has exactly one handler.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from adjudicator.combat import registry
from adjudicator.combat.registry import Handlers

if TYPE_CHECKING:
    from adjudicator.combat.commands import Command
    from adjudicator.combat.transaction import Transaction

Handler = Callable[["Transaction", Any], None]

#: The handler of each command class, filled by `@handles` as the handler modules load.
HANDLERS: Final[Handlers[Transaction]] = Handlers("the handler of the combat command")

#: `@handles(Command)`: register the decorated function as the one that resolves `Command`.
handles = HANDLERS.handles


def complete_table(
    commands: Iterable[type[Command]], handlers: Mapping[type[Command], Handler] = HANDLERS
) -> Mapping[type[Command], Handler]:
    """The handlers of `commands`, read-only; a command without one is a `RegistrationError`."""
    return registry.complete_table(commands, handlers, "the combat command")
