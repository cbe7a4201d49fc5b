"""The ledger's schema as an ordered list of named migrations, applied once each.

In the manner of sqlite-utils' `Migrations` (sqlite-migrate): each migration has a unique
name, runs inside the caller's write transaction, and is recorded in `ledger_migrations`;
`PRAGMA user_version` holds how many have been applied (the schema version). A fresh ledger
runs them all in order, an old one runs those it lacks, and both end with the same schema.

Append a new migration at the end of `MIGRATIONS` to change the schema (the combat and
precedent issues add their tables this way); never edit one that has shipped. A chained
table (see `records`) is made with `chain_table`, which adds the triggers that refuse
UPDATE and DELETE and registers its columns for hashing. A column added to a chained table
later is not hashed: put new data in a new table instead.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: The kinds of status a ruling can have; a ruling with no status record is standing.
STATUSES = ("standing", "distinguished", "overruled", "superseded")


@dataclass(frozen=True)
class Migration:
    """One schema step: a unique name and the function that performs it on a connection."""

    name: str
    run: Callable[[sqlite3.Connection], None]


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


def _chain_and_roster(conn: sqlite3.Connection) -> None:
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


def _deck_and_senses(conn: sqlite3.Connection) -> None:
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


def _rulings_and_policies(conn: sqlite3.Connection) -> None:
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


def _combats(conn: sqlite3.Connection) -> None:
    """Fights on the Battle Board (`ledger.combats`): a row per fight and one per step of it
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


def _precedent(conn: sqlite3.Connection) -> None:
    """Intent vectors and the full-text index of rulings (the body: `precedent_schema`)."""
    from adjudicator.ledger.precedent_schema import migrate

    migrate(conn)


def _spell_requests(conn: sqlite3.Connection) -> None:
    """Spell requests sent from the table's pages and their answers (`spell_requests`)."""
    from adjudicator.ledger.spell_requests import migrate

    migrate(conn)


#: Every schema step, in order. Append only.
MIGRATIONS: tuple[Migration, ...] = (
    Migration("0001_chain_and_roster", _chain_and_roster),
    Migration("0002_deck_and_senses", _deck_and_senses),
    Migration("0003_rulings_and_policies", _rulings_and_policies),
    Migration("0004_combats", _combats),
    Migration("0005_precedent", _precedent),
    Migration("0006_spell_requests", _spell_requests),
)

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
