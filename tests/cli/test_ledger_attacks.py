"""Issue 11's attacks through the real command line: each is typed as a user (or a player who
holds the file) would, against a real ledger file, and must end in a clear error and exit 1
with the ledger untouched, or in output that is safe to show."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.ledger.rulings import Implementation, Proposal, Verdict, add_ruling
from adjudicator.rules.words import parse_words
from tests.ledger.helpers import new_ledger, seat_table, snapshot

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
#: What an intent typed by a prankster holds: set the window title, clear the screen.
ESCAPES = "steal the fire\x1b]0;pwned\x07\x1b[2J"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Session 1 open with Ann (Snazzle) and Bram (Grum), and R1 whose intent holds escapes."""
    path = tmp_path_factory.mktemp("template") / "campaign.sqlite"
    with new_ledger(path) as ledger:
        seat_table(ledger)
        add_ruling(
            ledger,
            Proposal(
                "Snazzle",
                parse_words("[Steal] [Fire]"),
                ESCAPES,
                Verdict.VETOED,
                implementation=Implementation(note="=1+1"),
            ),
        )
    return path


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(template, path)
    return path


def run(ledger: Path, *args: str, code: int = 0) -> Any:
    """Run a command on `ledger`; return the result (checked for its exit code)."""
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "400"})
    assert result.exit_code == code, result.output
    if code == 1:
        assert result.stderr.startswith("error: ") and "Traceback" not in result.output
    return result


def _refused(book: Path, *args: str) -> str:
    before = snapshot(book)
    result = run(book, *args, code=1)
    assert snapshot(book) == before
    return " ".join(result.stderr.split())


@pytest.mark.parametrize(
    "target",
    ["{book}", "{folder}/sub/../campaign.sqlite", "{book}-wal", "{folder}/link.md"],
)
def test_export_and_backup_with_force_refuse_the_ledger_however_it_is_named(
    book: Path, target: str
) -> None:
    """ "`adjudicator export --out campaign.sqlite --force` today writes Markdown over the live
    ledger" and "`ledger backup sub/../campaign.sqlite --force` gets past today's same-path
    guard" (issue 11)."""
    (book.parent / "sub").mkdir()
    (book.parent / "link.md").symlink_to(book)
    out = target.format(book=book, folder=book.parent)
    assert "nothing is ever written over it" in _refused(book, "export", "--out", out, "--force")
    assert "nothing is ever written over it" in _refused(book, "ledger", "backup", out, "--force")
    assert run(book, "ledger", "verify").exit_code == 0


def test_combat_board_svg_with_force_refuses_the_ledger(book: Path) -> None:
    """ "`combat board --svg campaign.sqlite --force` writes an SVG over it." (issue 11)"""
    run(book, "combat", "start", "--seed", "7")
    assert "nothing is ever written over it" in _refused(
        book, "combat", "board", "--svg", str(book), "--force"
    )
    svg = book.parent / "board.svg"
    run(book, "combat", "board", "--svg", str(svg))
    assert svg.read_text().startswith("<svg")


def test_predictions_never_replace_the_default_ledger(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`eval ... --out` writes predictions; the campaign ledger of the folder is never one."""
    from adjudicator.cli.evaluate import write_predictions
    from adjudicator.ledger.errors import FileRefused

    monkeypatch.chdir(book.parent)
    monkeypatch.delenv("ADJUDICATOR_LEDGER", raising=False)
    with pytest.raises(FileRefused, match="nothing is ever written over it"):
        write_predictions(Path("campaign.sqlite"), [{"id": 1}])
    write_predictions(Path("predictions.jsonl"), [{"id": 1}])
    assert Path("predictions.jsonl").read_text() == '{"id": 1}\n'


def test_an_unfinished_init_is_named_and_init_force_finishes_it(tmp_path: Path) -> None:
    """ "an empty file is reported as 'an unfinished init; remove it or pass --force'" """
    path = tmp_path / "campaign.sqlite"
    path.touch()
    for command in (["ruling", "list"], ["init"]):
        result = run(path, *command, code=1)
        assert "an unfinished init; remove it or pass --force" in " ".join(result.stderr.split())
    run(path, "init", "--force", "--no-canon")
    assert run(path, "ledger", "verify").exit_code == 0
    assert "never overwritten" in run(path, "init", "--force", code=1).stderr


def test_head_verify_backup_and_export_print_the_head(book: Path, tmp_path: Path) -> None:
    """ "`adjudicator ledger head` prints the chain head as `COUNT:HASH` ... Every export, backup
    and `ledger verify` prints the head" (issue 11)."""
    head = run(book, "ledger", "head").stdout.strip()
    count, _, digest = head.partition(":")
    assert count.isdigit() and len(digest) == 64
    assert run(book, "ledger", "head", "--json").stdout.count(head) == 1
    assert f"Chain head: {head}" in run(book, "ledger", "verify").stdout
    assert json.loads(run(book, "ledger", "verify", "--json").stdout)["head"] == head
    copy = tmp_path / "copy.sqlite"
    assert f"Chain head: {head}" in run(book, "ledger", "backup", str(copy)).stdout
    assert f"Chain head: {head}" in run(book, "export", "--out", str(tmp_path / "a.md")).stdout
    printed = run(book, "export", "--format", "csv")
    assert f"Chain head: {head}" in printed.stderr and "Chain head" not in printed.stdout
    anchored = run(book, "ledger", "verify", "--head", head).stdout
    assert "still holds the anchor" in anchored


def test_verify_head_catches_a_ledger_cut_back_and_a_bad_head_is_a_clear_error(
    book: Path,
) -> None:
    """ "`ledger verify --head COUNT:HASH` fails (exit 1, naming what is missing) when that head
    is not in the chain" (issue 11)."""
    head = run(book, "ledger", "head").stdout.strip()
    seq = int(head.partition(":")[0])
    conn = sqlite3.connect(book, isolation_level=None)
    saved = dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"))
    for name in saved:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute(f"DELETE FROM rulings WHERE record = {seq}")
    conn.execute(f"DELETE FROM records WHERE seq = {seq}")
    for sql in saved.values():
        conn.execute(sql)
    conn.close()
    assert run(book, "ledger", "verify").exit_code == 0  # without an anchor it cannot tell
    err = _refused(book, "ledger", "verify", "--head", head)
    assert f"records {seq}-{seq} are missing" in err
    assert "is not a chain head" in _refused(book, "ledger", "verify", "--head", "12:abc")


def test_dropped_triggers_stop_writes_naming_verify_but_reads_go_on(book: Path) -> None:
    """ "Every command that opens a ledger runs a cheap check first ... and refuses to write on
    a failure, naming `ledger verify` for details. Reads still work, with a warning." """
    conn = sqlite3.connect(book, isolation_level=None)
    conn.execute("DROP TRIGGER rulings_no_update")
    conn.close()
    err = _refused(book, "player", "add", "Cat")
    assert "rulings_no_update is missing" in err and "adjudicator ledger verify" in err
    listed = run(book, "ruling", "list")
    assert "R1" in listed.stdout and "warning:" in listed.stderr
    assert "ledger verify" in listed.stderr
    assert "append-only protection was altered" in _refused(book, "ledger", "verify")


def test_import_head_must_be_in_the_file(book: Path, tmp_path: Path) -> None:
    """ "an optional `--head COUNT:HASH` checks it against an anchor." (issue 11)"""
    exported = tmp_path / "campaign.json"
    run(book, "export", "--format", "json", "--out", str(exported))
    head = json.loads(exported.read_text())["head"]
    restored = tmp_path / "restored.sqlite"
    err = " ".join(
        run(restored, "import", str(exported), "--head", f"3:{'f' * 64}", code=1).stderr.split()
    )
    assert "is not in the file" in err and not restored.exists()
    done = run(restored, "import", str(exported), "--head", head)
    assert f"Chain head: {head}" in done.stdout


def test_escape_sequences_in_an_intent_are_shown_inert_and_json_keeps_them(book: Path) -> None:
    """ "Terminal output strips or escapes control characters (ESC sequences in an intent must
    not set the window title or clear the screen); JSON output keeps the text exact." """
    for command in (["ruling", "show", "R1"], ["ruling", "list"], ["export"],
                    ["export", "--format", "csv"], ["export", "--format", "html"]):  # fmt: skip
        shown = run(book, *command).stdout
        assert "\x1b" not in shown and "\x07" not in shown, command
    assert "\\x1b]0;pwned\\x07" in run(book, "ruling", "show", "R1").stdout
    assert json.loads(run(book, "ruling", "show", "R1", "--json").stdout)["intent"] == ESCAPES


def test_csv_export_neutralises_formulas(book: Path) -> None:
    """ "CSV cells that begin with `=`, `+`, `-`, `@`, tab or carriage return are neutralised" """
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(run(book, "export", "--format", "csv").stdout)))
    assert rows[-1]["note"] == "'=1+1"


def test_a_non_utf8_argument_is_a_one_line_error(book: Path) -> None:
    """ "A non-UTF-8 argument is a one-line error, not a traceback." (issue 11) A real process
    gets the raw bytes, as a shell would pass them."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}
    for args in (
        [b"player", b"add", b"Caf\xe9", b"--ledger", str(book).encode()],
        [b"ruling", b"list", b"--ledger", str(book).encode() + b"\xff"],
    ):
        before = snapshot(book)
        done = subprocess.run(
            [sys.executable.encode(), b"-m", b"adjudicator", *args],
            env=env,
            capture_output=True,
            timeout=120,
        )
        err = done.stderr.decode("utf-8")
        assert done.returncode == 1, err
        assert err.startswith("error: ") and "is not UTF-8 text" in err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 2  # error + hint
        assert snapshot(book) == before
