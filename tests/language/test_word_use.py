"""Word use: how strongly an intent uses each Word, and the dev split it was tuned on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.language.evaluation import (
    DEV_SPLIT_BYTE,
    CaseError,
    in_dev_split,
    ranking_prediction,
    select_split,
)
from adjudicator.language.models import Models
from adjudicator.language.word_use import WEIGHTS, WordUse, WordUseError, pieces
from adjudicator.rules.spells import MAX_INTENT_LENGTH, MissingIntent
from adjudicator.rules.words import Word, parse_words


@pytest.fixture(scope="module")
def scorer(models: Models) -> WordUse:
    return WordUse(models)


def words(text: str) -> tuple[Word, ...]:
    return tuple(parse_words(text))


# -- scores (models) ---------------------------------------------------------------------------


@pytest.mark.models
def test_ball_up_existing_fire_uses_both_words(scorer: WordUse) -> None:
    """The rulebook's "[Ball] up existing [Fire]": both Words are used, a Word the intent
    never touches is not."""
    scores = scorer.score("[Ball] up existing [Fire]", words("[Ball] [Fire] [Tree]"))
    ball, fire, tree = (scores.score(Word(w)) for w in ("Ball", "Fire", "Tree"))
    assert min(ball, fire) > tree
    assert all(0.0 <= s <= 1.0 for s in scores.scores)


@pytest.mark.models
def test_the_effect_and_what_it_acts_on_win_their_groups(scorer: WordUse) -> None:
    scores = scorer.score(
        "This spell extinguishes a fire.", words("[Create] [Destroy] [Fire] [Water]")
    )
    assert scores.best(words("[Create] [Destroy]")) == Word("Destroy")
    assert scores.best(words("[Fire] [Water]")) == Word("Fire")
    assert "extinguishes" in scores.evidence[1]  # the token that uses [Destroy] most


@pytest.mark.models
def test_a_kind_of_the_word_counts_as_its_use(scorer: WordUse) -> None:
    """WordNet's hypernyms: an oak is a plant, a horse an animal."""
    scores = scorer.score(
        "The caster turns an old oak into stone.", words("[Plant] [Animal] [Mind]")
    )
    assert scores.best(words("[Plant] [Animal] [Mind]")) == Word("Plant")
    assert "oak" in scores.evidence[0]


@pytest.mark.models
def test_the_whole_of_a_long_description_is_read(scorer: WordUse) -> None:
    """Past `MAX_INTENT_LENGTH` the description is read in pieces, not cut: a Word used only
    in its last sentence is still read (and counts less than the first would)."""
    filler = "The caster must concentrate and the effect lasts for the duration. " * 16
    intent = filler + "At the end the target bursts into flames."
    assert len(intent) > MAX_INTENT_LENGTH
    evidence = scorer.evidence(intent, words("[Fire] [Plant]"))
    assert evidence.tokens[-1] == "flames" and evidence.sentences[-1] == 16
    assert evidence.lexical[-1, 0] > 0.0  # flames: a synonym of fire


@pytest.mark.models
def test_weights_apply_to_kept_evidence(scorer: WordUse) -> None:
    """The calibration script re-weighs one reading of each case: ignoring the lemma and
    context similarities leaves only the lexical links."""
    evidence = scorer.evidence("Creates a beetle.", words("[Create] [Animal] [Water]"))
    assert evidence.tokens == ("Creates", "beetle")
    assert evidence.lexical.shape == evidence.lemma.shape == (2, 3)
    lexical_only = replace(WEIGHTS, lemma_scale=1e12, context_scale=1e12)
    scores = WordUse.combine(evidence, lexical_only)
    assert scores.score(Word("Water")) == pytest.approx(0.0, abs=1e-6)
    assert scores.score(Word("Create")) > scores.score(Word("Animal")) > 0.1


@pytest.mark.models
def test_an_empty_intent_or_no_words_is_an_error(scorer: WordUse) -> None:
    with pytest.raises(MissingIntent):
        scorer.score("  ", words("[Fire]"))
    with pytest.raises(WordUseError):
        scorer.score("Extinguishes a fire.", ())


@pytest.mark.models
def test_a_ranking_prediction_scores_every_word(scorer: WordUse) -> None:
    scores = scorer.score("Puts out every flame in the room.", words("[Destroy] [Fire] [Mind]"))
    line = ranking_prediction("c", scores)
    assert line["id"] == "c"
    assert set(line["word_scores"]) == set(line["evidence"]) == {"Destroy", "Fire", "Mind"}


# -- pieces and the dev split (no models) -------------------------------------------------------


def test_pieces_keep_whole_sentences_within_the_limit() -> None:
    text = "One two three. Four five six. Seven eight nine."
    assert pieces(text, limit=30) == ["One two three. Four five six.", "Seven eight nine."]
    assert pieces("a" * 5 + " " + "b" * 5, limit=6) == ["aaaaa", "bbbbb"]
    assert all(len(p) <= MAX_INTENT_LENGTH for p in pieces("word " * 600))


def test_the_dev_split_is_a_fixed_fifth_of_the_ids() -> None:
    ids = [f"arm5-{n:04d}" for n in range(2000)]
    dev = [i for i in ids if in_dev_split(i)]
    assert abs(len(dev) / len(ids) - DEV_SPLIT_BYTE / 256) < 0.03
    assert in_dev_split("arm5-0003") and not in_dev_split("arm5-0000")
    cases = [{"id": i} for i in ids[:50]]
    parts = [select_split(cases, s) for s in ("dev", "held-out")]
    assert sorted(c["id"] for p in parts for c in p) == ids[:50]
    assert select_split(cases, "all") == cases
    with pytest.raises(CaseError):
        select_split(cases, "test")
