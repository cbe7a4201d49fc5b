"""The Deck Words whose homonym question a person has already answered, with the everyday
meanings players mean (`data/everyday.json`, built by models/build_everyday.py).

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you mean"
(rulebook, "The Deck"). WordNet lists every sense a lexicographer found, so it cannot tell a
second everyday word (Bat: the animal, the club) from a related or rare sense (Fire as
gunfire; Light "of the military or industry"). The lexicon holds the Words players really
write on cards, labelled from the policy alone (training/author-f, training/homonyms-supplement),
each homonym with its everyday meanings, most common first. A dictionary read: no spaCy, no
torch.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from adjudicator.language.inventory import InventoryError, key_of, regular_bases

RESOURCE = "data/everyday.json"


@dataclass(frozen=True)
class EverydayEntry:
    """One labelled Deck Word: whether it is a homonym and the meanings players mean."""

    word: str
    homonym: bool
    senses: tuple[str, ...]


class EverydayLexicon:
    """The labelled Deck Words, read once on first use."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path

    @cached_property
    def _words(self) -> dict[str, Any]:
        try:
            if self._path is not None:
                raw = self._path.read_text(encoding="utf-8")
            else:
                raw = resources.files("adjudicator.language").joinpath(RESOURCE).read_text("utf-8")
            words: dict[str, Any] = json.loads(raw)["words"]
        except (OSError, ValueError, KeyError, TypeError) as error:
            where = self._path or f"adjudicator/language/{RESOURCE}"
            raise InventoryError(
                f"the everyday-meanings lexicon {where} cannot be read ({error})",
                hint="reinstall the package, or rebuild it: "
                ".venv/bin/python models/build_everyday.py",
            ) from None
        return words

    @staticmethod
    @cache
    def packaged() -> EverydayLexicon:
        """The lexicon shipped with the package: one read-only instance per process, so
        `deck submit` and `eval homonyms` read the file once."""
        return EverydayLexicon()

    def __len__(self) -> int:
        return len(self._words)

    def lookup(self, word: str, lemma: str | None = None) -> EverydayEntry | None:
        """The entry of `word` as written, else of `lemma` (the inventory's base form), else of
        a base form WordNet's suffix rules give ("bats" -> "bat")."""
        written = key_of(word)
        for key in (written, lemma, *regular_bases(written)):
            if key is not None and key in self._words:
                entry = self._words[key]
                return EverydayEntry(key, bool(entry["homonym"]), tuple(entry["senses"]))
        return None
