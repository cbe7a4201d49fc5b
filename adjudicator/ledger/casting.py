"""Casting against a campaign: who casts with which Words, and in which meanings.

"One of these Words must be an Inherent Word"; the others are Drawn Words from the hand
(rulebook, "Words of Power"). A `Caster` is a character's Inherent Words with their
player's hand, read from the ledger, so `spell check` and `spell draft` judge a spell the way
`ruling add` will. Homonym Words carry the meaning declared when they entered the Deck ("[Lead]
needs to specify if it's 'the element' or 'the act of guiding' when it's initially added to
the Deck"); `declared_words` attaches it for the sense check (`precedent.spell_check` runs
it, and drafts with the campaign's Words). Everything here reads the ledger and writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.ledger.characters import get_character
from adjudicator.ledger.database import Ledger, read
from adjudicator.ledger.decks import hand_of, senses
from adjudicator.rules.spells import SpellError, WordsNotInHand, spell_problems, validate_spell
from adjudicator.rules.words import Word


@dataclass(frozen=True)
class Caster:
    """A character about to cast: their Inherent Words and the Drawn Words their player
    holds (each card with the meaning declared for it, if any)."""

    name: str
    player: str
    inherent: tuple[Word, ...]
    hand: tuple[Word, ...]

    def problems(self, words: Sequence[Word], intent: str) -> tuple[SpellError, ...]:
        """The rules' structural problems with this caster casting `words` for `intent`."""
        return tuple(
            WordsNotInHand(problem.words, player=self.player)
            if isinstance(problem, WordsNotInHand)
            else problem
            for problem in spell_problems(words, intent, inherent=self.inherent, hand=self.hand)
        )

    def cards(self, word: Word) -> tuple[Word, ...]:
        """The Inherent Words and cards in hand that are `word` (senses aside)."""
        return tuple(card for card in (*self.inherent, *self.hand) if card == word)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "player": self.player,
            "inherent": [word.to_dict() for word in self.inherent],
            "hand": [word.to_dict() for word in self.hand],
        }


def get_caster(ledger: Ledger, name: str) -> Caster:
    """The character called `name` (ignoring case) as a caster: their Inherent Words as the
    sheet stands now, their player's hand in the latest session's Deck. An unknown name is
    an `UnknownName` listing the characters the ledger holds."""
    with read(ledger):
        current = get_character(ledger, name)
        hand = hand_of(ledger, current.player)
    return Caster(current.name, current.player, current.character.inherent_words(), hand)


def declared_words(
    ledger: Ledger, words: Sequence[Word], intent: str, caster: Caster | None = None
) -> tuple[Word, ...]:
    """`words` with the meaning each was declared with, for the sense check.

    With a caster who can cast them, each Word takes the sense on the card or Inherent Word
    used, as `ruling add` reads it. Otherwise a Word takes the one meaning the caster's own
    cards of it carry, else the one the campaign declared for it (`decks.senses`). Where
    several meanings were declared and nothing says which card is meant, the Word stays
    undeclared: "Silence when unsure beats a false accusation."
    """
    words = tuple(words)
    if caster is not None:
        try:
            spell = validate_spell(words, intent, inherent=caster.inherent, hand=caster.hand)
        except SpellError:
            pass
        else:
            return tuple(used.word for used in spell.words)
    campaign: dict[str, set[str]] = {}
    for declaration in senses(ledger):
        campaign.setdefault(declaration.word, set()).add(declaration.sense)
    found = []
    for word in words:
        cards = caster.cards(word) if caster is not None else ()
        if cards:
            meanings = {card.sense for card in cards if card.sense is not None}
        else:
            meanings = campaign.get(word.text, set())
        if word.sense is None and len(meanings) == 1:
            word = word.with_sense(next(iter(meanings)))
        found.append(word)
    return tuple(found)
