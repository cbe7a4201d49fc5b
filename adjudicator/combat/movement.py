"""Movement (rulebook, "Movement"): step costs, cheapest paths, legal moves, reachability.

"It takes half of a turn to move one space on the same ring that you're on. Thus, you can
move two spaces on the same ring, if you do not also take another action. It takes a full
turn to move to a new ring. You may move through friendly units but not hostiles. Defeated
enemies do not block spaces."

A turn is two actions, so a step along a ring costs 1 action and a step onto another ring 2.
Decisions where the rulebook is silent:
- A SLOW hazard adds 1 action to every step *into* its space (leaving it costs nothing
  extra): the smallest slowing that still matters when a turn is two actions.
- A BLOCK hazard is impassable: no step enters its space.
- A unit may pass through friends but not stop on any occupied space ("If a space is
  occupied, use a different but reasonably accessible one").
- Defeated enemies are simply not passed as hostiles: only standing units block.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from adjudicator.combat.board import (
    EMPTY_LAYOUT,
    Board,
    Layout,
    Space,
    SpaceLike,
    space_set,
)
from adjudicator.errors import AdjudicatorError

#: "In one turn, you can generally do two actions" (rulebook, "Turns").
ACTIONS_PER_TURN: Final = 2
#: Extra actions for a step into a slowed space (our choice; see the module docstring).
SLOW_PENALTY: Final = 1


class MovementError(AdjudicatorError):
    """A move the rules do not allow."""


class NoPath(MovementError):
    """No way from `start` to `goal` avoids hostile units and blocked spaces."""

    def __init__(self, start: Space, goal: Space, reason: str) -> None:
        super().__init__(f"cannot move from {start} to {goal}: {reason}")
        self.start = start
        self.goal = goal


class SpaceOccupied(MovementError):
    """The destination already holds a unit."""

    def __init__(self, space: Space) -> None:
        super().__init__(
            f"{space} is occupied: a unit may move through friends but cannot stop on a unit",
            hint="choose an empty space",
        )
        self.space = space


@dataclass(frozen=True)
class Path:
    """A walk over adjacent spaces from `spaces[0]` to `spaces[-1]` and its cost in actions."""

    spaces: tuple[Space, ...]
    cost: int

    @property
    def start(self) -> Space:
        return self.spaces[0]

    @property
    def end(self) -> Space:
        return self.spaces[-1]

    def __str__(self) -> str:
        return f"{'→'.join(map(str, self.spaces))} (cost {self.cost})"


@dataclass(frozen=True, eq=False)
class PathTree:
    """Cheapest costs from one start to every space a search reached, and the way back."""

    start: Space
    costs: Mapping[Space, int]
    previous: Mapping[Space, Space]

    def path_to(self, goal: Space) -> Path | None:
        """The cheapest path to `goal`, or None if the search never reached it."""
        cost = self.costs.get(goal)
        if cost is None:
            return None
        walk = [goal]
        while walk[-1] != self.start:
            walk.append(self.previous[walk[-1]])
        return Path(tuple(reversed(walk)), cost)


def shortest_paths(
    board: Board,
    start: Space,
    *,
    impassable: frozenset[Space] = frozenset(),
    terminal: frozenset[Space] = frozenset(),
    slowed: frozenset[Space] = frozenset(),
    goal: Space | None = None,
) -> PathTree:
    """Dijkstra over the board from `start`.

    `impassable` spaces are never entered; `terminal` ones may be entered but not left (a
    shot may end on a unit, not pass it); each step into a `slowed` space costs
    `SLOW_PENALTY` more. With a `goal` the search stops once the goal's cost is final. Ties
    go to the path found first, neighbours taken in board order, so results are repeatable.
    """
    costs: dict[Space, int] = {start: 0}
    previous: dict[Space, Space] = {}
    done: set[Space] = set()
    heap: list[tuple[int, int, Space]] = [(0, 0, start)]
    pushed = 1
    while heap:
        cost, _, here = heapq.heappop(heap)
        if here in done:
            continue
        done.add(here)
        if here == goal:
            break
        if here in terminal and here != start:
            continue
        for there, step in board.steps(here):
            if there in impassable or there in done:
                continue
            total = cost + step + (SLOW_PENALTY if there in slowed else 0)
            if total < costs.get(there, total + 1):
                costs[there] = total
                previous[there] = here
                heapq.heappush(heap, (total, pushed, there))
                pushed += 1
    return PathTree(start, costs, previous)


def step_cost(board: Board, a: SpaceLike, b: SpaceLike, layout: Layout = EMPTY_LAYOUT) -> int:
    """Actions to step from `a` to adjacent `b`: 1 along a ring, 2 to a new ring, +1 if slowed.

    Raises `NotAdjacent` for spaces that do not touch.
    """
    return board.step_cost(a, b) + (SLOW_PENALTY if layout.is_slowed(b) else 0)


def path_cost(board: Board, path: Iterable[SpaceLike], layout: Layout = EMPTY_LAYOUT) -> int:
    """The sum of the step costs along a walk (0 for a single space)."""
    walk = [board.space(s) for s in path]
    return sum(step_cost(board, a, b, layout) for a, b in pairwise(walk))


def _movement_tree(
    board: Board,
    start: Space,
    hostiles: frozenset[Space],
    layout: Layout,
    goal: Space | None = None,
) -> PathTree:
    return shortest_paths(
        board,
        start,
        impassable=(hostiles | layout.blocked) - {start},
        slowed=layout.slowed,
        goal=goal,
    )


def cheapest_path(
    board: Board,
    start: SpaceLike,
    goal: SpaceLike,
    *,
    hostiles: Iterable[SpaceLike] = (),
    friends: Iterable[SpaceLike] = (),
    layout: Layout = EMPTY_LAYOUT,
) -> Path:
    """The cheapest way for a unit to walk from `start` to an empty `goal`.

    "You may move through friendly units but not hostiles": `friends` are passed through,
    `hostiles` (standing enemies only: "Defeated enemies do not block spaces") and blocked
    spaces are not. Raises `SpaceOccupied` or `NoPath`.
    """
    origin, target = board.space(start), board.space(goal)
    foes, allies = space_set(hostiles) - {origin}, space_set(friends) - {origin}
    if target != origin and (target in foes or target in allies):
        raise SpaceOccupied(target)
    if layout.is_blocked(target):
        raise NoPath(origin, target, f"a hazard blocks {target}")
    path = _movement_tree(board, origin, foes, layout, target).path_to(target)
    if path is None:
        raise NoPath(origin, target, "hostile units or blocking hazards close every way")
    return path


def legal_moves(
    board: Board,
    start: SpaceLike,
    *,
    hostiles: Iterable[SpaceLike] = (),
    friends: Iterable[SpaceLike] = (),
    layout: Layout = EMPTY_LAYOUT,
    budget: int | None = ACTIONS_PER_TURN,
) -> tuple[Path, ...]:
    """Every empty space the unit can end on, with its cheapest path, in board order.

    `budget` is the actions the unit spends on moving (a whole turn by default); None lists
    every space it could ever walk to with the board as it stands.
    """
    origin = board.space(start)
    foes, allies = space_set(hostiles) - {origin}, space_set(friends) - {origin}
    tree = _movement_tree(board, origin, foes, layout)
    moves = []
    for space in board.spaces:
        cost = tree.costs.get(space)
        if cost is None or space == origin or space in allies or space in foes:
            continue
        if budget is None or cost <= budget:
            path = tree.path_to(space)
            assert path is not None
            moves.append(path)
    return tuple(moves)


def reachable(
    board: Board,
    start: SpaceLike,
    *,
    hostiles: Iterable[SpaceLike] = (),
    friends: Iterable[SpaceLike] = (),
    layout: Layout = EMPTY_LAYOUT,
) -> frozenset[Space]:
    """Every space a unit could walk to and stop on, however many turns it takes.

    Makes "nestled in A1 between our fighters in B1 and B2 so that they are guaranteed safe
    from harm" checkable: from an enemy's side, B1 and B2 hold hostiles and A1 is not here.
    """
    moves = legal_moves(
        board, start, hostiles=hostiles, friends=friends, layout=layout, budget=None
    )
    return frozenset(move.end for move in moves)
