"""What every other game system's verbs read the same way: its stored fight, `status`, the
picture `combat board` prints, and exact odds as JSON.

A system's CLI module wraps its fight's view from the library (`combat.systems.views`: its
state class, its board as data and as text, one line per character) in `SystemViews` and
gets these from it, so `combat murdham status`
and `combat spellwoven status` are one command with each system's own picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

import typer
from rich.text import Text

from adjudicator.cli._ledger import console, opened
from adjudicator.cli._options import CombatOption, JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.combat.systems import DEFAULT_SYSTEMS
from adjudicator.combat.systems.views import FightView

if TYPE_CHECKING:
    from adjudicator.ledger.fights.steps import StoredFight

S = TypeVar("S")


def fraction_json(p: Fraction) -> dict[str, object]:
    """An exact chance as JSON: the fraction and its float."""
    return {"fraction": str(p), "probability": float(p)}


@dataclass(frozen=True)
class SystemViews(Generic[S]):
    """How one game system's fight is loaded and printed, over the library's `FightView`
    (its board as data and text, its roster)."""

    view: FightView[S]

    @property
    def name(self) -> str:
        return self.view.name

    def load(self, ledger: Path | None, combat: str | None) -> StoredFight:
        """The stored fight (`--combat`, else the ledger's latest of this system)."""
        from adjudicator.ledger.fights.steps import load_fight  # lazy: heavy import (sqlite-utils)

        with opened(ledger) as book:
            return load_fight(book, self.name, combat)

    def state_of(self, stored: StoredFight) -> S:
        return self.view.state_of(stored.fight)

    def current(self, ledger: Path | None, combat: str | None) -> S:
        """The state of the stored fight now."""
        return self.state_of(self.load(ledger, combat))

    def board(self, stored: StoredFight, as_json: bool) -> None:
        """`combat board` for this system's fight: the picture of its space."""
        state = self.state_of(stored)
        if as_json:
            print_json({"combat": stored.info.id, **self.view.board_data(state)})
            return
        console().print(Text(self.view.text_board(state)))

    def status(self, ledger: Path | None, combat: str | None, as_json: bool) -> None:
        """The fight now: who it is, each character, then the board."""
        stored = self.load(ledger, combat)
        state = self.state_of(stored)
        if as_json:
            steps = len(stored.steps)
            print_json({**stored.info.to_dict(), **self.view.board_data(state), "steps": steps})
            return
        info = stored.info
        system = DEFAULT_SYSTEMS.get(self.name)
        variant = f" ({info.ruleset})" if len(system.variants) > 1 else ""
        console().print(Text(f"{info.id}: {system.title}{variant}, seed {info.seed}"))
        for line in self.view.roster(state):
            console().print(Text(f"  {line}"))
        console().print(Text(self.view.text_board(state)))

    def add_status(self, app: typer.Typer, about: str) -> None:
        """Give `app` its `status` command; `about` is the first line of its help."""

        def status_command(
            combat: CombatOption = None, ledger: LedgerOption = None, as_json: JsonOption = False
        ) -> None:
            self.status(ledger, combat, as_json)

        status_command.__doc__ = f"{about}\n\nExample: adjudicator combat {self.name} status"
        app.command("status")(status_command)
