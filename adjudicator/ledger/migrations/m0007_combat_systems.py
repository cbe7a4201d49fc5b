"""Migration 0007: the game system of each fight (issue 15), a chained row beside `combats`.

A column added to the chained `combats` table would not be hashed, so the system is a record
of its own; a fight without one (every fight of an older ledger) is Words of Power, its
variant the `combats.ruleset` it always recorded.
"""

from __future__ import annotations

import sqlite3

from adjudicator.ledger.migrations.base import Migration, chain_table, run_sql


def _run(conn: sqlite3.Connection) -> None:
    """The game system each fight is played under (absent: Words of Power)."""
    run_sql(
        conn,
        """
CREATE TABLE combat_systems (
    combat TEXT PRIMARY KEY REFERENCES combats(id),
    system TEXT NOT NULL CHECK (length(system) BETWEEN 1 AND 40),
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
""",
    )
    chain_table(conn, "combat_system", "combat_systems", ())


MIGRATION = Migration("0007_combat_systems", _run)
