"""Turn actions: two per turn, movement costs, two-part actions and interruption, items,
fleeing, stances (rulebook, "Turns", "Movement", "Interruption", "Entering and Exiting")."""

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    AttackAlreadyMade,
    CannotFlee,
    IllegalMove,
    NotInRuleset,
    OutOfActions,
    ZoneUnusable,
)
from adjudicator.combat.events import (
    ActionBegun,
    ActionCancelled,
    ActionsSpent,
    InterruptionRolled,
    UnitFled,
    UnitMoved,
)
from adjudicator.combat.units import Stance, Status, from_character
from adjudicator.rules.characters import Character, Inventory, Kit, Tag, TagSource
from adjudicator.rules.tables import Faction
from adjudicator.rules.words import Word

from .helpers import AXE, DAGGER, SWORD, dice, end_turns, fight, fighter, of_kind, space


def _spent(events: object) -> int:
    assert isinstance(events, tuple)
    return sum(e.actions for e in events if isinstance(e, ActionsSpent))


def test_a_turn_has_two_actions() -> None:
    """ "In one turn, you can generally do two actions." / "you can move two spaces on the same
    ring, if you do not also take another action." """
    combat = fight((fighter("Ann", "Party"), "D1"), (fighter("Orc", "Orcs"), "D5"))
    combat.play(c.Move("Ann", space("D2")))
    combat.play(c.Move("Ann", space("D3")))
    with pytest.raises(OutOfActions) as raised:
        combat.play(c.Move("Ann", space("D2")))
    assert "you can generally do two actions" in raised.value.message


def test_a_step_along_a_ring_costs_one_action_and_a_new_ring_two() -> None:
    """ "It takes half of a turn to move one space on the same ring that you're on ... It takes
    a full turn to move to a new ring." """
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "D5"))
    assert _spent(combat.play(c.Move("Ann", space("C2")))) == 1
    end_turns(combat, "Orc")
    end_turns(combat, "Ann")
    assert _spent(combat.play(c.Move("Ann", space("B1")))) == 2


def test_a_ring_change_begun_with_one_action_completes_on_the_next_turns_first_action() -> None:
    """ "Units may begin a two-part action (moving between rings or special cases) with only
    one action remaining on their turn. This action will not complete until their next turn,
    where it will consume their first action." """
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "D5"))
    combat.play(c.Move("Ann", space("C2")))
    events = combat.play(c.Move("Ann", space("B2")))
    assert of_kind(events, ActionBegun)
    assert combat.state.unit("Ann").space == space("C2"), "still on its way"
    combat.play(c.EndTurn())
    events = combat.play(c.EndTurn())  # the Orc passes; Ann's turn completes the move
    assert combat.state.unit("Ann").space == space("B2")
    assert combat.state.turn is not None and combat.state.turn.actions_left == 1
    assert _spent(events) == 1


def _ann_halfway() -> Combat:
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "D5"))
    combat.play(c.Move("Ann", space("C2")))
    combat.play(c.Move("Ann", space("B2")))
    combat.play(c.EndTurn())
    return combat


def test_hp_damage_during_a_two_part_action_calls_for_a_roll_against_the_damage() -> None:
    """ "If that unit takes HP damage before the action is complete, they must make a 1d6 roll
    against the incoming damage amount to resist being interrupted." (ours: the roll holds on
    when it is at least the damage)."""
    held = _ann_halfway()
    events = held.play(c.DealDamage("Ann", "Offhand", 3, "an arrow"), dice(3))
    rolled = of_kind(events, InterruptionRolled)[0]
    assert isinstance(rolled, InterruptionRolled) and rolled.held and rolled.damage == 3
    assert held.state.unit("Ann").pending is not None

    lost = _ann_halfway()
    events = lost.play(c.DealDamage("Ann", "Offhand", 3, "an arrow"), dice(2))
    assert of_kind(events, ActionCancelled)
    assert lost.state.unit("Ann").pending is None


def test_an_interrupted_action_is_cancelled_without_cost_on_the_next_turn() -> None:
    """ "If the action cannot be completed for any reason (including interruption), it is
    cancelled without an additional action cost on the next turn." """
    combat = _ann_halfway()
    combat.play(c.DealDamage("Ann", "Offhand", 3, "an arrow"), dice(1))
    combat.play(c.EndTurn())
    state = combat.state
    assert state.unit("Ann").space == space("C2")
    assert state.turn is not None and state.turn.unit == "Ann" and state.turn.actions_left == 2


def test_a_maim_always_interrupts_and_armor_damage_never_does() -> None:
    """ "Maims will always interrupt." Only "HP damage" calls for the roll."""
    combat = _ann_halfway()
    events = combat.play(c.DealDamage("Ann", "Legs", 6, "a trap"))
    assert of_kind(events, ActionCancelled) and not of_kind(events, InterruptionRolled)

    armored = fight(
        (fighter("Ann", "Party", armor=(2, 2, 2, 2)), "C1"), (fighter("Orc", "Orcs"), "D5")
    )
    armored.play(c.Move("Ann", space("C2")))
    armored.play(c.Move("Ann", space("B2")))
    events = armored.play(c.DealDamage("Ann", "Legs", 2, "a club"))
    assert not of_kind(events, InterruptionRolled)
    assert armored.state.unit("Ann").pending is not None


def test_an_enemy_moving_into_the_destination_cancels_the_move() -> None:
    """ "Enemy units are able to understand the intention and may actively move to block." """
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "D3"))
    combat.play(c.Move("Ann", space("C2")))
    combat.play(c.Move("Ann", space("B2")))
    combat.play(c.EndTurn())
    combat.play(c.Move("Orc", space("C3")))
    events = combat.play(c.EndTurn())  # Orc moved next to B2 but not into it
    assert combat.state.unit("Ann").space == space("B2")
    combat2 = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "B2"))
    combat2.play(c.Move("Ann", space("C2")))
    combat2.play(c.Move("Ann", space("B1")))
    combat2.play(c.EndTurn())
    combat2.play(c.Move("Orc", space("B1")))
    events = combat2.play(c.EndTurn())
    cancelled = of_kind(events, ActionCancelled)[0]
    assert isinstance(cancelled, ActionCancelled) and "Orc now stands at B1" in cancelled.reason
    assert combat2.state.turn is not None and combat2.state.turn.actions_left == 2


def test_units_move_through_friends_but_not_hostiles() -> None:
    """ "You may move through friendly units but not hostiles." """
    combat = fight(
        (fighter("Ann", "Party"), "D1"),
        (fighter("Bob", "Party"), "D2"),
        (fighter("Orc", "Orcs"), "D5"),
    )
    events = combat.play(c.Move("Ann", space("D3")))
    moved = of_kind(events, UnitMoved)[0]
    assert isinstance(moved, UnitMoved) and [str(s) for s in moved.path] == ["D1", "D2", "D3"]
    blocked = fight((fighter("Ann", "Party"), "D1"), (fighter("Orc", "Orcs"), "D2"))
    with pytest.raises(OutOfActions):  # round the Orc through C1 and C2 costs 5
        blocked.play(c.Move("Ann", space("D3")))
    with pytest.raises(IllegalMove):
        blocked.play(c.Move("Ann", space("D2")))


def test_a_two_part_step_never_waits_on_a_friends_space() -> None:
    """A unit may pass friends but, waiting a turn before its last step, it would share their
    space: one unit per space ("If a space is occupied, use a different ... one")."""
    combat = fight(
        (fighter("Ann", "Party"), "D1"),
        (fighter("Bob", "Party"), "D8"),
        (fighter("Cy", "Party"), "C1"),
        (fighter("Orc", "Orcs"), "D5"),
    )
    with pytest.raises(OutOfActions):
        combat.play(c.Move("Ann", space("C4")))  # it would wait a turn at D8, on Bob
    assert c.Move("Ann", space("C4")) not in combat.legal_commands()
    combat.play(c.Remove("Bob", "steps away"))
    events = combat.play(c.Move("Ann", space("C4")))
    begun = of_kind(events, ActionBegun)[0]
    assert isinstance(begun, ActionBegun) and begun.pending.origin == space("D8")


def test_defeated_units_do_not_block() -> None:
    """ "Defeated enemies do not block spaces." """
    combat = fight(
        (fighter("Ann", "Party"), "D1"),
        (fighter("Orc", "Orcs"), "D2"),
        (fighter("Gob", "Orcs"), "D6"),
    )
    combat.play(c.DealDamage("Orc", "Head", 4, "a rock"))
    events = combat.play(c.Move("Ann", space("D3")))
    moved = of_kind(events, UnitMoved)[0]
    assert isinstance(moved, UnitMoved) and str(moved.path[1]) == "D2"


def test_maimed_legs_and_binds_stop_a_unit_from_moving() -> None:
    """ "When a Hitzone reaches 0 HP, it is considered Maimed and becomes unusable" (broken
    legs, "can't escape")."""
    combat = fight((fighter("Ann", "Party"), "D1"), (fighter("Orc", "Orcs"), "D5"))
    combat.play(c.DealDamage("Ann", "Legs", 6, "a bear trap"))
    with pytest.raises(ZoneUnusable):
        combat.play(c.Move("Ann", space("D2")))


def _packer() -> Character:
    return Character(
        name="Pack Mule",
        faction=Faction("Dwarf", ("Stonewise", "Stubborn")),
        creation_tags=tuple(Tag(t, TagSource.CREATION) for t in ("Tough", "Slow", "Loyal")),
        words=(Word("Carry"), Word("Stone"), Word("Guard")),
        weapons=(DAGGER, AXE, SWORD),
        inventory=Inventory(pouch=("Dagger",), pack=("Axe",), kits=(Kit("Spares", ("Sword",)),)),
    )


def test_retrieving_from_the_pouch_takes_one_action_the_pack_two_a_kit_four() -> None:
    """ "Stowing or retrieving items from the Pouch requires one action, the Pack - two, and
    from Kits - four." """
    mule = from_character(_packer(), "Party", held=(("Mainhand", None), ("Offhand", None)))
    combat = fight((mule, "C1"), (fighter("Orc", "Orcs"), "D5"))
    assert _spent(combat.play(c.Draw("Pack Mule", "Dagger", "Offhand"))) == 1
    events = combat.play(c.Draw("Pack Mule", "Axe", "Mainhand"))
    assert of_kind(events, ActionBegun), "the Pack's two actions, begun with one left"
    end_turns(combat, "Orc")
    end_turns(combat, "Pack Mule")
    assert combat.state.unit("Pack Mule").held_in("Mainhand") == "Axe"
    assert combat.state.turn is not None and combat.state.turn.actions_left == 1
    combat.play(c.Drop("Pack Mule", "Offhand"))
    events = combat.play(c.Draw("Pack Mule", "Sword", "Offhand"))
    begun = of_kind(events, ActionBegun)[0]
    assert isinstance(begun, ActionBegun) and begun.pending.remaining == 3, "a kit: four"
    end_turns(combat, "Orc")
    end_turns(combat, "Pack Mule")
    assert combat.state.turn is not None and combat.state.turn.actions_left == 0
    assert combat.state.unit("Pack Mule").held_in("Offhand") is None
    end_turns(combat, "Orc")
    end_turns(combat, "Pack Mule")
    assert combat.state.unit("Pack Mule").held_in("Offhand") == "Sword"
    assert combat.state.turn is not None and combat.state.turn.actions_left == 1


def test_dropping_a_weapon_costs_no_action_and_stowing_costs_the_same_as_retrieving() -> None:
    """ "Stopping an action (dropping a weapon) does not cost an action." """
    combat = fight(
        (fighter("Ann", "Party", weapons=(SWORD, DAGGER)), "C1"), (fighter("Orc", "Orcs"), "D5")
    )
    assert _spent(combat.play(c.Drop("Ann", "Mainhand"))) == 0
    assert combat.state.turn is not None and combat.state.turn.actions_left == 2
    combat.play(c.Draw("Ann", "Dagger", "Mainhand"))
    assert _spent(combat.play(c.Stow("Ann", "Mainhand"))) == 1
    assert combat.state.unit("Ann").held_in("Mainhand") is None


def test_fleeing_takes_a_full_turn_waiting_on_the_outer_ring() -> None:
    """ "To flee, a unit must spend a full turn waiting on the outer ring at the point they
    will exit." """
    combat = fight((fighter("Ann", "Party"), "D3"), (fighter("Orc", "Orcs"), "C1"))
    assert _spent(combat.play(c.Flee("Ann"))) == 2
    assert combat.state.unit("Ann").space == space("D3")
    combat.play(c.EndTurn())
    events = combat.play(c.EndTurn())
    assert of_kind(events, UnitFled)
    assert combat.state.unit("Ann").status is Status.FLED and combat.state.unit("Ann").space is None


def test_only_a_whole_turn_on_the_outer_ring_with_working_legs_flees() -> None:
    """Fleeing needs the outer ring and a full turn; "Escape is not always possible" with
    Maimed legs."""
    inner = fight((fighter("Ann", "Party"), "C3"), (fighter("Orc", "Orcs"), "C1"))
    with pytest.raises(CannotFlee):
        inner.play(c.Flee("Ann"))
    hurried = fight((fighter("Ann", "Party"), "D2"), (fighter("Orc", "Orcs"), "C3"))
    hurried.play(c.Move("Ann", space("D3")))
    with pytest.raises(CannotFlee):
        hurried.play(c.Flee("Ann"))
    lame = fight((fighter("Ann", "Party"), "D3"), (fighter("Orc", "Orcs"), "C1"))
    lame.play(c.DealDamage("Ann", "Legs", 6, "a bear trap"))
    with pytest.raises(CannotFlee) as raised:
        lame.play(c.Flee("Ann"))
    assert "Maimed legs" in raised.value.message


def test_a_maim_while_waiting_to_flee_keeps_the_unit_in_the_fight() -> None:
    """Fleeing is a two-part action: "Maims will always interrupt." """
    combat = fight((fighter("Ann", "Party"), "D3"), (fighter("Orc", "Orcs"), "C1"))
    combat.play(c.Flee("Ann"))
    combat.play(c.EndTurn())
    combat.play(c.DealDamage("Ann", "Offhand", 6, "an axe"))
    combat.play(c.EndTurn())
    assert combat.state.unit("Ann").status is Status.STANDING
    assert combat.state.turn is not None and combat.state.turn.unit == "Ann"


def test_an_action_with_an_attack_roll_counts_as_the_turns_attack() -> None:
    """ "Anything requiring an attack roll (spells, grabs, throws) will count as your attack." """
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C2"))
    combat.play(c.Act("Ann", "throws a flask of oil", attack=True))
    with pytest.raises(AttackAlreadyMade):
        combat.play(c.Attack("Ann", "Orc"))


def test_stances_are_a_rule_of_the_draft_only() -> None:
    """Draft, "Stances": "As part of a movement or by consuming a move action and staying
    still, you may change stances." """
    guard = Stance("Guard", (Word("Block"),), armor_modifier=1)
    placed = ((fighter("Ann", "Party", stances=(guard,)), "C1"), (fighter("Orc", "Orcs"), "D5"))
    book = fight(*placed)
    with pytest.raises(NotInRuleset):
        book.play(c.ChangeStance("Ann", "Guard"))
    draft = fight(*placed, ruleset="wop-draft")
    assert _spent(draft.play(c.ChangeStance("Ann", "Guard"))) == 1
    assert draft.state.unit("Ann").stance == "Guard"
    assert Word("Block") in draft.state.unit("Ann").inherent()
    assert _spent(draft.play(c.Move("Ann", space("C2"), stance="neutral"))) == 1, "free with a move"
    assert draft.state.unit("Ann").stance is None
