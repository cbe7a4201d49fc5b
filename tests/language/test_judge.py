"""The learned coverage judge (language/judge.py): its weights load, it reads every content
token, and switched on it keeps the rulebook's worked examples."""

from __future__ import annotations

import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.judge import Judge, JudgeConfig
from adjudicator.language.models import Models
from adjudicator.language.report import Verdict
from adjudicator.rules.words import parse_words

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def judged(models: Models) -> Coverage:
    return Coverage(models, judge=Judge(JudgeConfig(enabled=True)))


def test_the_judge_is_off_by_default() -> None:
    assert JudgeConfig().enabled is False


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
