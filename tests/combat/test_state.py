"""Queries on a fight's state: who stands where, the turn tracker, sight and binds."""

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.errors import UnknownUnit

from .helpers import dice, fight, fighter, space


def test_units_are_found_by_name_ignoring_case_and_unknown_names_are_errors() -> None:
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C2"))
    assert combat.state.unit(" ann ").name == "Ann"
    with pytest.raises(UnknownUnit) as raised:
        combat.state.unit("Bob")
    assert raised.value.hint is not None and "Ann, Orc" in raised.value.hint


def test_the_board_knows_each_spaces_occupant() -> None:
    """A unit is in at most one space and a space holds at most one unit."""
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C2"))
    state = combat.state
    occupant = state.occupant(space("C1"))
    assert occupant is not None and occupant.name == "Ann"
    assert state.occupied() == {space("C1"), space("C2")}
    assert len(state.empty_spaces()) == 13
    assert state.teams == ("Party", "Orcs") and state.teams_standing() == ("Party", "Orcs")


def test_the_turn_tracker_shows_the_round_the_order_and_who_acts() -> None:
    """ "A marker should be placed in the turn tracker to transparently note when
    reinforcements will actually join combat." """
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C2"))
    combat.play(c.AddUnit(fighter("Orc 2", "Orcs")))
    combat.play(c.Reinforce("Orc 2", space("D1"), 2))
    lines = combat.state.tracker()
    assert lines[0] == "round 1 (rounds)"
    assert "teams: Party > Orcs" in lines
    assert "acting: Ann (2 actions left)" in lines
    assert lines[-1] == "marker: Orc 2 enters at D1 in round 3"


def test_binds_are_listed_for_both_units() -> None:
    """ "Whatever (probably body part) is doing the binding is also considered bound." """
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C2"))
    combat.play(c.Grab("Ann", "Orc"), dice(4, 6, 1))
    assert combat.state.bound_zones("Ann") == {"Offhand"}
    assert combat.state.bound_zones("Orc") == {"Legs"}
    assert len(combat.state.binds_of("Orc")) == 1
