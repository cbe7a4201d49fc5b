"""Shared output for commands: Rich consoles and `--json` printing."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console

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
