"""Ranged attacks (rulebook, "Ranged Attacks"): the clear path, its range, and the hit die.

"Ranged attacks cannot be made adjacently on the same ring. The path from attacker to target
must not be blocked by units (including allies) or terrain. The path does not need to be
straight. The Hit Die will increase based on the range of the shot. When calculating range,
follow the movement rules. Changing rings costs 2 and moving spaces on the same ring only
costs 1. The first 2 are free. Round up to the nearest even number. Some weapons may have a
maximum range, expressed as a Hit Die."  (Range - 2) / 2 = Number of hit die increases.

Decisions where the rulebook is silent:
- Every space between attacker and target must be empty of units of either side and of BLOCK
  hazards; the target's own space is the end of the path and may hold anything.
- A SLOW hazard does not lengthen a shot: it hampers walking, not arrows. The range counts
  only the 1 per step along a ring and 2 per change of ring that the rule names.
- The hit die climbs from the weapon's own hit die, 1d6 (the ladder's foot) by default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.combat.board import EMPTY_LAYOUT, Board, Layout, Space, SpaceLike, space_set
from adjudicator.combat.movement import PathTree, shortest_paths
from adjudicator.errors import AdjudicatorError
from adjudicator.rules.dice import HIT_DIE_LADDER, DiceError, Ladder
from adjudicator.rules.wording import plural

#: "The first 2 are free."
FREE_RANGE = 2


class RangedAttackError(AdjudicatorError):
    """A shot from `attacker` to `target` that the rules forbid."""

    def __init__(
        self, attacker: Space, target: Space, message: str, hint: str | None = None
    ) -> None:
        super().__init__(f"{attacker} cannot shoot {target}: {message}", hint=hint)
        self.attacker = attacker
        self.target = target


class AdjacentOnSameRing(RangedAttackError):
    """ "Ranged attacks cannot be made adjacently on the same ring." """

    def __init__(self, attacker: Space, target: Space) -> None:
        super().__init__(
            attacker,
            target,
            "ranged attacks cannot be made adjacently on the same ring",
            hint="attack in melee, or move first",
        )


class NoClearPath(RangedAttackError):
    """Every path is "blocked by units (including allies) or terrain"."""

    def __init__(self, attacker: Space, target: Space) -> None:
        super().__init__(
            attacker,
            target,
            "every path is blocked by units (including allies) or terrain",
            hint="the path need not be straight, but each space between must be empty",
        )


class BeyondLadder(RangedAttackError):
    """A range so long that the hit die would climb past the top of the ladder."""

    def __init__(self, attacker: Space, target: Space, range_: int, steps: int, top: int) -> None:
        super().__init__(
            attacker,
            target,
            f"range {range_} needs {plural(steps, 'hit-die increase')}, past 1d{top} at the top "
            "of the ladder",
        )
        self.range = range_
        self.steps = steps


class BeyondMaximumRange(RangedAttackError):
    """A shot whose hit die exceeds the weapon's maximum range, "expressed as a Hit Die"."""

    def __init__(self, attacker: Space, target: Space, hit_die: int, max_range_die: int) -> None:
        super().__init__(
            attacker,
            target,
            f"the shot needs a 1d{hit_die} hit die, beyond this weapon's maximum range of "
            f"1d{max_range_die}",
        )
        self.hit_die = hit_die
        self.max_range_die = max_range_die


@dataclass(frozen=True)
class RangedShot:
    """A legal shot: its cheapest clear path, raw cost, range, hit-die increases and hit die.

    The damage die is untouched by range ("her hit die ... would be 1d10 but her damage die
    would still be 1d4").
    """

    attacker: Space
    target: Space
    path: tuple[Space, ...]
    cost: int
    range: int
    steps: int
    base_die: int
    hit_die: int

    def __str__(self) -> str:
        route = "→".join(map(str, self.path))
        return (
            f"{self.attacker}→{self.target} via {route}: cost {self.cost}, range {self.range}, "
            f"{plural(self.steps, 'increase')}, hit die 1d{self.hit_die}"
        )


def shot_range(cost: int) -> int:
    """The cost rounded up to the nearest even number ("Round up to the nearest even number")."""
    return cost + cost % 2


def hit_die_steps(range_: int) -> int:
    """(Range - 2) / 2 increases, never fewer than none ("The first 2 are free")."""
    return max(0, (range_ - FREE_RANGE) // 2)


def ranged_shot(
    board: Board,
    attacker: SpaceLike,
    target: SpaceLike,
    occupied: Iterable[SpaceLike],
    ladder: Ladder = HIT_DIE_LADDER,
    max_range_die: int | None = None,
    *,
    hit_die: int | None = None,
    layout: Layout = EMPTY_LAYOUT,
) -> RangedShot:
    """Rule on a shot from `attacker` to `target`, `occupied` holding every standing unit.

    Raises `AdjacentOnSameRing`, `NoClearPath`, `BeyondLadder` or `BeyondMaximumRange`;
    `DiceError` if `hit_die` or `max_range_die` is not on the ladder.
    """
    origin, goal = board.space(attacker), board.space(target)
    base = ladder.sides[0] if hit_die is None else hit_die
    ladder.index(base)
    if max_range_die is not None:
        ladder.index(max_range_die)
    if origin == goal:
        raise RangedAttackError(origin, goal, "a unit cannot shoot its own space")
    if origin.ring == goal.ring and board.is_adjacent(origin, goal):
        raise AdjacentOnSameRing(origin, goal)
    tree = shortest_paths(
        board,
        origin,
        terminal=space_set(occupied) | layout.blocked,
        goal=goal,
    )
    return _rule_on_path(tree, origin, goal, base, ladder, max_range_die)


def _rule_on_path(
    tree: PathTree, origin: Space, goal: Space, base: int, ladder: Ladder, max_range_die: int | None
) -> RangedShot:
    """The shot along the tree's cheapest clear path to `goal`, or the error that forbids it."""
    path = tree.path_to(goal)
    if path is None:
        raise NoClearPath(origin, goal)
    range_ = shot_range(path.cost)
    steps = hit_die_steps(range_)
    try:
        die = ladder.step(base, steps)
    except DiceError:
        raise BeyondLadder(origin, goal, range_, steps, ladder.sides[-1]) from None
    if max_range_die is not None and not ladder.within(die, max_range_die):
        raise BeyondMaximumRange(origin, goal, die, max_range_die)
    return RangedShot(origin, goal, path.spaces, path.cost, range_, steps, base, die)


def possible_shots(
    board: Board,
    attacker: SpaceLike,
    targets: Iterable[SpaceLike],
    occupied: Iterable[SpaceLike],
    ladder: Ladder = HIT_DIE_LADDER,
    max_range_die: int | None = None,
    *,
    hit_die: int | None = None,
    layout: Layout = EMPTY_LAYOUT,
) -> tuple[RangedShot, ...]:
    """The legal shots at each of `targets`, in board order; forbidden ones are left out."""
    shots = []
    units = space_set(occupied)
    for target in sorted(space_set(targets)):
        try:
            shots.append(
                ranged_shot(
                    board,
                    attacker,
                    target,
                    units,
                    ladder,
                    max_range_die,
                    hit_die=hit_die,
                    layout=layout,
                )
            )
        except RangedAttackError:
            continue
    return tuple(shots)


def shots_from(
    board: Board,
    attacker: SpaceLike,
    targets: Iterable[SpaceLike],
    occupied: Iterable[SpaceLike],
    ladder: Ladder = HIT_DIE_LADDER,
    max_range_die: int | None = None,
    *,
    hit_die: int | None = None,
    layout: Layout = EMPTY_LAYOUT,
) -> tuple[RangedShot, ...]:
    """`possible_shots` with one path search shared by every target: the same shots, for
    listing a unit's legal attacks quickly. `occupied` should hold every standing unit."""
    origin = board.space(attacker)
    base = ladder.sides[0] if hit_die is None else hit_die
    ladder.index(base)
    if max_range_die is not None:
        ladder.index(max_range_die)
    tree = shortest_paths(board, origin, terminal=space_set(occupied) | layout.blocked)
    shots = []
    for goal in sorted(space_set(targets)):
        if goal == origin or (goal.ring == origin.ring and board.is_adjacent(origin, goal)):
            continue
        try:
            shots.append(_rule_on_path(tree, origin, goal, base, ladder, max_range_die))
        except RangedAttackError:
            continue
    return tuple(shots)
