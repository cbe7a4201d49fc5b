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

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.ledger.database import Ledger, RecordKind, guarded
from adjudicator.ledger.errors import ChainBroken, LedgerError, LedgerTampered
from adjudicator.ledger.hashing import GENESIS as GENESIS
from adjudicator.ledger.hashing import Head as Head
from adjudicator.ledger.hashing import Value as Value
from adjudicator.ledger.hashing import canonical_json as canonical_json
from adjudicator.ledger.hashing import record_hash as record_hash
from adjudicator.ledger.health import trigger_problems


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


def latest_seq(ledger: Ledger, kinds: Iterable[str]) -> int:
    """The chain position of the newest record of one of `kinds` (0 when there is none): it
    moves when, and only when, one of them is added."""
    wanted = tuple(kinds)
    marks = ", ".join("?" * len(wanted))
    with guarded(ledger.path):
        row = ledger.db.execute(
            f"SELECT seq FROM records WHERE kind IN ({marks}) ORDER BY seq DESC LIMIT 1", wanted
        ).fetchone()
    return 0 if row is None else int(row[0])


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


def chain_head(ledger: Ledger) -> Head:
    """The chain's head as `COUNT:HASH`, the anchor to keep outside the file."""
    last = head(ledger)
    return Head(0, GENESIS) if last is None else Head(last.seq, last.hash)


@dataclass(frozen=True)
class ChainReport:
    """What `verify` checked: how many records, and the hash of the newest."""

    records: int
    head: str

    @property
    def anchor(self) -> Head:
        return Head(self.records, self.head)


def verify(ledger: Ledger, anchor: Head | None = None) -> ChainReport:
    """Recompute every record's hash in order, raising `ChainBroken` at the first that
    differs, then check the append-only triggers (`LedgerTampered` if any is missing or
    altered). With `anchor` (a head kept from earlier), the chain must still hold that record
    with that hash.

    Also catches a row whose chain record is missing, and a chain record whose row is. What a
    keyless chain cannot catch alone (a file rewritten whole) is in docs/ledger-integrity.md.
    """
    if anchor is not None and anchor.count == 0 and anchor.hash != GENESIS:
        raise LedgerTampered(f"the anchor {anchor} is not a head: record 0 is the genesis")
    report = _verify_chain(ledger, anchor)
    with guarded(ledger.path):
        altered = trigger_problems(ledger.conn)
    if altered:
        raise LedgerTampered(
            f"the ledger's append-only protection was altered: {'; '.join(altered)}"
        )
    if ledger.problems:  # what the opening check found that the walk above did not
        raise LedgerTampered(
            f"the ledger failed its opening check: {'; '.join(ledger.problems)}",
            hint="nothing is written to it; restore it from a backup, or upgrade adjudicator "
            "if it was written by a newer one",
        )
    if anchor is not None and anchor.count > report.records:
        raise LedgerTampered(
            f"the anchor {anchor} names record {anchor.count}, but the chain holds only "
            f"{report.records} records: records {report.records + 1}-{anchor.count} are missing",
            hint="the ledger was cut back or replaced since that head was taken",
        )
    return report


def _verify_chain(ledger: Ledger, anchor: Head | None) -> ChainReport:
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
            if anchor is not None and seq == anchor.count and digest != anchor.hash:
                raise LedgerTampered(
                    f"the anchor {anchor} is not in the chain: record {seq} now has the hash "
                    f"{digest}",
                    hint="the records up to it were rewritten (or the ledger replaced) since "
                    "that head was taken",
                )
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
