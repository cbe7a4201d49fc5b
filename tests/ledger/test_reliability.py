"""Real processes on real files: killed writers, concurrent writers, backups while writing."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.ledger import records
from adjudicator.ledger.database import backup, integrity_check, open_ledger
from adjudicator.ledger.decks import hand_of
from adjudicator.ledger.rulings import RulingFilter, Verdict, list_rulings
from adjudicator.rules.words import Word, parse_words
from tests.ledger.helpers import ANN_WORDS, BRAM_WORDS, new_ledger, seat_table

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _writer(
    ledger: Path, caster: str, count: int, approvals: str = "", *, wait: bool = False
) -> subprocess.Popen[str]:
    """A writer process (`writer_process.py`); with `wait` it starts on a line from stdin."""
    args = [str(ledger), caster, str(count), approvals, *(["--wait"] if wait else [])]
    return subprocess.Popen(
        [sys.executable, "-m", "tests.ledger.writer_process", *args],
        cwd=ROOT,
        stdin=subprocess.PIPE if wait else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _reported(lines: list[str]) -> dict[str, str]:
    """{ruling id: intent} for every `ok` line: the rulings the command reported as recorded."""
    return {
        parts[1]: parts[2]
        for parts in (line.rstrip("\n").split(" ", 2) for line in lines)
        if parts[0] == "ok"
    }


def _check(path: Path, reported: dict[str, str]) -> dict[str, str]:
    """The ledger opens, passes integrity_check and verify, and holds every reported ruling;
    every approved ruling's Drawn Word, and only those, has left its player's hand."""
    with open_ledger(path) as ledger:
        assert integrity_check(ledger) == "ok"
        records.verify(ledger)
        held = {r.id: r for r in list_rulings(ledger, RulingFilter(canon=False))}
        for ruling_id, intent in reported.items():
            assert held[ruling_id].intent == intent
        for player, caster, words in (("Ann", "Snazzle", ANN_WORDS), ("Bram", "Grum", BRAM_WORDS)):
            spent = [
                used.word
                for r in held.values()
                if r.caster == caster and r.verdict is Verdict.APPROVED
                for used in r.words[1:]
            ]
            assert hand_of(ledger, player) == tuple(w for w in parse_words(words) if w not in spent)
        return {ruling_id: r.intent for ruling_id, r in held.items()}


@pytest.fixture
def seated(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    with new_ledger(path) as ledger:
        seat_table(ledger)
    return path


def test_a_writer_killed_mid_stream_leaves_every_reported_ruling_intact(seated: Path) -> None:
    """ "A process killed with SIGKILL in the middle of a stream of ruling inserts leaves a
    ledger that opens, passes `PRAGMA integrity_check` and `ledger verify`, and holds every
    ruling whose command reported success." (issue 3)"""
    rng = random.Random(3)
    reported: dict[str, str] = {}
    for round_number, approvals in enumerate(("Fire,Ball,Trap", "", "")):
        writer = _writer(seated, "Snazzle", 100_000, approvals)
        assert writer.stdout is not None
        lines = [writer.stdout.readline() for _ in range(rng.randint(4, 12))]
        time.sleep(rng.uniform(0, 0.03))  # land somewhere inside the next transaction
        os.kill(writer.pid, signal.SIGKILL)
        rest, _ = writer.communicate()
        assert writer.returncode == -signal.SIGKILL, round_number
        reported |= _reported(lines + rest.splitlines())
        held = _check(seated, reported)
        assert len(held) >= len(reported) > 0


def test_two_writers_at_once_lose_nothing_and_never_report_a_lock(seated: Path) -> None:
    """ "Two processes adding rulings to the same ledger at once: every ruling is there
    afterwards, no "database is locked" reaches the user." (issue 3)"""
    writers = [
        _writer(seated, "Snazzle", 40, "Fire,Ball,Trap", wait=True),
        _writer(seated, "Grum", 40, "Summon,Lead", wait=True),
    ]
    for writer in writers:  # both have loaded the CLI and wait on stdin
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready"
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    results = [writer.communicate(timeout=120) for writer in writers]
    for writer, (_, err) in zip(writers, results, strict=True):
        assert writer.returncode == 0, err
        assert "locked" not in err.lower() and "busy" not in err.lower()
    reported = _reported([line for out, _ in results for line in out.splitlines()])
    assert len(reported) == 80
    held = _check(seated, reported)
    assert sorted(held) == sorted(f"R{n}" for n in range(1, 81))
    first_half = {
        intent.split()[0] for ruling_id, intent in held.items() if int(ruling_id[1:]) <= 40
    }
    assert first_half == {"Snazzle", "Grum"}  # the two really wrote at the same time
    with open_ledger(seated) as ledger:
        assert Word("Lead") not in hand_of(ledger, "Bram")


def test_a_backup_taken_while_another_process_writes_is_consistent(
    seated: Path, tmp_path: Path
) -> None:
    """ "backup via SQLite's online backup API, safe while another process writes" """
    writer = _writer(seated, "Grum", 100_000, "Summon")
    assert writer.stdout is not None
    before = [writer.stdout.readline() for _ in range(5)]
    copies = []
    with open_ledger(seated) as ledger:
        for number in range(3):
            copies.append(backup(ledger, tmp_path / f"copy-{number}.sqlite").path)
            time.sleep(0.02)
    os.kill(writer.pid, signal.SIGKILL)
    writer.communicate()
    for copy in copies:
        assert not Path(f"{copy}-wal").exists()
        _check(copy, _reported(before))
