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
3. The same situation (`same_situation.compare`): meaning, scope and effects; the conflict is
   reported with how sure the comparison is, and only from `REPORT_CONFIDENCE` up (the
   surest, then the closest). Each intent is read as its ruling read it (`as_ruled`): only
   a veto naming no missing Words may be for an intent that means nothing.
4. The nearest precedent governs: when a standing precedent that ruled the way the new
   ruling does (an approval with the same or fewer Words, a veto with the same or more) is
   the same situation too (test 3) and closer in meaning than the conflicting one, the new
   ruling follows it and no conflict is reported ("hurl a ball of fire at the orc" is the
   rulebook's "make a ball of fire and throw it" before it is "trap a balloon with fire").
   A near-miss that ruled the same way ("turn the lead weight into silver", vetoed) is no
   precedent for "turn the lead weight into gold", however close the wording.

This module is pure: values in, a `Decision` out. The values are in `cases`, test 2 in
`policies`. The live ledger (`retrieval`) and the evaluation (`evaluation`) build the same
values and call the same `decide`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudicator.ledger.rulings import Verdict
from adjudicator.precedent import thresholds as limits
from adjudicator.precedent.cases import RULES, ConflictKind, PolicyNote, Precedent, Question, among
from adjudicator.precedent.policies import release
from adjudicator.precedent.same_situation import Reading, Sameness, compare
from adjudicator.rules.words import Word, format_words

# -- test 1: Words ----------------------------------------------------------------------------


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


# (the tests of standing are in `policies`)


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
    reading = as_ruled(reading, question.verdict, question.needs)
    candidates = [
        replace(c, reading=as_ruled(c.reading, c.precedent.verdict, c.precedent.needs))
        for c in candidates
    ]
    findings: list[Finding] = []
    backing = [
        (float(reading.vector @ c.reading.vector), c.precedent)
        for c in candidates
        if supports(c.precedent, question)
        and release(c.precedent, question, policies) is None
        and _same(reading, c, needs_scope, question)
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
    best = max(conflicting, key=_surest)
    assert best.sameness is not None
    conflict = Conflict(best.kind, best.precedent, best.confidence, best.sameness.reasons)
    return Decision(conflict, tuple(findings))


def as_ruled(reading: Reading, verdict: Verdict, needs: Sequence[Word]) -> Reading:
    """`reading` as its ruling read it: an approval, or a veto for lack of Words, found a
    meaning in the intent, so a parse that finds no effect in it ("the moat empties until
    it's dry") missed one; only a veto naming no missing Words may be for meaning nothing
    ("I cast [Fire] [Ball] on the Orc")."""
    if reading.meaningless and (verdict is Verdict.APPROVED or needs):
        return replace(reading, meaningless=False)
    return reading


def _surest(finding: Finding) -> tuple[float, float, int, int]:
    """The surest conflict, then the closest in meaning (confidence is capped at 1.0, so
    two paraphrases tie on it), then the latest ruling."""
    cosine = 0.0 if finding.sameness is None else finding.sameness.cosine
    return (finding.confidence, cosine, finding.precedent.record or 0, finding.precedent.position)


def _same(
    reading: Reading, candidate: Candidate, needs_scope: frozenset[str], question: Question
) -> bool:
    """Whether a supporting precedent is the same situation as the question: only then
    does it govern (a near-miss that ruled the same way is no precedent for this one)."""
    return compare(
        reading,
        candidate.reading,
        new_needs=needs_scope,
        old_needs=candidate.needs_scope,
        veto_needs=question.needs or candidate.precedent.needs,
        old_id=candidate.precedent.id,
    ).same


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
