"""How a record's hash is computed: shared by the chain (`records`) and the opening check
(`health`), which must not depend on an open `Ledger`."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.errors import InvalidInput

#: The `prev_hash` of the first record.
GENESIS = "0" * 64

Value = str | int | None

_HEX = re.compile(r"[0-9a-f]{64}")


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same data always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_hash(prev_hash: str, seq: int, kind: str, key: str, row: Mapping[str, Value]) -> str:
    """The hash of a record: its predecessor's hash and its canonical content."""
    content = canonical_json({"seq": seq, "kind": kind, "key": key, "row": dict(row)})
    return hashlib.sha256(f"{prev_hash}\n{content}".encode()).hexdigest()


@dataclass(frozen=True)
class Head:
    """The chain's head as an anchor kept outside the file: how many records it holds and
    the newest one's hash, written `COUNT:HASH` (an empty chain is `0:` and 64 zeros)."""

    count: int
    hash: str

    def __str__(self) -> str:
        return f"{self.count}:{self.hash}"

    @classmethod
    def parse(cls, text: str) -> Head:
        """`COUNT:HASH` as `ledger head` prints it; anything else is an `InvalidInput`."""
        count, colon, digest = text.strip().partition(":")
        digest = digest.strip().lower()
        if not colon or not count.strip().isdigit() or not _HEX.fullmatch(digest):
            raise InvalidInput(
                f"{text!r} is not a chain head",
                hint="a head reads COUNT:HASH, as `adjudicator ledger head` prints it",
            )
        return cls(int(count), digest)
