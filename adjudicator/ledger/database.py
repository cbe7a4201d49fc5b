"""Opening, creating and writing the campaign's SQLite file, safely under concurrent use.

One campaign is one SQLite file, wrapped in a sqlite-utils `Database`. Every connection runs
in WAL mode (readers never block the writer), with foreign keys on, `synchronous=FULL` (a
ruling reported as recorded survives a crash or power cut) and a busy timeout. Writes go
through `write()`: `BEGIN IMMEDIATE` takes the write lock up front, so two processes queue
instead of failing half way, and a lock that stays busy is retried with backoff until
`Ledger.wait` seconds have passed; "database is locked" never reaches the user.

Rows are inserted with plain parameterised SQL through `Database.execute`, not
`Table.insert`: sqlite-utils wraps each insert in `with conn:`, which commits whatever
transaction is open, and a ruling must be recorded together with the hand it spends.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from adjudicator.ledger import health, migrations
from adjudicator.ledger.errors import (
    AppendOnly,
    FileRefused,
    LedgerBusy,
    LedgerDamaged,
    LedgerError,
    LedgerExists,
    LedgerNotFound,
    LedgerSuspect,
    NewerLedger,
    NotALedger,
)
from adjudicator.ledger.files import check_folder as check_folder
from adjudicator.ledger.files import guard_target, temporary_for

#: How long SQLite itself waits on a lock before reporting it busy (milliseconds).
BUSY_TIMEOUT_MS = 5000
#: How long `write()` keeps retrying a busy ledger before giving up (seconds).
DEFAULT_WAIT_S = 60.0
#: What an empty file at a ledger's path is: `init` was killed before it wrote anything.
UNFINISHED_INIT = "it is empty: an unfinished init; remove it or pass --force to init"

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The real clock; tests pass their own `Clock` to `open_ledger`."""
    return datetime.now(UTC)


def format_time(moment: datetime) -> str:
    """A moment as stored in the ledger: UTC, ISO 8601, to the second ("2025-03-01T19:02:11Z")."""
    if moment.tzinfo is None:
        raise ValueError("the ledger's clock must give timezone-aware datetimes")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class RecordKind:
    """A kind of chained record: the append-only table that holds it and its hashed columns."""

    kind: str
    table: str
    columns: tuple[str, ...]
    json_columns: frozenset[str]


@dataclass(frozen=True)
class Ledger:
    """An open campaign ledger: the sqlite-utils database, where it lives, and its clock.

    Pass it explicitly to every ledger function; close it (or use `with`) when done.
    """

    db: Database
    path: Path
    clock: Clock = utc_now
    wait: float = DEFAULT_WAIT_S
    kinds: Mapping[str, RecordKind] = field(default_factory=dict)
    #: What the opening check found wrong (`health.quick_check`); writes are refused if any.
    problems: tuple[str, ...] = ()

    @property
    def conn(self) -> sqlite3.Connection:
        connection: sqlite3.Connection = self.db.conn
        return connection

    def now(self) -> str:
        return format_time(self.clock())

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def create_ledger(
    path: Path,
    *,
    fill: Callable[[Ledger], None] | None = None,
    force: bool = False,
    clock: Clock = utc_now,
    wait: float = DEFAULT_WAIT_S,
) -> Ledger:
    """Create a new ledger at `path` with the full schema, filled by `fill`; returns it open.

    It is built in a hidden file beside `path` and linked into place only when complete, so
    a killed or failed init leaves no ledger behind, and two inits cannot both win. The path
    must not exist; `force` replaces only an empty file (an init killed by an older version).
    """
    _check_new(path, force)
    check_folder(path)
    temporary = temporary_for(path)
    discard(temporary)
    try:
        try:
            temporary.open("xb").close()
        except OSError as error:
            raise FileRefused(f"cannot create {path}: {error.strerror or error}") from None
        ledger = _connect(temporary, clock, wait)
        try:
            _use_wal(ledger)
            with write(ledger):
                migrations.apply(ledger.conn, migrations.MIGRATIONS, ledger.now())
            if fill is not None:
                fill(_with_kinds(ledger))
        finally:
            ledger.close()
        _publish(temporary, path, force)
    finally:
        discard(temporary)
    return open_ledger(path, clock=clock, wait=wait)


def _check_new(path: Path, force: bool) -> None:
    if path.is_symlink() or path.exists():
        if path.is_file() and path.stat().st_size == 0:
            if not force:
                raise NotALedger(path, UNFINISHED_INIT)
        else:
            raise LedgerExists(path)


def _publish(temporary: Path, path: Path, force: bool) -> None:
    """Put the finished ledger in place: a hard link never replaces a file that appeared
    meanwhile; `force` replaces an empty one (checked again just before)."""
    try:
        if force and path.is_file() and path.stat().st_size == 0:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)
        _sync_folder(path)
    except FileExistsError:
        raise LedgerExists(path) from None
    except OSError as error:
        raise FileRefused(f"cannot create {path}: {error.strerror or error}") from None


def _sync_folder(path: Path) -> None:
    """Make a rename or link in `path`'s folder durable."""
    try:
        handle = os.open(path.absolute().parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def open_ledger(path: Path, *, clock: Clock = utc_now, wait: float = DEFAULT_WAIT_S) -> Ledger:
    """Open an existing ledger, bringing its schema up to date if it is older than this code."""
    if not path.exists():
        check_folder(path)
        raise LedgerNotFound(path)
    if path.is_dir():
        raise NotALedger(path, "it is a folder")
    if path.stat().st_size == 0:
        raise NotALedger(path, UNFINISHED_INIT)
    ledger = _connect(path, clock, wait)
    try:
        with guarded(path):
            applied = migrations.applied(ledger.conn)
            if applied is None:
                raise NotALedger(path, "it has no ledger schema")
            unknown = migrations.unknown(applied, migrations.MIGRATIONS)
            if unknown:
                raise NewerLedger(path, unknown)
            problems = health.quick_check(ledger.conn)
        if problems:
            ledger = replace(ledger, problems=problems)
        else:
            _use_wal(ledger)
        if migrations.pending(applied, migrations.MIGRATIONS):
            with write(ledger):
                migrations.apply(ledger.conn, migrations.MIGRATIONS, ledger.now())
        return _with_kinds(ledger)
    except BaseException:
        ledger.close()
        raise


def discard(path: Path) -> None:
    """Remove a ledger this process has just created and failed to fill."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _connect(path: Path, clock: Clock, wait: float) -> Ledger:
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except sqlite3.Error as error:
        raise NotALedger(path, str(error)) from None
    try:
        with guarded(path):
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = FULL")
            db = Database(conn, execute_plugins=False)
    except BaseException:
        conn.close()
        raise
    return Ledger(db=db, path=path, clock=clock, wait=wait)


def _use_wal(ledger: Ledger) -> None:
    """Put the file in WAL mode (once: the mode is stored in the file)."""
    conn = ledger.conn
    with guarded(ledger.path):
        mode = str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower()
    if mode != "wal":
        _retry_busy(ledger.path, ledger.wait, lambda: conn.execute("PRAGMA journal_mode = WAL"))


def _with_kinds(ledger: Ledger) -> Ledger:
    with guarded(ledger.path):
        rows = ledger.conn.execute(
            "SELECT kind, table_name, columns, json_columns FROM record_kinds"
        ).fetchall()
    kinds = {
        kind: RecordKind(kind, table, tuple(json.loads(columns)), frozenset(json.loads(jsons)))
        for kind, table, columns, jsons in rows
    }
    return replace(ledger, kinds=kinds)


@contextmanager
def write(ledger: Ledger) -> Iterator[Database]:
    """One write transaction: all of it is recorded, or none of it.

    `BEGIN IMMEDIATE` takes the write lock before anything is read, so what is read inside
    (the chain's last hash, the current hand) cannot change before it is written.
    """
    conn = ledger.conn
    if conn.in_transaction:
        raise RuntimeError("write() transactions do not nest")
    if ledger.problems:
        raise LedgerSuspect(ledger.path, ledger.problems)
    _retry_busy(ledger.path, ledger.wait, lambda: conn.execute("BEGIN IMMEDIATE"))
    try:
        with guarded(ledger.path):
            yield ledger.db
            conn.execute("COMMIT")
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")


@contextmanager
def read(ledger: Ledger) -> Iterator[Database]:
    """A consistent snapshot for several queries (an export sees one moment of the ledger)."""
    conn = ledger.conn
    if conn.in_transaction:
        yield ledger.db
        return
    with guarded(ledger.path):
        conn.execute("BEGIN")
    try:
        with guarded(ledger.path):
            yield ledger.db
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")


@contextmanager
def guarded(path: Path) -> Iterator[None]:
    """Turn SQLite's exceptions into ledger errors that say what happened."""
    try:
        yield
    except sqlite3.Error as error:
        raise translate(error, path) from error


def translate(error: sqlite3.Error, path: Path) -> LedgerError:
    """The ledger error for an exception from SQLite."""
    message = str(error)
    if isinstance(error, sqlite3.IntegrityError) and "append-only" in message:
        return AppendOnly(message)
    if isinstance(error, sqlite3.IntegrityError):
        return LedgerError(f"the ledger refused the record: {message}")
    if _is_busy(error):
        return LedgerBusy(path, BUSY_TIMEOUT_MS / 1000)
    if isinstance(error, sqlite3.DatabaseError) and (
        "not a database" in message or "malformed" in message or "corrupt" in message
    ):
        return (
            NotALedger(path, message)
            if "not a database" in message
            else LedgerDamaged(
                f"{path} is damaged: {message}",
                hint="check it with `adjudicator ledger verify`; restore it from a backup",
            )
        )
    return LedgerError(f"SQLite could not use {path}: {message}")


def _is_busy(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or (
        "database is locked" in str(error) or "database is busy" in str(error)
    )


def _retry_busy(path: Path, wait: float, action: Callable[[], Any]) -> None:
    """Run `action`, retrying with jittered backoff while SQLite reports the file busy."""
    deadline = time.monotonic() + wait
    delay = 0.005
    jitter = random.Random(os.getpid() ^ time.monotonic_ns())
    while True:
        try:
            action()
            return
        except sqlite3.OperationalError as error:
            if not _is_busy(error):
                raise translate(error, path) from error
            if time.monotonic() >= deadline:
                raise LedgerBusy(path, wait) from None
        time.sleep(delay * (0.5 + jitter.random()))
        delay = min(delay * 2, 0.25)


def integrity_check(ledger: Ledger) -> str:
    """SQLite's own `PRAGMA integrity_check`: "ok", or what it found."""
    with guarded(ledger.path):
        rows = ledger.conn.execute("PRAGMA integrity_check").fetchall()
    return "\n".join(str(row[0]) for row in rows)


@dataclass(frozen=True)
class BackupReport:
    """Where a backup went, how large it is, and what its integrity check said."""

    path: Path
    size: int
    integrity: str
    #: The copy's chain head, `COUNT:HASH` (see `records.chain_head`).
    head: str


def backup(ledger: Ledger, dest: Path, *, force: bool = False) -> BackupReport:
    """Copy the ledger with SQLite's online backup API: a consistent snapshot, taken while
    other processes go on writing. The copy is written beside `dest` and renamed into place,
    so `dest` is never half-written; an existing `dest` needs `force`."""
    if dest.is_dir():
        raise FileRefused(f"{dest} is a folder")
    guard_target(dest, ledger.path)
    if (dest.exists() or dest.is_symlink()) and not force:
        raise FileRefused(f"{dest} already exists", hint="pass --force to replace it")
    check_folder(dest)
    temporary = temporary_for(dest)
    try:
        with guarded(dest):
            target = sqlite3.connect(temporary, isolation_level=None)
            try:
                ledger.conn.backup(target)  # one step: pages=-1 copies a single snapshot
                target.execute("PRAGMA journal_mode = DELETE")
                integrity = "\n".join(r[0] for r in target.execute("PRAGMA integrity_check"))
                last = target.execute(
                    "SELECT seq, hash FROM records ORDER BY seq DESC LIMIT 1"
                ).fetchone()
                head = "0:" + "0" * 64 if last is None else f"{last[0]}:{last[1]}"
            finally:
                target.close()
        guard_target(dest, ledger.path)  # the target may have changed while it was copied
        os.replace(temporary, dest)
        _sync_folder(dest)
    except OSError as error:
        raise FileRefused(f"cannot write {dest}: {error.strerror or error}") from None
    finally:
        discard(temporary)
    return BackupReport(dest, dest.stat().st_size, integrity, head)
