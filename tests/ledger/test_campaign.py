"""Sessions, players, characters as versions, and the Deck with its hands, kept in the ledger."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.errors import InvalidInput
from adjudicator.ledger import characters, decks, records, sessions
from adjudicator.ledger.campaign import summary
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.errors import AlreadyRecorded, SessionError, UnknownName
from adjudicator.rules.characters import Character, Tag, TagSource, snazzle
from adjudicator.rules.deck import AlreadySubmitted, Deck, DrawReason, NotAtRest
from adjudicator.rules.progression import TagNotSacrificeable
from adjudicator.rules.spells import WordsNotInHand
from adjudicator.rules.words import Word, parse_words
from tests.ledger.helpers import ANN_WORDS, MEANINGS, declared, new_ledger, snapshot

W = parse_words


# -- sessions and players ----------------------------------------------------------------------


def test_sessions_are_numbered_and_only_one_is_open_at_a_time(ledger: Ledger) -> None:
    first = sessions.start_session(ledger, "The ferry")
    assert first.number == 1 and first.is_open
    with pytest.raises(SessionError, match=r"session 1 .* still open"):
        sessions.start_session(ledger)
    ended = sessions.end_session(ledger, "rest at the mill")
    assert ended.ended_at is not None and ended.note == "rest at the mill"
    with pytest.raises(SessionError) as error:
        sessions.end_session(ledger)
    assert error.value.hint == "adjudicator session start"
    assert sessions.start_session(ledger).number == 2
    assert [s.number for s in sessions.sessions(ledger)] == [1, 2]
    assert sessions.open_session(ledger) == sessions.get_session(ledger, 2)


def test_player_names_are_unique_ignoring_case(ledger: Ledger) -> None:
    sessions.add_player(ledger, "  Ann  ")
    with pytest.raises(AlreadyRecorded):
        sessions.add_player(ledger, "ANN")
    assert sessions.get_player(ledger, "ann").name == "Ann"
    with pytest.raises(UnknownName) as error:
        sessions.get_player(ledger, "Zed")
    assert error.value.hint == "known: Ann"


# -- characters --------------------------------------------------------------------------------


def test_a_character_round_trips_exactly_through_the_ledger(ledger: Ledger) -> None:
    """Characters are stored as `Character.to_dict()` JSON and read back equal."""
    sessions.add_player(ledger, "Ann")
    added = characters.add_character(ledger, snazzle(), "Ann")
    assert added.version == 1 and added.change == "created"
    stored = characters.get_character(ledger, "snazzle")
    assert stored.character == snazzle()
    assert stored.character.to_dict() == snazzle().to_dict()
    assert Character.from_dict(json.loads(json.dumps(stored.character.to_dict()))) == snazzle()


def test_a_character_needs_a_known_player_and_a_unique_name(ledger: Ledger) -> None:
    with pytest.raises(UnknownName, match="player 'Nobody'"):
        characters.add_character(ledger, snazzle(), "Nobody")
    sessions.add_player(ledger, "Ann")
    characters.add_character(ledger, snazzle(), "Ann")
    with pytest.raises(AlreadyRecorded):
        characters.add_character(ledger, snazzle(), "Ann")
    assert summary(ledger).characters == 1


def test_each_change_appends_a_version_and_keeps_the_old_ones(table: Ledger) -> None:
    """ "This repairs armor, and heals non-Maimed HP." Every version stays readable."""
    hurt = snazzle().with_zone(replace(snazzle().zone("Legs"), hp=2, armor=1))
    characters.change_character(table, "Snazzle", "took a hit", lambda _: hurt)
    rested = characters.rest(table, "Snazzle")
    assert rested.version == 3 and rested.session == 1
    assert rested.character.zone("Legs").hp == 6 and rested.character.zone("Legs").armor == 3
    history = characters.history(table, "Snazzle")
    assert [v.change for v in history] == ["created", "took a hit", "rested"]
    assert characters.get_character(table, "Snazzle", 2).character == hurt


def test_a_level_up_spends_ten_drawn_words_and_gains_in_one_transaction(table: Ledger) -> None:
    """ "During any Rest, you may discard 10 Drawn Words to gain a level." """
    ten = (*W(ANN_WORDS), *W("Fly, Hide"))
    lucky = Tag("Lucky", TagSource.LEVEL_UP)
    with pytest.raises(WordsNotInHand, match=r"Ann does not hold: \[Fly\] \[Hide\]"):
        characters.level_up(table, "Snazzle", ten, lucky)  # Ann holds only the first 8
    assert characters.get_character(table, "Snazzle").version == 1
    assert decks.hand_of(table, "Ann") == W(ANN_WORDS)
    sessions.end_session(table)
    sessions.start_session(table)
    decks.submit(table, "Ann", declared("Fly, Hide, Jump, Climb, Swim"))
    decks.approve(table, "Ann")
    for _ in range(2):
        decks.draw(table, "Ann", DrawReason.KILLING_BLOW)
    levelled = characters.level_up(table, "Snazzle", ten, lucky)
    assert levelled.character.level == 2 and lucky in levelled.character.gained_tags
    assert decks.hand_of(table, "Ann") == ()
    assert decks.current_deck(table).change == "Snazzle discarded 10 Words to level up"


def test_only_a_permanent_tag_can_be_sacrificed(table: Ledger) -> None:
    """ "This tag must either be Specific or gained from level ups. Tags from level 1, story, or
    temporary sources may not be used." """
    with pytest.raises(TagNotSacrificeable):
        characters.sacrifice(table, "Snazzle", "Charismatic", "resist_death")
    with pytest.raises(UnknownName, match="Tag of Snazzle"):
        characters.sacrifice(table, "Snazzle", "Lucky")
    lucky = (Tag("Lucky", TagSource.LEVEL_UP),)
    characters.change_character(
        table, "Snazzle", "level 2", lambda c: replace(c, level=2, gained_tags=lucky)
    )
    saved = characters.sacrifice(table, "Snazzle", "lucky", "resist_death")
    assert saved.change == "resisted death with [Lucky] (level-up)"
    assert saved.character.gained_tags == ()


# -- the Deck ----------------------------------------------------------------------------------


def test_every_deck_change_is_a_new_version_with_what_changed(table: Ledger) -> None:
    history = decks.deck_history(table, 1)
    assert [v.version for v in history] == list(range(1, len(history) + 1))
    assert history[0].change.startswith("Ann submitted [Fire] [Ball]")
    assert history[-1].change == "Bram drew [Bind] (skill_check_full_success)"
    assert all(isinstance(v.deck, Deck) for v in history)


def test_a_shuffle_records_its_seed_so_the_order_can_be_replayed(ledger: Ledger) -> None:
    sessions.add_player(ledger, "Ann")
    sessions.start_session(ledger)
    decks.submit(ledger, "Ann", declared(ANN_WORDS))
    before = decks.approve(ledger, "Ann").deck
    shuffled = decks.shuffle(ledger, 1234)
    assert shuffled.change == "shuffled with seed 1234"
    assert shuffled.deck == before.shuffle(random.Random(1234))


def test_one_submission_per_player_until_the_deck_empties(table: Ledger) -> None:
    """ "When the Deck is emptied, take a moment to have everyone generate additional words." """
    decks.submit(table, "Ann", declared("Jump, Fly, Hide, Climb, Swim"))  # the Deck was emptied
    with pytest.raises(AlreadySubmitted):
        decks.submit(table, "Ann", W("Jump, Fly, Hide, Climb, Run"))


def test_hands_carry_over_to_the_next_session_and_its_deck_starts_empty(table: Ledger) -> None:
    """ "The 'Deck' is the collection of words that is built at the start of each session." """
    sessions.end_session(table)
    sessions.start_session(table)
    current = decks.current_deck(table)
    assert current.session == 2 and current.version == 0
    assert current.deck.pile == () and current.deck.entries == ()
    assert decks.hand_of(table, "Ann") == W(ANN_WORDS)


def test_declared_homonym_senses_are_kept_on_the_card_and_in_the_inventory(ledger: Ledger) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one you
    mean." The Storyteller's reading on approval replaces the meaning submitted."""
    sessions.add_player(ledger, "Bram")
    sessions.start_session(ledger)
    own = {"Heart": MEANINGS["Heart"], "Stone": MEANINGS["Stone"]}  # meanings given, not asked
    words = (
        Word("Lead", "the metal"),
        *declared("Person, Heart, Stone", own),
        Word("Bind", "a knot"),
    )
    decks.submit(ledger, "Bram", words)
    decks.approve(ledger, "Bram", senses={"Bind": "to tie up"})  # the Storyteller's reading
    pile = decks.current_deck(ledger).deck.pile
    assert pile[0].sense == "the metal" and pile[-1].sense == "to tie up"
    assert [(s.word, s.sense, s.player) for s in decks.senses(ledger)] == [
        ("Lead", "the metal", "Bram"),
        ("Heart", MEANINGS["Heart"], "Bram"),
        ("Stone", MEANINGS["Stone"], "Bram"),
        ("Bind", "to tie up", "Bram"),
    ]
    assert [s.sense for s in decks.senses(ledger, "lead")] == ["the metal"]


def test_a_homonym_without_a_declared_meaning_is_refused_with_nothing_recorded(
    ledger: Ledger,
) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one you
    mean." (rulebook, "The Deck"): the submission is refused with the meanings to choose from."""
    sessions.add_player(ledger, "Bram")
    sessions.start_session(ledger)
    before = snapshot(ledger.path)
    with pytest.raises(decks.UndeclaredHomonym) as refused:
        decks.submit(ledger, "Bram", W("Lead, Mist, Metal, Speech, Summon"))
    assert [info.word for info in refused.value.homonyms] == ["Lead"]
    assert "    1. " in refused.value.message and "grey metal" in refused.value.message
    assert refused.value.hint is not None and '--sense "Lead=' in refused.value.hint
    assert isinstance(refused.value, InvalidInput)
    assert snapshot(ledger.path) == before
    assert decks.current_deck(ledger).version == 0 and decks.senses(ledger) == ()
    decks.submit(ledger, "Bram", (Word("Lead", "the element"), *W("Mist, Metal, Speech, Summon")))
    assert decks.pending_words(decks.current_deck(ledger).deck)[0][1].sense == "the element"
    assert [(s.word, s.sense) for s in decks.senses(ledger)] == [("Lead", "the element")]


def test_only_homonyms_need_a_declared_meaning() -> None:
    """Words with one common meaning go into the Deck as they are; a declared homonym is not
    asked again."""
    assert decks.undeclared_homonyms(W("Mist, Metal, Speech, Summon, Teleport")) == ()
    assert decks.undeclared_homonyms((Word("Lead", "the element"), *W("Mist"))) == ()
    assert [i.word for i in decks.undeclared_homonyms(W("Mist, Lead, Pen"))] == ["Lead", "Pen"]


def test_trading_needs_a_rest(table: Ledger) -> None:
    """ "Players may also trade Words they've drawn from the Deck amongst each other" at a rest."""
    with pytest.raises(NotAtRest):
        decks.trade(table, "Ann", "Bram", W("Fire"), during_rest=False)
    decks.trade(table, "Ann", "Bram", W("Fire"), during_rest=True)
    assert Word("Fire") in decks.hand_of(table, "Bram")
    assert Word("Fire") not in decks.hand_of(table, "Ann")


def test_deck_commands_need_an_open_session(ledger: Ledger) -> None:
    sessions.add_player(ledger, "Ann")
    with pytest.raises(SessionError, match=r"submitting Words needs a session in progress"):
        decks.submit(ledger, "Ann", W(ANN_WORDS))
    with pytest.raises(InvalidInput):
        decks.draw(ledger, "Nobody", DrawReason.KILLING_BLOW)


def test_a_summary_counts_the_records_of_the_chain(tmp_path: Path) -> None:
    with new_ledger(tmp_path / "c.sqlite", canon=False) as ledger:
        facts = summary(ledger)
        assert (facts.records, facts.canon, facts.rulings) == (1, 0, 0)
        assert records.verify(ledger).records == 1
