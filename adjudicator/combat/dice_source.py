"""Where a combat's dice come from: a seeded generator, or faces entered from physical dice.

Every die the engine rolls becomes a `RolledDie` inside an event: its faces, the face shown,
what it was rolled for and by whom, and the seed that reproduces it (None when a person
entered it). A seeded die is `rules.dice.roll(1d<sides>, Random(seed))`, so anyone can check
the log: `RolledDie.reproduces()`. The generator the caller passes in only picks the seeds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from adjudicator.combat.errors import DiceNeeded, EnteredDieOutOfRange, UnusedDice
from adjudicator.rules.dice import Dice, roll

#: Bits of each per-die seed drawn from the caller's generator.
SEED_BITS = 48


@dataclass(frozen=True)
class RolledDie:
    """One die of a combat: d`sides` showing `value`, rolled by `roller` for `purpose`.

    `seed` reproduces a generated die; None means the face was entered by hand.
    """

    sides: int
    value: int
    purpose: str
    roller: str
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.sides < 2 or not 1 <= self.value <= self.sides:
            raise EnteredDieOutOfRange(f"a d{self.sides} shows 1 to {self.sides}, not {self.value}")

    @property
    def entered(self) -> bool:
        return self.seed is None

    @property
    def is_max(self) -> bool:
        return self.value == self.sides

    def reproduces(self) -> bool:
        """Whether the recorded seed rolls the recorded face (always true for entered dice)."""
        return self.seed is None or _face(self.sides, self.seed) == self.value

    def __str__(self) -> str:
        source = "entered" if self.seed is None else f"seed {self.seed}"
        return f"d{self.sides}={self.value} ({source})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "sides": self.sides,
            "value": self.value,
            "purpose": self.purpose,
            "roller": self.roller,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RolledDie:
        return cls(
            int(data["sides"]),
            int(data["value"]),
            str(data["purpose"]),
            str(data["roller"]),
            None if data.get("seed") is None else int(data["seed"]),
        )


def _face(sides: int, seed: int) -> int:
    return roll(Dice(1, sides), random.Random(seed)).values[0]


class DiceSource(Protocol):
    """Gives the engine its dice one at a time, in the order the rules call for them."""

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie: ...

    def finish(self) -> None:
        """Called when a command has rolled all it needs; may refuse leftovers."""


class SeededDice:
    """Dice from the caller's generator: each die gets its own seed, recorded with it."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        seed = self._rng.getrandbits(SEED_BITS)
        return RolledDie(sides, _face(sides, seed), purpose, roller, seed)

    def finish(self) -> None:
        return None


class EnteredDice:
    """Faces read off physical dice, used in order; too few or too many is an error.

    When the faces run out the command stops with `DiceNeeded`, naming the die it wanted, so
    a table can be asked for exactly that die and the command tried again.
    """

    def __init__(self, values: Sequence[int]) -> None:
        self._values = tuple(values)
        self._used = 0

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        if self._used >= len(self._values):
            raise DiceNeeded(sides, purpose, roller, self._used)
        value = self._values[self._used]
        if not 1 <= value <= sides:
            raise EnteredDieOutOfRange(
                f"entered die {self._used + 1} is {value}, but {roller}'s d{sides} for "
                f"{purpose} shows 1 to {sides}"
            )
        self._used += 1
        return RolledDie(sides, value, purpose, roller)

    def finish(self) -> None:
        if self._used != len(self._values):
            unused = list(self._values[self._used :])
            raise UnusedDice(
                f"{len(self._values)} dice entered but the command rolled {self._used}; "
                f"unused: {unused}",
                hint="enter only the dice the command rolls",
            )


class NoDice:
    """For commands that roll nothing: any roll is `DiceNeeded`."""

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        raise DiceNeeded(sides, purpose, roller, 0)

    def finish(self) -> None:
        return None
