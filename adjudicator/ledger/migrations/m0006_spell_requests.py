"""Migration 0006: spell requests sent from the table's pages, and their answers
(`ledger.spell_requests`)."""

from __future__ import annotations

import sqlite3

from adjudicator.ledger.migrations.base import Migration, chain_table, run_sql


def _run(conn: sqlite3.Connection) -> None:
    """Spell requests sent from the table's pages and their answers (`spell_requests`)."""
    run_sql(
        conn,
        """
CREATE TABLE spell_requests (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE CHECK (number >= 1),
    session INTEGER NOT NULL REFERENCES sessions(number),
    player TEXT NOT NULL REFERENCES players(name),
    caster TEXT NOT NULL REFERENCES characters(name),
    words TEXT NOT NULL CHECK (json_valid(words) AND json_array_length(words) >= 1),
    intent TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    CHECK (id = 'Q' || number)
);
CREATE TABLE spell_request_answers (
    request TEXT PRIMARY KEY REFERENCES spell_requests(id),
    ruling TEXT NOT NULL REFERENCES rulings(id),
    answered_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
""",
    )
    chain_table(conn, "spell_request", "spell_requests", ("words",))
    chain_table(conn, "spell_request_answer", "spell_request_answers", ())


MIGRATION = Migration("0006_spell_requests", _run)
