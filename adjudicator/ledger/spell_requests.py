"""Spell requests: a player asks the Storyteller to rule on a spell, from the table's pages.

A request (Q1, Q2, ...) is a chained, append-only record like a ruling: once the server has
answered "sent", the request survives a crash. The Storyteller's ruling on it is recorded by
`precedent.ruling_checks.RulingChecks.record` as usual, and in the same transaction an answer record
links the request to the ruling (`answer_hook`). The answer table's primary key is the
request, and the hook checks it inside the write lock, so of two approvals of one request
exactly one is recorded; the other is refused with `AlreadyRuled` and records nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.ledger import records
from adjudicator.ledger.characters import get_character
from adjudicator.ledger.database import Ledger, guarded, write
from adjudicator.ledger.errors import LedgerError, UnknownName
from adjudicator.ledger.rulings import OnRecorded, Ruling
from adjudicator.ledger.sessions import get_player, require_open_session
from adjudicator.rules.spells import MAX_INTENT_LENGTH
from adjudicator.rules.words import Word

#: At most this many Words in one request (a spell is 2+ Words; a hand holds few).
MAX_WORDS = 12


class AlreadyRuled(LedgerError):
    """A ruling on a request the Storyteller has already ruled on."""

    def __init__(self, request: str, ruling: str) -> None:
        super().__init__(
            f"{request} is already ruled: {ruling}",
            hint=f"see it with: adjudicator ruling show {ruling}",
        )
        self.request = request
        self.ruling = ruling


@dataclass(frozen=True)
class SpellRequest:
    """A spell a player asked the Storyteller to rule on, and the ruling that answered it."""

    id: str
    session: int
    player: str
    caster: str
    words: tuple[Word, ...]
    intent: str
    requested_at: str
    ruling: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "session": self.session,
            "player": self.player,
            "caster": self.caster,
            "words": [word.to_dict() for word in self.words],
            "words_text": " ".join(f"[{w.text}]" for w in self.words),
            "intent": self.intent,
            "requested_at": self.requested_at,
            "ruling": self.ruling,
        }


def request_spell(
    ledger: Ledger, player: str, caster: str, words: Sequence[Word], intent: str
) -> SpellRequest:
    """Record a player's request for a ruling on `words` cast by `caster` for `intent`.

    The caster must be one of the player's own characters, in an open session."""
    text = " ".join(intent.split())
    if "\x00" in intent or not text:
        raise InvalidRequest("a spell request needs an intent: what the spell should do")
    if len(text) > MAX_INTENT_LENGTH:
        raise InvalidRequest(f"the intent is longer than {MAX_INTENT_LENGTH} characters")
    if not words:
        raise InvalidRequest("a spell request names its Words")
    if len(words) > MAX_WORDS:
        raise InvalidRequest(f"a spell request names at most {MAX_WORDS} Words")
    with write(ledger):
        session = require_open_session(ledger, "sending a spell request")
        who = get_player(ledger, player)
        character = get_character(ledger, caster)
        if character.player.casefold() != who.name.casefold():
            raise InvalidRequest(f"{character.name} is not {who.name}'s character")
        with guarded(ledger.path):
            number = ledger.db.execute(
                "SELECT coalesce(max(number), 0) + 1 FROM spell_requests"
            ).fetchone()[0]
        request = SpellRequest(
            id=f"Q{number}",
            session=session.number,
            player=who.name,
            caster=character.name,
            words=tuple(words),
            intent=text,
            requested_at=ledger.now(),
        )
        row: dict[str, records.Value] = {
            "id": request.id,
            "number": number,
            "session": request.session,
            "player": request.player,
            "caster": request.caster,
            "words": records.canonical_json([w.to_dict() for w in request.words]),
            "intent": request.intent,
            "requested_at": request.requested_at,
        }
        records.append(ledger, "spell_request", request.id, row)
    return request


class InvalidRequest(LedgerError):
    """A spell request the ledger cannot take: no intent, no Words, another's character."""


_SELECT = (
    "SELECT q.id, q.session, q.player, q.caster, q.words, q.intent, q.requested_at, a.ruling "
    "FROM spell_requests q LEFT JOIN spell_request_answers a ON a.request = q.id"
)


def _request(row: Sequence[Any]) -> SpellRequest:
    words = tuple(Word.from_dict(item) for item in json.loads(row[4]))
    return SpellRequest(row[0], row[1], row[2], row[3], words, row[5], row[6], row[7])


def list_requests(
    ledger: Ledger, *, player: str | None = None, open_only: bool = False
) -> tuple[SpellRequest, ...]:
    """Requests in the order sent: one player's (names ignore case), or only those unruled."""
    clauses, params = [], []
    if player is not None:
        clauses.append("q.player = ? COLLATE NOCASE")
        params.append(player)
    if open_only:
        clauses.append("a.ruling IS NULL")
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    with guarded(ledger.path):
        rows = ledger.db.execute(_SELECT + where + " ORDER BY q.number", params).fetchall()
    return tuple(_request(row) for row in rows)


def get_request(ledger: Ledger, request_id: str) -> SpellRequest:
    wanted = request_id.strip().upper()
    with guarded(ledger.path):
        row = ledger.db.execute(_SELECT + " WHERE q.id = ?", (wanted,)).fetchone()
    if row is None:
        known = [r.id for r in list_requests(ledger)]
        raise UnknownName("spell request", wanted, known)
    return _request(row)


def answer_hook(request_id: str, then: OnRecorded | None = None) -> OnRecorded:
    """A hook for `add_ruling`'s transaction: link the new ruling to the request, refusing
    (and so rolling the whole ruling back) when the request was ruled on meanwhile."""

    def hook(ledger: Ledger, ruling: Ruling) -> None:
        with guarded(ledger.path):
            row = ledger.db.execute(
                "SELECT ruling FROM spell_request_answers WHERE request = ?", (request_id,)
            ).fetchone()
        if row is not None:
            raise AlreadyRuled(request_id, row[0])
        if then is not None:
            then(ledger, ruling)
        row_values: dict[str, records.Value] = {
            "request": request_id,
            "ruling": ruling.id,
            "answered_at": ledger.now(),
        }
        records.append(ledger, "spell_request_answer", request_id, row_values)

    return hook


def check_unanswered(ledger: Ledger, request_id: str) -> SpellRequest:
    """The request, refused with `AlreadyRuled` when it has an answer (checked again, under
    the write lock, when the ruling is recorded)."""
    request = get_request(ledger, request_id)
    if request.ruling is not None:
        raise AlreadyRuled(request.id, request.ruling)
    return request
