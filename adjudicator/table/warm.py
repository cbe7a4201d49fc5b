"""What a table server keeps warm between requests, so a spell check pays for its own intent
and nothing else: the sentence vectors of texts it has encoded, and the campaign's precedent
index while the ledger has not changed.

Profiled with cProfile on the busy 2-core machine (60 checks, torch on one thread): of a
spell check's 174 ms, the intent's encode took 100 ms, spaCy's parse 27 ms, opening the
ledger 11 ms, the coverage report 11 ms, loading the precedent index from the ledger 11 ms;
ranking, senses and JSON the rest. The Deck's Words are not encoded per request.
- Vectors: a phone drafting a spell sends the same intent again with each change of its
  Words, and the Storyteller's analysis reads a request's intent again: the vector of a text
  never changes for one model, so it is kept (a bounded LRU).
- The index: built from the ledger's rulings, policies and stored vectors. It is kept while
  the ledger's change marker (its chain length: every ruling, policy and status is a record)
  stands, on a connection of its own that stays open with it. SQLite connections belong to
  the thread that opened them, so each thread keeps its own (the server's model work runs in
  one worker thread: one index).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from adjudicator.language.models import EMBEDDING_SIZE, Models
from adjudicator.table.live import change_marker

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer
    from spacy.language import Language

    from adjudicator.ledger.database import Ledger
    from adjudicator.precedent.ruling_checks import RulingChecks

#: How many texts' vectors a server keeps (1.5 KiB each).
VECTORS_KEPT = 4096


class KeptVectors(Models):
    """`Models` that keep the vector of every text they encoded (least recently used out)."""

    def __init__(self, models: Models, limit: int = VECTORS_KEPT) -> None:
        super().__init__(models.manifest)
        self._source = models
        self._limit = limit
        self._kept: OrderedDict[str, NDArray[np.float32]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def nlp(self) -> Language:
        """The source's pipeline: loaded once, whoever asks first."""
        return self._source.nlp

    @property
    def encoder(self) -> SentenceTransformer:
        return self._source.encoder

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """As `Models.encode`, encoding in one batch only the texts not kept."""
        with self._lock:
            wanted = list(dict.fromkeys(t for t in texts if t not in self._kept))
        fresh = super().encode(wanted) if wanted else None
        with self._lock:
            if fresh is not None:
                for text, vector in zip(wanted, fresh, strict=True):
                    self._kept[text] = vector
            rows = np.zeros((len(texts), EMBEDDING_SIZE), dtype=np.float32)
            for row, text in enumerate(texts):
                rows[row] = self._kept[text]
                self._kept.move_to_end(text)
            while len(self._kept) > self._limit:
                self._kept.popitem(last=False)
        return rows


class KeptChecks:
    """The campaign's read-only checks (`RulingChecks` over a `PrecedentIndex`), kept per
    thread while the ledger's change marker stands."""

    def __init__(self, ledger: Path, build: Callable[[Ledger], RulingChecks]) -> None:
        self.ledger = ledger
        self.build = build
        self._kept: dict[int, tuple[int, Ledger, RulingChecks]] = {}
        self._lock = threading.Lock()

    def get(self, book: Ledger) -> RulingChecks:
        """The checks for the ledger as `book` sees it now."""
        from adjudicator.ledger.database import open_ledger  # lazy: heavy import (sqlite-utils)

        marker = change_marker(book.conn)
        thread = threading.get_ident()
        with self._lock:
            kept = self._kept.get(thread)
        if kept is not None and kept[0] == marker:
            return kept[2]
        own = open_ledger(self.ledger)
        try:
            checks = self.build(own)
        except BaseException:
            own.close()
            raise
        with self._lock:
            self._kept[thread] = (marker, own, checks)
        if kept is not None:
            kept[1].close()
        return checks
