"""Sending a command to a running table (`adjudicator serve`) instead of running it here.

`spell check`, `spell draft`, `precedent search` and `ruling add` call `served` first: when
the table's run file beside the ledger names a live server for that same ledger, the
command's parameters go to it, its output comes back and is printed, and nothing heavy is
imported in this process. `--no-server`, no table, or a table that does not answer: the
command runs here as before.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator.ledger.location import resolve_path
from adjudicator.table.client import TableUnreachable, forward
from adjudicator.table.runfile import read_runfile

#: The `--no-server` option of the commands a running table can answer.
NoServerOption = Annotated[
    bool,
    typer.Option(
        "--no-server", help="Run here, even when a table (`adjudicator serve`) is running."
    ),
]


def _plain(value: Any) -> Any:
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def served(
    ctx: typer.Context | None,
    command: str,
    ledger: Path | None,
    no_server: bool,
    *,
    uses_ledger: bool = True,
) -> bool:
    """Run this command in the table serving its ledger, if there is one; True when done
    (its output printed; a failure exits with its exit code)."""
    if no_server or not uses_ledger or ctx is None:
        return False

    path = resolve_path(ledger, os.environ).absolute()
    info = read_runfile(path)
    if info is None:
        return False
    params = {name: _plain(value) for name, value in ctx.params.items()}
    params.update(ledger=str(path), no_server=True)
    columns = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    try:
        answer = forward(info, command, params, columns)
    except TableUnreachable as error:
        typer.echo(f"note: {error}; running here instead", err=True)
        return False
    sys.stdout.write(answer.stdout)
    sys.stderr.write(answer.stderr)
    sys.stdout.flush()
    if answer.exit_code:
        raise typer.Exit(answer.exit_code)
    return True
