"""Attacks on a real ledger file, each performed as a user (or a player holding the file) would,
with the outcome the ledger must give (issue 11: "The ledger can be destroyed or silently
altered today: close every hole a probe found, and anchor the chain outside the file")."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.ledger import records
from adjudicator.ledger.database import backup, open_ledger, write
from adjudicator.ledger.errors import (
    ChainBroken,
    FileRefused,
    ImportRefused,
    LedgerExists,
    LedgerSuspect,
    LedgerTampered,
    NotALedger,
)
from adjudicator.ledger.fields import LIMITS, MAX_TEXT, limit
from adjudicator.ledger.fights.combats import start_combat
from adjudicator.ledger.files import write_file
from adjudicator.ledger.hashing import Head, record_hash
from adjudicator.ledger.io.csv_export import csv_cell
from adjudicator.ledger.io.export import ExportFormat, export
from adjudicator.ledger.io.importing import import_ledger
from adjudicator.ledger.io.json_export import to_json
from adjudicator.ledger.policies import announce
from adjudicator.ledger.rulings import (
    Implementation,
    Proposal,
    Verdict,
    add_ruling,
    get_ruling,
    list_rulings,
)
from adjudicator.ledger.sessions import add_player, end_session, start_session
from adjudicator.rules.words import parse_words
from tests.ledger.helpers import new_ledger, seat_table, snapshot


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A closed ledger holding a record of every kind with a text limit: the table seated, a
    policy superseding C1, a fight, session 1 ended and 2 open, one ruling (R1)."""
    path = tmp_path_factory.mktemp("template") / "campaign.sqlite"
    with new_ledger(path) as ledger:
        seat_table(ledger)
        announce(ledger, "C1 was too generous", supersedes=["C1"], concept="Speech")
        start_combat(ledger, seed=7, title="The ferry fight")
        end_session(ledger, "The party rests")
        start_session(ledger, "The mill")
        add_ruling(ledger, _veto("steal the fire"))
    return path


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    """A copy of the template for one test to attack."""
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(template, path)
    return path


def _veto(intent: str, **implementation: str) -> Proposal:
    return Proposal(
        "Snazzle",
        parse_words("[Steal] [Fire]"),
        intent,
        Verdict.VETOED,
        implementation=Implementation(**implementation),
    )


def _head(path: Path) -> Head:
    with open_ledger(path) as ledger:
        return records.chain_head(ledger)


def _verify(path: Path, anchor: Head | None = None) -> records.ChainReport:
    with open_ledger(path) as ledger:
        return records.verify(ledger, anchor)


def _sql(path: Path, *statements: str) -> None:
    """Edit the file with plain SQLite, as any program could."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.close()


def _triggers(path: Path) -> dict[str, str]:
    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"))
    finally:
        conn.close()


def _without_triggers(path: Path, *statements: str) -> None:
    """Drop every trigger, run `statements`, and put the triggers back as they were."""
    saved = _triggers(path)
    _sql(path, *(f"DROP TRIGGER {name}" for name in saved), *statements, *saved.values())


def _rehash(path: Path) -> None:
    """Recompute every record's hash in order, as someone who read records.py could."""
    with open_ledger(path) as ledger:
        rows: list[tuple[int, str]] = []
        prev = records.GENESIS
        for seq, kind, key in ledger.conn.execute(
            "SELECT seq, kind, key FROM records ORDER BY seq"
        ).fetchall():
            spec = ledger.kinds[kind]
            values = ledger.conn.execute(
                f"SELECT {', '.join(spec.columns)} FROM {spec.table} WHERE record = ?", (seq,)
            ).fetchone()
            prev = record_hash(prev, seq, kind, key, dict(zip(spec.columns, values, strict=True)))
            rows.append((seq, prev))
    statements = [f"UPDATE records SET prev_hash = '{records.GENESIS}' WHERE seq = 1"]
    previous = records.GENESIS
    for seq, digest in rows:
        statements.append(
            f"UPDATE records SET prev_hash = '{previous}', hash = '{digest}' WHERE seq = {seq}"
        )
        previous = digest
    _without_triggers(path, *statements)


# -- nothing the tool writes may replace the ledger ---------------------------------------------


def _targets(book: Path) -> dict[str, Path]:
    folder = book.parent
    (folder / "sub").mkdir()
    symlink = folder / "link.md"
    symlink.symlink_to(book)
    hardlink = folder / "hard.md"
    os.link(book, hardlink)
    with open_ledger(book) as ledger:  # a reader holds it open: -wal and -shm exist now
        ledger.conn.execute("SELECT count(*) FROM records").fetchone()
    return {
        "the ledger": book,
        "through ..": folder / "sub" / ".." / book.name,
        "a symlink": symlink,
        "a hard link": hardlink,
        "the -wal": Path(f"{book}-wal"),
        "the -shm": Path(f"{book}-shm"),
        "the -journal": Path(f"{book}-journal"),
    }


@pytest.mark.parametrize(
    "which",
    ["the ledger", "through ..", "a symlink", "a hard link", "the -wal", "the -shm",
     "the -journal"],
)  # fmt: skip
def test_an_export_with_force_never_replaces_the_ledger(book: Path, which: str) -> None:
    """ "`adjudicator export --out campaign.sqlite --force` today writes Markdown over the
    live ledger ... resolving `..`, symlinks and hard links (compare device and inode, not
    strings)" (issue 11)."""
    target = _targets(book)[which]
    before = snapshot(book)
    with open_ledger(book) as ledger:
        text = export(ledger, ExportFormat.MARKDOWN)
        with pytest.raises(FileRefused, match="nothing is ever written over it"):
            write_file(text, target, force=True, ledger=book)
    assert snapshot(book) == before
    assert _verify(book).records == before["records"].__len__()


@pytest.mark.parametrize("which", ["the ledger", "through ..", "a symlink", "a hard link",
                                   "the -wal", "the -shm"])  # fmt: skip
def test_a_backup_with_force_never_replaces_the_ledger(book: Path, which: str) -> None:
    """ "`ledger backup sub/../campaign.sqlite --force` gets past today's same-path guard and
    corrupted the ledger in 2 of 3 runs with a writer running. Same rule." (issue 11)"""
    target = _targets(book)[which]
    before = snapshot(book)
    with (
        open_ledger(book) as ledger,
        pytest.raises(FileRefused, match="nothing is ever written over it"),
    ):
        backup(ledger, target, force=True)
    assert snapshot(book) == before


def test_a_backup_being_written_is_not_a_target(book: Path, tmp_path: Path) -> None:
    """ "Every command that writes a file refuses a target that is ... a backup being
    written" (issue 11): its temporary file, or its destination while a live process writes."""
    writer = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        partial = tmp_path / f".copy.sqlite.{writer.pid}.partial"
        partial.write_bytes(b"half a backup")
        with open_ledger(book) as ledger:
            with pytest.raises(FileRefused, match="temporary file"):
                write_file("x", partial, force=True, ledger=book)
            with pytest.raises(FileRefused, match="being written by another adjudicator"):
                write_file("x", tmp_path / "copy.sqlite", force=True, ledger=book)
            with pytest.raises(FileRefused, match="being written by another adjudicator"):
                backup(ledger, tmp_path / "copy.sqlite", force=True)
        assert partial.read_bytes() == b"half a backup"
    finally:
        writer.kill()
        writer.wait()
    # the writer is gone: its leftover no longer blocks the destination
    with open_ledger(book) as ledger:
        assert backup(ledger, tmp_path / "copy.sqlite").integrity == "ok"


def test_force_replaces_through_a_temporary_file_and_a_rename(book: Path, tmp_path: Path) -> None:
    """ "`--force` overwrites through a temporary file and an atomic rename, never in place."
    A second name for the old file still reads the old bytes: it was replaced, not rewritten."""
    out = tmp_path / "log.md"
    out.write_text("old log")
    other_name = tmp_path / "kept.md"
    os.link(out, other_name)
    inode = out.stat().st_ino
    with open_ledger(book) as ledger:
        write_file(export(ledger, ExportFormat.MARKDOWN), out, force=True, ledger=book)
        backup(ledger, other_name, force=True)
    assert out.stat().st_ino != inode and out.read_text().startswith("---")
    assert not list(tmp_path.glob(".*.partial"))


def test_an_empty_file_is_an_unfinished_init_that_force_replaces(tmp_path: Path) -> None:
    """ "An `init` killed early leaves a 0-byte file that every command then rejects and
    `init` refuses to replace: ... an empty file is reported as 'an unfinished init; remove it
    or pass --force'." (issue 11)"""
    path = tmp_path / "campaign.sqlite"
    path.touch()
    with pytest.raises(NotALedger, match="an unfinished init; remove it or pass --force"):
        open_ledger(path)
    with pytest.raises(NotALedger, match="an unfinished init; remove it or pass --force"):
        new_ledger(path)
    from adjudicator.ledger.campaign import init_campaign

    with init_campaign(path, name="Again", force=True) as ledger:
        assert records.verify(ledger).records > 1
    with pytest.raises(LedgerExists):  # --force never replaces a real ledger
        init_campaign(path, force=True)


def test_init_killed_at_any_moment_leaves_no_ledger_or_a_whole_one(tmp_path: Path) -> None:
    """ "`init` is atomic (build in a temporary file, rename)" (issue 11): a real `init`
    process, killed with SIGKILL at several moments, never leaves a partial ledger."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    for attempt, delay in enumerate((0.05, 0.4, 0.8, 1.2, 1.6)):
        path = tmp_path / f"c{attempt}.sqlite"
        process = subprocess.Popen(
            [sys.executable, "-m", "adjudicator", "init", "--ledger", str(path)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if path.exists():
            assert path.stat().st_size > 0
            with open_ledger(path) as ledger:
                assert records.verify(ledger).records > 1
                assert ledger.problems == ()
        else:  # a new init succeeds, its leftovers notwithstanding
            with new_ledger(path) as ledger:
                assert records.verify(ledger).records > 1


# -- tampering is detected, and the tool says so before it writes ----------------------------------


def test_deleting_the_last_records_is_caught_by_a_kept_head(book: Path) -> None:
    """ "Today these pass `ledger verify`: deleting the last records (and their rows)" — a keyless
    chain cannot see it, but `ledger verify --head COUNT:HASH` fails naming what is missing."""
    kept = _head(book)
    seq = kept.count
    with open_ledger(book) as ledger:
        kind = ledger.conn.execute("SELECT kind FROM records WHERE seq = ?", (seq,)).fetchone()[0]
        table = ledger.kinds[kind].table
    _without_triggers(
        book, f"DELETE FROM {table} WHERE record = {seq}", f"DELETE FROM records WHERE seq = {seq}"
    )
    assert _verify(book).records == seq - 1  # documented: no anchor, no detection
    with pytest.raises(LedgerTampered, match=rf"records {seq}-{seq} are missing"):
        _verify(book, kept)


def test_recomputing_every_hash_after_an_edit_is_caught_by_a_kept_head(book: Path) -> None:
    """ "recomputing every hash after an edit" passes a keyless verify; the kept head does not."""
    kept = _head(book)
    _without_triggers(book, "UPDATE rulings SET verdict = 'approved' WHERE id = 'R1'")
    with pytest.raises(ChainBroken):
        _verify(book)
    _rehash(book)
    assert _verify(book).records == kept.count
    with pytest.raises(LedgerTampered, match=f"the anchor {kept} is not in the chain"):
        _verify(book, kept)
    with open_ledger(book) as ledger:
        assert get_ruling(ledger, "R1").verdict is Verdict.APPROVED


def test_an_earlier_head_still_verifies_after_honest_appends(book: Path) -> None:
    """A head kept last week stays in the chain as it grows."""
    kept = _head(book)
    with open_ledger(book) as ledger:
        add_player(ledger, "Cat")
    report = _verify(book, kept)
    assert report.records == kept.count + 1


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("DROP TRIGGER rulings_no_update", "rulings_no_update is missing"),
        ("DROP TRIGGER records_no_delete", "records_no_delete is missing"),
        (
            "DROP TRIGGER policies_no_delete|CREATE TRIGGER policies_no_delete BEFORE DELETE "
            "ON policies BEGIN SELECT 1; END",
            "policies_no_delete was altered",
        ),
        (
            "CREATE TRIGGER sneaky BEFORE INSERT ON rulings BEGIN SELECT RAISE(IGNORE); END",
            "unknown trigger sneaky runs before changes to rulings",
        ),
    ],
)
def test_a_missing_or_altered_trigger_fails_verify_and_stops_writes(
    book: Path, change: str, problem: str
) -> None:
    """ "`ledger verify` fails when any append-only trigger is missing or altered." and "Every
    command that opens a ledger runs a cheap check first ... and refuses to write on a failure,
    naming `ledger verify` for details. Reads still work" (issue 11)."""
    _sql(book, *change.split("|"))
    with pytest.raises(LedgerTampered, match=problem):
        _verify(book)
    before = snapshot(book)
    with open_ledger(book) as ledger:
        assert any(problem in found for found in ledger.problems)
        assert [r.id for r in list_rulings(ledger)][-1] == "R1"  # reads still work
        with pytest.raises(LedgerSuspect, match=problem) as refused:
            add_player(ledger, "Cat")
    assert "ledger verify" in (refused.value.hint or "")
    assert snapshot(book) == before


def test_an_edited_last_record_stops_writes_at_once(book: Path) -> None:
    """ "the last record's hash matches its row": the cheapest edit, caught on opening."""
    _without_triggers(book, "UPDATE rulings SET intent = 'steal the whole fire' WHERE id = 'R1'")
    with open_ledger(book) as ledger:
        assert ledger.problems and "does not match its hash" in ledger.problems[0]
        with pytest.raises(LedgerSuspect):
            add_player(ledger, "Cat")
        assert get_ruling(ledger, "R1").intent == "steal the whole fire"


def test_a_newer_schema_version_is_read_but_never_written(book: Path) -> None:
    """ "A `user_version` newer than the tool knows is refused for writing ('written by a newer
    adjudicator'), as an unknown migration already is." (issue 11)"""
    _sql(book, "PRAGMA user_version = 99")
    with open_ledger(book) as ledger:
        assert [r.id for r in list_rulings(ledger)][-1] == "R1"
        with pytest.raises(LedgerSuspect, match="written by a newer adjudicator"):
            add_player(ledger, "Cat")
    with sqlite3.connect(book) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 99
    with pytest.raises(LedgerTampered, match="written by a newer adjudicator"):
        _verify(book)


# -- import accepts only what the tool itself could have written -----------------------------------


def _exported(book: Path, tmp_path: Path) -> dict[str, object]:
    with open_ledger(book) as ledger:
        document: dict[str, object] = json.loads(to_json(ledger))
    return document


def _import(document: dict[str, object], tmp_path: Path, anchor: Head | None = None) -> Path:
    source = tmp_path / "export.json"
    source.write_text(json.dumps(document), "utf-8")
    target = tmp_path / "restored.sqlite"
    import_ledger(target, source, anchor=anchor)
    return target


def _refused(document: dict[str, object], tmp_path: Path, anchor: Head | None = None) -> str:
    with pytest.raises(ImportRefused) as error:
        _import(document, tmp_path, anchor)
    assert not (tmp_path / "restored.sqlite").exists()
    assert not list(tmp_path.glob(".restored.sqlite*"))
    return error.value.message


def test_an_export_with_its_hashes_stripped_is_refused(book: Path, tmp_path: Path) -> None:
    """ "Today import accepts a file whose hashes were stripped ... Hashes are required and
    verified" (issue 11)."""
    document = _exported(book, tmp_path)
    for item in document["records"]:  # type: ignore[attr-defined]
        del item["hash"]
    assert "required: the record's sha256" in _refused(document, tmp_path)


def test_an_export_with_its_last_records_cut_is_refused(book: Path, tmp_path: Path) -> None:
    """ "whose last records were cut ... the file's head must match its last record; an optional
    `--head COUNT:HASH` checks it against an anchor." (issue 11)"""
    document = _exported(book, tmp_path)
    kept = Head.parse(str(document["head"]))
    cut = document["records"][:-2]  # type: ignore[index]
    assert "records were cut or added" in _refused({**document, "records": cut}, tmp_path)
    relabelled = {**document, "records": cut, "head": f"{len(cut)}:{cut[-1]['hash']}"}
    assert "holds only" in _refused(relabelled, tmp_path, kept)
    restored = _import(relabelled, tmp_path)  # no anchor: a shorter, honest chain imports
    assert _verify(restored).records == kept.count - 2


def test_an_export_whose_head_is_not_the_anchor_is_refused(book: Path, tmp_path: Path) -> None:
    document = _exported(book, tmp_path)
    wrong = Head(3, "f" * 64)
    assert "is not in the file" in _refused(document, tmp_path, wrong)
    restored = _import(document, tmp_path, Head.parse(str(document["head"])))
    assert str(_head(restored)) == document["head"]


@pytest.mark.parametrize(
    ("kind", "column"),
    [(kind, column) for kind, columns in LIMITS.items() for column in columns],
)
def test_import_enforces_the_commands_limits_field_by_field(
    book: Path, tmp_path: Path, kind: str, column: str
) -> None:
    """ "Every field is validated with the same limits the commands enforce, before anything
    is written (one set of limits, defined once and used by both)." (issue 11)"""
    document = _exported(book, tmp_path)
    items = [i for i in document["records"] if i["kind"] == kind]  # type: ignore[attr-defined]
    if not items:
        pytest.skip(f"the fixture holds no {kind} record")
    items[0]["row"][column] = "x" * (limit(kind, column) + 1)
    assert f"the limit is {limit(kind, column):,}" in _refused(document, tmp_path)


def test_a_one_megabyte_note_is_refused_by_import_as_by_the_command(
    book: Path, tmp_path: Path
) -> None:
    """ "whose note is 1 MB" (issue 11): the command refuses it, and so does import."""
    from adjudicator.ledger.errors import TextTooLong

    with pytest.raises(TextTooLong, match=f"the limit is {MAX_TEXT}"):
        _veto("steal the fire", note="n" * 1_000_000)
    document = _exported(book, tmp_path)
    ruling = next(i for i in document["records"] if i["row"].get("id") == "R1")  # type: ignore[attr-defined]
    ruling["row"]["note"] = "n" * 1_000_000
    assert f"the limit is {MAX_TEXT:,}" in _refused(document, tmp_path)


def test_a_ledger_that_already_holds_an_oversize_note_still_lists_shows_and_exports(
    book: Path,
) -> None:
    """ "A ledger that already holds a bad record (written by an older version) still lists,
    shows and exports: the reader shortens or flags, it never crashes." (issue 11)"""
    with open_ledger(book) as ledger:
        row: dict[str, records.Value] = {
            "id": "R2", "number": 2, "canon": 0, "session": 2, "caster": "Snazzle",
            "words": '[{"kind":"drawn","sense":null,"text":"Fire"}]', "intent": "i" * 5000,
            "mapping": "{}", "verdict": "vetoed", "needs": "[]", "area": None,
            "duration": None, "damage": None, "requirements": None, "note": "n" * 1_000_000,
            "reason": "r" * 50_000, "citation": None, "recorded_at": "2025-03-01T20:00:00Z",
        }  # fmt: skip
        with write(ledger):  # as an older version, with no limits, could have written it
            records.append(ledger, "ruling", "R2", row)
    with open_ledger(book) as ledger:
        assert ledger.problems == ()
        shown = get_ruling(ledger, "R2")
        assert shown.implementation.note is not None
        assert len(shown.implementation.note) <= MAX_TEXT
        assert "[cut: 1,000,000 characters stored" in shown.implementation.note
        assert len(shown.intent) <= limit("ruling", "intent")
        assert [r.id for r in list_rulings(ledger)][-1] == "R2"
        for fmt in ExportFormat:
            assert "R2" in export(ledger, fmt)
        whole = json.loads(export(ledger, ExportFormat.JSON))
        assert whole["records"][-1]["row"]["note"] == "n" * 1_000_000  # JSON keeps it exact
        assert records.verify(ledger).records == whole["records"][-1]["seq"]


# -- output is safe to open --------------------------------------------------------------------


def test_csv_cells_that_would_start_a_formula_are_neutralised(book: Path) -> None:
    """ "CSV cells that begin with `=`, `+`, `-`, `@`, tab or carriage return are neutralised
    (OWASP's CSV-injection rule: prefix a single quote)." (issue 11)"""
    import csv
    import io

    intents = ['=HYPERLINK("http://evil","x")', "+1+1", "-2+3", "@SUM(A1)"]
    with open_ledger(book) as ledger:
        for intent in intents:
            add_ruling(ledger, _veto(intent, note="=cmd|' /C calc'!A0"))
        rows = list(csv.DictReader(io.StringIO(export(ledger, ExportFormat.CSV))))
    written = [row["intent"] for row in rows[-len(intents) :]]
    assert written == ["'" + intent.strip() for intent in intents]
    assert all(row["note"] == "'=cmd|' /C calc'!A0" for row in rows[-len(intents) :])
    assert rows[0]["intent"][0] not in "=+-@"
    # stored text is trimmed, so a leading tab or CR reaches a cell only from other text
    assert [csv_cell(c) for c in ("\tx", "\rx", "x-y", 3)] == ["'\tx", "'\\x0dx", "x-y", 3]


def test_escape_sequences_in_an_intent_are_inert_in_the_readable_log(book: Path) -> None:
    """ "ESC sequences in an intent must not set the window title or clear the screen; JSON
    output keeps the text exact." (issue 11)"""
    intent = "steal the fire\x1b]0;pwned\x07\x1b[2J"
    with open_ledger(book) as ledger:
        add_ruling(ledger, _veto(intent))
        for fmt in (ExportFormat.MARKDOWN, ExportFormat.HTML, ExportFormat.CSV):
            text = export(ledger, fmt)
            assert "\x1b" not in text and "\x07" not in text
            assert "\\x1b]0;pwned\\x07\\x1b[2J" in text.replace("\\\\", "\\").replace("\\[", "[")
        document = json.loads(export(ledger, ExportFormat.JSON))
        assert document["records"][-1]["row"]["intent"] == intent


def test_the_log_ends_with_the_chain_head_and_the_json_carries_it(book: Path) -> None:
    """ "The Markdown/HTML log shows the head at the end, so a printed or shared log is itself
    an anchor." and "the JSON export carries it" (issue 11)."""
    head = _head(book)
    with open_ledger(book) as ledger:
        markdown = export(ledger, ExportFormat.MARKDOWN)
        page = export(ledger, ExportFormat.HTML)
        document = json.loads(export(ledger, ExportFormat.JSON))
    assert str(head) in markdown.strip().splitlines()[-1]
    assert f"<code>{head}</code>" in page.split("</section>")[-1]
    assert document["head"] == str(head)


@pytest.mark.parametrize(
    "text", ["12", "12:abc", "x:" + "a" * 64, ":" + "a" * 64, "-1:" + "a" * 64]
)
def test_a_head_is_count_colon_full_hash_and_nothing_else(text: str) -> None:
    """ "`adjudicator ledger head` prints the chain head as `COUNT:HASH` (the record count and
    the last record's full hex hash)" (issue 11)."""
    from adjudicator.errors import InvalidInput

    with pytest.raises(InvalidInput, match="is not a chain head"):
        Head.parse(text)
    head = Head(58, "ab" * 32)
    assert Head.parse(f" {str(head).upper().replace('AB', 'ab', 1)} ") == head
