"""The campaign's own precedent binds coverage: a standing ruling on the same situation
decides `spell check`'s verdict, and the verdict says so.

"If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal] [Mist] the
next." (rulebook). The Words alone may read otherwise ("stop the arrows with a wall of
water" asks for [Stop] where "raise a wall of water to stop the arrows" was approved with
[Wall] [Water]); one output then must not say both. The test is the one `ruling add` would
apply (`PrecedentIndex.check`): ruling "not covered" where an approval of the same situation
used the same or fewer Words would be stricter than precedent, so the spell is covered, as
ruled there; ruling "covered" where a veto of the same situation named Words it lacked, with
the same or fewer Words, would be looser, so it is not covered: that ruling required them.
The verdict names the ruling whether or not the Words alone agree. Standing, policies and
the same-situation test are the conflict check's own, so the two commands never disagree;
silence when unsure: below the conflict check's confidence nothing binds and the Words
decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.language.report import Verdict as Coverage
from adjudicator.ledger.rulings import Verdict
from adjudicator.precedent.cases import ConflictKind, Precedent, Question
from adjudicator.rules.words import Word, format_words

if TYPE_CHECKING:
    from adjudicator.language.report import CoverageReport
    from adjudicator.precedent.retrieval import PrecedentIndex
    from adjudicator.precedent.same_situation import Reading


@dataclass(frozen=True)
class Binding:
    """A ruling whose verdict this spell's coverage follows: `covered` as it approved, or
    not, as it vetoed for lack of Words; how sure the same-situation test is, and why;
    `words_verdict` is what the Words alone gave."""

    precedent: Precedent
    covered: bool
    confidence: float
    reasons: tuple[str, ...]
    words_verdict: Coverage

    @property
    def ruling(self) -> str:
        return self.precedent.id

    @property
    def verdict(self) -> Coverage:
        return Coverage.COVERED if self.covered else Coverage.NOT_COVERED

    @property
    def message(self) -> str:
        """ "covered, as ruled in R2 (session 1: [Wall] [Water] approved for '...')"."""
        p = self.precedent
        where = f"{p.where()}: {p.words_text()} {p.verdict.value} for {p.intent!r}"
        if self.covered:
            return f"covered, as ruled in {p.id} ({where})"
        return f"not covered: {p.id} required {format_words(p.needs)} ({where})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruling": self.ruling,
            "verdict": self.verdict.value,
            "message": self.message,
            "confidence": round(self.confidence, 3),
            "reasons": list(self.reasons),
            "words_verdict": self.words_verdict.value,
            "precedent": self.precedent.to_dict(),
        }


def binding(
    index: PrecedentIndex, words: Sequence[Word], report: CoverageReport, reading: Reading
) -> Binding | None:
    """The standing ruling on the same situation that `words` cast for the report's intent
    follows, whatever the Words alone say, or None (no such ruling, or the intent means
    nothing). A veto binds only when it named the Words it lacked: a veto for another
    reason says nothing of Words. Should an approval and such a veto both apply, the surer
    same-situation match decides (then the later ruling)."""
    if report.verdict is Coverage.MEANINGLESS:
        return None
    found = []
    for ruled in (Verdict.VETOED, Verdict.APPROVED):  # what ruling either way would break
        question = Question(words=tuple(words), intent=report.intent, verdict=ruled)
        conflict = index.check(question, reading).conflict
        if conflict is not None and (
            conflict.kind is ConflictKind.STRICTER or conflict.precedent.needs
        ):
            found.append(conflict)
    if not found:
        return None
    best = max(found, key=lambda c: (c.confidence, c.precedent.record or 0))
    covered = best.kind is ConflictKind.STRICTER
    return Binding(best.precedent, covered, best.confidence, best.reasons, report.verdict)
