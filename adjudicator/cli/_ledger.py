"""What every ledger command shares: the `--ledger` option, opening the ledger, `--sense`.

The ledger package is imported inside the functions, so commands that never touch a ledger
(`roll`, `odds`) do not pay for loading SQLite and sqlite-utils.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.text import Text

from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.ledger.database import Ledger

#: The `--ledger` option every ledger command takes.
LedgerOption = Annotated[
    Path | None,
    typer.Option(
        "--ledger",
        envvar="ADJUDICATOR_LEDGER",
        help="The campaign ledger file (default: $ADJUDICATOR_LEDGER, else ./campaign.sqlite).",
        show_default=False,
        dir_okay=False,
    ),
]

#: `--sense WORD=MEANING`, repeatable: the meaning declared for a homonym.
SenseOption = Annotated[
    list[str] | None,
    typer.Option(
        "--sense",
        help='A homonym\'s meaning, as WORD=MEANING: --sense "Lead=the metal". Repeatable.',
        show_default=False,
    ),
]


def console() -> Console:
    """A console that prints text as it is: names, intents and Words are user text, and
    "[bold]" in an intent must not become a style (styles go through `rich.text.Text`);
    control characters in it are written out as escapes (`_output.SafeConsole`)."""
    from adjudicator.cli._output import SafeConsole

    return SafeConsole(highlight=False, markup=False)


def ledger_path(option: Path | None) -> Path:
    """`--ledger`, else `ADJUDICATOR_LEDGER`, else ./campaign.sqlite."""
    from adjudicator.ledger.database import resolve_path

    return resolve_path(option, os.environ)


@contextmanager
def opened(option: Path | None, *, warn: bool = True) -> Iterator[Ledger]:
    """The ledger named by `--ledger` (or the environment, or the default), open for a command.

    A ledger that failed its opening check is still read, with a warning on stderr once the
    command has done its work (any write to it is refused by the ledger itself); `ledger
    verify` passes `warn=False` and explains.
    """
    from adjudicator.ledger.database import open_ledger

    ledger = open_ledger(ledger_path(option))
    try:
        yield ledger
    finally:
        ledger.close()
    if ledger.problems and warn:  # after a read that worked; a refused write said it all
        warning(
            f"{ledger.path} failed its opening check ({'; '.join(ledger.problems)}); "
            "it was read, but nothing will be written to it. "
            "Run `adjudicator ledger verify` for details."
        )


def warning(text: str) -> None:
    """One warning line on stderr, control characters made visible."""
    from adjudicator.cli._output import error_console

    error_console().print(Text(f"warning: {text}"))


def check_output(out: Path, *, force: bool, ledger: Path | None) -> None:
    """Refuse an output file before any work is done: a folder, an existing file without
    `--force`, or the campaign ledger (resolved from `--ledger`) and its side files."""
    from adjudicator.ledger.files import check_destination

    check_destination(out, force=force, ledger=ledger_path(ledger))


def write_output(content: str | bytes, out: Path, *, force: bool, ledger: Path | None) -> int:
    """Write a command's output file safely (see `ledger.files.write_file`); returns bytes."""
    from adjudicator.ledger.files import write_file

    return write_file(content, out, force=force, ledger=ledger_path(ledger))


def parse_senses(values: list[str] | None) -> dict[str, str]:
    """`--sense` values as {Word text: meaning}; each must read WORD=MEANING."""
    from adjudicator.rules.words import Word

    senses: dict[str, str] = {}
    for value in values or []:
        word, equals, meaning = value.partition("=")
        if not equals or not word.strip() or not meaning.strip():
            raise InvalidInput(
                f"--sense {value!r} is not WORD=MEANING", hint='write --sense "Lead=the metal"'
            )
        text = Word(word.strip().strip("[]")).text
        if text in senses:
            raise InvalidInput(f"--sense gives [{text}] two meanings")
        senses[text] = " ".join(meaning.split())
    return senses
