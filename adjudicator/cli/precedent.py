"""`adjudicator precedent ...`: find the rulings that apply, and keep their index current.

Thin wrappers over `precedent.retrieval`; the rendering of precedents, conflicts and
reviews lives here too, for `ruling add` to share. Models come from `shared_models()`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.text import Text

from adjudicator.cli import _models  # looked up at each call: tests swap `shared_models`
from adjudicator.cli._ledger import console, opened
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import Rows, error_console, print_json
from adjudicator.cli._table import NoServerOption, served
from adjudicator.ledger.errors import LedgerDamaged
from adjudicator.precedent.thresholds import CLOSE_PRECEDENT
from adjudicator.rules.words import format_words, parse_words

if TYPE_CHECKING:
    from adjudicator.language.report import CoverageReport
    from adjudicator.ledger.database import Ledger
    from adjudicator.precedent.cases import Precedent, Question
    from adjudicator.precedent.conflicts import Conflict
    from adjudicator.precedent.retrieval import Hit, PrecedentIndex
    from adjudicator.precedent.ruling_checks import Review

app = typer.Typer(
    help="Find the precedents that apply to a spell; keep their search index current.",
    no_args_is_help=True,
)


def open_index(book: Ledger) -> PrecedentIndex:
    """The precedent index of an open ledger, with this process's models; embedding the
    rulings that have no vector yet shows a progress bar on stderr."""
    from rich.progress import Progress

    from adjudicator.precedent.retrieval import (
        PrecedentIndex,
    )  # lazy: heavy import (sqlite-utils)

    with Progress(console=error_console(), transient=True) as progress:
        task = progress.add_task("embedding rulings", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return PrecedentIndex(
            book, _models.shared_models(), coverage=_models.shared_coverage(), progress=advance
        )


@app.command("search")
def search_command(
    ctx: typer.Context,
    query: Annotated[
        str, typer.Argument(help="What the spell should do, in any words.", show_default=False)
    ],
    words: Annotated[
        str | None,
        typer.Option("--words", help='Words the spell uses: "[Metal] [Mist]".', show_default=False),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=100, help="How many.")] = 10,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
    no_server: NoServerOption = False,
) -> None:
    """Rank the campaign's rulings (the rulebook's canon included) by a hybrid of meaning,
    wording (full-text bm25) and Word overlap, and show why each ranked where it did.

    Example: adjudicator precedent search "a mist of metal that shreds" --words "[Metal] [Mist]"
    """
    if served(ctx, "precedent search", ledger, no_server):
        return

    wanted = parse_words(words) if words else ()
    with opened(ledger) as book:
        index = open_index(book)
        hits = index.search(query, wanted, limit)
        index.save()  # vectors embedded on load are kept for the next search
    if as_json:
        print_json([hit.to_dict() for hit in hits])
        return
    if not hits:
        console().print("No rulings yet.")
        return
    show_hits(console(), hits, title=f"Precedents for {query!r}", why=True)


@app.command("index")
def index_command(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Embed the rulings that have no stored intent vector (a new ledger's canon, an
    import) and check the stored vectors and the full-text index against the rulings.

    Vectors and the full-text index are derived data, outside the hash chain: `ledger
    verify` checks the chain; this checks what is derived from it.

    Example: adjudicator precedent index
    """
    from adjudicator.precedent.store import (
        check_derived,
    )  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        index = open_index(book)
        stored = index.save()
        report = check_derived(book, index.model)
    if as_json:
        print_json({"model": index.model, "stored": stored, **report.to_dict()})
    else:
        console().print(
            f"{report.rulings} rulings, {report.vectors} intent vectors ({index.model}), "
            f"{stored} stored now, {report.indexed} in the full-text index."
        )
    if not report.ok:
        raise LedgerDamaged("derived precedent data is inconsistent: " + "; ".join(report.problems))


# -- rendering, shared with `ruling add` -------------------------------------------------------


def describe(precedent: Precedent) -> str:
    """ "R3 (session 2) [Metal] [Mist] approved: 'fill the corridor ...'"."""
    return (
        f"{precedent.id} ({precedent.where()}) {precedent.words_text()} "
        f"{precedent.verdict.value}: {precedent.intent!r}"
    )


def implementation_text(precedent: Precedent) -> str:
    parts = [f"{label} {text}" for label, text in precedent.implementation.items()]
    if precedent.needs:
        parts.insert(0, f"missing {format_words(precedent.needs)}")
    return "; ".join(parts) or "-"


def show_hits(out: Console, hits: tuple[Hit, ...], *, title: str, why: bool = False) -> None:
    """Precedents as a table (stacked on a narrow console); `why` adds how each score was
    made (for `precedent search`)."""
    columns = ["#", "ruling", "Words", "verdict", "intent", "implementation", "status", "score"]
    rows = []
    for hit in hits:
        p = hit.precedent
        colour = "green" if p.verdict.value == "approved" else "red"
        status = p.status.value + (f" by {p.status_by}" if p.status_by else "")
        row: list[str | Text] = [
            str(hit.rank),
            f"{p.id} ({p.where()})",
            p.words_text(),
            Text(p.verdict.value, style=colour),
            p.intent,
            implementation_text(p),
            status,
            f"{hit.scores.total:.2f}",
        ]
        rows.append((*row, *[hit.scores.why()] * why))
    heading = (0, 1, 3, 7)  # "1 · C1 (the rulebook) · approved · 0.84" when stacked
    Rows(title, (*columns, *["why"] * why), tuple(rows), heading).print(out)


def show_close(out: Console, hits: tuple[Hit, ...]) -> None:
    """A check's close precedents (`CLOSE_PRECEDENT` and up), or a line saying none is."""

    if not hits:
        out.print(f"No close precedent (none scores {CLOSE_PRECEDENT:.2f} or more).")
        return
    show_hits(out, hits, title=f"Closest precedents (score {CLOSE_PRECEDENT:.2f} or more)")


def show_conflict(out: Console, conflict: Conflict, question: Question) -> None:
    style = "bold red"
    out.print(
        Text(
            f"{conflict.kind.value.capitalize()} than precedent {conflict.precedent.id} "
            f"(confidence {conflict.confidence:.2f})",
            style=style,
        )
    )
    p = conflict.precedent
    out.print(f"  precedent: {describe(p)}")
    out.print(f"  its implementation: {implementation_text(p)}")
    out.print(f"  {conflict.summary(question)}")
    out.print(f"  rule: {conflict.rule}")
    for reason in conflict.reasons:
        out.print(f"  why the same situation: {reason}")


def show_review(out: Console, review: Review) -> None:
    """What the checks found, before the ruling is recorded (or refused)."""
    report = review.coverage
    colour = "green" if report.covered else "yellow"
    out.print(Text(f"Coverage: {report.verdict.value}", style=colour))
    for reason in report.reasons:
        out.print(f"  {reason}")
    show_lexicon_uses(out, report)
    for check in review.senses:
        if check.flagged:
            out.print(Text(f"Sense: {check.message}", style="yellow"))
    show_close(out, review.neighbours)
    for note in review.implementation_notes:
        out.print(f"  {note} (shown, not flagged: no two spells are ever really the same)")
    if review.conflict is not None:
        show_conflict(out, review.conflict, review.question)


def show_lexicon_uses(out: Console, report: CoverageReport) -> None:
    """Each concept the campaign's own lexicon covered, with the ruling that confirmed it
    (named, so that it never reads as the verdict on the whole spell)."""
    for concept, ruling in report.precedent_uses:
        out.print(Text(f"  {concept!r} covered as in {ruling} (the campaign's own lexicon)"))
