"""The Deck: submissions, the Storyteller's approval, shuffling, drawing, hands, trades."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import InvalidInput
from adjudicator.rules.deck import (
    AlreadySubmitted,
    Deck,
    DrawReason,
    DrawRefused,
    DuplicateInSubmission,
    EmptyDeck,
    Entry,
    Hand,
    NotAtRest,
    NotPending,
    Submission,
    SubmissionSizeError,
    Verdict,
)
from adjudicator.rules.spells import WordsNotInHand, validate_spell
from adjudicator.rules.words import Word, parse_words, with_senses

W = parse_words
ASTRA = Submission("Astra", W("Fire, Ball, Zone, Trap, Mist"))
BRAM = Submission("Bram", W("Metal, Speech, Jump, Summon, Fly, Hide"))
SKILL = DrawReason.SKILL_CHECK_FULL_SUCCESS


def approved(*submissions: Submission) -> Deck:
    """A Deck with every submitted Word approved, in submission order."""
    deck = Deck()
    for submission in submissions:
        deck = deck.submit(submission)
        for word in submission.words:
            deck = deck.approve(submission.player, word)
    return deck


def holding(player: str, words: str) -> Deck:
    return Deck(hands=(Hand(player, W(words)),))


# -- submitting and approving --------------------------------------------------------------------


@pytest.mark.parametrize("count", [5, 10])
def test_a_submission_of_five_to_ten_words_is_accepted(count: int) -> None:
    """ "Each player should submit 5-10 words to the Storyteller, who will aggregate and
    approve." """
    words = W("Fire Ball Zone Trap Mist Metal Speech Jump Summon Fly")[:count]
    deck = Deck().submit(Submission("Astra", words))
    assert [entry.word for entry in deck.pending] == list(words)
    assert all(entry.verdict is Verdict.PENDING for entry in deck.entries)


@pytest.mark.parametrize("count", [0, 4, 11])
def test_a_submission_of_fewer_than_five_or_more_than_ten_is_refused(count: int) -> None:
    """ "Each player should submit 5-10 words to the Storyteller." """
    words = W("Fire Ball Zone Trap Mist Metal Speech Jump Summon Fly Hide")[:count]
    with pytest.raises(SubmissionSizeError) as caught:
        Submission("Astra", words)
    assert caught.value.words == words


def test_the_same_word_twice_in_one_submission_is_refused() -> None:
    """ "Each player should submit 5-10 words" - five different ones."""
    with pytest.raises(DuplicateInSubmission) as caught:
        Submission("Astra", W("Fire Ball Fire Trap Mist"))
    assert caught.value.words == (Word("Fire"),)


def test_a_player_submits_once_per_session() -> None:
    """ "The 'Deck' is the collection of words that is built at the start of each session." """
    deck = Deck().submit(ASTRA)
    with pytest.raises(AlreadySubmitted) as caught:
        deck.submit(Submission(" Astra ", W("Metal Speech Jump Summon Fly")))
    assert caught.value.player == "Astra"
    assert deck.submit(BRAM).pending[-1].player == "Bram"


def test_the_storyteller_approves_or_rejects_each_word() -> None:
    """ "Each player should submit 5-10 words to the Storyteller, who will aggregate and
    approve." """
    deck = (
        Deck()
        .submit(ASTRA)
        .approve("Astra", Word("Fire"))
        .reject("Astra", Word("Trap"), note="too strong for this table")
    )
    verdicts = {entry.word.text: entry.verdict for entry in deck.entries}
    assert verdicts["Fire"] is Verdict.APPROVED
    assert verdicts["Trap"] is Verdict.REJECTED
    assert deck.pile == (Word("Fire"),)
    assert Word("Trap") not in deck.words
    assert len(deck.pending) == 3
    with pytest.raises(NotPending):
        deck.approve("Astra", Word("Fire"))
    with pytest.raises(NotPending):
        deck.approve("Bram", Word("Ball"))


def test_a_homonym_keeps_the_meaning_declared_on_submission() -> None:
    """ "If you submit a word that's a homonym, such as "lead", be sure to specify which one
    you mean." """
    lead = Word("Lead", "the element")
    deck = Deck().submit(Submission("Astra", (lead, *W("Ball Zone Trap Mist"))))
    deck = deck.approve("Astra", Word("Lead"))
    assert deck.pile[0].sense == "the element"


def test_the_storyteller_may_record_the_meaning_on_approval() -> None:
    """ "[Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's
    initially added to the Deck." """
    deck = Deck().submit(Submission("Astra", W("Lead Ball Zone Trap Mist")))
    deck = deck.approve("Astra", Word("Lead"), sense="the act of guiding")
    assert deck.pile[0].sense == "the act of guiding"
    assert deck.entries[0].word.sense == "the act of guiding"


# -- shuffling and drawing -----------------------------------------------------------------------


def test_shuffling_uses_the_generator_passed_in() -> None:
    """ "This document assumes that words are submitted on individual index cards and then
    shuffled." """
    deck = approved(ASTRA, BRAM)
    assert deck.shuffle(random.Random(7)) == deck.shuffle(random.Random(7))
    assert deck.shuffle(random.Random(7)).pile != deck.pile


@pytest.mark.parametrize("reason", list(DrawReason))
def test_a_full_success_or_a_killing_blow_draws_the_top_word(reason: DrawReason) -> None:
    """ "Players (and enemy Fate Weavers) will draw from the Deck any time they fully succeed at
    a Skill Check or land the killing blow on an enemy." """
    deck = approved(ASTRA)
    after, word = deck.draw("Astra", reason)
    assert word == Word("Fire")
    assert after.hand("Astra") == (Word("Fire"),)
    assert after.pile == deck.pile[1:]


@pytest.mark.parametrize("reason", ["partial_success", "", "attack"])
def test_anything_else_does_not_draw(reason: str) -> None:
    """ "For every Skill Check you fully succeed at (defeat every difficulty die) or enemy you
    land a killing blow on, draw one word from the Deck." Nothing else."""
    with pytest.raises(DrawRefused):
        DrawReason.parse(reason)
    with pytest.raises(DrawRefused):
        approved(ASTRA).draw("Astra", reason)  # type: ignore[arg-type]
    assert DrawReason.parse(" Killing_Blow ") is DrawReason.KILLING_BLOW


def test_drawing_from_an_empty_deck_asks_for_new_words() -> None:
    """ "When the Deck is emptied, take a moment to have everyone generate additional words." """
    with pytest.raises(EmptyDeck) as caught:
        Deck().draw("Astra", SKILL)
    assert "additional Words" in (caught.value.hint or "")


def test_emptying_the_deck_lets_everyone_submit_again() -> None:
    """ "When the Deck is emptied, take a moment to have everyone generate additional words." """
    deck = approved(ASTRA)
    for _ in ASTRA.words:
        deck, _word = deck.draw("Bram", DrawReason.KILLING_BLOW)
    assert deck.pile == ()
    assert deck.build == 2
    refill = deck.submit(Submission("Astra", W("Metal Speech Jump Summon Fly")))
    assert [entry.build for entry in refill.pending] == [2] * 5


def test_a_new_session_builds_a_new_deck_and_keeps_the_hands() -> None:
    """ "The 'Deck' is the collection of words that is built at the start of each session." """
    deck, _ = approved(ASTRA).draw("Astra", SKILL)
    later = deck.next_session()
    assert (later.session, later.build, later.pile, later.entries) == (2, 1, (), ())
    assert later.hand("Astra") == (Word("Fire"),)
    later.submit(ASTRA)


# -- hands ---------------------------------------------------------------------------------------


def test_spending_words_removes_them_from_the_hand() -> None:
    """ "Words used for Skill Checks are still consumed as normal." """
    deck = holding("Astra", "Convince Fire Convince")
    assert deck.spend("Astra", W("Convince")).hand("Astra") == W("Fire Convince")
    with pytest.raises(WordsNotInHand):
        deck.spend("Astra", W("Steal"))


def test_casting_a_spell_spends_its_drawn_words() -> None:
    """ "Drawn Words, those drawn from the Deck, are consumed upon use." """
    deck = holding("Snazzle", "Speech Zone")
    spell = validate_spell(
        W("[Decrease] [Speech]"), "mute him", inherent=W("Decrease"), hand=deck.hand("Snazzle")
    )
    assert deck.spend("Snazzle", spell.drawn).hand("Snazzle") == W("Zone")


def test_words_are_traded_between_players_at_a_rest() -> None:
    """ "Players may also trade Words they've drawn from the Deck amongst each other." """
    deck = Deck(hands=(Hand("Astra", (Word("Lead", "the element"), Word("Fire"))),))
    after = deck.trade("Astra", "Bram", W("Lead"), during_rest=True)
    assert after.hand("Astra") == (Word("Fire"),)
    assert after.hand("Bram") == (Word("Lead"),)
    assert after.hand("Bram")[0].sense == "the element"


def test_trading_outside_a_rest_is_refused() -> None:
    """ "Any time the player can ensure their safety for 6 hours, they can rest. ... Players may
    also trade Words they've drawn from the Deck amongst each other." Only then."""
    with pytest.raises(NotAtRest):
        holding("Astra", "Fire").trade("Astra", "Bram", W("Fire"), during_rest=False)


def test_trading_a_word_the_giver_does_not_hold_is_refused() -> None:
    """ "Players may also trade Words they've drawn from the Deck" - only those they drew."""
    with pytest.raises(WordsNotInHand) as caught:
        holding("Astra", "Fire").trade("Astra", "Bram", W("Fire Fire"), during_rest=True)
    assert caught.value.player == "Astra"
    assert caught.value.words == (Word("Fire"),)
    with pytest.raises(InvalidInput):
        holding("Astra", "Fire").trade("Astra", "Astra", W("Fire"), during_rest=True)


# -- storage -------------------------------------------------------------------------------------


def test_a_deck_round_trips_through_json() -> None:
    """The ledger stores the Deck: entries, verdicts, senses, the pile's order and the hands."""
    deck = approved(ASTRA).submit(
        Submission("Bram", (Word("Lead", "the act of guiding"), *W("Speech Jump Summon Fly")))
    )
    deck = deck.reject("Bram", Word("Fly"), note="no flying yet").shuffle(random.Random(1))
    deck, _ = deck.draw("Bram", SKILL)
    data = json.loads(json.dumps(deck.to_dict()))
    assert Deck.from_dict(data) == deck
    assert Deck.from_dict(data).to_dict() == deck.to_dict()
    assert Submission.from_dict(BRAM.to_dict()) == BRAM


# -- properties ----------------------------------------------------------------------------------

POOL = W("Fire Ball Zone Lead Speech Decrease Metal Mist Trap Jump")
words = st.lists(st.sampled_from(POOL), max_size=12).map(tuple)
senses = st.one_of(st.none(), st.sampled_from(["the element", "the act of guiding"]))
cards = st.builds(Word, st.sampled_from([w.text for w in POOL]), senses)
players = st.sampled_from(["Astra", "Bram", "Snazzle"])
entries = st.builds(
    Entry,
    cards,
    players,
    st.integers(1, 3),
    st.sampled_from(list(Verdict)),
    st.one_of(st.none(), st.text(max_size=20)),
)
hands = st.lists(players, unique=True).flatmap(
    lambda names: st.tuples(
        *(st.builds(Hand, st.just(n), st.lists(cards).map(tuple)) for n in names)
    )
)
decks = st.builds(
    Deck,
    st.integers(1, 50),
    st.integers(3, 5),
    st.lists(entries, max_size=8).map(tuple),
    st.lists(cards, max_size=12).map(tuple),
    hands,
)


@given(words, st.integers(0, 2**32))
def test_shuffling_is_a_permutation(pile: tuple[Word, ...], seed: int) -> None:
    """ "...submitted on individual index cards and then shuffled": no card gained or lost."""
    shuffled = Deck(pile=pile).shuffle(random.Random(seed)).pile
    assert Counter(shuffled) == Counter(pile)


@given(words, players)
def test_a_draw_moves_exactly_one_word_from_the_deck_to_the_hand(
    pile: tuple[Word, ...], player: str
) -> None:
    """ "...draw one word from the Deck." """
    deck = Deck(pile=pile)
    if not pile:
        with pytest.raises(EmptyDeck):
            deck.draw(player, SKILL)
        return
    after, word = deck.draw(player, SKILL)
    assert len(after.pile) == len(pile) - 1
    assert after.hand(player) == (*deck.hand(player), word)


@given(decks)
def test_a_deck_round_trips_through_to_dict(deck: Deck) -> None:
    """What the ledger stores is what it reads back, senses and order included."""
    again = Deck.from_dict(json.loads(json.dumps(deck.to_dict())))
    assert again == deck
    assert again.to_dict() == deck.to_dict()


def test_draw_reasons_read_as_people_type_them() -> None:
    """ "Players ... will draw from the Deck any time they fully succeed at a Skill Check or
    land the killing blow on an enemy." """
    for text in ("killing-blow", "Killing Blow", "kill", "killing_blow"):
        assert DrawReason.parse(text) is DrawReason.KILLING_BLOW
    for text in ("full-success", "success", "skill_check_full_success"):
        assert DrawReason.parse(text) is DrawReason.SKILL_CHECK_FULL_SUCCESS
    with pytest.raises(DrawRefused, match="'luck' does not draw a Word"):
        DrawReason.parse("luck")


def test_declared_meanings_go_on_their_words_and_a_stray_one_is_refused() -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one
    you mean." """
    words = with_senses(parse_words("Lead, Fire"), {"Lead": "the metal"})
    assert [(w.text, w.sense) for w in words] == [("Lead", "the metal"), ("Fire", None)]
    with pytest.raises(InvalidInput, match=r"\[Bat\], which is not among the Words"):
        with_senses(parse_words("Lead, Fire"), {"Bat": "the animal"})
