"""Errors of the campaign ledger: each names what is missing, refused or broken, with a hint.

All derive from `LedgerError`, itself an `AdjudicatorError`, so the CLI reports them in one
place. SQLite's own exceptions never leave the ledger package: they become one of these.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adjudicator.errors import AdjudicatorError, InvalidInput


class LedgerError(AdjudicatorError):
    """Anything the ledger refuses or cannot do."""


class LedgerNotFound(LedgerError):
    """No ledger at the resolved path: every command but `init` needs one."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"no campaign ledger at {path}",
            hint=f"create one with: adjudicator init --ledger {path}",
        )
        self.path = path


class LedgerExists(LedgerError):
    """`init` on a path that already holds a file: a ledger is never overwritten."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} already exists; a ledger is never overwritten",
            hint="choose another path with --ledger, or use the ledger that is there",
        )
        self.path = path


class FolderMissing(LedgerError):
    """A path whose folder does not exist: nothing creates folders silently."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"the folder {path.parent} does not exist (for {path.name})",
            hint=f"create it first (mkdir -p {path.parent}) or choose another path",
        )
        self.path = path


class NotALedger(LedgerError):
    """A file that is not a SQLite database, or one without the ledger's schema."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            f"{path} is not an adjudicator ledger: {reason}",
            hint="point --ledger (or ADJUDICATOR_LEDGER) at a file made by `adjudicator init`",
        )
        self.path = path


class NewerLedger(LedgerError):
    """A ledger whose schema has migrations this version does not know."""

    def __init__(self, path: Path, unknown: Sequence[str]) -> None:
        super().__init__(
            f"{path} was written by a newer adjudicator (schema steps {', '.join(unknown)})",
            hint="upgrade adjudicator to read this ledger",
        )
        self.unknown = tuple(unknown)


class LedgerBusy(LedgerError):
    """Another process held the ledger for longer than we are willing to wait."""

    def __init__(self, path: Path, waited: float) -> None:
        super().__init__(
            f"the ledger {path} stayed busy for {waited:.0f} s (another adjudicator is writing)",
            hint="try again when the other command has finished",
        )


class LedgerDamaged(LedgerError):
    """SQLite reported the file as unreadable or inconsistent."""


class AppendOnly(LedgerError):
    """An attempt to change or delete a record: the ledger only ever grows."""

    def __init__(self, detail: str) -> None:
        super().__init__(
            f"the ledger is append-only: {detail}",
            hint="record a correction, a status change or a policy that points at the old record",
        )


class ChainBroken(LedgerError):
    """`verify` found a record whose hash does not match its content or its predecessor."""

    def __init__(self, seq: int, kind: str, key: str, reason: str) -> None:
        super().__init__(
            f"record {seq} ({kind} {key}) does not match: {reason}",
            hint="the ledger was changed outside adjudicator; restore it from a backup",
        )
        self.seq = seq
        self.kind = kind
        self.key = key
        self.reason = reason


class LedgerSuspect(LedgerError):
    """A ledger that failed the check run on opening: it is read with a warning, but nothing
    is written to it until `ledger verify` has been looked at."""

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        super().__init__(
            f"{path} failed its opening check, so nothing was written: {'; '.join(problems)}",
            hint="run `adjudicator ledger verify` for details; restore the ledger from a backup",
        )
        self.path = path
        self.problems = tuple(problems)


class LedgerTampered(LedgerError):
    """`verify` found the ledger's protections altered, or an anchor missing from its chain."""

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(
            message,
            hint=hint or "the ledger was changed outside adjudicator; restore it from a backup",
        )


class UnknownName(LedgerError, InvalidInput):
    """A player, character, ruling, policy or session the ledger does not hold."""

    def __init__(self, what: str, name: str, known: Sequence[str]) -> None:
        shown = ("…, " if len(known) > 12 else "") + ", ".join(known[-12:])
        super().__init__(
            f"no {what} {name!r} in this ledger",
            hint=f"known: {shown}" if known else f"there is no {what} yet",
        )
        self.what = what
        self.name = name
        self.known = tuple(known)


class AlreadyRecorded(LedgerError, InvalidInput):
    """A second player or character under a name already taken (names ignore case)."""

    def __init__(self, what: str, name: str) -> None:
        super().__init__(f"there is already a {what} named {name!r}")
        self.what = what
        self.name = name


class SessionError(LedgerError):
    """A command that needs an open session when none is, or a second one while one is."""


class TextTooLong(LedgerError, InvalidInput):
    """A free-text field over its documented limit."""

    def __init__(self, field: str, length: int, limit: int) -> None:
        super().__init__(f"the {field} is {length} characters; the limit is {limit}")
        self.field = field
        self.length = length
        self.limit = limit


class FileRefused(LedgerError, InvalidInput):
    """A file to read or write that cannot be used as given (exists, missing, not UTF-8)."""


class ImportRefused(LedgerError, InvalidInput):
    """An import file that failed validation; `where` names the line or field at fault."""

    def __init__(self, where: str, reason: str, *, hint: str | None = None) -> None:
        super().__init__(f"{where}: {reason}", hint=hint or "nothing was imported")
        self.where = where
        self.reason = reason


class SubmissionFlagged(LedgerError, InvalidInput):
    """Submitted Words that look like typos or compounds: nothing is recorded until the player
    fixes them or keeps them as written."""

    def __init__(self, player: str, findings: Sequence[str], into: str = "into the Deck") -> None:
        listed = "\n".join(f"  {finding}" for finding in findings)
        super().__init__(
            f"{player}'s Words need a second look before they go {into}:\n{listed}",
            hint="fix them and submit again, or keep them as they are with --as-written",
        )
        self.player = player
        self.findings = tuple(findings)
