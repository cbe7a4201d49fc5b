"""The ruling log exported (Markdown, HTML, CSV, JSON) and JSON imported back."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from datetime import UTC, timedelta, timezone
from pathlib import Path

import pytest

from adjudicator.ledger import records
from adjudicator.ledger.database import Ledger, open_ledger
from adjudicator.ledger.errors import FileRefused, FolderMissing, ImportRefused
from adjudicator.ledger.files import write_file
from adjudicator.ledger.io.export import ExportFormat, export
from adjudicator.ledger.io.importing import import_ledger
from adjudicator.ledger.io.json_export import to_json
from adjudicator.ledger.io.log import ExportFilter
from adjudicator.ledger.policies import announce
from adjudicator.ledger.rulings import Implementation, Proposal, Status, StatusChange, Verdict
from adjudicator.ledger.rulings import add_ruling as record
from adjudicator.ledger.sessions import end_session, start_session
from adjudicator.rules.words import parse_words
from tests.ledger.helpers import new_ledger, seat_table, snapshot

NASTY = 'make <script>alert("x")</script> | [click](javascript:evil) #tag\nsecond line'


@pytest.fixture
def campaign(tmp_path: Path) -> Iterator[Ledger]:
    """Two sessions: rulings, a correction, a policy that supersedes, user text that bites."""
    with new_ledger(tmp_path / "campaign.sqlite") as ledger:
        seat_table(ledger)
        snazzle = "Snazzle"
        record(
            ledger,
            Proposal(
                snazzle,
                parse_words("Steal Fire"),
                "steal the torch's fire",
                Verdict.APPROVED,
                implementation=Implementation(area="the torch", damage="none"),
            ),
        )
        record(
            ledger,
            Proposal(
                snazzle,
                parse_words("Steal Ball"),
                NASTY,
                Verdict.VETOED,
                needs=parse_words("Trap"),
                reason='a, b, "c"\nand d',
            ),
        )
        record(
            ledger,
            Proposal(
                "Grum", parse_words("Smash Lead"), "smash the door with lead", Verdict.APPROVED
            ),
            changes=[StatusChange("R1", Status.DISTINGUISHED, "a door is not a torch")],
        )
        end_session(ledger)
        announce(ledger, "Stealing fire now needs [Hand]", supersedes=["R1", "C5"], concept="Hand")
        start_session(ledger, "The mill")
        record(
            ledger, Proposal(snazzle, parse_words("Steal Trap"), "steal the trap", Verdict.APPROVED)
        )
        yield ledger


def test_markdown_is_a_book_grouped_by_session_with_stable_anchors(campaign: Ledger) -> None:
    """ "Markdown: a readable book of rulings grouped by session ... works as an Obsidian note
    (headings, tables, stable anchors)." (issue 3)"""
    text = export(campaign, ExportFormat.MARKDOWN)
    assert text.startswith('---\ntitle: "Ruling log: Shadehill"\n')
    headings = re.findall(r"^(#+) (.+)$", text, flags=re.MULTILINE)
    top = [title for level, title in headings if level == "##"]
    assert top == ["Contents", "Session 1", "Session 2", "Appendix: Canon"]
    entries = [title for level, title in headings if level == "###"]
    assert entries[:5] == ["R1", "R2", "R3", "P1", "R4"] and entries[-2:] == ["C14", "C15"]
    assert "- [Session 1](#session-1): 3 rulings, 1 policy" in text
    session_1 = text[text.index("## Session 1") : text.index("## Session 2")]
    assert "| Verdict | **approved** |" in session_1 and "| Area | the torch |" in session_1
    assert "| Missing Words | [Trap] |" in session_1


def test_markdown_links_policies_and_the_rulings_they_changed_both_ways(campaign: Ledger) -> None:
    """ "policy announcements shown where they were made and linked from what they
    superseded" (issue 3)"""
    text = export(campaign, ExportFormat.MARKDOWN)
    assert "| Status | superseded by [P1](#p1): Stealing fire now needs [Hand] |" in text
    assert "| Supersedes | [R1](#r1), [C5](#c5) |" in text
    assert "| Changed | distinguished [R1](#r1) |" in text
    assert "| Concept | [Hand] |" in text
    assert "| Releases | every earlier ruling, for a spell that uses [Hand] or needs it |" in text


def test_markdown_escapes_user_text_so_it_stays_in_its_cell(campaign: Ledger) -> None:
    text = export(campaign, ExportFormat.MARKDOWN)
    line = next(line for line in text.splitlines() if "alert" in line)
    assert not re.search(r"(?<!\\)<script|(?<!\\)\]\(javascript", text)
    assert line.count("|") - line.count("\\|") == 3  # the cell holds the whole intent
    assert "<br>second line" in line and "\\#tag" in line


def test_html_is_one_self_contained_file_with_contents_and_escaped_text(campaign: Ledger) -> None:
    """ "HTML: one self-contained file (no external assets) with the same content and a table
    of contents." (issue 3)"""
    text = export(campaign, ExportFormat.HTML)
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text
    assert not re.search(r"(src|href)=\"(https?:|//)|<link|<script|@import", text)
    assert "&lt;script&gt;" in text
    assert '<nav id="contents">' in text and '<a href="#session-2">Session 2</a>' in text
    for anchor in re.findall(r'href="#([^"]+)"', text):
        assert f'id="{anchor}"' in text
    assert '<article class="policy" id="p1">' in text


def test_csv_has_one_row_per_ruling_with_its_status(campaign: Ledger) -> None:
    """ "CSV: one row per ruling." """
    rows = list(csv.DictReader(io.StringIO(export(campaign, ExportFormat.CSV))))
    assert [row["id"] for row in rows][-4:] == ["R1", "R2", "R3", "R4"]
    assert len(rows) == 15 + 4
    by_id = {row["id"]: row for row in rows}
    assert by_id["R2"]["intent"] == NASTY and by_id["R2"]["needs"] == "[Trap]"
    assert by_id["R1"]["status"] == "superseded" and by_id["R1"]["status_by"] == "P1"
    assert by_id["C4"]["citation"] == "Words of Power"


def test_filters_pick_a_session_a_caster_or_a_word(campaign: Ledger) -> None:
    def ids(where: ExportFilter) -> list[str]:
        rows = csv.DictReader(io.StringIO(export(campaign, ExportFormat.CSV, where)))
        return [row["id"] for row in rows]

    assert ids(ExportFilter(session=1)) == ["R1", "R2", "R3"]
    assert ids(ExportFilter(character="grum")) == ["R3"]
    assert ids(ExportFilter(word="steal", canon=False)) == ["R1", "R2", "R4"]
    assert ids(ExportFilter(word="Trap")) == ["C9", "C10", "R2", "R4"]  # used or demanded
    book = export(campaign, ExportFormat.MARKDOWN, ExportFilter(character="Grum"))
    assert "## Session 2" not in book and "### P1" not in book


def test_exports_are_deterministic(campaign: Ledger) -> None:
    for fmt in ExportFormat:
        assert export(campaign, fmt) == export(campaign, fmt)


def test_a_json_export_imported_into_an_empty_ledger_exports_identically(
    campaign: Ledger, tmp_path: Path
) -> None:
    """ "JSON: complete and versioned; `adjudicator import` of it into an empty ledger gives an
    identical export (round-trip test)." """
    exported = export(campaign, ExportFormat.JSON)
    document = json.loads(exported)
    assert (document["format"], document["version"]) == ("adjudicator-ledger", 2)
    assert len(document["records"]) == records.verify(campaign).records
    source = tmp_path / "export.json"
    source.write_text(exported, "utf-8")
    report = import_ledger(tmp_path / "restored.sqlite", source)
    assert report.created and report.head == records.verify(campaign).head
    with open_ledger(tmp_path / "restored.sqlite") as restored:
        for fmt in ExportFormat:
            assert export(restored, fmt) == export(campaign, fmt)


def test_import_fills_a_ledger_with_no_records(campaign: Ledger, tmp_path: Path) -> None:
    source = tmp_path / "export.json"
    source.write_text(to_json(campaign), "utf-8")
    target = tmp_path / "empty.sqlite"
    from adjudicator.ledger.database import create_ledger

    create_ledger(target).close()
    assert not import_ledger(target, source).created


def test_a_filtered_json_export_is_readable_but_not_importable(
    campaign: Ledger, tmp_path: Path
) -> None:
    text = to_json(campaign, ExportFilter(session=2))
    document = json.loads(text)
    assert document["filter"] == {"session": 2, "character": None, "word": None, "canon": True}
    assert [r["key"] for r in document["records"] if r["kind"] == "ruling"] == ["R4"]
    source = tmp_path / "part.json"
    source.write_text(text, "utf-8")
    with pytest.raises(ImportRefused, match="field filter"):
        import_ledger(tmp_path / "x.sqlite", source)
    assert not (tmp_path / "x.sqlite").exists()


def _broken(exported: str, how: str) -> bytes:
    lines = exported.splitlines(keepends=True)
    if how == "latin-1":
        return exported.replace("Shadehill", "Shadehill caf\u00e9").encode("latin-1")
    if how == "truncated":
        return "".join(lines[:5]).encode()
    if how == "verdict":
        return exported.replace('"verdict": "vetoed"', '"verdict": "maybe"', 1).encode()
    if how == "tampered":
        return exported.replace("steal the trap", "steal the crown").encode()
    if how == "unknown kind":
        return exported.replace('"kind": "policy"', '"kind": "decree"').encode()
    if how == "sheet":
        return exported.replace('"level": 1', '"level": 0', 1).encode()
    raise AssertionError(how)


@pytest.mark.parametrize(
    ("how", "where", "reason"),
    [
        ("latin-1", "line 1", "not UTF-8 text"),
        ("truncated", "line 6 column 1", "not JSON"),
        ("verdict", ".row.verdict", "approved or vetoed"),
        ("tampered", ".hash", "does not match"),
        ("unknown kind", ".kind", "unknown kind 'decree'"),
        ("sheet", ".row", "levels start at 1"),
    ],
)
def test_a_malformed_import_changes_nothing_and_names_the_line_or_field(
    campaign: Ledger, tmp_path: Path, how: str, where: str, reason: str
) -> None:
    """ "Import validates everything first and writes in one transaction: a malformed file
    changes nothing and the error names the line or field." """
    source = tmp_path / "bad.json"
    source.write_bytes(_broken(to_json(campaign), how))
    target = tmp_path / "restored.sqlite"
    with pytest.raises(ImportRefused) as error:
        import_ledger(target, source)
    assert where in error.value.where and reason in error.value.reason
    assert not target.exists() and not Path(f"{target}-wal").exists()


def test_import_never_merges_into_a_ledger_with_history(campaign: Ledger, tmp_path: Path) -> None:
    source = tmp_path / "export.json"
    source.write_text(to_json(campaign), "utf-8")
    before = snapshot(campaign.path)
    with pytest.raises(ImportRefused, match="already holds"):
        import_ledger(campaign.path, source)
    assert snapshot(campaign.path) == before


def test_writing_over_a_file_needs_force_and_a_missing_folder_is_named(tmp_path: Path) -> None:
    out = tmp_path / "log.md"
    out.write_text("keep me")
    with pytest.raises(FileRefused, match="already exists") as error:
        write_file("new", out)
    assert error.value.hint == "pass --force to replace it" and out.read_text() == "keep me"
    assert write_file("new", out, force=True) == 3 and out.read_text() == "new"
    with pytest.raises(FolderMissing):
        write_file("x", tmp_path / "missing" / "log.md")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.md"]  # no partial files left


def test_an_untitled_session_shows_when_it_ran(ledger: Ledger) -> None:
    start_session(ledger)
    end_session(ledger)
    text = export(ledger, ExportFormat.MARKDOWN, ExportFilter(canon=False), UTC)
    assert re.search(
        r"^\*Started 2025-03-01 19:00:\d\d UTC, ended 2025-03-01 19:00:\d\d UTC\*$", text, re.M
    )
    assert "No rulings." in text


def test_the_readable_log_shows_times_in_the_local_zone_with_its_name(campaign: Ledger) -> None:
    """The ledger keeps UTC; the book shows the reader's time, naming the zone."""
    india = timezone(timedelta(hours=5, minutes=30))
    text = export(campaign, ExportFormat.MARKDOWN, zone=india)
    assert re.search(r"^\| Recorded \| 2025-03-02 00:30:\d\d UTC\+05:30 \|$", text, re.M)
    assert "T19:00" not in text
    html = export(campaign, ExportFormat.HTML, zone=india)
    assert re.search(r"<th>Announced</th><td>2025-03-02 00:3\d:\d\d UTC\+05:30</td>", html)
