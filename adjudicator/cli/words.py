"""`adjudicator words ...`: reading Word lists as players write them."""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.cli._options import JsonOption
from adjudicator.cli._output import console, print_json
from adjudicator.rules.vocabulary import check_submission
from adjudicator.rules.words import format_words, parse_words

app = typer.Typer(help="Read Word lists.", no_args_is_help=True)


@app.command("parse")
def parse_command(
    text: Annotated[
        str, typer.Argument(help='Words as "[Fire] [Ball]", "Fire, Ball" or "fire ball".')
    ],
    as_json: JsonOption = False,
) -> None:
    """Parse a Word list, show the Words in their normal form, and flag typos and compounds.

    Example: adjudicator words parse "decrease, speech"
    """

    words = parse_words(text)
    findings = check_submission(words)
    if as_json:
        print_json(
            {
                "words": [word.text for word in words],
                "suggestions": [
                    {
                        "word": s.word.text,
                        "kind": s.kind.value,
                        "message": s.message,
                        "candidates": [c.text for c in s.candidates],
                        "score": round(s.score, 3),
                    }
                    for s in findings
                ],
            }
        )
        return
    out = console()
    out.print(f"{len(words)} Words: {format_words(words)}")
    for finding in findings:
        out.print(f"  [yellow]![/] {finding.message}")
