"""`adjudicator ledger ...`: check the ledger's hash chain, back it up, summarise it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli._ledger import LedgerOption, console, opened
from adjudicator.cli._output import JsonOption, print_json

app = typer.Typer(help="Verify, back up and summarise the campaign ledger.", no_args_is_help=True)


@app.command("verify")
def verify_command(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Check the ledger's hash chain and SQLite's integrity.

    Every record's hash is recomputed in order; the first record that does not match is
    named, and the exit status is 1.

    Example: adjudicator ledger verify
    """
    from adjudicator.ledger.database import integrity_check
    from adjudicator.ledger.errors import LedgerDamaged
    from adjudicator.ledger.records import verify

    with opened(ledger) as book:
        integrity = integrity_check(book)
        if integrity != "ok":
            raise LedgerDamaged(f"SQLite's integrity check failed: {integrity}")
        report = verify(book)
    if as_json:
        print_json(
            {"ok": True, "records": report.records, "head": report.head, "integrity": integrity}
        )
        return
    console().print(
        f"The ledger is intact: {report.records} records, chain head {report.head[:16]}…, "
        "integrity check ok."
    )


@app.command("backup")
def backup_command(
    dest: Annotated[Path, typer.Argument(help="Where to write the copy.", dir_okay=False)],
    force: Annotated[bool, typer.Option("--force", help="Replace DEST if it exists.")] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Back the ledger up, safely while others keep writing (SQLite's online backup).

    Example: adjudicator ledger backup campaign-2025-03-01.sqlite
    """
    from adjudicator.ledger.database import backup

    with opened(ledger) as book:
        report = backup(book, dest, force=force)
    if as_json:
        print_json(
            {"backup": str(report.path), "bytes": report.size, "integrity": report.integrity}
        )
        return
    console().print(
        f"Backed up to {report.path} ({report.size:,} bytes, integrity {report.integrity})."
    )


@app.command("info")
def info_command(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Summarise the ledger: campaign, schema version, and how many of everything it holds.

    Example: adjudicator ledger info
    """
    from adjudicator.ledger.campaign import summary

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
