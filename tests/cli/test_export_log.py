"""`adjudicator export --format md|html` as the group reads it: the campaign's own rulings
first, the rulebook's canon in an appendix, times in local time with the zone."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()


@pytest.fixture
def paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The reader's machine keeps Central European Time (a POSIX TZ: no zone files needed)."""
    monkeypatch.setenv("TZ", "CET-1")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def run(ledger: Path, *args: str) -> str:
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, f"{args}: {result.output}"
    return result.stdout


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """A campaign with one ruling-free session and one policy announced in it."""
    path = tmp_path / "campaign.sqlite"
    run(path, "init", "--name", "Shadehill")
    run(path, "session", "start", "--title", "The ferry")
    run(path, "policy", "announce", "Mist needs [Mist] from now on", "--supersedes", "C1")
    return path


def test_the_markdown_log_opens_with_the_campaign_and_ends_with_the_canon(
    campaign: Path, paris: None
) -> None:
    text = run(campaign, "export", "--format", "md")
    top = re.findall(r"^## (.+)$", text, flags=re.M)
    assert top == ["Contents", "Session 1", "Appendix: Canon"]
    assert text.index("### P1") < text.index("### C1")
    assert "- [Appendix: Canon](#appendix-canon): 15 rulings" in text
    assert re.search(r"^\*The ferry · started \d{4}-\d\d-\d\d \d\d:\d\d:\d\d CET, in progress\*$",
                     text, re.M)  # fmt: skip
    assert re.search(r"^\| Announced \| \d{4}-\d\d-\d\d \d\d:\d\d:\d\d CET \|$", text, re.M)


def test_the_html_log_has_the_same_order_and_local_times(campaign: Path, paris: None) -> None:
    text = run(campaign, "export", "--format", "html")
    assert text.index('id="session-1"') < text.index('id="appendix-canon"')
    assert "<h2>Appendix: Canon</h2>" in text
    assert re.search(r"<th>Recorded</th><td>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d CET</td>", text)
    for anchor in re.findall(r'href="#([^"]+)"', text):
        assert f'id="{anchor}"' in text
