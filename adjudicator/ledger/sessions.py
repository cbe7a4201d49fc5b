"""Sessions of play and the players at the table.

Sessions are numbered from 1 and at most one is open at a time. Rulings and the Deck belong
to the open session ("The 'Deck' is the collection of words that is built at the start of
each session"); a session's end is its own record, so nothing is rewritten when it closes.
Player names are unique ignoring case and are written as first given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.ledger import records
from adjudicator.ledger.database import Ledger, guarded, read, write
from adjudicator.ledger.errors import AlreadyRecorded, SessionError, UnknownName
from adjudicator.ledger.fields import clean_text, limit, name_text


@dataclass(frozen=True)
class Session:
    """A session: its number, optional title, when it started and, once over, ended."""

    number: int
    title: str | None
    started_at: str
    ended_at: str | None = None
    note: str | None = None

    @property
    def is_open(self) -> bool:
        return self.ended_at is None

    def label(self) -> str:
        return f"session {self.number}" + (f" ({self.title})" if self.title else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "title": self.title,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "note": self.note,
        }


_SELECT = """
SELECT s.number, s.title, s.started_at, e.ended_at, e.note
FROM sessions s LEFT JOIN session_ends e ON e.session = s.number
"""


def sessions(ledger: Ledger) -> tuple[Session, ...]:
    """Every session, oldest first."""
    with guarded(ledger.path):
        return tuple(Session(*row) for row in ledger.db.execute(_SELECT + " ORDER BY s.number"))


def get_session(ledger: Ledger, number: int) -> Session:
    """The session numbered `number`; an unknown number is an error listing the known ones."""
    with guarded(ledger.path):
        row = ledger.db.execute(_SELECT + " WHERE s.number = ?", (number,)).fetchone()
    if row is None:
        known = [str(session.number) for session in sessions(ledger)]
        raise UnknownName("session", str(number), known)
    return Session(*row)


def open_session(ledger: Ledger) -> Session | None:
    """The session in progress, if any."""
    with guarded(ledger.path):
        row = ledger.db.execute(
            _SELECT + " WHERE e.session IS NULL ORDER BY s.number DESC LIMIT 1"
        ).fetchone()
    return None if row is None else Session(*row)


def latest_session(ledger: Ledger) -> Session | None:
    """The most recent session, open or not."""
    with guarded(ledger.path):
        row = ledger.db.execute(_SELECT + " ORDER BY s.number DESC LIMIT 1").fetchone()
    return None if row is None else Session(*row)


def require_open_session(ledger: Ledger, action: str) -> Session:
    """The open session, or an error saying that `action` needs one."""
    session = open_session(ledger)
    if session is None:
        raise SessionError(
            f"{action} needs a session in progress", hint="adjudicator session start"
        )
    return session


def start_session(ledger: Ledger, title: str | None = None) -> Session:
    """Open the next session; refused while another is still open."""
    title = clean_text(title, "session title", limit("session", "title"))
    with write(ledger):
        current = open_session(ledger)
        if current is not None:
            raise SessionError(f"{current.label()} is still open", hint="adjudicator session end")
        last = latest_session(ledger)
        number = 1 if last is None else last.number + 1
        now = ledger.now()
        row = {"number": number, "title": title, "started_at": now}
        records.append(ledger, "session", f"session {number}", row)
    return Session(number, title, now)


def end_session(ledger: Ledger, note: str | None = None) -> Session:
    """Close the open session, with an optional note."""
    note = clean_text(note, "session note", limit("session_end", "note"))
    with write(ledger):
        current = require_open_session(ledger, "ending a session")
        now = ledger.now()
        row = {"session": current.number, "note": note, "ended_at": now}
        records.append(ledger, "session_end", f"session {current.number}", row)
    return Session(current.number, current.title, current.started_at, now, note)


def session_counts(ledger: Ledger) -> dict[int, tuple[int, int]]:
    """Per session: how many rulings and how many policies were recorded in it."""
    with read(ledger) as db:
        counts: dict[int, tuple[int, int]] = {}
        for number, rulings in db.execute(
            "SELECT session, count(*) FROM rulings WHERE session IS NOT NULL GROUP BY session"
        ):
            counts[number] = (rulings, 0)
        for number, policies in db.execute(
            "SELECT session, count(*) FROM policies WHERE session IS NOT NULL GROUP BY session"
        ):
            counts[number] = (counts.get(number, (0, 0))[0], policies)
    return counts


# -- players ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """A player (or the Storyteller's enemy Fate Weaver) who holds a hand of Drawn Words."""

    name: str
    session: int | None
    joined_at: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "session": self.session, "joined_at": self.joined_at}


def players(ledger: Ledger) -> tuple[Player, ...]:
    """Every player, in the order they joined."""
    with guarded(ledger.path):
        cursor = ledger.db.execute("SELECT name, session, joined_at FROM players ORDER BY record")
        return tuple(Player(*row) for row in cursor)


def get_player(ledger: Ledger, name: str) -> Player:
    """The player called `name` (ignoring case); an unknown name lists the known ones."""
    wanted = " ".join(name.split())
    with guarded(ledger.path):
        row = ledger.db.execute(
            "SELECT name, session, joined_at FROM players WHERE name = ?", (wanted,)
        ).fetchone()
    if row is None:
        raise UnknownName("player", wanted, [player.name for player in players(ledger)])
    return Player(*row)


def add_player(ledger: Ledger, name: str) -> Player:
    """Add a player; a name already taken (ignoring case) is refused."""
    name = name_text(name, "player", limit("player", "name"))
    with write(ledger):
        with guarded(ledger.path):
            taken = ledger.db.execute("SELECT name FROM players WHERE name = ?", (name,))
            if taken.fetchone() is not None:
                raise AlreadyRecorded("player", name)
        current = open_session(ledger)
        session = None if current is None else current.number
        now = ledger.now()
        records.append(ledger, "player", name, {"name": name, "session": session, "joined_at": now})
    return Player(name, session, now)
