"""Typos, duplicates and compounds in Words submitted to the Deck, as Suggestions.

"Each player should submit 5-10 words to the Storyteller, who will aggregate and approve"
(rulebook, "The Deck"). These checks help the Storyteller aggregate; they never refuse a
Word. Each submitted Word is compared with the Words already in the Deck and with an English
vocabulary (wamerican plus the rulebook's own Words, built by `models/build_vocabulary.py`):

- EXACT_DUPLICATE: the Deck already holds this Word.
- NEAR_DUPLICATE: a Deck Word spelled almost the same ("Fyre" and [Fire]) where at least one
  of the two is not a vocabulary word, or the same word inflected ([Fires] and [Fire]).
  Two different vocabulary words ([Fore] and [Fire]) are not near-duplicates.
- TYPO: not a vocabulary word, no duplicate in the Deck, not a compound (which explains
  why it is unknown: "Firebolt"), and vocabulary words within a small edit distance
  ("Teleprot" -> [Teleport]). An unknown word with none is left alone: players may invent
  Words.
- COMPOUND: one Word that packs two ("Fireball" -> [Fire] [Ball]; rulebook, "Fireball vs
  [Fire] [Ball]"). See `compound_parts` for the rule.

Edit distances are optimal string alignment (a swap of two neighbouring letters costs 1),
at most 1 for Words of up to four letters and 2 for longer ones.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import OSA

from adjudicator.rules.words import Word

MAX_CANDIDATES = 5
MIN_COMPOUND_PART = 3
MIN_LEXICAL_COMPOUND_PART = 4

# Endings that make another form of the same word: [Fires] and [Fire] are one concept.
_INFLECTIONS = ("s", "es", "ed", "d", "ing")
# ...and, for the compound rule only, endings that derive a word from a simpler one, so that
# "blocking" (block+ing) is not read as bloc+king, nor "boundless" as bound+less.
_DERIVATIONS = (
    *_INFLECTIONS,
    *("er", "ers", "est", "ly", "ally", "able", "ably", "less", "ness", "ful"),
    *("ship", "hood", "ment", "ments"),
)


class SuggestionKind(enum.Enum):
    """What a check found about a submitted Word."""

    EXACT_DUPLICATE = "exact_duplicate"
    NEAR_DUPLICATE = "near_duplicate"
    TYPO = "typo"
    COMPOUND = "compound"


@dataclass(frozen=True)
class Suggestion:
    """One finding about a submitted Word, for the Storyteller to accept or ignore.

    `candidates` are the Deck Words it duplicates, the words it may be a misspelling of (best
    first), or the Words a compound splits into. `score` (0 to 1) is how close the Word is to
    what the first candidate suggests: 1.0 for exact duplicates and compounds.
    """

    word: Word
    kind: SuggestionKind
    candidates: tuple[Word, ...]
    score: float

    @property
    def message(self) -> str:
        """The finding in words for the table."""
        named = " or ".join(str(word) for word in self.candidates)
        if self.kind is SuggestionKind.EXACT_DUPLICATE:
            return f"{self.word} is already in the Deck"
        if self.kind is SuggestionKind.NEAR_DUPLICATE:
            return f"{self.word} is almost {named}, already in the Deck"
        if self.kind is SuggestionKind.TYPO:
            return f"{self.word} is not a word we know: did you mean {named}?"
        parts = " ".join(str(word) for word in self.candidates)
        return f"{self.word} packs {len(self.candidates)} Words: did you mean {parts}?"


@dataclass(frozen=True)
class _Vocabulary:
    words: frozenset[str]
    ordered: tuple[str, ...]


@functools.cache
def _load() -> _Vocabulary:
    """Read the packaged vocabulary once, on first use; '#' lines are its provenance header."""
    path = resources.files("adjudicator.rules") / "data" / "vocabulary.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    ordered = tuple(line for line in lines if line and not line.startswith("#"))
    return _Vocabulary(frozenset(ordered), ordered)


def vocabulary() -> frozenset[str]:
    """Every known English word, lower-case (loaded on first call, then cached)."""
    return _load().words


def is_known(text: str) -> bool:
    """Whether `text` is a vocabulary word, in any case."""
    return text.lower() in _load().words


def max_distance(text: str) -> int:
    """How many edits a misspelling of `text` may be from the word meant."""
    return 1 if len(text) <= 4 else 2


def check_submission(words: Iterable[Word], deck: Iterable[Word] = ()) -> tuple[Suggestion, ...]:
    """Suggestions for submitted Words against the Deck's Words and the vocabulary.

    In submission order, and for each Word in the order of `SuggestionKind`. Misspellings are
    looked up in one batch, so ten Words cost one pass over the vocabulary.
    """
    words, deck = tuple(words), tuple(deck)
    vocab = _load()
    findings = [_duplicates(word, deck, vocab.words) for word in words]
    compounds = [compound_parts(word.text) for word in words]
    unknown = [
        (index, word)
        for index, word in enumerate(words)
        if not findings[index]
        and compounds[index] is None
        and word.text.isalpha()
        and word.text.lower() not in vocab.words
    ]
    typos = _typos([word for _, word in unknown], vocab)
    for (index, _), typo in zip(unknown, typos, strict=True):
        if typo is not None:
            findings[index].append(typo)
    for word, found, parts in zip(words, findings, compounds, strict=True):
        if parts is not None:
            candidates = tuple(Word(part) for part in parts)
            found.append(Suggestion(word, SuggestionKind.COMPOUND, candidates, 1.0))
    return tuple(suggestion for found in findings for suggestion in found)


def check_word(word: Word, deck: Iterable[Word] = ()) -> tuple[Suggestion, ...]:
    """Suggestions for one submitted Word (see `check_submission`)."""
    return check_submission((word,), deck)


def compound_parts(text: str) -> tuple[str, ...] | None:
    """The words a single Word packs together, lower-case, or None if it is one word.

    "Instead of Fireball, we cast [Fire] [Ball]" (rulebook, "Fireball vs [Fire] [Ball]").
    The rule: a hyphenated Word is a compound when every part is a vocabulary word. Otherwise
    the Word must split into two vocabulary words of at least three letters each ("Firebolt").
    A Word that is itself in the vocabulary needs stronger evidence, since short words join by
    accident into unrelated ones (car+pet, sea+son, pass+age): both parts at least four letters
    ("Fireball", "Firestorm", "Moonlight"), and the Word must not be an inflected or derived
    form of a simpler vocabulary word ("blocking" is block+ing, not bloc+king). Among several
    splits, the most even one is given. Real words with four-letter accidental parts are still
    flagged (deter+mine); the Storyteller ignores those.
    """
    vocab = _load().words
    lower = text.lower()
    if "-" in lower:
        parts = tuple(lower.split("-"))
        return parts if all(part in vocab for part in parts) else None
    if not lower.isalpha():
        return None
    return _split(lower, vocab)


def _split(text: str, vocab: frozenset[str]) -> tuple[str, str] | None:
    lexical = text in vocab
    shortest = MIN_LEXICAL_COMPOUND_PART if lexical else MIN_COMPOUND_PART
    splits = [
        (text[:cut], text[cut:])
        for cut in range(shortest, len(text) - shortest + 1)
        if text[:cut] in vocab and text[cut:] in vocab
    ]
    if not splits:
        return None
    if lexical and any(
        stem in vocab and _split(stem, vocab) is None for stem in _stems(text, _DERIVATIONS)
    ):
        return None
    return max(splits, key=lambda split: min(len(split[0]), len(split[1])))


def _stems(text: str, endings: tuple[str, ...]) -> Iterator[str]:
    """The words `text` may be formed from by adding one of `endings` (not checked as words)."""
    for ending in endings:
        base = text[: -len(ending)]
        if not text.endswith(ending) or len(base) < 3:
            continue
        yield base
        yield base + "e"  # fir(e)+ing
        if len(base) > 3 and base[-1] == base[-2]:
            yield base[:-1]  # grip(p)+ing
        if base.endswith("i"):
            yield base[:-1] + "y"  # carri+ed


def _duplicates(word: Word, deck: tuple[Word, ...], vocab: frozenset[str]) -> list[Suggestion]:
    """The exact and near duplicates of `word` among the Deck's Words."""
    found: list[Suggestion] = []
    exact = tuple(other for other in deck if other == word)
    if exact:
        found.append(Suggestion(word, SuggestionKind.EXACT_DUPLICATE, exact, 1.0))
    text, limit = word.text.lower(), max_distance(word.text)
    near: dict[str, tuple[int, Word]] = {}
    for other in deck:
        other_text = other.text.lower()
        if other_text == text or other_text in near:
            continue
        distance = OSA.distance(text, other_text, score_cutoff=limit)
        misspelt = distance <= limit and (text not in vocab or other_text not in vocab)
        inflected = other_text in _stems(text, _INFLECTIONS) or text in _stems(
            other_text, _INFLECTIONS
        )
        if misspelt or inflected:
            near[other_text] = (distance, other)
    if near:
        ranked = sorted(near.values(), key=lambda pair: pair[0])
        best = ranked[0][1].text.lower()
        found.append(
            Suggestion(
                word,
                SuggestionKind.NEAR_DUPLICATE,
                tuple(other for _, other in ranked[:MAX_CANDIDATES]),
                OSA.normalized_similarity(text, best),
            )
        )
    return found


def _typos(words: list[Word], vocab: _Vocabulary) -> list[Suggestion | None]:
    """For each unknown Word, the vocabulary words it may misspell, closest first, in one pass."""
    if not words:
        return []
    queries = [word.text.lower() for word in words]
    distances = process.cdist(
        queries, vocab.ordered, scorer=OSA.distance, score_cutoff=2, dtype=np.int8, workers=1
    )
    suggestions: list[Suggestion | None] = []
    for word, query, row in zip(words, queries, distances, strict=True):
        close = np.flatnonzero(row <= max_distance(query))
        # Closest first; then those that keep the first letter; then alphabetical (file order).
        ranked = sorted(close, key=lambda i: (row[i], vocab.ordered[i][0] != query[0]))
        candidates = tuple(vocab.ordered[i] for i in ranked[:MAX_CANDIDATES])
        suggestions.append(
            Suggestion(
                word,
                SuggestionKind.TYPO,
                tuple(Word(candidate) for candidate in candidates),
                OSA.normalized_similarity(query, candidates[0]),
            )
            if candidates
            else None
        )
    return suggestions
