"""Lexical relations between words, from the shipped WordNet-derived `data/lexicon.json.gz`.

Coverage needs to know whether a Word and a word of the intent are the same lemma, forms of
one another (silence / [Silent]), synonyms, one broader than the other ([Metal] covers a
bronze bell), close siblings that must not cover each other ([Dog] and a fox), or
opposites ("Opposites never cover each other"). `models/build_lexicon.py` derives the file
from WordNet 3.0 at build time; nothing here needs WordNet itself. A `Lexicon` loads the
file once and memoises what it computes; pass one instance around.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from adjudicator.errors import AdjudicatorError

#: Parts of speech as the lexicon keys them.
NOUN, VERB, ADJ, ADV = "n", "v", "a", "r"
PARTS = (NOUN, VERB, ADJ, ADV)

#: spaCy's coarse tags mapped to lexicon parts of speech.
SPACY_PARTS = {"NOUN": NOUN, "PROPN": NOUN, "VERB": VERB, "AUX": VERB, "ADJ": ADJ, "ADV": ADV}

# Morphy's suffix rules (WordNet's own, wnmorph(7WN)) for reducing inflected forms.
_DETACH = {
    NOUN: (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    VERB: (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    ADJ: (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    ADV: (),
}


class LexiconError(AdjudicatorError):
    """The shipped lexicon is missing or unreadable: the package is incomplete."""


@dataclass(frozen=True)
class Synset:
    """One WordNet meaning: its topic ("noun.substance"), words, and links."""

    number: int
    lexname: str
    words: tuple[str, ...]
    hypernyms: tuple[int, ...]
    similar: tuple[int, ...]
    gloss: str


class Lexicon:
    """WordNet relations for single words and particle verbs, loaded from the package."""

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        if data is None:
            data = load_data()
        lexnames: list[str] = data["lexnames"]
        self.synsets = tuple(
            Synset(i, lexnames[row[0]], tuple(row[1]), tuple(row[2]), tuple(row[3]), row[4])
            for i, row in enumerate(data["synsets"])
        )
        self._index: dict[str, dict[str, list[int]]] = data["index"]
        self._antonyms: dict[str, list[str]] = data["antonyms"]
        self._derived: dict[str, list[str]] = data["derived"]
        self._exceptions: dict[str, list[str]] = data["exceptions"]
        self.header: dict[str, Any] = data.get("header", {})
        # Memoised per instance (no global caches): these run for every concept and Word.
        self.senses = lru_cache(maxsize=65536)(self._senses)
        self.ancestors = lru_cache(maxsize=65536)(self._ancestors)
        self.synonyms = lru_cache(maxsize=65536)(self._synonyms)
        self.family = lru_cache(maxsize=65536)(self._family)

    # -- lookups --------------------------------------------------------------------------

    def knows(self, lemma: str, part: str | None = None) -> bool:
        entry = self._index.get(lemma)
        return entry is not None and (part is None or part in entry)

    def parts_of(self, lemma: str) -> tuple[str, ...]:
        return tuple(p for p in PARTS if p in self._index.get(lemma, {}))

    def _senses(self, lemma: str, part: str | None, limit: int) -> tuple[int, ...]:
        """Synset numbers of a lemma, most frequent first, `limit` per part of speech."""
        entry = self._index.get(lemma, {})
        parts = (part,) if part else PARTS
        return tuple(n for p in parts for n in entry.get(p, ())[:limit])

    def lexnames(self, lemma: str, part: str | None = None, limit: int = 1) -> frozenset[str]:
        """The topics of a lemma's first senses ("noun.person", "noun.time", ...)."""
        return frozenset(self.synsets[n].lexname for n in self.senses(lemma, part, limit))

    def gloss(self, lemma: str, part: str | None = None) -> str:
        """The short definition of the lemma's most frequent sense, if kept."""
        for n in self.senses(lemma, part, 1):
            if self.synsets[n].gloss:
                return self.synsets[n].gloss
        return ""

    def base_forms(self, form: str, part: str | None = None) -> tuple[str, ...]:
        """Lemmas an inflected form may come from: irregular forms, then Morphy's rules."""
        form = form.lower()
        found: list[str] = [lemma for lemma in self._exceptions.get(form, ()) if self.knows(lemma)]
        parts = (part,) if part else PARTS
        for p in parts:
            if self.knows(form, p):
                found.append(form)
            for suffix, replacement in _DETACH[p]:
                if form.endswith(suffix) and len(form) > len(suffix) + 1:
                    base = form[: len(form) - len(suffix)] + replacement
                    if self.knows(base, p):
                        found.append(base)
        return tuple(dict.fromkeys(found))

    # -- relations ------------------------------------------------------------------------

    def _ancestors(self, lemma: str, part: str | None, limit: int, depth: int) -> dict[int, int]:
        """Hypernyms of the lemma's first senses, with their distance (senses at 0)."""
        found: dict[int, int] = {}
        layer = list(self.senses(lemma, part, limit))
        for distance in range(depth + 1):
            following: list[int] = []
            for n in layer:
                if n not in found:
                    found[n] = distance
                    following.extend(self.synsets[n].hypernyms)
            layer = following
        return found

    def _synonyms(self, lemma: str, limit: int) -> frozenset[str]:
        """Words sharing one of the lemma's first senses (adjectives: and similar-to ones)."""
        words: set[str] = set()
        for n in self.senses(lemma, None, limit):
            synset = self.synsets[n]
            words.update(synset.words)
            if synset.lexname.startswith("adj"):
                for m in synset.similar:
                    words.update(self.synsets[m].words)
        words.discard(lemma)
        return frozenset(words)

    def _family(self, lemma: str) -> frozenset[str]:
        """The lemma and its derivational relatives (silence, silent; freeze, frozen)."""
        members = {lemma, *self._derived.get(lemma, ())}
        for other in list(members):
            members.update(self._derived.get(other, ()))
        return frozenset(members)

    def derived(self, a: str, b: str) -> bool:
        """Whether `a` and `b` are forms of one another (WordNet derivation links)."""
        return a in self.family(b) or b in self.family(a)

    def antonyms_of(self, lemma: str) -> frozenset[str]:
        return frozenset(self._antonyms.get(lemma, ()))

    def hypernym_distance(
        self,
        broader: str,
        narrower: str,
        *,
        limit: int,
        depth: int,
        part: str | None = None,
        broader_limit: int | None = None,
    ) -> int | None:
        """Steps from one of the first `limit` senses of `narrower` up to one of the first
        `broader_limit` (default `limit`) senses of `broader`, if within `depth`."""
        ancestors = self.ancestors(narrower, part, limit, depth)
        best: int | None = None
        for n in self.senses(broader, part, broader_limit or limit):
            distance = ancestors.get(n)
            if distance is not None and distance > 0 and (best is None or distance < best):
                best = distance
        return best

    def lowest_common(
        self, a: str, b: str, *, limit: int, depth: int, part: str | None = None
    ) -> tuple[int, int] | None:
        """Distances from `a` and `b` to their nearest shared hypernym, within `depth`."""
        up_a = self.ancestors(a, part, limit, depth)
        up_b = self.ancestors(b, part, limit, depth)
        shared = [(up_a[n], up_b[n]) for n in up_a.keys() & up_b.keys()]
        return min(shared, key=lambda pair: (max(pair), sum(pair))) if shared else None

    def opposed(self, a: str, b: str, *, limit: int, depth: int) -> bool:
        """Whether `a` and `b` are opposites: an antonym of one is the other, one of its
        synonyms or forms, or one of its near hypernyms ("freeze" is a way to "cool",
        whose opposite is "heat"). Checked both ways."""
        return self._opposes(a, b, limit, depth) or self._opposes(b, a, limit, depth)

    def _opposes(self, a: str, b: str, limit: int, depth: int) -> bool:
        against: set[str] = set()
        sources = {a} | set(self.family(a))
        for n in self.senses(a, None, limit):
            synset = self.synsets[n]
            sources.update(synset.words)
            for m in synset.hypernyms:  # grow is a way to increase, the opposite of decrease
                sources.update(self.synsets[m].words)
        for source in sources:
            against.update(self._antonyms.get(source, ()))
        if not against:
            return False
        near = {b} | set(self.family(b)) | set(self.synonyms(b, limit))
        for n in self.ancestors(b, None, limit, depth):
            for word in self.synsets[n].words:
                near.add(word)
                near.update(self.family(word))
        return bool(against & near)

    def words_of(self, numbers: Iterable[int]) -> Iterator[str]:
        for n in numbers:
            yield from self.synsets[n].words


def load_data() -> dict[str, Any]:
    """The shipped lexicon's data; `LexiconError` if the package lacks it."""
    try:
        blob = resources.files("adjudicator.language").joinpath("data/lexicon.json.gz")
        data: dict[str, Any] = json.loads(gzip.decompress(blob.read_bytes()))
    except (FileNotFoundError, OSError, ValueError) as error:
        raise LexiconError(
            f"the lexicon data/lexicon.json.gz cannot be read ({error})",
            hint="reinstall the package, or rebuild it: .venv/bin/python models/build_lexicon.py",
        ) from None
    return data
