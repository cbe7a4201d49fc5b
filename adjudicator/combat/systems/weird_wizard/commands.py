"""What the Sage and the players ask of a Weird Wizard fight; `handles` ties each command to
its handler in `turns` or `attacks`."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from adjudicator.combat.record import Record
from adjudicator.combat.registry import Handlers
from adjudicator.combat.systems.weird_wizard.state import Combatant

if TYPE_CHECKING:
    from adjudicator.combat.systems.weird_wizard.transaction import Tx


class WeirdCommand(Record):
    """A request to the fight, checked by its handler."""


#: The handler of each command class, filled by `@handles` as the handler modules load.
HANDLERS: Final[Handlers[Tx]] = Handlers("the Weird Wizard handler of")
handles = HANDLERS.handles


@dataclass(frozen=True)
class AddCombatant(WeirdCommand):
    combatant: Combatant


@dataclass(frozen=True)
class Begin(WeirdCommand):
    """The first round; `ambushed` names those taken by surprise."""

    ambushed: tuple[str, ...] = ()


@dataclass(frozen=True)
class TakeInitiative(WeirdCommand):
    unit: str


@dataclass(frozen=True)
class StartTurn(WeirdCommand):
    unit: str


@dataclass(frozen=True)
class Move(WeirdCommand):
    """Move to a position (yards); `free_attacks` names enemies whose reach it leaves."""

    unit: str
    to: int
    free_attacks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Act(WeirdCommand):
    """An action other than an attack: run, cast, find, hide, overcome, ..."""

    unit: str
    action: str
    note: str = ""


@dataclass(frozen=True)
class Help(WeirdCommand):
    unit: str
    target: str
    hinder: bool = False


@dataclass(frozen=True)
class Defend(WeirdCommand):
    unit: str


@dataclass(frozen=True)
class Stabilize(WeirdCommand):
    unit: str
    target: str


class AttackOption(enum.Enum):
    """The page's attack options: "When you successfully use an attack option, the weapon
    contributes nothing to the damage dealt by the attack." """

    DISRUPTING = "disrupting"
    DRIVING = "driving"
    FEINTING = "feinting"
    GUARDED = "guarded"
    LUNGING = "lunging"
    PRESSING = "pressing"


class Hand(enum.Enum):
    """Which weapon an attack uses when the attacker wields two: "If you wield two
    weapons—one in each hand, you can attack with either." Both: "you can attack with both
    weapons at the same time"."""

    MAIN = "main"
    OFF = "off"
    BOTH = "both"


@dataclass(frozen=True)
class Attack(WeirdCommand):
    """An attack with the circumstances the Sage rules on and the reactions declared ("you
    resolve the reaction before any dice are rolled").

    `attacks` (2 or more) makes multiple attacks, the first of them against `target`; while
    some are left, the attacker's next `Attack` commands are the additional ones. `bonus` is
    the Bonus Damage rolled if this attack succeeds (else it is held). `disarm` disarms
    rather than deals damage; `catch`, the attacker's reaction, catches what is dropped.
    `option` is an attack option; `push` the yards a driving attack pushes (up to 5). `hand`
    is the weapon used, of two wielded."""

    attacker: str
    target: str
    called_shot: bool = False
    high_ground: bool = False
    submerged: bool = False
    obscured: bool = False
    invisible: bool = False
    partial_cover: bool = False
    improvised: bool = False
    bonus: int = 0
    dodge: bool = False
    covered_by: str = ""
    attacks: int = 1
    disarm: bool = False
    catch: bool = False
    option: AttackOption | None = None
    push: int = 5
    hand: Hand = Hand.MAIN


class UnarmedWay(enum.Enum):
    """The page's unarmed attacks ("Unarmed attacks do not benefit from expending Bonus
    Damage")."""

    STRIKE = "strike"
    SHOVE = "shove"
    TRIP = "trip"
    GRAB = "grab"
    DRAG = "drag"
    WRESTLE = "wrestle"
    ESCAPE = "escape"


class Wrestling(enum.Enum):
    """What a successful wrestle does, chosen from the page's four."""

    PRONE = "prone"
    BOTH_PRONE = "both-prone"
    DAMAGE = "damage"
    PIN = "pin"


@dataclass(frozen=True)
class Unarmed(WeirdCommand):
    """An unarmed attack (the action, or an additional attack of multiple attacks; escape is
    an action of the held). `attribute` is the roller's Strength or Agility where the page
    lets it choose, `against` the score rolled against where the target (or, escaping, the
    roller) chooses ("" for the better one); `effect` a wrestle's, `to` where a drag goes.
    `withstand` or `dodge` is the reaction of the creature whose Strength or Agility is
    rolled against: 1 bane on the roll. `grab_back`: on an escape's critical success, the
    reaction grab of the creature that had it held."""

    attacker: str
    way: UnarmedWay
    target: str
    attribute: str = ""
    against: str = ""
    effect: Wrestling | None = None
    to: int | None = None
    withstand: bool = False
    dodge: bool = False
    grab_back: bool = False


@dataclass(frozen=True)
class Release(WeirdCommand):
    """Let a grabbed creature go ("which you can do freely by letting it go")."""

    unit: str
    target: str


@dataclass(frozen=True)
class Stand(WeirdCommand):
    """Stand up from prone (ours, as the core rules have it: half the Speed)."""

    unit: str


@dataclass(frozen=True)
class Rearm(WeirdCommand):
    """Use an Item (ours): a disarmed combatant takes up its weapon again."""

    unit: str


@dataclass(frozen=True)
class EndTurn(WeirdCommand):
    unit: str


@dataclass(frozen=True)
class EndFight(WeirdCommand):
    reason: str = "the Sage ends the fight"
