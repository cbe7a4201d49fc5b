"""A Spellwoven fight at one moment (`seeds/003`): characters with their Initiative and wound
tracks, the Proximities, the Action Round's order and who has acted."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from adjudicator.combat.errors import UnknownUnit
from adjudicator.combat.record import Record
from adjudicator.combat.systems.spellwoven.wounds import Track


class Proximity(enum.Enum):
    """ "**Engaged** ..., **Nearby** ... and **Distant**" """

    ENGAGED = "engaged"
    NEARBY = "nearby"
    DISTANT = "distant"


#: The steps between Proximities: Engaged 0, Nearby 1, Distant 2.
STEPS = {Proximity.ENGAGED: 0, Proximity.NEARBY: 1, Proximity.DISTANT: 2}


class Phase(enum.Enum):
    SETUP = "setup"
    FIGHTING = "fighting"
    ENDED = "ended"


class Out(enum.Enum):
    """Why a character is out of the fight: "Defeat comes when a Character suffers either a
    Felling or Mortal blow, or choses to surrender or flee." """

    NO = "no"
    SURRENDERED = "surrendered"
    FLED = "fled"


@dataclass(frozen=True)
class Character(Record):
    """A combatant: side, the skill it rolls Initiative on, its weapon skill and Menace,
    Quickness Defence, Effort, Proximity, wound track, and a Feint left to use."""

    name: str
    side: str
    initiative_skill: int
    skill: int
    menace: int
    defence: int
    weapon: str = "weapon"
    ranged: bool = False
    effort: int = 0
    feint: bool = False
    proximity: Proximity = Proximity.ENGAGED
    track: Track = field(default_factory=Track)
    out: Out = Out.NO
    #: A Non-Player Character: "[Cooperation] is available to Player Characters".
    npc: bool = False

    @property
    def standing(self) -> bool:
        return self.out is Out.NO and not self.track.felled and not self.track.dead

    @property
    def status(self) -> str:
        if self.track.dead:
            return "dead"
        if self.track.felled:
            return "incapacitated"
        return self.out.value if self.out is not Out.NO else "fighting"

    def describe(self) -> str:
        feint = ", Feint" if self.feint else ""
        npc = ", NPC" if self.npc else ""
        return (
            f"{self.name} ({self.side}{npc}): initiative skill {self.initiative_skill}, "
            f"{self.weapon} skill {self.skill} Menace {self.menace}"
            f"{' (ranged)' if self.ranged else ''}, Quickness Defence {self.defence}, "
            f"Effort {self.effort}{feint}, {self.proximity.value}; {self.track.describe()}"
        )


@dataclass(frozen=True)
class FirstAid(Record):
    """First aid begun this round, resolved last in it: the healer's Healing Skill and the
    Effort spent, and the wound levels they chose to reduce first (1 Shallow ... 5 Mortal)."""

    healer: str
    target: str
    skill: int
    effort: int = 0
    wounds: tuple[int, ...] = ()


@dataclass(frozen=True)
class SpellwovenState:
    variant: str = "spellwoven"
    characters: tuple[Character, ...] = ()
    phase: Phase = Phase.SETUP
    round: int = 0
    initiative: tuple[tuple[str, int], ...] = ()
    #: This round's change to each Initiative: +1 a success, -1 a failure.
    change: tuple[tuple[str, int], ...] = ()
    order: tuple[str, ...] = ()
    acted: frozenset[str] = frozenset()
    ended: str | None = None
    #: First aid begun this round: "Healing ... always happens last in the round".
    tending: tuple[FirstAid, ...] = ()
    #: Characters first aid has been applied to: "only ... once every twenty-four hours".
    healed: frozenset[str] = frozenset()
    #: Characters cooperating this round ("at the end of the round ... loses -5 Initiative").
    cooperating: tuple[str, ...] = ()

    def has(self, name: str) -> bool:
        return any(c.name.casefold() == name.strip().casefold() for c in self.characters)

    def unit(self, name: str) -> Character:
        for c in self.characters:
            if c.name.casefold() == name.strip().casefold():
                return c
        known = ", ".join(c.name for c in self.characters) or "none yet"
        raise UnknownUnit(f"no character {name!r} in this fight", hint=f"characters: {known}")

    def update(self, name: str, **changes: object) -> SpellwovenState:
        wanted = self.unit(name).name
        units = tuple(
            replace(c, **changes) if c.name == wanted else c  # type: ignore[arg-type]
            for c in self.characters
        )
        return replace(self, characters=units)

    def score(self, name: str) -> int:
        return dict(self.initiative).get(name, 0)

    def next_up(self) -> str | None:
        """Who acts now: the first in this round's order who has not acted and still stands."""
        for name in self.order:
            if name not in self.acted and self.unit(name).standing:
                return name
        return None

    def sides_standing(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.side for c in self.characters if c.standing))
