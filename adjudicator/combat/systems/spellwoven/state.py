"""A Spellwoven fight at one moment (`seeds/003`): characters with their Initiative and wound
tracks, the Proximities, the Action Round's order and who has acted."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from adjudicator.combat.errors import UnknownUnit
from adjudicator.combat.record import Record
from adjudicator.combat.systems.spellwoven.lean import Lean
from adjudicator.combat.systems.spellwoven.options import split, titles
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


#: What a character's `conditions` may hold, each set and lifted by a `ConditionChanged`.
MAIMED = "maimed"  # Maiming: Disadvantage until fully healed
LIMIT = "wound-limit"  # Wound Limit: incapacitated until a successful Healing action
OPEN = "open"  # Over-swing: the next attack against them is at Advantage
SHIELD_WAY = "shield-in-the-way"  # Shield in the Way: their next attack roll at Disadvantage
UNLOADED = "unloaded"  # Blackpowder Weapons: one full action to load and prime
LAST_STAND = "last-stand"  # Heroic Death triggered: fights on until the end of the combat
HEROIC_DEATH = "heroic-death"  # "doomed to die at the end of the conflict"


@dataclass(frozen=True)
class Character(Lean):
    """A combatant: side, the skill it rolls Initiative on, its weapon skill and Menace,
    Quickness Defence, Effort, Proximity, wound track, and a Feint left to use; for the
    optional rules, Presence Defence, Fortitude, a Very Heavy or blackpowder weapon, the
    armour worn, whether a Mortal wound spares them, its conditions and days of rest."""

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
    #: Talk: "Use an opponent's Presence Defence as a Difficulty."
    presence: int | None = None
    #: Maiming: "a number of wounds exceeding your Fortitude".
    fortitude: int | None = None
    #: Over-swing: "If you attack with a Very Heavy weapon and miss".
    very_heavy: bool = False
    #: Blackpowder Weapons.
    blackpowder: bool = False
    #: The armour pieces worn, whose soak "stacks" into the track's.
    armour: tuple[str, ...] = ()
    #: A Mortal wound incapacitates rather than kills (Death at the Player's Discretion,
    #: Heroic Death).
    spared: bool = False
    conditions: tuple[str, ...] = ()
    #: Natural Recuperation: progress to the next level healed, in 105ths (`wounds.STEP`).
    rested: int = 0

    later = frozenset(
        {
            "presence",
            "fortitude",
            "very_heavy",
            "blackpowder",
            "armour",
            "spared",
            "conditions",
            "rested",
        }
    )

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def with_condition(self, condition: str, on: bool) -> tuple[str, ...]:
        kept = tuple(c for c in self.conditions if c != condition)
        return (*kept, condition) if on else kept

    @property
    def dead(self) -> bool:
        """ "A single Mortal Wound results in death", unless it spares them; one who made a
        heroic last stand dies at the end of the conflict, not before."""
        if self.has(HEROIC_DEATH):
            return True
        return self.track.dead and not self.spared and not self.has(LAST_STAND)

    @property
    def down(self) -> bool:
        """Incapacitated: a Felling wound, a Mortal one that spared them, or the Wound Limit
        (none of them while making a heroic last stand)."""
        if self.dead or self.has(LAST_STAND):
            return False
        return self.track.felled or self.track.dead or self.has(LIMIT)

    @property
    def standing(self) -> bool:
        return self.out is Out.NO and not self.dead and not self.down

    @property
    def wound_count(self) -> int:
        return sum(self.track.wounds)

    @property
    def status(self) -> str:
        if self.has(HEROIC_DEATH):
            return "dead (a Heroic Death)"
        if self.dead:
            return "dead"
        if self.down:
            return "incapacitated"
        if self.out is not Out.NO:
            return str(self.out.value)
        return "last stand (Heroic Death)" if self.has(LAST_STAND) else "fighting"

    def describe(self) -> str:
        feint = ", Feint" if self.feint else ""
        npc = ", NPC" if self.npc else ""
        extra = ""
        if self.presence is not None:
            extra += f", Presence Defence {self.presence}"
        if self.fortitude is not None:
            extra += f", Fortitude {self.fortitude}"
        weapon = self.weapon
        if self.very_heavy:
            weapon += " (Very Heavy)"
        if self.blackpowder:
            weapon += " (blackpowder)"
        if self.armour:
            extra += f", wears {', '.join(self.armour)}"
        if self.spared:
            extra += ", a Mortal wound incapacitates"
        return (
            f"{self.name} ({self.side}{npc}): initiative skill {self.initiative_skill}, "
            f"{weapon} skill {self.skill} Menace {self.menace}"
            f"{' (ranged)' if self.ranged else ''}, Quickness Defence {self.defence}, "
            f"Effort {self.effort}{feint}{extra}, {self.proximity.value}; "
            f"{self.track.describe()}"
        )


@dataclass(frozen=True)
class Chance(Record):
    """Something that may be done before the next Action: a free attack of opportunity on
    `unit` by those `by` (Attack of Opportunity), or `unit` triggering a Heroic Death."""

    kind: str
    unit: str
    by: tuple[str, ...] = ()

    OPPORTUNITY = "opportunity"
    HEROIC = "heroic"


@dataclass(frozen=True)
class FirstAid(Lean):
    """First aid begun this round, resolved last in it: the healer's Healing Skill and the
    Effort spent, and the wound levels they chose to reduce first (1 Shallow ... 5 Mortal);
    `edge` the Gamesmaster's Advantage (+1) or Disadvantage (-1) on it."""

    healer: str
    target: str
    skill: int
    effort: int = 0
    wounds: tuple[int, ...] = ()
    edge: int = 0

    later = frozenset({"edge"})


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
    #: What may be done before the next Action (free attacks of opportunity, Heroic Death),
    #: and what the command being resolved has opened so far (`fresh`).
    window: tuple[Chance, ...] = ()
    fresh: tuple[Chance, ...] = ()
    #: Ambushes: who has Tested their Senses, who failed (open to free attacks), and the
    #: ambushers who have made their one free attack.
    sensed: frozenset[str] = frozenset()
    surprised: frozenset[str] = frozenset()
    ambushed: frozenset[str] = frozenset()

    @property
    def options(self) -> tuple[str, ...]:
        """The optional rules the Gamesmaster chose for this fight (kept in its variant)."""
        return split(self.variant)[1]

    @property
    def option_titles(self) -> str:
        return titles(self.options)

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

    def open_chances(self) -> tuple[Chance, ...]:
        """The window's chances still open: an attack of opportunity someone standing may
        make on one not dead; a Heroic Death for one still down or dead."""
        out = []
        for chance in self.window:
            who = self.unit(chance.unit)
            if chance.kind == Chance.OPPORTUNITY:
                if not who.dead and any(self.unit(n).standing for n in chance.by):
                    out.append(chance)
            elif not who.standing and not who.has(LAST_STAND) and not who.has(HEROIC_DEATH):
                out.append(chance)
        return tuple(out)
