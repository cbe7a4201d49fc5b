"""How `Coverage.adjudicate` joins the walk's concepts and the judge's reading of each token
(issue 17): given the rules' report on a real parse and the judge's probabilities as stated
here, which concepts stand, which the judge rules on, and which become missing. The networks'
own readings are tested in test_judge.py; these tests fix the joining rules, whatever the
weights."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.judge import TokenJudgement
from adjudicator.language.models import Models
from adjudicator.language.report import CoverageReport, Verdict
from adjudicator.language.thresholds import DEFAULT
from adjudicator.rules.words import Word, parse_words

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def rules(models: Models) -> Coverage:
    """The rules alone: the report `Coverage.report` hands the judge."""
    return Coverage(models, thresholds=replace(DEFAULT, judge=False))


def _token(
    intent: str,
    text: str,
    *,
    need: float,
    cover: float = 0.0,
    best: tuple[Word, ...] = (),
    pos: str = "NOUN",
    governor: str | None = None,
) -> TokenJudgement:
    start = intent.index(text)
    head = intent.index(governor) if governor else start
    return TokenJudgement(
        text=text,
        lemma=text.lower(),
        pos=pos,
        start=start,
        end=start + len(text),
        missing=need * (1 - cover),
        need=need,
        best=best,
        cover=cover,
        governor=(head, head + len(governor or text)),
    )


def _missing(checker: Coverage, report: CoverageReport, *tokens: TokenJudgement) -> set[str]:
    judged = checker.adjudicate(report, tokens)
    return {item.concept.lemma for item in judged if item.concept.needs_word and not item.covered}


def test_the_words_of_a_purpose_clause_are_the_judges_to_read(rules: Coverage) -> None:
    """Policy: "purpose clauses and narrative colour ... need no Word", but "every distinct
    effect or change" needs one: a tail the walk takes for colour may carry a new effect."""
    intent = "heal the gash in his side, leaving him stronger than he was before"
    report = rules.check(parse_words("[Heal] [Wound]"), intent)
    assert not report.missing_lemmas  # the walk reads the tail as colour
    strength = _token(intent, "stronger", need=0.9, pos="ADJ")
    assert "stronger" in _missing(rules, report, strength)
    colour = _token(intent, "stronger", need=0.1, pos="ADJ")
    assert not _missing(rules, report, colour)


def test_an_open_scope_concept_the_judge_reads_as_no_scope_needs_no_word(
    rules: Coverage,
) -> None:
    """Policy: a Word is needed for "scope beyond the defaults", and "A scope Word only covers
    its own kind of scope": the kind stays a rule, but whether the words are scope at all is
    the judge's reading."""
    intent = "keep the torch burning all night"
    report = rules.check(parse_words("[Fire] [Zone]"), intent)
    night = next(i for i in report.concepts if i.concept.scope is not None)
    head = intent[night.concept.start : night.concept.end].split()[-1]
    no_scope = _token(intent, head, need=0.1, cover=0.0)
    assert night.concept.lemma not in _missing(rules, report, no_scope)
    scope = _token(intent, head, need=0.9, cover=0.95, best=(Word("Zone"),))
    assert night.concept.lemma in _missing(rules, report, scope)  # [Zone] is no duration Word


def test_an_effect_beside_a_consequence_is_judged_on_its_own(rules: Coverage) -> None:
    """Policy: "a ball of fire can be thrown and bursts over the creatures near it" is a
    natural consequence; an effect of its own after it is the judge's to read, while what
    a consequence acts on belongs to the consequence ("a metal mist shreds whoever walks
    through it")."""
    intent = "hurl fire ball, bursts over nearby goblins"
    report = rules.check(parse_words("[Fire] [Ball]"), intent)
    bursts = next(i for i in report.concepts if i.concept.text == "bursts")
    assert not bursts.covered  # the walk reads a new effect beside the throw
    covered = _token(
        intent, "bursts", need=0.9, cover=0.9, best=(Word("Fire"),), pos="VERB", governor="hurl"
    )
    judged = rules.adjudicate(report, (covered,))
    assert next(i for i in judged if i.concept.start == bursts.concept.start).covered


def test_a_sure_judge_covers_a_substance_without_a_lexical_link(rules: Coverage) -> None:
    """Policy: "One Word can cover two concepts: `Incinerate` covers both fire and destroying
    with it". Below `judge_sure_cover` a substance still takes a lexical link ("A related but
    different Word does not [cover]")."""
    intent = "turn this viper into stone"
    report = rules.check(parse_words("[Petrify] [Snake]"), intent)
    assert "stone" in report.missing_lemmas
    sure = _token(intent, "stone", need=0.99, cover=0.97, best=(Word("Petrify"),))
    assert "stone" not in _missing(rules, report, sure)
    unsure = _token(intent, "stone", need=0.99, cover=0.6, best=(Word("Petrify"),))
    assert "stone" in _missing(rules, report, unsure)


def test_an_image_the_walk_finds_no_effect_in_still_means_something(models: Models) -> None:
    """Policy: "Metaphorical readings count. `Stone Heart` can mean 'resist being swayed'";
    the rulebook's "I cast [Fire] [Ball] on the Orc." still "doesn't *mean* anything here"."""
    checker = Coverage(models)
    image = "Let my heart set like granite, so that her pleading finds nothing in me to move"
    assert checker.check(parse_words("[Stone] [Heart]"), image).verdict is not Verdict.MEANINGLESS
    orc = checker.check(parse_words("[Fire] [Ball]"), "I cast [Fire] [Ball] on the Orc.")
    assert orc.verdict is Verdict.MEANINGLESS
