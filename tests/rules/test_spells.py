"""Spell structure: at least two Words, exactly one Inherent, Drawn Words from the hand."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import AdjudicatorError
from adjudicator.rules.spells import (
    MAX_INTENT_LENGTH,
    InherentWordsCombined,
    IntentTooLong,
    MissingIntent,
    NoInherentWord,
    Spell,
    SpellWord,
    TooFewWords,
    WordsNotInHand,
    cast,
    spell_problems,
    take_from_hand,
    validate_spell,
)
from adjudicator.rules.words import Word, WordKind, parse_words

W = parse_words
SNAZZLE = W("Decrease, Convince, Steal")  # Inherent Words


def kinds(spell: Spell) -> list[tuple[str, WordKind]]:
    return [(used.word.text, used.kind) for used in spell.words]


# -- golden examples from the rulebook ---------------------------------------------------------


def test_decrease_speech_with_decrease_inherent_is_a_valid_spell() -> None:
    """ "[Decrease] [Speech] could be used to mute a single person. The intent is "make this
    guy stop talking"." """
    spell = validate_spell(
        W("[Decrease] [Speech]"), "make this guy stop talking", inherent=SNAZZLE, hand=W("Speech")
    )
    assert kinds(spell) == [("Decrease", WordKind.INHERENT), ("Speech", WordKind.DRAWN)]
    assert spell.inherent == Word("Decrease")
    assert spell.drawn == (Word("Speech"),)
    assert str(spell) == "[Decrease] [Speech]: make this guy stop talking"


def test_two_inherent_words_together_are_refused_and_named() -> None:
    """ "Inherent Words are not consumed upon use and cannot be combined with each other." """
    with pytest.raises(InherentWordsCombined) as caught:
        validate_spell(
            W("[Decrease] [Convince]"), "make him agree to less", inherent=SNAZZLE, hand=()
        )
    assert caught.value.words == (Word("Decrease"), Word("Convince"))
    assert "[Decrease] [Convince]" in caught.value.message


def test_fire_ball_on_the_orc_passes_structure_when_an_intent_is_given() -> None:
    """ "I cast [Fire] [Ball] on the Orc." - meaning is the language layer's ruling, not this
    module's: structurally an intent was given."""
    spell = validate_spell(W("[Fire] [Ball]"), "on the Orc", inherent=W("Fire"), hand=W("Ball"))
    assert spell.intent == "on the Orc"


@pytest.mark.parametrize("intent", ["", "   ", "\n\t"])
def test_a_spell_without_an_intent_is_refused(intent: str) -> None:
    """ "Alongside this, the player needs to declare an intent." "'I cast [Fire] [Ball] on the
    Orc.' is totally incomprehensible." """
    with pytest.raises(MissingIntent) as caught:
        validate_spell(W("[Fire] [Ball]"), intent, inherent=W("Fire"), hand=W("Ball"))
    assert caught.value.words == (Word("Fire"), Word("Ball"))
    assert caught.value.hint


def test_the_ball_and_fire_safe_passage_intent_is_valid_in_either_order() -> None:
    """ "I'll cast [Ball] and [Fire] to gather up the flames and allow safe passage." is a fine
    way to do magic in Words of Power." """
    spell = validate_spell(
        W("[Ball] [Fire]"), "gather up the flames", inherent=W("Fire"), hand=W("Ball")
    )
    assert kinds(spell) == [("Ball", WordKind.DRAWN), ("Fire", WordKind.INHERENT)]


# -- the rules one by one ----------------------------------------------------------------------


@pytest.mark.parametrize("words", ["", "[Decrease]"])
def test_fewer_than_two_words_are_refused(words: str) -> None:
    """ "You must use at least two Words to impart a magical effect." """
    given_words = W(words) if words else ()
    with pytest.raises(TooFewWords) as caught:
        validate_spell(given_words, "be quieter", inherent=SNAZZLE, hand=())
    assert caught.value.words == given_words


def test_a_spell_with_no_inherent_word_is_refused() -> None:
    """ "One of these Words must be an Inherent Word." """
    with pytest.raises(NoInherentWord) as caught:
        validate_spell(W("[Fire] [Ball]"), "a ball of fire", inherent=SNAZZLE, hand=W("Fire Ball"))
    assert caught.value.words == (Word("Fire"), Word("Ball"))
    assert "[Convince] [Decrease] [Steal]" in (caught.value.hint or "")


def test_drawn_words_not_in_the_hand_are_refused_and_named() -> None:
    """ "The important thing is that the player describes a magical intent and provides enough
    Words from their Hand to cover all the concepts involved." """
    with pytest.raises(WordsNotInHand) as caught:
        validate_spell(
            W("[Decrease] [Speech] [Zone]"), "a cone of silence", inherent=SNAZZLE, hand=W("Speech")
        )
    assert caught.value.words == (Word("Zone"),)


def test_each_copy_of_a_drawn_word_needs_its_own_card() -> None:
    """ "Drawn Words, those drawn from the Deck, are consumed upon use." - two [Fire] in a spell
    need two [Fire] cards."""
    words = W("[Decrease] [Fire] [Fire]")
    with pytest.raises(WordsNotInHand) as caught:
        validate_spell(words, "less fire, twice", inherent=SNAZZLE, hand=W("Fire"))
    assert caught.value.words == (Word("Fire"),)
    spell = validate_spell(words, "less fire, twice", inherent=SNAZZLE, hand=W("Fire Fire"))
    assert spell.drawn == (Word("Fire"), Word("Fire"))


def test_an_inherent_word_used_twice_needs_a_drawn_copy() -> None:
    """ "Inherent Words ... cannot be combined with each other." - not even with themselves."""
    with pytest.raises(InherentWordsCombined):
        validate_spell(W("[Fire] [Fire]"), "a bigger fire", inherent=W("Fire"), hand=())
    spell = validate_spell(W("[Fire] [Fire]"), "a bigger fire", inherent=W("Fire"), hand=W("Fire"))
    assert [used.kind for used in spell.words] == [WordKind.INHERENT, WordKind.DRAWN]


def test_a_word_both_inherent_and_in_hand_may_be_used_either_way() -> None:
    """ "Inherent Words ... cannot be combined with each other." - but a Drawn copy of an
    Inherent Word is a Drawn Word: [Decrease] [Convince] works when [Convince] is in the hand,
    and so does the reverse assignment."""
    spell = validate_spell(
        W("[Decrease] [Convince]"), "make him agree to less", inherent=SNAZZLE, hand=W("Convince")
    )
    assert kinds(spell) == [("Decrease", WordKind.INHERENT), ("Convince", WordKind.DRAWN)]
    spell = validate_spell(
        W("[Decrease] [Convince]"), "make him agree to less", inherent=SNAZZLE, hand=W("Decrease")
    )
    assert kinds(spell) == [("Decrease", WordKind.DRAWN), ("Convince", WordKind.INHERENT)]


def test_there_is_no_upper_limit_on_words() -> None:
    """ "There is no upper limit for the number of Words that may be used in a single spell." """
    drawn = W("Silent Still Permanent Speech Zone")
    spell = validate_spell(
        W("[Silent] [Still] [Permanent] [Decrease] [Speech] [Zone]"),
        "permanently silence the town without speaking or gestures",
        inherent=SNAZZLE,
        hand=drawn,
    )
    assert len(spell.words) == 6
    assert cast(spell, drawn) == ()


def test_an_intent_over_the_limit_is_refused() -> None:
    """An intent is "something they want to accomplish": a sentence or two, at most
    MAX_INTENT_LENGTH characters."""
    words = W("[Decrease] [Speech]")
    validate_spell(words, "x" * MAX_INTENT_LENGTH, inherent=SNAZZLE, hand=W("Speech"))
    with pytest.raises(IntentTooLong) as caught:
        validate_spell(words, "x" * (MAX_INTENT_LENGTH + 1), inherent=SNAZZLE, hand=W("Speech"))
    assert caught.value.length == MAX_INTENT_LENGTH + 1


def test_problems_are_listed_most_useful_first() -> None:
    """Intent first ("It doesn't *mean* anything here"), then what no hand could fix, then what
    the hand lacks."""
    problems = spell_problems(W("[Fire] [Ball]"), "", inherent=SNAZZLE, hand=W("Fire"))
    assert [type(p) for p in problems] == [MissingIntent, NoInherentWord, WordsNotInHand]
    assert problems[2].words == (Word("Ball"),)
    problems = spell_problems(
        W("[Decrease] [Speech] [Zone]"), "silence", inherent=W("Decrease Speech"), hand=()
    )
    assert [type(p) for p in problems] == [InherentWordsCombined, WordsNotInHand]
    with pytest.raises(MissingIntent):
        validate_spell(W("[Fire] [Ball]"), "", inherent=SNAZZLE, hand=W("Fire"))


def test_spell_errors_are_adjudicator_errors() -> None:
    """Every refusal can be caught in one place, as the CLI does."""
    with pytest.raises(AdjudicatorError):
        validate_spell(W("[Fire]"), "", inherent=(), hand=())


# -- casting -------------------------------------------------------------------------------------


def test_casting_consumes_drawn_words_and_keeps_the_inherent_one() -> None:
    """ "Inherent Words are not consumed upon use ... Drawn Words ... are consumed upon use." """
    hand = W("Speech Decrease Zone")
    spell = validate_spell(W("[Decrease] [Speech]"), "mute him", inherent=SNAZZLE, hand=hand)
    assert cast(spell, hand) == W("Decrease Zone")


def test_casting_from_a_hand_without_the_drawn_words_is_refused() -> None:
    """ "Drawn Words ... are consumed upon use": a card spent once cannot be spent again."""
    hand = W("Speech")
    spell = validate_spell(W("[Decrease] [Speech]"), "mute him", inherent=SNAZZLE, hand=hand)
    with pytest.raises(WordsNotInHand):
        cast(spell, cast(spell, hand))


def test_a_homonym_keeps_the_meaning_declared_on_its_card() -> None:
    """ "[Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's
    initially added to the Deck." """
    hand = (Word("Lead", "the act of guiding"), Word("Lead", "the element"))
    spell = validate_spell(
        (Word("Summon"), Word("Lead", "the element")),
        "a lead weight",
        inherent=W("Summon"),
        hand=hand,
    )
    assert spell.drawn[0].sense == "the element"
    assert cast(spell, hand)[0].sense == "the act of guiding"
    spell = validate_spell(W("[Summon] [Lead]"), "a guide", inherent=W("Summon"), hand=hand)
    assert spell.drawn[0].sense == "the act of guiding"


def test_a_spell_checks_its_own_structure() -> None:
    """ "One of these Words must be an Inherent Word." - also for a Spell built by hand."""
    drawn = SpellWord(Word("Fire"), WordKind.DRAWN)
    inherent = SpellWord(Word("Ball"), WordKind.INHERENT)
    with pytest.raises(NoInherentWord):
        Spell((drawn, drawn), "fire")
    with pytest.raises(InherentWordsCombined):
        Spell((inherent, inherent), "balls")
    with pytest.raises(TooFewWords):
        Spell((inherent,), "a ball")


def test_a_spell_round_trips_through_a_dict_with_senses() -> None:
    """The ledger stores spells: words, their kinds and senses, and the intent."""
    spell = Spell(
        (
            SpellWord(Word("Summon"), WordKind.INHERENT),
            SpellWord(Word("Lead", "the element"), WordKind.DRAWN),
        ),
        "a lead weight",
    )
    again = Spell.from_dict(spell.to_dict())
    assert again == spell
    assert again.to_dict() == spell.to_dict()


# -- properties ----------------------------------------------------------------------------------

POOL = W("Fire Ball Zone Lead Speech Decrease")
words_from_pool = st.lists(st.sampled_from(POOL), max_size=6)


def assignment_exists(words: list[Word], inherent: list[Word], hand: list[Word]) -> bool:
    """The rule, by brute force: some Word is Inherent and the hand holds all the others."""
    for i, word in enumerate(words):
        rest = Counter(w.text for w in words[:i] + words[i + 1 :])
        if word in inherent and not rest - Counter(w.text for w in hand):
            return True
    return False


@given(words_from_pool, words_from_pool, words_from_pool)
def test_a_valid_assignment_is_found_whenever_one_exists(
    words: list[Word], inherent: list[Word], hand: list[Word]
) -> None:
    """ "One of these Words must be an Inherent Word." with the rest "from their Hand"."""
    expected = len(words) >= 2 and assignment_exists(words, inherent, hand)
    problems = spell_problems(words, "an intent", inherent=inherent, hand=hand)
    assert (not problems) == expected
    if expected:
        spell = validate_spell(words, "an intent", inherent=inherent, hand=hand)
        assert [used.word for used in spell.words] == words
        assert sum(used.kind is WordKind.INHERENT for used in spell.words) == 1


@given(words_from_pool, words_from_pool, words_from_pool)
def test_casting_removes_exactly_the_drawn_words(
    words: list[Word], inherent: list[Word], hand: list[Word]
) -> None:
    """ "Inherent Words are not consumed upon use ... Drawn Words ... are consumed upon use." """
    if spell_problems(words, "an intent", inherent=inherent, hand=hand):
        return
    spell = validate_spell(words, "an intent", inherent=inherent, hand=hand)
    left = cast(spell, hand)
    removed = Counter(w.text for w in hand) - Counter(w.text for w in left)
    assert removed == Counter(w.text for w in spell.drawn)
    assert len(left) == len(hand) - len(words) + 1


@given(words_from_pool, words_from_pool)
def test_taking_from_a_hand_keeps_every_card_accounted_for(
    hand: list[Word], words: list[Word]
) -> None:
    """Cards taken plus cards left are the hand, or nothing is taken at all."""
    try:
        left, taken = take_from_hand(hand, words)
    except WordsNotInHand as error:
        assert Counter(w.text for w in error.words) == Counter(w.text for w in words) - Counter(
            w.text for w in hand
        )
        return
    assert Counter(left) + Counter(taken) == Counter(hand)
    assert Counter(taken) == Counter(words)
