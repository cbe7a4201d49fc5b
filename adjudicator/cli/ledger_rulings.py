"""`adjudicator ruling ...` and `policy ...`: the Storyteller's rulings and policy announcements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from adjudicator.cli import precedent as precedent_commands  # tests swap `open_index`
from adjudicator.cli._ledger import console, opened
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.cli._table import NoServerOption, served
from adjudicator.errors import InvalidInput
from adjudicator.language.models import ModelError
from adjudicator.rules.words import format_words, parse_words

if TYPE_CHECKING:
    from adjudicator.ledger.database import Ledger
    from adjudicator.ledger.rulings import Proposal, Recorded, Ruling, StatusChange, StatusRecord
    from adjudicator.precedent.ruling_checks import Review

ruling_app = typer.Typer(help="Record, show and list rulings on spells.", no_args_is_help=True)
policy_app = typer.Typer(
    help="Announce policy changes openly, before they come up.", no_args_is_help=True
)


def ruling_json(ruling: Ruling, status: StatusRecord | None) -> dict[str, Any]:
    data = ruling.to_dict()
    data["status"] = {"status": "standing"} if status is None else status.to_dict()
    return data


def _ruling_table(ruling: Ruling, status: StatusRecord | None) -> Table:

    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    words = " ".join(
        f"[{u.word.text}] ({u.word.sense})" if u.word.sense else f"[{u.word.text}]"
        for u in ruling.words
    )
    kinds = ", ".join(f"[{u.word.text}] {u.kind.value}" for u in ruling.words if u.kind is not None)
    table.add_row("Words", words + (f"  ({kinds})" if kinds else ""))
    if ruling.caster:
        table.add_row("Caster", f"{ruling.caster}, session {ruling.session}")
    table.add_row("Intent", ruling.intent)
    colour = "green" if ruling.verdict.value == "approved" else "red"
    table.add_row("Verdict", Text(ruling.verdict.value, style=colour))
    if ruling.needs:
        table.add_row("Missing Words", format_words(ruling.needs))
    for label, text in ruling.implementation.items():
        table.add_row(label.capitalize(), text)
    if ruling.mapping:
        table.add_row(
            "Concepts",
            "; ".join(
                f"{c} -> {' '.join(f'[{w}]' for w in ws)}" for c, ws in ruling.mapping.items()
            ),
        )
    if ruling.reason:
        table.add_row("Reason", ruling.reason)
    table.add_row("Status", "standing" if status is None else status.describe())
    if ruling.citation:
        table.add_row("Source", f'rulebook, "{ruling.citation}"')
    table.add_row("Recorded", ruling.recorded_at)
    return table


@ruling_app.command("add")
def add_command(
    ctx: typer.Context,
    words: Annotated[
        str, typer.Argument(help='The spell\'s Words: "[Fire] [Ball]".', show_default=False)
    ],
    intent: Annotated[
        str, typer.Argument(help="What the caster wants to accomplish.", show_default=False)
    ],
    caster: Annotated[str, typer.Option("--caster", help="The casting character.")],
    approve: Annotated[bool, typer.Option("--approve", help="The spell is cast.")] = False,
    veto: Annotated[bool, typer.Option("--veto", help="The spell is not cast.")] = False,
    needs: Annotated[
        list[str] | None,
        typer.Option("--needs", help="A Word the veto says is missing. Repeatable."),
    ] = None,
    area: Annotated[str | None, typer.Option("--area", help="Implementation: the area.")] = None,
    duration: Annotated[
        str | None, typer.Option("--duration", help="Implementation: how long.")
    ] = None,
    damage: Annotated[str | None, typer.Option("--damage", help="Implementation: damage.")] = None,
    requirements: Annotated[
        str | None,
        typer.Option("--requirements", help="Implementation: requirements (touch attack...)."),
    ] = None,
    note: Annotated[str | None, typer.Option("--note", help="Implementation in free text.")] = None,
    reason: Annotated[
        str | None, typer.Option("--reason", help="Why the Storyteller ruled so.")
    ] = None,
    corrects: Annotated[
        list[str] | None,
        typer.Option(
            "--corrects", help="An earlier ruling this one corrects (it becomes superseded)."
        ),
    ] = None,
    overrule: Annotated[
        str | None,
        typer.Option(
            "--overrule",
            help="Rule against a conflicting precedent anyway; it becomes overruled. Why.",
        ),
    ] = None,
    distinguish: Annotated[
        str | None,
        typer.Option(
            "--distinguish",
            help="Rule anyway: this and the conflicting precedent are different situations. Why.",
        ),
    ] = None,
    no_checks: Annotated[
        bool,
        typer.Option(
            "--no-checks",
            help="Record without coverage, sense and precedent checks (no models needed).",
        ),
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
    no_server: NoServerOption = False,
) -> None:
    """Record the Storyteller's ruling on a spell, after checking it.

    The spell's structure is checked first: one Inherent Word of the caster's, the rest from
    their player's hand. Then coverage (with the campaign's confirmed mappings), the
    declared meaning of homonym Words, and precedent: the closest precedents are shown, and
    a stricter or looser conflict with a standing precedent is refused until the Storyteller
    passes --overrule or --distinguish with a reason. An approved cast spends its Drawn
    Words; a veto spends nothing ("the spell will not be cast").

    Example: adjudicator ruling add --caster Snazzle "[Convince] [Fire]" "calm the fire" --approve
    """
    if served(ctx, "ruling add", ledger, no_server):
        return
    from adjudicator.ledger.rulings import (
        Implementation,
        Proposal,
        Status,
        StatusChange,
        Verdict,
        add_ruling,
        check_structure,
    )  # lazy: heavy import (sqlite-utils)

    if approve == veto:
        raise InvalidInput("a ruling is --approve or --veto (one of them)")
    if no_checks and (overrule is not None or distinguish is not None):
        raise InvalidInput("--overrule and --distinguish answer a check: not with --no-checks")
    proposal = Proposal(
        caster=caster,
        words=parse_words(words),
        intent=intent,
        verdict=Verdict.APPROVED if approve else Verdict.VETOED,
        needs=tuple(word for text in needs or [] for word in parse_words(text)),
        implementation=Implementation(area, duration, damage, requirements, note),
        reason=reason,
    )
    changes = [StatusChange(ruling, Status.SUPERSEDED, "corrected") for ruling in corrects or []]
    review: Review | None = None
    with opened(ledger) as book:
        if no_checks:
            recorded = add_ruling(book, proposal, changes=changes)
        else:
            check_structure(book, proposal)  # a wrong caster or hand fails before models load
            review, recorded = _checked_add(book, proposal, changes, overrule, distinguish,
                                            as_json)  # fmt: skip
    ruling = recorded.ruling
    if as_json:
        data = ruling_json(ruling, None)
        data["spent"] = [word.to_dict() for word in recorded.spent]
        data["changed"] = [{"ruling": s.ruling, **s.to_dict()} for s in recorded.statuses]
        data["checks"] = None if review is None else review.to_dict()
        print_json(data)
        return
    out = console()
    if review is None:
        out.print("Recorded without coverage, sense or precedent checks (--no-checks).")
    spent = f"; {ruling.caster} spent {format_words(recorded.spent)}" if recorded.spent else ""
    out.print(f"Recorded {ruling.id}: {ruling.words_text()} {ruling.verdict.value}{spent}.")
    for status in recorded.statuses:
        out.print(f"  {status.ruling} is now {status.describe()}")


def _checked_add(
    book: Ledger,
    proposal: Proposal,
    changes: list[StatusChange],
    overrule: str | None,
    distinguish: str | None,
    as_json: bool,
) -> tuple[Review, Recorded]:
    """Review the proposal with every check, show what was found, and record it unless a
    conflict stands unanswered (then print the review and raise `PrecedentConflict`)."""
    from adjudicator.precedent.ruling_checks import (
        PrecedentConflict,
        RulingChecks,
    )  # lazy: heavy import (sqlite-utils)

    try:
        checks = RulingChecks(precedent_commands.open_index(book))
        review = checks.review(proposal)
    except ModelError as error:
        raise type(error)(
            f"the checks of `ruling add` need the language models: {error.message}",
            hint=f"{error.hint}; or record without checks: --no-checks",
        ) from None
    if not as_json:
        precedent_commands.show_review(console(), review)
    try:
        recorded = checks.record(
            proposal, review, overrule=overrule, distinguish=distinguish, changes=changes
        )
    except PrecedentConflict:
        if as_json:
            print_json({"recorded": False, "checks": review.to_dict()})
        raise
    return review, recorded


@ruling_app.command("show")
def show_command(
    ruling_id: Annotated[str, typer.Argument(help="The ruling: R12, C3.", show_default=False)],
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a ruling with its status and what changed it.

    Example: adjudicator ruling show R12
    """
    from adjudicator.ledger.rulings import (
        get_ruling,
        status_history,
    )  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        ruling = get_ruling(book, ruling_id)
        history = status_history(book, ruling.id)
    current = history[-1] if history else None
    if as_json:
        data = ruling_json(ruling, current)
        data["status_history"] = [s.to_dict() for s in history]
        print_json(data)
        return
    out = console()
    out.print(Text(ruling.id, style="bold"))
    out.print(_ruling_table(ruling, current))
    for status in history[:-1]:
        out.print(f"  earlier: {status.describe()} ({status.recorded_at})")


@ruling_app.command("list")
def list_command(
    session: Annotated[int | None, typer.Option("--session", help="Only this session.")] = None,
    character: Annotated[str | None, typer.Option("--character", help="Only this caster.")] = None,
    word: Annotated[
        str | None, typer.Option("--word", help="Only rulings using this Word.")
    ] = None,
    verdict: Annotated[str | None, typer.Option("--verdict", help="approved or vetoed.")] = None,
    canon: Annotated[
        bool, typer.Option("--canon/--no-canon", help="Include the rulebook's rulings.")
    ] = True,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """List rulings in the order recorded, with their verdict and current status.

    Example: adjudicator ruling list --word Fire --no-canon
    """
    from adjudicator.ledger.rulings import (
        RulingFilter,
        Verdict,
        current_statuses,
        list_rulings,
    )  # lazy: heavy import (sqlite-utils)

    try:
        wanted = None if verdict is None else Verdict(verdict.strip().lower())
    except ValueError:
        raise InvalidInput(f"--verdict is approved or vetoed, not {verdict!r}") from None
    where = RulingFilter(session, character, word, wanted, None if canon else False)
    with opened(ledger) as book:
        listed = list_rulings(book, where)
        statuses = current_statuses(book)
    if as_json:
        print_json([ruling_json(r, statuses.get(r.id)) for r in listed])
        return
    if not listed:
        console().print("No rulings match.")
        return
    table = Table("id", "session", "caster", "Words", "intent", "verdict", "status")
    for r in listed:
        status = statuses.get(r.id)
        intent = r.intent if len(r.intent) <= 60 else r.intent[:57] + "..."
        table.add_row(
            r.id,
            str(r.session or "canon"),
            r.caster or "—",
            r.words_text(),
            intent,
            r.verdict.value,
            "standing" if status is None else f"{status.status.value} by {status.by}",
        )  # fmt: skip
    console().print(table)


@policy_app.command("announce")
def announce_command(
    text: Annotated[
        str, typer.Argument(help="The policy, as told to the table.", show_default=False)
    ],
    supersedes: Annotated[
        list[str] | None,
        typer.Option("--supersedes", help="A ruling this policy replaces. Repeatable."),
    ] = None,
    concept: Annotated[
        str | None, typer.Option("--concept", help="The concept Word it is about.")
    ] = None,
    session: Annotated[
        int | None,
        typer.Option("--session", help="The session it belongs to (default: the current)."),
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Announce a policy change openly; the rulings it supersedes are marked so.

    Example: adjudicator policy announce "Metal mists need [Summon]" --supersedes C4 --concept Mist
    """
    from adjudicator.ledger.policies import announce  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        policy = announce(book, text, supersedes=supersedes or [], concept=concept, session=session)
    if as_json:
        print_json(policy.to_dict())
        return
    out = console()
    where = f"session {policy.session}" if policy.session else "before the first session"
    out.print(f"Announced {policy.id} ({where}).")
    for ruling_id in policy.supersedes:
        out.print(f"  {ruling_id} is now superseded by {policy.id}")


@policy_app.command("list")
def policy_list_command(
    session: Annotated[int | None, typer.Option("--session", help="Only this session.")] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """List the policies announced, in order.

    Example: adjudicator policy list
    """
    from adjudicator.ledger.policies import policies  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        listed = policies(book, session)
    if as_json:
        print_json([policy.to_dict() for policy in listed])
        return
    if not listed:
        console().print("No policies announced.")
        return
    table = Table("id", "session", "policy", "supersedes", "concept")
    for p in listed:
        table.add_row(p.id, str(p.session or "—"), p.text, ", ".join(p.supersedes) or "—",
                      f"[{p.concept}]" if p.concept else "—")  # fmt: skip
    console().print(table)
