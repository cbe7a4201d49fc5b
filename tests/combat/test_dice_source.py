"""Where a fight's dice come from: seeded generators (reproducible) or physical dice entered.

DESIGN.md, "Combat": "Every die is either rolled from a seeded generator recorded with the
event or entered by hand (tables roll physical dice)."
"""

import random

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.dice_source import EnteredDice, NoDice, RolledDie, SeededDice
from adjudicator.combat.errors import DiceNeeded, EnteredDieOutOfRange, UnusedDice
from adjudicator.combat.fight_events import AttackRolled

from .helpers import dice, fight, fighter


def test_a_seeded_die_records_the_seed_that_reproduces_its_face() -> None:
    """ "Every die is either rolled from a seeded generator recorded with the event"."""
    source = SeededDice(random.Random(42))
    rolled = [source.roll(sides, "test", "Pink") for sides in (4, 6, 8, 10, 12, 20) * 20]
    assert all(r.seed is not None and not r.entered for r in rolled)
    assert all(r.reproduces() for r in rolled)
    assert all(1 <= r.value <= r.sides for r in rolled)
    forged = RolledDie(6, rolled[1].value % 6 + 1, "test", "Pink", rolled[1].seed)
    assert not forged.reproduces()


def test_entered_dice_are_used_in_order_and_marked_as_entered() -> None:
    """ "... or entered by hand (tables roll physical dice)"."""
    source = EnteredDice([3, 5])
    first, second = source.roll(6, "hit", "Pink"), source.roll(8, "hit", "Pink")
    assert (first.value, second.value) == (3, 5)
    assert first.entered and first.seed is None and first.reproduces()
    source.finish()


def test_a_missing_entered_die_names_the_die_the_rules_want() -> None:
    """A table is asked for exactly the die it must roll next."""
    source = EnteredDice([4])
    source.roll(6, "attack roll", "Pink")
    with pytest.raises(DiceNeeded) as raised:
        source.roll(10, "damage", "Pink")
    assert (raised.value.sides, raised.value.purpose, raised.value.roller) == (10, "damage", "Pink")
    assert "d10" in raised.value.message
    with pytest.raises(DiceNeeded):
        NoDice().roll(6, "initiative", "Party")


def test_leftover_and_impossible_entered_dice_are_refused() -> None:
    """An entered die must be on the die, and a command must use every die entered."""
    with pytest.raises(EnteredDieOutOfRange):
        EnteredDice([7]).roll(6, "hit", "Pink")
    source = EnteredDice([1, 2])
    source.roll(6, "hit", "Pink")
    with pytest.raises(UnusedDice):
        source.finish()


def test_a_command_short_of_entered_dice_changes_nothing() -> None:
    """ "An illegal command ... changes nothing": neither does one missing a die."""
    combat = fight((fighter("Pink", "Party"), "C1"), (fighter("Red", "Foes"), "C2"))
    before = combat.events
    with pytest.raises(DiceNeeded):
        combat.play(c.Attack("Pink", "Red"), dice(1))  # the hit lands; the damage die is missing
    assert combat.events == before
    with pytest.raises(UnusedDice):
        combat.play(c.Attack("Pink", "Red"), dice(5, 3))  # a miss rolls no damage
    assert combat.events == before


def test_the_same_seed_plays_the_same_fight() -> None:
    """A seeded generator makes a fight reproducible die for die."""
    results = []
    for _ in range(2):
        combat = fight((fighter("Pink", "Party"), "C1"), (fighter("Red", "Foes"), "C2"))
        combat.play(c.Attack("Pink", "Red"), SeededDice(random.Random(7)))
        results.append(combat.events)
    assert results[0] == results[1]
    rolled = [e for e in results[0] if isinstance(e, AttackRolled)]
    assert rolled and all(r.reproduces() for e in rolled for r in e.rolls)
