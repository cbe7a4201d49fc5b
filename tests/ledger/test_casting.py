"""Casting against a campaign (`ledger.casting`): the caster's Words from the ledger, the
meanings declared for homonyms, and the read-only checks `spell check` shares with `ruling
add` (`RulingChecks.findings`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models
from adjudicator.ledger import characters, decks, sessions
from adjudicator.ledger.casting import declared_words, get_caster
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.errors import UnknownName
from adjudicator.ledger.rulings import Proposal, Verdict
from adjudicator.precedent.retrieval import PrecedentIndex
from adjudicator.precedent.ruling_checks import RulingChecks
from adjudicator.precedent.spell_check import draft_spell
from adjudicator.rules.characters import snazzle
from adjudicator.rules.deck import DrawReason
from adjudicator.rules.spells import InherentWordsCombined, WordsNotInHand
from adjudicator.rules.words import Word, parse_words
from tests.ledger.helpers import declared, grum, new_ledger, snapshot

#: Each player's submission and the meanings declared for its homonyms.
HANDS = (
    ("Ann", "Fire, Ball, Trap, Zone, Lead", {"Lead": "to guide someone"}),
    (
        "Bram",
        "Lead, Person, Summon, Bolt, Speech",
        {"Lead": "the metal", "Bolt": "a crossbow bolt"},
    ),
)


@pytest.fixture
def campaign(tmp_path: Path) -> Iterator[Ledger]:
    """Ann plays Snazzle ([Convince] [Daze] [Steal]) and Bram plays Grum ([Smash] [Become]
    [Stone]); each holds the five Words they submitted, Ann's [Lead] declared as guiding and
    Bram's as the metal; session 1 is open."""
    with new_ledger(tmp_path / "campaign.sqlite") as ledger:
        sessions.add_player(ledger, "Ann")
        sessions.add_player(ledger, "Bram")
        characters.add_character(ledger, snazzle(), "Ann")
        characters.add_character(ledger, grum(), "Bram")
        sessions.start_session(ledger, "The ferry")
        for player, words, senses in HANDS:
            decks.submit(ledger, player, declared(words, senses))
            decks.approve(ledger, player, senses=senses)
            for _ in range(5):
                decks.draw(ledger, player, DrawReason.SKILL_CHECK_FULL_SUCCESS)
        yield ledger


def test_a_caster_is_a_characters_inherent_words_and_their_players_hand(
    campaign: Ledger,
) -> None:
    """ "Words that you begin with, gain from leveling up, or gain access to from an equipped
    magic item are considered Inherent Words." "Drawn Words, those drawn from the Deck, are
    consumed upon use." Names ignore case."""
    caster = get_caster(campaign, "snazzle")
    assert (caster.name, caster.player) == ("Snazzle", "Ann")
    assert caster.inherent == parse_words("Convince, Daze, Steal")
    assert caster.hand == parse_words("Fire, Ball, Trap, Zone, Lead")
    assert caster.cards(Word("Lead"))[0].sense == "to guide someone"


def test_an_unknown_caster_names_the_characters_the_ledger_holds(campaign: Ledger) -> None:
    with pytest.raises(UnknownName) as raised:
        get_caster(campaign, "Nobody")
    assert raised.value.known == ("Snazzle", "Grum")
    assert raised.value.hint == "known: Snazzle, Grum"


def test_a_casters_problems_name_the_player_and_the_inherent_words(campaign: Ledger) -> None:
    """ "One of these Words must be an Inherent Word." "Inherent Words ... cannot be combined
    with each other." Drawn Words come from the caster's player's hand."""
    caster = get_caster(campaign, "Snazzle")
    assert caster.problems(parse_words("Daze Trap"), "daze the guard and trap him") == ()
    [missing] = caster.problems(parse_words("Daze Summon"), "daze him and summon a rope")
    assert isinstance(missing, WordsNotInHand) and missing.message == "Ann does not hold: [Summon]"
    [combined] = caster.problems(parse_words("Daze Steal"), "daze him and steal his keys")
    assert isinstance(combined, InherentWordsCombined)


def test_each_homonym_carries_the_meaning_declared_for_its_card(campaign: Ledger) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one
    you mean." The card cast decides; without one, the campaign's one declaration; where two
    meanings were declared and no card decides, none (silence when unsure)."""
    snazzle_, grum_ = get_caster(campaign, "Snazzle"), get_caster(campaign, "Grum")
    cast = declared_words(campaign, parse_words("Daze Lead"), "daze and lead him", snazzle_)
    assert [w.sense for w in cast] == [None, "to guide someone"]
    # Grum cannot cast [Daze], but the [Lead] he holds is the metal.
    held = declared_words(campaign, parse_words("Daze Lead"), "daze and lead him", grum_)
    assert held[1].sense == "the metal"
    anyone = declared_words(campaign, parse_words("Lead Bolt"), "shoot a lead bolt")
    assert [w.sense for w in anyone] == [None, "a crossbow bolt"]


@pytest.fixture(scope="module")
def coverage(models: Models) -> Coverage:
    return Coverage(models)


@pytest.mark.models
def test_spell_check_runs_the_read_only_checks_of_ruling_add(
    campaign: Ledger, models: Models, coverage: Coverage
) -> None:
    """`findings` is what `review` finds before its precedent check, for a spell not ruled
    on, and writes nothing."""
    checks = RulingChecks(PrecedentIndex(campaign, models, coverage=coverage))
    intent = "daze the guard and trap him"
    caster = get_caster(campaign, "Snazzle")
    words = declared_words(campaign, parse_words("Daze Trap"), intent, caster)  # as cast
    before = snapshot(campaign.path)
    found = checks.findings(words, intent)
    assert snapshot(campaign.path) == before
    review = checks.review(Proposal("Snazzle", words, intent, Verdict.APPROVED))
    assert found.coverage.to_dict() == review.coverage.to_dict()
    assert found.senses == review.senses
    assert [h.precedent.id for h in found.neighbours] == [h.precedent.id for h in review.neighbours]


@pytest.mark.models
def test_a_drafted_spell_has_its_homonyms_checked(
    campaign: Ledger, models: Models, coverage: Coverage
) -> None:
    """ "[Lead] [Person] cannot both lure a person and petrify them": Grum's [Lead] is the
    metal, so a draft that leads the guards with it is flagged, the declaration quoted."""
    checks = RulingChecks(PrecedentIndex(campaign, models, coverage=coverage))
    grum_ = get_caster(campaign, "Grum")
    drafted = draft_spell(checks, "lead the guards out of the keep", grum_.inherent, grum_.hand)
    assert drafted.draft.spell is not None
    assert Word("Lead") in drafted.draft.spell.drawn
    [flag] = drafted.sense_flags
    assert flag.message.startswith("[Lead] was declared as 'the metal', but this intent uses")
    assert drafted.to_dict()["sense_flags"] == [flag.message]
