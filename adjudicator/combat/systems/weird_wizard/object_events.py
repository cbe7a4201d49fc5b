"""The facts of obstacles and objects in a Weird Wizard fight (`seeds/004`, "Cover",
"Called Shot", "Toss", "Catch", "Steal"): an obstacle struck in a covered target's stead,
an object hit, tossed, caught, dropped or stolen."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.events import dice_text
from adjudicator.combat.systems.weird_wizard.events import WeirdEvent
from adjudicator.combat.systems.weird_wizard.state import Obstacle, WeirdState


def spend_bonus(state: WeirdState, attacker: str, dice: int) -> WeirdState:
    """The Bonus Damage rolled with a hit is spent, as `DamageDealt` spends it."""
    volley = state.volley_of(attacker)
    if volley is not None:
        state = replace(state, volley=replace(volley, bonus=volley.bonus - dice))
    if dice:
        state = replace(state, bonus_used=state.bonus_used | {attacker})
    return state


def damage_text(
    rolls: tuple[RolledDie, ...], extra: tuple[RolledDie, ...], bonus: tuple[RolledDie, ...]
) -> str:
    parts = [dice_text(rolls)] if rolls else []
    if extra:
        parts.append(f"off-hand {dice_text(extra)}")
    if bonus:
        parts.append(f"Bonus Damage {dice_text(bonus)}")
    return " + ".join(parts) or "no dice"


@dataclass(frozen=True)
class ObstaclePlaced(WeirdEvent):
    kind: ClassVar[str] = "obstacle_placed"
    obstacle: Obstacle

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, obstacles=(*state.obstacles, self.obstacle))

    def describe(self) -> str:
        o = self.obstacle
        return f"the Sage places an obstacle: {o.name}, Defense {o.defense}, Health {o.health}"


@dataclass(frozen=True)
class ObstacleStruck(WeirdEvent):
    """An attack on a target with total cover strikes the obstacle; "If the obstacle is
    destroyed as a result, any additional damage dealt by that attack or effect is applied to
    whatever was behind the obstacle." """

    kind: ClassVar[str] = "obstacle_struck"
    attacker: str
    target: str
    obstacle: str
    rolls: tuple[RolledDie, ...]
    bonus: tuple[RolledDie, ...] = ()
    extra: tuple[RolledDie, ...] = ()

    @property
    def total(self) -> int:
        return sum(r.value for r in (*self.rolls, *self.extra, *self.bonus))

    def split(self, state: WeirdState) -> tuple[int, int]:
        """The damage the obstacle takes and what goes on to the target behind it."""
        o = state.obstacle(self.obstacle)
        taken = min(self.total, o.health - o.damage)
        return taken, self.total - taken

    def apply(self, state: WeirdState) -> WeirdState:
        taken, beyond = self.split(state)
        obstacles = tuple(
            replace(o, damage=o.damage + taken) if o.name == self.obstacle else o
            for o in state.obstacles
        )
        state = replace(state, obstacles=obstacles)
        if beyond:
            target = state.unit(self.target)
            state = state.update(self.target, damage=target.damage + beyond)
        return spend_bonus(state, self.attacker, len(self.bonus)).loosen()

    def describe(self) -> str:
        dice = damage_text(self.rolls, self.extra, self.bonus)
        return (
            f"{self.attacker}'s attack on {self.target} strikes {self.obstacle}: "
            f"{self.total} damage ({dice})"
        )


@dataclass(frozen=True)
class ObstacleDestroyed(WeirdEvent):
    kind: ClassVar[str] = "obstacle_destroyed"
    obstacle: str
    target: str
    beyond: int

    def describe(self) -> str:
        rest = f": {self.beyond} damage goes on to {self.target}" if self.beyond else ""
        return f"{self.obstacle} is destroyed{rest}"


@dataclass(frozen=True)
class ObjectStruck(WeirdEvent):
    """A called shot at an object the target wears or carries: "the object takes the damage
    instead" (the object is the Sage's to track)."""

    kind: ClassVar[str] = "object_struck"
    attacker: str
    target: str
    thing: str
    rolls: tuple[RolledDie, ...]
    bonus: tuple[RolledDie, ...] = ()
    extra: tuple[RolledDie, ...] = ()

    @property
    def total(self) -> int:
        return sum(r.value for r in (*self.rolls, *self.extra, *self.bonus))

    def apply(self, state: WeirdState) -> WeirdState:
        return spend_bonus(state, self.attacker, len(self.bonus))

    def describe(self) -> str:
        dice = damage_text(self.rolls, self.extra, self.bonus)
        return (
            f"{self.target}'s {self.thing} takes {self.total} damage from {self.attacker} "
            f"instead of {self.target} ({dice})"
        )


@dataclass(frozen=True)
class Caught(WeirdEvent):
    kind: ClassVar[str] = "caught"
    unit: str
    thing: str
    by: str

    def describe(self) -> str:
        return f"{self.unit} catches the {self.thing} {self.by} tossed"


@dataclass(frozen=True)
class Fell(WeirdEvent):
    kind: ClassVar[str] = "fell"
    thing: str
    near: str
    why: str

    def describe(self) -> str:
        return f"the {self.thing} lands near {self.near} ({self.why}; the Sage chooses where)"


@dataclass(frozen=True)
class Stolen(WeirdEvent):
    kind: ClassVar[str] = "stolen"
    unit: str
    target: str
    thing: str

    def describe(self) -> str:
        return f"{self.unit} steals {self.target}'s {self.thing}"


@dataclass(frozen=True)
class Noticed(WeirdEvent):
    kind: ClassVar[str] = "noticed"
    unit: str
    by: str

    def describe(self) -> str:
        return f"{self.by} notices {self.unit}'s attempt"


@dataclass(frozen=True)
class WeaponThrown(WeirdEvent):
    """A weapon thrown in an attack leaves its thrower's hand: until it takes one up again
    (`rearm`) it attacks as with an improvised weapon."""

    kind: ClassVar[str] = "weapon_thrown"
    unit: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.update(self.unit, disarmed=True)

    def describe(self) -> str:
        return f"{self.unit} has thrown its weapon: it holds it no more"
