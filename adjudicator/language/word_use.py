"""How strongly an intent uses each Word: a score 0..1 per Word, for ranking Words.

Coverage asks whether every concept of an intent has a Word; this asks the other way round:
how much of what the intent says is each Word's. A Word is used by the tokens of the intent
that mean it, weighted by how central each token is to what the spell does:

- *where it stands*: the effect (a sentence's predicate) and what it acts on or produces
  (its object, a passive subject, the subject of a change: "the target ages") count fully;
  the agent of a transitive verb ("this spell creates ...", "the caster moves ...") and a
  comparison ("as fast as a horse") hardly; later sentences count less than the first,
  which says what the spell does; purpose clauses less (`walker.analyse`'s roles);
- *how surely it means the Word*: a lexical link from the shipped WordNet lexicon (same
  lemma, a form of it, a synonym, the Word broader than it: "oak" is a plant, "corpse" a
  body; a Word naming a way of doing it: "change" <- [Transform]), and the similarity of
  the Word with the token by all-MiniLM-L6-v2: of the token's lemma alone, beyond what
  both share with everyday English (so that a Word a little like everything, [Magic] and
  "spell", gains nothing from it), and of the token in its sentence (the encoder's
  contextual token vectors), beyond the Word's mean similarity with the whole intent.

The whole description is read, however long: it is parsed in pieces within
`MAX_INTENT_LENGTH`, sentence by sentence. The scorer knows nothing of the Words' groups
or of which kind of Word ranks where: it scores each Word against every token, and an
effect Word wins on the predicates because that is where its meaning is.

Every weight is in the section below, with where it was calibrated: the dev part of
../shared/benchmarks/arm5 (`evaluation.in_dev_split`, about a fifth of the spells), never
its held-out part. `WordUse` holds the models, the lexicon and the encoding caches of one
process: make one and call `score` for each intent.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from adjudicator.errors import InvalidInput
from adjudicator.language.concepts import Concept, PreparedIntent, Role, prepare
from adjudicator.language.lexicon import NOUN, SPACY_PARTS, VERB, Lexicon
from adjudicator.language.models import TextVectors
from adjudicator.language.relations import Relations
from adjudicator.language.thresholds import DEFAULT, CoverageThresholds
from adjudicator.language.walker import walk
from adjudicator.rules.spells import MAX_INTENT_LENGTH, MissingIntent
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from numpy.typing import NDArray
    from spacy.tokens import Doc, Span, Token

    from adjudicator.language.models import Models

# -- weights: every number of the score, calibrated on the dev part of arm5 ------------------


@dataclass(frozen=True)
class Weights:
    """Every weight of the score, in one place. The defaults were chosen on the dev part of
    ../shared/benchmarks/arm5 (`evaluation.in_dev_split`: 245 of 1,264 spells; top-1 of
    each group as `benchmarks/word_use_calibration.py` prints it; with these values form
    0.490, technique 0.449), never on the held-out part. On 245 cases one standard error is
    about 3 points, and dev is flat within it for most weights: there the value is the one
    the reasoning in the comment gives, and the comment says so."""

    #: Each later sentence counts this much of the one before: the first says what the
    #: spell does. Dev: 0.4 gives form 0.478, technique 0.433; 0.8: 0.469, 0.445; 1 (no
    #: decay): 0.465, 0.433.
    sentence_decay: float = 0.6
    #: The weight of a token by where it stands in its clause (dependency labels of
    #: en_core_web_sm; `_place`): what the spell does and what it acts on first. Dev is flat
    #: for each within 2 points (agent 0 or 0.6, light 0.1 or 1, patient 0.6, oblique 0.3 or
    #: 1, comparison 0 or 0.6, modifier 1, purpose 0.2, proper name 1); it loses 4 points of
    #: form when agents count fully (agent 1: 0.453) and 2 when modifiers count less.
    predicate: float = 1.0  # a verb, or an adjective a verb makes ("make it warm")
    light: float = 0.3  # a verb whose complement says what happens: "makes a cliff collapse"
    patient: float = 1.0  # the object, a passive subject, the subject of "the target ages"
    agent: float = 0.3  # the subject of a verb with an object: "this spell creates", "you move"
    oblique: float = 0.6  # the object of a preposition: "from the fire", "in a circle"
    comparison: float = 0.2  # "as fast as a horse", "like a cat"
    modifier: float = 0.6  # a noun or adjective qualifying another: "stone walls"
    other: float = 0.4
    #: A proper name is mostly a name ("Petalichus"), not a thing the spell touches.
    proper_name: float = 0.3
    #: Tokens inside a purpose clause or narrative colour (`Role.PURPOSE`) count this much.
    purpose: float = 0.5
    #: The evidence of one token for a Word adds three things: its lexical link (the
    #: coverage confidences of `thresholds`: same lemma 1.0, a form of it 0.95, synonym
    #: 0.9, broader 0.85 less 0.03 a step, a way of doing it 0.75); the similarity of its
    #: lemma with the Word beyond what each shares with everyday English (`common_senses`),
    #: and the similarity of the token in its sentence with the Word beyond the Word's
    #: mean similarity with the intent's tokens; each similarity in units of its scale,
    #: and only what exceeds. Dev: lemma scale 0.05 gives form 0.473, technique 0.441; 0.2:
    #: 0.490, 0.437; context scale 0.05: 0.490, 0.449; 0.2: 0.482, 0.441; without the
    #: context similarity: 0.486, 0.433. Capping either at 1, or taking the strongest of the
    #: three instead of their sum, was no better.
    lemma_scale: float = 0.1
    context_scale: float = 0.1
    #: Everyday English, against which a lemma's similarity is measured: the lemmas with at
    #: least this many WordNet senses (the lexicon's most polysemous words are its most
    #: frequent ones; 771 words). The correction is CSLS's (Conneau et al. 2018, "Word
    #: translation without parallel data") with the whole vocabulary as the neighbourhood:
    #: 2 cos(t, w) - cos(t, c) - cos(w, c), c the vocabulary's mean vector; it keeps a
    #: Word that is a little like everything ([Magic] and "spell", "magus") from gaining on
    #: every token. Dev: 3 senses (10,535 words) gives form 0.465, technique 0.453; 6
    #: (2,458): 0.494, 0.473; 20 (91): 0.490, 0.433; 10 is the middle of the flat part and
    #: the cheapest to encode but one. Measured against the Word's mean over the intent
    #: itself instead (as the context similarity is), form was 2-4 points lower.
    #: Read when the evidence is made (`WordUse.common`), not by `combine`.
    common_senses: int = 10
    #: The Word's mean similarity with an intent's tokens in their sentences is pulled
    #: towards the mean over all its Words as if this many tokens agreed with it, so that
    #: "Creates a beetle." (two tokens) is not measured against itself alone. Dev: 3 and 30
    #: within a point of 10.
    prior_tokens: float = 10.0
    #: The use (salience-weighted mean evidence, 0 and up) that maps to a score of 0.5:
    #: the score is use / (use + half_use). It ranks nothing (the map is monotone).
    half_use: float = 1.0

    def place(self, name: str) -> float:
        value: float = getattr(self, name)
        return value


WEIGHTS = Weights()

# ----------------------------------------------------------------------------------------

_CACHE_LIMIT = 100_000
_CONTENT = frozenset({"NOUN", "PROPN", "VERB", "ADJ"})
_LIGHT_VERBS = frozenset({"be", "have", "do"})
_PATIENT_DEPS = frozenset({"dobj", "nsubjpass", "attr", "oprd", "dative", "acomp"})
_OBJECT_DEPS = frozenset({"dobj", "ccomp", "xcomp", "attr", "acomp", "oprd"})
_COMPLEMENT_DEPS = frozenset({"ccomp", "xcomp", "oprd", "acomp"})
_MODIFIER_DEPS = frozenset({"compound", "amod", "poss", "nmod", "npadvmod", "appos"})
_COMPARING = frozenset({"as", "like", "than"})
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


@dataclass(frozen=True)
class WordUseScores:
    """The use of each Word by one intent: its score 0..1 and the token that uses it most
    ("'flames' (synonym)", "'rocks' (similarity 0.52)"), in the order the Words came."""

    words: tuple[Word, ...]
    scores: tuple[float, ...]
    evidence: tuple[str, ...]

    def score(self, word: Word) -> float:
        return dict(zip(self.words, self.scores, strict=True)).get(word, 0.0)

    def best(self, words: Sequence[Word]) -> Word:
        """The most used of `words` (the first listed on a tie)."""
        order = {w: i for i, w in enumerate(words)}
        return max(words, key=lambda w: (self.score(w), -order[w]))

    def pairs(self) -> tuple[tuple[Word, float], ...]:
        return tuple(zip(self.words, self.scores, strict=True))

    def to_dict(self) -> dict[str, Any]:
        return {
            "word_scores": {w.text: round(s, 6) for w, s in self.pairs()},
            "evidence": {w.text: e for w, e in zip(self.words, self.evidence, strict=True)},
        }


@dataclass(frozen=True)
class _Token:
    """A content token of the intent: what it says, where, and how central it is."""

    text: str
    lemma: str
    part: str
    sentence: int  # index of its sentence in the whole intent
    place: str  # see `_place`
    proper: bool  # a proper name
    purpose: bool  # inside a purpose clause
    start: int  # character offsets within its sentence's text
    end: int


@dataclass(frozen=True)
class _Sentence:
    text: str
    tokens: tuple[_Token, ...]


@dataclass(frozen=True, eq=False)
class Evidence:
    """What each content token of an intent says for each Word, before any weight: a row
    per token, a column per Word. `lexical` holds link confidences (0 where none) and
    `links` their kinds; `lemma` and `context` cosines (NaN where the encoder cut a long
    sentence off); `token_common` and `word_common` the mean cosines of the lemmas and the
    Words with everyday English (`Weights.common_senses`). `Weights` turn it into scores
    (`combine`); the calibration script keeps it to try weights without parsing or
    encoding again."""

    words: tuple[Word, ...]
    tokens: tuple[str, ...]
    lemmas: tuple[str, ...]
    parts: tuple[str, ...]
    sentences: tuple[int, ...]
    places: tuple[str, ...]
    proper: tuple[bool, ...]
    purpose: tuple[bool, ...]
    lexical: NDArray[np.float64]
    links: tuple[tuple[str, ...], ...]
    lemma: NDArray[np.float64]
    token_common: NDArray[np.float64]  # each token's mean cosine with everyday English
    word_common: NDArray[np.float64]  # each Word's
    context: NDArray[np.float64]


class WordUseError(InvalidInput):
    """A request the scorer cannot answer: no Words to score."""


class WordUse:
    """Models, lexicon and caches for scoring many intents in one process."""

    def __init__(
        self,
        models: Models,
        lexicon: Lexicon | None = None,
        *,
        thresholds: CoverageThresholds = DEFAULT,
    ) -> None:
        self.models = models
        self.lexicon = lexicon if lexicon is not None else Lexicon()
        self.relations = Relations(self.lexicon, thresholds)
        self.vectors = TextVectors(models, _CACHE_LIMIT)
        self._word_context: dict[str, NDArray[np.float32]] = {}
        self._links: dict[tuple[str, str, str], tuple[float, str]] = {}
        self._common: NDArray[np.float32] | None = None

    # -- the score --------------------------------------------------------------------------

    def score(self, intent: str, words: Sequence[Word]) -> WordUseScores:
        """How strongly `intent` uses each of `words`, 0..1."""
        words = tuple(dict.fromkeys(words))
        return self.combine(self.evidence(intent, words))

    @staticmethod
    def combine(evidence: Evidence, weights: Weights = WEIGHTS) -> WordUseScores:
        """The scores from the evidence: each token's evidence for a Word (its lexical
        link plus its two similarities' excess), weighted by the token's salience,
        averaged over the tokens, and mapped onto 0..1."""
        words = evidence.words
        if not evidence.tokens:
            return WordUseScores(words, tuple(0.0 for _ in words), tuple("" for _ in words))
        beyond = 2 * evidence.lemma - evidence.token_common[:, None] - evidence.word_common[None, :]
        context = _excess(evidence.context, weights.prior_tokens)
        strength = (
            evidence.lexical
            + np.maximum(beyond / weights.lemma_scale, 0.0)
            + np.maximum(context / weights.context_scale, 0.0)
        )
        salience = salience_of(evidence, weights)
        weighted = salience[:, None] * strength
        use = weighted.sum(axis=0) / max(float(salience.sum()), 1e-9)
        scores = use / (use + weights.half_use)
        best = weighted.argmax(axis=0)
        why = []
        for column, row in enumerate(best):
            link = evidence.links[row][column]
            how = link or f"similarity {float(evidence.lemma[row, column]):.2f}"
            why.append(f"{evidence.tokens[row]!r} ({how})")
        return WordUseScores(words, tuple(float(s) for s in scores), tuple(why))

    # -- the evidence -----------------------------------------------------------------------

    def evidence(self, intent: str, words: Sequence[Word]) -> Evidence:
        """What every content token of `intent` says for each Word (see `Evidence`)."""
        words = tuple(dict.fromkeys(words))
        if not intent.strip():
            raise MissingIntent(words)
        if not words:
            raise WordUseError("there are no Words to score")
        sentences = self.read(intent, words)
        tokens = [t for s in sentences for t in s.tokens]
        texts = [w.text.lower() for w in words]
        self.vectors.embed([*texts, *(t.lemma for t in tokens)])
        word_vectors = np.stack([self.vectors[t] for t in texts])
        lexical = np.zeros((len(tokens), len(words)))
        links: list[tuple[str, ...]] = []
        for i, token in enumerate(tokens):
            row = []
            for j, text in enumerate(texts):
                confidence, kind = self.link(token, text)
                lexical[i, j] = confidence
                row.append(kind)
            links.append(tuple(row))
        token_vectors = (
            np.stack([self.vectors[t.lemma] for t in tokens])
            if tokens
            else np.zeros((0, word_vectors.shape[1]), dtype=np.float32)
        )
        common = self.common()
        context = self.context(sentences, texts, len(tokens))
        return Evidence(
            words=words,
            tokens=tuple(t.text for t in tokens),
            lemmas=tuple(t.lemma for t in tokens),
            parts=tuple(t.part for t in tokens),
            sentences=tuple(t.sentence for t in tokens),
            places=tuple(t.place for t in tokens),
            proper=tuple(t.proper for t in tokens),
            purpose=tuple(t.purpose for t in tokens),
            lexical=lexical,
            links=tuple(links),
            lemma=(token_vectors @ word_vectors.T).astype(np.float64),
            token_common=(token_vectors @ common).astype(np.float64),
            word_common=(word_vectors @ common).astype(np.float64),
            context=context,
        )

    def link(self, token: _Token, word: str) -> tuple[float, str]:
        """The lexical link from a token to a Word: its confidence and kind ("" for none)."""
        key = (token.lemma, token.part, word)
        found = self._links.get(key)
        if found is None:
            if len(self._links) > _CACHE_LIMIT:
                self._links.clear()
            found = self._lexical(token, word)
            self._links[key] = found
        return found

    def _lexical(self, token: _Token, word: str) -> tuple[float, str]:
        concept = Concept(
            text=token.text,
            start=0,
            end=len(token.text),
            lemma=token.lemma,
            role=Role.SUBJECT if token.part == NOUN else Role.EFFECT,
            needs_word=True,
            reason="",
            part=token.part,
        )
        found = self.relations.lexical(concept, word)
        if found is None:
            return 0.0, ""
        return found.confidence, found.kind.value

    # -- reading the intent -----------------------------------------------------------------

    def read(self, intent: str, words: tuple[Word, ...]) -> list[_Sentence]:
        """The sentences of the whole intent with their content tokens, parsed in pieces
        within `MAX_INTENT_LENGTH`."""
        nlp = self.models.nlp
        sentences: list[_Sentence] = []
        for piece in pieces(intent):
            prepared = prepare(piece, words, self.lexicon)
            doc = nlp(prepared.text, disable=[p for p in ("ner",) if p in nlp.pipe_names])
            analysis = walk(doc, prepared, words, self.lexicon)
            purpose = _purpose_tokens(doc, prepared, analysis.concepts)
            for span in doc.sents:
                number = len(sentences)
                tokens = tuple(self.tokens(span, prepared, purpose, number))
                sentences.append(_Sentence(span.text, tokens))
        return sentences

    def tokens(
        self, span: Span, prepared: PreparedIntent, purpose: set[int], number: int
    ) -> list[_Token]:
        found = []
        for token in span:
            if token.pos_ not in _CONTENT or prepared.origin[token.idx] < 0:
                continue
            part = SPACY_PARTS[token.pos_]
            lemma = self.lemma(token, part)
            if not lemma.isalpha() and "-" not in lemma:
                continue
            if part == VERB and lemma in _LIGHT_VERBS:
                continue
            start = token.idx - span.start_char
            first = prepared.origin[token.idx]
            last = prepared.origin[token.idx + len(token.text) - 1]
            found.append(
                _Token(
                    text=prepared.original[first : last + 1] if last >= first else token.text,
                    lemma=lemma,
                    part=part,
                    sentence=number,
                    place=_place(token),
                    proper=token.pos_ == "PROPN",
                    purpose=token.i in purpose,
                    start=start,
                    end=start + len(token.text),
                )
            )
        return found

    def lemma(self, token: Token, part: str) -> str:
        """The dictionary form, checked against the lexicon (en_core_web_sm reads "corpses"
        as "corps")."""
        lemma = token.lemma_.lower()
        forms = self.lexicon.base_forms(token.lower_, part)
        if forms and lemma not in forms:
            return forms[0]
        return lemma

    # -- encodings --------------------------------------------------------------------------

    def common(self, weights: Weights = WEIGHTS) -> NDArray[np.float32]:
        """The mean vector of everyday English: the lexicon's lemmas with at least
        `common_senses` senses, each encoded alone (once per instance)."""
        if self._common is None:
            senses: dict[str, int] = {}
            for synset in self.lexicon.synsets:
                for lemma in synset.words:
                    senses[lemma] = senses.get(lemma, 0) + 1
            vocabulary = sorted(
                w for w, n in senses.items() if n >= weights.common_senses and w.isalpha()
            )
            self._common = self.models.encode(vocabulary).mean(axis=0)
        return self._common

    def context(
        self, sentences: Sequence[_Sentence], texts: Sequence[str], count: int
    ) -> NDArray[np.float64]:
        """Cosines of each token in its sentence with each Word alone, from the encoder's
        token vectors (a token's word pieces averaged); NaN where a sentence is too long
        for the encoder and the token was cut off."""
        result = np.full((count, len(texts)), np.nan)
        if not count:
            return result
        words = self.word_context(texts)
        encoder = self.models.encoder
        with_tokens = [s for s in sentences if s.tokens]
        outputs = encoder.encode(
            [s.text for s in with_tokens],
            batch_size=32,
            output_value="token_embeddings",
            convert_to_numpy=False,
            show_progress_bar=False,
        )
        row = 0
        outputs_by_sentence = dict(zip((id(s) for s in with_tokens), outputs, strict=True))
        for sentence in sentences:
            if not sentence.tokens:
                continue
            vectors = np.asarray(outputs_by_sentence[id(sentence)].float().cpu().numpy())
            spans = self.pieces(sentence.text)
            for token in sentence.tokens:
                inside = [
                    k + 1  # the encoder's [CLS] comes first
                    for k, (a, b) in enumerate(spans)
                    if a < token.end and b > token.start and k + 1 < len(vectors) - 1
                ]
                if inside:
                    vector = vectors[inside].mean(axis=0)
                    norm = float(np.linalg.norm(vector))
                    if norm > 0:
                        result[row] = (vector / norm) @ words.T
                row += 1
        return result

    def word_context(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Each Word's token vector, the Word encoded alone."""
        wanted = [t for t in dict.fromkeys(texts) if t not in self._word_context]
        if wanted:
            outputs = self.models.encoder.encode(
                wanted,
                output_value="token_embeddings",
                convert_to_numpy=False,
                show_progress_bar=False,
            )
            for text, output in zip(wanted, outputs, strict=True):
                vectors = np.asarray(output.float().cpu().numpy())[1:-1]
                vector = vectors.mean(axis=0)
                self._word_context[text] = (vector / np.linalg.norm(vector)).astype(np.float32)
        return np.stack([self._word_context[t] for t in texts])

    def pieces(self, text: str) -> list[tuple[int, int]]:
        """Character spans in `text` of the encoder's word pieces (its tokenizer lower-cases
        and strips accents, so pieces are found in a folded copy of the text)."""
        folded, origin = _fold(text)
        spans: list[tuple[int, int]] = []
        cursor = 0
        for piece in self.models.encoder.tokenizer.tokenize(text):
            bare = piece[2:] if piece.startswith("##") else piece
            at = folded.find(bare, cursor) if bare and piece != "[UNK]" else -1
            if at < 0:
                spans.append((cursor, cursor))
                continue
            end = at + len(bare)
            spans.append((origin[at], origin[end - 1] + 1))
            cursor = end
        return spans


def pieces(intent: str, limit: int = MAX_INTENT_LENGTH) -> list[str]:
    """The intent in pieces of whole sentences within `limit` characters (a sentence longer
    than the limit is cut at a space)."""
    text = intent.strip()
    sentences: list[str] = []
    previous = 0
    for end in [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]:
        if end > previous:
            sentence = text[previous:end].strip()
            while len(sentence) > limit:
                cut = sentence.rfind(" ", 0, limit)
                cut = cut if cut > 0 else limit
                sentences.append(sentence[:cut].strip())
                sentence = sentence[cut:].strip()
            if sentence:
                sentences.append(sentence)
            previous = end
    result: list[str] = []
    for sentence in sentences:
        if result and len(result[-1]) + 1 + len(sentence) <= limit:
            result[-1] = f"{result[-1]} {sentence}"
        else:
            result.append(sentence)
    return result


def salience_of(evidence: Evidence, weights: Weights = WEIGHTS) -> NDArray[np.float64]:
    """How central each token is: its place in its clause, its sentence, whether it is a
    proper name or in a purpose clause."""
    return np.array(
        [
            weights.sentence_decay**sentence
            * weights.place(place)
            * (weights.proper_name if proper else 1.0)
            * (weights.purpose if purpose else 1.0)
            for sentence, place, proper, purpose in zip(
                evidence.sentences, evidence.places, evidence.proper, evidence.purpose, strict=True
            )
        ],
        dtype=np.float64,
    )


def _excess(cosines: NDArray[np.float64], prior: float) -> NDArray[np.float64]:
    """Each cosine's excess over its Word's mean cosine with the intent's tokens, the mean
    pulled towards the mean over all Words as if `prior` tokens had it (missing cosines:
    no excess)."""
    known = ~np.isnan(cosines)
    filled = np.where(known, cosines, 0.0)
    counts = known.sum(axis=0)
    overall = filled.sum() / max(int(known.sum()), 1)
    mean = (filled.sum(axis=0) + prior * overall) / (counts + prior)
    return np.where(known, cosines - mean, 0.0)


def _place(token: Token) -> str:
    """Where a token stands in its clause: a field of `Weights` names each place."""
    dep = token.dep_
    if token.pos_ in ("VERB", "AUX"):
        if any(c.dep_ in _COMPLEMENT_DEPS for c in token.children):
            return "light"  # "makes a cliff collapse", "allows the magus to check"
        return "predicate"
    if token.pos_ == "ADJ":
        return "predicate" if dep in ("acomp", "oprd") else "modifier"
    if dep == "conj" and token.head.pos_ in ("NOUN", "PROPN"):
        return _place(token.head)
    if dep in _PATIENT_DEPS:
        return "patient"
    if dep == "nsubj":
        head = token.head
        transitive = any(c.dep_ in _OBJECT_DEPS for c in head.children)
        return "agent" if transitive else "patient"
    if dep == "pobj":
        return "comparison" if token.head.lower_ in _COMPARING else "oblique"
    if dep in _MODIFIER_DEPS:
        return "modifier"
    return "other"


def _purpose_tokens(doc: Doc, prepared: PreparedIntent, concepts: Sequence[Concept]) -> set[int]:
    """Indices of the tokens inside the analysis' purpose clauses."""
    spans = [(c.start, c.end) for c in concepts if c.role is Role.PURPOSE]
    found = set()
    for token in doc:
        at = prepared.origin[token.idx]
        if at >= 0 and any(start <= at < end for start, end in spans):
            found.add(token.i)
    return found


def _fold(text: str) -> tuple[str, list[int]]:
    """`text` lower-cased without accents, and the offset in `text` of each character."""
    chars: list[str] = []
    origin: list[int] = []
    for i, char in enumerate(text):
        for part in unicodedata.normalize("NFD", char.lower()):
            if unicodedata.category(part) == "Mn":
                continue
            chars.append(part)
            origin.append(i)
    return "".join(chars), origin
