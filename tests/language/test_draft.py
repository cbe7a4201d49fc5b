"""Drafting: the smallest valid spell from a player's Words that covers an intent."""

from __future__ import annotations

import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.draft import draft
from adjudicator.language.models import Models
from adjudicator.language.report import ConfirmedMapping
from adjudicator.rules.spells import validate_spell
from adjudicator.rules.words import Word, WordKind, parse_words

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def checker(models: Models) -> Coverage:
    return Coverage(models)


def test_the_smallest_valid_spell_uses_one_inherent_word(checker: Coverage) -> None:
    """ "You must use at least two Words ... One of these Words must be an Inherent Word." """
    inherent = parse_words("[Decrease] [Fire]")
    hand = parse_words("[Speech] [Zone] [Ball] [Sound]")
    result = draft("make this guy stop talking", inherent, hand, checker.models, coverage=checker)
    assert result.spell is not None and result.report is not None
    assert result.spell.inherent == Word("Decrease")
    assert len(result.spell.words) == 2
    assert result.report.covered
    again = validate_spell(
        [u.word for u in result.spell.words], result.intent, inherent=inherent, hand=hand
    )
    assert again == result.spell


def test_inherent_words_are_never_combined(checker: Coverage) -> None:
    """ "Inherent Words are not consumed upon use and cannot be combined with each other." """
    intent = "trap the orc with a ball of fire"
    inherent = parse_words("[Fire] [Trap]")
    result = draft(intent, inherent, parse_words("[Ball] [Fire]"), checker.models, coverage=checker)
    assert result.spell is not None
    assert result.spell.inherent == Word("Trap")
    assert {(u.word.text, u.kind) for u in result.spell.words} == {
        ("Trap", WordKind.INHERENT),
        ("Ball", WordKind.DRAWN),
        ("Fire", WordKind.DRAWN),
    }
    stuck = draft(intent, inherent, parse_words("[Ball]"), checker.models, coverage=checker)
    assert stuck.spell is None and stuck.shortfalls == ()


def test_ties_go_to_the_more_confident_cover(checker: Coverage) -> None:
    """Two equally small spells: the one whose Words cover more surely wins ([Fire] names
    the flames; [Heat] is only near them)."""
    result = draft(
        "gather the flames into a ball",
        parse_words("[Ball]"),
        parse_words("[Heat] [Fire]"),
        checker.models,
        coverage=checker,
    )
    assert result.spell is not None
    assert {u.word.text for u in result.spell.words} == {"Ball", "Fire"}


def test_a_missing_concept_is_named_with_words_that_would_cover_it(checker: Coverage) -> None:
    """ "They could not trap a [Ball] with [Fire], if they did not also have [Trap]." """
    result = draft(
        "trap a balloon with fire",
        parse_words("[Fire]"),
        parse_words("[Ball] [Cloud]"),
        checker.models,
        coverage=checker,
    )
    assert result.spell is None
    assert [s.concept.lemma for s in result.shortfalls] == ["trap"]
    assert result.shortfalls[0].suggestions[0] == Word("Trap")
    data = result.to_dict()
    assert data["found"] is False and data["shortfalls"][0]["suggestions"][0] == "Trap"


def test_scope_shortfalls_suggest_words_of_that_kind(checker: Coverage) -> None:
    result = draft(
        "put the guard to sleep from a distance",
        parse_words("[Sleep]"),
        parse_words("[Person]"),
        checker.models,
        coverage=checker,
    )
    assert result.spell is None
    assert [w.text for w in result.shortfalls[0].suggestions] == ["Blast", "Reach"]


def test_a_meaningless_intent_drafts_nothing(checker: Coverage) -> None:
    result = draft(
        "I cast [Fire] [Ball] on the Orc.",
        parse_words("[Fire]"),
        parse_words("[Ball]"),
        checker.models,
        coverage=checker,
    )
    assert result.meaningless and result.spell is None


def test_drafting_uses_the_campaigns_precedents(checker: Coverage) -> None:
    mapping = ConfirmedMapping("shush", (Word("Calm"), Word("Person")), ruling="r3")
    result = draft(
        "shush the herald",
        parse_words("[Calm]"),
        parse_words("[Person] [Fire]"),
        checker.models,
        coverage=checker,
        precedents=[mapping],
    )
    assert result.report is not None and result.report.precedents == ("r3",)
