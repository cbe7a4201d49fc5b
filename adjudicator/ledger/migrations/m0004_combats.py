"""Migration 0004: fights on the Battle Board and their chained steps (`ledger.fights`)."""

from __future__ import annotations

import sqlite3

from adjudicator.ledger.migrations.base import Migration, chain_table, run_sql


def _run(conn: sqlite3.Connection) -> None:
    """Fights on the Battle Board (`ledger.fights`): a row per fight and one per step of it
    (a command with its events, an enhancement declared, an undo, a redo), all chained."""
    run_sql(
        conn,
        """
CREATE TABLE combats (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE CHECK (number >= 1),
    session INTEGER REFERENCES sessions(number),
    ruleset TEXT NOT NULL,
    seed INTEGER NOT NULL,
    title TEXT,
    created_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    CHECK (id = 'F' || number)
);
CREATE TABLE combat_steps (
    combat TEXT NOT NULL REFERENCES combats(id),
    step INTEGER NOT NULL CHECK (step >= 1),
    action TEXT NOT NULL CHECK (action IN ('command', 'enhance', 'undo', 'redo')),
    summary TEXT NOT NULL,
    command TEXT NOT NULL CHECK (json_valid(command) AND json_type(command) = 'object'),
    events TEXT NOT NULL CHECK (json_valid(events) AND json_type(events) = 'array'),
    effects TEXT NOT NULL CHECK (json_valid(effects) AND json_type(effects) = 'array'),
    dice TEXT,
    recorded_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    PRIMARY KEY (combat, step)
);
""",
    )
    chain_table(conn, "combat", "combats", ())
    chain_table(conn, "combat_step", "combat_steps", ("command", "events", "effects"))


MIGRATION = Migration("0004_combats", _run)
