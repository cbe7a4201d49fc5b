"""A campaign's precedents, held for one process: search them, check a ruling against them.

`PrecedentIndex` loads the ledger's rulings (canon included), their stored intent vectors,
Word postings, policies, statuses and confirmed concept mappings once, and answers:

- `search` / `rank`: the hybrid ranking (meaning, FTS5 wording, Word overlap) with each
  component, so the Storyteller sees why a ruling ranked where it did;
- `check`: the precedent decision for a `Question` (`precedent.decide`), reading only the
  rulings whose Words and verdict could conflict and whose meaning is close enough;
- `confirmed_mappings`: the campaign's own lexicon for coverage checks.

Rulings without a stored vector (the canon of a new ledger, an import) are embedded on
load and kept as pending; `save` stores them (search does), and `on_recorded` stores them
with the next ruling, in its transaction. The index holds the ledger and the `Models` it
was given; it never creates models.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from adjudicator.language.coverage import Coverage
from adjudicator.language.models import ENCODER
from adjudicator.language.report import ConfirmedMapping
from adjudicator.ledger.database import Ledger, guarded, write
from adjudicator.ledger.errors import LedgerError
from adjudicator.ledger.policies import Policy, policies
from adjudicator.ledger.rulings import (
    Ruling,
    Status,
    StatusRecord,
    Verdict,
    current_statuses,
    iter_rulings,
)
from adjudicator.precedent import store
from adjudicator.precedent import thresholds as limits
from adjudicator.precedent.cases import PolicyNote, Precedent, Question, among
from adjudicator.precedent.conflicts import Candidate, Decision, decide
from adjudicator.precedent.same_situation import Reader, Reading
from adjudicator.precedent.scores import Scores
from adjudicator.precedent.vector_clusters import MIN_VECTORS, Clusters
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from adjudicator.language.models import Models

    Vectors = NDArray[np.float32]

#: Subsets of a veto's Words enumerated to find approvals it could contradict: 2^12 keys.
_MAX_SUBSET_WORDS = 12
#: In a large campaign, at most this many rulings sharing the query's Words join the pool
#: scored exactly (those sharing the most).
_WORD_POOL = 1000
#: Statuses whose confirmed mappings still teach the campaign's lexicon.
_TEACHING = (Status.STANDING, Status.DISTINGUISHED)


def encoder_name(models: Models) -> str:
    """The model a stored vector came from, as the manifest pins it ("package==version")."""

    spec = models.manifest[ENCODER]
    return f"{spec.package}=={spec.version}"


def precedent_of(
    ruling: Ruling, status: StatusRecord | None, distinguished: Sequence[str]
) -> Precedent:
    """A ledger ruling as the checks see it."""
    return Precedent(
        id=ruling.id,
        words=ruling.plain_words,
        intent=ruling.intent,
        verdict=ruling.verdict,
        needs=ruling.needs,
        session=ruling.session,
        record=ruling.record,
        canon=ruling.canon,
        status=Status.STANDING if status is None else status.status,
        status_by=None if status is None else status.by,
        status_by_policy=status is not None and status.by_policy is not None,
        distinguished_by=tuple(distinguished),
        implementation=ruling.implementation,
    )


def policy_note(policy: Policy) -> PolicyNote:
    return PolicyNote(
        policy.id, frozenset(policy.supersedes), policy.concept, policy.session, policy.record
    )


@dataclass(frozen=True)
class Hit:
    """A ranked ruling and why it ranked there."""

    rank: int
    precedent: Precedent
    scores: Scores

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            **self.precedent.to_dict(),
            "scores": self.scores.to_dict(),
            "why": self.scores.why(),
        }


class PrecedentIndex:
    """The rulings of one ledger, with vectors and postings, for one process."""

    def __init__(
        self,
        ledger: Ledger,
        models: Models,
        *,
        coverage: Coverage | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.ledger = ledger
        self.models = models
        self.model = encoder_name(models)
        self._coverage = coverage
        self.precedents: list[Precedent] = []
        self.position: dict[str, int] = {}
        self._by_record: dict[int, int] = {}
        self._matrix: Vectors = np.zeros((0, 0), dtype=np.float32)
        self._postings: dict[str, list[int]] = {}
        self._df: Counter[str] = Counter()  # rulings each query term occurs in
        self._by_words: dict[frozenset[str], list[int]] = {}
        self._sizes: Vectors = np.zeros(0, dtype=np.float32)
        self._clusters: Clusters | None = None
        self._mappings: dict[frozenset[str], dict[str, ConfirmedMapping]] = {}
        self._readings: dict[str, Reading] = {}
        self._scope: dict[tuple[str, ...], frozenset[str]] = {}
        self._pending: dict[str, store.StoredVector] = {}
        self.policies: tuple[PolicyNote, ...] = ()
        self._load(progress)

    # -- the language layer, made on first use ---------------------------------------------------

    @cached_property
    def coverage(self) -> Coverage:
        if self._coverage is None:
            self._coverage = Coverage(self.models)
        return self._coverage

    @cached_property
    def reader(self) -> Reader:
        return Reader(self.coverage)

    def encode(self, texts: Sequence[str]) -> Vectors:
        """Unit vectors for `texts` (the encoder alone: search needs no parser)."""
        return self.models.encode(texts)

    # -- loading ---------------------------------------------------------------------------------

    def _load(self, progress: Callable[[int, int], None] | None) -> None:
        rulings = list(iter_rulings(self.ledger))
        statuses = current_statuses(self.ledger)
        with guarded(self.ledger.path):
            pairs = self.ledger.conn.execute(
                "SELECT ruling, by_ruling FROM ruling_statuses "
                "WHERE status = 'distinguished' AND by_ruling IS NOT NULL ORDER BY record"
            ).fetchall()
        distinguished: dict[str, list[str]] = {}
        for ruling_id, by in pairs:
            distinguished.setdefault(ruling_id, []).append(by)
        self.policies = tuple(policy_note(p) for p in policies(self.ledger))
        stored = store.load_vectors(self.ledger, self.model)
        missing = [r for r in rulings if r.id not in stored]
        for start in range(0, len(missing), 256):
            batch = missing[start : start + 256]
            vectors = store.stored_round_trip(self.encode([r.intent for r in batch]))
            for ruling, vector in zip(batch, vectors, strict=True):
                stored[ruling.id] = vector
                self._pending[ruling.id] = store.StoredVector(ruling.id, ruling.intent, vector)
            if progress is not None:
                progress(min(start + 256, len(missing)), len(missing))
        dimension = next(iter(stored.values())).shape[0] if stored else 384
        room = len(rulings) + max(64, len(rulings) // 8)  # grows by doubling beyond this
        self._matrix = np.zeros((room, dimension), dtype=np.float32)
        for ruling in rulings:
            self._append(
                precedent_of(ruling, statuses.get(ruling.id), distinguished.get(ruling.id, ())),
                stored[ruling.id],
                ruling.mapping,
            )
        if len(self.precedents) >= MIN_VECTORS:
            self._clusters = Clusters.fit(self.vectors)

    def with_word(self, text: str) -> list[Precedent]:
        """The precedents whose Words include `text`, in record order (from the postings:
        no scan of the whole ledger)."""
        return [self.precedents[i] for i in self._postings.get(text, ())]

    def _append(
        self, precedent: Precedent, vector: Vectors, mapping: dict[str, tuple[str, ...]]
    ) -> None:
        index = len(self.precedents)
        if index >= self._matrix.shape[0]:
            grown = np.zeros((self._matrix.shape[0] * 2, self._matrix.shape[1]), np.float32)
            grown[:index] = self._matrix[:index]
            self._matrix = grown
        self._matrix[index] = vector
        self.precedents.append(precedent)
        self.position[precedent.id] = index
        if precedent.record is not None:
            self._by_record[precedent.record] = index
        texts = frozenset(w.text for w in precedent.words)
        # Document frequencies for `rare_terms` (stopwords are counted too: never queried).
        terms = set(store.QUERY_TOKEN.findall(precedent.intent.lower()))
        terms.update(w.text.lower() for w in (*precedent.words, *precedent.needs))
        self._df.update(terms)
        for text in texts:
            self._postings.setdefault(text, []).append(index)
        self._by_words.setdefault(texts, []).append(index)
        if index >= self._sizes.shape[0]:
            self._sizes = np.concatenate([self._sizes, np.zeros(max(index, 64), np.float32)])
        self._sizes[index] = len(texts)
        if self._clusters is not None:
            self._clusters.add(index, vector)
        if precedent.verdict is Verdict.APPROVED and precedent.status in _TEACHING:
            for concept, words in mapping.items():
                key = frozenset(words)
                found = ConfirmedMapping(concept, tuple(Word(w) for w in words), precedent.id)
                self._mappings.setdefault(key, {}).setdefault(found.concept, found)

    def __len__(self) -> int:
        return len(self.precedents)

    @property
    def vectors(self) -> Vectors:
        return self._matrix[: len(self.precedents)]

    def vector_of(self, ruling_id: str) -> Vectors:
        row: Vectors = self._matrix[self.position[ruling_id]]
        return row

    # -- derived data ----------------------------------------------------------------------------

    @property
    def pending(self) -> int:
        """Vectors computed on load and not yet stored."""
        return len(self._pending)

    def save(self) -> int:
        """Store the pending vectors in a transaction of their own; a ledger that cannot be
        written (read-only, busy) keeps them in memory only: they are derived data."""
        if not self._pending:
            return 0
        try:
            with write(self.ledger):
                count = self._store_pending(self.ledger)
        except LedgerError:
            return 0
        return count

    def _store_pending(self, ledger: Ledger) -> int:
        count = store.store_vectors(ledger, self.model, self._pending.values())
        self._pending.clear()
        return count

    def on_recorded(self, vector: Vectors) -> Callable[[Ledger, Ruling], None]:
        """The `add_ruling` hook that stores a new ruling's vector (and the pending ones) in
        the transaction that records it."""

        def hook(ledger: Ledger, ruling: Ruling) -> None:
            self._store_pending(ledger)
            store.store_vectors(
                ledger, self.model, [store.StoredVector(ruling.id, ruling.intent, vector)]
            )

        return hook

    def add(self, ruling: Ruling, vector: Vectors, changes: Iterable[StatusRecord] = ()) -> None:
        """Keep the index current after this process records a ruling."""
        for change in changes:
            index = self.position.get(change.ruling)
            if index is None:
                continue
            old = self.precedents[index]
            pairs = old.distinguished_by
            if change.status is Status.DISTINGUISHED and change.by_ruling:
                pairs = (*pairs, change.by_ruling)
            self.precedents[index] = replace(
                old,
                status=change.status,
                status_by=change.by,
                status_by_policy=change.by_policy is not None,
                distinguished_by=pairs,
            )
        self._append(
            precedent_of(ruling, None, ()), store.stored_round_trip(vector), ruling.mapping
        )

    # -- ranking ---------------------------------------------------------------------------------

    def search(self, query: str, words: Sequence[Word] = (), limit: int = 10) -> tuple[Hit, ...]:
        """The rulings closest to `query` (and to `words`, if given), best first."""
        vector = self.encode([query])[0]
        return self.rank(vector, query, words, limit)

    def rank(
        self, vector: Vectors, text: str, words: Sequence[Word] = (), limit: int = 10
    ) -> tuple[Hit, ...]:
        """The hybrid ranking for an already encoded query: meaning over every ruling (or,
        in a large campaign, over the nearest clusters), plus every ruling found by wording
        or Words, each scored exactly."""
        count = len(self.precedents)
        if count == 0 or limit <= 0:
            return ()
        lexical = np.zeros(count, dtype=np.float32)
        found: list[int] = []
        query = store.fts_query(text, terms=self.rare_terms(text, words))
        if query is not None:
            for record, score in store.lexical_hits(self.ledger, query):
                index = self._by_record.get(record)
                if index is not None:
                    lexical[index] = score
                    found.append(index)
        overlap = self._word_overlap(words, count)
        if self._clusters is None:
            pool = np.arange(count)
        else:
            sharing = np.flatnonzero(overlap)
            if sharing.shape[0] > _WORD_POOL:
                sharing = sharing[np.argpartition(-overlap[sharing], _WORD_POOL - 1)[:_WORD_POOL]]
            hits = np.asarray(found, dtype=np.int64)
            pool = np.unique(np.concatenate([self._clusters.probe(vector), hits, sharing]))
        semantic = self.vectors[pool] @ vector
        lex = lexical[pool]
        total = (
            limits.WEIGHT_SEMANTIC * np.maximum(semantic, 0.0)
            + limits.WEIGHT_LEXICAL * lex
            + limits.WEIGHT_WORDS * overlap[pool]
        )
        top = min(limit, pool.shape[0])
        best = np.argpartition(-total, top - 1)[:top]
        best = best[np.argsort(-total[best], kind="stable")]
        return tuple(
            Hit(
                rank,
                self.precedents[int(pool[j])],
                Scores(float(semantic[j]), float(lex[j]), float(overlap[pool[j]])),
            )
            for rank, j in enumerate(best, start=1)
        )

    def rare_terms(self, text: str, words: Sequence[Word] = ()) -> list[str]:
        """The query's most telling terms for FTS5: those some ruling uses, rarest first, at
        most `LEXICAL_TERMS`, leaving out terms in more than `COMMON_SHARE` of a large
        campaign's rulings unless nothing rarer is left (such a term ranks nothing and costs
        the most)."""
        df = self._df
        known = sorted(
            (t for t in store.query_terms(text, [w.text for w in words]) if df.get(t, 0)),
            key=lambda term: df[term],
        )
        common = max(limits.COMMON_SHARE * len(self.precedents), limits.COMMON_FLOOR)
        rare = [term for term in known if df[term] <= common]
        return (rare or known[:1])[: limits.LEXICAL_TERMS]

    def _word_overlap(self, words: Sequence[Word], count: int) -> Vectors:
        """Jaccard overlap of `words` with every ruling's Words, from the postings; a Word
        declared with another meaning counts as another Word."""
        overlap = np.zeros(count, dtype=np.float32)
        texts = {w.text for w in words}
        if not texts:
            return overlap
        shared = np.zeros(count, dtype=np.float32)
        for word in dict.fromkeys(words):
            posting = self._postings.get(word.text)
            if not posting:
                continue
            hits = np.fromiter(posting, dtype=np.int64, count=len(posting))
            if word.sense is not None:
                hits = np.array(
                    [i for i in posting if among([word], self.precedents[i].words)],
                    dtype=np.int64,
                )
            shared[hits] += 1.0
        union = len(texts) + self._sizes[:count] - shared
        np.divide(shared, union, out=overlap, where=union > 0)
        return overlap

    # -- the check -------------------------------------------------------------------------------

    def candidates(self, question: Question) -> tuple[list[int], list[int]]:
        """Rulings whose Words and verdict could conflict with `question` (approvals with
        Words among a veto's, vetoes with Words including an approval's), and those that
        rule the same way on the same terms (the other way round)."""
        texts = sorted({w.text for w in question.words})
        size = min(len(texts), _MAX_SUBSET_WORDS)
        fewer = [
            i
            for n in range(1, size + 1)
            for subset in combinations(texts[:size], n)
            for i in self._by_words.get(frozenset(subset), ())
        ]
        postings = [set(self._postings.get(text, ())) for text in texts]
        more = sorted(set.intersection(*postings)) if postings else []
        approved = [i for i in fewer if self.precedents[i].verdict is Verdict.APPROVED]
        vetoed = [i for i in more if self.precedents[i].verdict is Verdict.VETOED]
        if question.verdict is Verdict.VETOED:
            return approved, vetoed
        return vetoed, approved

    def read(self, precedent: Precedent) -> Reading:
        """A precedent's reading, parsed once per process."""
        found = self._readings.get(precedent.id)
        if found is None:
            found = self.reader.read(
                precedent.intent, precedent.words, vector=self.vector_of(precedent.id)
            )
            self._readings[precedent.id] = found
        return found

    def scope_of(self, words: Sequence[Word]) -> frozenset[str]:
        """The scope kinds of a veto's missing Words, computed once per set."""
        key = tuple(sorted(w.text for w in words))
        found = self._scope.get(key)
        if found is None:
            found = self._scope[key] = self.reader.scope_of_words(words)
        return found

    def check(self, question: Question, reading: Reading) -> Decision:
        """The precedent decision for `question`, whose intent reads as `reading`. Only the
        closest conflicting candidates are parsed; supporting ones need only their vector."""
        conflicting, supporting = self.candidates(question)
        candidates = []
        if conflicting:
            cosines = self.vectors[conflicting] @ reading.vector
            close = [
                (float(c), i) for c, i in zip(cosines, conflicting, strict=True)
                if c >= limits.SAME_COSINE
            ]  # fmt: skip
            close.sort(reverse=True)
            conflicting = [i for _, i in close[: limits.MAX_READ]]
        distinctions: dict[str, Reading] = {}
        if conflicting:
            reading = self.reader.with_effects(reading)
        for i in conflicting:
            precedent = self.precedents[i]
            candidates.append(
                Candidate(precedent, self.read(precedent), self.scope_of(precedent.needs))
            )
            for other in precedent.distinguished_by:
                if other in self.position:
                    distinctions[other] = self.read(self.precedents[self.position[other]])
        if conflicting and supporting:
            # a supporting ruling governs only when it is the same situation: read the
            # closest ones that could be (from `SAME_COSINE` up)
            cosines = self.vectors[supporting] @ reading.vector
            near = sorted(
                ((float(c), i) for c, i in zip(cosines, supporting, strict=True)
                 if c >= limits.SAME_COSINE),
                reverse=True,
            )  # fmt: skip
            for _, i in near[: limits.MAX_READ]:
                precedent = self.precedents[i]
                candidates.append(
                    Candidate(precedent, self.read(precedent), self.scope_of(precedent.needs))
                )
        return decide(
            question,
            reading,
            candidates,
            self.policies,
            needs_scope=self.scope_of(question.needs),
            distinctions=distinctions,
        )

    # -- the campaign's lexicon ------------------------------------------------------------------

    def confirmed_mappings(self, words: Sequence[Word]) -> tuple[ConfirmedMapping, ...]:
        """Concepts earlier approvals confirmed as covered by Words all among `words`."""
        texts = sorted({w.text for w in words})
        found: list[ConfirmedMapping] = []
        size = min(len(texts), _MAX_SUBSET_WORDS)
        for n in range(1, size + 1):
            for subset in combinations(texts[:size], n):
                found.extend(self._mappings.get(frozenset(subset), {}).values())
        return tuple(found)
