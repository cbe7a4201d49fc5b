"""How each game system other than Words of Power reads as text and data: its board as data
and as text, one line per character, and who acts now.

Presentation-free: the CLI prints these (`combat murdham status`, `combat board`) and the
table server sends them to the pages (a text status of the fight and whose turn it is), so
neither imports the other. Words of Power's own pictures are `combat.view` and `combat.svg`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from adjudicator.combat.errors import CombatError
from adjudicator.combat.systems.murdham import board as murdham
from adjudicator.combat.systems.murdham.engine import NAME as MURDHAM
from adjudicator.combat.systems.murdham.state import MurdhamState
from adjudicator.combat.systems.spellwoven import board as spellwoven
from adjudicator.combat.systems.spellwoven.engine import NAME as SPELLWOVEN
from adjudicator.combat.systems.spellwoven.state import SpellwovenState
from adjudicator.combat.systems.weird_wizard import board as weird_wizard
from adjudicator.combat.systems.weird_wizard.engine import NAME as WEIRD_WIZARD
from adjudicator.combat.systems.weird_wizard.state import WeirdState

S = TypeVar("S")


class NoView(CombatError):
    """A fight whose system has no text view here (Words of Power draws its own board)."""


@dataclass(frozen=True)
class FightView(Generic[S]):
    """One system's fight read out: `name` (the system), its `state` class, `board_data`
    (JSON, with the round's `lines`) and `text_board` (lines) of its space, `roster` (one
    line per character) and `acting` (the character whose turn it is, if one's is)."""

    name: str
    state: type[S]
    board_data: Callable[[S], dict[str, Any]]
    text_board: Callable[[S], str]
    roster: Callable[[S], Iterable[str]]
    acting: Callable[[S], str | None]

    def state_of(self, fight: object) -> S:
        """The state of a fight of this system (`SystemFight.state`)."""
        state = getattr(fight, "state", None)
        if not isinstance(state, self.state):
            raise NoView(f"this fight holds no {self.name} state")
        return state

    def status(self, fight: object) -> dict[str, Any]:
        """The fight now as the table shows it: the round's lines, the roster, the text
        board and whose turn it is."""
        state = self.state_of(fight)
        lines = list(self.board_data(state)["lines"])
        return {
            "lines": lines,
            "roster": list(self.roster(state)),
            "text": self.text_board(state),
            "acting": self.acting(state),
            "whose": "; ".join(lines),
        }


def _turn_unit(state: MurdhamState | WeirdState) -> str | None:
    return None if state.turn is None else state.turn.unit


MURDHAM_VIEW: Final[FightView[MurdhamState]] = FightView(
    MURDHAM,
    MurdhamState,
    murdham.board_data,
    murdham.text_board,
    lambda state: (f"{f.describe()} [{f.status.value}]" for f in state.fighters),
    _turn_unit,
)
SPELLWOVEN_VIEW: Final[FightView[SpellwovenState]] = FightView(
    SPELLWOVEN,
    SpellwovenState,
    spellwoven.board_data,
    spellwoven.text_board,
    lambda state: (f"{u.describe()} [{u.status}]" for u in state.characters),
    lambda state: None if state.ended is not None else state.next_up(),
)
WEIRD_WIZARD_VIEW: Final[FightView[WeirdState]] = FightView(
    WEIRD_WIZARD,
    WeirdState,
    weird_wizard.board_data,
    weird_wizard.text_board,
    lambda state: (f"{u.describe()}, damage {u.damage}" for u in state.combatants),
    _turn_unit,
)
#: The views of the systems other than Words of Power, by system name.
VIEWS: Final[Mapping[str, FightView[Any]]] = {
    view.name: view for view in (MURDHAM_VIEW, SPELLWOVEN_VIEW, WEIRD_WIZARD_VIEW)
}


def view_of(system: str) -> FightView[Any]:
    """The view of `system`'s fights, or `NoView`."""
    try:
        return VIEWS[system]
    except KeyError:
        raise NoView(f"the table has no text view of {system!r} fights") from None
