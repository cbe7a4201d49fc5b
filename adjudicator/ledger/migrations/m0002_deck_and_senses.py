"""Migration 0002: the Deck's versions per session and declared meanings of homonym Words."""

from __future__ import annotations

import sqlite3

from adjudicator.ledger.migrations.base import Migration, chain_table, run_sql


def _run(conn: sqlite3.Connection) -> None:
    run_sql(
        conn,
        """
CREATE TABLE deck_versions (
    session INTEGER NOT NULL REFERENCES sessions(number),
    version INTEGER NOT NULL CHECK (version >= 1),
    deck TEXT NOT NULL CHECK (json_valid(deck)),
    change TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    PRIMARY KEY (session, version)
);
CREATE TABLE word_senses (
    word TEXT NOT NULL,
    sense TEXT NOT NULL,
    player TEXT REFERENCES players(name),
    session INTEGER REFERENCES sessions(number),
    declared_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
CREATE INDEX word_senses_word ON word_senses(word);
""",
    )
    chain_table(conn, "deck_version", "deck_versions", ("deck",))
    chain_table(conn, "word_sense", "word_senses", ())


MIGRATION = Migration("0002_deck_and_senses", _run)
