"""Submission checks: typos, duplicates of Deck Words and compounds, against the vocabulary."""

import dataclasses
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from adjudicator.rules.vocabulary import (
    Suggestion,
    SuggestionKind,
    check_submission,
    check_word,
    compound_parts,
    is_known,
    vocabulary,
)
from adjudicator.rules.words import Word, parse_words

ROOT = Path(__file__).resolve().parents[2]
W = parse_words


def kinds(text: str, deck: str = "") -> dict[SuggestionKind, list[str]]:
    """What the checks say about one Word: each kind found, with its candidates' texts."""
    found = check_word(Word(text), W(deck) if deck else ())
    return {s.kind: [c.text for c in s.candidates] for s in found}


# -- golden examples -----------------------------------------------------------------------------


def test_a_misspelt_word_suggests_the_word_meant() -> None:
    """ "[Convince], [Sword], [Steal], [Jump], [Summon], [Teleport], and [Distract] are all
    examples of Words of Power." - "Teleprot" was meant to be [Teleport]."""
    (suggestion,) = check_word(Word("Teleprot"))
    assert suggestion.kind is SuggestionKind.TYPO
    assert suggestion.candidates[0] == Word("Teleport")
    assert 0.8 < suggestion.score < 1


def test_fireball_is_flagged_as_two_words() -> None:
    """ "Instead of Fireball, we cast [Fire] [Ball]." """
    assert kinds("Fireball") == {SuggestionKind.COMPOUND: ["Fire", "Ball"]}


@pytest.mark.parametrize("text", ["Firestorm", "Moonlight", "Thunderbolt", "Firebolt", "Icewall"])
def test_other_compounds_are_flagged(text: str) -> None:
    """ "Each word in a spell represents a concept that is being manipulated." - a compound
    packs two concepts into one Word."""
    assert SuggestionKind.COMPOUND in kinds(text)


@pytest.mark.parametrize("text", ["Carpet", "Season", "Passage", "Blocking", "Boundless", "Fire"])
def test_a_real_word_that_splits_by_accident_is_not_flagged(text: str) -> None:
    """ "Words of Power will tend to more commonly be verbs and nouns." - [Carpet] is one noun,
    not [Car] [Pet]."""
    assert kinds(text) == {}


def test_a_hyphenated_word_of_two_vocabulary_words_is_a_compound() -> None:
    """ "Instead of Fireball, we cast [Fire] [Ball]." - also when written Fire-ball."""
    assert compound_parts("Fire-ball") == ("fire", "ball")
    assert compound_parts("Will-o'-wisp") is None


# -- the Deck ------------------------------------------------------------------------------------


def test_a_near_duplicate_of_a_deck_word_is_reported() -> None:
    """ "Each player should submit 5-10 words to the Storyteller, who will aggregate and
    approve." - "Fyre" is [Fire] again."""
    assert kinds("Fyre", "Fire Ball") == {SuggestionKind.NEAR_DUPLICATE: ["Fire"]}


def test_an_inflection_of_a_deck_word_is_a_near_duplicate() -> None:
    """ "...who will aggregate and approve." - [Fires] and [Firing] are the concept of [Fire]."""
    assert kinds("Fires", "Fire") == {SuggestionKind.NEAR_DUPLICATE: ["Fire"]}
    assert kinds("Firing", "Fire") == {SuggestionKind.NEAR_DUPLICATE: ["Fire"]}


def test_two_different_words_spelled_alike_are_not_duplicates() -> None:
    """ "The Words do not need to be exact" - but [Fore] is not [Fire]."""
    assert kinds("Fore", "Fire") == {}


def test_an_exact_duplicate_in_the_deck_is_reported_with_its_meaning() -> None:
    """ "If you submit a word that's a homonym, such as "lead", be sure to specify which one
    you mean." - the Storyteller sees which [Lead] is already in the Deck."""
    (suggestion,) = check_word(Word("Lead", "the act of guiding"), [Word("Lead", "the element")])
    assert suggestion.kind is SuggestionKind.EXACT_DUPLICATE
    assert suggestion.candidates[0].sense == "the element"
    assert suggestion.score == 1.0


def test_an_invented_word_with_nothing_close_is_left_alone() -> None:
    """ "These are literal language words that your party has generated. There is no index,
    appendix, or table that is going to give them concrete meaning." """
    assert kinds("Nezbereth") == {}


def test_a_submission_is_checked_in_order_and_nothing_is_refused() -> None:
    """ "...the Storyteller, who will aggregate and approve." - the checks only advise."""
    words = W("Teleprot, Fireball, Fyre, Summon, Fire")
    found = check_submission(words, W("Fire"))
    assert [(s.word.text, s.kind) for s in found] == [
        ("Teleprot", SuggestionKind.TYPO),
        ("Fireball", SuggestionKind.COMPOUND),
        ("Fyre", SuggestionKind.NEAR_DUPLICATE),
        ("Fire", SuggestionKind.EXACT_DUPLICATE),
    ]
    assert all(isinstance(s, Suggestion) for s in found)
    with pytest.raises(dataclasses.FrozenInstanceError):
        found[0].score = 0.0  # type: ignore[misc]


# -- the vocabulary ------------------------------------------------------------------------------


def test_the_vocabulary_knows_english_and_the_rulebooks_words() -> None:
    """ "[Convince], [Sword], [Steal], [Jump], [Summon], [Teleport], and [Distract] are all
    examples of Words of Power." """
    assert all(is_known(word) for word in ["Convince", "sword", "TELEPORT", "undead", "fire"])
    assert not is_known("Teleprot")
    assert vocabulary() is vocabulary()


def test_the_shipped_vocabulary_is_sorted_lower_case_and_records_its_provenance() -> None:
    """The file is plain text, one word per line, sorted, with its source and license."""
    text = (ROOT / "adjudicator/rules/data/vocabulary.txt").read_text(encoding="utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    body = [line for line in text.splitlines() if not line.startswith("#")]
    assert body == sorted(set(body))
    assert all(word.isascii() and word.isalpha() and word.islower() for word in body)
    assert any("wamerican 2020.12.07-2" in line for line in header)
    assert any("Permission to use, copy, modify, distribute and sell" in line for line in header)
    assert len(body) == len(vocabulary())


def test_the_vocabulary_is_loaded_on_first_use_not_on_import() -> None:
    """Importing the rules costs nothing; the file is read once, when first needed."""
    code = (
        "import adjudicator.rules.vocabulary as v; print(v._load.cache_info().currsize);"
        "v.is_known('fire'); v.is_known('ball'); print(v._load.cache_info().misses)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["0", "1"]


# -- the build script ----------------------------------------------------------------------------


def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_vocabulary", ROOT / "models/build_vocabulary.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_keeps_lower_case_alphabetic_entries_only() -> None:
    """No possessives, no proper nouns: "fire's" and "Paris" are not Words anyone submits."""
    lines = ["fire", "fire's", "Paris", "ball", "naïve", "x-ray", ""]
    assert build_script().dictionary_words(lines) == {"fire", "ball"}


def test_the_build_collects_the_rulebooks_bracketed_words() -> None:
    """ "If an effect requires further targetting ([Teleport]ing to a location), line of sight
    is generally required." - [Teleport] is a game word, whatever the dictionary says."""
    text = "---\nheader: \\fancyfoot[R]\n---\n[Teleport]ing, [Metal][Mist], [a@b](mailto:a@b)"
    assert build_script().rulebook_words(text) == {"teleport", "metal", "mist"}
