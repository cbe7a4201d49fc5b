"""Reading a JSON export back into a ledger: everything validated first, then one transaction.

The file must be a whole-ledger export (`export --format json` without filters) in a
format version this code reads. Every record is checked before anything is written: its
place in the chain, its kind, its fields and their types, and what the rules say about its
content (Words parse, characters and Decks load, verdicts and statuses are known ones).
Then the records are appended in order in one transaction, each hash recomputed and compared
with the file's: any difference, or any constraint SQLite refuses, rolls everything back.
The error names the line (for text that is not UTF-8 or not JSON) or the record and field.

Import restores a campaign into a new ledger (or one that holds no records): it never merges
into a campaign that has history of its own, because the chain of the result would no longer
be the chain that was exported.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.errors import AdjudicatorError
from adjudicator.ledger import migrations, records
from adjudicator.ledger.database import (
    DEFAULT_WAIT_S,
    Clock,
    Ledger,
    RecordKind,
    create_ledger,
    guarded,
    open_ledger,
    utc_now,
    write,
)
from adjudicator.ledger.errors import FileRefused, ImportRefused, LedgerError
from adjudicator.ledger.fields import MAX_GENERATED, MAX_JSON, MAX_TITLE, limit
from adjudicator.ledger.hashing import GENESIS, Head
from adjudicator.ledger.io.json_export import FORMAT, VERSION
from adjudicator.ledger.rulings import RulingWord, Status, Verdict
from adjudicator.rules.characters import Character
from adjudicator.rules.deck import Deck
from adjudicator.rules.spells import MAX_INTENT_LENGTH
from adjudicator.rules.words import Word

_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
_HEADER = ("format", "version", "campaign", "schema", "filter", "head", "records")


@dataclass(frozen=True)
class Item:
    """One validated record of the file, ready to append."""

    seq: int
    kind: str
    key: str
    hash: str
    row: dict[str, records.Value]


@dataclass(frozen=True)
class ImportReport:
    """What an import wrote."""

    ledger: Path
    records: int
    rulings: int
    policies: int
    created: bool
    #: The last record's hash (`anchor` is the head as `COUNT:HASH`).
    head: str

    @property
    def anchor(self) -> Head:
        return Head(self.records, self.head)


def read_document(source: Path) -> Any:
    """The file's JSON; not UTF-8 or not JSON is an error naming the line."""
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise FileRefused(f"no file {source}") from None
    except OSError as error:
        raise FileRefused(f"cannot read {source}: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ImportRefused(
            f"{source} line {line}",
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})",
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportRefused(
            f"{source} line {error.lineno} column {error.colno}", f"not JSON: {error.msg}"
        ) from None


def reference_kinds() -> dict[str, RecordKind]:
    """The record kinds of this version's schema (read from a scratch in-memory ledger)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.execute("BEGIN")
        migrations.apply(conn, migrations.MIGRATIONS, "1970-01-01T00:00:00Z")
        rows = conn.execute("SELECT kind, table_name, columns, json_columns FROM record_kinds")
        return {
            kind: RecordKind(kind, table, tuple(json.loads(cols)), frozenset(json.loads(jsons)))
            for kind, table, cols, jsons in rows
        }
    finally:
        conn.close()


def validate(
    document: Any, kinds: Mapping[str, RecordKind], anchor: Head | None = None
) -> tuple[Item, ...]:
    """Every record of an export, checked with the limits the commands enforce; the file's
    head must be its last record, and `anchor` (a head kept elsewhere) one of its records.
    The first problem raises `ImportRefused`."""
    if not isinstance(document, dict):
        raise ImportRefused("the file", "an export is a JSON object")
    if document.get("format") != FORMAT:
        raise ImportRefused(
            "field format", f"not an adjudicator ledger export (expected {FORMAT!r})"
        )
    if document.get("version") != VERSION:
        raise ImportRefused(
            "field version",
            f"version {document.get('version')!r} is not one this adjudicator reads ({VERSION})",
        )
    missing = [name for name in _HEADER if name not in document]
    if missing:
        raise ImportRefused(f"field {missing[0]}", "missing")
    if document["filter"] is not None:
        raise ImportRefused(
            "field filter",
            "this export holds only part of a ledger (it was filtered)",
            hint="export without --session/--character/--word/--no-canon to import",
        )
    schema = document["schema"]
    if not isinstance(schema, list) or not all(isinstance(name, str) for name in schema):
        raise ImportRefused("field schema", "a list of migration names")
    newer = migrations.unknown(schema, migrations.MIGRATIONS)
    if newer:
        raise ImportRefused("field schema", f"written by a newer adjudicator ({', '.join(newer)})")
    try:
        head = Head.parse(document["head"]) if isinstance(document["head"], str) else None
    except AdjudicatorError:
        head = None
    if head is None:
        raise ImportRefused("field head", "the chain head, COUNT:HASH")
    items = document["records"]
    if not isinstance(items, list):
        raise ImportRefused("field records", "a list of records")
    checked = tuple(_item(index, item, kinds) for index, item in enumerate(items))
    last = Head(len(checked), checked[-1].hash if checked else GENESIS)
    if head != last:
        raise ImportRefused(
            "field head",
            f"the file says the chain ends at {head.count}:{head.hash[:16]}…, but its last "
            f"record is {last.count}:{last.hash[:16]}…: records were cut or added",
        )
    if anchor is not None:
        _check_anchor(anchor, checked)
    return checked


def _check_anchor(anchor: Head, items: tuple[Item, ...]) -> None:
    """The anchor must be one of the file's records (or the genesis of an empty chain)."""
    if anchor.count > len(items):
        raise ImportRefused(
            "--head",
            f"the anchor {anchor} names record {anchor.count}, but the file holds only "
            f"{len(items)} records",
            hint="nothing was imported: the file was cut back, or is older than the anchor",
        )
    found = GENESIS if anchor.count == 0 else items[anchor.count - 1].hash
    if found != anchor.hash:
        raise ImportRefused(
            "--head",
            f"the anchor {anchor} is not in the file: its record {anchor.count} has the hash "
            f"{found}",
            hint="nothing was imported: the file's records were rewritten",
        )


def _item(index: int, item: Any, kinds: Mapping[str, RecordKind]) -> Item:
    where = f"records[{index}]"
    if not isinstance(item, dict):
        raise ImportRefused(where, "a record is a JSON object")
    extra = set(item) - {"seq", "kind", "key", "hash", "row"}
    if extra:
        raise ImportRefused(f"{where}.{sorted(extra)[0]}", "not a field of a record")
    seq, kind, key, digest, row = (item.get(k) for k in ("seq", "kind", "key", "hash", "row"))
    if type(seq) is not int or seq != index + 1:
        raise ImportRefused(
            f"{where}.seq", f"expected {index + 1}, the record's place in the chain"
        )
    if not isinstance(kind, str) or kind not in kinds:
        raise ImportRefused(f"{where}.kind", f"unknown kind {kind!r}")
    where = f"records[{index}] (seq {seq}, {kind})"
    if not isinstance(key, str) or not key:
        raise ImportRefused(f"{where}.key", "a non-empty string")
    if not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise ImportRefused(f"{where}.hash", "required: the record's sha256 in hex")
    if len(key) > MAX_GENERATED:
        raise ImportRefused(f"{where}.key", f"over {MAX_GENERATED:,} characters")
    if not isinstance(row, dict):
        raise ImportRefused(f"{where}.row", "a JSON object")
    spec = kinds[kind]
    absent = [column for column in spec.columns if column not in row]
    if absent:
        raise ImportRefused(f"{where}.row.{absent[0]}", "missing")
    unknown = [column for column in row if column not in spec.columns]
    if unknown:
        raise ImportRefused(f"{where}.row.{unknown[0]}", f"not a field of a {kind} record")
    stored: dict[str, records.Value] = {}
    for column in spec.columns:
        value = row[column]
        if column in spec.json_columns:
            stored[column] = records.canonical_json(value)
            if len(str(stored[column])) > MAX_JSON:
                raise ImportRefused(f"{where}.row.{column}", f"over {MAX_JSON:,} characters")
        elif value is None or isinstance(value, str) or type(value) is int:
            stored[column] = value
            if isinstance(value, str):
                _check_text(f"{where}.row.{column}", value, limit(kind, column))
        else:
            raise ImportRefused(
                f"{where}.row.{column}", f"expected text, a whole number or null, not {value!r}"
            )
        if column.endswith("_at") and not (isinstance(value, str) and _TIME.match(value)):
            raise ImportRefused(f"{where}.row.{column}", "a UTC time like 2025-03-01T19:02:11Z")
    check = _CHECKS.get(kind)
    if check is not None:
        try:
            check(row)
        except ImportRefused as error:
            raise ImportRefused(f"{where}.row.{error.where}", error.reason) from None
        except (AdjudicatorError, KeyError, TypeError, ValueError, AttributeError) as error:
            raise ImportRefused(f"{where}.row", str(error) or type(error).__name__) from None
    return Item(seq, kind, key, digest, stored)


def _check_text(where: str, value: str, most: int) -> None:
    """Text as a command would have stored it: within the column's limit, with no NUL."""
    if len(value) > most:
        raise ImportRefused(
            where, f"{len(value):,} characters; the limit is {most:,} (as for the command)"
        )
    if "\x00" in value:
        raise ImportRefused(where, "contains a NUL character")


def _field(name: str, ok: bool, reason: str) -> None:
    if not ok:
        raise ImportRefused(name, reason)


def _check_ruling(row: dict[str, Any]) -> None:
    _field("words", isinstance(row["words"], list) and bool(row["words"]), "a non-empty list")
    for used in row["words"]:
        _field(
            "words",
            isinstance(used, dict) and set(used) == {"text", "sense", "kind"},
            "text, sense and kind",
        )
        RulingWord.from_dict(used)
        sense = used["sense"]
        _field("words", sense is None or isinstance(sense, str), "a sense is text or null")
        if isinstance(sense, str):
            _check_text("words", sense, limit("word_sense", "sense"))
    _field("verdict", row["verdict"] in {v.value for v in Verdict}, "approved or vetoed")
    _field("intent", isinstance(row["intent"], str) and 0 < len(row["intent"]) <= MAX_INTENT_LENGTH,
           f"an intent of 1 to {MAX_INTENT_LENGTH} characters")  # fmt: skip
    _field("needs", isinstance(row["needs"], list), "a list of Words")
    for text in row["needs"]:
        Word(text)
    mapping = row["mapping"]
    _field("mapping", isinstance(mapping, dict), "an object of concept -> Words")
    for concept, words in mapping.items():
        _check_text("mapping", concept, MAX_TITLE)
        _field(
            "mapping",
            isinstance(words, list) and all(isinstance(w, str) for w in words),
            "lists of Words",
        )
        for text in words:
            Word(text)


def _check_sheet(row: dict[str, Any]) -> None:
    sheet = row["sheet"]
    _field(
        "sheet", Character.from_dict(sheet).to_dict() == sheet, "does not round-trip as a character"
    )


def _check_deck(row: dict[str, Any]) -> None:
    deck = row["deck"]
    _field("deck", Deck.from_dict(deck).to_dict() == deck, "does not round-trip as a Deck")


def _check_status(row: dict[str, Any]) -> None:
    _field(
        "status",
        row["status"] in {s.value for s in Status},
        f"one of {', '.join(s.value for s in Status)}",
    )


def _check_policy(row: dict[str, Any]) -> None:
    ids = row["supersedes"]
    _field(
        "supersedes",
        isinstance(ids, list) and all(isinstance(i, str) for i in ids),
        "a list of ruling ids",
    )
    _field("text", isinstance(row["text"], str) and bool(row["text"].strip()), "the policy's text")


_CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "ruling": _check_ruling,
    "character_version": _check_sheet,
    "deck_version": _check_deck,
    "ruling_status": _check_status,
    "policy": _check_policy,
}


def import_ledger(
    target: Path,
    source: Path,
    *,
    anchor: Head | None = None,
    clock: Clock = utc_now,
    wait: float = DEFAULT_WAIT_S,
) -> ImportReport:
    """Import the export at `source` into `target`: a new ledger (which appears only once the
    import is complete), or one with no records. `anchor` is a head kept elsewhere that the
    file must hold."""
    items = validate(read_document(source), reference_kinds(), anchor)
    if target.exists() and target.stat().st_size > 0:
        with open_ledger(target, clock=clock, wait=wait) as ledger:
            head = _write(ledger, items)
        return _report(target, items, False, head)
    heads: list[str] = []
    create_ledger(
        target, fill=lambda ledger: heads.append(_write(ledger, items)), clock=clock, wait=wait
    ).close()
    return _report(target, items, True, heads[0])


def _report(target: Path, items: tuple[Item, ...], created: bool, head: str) -> ImportReport:
    counts = {kind: sum(1 for item in items if item.kind == kind) for kind in ("ruling", "policy")}
    return ImportReport(target, len(items), counts["ruling"], counts["policy"], created, head)


def _write(ledger: Ledger, items: tuple[Item, ...]) -> str:
    """Append every item in one transaction, each hash recomputed and compared with the
    file's; returns the last hash."""
    with write(ledger):
        with guarded(ledger.path):
            held = ledger.db.execute("SELECT count(*) FROM records").fetchone()[0]
        if held:
            raise ImportRefused(
                str(ledger.path),
                f"the ledger already holds {held} records; import restores into a new ledger",
                hint="import into a path that does not exist yet: --ledger NEW.sqlite",
            )
        last = records.GENESIS
        for item in items:
            try:
                record = records.append(ledger, item.kind, item.key, item.row)
            except LedgerError as error:
                raise ImportRefused(
                    f"records[{item.seq - 1}] (seq {item.seq}, {item.kind} {item.key})",
                    error.message,
                ) from None
            if record.hash != item.hash:
                raise ImportRefused(
                    f"records[{item.seq - 1}] (seq {item.seq}, {item.kind} {item.key}).hash",
                    "does not match the record's content: the file was changed after export",
                )
            last = record.hash
    return last
