"""Exact odds of a Murdham attack: the WIT save to hit, a dodge, damage less armour.

Saves are a d20 "equal or under" the score (our reading), so a save of score s passes with
probability min(s, 20)/20; impaired damage is the lower of two dice (see `attacks`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.combat.systems.murdham.attacks import weapon_die
from adjudicator.combat.systems.murdham.state import MurdhamState


def save_chance(score: int) -> Fraction:
    return Fraction(max(0, min(score, 20)), 20)


def damage_odds(die: int, impaired: bool, armour: int) -> tuple[tuple[int, Fraction], ...]:
    """Each damage after armour with its probability: one die, or the lower of two."""
    counts: dict[int, int] = {}
    faces = range(1, die + 1)
    rolls = [(a, b) for a in faces for b in faces] if impaired else [(a, a) for a in faces]
    for a, b in rolls:
        damage = max(0, min(a, b) - armour)
        counts[damage] = counts.get(damage, 0) + 1
    total = len(rolls)
    return tuple((d, Fraction(n, total)) for d, n in sorted(counts.items()))


@dataclass(frozen=True)
class AttackOdds:
    """An attack's chances: to hit (the save), to get through a dodge, each damage, to drop."""

    hit: Fraction
    through_dodge: Fraction
    damage: tuple[tuple[int, Fraction], ...]
    drops: Fraction
    drops_if_dodged: Fraction

    def lines(self) -> tuple[str, ...]:
        def pct(p: Fraction) -> str:
            return f"{p} ({float(p):.1%})"

        out = [f"hits: {pct(self.hit)}", f"gets past a dodge: {pct(self.through_dodge)}"]
        out += [f"  {d} damage: {pct(p)}" for d, p in self.damage]
        out.append(f"drops the target to 0 health: {pct(self.drops)}")
        out.append(f"... if the target dodges: {pct(self.drops_if_dodged)}")
        return tuple(out)


def attack_odds(
    *,
    wit: int,
    needs_save: bool,
    die: int,
    impaired: bool,
    armour: int,
    target_agi: int,
    target_hp: int,
) -> AttackOdds:
    hit = save_chance(wit) if needs_save else Fraction(1)
    damage = damage_odds(die, impaired, armour)
    drop = sum((p for d, p in damage if d >= target_hp), Fraction(0))
    through = 1 - save_chance(target_agi)
    return AttackOdds(hit, through, damage, hit * drop, hit * through * drop)


def odds_of(
    state: MurdhamState,
    attacker: str,
    target: str,
    *,
    needs_save: bool = False,
    impaired: bool = False,
    cover: bool = False,
) -> AttackOdds:
    """The odds of `attacker` attacking `target` as they stand now."""
    a, t = state.fighter(attacker), state.fighter(target)
    die, unarmed = weapon_die(a)
    return attack_odds(
        wit=a.wit,
        needs_save=needs_save,
        die=die,
        impaired=impaired or unarmed,
        armour=t.armour + (1 if cover else 0),
        target_agi=t.agi,
        target_hp=t.hp,
    )
