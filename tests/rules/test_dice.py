"""Dice: NdX rolls from a passed-in generator, hand-entered dice, the hit-die ladder."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rules.dice import HIT_DIE_LADDER, Dice, DiceError, enter, parse_values, roll


@pytest.mark.parametrize(
    ("text", "count", "sides"), [("3d6", 3, 6), ("d20", 1, 20), (" 1D8 ", 1, 8)]
)
def test_dice_expressions_are_read_as_count_and_sides(text: str, count: int, sides: int) -> None:
    assert Dice.parse(text) == Dice(count, sides)


@pytest.mark.parametrize(
    "text", ["", "3", "d", "3d", "3x6", "-1d6", "0d6", "3d1", "1d6+1", "101d6"]
)
def test_malformed_dice_are_refused_with_the_input_quoted(text: str) -> None:
    with pytest.raises(DiceError):
        Dice.parse(text)


@given(st.integers(1, 20), st.integers(2, 100), st.integers(0, 2**32))
def test_rolls_stay_in_range_and_keep_every_die(count: int, sides: int, seed: int) -> None:
    result = roll(Dice(count, sides), random.Random(seed))
    assert len(result.results) == count
    assert all(1 <= v <= sides for v in result.values)
    assert result.total == sum(result.values)


def test_the_same_seed_rolls_the_same_dice() -> None:
    dice = Dice(5, 6)
    assert roll(dice, random.Random(42)) == roll(dice, random.Random(42))


@given(st.integers(1, 6), st.lists(st.integers(-3, 10), min_size=0, max_size=8))
def test_entered_dice_are_validated_for_count_and_faces(count: int, values: list[int]) -> None:
    dice = Dice(count, 6)
    if len(values) == count and all(1 <= v <= 6 for v in values):
        entered = enter(dice, values)
        assert entered.values == tuple(values)
        assert all(die.entered for die in entered.results)
    else:
        with pytest.raises(DiceError):
            enter(dice, values)


def test_entered_dice_are_read_from_spaces_or_commas() -> None:
    assert parse_values("4 2,6") == (4, 2, 6)
    with pytest.raises(DiceError):
        parse_values("four")


def test_the_hit_die_ladder_steps_up_and_down() -> None:
    """ "1d6 > 1d8 > 1d10 > 1d12 > 1d20" (rulebook, "Ranged Attacks")."""
    assert [HIT_DIE_LADDER.step(6, n) for n in range(5)] == [6, 8, 10, 12, 20]
    assert HIT_DIE_LADDER.step(12, -2) == 8
    with pytest.raises(DiceError):
        HIT_DIE_LADDER.step(20, 1)
    with pytest.raises(DiceError):
        HIT_DIE_LADDER.step(6, -1)
    with pytest.raises(DiceError):
        HIT_DIE_LADDER.step(4, 1)


def test_a_weapons_maximum_range_is_a_hit_die_on_the_ladder() -> None:
    """ "Some weapons may have a maximum range, expressed as a Hit Die." (crossbow: 1d8)"""
    assert HIT_DIE_LADDER.within(8, limit=8)
    assert not HIT_DIE_LADDER.within(10, limit=8)
