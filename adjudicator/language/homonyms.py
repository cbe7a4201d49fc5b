"""Must a submitted Word carry a declared meaning? "If you submit a word that's a homonym, such
as 'lead', be sure to specify which one you mean" (rulebook, "The Deck").

A dictionary lookup in the shipped sense inventory: no spaCy, no torch, so `deck submit` stays
light. The inventory (see models/build_senses.py) groups WordNet's senses of a word into
coarse, unrelated meanings; a Word is a homonym when two or more of them are *established*:
used by the sense-tagged corpus or elaborated by WordNet (kinds, parts, wholes, topic terms).
Figures of speech ("an ocean of debt", "a wolf" for a womaniser) have
none of these, so they do not make a Word a homonym. The numbers are in
`adjudicator/language/homonym_thresholds.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.language.homonym_thresholds import DEFAULT, HomonymThresholds
from adjudicator.language.inventory import Meaning, SenseInventory


@dataclass(frozen=True)
class HomonymInfo:
    """Whether a Word needs a declared meaning, and the meanings to offer the player."""

    word: str
    homonym: bool
    senses: tuple[str, ...] = ()
    meanings: tuple[Meaning, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"word": self.word, "homonym": self.homonym, "senses": list(self.senses)}


def established(meaning: Meaning, thresholds: HomonymThresholds = DEFAULT) -> bool:
    """Whether a player would think of this meaning: the corpus uses it, or WordNet builds
    other concepts on it (its kinds, parts, wholes, topic terms)."""
    return meaning.tags >= thresholds.min_tags or meaning.relations >= thresholds.min_relations


def is_homonym(
    word: str,
    inventory: SenseInventory | None = None,
    thresholds: HomonymThresholds = DEFAULT,
) -> HomonymInfo:
    """Look a Word up: its candidate meanings (short descriptions, most common first) if it has
    two or more established, unrelated ones. Pass one `SenseInventory` around to read the file
    once."""
    inventory = inventory if inventory is not None else SenseInventory()
    meanings = tuple(m for m in inventory.meanings(word) if established(m, thresholds))
    homonym = len(meanings) >= thresholds.min_meanings
    return HomonymInfo(
        word=word,
        homonym=homonym,
        senses=tuple(m.description for m in meanings) if homonym else (),
        meanings=meanings if homonym else (),
    )
