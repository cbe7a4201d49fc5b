"""`adjudicator spell ...`: read an intent, check a spell's coverage, draft a spell.

Thin wrappers: the language layer (`adjudicator.language`) does the work and is imported
only inside the commands, so other commands never load spaCy or torch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from adjudicator.cli._output import JsonOption, console, print_json
from adjudicator.rules.words import Word, format_words, parse_words

if TYPE_CHECKING:
    from adjudicator.language.concepts import IntentAnalysis
    from adjudicator.language.coverage import Coverage
    from adjudicator.language.draft import Draft
    from adjudicator.language.report import CoverageReport
    from adjudicator.rules.spells import SpellError

app = typer.Typer(
    help="Read intents, check spells' Word coverage, draft spells.", no_args_is_help=True
)

WordsArgument = Annotated[
    str, typer.Argument(help='The spell\'s Words: "[Decrease] [Speech]" or "Decrease, Speech".')
]
IntentArgument = Annotated[
    str, typer.Argument(help='What the spell should do: "make this guy stop talking".')
]
InherentOption = Annotated[
    str | None,
    typer.Option("--inherent", help='The caster\'s Inherent Words: "[Silent] [Decrease]".'),
]
HandOption = Annotated[
    str | None, typer.Option("--hand", help='The Drawn Words in hand: "[Speech] [Zone]".')
]


def _checker() -> Coverage:
    """A coverage checker on this process's one `Models` (the CLI's composition root)."""
    from adjudicator.cli._models import shared_models
    from adjudicator.language.coverage import Coverage

    return Coverage(shared_models())


def _words(text: str | None) -> tuple[Word, ...]:
    return parse_words(text) if text is not None else ()


@app.command("parse")
def parse_command(
    words: WordsArgument, intent: IntentArgument, as_json: JsonOption = False
) -> None:
    """Show the concepts of an intent: span, lemma, role, and whether each needs a Word.

    Example: adjudicator spell parse "[Decrease] [Speech]" "make this guy stop talking"

    Example: adjudicator spell parse "[Fire] [Ball]" "I cast [Ball] and [Fire] to gather the flames"
    """
    analysis = _checker().analyse(intent, parse_words(words))
    if as_json:
        print_json(analysis.to_dict())
        return
    _show_analysis(analysis)


@app.command("check")
def check_command(
    words: WordsArgument,
    intent: IntentArgument,
    inherent: InherentOption = None,
    hand: HandOption = None,
    as_json: JsonOption = False,
) -> None:
    """Rule on a spell: which Word covers each concept and why, what nothing covers (the
    veto reason), Words that cover nothing, each Word's score, and the verdict. With
    --inherent and --hand, the rules' structural checks too.

    Example: adjudicator spell check "[Fire] [Ball]" "trap a balloon with fire"

    Example: adjudicator spell check "Decrease Speech" "mute him" --inherent Decrease --hand Speech
    """
    from adjudicator.rules.spells import spell_problems

    spell_words = parse_words(words)
    report = _checker().check(spell_words, intent)
    problems: tuple[SpellError, ...] = ()
    if inherent is not None or hand is not None:
        problems = spell_problems(spell_words, intent, inherent=_words(inherent), hand=_words(hand))
    if as_json:
        data = report.to_dict()
        if inherent is not None or hand is not None:
            data["structural_problems"] = [p.message for p in problems]
            data["castable"] = report.covered and not problems
        print_json(data)
        return
    _show_report(report)
    if inherent is not None or hand is not None:
        out = console()
        if problems:
            for problem in problems:
                out.print(f"  [red]✗[/] {problem.message}")
                if problem.hint:
                    out.print(f"    [dim]{problem.hint}[/]")
        else:
            out.print("  [green]✓[/] the rules allow these Words: one Inherent, the rest in hand")


@app.command("draft")
def draft_command(
    intent: IntentArgument,
    inherent: InherentOption = None,
    hand: HandOption = None,
    as_json: JsonOption = False,
) -> None:
    """Propose the smallest valid spell from your Inherent Words and hand that covers the
    intent, or name what nothing at hand covers and which Words would.

    Example: adjudicator spell draft "make him stop talking" --inherent Decrease --hand Speech
    """
    from adjudicator.language.draft import draft

    checker = _checker()
    result = draft(intent, _words(inherent), _words(hand), checker.models, coverage=checker)
    if as_json:
        print_json(result.to_dict())
        return
    _show_draft(result)


# -- rendering -------------------------------------------------------------------------------


def _show_analysis(analysis: IntentAnalysis) -> None:
    table = Table(title=f"Concepts of {analysis.intent!r}", title_justify="left")
    for column in ("text", "lemma", "role", "needs a Word", "why"):
        table.add_column(column)
    for concept in analysis.concepts:
        needs = "[bold]yes[/]" if concept.needs_word else "[dim]no[/]"
        table.add_row(concept.text, concept.lemma, concept.role.value, needs, concept.reason)
    out = console()
    out.print(table)
    if analysis.named:
        out.print(f"Words named as what is cast: {format_words(analysis.named)}")
    if analysis.meaningless:
        out.print("[yellow]The intent names no effect or subject: it doesn't *mean* anything.[/]")


def _show_report(report: CoverageReport) -> None:
    table = Table(title=f"{format_words(report.words)}: {report.intent!r}", title_justify="left")
    for column in ("concept", "role", "needs", "covered by", "why", "confidence"):
        table.add_column(column)
    for item in report.concepts:
        concept = item.concept
        if not concept.needs_word and not item.covered:
            continue
        best = item.best
        needs = "yes" if concept.needs_word else "[dim]no[/]"
        if best is None:
            table.add_row(
                concept.text,
                concept.role.value,
                needs,
                "[red]nothing[/]",
                "; ".join(item.blocked),
                "",
            )
        else:
            table.add_row(
                concept.text,
                concept.role.value,
                needs,
                format_words(best.words),
                f"{best.kind.value}: {best.why}",
                f"{best.confidence:.2f}",
            )
    out = console()
    out.print(table)
    scores = ", ".join(f"{w} {s:.2f}" for w, s in report.word_scores)
    out.print(f"Word scores: {scores}")
    if report.unused_words:
        out.print(f"[yellow]Words that cover nothing:[/] {format_words(report.unused_words)}")
    colour = "green" if report.covered else "red"
    out.print(f"Verdict: [bold {colour}]{report.verdict.value}[/]")
    for reason in report.reasons:
        out.print(f"  {reason}")


def _show_draft(result: Draft) -> None:
    out = console()
    if result.meaningless:
        out.print("[red]The intent names no effect or subject: say what the Words should do.[/]")
        return
    if result.spell is not None and result.report is not None:
        spell = result.spell
        out.print(
            f"Cast [bold]{format_words(tuple(u.word for u in spell.words))}[/]: {result.intent}"
        )
        out.print(
            f"  Inherent: {spell.inherent}   Drawn (consumed): "
            f"{format_words(spell.drawn) or 'none'}"
        )
        _show_report(result.report)
        return
    if not result.shortfalls:
        out.print("[red]No valid spell from these Words covers the intent.[/]")
        return
    out.print("[red]Nothing you hold covers:[/]")
    for shortfall in result.shortfalls:
        words: list[Any] = [*shortfall.suggestions, *shortfall.near]
        out.print(
            f"  {shortfall.concept.text!r} ({shortfall.concept.role.value}): "
            f"a Word such as {format_words(tuple(words))}"
        )
