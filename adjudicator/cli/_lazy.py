"""Command groups that import a command's module only when that command is used.

Importing every command group at start cost `adjudicator odds` over a second before its first
line (docs/speed.md): the combat engine, the language layer and the ledger, for a dice
command. A `LazyGroup` knows each of its commands by a `Lazy` (where it is defined, and its
one-line help), so running a command imports that command's module only, and `--help` and
shell completion list every command while importing none. `tests/cli/test_lazy.py` holds
each `Lazy`'s help to the command's own.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
from typer._click import Command, Context, HelpFormatter  # typer's own copy of click
from typer._click.shell_completion import CompletionItem
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo, TyperInfo

#: Typer's default, which the `adjudicator` app keeps (it only marks tracebacks).
_PRETTY_EXCEPTIONS_SHORT = True


@dataclass(frozen=True)
class Lazy:
    """A command not imported yet: `module.attribute` is its function (a command) or its
    `typer.Typer` (a group); `help` is the first paragraph of its help, as one line."""

    module: str
    attribute: str
    help: str

    def load(self) -> Any:
        """The command's function or Typer app, its module imported now."""
        return getattr(importlib.import_module(self.module), self.attribute)


class _Commands(MutableMapping[str, Command]):
    """A group's commands by name: those added to it, then the lazy ones in their table's
    order, each built the first time it is looked up. Names and membership import nothing."""

    def __init__(
        self,
        added: MutableMapping[str, Command],
        lazy: Mapping[str, Lazy],
        build: Callable[[str, Lazy], Command],
    ) -> None:
        self._added = added
        self._lazy = lazy
        self._build = build
        self._built: dict[str, Command] = {}

    def __getitem__(self, name: str) -> Command:
        if name in self._added:
            return self._added[name]
        if name not in self._built:
            self._built[name] = self._build(name, self._lazy[name])
        return self._built[name]

    def __setitem__(self, name: str, command: Command) -> None:
        self._added[name] = command

    def __delitem__(self, name: str) -> None:
        del self._added[name]

    def __contains__(self, name: object) -> bool:
        return name in self._added or name in self._lazy

    def __iter__(self) -> Iterator[str]:
        yield from self._added
        yield from (name for name in self._lazy if name not in self._added)

    def __len__(self) -> int:
        return len(self._added) + sum(name not in self._added for name in self._lazy)

    def listed(self) -> dict[str, Command]:
        """Every command as a listing shows it: those built so far, and for the others a
        stand-in with the table's help."""
        return {
            name: self[name]
            if name in self._added or name in self._built
            else TyperCommand(name=name, help=self._lazy[name].help)
            for name in self
        }


class LazyGroup(TyperGroup):
    """A Typer group whose `lazy` commands are imported when looked up (`get_command`, to
    run one or to document it), and listed from the table."""

    lazy: ClassVar[Mapping[str, Lazy]] = {}

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.commands = _Commands(self.commands, self.lazy, self._build)

    def _build(self, name: str, where: Lazy) -> Command:
        """The command Typer would have built, had it been added to this group's app."""
        defined = where.load()
        if isinstance(defined, typer.Typer):
            return typer.main.get_group_from_info(
                TyperInfo(defined, name=name),
                pretty_exceptions_short=_PRETTY_EXCEPTIONS_SHORT,
                rich_markup_mode=self.rich_markup_mode,
                suggest_commands=self.suggest_commands,
            )
        return typer.main.get_command_from_info(
            CommandInfo(name=name, callback=defined),
            pretty_exceptions_short=_PRETTY_EXCEPTIONS_SHORT,
            rich_markup_mode=self.rich_markup_mode,
        )

    def _listed(self) -> dict[str, Command]:
        commands = self.commands
        assert isinstance(commands, _Commands)
        return commands.listed()

    def list_commands(self, ctx: Context) -> list[str]:
        return list(self.commands)  # TyperGroup's would build every command for its name

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The help of this group, listing its commands from the table."""
        listing = copy.copy(self)
        listing.commands = self._listed()
        TyperGroup.format_help(listing, ctx, formatter)

    def shell_complete(self, ctx: Context, incomplete: str) -> list[CompletionItem]:
        """Command names from the table, then the group's options (as click completes them)."""
        names = [
            CompletionItem(name, help=command.get_short_help_str())
            for name, command in self._listed().items()
            if name.startswith(incomplete) and not command.hidden
        ]
        return [*names, *Command.shell_complete(self, ctx, incomplete)]
