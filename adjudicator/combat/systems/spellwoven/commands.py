"""What the Gamesmaster and players ask of a Spellwoven fight; `handles` ties each command to
its handler in `rounds` or `actions`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from adjudicator.combat.record import Record
from adjudicator.combat.registry import Handlers
from adjudicator.combat.systems.spellwoven.state import Character

if TYPE_CHECKING:
    from adjudicator.combat.systems.spellwoven.transaction import Tx


class WovenCommand(Record):
    """A request to the fight, checked by its handler."""


#: The handler of each command class, filled by `@handles` as the handler modules load.
HANDLERS: Final[Handlers[Tx]] = Handlers("the Spellwoven handler of")
handles = HANDLERS.handles


@dataclass(frozen=True)
class AddCharacter(WovenCommand):
    character: Character


@dataclass(frozen=True)
class Begin(WovenCommand):
    """Roll everyone's Initiative and start the first Action Round."""


@dataclass(frozen=True)
class Attack(WovenCommand):
    """Attack with Effort declared for the hit and for the wound; `feint` re-rolls a miss
    once (the Talent); `shield` is the target catching the blow on its shield."""

    attacker: str
    target: str
    effort: int = 0
    wound_effort: int = 0
    feint: bool = False
    shield: bool = False


@dataclass(frozen=True)
class Move(WovenCommand):
    unit: str
    to: str


@dataclass(frozen=True)
class Test(WovenCommand):
    """Another test of skill as the Action (talk against Presence Defence, a Talent...)."""

    unit: str
    what: str
    skill: int
    difficulty: int
    effort: int = 0


@dataclass(frozen=True)
class Act(WovenCommand):
    """An Action with no skill test: it does not change the Initiative."""

    unit: str
    what: str


@dataclass(frozen=True)
class Heal(WovenCommand):
    """First aid as the Action: a test of the Healing Skill (`skill`), resolved last in the
    round; `wounds` names the levels to reduce first (else the most severe)."""

    unit: str
    target: str
    skill: int
    effort: int = 0
    wounds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cooperate(WovenCommand):
    """Player Characters who cooperate: they act, in the order given, on the highest
    Initiative among them, and each loses 5 Initiative at the end of the round."""

    units: tuple[str, ...]


@dataclass(frozen=True)
class Yield(WovenCommand):
    """ "... or choses to surrender or flee." """

    unit: str
    how: str = "surrendered"


@dataclass(frozen=True)
class EndFight(WovenCommand):
    reason: str = "the Gamesmaster ends the fight"
