"""What every ledger command shares: opening the `--ledger` (`_options`), `--sense`.

Every command finds the campaign the same way: `--ledger`, then `$ADJUDICATOR_LEDGER`, then
./campaign.sqlite; a ledger taken from the environment that is not ./campaign.sqlite is named
on stderr, so nobody writes to another campaign unawares. The ledger package is imported
inside the functions, so commands that never touch a ledger (`roll`, `odds`) do not pay for
loading SQLite and sqlite-utils.
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

from adjudicator.cli._output import SafeConsole, error_console
from adjudicator.errors import InvalidInput
from adjudicator.ledger.files import check_destination, write_file
from adjudicator.ledger.location import DEFAULT_LEDGER, LEDGER_ENV, resolve_path
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from adjudicator.ledger.database import Ledger

#: `--no-ledger`: a check that reads no campaign, even where ./campaign.sqlite exists.
NoLedgerOption = Annotated[
    bool,
    typer.Option(
        "--no-ledger",
        help="Check without a campaign: no precedents, declared meanings or hands.",
    ),
]

#: `--sense WORD=MEANING`, repeatable: the meaning declared for a homonym.
SenseOption = Annotated[
    list[str] | None,
    typer.Option(
        "--sense",
        help='A homonym\'s meaning, as WORD=MEANING: --sense "Lead=the metal", or the number '
        "of a listed meaning: --sense Lead=2. Repeatable.",
        show_default=False,
    ),
]


def console() -> Console:
    """A console that prints text as it is: names, intents and Words are user text, and
    "[bold]" in an intent must not become a style (styles go through `rich.text.Text`);
    control characters in it are written out as escapes (`_output.SafeConsole`)."""

    return SafeConsole(highlight=False, markup=False)


def ledger_path(option: Path | None) -> Path:
    """`--ledger`, else `ADJUDICATOR_LEDGER`, else ./campaign.sqlite; a ledger from the
    environment other than ./campaign.sqlite is named on stderr."""
    path = resolve_path(option, os.environ)
    from_env = option is None and os.environ.get(LEDGER_ENV, "").strip()
    if from_env and path.resolve() != DEFAULT_LEDGER.resolve():
        typer.echo(f"ledger: {path} (from ${LEDGER_ENV})", err=True)
    return path


def optional_ledger(option: Path | None, *, no_ledger: bool, needed: bool) -> Path | None:
    """The ledger a command that can do without one reads (`spell check`, `spell draft`):
    found as every command finds it, ./campaign.sqlite only if it exists; None with
    `--no-ledger`, which cannot go with `--ledger` or with what `needed` the ledger."""
    if no_ledger:
        if option is not None or needed:
            raise InvalidInput(
                "--no-ledger checks without a campaign: not with --ledger or --caster",
                hint="leave out --no-ledger to read the campaign's ledger",
            )
        return None
    named = option is not None or os.environ.get(LEDGER_ENV, "").strip()
    if not named and not needed and not DEFAULT_LEDGER.exists():
        return None
    return ledger_path(option)


@contextmanager
def opened(option: Path | None, *, warn: bool = True) -> Iterator[Ledger]:
    """The ledger named by `--ledger` (or the environment, or the default), open for a command.

    A ledger that failed its opening check is still read, with a warning on stderr once the
    command has done its work (any write to it is refused by the ledger itself); `ledger
    verify` passes `warn=False` and explains.
    """
    from adjudicator.ledger.database import open_ledger  # lazy: heavy import (sqlite-utils)

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

    error_console().print(Text(f"warning: {text}"))


def check_output(out: Path, *, force: bool, ledger: Path | None) -> None:
    """Refuse an output file before any work is done: a folder, an existing file without
    `--force`, or the campaign ledger (resolved from `--ledger`) and its side files."""

    check_destination(out, force=force, ledger=ledger_path(ledger))


def write_output(content: str | bytes, out: Path, *, force: bool, ledger: Path | None) -> int:
    """Write a command's output file safely (see `ledger.files.write_file`); returns bytes."""

    return write_file(content, out, force=force, ledger=ledger_path(ledger))


def parse_senses(values: list[str] | None) -> dict[str, str]:
    """`--sense` values as {Word text: meaning}; each must read WORD=MEANING."""

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
