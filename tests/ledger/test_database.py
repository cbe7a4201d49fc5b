"""Opening and creating ledgers: where the file is, what a missing or foreign file says, PRAGMAs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from adjudicator.ledger.database import Ledger, format_time, open_ledger
from adjudicator.ledger.errors import (
    FolderMissing,
    LedgerExists,
    LedgerNotFound,
    NewerLedger,
    NotALedger,
)
from adjudicator.ledger.location import DEFAULT_LEDGER, LEDGER_ENV, resolve_path
from tests.ledger.helpers import START, TickingClock, new_ledger


def test_the_ledger_path_is_the_option_then_the_environment_then_campaign_sqlite() -> None:
    """ "`--ledger PATH`, else `ADJUDICATOR_LEDGER`, else `campaign.sqlite` in the current
    directory." (issue 3)"""
    env = {LEDGER_ENV: "from-env.sqlite"}
    assert resolve_path("given.sqlite", env) == Path("given.sqlite")
    assert resolve_path(None, env) == Path("from-env.sqlite")
    assert resolve_path(None, {}) == DEFAULT_LEDGER == Path("campaign.sqlite")
    assert resolve_path(None, {LEDGER_ENV: "  "}) == DEFAULT_LEDGER


def test_a_missing_ledger_says_how_to_create_one(tmp_path: Path) -> None:
    """ "every other command on a missing ledger says how to create one." (issue 3)"""
    with pytest.raises(LedgerNotFound) as error:
        open_ledger(tmp_path / "nope.sqlite")
    assert error.value.hint is not None and "adjudicator init" in error.value.hint
    assert not (tmp_path / "nope.sqlite").exists()


def test_a_path_in_a_missing_folder_is_refused_naming_the_folder(tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "campaign.sqlite"
    with pytest.raises(FolderMissing) as error:
        new_ledger(path)
    assert str(tmp_path / "no" / "such") in error.value.message
    with pytest.raises(FolderMissing):
        open_ledger(path)
    assert not (tmp_path / "no").exists()


def test_init_never_overwrites_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite"
    path.write_text("my notes")
    with pytest.raises(LedgerExists):
        new_ledger(path)
    assert path.read_text() == "my notes"


def test_a_file_that_is_not_sqlite_is_not_a_ledger_and_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"not a database at all, just text" * 40)
    before = path.read_bytes()
    with pytest.raises(NotALedger):
        open_ledger(path)
    assert path.read_bytes() == before


def test_a_sqlite_file_without_the_schema_is_not_a_ledger_and_is_left_alone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "other.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    with pytest.raises(NotALedger, match="no ledger schema"):
        open_ledger(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_connections_use_wal_foreign_keys_full_sync_and_a_busy_timeout(ledger: Ledger) -> None:
    """ "WAL mode, foreign keys on, a busy timeout so a second process waits instead of
    failing." (issue 3)"""
    conn = ledger.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_ledger_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite"
    new_ledger(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO ledger_migrations VALUES ('9999_from_the_future', 'x')")
    conn.commit()
    conn.close()
    with pytest.raises(NewerLedger, match="9999_from_the_future"):
        open_ledger(path)


def test_times_are_utc_iso_to_the_second_from_an_injected_clock(tmp_path: Path) -> None:
    clock = TickingClock()
    with new_ledger(tmp_path / "a.sqlite") as first:
        assert first.now().endswith("Z")
    assert format_time(START) == "2025-03-01T19:00:00Z"
    with pytest.raises(ValueError, match="timezone-aware"):
        format_time(START.replace(tzinfo=None))
    assert clock() < clock()
