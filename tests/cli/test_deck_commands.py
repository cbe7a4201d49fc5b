"""The Deck as a new table plays it through the CLI: numbered meanings, rejections that leave
nothing behind, resubmitting at once, `--reason`, and meanings remembered across sessions.

Each test does what the user did: `adjudicator deck ...` through typer's CliRunner against a
real ledger file, a terminal's answers given as the runner's input.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.language.homonyms import is_homonym
from adjudicator.ledger.casting import declared_words
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import senses
from adjudicator.rules.words import Word
from tests.ledger.helpers import sense_options, snapshot

runner = CliRunner()

#: Five Words no homonym detector asks about (see test_ledger_commands).
PLAIN = "Mist, Metal, Speech, Summon, Teleport"


def run(ledger: Path, *args: str, code: int = 0, given: str | None = None) -> Any:
    """Run a command on `ledger`; its JSON with --json, else its stdout (stderr on failure)."""
    result = runner.invoke(
        app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "400"}, input=given
    )
    assert result.exit_code == code, result.output + result.stderr
    if code == 0 and "--json" in args:
        return json.loads(result.stdout)
    return result.stdout if code == 0 else result.stderr


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A campaign with Mira at the table and session 1 open."""
    path = tmp_path_factory.mktemp("deck") / "campaign.sqlite"
    run(path, "init", "--name", "Shadehill")
    run(path, "player", "add", "Mira")
    run(path, "session", "start", "--title", "The ferry")
    return path


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(template, path)
    return path


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person at the keyboard: `deck submit` asks for meanings instead of refusing."""
    monkeypatch.setattr("adjudicator.cli.ledger_deck._interactive", lambda: True)


def pending(book: Path, player: str = "Mira") -> dict[str, str | None]:
    data = run(book, "deck", "status", "--player", player, "--json")["pending"]
    return {entry["text"]: entry["sense"] for entry in data}


def test_a_number_given_with_sense_picks_that_listed_meaning(book: Path) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one you
    mean": the refusal numbers the meanings, and `--sense Lead=2` picks the second of them."""
    words = f"Lead, {PLAIN.replace('Mist, ', '')}"
    error = run(book, "deck", "submit", "Mira", words, code=1)
    meanings = is_homonym("Lead").senses
    assert f"2. {meanings[1]}" in " ".join(error.split())
    run(book, "deck", "submit", "Mira", words, "--sense", "Lead=2")
    assert pending(book)["Lead"] == meanings[1]
    with open_ledger(book) as ledger:
        assert [s.sense for s in senses(ledger, "Lead")] == [meanings[1]]


def test_the_storyteller_may_approve_with_a_numbered_meaning_too(book: Path) -> None:
    """`deck approve --sense Lead=1`: the Storyteller's reading, picked from the same list."""
    words = f"Lead, {PLAIN.replace('Mist, ', '')}"
    run(book, "deck", "submit", "Mira", words, "--sense", "Lead=the metal")
    data = run(book, "deck", "approve", "Mira", "--sense", "Lead=1", "--json")
    assert data["deck"]["pile"][0] == {"text": "Lead", "sense": is_homonym("Lead").senses[0]}


def test_a_number_past_the_list_or_for_a_plain_word_is_refused(book: Path) -> None:
    """A number is a meaning's place in the list: past the last one, or for a Word with no
    listed meanings, it is refused and nothing is recorded."""
    before = snapshot(book)
    words = f"Lead, {PLAIN.replace('Mist, ', '')}"
    error = run(book, "deck", "submit", "Mira", words, "--sense", "Lead=99", code=1)
    assert "[Lead] has meanings 1-" in error and "not 99" in error
    error = run(book, "deck", "submit", "Mira", PLAIN, "--sense", "Mist=2", code=1)
    assert "[Mist] has no numbered meanings" in error
    assert snapshot(book) == before


def test_a_rejected_submission_leaves_no_declared_meaning_behind(book: Path) -> None:
    """ "[Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's
    initially added to the Deck": a Word the Storyteller rejected was never added, so its
    meaning no longer drives the sense checks."""
    words = "Seal, Metal, Speech, Summon, Teleport"
    run(book, "deck", "submit", "Mira", words, "--sense", "Seal=1")
    with open_ledger(book) as ledger:
        assert declared_words(ledger, (Word("Seal"),), "hide in the dark")[0].sense
    run(book, "deck", "reject", "Mira", words, "--reason", "not this session")
    with open_ledger(book) as ledger:
        assert senses(ledger, "Seal") == ()
        assert declared_words(ledger, (Word("Seal"),), "hide in the dark")[0].sense is None


def test_a_rejected_player_may_submit_again_at_once(book: Path) -> None:
    """ "Each player should submit 5-10 words to the Storyteller, who will aggregate and
    approve": a player whose Words were rejected submits others in their place."""
    kept = "Fireball, Metal, Speech, Summon, Teleport"
    run(book, "deck", "submit", "Mira", kept, "--as-written")
    error = run(book, "deck", "submit", "Mira", "Fire, Ball", *sense_options("Fire, Ball"), code=1)
    assert "Mira has already submitted Words for this Deck" in error
    run(book, "deck", "reject", "Mira", "Fireball", "--reason", "two Words: [Fire] and [Ball]")
    out = run(book, "deck", "submit", "Mira", "Fire, Ball", *sense_options("Fire, Ball"))
    assert "Mira submitted [Fire]" in out
    assert set(pending(book)) == {"Metal", "Speech", "Summon", "Teleport", "Fire", "Ball"}
    # the replacements count with the Words kept: at most 10 in all
    run(book, "deck", "reject", "Mira", "Fire", "--reason", "no")
    many = "Jump, Fly, Hide, Climb, Run, Swim"
    error = run(book, "deck", "submit", "Mira", many, *sense_options(many), code=1)
    assert "Mira keeps 5 Words in this Deck; with 6 more that is 11" in error


def test_a_whole_rejected_submission_is_replaced_by_a_new_one(book: Path) -> None:
    """All of a player's Words rejected: they submit 5-10 new ones at once."""
    run(book, "deck", "submit", "Mira", PLAIN)
    run(book, "deck", "reject", "Mira", PLAIN, "--reason", "too strong for this table")
    fresh = "Fire, Ball, Trap, Zone, Salt"
    run(book, "deck", "submit", "Mira", fresh, *sense_options(fresh))
    assert set(pending(book)) == {"Fire", "Ball", "Trap", "Zone", "Salt"}


def test_refusals_come_before_any_meaning_is_asked(book: Path, terminal: None) -> None:
    """A player who may not submit is told so before being asked what each homonym means."""
    run(book, "deck", "submit", "Mira", PLAIN)
    result = runner.invoke(
        app,
        ["deck", "submit", "Mira", "Lead, Fire, Ball, Trap, Zone", "--ledger", str(book)],
        input="1\n1\n1\n1\n1\n",
    )
    assert result.exit_code == 1
    assert "already submitted" in result.stderr
    assert "which one do you mean" not in result.stderr
    result = runner.invoke(
        app,
        ["deck", "submit", "Nobody", "Lead, Fire, Ball, Trap, Zone", "--ledger", str(book)],
        input="1\n1\n1\n1\n1\n",
    )
    assert result.exit_code == 1
    assert "which one do you mean" not in result.stderr


def test_deck_reject_takes_the_reason_as_its_help_says(book: Path) -> None:
    """`deck reject ... --reason "why"`, with `--note` kept as an alias."""
    help_text = runner.invoke(app, ["deck", "reject", "--help"], env={"COLUMNS": "200"}).stdout
    assert "--reason" in help_text and "--note" in help_text
    run(book, "deck", "submit", "Mira", PLAIN)
    data = run(book, "deck", "reject", "Mira", "Mist", "--reason", "too vague", "--json")
    assert data["change"] == "rejected Mira's [Mist]: too vague"
    data = run(book, "deck", "reject", "Mira", "Metal", "--note", "too strong", "--json")
    assert data["change"] == "rejected Mira's [Metal]: too strong"


def _second_session(book: Path) -> None:
    """Mira declared [Lead] as 'the metal' in session 1; session 2 opens."""
    words = f"Lead, {PLAIN.replace('Mist, ', '')}"
    run(book, "deck", "submit", "Mira", words, "--sense", "Lead=the metal")
    run(book, "deck", "approve", "Mira")
    run(book, "session", "end")
    run(book, "session", "start", "--title", "The mill")


def test_an_earlier_declaration_is_used_again_without_asking_saying_so(book: Path) -> None:
    """A player who declared [Lead] in session 1 means the same by it in session 2: without a
    terminal it is used as it is, and the output says so."""
    _second_session(book)
    result = runner.invoke(
        app, ["deck", "submit", "Mira", "Lead, Fly, Hide, Climb, Swim", "--ledger", str(book),
              *sense_options("Fly, Hide, Climb, Swim")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "[Lead] taken as 'the metal', as Mira declared it in session 1" in result.stderr
    assert pending(book)["Lead"] == "the metal"


def test_at_a_terminal_an_earlier_declaration_is_the_default(book: Path, terminal: None) -> None:
    """At a terminal the earlier meaning is offered: Enter keeps it, anything else replaces it."""
    _second_session(book)
    words = "Lead, Metal, Speech, Summon, Teleport"
    result = runner.invoke(
        app, ["deck", "submit", "Mira", words, "--ledger", str(book)], input="\n"
    )
    assert result.exit_code == 0, result.output
    assert "Enter keeps 'the metal'" in result.stderr
    assert pending(book)["Lead"] == "the metal"


def test_a_declaration_given_again_replaces_the_earlier_one(book: Path) -> None:
    """`--sense` always wins over what the player declared before."""
    _second_session(book)
    words = "Lead, Metal, Speech, Summon, Teleport"
    result = runner.invoke(
        app,
        ["deck", "submit", "Mira", words, "--sense", "Lead=to guide", "--ledger", str(book)],
    )
    assert result.exit_code == 0, result.output
    assert "taken as" not in result.stderr
    assert pending(book)["Lead"] == "to guide"
