"""A killing blow in a fight, as the table plays it: the output says that it earns a Deck draw
("Players ... will draw from the Deck any time they fully succeed at a Skill Check or land
the killing blow on an enemy") and, when the Deck cannot deal it, offers `deck draw`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli import running


def run(ledger: Path, *args: str) -> str:
    return running.run(ledger, *args, columns=200)


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    """Ann's Snazzle against a quick-NPC Orc, round 1, Snazzle's turn; the Deck is empty."""
    path = tmp_path / "campaign.sqlite"
    for step in (
        ("init", "--name", "Shadehill"),
        ("player", "add", "Ann"),
        ("character", "add", "Snazzle", "--player", "Ann", "--snazzle"),
        ("session", "start"),
        ("combat", "start", "--seed", "7"),
        ("combat", "add", "--character", "Snazzle", "--team", "Party"),
        ("combat", "add", "--npc", "Orc", "--team", "Temple", "--weapon", "Axe"),
        ("combat", "place", "Snazzle", "D1"),
        ("combat", "place", "Orc", "D2"),
        ("combat", "initiative", "--aggressor", "Party", "--first", "Snazzle"),
    ):
        run(path, *step)
    return path


def test_downing_an_enemy_says_the_killing_blow_draws_a_word(fight: Path) -> None:
    """ "Players ... will draw from the Deck any time they ... land the killing blow on an
    enemy": the blow that downs the Orc says so, and how the Storyteller confirms it."""
    out = run(fight, "combat", "attack", "Snazzle", "Orc", "--dice", "1 4")
    assert "Orc is down" in out
    assert (
        "Deck: Snazzle lands the killing blow if Orc is declared dead "
        "(adjudicator combat dead Orc): Snazzle's player draws a Word" in out
    )


def test_a_killing_blow_the_deck_cannot_deal_offers_deck_draw(fight: Path) -> None:
    """With the Deck empty the Word stays owed, and the output gives the command that draws
    it once the Deck has cards; that command then deals it."""
    run(fight, "combat", "attack", "Snazzle", "Orc", "--dice", "1 4")
    out = run(fight, "combat", "dead", "Orc")
    offer = "adjudicator deck draw Ann --for killing-blow"
    assert f"Deck: Ann is owed a Word for the killing blow: {offer}" in out
    words = "Mist, Metal, Speech, Summon, Teleport"
    run(fight, "deck", "submit", "Ann", words)
    run(fight, "deck", "approve", "Ann")
    drawn = run(fight, *offer.split()[1:])
    assert "Ann drew [Mist] (killing_blow)" in drawn
