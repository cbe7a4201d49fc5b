"""`adjudicator export` and `import`: the campaign's ruling log out to files, and back in."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli._ledger import check_output, console, ledger_path, opened, write_output
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import error_console, print_json
from adjudicator.cli.ledger_admin import head_line
from adjudicator.errors import InvalidInput
from adjudicator.ledger.hashing import Head


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
    from adjudicator.ledger.io.export import (
        ExportFormat,
        export_log,
    )  # lazy: heavy import (sqlite-utils)
    from adjudicator.ledger.io.log import ExportFilter  # lazy: heavy import (sqlite-utils)

    try:
        chosen = ExportFormat(fmt.strip().lower().lstrip("."))
    except ValueError:
        raise InvalidInput(f"--format is md, html, json or csv, not {fmt!r}") from None
    where = ExportFilter(session=session, character=character, word=word, canon=canon)
    if out is not None:
        check_output(out, force=force, ledger=ledger)  # refuse before any work is done
    with opened(ledger) as book:
        text, head = export_log(book, chosen, where)
    if out is None:
        typer.echo(text, nl=False)
        error_console().print(head_line(head))  # stdout carries only the export
        return
    size = write_output(text, out, force=force, ledger=ledger)
    if as_json:
        print_json({"out": str(out), "format": chosen.value, "bytes": size, "head": str(head)})
        return
    console().print(f"Wrote {out} ({size:,} bytes, {chosen.value}).")
    console().print(head_line(head))


def import_command(
    source: Annotated[
        Path,
        typer.Argument(help="A JSON export (adjudicator export --format json).", dir_okay=False),
    ],
    head: Annotated[
        str | None,
        typer.Option(
            "--head",
            help="A chain head kept earlier (COUNT:HASH): refuse a file that does not hold it.",
            show_default=False,
        ),
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Restore a campaign from a JSON export.

    It goes into a new ledger (or one with no records yet). Everything is checked first, with
    the limits the commands enforce, and written in one transaction: a bad file changes
    nothing. Every record's hash must match, and the file's head must be its last record.

    Example: adjudicator import backup.json --ledger restored.sqlite
    """
    from adjudicator.ledger.io.importing import import_ledger  # lazy: heavy import (sqlite-utils)

    anchor = None if head is None else Head.parse(head)
    report = import_ledger(ledger_path(ledger), source, anchor=anchor)
    if as_json:
        print_json(
            {
                "ledger": str(report.ledger),
                "records": report.records,
                "rulings": report.rulings,
                "policies": report.policies,
                "created": report.created,
                "head": str(report.anchor),
            }
        )
        return
    made = "Created" if report.created else "Filled"
    out = console()
    out.print(
        f"{made} {report.ledger}: {report.records} records, {report.rulings} rulings, "
        f"{report.policies} policies; chain head {report.head[:12]}."
    )
    out.print(head_line(report.anchor))
