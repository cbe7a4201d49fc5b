"""Combats in the ledger: stored as chained, append-only steps; the fight is their fold; undo and
redo are records too; Words, draws and sheets go through the ledger's own functions."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.board import Space
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    CombatError,
    DiceNeeded,
    EnhancementRefused,
    NothingToRedo,
    NothingToUndo,
    NotYourTurn,
    OutOfReach,
)
from adjudicator.combat.events import UnitAdded
from adjudicator.combat.fight_events import StackClosed, WordOwed
from adjudicator.combat.history import replay
from adjudicator.combat.stack import Delivery, Enhancement, Part, Replacement
from adjudicator.combat.state import Phase
from adjudicator.errors import InvalidInput
from adjudicator.ledger import decks, records
from adjudicator.ledger.characters import get_character, history
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.errors import LedgerError, UnknownName
from adjudicator.ledger.fights.combats import (
    DiceSpec,
    add_character,
    cast_ruling,
    enhance,
    play,
    redo,
    start_combat,
    undo,
)
from adjudicator.ledger.fights.spells import RulingNotCastable, spell_ruling
from adjudicator.ledger.fights.steps import EffectKind, StepAction, load_combat
from adjudicator.ledger.io.importing import import_ledger
from adjudicator.ledger.io.json_export import to_json
from adjudicator.ledger.rulings import (
    Implementation,
    Proposal,
    Status,
    Verdict,
    add_ruling,
    change_status,
    get_ruling,
)
from adjudicator.ledger.sessions import end_session
from adjudicator.rules.words import Word, parse_words
from tests.combat.helpers import AXE, fighter
from tests.ledger.helpers import declared, snapshot

W = parse_words


def _fight(ledger: Ledger, seed: int = 7) -> str:
    """Snazzle (Ann) and Grum (Bram) against an Orc and a Monk who holds [Fly]; begun, with
    Snazzle to act: Snazzle D2 next to the Orc at D1, Grum D3, the Monk at D5."""
    info = start_combat(ledger, seed=seed, title="The ferry fight")
    add_character(ledger, "Snazzle", "Party", hold=(("Mainhand", "Rapier"),))
    add_character(ledger, "Grum", "Party")
    play(ledger, c.AddUnit(fighter("Orc", "Temple", weapons=(AXE,))))
    play(ledger, c.AddUnit(fighter("Monk", "Temple", weapons=(), hand=("Fly",), fate_weaver=True)))
    for name, where in (("Snazzle", "D2"), ("Grum", "D3"), ("Orc", "D1"), ("Monk", "D5")):
        play(ledger, c.Place(name, Space.parse(where)))
    play(ledger, c.Begin(aggressor="Party", first="Snazzle"))
    return info.id


def _hand(ledger: Ledger, player: str) -> list[str]:
    return [word.text for word in decks.hand_of(ledger, player)]


def _refill(ledger: Ledger) -> None:
    """Put [Gold] [Iron] [Salt] [Bone] [Ash] on the pile (the seated table drew everything)."""
    decks.submit(ledger, "Ann", declared("Gold, Iron, Salt, Bone, Ash"))
    decks.approve(ledger, "Ann")


def test_a_combat_is_a_chained_record_with_its_session_ruleset_and_seed(table: Ledger) -> None:
    first = start_combat(table, seed=7, title="The ferry fight")
    second = start_combat(table, seed=8, rules="wop-draft")
    assert (first.id, first.session, first.ruleset, first.seed) == ("F1", 1, "rulebook", 7)
    assert (second.id, second.ruleset) == ("F2", "wop-draft")
    kinds = [r.kind for r, _ in records.rows(table, "combat")]
    assert kinds == ["combat", "combat"]
    with pytest.raises(CombatError, match="no ruleset"):
        start_combat(table, seed=1, rules="chess")


def test_the_stored_fight_is_the_fold_of_its_steps_and_rebuilds_the_engine(table: Ledger) -> None:
    """ "State changes only through commands that become events; state is a fold of the
    events." (issue 6)"""
    cid = _fight(table)
    play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1, 3)))
    moved = play(table, c.Move("Snazzle", Space.parse("C2")), combat_id=cid)
    stored = load_combat(table, cid)
    assert stored.state == moved.state, "loading gives the state the engine played to"
    assert replay(stored.combat.events) == stored.state
    copy = Combat.from_dict(json.loads(json.dumps(stored.combat.to_dict())))
    assert copy.state == stored.state
    rows = [row for _, row in records.rows(table, "combat_step")]
    assert [row["step"] for row in rows] == list(range(1, len(rows) + 1))
    assert rows[-1]["command"]["type"] == "Move"
    assert rows[-1]["events"] == [e.to_dict() for e in stored.combat.history[-1]]
    assert stored.state.unit("Snazzle").pending is not None, "a two-part move, under way"


def test_combat_tables_are_append_only_in_sqlite_itself(table: Ledger, tmp_path: Path) -> None:
    """ "The ledger is append-only: nothing is deleted or rewritten" (DESIGN.md)"""
    _fight(table)
    conn = sqlite3.connect(table.path)
    for statement in (
        "UPDATE combats SET seed = 8",
        "DELETE FROM combats",
        "UPDATE combat_steps SET summary = 'nothing happened'",
        "DELETE FROM combat_steps WHERE step > 3",
    ):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(statement)
    conn.close()


def test_undo_is_a_new_record_and_redo_plays_the_same_dice_again(table: Ledger) -> None:
    """ "Undo and redo of the last command, replay to any point, and an exact log come from
    that." (issue 6) An undo is a record that points at the step it takes back."""
    cid = _fight(table)
    before = load_combat(table, cid)
    hit = play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1, 3)))
    count = len(load_combat(table, cid).steps)
    undone = undo(table)
    assert undone.step.action is StepAction.UNDO and undone.step.command["step"] == hit.step.number
    assert undone.events == hit.events
    stored = load_combat(table, cid)
    assert len(stored.steps) == count + 1, "the undone step is still there, and the undo"
    assert stored.state == before.state
    again = redo(table)
    assert again.events == hit.events and again.step.action is StepAction.REDO
    assert load_combat(table, cid).state == hit.state
    with pytest.raises(NothingToRedo):
        redo(table)
    assert records.verify(table).records > 0


def test_undo_walks_back_through_every_step_and_no_further(table: Ledger) -> None:
    start_combat(table, seed=3)
    play(table, c.AddUnit(fighter("Orc", "Temple")))
    undo(table)
    with pytest.raises(NothingToUndo):
        undo(table)
    assert load_combat(table).state.units == ()


def test_a_refused_command_records_nothing(table: Ledger) -> None:
    """ "Melee weapons can attack any adjacent space, even on other rings." A refused command
    changes nothing: not the fight, not the ledger."""
    cid = _fight(table)
    before = snapshot(table.path)
    with pytest.raises(OutOfReach, match="Monk") as refused:
        play(table, c.Attack("Snazzle", "Monk"), combat_id=cid)
    assert (
        refused.value.broken_rule
        == "Melee weapons can attack any adjacent space, even on other rings."
    )
    with pytest.raises(NotYourTurn):
        play(table, c.Attack("Grum", "Orc", weapons=("Unarmed",)), dice=DiceSpec((1, 2)))
    with pytest.raises(DiceNeeded, match="die 2 is missing: Snazzle rolls a d6 for damage"):
        play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1,)))
    assert snapshot(table.path) == before


def test_entered_dice_are_used_and_a_missing_die_is_named(table: Ledger) -> None:
    """ "Every die is rolled from a seeded RNG recorded with the event or entered by hand."
    (issue 6)"""
    _fight(table)
    with pytest.raises(DiceNeeded) as refused:
        play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1,)))
    assert (refused.value.sides, refused.value.roller) == (6, "Snazzle")
    assert "die 2 is missing: Snazzle rolls a d6 for damage (Rapier)" in refused.value.message
    hit = play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1, 3)))
    assert hit.step.dice == "entered 1 3"


def test_seeded_dice_are_recorded_and_the_same_seed_rolls_the_same_fight(
    table: Ledger, tmp_path: Path
) -> None:
    from tests.ledger.helpers import new_ledger, seat_table

    _fight(table, seed=11)
    first = play(table, c.Attack("Snazzle", "Orc"))
    assert first.step.dice == f"seed 11:{first.step.number}"
    with new_ledger(tmp_path / "other.sqlite") as other:
        seat_table(other)
        _fight(other, seed=11)
        second = play(other, c.Attack("Snazzle", "Orc"))
    assert [e.to_dict() for e in first.events] == [e.to_dict() for e in second.events]
    explicit = play(table, c.EndTurn(), dice=DiceSpec(seed=5))
    assert explicit.step.dice == "seed 5"


def test_a_counterspell_spends_the_characters_drawn_words_in_the_ledger(table: Ledger) -> None:
    """ "Drawn Words, those drawn from the Deck, are consumed upon use." A character's counter
    Words leave its player's hand in the same transaction; a quick NPC's have no ledger hand."""
    _fight(table)
    add_ruling(
        table,
        Proposal("Snazzle", W("[Daze] [Fire]"), "daze the orc with a flash", Verdict.APPROVED),
    )
    assert "Fire" not in _hand(table, "Ann"), "the approval spent it"
    cast = cast_ruling(table, "Snazzle", "R1", target="Orc")
    assert cast.effects == (), "the ruling already paid for its Words"
    play(table, c.Counter("Monk", (Replacement(1, Word("Fly")),)))
    out = play(table, c.Counter("Grum", (Replacement(1, Word("Evade")),)))
    assert [(e.kind, e.who, e.words) for e in out.effects] == [
        (EffectKind.SPENT, "Bram", (Word("Evade"),))
    ]
    assert "Evade" not in _hand(table, "Bram")
    stack = load_combat(table).state.stack
    assert stack is not None and stack.depth == 3
    undo(table)
    assert "Evade" in _hand(table, "Bram"), "undo gives the Word back"
    redo(table)
    assert "Evade" not in _hand(table, "Bram")
    resolved = play(table, c.Resolve(), dice=DiceSpec((2,)))
    assert any(isinstance(e, StackClosed) and e.words_lost == 4 for e in resolved.events)


def test_an_enhancement_is_declared_then_spent_by_the_next_attack(table: Ledger) -> None:
    """ "Words that are directly relevant to combat ... may be used individually to enhance
    basic combat actions. Applying this Word consumes an additional action." """
    _fight(table)
    declared = enhance(table, "Snazzle", Word("Fire"), Part.DAMAGE)
    assert declared.step.action is StepAction.ENHANCE and "Fire" in _hand(table, "Ann")
    assert load_combat(table).pending_for("Snazzle") == (Enhancement(Word("Fire"), Part.DAMAGE),)
    with pytest.raises(EnhancementRefused, match="not Inherent, not in hand"):
        enhance(table, "Snazzle", Word("Gold"), Part.HIT)
    hit = play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1, 3, 5)))
    assert [e.kind for e in hit.events][:2] == ["actions_spent", "enhancement_used"]
    assert hit.state.turn is not None and hit.state.turn.actions_left == 0
    assert "Fire" not in _hand(table, "Ann") and load_combat(table).pending == ()
    undo(table)
    assert "Fire" in _hand(table, "Ann") and load_combat(table).pending_for("Snazzle")
    undo(table)
    assert load_combat(table).pending == (), "undoing the declaration withdraws it"


def test_an_unused_enhancement_lapses_with_the_turn(table: Ledger) -> None:
    _fight(table)
    enhance(table, "Snazzle", Word("Fire"), Part.DAMAGE)
    play(table, c.EndTurn())
    assert load_combat(table).pending == ()
    assert "Fire" in _hand(table, "Ann"), "an enhancement never used spends nothing"


def test_a_ruling_is_cast_with_its_words_intent_and_implementation(table: Ledger) -> None:
    """ "Without modifiers, casters must land a 1d6 unarmed attack to impart spell effects.
    Casting any spell takes an action." """
    _fight(table)
    parts = Implementation(damage="1d4 burn", duration="2 rounds", requirements="touch; spoken")
    add_ruling(
        table,
        Proposal(
            "Snazzle", W("[Daze] [Fire]"), "daze the orc", Verdict.APPROVED, implementation=parts
        ),
    )
    ruling = spell_ruling(get_ruling(table, "R1"))
    assert (ruling.ruling_id, ruling.damage, ruling.rounds) == ("R1", "1d4", 2)
    assert ruling.requirements == ("touch", "spoken") and ruling.delivery is Delivery.TOUCH
    cast = cast_ruling(table, "Snazzle", "r1", target="Orc")
    stack = cast.state.stack
    assert stack is not None and stack.spell.intent == "daze the orc"
    assert stack.ruling == ruling and cast.state.turn is not None
    assert cast.state.turn.actions_left == 1
    done = play(table, c.Resolve(), dice=DiceSpec((1, 3)))
    assert done.state.unit("Orc").zone("Head").hp == 1


def test_a_vetoed_overruled_or_foreign_ruling_is_refused(table: Ledger) -> None:
    """ "If an intent cannot be fulfilled by the Words provided (as judged by the Storyteller),
    the spell will not be cast." """
    _fight(table)
    add_ruling(table, Proposal("Snazzle", W("[Daze] [Fire]"), "daze him", Verdict.VETOED))
    add_ruling(table, Proposal("Snazzle", W("[Steal] [Ball]"), "steal the ball", Verdict.APPROVED))
    add_ruling(table, Proposal("Grum", W("[Smash] [Person]"), "smash him", Verdict.APPROVED))
    change_status(table, "R2", Status.OVERRULED, by_ruling="R3", reason="a mistake")
    before = snapshot(table.path)
    with pytest.raises(InvalidInput, match="R1 was vetoed"):
        cast_ruling(table, "Snazzle", "R1", target="Orc")
    with pytest.raises(RulingNotCastable, match="R2 is overruled by R3") as overruled:
        cast_ruling(table, "Snazzle", "R2", target="Orc")
    assert "state that openly" in overruled.value.broken_rule
    with pytest.raises(RulingNotCastable, match="R3 is Grum's spell; Snazzle cannot cast it"):
        cast_ruling(table, "Snazzle", "R3", target="Orc")
    with pytest.raises(UnknownName):
        cast_ruling(table, "Snazzle", "R9", target="Orc")
    assert snapshot(table.path) == before


def test_a_ruling_is_one_casting(table: Ledger) -> None:
    _fight(table)
    add_ruling(table, Proposal("Snazzle", W("[Daze] [Fire]"), "daze him", Verdict.APPROVED))
    cast_ruling(table, "Snazzle", "R1", target="Orc")
    play(table, c.Resolve(), dice=DiceSpec((5,)))
    with pytest.raises(RulingNotCastable, match="R1 was already cast"):
        cast_ruling(table, "Snazzle", "R1", target="Orc")
    undo(table)
    undo(table)
    assert cast_ruling(table, "Snazzle", "R1", target="Orc").state.stack is not None


def _kill_the_orc(ledger: Ledger) -> None:
    play(ledger, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1, 6)))
    assert load_combat(ledger).state.unit("Orc").is_down


def test_a_killing_blow_draws_for_the_killers_player_at_once(table: Ledger) -> None:
    """ "Players (and enemy Fate Weavers) will draw from the Deck any time they ... land the
    killing blow on an enemy." The Storyteller's `DeclareDead` is the confirmation."""
    _refill(table)
    _fight(table)
    _kill_the_orc(table)
    dead = play(table, c.DeclareDead("Orc"))
    assert any(isinstance(e, WordOwed) for e in dead.events)
    assert [(e.kind, e.who, e.words) for e in dead.effects] == [
        (EffectKind.DREW, "Ann", (Word("Gold"),))
    ]
    assert _hand(table, "Ann")[-1] == "Gold"
    undo(table)
    assert "Gold" not in _hand(table, "Ann")
    pile = decks.current_deck(table).deck.pile
    assert pile[0] == Word("Gold"), "the Word goes back on top of the pile"


def test_a_word_owed_with_an_empty_deck_stays_owed(table: Ledger) -> None:
    _fight(table)
    _kill_the_orc(table)
    dead = play(table, c.DeclareDead("Orc"))
    assert [(e.kind, e.who) for e in dead.effects] == [(EffectKind.OWED, "Ann")]
    assert "the Deck is empty" in dead.effects[0].note


def test_the_end_of_the_fight_writes_the_characters_sheets_back(table: Ledger) -> None:
    """ "This damage is first applied to any Armor in that Hitzone." What a character suffered in
    the fight is kept on its sheet as a new version; undoing the end puts the old sheet back."""
    _fight(table)
    play(table, c.EndTurn(next="Grum"))
    play(table, c.EndTurn())
    play(table, c.Attack("Orc", "Snazzle"), dice=DiceSpec((4, 6)))
    ended = play(table, c.EndCombat("the orc flees"))
    assert [(e.kind, e.who) for e in ended.effects] == [(EffectKind.SHEET, "Snazzle")]
    sheet = get_character(table, "Snazzle")
    legs = sheet.character.zone("Legs")
    assert (legs.hp, legs.armor) == (6, 0) and "F1: after the fight" in sheet.change
    rested = play(table, c.Rest("Snazzle"))
    assert [e.kind for e in rested.effects] == [EffectKind.SHEET]
    assert get_character(table, "Snazzle").character.zone("Legs").armor == 3
    undo(table)
    assert get_character(table, "Snazzle").character.zone("Legs").armor == 0
    undo(table)
    assert get_character(table, "Snazzle").character.zone("Legs").armor == 3
    assert load_combat(table).state.phase is Phase.ROUNDS
    assert [v.change for v in history(table, "Snazzle")][-1].endswith("undone")


def test_one_player_cannot_field_two_characters_sharing_a_hand(table: Ledger) -> None:
    from adjudicator.ledger.characters import add_character as add_sheet
    from adjudicator.rules.characters import snazzle

    start_combat(table, seed=1)
    add_character(table, "Snazzle", "Party")
    add_sheet(table, replace(snazzle(), name="Snazzle Two"), "Ann")
    with pytest.raises(CombatError, match="Ann's hand"):
        add_character(table, "Snazzle Two", "Party")


def test_the_default_combat_is_the_latest_open_one(table: Ledger) -> None:
    with pytest.raises(LedgerError, match="no combat"):
        load_combat(table)
    start_combat(table, seed=1)
    start_combat(table, seed=2)
    play(table, c.EndCombat("nobody came"))
    assert load_combat(table).info.id == "F1"
    play(table, c.EndCombat("nobody came either"))
    assert load_combat(table).info.id == "F2", "with none open, the latest"
    with pytest.raises(UnknownName, match="no combat 'F9'"):
        load_combat(table, "f9")


def test_undoing_a_spend_needs_an_open_session(table: Ledger) -> None:
    _fight(table)
    enhance(table, "Snazzle", Word("Fire"), Part.DAMAGE)
    play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((5,)))
    end_session(table)
    before = snapshot(table.path)
    with pytest.raises(CombatError, match="only in an open session"):
        undo(table)
    assert snapshot(table.path) == before


def test_the_chain_verifies_after_a_fight_and_survives_export_and_import(
    table: Ledger, tmp_path: Path
) -> None:
    _refill(table)
    _fight(table)
    enhance(table, "Snazzle", Word("Fire"), Part.DAMAGE)
    play(table, c.Attack("Snazzle", "Orc"), dice=DiceSpec((1, 6, 2)))
    play(table, c.DeclareDead("Orc"))
    undo(table)
    redo(table)
    play(table, c.EndCombat("won"))
    report = records.verify(table)
    exported = tmp_path / "campaign.json"
    exported.write_text(to_json(table), encoding="utf-8")
    restored = import_ledger(tmp_path / "restored.sqlite", exported)
    assert restored.head == report.head
    from adjudicator.ledger.database import open_ledger

    with open_ledger(tmp_path / "restored.sqlite") as copy:
        assert load_combat(copy, "F1").state == load_combat(table, "F1").state
    added = [e for e in load_combat(table).combat.events if isinstance(e, UnitAdded)]
    assert [e.unit.name for e in added] == ["Snazzle", "Grum", "Orc", "Monk"]
