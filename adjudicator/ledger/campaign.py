"""A campaign: creating its ledger (schema, campaign record, the rulebook's canon) and its summary.

`init_campaign` is all or nothing: the file appears only once it is complete.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.ledger import migrations, records
from adjudicator.ledger.canon import seed_canon
from adjudicator.ledger.database import (
    DEFAULT_WAIT_S,
    Clock,
    Ledger,
    create_ledger,
    guarded,
    read,
    utc_now,
    write,
)
from adjudicator.ledger.fields import clean_text, limit

DEFAULT_NAME = "Words of Power campaign"


def init_campaign(
    path: Path,
    *,
    name: str | None = None,
    canon: bool = True,
    force: bool = False,
    clock: Clock = utc_now,
    wait: float = DEFAULT_WAIT_S,
) -> Ledger:
    """Create a new ledger at `path`, name the campaign, and seed the canon rulings (unless
    `canon` is False, as for a ledger that will receive an import). Returns it open.

    The file appears only once it is complete (`create_ledger`); `force` replaces only the
    empty file an init killed by an older version left behind.
    """
    title = clean_text(name, "campaign name", limit("campaign", "name")) or DEFAULT_NAME

    def fill(ledger: Ledger) -> None:
        with write(ledger):
            records.append(ledger, "campaign", title, {"name": title, "created_at": ledger.now()})
            if canon:
                seed_canon(ledger)

    return create_ledger(path, fill=fill, force=force, clock=clock, wait=wait)


@dataclass(frozen=True)
class Summary:
    """What a ledger holds, in counts, and its schema version."""

    name: str
    created_at: str
    schema_version: int
    records: int
    sessions: int
    players: int
    characters: int
    rulings: int
    canon: int
    policies: int

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def campaign_name(ledger: Ledger) -> str:
    """The campaign's name ('' for a ledger made only to receive an import)."""
    with guarded(ledger.path):
        row = ledger.db.execute("SELECT name FROM campaign ORDER BY record LIMIT 1").fetchone()
    return "" if row is None else str(row[0])


def summary(ledger: Ledger) -> Summary:
    """Counts of everything in the ledger, read in one snapshot."""
    with read(ledger) as db:

        def count(sql: str) -> int:
            return int(db.execute(sql).fetchone()[0])

        row = db.execute("SELECT name, created_at FROM campaign ORDER BY record LIMIT 1").fetchone()
        return Summary(
            name="" if row is None else row[0],
            created_at="" if row is None else row[1],
            schema_version=migrations.version(ledger.conn),
            records=count("SELECT count(*) FROM records"),
            sessions=count("SELECT count(*) FROM sessions"),
            players=count("SELECT count(*) FROM players"),
            characters=count("SELECT count(*) FROM characters"),
            rulings=count("SELECT count(*) FROM rulings WHERE canon = 0"),
            canon=count("SELECT count(*) FROM rulings WHERE canon = 1"),
            policies=count("SELECT count(*) FROM policies"),
        )
