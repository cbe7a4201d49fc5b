"""Migration 0001: the hash chain and its record kinds, the campaign, sessions, players and
characters."""

from __future__ import annotations

import sqlite3

from adjudicator.ledger.migrations.base import Migration, append_only, chain_table, run_sql


def _run(conn: sqlite3.Connection) -> None:
    run_sql(
        conn,
        """
CREATE TABLE record_kinds (
    kind TEXT PRIMARY KEY,
    table_name TEXT NOT NULL UNIQUE,
    columns TEXT NOT NULL,
    json_columns TEXT NOT NULL
);
CREATE TABLE records (
    seq INTEGER PRIMARY KEY CHECK (seq >= 1),
    kind TEXT NOT NULL REFERENCES record_kinds(kind),
    key TEXT NOT NULL,
    prev_hash TEXT NOT NULL CHECK (length(prev_hash) = 64),
    hash TEXT NOT NULL CHECK (length(hash) = 64)
);
CREATE TABLE campaign (
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
CREATE TABLE sessions (
    number INTEGER PRIMARY KEY CHECK (number >= 1),
    title TEXT,
    started_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
CREATE TABLE session_ends (
    session INTEGER PRIMARY KEY REFERENCES sessions(number),
    note TEXT,
    ended_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
CREATE TABLE players (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    session INTEGER REFERENCES sessions(number),
    joined_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
CREATE TABLE characters (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    player TEXT NOT NULL REFERENCES players(name),
    created_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq)
);
CREATE INDEX characters_player ON characters(player);
CREATE TABLE character_versions (
    character TEXT NOT NULL REFERENCES characters(name),
    version INTEGER NOT NULL CHECK (version >= 1),
    sheet TEXT NOT NULL CHECK (json_valid(sheet)),
    change TEXT NOT NULL,
    session INTEGER REFERENCES sessions(number),
    recorded_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    PRIMARY KEY (character, version)
);
""",
    )
    append_only(conn, "records")
    append_only(conn, "record_kinds")
    chain_table(conn, "campaign", "campaign", ())
    chain_table(conn, "session", "sessions", ())
    chain_table(conn, "session_end", "session_ends", ())
    chain_table(conn, "player", "players", ())
    chain_table(conn, "character", "characters", ())
    chain_table(conn, "character_version", "character_versions", ("sheet",))


MIGRATION = Migration("0001_chain_and_roster", _run)
