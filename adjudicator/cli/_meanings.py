"""Declaring homonyms' meanings at the keyboard, shared by `deck submit` and `character add`.

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you
mean" (rulebook, "The Deck"). A player's earlier meaning for a Word is used again: offered as
the default at a terminal, used as it is elsewhere with a line on stderr saying so. At a
terminal the other homonyms' meanings are asked for, numbered; elsewhere nothing is asked and
the library refuses an undeclared homonym.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from adjudicator.language.homonyms import HomonymInfo
    from adjudicator.ledger.database import Ledger
    from adjudicator.rules.words import Word


def declare_meanings(
    book: Ledger, player: str, words: tuple[Word, ...], *, ask: bool
) -> tuple[Word, ...]:
    """`words` with the player's earlier meanings and, when `ask` (a person at the keyboard),
    the meanings chosen for the other homonyms."""
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    chosen = _remembered(book, player, words, ask=ask)
    if not ask:
        return chosen
    asked = {info.word: info for info in decks.undeclared_homonyms(chosen)}
    return tuple(
        word.with_sense(_ask_meaning(asked[word.text])) if word.text in asked else word
        for word in chosen
    )


def _remembered(
    book: Ledger, player: str, words: tuple[Word, ...], *, ask: bool
) -> tuple[Word, ...]:
    """The player's earlier meanings for undeclared Words: at a terminal (`ask`) a homonym's
    is offered as the default, elsewhere each is used as it is, saying so on stderr."""
    from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)

    remembered, used = decks.remembered_senses(book, player, words)
    homonyms = {info.word: info for info in decks.undeclared_homonyms(words)} if ask else {}
    chosen = []
    for word, kept in zip(words, remembered, strict=True):
        info = homonyms.get(word.text)
        if info is not None and kept.sense is not None:
            kept = word.with_sense(_ask_meaning(info, default=kept.sense))
        chosen.append(kept)
    for declaration in used:
        if declaration.word in homonyms:
            continue
        where = f" in session {declaration.session}" if declaration.session else ""
        typer.echo(
            f"[{declaration.word}] taken as '{declaration.sense}', as {declaration.player} "
            f"declared it{where} (give --sense to change it)",
            err=True,
        )
    return tuple(chosen)


def _ask_meaning(info: HomonymInfo, default: str | None = None) -> str:
    """A number picks a listed meaning; anything else is the player's own words for it;
    Enter keeps `default` (the meaning the player declared before), when there is one."""
    typer.echo(f"[{info.word}] has {len(info.senses)} meanings; which one do you mean?", err=True)
    for number, sense in enumerate(info.senses, start=1):
        typer.echo(f"  {number}. {sense}", err=True)
    if default is not None:
        typer.echo(f"  (Enter keeps '{default}', as you declared it before)", err=True)
    while True:
        answer = typer.prompt(
            f"Meaning of [{info.word}]", default=default or "", show_default=False, err=True
        )
        answer = " ".join(str(answer).split())
        if not answer.isdigit():
            if answer:
                return answer
            continue
        if 1 <= int(answer) <= len(info.senses):
            return info.senses[int(answer) - 1]
        typer.echo(f"  choose 1-{len(info.senses)}, or say it in your own words", err=True)
