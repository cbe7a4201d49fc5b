"""Shared set-ups for ledger tests: a ticking clock, a table of players, a row snapshot."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from adjudicator.ledger import characters, decks, sessions
from adjudicator.ledger.campaign import init_campaign
from adjudicator.ledger.database import Ledger
from adjudicator.rules.characters import Character, Tag, TagSource, snazzle
from adjudicator.rules.deck import DrawReason
from adjudicator.rules.tables import Faction
from adjudicator.rules.words import Word, parse_words

START = datetime(2025, 3, 1, 19, 0, 0, tzinfo=UTC)

#: The Words each player submits at the table's first session, in the order they are drawn.
ANN_WORDS = "Fire, Ball, Trap, Zone, Mist, Metal, Speech, Decrease"
BRAM_WORDS = "Summon, Lead, Person, Heart, Stone, Evade, Become, Bind"

#: The meaning a player declares for each homonym the tests submit: "If you submit a word
#: that's a homonym, such as 'lead', be sure to specify which one you mean" (rulebook).
MEANINGS = {
    "Ash": "the residue of a fire",
    "Ball": "a round object",
    "Become": "to turn into",
    "Bind": "to tie up",
    "Bolt": "a crossbow bolt",
    "Climb": "to go up",
    "Evade": "to escape",
    "Fire": "flames",
    "Fly": "to travel through the air",
    "Gold": "the metal",
    "Heart": "the seat of feelings",
    "Hide": "to conceal",
    "Iron": "the metal",
    "Jump": "to leap",
    "Lead": "the metal",
    "Power": "strength",
    "Run": "to move fast on foot",
    "Salt": "the mineral",
    "Shadow": "shade",
    "Stone": "rock",
    "Trap": "to trap prey",
    "Wall": "a barrier",
    "Zone": "an area",
}


def declared(
    words: str | tuple[Word, ...], senses: dict[str, str] | None = None
) -> tuple[Word, ...]:
    """`words` as a player submits them: each homonym with its meaning from `senses`, else from
    `MEANINGS` (a homonym missing from both is a test to fix: add its meaning there)."""
    from adjudicator.ledger.decks import undeclared_homonyms

    parsed = parse_words(words) if isinstance(words, str) else words
    meanings = {**MEANINGS, **(senses or {})}
    given = tuple(w.with_sense(meanings[w.text]) if w.text in (senses or {}) else w for w in parsed)
    homonyms = {info.word for info in undeclared_homonyms(given)}
    return tuple(w.with_sense(meanings[w.text]) if w.text in homonyms else w for w in given)


def sense_options(words: str, senses: dict[str, str] | None = None) -> list[str]:
    """The `--sense WORD=MEANING` options `deck submit` needs for `words` (see `declared`)."""
    return [
        option
        for word in declared(words, senses)
        if word.sense is not None
        for option in ("--sense", f"{word.text}={word.sense}")
    ]


class TickingClock:
    """A clock for tests: one second later at every reading."""

    def __init__(self, start: datetime = START) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        self.moment += timedelta(seconds=1)
        return self.moment


def grum() -> Character:
    """A second character, Bram's Orc, with the Inherent Words [Smash] [Metal] [Mist]."""
    return Character(
        name="Grum",
        faction=Faction("Orc", ("Strong", "Prideful")),
        creation_tags=tuple(Tag(t, TagSource.CREATION) for t in ("Brave", "Loud", "Hungry")),
        words=parse_words("Smash, Become, Stone"),
    )


def new_ledger(path: Path, *, canon: bool = True) -> Ledger:
    return init_campaign(path, name="Shadehill", canon=canon, clock=TickingClock())


def seat_table(ledger: Ledger) -> None:
    """Ann plays Snazzle ([Convince] [Daze] [Steal]), Bram plays Grum; session 1 is open and
    each player holds the eight Words they submitted, drawn in order (no shuffle)."""
    sessions.add_player(ledger, "Ann")
    sessions.add_player(ledger, "Bram")
    characters.add_character(ledger, snazzle(), "Ann")
    characters.add_character(ledger, grum(), "Bram")
    sessions.start_session(ledger, "The ferry")
    for player, words in (("Ann", ANN_WORDS), ("Bram", BRAM_WORDS)):
        decks.submit(ledger, player, declared(words))
        decks.approve(ledger, player)
        for _ in parse_words(words):
            decks.draw(ledger, player, DrawReason.SKILL_CHECK_FULL_SUCCESS)


def snapshot(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, for checking that a refused command wrote nothing."""
    conn = sqlite3.connect(path)
    try:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {t: _rows(conn, t) for t in tables}
    finally:
        conn.close()


def _rows(conn: sqlite3.Connection, table: str) -> list[tuple[object, ...]]:
    """A table's rows in a stable order: by rowid, or sorted for a WITHOUT ROWID table (the
    FTS5 index of rulings keeps two)."""
    try:
        return conn.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    except sqlite3.OperationalError:
        return sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr)


def schema(path: Path) -> list[tuple[object, ...]]:
    """The ledger's schema as SQLite stores it."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
    finally:
        conn.close()
