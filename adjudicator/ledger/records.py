"""The append-only hash chain that every ledger record joins.

Every record (a ruling, a policy, a status change, a session, a character version, a Deck
version, ...) is one row in its own table plus one row in `records`, numbered by `seq`. Its
hash is sha256 over the previous record's hash and the canonical JSON of what it holds:

    hash = sha256(prev_hash + "\\n" + canonical_json({"seq", "kind", "key", "row"}))

where "row" maps each of the kind's hashed columns (every column but `record`) to its stored
value. Changing, removing or reordering any record breaks the chain from that record on, and
`verify` names the first record that does not match. Triggers refuse UPDATE and DELETE on
every chained table, so the chain guards against edits made outside adjudicator.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.ledger.database import Ledger, RecordKind, guarded
from adjudicator.ledger.errors import ChainBroken, LedgerError

#: The `prev_hash` of the first record.
GENESIS = "0" * 64

Value = str | int | None


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same data always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_hash(prev_hash: str, seq: int, kind: str, key: str, row: Mapping[str, Value]) -> str:
    """The hash of a record: its predecessor's hash and its canonical content."""
    content = canonical_json({"seq": seq, "kind": kind, "key": key, "row": dict(row)})
    return hashlib.sha256(f"{prev_hash}\n{content}".encode()).hexdigest()


@dataclass(frozen=True)
class Record:
    """A record's place in the chain."""

    seq: int
    kind: str
    key: str
    prev_hash: str
    hash: str


def head(ledger: Ledger) -> Record | None:
    """The newest record, or None for an empty chain."""
    with guarded(ledger.path):
        row = ledger.db.execute(
            "SELECT seq, kind, key, prev_hash, hash FROM records ORDER BY seq DESC LIMIT 1"
        ).fetchone()
    return None if row is None else Record(*row)


def append(ledger: Ledger, kind: str, key: str, row: Mapping[str, Value]) -> Record:
    """Add one record to the chain and its row to its table. Call inside `write(ledger)`.

    `row` holds every hashed column of the kind: JSON columns already as canonical JSON text.
    """
    if not ledger.conn.in_transaction:
        raise RuntimeError("records are appended inside write(ledger)")
    spec = kind_of(ledger, kind)
    missing = [column for column in spec.columns if column not in row]
    extra = [column for column in row if column not in spec.columns]
    if missing or extra:
        raise LedgerError(
            f"a {kind} record needs {list(spec.columns)}; missing {missing}, extra {extra}"
        )
    last = head(ledger)
    seq = 1 if last is None else last.seq + 1
    prev = GENESIS if last is None else last.hash
    ordered = {column: row[column] for column in spec.columns}
    digest = record_hash(prev, seq, kind, key, ordered)
    with guarded(ledger.path):
        ledger.db.execute(
            "INSERT INTO records (seq, kind, key, prev_hash, hash) VALUES (?, ?, ?, ?, ?)",
            (seq, kind, key, prev, digest),
        )
        names = ", ".join([*spec.columns, "record"])
        marks = ", ".join("?" for _ in range(len(spec.columns) + 1))
        ledger.db.execute(
            f"INSERT INTO {spec.table} ({names}) VALUES ({marks})", [*ordered.values(), seq]
        )
    return Record(seq, kind, key, prev, digest)


def kind_of(ledger: Ledger, kind: str) -> RecordKind:
    try:
        return ledger.kinds[kind]
    except KeyError:
        raise LedgerError(f"this ledger has no record kind {kind!r}") from None


@dataclass(frozen=True)
class ChainReport:
    """What `verify` checked: how many records, and the hash of the newest."""

    records: int
    head: str


def verify(ledger: Ledger) -> ChainReport:
    """Recompute every record's hash in order; raise `ChainBroken` at the first that differs.

    Also catches a row whose chain record is missing, and a chain record whose row is.
    """
    expected_prev = GENESIS
    count = 0
    with guarded(ledger.path):
        streams = {kind: _rows(ledger, spec) for kind, spec in ledger.kinds.items()}
        pending: dict[str, tuple[int, dict[str, Value]] | None] = {
            kind: next(stream, None) for kind, stream in streams.items()
        }
        records = ledger.db.execute(
            "SELECT seq, kind, key, prev_hash, hash FROM records ORDER BY seq"
        )
        for seq, kind, key, prev_hash, digest in records:
            count += 1
            if seq != count:
                raise ChainBroken(seq, kind, key, f"record {count} is missing before it")
            if prev_hash != expected_prev:
                raise ChainBroken(seq, kind, key, "it does not follow the record before it")
            if kind not in streams:
                raise ChainBroken(seq, kind, key, f"unknown kind {kind!r}")
            item = pending[kind]
            if item is None or item[0] > seq:
                raise ChainBroken(
                    seq, kind, key, f"its row is missing from {ledger.kinds[kind].table}"
                )
            if item[0] < seq:
                raise ChainBroken(item[0], kind, "?", "a row with no record in the chain")
            if record_hash(prev_hash, seq, kind, key, item[1]) != digest:
                raise ChainBroken(seq, kind, key, "its content is not what was recorded")
            pending[kind] = next(streams[kind], None)
            expected_prev = digest
        for kind, item in pending.items():
            if item is not None:
                raise ChainBroken(item[0], kind, "?", "a row with no record in the chain")
    return ChainReport(count, expected_prev)


def _rows(ledger: Ledger, spec: RecordKind) -> Iterator[tuple[int, dict[str, Value]]]:
    columns = ", ".join(spec.columns)
    cursor = ledger.db.execute(f"SELECT record, {columns} FROM {spec.table} ORDER BY record")
    for record, *values in cursor:
        yield record, dict(zip(spec.columns, values, strict=True))


def rows(ledger: Ledger, kind: str) -> Iterator[tuple[Record, dict[str, Any]]]:
    """Every record of `kind` in chain order, with its row (JSON columns parsed)."""
    spec = kind_of(ledger, kind)
    columns = ", ".join(f"t.{column}" for column in spec.columns)
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            f"SELECT r.seq, r.kind, r.key, r.prev_hash, r.hash, {columns} "
            f"FROM records r JOIN {spec.table} t ON t.record = r.seq ORDER BY r.seq"
        )
        for seq, kind_name, key, prev, digest, *values in cursor:
            row = dict(zip(spec.columns, values, strict=True))
            for column in spec.json_columns:
                text = row[column]
                row[column] = None if text is None else json.loads(text)
            yield Record(seq, kind_name, key, prev, digest), row
