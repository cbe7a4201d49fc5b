"""`adjudicator words ...`: reading Word lists as players write them."""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.cli._output import JsonOption, console, print_json
from adjudicator.rules.words import format_words, parse_words

app = typer.Typer(help="Read Word lists.", no_args_is_help=True)


@app.command("parse")
def parse_command(
    text: Annotated[
        str, typer.Argument(help='Words as "[Fire] [Ball]", "Fire, Ball" or "fire ball".')
    ],
    as_json: JsonOption = False,
) -> None:
    """Parse a Word list and show the Words in their normal form.

    Example: adjudicator words parse "decrease, speech"
    """
    words = parse_words(text)
    if as_json:
        print_json([word.text for word in words])
        return
    console().print(f"{len(words)} Words: {format_words(words)}")
