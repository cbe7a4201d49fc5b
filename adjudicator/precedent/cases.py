"""The values the precedent checks compare: an earlier ruling, a policy, the ruling to make.

The live ledger (`retrieval`) and the evaluation (`evaluation`) both build these, so the
same rules (`conflicts`, `policies`) judge both. Pure: no I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.ledger.rulings import Implementation, Status, Verdict
from adjudicator.rules.words import Word, format_words


class ConflictKind(enum.Enum):
    STRICTER = "stricter"
    LOOSER = "looser"


#: The rule each kind breaks, for the Storyteller.
RULES = {
    ConflictKind.STRICTER: (
        "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal] "
        "[Mist] the next: an approval binds a later veto of the same intent with the same "
        "or more Words."
    ),
    ConflictKind.LOOSER: (
        "A veto for lack of Words binds a later approval of the same intent with the same "
        "or fewer Words."
    ),
}


@dataclass(frozen=True)
class Precedent:
    """An earlier ruling as the checks see it. `record` orders it in a live ledger (None in
    an evaluation case, where `session` and `position` do)."""

    id: str
    words: tuple[Word, ...]
    intent: str
    verdict: Verdict
    needs: tuple[Word, ...] = ()
    session: int | None = None
    record: int | None = None
    position: int = 0
    canon: bool = False
    status: Status = Status.STANDING
    status_by: str | None = None
    status_by_policy: bool = False
    distinguished_by: tuple[str, ...] = ()
    implementation: Implementation = field(default_factory=Implementation)

    def words_text(self) -> str:
        return format_words(self.words)

    def where(self) -> str:
        """ "session 3", or "the rulebook" for canon."""
        if self.canon:
            return "the rulebook"
        return f"session {self.session}" if self.session is not None else "an earlier session"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "session": self.session,
            "canon": self.canon,
            "words": [w.text for w in self.words],
            "intent": self.intent,
            "verdict": self.verdict.value,
            "needs": [w.text for w in self.needs],
            "implementation": self.implementation.to_dict(),
            "status": self.status.value,
        }


@dataclass(frozen=True)
class PolicyNote:
    """A policy as the checks see it: when it was announced and what it releases."""

    id: str
    supersedes: frozenset[str] = frozenset()
    concept: str | None = None
    session: int | None = None
    record: int | None = None


@dataclass(frozen=True)
class Question:
    """The ruling the Storyteller intends to make. `record` None means "now", after every
    record of a live ledger; an evaluation case gives its `session` instead."""

    words: tuple[Word, ...]
    intent: str
    verdict: Verdict
    needs: tuple[Word, ...] = ()
    session: int | None = None
    record: int | None = None


def same_word(a: Word, b: Word) -> bool:
    """Same text, and no two different declared meanings ([Lead] the metal is not [Lead]
    to guide)."""
    return a.text == b.text and (a.sense is None or b.sense is None or a.sense == b.sense)


def among(small: Sequence[Word], big: Sequence[Word]) -> bool:
    """Every Word of `small` is one of `big`'s."""
    return all(any(same_word(word, other) for other in big) for word in small)
