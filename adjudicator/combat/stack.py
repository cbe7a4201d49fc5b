"""Spells in a fight as values: the Storyteller's ruling, enhancements, and the counterspell stack.

"Counterspells may be counterspelled. Only the last word on the stack has effect. All words in
the stack are lost." The stack holds the spell cast and, above it, each counterspell in the
order announced. A counterspell replaces some of the Words below it: the rulebook's monk chants
[Bind] [Person], the player counters with [Fly], and "you feel lighter than air" — the spell
that lands is [Fly] [Person]. So each Word of the spell is a slot, and the Word with effect in
a slot is the last one put there.

Decisions where the rulebook is silent:
- Each counter Word replaces exactly one Word (slot) below it; any slot may be countered,
  again and again. The counterer picks slots by position, which works even when the Words
  could not be identified ("the Storyteller should still tell you how many Words total were
  used").
- Spoken spells are identified by everyone who can see; a ruling that drops speech
  (`spoken=False`, e.g. [Silent]) shows onlookers only how many Words were used.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from adjudicator.combat.record import Record
from adjudicator.rules.spells import Spell
from adjudicator.rules.words import Word, format_words


class Delivery(enum.Enum):
    """How the spell reaches its target."""

    TOUCH = "touch"  # "casters must land a 1d6 unarmed attack to impart spell effects"
    RANGED = "ranged"  # a modifier such as [Blast]: a ranged attack roll from 1d6
    NONE = "none"  # no attack roll: the caster itself, or the Storyteller waived it


@dataclass(frozen=True)
class SpellRuling(Record):
    """The Storyteller's implementation of an approved spell, as free-form data.

    `ruling_id` is the ledger's ruling it came from; `damage` is dice ("1d6") or a number
    ("2") dealt where the spell lands; `rounds` is how long the effect lasts ("only lasts one
    round or iteration" unmodified).
    """

    text: str = ""
    ruling_id: str | None = None
    area: str | None = None
    duration: str | None = None
    damage: str | None = None
    requirements: tuple[str, ...] = ()
    delivery: Delivery = Delivery.TOUCH
    spoken: bool = True
    rounds: int = 1


class Part(enum.Enum):
    """The part of a basic combat action that a Word enhances."""

    HIT = "hit"  # one more attack roll; pick either ([Precision])
    DAMAGE = "damage"  # one more damage die; keep the higher ([Power])
    DEFENCE = "defence"  # 2d6 keep the higher ([Block])


#: The rulebook's combat Words and the part each improves when the player names none.
DEFAULT_PARTS = {
    "Block": Part.DEFENCE,
    "Precision": Part.HIT,
    "Strike": Part.HIT,
    "Power": Part.DAMAGE,
    "Slash": Part.DAMAGE,
}


@dataclass(frozen=True)
class Enhancement(Record):
    """A Word used to enhance a basic combat action, and the part it improves."""

    word: Word
    part: Part | None = None

    def resolved_part(self) -> Part | None:
        return self.part if self.part is not None else DEFAULT_PARTS.get(self.word.text)


@dataclass(frozen=True)
class Replacement(Record):
    """One counter Word: it replaces the Word in `slot` (0-based); from the hand or an item."""

    slot: int
    word: Word
    item: str | None = None


@dataclass(frozen=True)
class StackEntry(Record):
    """A counterspell on the stack: who announced it and the Words it puts in which slots."""

    counterer: str
    replacements: tuple[Replacement, ...]

    def __str__(self) -> str:
        parts = [f"{r.word} over Word {r.slot + 1}" for r in self.replacements]
        return f"{self.counterer}: {', '.join(parts)}"


@dataclass(frozen=True)
class StackView(Record):
    """What one onlooker knows of the stack: the Word count always, the Words if identified."""

    word_count: int
    depth: int
    words: tuple[Word | None, ...]


@dataclass(frozen=True)
class SpellStack(Record):
    """The spell cast and the counterspells announced on it, bottom first."""

    caster: str
    target: str | None
    spell: Spell
    ruling: SpellRuling
    entries: tuple[StackEntry, ...] = ()

    @property
    def cast_words(self) -> tuple[Word, ...]:
        return tuple(used.word for used in self.spell.words)

    @property
    def depth(self) -> int:
        """The spell and its counterspells: "a counterspell stack three deep" is 3."""
        return 1 + len(self.entries)

    @property
    def countered(self) -> bool:
        return bool(self.entries)

    @property
    def top(self) -> str:
        """Who put the last layer on the stack."""
        return self.entries[-1].counterer if self.entries else self.caster

    def effective_words(self) -> tuple[Word, ...]:
        """The Words with effect: in each slot, the last Word put there."""
        words = list(self.cast_words)
        for entry in self.entries:
            for replacement in entry.replacements:
                words[replacement.slot] = replacement.word
        return tuple(words)

    def words_lost(self) -> int:
        """Every Word in the stack, spell and counterspells: "All words in the stack are lost"."""
        return len(self.spell.words) + sum(len(entry.replacements) for entry in self.entries)

    def view(self, observer: str) -> StackView:
        """What `observer` knows: always how many Words; each Word if it was heard — a spoken
        spell's Words, any counterspell's (they are announced), everything to the caster."""
        words = self.effective_words()
        known = [self.ruling.spoken or observer == self.caster] * len(words)
        for entry in self.entries:
            for replacement in entry.replacements:
                known[replacement.slot] = True
        shown = tuple(word if seen else None for word, seen in zip(words, known, strict=True))
        return StackView(len(words), self.depth, shown)

    def push(self, entry: StackEntry) -> SpellStack:
        return SpellStack(self.caster, self.target, self.spell, self.ruling, (*self.entries, entry))

    def __str__(self) -> str:
        layers = [f"{self.caster}: {format_words(self.cast_words)}"]
        layers += [str(entry) for entry in self.entries]
        return " | ".join(layers) + f" => {format_words(self.effective_words())}"
