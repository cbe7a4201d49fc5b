"""Migration 0005: stored intent vectors and the full-text index, derived from the chain.

"Each ruling's intent (and its concepts) is embedded once when recorded and the vectors are
stored in the ledger; an FTS5 index covers intents, Words and notes." (issue 5) No models
here: vectors are made by hand.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from adjudicator.ledger import migrations, records
from adjudicator.ledger.database import Ledger, open_ledger, write
from adjudicator.ledger.io.export import ExportFormat, export
from adjudicator.ledger.rulings import Implementation, Proposal, Verdict, add_ruling
from adjudicator.precedent.store import (
    StoredVector,
    check_derived,
    from_blob,
    fts_query,
    lexical_hits,
    load_vectors,
    store_vectors,
    stored_round_trip,
    to_blob,
)
from adjudicator.rules.words import parse_words
from tests.ledger.helpers import new_ledger, seat_table

MODEL = "test-model==1"


def _vector(seed: int) -> np.ndarray:
    vector = np.random.default_rng(seed).normal(size=384).astype(np.float32)
    return vector / np.linalg.norm(vector)


def _record(table: Ledger, intent: str, note: str | None = None) -> str:
    proposal = Proposal(
        "Snazzle", parse_words("Steal Fire"), intent, Verdict.VETOED,
        needs=parse_words("Trap"), implementation=Implementation(note=note),
    )  # fmt: skip
    return add_ruling(table, proposal).ruling.id


def test_every_ruling_canon_included_is_in_the_full_text_index(table: Ledger) -> None:
    """Canon rulings "take part like any other"; new ones join by the insert trigger."""
    ruling = _record(table, "steal the fire from the brazier", note="a smoky hall")
    hits = lexical_hits(table, fts_query("hazard zone damage") or "")
    assert hits and table.conn.execute(
        "SELECT id FROM rulings_fts WHERE rowid = ?", (hits[0][0],)
    ).fetchone() == ("C4",)
    for query, expected in (("brazier", ruling), ("smoky", ruling), ("trap", ruling)):
        found = [
            table.conn.execute("SELECT id FROM rulings_fts WHERE rowid = ?", (r,)).fetchone()[0]
            for r, _ in lexical_hits(table, fts_query(query) or "")
        ]
        assert expected in found, query
    assert hits[0][1] == 1.0  # the best hit scores 1


def test_an_old_ledger_gets_its_rulings_indexed_by_the_migration(tmp_path: Path) -> None:
    """Existing ledgers upgrade: the migration fills the index from the rulings it finds."""
    path = tmp_path / "old.sqlite"
    new_ledger(path).close()
    conn = sqlite3.connect(path)
    for statement in ("DROP TRIGGER rulings_fts_insert", "DROP TABLE rulings_fts",
                      "DROP TRIGGER ruling_vectors_no_update",
                      "DROP TRIGGER ruling_vectors_no_delete", "DROP TABLE ruling_vectors",
                      "DELETE FROM ledger_migrations WHERE name = '0005_precedent'"):  # fmt: skip
        conn.execute(statement)
    conn.commit()
    conn.close()
    with open_ledger(path) as ledger:
        assert migrations.version(ledger.conn) == len(migrations.MIGRATIONS)
        assert check_derived(ledger, MODEL).indexed == 15
        records.verify(ledger)


def test_vectors_are_stored_once_and_never_rewritten(table: Ledger) -> None:
    ruling = _record(table, "steal the fire")
    with write(table):
        assert store_vectors(table, MODEL, [StoredVector(ruling, "steal the fire", _vector(1))])
        assert not store_vectors(table, MODEL, [StoredVector(ruling, "steal the fire", _vector(2))])
    stored = load_vectors(table, MODEL)[ruling]
    assert float(stored @ _vector(1)) > 0.999
    for statement in ("UPDATE ruling_vectors SET model = 'x'", "DELETE FROM ruling_vectors"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            table.conn.execute(statement)


def test_half_precision_keeps_the_cosine(table: Ledger) -> None:
    a, b = _vector(3), _vector(4)
    assert float(from_blob(to_blob(a)) @ from_blob(to_blob(b))) == pytest.approx(
        float(a @ b), abs=0.002
    )
    assert np.allclose(stored_round_trip(a[None, :])[0], from_blob(to_blob(a)))


def test_derived_data_is_checked_against_the_chain_and_verify_still_passes(table: Ledger) -> None:
    """The vectors and the index are derived data outside the hash chain: `ledger verify`
    is unchanged, and `check_derived` finds a vector that is not its ruling's."""
    ruling = _record(table, "steal the fire")
    with write(table):
        store_vectors(table, MODEL, [StoredVector(ruling, "steal the fire", _vector(1))])
        store_vectors(table, MODEL, [StoredVector("C1", "not C1's intent", _vector(2))])
    report = check_derived(table, MODEL)
    assert (report.rulings, report.vectors, report.missing) == (16, 2, 14)
    assert report.problems == ("the vector of C1 is not of its intent",)
    assert records.verify(table).records > 0


def test_exports_do_not_carry_derived_data(table: Ledger) -> None:
    """The JSON export is the chain; vectors are rebuilt after an import."""
    before = export(table, ExportFormat.JSON)
    with write(table):
        store_vectors(table, MODEL, [StoredVector("C1", "make this guy stop talking",
                                                  _vector(1))])  # fmt: skip
    assert export(table, ExportFormat.JSON) == before


def test_user_text_never_becomes_fts_syntax() -> None:
    assert fts_query('fire" OR near(xy) *') == '"fire" OR "near" OR "xy"'
    assert fts_query("the a of") is None
    assert fts_query("", ["Metal"]) == '"metal"'


def test_a_new_ledger_has_the_precedent_tables(tmp_path: Path) -> None:
    with new_ledger(tmp_path / "c.sqlite") as ledger:
        seat_table(ledger)
        names = {r[0] for r in ledger.conn.execute("SELECT name FROM sqlite_master")}
        assert {"ruling_vectors", "rulings_fts", "rulings_fts_insert"} <= names
