"""Spellwoven's tests of skill: "Roll 3d10 against" a value; each die equal to or under it is
a success and "A roll of 1 counts as two successes"; a triplet (all three dice the same)
matters for armour. Exact odds of a number of successes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.record import Record
from adjudicator.rules.wording import plural


def successes(values: tuple[int, ...], against: int) -> int:
    return sum(2 if v == 1 else 1 for v in values if v <= against)


@dataclass(frozen=True)
class SkillTest(Record):
    """3d10 against `against`, with Effort spent for extra successes."""

    what: str
    against: int
    dice: tuple[RolledDie, ...]
    effort: int = 0

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)

    @property
    def successes(self) -> int:
        return successes(self.values, self.against) + self.effort

    @property
    def triplet(self) -> bool:
        return len(set(self.values)) == 1

    def describe(self) -> str:
        faces = ", ".join(str(v) for v in self.values)
        effort = f" + {self.effort} Effort" if self.effort else ""
        triplet = " (a triplet)" if self.triplet else ""
        total = f"{plural(self.successes, 'success', 'successes')}{triplet}"
        return f"{self.what} 3d10({self.against}) [{faces}]{effort} = {total}"


def chance_at_least(against: int, needed: int, effort: int = 0) -> Fraction:
    """The exact chance that 3d10 against `against` (plus Effort) scores `needed` or more."""
    hits = sum(
        1
        for faces in product(range(1, 11), repeat=3)
        if successes(faces, against) + effort >= needed
    )
    return Fraction(hits, 1000)
