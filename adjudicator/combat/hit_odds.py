"""Exact hit-zone odds: how likely an attack roll is to strike each Hitzone, miss, or crit.

"1 Head, 2 Offhand, 3 Mainhand, 4 Legs, ~ Miss, Max Critical" on a d`sides`: each face up to
the creature's last numbered zone (never the maximum) hits that zone, the maximum is a
critical, the faces between are misses. A creature with more zones than the die has faces
below its maximum is struck on its higher zones only by a critical.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.combat.checks import shot
from adjudicator.combat.rulesets import Ruleset
from adjudicator.combat.state import CombatState
from adjudicator.combat.units import Unit
from adjudicator.rules.tables import Weapon


@dataclass(frozen=True)
class HitOdds:
    """The exact chance of each outcome of one attack roll on d`sides`."""

    sides: int
    zones: tuple[tuple[str, Fraction], ...]
    miss: Fraction
    critical: Fraction

    @property
    def hit(self) -> Fraction:
        """Any zone struck, a critical included."""
        return sum((p for _, p in self.zones), Fraction(0)) + self.critical

    def as_dict(self) -> dict[str, Fraction]:
        return {**dict(self.zones), "miss": self.miss, "critical": self.critical}

    def lines(self) -> tuple[str, ...]:
        """ "Head 1/6 (16.7%)" for each outcome, as the CLI prints them."""
        return tuple(f"{name:<10} {p} ({float(p):.1%})" for name, p in self.as_dict().items())


def hit_odds(zones: tuple[str, ...], sides: int) -> HitOdds:
    """Odds of one roll of d`sides` against Hitzones numbered in `zones` order."""
    if sides < 2:
        raise ValueError(f"a hit die has at least 2 faces, not {sides}")
    numbered = zones[: sides - 1]
    each = Fraction(1, sides)
    miss = Fraction(sides - 1 - len(numbered), sides)
    return HitOdds(sides, tuple((zone, each) for zone in numbered), miss, each)


def attack_odds(
    state: CombatState, rules: Ruleset, attacker: str, target: str, weapon: str | None = None
) -> HitOdds:
    """The odds of `attacker` striking `target` with a weapon at their present range."""
    unit, victim = state.unit(attacker), state.unit(target)
    arm = unit.weapon(weapon) if weapon else _first_weapon(unit)
    sides = arm.hit_die
    if arm.ranged:
        sides = shot(state, rules, unit, victim, arm).hit_die
    return hit_odds(rules.numbered_zones(victim), sides)


def _first_weapon(unit: Unit) -> Weapon:
    held = unit.held_weapons()
    return held[0] if held else unit.weapon("Unarmed")
