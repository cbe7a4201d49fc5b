"""Migration 0005 (precedent): stored intent vectors and a full-text index of rulings.

Only SQL and the standard library here: every ledger command imports the migrations, and
listing rulings must not pay for numpy. What the tables hold and why they are derived data
(outside the hash chain) is in `adjudicator.precedent.store`.
"""

from __future__ import annotations

import sqlite3

from adjudicator.ledger.migrations.base import Migration, append_only, run_sql

_NOTES = (
    "trim(coalesce({p}area, '') || ' ' || coalesce({p}duration, '') || ' ' || "
    "coalesce({p}damage, '') || ' ' || coalesce({p}requirements, '') || ' ' || "
    "coalesce({p}note, '') || ' ' || coalesce({p}reason, ''))"
)
_WORDS = "(SELECT group_concat(json_extract(value, '$.text'), ' ') FROM json_each({p}words))"
_NEEDS = "(SELECT group_concat(value, ' ') FROM json_each({p}needs))"


def _run(conn: sqlite3.Connection) -> None:
    """Intent vectors and the full-text index of rulings (`adjudicator.precedent.store`)."""
    # the vectors table, the FTS5 index and its trigger, then the index filled for the rulings
    # already recorded (the canon at least)
    new = {"p": "new."}
    run_sql(
        conn,
        f"""
CREATE TABLE ruling_vectors (
    ruling TEXT NOT NULL REFERENCES rulings(id),
    model TEXT NOT NULL,
    dim INTEGER NOT NULL CHECK (dim >= 1),
    vector BLOB NOT NULL CHECK (length(vector) = 2 * dim),
    text_sha256 TEXT NOT NULL CHECK (length(text_sha256) = 64),
    PRIMARY KEY (ruling, model)
);
CREATE VIRTUAL TABLE rulings_fts USING fts5(
    id UNINDEXED, intent, words, needs, notes, tokenize = 'porter unicode61'
);
CREATE TRIGGER rulings_fts_insert AFTER INSERT ON rulings BEGIN
    INSERT INTO rulings_fts (rowid, id, intent, words, needs, notes) VALUES (
        new.record, new.id, new.intent, {_WORDS.format(**new)},
        coalesce({_NEEDS.format(**new)}, ''), {_NOTES.format(**new)});
END;
""",
    )
    append_only(conn, "ruling_vectors")
    old = {"p": ""}
    conn.execute(
        "INSERT INTO rulings_fts (rowid, id, intent, words, needs, notes) "
        f"SELECT record, id, intent, {_WORDS.format(**old)}, "
        f"coalesce({_NEEDS.format(**old)}, ''), {_NOTES.format(**old)} "
        "FROM rulings ORDER BY record"
    )


MIGRATION = Migration("0005_precedent", _run)
