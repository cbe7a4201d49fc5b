"""`adjudicator ledger ...`: check the hash chain, print its head, back it up, summarise it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli._ledger import console, opened
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.ledger.errors import LedgerDamaged

app = typer.Typer(help="Verify, back up and summarise the campaign ledger.", no_args_is_help=True)


HeadOption = Annotated[
    str | None,
    typer.Option(
        "--head",
        help="A chain head kept earlier (COUNT:HASH, from `ledger head`, an export or a "
        "backup): fail unless the chain still holds it.",
        show_default=False,
    ),
]


def head_line(head: object) -> str:
    """How every export, backup and verify prints the chain head, the anchor to keep (on a
    line of its own, short enough that no terminal wraps it)."""
    return f"Chain head: {head}"


@app.command("verify")
def verify_command(
    head: HeadOption = None, ledger: LedgerOption = None, as_json: JsonOption = False
) -> None:
    """Check the ledger's hash chain, its append-only triggers and SQLite's integrity.

    Every record's hash is recomputed in order; the first record that does not match is
    named, and the exit status is 1. With --head, the chain must still hold that head: a
    ledger cut back or rewritten since it was taken fails.

    Example: adjudicator ledger verify --head 58:3f1c...
    """
    from adjudicator.ledger.database import integrity_check  # lazy: heavy import (sqlite-utils)
    from adjudicator.ledger.records import Head, verify  # lazy: heavy import (sqlite-utils)

    anchor = None if head is None else Head.parse(head)
    with opened(ledger, warn=False) as book:
        integrity = integrity_check(book)
        if integrity != "ok":
            raise LedgerDamaged(f"SQLite's integrity check failed: {integrity}")
        report = verify(book, anchor)
    if as_json:
        print_json(
            {
                "ok": True,
                "records": report.records,
                "head": str(report.anchor),
                "anchor": None if anchor is None else str(anchor),
                "integrity": integrity,
            }
        )
        return
    out = console()
    out.print(
        f"The ledger is intact: {report.records} records, chain head {report.head[:16]}…, "
        "integrity check ok."
    )
    if anchor is not None:
        out.print(f"It still holds the anchor {anchor.count}:{anchor.hash[:16]}….")
    out.print(head_line(report.anchor))


@app.command("head")
def head_command(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Print the chain head as COUNT:HASH: keep it outside the file (a note, a message).

    Anyone who kept a head can later run `ledger verify --head COUNT:HASH`, which fails if
    the ledger was cut back or its records rewritten since.

    Example: adjudicator ledger head
    """
    from adjudicator.ledger.records import chain_head  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        head = chain_head(book)
    if as_json:
        print_json({"head": str(head), "records": head.count, "hash": head.hash})
        return
    typer.echo(str(head))


@app.command("backup")
def backup_command(
    dest: Annotated[Path, typer.Argument(help="Where to write the copy.", dir_okay=False)],
    force: Annotated[bool, typer.Option("--force", help="Replace DEST if it exists.")] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Back the ledger up, safely while others keep writing (SQLite's online backup).

    The copy is written beside DEST and renamed into place; DEST can never be the ledger
    itself (or its -wal/-shm files), however the path is spelled.

    Example: adjudicator ledger backup campaign-2025-03-01.sqlite
    """
    from adjudicator.ledger.database import backup  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        report = backup(book, dest, force=force)
    if as_json:
        print_json(
            {
                "backup": str(report.path),
                "bytes": report.size,
                "integrity": report.integrity,
                "head": report.head,
            }
        )
        return
    out = console()
    out.print(f"Backed up to {report.path} ({report.size:,} bytes, integrity {report.integrity}).")
    out.print(head_line(report.head))


@app.command("info")
def info_command(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Summarise the ledger: campaign, schema version, and how many of everything it holds.

    Example: adjudicator ledger info
    """
    from adjudicator.ledger.campaign import summary  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        facts = summary(book)
        path = book.path
    if as_json:
        print_json({"ledger": str(path), **facts.to_dict()})
        return
    console().print(
        f'{path}: "{facts.name}", schema version {facts.schema_version}, {facts.records} records: '
        f"{facts.sessions} sessions, {facts.players} players, {facts.characters} characters, "
        f"{facts.rulings} rulings (+{facts.canon} canon), {facts.policies} policies."
    )
