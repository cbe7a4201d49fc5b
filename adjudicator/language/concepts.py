"""Intents to concepts: what an intent manipulates, and which of it needs a Word.

"Each word in a spell represents a concept that is being manipulated" (rulebook). An
`IntentAnalysis` lists the concepts of an intent, each with its span, lemma, role and
whether the policy (DESIGN.md, "Adjudication policy") wants a Word for it: effects,
substances and subjects, and scope beyond the defaults do; the single recipient, framing
verbs, purpose clauses and natural consequences do not. The dependency walk that assigns
roles lives in the `walker` package (`walker.analyse` is the entry point); this module
holds the values and prepares an intent for parsing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from adjudicator.language.cues import ScopeKind
from adjudicator.rules.spells import MAX_INTENT_LENGTH, IntentTooLong, MissingIntent
from adjudicator.rules.words import Word, WordError

if TYPE_CHECKING:
    from adjudicator.language.lexicon import Lexicon


class Role(Enum):
    """What a concept does in the intent (the issue's list of roles)."""

    EFFECT = "effect"
    SUBJECT = "subject"  # a substance or subject acted on or produced
    AREA = "area"
    DURATION = "duration"
    MANNER = "casting manner"
    DELIVERY = "delivery"
    RECIPIENT = "recipient"
    FRAMING = "framing"
    PURPOSE = "purpose"  # purpose clauses and narrative colour
    CONSEQUENCE = "consequence"


#: Roles whose concepts give an intent meaning: without one, "I cast [Fire] [Ball] on the
#: Orc" "doesn't *mean* anything".
MEANINGFUL_ROLES = frozenset(
    {Role.EFFECT, Role.SUBJECT, Role.AREA, Role.DURATION, Role.MANNER, Role.DELIVERY}
)

#: The reason given for a Word the intent names as what is cast ("cast [Fire] [Ball]").
NAMED_REASON = "a Word named as what is cast needs no Word of its own"


@dataclass(frozen=True)
class Concept:
    """One concept of an intent.

    `forms` are the lemmas that name it, head first ("stop talking": stop, talk; "crumble
    to dust": crumble, dust); `phrase` is it in context, for comparing meanings; `scope`
    is set for area, duration, casting manner and delivery; `follows` is the index of the
    concept it is a consequence of (a hazard's harm), if any; `explicit` are the Words the
    player bracketed on it ("[Ball]oon") or named as what makes it ("use [Metal] [Mist] to
    create a hazard zone").
    """

    text: str
    start: int
    end: int
    lemma: str
    role: Role
    needs_word: bool
    reason: str
    forms: tuple[str, ...] = ()
    phrase: str = ""
    part: str = ""
    scope: ScopeKind | None = None
    explicit: tuple[Word, ...] = ()
    follows: int | None = None

    def __post_init__(self) -> None:
        if not self.forms:
            object.__setattr__(self, "forms", (self.lemma,))
        if not self.phrase:
            object.__setattr__(self, "phrase", self.text)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "span": [self.start, self.end],
            "lemma": self.lemma,
            "role": self.role.value,
            "needs_word": self.needs_word,
            "reason": self.reason,
            "forms": list(self.forms),
            "scope": self.scope.value if self.scope else None,
            "explicit": [w.text for w in self.explicit],
        }


@dataclass(frozen=True)
class IntentAnalysis:
    """The concepts of one intent, in reading order, and the Words named in it."""

    intent: str
    words: tuple[Word, ...]
    concepts: tuple[Concept, ...]
    named: tuple[Word, ...] = ()  # Words the intent names as what is cast: "cast [Fire]"
    meaningless: bool = False

    @property
    def needed(self) -> tuple[Concept, ...]:
        """The concepts that need a Word."""
        return tuple(c for c in self.concepts if c.needs_word)

    def to_dict(self) -> dict[str, Any]:
        return {
            "intent": self.intent,
            "words": [w.text for w in self.words],
            "named": [w.text for w in self.named],
            "meaningless": self.meaningless,
            "concepts": [c.to_dict() for c in self.concepts],
        }


@dataclass(frozen=True)
class PreparedIntent:
    """The intent as parsed: brackets removed, a subject added to a bare imperative.

    `origin[i]` is the offset in the original intent of character `i` of `text` (-1 for
    the added subject); `explicit` maps offsets in `text` where a bracketed Word starts to
    that Word.
    """

    original: str
    text: str
    origin: tuple[int, ...]
    explicit: dict[int, Word] = field(default_factory=dict)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Original offsets of `text[start:end]`, skipping the added subject."""
        inside = [self.origin[i] for i in range(start, end) if self.origin[i] >= 0]
        if not inside:
            return 0, 0
        first, last = inside[0], inside[-1] + 1
        if first > 0 and self.original[first - 1] == "[":
            first -= 1  # "[Ball]oon" keeps its bracket
        if last < len(self.original) and self.original[last] == "]":
            last += 1
        return first, last


_BRACKET = re.compile(r"\[([^\[\]]*)\]")
#: Leading words after which the intent already has its subject or is not an imperative.
_NOT_IMPERATIVE = frozenset(
    {
        "i",
        "i'll",
        "i'm",
        "i'd",
        "i've",
        "we",
        "we'll",
        "let's",
        "you",
        "he",
        "she",
        "they",
        "it",
        "can",
        "could",
        "would",
        "will",
        "please",
        "right",
        "ok",
        "okay",
        "so",
        "then",
        "now",
        "well",
        "the",
        "a",
        "an",
        "this",
        "that",
        "my",
        "our",
    }
)


def prepare(intent: str, words: Sequence[Word], lexicon: Lexicon) -> PreparedIntent:
    """Check the intent, strip brackets, and give a bare imperative the subject "I".

    en_core_web_sm reads "drift gently down" as a noun phrase; "I drift gently down" is
    parsed as the command it is. Raises `MissingIntent` for an empty intent and
    `IntentTooLong` past `MAX_INTENT_LENGTH`.
    """
    stripped = intent.strip()
    if not stripped:
        raise MissingIntent(tuple(words))
    if len(stripped) > MAX_INTENT_LENGTH:
        raise IntentTooLong(len(stripped))
    lead = len(intent) - len(intent.lstrip())
    pieces: list[str] = []
    origin: list[int] = []
    explicit: dict[int, Word] = {}
    position = lead
    end_all = lead + len(stripped)
    for match in _BRACKET.finditer(intent, lead, end_all):
        _copy(intent, position, match.start(), pieces, origin)
        inner = match.group(1).strip()
        try:
            word = Word(inner)
        except WordError:
            word = None
        start_inner = match.start(1) + (len(match.group(1)) - len(match.group(1).lstrip()))
        if word is not None:
            explicit[len(origin)] = word
        _copy(intent, start_inner, start_inner + len(inner), pieces, origin)
        position = match.end()
    _copy(intent, position, end_all, pieces, origin)
    text = "".join(pieces)
    first = text.split(maxsplit=1)[0].lower().strip(",.!?;:") if text.split() else ""
    if first and first not in _NOT_IMPERATIVE and _can_be_verb(first, lexicon):
        prefix = "I "
        text = prefix + text[0].lower() + text[1:]
        origin = [-1] * len(prefix) + origin
        explicit = {k + len(prefix): v for k, v in explicit.items()}
    return PreparedIntent(intent, text, tuple(origin), explicit)


def _copy(source: str, start: int, end: int, pieces: list[str], origin: list[int]) -> None:
    pieces.append(source[start:end])
    origin.extend(range(start, end))


def _can_be_verb(word: str, lexicon: Lexicon) -> bool:
    return any(lexicon.knows(base, "v") for base in lexicon.base_forms(word, "v"))
