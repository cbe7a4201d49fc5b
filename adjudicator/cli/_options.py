"""The options many commands share, each declared once: `--ledger`, `--json`, `--dice`, `--seed`,
`--combat`.

A command takes one by its `Annotated` type (`ledger: LedgerOption = None`), the way Typer
reuses options; a command whose `--seed` or `--json` means something narrower keeps the same
flag with its own help (`seed_option`, `json_option`). The combat steps take them all at once
through `combat_play.step`, as sqlite-utils bundles its `output_options`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer


def json_option(help: str = "Print JSON for programs.") -> Any:
    """`--json`: print the command's data as JSON instead of a table or lines."""
    return typer.Option("--json", help=help)


def seed_option(help: str, **settings: Any) -> Any:
    """`--seed N`: the seed of a command's random.Random, so a roll can be made again."""
    return typer.Option("--seed", help=help, **settings)


#: `--ledger FILE`: the campaign ledger a command reads or writes.
LedgerOption = Annotated[
    Path | None,
    typer.Option(
        "--ledger",
        help="The campaign ledger file (default: $ADJUDICATOR_LEDGER, else ./campaign.sqlite).",
        show_default=False,
        dir_okay=False,
    ),
]

#: `--json`: every command that prints data takes it.
JsonOption = Annotated[bool, json_option()]

#: `--dice "4 3"`: faces read off physical dice, in the order the command rolls them.
DiceOption = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help='Faces of physical dice in the order rolled: --dice "4 3". A missing die is an '
        "error naming it.",
        show_default=False,
    ),
]

#: `--seed N`: roll a combat step's dice with random.Random(N).
SeedOption = Annotated[
    int | None,
    seed_option(
        "Roll with random.Random(SEED) (default: the combat's seed and the step number).",
        show_default=False,
    ),
]

#: `--combat F1`: which stored combat a command works on.
CombatOption = Annotated[
    str | None,
    typer.Option(
        "--combat",
        help="The combat (F1, F2, ...); default: the latest open one, else the latest.",
        show_default=False,
    ),
]
