"""Words of Power as values, and the parser for the ways players write them.

"Words of Power will tend to more commonly be verbs and nouns. [Convince], [Sword],
[Steal], [Jump], [Summon], [Teleport], and [Distract] are all examples" (rulebook,
"Words of Power"). A Word is one word; a player may write a list as "[Fire] [Ball]",
"Fire, Ball" or "fire ball". Case is normalised ("fire" and "FIRE" are [Fire]).
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import InvalidInput

MAX_WORD_LENGTH = 40
MAX_WORDS = 50

# Letters (any script), with inner hyphens or apostrophes: "Half-Orc", "Will-o'-wisp".
_WORD = re.compile(r"^[^\W\d_]+(?:['\-][^\W\d_]+)*$")


class WordKind(enum.Enum):
    """Inherent Words are not consumed and cannot be combined with each other; Drawn are."""

    INHERENT = "inherent"
    DRAWN = "drawn"


class WordParseError(InvalidInput):
    """A Word list that cannot be read; `position` is the character offset of the problem."""

    def __init__(self, reason: str, text: str, position: int, *, hint: str | None = None) -> None:
        self.text = text
        self.position = position
        if text.strip():
            reason = f"{reason} (at character {position + 1})\n  {text}\n  {' ' * position}^"
        super().__init__(reason, hint=hint)


class WordError(InvalidInput):
    """A single Word that is not a word: empty, too long, or with digits or symbols."""


@dataclass(frozen=True)
class Word:
    """A Word of Power: its normalised text and, for a homonym, the meaning declared for it.

    Words compare by text alone: [Lead] in a hand is the [Lead] a player names in a spell,
    whatever meaning was declared; which meaning a spell uses is the language layer's check.
    """

    text: str
    sense: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", normalise(self.text))
        if self.sense is not None:
            sense = " ".join(self.sense.split())
            object.__setattr__(self, "sense", sense or None)

    def __str__(self) -> str:
        return f"[{self.text}]"

    def with_sense(self, sense: str | None) -> Word:
        return Word(self.text, sense)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "sense": self.sense}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Word:
        return cls(str(data["text"]), data.get("sense"))


def normalise(text: str) -> str:
    """Check one Word and give it its canonical form: NFC, first letter capital, rest lower."""
    word = unicodedata.normalize("NFC", text.strip())
    if not word:
        raise WordError("a Word cannot be empty")
    if len(word) > MAX_WORD_LENGTH:
        raise WordError(f"{word[:20]}…: a Word is at most {MAX_WORD_LENGTH} characters")
    if not _WORD.match(word):
        raise WordError(
            f"{word!r} is not a Word: use letters only (inner hyphens and apostrophes are fine)",
        )
    return word[0].upper() + word[1:].lower()


def format_words(words: tuple[Word, ...] | list[Word]) -> str:
    """Write Words as players read them: "[Decrease] [Speech]"."""
    return " ".join(str(word) for word in words)


def parse_words(text: str) -> tuple[Word, ...]:
    """Read a Word list written as "[Fire] [Ball]", "Fire, Ball" or "fire ball".

    Errors point at the character where the problem is.
    """
    if not text.strip():
        raise WordParseError("no Words given", text, 0, hint='write them as "[Fire] [Ball]"')
    tokens = _bracketed(text) if "[" in text or "]" in text else _plain(text)
    if len(tokens) > MAX_WORDS:
        raise WordParseError(f"{len(tokens)} Words is more than {MAX_WORDS}", text, 0)
    words = []
    for token, start in tokens:
        try:
            words.append(Word(token))
        except WordError as error:
            raise WordParseError(str(error), text, start) from None
    return tuple(words)


def _bracketed(text: str) -> list[tuple[str, int]]:
    tokens: list[tuple[str, int]] = []
    position = 0
    while position < len(text):
        char = text[position]
        if char.isspace() or char == ",":
            position += 1
        elif char == "[":
            close = text.find("]", position + 1)
            nested = text.find("[", position + 1)
            if close == -1 or (nested != -1 and nested < close):
                raise WordParseError("'[' is never closed", text, position)
            inner = text[position + 1 : close]
            if not inner.strip():
                raise WordParseError("empty brackets", text, position)
            if len(inner.split()) > 1:
                suggestion = " ".join(f"[{part}]" for part in inner.split())
                raise WordParseError(
                    "one Word per pair of brackets",
                    text,
                    position,
                    hint=f"did you mean {suggestion}?",
                )
            tokens.append((inner.strip(), position + 1 + (len(inner) - len(inner.lstrip()))))
            position = close + 1
        elif char == "]":
            raise WordParseError("']' without a matching '['", text, position)
        else:
            end = position
            while end < len(text) and not (text[end].isspace() or text[end] in ",[]"):
                end += 1
            raise WordParseError(
                f"{text[position:end]!r} is outside brackets",
                text,
                position,
                hint='put every Word in brackets, "[Fire] [Ball]", or none, "Fire, Ball"',
            )
    return tokens


def _plain(text: str) -> list[tuple[str, int]]:
    if "," not in text:
        return [(m.group(), m.start()) for m in re.finditer(r"\S+", text)]
    tokens: list[tuple[str, int]] = []
    for m in re.finditer(r"[^,]*", text):
        if m.start() > 0 and text[m.start() - 1] != "," and not m.group():
            continue  # finditer's empty match right after a non-empty one
        piece = m.group().strip()
        start = m.start() + len(m.group()) - len(m.group().lstrip())
        if not piece:
            raise WordParseError(
                "a comma with no Word on one side", text, min(start, len(text) - 1)
            )
        if len(piece.split()) > 1:
            raise WordParseError(
                f"{piece!r} is more than one Word",
                text,
                start,
                hint="separate Words with commas or with spaces, not both",
            )
        tokens.append((piece, start))
    return tokens


def with_senses(words: tuple[Word, ...], senses: dict[str, str]) -> tuple[Word, ...]:
    """The Words with their declared senses; a sense for a Word not listed is an error."""
    texts = {word.text for word in words}
    stray = [text for text in senses if text not in texts]
    if stray:
        raise InvalidInput(
            f"--sense names [{stray[0]}], which is not among the Words given",
            hint="declare a meaning only for a Word in the list",
        )
    return tuple(
        word.with_sense(senses[word.text]) if word.text in senses else word for word in words
    )
