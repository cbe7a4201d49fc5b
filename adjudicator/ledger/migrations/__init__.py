"""The ledger's schema as an ordered list of named migrations, applied once each.

In the manner of sqlite-utils' `Migrations` (sqlite-migrate): each migration has a unique
name, runs inside the caller's write transaction, and is recorded in `ledger_migrations`;
`PRAGMA user_version` holds how many have been applied (the schema version). A fresh ledger
runs them all in order, an old one runs those it lacks, and both end with the same schema.

One module per migration, `mNNNN_name.py`, each defining its `MIGRATION` where its SQL is:
this package finds them by their file names and refuses a duplicate or a gap in the
numbers (`check_sequence`). To change the schema, add the next module; never edit one
that has shipped (existing ledgers have recorded its name).
"""

from __future__ import annotations

import importlib
import pkgutil
import sqlite3
from collections.abc import Sequence

from adjudicator.ledger.migrations.base import NAME as NAME
from adjudicator.ledger.migrations.base import Migration as Migration
from adjudicator.ledger.migrations.base import MigrationOrderError as MigrationOrderError
from adjudicator.ledger.migrations.base import append_only as append_only
from adjudicator.ledger.migrations.base import append_only_sql as append_only_sql
from adjudicator.ledger.migrations.base import chain_table as chain_table
from adjudicator.ledger.migrations.base import check_sequence as check_sequence
from adjudicator.ledger.migrations.base import run_sql as run_sql


def discover() -> tuple[Migration, ...]:
    """Every `mNNNN_name` module of this package, its `MIGRATION` in number order; each
    module's name must be its migration's (m0001_chain_and_roster holds 0001_chain_and_roster)."""
    found = []
    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("m") or NAME.fullmatch(module.name[1:]) is None:
            continue
        migration = importlib.import_module(f"{__name__}.{module.name}").MIGRATION
        if not isinstance(migration, Migration) or migration.name != module.name[1:]:
            raise MigrationOrderError(f"{module.name} does not define MIGRATION {module.name[1:]}")
        found.append(migration)
    return check_sequence(found)


#: Every schema step, in order. Append only.
MIGRATIONS: tuple[Migration, ...] = discover()

_LOG = """
CREATE TABLE IF NOT EXISTS ledger_migrations (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
)
"""


def applied(conn: sqlite3.Connection) -> tuple[str, ...] | None:
    """The names of the migrations applied, in order; None for a file with no ledger schema."""
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ledger_migrations'"
    ).fetchone()
    if exists is None:
        return None
    return tuple(
        row[0] for row in conn.execute("SELECT name FROM ledger_migrations ORDER BY rowid")
    )


def unknown(done: Sequence[str], known: Sequence[Migration]) -> list[str]:
    """Applied migrations this code does not know: the ledger is from a newer version."""
    names = {migration.name for migration in known}
    return [name for name in done if name not in names]


def pending(done: Sequence[str], known: Sequence[Migration]) -> list[Migration]:
    """The known migrations not yet applied, in order."""
    return [migration for migration in known if migration.name not in set(done)]


def apply(conn: sqlite3.Connection, known: Sequence[Migration], now: str) -> list[str]:
    """Apply every pending migration inside the caller's transaction; returns their names."""
    conn.execute(_LOG)
    done = applied(conn) or ()
    ran = []
    for migration in pending(done, known):
        migration.run(conn)
        conn.execute(
            "INSERT INTO ledger_migrations (name, applied_at) VALUES (?, ?)", (migration.name, now)
        )
        ran.append(migration.name)
    count = conn.execute("SELECT count(*) FROM ledger_migrations").fetchone()[0]
    conn.execute(f"PRAGMA user_version = {int(count)}")
    return ran


def version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the file: the number of migrations applied."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])
