"""`adjudicator spell ...`: read an intent, check a spell's coverage, draft a spell.

Thin wrappers: the language layer (`adjudicator.language`) does the work and is imported
only inside the commands, so other commands never load spaCy or torch. With a ledger, found
as every command finds it (`--ledger`, `$ADJUDICATOR_LEDGER`, ./campaign.sqlite where it
exists; `--no-ledger` for none), the campaign joins in through `ledger.casting`
and `precedent.ruling_checks`: the caster's Inherent Words and hand, the campaign's confirmed
mappings, declared homonym meanings and closest precedents, read and never written. Without
them no ledger is opened.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from adjudicator.cli import _models  # looked up at each call: tests swap `shared_models`
from adjudicator.cli import precedent as precedent_commands  # (so is `open_index`)
from adjudicator.cli._ledger import NoLedgerOption, console, opened, optional_ledger
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import Cell, Rows, print_json
from adjudicator.cli._table import NoServerOption, served
from adjudicator.errors import InvalidInput
from adjudicator.rules.words import Word, format_words, parse_words

if TYPE_CHECKING:
    from adjudicator.language.concepts import IntentAnalysis
    from adjudicator.language.coverage import Coverage
    from adjudicator.language.draft import Draft
    from adjudicator.language.report import CoverageReport
    from adjudicator.ledger.casting import Caster
    from adjudicator.ledger.database import Ledger
    from adjudicator.precedent.ruling_checks import RulingChecks
    from adjudicator.precedent.spell_check import CampaignDraft, SpellCheck
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
CasterOption = Annotated[
    str | None,
    typer.Option(
        "--caster",
        help="A character of the ledger: their Inherent Words and their player's hand, "
        "instead of --inherent and --hand.",
        show_default=False,
    ),
]


def _checker() -> Coverage:
    """A coverage checker on this process's one `Models` (the CLI's composition root)."""
    from adjudicator.language.coverage import Coverage  # lazy: heavy import (numpy)

    return Coverage(_models.shared_models())


def _campaign_checks(book: Ledger) -> RulingChecks:
    """The read-only checks of `ruling add` on this ledger (`findings`, `sense_checks`).
    Rulings with no stored vector are embedded in memory and not stored: spell commands
    never write to the ledger."""
    from adjudicator.precedent.ruling_checks import (
        RulingChecks,
    )  # lazy: heavy import (sqlite-utils)

    return RulingChecks(precedent_commands.open_index(book))


def _words(text: str | None) -> tuple[Word, ...]:
    return parse_words(text) if text is not None else ()


def _campaign(
    caster: str | None,
    inherent: str | None,
    hand: str | None,
    ledger: Path | None,
    no_ledger: bool,
) -> Path | None:
    """The ledger the command reads, found as every command finds it (./campaign.sqlite only
    if it exists), or None with --no-ledger. --caster needs one; with --inherent or --hand it
    is refused: the ledger holds the caster's Words, and two sources would contradict."""
    if caster is not None and (inherent is not None or hand is not None):
        raise InvalidInput(
            "--caster takes the Inherent Words and the hand from the ledger: "
            "not with --inherent or --hand",
            hint="leave out --caster to check Words you name yourself",
        )
    return optional_ledger(ledger, no_ledger=no_ledger, needed=caster is not None)


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
    ctx: typer.Context,
    words: WordsArgument,
    intent: IntentArgument,
    inherent: InherentOption = None,
    hand: HandOption = None,
    caster: CasterOption = None,
    ledger: LedgerOption = None,
    no_ledger: NoLedgerOption = False,
    as_json: JsonOption = False,
    no_server: NoServerOption = False,
) -> None:
    """Rule on a spell: which Word covers each concept and why, what nothing covers (the
    veto reason), Words that cover nothing, each Word's score, and the verdict. With
    --inherent and --hand, or --caster (a character of the ledger), the rules' structural
    checks too. With a ledger (--ledger, else $ADJUDICATOR_LEDGER, else ./campaign.sqlite
    where it exists; --no-ledger for none), also the campaign's confirmed mappings, each
    declared homonym's meaning checked against the intent, and the close precedents; a
    standing ruling on the same situation decides the verdict and is named ("covered, as
    ruled in R2"; "not covered: C9 required [Trap]"). The ledger is only read.

    Example: adjudicator spell check "[Fire] [Ball]" "trap a balloon with fire"

    Example: adjudicator spell check "Decrease Speech" "mute him" --inherent Decrease --hand Speech

    Example: adjudicator spell check "[Daze] [Trap]" "daze the guard and trap him" --caster Snazzle
    """

    campaign = _campaign(caster, inherent, hand, ledger, no_ledger)
    if served(ctx, "spell check", campaign, no_server, uses_ledger=campaign is not None):
        return
    from adjudicator.precedent.spell_check import check_spell  # lazy: heavy import (sqlite-utils)

    spell_words = parse_words(words)
    structural = caster is not None or inherent is not None or hand is not None
    held = _words(inherent) if structural else None
    at_hand = _words(hand) if structural else None
    if campaign is not None:
        with opened(campaign) as book:
            result = check_spell(spell_words, intent, checker=_checker,
                                 campaign_checks=_campaign_checks, book=book, caster=caster,
                                 inherent=held, hand=at_hand)  # fmt: skip
    else:
        result = check_spell(spell_words, intent, checker=_checker,
                             campaign_checks=_campaign_checks,
                             inherent=held, hand=at_hand)  # fmt: skip
    if as_json:
        print_json(result.to_dict())
        return
    who, report, findings, problems = result.caster, result.report, result.findings, result.problems
    flags = () if findings is None else findings.sense_flags
    out = console()
    if who is not None:
        _show_caster(out, who)
    _show_report(report, result)
    precedent_commands.show_lexicon_uses(out, report)
    if structural:
        _show_problems(out, problems)
    for check in flags:
        out.print(Text(f"Sense: {check.message}", style="yellow"))
    if findings is not None:
        precedent_commands.show_close(out, findings.neighbours)


@app.command("draft")
def draft_command(
    ctx: typer.Context,
    intent: IntentArgument,
    inherent: InherentOption = None,
    hand: HandOption = None,
    caster: CasterOption = None,
    ledger: LedgerOption = None,
    no_ledger: NoLedgerOption = False,
    as_json: JsonOption = False,
    no_server: NoServerOption = False,
) -> None:
    """Propose the smallest valid spell from your Inherent Words and hand that covers the
    intent, or name what nothing at hand covers and which Words would. With --caster, the
    Words are that character's Inherent Words and their player's hand, from the ledger. With
    a ledger (--ledger, else $ADJUDICATOR_LEDGER, else ./campaign.sqlite where it exists;
    --no-ledger for none), the campaign's confirmed mappings count as covers, and each
    declared homonym in the spell proposed is checked against the intent; the ledger is
    only read.

    Example: adjudicator spell draft "make him stop talking" --inherent Decrease --hand Speech

    Example: adjudicator spell draft --caster Snazzle "daze the guard and trap him"
    """
    campaign = _campaign(caster, inherent, hand, ledger, no_ledger)
    if served(ctx, "spell draft", campaign, no_server, uses_ledger=campaign is not None):
        return
    who: Caster | None = None
    drafted: CampaignDraft | None = None
    if campaign is not None:
        from adjudicator.ledger.casting import (
            declared_words,
            get_caster,
        )  # lazy: heavy import (sqlite-utils)
        from adjudicator.precedent.spell_check import (
            draft_spell,
        )  # lazy: heavy import (sqlite-utils)

        with opened(campaign) as book:
            if caster is not None:
                who = get_caster(book, caster)  # before models load
                held, at_hand = who.inherent, who.hand
            else:
                held = declared_words(book, _words(inherent), intent)
                at_hand = declared_words(book, _words(hand), intent)
            drafted = draft_spell(_campaign_checks(book), intent, held, at_hand)
        result = drafted.draft
    else:
        from adjudicator.language.draft import draft  # lazy: heavy import (numpy)

        checker = _checker()
        result = draft(intent, _words(inherent), _words(hand), checker.models, coverage=checker)
    if as_json:
        data = result.to_dict() if drafted is None else drafted.to_dict()
        if who is not None:
            data["caster"] = who.to_dict()
        print_json(data)
        return
    out = console()
    if who is not None:
        _show_caster(out, who)
    _show_draft(out, result, who)
    for check in () if drafted is None else drafted.sense_flags:
        out.print(Text(f"Sense: {check.message}", style="yellow"))


# -- rendering -------------------------------------------------------------------------------
# The console prints text as it is (`_ledger.console`): intents and Words are user text, and
# "[ball]" in an intent must not be read as a style; styles go through `Text`.


def _held(words: tuple[Word, ...]) -> str:
    """Words with their declared meanings: "[Lead] (the metal) [Person]"."""
    return " ".join(f"[{w.text}] ({w.sense})" if w.sense else f"[{w.text}]" for w in words)


def _show_caster(out: Console, caster: Caster) -> None:
    out.print(
        f"{caster.name} (played by {caster.player}): Inherent {_held(caster.inherent)}; "
        f"hand {_held(caster.hand) or 'empty'}"
    )


def _show_problems(out: Console, problems: tuple[SpellError, ...]) -> None:
    if not problems:
        out.print(
            Text.assemble(
                ("  ✓ ", "green"), "the rules allow these Words: one Inherent, the rest in hand"
            )
        )
    for problem in problems:
        out.print(Text.assemble(("  ✗ ", "red"), problem.message))
        if problem.hint:
            out.print(Text(f"    {problem.hint}", style="dim"))


def _show_analysis(analysis: IntentAnalysis) -> None:
    table = Table(title=f"Concepts of {analysis.intent!r}", title_justify="left")
    for column in ("text", "lemma", "role", "needs a Word", "why"):
        table.add_column(column)
    for concept in analysis.concepts:
        needs = Text("yes", style="bold") if concept.needs_word else Text("no", style="dim")
        table.add_row(concept.text, concept.lemma, concept.role.value, needs, concept.reason)
    out = console()
    out.print(table)
    if analysis.named:
        out.print(f"Words named as what is cast: {format_words(analysis.named)}")
    if analysis.meaningless:
        out.print(
            Text(
                "The intent names no effect or subject: it doesn't *mean* anything.",
                style="yellow",
            )
        )


def _show_report(report: CoverageReport, checked: SpellCheck | None = None) -> None:
    """The coverage table and the verdict: a binding ruling's verdict (`checked.binding`)
    replaces the Words' own, so the output never says both."""
    binding = None if checked is None else checked.binding
    rows: list[tuple[Cell, ...]] = []
    for item in report.concepts:
        concept = item.concept
        if not concept.needs_word and not item.covered:
            continue
        best = item.best
        needs: str | Text = "yes" if concept.needs_word else Text("no", style="dim")
        if best is None and binding is not None and binding.covered:
            ruled = f"as ruled in {binding.ruling}"
            rows.append((concept.text, concept.role.value, needs, ruled, "precedent", ""))
        elif best is None:
            rows.append(
                (
                    concept.text,
                    concept.role.value,
                    needs,
                    Text("nothing", style="red"),
                    "; ".join(item.blocked),
                    "",
                )
            )
        else:
            rows.append(
                (
                    concept.text,
                    concept.role.value,
                    needs,
                    format_words(best.words),
                    f"{best.kind.value}: {best.why}",
                    f"{best.confidence:.2f}",
                )
            )
    columns = ("concept", "role", "needs", "covered by", "why", "confidence")
    title = f"{format_words(report.words)}: {report.intent!r}"
    out = console()
    Rows(title, columns, tuple(rows), heading=(0, 3, 5)).print(out)
    scores = ", ".join(f"{w} {s:.2f}" for w, s in report.word_scores)
    out.print(f"Word scores: {scores}")
    if report.unused_words:
        out.print(
            Text.assemble(
                ("Words that cover nothing: ", "yellow"), format_words(report.unused_words)
            )
        )
    if checked is not None and checked.binding is not None:
        colour = "green" if checked.covered else "red"
        message, *reasons = checked.reasons  # the Words' own, only when they agree
        out.print(Text.assemble("Verdict: ", (message, f"bold {colour}")))
        for reason in reasons:
            out.print(f"  {reason}")
        return
    colour = "green" if report.covered else "red"
    out.print(Text.assemble("Verdict: ", (report.verdict.value, f"bold {colour}")))
    for reason in report.reasons:
        out.print(f"  {reason}")


def _show_draft(out: Console, result: Draft, caster: Caster | None) -> None:
    if result.meaningless:
        out.print(
            Text(
                "The intent names no effect or subject: say what the Words should do.", style="red"
            )
        )
        return
    if result.spell is not None and result.report is not None:
        spell = result.spell
        out.print(
            Text.assemble(
                "Cast ",
                (format_words(tuple(u.word for u in spell.words)), "bold"),
                f": {result.intent}",
            )
        )
        out.print(
            f"  Inherent: {spell.inherent}   Drawn (consumed): "
            f"{format_words(spell.drawn) or 'none'}"
        )
        _show_report(result.report)
        return
    if not result.shortfalls:
        out.print(Text("No valid spell from these Words covers the intent.", style="red"))
        if caster is not None and not caster.hand:
            out.print(
                f"  {caster.player} holds no Drawn Words: a spell is one Inherent Word and at "
                "least one Drawn Word from the hand"
            )
        return
    out.print(Text("Nothing you hold covers:", style="red"))
    for shortfall in result.shortfalls:
        words: list[Any] = [*shortfall.suggestions, *shortfall.near]
        out.print(
            f"  {shortfall.concept.text!r} ({shortfall.concept.role.value}): "
            f"a Word such as {format_words(tuple(words))}"
        )
