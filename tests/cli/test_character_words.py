"""`character add --words` as a new player types it: Inherent Words go through the Deck's typo,
compound and homonym checks ("If you submit a word that's a homonym, such as 'lead', be sure
to specify which one you mean"; "Instead of Fireball, we cast [Fire] [Ball]")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.language.homonyms import is_homonym
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import senses
from tests.ledger.helpers import sense_options, snapshot

runner = CliRunner()

SHEET = ("--player", "Mira", "--faction", "Orc", "--tags", "Brave, Loud, Shy")


def run(ledger: Path, *args: str, code: int = 0, given: str | None = None) -> tuple[str, str]:
    result = runner.invoke(
        app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "300"}, input=given
    )
    assert result.exit_code == code, result.output
    return result.stdout, result.stderr


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sheet") / "campaign.sqlite"
    run(path, "init", "--name", "Shadehill")
    run(path, "player", "add", "Mira")
    return path


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(template, path)
    return path


def test_a_typo_or_a_compound_among_inherent_words_is_refused(book: Path) -> None:
    """ "Instead of Fireball, we cast [Fire] [Ball]": the sheet is refused, nothing recorded."""
    before = snapshot(book)
    _, error = run(book, "character", "add", "Vex", *SHEET, "--words", "Fireball, Teleprot, Lead",
                   code=1)  # fmt: skip
    assert "Mira's Words need a second look before they go on the character sheet" in error
    assert "[Fireball] packs 2 Words: did you mean [Fire] [Ball]?" in error
    assert "[Teleprot] is not a word we know: did you mean [Teleport]" in error
    assert snapshot(book) == before


def test_a_homonym_among_inherent_words_needs_its_meaning(book: Path) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one
    you mean": refused with the meanings listed; a number picks one, and the meaning joins
    the campaign's declared senses."""
    before = snapshot(book)
    _, error = run(book, "character", "add", "Vex", *SHEET, "--words", "Smash, Lead, Metal",
                   code=1)  # fmt: skip
    assert "[Lead] has" in error and "which one?" in error and "[Smash]" not in error
    assert snapshot(book) == before
    out, _ = run(book, "character", "add", "Vex", *SHEET, "--words", "Smash, Lead, Metal",
                 "--sense", "Lead=2")  # fmt: skip
    assert "Added Vex for Mira." in out
    meaning = is_homonym("Lead").senses[1]
    with open_ledger(book) as ledger:
        assert [(s.word, s.sense, s.player) for s in senses(ledger, "Lead")] == [
            ("Lead", meaning, "Mira")
        ]


def test_kept_as_written_a_compound_goes_on_the_sheet(book: Path) -> None:
    words = "Fireball, Smash, Metal"
    out, _ = run(book, "character", "add", "Vex", *SHEET, "--words", words, "--as-written")
    assert "Added Vex for Mira." in out


def test_at_a_terminal_the_meanings_are_asked_after_the_checks(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal the player picks a homonym's meaning; a refused sheet asks nothing."""
    monkeypatch.setattr("adjudicator.cli.ledger_characters._interactive", lambda: True)
    _, error = run(book, "character", "add", "Vex", *SHEET, "--words", "Fireball, Lead, Metal",
                   code=1, given="1\n")  # fmt: skip
    assert "which one do you mean" not in error
    _, error = run(book, "character", "add", "Vex", *SHEET, "--words", "Smash, Lead, Metal",
                   given="the act of guiding\n")  # fmt: skip
    assert "[Lead] has" in error and "which one do you mean" in error
    with open_ledger(book) as ledger:
        assert senses(ledger, "Lead")[-1].sense == "the act of guiding"


def test_a_meaning_declared_in_the_deck_is_used_for_an_inherent_word(book: Path) -> None:
    """The player's earlier meaning of a Word is used again without asking, saying so."""
    run(book, "session", "start")
    words = "Lead, Mist, Metal, Speech, Summon"
    run(book, "deck", "submit", "Mira", words, *sense_options(words))
    _, note = run(book, "character", "add", "Vex", *SHEET, "--words", "Smash, Lead, Metal")
    assert "[Lead] taken as 'the metal', as Mira declared it in session 1" in note
