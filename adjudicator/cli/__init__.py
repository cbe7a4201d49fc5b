"""The `adjudicator` command line: thin Typer wrappers over the library.

Library errors become CLI errors in one place (`_Root.invoke`): one line, a hint, exit
code 1, and a traceback only with `--debug`. Each command's module is imported when the
command runs (`_lazy`): `COMMANDS` names where each is defined, with its one-line help.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Annotated, Any, Final

import typer

from adjudicator import __version__
from adjudicator.cli._lazy import Lazy, LazyGroup
from adjudicator.cli._output import error_console, report_error
from adjudicator.errors import AdjudicatorError

EXIT_ERROR = 1

#: Every command and group of `adjudicator`, in the order `--help` lists them: commands
#: first, then groups (as Typer lists what is added to an app).
COMMANDS: Final[Mapping[str, Lazy]] = {
    "roll": Lazy("adjudicator.cli.dice", "roll_command", "Roll dice, keeping every die."),
    "check": Lazy(
        "adjudicator.cli.dice",
        "check_command",
        "Make a skill check: each difficulty die must be beaten by its own player die.",
    ),
    "odds": Lazy(
        "adjudicator.cli.dice",
        "odds_command",
        "Show the exact odds of a skill check before anyone rolls.",
    ),
    "init": Lazy("adjudicator.cli.ledger_campaign", "init_command", "Create a campaign ledger."),
    "export": Lazy(
        "adjudicator.cli.ledger_io",
        "export_command",
        "Export the ruling log as Markdown, HTML, CSV or JSON.",
    ),
    "import": Lazy(
        "adjudicator.cli.ledger_io", "import_command", "Restore a campaign from a JSON export."
    ),
    "serve": Lazy(
        "adjudicator.cli.table",
        "serve_command",
        "Open the live table: the Storyteller's screen and every player's phone, one live view "
        "of the ledger, with the language models loaded once. The CLI may keep writing to the "
        "ledger; pages show every change within a second. `spell check`, `spell draft`, "
        "`precedent search` and `ruling add` in other shells are answered by it, fast.",
    ),
    "words": Lazy("adjudicator.cli.words", "app", "Read Word lists."),
    "session": Lazy(
        "adjudicator.cli.ledger_campaign", "session_app", "Start, end and list sessions of play."
    ),
    "player": Lazy("adjudicator.cli.ledger_campaign", "player_app", "The players at the table."),
    "character": Lazy(
        "adjudicator.cli.ledger_characters",
        "app",
        "Characters: add, show, rest, level up, sacrifice Tags.",
    ),
    "deck": Lazy(
        "adjudicator.cli.ledger_deck", "app", "The Deck: submit, approve, shuffle, draw, trade."
    ),
    "ruling": Lazy(
        "adjudicator.cli.ledger_rulings", "ruling_app", "Record, show and list rulings on spells."
    ),
    "policy": Lazy(
        "adjudicator.cli.ledger_rulings",
        "policy_app",
        "Announce policy changes openly, before they come up.",
    ),
    "ledger": Lazy(
        "adjudicator.cli.ledger_admin",
        "app",
        "Verify, back up and summarise the campaign ledger.",
    ),
    "combat": Lazy(
        "adjudicator.cli.combat",
        "app",
        "Fights on the Battle Board, stored in the campaign ledger: set up, play, undo, draw.",
    ),
    "models": Lazy("adjudicator.cli.models", "app", "The language models the tool uses."),
    "spell": Lazy(
        "adjudicator.cli.spell", "app", "Read intents, check spells' Word coverage, draft spells."
    ),
    "precedent": Lazy(
        "adjudicator.cli.precedent",
        "app",
        "Find the precedents that apply to a spell; keep their search index current.",
    ),
    "eval": Lazy("adjudicator.cli.evaluate", "app", "Measure accuracy on labeled cases."),
    "table": Lazy(
        "adjudicator.cli.table",
        "app",
        "The live table's links: one for the Storyteller, one per player.",
    ),
}


class _Root(LazyGroup):
    """The root group: its commands are `COMMANDS`; reports every `AdjudicatorError` the
    same way, and refuses arguments that are not UTF-8 text before any command sees them."""

    lazy = COMMANDS

    def main(self, args: Any = None, *rest: Any, **options: Any) -> Any:
        given = sys.argv[1:] if args is None else list(args)
        problem = _not_utf8(given)
        if problem is not None:
            error_console().print(f"[bold red]error:[/] {problem}", highlight=False)
            error_console().print(
                "[dim]hint:[/] set a UTF-8 locale, or retype the argument", highlight=False
            )
            sys.exit(EXIT_ERROR)
        return super().main(args, *rest, **options)

    def invoke(self, ctx: Any) -> Any:  # click's Context, which typer vendors privately
        try:
            return super().invoke(ctx)
        except AdjudicatorError as error:
            if ctx.meta.get("debug"):
                raise
            report_error(error)
            raise typer.Exit(EXIT_ERROR) from None


app = typer.Typer(
    cls=_Root,
    help="A Storyteller's assistant for Words of Power: dice, checks, Words and spells.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"adjudicator {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    ctx.meta["debug"] = debug


def _not_utf8(args: list[str]) -> str | None:
    """Which argument (or ADJUDICATOR_LEDGER) holds bytes that are not UTF-8, if any: Python
    keeps them as lone surrogates, which would fail later, half way through a command."""
    named = [(f"argument {index}", arg) for index, arg in enumerate(args, 1)]
    named.append(("ADJUDICATOR_LEDGER", os.environ.get("ADJUDICATOR_LEDGER", "")))
    for name, value in named:
        if not isinstance(value, str):
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            byte = ord(value[error.start]) - 0xDC00
            shown = f"0x{byte:02x}" if 0x80 <= byte <= 0xFF else "a surrogate"
            return f"{name} is not UTF-8 text ({shown} at character {error.start + 1})"
    return None


def main() -> None:
    """Console-script entry point."""
    app()
