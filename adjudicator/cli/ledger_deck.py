"""`adjudicator deck ...`: the session's Deck and the players' hands, kept in the ledger."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from adjudicator.cli._ledger import SenseOption, console, opened, parse_senses
from adjudicator.cli._meanings import declare_meanings
from adjudicator.cli._options import JsonOption, LedgerOption, seed_option
from adjudicator.cli._output import print_json
from adjudicator.rules.deck import DrawReason
from adjudicator.rules.words import format_words, parse_words, with_senses

if TYPE_CHECKING:
    from adjudicator.ledger.decks import DeckVersion


def _interactive() -> bool:
    """Whether a person is at the keyboard to choose a homonym's meaning (stdin a terminal)."""
    return sys.stdin.isatty()


app = typer.Typer(help="The Deck: submit, approve, shuffle, draw, trade.", no_args_is_help=True)

PlayerArgument = Annotated[str, typer.Argument(help="The player.", show_default=False)]


def _done(version: DeckVersion, as_json: bool, extra: dict[str, object] | None = None) -> None:
    if as_json:
        print_json({**version.to_dict(), **(extra or {})})
        return
    console().print(f"{version.change}. (Deck v{version.version} of session {version.session})")


@app.command("submit")
def submit_command(
    player: PlayerArgument,
    words: Annotated[
        str, typer.Argument(help='5-10 Words: "[Fire] [Ball] ..." or "fire, ball, ...".')
    ],
    sense: SenseOption = None,
    as_written: Annotated[
        bool, typer.Option("--as-written", help="Keep Words that look like typos or compounds.")
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Submit a player's 5-10 Words for the Storyteller's approval.

    Likely typos ("Teleprot") and compounds ("Fireball") are refused until fixed or kept with
    --as-written; duplicates are pointed out. A homonym must say which meaning it has
    ("If you submit a word that's a homonym, such as 'lead', be sure to specify which one you
    mean"): give it with --sense, a listed meaning, its number in the list, or your own words.
    A meaning the player declared before for the same Word is used again (offered as the
    default at a terminal); at a terminal the other meanings are asked for, elsewhere the
    submission is refused until declared. A player whose Words were rejected may submit
    others in their place at once.

    Example: adjudicator deck submit Ann "Lead Mist Metal Speech Summon" --sense "Lead=the metal"
    """
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    chosen = decks.numbered_senses(with_senses(parse_words(words), parse_senses(sense)))
    with opened(ledger) as book:
        findings = decks.precheck(book, player, chosen, as_written=as_written)  # refusals first
        chosen = declare_meanings(book, player, chosen, ask=_interactive())
        version = decks.submit(book, player, chosen, as_written=as_written)
    suggestions = [
        {"word": s.word.text, "kind": s.kind.value, "message": s.message,
         "candidates": [c.text for c in s.candidates]}
        for s in findings
    ]  # fmt: skip
    if as_json:
        _done(version, True, {"suggestions": suggestions})
        return
    _done(version, False)
    out = console()
    for finding in findings:
        out.print(Text("  ! ", style="yellow") + Text(finding.message))
    if findings:
        out.print("  (approve or reject each Word as you see fit)")


@app.command("approve")
def approve_command(
    player: PlayerArgument,
    words: Annotated[
        str | None, typer.Argument(help="The Words to approve (default: all the player's pending).")
    ] = None,
    sense: SenseOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Approve a player's submitted Words: each card joins the pile, a homonym with its meaning.

    Example: adjudicator deck approve Ann --sense "Lead=the metal"
    """
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    chosen = None if words is None else parse_words(words)
    with opened(ledger) as book:
        version = decks.approve(book, player, chosen, parse_senses(sense))
    _done(version, as_json)


@app.command("reject")
def reject_command(
    player: PlayerArgument,
    words: Annotated[str, typer.Argument(help="The Words to reject.", show_default=False)],
    reason: Annotated[
        str | None,
        typer.Option("--reason", "--note", help="Why (the player sees it); --note is an alias."),
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Reject a player's submitted Words, with the reason (--reason).

    Nothing of them stays behind: their declared meanings no longer count, and the player may
    submit other Words in their place at once.

    Example: adjudicator deck reject Ann "Fireball" --reason "two Words: submit [Fire] and [Ball]"
    """
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        version = decks.reject(book, player, parse_words(words), reason)
    _done(version, as_json)


@app.command("shuffle")
def shuffle_command(
    seed: Annotated[
        int | None, seed_option("Seed for a repeatable shuffle (recorded either way).")
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Shuffle the Deck's pile; the seed is recorded so the order can be replayed.

    Example: adjudicator deck shuffle --seed 42
    """
    import random

    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    used = random.SystemRandom().randrange(2**32) if seed is None else seed
    with opened(ledger) as book:
        version = decks.shuffle(book, used)
    _done(version, as_json, {"seed": used})


@app.command("draw")
def draw_command(
    player: PlayerArgument,
    reason: Annotated[
        str,
        typer.Option("--for", help="Why: full-success (a Skill Check) or killing-blow."),
    ] = "full-success",
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Draw the top card into a player's hand, for a full Skill Check success or a killing blow.

    Example: adjudicator deck draw Ann --for killing-blow
    """
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        version, card = decks.draw(book, player, DrawReason.parse(reason))
    _done(version, as_json, {"drawn": card.to_dict()})


@app.command("trade")
def trade_command(
    giver: Annotated[str, typer.Argument(help="The player giving Words.", show_default=False)],
    receiver: Annotated[str, typer.Argument(help="The player receiving them.", show_default=False)],
    words: Annotated[str, typer.Argument(help="The Drawn Words given.", show_default=False)],
    at_rest: Annotated[
        bool, typer.Option("--at-rest", help="Confirm the party is resting (trades need a rest).")
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Give Drawn Words to another player during a rest.

    Example: adjudicator deck trade Ann Bram "[Fire]" --at-rest
    """
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        version = decks.trade(book, giver, receiver, parse_words(words), during_rest=at_rest)
    _done(version, as_json)


@app.command("status")
def status_command(
    player: Annotated[str | None, typer.Option("--player", help="Only this player's hand.")] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the Deck: cards left, Words awaiting approval, and each player's hand.

    Example: adjudicator deck status
    """
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)
    from adjudicator.ledger.sessions import get_player  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        current = decks.current_deck(book)
        only = None if player is None else get_player(book, player).name
    deck = current.deck
    hands = [hand for hand in deck.hands if only is None or hand.player == only]
    pending = decks.pending_words(deck, only)
    if as_json:
        print_json(
            {
                "session": current.session,
                "version": current.version,
                "pile": len(deck.pile),
                "build": deck.build,
                "pending": [{"player": p, **w.to_dict()} for p, w in pending],
                "hands": [hand.to_dict() for hand in hands],
            }
        )
        return
    out = console()
    out.print(
        f"Session {current.session}: {len(deck.pile)} cards in the pile, "
        f"{len(pending)} Word{'s' * (len(pending) != 1)} awaiting approval."
    )
    if pending:
        out.print("Awaiting approval: " + ", ".join(f"{w} ({p})" for p, w in pending))
    table = Table("player", "hand", "cards")
    for hand in hands:
        table.add_row(hand.player, format_words(hand.words) or "—", str(len(hand.words)))
    if hands:
        out.print(table)
