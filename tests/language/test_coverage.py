"""Coverage: the rulebook's examples and every rule of DESIGN.md's "Adjudication policy"."""

from __future__ import annotations

import json

import pytest

from adjudicator.language import cues
from adjudicator.language.coverage import Coverage, check_coverage
from adjudicator.language.lexicon import Lexicon
from adjudicator.language.models import Models
from adjudicator.language.report import (
    ConfirmedMapping,
    CoverageReport,
    CoverKind,
    Verdict,
)
from adjudicator.rules.words import Word, parse_words

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def checker(models: Models) -> Coverage:
    return Coverage(models)


def check(checker: Coverage, words: str, intent: str) -> CoverageReport:
    return checker.check(parse_words(words), intent)


def covers_of(report: CoverageReport, lemma: str) -> set[CoverKind]:
    item = next(c for c in report.concepts if c.concept.lemma == lemma)
    return {cover.kind for cover in item.covers}


# -- the rulebook's examples ("Words of Power", "Fireball vs [Fire] [Ball]") ------------------


def test_decrease_speech_mutes_this_guy(checker: Coverage) -> None:
    """ "[Decrease] [Speech] could be used to mute a single person. The intent is 'make this
    guy stop talking'." """
    report = check(checker, "[Decrease] [Speech]", "make this guy stop talking")
    assert report.verdict is Verdict.COVERED
    assert covers_of(report, "stop") == {CoverKind.JOINT}
    assert report.unused_words == ()


def test_decrease_speech_zone_is_a_cone_of_silence(checker: Coverage) -> None:
    """ "[Decrease] [Speech] [Zone] could be used to create a cone of silence. The intent is
    to prevent sound in a specific area." """
    assert check(checker, "[Decrease] [Speech] [Zone]", "prevent sound in a specific area").covered
    without_zone = check(checker, "[Decrease] [Speech]", "prevent sound in a specific area")
    assert without_zone.missing_lemmas == ("area",)


def test_six_words_silence_a_town_permanently_without_voice_or_hands(checker: Coverage) -> None:
    """ "[Silent] [Still] [Permanent] [Decrease] [Speech] [Zone] could be used to permanently
    silence a town without requiring voice or hands." """
    words = "[Silent] [Still] [Permanent] [Decrease] [Speech] [Zone]"
    report = check(checker, words, "permanently silence a town without requiring voice or hands")
    assert report.covered
    dropped = check(
        checker,
        "[Still] [Permanent] [Decrease] [Speech] [Zone]",
        "permanently silence a town without requiring voice or hands",
    )
    assert dropped.missing_lemmas == ("voice",)


def test_metal_mist_hazard_shreds_as_a_natural_consequence(checker: Coverage) -> None:
    """ "If the player wants to use [Metal] [Mist] to create a hazard zone that causes damage to
    anyone who moves through it ... a magical metal mist that will shred them if they move." """
    for intent in (
        "use [Metal] [Mist] to create a hazard zone that shreds whoever moves through it",
        "create a hazard zone of metal mist that shreds whoever moves through it",
        "fill the corridor with a metal mist that causes damage to anyone who moves through it",
    ):
        assert check(checker, "[Metal] [Mist]", intent).covered, intent
    assert not check(checker, "[Metal] [Mist]", "conjure a metal mist that heals my allies").covered


def test_gathering_the_flames_is_fine_magic(checker: Coverage) -> None:
    """ "'I'll cast [Ball] and [Fire] to gather up the flames and allow safe passage.' is a
    fine way to do magic in Words of Power." (the purpose clause needs no Word)"""
    intent = "I'll cast [Ball] and [Fire] to gather up the flames and allow safe passage."
    report = check(checker, "[Ball] [Fire]", intent)
    assert report.covered
    assert "allow" not in report.missing_lemmas


def test_fire_ball_on_the_orc_means_nothing(checker: Coverage) -> None:
    """ "'I cast [Fire] [Ball] on the Orc.' is totally incomprehensible. It doesn't *mean*
    anything here." """
    report = check(checker, "[Fire] [Ball]", "I cast [Fire] [Ball] on the Orc.")
    assert report.verdict is Verdict.MEANINGLESS
    assert not report.covered
    assert "doesn't *mean* anything" in report.reasons[0]


def test_trapping_a_balloon_needs_trap(checker: Coverage) -> None:
    """ "They could not trap a [Ball] with [Fire], if they did not also have [Trap]." """
    report = check(checker, "[Fire] [Ball]", "trap a balloon with fire")
    assert report.missing_lemmas == ("trap",)
    assert report.reasons == ("Nothing covers 'trap': add a Word such as [Trap]",)
    assert check(checker, "[Fire] [Ball] [Trap]", "trap a balloon with fire").covered
    assert check(checker, "[Trap] [Ball] [Fire]", "I [Trap] a [Ball]oon with [Fire]").covered


def test_setting_the_ball_on_fire_needs_nothing_else(checker: Coverage) -> None:
    """ "They could set the [Ball] on [Fire] because there's no other concept at play." """
    assert check(checker, "[Fire] [Ball]", "set the ball on fire").covered


def test_a_made_ball_of_fire_can_be_thrown(checker: Coverage) -> None:
    """ "they could make a [Ball] of [Fire] and throw it at something" """
    assert check(checker, "[Fire] [Ball]", "make a ball of fire and throw it at the orc").covered


def test_stone_heart_resists_influence_as_a_metaphor(checker: Coverage) -> None:
    """ "[Stone] [Heart] does not need to literally turn your heart into stone. It can be used
    in the metaphorical sense to resist influence." """
    report = check(checker, "[Stone] [Heart]", "harden my heart so the siren's song cannot sway me")
    assert report.covered
    assert covers_of(report, "harden") == {CoverKind.METAPHOR}


# -- the policy's rules -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "intent"),
    [
        ("[Fire] [Ball]", "hurl an inferno at the orc"),
        ("[Ice] [Wall]", "turn the wall to ice"),
        ("[Metal] [Bell]", "make the bell ring like bronze"),
        ("[Increase] [Size]", "enlarge the wolf"),
        ("[Remove] [Sound]", "muffle my footsteps"),
        ("[Incinerate] [Door]", "burn the door to ashes"),
        ("[Levitate] [Self]", "lift me up and keep me hanging in the air"),
    ],
)
def test_words_need_not_be_exact(checker: Coverage, words: str, intent: str) -> None:
    """ "Words do not need to be exact": an "inferno" is covered by [Fire]; [Metal] covers
    bronze; [Increase] [Size] covers "enlarge", [Remove] [Sound] "muffle"; [Levitate] covers
    both lifting and hanging in the air."""
    assert check(checker, words, intent).covered


def test_a_broader_word_covers_a_narrower_case(checker: Coverage) -> None:
    """ "A broader Word covers a narrower case (`Metal` covers a bronze bell)." """
    report = check(checker, "[Metal] [Shape]", "shape a bell of bronze")
    assert covers_of(report, "bronze") == {CoverKind.BROADER}


@pytest.mark.parametrize(
    ("words", "intent", "missing"),
    [
        ("[Warm] [Body]", "chill the guard to the bone", "chill"),
        ("[Lift] [Stone]", "drop the boulder on the orc", "drop"),
        ("[Wet] [Cloth]", "dry the cloak", "dry"),
        ("[Grow] [Person]", "shrink the ogre to the size of a mouse", "shrink"),
    ],
)
def test_opposites_never_cover_each_other(
    checker: Coverage, words: str, intent: str, missing: str
) -> None:
    """ "Opposites never cover each other: `Warm` does not cover "chill", `Lift` does not
    cover "drop", `Wet` does not cover "dry"." """
    report = check(checker, words, intent)
    assert missing in report.missing_lemmas
    item = next(c for c in report.missing if c.concept.lemma == missing)
    assert any("opposite" in reason for reason in item.blocked)


@pytest.mark.parametrize(
    ("words", "intent", "missing"),
    [("[Dog] [Summon]", "summon a fox", "fox"), ("[Wine] [Pour]", "pour vinegar", "vinegar")],
)
def test_a_related_but_different_word_does_not_cover(
    checker: Coverage, words: str, intent: str, missing: str
) -> None:
    """ "A related but different Word does not: `Dog` does not cover a fox, `Wine` does not
    cover vinegar." """
    assert check(checker, words, intent).missing_lemmas == (missing,)


def test_silent_does_not_cover_without_gestures(checker: Coverage) -> None:
    """ "`Silent` does not cover "without gestures" and `Still` does not cover "without
    speaking"." """
    gestures = check(
        checker, "[Silent] [Sleep] [Person]", "put the guard to sleep without gestures"
    )
    assert gestures.missing_lemmas == ("gesture",)
    speaking = check(checker, "[Still] [Sleep] [Person]", "put the guard to sleep without speaking")
    assert speaking.missing_lemmas == ("speak",)
    both = check(
        checker,
        "[Silent] [Still] [Sleep] [Person]",
        "put the guard to sleep without speaking or gestures",
    )
    assert both.covered


def test_a_word_that_says_without_by_its_form_is_a_scope_word(checker: Coverage) -> None:
    """ "An unmodified spell is assumed to require touching the target with an empty hand,
    speaking the words out loud, and only lasts one round." A Word built to drop one of
    those defaults ("without hands or gestures (e.g. `Still`)", "without speaking (e.g.
    `Silent`)", a duration "forever") is a Word of that kind: [Gestureless], [Handless],
    [Speechless], [Unvoiced], [Undying]; words that only look alike are not."""
    words = ("gestureless", "handless", "speechless", "unvoiced", "undying", "unsound")
    checker.vectors.embed([*words, *(e for kind in cues.SCOPE_WORDS.values() for e in kind)])
    kinds = {w: kind.value if kind else None for w in words for kind in (checker.scope_kind(w)[0],)}
    assert kinds == {
        "gestureless": "without gestures",
        "handless": "without gestures",
        "speechless": "without speaking",
        "unvoiced": "without speaking",
        "undying": "duration",
        "unsound": None,  # a word of its own, not "not sounded"
    }
    intent = "put the guard to sleep without gestures"
    assert check(checker, "[Gestureless] [Sleep] [Person]", intent).covered
    speaking = check(checker, "[Gestureless] [Sleep] [Person]", "put him to sleep without speaking")
    assert speaking.missing_lemmas == ("speak",)


def test_a_scope_word_only_covers_its_own_kind(checker: Coverage) -> None:
    """ "A scope Word only covers its own kind of scope: an area Word does not cover a
    duration, a duration Word does not cover an area." """
    report = check(checker, "[Decrease] [Speech] [Permanent]", "silence the entire throne room")
    assert report.missing_lemmas == ("room",)
    report = check(checker, "[Decrease] [Speech] [Zone]", "silence the entire chapel for an hour")
    assert report.missing_lemmas == ("hour",)
    assert check(checker, "[Eternal] [Sleep] [Person]", "put the tyrant to sleep forever").covered


def test_delivery_beyond_touch_needs_a_word(checker: Coverage) -> None:
    """ "delivery beyond touch ("from a distance", "from afar", "at range") ... e.g. `Blast`,
    `Ray`, `Distant`, `Reach`." """
    assert check(checker, "[Freeze] [Person]", "freeze the archer at range").missing_lemmas == (
        "range",
    )
    assert check(checker, "[Freeze] [Person] [Ray]", "freeze the archer at range").covered


def test_every_distinct_effect_needs_a_word(checker: Coverage) -> None:
    report = check(checker, "[Summon] [Wolf] [Pack]", "summon a bear and make it invisible")
    assert set(report.missing_lemmas) == {"bear", "invisible"}


def test_a_campaign_precedent_covers_and_is_cited(checker: Coverage) -> None:
    """ "Confirmed mappings ("silence" was covered by [Decrease]+[Speech]) are the campaign's
    own lexicon and inform later coverage checks." """
    mapping = ConfirmedMapping("hypnotise", (Word("Calm"), Word("Person")), ruling="r12")
    plain = check(checker, "[Calm] [Person]", "hypnotise the herald")
    assert plain.missing_lemmas == ("hypnotise",)
    report = checker.check(
        parse_words("[Calm] [Person]"), "hypnotise the herald", precedents=[mapping]
    )
    assert report.covered
    best = next(c for c in report.concepts if c.concept.lemma == "hypnotise").best
    assert best is not None and best.kind is CoverKind.PRECEDENT
    assert "ruling r12" in best.why
    assert report.precedents == ("r12",)
    assert report.precedent_uses == (("hypnotise", "r12"),)  # named, never read as the verdict
    assert ConfirmedMapping.from_dict(mapping.to_dict()) == mapping


def test_an_approved_report_yields_the_mappings_a_ruling_confirms(checker: Coverage) -> None:
    report = check(checker, "[Decrease] [Speech]", "silence the herald")
    assert report.mappings("r7") == (
        ConfirmedMapping("silence", (Word("Decrease"), Word("Speech")), "r7"),
    )
    later = checker.check(
        parse_words("[Decrease] [Speech]"), "silence the bard", precedents=report.mappings("r7")
    )
    assert later.precedents == ("r7",)


def test_the_report_is_a_frozen_value_with_json(checker: Coverage) -> None:
    report = check(checker, "[Fire] [Ball] [Zone]", "trap a balloon with fire")
    data = json.loads(json.dumps(report.to_dict()))
    assert data["verdict"] == "not covered"
    assert data["missing"] == ["trap"]
    assert data["unused_words"] == ["Zone"]
    assert set(data["word_scores"]) == {"Fire", "Ball", "Zone"}
    assert data["word_scores"]["Fire"] > 0.8 > 0.5 > data["word_scores"]["Zone"]
    with pytest.raises(AttributeError):
        report.verdict = Verdict.COVERED  # type: ignore[misc]


def test_check_coverage_is_the_one_call_api(models: Models) -> None:
    report = check_coverage(
        parse_words("[Heal] [Wound]"), "heal the gash", models, lexicon=Lexicon()
    )
    assert report.covered


def test_a_sample_of_wop_dev_is_ruled_as_labeled(checker: Coverage) -> None:
    """Five labeled cases from benchmarks/wop-dev/coverage.jsonl (the full run is
    `adjudicator eval coverage`)."""
    cases = [
        ("Heat Water", "freeze the puddle so the thug slips on it", False, ("freeze",)),
        ("Fire Cart", "set the supply cart ablaze", True, ()),
        (
            "Shadow Hide",
            "hide in the shadows and mimic the captain's voice",
            False,
            ("mimic", "voice"),
        ),
        (
            "Ray Still Freeze Person",
            "freeze the fleeing thief solid from across the square without lifting a hand",
            True,
            (),
        ),
        (
            "Sleep Person",
            "Right, the guards are about to raise the alarm, so I want to put the "
            "whole courtyard to sleep before anyone shouts",
            False,
            ("courtyard",),
        ),
    ]
    for words, intent, covered, missing in cases:
        report = check(checker, words, intent)
        assert (report.covered, report.missing_lemmas) == (covered, missing), intent


def test_a_walk_concept_no_content_word_heads_needs_no_word(checker: Coverage) -> None:
    """Narrative colour needs no Word ("purpose clauses and narrative colour (...) need no
    Word", the wop-dev labelling policy): the walk makes "are" of "the wardens are outside" a
    concept, no content word heads it, and the judge, which reads every content word, finds
    none there that needs a Word."""
    report = check(checker, "[Open] [Lock]", "open the lock, the wardens are outside")
    assert report.covered
    are = next(item for item in report.concepts if item.concept.text == "are")
    assert not are.concept.needs_word
    assert "needs a Word of its own" in are.concept.reason
