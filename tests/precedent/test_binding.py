"""The campaign's own precedent binds coverage, on a real ledger with the real models:
`spell check`'s verdict follows a standing ruling on the same situation and names it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models
from adjudicator.ledger import characters, decks, policies, sessions
from adjudicator.ledger.rulings import Proposal, Verdict
from adjudicator.precedent.retrieval import PrecedentIndex
from adjudicator.precedent.ruling_checks import RulingChecks
from adjudicator.precedent.spell_check import SpellCheck, check_spell
from adjudicator.rules.characters import snazzle
from adjudicator.rules.deck import DrawReason
from adjudicator.rules.words import parse_words
from tests.ledger.helpers import declared, new_ledger

pytestmark = pytest.mark.models

HAND = "Wall, Stop, Freeze, Bridge, Sword"


@pytest.fixture(scope="module")
def coverage(models: Models) -> Coverage:
    return Coverage(models)


@pytest.fixture
def checks(tmp_path: Path, models: Models, coverage: Coverage) -> Iterator[RulingChecks]:
    """Ann plays Tide (Inherent [Water] [Wind]) and holds [Wall] [Stop] [Freeze] [Bridge]
    [Sword]; in session 1 the Storyteller approved [Wall] [Water] to "raise a wall of water to
    stop the arrows" (R1) and vetoed [Freeze] [Water] to "make a bridge of ice over the
    river" for lack of [Bridge] (R2)."""
    with new_ledger(tmp_path / "campaign.sqlite") as ledger:
        sessions.add_player(ledger, "Ann")
        tide = replace(snazzle(), name="Tide", words=parse_words("Water, Wind, Cold"))
        characters.add_character(ledger, tide, "Ann")
        sessions.start_session(ledger, "The river")
        decks.submit(ledger, "Ann", declared(HAND))
        decks.approve(ledger, "Ann")
        for _ in parse_words(HAND):
            decks.draw(ledger, "Ann", DrawReason.SKILL_CHECK_FULL_SUCCESS)
        made = RulingChecks(PrecedentIndex(ledger, models, coverage=coverage))
        for proposal in (
            Proposal("Tide", parse_words("Wall Water"), "raise a wall of water to stop the arrows",
                     Verdict.APPROVED),
            Proposal("Tide", parse_words("Freeze Water"), "make a bridge of ice over the river",
                     Verdict.VETOED, needs=parse_words("Bridge")),
        ):  # fmt: skip
            made.record(proposal, made.review(proposal))
        yield made


def _check(checks: RulingChecks, words: str, intent: str) -> SpellCheck:
    return check_spell(
        parse_words(words),
        intent,
        checker=lambda: checks.index.coverage,
        campaign_checks=lambda _: checks,
        book=checks.index.ledger,
    )


def test_an_approval_of_the_same_situation_makes_the_spell_covered_and_says_so(
    checks: RulingChecks,
) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal]
    [Mist] the next.": the issue's reworded wall of water is covered, as ruled in R1, with
    the same Words or more, and the output says nothing else."""
    for words in ("[Wall] [Water]", "[Wall] [Water] [Stop]"):
        result = _check(checks, words, "stop the arrows with a wall of water")
        assert result.binding is not None and result.binding.ruling == "R1"
        data = result.to_dict()
        assert data["verdict"] == "covered" and data["covered"] is True
        assert data["missing"] == [] and data["binding"]["ruling"] == "R1"
        assert data["reasons"][0] == result.binding.message
        assert result.binding.message.startswith("covered, as ruled in R1 (session 1: ")
        if data["binding"]["words_verdict"] != "covered":  # the Words' reasons are not said
            assert data["reasons"] == [result.binding.message]


def test_a_veto_that_named_missing_words_makes_the_spell_not_covered(
    checks: RulingChecks,
) -> None:
    """A veto for lack of Words binds a later check of the same situation with the same or
    fewer Words, whatever the Words alone say: "not covered: R2 required [Bridge]". Once
    the missing Word is cast, it binds no more."""
    result = _check(checks, "[Freeze] [Water]", "freeze the river water into an ice bridge")
    data = result.to_dict()
    assert data["verdict"] == "not covered" and data["covered"] is False
    assert data["binding"]["ruling"] == "R2"
    assert data["reasons"][0].startswith("not covered: R2 required [Bridge]")
    if data["binding"]["words_verdict"] == "covered":  # "covered" is never said as well
        assert data["reasons"] == [data["reasons"][0]]
    supplied = _check(checks, "[Freeze] [Water] [Bridge]", "make a bridge of ice over the river")
    assert supplied.binding is None or supplied.binding.ruling != "R2"


def test_another_situation_or_a_superseded_ruling_binds_nothing(checks: RulingChecks) -> None:
    """ "Silence when unsure beats a false accusation": the same Words for another thing
    leave the verdict to the Words. A policy that supersedes R1 releases it: "If a mistake
    was made and the policy needs to change, the Storyteller should state that openly
    before it comes up." """
    other = _check(checks, "[Wall] [Water]", "drown the campfire under a wall of water")
    assert other.binding is None and other.to_dict()["binding"] is None
    assert other.verdict is other.report.verdict
    policies.announce(
        checks.index.ledger, "walls of water now need [Stop] to stop anything", supersedes=["R1"]
    )
    released = RulingChecks(
        PrecedentIndex(checks.index.ledger, checks.index.models, coverage=checks.index.coverage)
    )
    after = _check(released, "[Wall] [Water]", "stop the arrows with a wall of water")
    assert after.binding is None
