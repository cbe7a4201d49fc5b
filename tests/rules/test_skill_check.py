"""Skill checks (rulebook, "Skill Checks"), with the lie and hidden-Orc examples as golden tests."""

import pytest

from adjudicator.errors import AdjudicatorError
from adjudicator.rules.dice import Dice, enter
from adjudicator.rules.skill_check import (
    CheckCancelled,
    CheckError,
    CheckResult,
    CheckSetup,
    Outcome,
    PendingCheck,
    match_dice,
    resolve,
)


def check(
    setup: CheckSetup,
    difficulty: tuple[int, ...],
    player: tuple[int, ...],
    bonus_on: int | None = None,
) -> CheckResult:
    return resolve(
        setup,
        enter(setup.difficulty, difficulty),
        enter(setup.player, player),
        difficulty_bonus_index=bonus_on,
    )


def test_counting_dice_for_and_against() -> None:
    """ "For every condition, Tag, or Word against the player : The Storyteller rolls an
    additional 1d6. For every condition, Tag, or Word in favor of the player : They roll an
    additional 1d6." """
    setup = CheckSetup.from_counts(against=2, in_favour=1, exact_match=True)
    assert (setup.difficulty_dice, setup.player_dice, setup.player_bonus) == (3, 2, True)
    assert CheckSetup.from_counts(base=2).difficulty_dice == 2  # "especially difficult"


def test_equal_or_higher_succeeds_and_lower_fails() -> None:
    """ "The Storyteller rolls 1d6. The player rolls 1d6. If the player's number is equal or
    higher, they succeed. If the player's number is lower or a 1, they fail." """
    one = CheckSetup()
    assert check(one, (4,), (4,)).outcome is Outcome.FULL_SUCCESS
    assert check(one, (4,), (6,)).outcome is Outcome.FULL_SUCCESS
    assert check(one, (4,), (3,)).outcome is Outcome.FAILURE


def test_a_one_always_fails_even_against_a_one() -> None:
    """ "If the player's number is lower or a 1, they fail." """
    assert check(CheckSetup(), (1,), (1,)).outcome is Outcome.FAILURE


def test_the_lie_example_is_a_partial_success() -> None:
    """ "The difficulty becomes 2d6 ... The player plays the Word [Convince] and their attempt
    becomes 2d6. Only one of the player's dice succeed. ... They're half-convinced." """
    setup = CheckSetup.from_counts(against=1, in_favour=1)
    assert setup.describe() == "2d6 against 2d6"
    result = check(setup, (3, 5), (4, 2))
    assert result.outcome is Outcome.PARTIAL
    assert result.defeated == 1
    assert result.player_die_fate(0) == "defeats difficulty die #1 (3)"
    assert result.difficulty_die_fate(1) == "stands"
    assert not result.earns_draw


def test_each_difficulty_die_is_defeated_individually_not_by_totals() -> None:
    """ "Each die needs to be defeated individually, the numbers are not totalled." """
    # 6 + 5 would out-total 4 + 4 + 4, but two dice can defeat only two of three.
    result = check(CheckSetup(difficulty_dice=3, player_dice=2), (4, 4, 4), (6, 5))
    assert result.defeated == 2
    assert result.outcome is Outcome.PARTIAL


def test_the_hidden_orc_example() -> None:
    """ "The difficulty to spot him is increased to 3d6+1 ... We'll assume the Orc rolled 1(+1),
    3, and 4. Without a bonus, the best the player can hope for is to beat one of those dice.
    Assuming their 1d6 does overcome one of the difficulty dice (at least a 2), they should get
    some level of success but not all." """
    setup = CheckSetup.from_counts(against=2, exact_match_against=True)
    assert setup.describe() == "1d6 against 3d6+1"
    for face in range(2, 7):
        result = check(setup, (1, 3, 4), (face,), bonus_on=0)
        assert result.difficulty_values == (2, 3, 4)
        assert result.outcome is Outcome.PARTIAL and result.defeated == 1
    assert check(setup, (1, 3, 4), (1,), bonus_on=0).outcome is Outcome.FAILURE


def test_the_difficultys_bonus_goes_on_the_highest_die_unless_named() -> None:
    setup = CheckSetup(difficulty_dice=3, difficulty_bonus=True)
    rolled = PendingCheck(setup).roll_difficulty(enter(setup.difficulty, (1, 4, 3)))
    assert rolled.difficulty_bonus_index == 1


def test_the_exact_match_bonus_is_placed_to_the_players_best_advantage() -> None:
    """ "If a Tag or Word is exactly what the player is doing ("Steal" and they're stealing),
    they may add +1 to any one of their dice. This bonus may be applied after all dice are
    rolled." """
    setup = CheckSetup(difficulty_dice=2, player_dice=2, player_bonus=True)
    result = check(setup, (5, 3), (4, 3))
    assert result.player_bonus_index == 0  # 4 + 1 beats the 5, the 3 beats the 3
    assert result.outcome is Outcome.FULL_SUCCESS


def test_the_bonus_cannot_rescue_a_die_showing_one() -> None:
    setup = CheckSetup(player_bonus=True)
    result = check(setup, (2,), (1,))
    assert result.player_bonus_index is None
    assert result.outcome is Outcome.FAILURE


def test_a_full_success_draws_a_word() -> None:
    """ "For every Skill Check you fully succeed at (defeat every difficulty die) ... draw one
    word from the Deck." """
    assert check(CheckSetup(2, 2), (2, 2), (2, 3)).earns_draw


def test_cancelling_is_possible_only_before_the_difficulty_dice_are_rolled() -> None:
    """ "Players may cancel anytime before the difficulty dice are actually rolled." """
    setup = CheckSetup()
    pending = PendingCheck(setup)
    with pytest.raises(CheckCancelled):
        pending.cancel()
    rolled = pending.roll_difficulty(enter(setup.difficulty, (3,)))
    with pytest.raises(CheckError, match="too late"):
        rolled.cancel()


def test_rolls_of_the_wrong_dice_are_refused() -> None:
    setup = CheckSetup(difficulty_dice=2)
    with pytest.raises(CheckError, match="difficulty rolls 2d6"):
        PendingCheck(setup).roll_difficulty(enter(Dice(1, 6), (3,)))
    with pytest.raises(AdjudicatorError):
        CheckSetup(difficulty_dice=0)


def test_matching_pairs_each_difficulty_die_with_a_distinct_player_die() -> None:
    pairings = match_dice((6, 2, 4), (3, 5, 1))
    assert len({p.player_index for p in pairings}) == len(pairings) == 3
