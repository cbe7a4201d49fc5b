"""Spell structure: which Words a spell may combine, and what casting it consumes.

"You must use at least two Words to impart a magical effect. One of these Words must be an
Inherent Word." "Inherent Words are not consumed upon use and cannot be combined with each
other. Drawn Words, those drawn from the Deck, are consumed upon use." (rulebook, "Words of
Power"). This module checks structure only: whether the Words cover the intent is the
language layer's ruling, and "I cast [Fire] [Ball] on the Orc" passes here.

Problems are reported in this order, most useful first (`spell_problems` lists them all,
`validate_spell` raises the first): the intent (nothing can be judged without one), then
what no hand could fix (too few Words, no Inherent Word, Inherent Words combined), then what
the hand lacks (which drawing or trading could fix).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.errors import AdjudicatorError
from adjudicator.rules.words import Word, WordKind, format_words

MIN_WORDS = 2
MAX_INTENT_LENGTH = 1000


class SpellError(AdjudicatorError):
    """A spell the rules refuse before its meaning is considered; `words` are those at fault."""

    def __init__(self, message: str, words: Sequence[Word] = (), *, hint: str | None = None):
        super().__init__(message, hint=hint)
        self.words = tuple(words)


class MissingIntent(SpellError):
    """ "'I cast [Fire] [Ball] on the Orc.' is totally incomprehensible." """

    def __init__(self, words: Sequence[Word]) -> None:
        super().__init__(
            f"a spell needs an intent: what are you doing with {format_words(tuple(words))}?",
            words,
            hint='say what the Words should do: "gather up the flames to allow safe passage"',
        )


class IntentTooLong(SpellError):
    """An intent longer than `MAX_INTENT_LENGTH` characters: say what you want, not a story."""

    def __init__(self, length: int) -> None:
        super().__init__(
            f"the intent is {length} characters; the limit is {MAX_INTENT_LENGTH}",
            hint="state the intent in a sentence or two; the Storyteller asks for details",
        )
        self.length = length


class TooFewWords(SpellError):
    """ "You must use at least two Words to impart a magical effect." """

    def __init__(self, words: Sequence[Word]) -> None:
        got = format_words(tuple(words)) or "none"
        super().__init__(
            f"a spell needs at least {MIN_WORDS} Words, got {got}",
            words,
            hint="combine one Inherent Word with Drawn Words from your hand",
        )


class NoInherentWord(SpellError):
    """ "One of these Words must be an Inherent Word." """

    def __init__(self, words: Sequence[Word], inherent: Collection[Word] | None = None) -> None:
        hint = "one Word of every spell must be Inherent"
        if inherent is not None:
            yours = format_words(sorted(inherent, key=lambda word: word.text)) or "none"
            hint = f"{hint}; yours are {yours}"
        super().__init__(
            f"none of {format_words(tuple(words))} is an Inherent Word", words, hint=hint
        )


class InherentWordsCombined(SpellError):
    """ "Inherent Words ... cannot be combined with each other." """

    def __init__(self, words: Sequence[Word]) -> None:
        super().__init__(
            f"Inherent Words cannot be combined with each other: {format_words(tuple(words))}",
            words,
            hint="use one Inherent Word; every other Word must be a Drawn Word from your hand",
        )


class WordsNotInHand(SpellError):
    """Words a player would use or give away but does not hold (each copy counts)."""

    def __init__(self, words: Sequence[Word], *, player: str | None = None) -> None:
        holder = f"{player} does not hold" if player else "not in your hand"
        super().__init__(
            f"{holder}: {format_words(tuple(words))}",
            words,
            hint="Drawn Words come from the Deck; each copy in a spell needs its own card",
        )
        self.player = player


@dataclass(frozen=True)
class SpellWord:
    """A Word as used in a spell: Inherent (kept) or Drawn (consumed)."""

    word: Word
    kind: WordKind


@dataclass(frozen=True)
class Spell:
    """Two or more Words, exactly one of them Inherent, and the intent they serve.

    Each Word carries the sense declared for it, taken from the card or Inherent Word used.
    """

    words: tuple[SpellWord, ...]
    intent: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", tuple(self.words))
        object.__setattr__(self, "intent", self.intent.strip())
        plain = tuple(used.word for used in self.words)
        problems = [*_intent_problems(self.intent, plain), *_count_problems(plain)]
        inherent = tuple(used.word for used in self.words if used.kind is WordKind.INHERENT)
        if not inherent:
            problems.append(NoInherentWord(plain))
        elif len(inherent) > 1:
            problems.append(InherentWordsCombined(inherent))
        if problems:
            raise problems[0]

    @property
    def inherent(self) -> Word:
        """The one Inherent Word, which casting does not consume."""
        return next(used.word for used in self.words if used.kind is WordKind.INHERENT)

    @property
    def drawn(self) -> tuple[Word, ...]:
        """The Drawn Words, which casting consumes."""
        return tuple(used.word for used in self.words if used.kind is WordKind.DRAWN)

    def __str__(self) -> str:
        return f"{format_words(tuple(used.word for used in self.words))}: {self.intent}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "words": [{**used.word.to_dict(), "kind": used.kind.value} for used in self.words],
            "intent": self.intent,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Spell:
        words = tuple(
            SpellWord(Word.from_dict(item), WordKind(item["kind"])) for item in data["words"]
        )
        return cls(words, str(data["intent"]))


def spell_problems(
    words: Sequence[Word], intent: str, *, inherent: Collection[Word], hand: Sequence[Word]
) -> tuple[SpellError, ...]:
    """Every structural problem with casting `words` for `intent`, most useful first."""
    return _resolve(words, intent, inherent, hand)[1]


def validate_spell(
    words: Sequence[Word], intent: str, *, inherent: Collection[Word], hand: Sequence[Word]
) -> Spell:
    """The spell, with each Word resolved to Inherent or Drawn; raises its first problem.

    When several resolutions are valid (a Word both Inherent and in the hand), the earliest
    Word in the spell that can be Inherent is. There is no upper limit on the number of
    Words: "There is no upper limit for the number of Words that may be used in a single
    spell."
    """
    resolved, problems = _resolve(words, intent, inherent, hand)
    if problems:
        raise problems[0]
    assert resolved is not None
    return Spell(resolved, intent)


def cast(spell: Spell, hand: Sequence[Word]) -> tuple[Word, ...]:
    """The hand after casting: "Drawn Words ... are consumed upon use"; Inherent ones are not."""
    return take_from_hand(hand, spell.drawn)[0]


def take_from_hand(
    hand: Sequence[Word], words: Sequence[Word], *, player: str | None = None
) -> tuple[tuple[Word, ...], tuple[Word, ...]]:
    """The hand left and the cards taken, one card per Word in `words` (each copy counts).

    Where a player holds the same Word with different declared senses, the card with the
    sense named is taken, else the first.
    """
    left, taken, missing = _pick(hand, words)
    if missing:
        raise WordsNotInHand(missing, player=player)
    return tuple(left), tuple(taken)


def _resolve(
    words: Sequence[Word], intent: str, inherent: Collection[Word], hand: Sequence[Word]
) -> tuple[tuple[SpellWord, ...] | None, tuple[SpellError, ...]]:
    """Try each Word that could be the Inherent one; the rest must come from the hand."""
    words = tuple(words)
    problems = [*_intent_problems(intent.strip(), words), *_count_problems(words)]
    own = {word.text: word for word in inherent}
    options = [i for i, word in enumerate(words) if word.text in own]
    options = [i for i in options if words[i] not in words[:i]]  # one try per distinct Word
    if words and not options:
        problems.append(NoInherentWord(words, inherent))
        missing = _pick(hand, words)[2]
        if missing:
            problems.append(WordsNotInHand(missing))
        return None, tuple(problems)

    best: tuple[int, list[Word]] | None = None
    for i in options:
        rest = words[:i] + words[i + 1 :]
        _, drawn, missing = _pick(hand, rest)
        if not missing and not problems:
            resolved = [
                SpellWord(_declared(card, word), WordKind.DRAWN)
                for card, word in zip(drawn, rest, strict=True)
            ]
            resolved.insert(
                i, SpellWord(_declared(own[words[i].text], words[i]), WordKind.INHERENT)
            )
            return tuple(resolved), ()
        if best is None or len(missing) < len(best[1]):
            best = (i, missing)
    if best is not None:
        i, missing = best
        combined = [word for word in missing if word.text in own]
        if combined:
            problems.append(InherentWordsCombined([words[i], *combined]))
        lacking = [word for word in missing if word.text not in own]
        if lacking:
            problems.append(WordsNotInHand(lacking))
    return None, tuple(problems)


def _intent_problems(intent: str, words: tuple[Word, ...]) -> list[SpellError]:
    if not intent:
        return [MissingIntent(words)]
    if len(intent) > MAX_INTENT_LENGTH:
        return [IntentTooLong(len(intent))]
    return []


def _count_problems(words: tuple[Word, ...]) -> list[SpellError]:
    return [TooFewWords(words)] if len(words) < MIN_WORDS else []


def _pick(hand: Sequence[Word], words: Sequence[Word]) -> tuple[list[Word], list[Word], list[Word]]:
    """Take a card for each Word: the cards left, the cards taken, the Words with none left."""
    pool = list(hand)
    drawn: list[Word] = []
    missing: list[Word] = []
    for word in words:
        card = _take(pool, word)
        if card is None:
            missing.append(word)
        else:
            drawn.append(card)
    return pool, drawn, missing


def _take(pool: list[Word], word: Word) -> Word | None:
    """Remove and return the card for `word`: one with the same sense if any, else the first."""
    matches = [i for i, card in enumerate(pool) if card == word]
    if not matches:
        return None
    same_sense = [i for i in matches if word.sense is not None and pool[i].sense == word.sense]
    return pool.pop((same_sense or matches)[0])


def _declared(source: Word, named: Word) -> Word:
    """The Word as a spell uses it: the sense declared on the card or Inherent Word wins.

    "[Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's
    initially added to the Deck."
    """
    return source if source.sense is not None else named
