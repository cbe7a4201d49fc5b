"""The CSV export: one row per ruling, with its current status, for spreadsheets.

No cell can start a formula (OWASP's CSV-injection rule) and control characters are
written out, so the file is safe to open in a spreadsheet and to print on a terminal.
"""

from __future__ import annotations

import csv
import io

from adjudicator.ledger import records
from adjudicator.ledger.fields import visible
from adjudicator.ledger.io.log import RulingLog
from adjudicator.rules.words import format_words

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
