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
from adjudicator.combat.systems.weird_wizard.errors import UnknownEffect, UnknownObstacle

REACH = 1
#: How far an object held in one hand is thrown (or tossed), in yards; in two hands, half.
THROW_YARDS = 10
#: The name of the effect the Hide action gives ("you become hidden until you are found").
HIDDEN = "hidden"


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


class Affliction(enum.Enum):
    """The afflictions the page names: Called Shot's Impaired; what ends a Guarded Attack's
    benefit, a grab or a pin; what a pinned creature is."""

    CONFUSED = "confused"
    CONTROLLED = "controlled"
    HELD = "held"
    IMPAIRED = "impaired"
    STUNNED = "stunned"
    UNCONSCIOUS = "unconscious"
    WEAKENED = "weakened"


class Ends(enum.Enum):
    """When a lasting effect ends: at the end of a turn (any creature's, or one creature's,
    after turn number `after`), at the end of round `after`, or when something removes it."""

    TURN = "turn"
    ROUND = "round"
    REMOVED = "removed"


class Each(enum.Enum):
    """When a lasting effect occurs again: at the end of each of its creature's turns, or at
    the end of each round ("Certain effects occur or are resolved at the end of the round")."""

    NEVER = "never"
    TURN = "turn"
    ROUND = "round"


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
    #: The Thrown trait of its weapon: the range it is thrown to (0: not a thrown weapon).
    thrown: int = 0

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
        if self.thrown:
            weapon += f" thrown {self.thrown}"
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
    #: The how-manieth turn of the fight it is (effects ending "at the end of the next turn").
    number: int = 0


@dataclass(frozen=True)
class Effect(Record):
    """A lasting effect on a creature: its `number` in the fight, its name, when it ends
    (`ends`, `after`, `whose`), the affliction it bestows (Impaired in `attribute`), whether
    it is harmful, who created it (`by`, "" for the Sage) and whether by magic, the roll that
    can overcome it ("" none; an attribute or "luck"), and what it does each turn or round
    (`damage` d6 dealt, `heal` d6 healed)."""

    number: int
    unit: str
    name: str
    ends: Ends
    #: The last turn number (Ends.TURN) or the round (Ends.ROUND) that it outlasts.
    after: int = 0
    #: Ends.TURN: whose turn's end ends it ("" for any creature's).
    whose: str = ""
    affliction: Affliction | None = None
    attribute: str = ""
    harmful: bool = True
    by: str = ""
    magical: bool = False
    overcome: str = ""
    each: Each = Each.NEVER
    damage: int = 0
    heal: int = 0
    #: How long it lasts, in the words of the moment it began ("until the end of this turn").
    until: str = ""

    def describe(self) -> str:
        what = self.name
        if self.affliction is not None and self.affliction.value != self.name.casefold():
            what += f" ({self.affliction.value}"
            what += f" in {self.attribute.capitalize()})" if self.attribute else ")"
        elif self.attribute:
            what += f" in {self.attribute.capitalize()}"
        return f"#{self.number} {self.unit} {what}"

    def lasts(self) -> str:
        """Its duration in words, for the log and the board."""
        if self.until:
            return self.until
        if self.ends is Ends.ROUND:
            return f"until the end of round {self.after}"
        if self.ends is Ends.TURN:
            whose = f"{self.whose}'s" if self.whose else "the"
            return f"until the end of {whose} next turn"
        return "until removed"


@dataclass(frozen=True)
class Obstacle(Record):
    """An obstacle a creature can be completely behind (total cover): its Defense and Health
    as the Sage gives them, and the damage it has taken."""

    name: str
    defense: int
    health: int
    damage: int = 0

    @property
    def destroyed(self) -> bool:
        return self.damage >= self.health


@dataclass(frozen=True)
class Task(Record):
    """A task that takes more than an action (Extra Effort): the turns of actions it needs,
    those spent on it so far, and the turn number it was last worked on."""

    unit: str
    name: str
    needed: int
    done: int = 0
    last: int = 0


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
    #: The lasting effects in force, and how many were ever begun (the next one's number).
    effects: tuple[Effect, ...] = ()
    effect_count: int = 0
    #: How many turns have started in the fight.
    turns: int = 0
    obstacles: tuple[Obstacle, ...] = ()
    #: Tasks under way that take more than an action (Extra Effort).
    tasks: tuple[Task, ...] = ()

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

    def regrab(
        self, holder: str, held: str, *, pinned: bool | None = None, slipping: bool | None = None
    ) -> WeirdState:
        """The state with the grab of `holder` on `held` pinned or not, slipping or not."""
        grabs = tuple(
            replace(
                g,
                pinned=g.pinned if pinned is None else pinned,
                slipping=g.slipping if slipping is None else slipping,
            )
            if (g.holder, g.held) == (holder, held)
            else g
            for g in self.grabs
        )
        return replace(self, grabs=grabs)

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

    def effects_on(self, name: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.unit == name)

    def effect(self, number: int) -> Effect:
        for e in self.effects:
            if e.number == number:
                return e
        known = ", ".join(f"#{e.number} ({e.unit} {e.name})" for e in self.effects) or "none"
        raise UnknownEffect(f"no effect #{number} in force", hint=f"effects: {known}")

    def afflictions(self, name: str) -> frozenset[tuple[Affliction, str]]:
        """The afflictions `name` has (with Impaired's attribute): those its effects bestow;
        held by a grab; confused, held and weakened while pinned ("A pinned creature is
        confused, held, weakened, and cannot stand up until the effect ends.")."""
        found = {(e.affliction, e.attribute) for e in self.effects_on(name) if e.affliction}
        if self.held(name):
            found.add((Affliction.HELD, ""))
        if self.pinned(name):
            found |= {(Affliction.CONFUSED, ""), (Affliction.WEAKENED, "")}
        return frozenset((a, attribute) for a, attribute in found if a is not None)

    def afflicted(self, name: str) -> frozenset[Affliction]:
        return frozenset(a for a, _ in self.afflictions(name))

    def obstacle(self, name: str) -> Obstacle:
        for o in self.obstacles:
            if o.name.casefold() == name.strip().casefold():
                return o
        known = ", ".join(o.name for o in self.obstacles) or "none"
        raise UnknownObstacle(f"no obstacle {name!r} here", hint=f"obstacles: {known}")

    def task_of(self, name: str) -> Task | None:
        return next((t for t in self.tasks if t.unit == name), None)

    def hidden(self, name: str) -> Effect | None:
        """The effect that has `name` hidden (the Hide action), if any."""
        return next((e for e in self.effects_on(name) if e.name == HIDDEN), None)
