"""`adjudicator export` and `import`: the campaign's ruling log out to files, and back in."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli._ledger import LedgerOption, console, ledger_path, opened
from adjudicator.cli._output import JsonOption, print_json
from adjudicator.errors import InvalidInput


def register(app: typer.Typer) -> None:
    app.command("export")(export_command)
    app.command("import")(import_command)


def export_command(
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="md (Markdown/Obsidian), html, json or csv.")
    ] = "md",
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write to this file (default: print).", dir_okay=False),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists.")] = False,
    session: Annotated[int | None, typer.Option("--session", help="Only this session.")] = None,
    character: Annotated[
        str | None, typer.Option("--character", help="Only this caster's rulings.")
    ] = None,
    word: Annotated[
        str | None, typer.Option("--word", help="Only rulings using this Word.")
    ] = None,
    canon: Annotated[
        bool, typer.Option("--canon/--no-canon", help="Include the rulebook's rulings.")
    ] = True,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Export the ruling log as Markdown, HTML, CSV or JSON.

    Markdown (an Obsidian note) and HTML are a readable book grouped by session; CSV is one
    row per ruling; JSON is the whole ledger, which `adjudicator import` reads back.

    Example: adjudicator export --format md --out rulings.md
    """
    from adjudicator.ledger.export import (
        ExportFilter,
        ExportFormat,
        check_destination,
        export,
        write_file,
    )

    try:
        chosen = ExportFormat(fmt.strip().lower().lstrip("."))
    except ValueError:
        raise InvalidInput(f"--format is md, html, json or csv, not {fmt!r}") from None
    where = ExportFilter(session=session, character=character, word=word, canon=canon)
    if out is not None:
        check_destination(out, force=force)  # refuse before any work is done
    with opened(ledger) as book:
        text = export(book, chosen, where)
    if out is None:
        typer.echo(text, nl=False)
        return
    size = write_file(text, out, force=force)
    if as_json:
        print_json({"out": str(out), "format": chosen.value, "bytes": size})
        return
    console().print(f"Wrote {out} ({size:,} bytes, {chosen.value}).")


def import_command(
    source: Annotated[
        Path,
        typer.Argument(help="A JSON export (adjudicator export --format json).", dir_okay=False),
    ],
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Restore a campaign from a JSON export.

    It goes into a new ledger (or one with no records yet). Everything is checked first and
    written in one transaction: a bad file changes nothing.

    Example: adjudicator import backup.json --ledger restored.sqlite
    """
    from adjudicator.ledger.importing import import_ledger

    report = import_ledger(ledger_path(ledger), source)
    if as_json:
        print_json(
            {
                "ledger": str(report.ledger),
                "records": report.records,
                "rulings": report.rulings,
                "policies": report.policies,
                "created": report.created,
                "head": report.head,
            }
        )
        return
    made = "Created" if report.created else "Filled"
    console().print(
        f"{made} {report.ledger}: {report.records} records, {report.rulings} rulings, "
        f"{report.policies} policies; chain head {report.head[:12]}."
    )
