"""A Murdham fight at one moment (`seeds/002`): zones, fighters, the round and the turn.

Values only: the fold of the events (`events`) builds it, the handlers (`rounds`, `attacks`)
read it. "Nearby" is our reading of the chapter's word: in the same zone.
"""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass, field, replace

from adjudicator.combat.errors import UnknownUnit
from adjudicator.combat.record import Record

#: "During their turn characters can move by 2 zones".
MOVE_ZONES = 2


class Phase(enum.Enum):
    SETUP = "setup"
    ACTION = "action"
    ENDED = "ended"


class SubPhase(enum.Enum):
    """The optional rule "fast and slow activations" splits the action phase in two."""

    ALL = "all"
    FAST = "fast"
    SLOW = "slow"


class Status(enum.Enum):
    ACTIVE = "active"
    INCAPACITATED = "incapacitated"
    DEAD = "dead"
    SURRENDERED = "surrendered"
    #: Failed a morale check: "those who fail must surrender or retreat".
    BROKEN = "broken"
    #: Fled and passed the chase's save: "those who pass escape" (out of the fight).
    ESCAPED = "escaped"


class Mode(enum.Enum):
    MELEE = "melee"
    RANGED = "ranged"
    INDIRECT = "indirect"


@dataclass(frozen=True)
class Fighter(Record):
    """A character: faction, the three save scores, health, armour, weapon and where it is.

    `weapon` is the damage die's sides (0: unarmed, "d4 impaired damage"); `reach` is the
    weapon's range in zones (0: a melee weapon). `concealed`: unseen by the enemy, as
    "Characters who launch an ambush are concealed at the start of the fight" until revealed."""

    name: str
    faction: str
    wit: int
    agi: int
    strength: int
    hp: int
    max_hp: int
    zone: str
    armour: int = 0
    weapon: int = 0
    reach: int = 0
    immune_to_fear: bool = False
    prepared: bool = False
    status: Status = Status.ACTIVE
    concealed: bool = False

    @property
    def standing(self) -> bool:
        """Takes part in the round: not incapacitated, dead, surrendered, broken or escaped."""
        return self.status is Status.ACTIVE

    @property
    def present(self) -> bool:
        """Still on the battlefield to be attacked or stood behind: neither dead nor escaped."""
        return self.status not in (Status.DEAD, Status.ESCAPED)

    def stats(self) -> str:
        weapon = f"d{self.weapon}" if self.weapon else "unarmed (d4 impaired)"
        reach = f" range {self.reach}" if self.reach else ""
        return (
            f"WIT {self.wit} AGI {self.agi} STR {self.strength}, HP {self.hp}/{self.max_hp}, "
            f"armour {self.armour}, {weapon}{reach}, in {self.zone}"
            + (", concealed" if self.concealed else "")
        )

    def describe(self) -> str:
        return f"{self.name} ({self.faction}) {self.stats()}"


@dataclass(frozen=True)
class Turn(Record):
    """The acting character's budget: zones of movement left, main and bonus actions used."""

    unit: str
    movement: int = MOVE_ZONES
    moved: bool = False
    main: bool = False
    bonus: int = 0

    def may_main(self) -> bool:
        """ "a main action or a second bonus action": a main only if one bonus at most."""
        return not self.main and self.bonus <= 1

    def may_bonus(self) -> bool:
        """ "a bonus action, and ... a main action or a second bonus action"."""
        return self.bonus == 0 or (self.bonus == 1 and not self.main)


@dataclass(frozen=True)
class PendingAttack(Record):
    """An attack that hit (or needs no save) and waits for the target's reaction."""

    attacker: str
    target: str
    die: int
    impaired: bool
    cover: bool
    unaware: bool = False
    #: Targets who reacted already for this attack (hiding passes the attack on).
    reacted: tuple[str, ...] = ()
    #: "disarm" or "grapple" for a non-lethal attack (a STR save instead of damage).
    nonlethal: str = ""
    #: A blast's targets still to come, in order: each gets its own window when this one ends.
    blast: tuple[str, ...] = ()
    #: An attack with several targets (a blast): no one nearby is left to guard or hide behind.
    multiple: bool = False
    #: A target of this blast has countered it: "can only be countered by a single target".
    countered: bool = False
    #: The attacker peeks from behind a barrier: a counter finds it in cover.
    peeking: bool = False
    #: An attack stunt proposed to the target, waiting for its answer ("" for none): "The
    #: target can either accept the proposed effect or resolve the attack as normal."
    stunt: str = ""


@dataclass(frozen=True)
class MurdhamState:
    """The fight: zones and their links, fighters, the round, whose go it is, the turn."""

    variant: str = "murdham"
    zones: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    fighters: tuple[Fighter, ...] = ()
    phase: Phase = Phase.SETUP
    sub: SubPhase = SubPhase.ALL
    round: int = 0
    initiative: str | None = None
    to_act: str | None = None
    passes: int = 0
    acted: frozenset[str] = frozenset()
    turn: Turn | None = None
    pending: PendingAttack | None = None
    threshold: int | None = None
    #: Fighters who passed a morale check: "not subject to morale for the remainder".
    steady: frozenset[str] = frozenset()
    #: (grabber, grabbed): "Grabbed characters are entangled for as long as their enemy
    #: keeps hold of them."
    grabs: tuple[tuple[str, str], ...] = ()
    #: Each faction's number when the fight began: "reduced to half or less their original".
    original: tuple[tuple[str, int], ...] = ()
    ended: str | None = None
    #: "the faction which started the fight": it has the initiative on the first round.
    starter: str | None = None
    #: Round 0, the ambush's "bonus turn before the others": who may take a turn in it (the
    #: concealed and their allies, who know of them).
    bonus: frozenset[str] = frozenset()
    factions_order: tuple[str, ...] = field(default=())
    #: Attack stunts accepted, (target, effect, attacker): the effect instead of the damage.
    stunts: tuple[tuple[str, str, str], ...] = ()

    # --- lookups ------------------------------------------------------------------------------

    def has(self, name: str) -> bool:
        return any(f.name.casefold() == name.strip().casefold() for f in self.fighters)

    def fighter(self, name: str) -> Fighter:
        for f in self.fighters:
            if f.name.casefold() == name.strip().casefold():
                return f
        known = ", ".join(f.name for f in self.fighters) or "none yet"
        raise UnknownUnit(f"no character {name!r} in this fight", hint=f"characters: {known}")

    def zone(self, name: str) -> str | None:
        for z in self.zones:
            if z.casefold() == name.strip().casefold():
                return z
        return None

    def update(self, name: str, **changes: object) -> MurdhamState:
        wanted = self.fighter(name).name
        fighters = tuple(
            replace(f, **changes) if f.name == wanted else f  # type: ignore[arg-type]
            for f in self.fighters
        )
        return replace(self, fighters=fighters)

    def factions(self) -> tuple[str, ...]:
        """Every faction, in the order its first character joined."""
        return self.factions_order

    def in_play(self) -> tuple[str, ...]:
        """Factions with a character standing: those that alternate in the action phase."""
        return tuple(
            faction
            for faction in self.factions_order
            if any(f.faction == faction and f.standing for f in self.fighters)
        )

    def members(self, faction: str) -> tuple[Fighter, ...]:
        return tuple(f for f in self.fighters if f.faction == faction)

    def neighbours(self, zone: str) -> tuple[str, ...]:
        return tuple(b if a == zone else a for a, b in self.links if zone in (a, b) and a != b)

    def distance(self, start: str, end: str) -> int | None:
        """Zones between two zones along the links (0: the same zone); None: unreachable."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == end:
                return seen[here]
            for there in self.neighbours(here):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return None

    def nearby(self, a: Fighter, b: Fighter) -> bool:
        """ "nearby": in the same zone (our reading)."""
        return a.zone == b.zone

    def next_faction(self, after: str | None) -> str | None:
        """The faction whose go follows `after`'s: "The factions alternate taking turns"."""
        order = self.in_play()
        if not order:
            return None
        if after not in order:
            return order[0]
        return order[(order.index(after) + 1) % len(order)]

    def held_by(self, name: str) -> str | None:
        """Who keeps hold of `name` (a grabber who is still standing), if anyone."""
        for grabber, grabbed in self.grabs:
            if grabbed == name and self.fighter(grabber).standing:
                return grabber
        return None

    def holding(self, name: str) -> tuple[str, ...]:
        """Whom `name` keeps hold of."""
        return tuple(b for a, b in self.grabs if a == name and self.held_by(b) == name)

    @property
    def bonus_turn(self) -> bool:
        """The ambush's bonus turn (round 0) is being played."""
        return self.phase is Phase.ACTION and self.round == 0

    def may_take_turn(self, fighter: Fighter) -> bool:
        """Standing, not yet acted this round, aware of the ambush in its bonus turn, and
        (fast sub-phase) quick enough."""
        if not fighter.standing or fighter.name in self.acted:
            return False
        if self.bonus_turn and fighter.name not in self.bonus:
            return False
        if self.sub is SubPhase.FAST and self.threshold is not None:
            first_round_exception = self.round == 1 and fighter.prepared
            return fighter.wit >= self.threshold or first_round_exception
        return True
