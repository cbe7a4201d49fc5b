"""The learned coverage judge (language/judge.py): its weights load, it reads every content
token, it keeps the rulebook's worked examples, and it reads the classes of intent the
rules read badly (issue 17): word order, concepts inside phrases, weak relations."""

from __future__ import annotations

import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.draft import draft
from adjudicator.language.models import Models
from adjudicator.language.report import Verdict
from adjudicator.language.thresholds import DEFAULT
from adjudicator.rules.words import parse_words

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def judged(models: Models) -> Coverage:
    return Coverage(models)


def test_the_judge_is_on_by_default() -> None:
    assert DEFAULT.judge is True


def test_every_content_token_gets_a_probability(judged: Coverage) -> None:
    report = judged.check(parse_words("[Fire] [Ball]"), "trap a balloon with fire")
    tokens = judged.judge.judge(judged, report)
    assert [t.text for t in tokens] == ["trap", "balloon", "fire"]
    assert all(0.0 <= t.missing <= t.need <= 1.0 for t in tokens)
    trap = tokens[0]
    assert trap.missing > 0.5  # nothing of [Fire] [Ball] traps


def test_the_rulebook_examples_hold_with_the_judge_on(judged: Coverage) -> None:
    """ "[Decrease] [Speech] could be used to mute a single person. The intent is 'make this
    guy stop talking'." and "They could not trap a [Ball] with [Fire], if they did not also
    have [Trap]." """
    assert judged.check(parse_words("[Decrease] [Speech]"), "make this guy stop talking").covered
    trap = judged.check(parse_words("[Fire] [Ball]"), "trap a balloon with fire")
    assert trap.verdict is Verdict.NOT_COVERED
    assert trap.missing_lemmas == ("trap",)
    assert judged.check(parse_words("[Fire] [Ball] [Trap]"), "trap a balloon with fire").covered


@pytest.mark.parametrize(
    "intent",
    [
        "raise a wall of water to stop the arrows",
        "stop the arrows with a wall of water",
    ],
)
def test_word_order_does_not_flip_the_verdict(judged: Coverage, intent: str) -> None:
    """Issue 17: "'raise a wall of water to stop the arrows' ([Wall] [Water]) is covered;
    'stop the arrows with a wall of water' is not" — one situation, one verdict."""
    assert judged.check(parse_words("[Wall] [Water]"), intent).covered, intent


def test_weak_relations_do_not_cover(judged: Coverage) -> None:
    """Issue 17: "[Water] means 'provide', as 'heal' does, so the draft for 'heal the
    ferryman's broken arm' is [Wall] [Water]; [Water] [Fly] covers 'boil the river into
    steam to scald the bandits' (nothing covers the heat)"."""
    heal = judged.check(parse_words("[Wall] [Water]"), "heal the ferryman's broken arm")
    assert "heal" in heal.missing_lemmas
    boil = judged.check(
        parse_words("[Water] [Fly]"), "boil the river into steam to scald the bandits"
    )
    assert not boil.covered


def test_a_draft_passes_its_own_check(judged: Coverage, models: Models) -> None:
    """A draft must never contradict its check: the Words it proposes, checked alone, are
    ruled covered (the judge reads a smaller set, not the whole hand)."""
    hand = parse_words("[Wall] [Water] [Heal] [Stone] [Wind]")
    found = draft(
        "heal the ferryman's broken arm", parse_words("[Bone]"), hand, models, coverage=judged
    )
    assert found.spell is not None
    words = tuple(u.word for u in found.spell.words)
    assert judged.check(words, "heal the ferryman's broken arm").covered


def test_a_word_the_walk_lemmatises_otherwise_than_the_parse_is_compared(
    judged: Coverage,
) -> None:
    """A purpose-clause word whose lexicon form differs from the parser's lemma ("Grinning":
    grin / grinning) is judged with a link to each Word; its form was never encoded, and
    `spell check` failed with a KeyError instead of a verdict (found by a training author)."""
    intent = (
        "Grinning, Hobb touched the pantry door and summoned mice inside to get back at the "
        "innkeeper."
    )
    report = judged.check(parse_words("[Cheese] [Summon]"), intent)
    assert report.verdict is not Verdict.MEANINGLESS
