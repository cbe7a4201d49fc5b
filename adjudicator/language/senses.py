"""Which declared meaning of a homonym does a text use? And does a spell keep to its card?

"Homonyms do not get multiple meanings ... [Lead] needs to specify if it's 'the element' or
'the act of guiding' when it's initially added to the Deck" (rulebook, "Words of Power"), and
"[Lead] [Person] cannot both lure a person and petrify them".

Zero-shot, a text's context (a window around the word, or the whole intent when the word does
not appear: "guide the lost child home" uses [Lead] = to guide) is compared in
all-MiniLM-L6-v2 space with each meaning's description, enriched from the shipped sense
inventory (synonyms, kinds, glosses). Few-shot, labeled examples of the same word (earlier
rulings of the campaign) train a small softmax regression whose log-probabilities are added
to the zero-shot ones. Every number is in `sense_thresholds`.
"""

from __future__ import annotations

import enum
import re
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from adjudicator.errors import InvalidInput
from adjudicator.language.inventory import Meaning, SenseInventory, key_of, regular_bases
from adjudicator.language.sense_thresholds import DEFAULT, SenseThresholds
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from numpy.typing import NDArray
    from spacy.tokens import Doc

    from adjudicator.language.intent import Intent
    from adjudicator.language.models import Models

    Matrix = NDArray[np.float32]

DECLARED = "declared"
BATCH_SIZE = 64
#: Contexts (intents and their clauses) kept after encoding: a spell's Words share them.
RECENT_CONTEXTS = 256

_CLAUSE = re.compile(
    r"\s*(?:[,;:]|\band then\b|\bthen\b|\band\b|\bwhile\b|\bbefore\b|\bafter\b)\s*"
)


class SenseError(InvalidInput):
    """A sense question that cannot be asked: no meanings, or examples with unknown meanings."""


# -- values -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SenseExample:
    """A text labeled with the meaning it uses: a key of the senses asked about, or (for a
    spell check) the description written on the card. Earlier rulings become these."""

    word: str
    text: str
    sense: str
    span: tuple[int, int] | None = None


@dataclass(frozen=True)
class SenseQuery:
    """One question: which of `senses` (key -> description) does `text` use for `word`?"""

    word: str
    senses: tuple[tuple[str, str], ...]
    text: str
    span: tuple[int, int] | None = None
    words: tuple[str, ...] = ()
    #: the inventory meaning each sense stands for, when the caller knows (a spell check);
    #: otherwise each description is matched to the inventory.
    meanings: tuple[Meaning | None, ...] | None = None

    def __post_init__(self) -> None:
        if len(self.senses) < 1:
            raise SenseError(f"no meanings given for {self.word!r}")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.senses)


@dataclass(frozen=True)
class SenseChoice:
    """The meaning a text uses (`key`) and every meaning's probability."""

    key: str
    scores: Mapping[str, float] = field(default_factory=dict)

    @property
    def confidence(self) -> float:
        return self.scores.get(self.key, 0.0)

    def to_dict(self) -> dict[str, Any]:
        return {"sense": self.key, "scores": {k: round(v, 4) for k, v in self.scores.items()}}


class SenseVerdict(enum.Enum):
    """What a spell check found about one declared homonym."""

    CONSISTENT = "consistent"
    DIFFERENT = "different"
    BOTH = "both"
    UNCHECKED = "unchecked"


@dataclass(frozen=True)
class SenseCheck:
    """Whether an intent uses a homonym Word in the meaning declared on its card."""

    word: str
    declared: str | None
    verdict: SenseVerdict
    used: tuple[str, ...]
    message: str
    scores: Mapping[str, float] = field(default_factory=dict)

    @property
    def flagged(self) -> bool:
        return self.verdict in (SenseVerdict.DIFFERENT, SenseVerdict.BOTH)

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "declared": self.declared,
            "verdict": self.verdict.value,
            "flagged": self.flagged,
            "used": list(self.used),
            "message": self.message,
            "scores": {k: round(v, 4) for k, v in self.scores.items()},
        }


# -- the model ----------------------------------------------------------------------------


class SenseModel:
    """Scores meanings of homonyms in texts; batches the encoder and caches descriptions.

    One per process (or per evaluation): it keeps the embeddings of every description it has
    seen, so a spell check after the first costs one encoding of the intent.
    """

    def __init__(
        self,
        models: Models,
        inventory: SenseInventory | None = None,
        thresholds: SenseThresholds = DEFAULT,
    ) -> None:
        self.models = models
        self.inventory = inventory if inventory is not None else SenseInventory()
        self.thresholds = thresholds
        self._cache: dict[str, Matrix] = {}
        #: the latest contexts, so the Words of one spell share their intent's encoding
        self._recent: OrderedDict[str, Matrix] = OrderedDict()

    # embeddings

    def encode(self, texts: Sequence[str], *, cache: bool = False) -> Matrix:
        """Unit vectors for `texts`, in one batched call; `cache` keeps them (descriptions),
        and the last `RECENT_CONTEXTS` others are kept too (one spell's Words share them)."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        if not cache:
            return self._encode_recent(texts)
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            self._cache.update(zip(missing, self.models.encode(missing), strict=True))
        return np.stack([self._cache[t] for t in texts])

    def _encode_recent(self, texts: Sequence[str]) -> Matrix:
        recent = self._recent
        missing = [t for t in dict.fromkeys(texts) if t not in recent]
        found = dict(zip(missing, self.models.encode(missing), strict=True)) if missing else {}
        for text in texts:
            if text not in found:
                found[text] = recent[text]
                recent.move_to_end(text)
        for text in missing:
            recent[text] = found[text]
        while len(recent) > RECENT_CONTEXTS:
            recent.popitem(last=False)
        return np.stack([found[t] for t in texts])

    # the two sides of a comparison

    def context(self, query: SenseQuery) -> str:
        """The part of the text that speaks about the word: a window around it, or all of it."""
        text = " ".join(query.text.split()) if query.span is None else query.text
        span = query.span if query.span is not None else find_word(text, query.word)
        if span is not None:
            text = _window(text, span, self.thresholds.window)
        # The spell's other Words are not added: on wop-dev they pulled intents toward the
        # meaning closest to them ("[Nail] [Grow]": growing, not fingernails).
        return text

    def profiles(
        self,
        word: str,
        senses: Sequence[tuple[str, str]],
        meanings: Sequence[Meaning | None] | None = None,
    ) -> Matrix:
        """One unit vector per sense: its description, blended with the inventory meaning it
        names (a bare "bank" names the most common meaning no other description took)."""
        descriptions = [_clean(description, word) for _, description in senses]
        own = self.encode(descriptions, cache=True)
        matched = (
            list(meanings) if meanings is not None else self.match(word, [d for _, d in senses])
        )
        weight = self.thresholds.description_weight
        rows = []
        for i, meaning in enumerate(matched):
            if meaning is None:
                rows.append(own[i])
                continue
            enriched = self.encode([f"{word}: {meaning.text}"], cache=True)[0]
            rows.append(weight * own[i] + (1 - weight) * enriched)
        profile: Matrix = np.stack(rows)
        unit: Matrix = profile / np.linalg.norm(profile, axis=1, keepdims=True)
        return unit

    def match(
        self, word: str, descriptions: Sequence[str], *, threshold: float | None = None
    ) -> list[Meaning | None]:
        """The inventory meaning each description names, or None; a bare word ("bank") gets
        the most common meaning that no other description names."""
        meanings = self.inventory.meanings(word)
        if not meanings:
            return [None] * len(descriptions)
        bare = [_is_bare(d, word) for d in descriptions]
        texts = [_named(_clean(d, word), word) for d in descriptions]
        similarity = (
            self.encode(texts, cache=True)
            @ self.encode([f"{word}: {m.text}" for m in meanings], cache=True).T
        )
        chosen: list[Meaning | None] = [None] * len(descriptions)
        taken: set[int] = set()
        # Best pairs first, each meaning named once (bare words wait for what is left).
        order = sorted(
            (
                (float(similarity[i, j]), i, j)
                for i in range(len(descriptions))
                for j in range(len(meanings))
            ),
            reverse=True,
        )
        for value, i, j in order:
            if bare[i] or chosen[i] is not None or j in taken:
                continue
            if value >= (self.thresholds.inventory_match if threshold is None else threshold):
                chosen[i] = meanings[j]
                taken.add(j)
        free = [j for j in range(len(meanings)) if j not in taken]
        for i in range(len(descriptions)):
            if bare[i] and free:
                chosen[i] = meanings[free.pop(0)]
        return chosen

    # scoring

    def zero_shot(self, queries: Sequence[SenseQuery]) -> list[NDArray[np.float64]]:
        """Probabilities over each query's senses from the descriptions alone."""
        contexts = self.encode([self.context(q) for q in queries])
        return self._zero_shot(queries, contexts)

    def contexts(self, queries: Sequence[SenseQuery], intent: Intent | None = None) -> Matrix:
        """The vectors of the queries' contexts: through `intent`'s reading when they are cut
        from it (encoded once per intent, whichever Word asks), else encoded here."""
        texts = [self.context(q) for q in queries]
        return intent.vectors(texts) if intent is not None else self.encode(texts)

    def _zero_shot(
        self, queries: Sequence[SenseQuery], contexts: Matrix, intent: Intent | None = None
    ) -> list[NDArray[np.float64]]:
        tags = self._parts_of_speech(queries, intent)
        results = []
        for query, context, tag in zip(queries, contexts, tags, strict=True):
            profile = self.profiles(query.word, query.senses, query.meanings)
            scores = (profile @ context).astype(np.float64)
            if tag is not None:
                hints = [_pos_hint(description) for _, description in query.senses]
                scores += [self.thresholds.pos_bonus if tag in h else 0.0 for h in hints]
            results.append(_softmax(scores / self.thresholds.temperature))
        return results

    def _parts_of_speech(
        self, queries: Sequence[SenseQuery], intent: Intent | None = None
    ) -> list[str | None]:
        """The word's part of speech in each text whose senses are told apart by it ("affect
        (noun)" / "affect (verb)"); spaCy loads only for those, and a text cut from `intent`
        is parsed once per intent."""
        wanted = [
            i
            for i, q in enumerate(queries)
            if len({_pos_hint(d) for _, d in q.senses} - {frozenset()}) >= 2
        ]
        tags: list[str | None] = [None] * len(queries)
        if not wanted:
            return tags
        texts = [queries[i].text for i in wanted]
        docs: Iterable[Doc] = (
            [intent.parsed(text) for text in texts]
            if intent is not None
            else self.models.nlp.pipe(texts, batch_size=BATCH_SIZE)
        )
        for i, doc in zip(wanted, docs, strict=True):
            query = queries[i]
            span = query.span if query.span is not None else find_word(query.text, query.word)
            if span is None:
                continue
            token = next((t for t in doc if t.idx <= span[0] < t.idx + max(len(t), 1)), None)
            if token is not None:
                tags[i] = _POS_OF_TAG.get(token.pos_)
        return tags

    def choose_many(
        self,
        queries: Sequence[SenseQuery],
        examples: Sequence[SenseExample] = (),
        *,
        intent: Intent | None = None,
    ) -> list[SenseChoice]:
        """Answer many queries with one batched encoding; examples of a query's word make it
        few-shot. `intent` is the reading the queries' texts are cut from, if any."""
        contexts = self.contexts(queries, intent)
        probabilities = self._zero_shot(queries, contexts, intent)
        if examples:
            probabilities = self._with_examples(queries, contexts, probabilities, examples)
        return [
            SenseChoice(q.keys[int(np.argmax(p))], dict(zip(q.keys, map(float, p), strict=True)))
            for q, p in zip(queries, probabilities, strict=True)
        ]

    def _with_examples(
        self,
        queries: Sequence[SenseQuery],
        contexts: Matrix,
        probabilities: list[NDArray[np.float64]],
        examples: Sequence[SenseExample],
    ) -> list[NDArray[np.float64]]:
        by_word: dict[str, list[SenseExample]] = defaultdict(list)
        for example in examples:
            by_word[key_of(example.word)].append(example)
        wanted = {key_of(q.word) for q in queries} & set(by_word)
        if not wanted:
            return probabilities
        chosen = [e for w in sorted(wanted) for e in by_word[w]]
        # Cached: a file of cases is answered in chunks that share the same examples.
        contexts_of_examples = [
            self.context(SenseQuery(e.word, ((e.sense, e.sense),), e.text, e.span)) for e in chosen
        ]
        vectors = self.encode(contexts_of_examples, cache=True)
        rows: dict[str, list[int]] = defaultdict(list)
        for i, example in enumerate(chosen):
            rows[key_of(example.word)].append(i)
        classifiers: dict[tuple[str, tuple[str, ...]], _Classifier] = {}
        results = []
        for query, context, prior in zip(queries, contexts, probabilities, strict=True):
            word = key_of(query.word)
            labeled = [i for i in rows.get(word, []) if chosen[i].sense in query.keys]
            if not labeled:
                results.append(prior)
                continue
            key = (word, query.keys)
            if key not in classifiers:
                labels = np.array([query.keys.index(chosen[i].sense) for i in labeled])
                classifiers[key] = _Classifier.fit(
                    vectors[labeled], labels, len(query.keys), self.thresholds
                )
            # The descriptions weigh as `prior_examples` rulings: much with few, little with many.
            weight = self.thresholds.prior_examples / len(labeled)
            log_p = classifiers[key].log_probabilities(context)
            combined = log_p + weight * np.log(prior + 1e-12)
            results.append(_softmax(combined))
        return results


@dataclass(frozen=True)
class _Classifier:
    """Softmax regression on unit vectors (numpy only), for one word's labeled examples."""

    weights: NDArray[np.float64]
    bias: NDArray[np.float64]
    present: NDArray[np.bool_]

    @classmethod
    def fit(
        cls, x: Matrix, y: NDArray[Any], classes: int, thresholds: SenseThresholds
    ) -> _Classifier:
        data = x.astype(np.float64)
        onehot = np.eye(classes)[y]
        weights = np.zeros((data.shape[1], classes))
        bias = np.zeros(classes)
        for _ in range(thresholds.steps):
            logits = data @ weights + bias
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            error = (p - onehot) / len(data)
            weights -= thresholds.learning_rate * (data.T @ error + thresholds.l2 * weights)
            bias -= thresholds.learning_rate * error.sum(axis=0)
        present = np.bincount(y, minlength=classes) > 0
        return cls(weights, bias, present)

    def log_probabilities(self, vector: Matrix) -> NDArray[np.float64]:
        logits = vector.astype(np.float64) @ self.weights + self.bias
        logits = np.where(self.present, logits, logits.min())  # unseen meanings: no evidence
        shifted = logits - logits.max()
        return np.asarray(shifted - np.log(np.exp(shifted).sum()), dtype=np.float64)


# -- the library's two entry points -------------------------------------------------------


def choose_sense(
    word: str,
    senses: Mapping[str, str],
    text: str,
    models: Models,
    *,
    examples: Iterable[SenseExample] = (),
    span: tuple[int, int] | None = None,
    words: Sequence[str] = (),
    model: SenseModel | None = None,
) -> SenseChoice:
    """Which of `senses` (key -> description) `text` uses for `word`: zero-shot from the
    descriptions, few-shot when `examples` of the same word are given (their `sense` is a key).
    Pass a `SenseModel` to reuse its cached description embeddings across calls."""
    model = model if model is not None else SenseModel(models)
    query = SenseQuery(word, tuple(senses.items()), text, span, tuple(words))
    return model.choose_many([query], list(examples))[0]


def check_declared_sense(
    word: Word,
    intent: str,
    words: Sequence[Word],
    models: Models,
    examples: Iterable[SenseExample] = (),
    *,
    model: SenseModel | None = None,
    reading: Intent | None = None,
) -> SenseCheck:
    """Does `intent` use the homonym `word` in the meaning declared on its card?

    The competing meanings are the inventory's meanings other than the one the declaration
    names (free text is matched to them). Flags another meaning ("[Lead] was declared as 'the
    heavy grey metal', but this intent uses it as 'to guide someone'") and both at once
    ("[Lead] [Person] cannot both lure a person and petrify them"). `examples` are earlier
    rulings: their `sense` is the description they were ruled under. `reading` is the
    command's one reading of `intent`, whose vectors the Words of a spell share.
    """
    model = model if model is not None else SenseModel(models)
    if word.sense is None:
        return SenseCheck(
            word.text, None, SenseVerdict.UNCHECKED, (), f"{word} has no declared meaning"
        )
    meanings = model.inventory.meanings(word.text)
    if not meanings:
        return SenseCheck(
            word.text, word.sense, SenseVerdict.UNCHECKED, (word.sense,),
            f"{word} has one common meaning: nothing to check",
        )  # fmt: skip
    declared_meaning = model.match(
        word.text, [word.sense], threshold=model.thresholds.declaration_match
    )[0]
    others = [m for m in meanings if m is not declared_meaning]
    senses = (
        (DECLARED, word.sense),
        *((f"other:{i}", m.description) for i, m in enumerate(others)),
    )
    description = dict(senses)
    labeled = _examples_for(word, senses, list(examples))
    names = tuple(w.text for w in words)
    parts = [p for p in _CLAUSE.split(intent) if len(p.split()) >= 2]
    known = (declared_meaning, *others)
    queries = [SenseQuery(word.text, senses, intent, None, names, known)]
    if len(parts) >= 2:
        queries += [SenseQuery(word.text, senses, part, None, names, known) for part in parts]
    choices = model.choose_many(queries, labeled, intent=reading)
    whole, pieces = choices[0], choices[1:]
    thresholds = model.thresholds
    best_other = max((k for k in whole.scores if k != DECLARED), key=whole.scores.__getitem__)
    # A part uses the declared meaning when it beats every other one; another meaning when
    # that one has at least `both_confidence` of the two's probability.
    declared_parts = [c for c in pieces if _share(c, DECLARED) > 0.5]
    other_parts = [
        c for c in pieces if c.key != DECLARED and _share(c, c.key) >= thresholds.both_confidence
    ]
    quoted = f"{word} was declared as '{word.sense}'"
    if declared_parts and other_parts:
        other = description[other_parts[0].key]
        return SenseCheck(
            word.text, word.sense, SenseVerdict.BOTH, (word.sense, other),
            f"{quoted}, but this intent uses it both as that and as '{other}': "
            "a homonym carries only its declared meaning",
            whole.scores,
        )  # fmt: skip
    margin = whole.scores[best_other] - whole.scores[DECLARED]
    if margin > thresholds.flag_margin:
        other = description[best_other]
        return SenseCheck(
            word.text, word.sense, SenseVerdict.DIFFERENT, (other,),
            f"{quoted}, but this intent uses it as '{other}'", whole.scores,
        )  # fmt: skip
    return SenseCheck(
        word.text, word.sense, SenseVerdict.CONSISTENT, (word.sense,),
        f"{word} is used as declared: '{word.sense}'", whole.scores,
    )  # fmt: skip


def _share(choice: SenseChoice, key: str) -> float:
    """`key`'s probability against the best other sense's, 0..1."""
    rival = max((v for k, v in choice.scores.items() if k != key), default=0.0)
    mine = choice.scores.get(key, 0.0)
    return mine / (mine + rival) if mine + rival > 0 else 0.0


def _examples_for(
    word: Word, senses: Sequence[tuple[str, str]], examples: list[SenseExample]
) -> list[SenseExample]:
    """Earlier rulings of this word, relabeled with the check's keys by their description."""
    by_description = {" ".join(d.lower().split()): k for k, d in senses}
    relabeled = []
    for example in examples:
        if key_of(example.word) != key_of(word.text):
            continue
        key = by_description.get(" ".join(example.sense.lower().split()))
        if key is None and example.sense in dict(senses):
            key = example.sense
        if key is not None:
            relabeled.append(SenseExample(word.text, example.text, key, example.span))
    return relabeled


# -- text helpers -------------------------------------------------------------------------


def find_word(text: str, word: str) -> tuple[int, int] | None:
    """Where `word` or one of its regular forms ("rings", "rang" is not one) first occurs."""
    target = key_of(word)
    for match in re.finditer(r"[A-Za-z][A-Za-z'-]*", text):
        token = match.group().lower()
        if token == target or target in regular_bases(token):
            return match.span()
    return None


def _window(text: str, span: tuple[int, int], size: int) -> str:
    start, end = span
    left = text[:start].split()[-size:] if size else []
    right = text[end:].split()[:size] if size else []
    return " ".join([*left, text[start:end], *right])


def _clean(description: str, word: str) -> str:
    """A description as text to embed: "bass (voice type)" -> "bass: voice type"."""
    cleaned = re.sub(r"\s*\(([^)]*)\)", r": \1", description.strip())
    return " ".join(cleaned.split()) or word


def _named(text: str, word: str) -> str:
    """A description that names its word ("a freshwater fish" -> "bass: a freshwater fish")."""
    return text if key_of(word) in key_of(text) else f"{word.lower()}: {text}"


def _is_bare(description: str, word: str) -> bool:
    """A description that only repeats the word ("apple" for the fruit, beside "apple inc.")."""
    return key_of(re.sub(r"[^\w\s-]", " ", description)) == key_of(word)


_POS_WORDS = {"noun": "noun", "verb": "verb", "adjective": "adj", "participle": "verb",
              "tense": "verb", "name": "noun", "city": "noun"}  # fmt: skip
_POS_OF_TAG = {"NOUN": "noun", "PROPN": "noun", "VERB": "verb", "AUX": "verb", "ADJ": "adj"}


def _pos_hint(description: str) -> frozenset[str]:
    """Parts of speech a description names in brackets: "affect (noun)", "(adjective-noun)"."""
    inside = " ".join(re.findall(r"\(([^)]*)\)", description)).lower()
    words = re.findall(r"[a-z]+", inside)
    if not words or any(w not in _POS_WORDS and w not in ("present", "past") for w in words):
        return frozenset()
    return frozenset(_POS_WORDS[w] for w in words if w in _POS_WORDS)


def _softmax(values: NDArray[np.float64]) -> NDArray[np.float64]:
    shifted = values - values.max()
    exp = np.exp(shifted)
    return np.asarray(exp / exp.sum(), dtype=np.float64)
