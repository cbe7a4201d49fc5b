"""The Battle Board (rulebook, "Battle Board"): four rings of spaces as a graph, and hazards.

Rings A (1 space), B (2), C (4) and D (8), numbered clockwise from the top. The adjacency is
the one read from the rulebook's image in `seeds/README.md`; nothing else is assumed: "Each
space on the board describes only its relative position to the others."

Hazards ("The Storyteller may choose to fill some spaces with hazards that may speed up, slow
down, or block movement") live in a `Layout`, a value apart from the board, because the board
never changes during a fight while hazards come and go.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from adjudicator.errors import InvalidInput

#: Ring letters from the centre outwards and how many spaces each ring holds.
RING_SIZES: Final[Mapping[str, int]] = MappingProxyType({"A": 1, "B": 2, "C": 4, "D": 8})
RINGS: Final[tuple[str, ...]] = tuple(RING_SIZES)

#: Cost in actions of a step along a ring and of a step onto another ring (rulebook,
#: "Movement": "half of a turn to move one space on the same ring ... a full turn to move to
#: a new ring"; "Ranged Attacks": "Changing rings costs 2 and moving spaces on the same ring
#: only costs 1").
SAME_RING_COST: Final = 1
RING_CHANGE_COST: Final = 2

#: The neighbours of every space, exactly as `seeds/README.md` reads them from the image.
ADJACENCY_TABLE: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "A1": ("B1", "B2"),
        "B1": ("A1", "B2", "C1", "C2", "C4"),
        "B2": ("A1", "B1", "C2", "C3", "C4"),
        "C1": ("C2", "C4", "B1", "D8", "D1", "D2"),
        "C2": ("C1", "C3", "B1", "B2", "D2", "D3", "D4"),
        "C3": ("C2", "C4", "B2", "D4", "D5", "D6"),
        "C4": ("C1", "C3", "B1", "B2", "D6", "D7", "D8"),
        "D1": ("D8", "D2", "C1"),
        "D2": ("D1", "D3", "C1", "C2"),
        "D3": ("D2", "D4", "C2"),
        "D4": ("D3", "D5", "C2", "C3"),
        "D5": ("D4", "D6", "C3"),
        "D6": ("D5", "D7", "C3", "C4"),
        "D7": ("D6", "D8", "C4"),
        "D8": ("D7", "D1", "C4", "C1"),
    }
)

_VALID_NAMES: Final = ", ".join(f"{r}{n}" for r in RINGS for n in range(1, RING_SIZES[r] + 1))


class BoardError(InvalidInput):
    """A space or a step that is not on the Battle Board."""


class UnknownSpace(BoardError):
    """A name that is no space of the board; the hint lists the valid ones."""

    def __init__(self, text: str) -> None:
        super().__init__(
            f"there is no space {text!r} on the Battle Board",
            hint=f"valid spaces are {_VALID_NAMES}",
        )
        self.text = text


class NotAdjacent(BoardError):
    """Two spaces that do not touch, asked about as if they were one step apart."""

    def __init__(self, a: Space, b: Space) -> None:
        super().__init__(f"{a} and {b} are not adjacent, so there is no single step between them")
        self.a = a
        self.b = b


@dataclass(frozen=True, order=True)
class Space:
    """One space of the board: its ring letter (A innermost ... D outermost) and its number."""

    ring: str
    number: int

    def __post_init__(self) -> None:
        size = RING_SIZES.get(self.ring)
        if size is None or not 1 <= self.number <= size:
            raise UnknownSpace(f"{self.ring}{self.number}")

    @classmethod
    def parse(cls, text: str) -> Space:
        """Read "C3", "c3" or " C3 "; anything else is an `UnknownSpace` listing valid spaces."""
        name = text.strip().upper()
        if len(name) < 2 or name[0] not in RING_SIZES or not name[1:].isdigit():
            raise UnknownSpace(text)
        return cls(name[0], int(name[1:]))

    @classmethod
    def of(cls, value: Space | str) -> Space:
        """A `Space` as given, or parsed from its name, so callers may write "C3"."""
        return value if isinstance(value, Space) else cls.parse(value)

    @property
    def ring_index(self) -> int:
        """0 for A (the centre) up to 3 for D (the outer ring)."""
        return RINGS.index(self.ring)

    def __str__(self) -> str:
        return f"{self.ring}{self.number}"


#: Anything a function of this package accepts as a space: a `Space` or its name.
SpaceLike = Space | str


def space_set(values: Iterable[SpaceLike]) -> frozenset[Space]:
    """A set of spaces from spaces or names (for "occupied", "hostiles", "allies")."""
    return frozenset(Space.of(value) for value in values)


def _standard_edges() -> frozenset[frozenset[Space]]:
    return frozenset(
        frozenset((Space.parse(name), Space.parse(other)))
        for name, others in ADJACENCY_TABLE.items()
        for other in others
    )


#: The edges of the rulebook's board, each an unordered pair of touching spaces.
STANDARD_EDGES: Final[frozenset[frozenset[Space]]] = _standard_edges()


@dataclass(frozen=True)
class Board:
    """The Battle Board as an immutable, undirected graph of spaces (the rulebook's by default).

    Lookups are precomputed once, so neighbours and step costs are dictionary reads: path
    searches over the board stay far below a millisecond.
    """

    edges: frozenset[frozenset[Space]] = STANDARD_EDGES
    _neighbours: Mapping[Space, tuple[Space, ...]] = field(init=False, repr=False, compare=False)
    _steps: Mapping[Space, tuple[tuple[Space, int], ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        found: dict[Space, set[Space]] = {}
        for edge in self.edges:
            if len(edge) != 2:
                raise BoardError(f"an edge joins two distinct spaces, not {sorted(map(str, edge))}")
            a, b = sorted(edge)
            found.setdefault(a, set()).add(b)
            found.setdefault(b, set()).add(a)
        neighbours = {space: tuple(sorted(others)) for space, others in sorted(found.items())}
        steps = {
            space: tuple((other, _cost(space, other)) for other in others)
            for space, others in neighbours.items()
        }
        object.__setattr__(self, "_neighbours", MappingProxyType(neighbours))
        object.__setattr__(self, "_steps", MappingProxyType(steps))

    @property
    def spaces(self) -> tuple[Space, ...]:
        """Every space of the board, A1 first and then ring by ring."""
        return tuple(self._neighbours)

    def space(self, value: SpaceLike) -> Space:
        """The board's space for a name or a `Space`; `UnknownSpace` if the board lacks it."""
        space = Space.of(value)
        if space not in self._neighbours:
            raise UnknownSpace(str(space))
        return space

    def neighbours(self, value: SpaceLike) -> tuple[Space, ...]:
        """Every space touching this one, in board order."""
        return self._neighbours[self.space(value)]

    def steps(self, space: Space) -> tuple[tuple[Space, int], ...]:
        """Each neighbour with the cost of the step to it (1 along a ring, 2 across rings)."""
        return self._steps[space]

    def is_adjacent(self, a: SpaceLike, b: SpaceLike) -> bool:
        """Whether the two spaces touch ("Melee weapons can attack any adjacent space")."""
        return self.space(b) in self.neighbours(a)

    def same_ring_neighbours(self, value: SpaceLike) -> tuple[Space, ...]:
        """Neighbours on this space's own ring: either side along it (one, on ring B)."""
        space = self.space(value)
        return tuple(n for n in self._neighbours[space] if n.ring == space.ring)

    def cross_ring_neighbours(self, value: SpaceLike) -> tuple[Space, ...]:
        """Neighbours on the ring inside or outside this one."""
        space = self.space(value)
        return tuple(n for n in self._neighbours[space] if n.ring != space.ring)

    def inner_neighbours(self, value: SpaceLike) -> tuple[Space, ...]:
        """Neighbours one ring closer to A1, the centre of the conflict."""
        space = self.space(value)
        return tuple(n for n in self._neighbours[space] if n.ring_index < space.ring_index)

    def outer_neighbours(self, value: SpaceLike) -> tuple[Space, ...]:
        """Neighbours one ring further from A1."""
        space = self.space(value)
        return tuple(n for n in self._neighbours[space] if n.ring_index > space.ring_index)

    def behind(self, value: SpaceLike) -> tuple[Space, ...]:
        """Outer neighbours that touch no other space of this ring: straight behind it.

        "a character marching in D5 is ... relatively behind whoever is in C3": D5 touches
        C3 alone on ring C, while D4 and D6 straddle C3 and a neighbour of it.
        """
        space = self.space(value)
        return tuple(
            n for n in self.outer_neighbours(space) if self.inner_neighbours(n) == (space,)
        )

    def ring_index(self, value: SpaceLike) -> int:
        """0 for A1 up to 3 for the outer ring D."""
        return self.space(value).ring_index

    def ring(self, letter: str) -> tuple[Space, ...]:
        """The spaces of one ring, clockwise from the top."""
        key = letter.strip().upper()
        if key not in RING_SIZES:
            raise BoardError(f"there is no ring {letter!r}", hint=f"rings are {', '.join(RINGS)}")
        return tuple(s for s in self._neighbours if s.ring == key)

    @property
    def outer_ring(self) -> tuple[Space, ...]:
        """The outermost ring, where attackers "choose entry points" and where units flee."""
        last = max(s.ring_index for s in self._neighbours)
        return tuple(s for s in self._neighbours if s.ring_index == last)

    def step_cost(self, a: SpaceLike, b: SpaceLike) -> int:
        """Actions to step from `a` to adjacent `b`: 1 along a ring, 2 onto another ring."""
        start, end = self.space(a), self.space(b)
        for other, cost in self._steps[start]:
            if other == end:
                return cost
        raise NotAdjacent(start, end)


def _cost(a: Space, b: Space) -> int:
    return SAME_RING_COST if a.ring == b.ring else RING_CHANGE_COST


class HazardKind(enum.Enum):
    """What a Storyteller's hazard does to a space."""

    SLOW = "slow"  # movement into the space costs one more action
    BLOCK = "block"  # nothing moves or shoots through the space
    DAMAGE = "damage"  # entering the space deals `amount` damage


@dataclass(frozen=True)
class Hazard:
    """One hazard: its kind and, for DAMAGE only, how much damage it deals (at least 1)."""

    kind: HazardKind
    amount: int = 0

    def __post_init__(self) -> None:
        if self.kind is HazardKind.DAMAGE and self.amount < 1:
            raise InvalidInput(f"a damage hazard deals at least 1 damage, not {self.amount}")
        if self.kind is not HazardKind.DAMAGE and self.amount != 0:
            raise InvalidInput(f"a {self.kind.value} hazard has no amount (got {self.amount})")

    @classmethod
    def slow(cls) -> Hazard:
        return cls(HazardKind.SLOW)

    @classmethod
    def block(cls) -> Hazard:
        return cls(HazardKind.BLOCK)

    @classmethod
    def damage(cls, amount: int) -> Hazard:
        return cls(HazardKind.DAMAGE, amount)

    def __str__(self) -> str:
        return f"damage {self.amount}" if self.kind is HazardKind.DAMAGE else self.kind.value


@dataclass(frozen=True)
class Layout:
    """The hazards on the board: which spaces are slowed, blocked or damaging.

    A value: `place` and `clear` return a new layout, so a fight's history can keep each one.
    A space may hold several hazards (a damaging mist that also slows).
    """

    placements: frozenset[tuple[Space, Hazard]] = frozenset()
    _by_space: Mapping[Space, tuple[Hazard, ...]] = field(init=False, repr=False, compare=False)
    _blocked: frozenset[Space] = field(init=False, repr=False, compare=False)
    _slowed: frozenset[Space] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_space: dict[Space, list[Hazard]] = {}
        for space, hazard in self.placements:
            by_space.setdefault(space, []).append(hazard)
        frozen = {s: tuple(sorted(hs, key=str)) for s, hs in sorted(by_space.items())}
        kinds = {s: {h.kind for h in hs} for s, hs in frozen.items()}
        object.__setattr__(self, "_by_space", MappingProxyType(frozen))
        object.__setattr__(
            self, "_blocked", frozenset(s for s, k in kinds.items() if HazardKind.BLOCK in k)
        )
        object.__setattr__(
            self, "_slowed", frozenset(s for s, k in kinds.items() if HazardKind.SLOW in k)
        )

    @classmethod
    def of(cls, hazards: Mapping[SpaceLike, Hazard | Iterable[Hazard]]) -> Layout:
        """A layout from {space: hazard or hazards}, spaces given as names or `Space`s."""
        placements: set[tuple[Space, Hazard]] = set()
        for key, value in hazards.items():
            space = Space.of(key)
            for hazard in (value,) if isinstance(value, Hazard) else value:
                placements.add((space, hazard))
        return cls(frozenset(placements))

    def place(self, space: SpaceLike, hazard: Hazard) -> Layout:
        """This layout with one more hazard."""
        return Layout(self.placements | {(Space.of(space), hazard)})

    def clear(self, space: SpaceLike) -> Layout:
        """This layout with every hazard on `space` removed."""
        gone = Space.of(space)
        return Layout(frozenset(p for p in self.placements if p[0] != gone))

    def hazards_at(self, space: SpaceLike) -> tuple[Hazard, ...]:
        return self._by_space.get(Space.of(space), ())

    def is_blocked(self, space: SpaceLike) -> bool:
        """Whether a BLOCK hazard makes the space impassable to movement and to shots."""
        return Space.of(space) in self._blocked

    def is_slowed(self, space: SpaceLike) -> bool:
        return Space.of(space) in self._slowed

    def damage_at(self, space: SpaceLike) -> int:
        """Damage dealt to a unit entering the space (0 if it holds no damage hazard)."""
        return sum(h.amount for h in self.hazards_at(space) if h.kind is HazardKind.DAMAGE)

    @property
    def blocked(self) -> frozenset[Space]:
        return self._blocked

    @property
    def slowed(self) -> frozenset[Space]:
        return self._slowed


#: The layout of a board with no hazards.
EMPTY_LAYOUT: Final = Layout()
