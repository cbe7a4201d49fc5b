"""The campaign's ruling log, exported: Markdown, HTML, CSV and complete JSON.

Markdown and HTML are the readable book (`book.py`); CSV is one row per ruling for
spreadsheets; JSON is the whole ledger, every record in chain order with its hash, in a
versioned format that `importing.import_ledger` reads back into an identical ledger. One
record a line keeps it diffable and lets an import error point at a line.

Exports are deterministic (no export time is written; Markdown and HTML show times in the
local zone), so the same ledger always gives the same bytes on one machine. A file is
written beside its destination and renamed into place, so a failed export never leaves half
a file; an existing file is only replaced with `force`.
"""

from __future__ import annotations

import csv
import enum
import heapq
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import tzinfo
from typing import Any

from adjudicator.ledger import migrations, records
from adjudicator.ledger.campaign import campaign_name
from adjudicator.ledger.database import Ledger, read
from adjudicator.ledger.fields import visible
from adjudicator.ledger.files import check_destination as check_destination
from adjudicator.ledger.files import write_file as write_file
from adjudicator.ledger.hashing import GENESIS, Head
from adjudicator.ledger.policies import Policy, policies
from adjudicator.ledger.rulings import Ruling, RulingFilter, Status, StatusRecord, iter_rulings
from adjudicator.ledger.sessions import Session, sessions
from adjudicator.rules.words import Word, format_words

#: The JSON export's format name and version; `importing` refuses any other. Version 2
#: carries the chain head (`COUNT:HASH`), which import checks against the last record.
FORMAT = "adjudicator-ledger"
VERSION = 2


class ExportFormat(enum.Enum):
    MARKDOWN = "md"
    HTML = "html"
    JSON = "json"
    CSV = "csv"


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


def export(
    ledger: Ledger,
    fmt: ExportFormat,
    where: ExportFilter = ExportFilter(),
    zone: tzinfo | None = None,
) -> str:
    """The ruling log in `fmt`, as text; Markdown and HTML show times in `zone` (default:
    this machine's local zone)."""
    return export_log(ledger, fmt, where, zone)[0]


def export_log(
    ledger: Ledger,
    fmt: ExportFormat,
    where: ExportFilter = ExportFilter(),
    zone: tzinfo | None = None,
) -> tuple[str, Head]:
    """The ruling log in `fmt`, and the chain head it was read at (one snapshot for both)."""
    with read(ledger):
        head = records.chain_head(ledger)
        if fmt is ExportFormat.JSON:
            return to_json(ledger, where), head
        from adjudicator.ledger import book

        log = gather(ledger, where)
        if fmt is ExportFormat.MARKDOWN:
            return book.to_markdown(log, zone), head
        if fmt is ExportFormat.HTML:
            return book.to_html(log, zone), head
        return to_csv(log), head


# -- CSV -----------------------------------------------------------------------------------------

CSV_COLUMNS = (
    "id", "canon", "session", "caster", "words", "senses", "intent", "verdict", "needs",
    "area", "duration", "damage", "requirements", "note", "reason", "citation", "mapping",
    "status", "status_by", "status_reason", "recorded_at",
)  # fmt: skip


#: What a spreadsheet takes as the start of a formula (OWASP's CSV-injection list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A cell that no spreadsheet runs as a formula: text starting with =, +, -, @, a tab or
    a carriage return gets a leading single quote (OWASP's CSV-injection rule). Control
    characters are written out (`fields.visible`), so the CSV is also safe on a terminal."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START):
        value = "'" + value
    return visible(value)


def to_csv(log: RulingLog) -> str:
    """One row per ruling, with its current status; no cell can start a formula."""
    current = log.current()
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for ruling in log.rulings:
        status = current.get(ruling.id)
        senses = "; ".join(f"{u.word.text}={u.word.sense}" for u in ruling.words if u.word.sense)
        parts = ruling.implementation
        writer.writerow(
            csv_cell(cell)
            for cell in (
                ruling.id,
                int(ruling.canon),
                ruling.session or "",
                ruling.caster or "",
                ruling.words_text(),
                senses,
                ruling.intent,
                ruling.verdict.value,
                format_words(ruling.needs),
                parts.area or "",
                parts.duration or "",
                parts.damage or "",
                parts.requirements or "",
                parts.note or "",
                ruling.reason or "",
                ruling.citation or "",
                records.canonical_json({c: list(w) for c, w in ruling.mapping.items()}),
                "standing" if status is None else status.status.value,
                "" if status is None else status.by or "",
                "" if status is None else status.reason or "",
                ruling.recorded_at,
            )
        )
    return out.getvalue()


# -- JSON ----------------------------------------------------------------------------------------


def to_json(ledger: Ledger, where: ExportFilter = ExportFilter()) -> str:
    """Every record in chain order (only the matching rulings, policies and statuses when
    filtered; a filtered export is for reading and cannot be imported)."""
    with read(ledger):
        header = {
            "format": FORMAT,
            "version": VERSION,
            "campaign": campaign_name(ledger),
            "schema": list(migrations.applied(ledger.conn) or ()),
            "filter": None if where.is_whole else where.to_dict(),
            "head": str(records.chain_head(ledger)),
        }
        keep = None if where.is_whole else _kept(ledger, where)
        streams = [_stream(ledger, kind) for kind in sorted(ledger.kinds)]
        lines = []
        for item in heapq.merge(*streams, key=lambda entry: int(entry["seq"])):
            if keep is not None and not keep(item):
                continue
            lines.append(json.dumps(item, ensure_ascii=False))
    opening = json.dumps(header, ensure_ascii=False)[:-1]
    body = ",\n".join(lines)
    return f'{opening}, "records": [\n{body}\n]}}\n' if lines else f'{opening}, "records": []}}\n'


def _stream(ledger: Ledger, kind: str) -> Iterator[dict[str, Any]]:
    for record, row in records.rows(ledger, kind):
        yield {
            "seq": record.seq,
            "kind": record.kind,
            "key": record.key,
            "hash": record.hash,
            "row": row,
        }


def _kept(ledger: Ledger, where: ExportFilter) -> Any:
    """A predicate keeping the records a filtered JSON export shows."""
    log = gather(ledger, where)
    rulings = {ruling.id for ruling in log.rulings}
    chosen = {policy.id for policy in log.policies}
    kinds = {"campaign", "session", "session_end"}

    def keep(item: dict[str, Any]) -> bool:
        row = item["row"]
        if item["kind"] == "ruling":
            return row["id"] in rulings
        if item["kind"] == "policy":
            return row["id"] in chosen
        if item["kind"] == "ruling_status":
            return row["ruling"] in rulings
        return item["kind"] in kinds

    return keep
