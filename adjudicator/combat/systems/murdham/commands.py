"""What the GM and the players ask of a Murdham fight; `handles` ties each to its handler.

Commands are frozen records (JSON for the ledger's steps). Handlers live in `rounds` and
`attacks`, registered with `@handles(Command)` beside each function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from adjudicator.combat.record import Record
from adjudicator.combat.registry import Handlers
from adjudicator.combat.systems.murdham.state import Fighter

if TYPE_CHECKING:
    from adjudicator.combat.systems.murdham.transaction import Tx


class MurdhamCommand(Record):
    """A request to the fight, checked against the rules by its handler."""


#: The handler of each command class, filled by `@handles` as the handler modules load.
HANDLERS: Final[Handlers[Tx]] = Handlers("the Murdham handler of")
handles = HANDLERS.handles


# --- setting up --------------------------------------------------------------------------------


@dataclass(frozen=True)
class AddZone(MurdhamCommand):
    zone: str


@dataclass(frozen=True)
class LinkZones(MurdhamCommand):
    a: str
    b: str


@dataclass(frozen=True)
class AddFighter(MurdhamCommand):
    fighter: Fighter


@dataclass(frozen=True)
class SetArmour(MurdhamCommand):
    """Set a character's armour value before the fight: "Armour can't be changed during a
    fight"."""

    unit: str
    armour: int


@dataclass(frozen=True)
class Begin(MurdhamCommand):
    """The first round; `starter` is "the faction which started the fight" (None: roll)."""

    starter: str | None = None


# --- the action phase --------------------------------------------------------------------------


@dataclass(frozen=True)
class TakeTurn(MurdhamCommand):
    unit: str


@dataclass(frozen=True)
class Pass(MurdhamCommand):
    faction: str


@dataclass(frozen=True)
class Move(MurdhamCommand):
    """Move along `path` (the zones entered, in order); `opportunity` names the nearby
    enemies who take an opportunity attack as the mover leaves their zone."""

    unit: str
    path: tuple[str, ...]
    opportunity: tuple[str, ...] = ()
    #: A concealed character sneaking: "they halve their speed ... and must pass an AGI save
    #: to avoid detection".
    sneak: bool = False


@dataclass(frozen=True)
class Act(MurdhamCommand):
    """A main or bonus action other than an attack: sprint, invoke, distract, ..."""

    unit: str
    action: str
    note: str = ""


@dataclass(frozen=True)
class Drop(MurdhamCommand):
    """Drop `item`: "Dropping something is free, but the item might be damaged if fragile."
    `weapon`: the item is the weapon in hand (unarmed after, as a disarm leaves them)."""

    unit: str
    item: str
    fragile: bool = False
    weapon: bool = False


@dataclass(frozen=True)
class Conceal(MurdhamCommand):
    """The GM rules a character hidden again: "Hiding later during the fight requires being
    out of sight for a while or a major distraction." `reason`: "out-of-sight" or
    "distraction"; `note` says which, for the log."""

    unit: str
    reason: str
    note: str = ""


@dataclass(frozen=True)
class Reveal(MurdhamCommand):
    """The GM reveals a concealed character: "Concealed characters are revealed when they make
    noise or become visible to the enemy" (`why`: walking right in front of the enemy...)."""

    unit: str
    why: str


@dataclass(frozen=True)
class EndTurn(MurdhamCommand):
    unit: str


@dataclass(frozen=True)
class Surrender(MurdhamCommand):
    unit: str


@dataclass(frozen=True)
class EndFight(MurdhamCommand):
    reason: str = "the GM ends the fight"


# --- attacks and reactions ---------------------------------------------------------------------


@dataclass(frozen=True)
class Attack(MurdhamCommand):
    """An attack (a main action) with the circumstances the GM rules on."""

    attacker: str
    target: str
    mode: str = "melee"
    challenging: bool = False
    visible: bool = True
    hold_back: bool = False
    concealed: bool = False
    cover: bool = False
    unaware: bool = False
    final_blow: bool = False
    #: "disarm" or "grapple": a non-lethal attack.
    nonlethal: str = ""
    #: The target is behind a barrier: "Barriers completely block attacks."
    barrier: bool = False
    #: The attacker peeks from behind a barrier: "they can be still countered and the barrier
    #: only counts as cover."
    peeking: bool = False
    #: An attack stunt: "The attacker can propose an alternative effect to the target instead
    #: of inflicting damage (cutting a limb, forcing a surrender, etc.)" ("" for none).
    stunt: str = ""


@dataclass(frozen=True)
class Blast(MurdhamCommand):
    """A blast attack (a main action) on a zone (`zone`; "": the attacker's own): everyone in
    it, and `border`, the characters the GM places on its borders (in neighbouring zones)."""

    attacker: str
    zone: str = ""
    mode: str = "melee"
    border: tuple[str, ...] = ()
    challenging: bool = False
    visible: bool = True
    hold_back: bool = False
    concealed: bool = False
    cover: bool = False
    unaware: bool = False
    #: The attacker peeks from behind a barrier (see `Attack.peeking`).
    peeking: bool = False


@dataclass(frozen=True)
class Shove(MurdhamCommand):
    """Shove the character `unit` keeps hold of: freed, moved half a zone (`into`: the
    neighbouring zone it carries them to; "": they stay in their zone) and/or pushed into
    `hazard`, a hazard in their zone the GM names."""

    unit: str
    grabbed: str
    into: str = ""
    hazard: str = ""


@dataclass(frozen=True)
class Dodge(MurdhamCommand):
    unit: str


@dataclass(frozen=True)
class Counter(MurdhamCommand):
    """Counter the attack; `nonlethal` ("disarm" or "grapple"): with a non-lethal attack,
    as "They ... can be used to counter"."""

    unit: str
    hold_back: bool = False
    nonlethal: str = ""


@dataclass(frozen=True)
class Guard(MurdhamCommand):
    unit: str


@dataclass(frozen=True)
class Hide(MurdhamCommand):
    unit: str
    behind: str


@dataclass(frozen=True)
class TakeHit(MurdhamCommand):
    """No (more) reaction: roll the attack's damage."""


@dataclass(frozen=True)
class AcceptStunt(MurdhamCommand):
    """The target (the GM for an NPC) accepts the stunt proposed: the effect, no damage."""

    unit: str


@dataclass(frozen=True)
class RefuseStunt(MurdhamCommand):
    """The target refuses the stunt proposed: "resolve the attack as normal"."""

    unit: str


# --- chases ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chase(MurdhamCommand):
    """A chase over a long distance: "the fleeing character making a group AGI save: those
    who pass escape, those who fail are reached by the pursuers." `pace`: "even" (the save),
    "faster" (the fleeing "can move faster or keep the speed for longer": no save) or
    "slower" ("escaping is impossible"); `zone`: where the pursuers reach them (""; the first
    pursuer's zone)."""

    fleeing: tuple[str, ...]
    pursuers: tuple[str, ...]
    pace: str = "even"
    zone: str = ""
