"""The ruling log a readable export shows (Markdown, HTML, CSV), gathered in one snapshot.

`ExportFilter` picks a session, a caster or a Word; `gather` reads the rulings, policies and
statuses it keeps, with the chain head, into a `RulingLog` that `book` and `csv_export` write.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.ledger import records
from adjudicator.ledger.campaign import campaign_name
from adjudicator.ledger.database import Ledger, read
from adjudicator.ledger.hashing import GENESIS, Head
from adjudicator.ledger.policies import Policy, policies
from adjudicator.ledger.rulings import Ruling, RulingFilter, Status, StatusRecord, iter_rulings
from adjudicator.ledger.sessions import Session, sessions
from adjudicator.rules.words import Word


@dataclass(frozen=True)
class ExportFilter:
    """Which part of the log to export: one session, one caster's rulings, one Word's."""

    session: int | None = None
    character: str | None = None
    word: str | None = None
    canon: bool = True

    @property
    def is_whole(self) -> bool:
        return self.session is None and self.character is None and self.word is None and self.canon

    def rulings(self) -> RulingFilter:
        return RulingFilter(
            session=self.session,
            caster=self.character,
            word=self.word,
            canon=None if self.canon else False,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "character": self.character,
            "word": None if self.word is None else Word(self.word).text,
            "canon": self.canon,
        }


#: The whole log: no filter (the default of every export).
WHOLE = ExportFilter()


@dataclass(frozen=True)
class RulingLog:
    """Everything a readable export shows, read in one snapshot of the ledger."""

    campaign: str
    sessions: tuple[Session, ...]
    rulings: tuple[Ruling, ...]
    policies: tuple[Policy, ...]
    statuses: tuple[StatusRecord, ...]
    filter: ExportFilter = field(default_factory=ExportFilter)
    #: The whole ledger's chain head when the log was read: a printed log is an anchor.
    head: Head = field(default_factory=lambda: Head(0, GENESIS))

    def current(self) -> dict[str, StatusRecord]:
        """Each ruling's latest status record (rulings without one are standing)."""
        return {status.ruling: status for status in self.statuses}

    def changed_by(self) -> dict[str, list[StatusRecord]]:
        """The status changes each ruling or policy made to earlier rulings."""
        changes: dict[str, list[StatusRecord]] = {}
        for status in self.statuses:
            if status.by is not None:
                changes.setdefault(status.by, []).append(status)
        return changes


def gather(ledger: Ledger, where: ExportFilter = ExportFilter()) -> RulingLog:
    """The rulings, policies and statuses an export shows, filtered."""
    with read(ledger) as db:
        rulings = tuple(iter_rulings(ledger, where.rulings()))
        shown = {ruling.id for ruling in rulings}
        statuses = tuple(
            StatusRecord(ruling, Status(status), by_ruling, by_policy, reason, recorded_at)
            for ruling, status, by_ruling, by_policy, reason, recorded_at in db.execute(
                "SELECT ruling, status, by_ruling, by_policy, reason, recorded_at "
                "FROM ruling_statuses ORDER BY record"
            )
        )
        chosen = []
        for policy in policies(ledger):
            if where.session is not None and policy.session != where.session:
                continue
            narrowed = where.character is not None or where.word is not None
            about_word = where.word is not None and policy.concept == Word(where.word).text
            if narrowed and not about_word and not shown.intersection(policy.supersedes):
                continue
            chosen.append(policy)
        return RulingLog(
            campaign=campaign_name(ledger),
            sessions=sessions(ledger),
            rulings=rulings,
            policies=tuple(chosen),
            statuses=statuses,
            filter=where,
            head=records.chain_head(ledger),
        )
