"""Must a submitted Word carry a declared meaning? "If you submit a word that's a homonym, such
as 'lead', be sure to specify which one you mean" (rulebook, "The Deck").

A dictionary lookup in the shipped sense inventory: no spaCy, no torch, so `deck submit` stays
light. A Word is a homonym when WordNet, grouped into coarse meanings, leaves it two or more
unrelated meanings a player would recognise (see models/build_senses.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


def is_homonym(word: str, inventory: SenseInventory | None = None) -> HomonymInfo:
    """Look a Word up: its candidate meanings (short descriptions, most common first) if it has
    two or more unrelated ones. Pass one `SenseInventory` around to read the file once."""
    inventory = inventory if inventory is not None else SenseInventory()
    meanings = inventory.meanings(word)
    homonym = len(meanings) >= 2
    return HomonymInfo(
        word=word,
        homonym=homonym,
        senses=tuple(m.description for m in meanings) if homonym else (),
        meanings=meanings if homonym else (),
    )
