"""Attribute rolls with boons and banes, each modifier logged with where it came from, and
their exact odds.

The page uses these without defining them; ours, as the Weird Wizard core rules have them: an
attribute roll is a d20 plus the attribute's modifier (score - 10); boons and banes cancel one
for one; for the rest roll that many d6 and add (boons) or subtract (banes) the highest. A
roll succeeds on a total of 10 or more, or, made against a score (Defense, Agility...), on a
total of that score or more; 20 or more and a success is a critical success. A luck roll is a
d20 with no modifier.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.record import Record


@dataclass(frozen=True)
class Modifier(Record):
    """One boon (+1) or bane (-1) or several, and the circumstance it comes from."""

    source: str
    amount: int

    def describe(self) -> str:
        n = abs(self.amount)
        word = ("boon" if self.amount > 0 else "bane") + ("s" if n > 1 else "")
        return f"{n} {word} ({self.source})"


def net(modifiers: tuple[Modifier, ...]) -> int:
    return sum(m.amount for m in modifiers)


@dataclass(frozen=True)
class AttributeRoll(Record):
    """A d20 roll with its attribute modifier, boon or bane dice and the number to reach."""

    attribute: str
    die: RolledDie
    modifier: int
    target: int
    against: str
    modifiers: tuple[Modifier, ...] = ()
    extra: tuple[RolledDie, ...] = ()

    @property
    def total(self) -> int:
        boons = net(self.modifiers)
        best = max((d.value for d in self.extra), default=0)
        return self.die.value + self.modifier + (best if boons > 0 else -best)

    @property
    def success(self) -> bool:
        return self.total >= self.target

    @property
    def critical(self) -> bool:
        return self.success and self.total >= 20

    def describe(self) -> str:
        parts = [f"{self.attribute} roll d20={self.die.value}"]
        if self.modifier:
            parts.append(f"{self.modifier:+d}")
        if self.extra:
            sign = "+" if net(self.modifiers) > 0 else "-"
            faces = ",".join(str(d.value) for d in self.extra)
            parts.append(f"{sign}best of d6 [{faces}]")
        mods = "; ".join(m.describe() for m in self.modifiers)
        verdict = "critical success" if self.critical else "success" if self.success else "failure"
        against = f"{self.against} " if self.against else ""
        text = f"{' '.join(parts)} = {self.total} vs {against}{self.target}: {verdict}"
        return text + (f" [{mods}]" if mods else "")


def success_chance(modifier: int, boons: int, target: int) -> Fraction:
    """The exact chance that d20 + modifier +/- the best of |boons| d6 reaches `target`."""
    k = abs(boons)
    best: dict[int, Fraction] = (
        {0: Fraction(1)}
        if k == 0
        else {m: Fraction(m**k - (m - 1) ** k, 6**k) for m in range(1, 7)}
    )
    sign = 1 if boons >= 0 else -1
    chance = Fraction(0)
    for face in range(1, 21):
        for m, p in best.items():
            if face + modifier + sign * m >= target:
                chance += p / 20
    return chance


def damage_chance(dice: int, at_least: int) -> Fraction:
    """The exact chance that `dice` d6 sum to `at_least` or more."""
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    hits = sum(n for total, n in ways.items() if total >= at_least)
    return Fraction(hits, 6**dice)
