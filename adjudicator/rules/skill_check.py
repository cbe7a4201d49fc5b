"""Skill checks (rulebook, "Skill Checks"): difficulty dice against player dice, partial success.

"Each die needs to be defeated individually, the numbers are not totalled." A difficulty
die is defeated by a distinct player die that is equal or higher and is not a 1, so the
number defeated is a maximum matching, found greedily (smallest difficulty die first,
each taken by the smallest player die that beats it).

Decisions where the rulebook is silent (see also `docs`):
- A player die *showing* 1 never defeats anything, even with the exact-match +1 on it.
- The player's exact-match +1 is placed after every die is rolled, on the die where it
  defeats the most difficulty dice ("This bonus may be applied after all dice are rolled").
- The difficulty's +1 (an exact Tag or Word against the player, as the hidden Orc's
  [Hide]) is placed when the difficulty dice are rolled, as "1(+1), 3, and 4" shows: on the
  die the Storyteller names, by default the highest.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from adjudicator.errors import AdjudicatorError, InvalidInput
from adjudicator.rules.dice import Dice, Roll

MAX_CHECK_DICE = 30


class CheckError(InvalidInput):
    """A skill check that cannot be set up or resolved as asked."""


class CheckCancelled(AdjudicatorError):
    """The player cancelled; only possible before the difficulty dice are rolled."""


class Outcome(enum.Enum):
    FULL_SUCCESS = "full success"
    PARTIAL = "partial success"
    FAILURE = "failure"


@dataclass(frozen=True)
class CheckSetup:
    """The dice of a check, counted as the rulebook counts them.

    "The Storyteller rolls 1d6. The player rolls 1d6." Each condition, Tag or Word against
    the player adds a difficulty die; each in favour adds a player die. An exact match
    ("Steal" and they're stealing) adds +1 to one die of that side.
    """

    difficulty_dice: int = 1
    player_dice: int = 1
    player_bonus: bool = False
    difficulty_bonus: bool = False
    sides: int = 6

    def __post_init__(self) -> None:
        for name, count in (("difficulty", self.difficulty_dice), ("player", self.player_dice)):
            if not 1 <= count <= MAX_CHECK_DICE:
                raise CheckError(f"a check rolls 1 to {MAX_CHECK_DICE} {name} dice, not {count}")
        Dice(1, self.sides)  # validates the die size

    @classmethod
    def from_counts(
        cls,
        *,
        against: int = 0,
        in_favour: int = 0,
        base: int = 1,
        exact_match: bool = False,
        exact_match_against: bool = False,
    ) -> CheckSetup:
        """Build a check from the conditions, Tags and Words on each side.

        `base` is 1 unless "a task is especially difficult (very rare)".
        """
        if min(against, in_favour) < 0 or base < 1:
            raise CheckError("counts of conditions, Tags and Words cannot be negative")
        return cls(base + against, 1 + in_favour, exact_match, exact_match_against)

    @property
    def difficulty(self) -> Dice:
        return Dice(self.difficulty_dice, self.sides)

    @property
    def player(self) -> Dice:
        return Dice(self.player_dice, self.sides)

    def describe(self) -> str:
        """ "3d6+1 against 1d6", as the rulebook writes difficulties."""
        plus = "+1" if self.difficulty_bonus else ""
        mine = "+1" if self.player_bonus else ""
        return f"{self.player}{mine} against {self.difficulty}{plus}"


@dataclass(frozen=True)
class Pairing:
    """One difficulty die defeated by one player die (indices into their rolls)."""

    player_index: int
    difficulty_index: int


@dataclass(frozen=True)
class CheckResult:
    """Every die of a resolved check, where the bonuses went, and which die beat which."""

    setup: CheckSetup
    difficulty: Roll
    player: Roll
    difficulty_bonus_index: int | None
    player_bonus_index: int | None
    pairings: tuple[Pairing, ...]

    @property
    def difficulty_values(self) -> tuple[int, ...]:
        return _with_bonus(self.difficulty.values, self.difficulty_bonus_index)

    @property
    def player_values(self) -> tuple[int, ...]:
        return _with_bonus(self.player.values, self.player_bonus_index)

    @property
    def defeated(self) -> int:
        return len(self.pairings)

    @property
    def outcome(self) -> Outcome:
        if self.defeated == self.setup.difficulty_dice:
            return Outcome.FULL_SUCCESS
        return Outcome.PARTIAL if self.defeated else Outcome.FAILURE

    @property
    def earns_draw(self) -> bool:
        """ "For every Skill Check you fully succeed at ... draw one word from the Deck.\""""
        return self.outcome is Outcome.FULL_SUCCESS

    def player_die_fate(self, index: int) -> str:
        """What became of one player die, in words for the table."""
        beaten = {p.player_index: p.difficulty_index for p in self.pairings}
        if self.player.values[index] == 1:
            return "a 1: never succeeds"
        if index in beaten:
            target = beaten[index]
            return f"defeats difficulty die #{target + 1} ({self.difficulty_values[target]})"
        return "defeats nothing"

    def difficulty_die_fate(self, index: int) -> str:
        """What became of one difficulty die, in words for the table."""
        by = {p.difficulty_index: p.player_index for p in self.pairings}
        if index in by:
            return f"defeated by player die #{by[index] + 1} ({self.player_values[by[index]]})"
        return "stands"


def _with_bonus(values: tuple[int, ...], index: int | None) -> tuple[int, ...]:
    if index is None:
        return values
    return tuple(v + 1 if i == index else v for i, v in enumerate(values))


def match_dice(
    player: tuple[int, ...],
    difficulty: tuple[int, ...],
    player_faces: tuple[int, ...] | None = None,
) -> tuple[Pairing, ...]:
    """The most difficulty dice that distinct player dice can defeat, with who beats whom.

    `player` holds the values after any bonus; `player_faces` the faces shown (a face of 1
    never succeeds). Greedy on sorted dice gives a maximum matching because each
    difficulty die is beaten by every player die at or above it (nested neighbourhoods).
    """
    faces = player if player_faces is None else player_faces
    usable = sorted((v, i) for i, v in enumerate(player) if faces[i] != 1)
    pairings = []
    position = 0
    for value, d_index in sorted((v, i) for i, v in enumerate(difficulty)):
        while position < len(usable) and usable[position][0] < value:
            position += 1
        if position == len(usable):
            break
        pairings.append(Pairing(usable[position][1], d_index))
        position += 1
    return tuple(pairings)


def best_bonus_placement(player: tuple[int, ...], difficulty: tuple[int, ...]) -> int | None:
    """Where the player's +1 defeats the most difficulty dice; None when it changes nothing."""
    best, best_count = None, len(match_dice(player, difficulty))
    for index, face in enumerate(player):
        if face == 1:
            continue
        count = len(match_dice(_with_bonus(player, index), difficulty, player))
        if count > best_count:
            best, best_count = index, count
    return best


@dataclass(frozen=True)
class PendingCheck:
    """A declared check before any die is rolled. "Players may cancel anytime before the
    difficulty dice are actually rolled."""

    setup: CheckSetup

    def cancel(self) -> None:
        raise CheckCancelled(
            "the player cancelled the check before the difficulty dice were rolled"
        )

    def roll_difficulty(self, roll: Roll, bonus_index: int | None = None) -> RolledCheck:
        """Take the difficulty roll; its +1, if any, goes on `bonus_index` or the highest die."""
        _expect(roll, self.setup.difficulty, "difficulty")
        if self.setup.difficulty_bonus:
            if bonus_index is None:
                bonus_index = max(range(len(roll.values)), key=lambda i: (roll.values[i], -i))
            elif not 0 <= bonus_index < len(roll.values):
                raise CheckError(
                    f"the difficulty's +1 goes on one of dice 1 to {len(roll.values)}, "
                    f"not {bonus_index + 1}"
                )
        elif bonus_index is not None:
            raise CheckError("this check has no exact match against the player to place")
        return RolledCheck(self.setup, roll, bonus_index)


@dataclass(frozen=True)
class RolledCheck:
    """The difficulty is on the table; it is too late to cancel."""

    setup: CheckSetup
    difficulty: Roll
    difficulty_bonus_index: int | None

    def cancel(self) -> None:
        raise CheckError(
            "too late to cancel: the difficulty dice are rolled",
            hint="players may cancel anytime before the difficulty dice are actually rolled",
        )

    def resolve(self, player: Roll) -> CheckResult:
        """Match the player's dice against the difficulty, placing the +1 to best advantage."""
        _expect(player, self.setup.player, "player")
        difficulty = _with_bonus(self.difficulty.values, self.difficulty_bonus_index)
        bonus = best_bonus_placement(player.values, difficulty) if self.setup.player_bonus else None
        pairings = match_dice(_with_bonus(player.values, bonus), difficulty, player.values)
        return CheckResult(
            self.setup, self.difficulty, player, self.difficulty_bonus_index, bonus, pairings
        )


def _expect(roll: Roll, dice: Dice, side: str) -> None:
    if roll.dice != dice:
        raise CheckError(f"the {side} rolls {dice}, not {roll.dice}")


def resolve(
    setup: CheckSetup,
    difficulty: Roll,
    player: Roll,
    *,
    difficulty_bonus_index: int | None = None,
) -> CheckResult:
    """Resolve a whole check in one call (the difficulty first, as at the table)."""
    return PendingCheck(setup).roll_difficulty(difficulty, difficulty_bonus_index).resolve(player)
