"""`adjudicator init`, `session ...` and `player ...`: a campaign's ledger, sessions, players."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from adjudicator.cli._ledger import console, ledger_path, opened
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.rules.words import format_words

session_app = typer.Typer(help="Start, end and list sessions of play.", no_args_is_help=True)
player_app = typer.Typer(help="The players at the table.", no_args_is_help=True)


def init_command(
    ledger: LedgerOption = None,
    name: Annotated[
        str | None, typer.Option("--name", help="The campaign's name, for exports.")
    ] = None,
    no_canon: Annotated[
        bool,
        typer.Option("--no-canon", help="Do not seed the rulebook's own rulings (C1, C2, ...)."),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Replace an empty file left by an unfinished init (never a ledger)."
        ),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Create a campaign ledger.

    It is seeded with the rulebook's own worked spell examples (C1, C2, ...) as precedent.
    The file appears only once it is complete: an init that is killed leaves no ledger.

    Example: adjudicator init --name "The Shadehill Guard" --ledger shadehill.sqlite
    """
    from adjudicator.ledger.campaign import (
        init_campaign,
        summary,
    )  # lazy: heavy import (sqlite-utils)

    path = ledger_path(ledger)
    with init_campaign(path, name=name, canon=not no_canon, force=force) as created:
        facts = summary(created)
    if as_json:
        print_json({"ledger": str(path), **facts.to_dict()})
        return
    out = console()
    canon = f"{facts.canon} canon rulings (C1-C{facts.canon})" if facts.canon else "no canon"
    out.print(f'Created {path} for "{facts.name}" with {canon} from the rulebook.')
    out.print("Next: adjudicator player add NAME, then adjudicator session start")


@session_app.command("start")
def session_start(
    title: Annotated[str | None, typer.Option("--title", help="A title for the session.")] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Start the next session; its Deck starts empty and the hands carry over.

    Example: adjudicator session start --title "The ferry at Shadehill"
    """
    from adjudicator.ledger.sessions import start_session  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        session = start_session(book, title)
    if as_json:
        print_json(session.to_dict())
        return
    console().print(
        f"Started {session.label()}. Each player submits 5-10 Words: adjudicator deck submit"
    )


@session_app.command("end")
def session_end(
    note: Annotated[str | None, typer.Option("--note", help="A note on how it ended.")] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """End the session in progress.

    Example: adjudicator session end --note "The party rests at the mill"
    """
    from adjudicator.ledger.sessions import end_session  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        session = end_session(book, note)
    if as_json:
        print_json(session.to_dict())
        return
    console().print(f"Ended {session.label()}.")


@session_app.command("list")
def session_list(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """List the sessions with how many rulings and policies each recorded.

    Example: adjudicator session list
    """
    from adjudicator.ledger.sessions import (
        session_counts,
        sessions,
    )  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        listed, counts = sessions(book), session_counts(book)
    if as_json:
        print_json(
            [
                {
                    **s.to_dict(),
                    "rulings": counts.get(s.number, (0, 0))[0],
                    "policies": counts.get(s.number, (0, 0))[1],
                }
                for s in listed
            ]
        )
        return
    if not listed:
        console().print("No sessions yet: adjudicator session start")
        return
    table = Table("session", "title", "started", "ended", "rulings", "policies")
    for s in listed:
        rulings, policies = counts.get(s.number, (0, 0))
        table.add_row(
            str(s.number), s.title or "", s.started_at, s.ended_at or "in progress",
            str(rulings), str(policies),
        )  # fmt: skip
    console().print(table)


@player_app.command("add")
def player_add(
    name: Annotated[str, typer.Argument(help="The player's name.", show_default=False)],
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a player, who will hold a hand of Drawn Words.

    Example: adjudicator player add Ann
    """
    from adjudicator.ledger.sessions import add_player  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        player = add_player(book, name)
    if as_json:
        print_json(player.to_dict())
        return
    console().print(f"Added player {player.name}.")


@player_app.command("list")
def player_list(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """List the players and the Drawn Words each holds.

    Example: adjudicator player list
    """
    from adjudicator.ledger.decks import hand_of  # lazy: heavy import (sqlite-utils)
    from adjudicator.ledger.sessions import players  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        rows = [(player, hand_of(book, player.name)) for player in players(book)]
    if as_json:
        print_json([{**p.to_dict(), "hand": [w.to_dict() for w in hand]} for p, hand in rows])
        return
    if not rows:
        console().print("No players yet: adjudicator player add NAME")
        return
    table = Table("player", "joined", "hand")
    for player, hand in rows:
        table.add_row(player.name, player.joined_at, format_words(hand) or "—")
    console().print(table)
