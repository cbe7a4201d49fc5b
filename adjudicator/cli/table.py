"""`adjudicator serve` and `adjudicator table links`: the live table for phones and screens.

`serve` is a composition root like the CLI itself: it loads this process's models once
(`shared_models`), builds the table server (`adjudicator.table`) over the ledger, and runs
the CLI commands other shells send it (`run_forwarded`) with the same warm models.
"""

from __future__ import annotations

import inspect
import io
import os
from collections.abc import Callable, Mapping
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Annotated, Any

import click
import typer

from adjudicator.cli import (
    _models,  # looked up at each call: tests swap `shared_models`
    ledger_rulings,
    precedent,
    spell,
)
from adjudicator.cli._ledger import ledger_path, opened
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import console, print_json, report_error
from adjudicator.errors import AdjudicatorError, InvalidInput
from adjudicator.table.access import load_tokens
from adjudicator.table.runfile import read_runfile
from adjudicator.table.server import DEFAULT_PORT, link_host, serve
from adjudicator.table.service import TableConfig

app = typer.Typer(help="The live table's links: one for the Storyteller, one per player.")


def _forwarded() -> dict[str, Callable[..., None]]:
    """The commands a running table answers for the CLI, by name."""

    return {
        "spell check": spell.check_command,
        "spell draft": spell.draft_command,
        "precedent search": precedent.search_command,
        "ruling add": ledger_rulings.add_command,
    }


def run_forwarded(command: str, params: Mapping[str, Any], columns: int | None) -> dict[str, Any]:
    """Run a CLI command sent by another shell, here, capturing what it prints.

    The caller holds the table's language lock, so one forwarded command runs at a time
    (stdout is redirected for the whole process while it runs)."""
    function = _forwarded().get(command)
    if function is None:
        raise InvalidInput(f"a table does not run {command!r}")
    accepted = inspect.signature(function).parameters
    unknown = sorted(set(params) - set(accepted) | ({"ctx"} & set(params)))
    if unknown:
        raise InvalidInput(f"{command} takes no {', '.join(unknown)}")
    arguments = dict(params)
    arguments["no_server"] = True
    arguments["ctx"] = None  # no click context here: `served` is skipped
    if arguments.get("ledger") is not None:
        arguments["ledger"] = Path(str(arguments["ledger"]))
    out, err = io.StringIO(), io.StringIO()
    code = 0
    width = os.environ.get("COLUMNS")
    if columns is not None:
        os.environ["COLUMNS"] = str(columns)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                function(**arguments)
            except AdjudicatorError as error:
                report_error(error)
                code = 1
            except (typer.Exit, click.exceptions.Exit) as stop:
                code = stop.exit_code
            except TypeError as error:
                report_error(InvalidInput(f"{command}: {error}"))
                code = 2
    finally:
        if columns is not None:
            if width is None:
                os.environ.pop("COLUMNS", None)
            else:
                os.environ["COLUMNS"] = width
    return {"stdout": out.getvalue(), "stderr": err.getvalue(), "exit_code": code}


def serve_command(
    ledger: LedgerOption = None,
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on (0.0.0.0: every network).")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="The port (0: any free one).")
    ] = 8765,
    qr: Annotated[bool, typer.Option("--qr/--no-qr", help="Print QR codes of the links.")] = True,
) -> None:
    """Open the live table: the Storyteller's screen and every player's phone, one live view
    of the ledger, with the language models loaded once. The CLI may keep writing to the
    ledger; pages show every change within a second. `spell check`, `spell draft`,
    `precedent search` and `ruling add` in other shells are answered by it, fast.

    Listens on 127.0.0.1 unless --host says otherwise (players' phones need --host 0.0.0.0
    on the table's network). Prints the links, with their tokens, and QR codes.

    Example: adjudicator serve --host 0.0.0.0
    """
    from adjudicator.ledger.sessions import players  # lazy: heavy import (sqlite-utils)

    path = ledger_path(ledger).expanduser().absolute()
    with opened(path) as book:
        names = [player.name for player in players(book)]
    tokens = load_tokens(path, names)
    os.environ.pop("ADJUDICATOR_LEDGER", None)  # forwarded commands name their ledger
    config = TableConfig(
        ledger=path, tokens=tokens, models=_models.shared_models(), forward=run_forwarded
    )
    out = console()
    serve(config, host, port, lambda text: out.print(text, markup=False, highlight=False), qr=qr)


@app.command("links")
def links_command(
    ledger: LedgerOption = None,
    host: Annotated[
        str | None,
        typer.Option("--host", help="The address in the links (default: the running table's)."),
    ] = None,
    port: Annotated[
        int | None, typer.Option("--port", help="The port in the links (default: as served).")
    ] = None,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="New tokens for everyone: old links stop working.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Print the Storyteller's link and one link per player, each with its secret token.

    The tokens are kept beside the ledger in `LEDGER.table-tokens`, readable by you only.
    With --json: {"storyteller": URL, "players": {"NAME": URL, ...}}. A running table picks
    up rotated tokens when restarted.

    Example: adjudicator table links --json
    """
    from adjudicator.ledger.sessions import players  # lazy: heavy import (sqlite-utils)

    path = ledger_path(ledger).expanduser().absolute()
    with opened(path) as book:
        names = [player.name for player in players(book)]
    tokens = load_tokens(path, names, rotate=rotate)
    running = read_runfile(path)
    chosen_host = host or (running.host if running else "127.0.0.1")
    chosen_port = port or (running.port if running else DEFAULT_PORT)
    links = tokens.links(f"http://{link_host(chosen_host)}:{chosen_port}")
    if as_json:
        print_json(links)
        return
    out = console()
    if rotate:
        out.print("New tokens: the old links no longer work (restart a running table).")
    out.print(f"Storyteller: {links['storyteller']}", markup=False)
    players_links = links["players"]
    assert isinstance(players_links, dict)
    for name, url in players_links.items():
        out.print(f"{name}: {url}", markup=False)
    if not players_links:
        out.print("No players yet: adjudicator player add NAME")
