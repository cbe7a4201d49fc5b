"""Shared output for commands: Rich consoles that show user text safely, and `--json` printing.

Intents, names and notes are typed at the table and stored as they are; on a terminal their
control characters are written out as escapes (`SafeConsole`), so an intent holding
"\\x1b]0;...\\x07" cannot retitle the window or clear the screen. JSON keeps the exact text
(its encoder escapes control characters itself).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Annotated, Any

import typer
from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.text import Text

from adjudicator.ledger.fields import visible

#: The `--json` option every command that prints data takes.
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


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


def print_json(data: Any) -> None:
    """Print `data` as indented UTF-8 JSON on stdout (control characters escaped by JSON; a
    lone surrogate, from bytes that were not UTF-8, as its `\\udcXX` escape)."""
    typer.echo(
        json.dumps(data, indent=2, ensure_ascii=False)
        .encode("utf-8", "backslashreplace")
        .decode("utf-8")
    )
