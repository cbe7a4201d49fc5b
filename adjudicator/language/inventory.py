"""The shipped homonym sense inventory (`data/senses.json.gz`, built by models/build_senses.py).

Each WordNet 3.0 lemma with two or more coarse, unrelated meanings ("lead": the metal, to
guide, the leading position), with a short description, synonyms, hypernyms, glosses and the
evidence of use (SemCor tags, WordNet relations) per meaning; which of them make the
word a homonym a player must declare is `adjudicator.language.homonyms`' call. A
`SenseInventory` reads the file on first use and keeps it; nothing here needs WordNet, spaCy
or torch, so the Deck commands stay light.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from adjudicator.errors import AdjudicatorError

RESOURCE = "data/senses.json.gz"
FORMAT = 2

# WordNet's suffix rules (morphy), all parts of speech together: (suffix, replacement).
_DETACH = (
    ("ies", "y"), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
    ("men", "man"), ("es", "e"), ("es", ""), ("s", ""), ("ed", "e"), ("ed", ""),
    ("ing", "e"), ("ing", ""), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"),
)  # fmt: skip


class InventoryError(AdjudicatorError):
    """The shipped sense inventory is missing or unreadable: the installation is broken."""


@dataclass(frozen=True)
class Meaning:
    """One coarse meaning of a word: a short description, what tells it apart, and the
    evidence that a player would think of it (`tags`, `relations`: see
    `adjudicator.language.homonyms`)."""

    description: str
    pos: str
    share: float
    synonyms: tuple[str, ...] = ()
    hypernyms: tuple[str, ...] = ()
    glosses: tuple[str, ...] = ()
    #: SemCor tag count of its senses (how often the sense-tagged corpus uses it).
    tags: int = 0
    #: how many concepts WordNet builds on its senses (kinds, parts, wholes, topic terms).
    relations: int = 0

    @property
    def text(self) -> str:
        """The meaning as one line to embed or show: description, synonyms, kinds, glosses."""
        parts = [self.description]
        if self.synonyms:
            parts.append(", ".join(self.synonyms[:4]))
        if self.hypernyms:
            parts.append("a kind of " + ", ".join(self.hypernyms[:2]))
        parts.extend(g for g in self.glosses[1:2] if g != self.description)
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "description": self.description,
            "pos": self.pos,
            "share": self.share,
            "synonyms": list(self.synonyms),
            "hypernyms": list(self.hypernyms),
            "glosses": list(self.glosses),
            "tags": self.tags,
            "relations": self.relations,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Meaning:
        return cls(
            description=str(data["description"]),
            pos=str(data.get("pos", "")),
            share=float(data.get("share", 0.0)),
            synonyms=tuple(data.get("synonyms", ())),
            hypernyms=tuple(data.get("hypernyms", ())),
            glosses=tuple(data.get("glosses", ())),
            tags=int(data.get("tags", 0)),
            relations=int(data.get("relations", 0)),
        )


def regular_bases(form: str) -> list[str]:
    """Base forms WordNet's suffix rules could give `form` ("winds" -> "wind"), in rule order."""
    word = form.lower()
    bases = [word[: len(word) - len(s)] + r for s, r in _DETACH if word.endswith(s)]
    return [b for b in dict.fromkeys(bases) if len(b) >= 2 and b != word]


def key_of(word: str) -> str:
    """How the inventory spells a word: lower case, spaces as underscores ("Lead" -> "lead")."""
    return "_".join(word.strip().lower().split())


class SenseInventory:
    """The homonyms of English and their coarse meanings, read once on first use."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._meanings: dict[str, tuple[Meaning, ...]] = {}

    @cached_property
    def _data(self) -> dict[str, Any]:
        try:
            if self._path is not None:
                raw = self._path.read_bytes()
            else:
                raw = resources.files("adjudicator.language").joinpath(RESOURCE).read_bytes()
            data: dict[str, Any] = json.loads(gzip.decompress(raw))
        except (OSError, ValueError, EOFError) as error:
            where = self._path or f"adjudicator/language/{RESOURCE}"
            raise InventoryError(
                f"the sense inventory {where} cannot be read ({error})",
                hint="reinstall the package, or rebuild it: "
                ".venv/bin/python models/build_senses.py",
            ) from None
        if data.get("format") != FORMAT:
            raise InventoryError(
                f"the sense inventory has format {data.get('format')!r}, expected {FORMAT}",
                hint="rebuild it: .venv/bin/python models/build_senses.py",
            )
        return data

    @property
    def provenance(self) -> dict[str, Any]:
        """Where the inventory comes from: source, file hashes, license, build settings."""
        return {key: self._data[key] for key in ("about", "source", "license", "settings")}

    def __len__(self) -> int:
        return len(self._data["words"])

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.lemma_of(word) is not None

    def lemma_of(self, word: str) -> str | None:
        """The inventory entry a word reads as: itself, or the homonym it is a form of."""
        key = key_of(word)
        words: dict[str, Any] = self._data["words"]
        if key in words:
            return key
        if key in self._not_homonyms:
            return None
        return next((base for base in regular_bases(key) if base in words), None)

    def meanings(self, word: str) -> tuple[Meaning, ...]:
        """The coarse meanings of a homonym, most common first; () for any other word."""
        lemma = self.lemma_of(word)
        if lemma is None:
            return ()
        if lemma not in self._meanings:
            entries = self._data["words"][lemma]
            self._meanings[lemma] = tuple(Meaning.from_dict(e) for e in entries)
        return self._meanings[lemma]

    @cached_property
    def _not_homonyms(self) -> frozenset[str]:
        return frozenset(self._data.get("not_homonyms", ()))
