"""What precedent search keeps in the ledger: intent vectors and a full-text index.

Both are *derived data*, not records: they are computed from chained rulings, join no hash
chain, and are not exported (an import rebuilds them). That keeps `ledger verify` and the
JSON export exactly what they were, and lets a ledger made without models (`init` seeds
the canon before any model loads) be indexed later. `check_derived` says whether what is
stored still matches the rulings; `precedent index` recomputes what is missing.

- `ruling_vectors`: one row per ruling and model: the embedding of the ruling's intent
  (all-MiniLM-L6-v2, unit length) as little-endian float16 (768 bytes), the model it came
  from (package==version, from the model manifest) and the sha256 of the exact text
  embedded. A vector is written once, in the transaction that records its ruling; rulings
  recorded without models (the canon, imports, `--no-checks`) get theirs lazily, stored by
  the next command that records a ruling or runs `precedent search`/`index`. Rows are
  never updated or deleted (triggers refuse it): another model adds rows of its own.
- `rulings_fts`: FTS5 (porter stemming) over each ruling's intent, Words, missing Words and
  notes (implementation and reason), its rowid the ruling's record number, kept by an
  insert trigger on `rulings` and filled for existing rulings by the migration itself.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from adjudicator.ledger.database import Ledger, guarded
from adjudicator.precedent import thresholds as limits
from adjudicator.precedent.scores import STOPWORDS

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Vectors = NDArray[np.float32]

#: How a vector is stored: little-endian IEEE half precision. Cosines move by < 0.002.
STORED_DTYPE = np.dtype("<f2")

# -- vectors ----------------------------------------------------------------------------------


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def to_blob(vector: Vectors) -> bytes:
    """A unit vector as stored."""
    return np.asarray(vector, dtype=STORED_DTYPE).tobytes()


def from_blob(blob: bytes) -> Vectors:
    """A stored vector as float32, renormalised (half precision rounds the length)."""
    vector = np.frombuffer(blob, dtype=STORED_DTYPE).astype(np.float32)
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm else vector


def stored_round_trip(vectors: Vectors) -> Vectors:
    """Vectors as they read back from storage: the evaluation uses this so that it sees
    exactly what a live ledger sees."""
    out = np.asarray(vectors, dtype=STORED_DTYPE).astype(np.float32)
    norms = np.linalg.norm(out, axis=-1, keepdims=True)
    return np.asarray(out / np.where(norms == 0, 1, norms), dtype=np.float32)


@dataclass(frozen=True)
class StoredVector:
    """A vector to store: which ruling, the text embedded, the vector."""

    ruling: str
    text: str
    vector: Vectors


def store_vectors(ledger: Ledger, model: str, vectors: Iterable[StoredVector]) -> int:
    """Write vectors not yet stored for `model`. Call inside `write(ledger)`."""
    rows = [
        (item.ruling, model, int(item.vector.shape[0]), to_blob(item.vector), text_hash(item.text))
        for item in vectors
    ]
    if not rows:
        return 0
    with guarded(ledger.path):
        cursor = ledger.conn.executemany(
            "INSERT OR IGNORE INTO ruling_vectors (ruling, model, dim, vector, text_sha256) "
            "VALUES (?, ?, ?, ?, ?)",
            rows,
        )
    return max(cursor.rowcount, 0)


def load_vectors(ledger: Ledger, model: str) -> dict[str, Vectors]:
    """Every stored vector of `model`, by ruling id."""
    with guarded(ledger.path):
        cursor = ledger.conn.execute(
            "SELECT ruling, vector FROM ruling_vectors WHERE model = ?", (model,)
        )
        return {ruling: from_blob(blob) for ruling, blob in cursor}


@dataclass(frozen=True)
class DerivedReport:
    """What `check_derived` found: counts, and each problem in words."""

    rulings: int
    vectors: int
    missing: int
    indexed: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, object]:
        return {
            "rulings": self.rulings,
            "vectors": self.vectors,
            "missing_vectors": self.missing,
            "indexed": self.indexed,
            "ok": self.ok,
            "problems": list(self.problems),
        }


def check_derived(ledger: Ledger, model: str) -> DerivedReport:
    """Check the derived data against the chained rulings, without models: every vector
    belongs to its ruling's intent (sha256), has its stated length and unit norm, and every
    ruling is in the full-text index once."""
    problems: list[str] = []
    with guarded(ledger.path):
        intents = dict(ledger.conn.execute("SELECT id, intent FROM rulings"))
        rows = ledger.conn.execute(
            "SELECT ruling, dim, vector, text_sha256 FROM ruling_vectors WHERE model = ?",
            (model,),
        ).fetchall()
        indexed = dict(ledger.conn.execute("SELECT id, count(*) FROM rulings_fts GROUP BY id"))
    for ruling, dim, blob, digest in rows:
        intent = intents.get(ruling)
        if intent is None or text_hash(intent) != digest:
            problems.append(f"the vector of {ruling} is not of its intent")
            continue
        vector = np.frombuffer(blob, dtype=STORED_DTYPE).astype(np.float32)
        if vector.shape[0] != dim or abs(float(np.linalg.norm(vector)) - 1.0) > 0.01:
            problems.append(f"the vector of {ruling} is damaged")
    for ruling in intents:
        if indexed.get(ruling, 0) != 1:
            problems.append(f"{ruling} is not in the full-text index once")
    stored = {row[0] for row in rows}
    return DerivedReport(
        rulings=len(intents),
        vectors=len(rows),
        missing=len(set(intents) - stored),
        indexed=len(indexed),
        problems=tuple(problems),
    )


# -- full text --------------------------------------------------------------------------------

#: A query or intent token, as FTS5's unicode61 tokenizer splits them.
QUERY_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


def query_terms(text: str, words: Sequence[str] = ()) -> list[str]:
    """The content tokens of `text` (lower case, no stopwords) and `words`, once each."""
    tokens = [t for t in QUERY_TOKEN.findall(text.lower()) if len(t) > 1 and t not in STOPWORDS]
    return list(dict.fromkeys([*tokens, *(w.lower() for w in words)]))


def fts_query(
    text: str, words: Sequence[str] = (), *, terms: Sequence[str] | None = None
) -> str | None:
    """An FTS5 query matching any of `terms` (default: `query_terms(text, words)`), each
    quoted so that nothing in user text is FTS5 syntax; None when there is nothing to match."""
    chosen = query_terms(text, words) if terms is None else list(terms)
    return " OR ".join(f'"{term}"' for term in chosen) if chosen else None


def lexical_hits(
    ledger: Ledger, query: str, limit: int = limits.LEXICAL_POOL
) -> list[tuple[int, float]]:
    """(record, score) of the best FTS5 hits, the best scoring 1.0 (bm25, scaled)."""
    weights = ", ".join(str(w) for w in (0.0, *limits.BM25_WEIGHTS))
    with guarded(ledger.path):
        rows = ledger.conn.execute(
            f"SELECT rowid, bm25(rulings_fts, {weights}) AS score FROM rulings_fts "
            "WHERE rulings_fts MATCH ? ORDER BY score LIMIT ?",
            (query, limit),
        ).fetchall()
    if not rows:
        return []
    best = min(score for _, score in rows)
    if best >= 0:
        return [(int(record), 1.0) for record, _ in rows]
    return [(int(record), float(score) / best) for record, score in rows]
