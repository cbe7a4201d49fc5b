"""Dice: NdX expressions, rolls that keep every die, and the hit-die ladder.

Every die is either rolled from a `random.Random` the caller passes in (never the global
one) or entered by hand from physical dice, so a table can use the tool with real dice.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.errors import InvalidInput
from adjudicator.rules.wording import plural

MAX_DICE = 100
MAX_SIDES = 1000

_EXPR = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")


class DiceError(InvalidInput):
    """A dice expression or an entered die that the rules cannot accept."""


@dataclass(frozen=True, order=True)
class Dice:
    """An expression NdX: `count` dice with `sides` faces each."""

    count: int
    sides: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_DICE:
            raise DiceError(f"{self.count}d{self.sides}: roll between 1 and {MAX_DICE} dice")
        if not 2 <= self.sides <= MAX_SIDES:
            raise DiceError(f"{self.count}d{self.sides}: a die has 2 to {MAX_SIDES} sides")

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read "3d6", "d20" or "1D8"; anything else is an error that quotes the input."""
        match = _EXPR.match(text)
        if match is None:
            raise DiceError(
                f"cannot read dice {text!r}", hint='write them as NdX, for example "3d6" or "d20"'
            )
        count, sides = match.groups()
        return cls(int(count) if count else 1, int(sides))

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True)
class Die:
    """One die as it came to rest: its faces, the face shown, and whether a person entered it."""

    sides: int
    value: int
    entered: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.value <= self.sides:
            raise DiceError(f"a d{self.sides} shows 1 to {self.sides}, not {self.value}")

    @property
    def is_max(self) -> bool:
        return self.value == self.sides


@dataclass(frozen=True)
class Roll:
    """The result of rolling an expression: every die kept, in the order rolled."""

    dice: Dice
    results: tuple[Die, ...]

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(die.value for die in self.results)

    @property
    def total(self) -> int:
        return sum(self.values)

    def __str__(self) -> str:
        return f"{self.dice} [{', '.join(map(str, self.values))}] = {self.total}"


def roll(dice: Dice, rng: random.Random) -> Roll:
    """Roll `dice` with the caller's generator."""
    return Roll(dice, tuple(Die(dice.sides, rng.randint(1, dice.sides)) for _ in range(dice.count)))


def enter(dice: Dice, values: Sequence[int]) -> Roll:
    """Take the faces of physical dice, checking there is one per die and each is on the die."""
    if len(values) != dice.count:
        raise DiceError(
            f"{dice} needs {dice.count} entered dice, got {len(values)}: {list(values)}"
        )
    return Roll(dice, tuple(Die(dice.sides, value, entered=True) for value in values))


def parse_values(text: str) -> tuple[int, ...]:
    """Read entered dice such as "4 2 6" or "4,2,6"."""
    parts = [part for part in re.split(r"[\s,]+", text.strip()) if part]
    if not parts or not all(part.isdigit() for part in parts):
        raise DiceError(
            f"cannot read entered dice {text!r}", hint='list the faces, for example "4 2 6"'
        )
    return tuple(int(part) for part in parts)


@dataclass(frozen=True)
class Ladder:
    """A hit-die ladder: the dice a hit die steps through, smallest first."""

    sides: tuple[int, ...]

    def index(self, sides: int) -> int:
        if sides not in self.sides:
            raise DiceError(f"d{sides} is not on the hit-die ladder {self}")
        return self.sides.index(sides)

    def step(self, sides: int, steps: int) -> int:
        """The die `steps` rungs above (negative: below) `sides`; off the ladder is an error."""
        target = self.index(sides) + steps
        if not 0 <= target < len(self.sides):
            direction = "above" if steps > 0 else "below"
            raise DiceError(
                f"no die {plural(abs(steps), 'step')} {direction} d{sides} on the ladder {self}"
            )
        return self.sides[target]

    def within(self, sides: int, limit: int) -> bool:
        """Whether `sides` is at or below the `limit` die (a weapon's maximum range)."""
        return self.index(sides) <= self.index(limit)

    def __str__(self) -> str:
        return " > ".join(f"1d{s}" for s in self.sides)


#: "1d6 > 1d8 > 1d10 > 1d12 > 1d20" (rulebook, "Ranged Attacks").
HIT_DIE_LADDER = Ladder((6, 8, 10, 12, 20))
