"""Precedent and consistency: which earlier ruling binds a new one, and is it contradicted?

"If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal] [Mist] the
next. If a mistake was made and the policy needs to change, the Storyteller should state
that openly before it comes up." (rulebook). Four tests, in order (DESIGN.md, "Precedent
and consistency"):

1. Words. **Stricter**: a precedent approved with Words that are all among the new
   ruling's Words, and the new ruling vetoes (with or without naming missing Words).
   **Looser**: a precedent vetoed, and the new ruling approves with Words that are all
   among the precedent's. Anything else is consistent: approving once the missing Words
   are supplied, vetoing with fewer Words than an approval used.
2. Standing. A precedent named by a policy announced before the new ruling does not bind,
   nor one recorded before a policy about a concept Word the new ruling uses or names as
   missing; an overruled precedent, or one superseded by a correcting ruling, does not
   bind. A distinguished precedent still binds, except a situation that is the same as the
   ruling that distinguished it (that pair was ruled different once; it is not flagged
   again).
3. The same situation (`situations.compare`): meaning, scope and effects; the conflict is
   reported with how sure the comparison is, and only from `REPORT_CONFIDENCE` up.
4. The nearest precedent governs: when a standing precedent that ruled the way the new
   ruling does (an approval with the same or fewer Words, a veto with the same or more) is
   closer in meaning than the conflicting one, the new ruling follows it and no conflict is
   reported ("hurl a ball of fire at the orc" is the rulebook's "make a ball of fire and
   throw it" before it is "trap a balloon with fire").

This module is pure: values in, a `Decision` out. The live ledger (`precedent_index`) and
the evaluation (`precedent_eval`) build the same values and call the same `decide`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.ledger import precedent_thresholds as limits
from adjudicator.ledger.rulings import Implementation, Status, Verdict
from adjudicator.ledger.situations import Reading, Sameness, compare
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


# -- test 1: Words ----------------------------------------------------------------------------


def same_word(a: Word, b: Word) -> bool:
    """Same text, and no two different declared meanings ([Lead] the metal is not [Lead]
    to guide)."""
    return a.text == b.text and (a.sense is None or b.sense is None or a.sense == b.sense)


def among(small: Sequence[Word], big: Sequence[Word]) -> bool:
    """Every Word of `small` is one of `big`'s."""
    return all(any(same_word(word, other) for other in big) for word in small)


def word_set_kind(precedent: Precedent, question: Question) -> ConflictKind | None:
    """Which conflict the Words and verdicts would make, if the situations are the same."""
    if (
        precedent.verdict is Verdict.APPROVED
        and question.verdict is Verdict.VETOED
        and among(precedent.words, question.words)
    ):
        return ConflictKind.STRICTER
    if (
        precedent.verdict is Verdict.VETOED
        and question.verdict is Verdict.APPROVED
        and among(question.words, precedent.words)
    ):
        return ConflictKind.LOOSER
    return None


def supports(precedent: Precedent, question: Question) -> bool:
    """Whether `precedent` ruled the way `question` does on the same or a kinder Word set: an
    earlier approval with Words all among the question's, or an earlier veto with Words
    including all of the question's."""
    if question.verdict is Verdict.APPROVED:
        return precedent.verdict is Verdict.APPROVED and among(precedent.words, question.words)
    return precedent.verdict is Verdict.VETOED and among(question.words, precedent.words)


# -- test 2: standing -------------------------------------------------------------------------


def announced_before(policy: PolicyNote, question: Question) -> bool:
    """A policy precedes the question when its record is earlier (live: the question is
    now), else when its session is earlier ("A policy announced in an earlier session than
    the proposal supersedes the rulings it names")."""
    if question.record is None and policy.record is not None:
        return True
    if question.record is not None and policy.record is not None:
        return policy.record < question.record
    return (
        policy.session is not None
        and question.session is not None
        and policy.session < question.session
    )


def recorded_before(precedent: Precedent, policy: PolicyNote) -> bool:
    """A ruling precedes a policy by record, else by session (a policy refers to the
    rulings of its own session and earlier)."""
    if precedent.record is not None and policy.record is not None:
        return precedent.record < policy.record
    if precedent.canon:
        return True
    return (
        precedent.session is not None
        and policy.session is not None
        and precedent.session <= policy.session
    )


def release(precedent: Precedent, question: Question, policies: Sequence[PolicyNote]) -> str | None:
    """Why `precedent` does not bind `question`, or None when it does."""
    for policy in policies:
        if not announced_before(policy, question):
            continue
        if precedent.id in policy.supersedes:
            return f"superseded by policy {policy.id}"
        named = {w.text for w in (*question.words, *question.needs)}
        if policy.concept and policy.concept in named and recorded_before(precedent, policy):
            return f"policy {policy.id} about [{policy.concept}] came after it"
    if precedent.status is Status.OVERRULED:
        return f"overruled by {precedent.status_by}"
    if precedent.status is Status.SUPERSEDED and not precedent.status_by_policy:
        return f"corrected by {precedent.status_by}"  # a policy's own record is checked above
    return None


# -- test 3 and the decision ------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One precedent whose Words and verdict could conflict: released (and why), or
    compared (and how sure)."""

    precedent: Precedent
    kind: ConflictKind
    released: str | None = None
    sameness: Sameness | None = None

    @property
    def conflicts(self) -> bool:
        return (
            self.released is None
            and self.sameness is not None
            and self.sameness.same
            and self.sameness.confidence >= limits.REPORT_CONFIDENCE
        )

    @property
    def confidence(self) -> float:
        return 0.0 if self.sameness is None else self.sameness.confidence

    def to_dict(self) -> dict[str, Any]:
        return {
            "precedent": self.precedent.id,
            "kind": self.kind.value,
            "released": self.released,
            "sameness": None if self.sameness is None else self.sameness.to_dict(),
            "conflicts": self.conflicts,
        }


@dataclass(frozen=True)
class Conflict:
    """A stricter or looser conflict: the precedent, the rule it breaks, how sure, why."""

    kind: ConflictKind
    precedent: Precedent
    confidence: float
    reasons: tuple[str, ...]

    @property
    def rule(self) -> str:
        return RULES[self.kind]

    def summary(self, question: Question) -> str:
        """One line for the table: what the precedent did and what this ruling would do."""
        p = self.precedent
        if self.kind is ConflictKind.STRICTER:
            more = f", demanding {format_words(question.needs)}" if question.needs else ""
            return (
                f"{p.id} ({p.where()}) approved {p.words_text()} for {p.intent!r}; vetoing "
                f"{format_words(question.words)} for the same intent{more} is stricter"
            )
        lacking = f" for lack of {format_words(p.needs)}" if p.needs else ""
        return (
            f"{p.id} ({p.where()}) vetoed {p.words_text()} for {p.intent!r}{lacking}; "
            f"approving {format_words(question.words)} for the same intent is looser"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "precedent": self.precedent.to_dict(),
            "confidence": round(self.confidence, 3),
            "rule": self.rule,
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True)
class Decision:
    """The check's answer: the conflict (the surest one), if any, and every finding."""

    conflict: Conflict | None
    findings: tuple[Finding, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "conflict": None if self.conflict is None else self.conflict.to_dict(),
            "findings": [f.to_dict() for f in self.findings],
        }


@dataclass(frozen=True)
class Candidate:
    """A precedent with its reading and the scope kinds its missing Words name."""

    precedent: Precedent
    reading: Reading
    needs_scope: frozenset[str] = frozenset()


def decide(
    question: Question,
    reading: Reading,
    candidates: Sequence[Candidate],
    policies: Sequence[PolicyNote],
    *,
    needs_scope: frozenset[str] = frozenset(),
    distinctions: Mapping[str, Reading] | None = None,
) -> Decision:
    """Check `question` against its candidate precedents (any order). `needs_scope` are
    the scope kinds of the question's missing Words; `distinctions` the readings of rulings
    that distinguished a precedent, by id."""
    findings: list[Finding] = []
    backing = [
        (float(reading.vector @ c.reading.vector), c.precedent)
        for c in candidates
        if supports(c.precedent, question) and release(c.precedent, question, policies) is None
    ]
    nearest = max(backing, key=lambda pair: pair[0], default=None)
    for candidate in candidates:
        precedent = candidate.precedent
        kind = word_set_kind(precedent, question)
        if kind is None:
            continue
        released = release(precedent, question, policies)
        if released is not None:
            findings.append(Finding(precedent, kind, released))
            continue
        veto = question.needs if kind is ConflictKind.STRICTER else precedent.needs
        sameness = compare(
            reading,
            candidate.reading,
            new_needs=needs_scope,
            old_needs=candidate.needs_scope,
            veto_needs=veto,
            old_id=precedent.id,
        )
        distinguished = _distinguished(precedent, reading, needs_scope, distinctions or {})
        if sameness.same and distinguished is not None:
            findings.append(Finding(precedent, kind, f"distinguished by {distinguished}", sameness))
            continue
        if sameness.same and nearest is not None and nearest[0] > sameness.cosine:
            closer = nearest[1]
            why = f"closer to {closer.id} ({closer.where()}), which ruled the same way"
            findings.append(Finding(precedent, kind, why, sameness))
            continue
        findings.append(Finding(precedent, kind, None, sameness))
    conflicting = [f for f in findings if f.conflicts]
    if not conflicting:
        return Decision(None, tuple(findings))
    best = max(conflicting, key=lambda f: (f.confidence, f.precedent.record or 0,
                                           f.precedent.position))  # fmt: skip
    assert best.sameness is not None
    conflict = Conflict(best.kind, best.precedent, best.confidence, best.sameness.reasons)
    return Decision(conflict, tuple(findings))


def _distinguished(
    precedent: Precedent,
    reading: Reading,
    needs_scope: frozenset[str],
    distinctions: Mapping[str, Reading],
) -> str | None:
    """The ruling that distinguished `precedent` whose situation this question repeats."""
    for ruling_id in precedent.distinguished_by:
        other = distinctions.get(ruling_id)
        if other is None:
            continue
        if compare(reading, other, new_needs=needs_scope, old_id=ruling_id).same:
            return ruling_id
    return None


# -- retrieval scores -------------------------------------------------------------------------

#: Words that carry no content for lexical matching.
STOPWORDS = frozenset(
    {
        "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into",
        "onto", "and", "or", "but", "so", "as", "is", "are", "be", "it", "its", "this", "that",
        "these", "those", "my", "our", "your", "his", "her", "their", "them", "him", "me", "i",
        "we", "you", "they", "can", "could", "would", "will", "make", "made", "use", "cast",
        "let",
    }
)  # fmt: skip
_TOKEN = re.compile(r"[a-z0-9]+")


def content_tokens(text: str) -> frozenset[str]:
    """Lower-case content tokens, crudely stemmed (plural s, -ing, -ed), for token overlap."""
    stems = set()
    for token in _TOKEN.findall(text.lower()):
        if token in STOPWORDS or len(token) < 2:
            continue
        for suffix in ("ing", "ed", "es", "s"):
            if token.endswith(suffix) and len(token) - len(suffix) >= 3:
                token = token[: -len(suffix)]
                break
        stems.add(token)
    return frozenset(stems)


def token_overlap(a: str, b: str) -> float:
    """Jaccard overlap of content tokens: the evaluation's lexical score (FTS5 stands in
    for it in a live ledger)."""
    x, y = content_tokens(a), content_tokens(b)
    return len(x & y) / len(x | y) if x and y else 0.0


def word_overlap(a: Sequence[Word], b: Sequence[Word]) -> float:
    """Jaccard overlap of two Word sets; a Word declared with another meaning is another
    Word."""
    if not a or not b:
        return 0.0
    shared = sum(1 for word in dict.fromkeys(a) if any(same_word(word, o) for o in b))
    total = len({w.text for w in a} | {w.text for w in b})
    return shared / total if total else 0.0


@dataclass(frozen=True)
class Scores:
    """Why a ruling ranked where it did: each component and the weighted total."""

    semantic: float
    lexical: float
    words: float

    @property
    def total(self) -> float:
        return (
            limits.WEIGHT_SEMANTIC * max(self.semantic, 0.0)
            + limits.WEIGHT_LEXICAL * self.lexical
            + limits.WEIGHT_WORDS * self.words
        )

    def to_dict(self) -> dict[str, float]:
        return {
            "total": round(self.total, 4),
            "semantic": round(self.semantic, 4),
            "lexical": round(self.lexical, 4),
            "words": round(self.words, 4),
        }

    def why(self) -> str:
        return (
            f"meaning {self.semantic:.2f} x{limits.WEIGHT_SEMANTIC:g}, "
            f"wording {self.lexical:.2f} x{limits.WEIGHT_LEXICAL:g}, "
            f"Words {self.words:.2f} x{limits.WEIGHT_WORDS:g}"
        )
