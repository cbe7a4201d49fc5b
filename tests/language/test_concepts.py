"""Intent analysis: each concept's span, lemma, role, and whether the policy wants a Word.

Policy: DESIGN.md "Adjudication policy" and benchmarks/wop-dev/README.md.
"""

from __future__ import annotations

import pytest

from adjudicator.language.concepts import Concept, IntentAnalysis, Role
from adjudicator.language.coverage import Coverage
from adjudicator.language.cues import ScopeKind
from adjudicator.language.lexicon import Lexicon
from adjudicator.language.models import Models
from adjudicator.language.walker import analyse
from adjudicator.rules.spells import MAX_INTENT_LENGTH, IntentTooLong, MissingIntent
from adjudicator.rules.words import Word, parse_words

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def checker(models: Models) -> Coverage:
    return Coverage(models)


def read(checker: Coverage, words: str, intent: str) -> IntentAnalysis:
    return checker.analyse(intent, parse_words(words))


def concept(analysis: IntentAnalysis, lemma: str) -> Concept:
    found = [c for c in analysis.concepts if c.lemma == lemma]
    assert found, f"no concept {lemma!r} in {[c.lemma for c in analysis.concepts]}"
    return found[0]


def needed(analysis: IntentAnalysis) -> list[str]:
    return [c.lemma for c in analysis.needed]


def test_decrease_speech_stop_talking_is_one_reduction_of_speech(checker: Coverage) -> None:
    """ "The intent is 'make this guy stop talking'. The concepts being manipulated are
    speech and reduction." """
    analysis = read(checker, "[Decrease] [Speech]", "make this guy stop talking")
    stop = concept(analysis, "stop")
    assert stop.role is Role.EFFECT and stop.needs_word
    assert stop.forms == ("stop", "talk")
    assert stop.text == "stop talking"
    assert analysis.intent[stop.start : stop.end] == "stop talking"
    assert concept(analysis, "make").role is Role.FRAMING
    guy = concept(analysis, "guy")
    assert guy.role is Role.RECIPIENT and not guy.needs_word
    assert guy.text == "this guy"


def test_the_single_recipient_needs_no_word(checker: Coverage) -> None:
    """Need no Word: "the single recipient touched or directly affected (this guy, the orc,
    the door, my left arm)"."""
    analysis = read(checker, "[Heal] [Flesh]", "heal my left arm")
    assert needed(analysis) == ["heal"]
    assert concept(analysis, "arm").role is Role.RECIPIENT


@pytest.mark.parametrize(
    ("intent", "framing"),
    [
        ("make the door open", "make"),
        ("conjure a little light", "conjure"),
        ("call up a thick fog", "call"),
        ("put up a wall of flames", "put"),
        ("turn the guard into a frog", "turn"),
        ("let me see the invisible thief", "let"),
    ],
)
def test_framing_verbs_need_no_word(checker: Coverage, intent: str, framing: str) -> None:
    """ "light framing verbs: make, create, conjure, cast, use, cause, try, want, let, turn
    (into), put up, call up" need no Word."""
    analysis = read(checker, "[Fire] [Ball]", intent)
    frame = concept(analysis, framing)
    assert frame.role is Role.FRAMING and not frame.needs_word


def test_purpose_clauses_need_no_word(checker: Coverage) -> None:
    """ "purpose clauses and narrative colour ("so we can escape", "to allow safe passage",
    "before he gives us away")" need no Word."""
    analysis = read(
        checker, "[Decrease] [Speech]", "shut the drunk bard up before he gives us away"
    )
    assert needed(analysis) == ["shut"]
    assert concept(analysis, "give").role is Role.PURPOSE
    analysis = read(checker, "[Wall] [Fire]", "put up a wall of flames to block the doorway")
    assert concept(analysis, "block").role is Role.PURPOSE
    assert set(needed(analysis)) == {"wall", "flame"}


def test_bracketed_words_are_explicit_uses(checker: Coverage) -> None:
    """ "I'll cast [Ball] and [Fire] to gather up the flames" names the Words cast; "[Trap]
    a [Ball]oon with [Fire]" puts each Word on its concept."""
    analysis = read(checker, "[Ball] [Fire]", "I'll cast [Ball] and [Fire] to gather up the flames")
    assert analysis.named == (Word("Ball"), Word("Fire"))
    assert {"gather", "flame"} <= set(needed(analysis))
    assert "ball" not in needed(analysis)
    analysis = read(checker, "[Trap] [Ball] [Fire]", "I [Trap] a [Ball]oon with [Fire]")
    balloon = concept(analysis, "balloon")
    assert balloon.explicit == (Word("Ball"),)
    assert analysis.intent[balloon.start : balloon.end] == "a [Ball]oon"


def test_words_named_on_the_orc_mean_nothing(checker: Coverage) -> None:
    """ "'I cast [Fire] [Ball] on the Orc.' is totally incomprehensible. It doesn't *mean*
    anything here." """
    analysis = read(checker, "[Fire] [Ball]", "I cast [Fire] [Ball] on the Orc.")
    assert analysis.meaningless
    assert needed(analysis) == []
    assert concept(analysis, "orc").role is Role.RECIPIENT


@pytest.mark.parametrize(
    ("intent", "lemma", "kind"),
    [
        ("silence the entire throne room", "room", ScopeKind.AREA),
        ("heal everyone in the camp at once", "camp", ScopeKind.AREA),
        ("prevent sound in a specific area", "area", ScopeKind.AREA),
        ("put the tyrant to sleep forever", "forever", ScopeKind.DURATION),
        ("silence the chapel for an hour", "hour", ScopeKind.DURATION),
        ("turn my skin hard as stone until sunrise", "sunrise", ScopeKind.DURATION),
        ("conjure a light in the chapel that never goes out", "never", ScopeKind.DURATION),
        ("put the sentry to sleep without speaking", "speak", ScopeKind.VERBAL),
        ("hurl a fireball without any gestures", "gesture", ScopeKind.SOMATIC),
        ("bind the fleeing cultist from a distance", "distance", ScopeKind.DELIVERY),
        ("freeze the archer on the wall at range", "range", ScopeKind.DELIVERY),
    ],
)
def test_scope_beyond_the_defaults_needs_a_word(
    checker: Coverage, intent: str, lemma: str, kind: ScopeKind
) -> None:
    """Scope beyond "touch the target with an empty hand, say the Words aloud, the effect
    lasts one round" needs a Word: an explicit area, a longer duration, casting without
    speaking or gestures, delivery beyond touch."""
    found = concept(read(checker, "[Fire] [Ball]", intent), lemma)
    assert found.scope is kind
    assert found.needs_word


@pytest.mark.parametrize(
    "intent",
    [
        "mend the cuts on my back without gestures and without speaking",
        "let the torn skin of my back knit closed without a single gesture and without a whisper",
        "mend the cuts on my back for an hour and without speaking",
    ],
)
def test_a_scope_phrase_coordinated_with_another_is_scope_too(
    checker: Coverage, intent: str
) -> None:
    """ "An unmodified spell is assumed to require touching the target with an empty hand,
    speaking the words out loud, and only lasts one round": a second "without" joined by
    "and" drops the spoken requirement as the first drops the gestures."""
    analysis = read(checker, "[Still] [Mend] [Skin]", intent)
    assert ScopeKind.VERBAL in {c.scope for c in analysis.needed}
    assert not [c for c in analysis.needed if c.scope is None and c.lemma in ("speak", "whisper")]


def test_a_state_a_framing_verb_keeps_needs_a_word(checker: Coverage) -> None:
    """ "They could not trap a [Ball] with [Fire], if they did not also have [Trap]": every
    effect asks for its Word, the numbness that "keep it numb all night" brings about too."""
    analysis = read(
        checker, "[Heal] [Bone] [Lasting]", "Heal his broken shin; keep it numb all night."
    )
    assert concept(analysis, "numb").role is Role.EFFECT
    assert "numb" in needed(analysis)


@pytest.mark.parametrize(
    ("intent", "kind"),
    [
        ("put him to sleep, never speaking a word", ScopeKind.VERBAL),
        (
            "Can the monastery be hushed into silence with me saying nothing aloud?",
            ScopeKind.VERBAL,
        ),
        ("freeze the pond, not lifting a finger", ScopeKind.SOMATIC),
        ("make the guard never speak again", None),
        ("charm the duchess so she says nothing about us", None),
    ],
)
def test_the_casters_own_speech_or_gestures_denied_are_scope(
    checker: Coverage, intent: str, kind: ScopeKind | None
) -> None:
    """ "An unmodified spell is assumed to require ... speaking the words out loud": "never
    speaking a word" drops that as "without speaking" does; the target's silence ("make the
    guard never speak") is the spell's effect, and a purpose clause needs no Word."""
    scopes = {c.scope for c in read(checker, "[Fire] [Ball]", intent).needed} - {None}
    assert scopes & {ScopeKind.VERBAL, ScopeKind.SOMATIC} == ({kind} if kind else set())


@pytest.mark.parametrize(
    ("intent", "at_range"),
    [
        ("purge the venom from his blood", False),
        ("shield the village from the storm", False),
        ("rip the sword from the bandit's grip", False),
        ("wash the blood from my hands", False),
        ("rip the sword from his hand from a distance", True),
        ("hurl fire from the rooftop at the guards", True),
        ("freeze the lake from the shore", True),
        ("From the mine entrance, drive the ghost out of the lower gallery.", True),
    ],
)
def test_from_says_where_the_caster_stands_or_what_is_taken_away(
    checker: Coverage, intent: str, at_range: bool
) -> None:
    """ "An unmodified spell is assumed to require touching the target with an empty hand":
    casting from the rooftop asks for a Word of delivery; taking the venom from his blood
    touches him, so "from" there asks for none."""
    analysis = read(checker, "[Fire] [Ball]", intent)
    assert any(c.scope is ScopeKind.DELIVERY for c in analysis.needed) is at_range


def test_voice_and_hands_are_two_casting_requirements(checker: Coverage) -> None:
    """ "permanently silence a town without requiring voice or hands": "The concepts being
    modified are speech, reduction, a specific area, duration, and the manner in which the
    casting takes place." """
    analysis = read(
        checker, "[Silent] [Still]", "permanently silence a town without requiring voice or hands"
    )
    scopes = {c.lemma: c.scope for c in analysis.needed}
    assert scopes == {
        "permanently": ScopeKind.DURATION,
        "silence": None,
        "town": ScopeKind.AREA,
        "voice": ScopeKind.VERBAL,
        "hand": ScopeKind.SOMATIC,
    }


def test_spans_within_a_round_need_no_word(checker: Coverage) -> None:
    """ "spans that fit inside the default single round ("for an instant")"."""
    moment = concept(read(checker, "[Blind] [Eye]", "blind the sentry for a moment"), "moment")
    assert moment.role is Role.DURATION and not moment.needs_word


def test_the_teleport_target_the_caster_sees_needs_no_word(checker: Coverage) -> None:
    """ "the target location of a teleport or similar movement that the caster can see"."""
    analysis = read(checker, "[Teleport] [Self]", "teleport to the top of the tower I can see")
    assert needed(analysis) == ["teleport"]


def test_natural_consequences_need_no_word(checker: Coverage) -> None:
    """ "a metal mist shreds whoever walks through it; a ball of fire can be thrown"."""
    analysis = read(
        checker, "[Metal] [Mist]", "conjure a metal mist that shreds anyone who moves through it"
    )
    assert concept(analysis, "shred").role is Role.CONSEQUENCE
    assert set(needed(analysis)) == {"metal", "mist"}
    analysis = read(checker, "[Fire] [Ball]", "make a ball of fire and throw it at the orc")
    assert concept(analysis, "throw").role is Role.CONSEQUENCE


def test_an_effect_after_and_needs_its_own_word(checker: Coverage) -> None:
    """ "every distinct effect or change" needs a Word."""
    analysis = read(checker, "[Shadow] [Cloak]", "wrap myself in shadow and fly up to the balcony")
    assert "fly" in needed(analysis)


@pytest.mark.parametrize("intent", ["", "   ", "\n\t"])
def test_an_intent_is_required(models: Models, intent: str) -> None:
    """ "An intent is required: '[Fire] [Ball] on the Orc' means nothing." """
    with pytest.raises(MissingIntent):
        analyse(intent, parse_words("[Fire] [Ball]"), models, lexicon=Lexicon())


def test_an_intent_over_the_limit_is_an_error(checker: Coverage) -> None:
    with pytest.raises(IntentTooLong):
        checker.analyse("burn " * (MAX_INTENT_LENGTH // 4), parse_words("[Fire] [Ball]"))


def test_analysis_to_dict_has_spans_and_roles(checker: Coverage) -> None:
    data = read(checker, "[Fire] [Ball]", "trap a balloon with fire").to_dict()
    trap = next(c for c in data["concepts"] if c["lemma"] == "trap")
    assert trap["span"] == [0, 4] and trap["role"] == "effect" and trap["needs_word"]


@pytest.mark.parametrize(
    ("intent", "pieces", "substance"),
    [
        (
            "fill the hall with a mist of metal shards that cuts whoever walks in it",
            "shard",
            "metal",
        ),
        ("summon shards of ice", "shard", "ice"),
    ],
)
def test_pieces_of_a_substance_are_covered_by_the_substances_word(
    checker: Coverage, intent: str, pieces: str, substance: str
) -> None:
    """ "the enemy's reaction to a magical metal mist that will shred them": the metal in
    pieces is still the metal, [Metal] covers it (policy: the substance needs a Word)."""
    analysis = read(checker, "[Metal] [Mist]", intent)
    assert not concept(analysis, pieces).needs_word
    assert substance in needed(analysis)


def test_a_shape_the_spell_gives_a_substance_still_needs_its_word(checker: Coverage) -> None:
    """ "They could make a [Ball] of [Fire] and throw it at something": the ball is not a
    piece of the fire, it needs [Ball]."""
    analysis = read(checker, "[Fire] [Ball]", "make a ball of fire and throw it at the orc")
    assert {"ball", "fire"} <= set(needed(analysis))
