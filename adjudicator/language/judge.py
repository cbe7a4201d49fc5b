"""The learned coverage judge: which words of an intent name a concept no Word covers.

The hand-written walk (`concepts.py`) and the lexical links (`relations.py`) were fitted to
77 cases and read other authors' phrasings badly (framing as content, concepts inside
phrases, weak relations as cover). The judge reads every content token of the intent and
gives the probability that it is *missing*: that the policy wants a Word for it and no Word
of the spell (nor a pair of them) covers it. It is a noisy-OR of two small networks,

    P(missing) = need(token) * prod over Words w of (1 - cover(token, w))

(trained so; at inference the best Word set's cover stands for the product, which a big hand
would otherwise inflate),

`need` over the token's syntax, its role in the walk and its contextual embedding, and
`cover` over how the token and one Word (or a pair) relate: cosines of lemma, surface
form, phrase and context, the lexical link the rules found, scope kinds, and the product
of the two embeddings. Because `cover` is per Word, the verdict can say which Word covers
what. The weights (`data/judge.npz`) are trained by `models/train_judge.py` on cases
written from the labelling policy alone (`training/`) and the dev sets; its leave-one-
author-out figures are in docs/accuracy.md.

A token's P(missing) is the mean of the networks' and the cross-reader's
(`cross_reader.py`: MiniLM fine-tuned on the same cases to read the Words and the intent
together); its need is at least that.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from rapidfuzz import fuzz

from adjudicator.language import cues
from adjudicator.language.concepts import Concept, IntentAnalysis, Role
from adjudicator.language.cross_reader import CrossReader
from adjudicator.language.cues import ScopeKind
from adjudicator.language.report import ConceptCoverage, CoverageReport, CoverKind

if TYPE_CHECKING:
    from numpy.typing import NDArray
    from spacy.tokens import Token

    from adjudicator.language.intent import Intent
    from adjudicator.language.lexicon import Lexicon
    from adjudicator.language.models import Models, TextVectors
    from adjudicator.language.report import Cover
    from adjudicator.rules.words import Word

    Array = NDArray[np.float32]


class _Link(Protocol):
    @property
    def cover(self) -> Cover | None: ...
    @property
    def blocked(self) -> str | None: ...
    @property
    def strength(self) -> float: ...


class Reader(Protocol):
    """What the judge reads through (the coverage check, `Coverage`): its models, lexicon,
    embedding cache, its readings of intents, and the rules' lexical links and scope
    kinds."""

    @property
    def models(self) -> Models: ...
    @property
    def lexicon(self) -> Lexicon: ...
    @property
    def vectors(self) -> TextVectors: ...
    def embed(self, texts: Iterable[str]) -> None: ...
    def read(self, intent: str | Intent) -> Intent: ...
    def link(self, concept: Concept, word: Word) -> _Link: ...
    def scope_kind(self, lw: str) -> tuple[ScopeKind | None, float]: ...


WEIGHTS = "judge.npz"
#: The cross-reader's weights (`cross_reader.py`), beside the judge's.
READER_WEIGHTS = "reader.npz"
#: Parts of speech whose tokens may name a concept (every label in the dev sets does).
CONTENT_POS = ("NOUN", "VERB", "ADJ", "ADV", "PROPN")
#: At most this many Word sets per token: each Word, then each pair of Words.
MAX_SETS = 10
#: the most Words the training cases cast often enough to learn from (2: 4,886 cases, 3: 583,
#: 4: 45): a hand of eight is read as a spell of three, not as something the networks never
#: saw (which read every token of it as needing no Word). The held-out figures are the same.
MOST_WORDS_SEEN = 3
#: the most Words the cross-reader reads at once: its training cases cast four Words in 234
#: spells (five or more in 10); a larger hand is read a Word set at a time (`_read`). Chosen
#: after a wop-dev case failed with 3; confirmed on four-Word spells by two authors who
#: wrote later (training/probes: k9's 150, balanced accuracy 0.824 with 3, 0.891 with 4;
#: k7's 40, 0.905 and 0.910; docs/accuracy.md, "Session 12").
MOST_WORDS_READ = 4
_DEPS = (
    "ROOT",
    "dobj",
    "pobj",
    "nsubj",
    "nsubjpass",
    "xcomp",
    "ccomp",
    "advcl",
    "acl",
    "relcl",
    "amod",
    "compound",
    "conj",
    "advmod",
    "attr",
    "oprd",
    "npadvmod",
    "acomp",
    "dative",
    "appos",
    "prep",
    "pcomp",
    "dep",
    "nmod",
    "poss",
)
_HEAD_POS = ("VERB", "NOUN", "ADP", "ADJ", "AUX", "PROPN", "ADV")
_PREPOSITIONS = (
    "with",
    "into",
    "from",
    "for",
    "until",
    "without",
    "at",
    "in",
    "on",
    "of",
    "to",
    "over",
    "across",
    "through",
    "around",
    "against",
    "by",
    "under",
    "onto",
    "like",
)
_HEDGES = (
    "can i", "could i", "may i", "i'd like", "i would like", "i want", "i wanna", "i'm going",
    "what if", "is it ok", "let me", "i'll", "i will", "i try",
)  # fmt: skip
_ROLES = tuple(Role)
#: Syntax features of a token after its one-hots (framing, question, hedge, position, ...).
SYNTAX_FEATURES = 13
_KINDS = tuple(CoverKind)
_SCOPES = tuple(ScopeKind)
#: scope kinds whose Words name nothing but scope (see `may_cover`).
_PURE_SCOPE = (ScopeKind.AREA, ScopeKind.DURATION)


@dataclass(frozen=True)
class TokenJudgement:
    """One content token: its lemma, span in the intent, P(missing), P(a Word is needed),
    the Word set that covers it best with that probability, and the span of the word it
    depends on (an object belongs to its verb's concept)."""

    text: str
    lemma: str
    pos: str
    start: int
    end: int
    missing: float
    need: float
    best: tuple[Word, ...]
    cover: float
    governor: tuple[int, int]


def _onehot(value: object, vocabulary: Sequence[object]) -> list[float]:
    return [1.0 if value == item else 0.0 for item in vocabulary]


class _Member:
    """One network pair of the ensemble, run with numpy (dropout off)."""

    def __init__(self, arrays: Any, index: int) -> None:
        def get(name: str) -> Array:
            return np.asarray(arrays[f"{index}_{name}"], dtype=np.float32)

        self.token_mean, self.token_std = get("token_mean"), get("token_std")
        self.pair_mean, self.pair_std = get("pair_mean"), get("pair_std")
        self.need = (get("need_w1"), get("need_b1"), get("need_w2"), get("need_b2"))
        self.cover = (get("cover_w1"), get("cover_b1"), get("cover_w2"), get("cover_b2"))

    @staticmethod
    def _mlp(x: Array, layers: tuple[Array, Array, Array, Array]) -> Array:
        w1, b1, w2, b2 = layers
        hidden = np.maximum(x @ w1.T + b1, 0.0)
        logit = hidden @ w2.T + b2
        result: Array = 1.0 / (1.0 + np.exp(-np.clip(logit[..., 0], -30.0, 30.0)))
        return result

    def run(self, tokens: Array, pairs: Array, mask: Array) -> tuple[Array, Array]:
        need = self._mlp((tokens - self.token_mean) / self.token_std, self.need)
        cover = self._mlp((pairs - self.pair_mean) / self.pair_std, self.cover) * mask
        return need, cover


def _shipped(name: str) -> dict[str, Any]:
    with resources.files("adjudicator.language.data").joinpath(name).open("rb") as f:
        return dict(np.load(f))


class Judge:
    """The trained judge of one process (weights read once): its networks and the
    cross-reader, whose P(missing) it averages with theirs."""

    def __init__(self, weights: Path | None = None, reader: Path | None = None) -> None:
        """The shipped networks and cross-reader; or other files of them (a fold's, to
        measure it): networks in `weights`, read with the cross-reader in `reader` only."""
        self._weights = weights
        self._reader_weights = reader
        self._reader: CrossReader | None = None

    @cached_property
    def members(self) -> tuple[_Member, ...]:
        arrays = _shipped(WEIGHTS) if self._weights is None else dict(np.load(self._weights))
        count = int(arrays["members"])
        return tuple(_Member(arrays, i) for i in range(count))

    @cached_property
    def _reader_arrays(self) -> dict[str, Any] | None:
        if self._reader_weights is not None:
            return dict(np.load(self._reader_weights))
        return _shipped(READER_WEIGHTS) if self._weights is None else None

    def cross_reader(self, models: Models) -> CrossReader | None:
        """The cross-reader on `models`' encoder (built once), or None."""
        arrays = self._reader_arrays
        if arrays is None:
            return None
        if self._reader is None or self._reader.models is not models:
            self._reader = CrossReader(models, arrays)
        return self._reader

    def judge(
        self, coverage: Reader, report: CoverageReport, intent: Intent | None = None
    ) -> tuple[TokenJudgement, ...]:
        """P(missing) for every content token of the report's intent (`intent`: its
        reading, whose parse and contextual vectors the judge shares)."""
        found = features(coverage, report, intent)
        if found.tokens.shape[0] == 0:
            return ()
        needs, covers = [], []
        for member in self.members:
            need, cover = member.run(found.tokens, found.pairs, found.mask)
            needs.append(need)
            covers.append(cover)
        need = np.mean(needs, axis=0)
        allowed = may_cover(coverage, found)
        cover = np.mean(covers, axis=0) * allowed
        # the best set's cover, not the noisy-OR of all of them (as trained): a hand of
        # eight Words is ten sets, whose weak covers would multiply into a false cover
        uncovered = 1.0 - cover.max(axis=1)
        missing = need * uncovered
        reader = self.cross_reader(coverage.models)
        if reader is not None:
            read = _read(reader, report.words, found, (cover, allowed), missing)
            missing = (missing + read) / 2
            need = np.maximum(need, missing)  # a missing word is one that needs a Word
        result = []
        for i, token in enumerate(found.meta):
            j = int(np.argmax(cover[i]))
            result.append(
                TokenJudgement(
                    text=token.text,
                    lemma=token.lemma,
                    pos=token.pos,
                    start=token.start,
                    end=token.end,
                    missing=float(missing[i]),
                    need=float(need[i]),
                    best=found.sets[j] if j < len(found.sets) else (),
                    cover=float(cover[i, j]),
                    governor=token.governor,
                )
            )
        return tuple(result)

    @staticmethod
    def texts(intent: Intent, analysis: IntentAnalysis, words: Sequence[Word]) -> list[str]:
        """The texts `features` compares for this intent and Words, so that the coverage
        check encodes them in its one batch."""
        sets = _word_sets(tuple(words))
        texts = [" ".join(w.text.lower() for w in s) for s in sets]
        concepts = analysis.concepts
        for t, start, end in _candidates(intent):
            heads = [c for c in concepts if _heads(c, start, end, t)]
            head = heads[-1] if heads else None  # as `_concept_of` finds it
            lemma, text = t.lemma_.lower(), t.text.lower()
            texts += [lemma, text, head.phrase.lower() if head else text]
            texts += head.forms if head else ()  # what the rules' link compares with a Word
        return texts


def _read(
    reader: CrossReader,
    words: Sequence[Word],
    found: Features,
    covers: tuple[Array, Array],
    missing: Array,
) -> Array:
    """The cross-reader's P(missing) of each token, read with the Words that may cover it
    (`covers`: the networks' cover of each Word set and `may_cover`'s mask). That is the
    spell's Words, less an area or duration Word for a verb ("A scope Word only covers its
    own kind of scope", which the reader never learnt: [Zone] covers no "trap"; for nouns the
    walk's scope reading is not sure enough: masking them too cost three of the five folds,
    "all night" read as no duration); or, for a hand larger than the spells it learnt from
    (`MOST_WORDS_READ`), the Word set the networks find covers the token best (given all
    eight Words it reads everything as covered: whole hands 0.77 balanced accuracy, against
    0.86 without it). A token no Word may cover keeps the networks' reading (`missing`)."""
    cover, allowed = covers
    groups: dict[tuple[Word, ...], list[int]] = {}
    for i in range(len(found.meta)):
        if len(words) > MOST_WORDS_READ:
            j = int(cover[i].argmax())
            readable = found.sets[j] if allowed[i, j] else ()
        else:  # of its own Words only a verb's are masked: an effect is never scope
            verb = found.meta[i].pos == "VERB"
            readable = tuple(w for j, w in enumerate(words) if allowed[i, j] or not verb)
        groups.setdefault(readable, []).append(i)
    read = missing.copy()
    for readable, rows in groups.items():
        if readable:
            spans = [found.meta[i].parsed for i in rows]
            read[rows] = reader.missing([w.text for w in readable], found.parsed, spans)
    return read


# -- features ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _TokenMeta:
    text: str
    lemma: str
    pos: str
    start: int
    end: int
    concept: ConceptCoverage | None
    governor: tuple[int, int]
    parsed: tuple[int, int]  # the token's span in the prepared text the parse read


@dataclass(frozen=True)
class Features:
    """The judge's inputs for one intent: a row per content token, a (token, Word set)
    block of pair rows with its mask, and what each row is."""

    tokens: Array
    pairs: Array
    mask: Array
    sets: tuple[tuple[Word, ...], ...]
    meta: tuple[_TokenMeta, ...]
    parsed: str  # the prepared text the parse read


def _heads(c: Concept, start: int, end: int, token: Token) -> bool:
    """Whether this token (at `start`:`end` of the intent) heads the walk's concept."""
    if not (c.start <= start and end <= c.end):
        return False
    lemma = token.lemma_.lower()
    return lemma in c.forms[:1] or token.text.lower() == c.text.lower() or c.lemma == lemma


def _concept_of(
    report: CoverageReport, start: int, end: int, token: Token
) -> tuple[ConceptCoverage | None, ConceptCoverage | None]:
    """The walk's concept this token heads (the last such), and one whose span merely holds
    it."""
    head = inside = None
    for item in report.concepts:
        c = item.concept
        if c.start <= start and end <= c.end:
            if _heads(c, start, end, token):
                head = item
            elif inside is None:
                inside = item
    return head, inside


def may_cover(coverage: Reader, found: Features) -> Array:
    """1 where a Word set may cover a token, 0 where the policy rules it out whatever the
    networks read: "A scope Word only covers its own kind of scope", so a set of area or
    duration Words alone ([Zone], [Lingering]) never covers a token that is not scope
    ("trap"). Delivery and casting Words ([Ray], [Blast], [Silent]) also name effects (a ray
    of frost, to silence), so they are left to the networks."""
    allowed = np.ones((len(found.meta), MAX_SETS), dtype=np.float32)
    for j, words in enumerate(found.sets):
        if all(_scope_word(coverage, w) for w in words):
            for i, token in enumerate(found.meta):
                if token.concept is None or token.concept.concept.scope is None:
                    allowed[i, j] = 0.0
    return allowed


def _scope_word(coverage: Reader, word: Word) -> bool:
    """An area or duration Word the policy names (or a form of one), not one merely close."""
    kind, sure = coverage.scope_kind(word.text.lower())
    return kind in _PURE_SCOPE and sure >= 1.0


def _word_sets(words: tuple[Word, ...]) -> list[tuple[Word, ...]]:
    """The Word sets a token is paired with: each Word, then each pair, `MAX_SETS` at most."""
    sets: list[tuple[Word, ...]] = [(w,) for w in words]
    sets += list(combinations(words, 2))
    return sets[:MAX_SETS]


def _candidates(intent: Intent) -> list[tuple[Token, int, int]]:
    """The content tokens of the prepared intent that come from the intent as written, with
    their spans in it."""
    prepared = intent.prepared
    return [
        (t, *prepared.span(t.idx, t.idx + len(t.text)))
        for t in intent.doc
        if t.pos_ in CONTENT_POS and prepared.origin[t.idx] >= 0
    ]


def _in_purpose(token: Token) -> bool:
    chain = [token, *token.ancestors]
    for a in chain:
        for child in a.children:
            if a.dep_ == "advcl" and child.lower_ in ("to", "so") and child.dep_ in ("aux", "mark"):
                return True
            if child.dep_ == "mark" and child.lower_ in cues.PURPOSE_MARKERS:
                return True
    return False


def features(coverage: Reader, report: CoverageReport, intent: Intent | None = None) -> Features:
    """The judge's inputs for a report, from the intent's reading (`intent`, else the
    checker's reading of the report's intent): its parse and contextual vectors, shared with
    the walk and the sentence vector; the texts compared are encoded once and kept."""
    words = report.words
    reading = intent if intent is not None else coverage.read(report.intent)
    prepared, doc = reading.prepared, reading.doc
    ctx, sentence = reading.contextual
    intent_text = report.intent
    sets = _word_sets(words)
    set_texts = [" ".join(w.text.lower() for w in s) for s in sets]
    spans = _candidates(reading)
    candidates = [t for t, _, _ in spans]
    located = []
    for t, start, end in spans:
        head, inside = _concept_of(report, start, end, t)
        located.append((t, start, end, head, inside))
    phrases = [
        head.concept.phrase.lower() if head else t.text.lower() for t, *_, head, _ in located
    ]
    forms = [form for *_, head, _ in located if head for form in head.concept.forms]
    coverage.embed(
        [*set_texts, *(t.lemma_.lower() for t in candidates), *(t.text.lower() for t in candidates),
         *phrases, *forms]
    )  # fmt: skip
    low = intent_text.lower()
    question = intent_text.strip().endswith("?")
    hedge = any(low.startswith(h) or f" {h}" in low[:25] for h in _HEDGES)
    n = len(doc)
    token_rows, pair_blocks, masks, meta = [], [], [], []
    for (t, start, end, head, inside), phrase in zip(located, phrases, strict=True):
        lemma = t.lemma_.lower()
        item = head or inside
        c = item.concept if item else None
        role = Role.SUBJECT if t.pos_ in ("NOUN", "PROPN") else Role.EFFECT
        concept = head.concept if head else Concept(t.text, start, end, lemma, role, True, "")
        ancestors = list(t.ancestors)
        row = [
            *_onehot(t.pos_, CONTENT_POS),
            *_onehot(t.dep_, _DEPS),
            *_onehot(t.head.pos_, _HEAD_POS),
            *_onehot(t.head.lower_ if t.head.pos_ == "ADP" else "", _PREPOSITIONS),
            float(lemma in cues.FRAMING_VERBS),
            float(t.head.lemma_.lower() in cues.FRAMING_VERBS),
            float(question),
            float(hedge),
            t.i / max(1, n),
            float(len(ancestors)),
            float(len(list(t.children))),
            float(_in_purpose(t)),
            float(any(a.lemma_.lower() in cues.PURPOSE_VERBS for a in ancestors)),
            float(t.tag_ in ("NNS", "NNPS")),
            float(t.tag_ in ("JJR", "RBR", "JJS")),
            float(t.is_stop),
            float(any(ch.dep_ == "neg" for ch in t.head.children)),
            float(head is not None),
            float(head is None and inside is not None),
            *_onehot(c.role if c else None, _ROLES),
            float(c.needs_word) if c else 0.0,
            float(item.covered) if item else 0.0,
            *_onehot(c.scope if c else None, _SCOPES),
            float(c.follows is not None) if c else 0.0,
            float(bool(c.explicit)) if c else 0.0,
            float(min(len(words), MOST_WORDS_SEEN)),
            float(ctx[t.i] @ sentence),
        ]
        token_rows.append(np.concatenate([np.asarray(row, dtype=np.float32), ctx[t.i]]))
        vectors = coverage.vectors
        lv, tv, pv = vectors[lemma], vectors[t.text.lower()], vectors[phrase]
        block = [
            _pair_row(coverage, concept, t, (lv, tv, ctx[t.i], pv), text, vectors[text], s, item)
            for s, text in zip(sets, set_texts, strict=True)
        ]
        pairs = np.zeros((MAX_SETS, len(block[0])), dtype=np.float32)
        pairs[: len(block)] = block
        mask = np.zeros(MAX_SETS, dtype=np.float32)
        mask[: len(block)] = 1.0
        pair_blocks.append(pairs)
        masks.append(mask)
        governor = prepared.span(t.head.idx, t.head.idx + len(t.head.text))
        parsed = (t.idx, t.idx + len(t.text))
        meta.append(_TokenMeta(t.text, lemma, t.pos_, start, end, head, governor, parsed))
    if not token_rows:
        empty = np.zeros((0, 0), dtype=np.float32)
        return Features(empty, empty, empty, tuple(sets), (), prepared.text)
    return Features(
        np.asarray(token_rows, dtype=np.float32),
        np.asarray(pair_blocks, dtype=np.float32),
        np.asarray(masks, dtype=np.float32),
        tuple(sets),
        tuple(meta),
        prepared.text,
    )


def _pair_row(
    coverage: Reader,
    concept: Concept,
    token: Token,
    token_vectors: tuple[Array, Array, Array, Array],
    text: str,
    word_vector: Array,
    words: tuple[Word, ...],
    item: ConceptCoverage | None,
) -> Array:
    """How one token and one Word set relate (see the module docstring)."""
    lemma_v, text_v, ctx_v, phrase_v = token_vectors
    lemma = token.lemma_.lower()
    row = [
        float(lemma_v @ word_vector),
        float(text_v @ word_vector),
        float(ctx_v @ word_vector),
        float(phrase_v @ word_vector),
        fuzz.ratio(lemma, text) / 100,
        float(lemma == text or token.text.lower() == text),
        float(len(words) > 1),
    ]
    kind: CoverKind | None = None
    blocked = strength = 0.0
    if len(words) == 1:
        link = coverage.link(concept, words[0])
        kind = link.cover.kind if link.cover else None
        blocked = float(link.blocked is not None)
        strength = link.strength
        scope, sure = coverage.scope_kind(text)
        row += [*_onehot(scope, _SCOPES), sure]
    else:
        row += [0.0] * (len(_SCOPES) + 1)
    ruled = 0.0
    if item is not None:
        for cover in item.covers:
            if set(cover.words) == set(words):
                ruled = max(ruled, cover.confidence)
                kind = kind or cover.kind
    row += [*_onehot(kind, _KINDS), blocked, strength, ruled]
    return np.concatenate([np.asarray(row, dtype=np.float32), lemma_v * word_vector])
