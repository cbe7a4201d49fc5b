"""Spellwoven's tests of skill: "Roll 3d10 against" a value; each die equal to or under it is
a success and "A roll of 1 counts as two successes"; a triplet (all three dice the same)
matters for armour. Advantage and Disadvantage (the optional rules') roll a fourth die (ours).
Exact odds of a number of successes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.systems.spellwoven.lean import Lean
from adjudicator.rules.wording import plural

#: The words for a test's edge: +1 Advantage, -1 Disadvantage.
EDGE = {1: "Advantage", -1: "Disadvantage"}


def successes(values: tuple[int, ...], against: int) -> int:
    return sum(2 if v == 1 else 1 for v in values if v <= against)


def kept(values: tuple[int, ...], edge: int) -> tuple[int, ...]:
    """The three dice that count: all three without an edge; of four, the lowest three at
    Advantage (the most successes), the highest three at Disadvantage (ours: the chapter does
    not say how Advantage is rolled)."""
    if edge == 0 or len(values) < 4:
        return values
    drop = max(values) if edge > 0 else min(values)
    at = len(values) - 1 - values[::-1].index(drop)
    return values[:at] + values[at + 1 :]


def edge_of(edges: tuple[tuple[int, str], ...]) -> tuple[int, str]:
    """One edge from its sources, and why: any Advantage and any Disadvantage cancel; several
    of one kind are one (ours)."""
    up = [why for value, why in edges if value > 0]
    down = [why for value, why in edges if value < 0]
    edge = (1 if up else 0) - (1 if down else 0)
    parts = []
    if up:
        parts.append(f"Advantage: {', '.join(up)}")
    if down:
        parts.append(f"Disadvantage: {', '.join(down)}")
    why = "; ".join(parts) + (" (they cancel)" if up and down else "")
    return edge, why


@dataclass(frozen=True)
class SkillTest(Lean):
    """3d10 against `against`, with Effort spent for extra successes; at Advantage (`edge`
    +1) or Disadvantage (-1) from four dice, `why` naming the rules; `bonus` successes (a
    Heroic Death's +3)."""

    what: str
    against: int
    dice: tuple[RolledDie, ...]
    effort: int = 0
    edge: int = 0
    why: str = ""
    bonus: int = 0

    later = frozenset({"edge", "why", "bonus"})

    @property
    def rolled(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)

    @property
    def values(self) -> tuple[int, ...]:
        """The three dice that count."""
        return kept(self.rolled, self.edge)

    @property
    def successes(self) -> int:
        return successes(self.values, self.against) + self.effort + self.bonus

    @property
    def triplet(self) -> bool:
        return len(set(self.values)) == 1

    def describe(self) -> str:
        faces = ", ".join(str(v) for v in self.rolled)
        if len(self.rolled) > len(self.values):
            gone = list(self.rolled)
            for v in self.values:
                gone.remove(v)
            faces += f"; {gone[0]} dropped"
        edge = f" at {EDGE[self.edge]}" if self.edge else ""
        why = f" ({self.why})" if self.why else ""
        effort = f" + {self.effort} Effort" if self.effort else ""
        bonus = f" + {self.bonus} (Heroic Death)" if self.bonus else ""
        triplet = " (a triplet)" if self.triplet else ""
        total = f"{plural(self.successes, 'success', 'successes')}{triplet}"
        return f"{self.what} 3d10({self.against}){edge}{why} [{faces}]{effort}{bonus} = {total}"


def chance_at_least(against: int, needed: int, effort: int = 0, edge: int = 0) -> Fraction:
    """The exact chance that 3d10 against `against` (plus Effort), at Advantage or
    Disadvantage if `edge`, scores `needed` or more."""
    count = 4 if edge else 3
    hits = sum(
        1
        for faces in product(range(1, 11), repeat=count)
        if successes(kept(faces, edge), against) + effort >= needed
    )
    return Fraction(hits, 10**count)
