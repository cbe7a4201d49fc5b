"""The hash chain: each record's hash covers its content and the previous record's hash."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.ledger import records
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.errors import ChainBroken
from adjudicator.ledger.records import GENESIS, canonical_json, record_hash
from tests.ledger.helpers import new_ledger, seat_table


def _tamper(path: Path, *statements: str) -> None:
    """Edit the file the way a program other than adjudicator could: triggers dropped first."""
    conn = sqlite3.connect(path, isolation_level=None)
    triggers = [
        row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'")
    ]
    for trigger in triggers:
        conn.execute(f"DROP TRIGGER {trigger}")
    for statement in statements:
        conn.execute(statement)
    conn.close()


@pytest.fixture
def seated(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    with new_ledger(path) as ledger:
        seat_table(ledger)
    return path


def _verify(path: Path) -> records.ChainReport:
    with open_ledger(path) as ledger:
        return records.verify(ledger)


def _seq_of(path: Path, table: str, where: str) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute(f"SELECT record FROM {table} WHERE {where}").fetchone()[0])


def test_an_untouched_ledger_verifies_and_reports_its_head(seated: Path) -> None:
    report = _verify(seated)
    with sqlite3.connect(seated) as conn:
        count, head = conn.execute("SELECT count(*), max(seq) FROM records").fetchone()
        last = conn.execute("SELECT hash FROM records WHERE seq = ?", (head,)).fetchone()[0]
    assert report.records == count == head
    assert report.head == last


def test_each_hash_is_sha256_over_the_previous_hash_and_canonical_content() -> None:
    """ "Each record carries a hash over its content and the previous record's hash"
    (issue 3)."""
    row = {"name": "Shadehill", "created_at": "2025-03-01T19:00:01Z"}
    content = canonical_json({"seq": 1, "kind": "campaign", "key": "Shadehill", "row": row})
    expected = hashlib.sha256(f"{GENESIS}\n{content}".encode()).hexdigest()
    assert record_hash(GENESIS, 1, "campaign", "Shadehill", row) == expected
    assert canonical_json({"b": 1, "a": "é"}) == '{"a":"é","b":1}'
    assert record_hash("1" * 64, 1, "campaign", "Shadehill", row) != expected


Tamper = Callable[[Path], tuple[str, int]]


def _changed_intent(path: Path) -> tuple[str, int]:
    _tamper(path, "UPDATE rulings SET intent = 'make this guy sing' WHERE id = 'C1'")
    return "content is not what was recorded", _seq_of(path, "rulings", "id = 'C1'")


def _changed_verdict(path: Path) -> tuple[str, int]:
    _tamper(path, "UPDATE rulings SET verdict = 'vetoed' WHERE id = 'C4'")
    return "content is not what was recorded", _seq_of(path, "rulings", "id = 'C4'")


def _deleted_row(path: Path) -> tuple[str, int]:
    seq = _seq_of(path, "rulings", "id = 'C7'")
    _tamper(path, "DELETE FROM rulings WHERE id = 'C7'")
    return "row is missing", seq


def _deleted_record(path: Path) -> tuple[str, int]:
    seq = _seq_of(path, "rulings", "id = 'C7'")
    _tamper(
        path, f"DELETE FROM rulings WHERE record = {seq}", f"DELETE FROM records WHERE seq = {seq}"
    )
    return "missing before it", seq + 1


def _rewritten_hash(path: Path) -> tuple[str, int]:
    seq = _seq_of(path, "rulings", "id = 'C2'")
    _tamper(path, f"UPDATE records SET hash = '{'a' * 64}' WHERE seq = {seq}")
    return "content is not what was recorded", seq


def _changed_hand(path: Path) -> tuple[str, int]:
    with sqlite3.connect(path) as conn:
        seq = conn.execute("SELECT max(record) FROM deck_versions").fetchone()[0]
    _tamper(
        path, f"UPDATE deck_versions SET deck = json_set(deck, '$.build', 99) WHERE record = {seq}"
    )
    return "content is not what was recorded", seq


def _row_without_record(path: Path) -> tuple[str, int]:
    _tamper(
        path,
        "PRAGMA foreign_keys = OFF",
        "INSERT INTO players (name, session, joined_at, record) VALUES ('Mallory', NULL, "
        "'2025-03-01T19:00:00Z', 9999)",
    )
    return "a row with no record in the chain", 9999


@pytest.mark.parametrize(
    "tamper",
    [_changed_intent, _changed_verdict, _deleted_row, _deleted_record, _rewritten_hash,
     _changed_hand, _row_without_record],
)  # fmt: skip
def test_verify_names_the_first_record_that_does_not_match(seated: Path, tamper: Tamper) -> None:
    """ "`adjudicator ledger verify` recomputes the chain and names the first record that does
    not match." (issue 3)"""
    reason, seq = tamper(seated)
    with pytest.raises(ChainBroken) as error:
        _verify(seated)
    assert error.value.seq == seq
    assert reason in error.value.reason
    assert f"record {seq}" in error.value.message


def test_append_outside_a_write_transaction_is_a_programming_error(tmp_path: Path) -> None:
    with new_ledger(tmp_path / "c.sqlite") as ledger, pytest.raises(RuntimeError):
        records.append(ledger, "player", "Ann", {"name": "Ann", "session": None, "joined_at": "x"})
