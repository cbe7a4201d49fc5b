"""A Shadow of the Weird Wizard fight at one moment (`seeds/004`): combatants on a line of
yards, the round (the Sage's side first, then the players), the turn, reactions used.

Our reading of space, where the page refers to a Movement page it does not include: each
combatant stands at a whole number of yards on one line; reach is 1 yard; ranges, Speed and
"within 5 yards" are measured along it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction

from adjudicator.combat.errors import UnknownUnit
from adjudicator.combat.record import Record

REACH = 1


class Side(enum.Enum):
    SAGE = "sage"
    PLAYERS = "players"


class Grip(enum.Enum):
    """How a combatant's weapon is wielded (attack options ask for some); natural: it holds
    no weapon in its hands."""

    ONE_HANDED = "one-handed"
    TWO_HANDED = "two-handed"
    OFF_HAND = "off-hand"
    NATURAL = "natural"


class Applies(enum.Enum):
    """Which roll a pending boon or bane falls on."""

    #: Help and Hinder: "its next attribute roll".
    ROLL = "its next attribute roll"
    #: Pressing Attack: "the next roll the target makes to attack".
    ATTACK = "its next roll to attack"
    #: Disrupting and Guarded Attacks: "the next roll to attack it".
    ATTACKED = "the next roll to attack it"


class Phase(enum.Enum):
    SETUP = "setup"
    FIGHTING = "fighting"
    ENDED = "ended"


@dataclass(frozen=True)
class Combatant(Record):
    """A creature: its side, attributes, Defense, Health, damage total, weapon and place.

    `weapon` is its damage dice ("2d6" as 2 dice of d6: `dice`), `range` 0 for a melee
    weapon, `grip` how it is wielded; `bonus` its Bonus Damage dice (+Nd6); `size` its Size
    ("1", "1/2", "2"); `disarmed` once it has dropped its weapon; `off_hand` the dice of a
    second weapon wielded in an off-hand grip."""

    name: str
    side: Side
    strength: int
    agility: int
    intellect: int
    will: int
    defense: int
    health: int
    position: int = 0
    speed: int = 10
    dice: int = 1
    range: int = 0
    bonus: int = 0
    damage: int = 0
    size: str = "1"
    grip: Grip = Grip.ONE_HANDED
    shield: bool = False
    disarmed: bool = False
    prone: bool = False
    #: A second weapon, in the off hand: its damage dice (0: none).
    off_hand: int = 0

    @property
    def bulk(self) -> Fraction:
        """Its Size as a number (`size` is kept as written: "1/2")."""
        return Fraction(self.size)

    @property
    def incapacitated(self) -> bool:
        return self.damage >= self.health

    def score(self, attribute: str) -> int:
        return int(getattr(self, attribute))

    def describe(self) -> str:
        weapon = f"{self.dice}d6" + (f" range {self.range}" if self.range else "")
        if self.grip is not Grip.ONE_HANDED:
            weapon += f" {self.grip.value}"
        if self.off_hand:
            weapon += f" and off-hand {self.off_hand}d6"
        if self.disarmed:
            weapon += " (dropped)"
        bonus = f", +{self.bonus}d6 Bonus Damage" if self.bonus else ""
        extras = (", shield" if self.shield else "") + (
            f", Size {self.size}" if self.size != "1" else ""
        )
        return (
            f"{self.name} ({self.side.value}): Str {self.strength} Agi {self.agility} "
            f"Int {self.intellect} Will {self.will}, Defense {self.defense}, Health "
            f"{self.health}, {weapon}{bonus}{extras}, at {self.position} yd"
        )


@dataclass(frozen=True)
class Turn(Record):
    unit: str
    moved: int = 0
    speed: int = 0
    acted: bool = False


@dataclass(frozen=True)
class Boon(Record):
    """A boon (+1) or bane (-1) waiting for a creature's next attribute roll (or the roll
    `on` says), and whose."""

    unit: str
    amount: int
    source: str
    #: Who granted it: "before the start of your next turn" it lapses.
    by: str
    on: Applies = Applies.ROLL


@dataclass(frozen=True)
class Volley(Record):
    """Multiple attacks under way ("reduce the amount of Bonus Damage by 2 dice for each
    additional attack"): who makes them, how many are left, the Bonus Damage left to divide
    between them, and the targets chosen so far (each additional one is a different target)."""

    attacker: str
    left: int
    bonus: int
    targets: tuple[str, ...]


@dataclass(frozen=True)
class Grab(Record):
    """A grab ("the target becomes held by you until the end of your next turn"): who holds
    whom, the round it was made or extended in, and whether the held creature is pinned."""

    holder: str
    held: str
    round: int
    pinned: bool = False
    #: A drag failed: "On a failure, you can move, but if you do so the grab ends."
    slipping: bool = False


@dataclass(frozen=True)
class WeirdState:
    variant: str = "weird-wizard"
    combatants: tuple[Combatant, ...] = ()
    phase: Phase = Phase.SETUP
    round: int = 0
    turn: Turn | None = None
    done: frozenset[str] = frozenset()
    reacted: frozenset[str] = frozenset()
    #: Players who took the initiative this round: they act before the Sage's side.
    initiative: tuple[str, ...] = ()
    ambushed: frozenset[str] = frozenset()
    #: Who is defending (until the end of their next turn), and whose defence is spent.
    defending: tuple[tuple[str, int], ...] = ()
    boons: tuple[Boon, ...] = ()
    #: Who has used Bonus Damage this round ("Once per round").
    bonus_used: frozenset[str] = frozenset()
    #: Additional attacks still to make in the acting combatant's attack action.
    volley: Volley | None = None
    #: Who has the Slippery trait until the end of its turn (a feinting attack).
    slippery: frozenset[str] = frozenset()
    #: The grabs in force (unarmed attacks: Grab, Drag, Wrestle, Escape).
    grabs: tuple[Grab, ...] = ()
    #: Whose Speed is 0 until the start of whose next turn (a trip's critical success).
    halted: tuple[tuple[str, str], ...] = ()
    ended: str | None = None

    def has(self, name: str) -> bool:
        return any(c.name.casefold() == name.strip().casefold() for c in self.combatants)

    def unit(self, name: str) -> Combatant:
        for c in self.combatants:
            if c.name.casefold() == name.strip().casefold():
                return c
        known = ", ".join(c.name for c in self.combatants) or "none yet"
        raise UnknownUnit(f"no combatant {name!r} in this fight", hint=f"combatants: {known}")

    def update(self, name: str, **changes: object) -> WeirdState:
        wanted = self.unit(name).name
        units = tuple(
            replace(c, **changes) if c.name == wanted else c  # type: ignore[arg-type]
            for c in self.combatants
        )
        return replace(self, combatants=units)

    def side(self, side: Side) -> tuple[Combatant, ...]:
        return tuple(c for c in self.combatants if c.side is side)

    def standing(self, side: Side) -> tuple[Combatant, ...]:
        return tuple(c for c in self.side(side) if not c.incapacitated)

    def in_reach(self, a: Combatant, b: Combatant) -> bool:
        return abs(a.position - b.position) <= REACH

    def distance(self, a: Combatant, b: Combatant) -> int:
        return abs(a.position - b.position)

    def now_acting(self) -> Side | None:
        """Whose part of the round it is: initiative-takers, then the Sage's side, then the
        players. None when everyone has taken a turn."""
        pending = [c for c in self.combatants if c.name not in self.done and not c.incapacitated]
        early = [c for c in pending if c.name in self.initiative]
        if early:
            return Side.PLAYERS
        if any(c.side is Side.SAGE for c in pending):
            return Side.SAGE
        if pending:
            return Side.PLAYERS
        return None

    def may_take_turn(self, c: Combatant) -> bool:
        if c.incapacitated or c.name in self.done or self.turn is not None:
            return False
        acting = self.now_acting()
        if c.name in self.initiative:
            return True
        if acting is Side.PLAYERS and any(
            p.name in self.initiative and p.name not in self.done for p in self.combatants
        ):
            return False
        return c.side is acting

    def boons_for(self, name: str, on: Applies = Applies.ROLL) -> int:
        return sum(b.amount for b in self.boons if b.unit == name and b.on is on)

    def volley_of(self, name: str) -> Volley | None:
        """The multiple attacks `name` is making this turn, if it declared some."""
        volley = self.volley
        return volley if volley is not None and volley.attacker == name else None

    def grab_of(self, holder: str, held: str) -> Grab | None:
        return next((g for g in self.grabs if g.holder == holder and g.held == held), None)

    def held(self, name: str) -> bool:
        """Held by a grab (or a pin): "Held" in the Weird Wizard core rules: Speed 0."""
        return any(g.held == name for g in self.grabs)

    def pinned(self, name: str) -> bool:
        return any(g.held == name and g.pinned for g in self.grabs)

    def loosen(self) -> WeirdState:
        """Ours: a grab ends once its holder is incapacitated ("unconscious") or the two are
        out of each other's reach (the holder moved away, or either was pushed)."""
        units = {u.name: u for u in self.combatants}
        kept = tuple(
            g
            for g in self.grabs
            if not units[g.holder].incapacitated and self.in_reach(units[g.holder], units[g.held])
        )
        return self if kept == self.grabs else replace(self, grabs=kept)

    def defended(self, name: str) -> bool:
        return any(unit == name for unit, _ in self.defending)
