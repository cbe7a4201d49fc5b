"""The table's parts without models: spell requests in the ledger, the one-answer rule,
the change watcher, the run file and the tokens."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.errors import AdjudicatorError
from adjudicator.ledger import sessions
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import hand_of
from adjudicator.ledger.errors import UnknownName
from adjudicator.ledger.records import verify
from adjudicator.ledger.rulings import Proposal, Verdict, add_ruling
from adjudicator.ledger.spell_requests import (
    AlreadyRuled,
    InvalidRequest,
    answer_hook,
    get_request,
    request_spell,
)
from adjudicator.rules.words import parse_words
from adjudicator.table.access import Access, Role, Tokens
from adjudicator.table.live import Watcher
from adjudicator.table.runfile import RunInfo, read_runfile, runfile_path, write_runfile
from adjudicator.table.server import is_loopback


def _request(path: Path) -> str:
    with open_ledger(path) as book:
        return request_spell(
            book, "Bram", "Grum", parse_words("Become Speech"), "make the guard talk"
        ).id


def test_two_rulings_on_one_request_record_one(ledger_file: Path) -> None:
    """The answer is checked inside the ruling's own transaction: a second ruling that got
    past the first check (a race) is refused with everything it would have recorded."""
    request = _request(ledger_file)
    proposal = Proposal("Grum", parse_words("Become Speech"), "make the guard talk",
                        Verdict.APPROVED)  # fmt: skip
    with open_ledger(ledger_file) as book:
        first = add_ruling(book, proposal, on_recorded=answer_hook(request))
        hand = hand_of(book, "Bram")
        rulings = book.db.execute("SELECT count(*) FROM rulings").fetchone()[0]
        second = Proposal("Grum", parse_words("Become Person"), "make the guard talk",
                          Verdict.APPROVED)  # fmt: skip
        with pytest.raises(AlreadyRuled, match=f"already ruled: {first.ruling.id}"):
            add_ruling(book, second, on_recorded=answer_hook(request))
        assert book.db.execute("SELECT count(*) FROM rulings").fetchone()[0] == rulings
        assert hand_of(book, "Bram") == hand  # [Person] was not spent
        assert get_request(book, request).ruling == first.ruling.id
        verify(book)


def test_a_request_is_for_ones_own_character_in_an_open_session(ledger_file: Path) -> None:
    with open_ledger(ledger_file) as book:
        with pytest.raises(InvalidRequest, match="not Ann's character"):
            request_spell(book, "Ann", "Grum", parse_words("Become Speech"), "talk")
        with pytest.raises(InvalidRequest, match="needs an intent"):
            request_spell(book, "Bram", "Grum", parse_words("Become Speech"), "  ")
        with pytest.raises(UnknownName):
            get_request(book, "Q9")
        sessions.end_session(book)
        with pytest.raises(AdjudicatorError, match="needs a session in progress"):
            request_spell(book, "Bram", "Grum", parse_words("Become Speech"), "talk")


def test_the_watcher_sees_a_write_from_another_connection(ledger_file: Path) -> None:
    """Every open page reflects a change by anyone, the CLI included: the watcher reads the
    chain's length from its own connection."""

    async def run() -> tuple[int, int]:
        watcher = Watcher(ledger_file, poll_s=0.05)
        watcher.start()
        before = watcher.marker
        with open_ledger(ledger_file) as book:  # another writer, as the CLI would be
            sessions.add_player(book, "Cy")
        after = await watcher.wait(before, timeout=10)
        stream = watcher.events()
        first = await anext(stream)
        await watcher.stop()
        assert first.startswith("retry: 1000\nevent: change\n")
        return before, after

    before, after = asyncio.run(run())
    assert after == before + 1


def test_a_stale_run_file_is_ignored(ledger_file: Path, tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    info = RunInfo(int(dead.stdout), "127.0.0.1", 9, str(ledger_file.absolute()), "t")
    write_runfile(ledger_file, info)
    assert stat.S_IMODE(runfile_path(ledger_file).stat().st_mode) == 0o600
    assert read_runfile(ledger_file) is None  # its process is gone
    alive = RunInfo(os.getpid(), "127.0.0.1", 9, str(ledger_file.absolute()), "t")
    write_runfile(ledger_file, alive)
    assert read_runfile(ledger_file) == alive
    other = tmp_path / "other.sqlite"
    runfile_path(other).write_text(json.dumps({**alive.__dict__}), encoding="utf-8")
    assert read_runfile(other) is None  # a run file for another ledger


def test_a_token_identifies_one_role() -> None:
    tokens = Tokens("st-token", {"Ann": "ann-token", "Bram": "bram-token"})
    assert tokens.identify("st-token") == Access(Role.STORYTELLER)
    assert tokens.identify("bram-token") == Access(Role.PLAYER, "Bram")
    assert tokens.identify("bram-token ") is None
    assert tokens.identify("") is None and tokens.identify(None) is None
    links = tokens.links("http://10.0.0.2:8765/")
    assert links["storyteller"] == "http://10.0.0.2:8765/?token=st-token"


def test_only_loopback_addresses_count_as_this_machine() -> None:
    """`serve` warns when it listens beyond the machine."""
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20")
