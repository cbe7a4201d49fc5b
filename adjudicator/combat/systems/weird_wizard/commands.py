"""What the Sage and the players ask of a Weird Wizard fight; `handles` ties each command to
its handler in `turns` or `attacks`."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from adjudicator.combat.record import Record
from adjudicator.combat.registry import Handlers
from adjudicator.combat.systems.weird_wizard.state import Affliction, Combatant, Each

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
    """An action other than an attack: run, cast, find, hide, overcome, ...; with `reaction`,
    a spell, talent or item used with a reaction instead (out of turn)."""

    unit: str
    action: str
    note: str = ""
    reaction: bool = False


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
    #: A called shot's aim: the attribute it impairs, or an object the target wears or carries.
    impair: str = ""
    at_object: str = ""
    #: Total cover: the obstacle the target is completely behind (the attack strikes it).
    behind: str = ""
    #: Dodge, the target's reaction to the disarm's Agility roll to resist: 1 boon on it.
    dodge_disarm: bool = False
    #: Thrown: a ranged attack with a weapon that has the Thrown trait (then it is no longer
    #: held), or with an object thrown as an improvised weapon (10 yards at most).
    thrown: bool = False


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


class Lasting(enum.Enum):
    """How long an effect lasts, as the rules word it: until the end of this turn, of the
    next turn, of its creature's next turn, of its creator's next turn ("until the end of
    your next turn"), of the round, for a number of rounds, or until removed."""

    END_OF_TURN = "end-of-turn"
    NEXT_TURN = "next-turn"
    ITS_NEXT_TURN = "its-next-turn"
    CREATOR_NEXT_TURN = "creator-next-turn"
    END_OF_ROUND = "end-of-round"
    ROUNDS = "rounds"
    UNTIL_REMOVED = "until-removed"


@dataclass(frozen=True)
class Afflict(WeirdCommand):
    """A lasting effect on a creature, as the Sage rules a spell, talent, item, trap or other
    harmful effect: `name` (the affliction's if empty), how long it lasts (`rounds` with
    Lasting.ROUNDS), the `affliction` it bestows (Impaired in `attribute`), whether it is
    `helpful`, who created it (`by`) and whether by magic, the roll that can `overcome` it,
    what it does at the end of `each` turn or round (`damage` or `heal` d6). `resist`: the
    attribute (or luck) the creature rolls first to resist it; `dodge` or `withstand` its
    reaction (1 boon), `cover` partial cover against it (1 boon on Agility); `behind` an
    obstacle it is completely behind (refused: total cover)."""

    unit: str
    name: str = ""
    lasting: Lasting = Lasting.UNTIL_REMOVED
    rounds: int = 1
    affliction: Affliction | None = None
    attribute: str = ""
    helpful: bool = False
    by: str = ""
    magical: bool = False
    overcome: str = ""
    each: Each = Each.NEVER
    damage: int = 0
    heal: int = 0
    resist: str = ""
    dodge: bool = False
    withstand: bool = False
    cover: bool = False
    behind: str = ""


@dataclass(frozen=True)
class RemoveEffect(WeirdCommand):
    """The Sage ends an effect (the rules say it ends: the fire put out, the door opened)."""

    number: int
    why: str = "the Sage ends it"


@dataclass(frozen=True)
class Overcome(WeirdCommand):
    """Overcome (an action): the roll its effect names to end a harmful effect on `unit`;
    `dodge` or `withstand` (a reaction) gives 1 boon to an Agility or a Strength roll."""

    unit: str
    number: int
    dodge: bool = False
    withstand: bool = False


@dataclass(frozen=True)
class EndMagic(WeirdCommand):
    """End a Magical Effect (an action): one `unit` created."""

    unit: str
    number: int


@dataclass(frozen=True)
class Effort(WeirdCommand):
    """Extra Effort: spend the turn's action on a task that takes `turns` of them (named when
    it begins), or on the task under way."""

    unit: str
    task: str
    turns: int = 0


@dataclass(frozen=True)
class Abandon(WeirdCommand):
    """Stop a task under way ("all the progress you have made ... is lost")."""

    unit: str


@dataclass(frozen=True)
class PlaceObstacle(WeirdCommand):
    """The Sage places an obstacle a creature can be completely behind: Defense and Health."""

    name: str
    defense: int
    health: int


@dataclass(frozen=True)
class Hide(WeirdCommand):
    unit: str


@dataclass(frozen=True)
class Find(WeirdCommand):
    """Find (an action): hidden creatures within 5 yards are found; `roll` "intellect" or
    "luck" when the Sage asks for one first."""

    unit: str
    roll: str = ""


@dataclass(frozen=True)
class Steal(WeirdCommand):
    """Steal (an action): `thing` from `target`; `dodge` is the target's reaction to the
    roll against its Agility (1 bane)."""

    unit: str
    target: str
    thing: str
    dodge: bool = False


@dataclass(frozen=True)
class Toss(WeirdCommand):
    """Toss (an action) `thing` to `target`: held in `two_hands`, `aerodynamic`, a `weapon`
    (1 bane to catch); `catcher` is a creature whose reach it moves into and that uses its
    reaction to catch it."""

    unit: str
    target: str
    thing: str
    two_hands: bool = False
    aerodynamic: bool = False
    weapon: bool = False
    catcher: str = ""


@dataclass(frozen=True)
class Throw(WeirdCommand):
    """Throw (an action) `thing` to a spot `to` (yards), held in `two_hands` or
    `aerodynamic`; a thrown attack is `Attack(thrown=True)`."""

    unit: str
    thing: str
    to: int
    two_hands: bool = False
    aerodynamic: bool = False


@dataclass(frozen=True)
class EndTurn(WeirdCommand):
    """End the turn; `order` names effects (by number) in the order they resolve at the end
    of the turn (and of the round, if it ends): harmful ones first."""

    unit: str
    order: tuple[int, ...] = ()


@dataclass(frozen=True)
class EndFight(WeirdCommand):
    reason: str = "the Sage ends the fight"
