"""What the Gamesmaster and players ask of a Spellwoven fight; `handles` ties each command to
its handler in `rounds` or `actions`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from adjudicator.combat.record import Record
from adjudicator.combat.registry import Handlers
from adjudicator.combat.systems.spellwoven.state import Character
from adjudicator.combat.systems.spellwoven.wounds import Armour

if TYPE_CHECKING:
    from adjudicator.combat.systems.spellwoven.transaction import Tx


class WovenCommand(Record):
    """A request to the fight, checked by its handler."""


#: The handler of each command class, filled by `@handles` as the handler modules load.
HANDLERS: Final[Handlers[Tx]] = Handlers("the Spellwoven handler of")
handles = HANDLERS.handles


@dataclass(frozen=True)
class AddCharacter(WovenCommand):
    """A character joins; `armour` pieces stack into its soak; under Heroic Death a Player
    Character who `dies` of a Mortal wound all the same says so."""

    character: Character
    armour: tuple[Armour, ...] = ()
    dies: bool = False


@dataclass(frozen=True)
class Begin(WovenCommand):
    """Roll everyone's Initiative and start the first Action Round."""


@dataclass(frozen=True)
class Blow:
    """What an attacker declares with an attack: Effort for the hit and for the wound; `feint`
    re-rolls a miss once (the Talent); `shield` is the target catching the blow on its shield.
    For the optional rules: `pull` a Mortal wound to Felling (with the Gamesmaster's Test of
    Quickness at `pull_skill` against `pull_difficulty` if they require one), the
    Gamesmaster's `edge` (+1 Advantage, -1 Disadvantage), and the Difficulty of catching an
    arrow on a shield (Shields & Arrows II)."""

    attacker: str
    target: str
    effort: int = 0
    wound_effort: int = 0
    feint: bool = False
    shield: bool = False
    pull: bool = False
    pull_skill: int | None = None
    pull_difficulty: int = 1
    edge: int = 0
    catch_difficulty: int = 1


@dataclass(frozen=True)
class Attack(Blow, WovenCommand):
    """Attack: the Action."""


@dataclass(frozen=True)
class FreeAttack(Blow, WovenCommand):
    """A free attack, not an Action: an ambusher's on a character who failed their Test of
    Senses (before the first round), or an attack of opportunity on one who disengages or
    flees, or whom the Gamesmaster rules `distracted` elsewhere."""

    distracted: bool = False


@dataclass(frozen=True)
class Senses(WovenCommand):
    """Ambushes: a character of the surprised party Tests their Senses before the first
    round."""

    unit: str
    skill: int
    difficulty: int = 1


@dataclass(frozen=True)
class Talk(WovenCommand):
    """Talk as the Action: a Social Skill against the opponent's Presence Defence; a
    successful distraction makes them act last this round (or, by the Gamesmaster's word,
    lose their turn)."""

    unit: str
    target: str
    skill: int
    effort: int = 0
    distract: bool = False
    lose_turn: bool = False
    edge: int = 0


@dataclass(frozen=True)
class HeroicDeath(WovenCommand):
    """A Player triggers their Character's Heroic Death as it would be incapacitated or
    killed."""

    unit: str


@dataclass(frozen=True)
class Load(WovenCommand):
    """Load and prime a blackpowder weapon: a full Action."""

    unit: str


@dataclass(frozen=True)
class Recuperate(WovenCommand):
    """Natural Recuperation after the fight: days of bedrest, light or heavy activity."""

    unit: str
    days: int
    activity: str = "bedrest"


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
    edge: int = 0


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
    edge: int = 0


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
