"""Precedent with the real models: the dev cases that turn on meaning, search, and the checks
of `ruling add` in the library (the CLI's are in tests/cli/test_precedent_commands.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models
from adjudicator.ledger.characters import add_character
from adjudicator.ledger.rulings import Proposal, Status, Verdict, status_of
from adjudicator.precedent.evaluation import predict, score
from adjudicator.precedent.retrieval import PrecedentIndex
from adjudicator.precedent.ruling_checks import PrecedentConflict, RulingChecks
from adjudicator.precedent.same_situation import Reader, compare
from adjudicator.precedent.store import load_vectors
from adjudicator.rules.characters import snazzle
from adjudicator.rules.words import parse_words
from tests.ledger.helpers import new_ledger, seat_table, snapshot

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def coverage(models: Models) -> Coverage:
    """One coverage checker (lexicon, caches) for the module."""
    return Coverage(models)


@pytest.fixture
def checks(tmp_path: Path, models: Models, coverage: Coverage) -> Iterator[RulingChecks]:
    """A seated table (session 1 open) with Vex, Ann's second character, whose Inherent Word
    is [Fire]; Grum's is [Become] and Bram holds [Evade]."""
    with new_ledger(tmp_path / "campaign.sqlite") as ledger:
        seat_table(ledger)
        vex = replace(snazzle(), name="Vex", words=parse_words("Fire, Heal, Light"))
        add_character(ledger, vex, "Ann")
        yield RulingChecks(PrecedentIndex(ledger, models, coverage=coverage))


def _case(case_id: str, ledger: list[dict[str, Any]], proposal: dict[str, Any],
          conflict: str | None, precedent: str | None,
          policies: list[dict[str, Any]] | None = None) -> dict[str, Any]:  # fmt: skip
    return {"id": case_id, "ledger": ledger, "policies": policies or [], "proposal": proposal,
            "conflict": conflict, "precedent": precedent}  # fmt: skip


def _r(
    rid: str, session: int, words: str, intent: str, verdict: str, needs: str = ""
) -> dict[str, Any]:
    item = {"id": rid, "session": session, "words": words.split(), "intent": intent,
            "verdict": verdict}  # fmt: skip
    if needs:
        item["required_words"] = needs.split()
    return item


#: Four wop-dev precedent cases (pre-045, pre-007, pre-011, pre-052), the ones that turn on
#: meaning rather than on Words or policies.
DEV = [
    _case(
        "pre-045",
        [
            _r("r2", 1, "Sharpen Axe", "hone my axe to a razor edge before the duel", "approved"),
            _r("r3", 1, "Metal Mist", "choke the corridor with a haze of steel slivers that "
               "slices anyone moving through it", "approved"),
            _r("r4", 2, "Metal Mist", "fill the gallery with a metal haze that mends my "
               "friends' wounds", "vetoed", "Heal"),
        ],
        {"session": 4, "words": ["Metal", "Mist"], "verdict": "vetoed",
         "intent": "conjure a cloud of razor-edged metal dust that cuts up whoever crosses it",
         "required_words": ["Summon"]},
        "stricter", "r3",
    ),
    _case(
        "pre-007",
        [_r("r2", 1, "Sleep Person", "put the jailer to sleep", "approved")],
        {"session": 3, "words": ["Sleep", "Person"], "verdict": "vetoed",
         "intent": "make the jailer sleep and never wake up again",
         "required_words": ["Permanent"]},
        None, None,
    ),
    _case(
        "pre-011",
        [_r("r6", 5, "Rust Metal", "rust through the portcullis chain", "approved")],
        {"session": 9, "words": ["Rust", "Metal"], "verdict": "vetoed",
         "intent": "corrode the gate's iron chain until it gives way", "required_words": ["Break"]},
        "stricter", "r6",
    ),
    _case(
        "pre-052",
        [
            _r("r1", 1, "Decrease Speech", "make the acolyte stop talking", "approved"),
            _r("r2", 2, "Decrease Speech", "silence everyone in the whole shrine", "vetoed",
               "Zone"),
        ],
        {"session": 5, "words": ["Decrease", "Speech"], "verdict": "approved",
         "intent": "hush every voice in the shrine at once"},
        "looser", "r2",
    ),
]  # fmt: skip


def test_the_same_situation_is_found_by_meaning_and_scope(coverage: Coverage) -> None:
    """ "Two intents are 'the same' when they ask for the same effect with the same scope ...
    The wording differs ..., so string matching will not find them; the meaning has to be
    compared." (wop-dev README)"""
    reader = Reader(coverage)
    predictions = [predict(case, reader) for case in DEV]
    result = score(DEV, predictions)
    assert result.errors == () and result.false_accusations == 0
    assert [p.ranked[0][0] for p in predictions] == ["r3", "r2", "r6", "r2"]


@pytest.mark.parametrize(
    ("words", "ruled", "asked", "same"),
    [
        ("[Freeze] [Water]", "freeze the puddle under the guard",
         "turn the puddle under the guard to ice until he slips", True),
        ("[Calm] [Horse]", "soothe the panicked horse", "calm the horse until it stops bucking",
         True),
        ("[Freeze] [Water]", "freeze the puddle under the guard",
         "freeze the puddle under the guard for an hour", False),
        ("[Calm] [Horse]", "soothe the panicked horse", "keep the panicked horse calm until dawn",
         False),
    ],
)  # fmt: skip
def test_scope_is_what_the_coverage_check_reads(
    coverage: Coverage, words: str, ruled: str, asked: str, *, same: bool
) -> None:
    """ "Two intents are 'the same' when they ask for the same effect with the same scope
    (same kinds of target, area, duration, casting manner and delivery)", and a duration is
    one "beyond one round ('permanently', 'forever', 'for an hour', 'until dawn', 'all
    night')" (wop-dev README). The same-situation test takes an intent's scope from the
    coverage check, so an "until" that only says when the effect is done ("until he slips"),
    which the check reads as no scope, does not make a paraphrase another situation; the
    parse alone read it as a duration."""
    reader = Reader(coverage)
    spell = parse_words(words)
    found = compare(reader.read(asked, spell), reader.read(ruled, spell))
    assert found.same is same, found.reasons


def test_search_ranks_the_rulebooks_example_first_and_says_why(checks: RulingChecks) -> None:
    """ "Canon rulings from the rulebook take part like any other." """
    index = checks.index
    hits = index.search(
        "a haze of metal that shreds whoever walks through it", parse_words("Metal Mist"), 3
    )
    assert hits[0].precedent.id == "C4"
    scores = hits[0].scores
    assert scores.words == 1.0 and scores.semantic > 0.3 and scores.lexical > 0
    assert "meaning" in scores.why() and hits[0].to_dict()["scores"]["total"] > 0


def test_canon_vectors_are_embedded_once_and_stored_with_the_next_ruling(
    checks: RulingChecks, models: Models, coverage: Coverage
) -> None:
    """Rulings recorded without models (the canon, seeded by `init`) are embedded on first
    use; the next recorded ruling stores them in its transaction, with its own vector."""
    index = checks.index
    assert index.pending == 15 and not load_vectors(index.ledger, index.model)
    proposal = Proposal("Grum", parse_words("Become Evade"), "let me leap over the wall",
                        Verdict.VETOED, needs=parse_words("Jump"))  # fmt: skip
    recorded = checks.record(proposal, checks.review(proposal))
    stored = load_vectors(index.ledger, index.model)
    assert len(stored) == 16 and recorded.ruling.id in stored and index.pending == 0
    again = PrecedentIndex(index.ledger, models, coverage=coverage)
    assert again.pending == 0


def test_a_stricter_ruling_is_refused_and_writes_nothing_until_overruled(
    checks: RulingChecks,
) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal]
    [Mist] the next." The rulebook approved [Become] [Evade] to "dodge the next thing that
    would hit me"; vetoing it reworded is stricter, refused until overruled."""
    proposal = Proposal("Grum", parse_words("Become Evade"),
                        "make me dodge the next blow aimed at me", Verdict.VETOED)  # fmt: skip
    review = checks.review(proposal)
    assert review.conflict is not None and review.conflict.precedent.id == "C12"
    assert review.conflict.kind.value == "stricter" and review.conflict.confidence >= 0.5
    before = snapshot(checks.index.ledger.path)
    with pytest.raises(PrecedentConflict, match="stricter than precedent") as refused:
        checks.record(proposal, review)
    assert refused.value.hint is not None and "--overrule" in refused.value.hint
    assert snapshot(checks.index.ledger.path) == before
    recorded = checks.record(proposal, review, overrule="evasion now needs a Word of speed")
    status = status_of(checks.index.ledger, "C12")
    assert (status.status, status.by_ruling) == (Status.OVERRULED, recorded.ruling.id)
    later = checks.review(replace(proposal, intent="let me dodge whatever hits me next"))
    assert later.conflict is None  # an overruled precedent binds no more


def test_a_distinguished_pair_is_not_flagged_again(checks: RulingChecks) -> None:
    """ "A warning never blocks: the Storyteller may rule anyway, recording why; the
    precedent is then marked distinguished or overruled, like case law." """
    proposal = Proposal("Grum", parse_words("Become Evade"),
                        "make me dodge the next blow aimed at me", Verdict.VETOED)  # fmt: skip
    recorded = checks.record(proposal, checks.review(proposal), distinguish="a blow, not a hit")
    assert status_of(checks.index.ledger, "C12").status is Status.DISTINGUISHED
    again = checks.review(replace(proposal, intent="make me dodge the next blow aimed at me now"))
    assert again.conflict is None
    released = [f.released for f in again.decision.findings if f.precedent.id == "C12"]
    assert released == [f"distinguished by {recorded.ruling.id}"]


def test_looser_against_a_rulebook_veto_and_the_nearest_precedent_governs(
    checks: RulingChecks,
) -> None:
    """The rulebook vetoed [Fire] [Ball] to "trap a balloon with fire" for lack of [Trap]:
    approving it reworded is looser. Hurling a ball of fire is the rulebook's approved
    fireball, not the trap: no conflict."""
    snare = Proposal("Vex", parse_words("Fire Ball"), "catch the balloon in a snare of flame",
                     Verdict.APPROVED)  # fmt: skip
    conflict = checks.review(snare).conflict
    assert conflict is not None and (conflict.kind.value, conflict.precedent.id) == ("looser", "C9")
    hurl = replace(snare, intent="hurl a ball of fire at the orc")
    assert checks.review(hurl).conflict is None


def test_an_approval_teaches_the_campaign_its_own_lexicon(checks: RulingChecks) -> None:
    """ "Confirmed mappings ('silence' was covered by [Decrease]+[Speech]) are the campaign's
    own lexicon and inform later coverage checks." """
    hurl = Proposal("Vex", parse_words("Fire Ball"), "hurl a ball of fire at the orc",
                    Verdict.APPROVED)  # fmt: skip
    recorded = checks.record(hurl, checks.review(hurl))
    assert recorded.ruling.mapping.get("fire") == ("Fire",)
    trap = Proposal("Vex", parse_words("Fire Trap"), "trap the goblin with fire",
                    Verdict.VETOED, needs=parse_words("Cage"))  # fmt: skip
    assert recorded.ruling.id in checks.review(trap).covered_as


def test_implementation_differences_are_shown_never_flagged(checks: RulingChecks) -> None:
    """ "Implementation may differ freely ('no two spells are ever really the same')." """
    from adjudicator.ledger.rulings import Implementation

    proposal = Proposal(
        "Grum",
        parse_words("Become Evade"),
        "dodge the next arrow that would hit me",
        Verdict.APPROVED,
        implementation=Implementation(note="one arrow"),
    )
    review = checks.review(proposal)  # fmt: skip
    assert review.conflict is None
    assert any("C12" in note and "one arrow" in note for note in review.implementation_notes)


def test_a_ledger_without_rulings_still_answers(
    tmp_path: Path, models: Models, coverage: Coverage
) -> None:
    with new_ledger(tmp_path / "empty.sqlite", canon=False) as ledger:
        index = PrecedentIndex(ledger, models, coverage=coverage)
        assert len(index) == 0 and index.search("anything") == ()
