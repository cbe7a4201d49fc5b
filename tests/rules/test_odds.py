"""Exact odds of skill checks, checked against enumerating every roll."""

import itertools
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rules.dice import enter
from adjudicator.rules.odds import check_odds
from adjudicator.rules.skill_check import CheckSetup, Outcome, resolve

setups = st.builds(
    CheckSetup,
    difficulty_dice=st.integers(1, 3),
    player_dice=st.integers(1, 3),
    player_bonus=st.booleans(),
    difficulty_bonus=st.booleans(),
    sides=st.sampled_from([4, 6]),
)


def enumerate_every_roll(setup: CheckSetup) -> tuple[Fraction, ...]:
    """Brute force: resolve every possible roll with the same rules the table uses."""
    faces = range(1, setup.sides + 1)
    counts: Counter[int] = Counter()
    for difficulty in itertools.product(faces, repeat=setup.difficulty_dice):
        for player in itertools.product(faces, repeat=setup.player_dice):
            result = resolve(
                setup, enter(setup.difficulty, difficulty), enter(setup.player, player)
            )
            counts[result.defeated] += 1
    total = setup.sides ** (setup.difficulty_dice + setup.player_dice)
    return tuple(Fraction(counts[k], total) for k in range(setup.difficulty_dice + 1))


@settings(max_examples=40, deadline=None)
@given(setups)
def test_exact_odds_equal_enumerating_every_roll(setup: CheckSetup) -> None:
    assert check_odds(setup).by_defeated == enumerate_every_roll(setup)


@given(
    st.integers(1, 10), st.integers(1, 10), st.booleans(), st.booleans(), st.sampled_from([4, 6, 8])
)
def test_odds_sum_to_one(m: int, n: int, bonus: bool, against: bool, sides: int) -> None:
    odds = check_odds(CheckSetup(m, n, bonus, against, sides))
    assert sum(odds.by_defeated) == 1
    assert all(p >= 0 for p in odds.by_defeated)
    assert sum(odds.of(o) for o in Outcome) == 1


@given(st.integers(1, 8), st.integers(1, 8), st.booleans(), st.booleans())
def test_an_extra_player_die_never_lowers_the_chance_of_full_success(
    m: int, n: int, bonus: bool, against: bool
) -> None:
    before = check_odds(CheckSetup(m, n, bonus, against)).full_success
    after = check_odds(CheckSetup(m, n + 1, bonus, against)).full_success
    assert after >= before


def test_one_die_against_one_is_the_rulebook_basic_check() -> None:
    """ "The Storyteller rolls 1d6. The player rolls 1d6. If the player's number is equal or
    higher, they succeed. If the player's number is lower or a 1, they fail." A face p of 2..6
    beats p difficulty faces: (2+3+4+5+6)/36 = 20/36."""
    assert check_odds(CheckSetup()).full_success == Fraction(20, 36)


def test_the_hidden_orc_cannot_be_fully_spotted_with_one_die() -> None:
    """ "Without a bonus, the best the player can hope for is to beat one of those dice." """
    odds = check_odds(CheckSetup(3, 1, difficulty_bonus=True))
    assert odds.full_success == 0
    assert odds.by_defeated[2] == 0
    assert odds.partial[1] > 0


def test_large_pools_stay_exact() -> None:
    odds = check_odds(CheckSetup(15, 15, True, True))
    assert sum(odds.by_defeated) == 1
    assert odds.by_defeated[-1].denominator <= 6**30
