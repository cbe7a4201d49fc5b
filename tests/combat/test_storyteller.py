"""The Storyteller's part: reinforcements, moving and removing units, ending the fight, rest
(rulebook, "Entering and Exiting Ongoing Combat", "4. Resting and Healing")."""

from dataclasses import replace

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    NotOnOuterRing,
    ReinforcementRefused,
    RestNotSafe,
    SpaceTaken,
)
from adjudicator.combat.events import TurnSkipped, TurnStarted, UnitPlaced
from adjudicator.combat.state import Phase
from adjudicator.combat.units import Stance, Status, humanoid
from adjudicator.rules.characters import Hitzone, MagicItem

from .helpers import dice, end_turns, fight, fighter, space


def _with_reserve(ruleset: str = "rulebook") -> Combat:
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C3"), ruleset=ruleset)
    combat.play(c.AddUnit(fighter("Orc 2", "Orcs")))
    return combat


def _round(combat: Combat, number: int) -> tuple[object, ...]:
    events: tuple[object, ...] = ()
    while combat.state.round < number:
        events = combat.play(c.EndTurn())
    return events


def test_reinforcements_hover_with_a_marker_and_act_on_the_turn_they_enter() -> None:
    """ "Players who were out of position or enemy reinforcements that wish to join the fight
    should spend at least one turn hovering outside the space they wish to enter from. A marker
    should be placed in the turn tracker to transparently note when reinforcements will
    actually join combat. Units should act on the turn they enter the Battle Board." """
    combat = _with_reserve()
    combat.play(c.Reinforce("Orc 2", space("D5"), turns=2))
    assert combat.state.markers() == (("Orc 2", space("D5"), 3),)
    assert "marker: Orc 2 enters at D5 in round 3" in combat.state.tracker()
    _round(combat, 2)
    assert combat.state.unit("Orc 2").status is Status.HOVERING
    events = _round(combat, 3)
    events += combat.play(c.EndTurn())  # Ann's turn ends; the Orcs' go
    events += combat.play(c.EndTurn())
    placed = [e for e in events if isinstance(e, UnitPlaced) and e.unit == "Orc 2"]
    assert placed and placed[0].space == space("D5")
    started = [e for e in events if isinstance(e, TurnStarted) and e.unit == "Orc 2"]
    assert started, "acts on the turn it enters"


def test_in_the_draft_reinforcements_act_the_turn_after_they_join() -> None:
    """Draft: "Units should act the turn after they join, as it's assumed they spent 2 movement
    to cross into the outer range." """
    combat = _with_reserve("wop-draft")
    combat.play(c.Reinforce("Orc 2", space("D5"), turns=1))
    events = _round(combat, 2)
    events += combat.play(c.EndTurn())  # Ann's turn ends; the Orcs' go
    events += combat.play(c.EndTurn())
    skipped = [e for e in events if isinstance(e, TurnSkipped) and e.unit == "Orc 2"]
    assert skipped and combat.state.unit("Orc 2").space == space("D5")


def test_a_reinforcement_finding_its_space_taken_enters_at_the_nearest_empty_one() -> None:
    """ "If a space is occupied, use a different but reasonably accessible one." """
    combat = fight((fighter("Ann", "Party"), "D5"), (fighter("Orc", "Orcs"), "C3"))
    combat.play(c.AddUnit(fighter("Orc 2", "Orcs")))
    combat.play(c.Reinforce("Orc 2", space("D5"), turns=1))
    _round(combat, 2)
    end_turns(combat, "Orc 2")
    assert combat.state.unit("Orc 2").space == space("D6")


def test_no_one_joins_a_full_outer_ring() -> None:
    """ "If no empty spaces are available, new units can't join and the narrative needs to
    progress." """
    placed = [(fighter(f"P{n}", "Party"), f"D{n}") for n in range(1, 9)]
    combat = fight(*placed, (fighter("Orc", "Orcs"), "C3"))
    combat.play(c.AddUnit(fighter("Orc 2", "Orcs")))
    combat.play(c.Reinforce("Orc 2", space("D1"), turns=1))
    events = _round(combat, 2)
    for _ in range(9):
        events += combat.play(c.EndTurn())
    held = [e for e in events if isinstance(e, TurnSkipped) and e.unit == "Orc 2"]
    assert held and "outer ring is full" in held[0].reason
    assert combat.state.unit("Orc 2").status is Status.HOVERING


def test_reinforcements_wait_at_least_a_turn_outside_the_outer_ring() -> None:
    combat = _with_reserve()
    with pytest.raises(ReinforcementRefused):
        combat.play(c.Reinforce("Orc 2", space("D5"), turns=0))
    with pytest.raises(NotOnOuterRing):
        combat.play(c.Reinforce("Orc 2", space("C2"), turns=1))
    with pytest.raises(ReinforcementRefused):
        combat.play(c.Reinforce("Orc", space("D5"), turns=1))


def test_the_storyteller_moves_removes_and_ends() -> None:
    """ "Magic, carried by allies, sliding down a trash chute, or mounting a horse are all
    alternative ways you might escape"; "The goal is to progress the narrative to a point that
    you no longer need the board." """
    guard = Stance("Guard", armor_modifier=1)
    combat = fight(
        (fighter("Ann", "Party", stances=(guard,)), "C1"),
        (fighter("Orc", "Orcs"), "C3"),
        (fighter("Bob", "Party"), "D1"),
        ruleset="wop-draft",
    )
    combat.play(c.ChangeStance("Ann", "Guard"))
    with pytest.raises(SpaceTaken):
        combat.play(c.Relocate("Ann", space("D1")))
    combat.play(c.Relocate("Ann", space("A1")))
    combat.play(c.Remove("Bob", "carried off by a giant eagle"))
    assert combat.state.unit("Bob").status is Status.FLED
    combat.play(c.EndCombat())
    assert combat.state.phase is Phase.ENDED and combat.state.unit("Ann").stance is None


def test_a_rest_repairs_armor_and_heals_unmaimed_hp_but_not_magic_items() -> None:
    """ "This repairs armor, and heals non-Maimed HP." "Magic items are not automatically
    repaired during rests." """
    ring = MagicItem("Ring", durability=2)
    zones = (
        *humanoid(armor=(2, 0, 0, 0)),
        Hitzone("Finger", 2, 2, 2, 2, "Ring", magic_item=True),
    )
    combat = fight(
        (fighter("Ann", "Party", zones=zones, magic_items=(ring,)), "C1"),
        (fighter("Orc", "Orcs"), "C2"),
    )
    combat.play(c.DealDamage("Ann", "Head", 3, "a club"))
    combat.play(c.DealDamage("Ann", "Legs", 6, "a club"))
    combat.play(c.DealDamage("Ann", "Offhand", 2, "a club"))
    combat.play(c.DealDamage("Ann", "Finger", 1, "a club"))
    with pytest.raises(RestNotSafe):
        combat.play(c.Rest("Ann"))
    combat.play(c.EndCombat())
    combat.play(c.Rest("Ann"))
    ann = combat.state.unit("Ann")
    assert [(z.name, z.hp, z.armor) for z in ann.hitzones] == [
        ("Head", 4, 2),
        ("Offhand", 6, 0),
        ("Mainhand", 6, 0),
        ("Legs", 0, 0),
        ("Finger", 2, 1),
    ]


def test_dice_are_not_needed_for_storyteller_damage_without_interruption() -> None:
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C2"))
    combat.play(c.DealDamage("Orc", "Legs", 2, "the collapsing floor"), dice())
    assert combat.state.unit("Orc").zone("Legs").hp == 4
    assert replace(combat.state.unit("Orc")).zone("Legs").hp == 4
