"""Rulings: structural checks, what a cast spends, statuses derived from later records, policies."""

from __future__ import annotations

import pytest

from adjudicator.errors import InvalidInput
from adjudicator.ledger import decks, records
from adjudicator.ledger.characters import add_character
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.errors import SessionError, UnknownName
from adjudicator.ledger.policies import announce, get_policy, policies
from adjudicator.ledger.rulings import (
    Implementation,
    Proposal,
    RulingFilter,
    Status,
    StatusChange,
    Verdict,
    add_ruling,
    change_status,
    current_statuses,
    get_ruling,
    list_rulings,
    status_history,
    status_of,
)
from adjudicator.ledger.sessions import add_player, end_session, start_session
from adjudicator.rules.deck import DrawReason
from adjudicator.rules.spells import (
    MAX_INTENT_LENGTH,
    InherentWordsCombined,
    IntentTooLong,
    MissingIntent,
    NoInherentWord,
    WordsNotInHand,
)
from adjudicator.rules.words import Word, WordKind, parse_words
from tests.ledger.helpers import declared, grum

W = parse_words
APPROVE, VETO = Verdict.APPROVED, Verdict.VETOED


def propose(words: str, intent: str, verdict: Verdict = APPROVE, **more: object) -> Proposal:
    return Proposal("Snazzle", W(words), intent, verdict, **more)  # type: ignore[arg-type]


def test_a_ruling_holds_everything_the_storyteller_decided(table: Ledger) -> None:
    """ "The Storyteller articulates the specific implementation or vetoes for insufficient
    Word coverage." """
    implementation = Implementation(area="one ring", duration="a round", damage="1", note="shreds")
    recorded = add_ruling(
        table,
        propose(
            "[Convince] [Metal] [Mist]",
            "create a hazard zone that shreds anyone who moves through it",
            implementation=implementation,
            reason="metal mist is enough",
            mapping={"hazard zone": ["Mist"], "shreds": ["Metal"]},
        ),
    )
    ruling = get_ruling(table, "r1")
    assert ruling == recorded.ruling
    assert (ruling.id, ruling.session, ruling.caster, ruling.verdict) == (
        "R1",
        1,
        "Snazzle",
        APPROVE,
    )
    assert [(u.word.text, u.kind) for u in ruling.words] == [
        ("Convince", WordKind.INHERENT),
        ("Metal", WordKind.DRAWN),
        ("Mist", WordKind.DRAWN),
    ]
    assert ruling.implementation == implementation and ruling.reason == "metal mist is enough"
    assert ruling.mapping == {"hazard zone": ("Mist",), "shreds": ("Metal",)}
    assert ruling.recorded_at.endswith("Z") and not ruling.canon and ruling.citation is None


def test_an_approved_cast_spends_its_drawn_words_in_the_same_transaction(table: Ledger) -> None:
    """ "Drawn Words, those drawn from the Deck, are consumed upon use." """
    recorded = add_ruling(table, propose("[Steal] [Fire] [Ball]", "pull the fire into a ball"))
    assert recorded.spent == W("Fire Ball")
    assert decks.hand_of(table, "Ann") == W("Trap, Zone, Mist, Metal, Speech, Decrease")
    assert decks.current_deck(table).change.startswith("R1: Snazzle cast")


def test_a_veto_spends_nothing_because_the_spell_is_not_cast(table: Ledger) -> None:
    """ "If an intent cannot be fulfilled by the Words provided, the Storyteller should
    communicate why and the spell will not be cast." """
    before = decks.current_deck(table)
    recorded = add_ruling(
        table, propose("[Steal] [Fire] [Ball]", "trap a balloon with fire", VETO, needs=W("Trap"))
    )
    assert recorded.spent == () and recorded.ruling.needs == W("Trap")
    assert decks.current_deck(table) == before


@pytest.mark.parametrize(
    ("caster", "words", "intent", "error"),
    [
        ("Nobody", "[Steal] [Fire]", "steal the fire", UnknownName),
        ("Snazzle", "[Steal] [Summon]", "summon a thief", WordsNotInHand),
        ("Snazzle", "[Fire] [Ball]", "make a ball of fire", NoInherentWord),
        ("Snazzle", "[Steal] [Daze]", "steal their wits", InherentWordsCombined),
        ("Snazzle", "[Steal] [Fire]", "   ", MissingIntent),
        ("Snazzle", "[Steal] [Fire]", "x" * (MAX_INTENT_LENGTH + 1), IntentTooLong),
    ],
)
def test_structural_problems_are_refused_and_nothing_is_recorded(
    table: Ledger, caster: str, words: str, intent: str, error: type[Exception]
) -> None:
    """ "You must use at least two Words to impart a magical effect. One of these Words must be
    an Inherent Word." """
    head = records.head(table)
    with pytest.raises(error):
        add_ruling(table, Proposal(caster, W(words), intent, APPROVE))
    assert records.head(table) == head


def test_a_word_not_in_the_hand_names_the_player(table: Ledger) -> None:
    with pytest.raises(WordsNotInHand, match=r"Ann does not hold: \[Summon\]"):
        add_ruling(table, propose("[Steal] [Summon]", "summon a thief"))


def test_needs_go_with_a_veto_and_mappings_use_the_rulings_words(table: Ledger) -> None:
    with pytest.raises(InvalidInput, match="go with a veto"):
        add_ruling(table, propose("[Steal] [Fire]", "steal fire", needs=W("Trap")))
    with pytest.raises(InvalidInput, match="does not use"):
        add_ruling(table, propose("[Steal] [Fire]", "steal fire", mapping={"fire": ["Ball"]}))


def test_a_ruling_needs_a_session_in_progress(table: Ledger) -> None:
    end_session(table)
    with pytest.raises(SessionError, match="recording a ruling needs a session"):
        add_ruling(table, propose("[Steal] [Fire]", "steal the fire"))


def test_ids_count_per_campaign_apart_from_the_canon(table: Ledger) -> None:
    first = add_ruling(table, propose("[Steal] [Fire]", "steal the fire")).ruling
    second = add_ruling(table, propose("[Steal] [Ball]", "steal the ball", VETO)).ruling
    assert (first.id, second.id) == ("R1", "R2")
    assert [r.id for r in list_rulings(table, RulingFilter(canon=True))][:2] == ["C1", "C2"]
    assert [r.id for r in list_rulings(table, RulingFilter(canon=False))] == ["R1", "R2"]


def test_listing_filters_by_session_caster_word_and_verdict(table: Ledger) -> None:
    add_ruling(table, propose("[Steal] [Fire]", "steal the fire"))
    add_ruling(table, Proposal("Grum", W("[Smash] [Lead]"), "smash with lead", VETO))
    assert [r.id for r in list_rulings(table, RulingFilter(caster="grum"))] == ["R2"]
    assert [r.id for r in list_rulings(table, RulingFilter(word="fire", canon=False))] == ["R1"]
    by_word = [r.id for r in list_rulings(table, RulingFilter(word="Fire"))]
    assert by_word[:3] == ["C5", "C6", "C7"] and by_word[-1] == "R1"
    assert [r.id for r in list_rulings(table, RulingFilter(session=1, verdict=VETO))] == ["R2"]


# -- statuses ----------------------------------------------------------------------------------


def test_a_ruling_stands_until_a_later_record_changes_it(table: Ledger) -> None:
    """ "the precedent is then marked distinguished or overruled, like case law" (DESIGN.md):
    the old ruling is never edited; a new status record points at what changed it."""
    first = add_ruling(table, propose("[Steal] [Fire]", "steal the fire from the torch")).ruling
    assert status_of(table, first.id).status is Status.STANDING
    later = add_ruling(
        table,
        propose("[Steal] [Ball]", "steal the fire from the torch", VETO),
        changes=[StatusChange(first.id, Status.OVERRULED, "fire is no ball")],
    )
    assert [s.ruling for s in later.statuses] == ["R1"]
    status = status_of(table, "R1")
    assert (status.status, status.by_ruling, status.reason) == (
        Status.OVERRULED,
        "R2",
        "fire is no ball",
    )
    assert get_ruling(table, "R1") == first  # unchanged
    assert current_statuses(table)["R1"] == status


def test_a_correction_supersedes_the_ruling_it_corrects(table: Ledger) -> None:
    add_ruling(table, propose("[Steal] [Fire]", "steal the fire"))
    add_ruling(
        table,
        propose("[Steal] [Ball]", "steal the ball"),
        changes=[StatusChange("R1", Status.SUPERSEDED, "corrected")],
    )
    assert status_of(table, "R1").describe() == "superseded by R2: corrected"


def test_a_status_change_needs_something_that_made_it(table: Ledger) -> None:
    with pytest.raises(InvalidInput, match="by a later ruling or a policy"):
        change_status(table, "C4", Status.OVERRULED)
    with pytest.raises(InvalidInput, match="its own status"):
        change_status(table, "C4", Status.DISTINGUISHED, by_ruling="C4")
    with pytest.raises(UnknownName):
        change_status(table, "R99", Status.STANDING)


def test_a_policy_supersedes_named_rulings_openly(table: Ledger) -> None:
    """ "If a mistake was made and the policy needs to change, the Storyteller should state that
    openly before it comes up." """
    policy = announce(
        table, "A metal mist now needs [Summon]", supersedes=["c4"], concept="[Summon]"
    )
    assert (policy.id, policy.session, policy.supersedes, policy.concept) == (
        "P1",
        1,
        ("C4",),
        "Summon",
    )
    assert status_of(table, "C4").describe() == "superseded by P1: A metal mist now needs [Summon]"
    assert get_policy(table, "p1") == policy == policies(table, 1)[0]
    assert [s.status for s in status_history(table, "C4")] == [Status.SUPERSEDED]


def test_a_policy_between_sessions_belongs_to_the_one_just_played(table: Ledger) -> None:
    end_session(table)
    assert announce(table, "From now on, [Zone] means one room").session == 1


def test_a_policy_before_any_session_has_no_session(ledger: Ledger) -> None:
    assert announce(ledger, "House rule: homonyms declare their sense").session is None
    with pytest.raises(UnknownName):
        announce(ledger, "x", supersedes=["R1"])
    with pytest.raises(InvalidInput, match="named twice"):
        announce(ledger, "x", supersedes=["C1", "c1"])
    assert len(policies(ledger)) == 1


def test_words_keep_the_sense_declared_on_the_card(ledger: Ledger) -> None:
    """ "[Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's
    initially added to the Deck." """
    add_player(ledger, "Bram")
    add_character(ledger, grum(), "Bram")
    start_session(ledger)
    decks.submit(ledger, "Bram", declared("Lead Person Heart Stone Bind", {"Lead": "the metal"}))
    decks.approve(ledger, "Bram")
    for _ in range(5):
        decks.draw(ledger, "Bram", DrawReason.KILLING_BLOW)
    ruling = add_ruling(ledger, Proposal("Grum", W("Smash Lead"), "smash the pipe", APPROVE)).ruling
    assert ruling.words[1].word == Word("Lead") and ruling.words[1].word.sense == "the metal"


def test_an_approved_ruling_is_the_spell_combat_casts(table: Ledger) -> None:
    """ "an approved ruling becomes a castable spell in combat" (DESIGN.md)"""
    ruling = add_ruling(table, propose("[Steal] [Fire]", "steal the fire")).ruling
    spell = ruling.spell()
    assert (spell.inherent, spell.drawn, spell.intent) == (
        Word("Steal"),
        W("Fire"),
        "steal the fire",
    )
    veto = add_ruling(table, propose("[Steal] [Ball]", "steal the ball", VETO)).ruling
    with pytest.raises(InvalidInput, match="vetoed"):
        veto.spell()
    with pytest.raises(InvalidInput, match="rulebook example"):
        get_ruling(table, "C1").spell()
