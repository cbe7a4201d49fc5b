"""Exact odds of a Murdham attack (the WIT save to hit, a dodge, damage less armour) and of
a chase (the group AGI save).

Saves are a d20 "equal or under" the score (our reading), so a save of score s passes with
probability min(s, 20)/20; impaired damage is the lower of two dice (see `attacks`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.attacks import weapon_die
from adjudicator.combat.systems.murdham.chases import PACES
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


@dataclass(frozen=True)
class ChaseOdds:
    """A chase's chances: each fleeing character's to escape, and how many escape in all."""

    pace: str
    each: tuple[tuple[str, Fraction], ...]
    escaped: tuple[tuple[int, Fraction], ...]

    @property
    def all_escape(self) -> Fraction:
        return self.escaped[-1][1]

    @property
    def none_escape(self) -> Fraction:
        return self.escaped[0][1]

    def lines(self) -> tuple[str, ...]:
        def pct(p: Fraction) -> str:
            return f"{p} ({float(p):.1%})"

        out = [f"pace: {self.pace} ({PACES[self.pace]})"]
        out += [f"{name} escapes: {pct(p)}" for name, p in self.each]
        out += [f"  {n} escape: {pct(p)}" for n, p in self.escaped]
        out.append(f"all escape: {pct(self.all_escape)}")
        out.append(f"none escape: {pct(self.none_escape)}")
        return tuple(out)


def chase_odds(fleeing: tuple[tuple[str, int], ...], pace: str) -> ChaseOdds:
    """The odds of a chase of the fleeing (name, AGI) at `pace`: "those who pass escape" a
    group AGI save; all escape at "faster", none at "slower"."""
    if pace not in PACES:
        raise err.ChaseRefused(f"no pace {pace!r}", hint=", ".join(PACES))
    fixed = {"faster": Fraction(1), "slower": Fraction(0)}
    each = tuple((name, fixed.get(pace, save_chance(agi))) for name, agi in fleeing)
    # How many escape: the saves are independent, so convolve one character at a time.
    counts = [Fraction(1)]
    for _, p in each:
        counts = [
            (counts[k] if k < len(counts) else 0) * (1 - p) + (counts[k - 1] * p if k else 0)
            for k in range(len(counts) + 1)
        ]
    return ChaseOdds(pace, each, tuple(enumerate(counts)))


def chase_odds_of(state: MurdhamState, fleeing: tuple[str, ...], pace: str) -> ChaseOdds:
    """The odds of a chase of `fleeing` as they stand now."""
    if not fleeing:
        raise err.ChaseRefused("name who flees")
    found = tuple(state.fighter(name) for name in fleeing)
    return chase_odds(tuple((f.name, f.agi) for f in found), pace.strip().casefold())
