"""The board's side panel (`combat board`, its SVG, `combat status`) as the table reads it:
"round 2", no empty ruled rows, and a downed unit out of the turn order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli import running


def run(ledger: Path, *args: str) -> str:
    return running.run(ledger, *args, columns=120)


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    """Bo and Cy (Blue) act first in round 1, then Ash (Red) downs Bo with a blow to the Head."""
    path = tmp_path / "campaign.sqlite"
    for step in (
        ("init", "--name", "Shadehill"),
        ("session", "start"),
        ("combat", "start", "--seed", "7"),
        ("combat", "add", "--npc", "Ash", "--team", "Red", "--weapon", "Axe"),
        ("combat", "add", "--npc", "Bo", "--team", "Blue", "--weapon", "Axe"),
        ("combat", "add", "--npc", "Cy", "--team", "Blue", "--weapon", "Axe"),
        ("combat", "place", "Ash", "D1"),
        ("combat", "place", "Bo", "D2"),
        ("combat", "place", "Cy", "D3"),
        ("combat", "initiative", "--aggressor", "Blue", "--first", "Bo"),
        ("combat", "end-turn", "--next", "Cy"),
        ("combat", "end-turn"),
    ):
        run(path, *step)
    assert "Bo is down" in run(path, "combat", "attack", "Ash", "Bo", "--dice", "1 4")
    return path


def test_the_terminal_panel_reads_round_and_drops_the_downed_unit(fight: Path) -> None:
    """ "Players may keep fighting and acting as long as they have Head HP remaining": Bo,
    down, leaves the turn order; the round reads "round 1", not "round 1 (rounds)"."""
    for out in (run(fight, "combat", "board"), run(fight, "combat", "status")):
        lines = [line.strip() for line in out.splitlines()]
        assert "round 1" in lines and "(rounds)" not in out
        assert "order: Cy, Ash" in lines  # the engine's order: Bo, Cy, Ash
        assert "acting: Ash (1 action left)" in lines


def test_the_svg_panel_has_no_empty_rows(fight: Path, tmp_path: Path) -> None:
    """The SVG's turn tracker rules one row per line it shows, none empty."""
    svg = tmp_path / "board.svg"
    run(fight, "combat", "board", "--svg", str(svg))
    text = svg.read_text()
    panel = re.findall(r'<text class="panel"[^>]*>(.*?)</text>', text)
    shown = [re.sub(r"<[^>]+>", "", row) for row in panel]
    assert "round 1" in shown and "order: Cy, Ash" in shown
    assert not any("(rounds)" in row for row in shown)
    assert "out of the fight: Bo (down)" in shown
    teams = text.count('<circle cx="742"')  # a row per team after the tracker's rows
    rules = re.findall(r'<line x1="720" y1="\d+" x2="985"', text)
    assert teams == 2 and len(rules) == len(shown) + teams  # a rule under each row, no more
    assert all(row.strip() for row in shown)
