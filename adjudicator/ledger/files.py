"""Files the tool writes beside a ledger: never the ledger itself, and never half-written.

Every command that writes a file (an export, a backup, a board picture, predictions) checks
its target here first. A target is refused when it is, or would replace, the campaign ledger
or one of SQLite's files beside it (`-wal`, `-shm`, `-journal`), or a file another
adjudicator is writing right now. Paths are compared as the file system sees them (device
and inode of the file, or of its folder plus its name when it does not exist yet), after
resolving `..` and symbolic links, so `sub/../campaign.sqlite`, a symlink and a hard link to
the ledger are all caught. A file is written beside its target and renamed into place, so a
target is replaced whole or not at all.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from adjudicator.ledger.errors import FileRefused, FolderMissing

#: SQLite's files beside a database, by suffix, and what each one is.
SIDE_FILES = {
    "": "the campaign ledger itself",
    "-wal": "the ledger's write-ahead log (-wal)",
    "-shm": "the ledger's shared-memory index (-shm)",
    "-journal": "the ledger's rollback journal (-journal)",
}
_PARTIAL = re.compile(r"^\..+\.(\d+)\.partial$")


def check_folder(path: Path) -> None:
    """Refuse a path whose folder is missing, naming the folder."""
    parent = path.expanduser().absolute().parent
    if not parent.is_dir():
        raise FolderMissing(path)


def temporary_for(path: Path) -> Path:
    """The hidden file a write to `path` goes through before it is renamed into place."""
    return path.with_name(f".{path.name}.{os.getpid()}.partial")


@dataclass(frozen=True)
class _Place:
    """Where a path lands: its folder's device and inode plus its name."""

    device: int
    inode: int
    name: str


def _place(path: str) -> _Place | None:
    real = os.path.realpath(path)
    try:
        folder = os.stat(os.path.dirname(real) or ".")
    except OSError:
        return None
    return _Place(folder.st_dev, folder.st_ino, os.path.basename(real))


def _identities(path: str) -> set[object]:
    """The file's (device, inode) when it exists, and where it lands, following links."""
    found: set[object] = set()
    try:
        stat = os.stat(path)
        found.add((stat.st_dev, stat.st_ino))
    except OSError:
        pass
    for candidate in (path, os.path.realpath(path)):
        place = _place(candidate)
        if place is not None:
            found.add(place)
    return found


def protected(ledger: Path) -> dict[object, str]:
    """Every identity of the ledger and its side files, each with what it is."""
    names: dict[object, str] = {}
    real = os.path.realpath(ledger)
    for suffix, what in SIDE_FILES.items():
        for path in (f"{ledger}{suffix}", f"{real}{suffix}"):
            for identity in _identities(path):
                names.setdefault(identity, what)
    return names


def _writer_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def guard_target(out: Path, ledger: Path | None) -> None:
    """Refuse `out` when writing it would replace `ledger`, its side files, or a file that
    another adjudicator is writing at this moment."""
    match = _PARTIAL.match(out.name)
    if match:
        raise FileRefused(
            f"{out} is a temporary file adjudicator writes; it cannot be a target",
            hint="choose another path",
        )
    for sibling in out.absolute().parent.glob(f".{_glob_escape(out.name)}.*.partial"):
        found = _PARTIAL.match(sibling.name)
        pid = int(found.group(1)) if found else os.getpid()
        if pid != os.getpid() and _writer_alive(pid):
            raise FileRefused(
                f"{out} is being written by another adjudicator right now",
                hint="wait for that export or backup to finish, or choose another path",
            )
    if ledger is None:
        return
    names = protected(ledger)
    for identity in _identities(str(out)):
        if identity in names:
            raise FileRefused(
                f"{out} is {names[identity]} (of {ledger}): nothing is ever written over it",
                hint="choose another path for the file",
            )


def _glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def check_destination(out: Path, *, force: bool = False, ledger: Path | None = None) -> None:
    """Refuse a destination that is a folder, in a missing folder, exists without `force`, or
    is the ledger (see `guard_target`)."""
    if out.is_dir():
        raise FileRefused(f"{out} is a folder")
    guard_target(out, ledger)
    if (out.exists() or out.is_symlink()) and not force:
        raise FileRefused(f"{out} already exists", hint="pass --force to replace it")
    check_folder(out)


def write_file(
    content: str | bytes, out: Path, *, force: bool = False, ledger: Path | None = None
) -> int:
    """Write `content` to `out` through a temporary file and an atomic rename; returns the
    bytes written. An existing file needs `force`; the ledger is never a target."""
    check_destination(out, force=force, ledger=ledger)
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = temporary_for(out)
    try:
        with open(temporary, "xb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        guard_target(out, ledger)  # the target may have changed while the file was written
        os.replace(temporary, out)
    except OSError as error:
        raise FileRefused(f"cannot write {out}: {error.strerror or error}") from None
    finally:
        temporary.unlink(missing_ok=True)
    return len(data)
