"""One intent, read once for a command (issue 12: "one pass per intent").

A command makes one `Intent` for the text it checks (`Coverage.read`) and hands it down:
coverage takes the walk's concepts from it (`analysis`), the learned judge its parse and
contextual vectors, precedent and the sense checks its sentence vector and the vectors of
its clauses. Each part is computed on first use and kept, so an intent is parsed once and
goes through the encoder's transformer once, however many checks read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from adjudicator.language import walker
from adjudicator.language.concepts import IntentAnalysis, PreparedIntent, prepare
from adjudicator.language.models import EMBEDDING_SIZE
from adjudicator.rules.spells import MissingIntent
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from numpy.typing import NDArray
    from spacy.tokens import Doc

    from adjudicator.language.lexicon import Lexicon
    from adjudicator.language.models import Models

    Array = NDArray[np.float32]

#: Word pieces of the prepared intent the judge reads in context (the rest is cut).
CONTEXT_PIECES = 128
#: Word pieces of a text sentence-transformers encodes (all-MiniLM-L6-v2's max_seq_length).
SENTENCE_PIECES = 256
#: Word pieces packed into one row of a forward pass (MiniLM attends over 512 positions).
PACKED_PIECES = 512


class Intent:
    """One intent's readings, each made on first use and kept: the prepared text and its
    spaCy parse, the walk's concepts for each set of Words, each token's contextual vector,
    the sentence vectors of the intent and of texts cut from it (clauses, windows)."""

    def __init__(self, text: str, models: Models, lexicon: Lexicon) -> None:
        self.text = text
        self.models = models
        self.lexicon = lexicon
        self._prepared: PreparedIntent | None = None
        self._doc: Doc | None = None
        self._analyses: dict[tuple[Word, ...], IntentAnalysis] = {}
        self._contextual: tuple[Array, Array] | None = None
        self._vector: Array | None = None
        self._texts: dict[str, Array] = {}
        self._parses: dict[str, Doc] = {}

    @property
    def prepared(self) -> PreparedIntent:
        """The intent as parsed: brackets removed, a subject for a bare imperative."""
        if self._prepared is None:
            self._prepared = prepare(self.text, (), self.lexicon)
        return self._prepared

    @property
    def doc(self) -> Doc:
        """The spaCy parse of the prepared intent (the walk's and the judge's)."""
        if self._doc is None:
            self._doc = walker.parse(self.prepared.text, self.models)
        return self._doc

    def analysis(self, words: Sequence[Word]) -> IntentAnalysis:
        """The walk's concepts for a spell of `words` (drafting asks for many sets; the
        parse is shared). Raises `MissingIntent` naming the Words for an empty intent."""
        key = tuple(words)
        found = self._analyses.get(key)
        if found is None:
            try:
                prepared = self.prepared
            except MissingIntent:
                raise MissingIntent(key) from None
            found = walker.walk(self.doc, prepared, key, self.lexicon)
            self._analyses[key] = found
        return found

    # -- vectors ---------------------------------------------------------------------------

    @property
    def contextual(self) -> tuple[Array, Array]:
        """Each spaCy token's contextual MiniLM vector (its word pieces averaged, unit
        length) and the prepared text's mean-pooled unit vector."""
        if self._contextual is None:
            self.encode(contextual=True)
        assert self._contextual is not None
        return self._contextual

    @property
    def vector(self) -> Array:
        """The unit sentence vector of the intent as written (what precedent stores and
        compares, and what coverage weighs each Word against)."""
        if self._vector is None:
            self.encode(contextual=False)
        assert self._vector is not None
        return self._vector

    def encode(self, *, contextual: bool, texts: Sequence[str] = ()) -> Array:
        """Run the transformer once for what is still missing: the intent's sentence vector,
        with `contextual` the prepared text's token vectors, and the sentence vectors of
        `texts` (short texts a check compares: Words, concepts' phrases), all in one packed
        pass. Returns the vectors of `texts`, in order."""
        wanted: list[tuple[str, int]] = []
        context = contextual and self._contextual is None
        if context:
            wanted.append((self.prepared.text, CONTEXT_PIECES))
        # The intent as parsed is often the intent as written: one text then gives both (a
        # piece is at least a character, so a text this short is never cut).
        same = context and self.prepared.text == self.text and len(self.text) + 2 <= CONTEXT_PIECES
        if self._vector is None and not same:
            wanted.append((self.text, SENTENCE_PIECES))
        wanted += [(text, SENTENCE_PIECES) for text in texts]
        if not wanted:
            return np.zeros((0, EMBEDDING_SIZE), dtype=np.float32)
        passes = forward(self.models, wanted)
        if context:
            hidden, offsets = passes.pop(0)
            self._contextual = _token_vectors(hidden, offsets, self.doc)
            if self._vector is None and same:
                self._vector = _pooled(hidden)
        if self._vector is None:
            self._vector = _pooled(passes.pop(0)[0])
        if not passes:
            return np.zeros((0, EMBEDDING_SIZE), dtype=np.float32)
        return np.stack([_pooled(hidden) for hidden, _ in passes])

    def vectors(self, texts: Sequence[str]) -> Array:
        """Unit sentence vectors of texts cut from this intent (its clauses, a window around
        a Word), the ones not yet encoded in one pass; the intent itself is `vector`."""
        wanted = [t for t in dict.fromkeys(texts) if t != self.text and t not in self._texts]
        if wanted:
            found = self.encode(contextual=False, texts=wanted)
            self._texts.update(zip(wanted, found, strict=True))
        rows = [self.vector if t == self.text else self._texts[t] for t in texts]
        return np.stack(rows) if rows else np.zeros((0, EMBEDDING_SIZE), dtype=np.float32)

    def parsed(self, text: str) -> Doc:
        """The full spaCy parse of a text cut from this intent (or of the intent as
        written), made once."""
        found = self._parses.get(text)
        if found is None:
            found = self._parses[text] = self.models.nlp(text)
        return found


def forward(models: Models, texts: Sequence[tuple[str, int]]) -> list[tuple[Array, list[Any]]]:
    """One forward pass of the encoder's transformer over `texts` (each with its limit of
    word pieces): each text's last hidden states and the character span of each piece.

    The texts are packed end to end into rows of at most `PACKED_PIECES` pieces, each
    attending only to itself (a block-diagonal mask, positions restarting per text): the
    same vectors as one padded batch (to float rounding) without computing the padding of
    ten one-word texts up to the intent's length, and without a call per text."""
    import torch  # lazy: heavy import (torch)

    tokenizer = models.encoder.tokenizer
    encoded = [
        tokenizer(text, return_offsets_mapping=True, truncation=True, max_length=limit)
        for text, limit in texts
    ]
    pieces = [list(e["input_ids"]) for e in encoded]
    rows: list[list[int]] = []  # indexes of the texts in each row
    width = 0
    for index, text_pieces in enumerate(pieces):
        if not rows or width + len(text_pieces) > PACKED_PIECES:
            rows.append([])
            width = 0
        rows[-1].append(index)
        width += len(text_pieces)
    length = max(sum(len(pieces[i]) for i in row) for row in rows)
    ids = torch.full((len(rows), length), int(tokenizer.pad_token_id), dtype=torch.long)
    positions = torch.zeros((len(rows), length), dtype=torch.long)
    segments = torch.full((len(rows), length), -1, dtype=torch.long)
    where: list[tuple[int, int, int]] = []  # row, start, end of each text
    for r, row in enumerate(rows):
        at = 0
        for i in row:
            n = len(pieces[i])
            ids[r, at : at + n] = torch.tensor(pieces[i])
            positions[r, at : at + n] = torch.arange(n)
            segments[r, at : at + n] = i
            where.append((r, at, at + n))
            at += n
    apart = segments[:, :, None] != segments[:, None, :]
    mask = torch.zeros((len(rows), 1, length, length), dtype=torch.float32)
    mask.masked_fill_(apart[:, None], torch.finfo(torch.float32).min)
    transformer: Any = models.encoder[0].auto_model
    with torch.no_grad():
        hidden = transformer(
            input_ids=ids,
            attention_mask=mask,
            position_ids=positions,
            token_type_ids=torch.zeros_like(ids),
        ).last_hidden_state.numpy()
    return [
        (hidden[r, start:end], list(e["offset_mapping"]))
        for (r, start, end), e in zip(where, encoded, strict=True)
    ]


def _pooled(hidden: Array) -> Array:
    """The unit mean of a text's hidden states: its sentence vector, as sentence-transformers
    makes it for all-MiniLM-L6-v2 (mean pooling, then normalisation)."""
    pooled = hidden.mean(axis=0, dtype=np.float32)
    unit: Array = (pooled / np.linalg.norm(pooled)).astype(np.float32)
    return unit


def _token_vectors(hidden: Array, offsets: list[Any], doc: Doc) -> tuple[Array, Array]:
    """Each spaCy token's vector (its word pieces averaged, unit length) and the mean-pooled
    unit vector of the whole text."""
    mask = np.ones((hidden.shape[0], 1), dtype=np.int64)
    sentence = (hidden * mask).sum(0) / mask.sum()
    sentence = sentence / np.linalg.norm(sentence)
    vectors = np.zeros((len(doc), hidden.shape[1]), dtype=np.float32)
    for token in doc:
        a, b = token.idx, token.idx + len(token.text)
        rows = [i for i, (s, e) in enumerate(offsets) if e > s and s >= a and e <= b]
        if rows:
            v = hidden[rows].mean(0)
            vectors[token.i] = v / (np.linalg.norm(v) or 1.0)
    return vectors, sentence.astype(np.float32)
