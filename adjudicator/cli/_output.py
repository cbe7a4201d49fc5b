"""Shared output for commands: Rich consoles that show user text safely, `--json` printing,
tables that fit the width.

Intents, names and notes are typed at the table and stored as they are; on a terminal their
control characters are written out as escapes (`SafeConsole`), so an intent holding
"\\x1b]0;...\\x07" cannot retitle the window or clear the screen. JSON keeps the exact text
(its encoder escapes control characters itself).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import typer
from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from adjudicator.errors import AdjudicatorError
from adjudicator.ledger.fields import visible


class SafeConsole(Console):
    """A Rich console that writes control characters in user text out as escapes (styles,
    which Rich itself writes, are untouched)."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(visible(text), **kwargs)

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control is None and segment.text:
                shown = visible(segment.text)
                if shown is not segment.text:
                    yield Segment(shown, segment.style)
                    continue
            yield segment


def console() -> SafeConsole:
    return SafeConsole(highlight=False)


def error_console() -> SafeConsole:
    return SafeConsole(stderr=True, highlight=False)


def report_error(error: AdjudicatorError) -> None:
    """An error as every command reports it: one line on stderr, and the hint if any."""
    error_console().print(f"[bold red]error:[/] {error.message}", highlight=False)
    if error.hint:
        error_console().print(f"[dim]hint:[/] {error.hint}", highlight=False)


def print_json(data: Any) -> None:
    """Print `data` as indented UTF-8 JSON on stdout (control characters escaped by JSON; a
    lone surrogate, from bytes that were not UTF-8, as its `\\udcXX` escape)."""
    typer.echo(
        json.dumps(data, indent=2, ensure_ascii=False)
        .encode("utf-8", "backslashreplace")
        .decode("utf-8")
    )


#: Consoles at least this wide get tables; narrower ones (an 80-column terminal) get each row
#: stacked, since a table of six or more columns wraps there to a word or two a line.
WIDE = 100

Cell = str | Text


@dataclass(frozen=True)
class Rows:
    """Rows to print as a table on a wide console and stacked on a narrow one: each row then
    a line of its `heading` cells, and one "column: value" line per other non-empty cell."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    heading: tuple[int, ...] = (0,)

    def print(self, out: Console) -> None:
        if out.width >= WIDE:
            table = Table(title=self.title or None, title_justify="left")
            for column in self.columns:
                table.add_column(column)
            for row in self.rows:
                table.add_row(*row)
            out.print(table)
            return
        if self.title:
            out.print(Text(self.title, style="italic"))
        for row in self.rows:
            out.print(Text(" · ").join(_text(row[i]) for i in self.heading if _plain(row[i])))
            for index, (column, cell) in enumerate(zip(self.columns, row, strict=True)):
                if index not in self.heading and _plain(cell):
                    out.print(Text.assemble(f"   {column}: ", _text(cell)))


def _text(cell: Cell) -> Text:
    return cell if isinstance(cell, Text) else Text(cell)


def _plain(cell: Cell) -> str:
    return cell.plain if isinstance(cell, Text) else cell
