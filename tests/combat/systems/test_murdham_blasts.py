"""Murdham blast attacks (`seeds/002`, "Blast attacks" and "Reacting to an attack"): each test
quotes the sentence it checks. Damage is rolled for each target; each reacts in turn."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.engine import MurdhamFight
from adjudicator.combat.systems.murdham.events import BlastMade
from tests.combat.systems.murdham_helpers import dice, fighter, kinds, setup


def crossroads() -> MurdhamFight:
    """Yard in the middle, linked to Gate, Hall and Well (in that order); Ann (Players, range 4)
    at the Gate, Bob and Dan (Bandits) and Cy (Players) in the Yard, Eve (Bandits) in the Hall."""
    fight = setup(
        fighter("Ann", "Players", "Gate", reach=4),
        fighter("Bob", "Bandits", "Yard"),
        fighter("Dan", "Bandits", "Yard"),
        fighter("Cy", "Players", "Yard"),
        fighter("Eve", "Bandits", "Hall"),
        zones=("Gate", "Yard", "Hall", "Well"),
    )
    fight.play(c.LinkZones("Yard", "Well"))
    fight.play(c.Begin("Players"))
    return fight


def test_a_melee_blast_targets_everyone_in_the_zone_but_the_attacker() -> None:
    """ "Blast attacks hit a zone and target all characters in it and on its borders."
    "Melee blast attacks hit the attacker's zone and don't target the attacker themselves." """
    fight = crossroads()
    fight.play(c.TakeTurn("Cy"))
    events = fight.play(c.Blast("Cy"))
    made = events[-1]
    assert isinstance(made, BlastMade) and made.targets == ("Bob", "Dan")
    assert "WIT save" not in made.describe() and fight.state.pending is not None
    assert fight.state.pending.target == "Bob"
    fight.play(c.TakeHit(), dice(4))
    assert fight.state.pending is not None and fight.state.pending.target == "Dan"
    fight.play(c.TakeHit(), dice(1))
    assert fight.state.pending is None and fight.state.turn is not None
    assert [fight.state.fighter(n).hp for n in ("Bob", "Dan", "Cy")] == [2, 5, 6]


def test_a_melee_blast_cannot_miss_and_hits_only_the_attacker_s_zone() -> None:
    """ "Melee blast attacks hit the attacker's zone and don't target the attacker themselves.
    They can't miss." No WIT save to hit is asked, and none may be."""
    fight = crossroads()
    fight.play(c.TakeTurn("Cy"))
    with pytest.raises(err.BlastRefused, match="can't miss") as refused:
        fight.play(c.Blast("Cy", challenging=True))
    assert "They can't miss" in refused.value.rule
    with pytest.raises(err.BlastRefused, match="own zone"):
        fight.play(c.Blast("Cy", "Hall"))
    assert fight.state.pending is None and not fight.state.turn.main  # type: ignore[union-attr]


def test_a_blast_targets_the_characters_on_its_borders() -> None:
    """ "Blast attacks hit a zone and target all characters in it and on its borders." Ours:
    the GM names who stands on a border; they stand in a neighbouring zone."""
    fight = crossroads()
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.BlastRefused, match="Ann is in Gate, not on a border of Hall"):
        fight.play(c.Blast("Ann", "Hall", mode="ranged", border=("Ann",)))
    made = fight.play(c.Blast("Ann", "Hall", mode="ranged", border=("Dan",)))[-1]
    assert isinstance(made, BlastMade) and made.targets == ("Eve", "Dan")


def test_a_ranged_blast_hits_a_zone_in_range_and_the_attacker_if_their_own() -> None:
    """ "Ranged blast attacks hit any zone within range and target the attacker as well if
    directed at their own zone." """
    fight = crossroads()
    fight.play(c.TakeTurn("Ann"))
    made = fight.play(c.Blast("Ann", "Hall", mode="ranged"))[-1]
    assert isinstance(made, BlastMade) and made.zone == "Hall" and made.targets == ("Eve",)
    fight.play(c.TakeHit(), dice(6))
    assert fight.state.fighter("Eve").hp == 0

    own = crossroads()
    own.play(c.TakeTurn("Ann"))
    events = own.play(c.Blast("Ann", "Gate", mode="ranged"), dice(3))
    made = next(e for e in events if isinstance(e, BlastMade))
    assert made.targets == ("Ann",)
    # Ann is in her own turn: she cannot react, so the blast lands on her at once.
    assert own.state.pending is None and own.state.fighter("Ann").hp == 3


def test_a_ranged_blast_beyond_range_is_refused() -> None:
    """ "Ranged blast attacks hit any zone within range" """
    fight = setup(fighter("Ann", "Players", "Gate", reach=1), fighter("Bob", "Bandits", "Hall"),
                  zones=("Gate", "Yard", "Hall"))  # fmt: skip
    fight.play(c.Begin("Players"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.OutOfRange):
        fight.play(c.Blast("Ann", "Hall", mode="ranged"))


@pytest.mark.parametrize(
    ("faces", "zone", "targets"),
    [((15, 1, 3), "Gate", ("Ann",)), ((15, 2), "Hall", ("Eve",))],
)
def test_a_missed_ranged_blast_deviates_to_a_random_neighbouring_zone(
    faces: tuple[int, ...], zone: str, targets: tuple[str, ...]
) -> None:
    """ "If they miss, they are deviated and hit a random neighbouring zone. You can assign a
    number to each neighbouring zone and roll a die to determine which one." The Yard's
    neighbours are numbered in the order the GM linked them: Gate 1, Hall 2, Well 3."""
    fight = crossroads()
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Blast("Ann", "Yard", mode="ranged", challenging=True), dice(*faces))
    made = next(e for e in events if isinstance(e, BlastMade))
    assert made.zone == zone and made.targets == targets
    assert f"deviates d3={faces[1]} (entered) to {zone}" in made.describe()
    assert "Bob" not in made.targets and "Cy" not in made.targets


def test_attacks_with_multiple_targets_can_only_be_countered_by_a_single_target() -> None:
    """ "Attacks with multiple targets can only be countered by a single target." """
    fight = crossroads()
    fight.play(c.TakeTurn("Cy"))
    fight.play(c.Blast("Cy"))
    fight.play(c.Counter("Bob"), dice(2, 1))
    assert fight.state.pending is not None and fight.state.pending.target == "Dan"
    with pytest.raises(err.OneCounter) as refused:
        fight.play(c.Counter("Dan"), dice(2, 1))
    assert refused.value.rule == (
        "Attacks with multiple targets can only be countered by a single target."
    )
    assert kinds(fight.play(c.Dodge("Dan"), dice(1)))[:2] == ["reacted", "attack_missed"]
    assert fight.state.pending is None and fight.state.fighter("Dan").hp == 6
    # A non-lethal counter ("can be used to counter") is the one counter too.
    grappled = crossroads()
    grappled.play(c.TakeTurn("Cy"))
    grappled.play(c.Blast("Cy"))
    grappled.play(c.Counter("Bob", nonlethal="grapple"), dice(2, 20))
    assert grappled.state.held_by("Cy") == "Bob"
    with pytest.raises(err.OneCounter):
        grappled.play(c.Counter("Dan"), dice(2, 1))


def test_a_blaster_dropped_by_a_counter_never_sets_the_blast_off() -> None:
    """ "Whoever suffers the most damage, after reductions, is hit first." A blaster dropped
    first by one target's counter never lands the blast on the others (our reading)."""
    fight = setup(
        fighter("Cy", "Players", "Yard", hp=2),
        fighter("Bob", "Bandits", "Yard"),
        fighter("Dan", "Bandits", "Yard"),
        zones=("Yard",),
    )
    fight.play(c.Begin("Players"))
    fight.play(c.TakeTurn("Cy"))
    fight.play(c.Blast("Cy"))
    events = fight.play(c.Counter("Bob"), dice(1, 5))
    assert "the blast never goes off" in [e.describe() for e in events]
    assert fight.state.pending is None
    assert [fight.state.fighter(n).hp for n in ("Bob", "Dan")] == [6, 6]


def test_no_one_guards_or_hides_from_a_blast() -> None:
    """ "Blast attacks hit a zone and target all characters in it": everyone nearby a target
    is a target too, so no one is left to guard it or to hide behind (our reading)."""
    fight = crossroads()
    fight.play(c.TakeTurn("Cy"))
    fight.play(c.Blast("Cy"))
    with pytest.raises(err.NoOneOutsideTheBlast):
        fight.play(c.Guard("Dan"))
    with pytest.raises(err.NoOneOutsideTheBlast):
        fight.play(c.Hide("Bob", "Dan"))
