"""Shared output for commands: Rich consoles, `--json` printing, tables that fit the width."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from adjudicator.errors import AdjudicatorError

#: The `--json` option every command that prints data takes.
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


def console() -> Console:
    return Console(highlight=False)


def error_console() -> Console:
    return Console(stderr=True, highlight=False)


def report_error(error: AdjudicatorError) -> None:
    """An error as every command reports it: one line on stderr, and the hint if any."""
    error_console().print(f"[bold red]error:[/] {error.message}", highlight=False)
    if error.hint:
        error_console().print(f"[dim]hint:[/] {error.hint}", highlight=False)


def print_json(data: Any) -> None:
    """Print `data` as indented UTF-8 JSON on stdout."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


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
