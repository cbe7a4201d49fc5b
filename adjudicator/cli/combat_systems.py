"""The verbs each game system brings to `adjudicator combat`, by system name.

Words of Power's verbs are `combat`'s own (`combat attack`, `combat cast`...); another
system's are a group named after it (`combat murdham attack`), so that verbs of the same name
with other arguments never clash. `start`, `log`, `undo`, `redo`, `board` and `list` are shared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import typer

from adjudicator.cli import combat_murdham, combat_spellwoven, combat_weird_wizard

if TYPE_CHECKING:
    from adjudicator.ledger.fights.steps import StoredFight

#: The Typer group of each system other than Words of Power.
VERBS: Final[dict[str, typer.Typer]] = {
    "murdham": combat_murdham.app,
    "spellwoven": combat_spellwoven.app,
    "weird-wizard": combat_weird_wizard.app,
}

#: `combat board` for each system other than Words of Power: the picture of its space.
BOARDS: Final[dict[str, Callable[[StoredFight, bool], None]]] = {
    "murdham": combat_murdham.VIEWS.board,
    "spellwoven": combat_spellwoven.VIEWS.board,
    "weird-wizard": combat_weird_wizard.VIEWS.board,
}
