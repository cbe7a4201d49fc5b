"""The complete JSON export: every record in chain order with its hash, in a versioned format.

`importing.import_ledger` reads it back into an identical ledger. One record a line keeps it
diffable and lets an import error point at a line. A filtered export is for reading only.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterator
from typing import Any

from adjudicator.ledger import migrations, records
from adjudicator.ledger.campaign import campaign_name
from adjudicator.ledger.database import Ledger, read
from adjudicator.ledger.io.log import WHOLE, ExportFilter, gather

#: The JSON export's format name and version; `importing` refuses any other. Version 2
#: carries the chain head (`COUNT:HASH`), which import checks against the last record.
FORMAT = "adjudicator-ledger"
VERSION = 2


def to_json(ledger: Ledger, where: ExportFilter = WHOLE) -> str:
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
