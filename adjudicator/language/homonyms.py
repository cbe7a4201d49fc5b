"""Must a submitted Word carry a declared meaning? "If you submit a word that's a homonym, such
as 'lead', be sure to specify which one you mean" (rulebook, "The Deck").

A homonym is a Word with two unrelated everyday meanings a player could confuse (Lead, Bat,
Seal, Spring, Bow); related senses of one concept (Fire as flames or as gunfire) are not. Two
dictionary lookups, no spaCy, no torch, so `deck submit` stays light:
1. the everyday-meanings lexicon (`adjudicator.language.everyday`): the Deck Words a person has
   labelled from the policy, each homonym with the meanings players mean, most common first;
2. for any other Word, the shipped sense inventory (see models/build_senses.py), which groups
   WordNet's senses into coarse, unrelated meanings: a homonym when two or more of them are
   *established* (used by the sense-tagged corpus or elaborated by WordNet), offered most used
   first. Figures of speech ("an ocean of debt") have none of this evidence. The numbers are in
   `adjudicator/language/homonym_thresholds.py`.
A learned scorer over inventory and WordNet features did not beat the rule on held-out Words
(docs/accuracy.md, "Homonyms"), so the rule stays the fallback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.language.everyday import EverydayEntry, EverydayLexicon
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


def by_use(meanings: tuple[Meaning, ...]) -> tuple[Meaning, ...]:
    """Most used first: the corpus's tags, then what WordNet builds on it, then the weight
    (Light's brightness before "of the military or industry")."""
    return tuple(sorted(meanings, key=lambda m: (-m.tags, -m.relations, -m.share)))


def is_homonym(
    word: str,
    inventory: SenseInventory | None = None,
    thresholds: HomonymThresholds = DEFAULT,
    *,
    lexicon: EverydayLexicon | None = None,
) -> HomonymInfo:
    """Look a Word up: its candidate meanings (short descriptions, most common first) if it has
    two or more unrelated everyday ones. Pass one `SenseInventory` around to read the file
    once; `lexicon` defaults to the packaged one (read once per process)."""
    inventory = inventory if inventory is not None else SenseInventory()
    lexicon = lexicon if lexicon is not None else EverydayLexicon.packaged()
    entry = lexicon.lookup(word, inventory.lemma_of(word))
    if entry is not None:
        return _from_lexicon(word, entry, inventory, thresholds)
    return inventory_homonym(word, inventory, thresholds)


def _from_lexicon(
    word: str, entry: EverydayEntry, inventory: SenseInventory, thresholds: HomonymThresholds
) -> HomonymInfo:
    if not entry.homonym:
        return HomonymInfo(word=word, homonym=False)
    if len(entry.senses) < 2:  # labelled without its meanings: the inventory's, most used first
        found = inventory_homonym(word, inventory, thresholds)
        return HomonymInfo(word, True, found.senses, found.meanings) if found.homonym else found
    share = 1.0 / len(entry.senses)
    meanings = tuple(Meaning(description=s, pos="", share=share) for s in entry.senses)
    return HomonymInfo(word=word, homonym=True, senses=entry.senses, meanings=meanings)


def inventory_homonym(
    word: str, inventory: SenseInventory, thresholds: HomonymThresholds = DEFAULT
) -> HomonymInfo:
    """The inventory's answer alone (the fallback for unlabelled Words, and the method before
    the lexicon): two or more established meanings, most used first."""
    meanings = by_use(tuple(m for m in inventory.meanings(word) if established(m, thresholds)))
    homonym = len(meanings) >= thresholds.min_meanings
    return HomonymInfo(
        word=word,
        homonym=homonym,
        senses=tuple(m.description for m in meanings) if homonym else (),
        meanings=meanings if homonym else (),
    )
