"""Exact odds of a Murdham attack, checked against the engine played on every face."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.odds import attack_odds, damage_odds, odds_of, save_chance
from tests.combat.systems.murdham_helpers import dice, duel, fighter


def test_a_save_passes_on_the_score_or_under_on_a_d20() -> None:
    assert save_chance(12) == Fraction(3, 5)
    assert save_chance(0) == 0 and save_chance(25) == 1


def test_unarmed_impaired_damage_is_the_lower_of_two_d4() -> None:
    """ "Unarmed attacks inflict d4 impaired damage." """
    assert damage_odds(4, True, 0) == (
        (1, Fraction(7, 16)),
        (2, Fraction(5, 16)),
        (3, Fraction(3, 16)),
        (4, Fraction(1, 16)),
    )


def test_armour_takes_its_value_off_every_face() -> None:
    assert damage_odds(6, False, 2) == ((0, Fraction(1, 3)), (1, Fraction(1, 6)),
                                        (2, Fraction(1, 6)), (3, Fraction(1, 6)),
                                        (4, Fraction(1, 6)))  # fmt: skip


def test_the_odds_match_the_engine_on_every_face() -> None:
    """Play the impaired attack on all 36 face pairs of two d6: the engine's damage counts are
    the odds' numerators."""
    seen: Counter[int] = Counter()
    for a, b in product(range(1, 7), repeat=2):
        fight = duel(fighter("Cy", "Bandits", armour=1, hp=20))
        fight.play(c.TakeTurn("Ann"))
        fight.play(c.Attack("Ann", "Cy", hold_back=True))
        fight.play(c.TakeHit(), dice(a, b))
        seen[20 - fight.state.fighter("Cy").hp] += 1
    odds = damage_odds(6, True, 1)
    assert {d: Fraction(n, 36) for d, n in seen.items()} == dict(odds)


def test_attack_odds_combine_the_save_the_dodge_and_the_damage() -> None:
    odds = attack_odds(
        wit=10, needs_save=True, die=6, impaired=False, armour=0, target_agi=5, target_hp=5
    )
    assert odds.hit == Fraction(1, 2)
    assert odds.through_dodge == Fraction(3, 4)
    assert odds.drops == Fraction(1, 2) * Fraction(2, 6)
    assert odds.drops_if_dodged == Fraction(1, 2) * Fraction(3, 4) * Fraction(1, 3)
    fight = duel()
    assert odds_of(fight.state, "Ann", "Bob").drops == Fraction(1, 6)
    assert any("drops the target" in line for line in odds.lines())
