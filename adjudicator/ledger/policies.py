"""Policy announcements: the Storyteller stating openly that a ruling, or a concept, changes.

"If a mistake was made and the policy needs to change, the Storyteller should state that
openly before it comes up." A policy names the rulings it supersedes and, optionally, the
concept Word it is about; each superseded ruling gets a status record pointing at the policy,
in the same transaction, so its status reads "superseded by P3".
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudicator.errors import InvalidInput
from adjudicator.ledger import records
from adjudicator.ledger.database import Ledger, guarded, write
from adjudicator.ledger.errors import UnknownName
from adjudicator.ledger.fields import limit, required_text, shown_text
from adjudicator.ledger.rulings import Status, append_status, get_ruling
from adjudicator.ledger.sessions import get_session, latest_session, open_session
from adjudicator.rules.words import Word


@dataclass(frozen=True)
class Policy:
    """An announced policy: the session it was made in, its text, what it supersedes."""

    id: str
    session: int | None
    text: str
    supersedes: tuple[str, ...] = ()
    concept: str | None = None
    recorded_at: str = ""
    record: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "session": self.session,
            "text": self.text,
            "supersedes": list(self.supersedes),
            "concept": self.concept,
            "recorded_at": self.recorded_at,
        }


def announce(
    ledger: Ledger,
    text: str,
    *,
    supersedes: Sequence[str] = (),
    concept: str | None = None,
    session: int | None = None,
) -> Policy:
    """Announce a policy in `session` (default: the open session; between sessions, the one
    just played, so it precedes the next; before any session, none)."""
    body = required_text(text, "policy text", limit("policy", "text"))
    word = (
        None if concept is None or not concept.strip() else Word(concept.strip().strip("[]")).text
    )
    with write(ledger):
        if session is not None:
            number: int | None = get_session(ledger, session).number
        else:
            current = open_session(ledger) or latest_session(ledger)
            number = None if current is None else current.number
        targets = []
        for ruling_id in supersedes:
            ruling = get_ruling(ledger, ruling_id)
            if ruling.id in targets:
                raise InvalidInput(f"{ruling.id} is named twice")
            targets.append(ruling.id)
        with guarded(ledger.path):
            next_number = ledger.db.execute(
                "SELECT coalesce(max(number), 0) + 1 FROM policies"
            ).fetchone()[0]
        policy = Policy(f"P{next_number}", number, body, tuple(targets), word, ledger.now())
        row = {
            "id": policy.id,
            "number": next_number,
            "session": number,
            "text": body,
            "supersedes": records.canonical_json(list(policy.supersedes)),
            "concept": word,
            "recorded_at": policy.recorded_at,
        }
        record = records.append(ledger, "policy", policy.id, row)
        for ruling_id in policy.supersedes:
            append_status(ledger, ruling_id, Status.SUPERSEDED, by_policy=policy.id, reason=body)
    return replace(policy, record=record.seq)


_COLUMNS = "id, session, text, supersedes, concept, recorded_at, record"


def _policy(row: Sequence[Any]) -> Policy:
    pid, session, text, supersedes, concept, recorded_at, record = row
    shown = shown_text(text, limit("policy", "text")) or ""
    return Policy(pid, session, shown, tuple(json.loads(supersedes)), concept, recorded_at, record)


def policies(ledger: Ledger, session: int | None = None) -> tuple[Policy, ...]:
    """Every policy (of one session, if given), in the order announced."""
    query = f"SELECT {_COLUMNS} FROM policies"
    params: tuple[int, ...] = ()
    if session is not None:
        query += " WHERE session = ?"
        params = (session,)
    with guarded(ledger.path):
        return tuple(_policy(row) for row in ledger.db.execute(query + " ORDER BY record", params))


def get_policy(ledger: Ledger, policy_id: str) -> Policy:
    """The policy with this id ("P3" or "p3")."""
    wanted = policy_id.strip().upper()
    with guarded(ledger.path):
        row = ledger.db.execute(
            f"SELECT {_COLUMNS} FROM policies WHERE id = ?", (wanted,)
        ).fetchone()
    if row is None:
        raise UnknownName("policy", wanted, [p.id for p in policies(ledger)])
    return _policy(row)
