"""Commands: what players and the Storyteller ask the engine to do, as plain values.

A command is checked against the current state; if the rules allow it, it becomes events
(`Combat.play`), else it raises a `CombatError` naming the rule and changes nothing. Units
are named by their names; spaces may be given as `Space`s. Choices that follow a roll (the
zone of a critical, which of two attack rolls to keep) are made up front: `aim` and `keep`.
Each command class registers itself by name as it is defined (`COMMAND_TYPES`); its handler
registers with `@handles` (`dispatch`), and the engine checks that every command has one.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.combat.board import Hazard, Space
from adjudicator.combat.record import Record
from adjudicator.combat.registry import Registry
from adjudicator.combat.stack import Enhancement, Replacement, SpellRuling
from adjudicator.combat.units import Unit
from adjudicator.rules.characters import Tag
from adjudicator.rules.words import Word


class AttackStyle(enum.Enum):
    SINGLE = "single"  # one weapon, one attack roll: one action
    DUAL = "dual"  # "roll one Attack Roll for each", a full round
    FLANK = "flank"  # "roll two Attack Rolls instead of one", a full round


#: Every command class by its name, filled as each class is defined.
COMMAND_TYPES: Final[Registry[str, type[Command]]] = Registry("the combat command")


@dataclass(frozen=True)
class Command(Record):
    """Base of every command."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Register the new command by its name: two commands of one name are refused."""
        super().__init_subclass__(**kwargs)
        COMMAND_TYPES.add(cls.__name__, cls)


# --- setup (the Storyteller) -------------------------------------------------------------------


@dataclass(frozen=True)
class AddUnit(Command):
    """Add a combatant (off the board until placed), or an onlooker who may counterspell."""

    unit: Unit
    onlooker: bool = False


@dataclass(frozen=True)
class Place(Command):
    """Put a unit on a space before the fight ("the Storyteller will decide where")."""

    unit: str
    space: Space


@dataclass(frozen=True)
class ChooseEntry(Command):
    """The attacking party's entry point: "choose entry points on the outer ring"."""

    unit: str
    space: Space


@dataclass(frozen=True)
class SetFormation(Command):
    """A team's marching order: spaces kept relative to each other when it is attacked."""

    team: str
    placements: tuple[tuple[str, Space], ...]


@dataclass(frozen=True)
class DeployFormation(Command):
    """Place a team by its marching order, turned to face the attack (`formation.SYMMETRIES`)."""

    team: str
    orientation: str = "as marched"


@dataclass(frozen=True)
class SetAwareness(Command):
    observer: str
    target: str
    aware: bool = False


@dataclass(frozen=True)
class PlaceHazard(Command):
    space: Space
    hazard: Hazard


@dataclass(frozen=True)
class ClearHazards(Command):
    space: Space


@dataclass(frozen=True)
class Begin(Command):
    """Start the fight: a surprise round for the aware if some are not, then initiative.

    `aggressor` names a team that goes first without a roll, where the ruleset allows it.
    `first` names who acts first where the acting side may choose.
    """

    aggressor: str | None = None
    first: str | None = None


@dataclass(frozen=True)
class OpeningStrike(Command):
    """A strike on an unaware target that starts the fight, then the surprise round."""

    attacker: str
    target: str
    weapon: str | None = None
    aim: str | None = None
    first: str | None = None


# --- a unit's turn -----------------------------------------------------------------------------


@dataclass(frozen=True)
class EndTurn(Command):
    """End the current turn; `next` names who acts next where the team may choose."""

    next: str | None = None


@dataclass(frozen=True)
class Move(Command):
    """Walk to a space by the cheapest path; `stance` changes stance on the way (draft;
    "neutral" for none, None to keep the stance held)."""

    unit: str
    to: Space
    stance: str | None = None


@dataclass(frozen=True)
class Draw(Command):
    """Retrieve a weapon into an empty hand: Pouch 1 action, Pack 2, kit 4."""

    unit: str
    weapon: str
    hand: str | None = None


@dataclass(frozen=True)
class Stow(Command):
    unit: str
    hand: str


@dataclass(frozen=True)
class Drop(Command):
    """ "Stopping an action (dropping a weapon) does not cost an action." """

    unit: str
    hand: str


@dataclass(frozen=True)
class Act(Command):
    """Any other action the Storyteller allows: "use an item ... anything else that's one
    motion". `attack` marks one that needs an attack roll (a thrown potion)."""

    unit: str
    description: str
    actions: int = 1
    attack: bool = False


@dataclass(frozen=True)
class Defend(Command):
    """Declare the Hitzone defending until the unit's next turn; [Block] rolls 2d6."""

    unit: str
    zone: str
    enhancement: Enhancement | None = None


@dataclass(frozen=True)
class Attack(Command):
    """An attack. `weapons`: one name ("Unarmed" for a fist), two for dual wielding, none for
    the weapon in hand. `aim` is the zone chosen on a critical or an automatic hit; `keep`
    the index of the attack roll kept where the attacker picks either (best if None)."""

    attacker: str
    target: str
    weapons: tuple[str, ...] = ()
    style: AttackStyle = AttackStyle.SINGLE
    enhancements: tuple[Enhancement, ...] = ()
    aim: str | None = None
    keep: int | None = None
    thrown: bool = False


@dataclass(frozen=True)
class Grab(Command):
    """A grab with an empty hand at a unit on the same ring; `aim` for a critical (or, in the
    draft, the part grabbed)."""

    unit: str
    target: str
    hand: str | None = None
    aim: str | None = None


@dataclass(frozen=True)
class BreakFree(Command):
    unit: str
    zone: str | None = None


@dataclass(frozen=True)
class Release(Command):
    """Let go of what the unit binds: stopping an action is free."""

    unit: str


@dataclass(frozen=True)
class Flee(Command):
    unit: str


@dataclass(frozen=True)
class ChangeStance(Command):
    """The draft's Stances: "by consuming a move action and staying still"."""

    unit: str
    stance: str | None


@dataclass(frozen=True)
class ResistDeath(Command):
    """Sacrifice a permanent Tag to be fully healed; `payer` if another pays the cost."""

    unit: str
    tag: Tag
    payer: str | None = None


@dataclass(frozen=True)
class HealMaim(Command):
    unit: str
    zone: str
    tag: Tag
    payer: str | None = None


@dataclass(frozen=True)
class Cast(Command):
    """Cast an approved spell: its Words, the intent, and the Storyteller's ruling.

    `paid` are Drawn Words already spent outside the fight (the ledger's ruling spent them
    when it was approved): the spell needs them in no hand, and copies of them still in the
    unit's hand (it joined before the approval) leave it now.
    """

    caster: str
    words: tuple[Word, ...]
    intent: str
    ruling: SpellRuling
    target: str | None = None
    paid: tuple[Word, ...] = ()


@dataclass(frozen=True)
class Counter(Command):
    """Announce a counterspell on the stack: which Words replace which."""

    unit: str
    replacements: tuple[Replacement, ...]


@dataclass(frozen=True)
class Resolve(Command):
    """Play out the spell on the stack: the touch attack, then the Words with effect.

    `ruling` is the Storyteller's implementation of a countered result; `dispelled` declares
    a result that "doesn't make any coherent sense" dispelled.
    """

    dispelled: bool = False
    ruling: SpellRuling | None = None
    aim: str | None = None


# --- the Storyteller during and after the fight ------------------------------------------------


@dataclass(frozen=True)
class Reinforce(Command):
    """A unit hovering outside an outer-ring space, entering after `turns` rounds."""

    unit: str
    space: Space
    turns: int = 1


@dataclass(frozen=True)
class DeclareDead(Command):
    unit: str
    killer: str | None = None


@dataclass(frozen=True)
class DealDamage(Command):
    """Damage from a spell's effect, a hazard or the story, to one Hitzone."""

    unit: str
    zone: str
    amount: int
    source: str


@dataclass(frozen=True)
class Relocate(Command):
    """Put a unit on another space by the Storyteller's ruling ([Teleport])."""

    unit: str
    space: Space


@dataclass(frozen=True)
class Remove(Command):
    """Take a unit out of the fight by narrative (escape by magic, carried off)."""

    unit: str
    reason: str


@dataclass(frozen=True)
class EndCombat(Command):
    reason: str = "the board is no longer needed"


@dataclass(frozen=True)
class Rest(Command):
    unit: str
