"""The ledger's schema in Markdown, generated from a fresh ledger so it cannot rot.

`docs/ledger-schema.md` is this module's output (`make docs`, or
`python -m tools.schema_doc`); a test fails when the committed file is stale.

Nothing about the schema is written here by hand: `schema_markdown` creates a new ledger in a
temporary folder with the ledger's own `create_ledger` (so every migration in
`migrations.MIGRATIONS` runs, however many there are when it runs), then reads what SQLite
holds: `sqlite_master`, `PRAGMA table_info`, `foreign_key_list`, `index_list`/`index_info`,
the triggers, the `record_kinds` registry of chained tables and the connection's PRAGMAs. A
second, scratch database applies the migrations one at a time to tell which migration made
each table, view and index. CHECK and COLLATE clauses, which no PRAGMA reports, are read from
the `CREATE TABLE` text itself.

What the code cannot know is what a table is *for*: that one line per table comes from
`DESCRIPTIONS` below (kept here because shipped migrations are append-only), and for a
table this module has not heard of yet, from the docstring of the migration that created it.
The output holds no timestamps or paths, so the same schema always renders the same bytes.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from adjudicator.ledger import migrations
from adjudicator.ledger.database import BUSY_TIMEOUT_MS, create_ledger
from adjudicator.ledger.location import DEFAULT_LEDGER, LEDGER_ENV
from adjudicator.ledger.records import GENESIS

#: What each table and view is for, one line each. A table missing here falls back to the
#: docstring of the migration that created it; add it here when you add a migration.
DESCRIPTIONS: Mapping[str, str] = {
    "ledger_migrations": (
        "The migration log (made by `migrations.apply` itself): one row per migration applied, "
        "by name, with when; `PRAGMA user_version` holds their count."
    ),
    "record_kinds": (
        "The registry of chained record kinds: for each kind, the append-only table that holds "
        "its rows, its hashed columns in order and which of them hold JSON "
        "(written by `migrations.chain_table`)."
    ),
    "records": (
        "The hash chain: one row per record of every kind, numbered by `seq` from 1, with the "
        "record's key, the previous record's hash and its own."
    ),
    "campaign": "The campaign's name and when its ledger was created: the chain's first record.",
    "sessions": "Sessions of play, numbered from 1, with an optional title and when each began.",
    "session_ends": "The end of a session: which one, an optional note, and when it ended.",
    "players": (
        "The players at the table (names compared case-insensitively) and the session each "
        "joined in."
    ),
    "characters": (
        "Characters, each belonging to one player; the sheets themselves are the versions in "
        "`character_versions`."
    ),
    "character_versions": (
        "Every version of a character's sheet (`Character.to_dict()` as JSON), numbered from 1, "
        "with what changed and in which session."
    ),
    "deck_versions": (
        "Every version of a session's Deck and hands (`Deck.to_dict()` as JSON), numbered from "
        "1 per session, with what changed: a submission, an approval, a draw, Words spent."
    ),
    "word_senses": (
        "Homonym declarations: the sense a Word is used in, declared by which player in which "
        "session (the campaign's inventory of declared senses)."
    ),
    "rulings": (
        "The Storyteller's rulings on spells, never changed once recorded: campaign rulings R1, "
        "R2, ... and the rulebook's canon C1...C15, with the Words, the intent, the "
        "concept-to-Word mapping, the verdict, the Words a veto said were missing, the "
        "implementation (area, duration, damage, requirements), the reason and, for canon, "
        "the citation."
    ),
    "policies": (
        "Policy announcements P1, P2, ...: the Storyteller's statement, the rulings it "
        "supersedes and the concept Word it is about."
    ),
    "ruling_statuses": (
        "Status records of rulings (standing, distinguished, overruled, superseded), each "
        "naming the ruling or policy that caused it; a ruling's latest one counts."
    ),
    "ruling_status": (
        "Each ruling's current status: its latest status record, else standing (a view, so it "
        "is derived, never stored)."
    ),
    "combats": (
        "Fights on the Battle Board, F1, F2, ...: the session each began in, its ruleset, its "
        "dice seed and an optional title."
    ),
    "combat_steps": (
        "Every step of a fight, numbered from 1 per fight: a command with the events it "
        "produced, a combat Word declared (`enhance`), an `undo` or a `redo`, with the "
        "campaign effects (Words spent or drawn, sheets written back) and where the dice "
        "came from."
    ),
}

#: Notes on columns whose meaning the name and constraints do not make plain.
COLUMN_NOTES: Mapping[tuple[str, str], str] = {
    ("record_kinds", "columns"): "JSON array: the hashed columns, in table order",
    ("record_kinds", "json_columns"): "JSON array: the hashed columns that hold JSON text",
    ("records", "key"): "what the record is about: a ruling's id, a character's name, ...",
    ("records", "prev_hash"): "the previous record's `hash`; the first record's is all zeros",
    ("records", "hash"): "sha256 of `prev_hash` and the record's canonical JSON",
    ("rulings", "canon"): "1 for the rulebook's own examples (C1...), 0 for campaign rulings",
    ("rulings", "mapping"): "JSON object: intent concept -> the Word that covers it",
    ("rulings", "needs"): "JSON array: the Words a veto said were missing",
    ("rulings", "citation"): "where in the rulebook a canon ruling comes from",
    ("policies", "supersedes"): "JSON array of the ruling ids this policy supersedes",
    ("combat_steps", "command"): "the engine command (or undo/redo) as JSON",
    ("combat_steps", "events"): "JSON array: the events the step added or took back",
    ("combat_steps", "effects"): "JSON array: Words spent or drawn, sheets written back",
    ("combat_steps", "dice"): "where the dice came from: entered faces or a seed",
}

#: A short account of each migration that has no docstring of its own (never edit a shipped
#: migration to add one); a migration with a docstring is described by its docstring.
MIGRATION_NOTES: Mapping[str, str] = {
    "0001_chain_and_roster": (
        "The hash chain (`records`, `record_kinds`) and the roster: the campaign, sessions and "
        "their ends, players, characters and their sheet versions."
    ),
    "0002_deck_and_senses": (
        "Each session's Deck as versions, and the homonym senses declared for Words."
    ),
    "0003_rulings_and_policies": (
        "Rulings, policy announcements and ruling status records, and the `ruling_status` view."
    ),
}

#: The PRAGMA `synchronous` levels by number.
_SYNCHRONOUS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}

#: Where an object not made by any migration comes from (the migration log itself).
_BY_APPLY = "migrations.apply"
#: The `applied_at` written in the scratch database; it is never rendered.
_SCRATCH_TIME = "2000-01-01T00:00:00Z"


@dataclass(frozen=True)
class Column:
    """One column as SQLite reports it, with its constraints rendered as SQL keywords."""

    name: str
    type: str
    constraints: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class Index:
    """A named index (`CREATE INDEX`), not one SQLite made for a key or UNIQUE constraint."""

    name: str
    columns: tuple[str, ...]
    unique: bool


@dataclass(frozen=True)
class Trigger:
    """A trigger: when it fires, the message it aborts with (if it raises one) and the tables
    its body writes to."""

    name: str
    when: str
    message: str | None
    writes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Kind:
    """A chained record kind: the table holding it, its hashed and its JSON columns."""

    kind: str
    table: str
    hashed: tuple[str, ...]
    json_columns: tuple[str, ...]


@dataclass(frozen=True)
class Relation:
    """A table or view of the schema, with everything `schema_markdown` says about it."""

    name: str
    type: str  # "table", "view" or "virtual table"
    migration: str
    columns: tuple[Column, ...]
    table_constraints: tuple[str, ...]
    indexes: tuple[Index, ...]
    triggers: tuple[Trigger, ...]
    kind: Kind | None
    sql: str
    shadows: tuple[str, ...] = ()


@dataclass(frozen=True)
class Schema:
    """What a fresh ledger holds: its relations, migrations, record kinds and PRAGMAs."""

    relations: tuple[Relation, ...]
    migrations: tuple[migrations.Migration, ...]
    created_by: Mapping[str, tuple[str, ...]]  # migration name -> objects it created
    kinds: tuple[Kind, ...]
    pragmas: Mapping[str, str]


def schema_markdown() -> str:
    """The whole of `docs/ledger-schema.md`, read from a ledger created just now."""
    return render(read_schema())


def read_schema() -> Schema:
    """Create a fresh ledger in a temporary folder and read its schema back.

    The migrations are `migrations.MIGRATIONS` as it stands when this runs (looked up then,
    not at import), which is also what `create_ledger` applies.
    """
    steps = tuple(migrations.MIGRATIONS)
    with tempfile.TemporaryDirectory(prefix="adjudicator-schema-") as folder:
        created_by = _created_by(steps)
        ledger = create_ledger(Path(folder) / "schema.sqlite", clock=_epoch)
        try:
            conn = ledger.conn
            kinds = _kinds(conn)
            owner = {obj: name for name, objs in created_by.items() for obj in objs}
            relations = tuple(
                _relation(conn, name, type_, sql, owner.get(name, ""), kinds)
                for name, type_, sql in _objects(conn, ("table", "view"))
            )
            pragmas = _pragmas(conn)
        finally:
            ledger.close()
    order = {name: position for position, name in enumerate([_BY_APPLY, *created_by])}
    relations = tuple(sorted(relations, key=lambda r: order.get(r.migration, len(order))))
    return Schema(relations, steps, created_by, tuple(kinds.values()), pragmas)


def _epoch() -> datetime:
    """A fixed clock: nothing in the rendered schema depends on when it was generated."""
    return datetime(2000, 1, 1, tzinfo=UTC)


def _created_by(steps: Sequence[migrations.Migration]) -> dict[str, tuple[str, ...]]:
    """Which tables, views and named indexes each migration creates, found by applying the
    migrations one at a time to a scratch database and looking at what each one added.

    Objects made before the first migration (the migration log) are listed under
    `migrations.apply`.
    """
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.execute("BEGIN")
        migrations.apply(conn, (), _SCRATCH_TIME)  # only the migration log, no migration
        seen = {name for name, _, _ in _objects(conn, ("table", "view", "index"))}
        found: dict[str, tuple[str, ...]] = {_BY_APPLY: tuple(sorted(seen))}
        for position, migration in enumerate(steps):
            migrations.apply(conn, steps[: position + 1], _SCRATCH_TIME)
            now = [name for name, _, _ in _objects(conn, ("table", "view", "index"))]
            found[migration.name] = tuple(name for name in now if name not in seen)
            seen.update(now)
        conn.execute("ROLLBACK")
    finally:
        conn.close()
    return found


def _objects(conn: sqlite3.Connection, types: Sequence[str]) -> Iterator[tuple[str, str, str]]:
    """(name, type, sql) of each schema object of these types, in creation order, leaving out
    SQLite's own (`sqlite_%`, automatic indexes, the shadow tables behind a virtual table).
    A virtual table's type is "virtual table"."""
    marks = ", ".join("?" for _ in types)
    rows = conn.execute(
        f"SELECT name, type, sql FROM sqlite_master WHERE type IN ({marks}) "
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
        tuple(types),
    ).fetchall()
    kinds = _table_kinds(conn)
    for name, type_, sql in rows:
        kind = kinds.get(str(name), "")
        if kind == "shadow":
            continue
        yield str(name), "virtual table" if kind == "virtual" else str(type_), str(sql or "")


def _table_kinds(conn: sqlite3.Connection) -> dict[str, str]:
    """`PRAGMA table_list`'s type of each table: "table", "view", "virtual" or "shadow" (the
    tables SQLite keeps behind a virtual table). Empty on SQLite before 3.37, which lacks it."""
    try:
        rows = conn.execute("PRAGMA main.table_list").fetchall()
    except sqlite3.OperationalError:
        return {}
    return {str(row[1]): str(row[2]) for row in rows}


def _shadows(conn: sqlite3.Connection, table: str) -> tuple[str, ...]:
    """The shadow tables SQLite keeps for the virtual table `table`."""
    kinds = _table_kinds(conn)
    return tuple(
        sorted(
            name
            for name, kind in kinds.items()
            if kind == "shadow" and name.startswith(f"{table}_")
        )
    )


def _kinds(conn: sqlite3.Connection) -> dict[str, Kind]:
    """The chained kinds registered in `record_kinds`, keyed by their table."""
    rows = conn.execute(
        "SELECT kind, table_name, columns, json_columns FROM record_kinds ORDER BY rowid"
    ).fetchall()
    return {
        table: Kind(kind, table, tuple(json.loads(hashed)), tuple(json.loads(jsons)))
        for kind, table, hashed, jsons in rows
    }


def _pragmas(conn: sqlite3.Connection) -> dict[str, str]:
    """The PRAGMAs the ledger runs under, as read back from its open connection."""

    def value(pragma: str) -> str:
        return str(conn.execute(f"PRAGMA {pragma}").fetchone()[0])

    synchronous = int(value("synchronous"))
    return {
        "journal_mode": value("journal_mode").upper(),
        "foreign_keys": "ON" if value("foreign_keys") == "1" else "OFF",
        "busy_timeout": value("busy_timeout"),
        "synchronous": _SYNCHRONOUS.get(synchronous, str(synchronous)),
        "user_version": value("user_version"),
    }


def _relation(
    conn: sqlite3.Connection,
    name: str,
    type_: str,
    sql: str,
    migration: str,
    kinds: Mapping[str, Kind],
) -> Relation:
    info = conn.execute(f"PRAGMA table_info({_quote(name)})").fetchall()
    names = [str(row[1]) for row in info]
    definitions = _definitions(sql) if type_ == "table" else []
    shadows = _shadows(conn, name) if type_ == "virtual table" else ()
    by_column: dict[str, str] = {}
    table_constraints: list[str] = []
    for definition in definitions:
        first = _first_identifier(definition)
        if first in names:
            by_column[first] = definition
        else:
            table_constraints.append(definition)
    foreign = {
        str(row[3]): f"REFERENCES {row[2]}({row[4]})"
        for row in conn.execute(f"PRAGMA foreign_key_list({_quote(name)})")
    }
    unique_single, indexes = _indexes(conn, name)
    pk_columns = [row for row in info if row[5]]
    kind = kinds.get(name)
    columns: list[Column] = []
    for _, raw_name, column_type, notnull, default, pk in info:
        column = str(raw_name)
        constraints: list[str] = []
        if pk and len(pk_columns) == 1:
            constraints.append("PRIMARY KEY")
        if notnull:
            constraints.append("NOT NULL")
        if column in unique_single:
            constraints.append("UNIQUE")
        definition = by_column.get(column, "")
        collate = re.search(r"\bCOLLATE\s+(\w+)", definition, re.IGNORECASE)
        if collate:
            constraints.append(f"COLLATE {collate.group(1).upper()}")
        if default is not None:
            constraints.append(f"DEFAULT {default}")
        if column in foreign:
            constraints.append(foreign[column])
        constraints += _checks(definition)
        columns.append(
            Column(column, str(column_type), tuple(constraints), _column_note(name, column, kind))
        )
    return Relation(
        name=name,
        type=type_,
        migration=migration,
        columns=tuple(columns),
        table_constraints=tuple(table_constraints),
        indexes=tuple(indexes),
        triggers=tuple(_triggers(conn, name)),
        kind=kind,
        sql=sql,
        shadows=shadows,
    )


def _column_note(table: str, column: str, kind: Kind | None) -> str:
    notes = []
    if kind is not None and column == "record":
        notes.append("this row's place in the chain (`records.seq`); not hashed")
    elif kind is not None and column in kind.json_columns:
        notes.append("hashed, JSON")
    elif kind is not None and column in kind.hashed:
        notes.append("hashed")
    if (table, column) in COLUMN_NOTES:
        notes.append(COLUMN_NOTES[(table, column)])
    return "; ".join(notes)


def _indexes(conn: sqlite3.Connection, table: str) -> tuple[set[str], list[Index]]:
    """Columns with a single-column UNIQUE constraint, and the named indexes, by name."""
    unique: set[str] = set()
    named = []
    for _, index, is_unique, origin, _partial in conn.execute(
        f"PRAGMA index_list({_quote(table)})"
    ).fetchall():
        columns = tuple(
            str(row[2]) for row in conn.execute(f"PRAGMA index_info({_quote(index)})").fetchall()
        )
        if origin == "u" and len(columns) == 1:
            unique.add(columns[0])
        elif origin == "c":
            named.append(Index(str(index), columns, bool(is_unique)))
    return unique, sorted(named, key=lambda index: index.name)


def _triggers(conn: sqlite3.Connection, table: str) -> list[Trigger]:
    rows = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? "
        "ORDER BY rowid",
        (table,),
    ).fetchall()
    found = []
    for name, sql in rows:
        text = " ".join(str(sql).split())
        when = re.search(
            r"\b(BEFORE|AFTER|INSTEAD OF)\s+(INSERT|UPDATE|DELETE)\b", text, re.IGNORECASE
        )
        message = re.search(r"RAISE\s*\(\s*\w+\s*,\s*'((?:[^']|'')*)'\s*\)", text, re.IGNORECASE)
        begin = re.search(r"\bBEGIN\b", text, re.IGNORECASE)
        body = re.sub(r"'(?:[^']|'')*'", "''", text[begin.end() :] if begin else "")
        writes = re.findall(
            r"\b(?:INSERT\s+INTO\s+|DELETE\s+FROM\s+|UPDATE\s+(?=\w+\s+SET\b))(\w+)",
            body,
            re.IGNORECASE,
        )
        found.append(
            Trigger(
                str(name),
                f"{when.group(1).upper()} {when.group(2).upper()}" if when else text,
                message.group(1).replace("''", "'") if message else None,
                tuple(dict.fromkeys(writes)),
            )
        )
    return found


def _definitions(sql: str) -> list[str]:
    """The column definitions and table constraints of a `CREATE TABLE`, whitespace-normalised:
    the text between its outer parentheses split at top-level commas."""
    start = sql.find("(")
    end = sql.rfind(")")
    if start < 0 or end <= start:
        return []
    parts = []
    depth = 0
    quote = ""
    current = ""
    for char in sql[start + 1 : end]:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"`":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += char
    parts.append(current)
    return [" ".join(part.split()) for part in parts if part.strip()]


def _first_identifier(definition: str) -> str:
    match = re.match(r"""\s*["`\[]?([^\s"`\]]+)""", definition)
    return match.group(1) if match else ""


def _checks(definition: str) -> list[str]:
    """Every `CHECK (...)` clause in a column definition, with balanced parentheses."""
    found = []
    for match in re.finditer(r"\bCHECK\s*\(", definition, re.IGNORECASE):
        depth = 0
        for position in range(match.end() - 1, len(definition)):
            depth += {"(": 1, ")": -1}.get(definition[position], 0)
            if depth == 0:
                found.append("CHECK " + definition[match.end() - 1 : position + 1])
                break
    return found


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _cell(text: str) -> str:
    """Text for a Markdown table cell: pipes escaped (GitHub honours `\\|` in code spans)."""
    return text.replace("|", "\\|")


def _migration_doc(migration: migrations.Migration) -> str:
    doc = migration.run.__doc__
    if doc:
        return " ".join(doc.split())
    return MIGRATION_NOTES.get(migration.name, "(no docstring)")


def _description(relation: Relation, schema: Schema) -> str:
    if relation.name in DESCRIPTIONS:
        return DESCRIPTIONS[relation.name]
    for migration in schema.migrations:
        if migration.name == relation.migration:
            return f"Made by `{migration.name}`: {_migration_doc(migration)}"
    return "(no description yet: add one to `DESCRIPTIONS` in `tools/schema_doc.py`)"


def render(schema: Schema) -> str:
    """The Markdown page for `schema`: the introduction, then a section per table and view."""
    pragmas = schema.pragmas
    count = len(schema.migrations)
    triggers = sum(
        trigger.message is not None
        for relation in schema.relations
        for trigger in relation.triggers
    )
    append_only = [relation for relation in schema.relations if _append_only(relation)]
    lines = [
        "# Ledger schema",
        "",
        "Generated from a freshly created ledger by `make docs` "
        "(`python -m tools.schema_doc`); do not edit by hand. "
        "`tests/ledger/test_schema_doc.py` fails when this file is stale.",
        "",
        "## The file",
        "",
        "- **One SQLite file per campaign.** Commands use `--ledger PATH`, else the "
        f"`{LEDGER_ENV}` environment variable, else `{DEFAULT_LEDGER}` in the current folder. "
        "`adjudicator init` creates it; `adjudicator ledger backup DEST` copies it safely "
        "while others keep writing (SQLite's online backup API).",
        f"- **Journal mode {pragmas['journal_mode']}** (stored in the file): readers never "
        "block the writer. Every connection also sets "
        f"`foreign_keys = {pragmas['foreign_keys']}`, "
        f"`synchronous = {pragmas['synchronous']}` (a record reported as written survives a "
        f"power cut) and `busy_timeout = {pragmas['busy_timeout']}` ms "
        f"({BUSY_TIMEOUT_MS / 1000:g} s); writes take the lock up front with "
        "`BEGIN IMMEDIATE` and retry a busy file with backoff, so two processes queue "
        "instead of failing half way.",
        f"- **Append-only, enforced by SQLite itself.** {triggers} triggers abort any "
        f"`UPDATE` or `DELETE` on the {len(append_only)} tables marked append-only below "
        "(`records`, `record_kinds`, every chained table and any other a migration makes "
        "append-only), so even an edit made outside adjudicator is refused. A change is a new "
        "record: a correction is a new ruling plus a status record, an undo in a fight is a "
        "new step.",
        "",
        "## The hash chain",
        "",
        f"Every record, of the {len(schema.kinds)} kinds listed below, is one row in its "
        "kind's table plus "
        "one row in `records`, numbered by `seq` from 1. Its hash is",
        "",
        "```text",
        'hash = sha256(prev_hash + "\\n" + canonical_json({"seq", "kind", "key", "row"}))',
        "```",
        "",
        "where `prev_hash` is the previous record's `hash` (for the first record, "
        f"`{GENESIS[:8]}...`, 64 zeros), `canonical_json` sorts keys and leaves out spaces, "
        "and `row` maps each hashed column of the kind (every column but `record`, in the "
        "order `record_kinds.columns` lists them) to its stored value. A column added to a "
        "chained table by a later migration is not hashed, so new data goes in a new table.",
        "",
        "`adjudicator ledger verify` runs SQLite's `PRAGMA integrity_check`, then walks "
        "`records` in `seq` order and recomputes every hash from the rows themselves. It "
        "names the first record that does not match: a `seq` missing, a `prev_hash` that is "
        "not the previous `hash`, a row whose content changed, a chain record whose row is "
        "gone, or a row with no chain record. Changing, removing or reordering anything "
        "breaks the chain from that record on. It then checks that every append-only "
        "trigger is present and unchanged. What a keyless chain cannot catch (the last "
        "records cut, every hash recomputed after an edit) and how a kept chain head "
        "(`COUNT:HASH`, `ledger verify --head`) catches it is in "
        "[ledger-integrity.md](ledger-integrity.md).",
        "",
        "The chained kinds and their tables:",
        "",
        "| kind | table | hashed columns | JSON columns |",
        "|---|---|---|---|",
    ]
    for kind in schema.kinds:
        hashed = ", ".join(f"`{column}`" for column in kind.hashed)
        jsons = ", ".join(f"`{column}`" for column in kind.json_columns) or "none"
        lines.append(f"| `{kind.kind}` | [`{kind.table}`](#{kind.table}) | {hashed} | {jsons} |")
    lines += [
        "",
        "## Migrations",
        "",
        "The schema is built by named migrations applied in order, once each, inside one "
        "write transaction (`adjudicator/ledger/migrations/`, one module each). Each applied "
        "migration is logged in `ledger_migrations`, and `PRAGMA user_version` holds how many "
        "have been "
        f"applied: the schema version, {pragmas['user_version']} for this code. A fresh "
        "ledger runs them all; opening an older ledger runs the ones it lacks; a ledger "
        "that names a migration this code does not know was made by a newer adjudicator "
        "and is refused. New migrations are appended at the end; a shipped one is never "
        "edited.",
        "",
        "| # | migration | what it does | creates |",
        "|---|---|---|---|",
    ]
    for position, migration in enumerate(schema.migrations, start=1):
        made = ", ".join(f"`{name}`" for name in schema.created_by.get(migration.name, ()))
        lines.append(
            f"| {position} | `{migration.name}` | {_cell(_migration_doc(migration))} "
            f"| {made or 'nothing new'} |"
        )
    lines += ["", f"There are {count} migrations.", "", "## Tables and views", ""]
    for relation in schema.relations:
        lines += _section(relation, schema)
    return "\n".join(lines).rstrip() + "\n"


def _append_only(relation: Relation) -> bool:
    """Whether triggers refuse both UPDATE and DELETE on the table (`migrations.append_only`)."""
    refused = {trigger.when for trigger in relation.triggers if trigger.message is not None}
    return {"BEFORE UPDATE", "BEFORE DELETE"} <= refused


def _section(relation: Relation, schema: Schema) -> list[str]:
    origin = (
        "created by `migrations.apply` before any migration"
        if relation.migration == _BY_APPLY
        else f"created by `{relation.migration}`"
        if relation.migration
        else "not made by any known migration"
    )
    title = relation.name if relation.type == "table" else f"{relation.name} ({relation.type})"
    lines = [f"### {title}", "", _description(relation, schema), ""]
    facts = [origin]
    if relation.kind is not None:
        facts.append(f"chained, record kind `{relation.kind.kind}`")
    elif relation.type == "table" and relation.name != "records":
        facts.append("not in the hash chain")
    if _append_only(relation):
        facts.append("append-only")
    lines += ["*" + "; ".join(facts) + ".*", ""]
    if relation.type != "table":
        lines += ["| column |", "|---|"]
        lines += [f"| `{column.name}` |" for column in relation.columns]
        lines += ["", "```sql", relation.sql.strip(), "```", ""]
        if relation.shadows:
            names = ", ".join(f"`{name}`" for name in relation.shadows)
            lines += [f"SQLite keeps its data in the shadow tables {names}.", ""]
        return lines
    lines += ["| column | type | constraints | notes |", "|---|---|---|---|"]
    for column in relation.columns:
        constraints = " ".join(f"`{_cell(text)}`" for text in column.constraints)
        lines.append(
            f"| `{column.name}` | {column.type or '-'} | {constraints} | {_cell(column.note)} |"
        )
    lines.append("")
    if relation.table_constraints:
        lines += ["Table constraints:", ""]
        lines += [f"- `{text}`" for text in relation.table_constraints]
        lines.append("")
    if relation.indexes:
        lines += ["Indexes:", ""]
        lines += [
            f"- `{index.name}` on ({', '.join(index.columns)})"
            + (", unique" if index.unique else "")
            for index in relation.indexes
        ]
        lines.append("")
    if relation.triggers:
        lines += ["Triggers:", ""]
        for trigger in relation.triggers:
            effect = f': aborts with "{trigger.message}"' if trigger.message else ""
            if trigger.writes:
                targets = ", ".join(f"`{table}`" for table in trigger.writes)
                effect += f": writes to {targets}"
            lines.append(f"- `{trigger.name}` ({trigger.when}){effect}")
        lines.append("")
    return lines


def main() -> None:
    """Print the Markdown (`python -m tools.schema_doc > docs/ledger-schema.md`)."""
    sys.stdout.write(schema_markdown())


if __name__ == "__main__":
    main()
