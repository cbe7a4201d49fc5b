"""Flanking (rulebook, "Special Cases"): which pairs of spaces lie on opposite sides of a space.

"Flanking is when allies are on opposite sides of an enemy space. ... Example : You are in
C3. You would be flanked by C4/C2, B2/D6, B2/D5, B2/D4, but not by D6/C4 or D6/D4."

The rulebook gives only that example; the general definition chosen here reproduces it
exactly. Each neighbour of a space lies on one *side* of it: ALONG its ring, INWARD (one ring
nearer A1) or OUTWARD (one ring further out). Two distinct neighbours are opposite when
- both are ALONG the ring: they are its two ends (C4/C2 around C3), or
- one is INWARD and the other OUTWARD (B2 against any of D4, D5, D6).
Two OUTWARD neighbours (D6/D4), or an OUTWARD and an ALONG one (D6/C4), share a side, and so
do an INWARD and an ALONG one. Consequences: a D space is flanked only along ring D; a B space
only by A1 with one of its C neighbours (B1 has a single ring neighbour, B2); and A1, whose
every neighbour is OUTWARD, can never be flanked.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from itertools import combinations

from adjudicator.combat.board import Board, Space, SpaceLike, space_set


class Side(enum.Enum):
    """Where a neighbour lies as seen from a space."""

    ALONG = "along the ring"
    INWARD = "inward"
    OUTWARD = "outward"


def side_of(board: Board, space: SpaceLike, neighbour: SpaceLike) -> Side:
    """The side of `space` on which adjacent `neighbour` lies; `NotAdjacent` otherwise."""
    centre, other = board.space(space), board.space(neighbour)
    board.step_cost(centre, other)  # raises NotAdjacent
    if other.ring_index < centre.ring_index:
        return Side.INWARD
    if other.ring_index > centre.ring_index:
        return Side.OUTWARD
    return Side.ALONG


def are_opposite(board: Board, space: SpaceLike, a: SpaceLike, b: SpaceLike) -> bool:
    """Whether neighbours `a` and `b` are on opposite sides of `space` (module docstring)."""
    first, second = board.space(a), board.space(b)
    if first == second:
        return False
    sides = {side_of(board, space, first), side_of(board, space, second)}
    return sides in ({Side.INWARD, Side.OUTWARD}, {Side.ALONG})


def flanking_pairs(board: Board, space: SpaceLike) -> tuple[tuple[Space, Space], ...]:
    """Every pair of spaces from which two allies flank `space`, each pair in board order."""
    return tuple(
        (a, b)
        for a, b in combinations(board.neighbours(space), 2)
        if are_opposite(board, space, a, b)
    )


def is_flanked(board: Board, space: SpaceLike, ally_spaces: Iterable[SpaceLike]) -> bool:
    """Whether allies standing on `ally_spaces` flank the enemy in `space`.

    "When attacking a flanked unit, flankers may use a full round to roll two Attack Rolls
    instead of one."
    """
    allies = space_set(ally_spaces)
    return any(a in allies and b in allies for a, b in flanking_pairs(board, space))
