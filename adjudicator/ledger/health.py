"""The cheap check every command runs when it opens a ledger, and the trigger check of `verify`.

Opening a ledger checks three things in a few queries, whatever its size: the append-only
triggers are all there and unchanged, the newest record's hash matches its row, and the
schema version (`PRAGMA user_version`) is one this adjudicator knows. A ledger that fails
is still readable (with a warning), but nothing is written to it (see `database.write`):
`adjudicator ledger verify` says more.
"""

from __future__ import annotations

import json
import re
import sqlite3

from adjudicator.ledger import migrations
from adjudicator.ledger.hashing import record_hash

#: Tables whose UPDATE and DELETE are refused by triggers, besides the chained kinds'.
APPEND_ONLY_TABLES = ("records", "record_kinds", "ruling_vectors")
#: A trigger that runs before a change: one the schema does not make could silently drop a
#: record (`RAISE(IGNORE)`). Triggers after an insert (the full-text index's, a later
#: migration's) cannot change what was recorded, and any row they add breaks the chain.
_BEFORE = re.compile(
    r"\s*CREATE\s+(?:TEMP\w*\s+)?TRIGGER\s+(?:IF\s+NOT\s+EXISTS\s+)?\S+\s+(?:BEFORE|INSTEAD)\b",
    re.IGNORECASE,
)


def expected_triggers(conn: sqlite3.Connection) -> dict[str, str]:
    """The append-only triggers this file must hold, by name, with their exact SQL."""
    tables = [
        str(row[0])
        for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN "
            f"({', '.join('?' for _ in APPEND_ONLY_TABLES)})",
            APPEND_ONLY_TABLES,
        )
    ]
    if "record_kinds" in tables:
        tables += [str(row[0]) for row in conn.execute("SELECT table_name FROM record_kinds")]
    expected: dict[str, str] = {}
    for table in tables:
        expected.update(migrations.append_only_sql(table))
    return expected


def trigger_problems(conn: sqlite3.Connection) -> list[str]:
    """What is wrong with the append-only triggers: missing or altered ones, and unknown ones
    that run before a change to an append-only table."""
    problems = []
    for table in ("records", "record_kinds"):
        found = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()
        if found is None:
            problems.append(f"the table {table} is missing")
    expected = expected_triggers(conn)
    present = {
        str(name): (str(table), str(sql))
        for name, table, sql in conn.execute(
            "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'"
        )
    }
    guarded = {name.rsplit("_no_", 1)[0] for name in expected}
    for name, sql in expected.items():
        if name not in present:
            problems.append(f"the append-only trigger {name} is missing")
        elif present[name][1] != sql:
            problems.append(f"the append-only trigger {name} was altered")
    for name, (table, sql) in present.items():
        if name not in expected and table in guarded and _BEFORE.match(sql):
            problems.append(f"an unknown trigger {name} runs before changes to {table}")
    return problems


def head_problems(conn: sqlite3.Connection) -> list[str]:
    """Whether the newest record's hash matches its row (a cheap look at the chain's end)."""
    last = conn.execute(
        "SELECT seq, kind, key, prev_hash, hash FROM records ORDER BY seq DESC LIMIT 1"
    ).fetchone()
    if last is None:
        return []
    seq, kind, key, prev_hash, digest = last
    spec = conn.execute(
        "SELECT table_name, columns FROM record_kinds WHERE kind = ?", (kind,)
    ).fetchone()
    if spec is None:
        return [f"the newest record ({seq}) is of an unknown kind {kind!r}"]
    table, columns = str(spec[0]), tuple(json.loads(spec[1]))
    row = conn.execute(
        f"SELECT {', '.join(columns)} FROM {table} WHERE record = ?", (seq,)
    ).fetchone()
    if row is None:
        return [f"the newest record ({seq}, {kind} {key}) has no row in {table}"]
    if record_hash(prev_hash, seq, kind, key, dict(zip(columns, row, strict=True))) != digest:
        return [f"the newest record ({seq}, {kind} {key}) does not match its hash"]
    return []


def version_problems(conn: sqlite3.Connection) -> list[str]:
    """Whether `user_version` is a schema version this adjudicator knows (a newer one means a
    newer adjudicator wrote the file, with rules this one would not follow)."""
    version = migrations.version(conn)
    known = len(migrations.MIGRATIONS)
    if version > known:
        return [
            f"its schema version {version} is newer than this adjudicator's ({known}): "
            "written by a newer adjudicator"
        ]
    return []


def quick_check(conn: sqlite3.Connection) -> tuple[str, ...]:
    """Every problem the opening check finds; empty for a healthy ledger."""
    problems = version_problems(conn)
    problems += trigger_problems(conn)
    try:
        problems += head_problems(conn)
    except (sqlite3.Error, ValueError, TypeError) as error:
        problems.append(f"the newest record cannot be read: {error}")
    return tuple(problems)
