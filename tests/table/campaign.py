"""A small campaign for the table's tests, built with the ledger library (no models).

Ann plays Snazzle and has submitted nothing yet (she submits from her phone); Bram plays
Grum ([Smash] [Become] [Stone]) and holds [Lead] (the metal), [Person], [Summon], [Metal],
[Speech]; session 1 is open; a fight F1 has Snazzle, Grum and an Orc (a Fate Weaver with
[Bind] and [Fly] in hand, so it can counterspell) on the board, Snazzle acting first.
`murdham_fight` adds a Murdham fight F2 after it, for the tests of another system's board.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from adjudicator.ledger import characters, decks, sessions
from adjudicator.rules.characters import snazzle
from adjudicator.rules.deck import DrawReason
from tests.ledger.helpers import declared, grum, new_ledger


def build_campaign(path: Path, *, fight: bool = True) -> Path:
    with new_ledger(path) as ledger:
        sessions.add_player(ledger, "Ann")
        sessions.add_player(ledger, "Bram")
        characters.add_character(ledger, snazzle(), "Ann")
        characters.add_character(ledger, grum(), "Bram")
        sessions.start_session(ledger, "The ferry")
        senses = {"Lead": "the metal"}
        decks.submit(ledger, "Bram", declared("Lead, Person, Summon, Metal, Speech", senses))
        decks.approve(ledger, "Bram", senses=senses)
        for _ in range(5):
            decks.draw(ledger, "Bram", DrawReason.SKILL_CHECK_FULL_SUCCESS)
    if fight:
        _fight(path)
    return path


def _fight(path: Path) -> None:
    """The fight, set up with the CLI as a Storyteller would."""
    _run(path, (
        ["combat", "start", "--seed", "7", "--title", "The ferry deck"],
        ["combat", "add", "--character", "Snazzle", "--team", "Party"],
        ["combat", "add", "--character", "Grum", "--team", "Party"],
        [
            "combat",
            "add",
            "--npc",
            "Orc",
            "--team",
            "Bandits",
            "--weapon",
            "Axe",
            "--words",
            "[Bind]",
            "--hand",
            "[Fly]",
        ],
        ["combat", "place", "Snazzle", "D3"],
        ["combat", "place", "Grum", "D4"],
        ["combat", "place", "Orc", "D7"],
        ["combat", "initiative", "--aggressor", "Party", "--first", "Snazzle"],
    ))  # fmt: skip


def murdham_fight(path: Path) -> None:
    """A Murdham fight F2, started after the Words of Power one: Grum (Bram's) against a
    bandit on the Deck, Grum taking the Party's turn."""
    _run(path, (
        ["combat", "start", "--system", "murdham", "--seed", "1", "--title", "The ferry ramp"],
        ["combat", "murdham", "zone", "Deck"],
        ["combat", "murdham", "add", "Grum", "--faction", "Party", "--zone", "Deck"],
        ["combat", "murdham", "add", "Bandit", "--faction", "Bandits", "--zone", "Deck"],
        ["combat", "murdham", "begin", "--starter", "Party"],
        ["combat", "murdham", "turn", "Grum"],
    ))  # fmt: skip


def _run(path: Path, commands: Iterable[list[str]]) -> None:
    """CLI commands on the ledger at `path`, each of which must succeed."""
    from typer.testing import CliRunner

    from adjudicator.cli import app

    runner = CliRunner()
    for args in commands:
        result = runner.invoke(app, [*args, "--ledger", str(path)])
        assert result.exit_code == 0, result.output
