"""The verbs each game system brings to `adjudicator combat`, by system name.

Words of Power's verbs are `combat`'s own (`combat attack`, `combat cast`...); another
system's are a group named after it (`combat murdham attack`), so that verbs of the same name
with other arguments never clash. `start`, `log`, `undo`, `redo`, `board` and `list` are shared.
A system's module is imported when one of its verbs, or `combat board` on one of its fights,
runs: a Words of Power fight never loads the others' commands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Final

from adjudicator.cli._lazy import Lazy

if TYPE_CHECKING:
    from adjudicator.cli.combat_system_views import SystemViews
    from adjudicator.ledger.fights.steps import StoredFight

#: The Typer group of each system other than Words of Power; each module also holds
#: `VIEWS`, its status and its picture for `combat board`.
VERBS: Final[Mapping[str, Lazy]] = {
    "murdham": Lazy(
        "adjudicator.cli.combat_murdham",
        "app",
        "Murdham fights (seeds/002): zones, faction initiative, alternating turns, reactions.",
    ),
    "spellwoven": Lazy(
        "adjudicator.cli.combat_spellwoven",
        "app",
        "Spellwoven fights (seeds/003): momentum Initiative, Menace and the wound ladder.",
    ),
    "weird-wizard": Lazy(
        "adjudicator.cli.combat_weird_wizard",
        "app",
        "Shadow of the Weird Wizard fights (seeds/004): the Sage's side first, one reaction a "
        "round, boons and banes.",
    ),
}


def board_view(system: str) -> Callable[[StoredFight, bool], None]:
    """`combat board` for a system other than Words of Power: the picture of its space."""
    views: SystemViews[object] = import_module(VERBS[system].module).VIEWS
    return views.board
