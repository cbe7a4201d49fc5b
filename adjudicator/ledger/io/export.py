"""The campaign's ruling log, exported: Markdown, HTML, CSV and complete JSON.

Markdown and HTML are the readable book (`book`); CSV is one row per ruling for
spreadsheets (`csv_export`); JSON is the whole ledger, every record in chain order with its
hash, in a versioned format that `importing.import_ledger` reads back into an identical
ledger (`json_export`).

Exports are deterministic (no export time is written; Markdown and HTML show times in the
local zone), so the same ledger always gives the same bytes on one machine. A file is
written beside its destination and renamed into place, so a failed export never leaves half
a file; an existing file is only replaced with `force`.
"""

from __future__ import annotations

import enum
from datetime import tzinfo

from adjudicator.ledger import records
from adjudicator.ledger.database import Ledger, read
from adjudicator.ledger.hashing import Head
from adjudicator.ledger.io import book
from adjudicator.ledger.io.csv_export import to_csv
from adjudicator.ledger.io.json_export import to_json
from adjudicator.ledger.io.log import WHOLE, ExportFilter, gather


class ExportFormat(enum.Enum):
    MARKDOWN = "md"
    HTML = "html"
    JSON = "json"
    CSV = "csv"


def export(
    ledger: Ledger,
    fmt: ExportFormat,
    where: ExportFilter = WHOLE,
    zone: tzinfo | None = None,
) -> str:
    """The ruling log in `fmt`, as text; Markdown and HTML show times in `zone` (default:
    this machine's local zone)."""
    return export_log(ledger, fmt, where, zone)[0]


def export_log(
    ledger: Ledger,
    fmt: ExportFormat,
    where: ExportFilter = WHOLE,
    zone: tzinfo | None = None,
) -> tuple[str, Head]:
    """The ruling log in `fmt`, and the chain head it was read at (one snapshot for both)."""
    with read(ledger):
        head = records.chain_head(ledger)
        if fmt is ExportFormat.JSON:
            return to_json(ledger, where), head
        log = gather(ledger, where)
        if fmt is ExportFormat.MARKDOWN:
            return book.to_markdown(log, zone), head
        if fmt is ExportFormat.HTML:
            return book.to_html(log, zone), head
        return to_csv(log), head
