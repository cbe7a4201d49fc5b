"""Migration 0003: rulings, policy announcements, ruling statuses and the `ruling_status` view."""

from __future__ import annotations

import sqlite3

from adjudicator.ledger.migrations.base import Migration, chain_table, run_sql

#: The kinds of status a ruling can have; a ruling with no status record is standing.
STATUSES = ("standing", "distinguished", "overruled", "superseded")


def _run(conn: sqlite3.Connection) -> None:
    statuses = ", ".join(f"'{status}'" for status in STATUSES)
    run_sql(
        conn,
        f"""
CREATE TABLE rulings (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL CHECK (number >= 1),
    canon INTEGER NOT NULL CHECK (canon IN (0, 1)),
    session INTEGER REFERENCES sessions(number),
    caster TEXT REFERENCES characters(name),
    words TEXT NOT NULL CHECK (json_valid(words) AND json_array_length(words) >= 1),
    intent TEXT NOT NULL,
    mapping TEXT NOT NULL CHECK (json_valid(mapping) AND json_type(mapping) = 'object'),
    verdict TEXT NOT NULL CHECK (verdict IN ('approved', 'vetoed')),
    needs TEXT NOT NULL CHECK (json_valid(needs) AND json_type(needs) = 'array'),
    area TEXT,
    duration TEXT,
    damage TEXT,
    requirements TEXT,
    note TEXT,
    reason TEXT,
    citation TEXT,
    recorded_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    UNIQUE (canon, number),
    CHECK (id = (CASE canon WHEN 1 THEN 'C' ELSE 'R' END) || number),
    CHECK (canon = 1 OR (session IS NOT NULL AND caster IS NOT NULL)),
    CHECK (canon = 0 OR citation IS NOT NULL)
);
CREATE INDEX rulings_session ON rulings(session);
CREATE INDEX rulings_caster ON rulings(caster);
CREATE TABLE policies (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE CHECK (number >= 1),
    session INTEGER REFERENCES sessions(number),
    text TEXT NOT NULL,
    supersedes TEXT NOT NULL CHECK (json_valid(supersedes) AND json_type(supersedes) = 'array'),
    concept TEXT,
    recorded_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    CHECK (id = 'P' || number)
);
CREATE TABLE ruling_statuses (
    ruling TEXT NOT NULL REFERENCES rulings(id),
    status TEXT NOT NULL CHECK (status IN ({statuses})),
    by_ruling TEXT REFERENCES rulings(id),
    by_policy TEXT REFERENCES policies(id),
    reason TEXT,
    recorded_at TEXT NOT NULL,
    record INTEGER NOT NULL UNIQUE REFERENCES records(seq),
    CHECK (status = 'standing' OR by_ruling IS NOT NULL OR by_policy IS NOT NULL)
);
CREATE INDEX ruling_statuses_ruling ON ruling_statuses(ruling, record);
CREATE VIEW ruling_status AS
SELECT rulings.id AS ruling,
       coalesce(latest.status, 'standing') AS status,
       latest.by_ruling AS by_ruling,
       latest.by_policy AS by_policy,
       latest.reason AS reason
FROM rulings
LEFT JOIN ruling_statuses AS latest
  ON latest.record = (SELECT max(record) FROM ruling_statuses WHERE ruling = rulings.id);
""",
    )
    chain_table(conn, "ruling", "rulings", ("words", "mapping", "needs"))
    chain_table(conn, "policy", "policies", ("supersedes",))
    chain_table(conn, "ruling_status", "ruling_statuses", ())


MIGRATION = Migration("0003_rulings_and_policies", _run)
