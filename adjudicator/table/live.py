"""Live updates: one watcher polls the ledger's change marker and wakes every open page.

The marker is the hash chain's length (`max(seq)` of `records`): every change to the
campaign, from a page or from the CLI in another process, appends a record, so a cheap
query on a private read-only connection sees it. The watcher polls a few times a second and
bumps a version that Server-Sent Events streams (`/api/events`) push to the pages, which
then fetch what they show. Combat undo and redo append records too.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

#: How often the watcher looks at the ledger (seconds): changes show within a second.
POLL_S = 0.25
#: A comment line sent when nothing changed for this long, so proxies keep the stream open.
KEEPALIVE_S = 15.0


def change_marker(conn: sqlite3.Connection) -> int:
    """The number of records in the chain."""
    row = conn.execute("SELECT coalesce(max(seq), 0) FROM records").fetchone()
    return int(row[0])


class Watcher:
    """Polls the ledger and notifies waiters when its marker moves."""

    def __init__(self, ledger: Path, poll_s: float = POLL_S) -> None:
        self.ledger = ledger
        self.poll_s = poll_s
        self.marker = -1
        self._changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        self._conn: sqlite3.Connection | None = None

    def _read(self) -> int:
        if self._conn is None:
            uri = self.ledger.absolute().as_uri() + "?mode=ro"
            self._conn = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=1.0)
        return change_marker(self._conn)

    def start(self) -> None:
        self.marker = self._safe_read(self.marker)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _safe_read(self, fallback: int) -> int:
        try:
            return self._read()
        except sqlite3.Error:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            return fallback  # busy or briefly unreadable: try again next poll

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.poll_s)
            marker = self._safe_read(self.marker)
            if marker != self.marker:
                await self.bump(marker)

    async def bump(self, marker: int | None = None) -> None:
        """Record a new marker (the server's own writes call this at once) and wake waiters."""
        async with self._changed:
            self.marker = self._safe_read(self.marker) if marker is None else marker
            self._changed.notify_all()

    async def wait(self, seen: int, timeout: float) -> int:
        """The marker once it differs from `seen`, or the current one after `timeout`."""
        async with self._changed:
            if self.marker == seen:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), timeout)
            return self.marker

    async def events(self, keepalive_s: float = KEEPALIVE_S) -> AsyncIterator[str]:
        """The SSE stream of one page: a `change` event with the marker now and after each
        change; a comment line as keep-alive. `retry` asks the browser to reconnect fast."""
        seen = self.marker
        yield f"retry: 1000\nevent: change\ndata: {seen}\n\n"
        while True:
            marker = await self.wait(seen, keepalive_s)
            if marker == seen:
                yield ": keep-alive\n\n"
                continue
            seen = marker
            yield f"event: change\ndata: {seen}\n\n"
