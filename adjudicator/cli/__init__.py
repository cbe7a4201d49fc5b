"""The `adjudicator` command line: thin Typer wrappers over the library.

Library errors become CLI errors in one place (`_Root.invoke`): one line, a hint, exit
code 1, and a traceback only with `--debug`.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from adjudicator import __version__
from adjudicator.cli import (
    combat,
    dice,
    eval_coverage,
    eval_precedent,
    eval_senses,
    evaluate,
    ledger_admin,
    ledger_campaign,
    ledger_characters,
    ledger_deck,
    ledger_io,
    ledger_rulings,
    models,
    precedent,
    spell,
    table,
    words,
)
from adjudicator.cli._output import error_console, report_error
from adjudicator.errors import AdjudicatorError

EXIT_ERROR = 1


class _Root(TyperGroup):
    """The root group: reports every `AdjudicatorError` the same way, and refuses arguments
    that are not UTF-8 text before any command sees them."""

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


dice.register(app)
app.add_typer(words.app, name="words")
ledger_campaign.register(app)  # init, session, player
app.add_typer(ledger_characters.app, name="character")
app.add_typer(ledger_deck.app, name="deck")
ledger_rulings.register(app)  # ruling, policy
ledger_io.register(app)  # export, import
app.add_typer(ledger_admin.app, name="ledger")
app.add_typer(combat.app, name="combat")
app.add_typer(models.app, name="models")
app.add_typer(spell.app, name="spell")
app.add_typer(precedent.app, name="precedent")
app.add_typer(evaluate.app, name="eval")
eval_coverage.register(evaluate.app)
eval_senses.register(evaluate.app)
eval_precedent.register(evaluate.app)
table.register(app)  # serve, table links


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
