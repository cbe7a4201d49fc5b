"""The schema: versioned migrations, and tables that only ever grow."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from adjudicator.errors import AdjudicatorError
from adjudicator.ledger import migrations, records
from adjudicator.ledger.database import Ledger, guarded, open_ledger, write
from adjudicator.ledger.decks import declare_sense
from adjudicator.ledger.errors import AppendOnly
from adjudicator.ledger.policies import announce
from adjudicator.ledger.records import GENESIS, record_hash
from adjudicator.ledger.rulings import Proposal, Verdict, add_ruling, get_ruling
from adjudicator.ledger.sessions import end_session
from adjudicator.rules.words import Word, parse_words
from tests.ledger.helpers import new_ledger, schema, seat_table


def _old_ledger(path: Path, steps: int) -> None:
    """A ledger as an older adjudicator left it: the first `steps` migrations and a campaign."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN")
    migrations.apply(conn, migrations.MIGRATIONS[:steps], "2024-01-01T00:00:00Z")
    row = {"name": "Old campaign", "created_at": "2024-01-01T00:00:00Z"}
    digest = record_hash(GENESIS, 1, "campaign", "Old campaign", row)
    conn.execute(
        "INSERT INTO records VALUES (1, 'campaign', 'Old campaign', ?, ?)", (GENESIS, digest)
    )
    conn.execute("INSERT INTO campaign VALUES ('Old campaign', '2024-01-01T00:00:00Z', 1)")
    conn.execute("COMMIT")
    conn.close()


@pytest.mark.parametrize("steps", range(1, len(migrations.MIGRATIONS)))
def test_an_upgraded_old_ledger_ends_identical_to_a_fresh_one(tmp_path: Path, steps: int) -> None:
    """ "Schema under versioned migrations (a fresh ledger and an upgraded old one end
    identical; the version is stored)." (issue 3)"""
    fresh, old = tmp_path / "fresh.sqlite", tmp_path / "old.sqlite"
    new_ledger(fresh).close()
    _old_ledger(old, steps)
    with sqlite3.connect(old) as conn:
        assert migrations.version(conn) == steps
    with open_ledger(old) as upgraded:
        assert migrations.version(upgraded.conn) == len(migrations.MIGRATIONS)
        assert records.verify(upgraded).records == 1  # the old record survives, still chained
        seat_table(upgraded)  # and the upgraded ledger works
    assert schema(old) == schema(fresh)
    for path in (old, fresh):
        with sqlite3.connect(path) as conn:
            assert [r[0] for r in conn.execute("SELECT name FROM ledger_migrations")] == [
                m.name for m in migrations.MIGRATIONS
            ]
    kinds = "SELECT * FROM record_kinds ORDER BY kind"
    with sqlite3.connect(old) as a, sqlite3.connect(fresh) as b:
        assert a.execute(kinds).fetchall() == b.execute(kinds).fetchall()


def test_the_schema_version_is_stored_and_migrations_run_once(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite"
    new_ledger(path).close()
    before = schema(path)
    for _ in range(2):
        with open_ledger(path) as ledger:
            assert migrations.version(ledger.conn) == len(migrations.MIGRATIONS)
    assert schema(path) == before


CHAINED = (
    "records", "record_kinds", "campaign", "sessions", "session_ends", "players", "characters",
    "character_versions", "deck_versions", "word_senses", "rulings", "policies", "ruling_statuses",
)  # fmt: skip


@pytest.mark.parametrize("table", CHAINED)
def test_every_record_table_refuses_update_and_delete_in_sqlite_itself(
    tmp_path: Path, table: str
) -> None:
    """ "The ledger is append-only: nothing is deleted or rewritten; corrections are new
    records that point at what they supersede." (DESIGN.md) The triggers hold even for a
    program that is not adjudicator."""
    path = tmp_path / "campaign.sqlite"
    with new_ledger(path) as ledger:
        seat_table(ledger)
        announce(ledger, "Fire needs [Zone] indoors", supersedes=["C5"])
        with write(ledger):
            declare_sense(ledger, Word("Lead", "the metal"), "Bram", 1)
        end_session(ledger)
    conn = sqlite3.connect(path)
    assert conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0
    column = conn.execute(f"PRAGMA table_info({table})").fetchone()[1]
    for statement in (f"UPDATE {table} SET {column} = {column}", f"DELETE FROM {table}"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(statement)
    conn.close()


def test_rulings_and_policies_cannot_be_changed_through_the_library_either(table: Ledger) -> None:
    """ "rulings and policies are never updated or deleted" (issue 3)"""
    announce(table, "Fire needs [Zone] indoors", supersedes=["C5"])
    for statement in (
        "UPDATE rulings SET verdict = 'vetoed' WHERE id = 'C4'",
        "DELETE FROM rulings WHERE id = 'C4'",
        "UPDATE policies SET text = 'nothing' WHERE id = 'P1'",
        "DELETE FROM policies",
        "DELETE FROM ruling_statuses",
    ):
        with pytest.raises(AppendOnly), write(table), guarded(table.path):
            table.conn.execute(statement)
    assert get_ruling(table, "C4").verdict.value == "approved"
    assert records.verify(table).records > 0


def _example_tables(conn: sqlite3.Connection) -> None:
    """A later issue's kind of migration: stored embeddings, an FTS5 index over intents,
    Words and notes kept by a trigger, and nothing else touched. (The precedent issue's real
    one, 0005, is tested in tests/precedent/test_store.py; these tables have names of their own.)"""
    migrations.run_sql(
        conn,
        """
CREATE TABLE example_embeddings (
    ruling TEXT PRIMARY KEY REFERENCES rulings(id),
    model TEXT NOT NULL,
    vector BLOB NOT NULL
);
CREATE VIRTUAL TABLE example_fts USING fts5(id UNINDEXED, intent, words, note);
CREATE TRIGGER example_fts_insert AFTER INSERT ON rulings BEGIN
    INSERT INTO example_fts (id, intent, words, note) VALUES (
        new.id, new.intent,
        (SELECT group_concat(json_extract(value, '$.text'), ' ') FROM json_each(new.words)),
        coalesce(new.note, '') || ' ' || coalesce(new.reason, ''));
END;
""",
    )


def test_later_issues_can_extend_the_schema_by_migration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "The combat issue adds its own tables by migration" (issue 3); so does precedent
    (issue 5): embeddings per ruling and an FTS5 index, appended after the ledger's own steps.
    Existing ledgers upgrade, records keep their hashes, and new rulings are indexed."""
    path = tmp_path / "campaign.sqlite"
    with new_ledger(path) as ledger:
        seat_table(ledger)
    extended = (*migrations.MIGRATIONS, migrations.Migration("0099_example", _example_tables))
    monkeypatch.setattr(migrations, "MIGRATIONS", extended)
    with open_ledger(path) as ledger:
        assert migrations.version(ledger.conn) == len(extended)
        add_ruling(
            ledger,
            Proposal("Snazzle", parse_words("Steal Mist"), "steal the mist", Verdict.APPROVED),
        )
        found = ledger.conn.execute(
            "SELECT id FROM example_fts WHERE example_fts MATCH 'mist AND steal'"
        ).fetchall()
        assert found == [("R1",)]
        with write(ledger):
            ledger.conn.execute(
                "INSERT INTO example_embeddings VALUES ('R1', 'all-MiniLM-L6-v2', x'00')"
            )
        records.verify(ledger)


def test_each_migration_is_its_own_module_registered_under_the_name_ledgers_recorded() -> None:
    """Issue 12: "migrations (one module per migration, registered where defined)". The names
    are those existing ledgers logged in `ledger_migrations`, so old files still open."""
    folder = Path(migrations.__file__).parent
    modules = sorted(path.stem for path in folder.glob("m[0-9][0-9][0-9][0-9]_*.py"))
    assert [f"m{m.name}" for m in migrations.MIGRATIONS] == modules
    assert [m.name for m in migrations.MIGRATIONS][:6] == [
        "0001_chain_and_roster",
        "0002_deck_and_senses",
        "0003_rulings_and_policies",
        "0004_combats",
        "0005_precedent",
        "0006_spell_requests",
    ]


@pytest.mark.parametrize(
    ("numbers", "problem"),
    [((1, 2, 2), "number 0002 is used twice"), ((1, 3), "0002 is missing before 0003_step")],
)
def test_migration_numbers_must_be_unique_and_consecutive(
    numbers: tuple[int, ...], problem: str
) -> None:
    """A duplicate or a gap would let two versions of the code disagree about what a schema
    version (`PRAGMA user_version`: how many migrations ran) means: refused at import."""
    steps = [migrations.Migration(f"{n:04d}_step", _example_tables) for n in numbers]
    with pytest.raises(migrations.MigrationOrderError, match=problem) as refused:
        migrations.check_sequence(steps)
    assert isinstance(refused.value, AdjudicatorError)
    assert migrations.check_sequence(steps[:1]) == tuple(steps[:1])
