"""The file a running table leaves beside its ledger, so the CLI can send work to it.

`campaign.sqlite.table-server` (mode 0600) holds the server's process id, address, port,
the ledger's absolute path and a local token with the Storyteller's rights, made fresh for
each run. It is removed when the server stops; one left behind by a killed server is
ignored (its process is gone) and replaced by the next server. Standard library only: the
CLI reads it before deciding whether to load anything heavy.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from adjudicator.table.access import write_private


@dataclass(frozen=True)
class RunInfo:
    """Where a running table listens, for which ledger, and its local token."""

    pid: int
    host: str
    port: int
    ledger: str
    token: str

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "", "::") else self.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}"


def runfile_path(ledger: Path) -> Path:
    return ledger.with_name(ledger.name + ".table-server")


def alive(pid: int) -> bool:
    """Whether a process with this id exists (a signal 0 probe)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def read_runfile(ledger: Path) -> RunInfo | None:
    """The running table for `ledger`, or None: no file, a stale one (its process is gone),
    one for another ledger, or one that cannot be read."""
    path = runfile_path(ledger)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        info = RunInfo(
            int(data["pid"]), str(data["host"]), int(data["port"]), str(data["ledger"]),
            str(data["token"]),
        )  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not alive(info.pid):
        return None
    if Path(info.ledger) != ledger.expanduser().absolute():
        return None
    return info


def write_runfile(ledger: Path, info: RunInfo) -> Path:

    path = runfile_path(ledger)
    write_private(path, json.dumps(asdict(info), indent=2) + "\n")
    return path


def remove_runfile(ledger: Path, pid: int) -> None:
    """Remove the run file if it is this process's (a newer server's is left alone)."""
    path = runfile_path(ledger)
    try:
        if int(json.loads(path.read_text(encoding="utf-8"))["pid"]) == pid:
            path.unlink()
    except (OSError, ValueError, KeyError, TypeError):
        pass
