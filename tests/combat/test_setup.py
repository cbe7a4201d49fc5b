"""Setting up a fight: units, one per space, formation, entry points, awareness, hazards
(rulebook, "Battle Board")."""

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.board import Hazard
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    DuplicateUnit,
    IllegalMove,
    NotOnOuterRing,
    SpaceTaken,
    WrongPhase,
)
from adjudicator.combat.setup import symmetries
from adjudicator.combat.state import BOARD
from adjudicator.combat.units import Status

from .helpers import CROSSBOW, fight, fighter, setup, space


def test_units_join_off_the_board_and_names_are_unique() -> None:
    """Every command and log line names units, so two units cannot share a name."""
    combat = Combat()
    combat.play(c.AddUnit(fighter("Orc", "Orcs")))
    assert combat.state.unit("orc").status is Status.OFF_BOARD
    with pytest.raises(DuplicateUnit):
        combat.play(c.AddUnit(fighter("ORC", "Orcs")))


def test_one_unit_per_space_and_a_unit_in_one_space() -> None:
    """ "If a space is occupied, use a different but reasonably accessible one." """
    combat = setup((fighter("A", "Party"), "C3"), (fighter("B", "Foes"), "C1"))
    with pytest.raises(SpaceTaken) as raised:
        combat.play(c.Place("B", space("C3")))
    assert "If a space is occupied" in raised.value.message
    combat.play(c.Place("A", space("D5")))
    assert combat.state.occupant(space("C3")) is None
    assert combat.state.unit("A").space == space("D5")


def test_the_attacking_party_chooses_entry_points_on_the_outer_ring() -> None:
    """ "the enemy will begin on the board and you'll have to choose entry points on the outer
    ring." """
    combat = setup((fighter("Guard", "Foes"), "B1"))
    combat.play(c.AddUnit(fighter("Rogue", "Party")))
    with pytest.raises(NotOnOuterRing):
        combat.play(c.ChooseEntry("Rogue", space("C2")))
    events = combat.play(c.ChooseEntry("Rogue", space("D3")))
    assert combat.state.unit("Rogue").space == space("D3")
    assert "entry point" in events[0].describe()


def test_the_board_has_four_symmetries_that_keep_every_adjacency() -> None:
    """ "you may be attacked from any angle": the formation may face any of the board's
    symmetries, which are exactly as marched, mirrored, flipped and turned."""
    found = symmetries(BOARD)
    assert set(found) == {"as marched", "mirrored", "flipped", "turned"}
    for mapping in found.values():
        for a in BOARD.spaces:
            for b in BOARD.spaces:
                assert BOARD.is_adjacent(a, b) == BOARD.is_adjacent(mapping[a], mapping[b])
    assert found["turned"][space("C3")] == space("C1")


@pytest.mark.parametrize("orientation", ["as marched", "mirrored", "flipped", "turned"])
def test_a_deployed_formation_keeps_d5_behind_c3(orientation: str) -> None:
    """ "a character marching in D5 is not guaranteed to be in D5 when combat starts, just that
    they're relatively behind whoever is in C3." """
    combat = Combat()
    for name in ("Fighter", "Ranger", "Healer"):
        combat.play(c.AddUnit(fighter(name, "Party")))
    combat.play(
        c.SetFormation(
            "Party", (("Fighter", space("C3")), ("Ranger", space("D5")), ("Healer", space("B2")))
        )
    )
    combat.play(c.DeployFormation("Party", orientation))
    state = combat.state
    front, back = state.unit("Fighter").space, state.unit("Ranger").space
    assert front is not None and back is not None
    assert BOARD.behind(front) == (back,)
    assert BOARD.inner_neighbours(front) == (state.unit("Healer").space,)


def test_awareness_is_set_per_pair_of_units() -> None:
    """ "you must determine who is aware of whom." """
    combat = setup((fighter("Rogue", "Party"), "D1"), (fighter("Guard", "Foes"), "C3"))
    combat.play(c.SetAwareness("Guard", "Rogue", aware=False))
    assert not combat.state.is_aware("Guard", "Rogue")
    assert combat.state.is_aware("Rogue", "Guard")
    combat.play(c.SetAwareness("Guard", "Rogue", aware=True))
    assert combat.state.is_aware("Guard", "Rogue")


def test_hazards_are_placed_and_block_placement() -> None:
    """ "The Storyteller may choose to fill some spaces with hazards that may speed up, slow
    down, or block movement." """
    combat = Combat()
    combat.play(c.AddUnit(fighter("A", "Party")))
    combat.play(c.PlaceHazard(space("C1"), Hazard.block()))
    with pytest.raises(IllegalMove):
        combat.play(c.Place("A", space("C1")))
    combat.play(c.ClearHazards(space("C1")))
    combat.play(c.Place("A", space("C1")))


def test_placing_is_for_the_setup_only() -> None:
    """Once the fight begins, units move by their actions, not by placement."""
    combat = fight((fighter("A", "Party"), "C1"), (fighter("B", "Foes"), "C3"))
    with pytest.raises(WrongPhase):
        combat.play(c.Place("A", space("D1")))


def test_a_healer_in_a1_between_fighters_in_b1_and_b2_is_guaranteed_safe() -> None:
    """ "the healer should be nestled in A1 between our fighters in B1 and B2 so that they are
    guaranteed safe from harm" (rulebook, "Battle Board"): from anywhere else, an enemy has no
    move into A1 and no attack, melee or ranged, on the healer."""
    for where in [str(s) for s in BOARD.spaces if s.ring in "CD"]:
        combat = setup(
            (fighter("Orc", "Foes", weapons=(CROSSBOW,)), where),
            (fighter("Healer", "Party"), "A1"),
            (fighter("Tank", "Party"), "B1"),
            (fighter("Knight", "Party"), "B2"),
        )
        combat.play(c.Begin(aggressor="Foes"))
        for _ in range(3):  # look again after moving as far as a turn allows
            legal = combat.legal_commands()
            assert not [x for x in legal if isinstance(x, c.Attack) and x.target == "Healer"]
            assert not [x for x in legal if isinstance(x, c.Move) and str(x.to) == "A1"]
            moves = [x for x in legal if isinstance(x, c.Move)]
            if not moves:
                break
            combat.play(moves[-1])
