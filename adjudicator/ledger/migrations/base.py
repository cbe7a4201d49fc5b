"""What every migration is built from: the `Migration` value and the SQL helpers.

A chained table (see `records`) is made with `chain_table`, which adds the triggers that
refuse UPDATE and DELETE and registers its columns for hashing. A column added to a chained
table later is not hashed: put new data in a new table instead.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from adjudicator.errors import AdjudicatorError

#: A migration's name: its four-digit number, an underscore and what it makes.
NAME = re.compile(r"(\d{4})_[a-z0-9_]+")


class MigrationOrderError(AdjudicatorError):
    """The migrations this code ships are misnumbered: a duplicate or a gap. A bug in the
    package, never the user's ledger."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"the ledger's migrations are misnumbered: {problem}")
        self.problem = problem


@dataclass(frozen=True)
class Migration:
    """One schema step: a unique name and the function that performs it on a connection."""

    name: str
    run: Callable[[sqlite3.Connection], None]

    @property
    def number(self) -> int:
        """The number the name starts with (0001_... is 1)."""
        match = NAME.fullmatch(self.name)
        if match is None:
            raise MigrationOrderError(f"{self.name!r} is not NNNN_name")
        return int(match.group(1))


def run_sql(conn: sqlite3.Connection, sql: str) -> None:
    """Execute each statement of `sql` in order, inside the current transaction.

    (`executescript` would commit the transaction first, so statements are split here.)
    """
    statement = ""
    for line in sql.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            conn.execute(statement)
            statement = ""
    if statement.strip():
        raise ValueError(f"incomplete SQL statement: {statement.strip()[:60]}")


def append_only_sql(table: str) -> dict[str, str]:
    """The triggers that make `table` append-only, by name: the SQL SQLite stores for them
    (`ledger verify` and the opening check compare the file's triggers with this)."""
    return {
        f"{table}_no_{action.lower()}": (
            f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table}\n"
            f"BEGIN SELECT RAISE(ABORT, '{table} are append-only: "
            f"{action} is refused'); END"
        )
        for action in ("UPDATE", "DELETE")
    }


def append_only(conn: sqlite3.Connection, table: str) -> None:
    """Triggers that make `table` append-only: any UPDATE or DELETE aborts."""
    for sql in append_only_sql(table).values():
        conn.execute(sql)


def chain_table(
    conn: sqlite3.Connection, kind: str, table: str, json_columns: Sequence[str]
) -> None:
    """Make `table` (already created, with a `record` column) a chained, append-only kind.

    Every column but `record` is hashed, in the order the table declares them.
    """
    columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
    if "record" not in columns:
        raise ValueError(f"chained table {table} needs a record column")
    hashed = [column for column in columns if column != "record"]
    unknown = set(json_columns) - set(hashed)
    if unknown:
        raise ValueError(f"{table} has no columns {sorted(unknown)}")
    append_only(conn, table)
    conn.execute(
        "INSERT INTO record_kinds (kind, table_name, columns, json_columns) VALUES (?, ?, ?, ?)",
        (kind, table, json.dumps(hashed), json.dumps(sorted(json_columns))),
    )


def check_sequence(known: Sequence[Migration]) -> tuple[Migration, ...]:
    """`known` in order, refused unless numbered 1, 2, 3, ... once each (a duplicate or a gap
    would let two versions of the code disagree about what a schema version means)."""
    ordered = tuple(sorted(known, key=lambda migration: migration.number))
    numbers = [migration.number for migration in ordered]
    duplicates = sorted({n for n in numbers if numbers.count(n) > 1})
    if duplicates:
        raise MigrationOrderError(f"number {duplicates[0]:04d} is used twice")
    for expected, migration in enumerate(ordered, start=1):
        if migration.number != expected:
            raise MigrationOrderError(f"{expected:04d} is missing before {migration.name}")
    return ordered
