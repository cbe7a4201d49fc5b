"""Precedent and consistency, the pure part: Words, standing, and the same situation.

No models here: readings are built by hand (unit vectors chosen for their cosine), so these
tests pin the rules themselves; tests/precedent/test_with_models.py runs them on real
intents.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from adjudicator.ledger.rulings import Status, Verdict
from adjudicator.precedent.cases import ConflictKind, PolicyNote, Precedent, Question
from adjudicator.precedent.conflicts import Candidate, decide, word_set_kind
from adjudicator.precedent.policies import release
from adjudicator.precedent.same_situation import (
    AREA,
    DELIVERY,
    DURATION,
    MANNER,
    Reading,
    compare,
    confidence_of,
    scope_hints,
)
from adjudicator.precedent.scores import token_overlap, word_overlap
from adjudicator.rules.words import Word, parse_words

APPROVED, VETOED = Verdict.APPROVED, Verdict.VETOED


def unit(cosine: float) -> np.ndarray:
    """A unit vector at `cosine` from (1, 0, 0)."""
    return np.array([cosine, np.sqrt(1 - cosine**2), 0.0], dtype=np.float32)


BASE = np.array([1.0, 0.0, 0.0], dtype=np.float32)


def reading(
    vector: np.ndarray = BASE,
    *,
    scope: frozenset[str] = frozenset(),
    effects: tuple[str, ...] = (),
    effect_vectors: np.ndarray | None = None,
    meaningless: bool = False,
) -> Reading:
    return Reading("intent", vector, scope, frozenset(), effects, effect_vectors, meaningless)


def precedent(
    words: str, verdict: Verdict, *, needs: str = "", id: str = "R1", session: int = 1, **extra: Any
) -> Precedent:
    return Precedent(
        id=id,
        words=parse_words(words),
        intent="an earlier intent",
        verdict=verdict,
        needs=parse_words(needs) if needs else (),
        session=session,
        **extra,
    )


def question(words: str, verdict: Verdict, *, needs: str = "", session: int = 5) -> Question:
    return Question(
        parse_words(words),
        "a new intent",
        verdict,
        parse_words(needs) if needs else (),
        session=session,
    )


# -- Words ------------------------------------------------------------------------------------


def test_vetoing_what_fewer_words_were_enough_for_is_stricter() -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal] [Mist]
    the next." """
    earlier = precedent("Metal Mist", APPROVED)
    assert word_set_kind(earlier, question("Metal Mist", VETOED, needs="Summon")) is (
        ConflictKind.STRICTER
    )
    assert word_set_kind(earlier, question("Metal Mist Wind", VETOED)) is ConflictKind.STRICTER


def test_approving_with_the_same_or_fewer_words_than_a_veto_is_looser() -> None:
    """Looser: "a precedent vetoed the same intent for too few words; the new ruling approves
    it with the same or fewer" (DESIGN.md)."""
    earlier = precedent("Decrease Speech", VETOED, needs="Zone")
    assert word_set_kind(earlier, question("Decrease Speech", APPROVED)) is ConflictKind.LOOSER


@pytest.mark.parametrize(
    ("earlier", "now"),
    [
        (precedent("Ball Fire", VETOED, needs="Trap"), question("Ball Fire Trap", APPROVED)),
        (precedent("Decrease Speech Zone", APPROVED), question("Decrease Speech", VETOED)),
        (precedent("Sleep Person", APPROVED), question("Sleep Person", APPROVED)),
        (precedent("Ball Fire", VETOED), question("Ball Fire", VETOED, needs="Trap")),
    ],
    ids=["required words supplied", "fewer words vetoed", "same verdict", "veto after veto"],
)
def test_consistent_verdicts_are_no_conflict(earlier: Precedent, now: Question) -> None:
    """ "approving an intent that was once vetoed now that the player has added the required
    Words, and vetoing an intent with fewer Words than an earlier approval used" (wop-dev)."""
    assert word_set_kind(earlier, now) is None


def test_a_homonym_declared_with_another_meaning_is_another_word() -> None:
    """ "[Lead] the metal cannot also lure a person" (DESIGN.md)."""
    earlier = Precedent("R1", (Word("Lead", "the metal"), Word("Person")), "x", APPROVED)
    other = Question((Word("Lead", "to guide"), Word("Person")), "y", VETOED)
    same = Question((Word("Lead", "the metal"), Word("Person")), "y", VETOED)
    assert word_set_kind(earlier, other) is None
    assert word_set_kind(earlier, same) is ConflictKind.STRICTER


# -- standing ---------------------------------------------------------------------------------


def test_a_policy_announced_before_releases_the_rulings_it_names() -> None:
    """ "If a mistake was made and the policy needs to change, the Storyteller should state
    that openly before it comes up." """
    earlier = precedent("Metal Mist", APPROVED, id="R1", session=1)
    now = question("Metal Mist", VETOED, needs="Summon", session=4)
    policy = PolicyNote("P1", frozenset({"R1"}), session=3)
    assert release(earlier, now, [policy]) == "superseded by policy P1"


@pytest.mark.parametrize(
    "policy",
    [
        PolicyNote("P1", frozenset({"R1"}), session=4),
        PolicyNote("P1", frozenset({"R1"}), session=6),
        PolicyNote("P1", frozenset({"R2"}), session=3),
    ],
    ids=["same session", "announced after", "names another ruling"],
)
def test_a_policy_not_announced_before_or_naming_another_ruling_does_not_release(
    policy: PolicyNote,
) -> None:
    """ "A policy announced in an earlier session than the proposal supersedes the rulings it
    names"; "A policy that supersedes some other ruling does not remove the conflict"."""
    earlier = precedent("Metal Mist", APPROVED, id="R1", session=1)
    assert release(earlier, question("Metal Mist", VETOED, session=4), [policy]) is None


def test_a_policy_about_a_concept_releases_earlier_rulings_when_the_ruling_names_it() -> None:
    """A policy with a concept Word ("Conjuring metal from nothing now needs [Summon]",
    --concept Summon) releases the rulings recorded before it from a ruling that uses or
    demands that Word; a ruling made after the policy still binds."""
    policy = PolicyNote("P1", concept="Summon", session=2, record=50)
    before = precedent("Metal Mist", APPROVED, id="C4", record=10)
    after = precedent("Metal Mist", APPROVED, id="R9", record=60)
    demands = Question(parse_words("Metal Mist"), "x", VETOED, parse_words("Summon"))
    silent = Question(parse_words("Metal Mist"), "x", VETOED, parse_words("Wind"))
    assert release(before, demands, [policy]) == "policy P1 about [Summon] came after it"
    assert release(after, demands, [policy]) is None
    assert release(before, silent, [policy]) is None


def test_overruled_and_corrected_rulings_do_not_bind_but_distinguished_ones_do() -> None:
    """ "the precedent is then marked distinguished or overruled, like case law" """
    now = question("Metal Mist", VETOED)
    overruled = precedent("Metal Mist", APPROVED, status=Status.OVERRULED, status_by="R4")
    corrected = precedent("Metal Mist", APPROVED, status=Status.SUPERSEDED, status_by="R5")
    distinguished = precedent("Metal Mist", APPROVED, status=Status.DISTINGUISHED, status_by="R6")
    assert release(overruled, now, []) == "overruled by R4"
    assert release(corrected, now, []) == "corrected by R5"
    assert release(distinguished, now, []) is None


# -- the same situation -----------------------------------------------------------------------


def test_close_meaning_with_the_same_scope_is_the_same_situation() -> None:
    same = compare(reading(unit(0.8)), reading())
    assert same.same and same.confidence == pytest.approx(confidence_of(0.8))
    assert confidence_of(0.40) == pytest.approx(0.5)


def test_far_meaning_is_another_situation_even_with_the_same_words() -> None:
    """ "Ledgers also contain ... near-misses that share the proposal's Words but not its
    intent." """
    assert not compare(reading(unit(0.3)), reading()).same


def test_a_scope_one_intent_asks_for_and_the_other_not_makes_them_different() -> None:
    """ "an earlier approval of a single-target spell does not bind a veto of the same spell
    on a whole area, for a longer time, at range, without speaking" (wop-dev README)."""
    for kind in (AREA, DURATION, MANNER, DELIVERY):
        found = compare(reading(unit(0.95), scope=frozenset({kind})), reading())
        assert not found.same and "different scope" in found.reasons[0]


def test_a_veto_naming_a_scope_word_says_the_intent_asked_for_that_scope() -> None:
    """ "make the jailer sleep and never wake up again", vetoed for [Permanent]: the veto's
    Word says what the parse may miss."""
    found = compare(reading(unit(0.93)), reading(), new_needs=frozenset({DURATION}))
    assert not found.same


def test_a_scope_difference_the_veto_does_not_name_is_doubted_not_decisive() -> None:
    """Vetoed for [Break], the parse's extra duration ("until it gives way") is not why."""
    found = compare(
        reading(unit(0.5), scope=frozenset({DURATION})), reading(), veto_needs=parse_words("Break")
    )
    assert found.same and found.confidence < confidence_of(0.5)


def test_an_extra_effect_makes_another_situation() -> None:
    """ "... or with an extra effect" (wop-dev README)."""
    sleep, wake = np.eye(3, dtype=np.float32)[0], np.eye(3, dtype=np.float32)[1]
    two = reading(unit(0.9), effects=("sleep", "wake up"), effect_vectors=np.stack([sleep, wake]))
    one = reading(effects=("sleep",), effect_vectors=sleep[None, :])
    found = compare(two, one)
    assert not found.same and "wake up" in found.reasons[0]


def test_the_same_sentence_about_another_thing_is_a_near_miss() -> None:
    """ "Two intents are 'the same' when they ask for the same effect with the same scope
    (same kinds of target ...)" (wop-dev README): one subject swapped in otherwise the same
    words is another situation however close the sentences; a verb reworded is not."""
    coals = Reading("cool the red-hot coals so I can pick them up", unit(0.9),
                    heads=frozenset({"coals"}))  # fmt: skip
    horseshoe = Reading("cool the red-hot horseshoe so I can pick it up", BASE,
                        heads=frozenset({"horseshoe"}))  # fmt: skip
    found = compare(coals, horseshoe, old_id="R1")
    assert not found.same
    assert found.reasons == ("a different subject: 'coals' here, 'horseshoe' in R1's intent",)
    shove = Reading("shove the pirate off the gangplank", unit(0.9), heads=frozenset({"pirate"}))
    push = Reading("push the pirate off the gangplank", BASE, heads=frozenset({"pirate"}))
    assert compare(shove, push).same


def test_an_intent_that_means_nothing_is_no_situation() -> None:
    """ "An intent is required: '[Fire] [Ball] on the Orc' means nothing." """
    assert not compare(reading(), reading(meaningless=True)).same


def test_only_a_veto_naming_no_missing_words_is_believed_to_mean_nothing() -> None:
    """ "An intent is required: '[Fire] [Ball] on the Orc' means nothing." A ruling that
    approved an intent, or vetoed it for lack of Words, found a meaning in it: a parse that
    finds no effect in "the moat empties until it's dry" missed one."""
    unread = reading(unit(0.9), meaningless=True)
    approval = Candidate(precedent("Drain Pool", APPROVED), unread)
    found = decide(question("Drain Pool", VETOED, needs="Dry"), reading(), [approval], [])
    assert found.conflict is not None and found.conflict.precedent.id == "R1"
    lacking = Candidate(precedent("Fire Ball", VETOED, needs="Trap"), unread)
    assert decide(question("Fire Ball", APPROVED), reading(), [lacking], []).conflict is not None
    nothing = Candidate(precedent("Fire Ball", VETOED), unread)
    assert decide(question("Fire Ball", APPROVED), reading(), [nothing], []).conflict is None


def test_of_two_sure_conflicts_the_closest_is_named() -> None:
    """Confidence stops at 1.0, so two close rulings tie on it: the closer one is named."""
    closer = Candidate(precedent("Bleach Hair", VETOED, needs="White", id="R2"),
                       reading(unit(0.95)))  # fmt: skip
    later = Candidate(precedent("Bleach Hair", VETOED, needs="Horse", id="R5", session=3),
                      reading(unit(0.85)))  # fmt: skip
    found = decide(question("Bleach Hair", APPROVED), reading(), [later, closer], [])
    assert found.conflict is not None and found.conflict.precedent.id == "R2"


def test_scope_cues_come_from_the_policy_words() -> None:
    assert scope_hints("hush every voice in the shrine at once") == {AREA}
    assert scope_hints("make the jailer sleep and never wake up again") == {DURATION}
    assert scope_hints("put the sentry to sleep without a word") == {MANNER}
    assert scope_hints("restrain him without touching him") == {DELIVERY}
    assert scope_hints("close the cut on my palm") == frozenset()


# -- the decision -----------------------------------------------------------------------------


def test_the_surest_conflict_is_reported_with_the_rule_it_breaks() -> None:
    near = Candidate(precedent("Metal Mist", APPROVED, id="R1"), reading(unit(0.6)))
    nearer = Candidate(precedent("Metal Mist", APPROVED, id="R2"), reading(unit(0.9)))
    far = Candidate(precedent("Metal Mist", APPROVED, id="R3"), reading(unit(0.1)))
    decision = decide(question("Metal Mist", VETOED, needs="Summon"), reading(), [near, far,
                      nearer], [])  # fmt: skip
    assert decision.conflict is not None
    assert decision.conflict.precedent.id == "R2"
    assert decision.conflict.kind is ConflictKind.STRICTER
    assert "[Summon] [Metal] [Mist]" in decision.conflict.rule
    assert {f.precedent.id for f in decision.findings} == {"R1", "R2", "R3"}


def test_a_near_miss_that_ruled_the_same_way_does_not_govern() -> None:
    """The nearest precedent governs only when it is the same situation: a veto of "turn the
    lead weight into silver" is no precedent for vetoing "... into gold", which an approval
    of the same situation binds ("If [Metal] [Mist] was enough one day, they should not
    require [Summon] [Metal] [Mist] the next.")."""
    approval = Candidate(precedent("Gold Transmute", APPROVED, id="R2"), reading(unit(0.7)))
    silver = Reading("turn the lead weight into silver", unit(0.95), heads=frozenset({"silver"}))
    near_miss = Candidate(precedent("Gold Transmute", VETOED, needs="Silver", id="R1"), silver)
    gold = Reading("turn the lead weight into gold", BASE, heads=frozenset({"gold"}))
    veto = question("Gold Transmute", VETOED, needs="Metal")
    decision = decide(veto, gold, [near_miss, approval], [])
    assert decision.conflict is not None and decision.conflict.precedent.id == "R2"
    same_again = Candidate(precedent("Gold Transmute", VETOED, id="R3"), reading(unit(0.95)))
    follows = decide(veto, reading(), [same_again, approval], [])
    assert follows.conflict is None  # a closer veto of the same situation governs


def test_silence_when_unsure() -> None:
    """ "Silence when unsure beats a false accusation." """
    unsure = Candidate(precedent("Metal Mist", APPROVED), reading(unit(0.35)))
    assert decide(question("Metal Mist", VETOED), reading(), [unsure], []).conflict is None


def test_a_distinguished_pair_is_not_flagged_again() -> None:
    """A precedent distinguished by R7 still binds other situations, but not the situation
    R7 was ruled to be."""
    earlier = precedent(
        "Metal Mist", APPROVED, status=Status.DISTINGUISHED, status_by="R7",
        distinguished_by=("R7",),
    )  # fmt: skip
    candidate = Candidate(earlier, reading(unit(0.7)))
    like_r7 = {"R7": reading(unit(0.95))}
    again = decide(question("Metal Mist", VETOED), reading(), [candidate], [],
                   distinctions=like_r7)  # fmt: skip
    assert again.conflict is None and again.findings[0].released == "distinguished by R7"
    unlike_r7 = {"R7": reading(np.array([0.0, 0.0, 1.0], dtype=np.float32))}
    other = decide(question("Metal Mist", VETOED), reading(), [candidate], [],
                   distinctions=unlike_r7)  # fmt: skip
    assert other.conflict is not None


# -- ranking scores ---------------------------------------------------------------------------


def test_overlaps_for_ranking() -> None:
    assert word_overlap(parse_words("Metal Mist"), parse_words("Mist Metal")) == 1.0
    assert word_overlap(parse_words("Metal Mist"), parse_words("Metal Summon")) == pytest.approx(
        1 / 3
    )
    assert token_overlap("shreds whoever moves", "shredding anyone moving") > 0
