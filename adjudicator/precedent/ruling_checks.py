"""Checking a ruling before it is recorded: structure, coverage, senses and precedent.

`RulingChecks.review` runs, in order: the rules' structural checks (cheap, read-only: a
wrong caster fails before any model loads), then `findings` (coverage with the campaign's
confirmed mappings, "covered as in R3"; the declared sense of each homonym Word; the closest
precedents, for reference), then the precedent check. `findings` alone is read-only and
needs no ruling: `spell check` shows it for a spell not yet ruled on. `record` then records
the ruling, or refuses when a stricter or looser conflict stands and the Storyteller has
neither overruled the precedent nor distinguished the two situations: "A warning never
blocks: the Storyteller may rule anyway, recording why; the precedent is then marked
distinguished or overruled, like case law." Coverage and sense findings are shown, never
blocking; so are implementation differences ("no two spells are ever really the same").

An approval stores the concept -> Word mapping its coverage report confirmed; the intent
vector is stored in the same transaction as the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from adjudicator.errors import InvalidInput
from adjudicator.language.senses import SenseExample, SenseModel, check_declared_sense
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.errors import LedgerError
from adjudicator.ledger.rulings import (
    Checked,
    Implementation,
    OnRecorded,
    Proposal,
    Recorded,
    Ruling,
    Status,
    StatusChange,
    Verdict,
    add_ruling,
    check_structure,
)
from adjudicator.precedent import thresholds as limits
from adjudicator.precedent.cases import Question
from adjudicator.precedent.conflicts import Conflict, Decision
from adjudicator.precedent.retrieval import Hit, PrecedentIndex
from adjudicator.rules.words import Word, format_words

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from adjudicator.language.intent import Intent
    from adjudicator.language.report import CoverageReport
    from adjudicator.language.senses import SenseCheck
    from adjudicator.precedent.same_situation import Reading


class PrecedentConflict(LedgerError):
    """A ruling that contradicts a standing precedent, refused until the Storyteller
    overrules the precedent or distinguishes the situations."""

    def __init__(self, conflict: Conflict, question: Question) -> None:
        super().__init__(
            f"{conflict.kind.value} than precedent (confidence {conflict.confidence:.2f}): "
            f"{conflict.summary(question)}",
            hint=(
                'rule anyway with --overrule "why" (the precedent becomes overruled) or '
                '--distinguish "why" (the two are recorded as different situations); to '
                "change the policy, announce it first: adjudicator policy announce"
            ),
        )
        self.conflict = conflict


@dataclass(frozen=True)
class Findings:
    """What the read-only checks find about Words and an intent in a campaign: coverage with
    its confirmed mappings, each declared homonym's meaning, the closest precedents. Shown,
    never blocking."""

    coverage: CoverageReport
    senses: tuple[SenseCheck, ...]
    neighbours: tuple[Hit, ...]
    reading: Reading = field(compare=False, repr=False)

    @property
    def covered_as(self) -> tuple[str, ...]:
        """Rulings whose confirmed mappings covered a concept of this intent."""
        return self.coverage.precedents

    @property
    def sense_flags(self) -> tuple[SenseCheck, ...]:
        """Homonym Words the intent uses in another meaning than declared, or in two."""
        return tuple(check for check in self.senses if check.flagged)

    def to_dict(self) -> dict[str, Any]:
        return {
            "coverage": self.coverage.to_dict(),
            "covered_as": list(self.covered_as),
            "senses": [check.to_dict() for check in self.senses],
            "neighbours": [hit.to_dict() for hit in self.neighbours],
        }


@dataclass(frozen=True)
class Review:
    """Everything the checks found about a proposal, before it is recorded."""

    checked: Checked
    question: Question
    coverage: CoverageReport
    senses: tuple[SenseCheck, ...]
    decision: Decision
    neighbours: tuple[Hit, ...]
    mapping: Mapping[str, tuple[str, ...]]
    implementation_notes: tuple[str, ...]
    vector: NDArray[np.float32] = field(compare=False, repr=False)

    @property
    def conflict(self) -> Conflict | None:
        return self.decision.conflict

    @property
    def covered_as(self) -> tuple[str, ...]:
        """Rulings whose confirmed mappings covered a concept of this intent."""
        return self.coverage.precedents

    def to_dict(self) -> dict[str, Any]:
        return {
            "coverage": self.coverage.to_dict(),
            "covered_as": list(self.covered_as),
            "senses": [check.to_dict() for check in self.senses],
            "precedent": self.decision.to_dict(),
            "neighbours": [hit.to_dict() for hit in self.neighbours],
            "implementation_notes": list(self.implementation_notes),
        }


class RulingChecks:
    """The checks of `ruling add` over one `PrecedentIndex` (its ledger and models)."""

    def __init__(self, index: PrecedentIndex) -> None:
        self.index = index

    @cached_property
    def sense_model(self) -> SenseModel:

        return SenseModel(self.index.models)

    def review(self, proposal: Proposal) -> Review:
        """Run every check on `proposal`; raises only for structural errors."""
        checked = check_structure(self.index.ledger, proposal)
        words = tuple(used.word for used in checked.spell.words)
        intent = checked.spell.intent
        found = self.findings(words, self.index.coverage.read(intent))
        question = Question(
            words=words,
            intent=intent,
            verdict=proposal.verdict,
            needs=proposal.needs,
            session=checked.session,
        )
        decision = self.index.check(question, found.reading)
        return Review(
            checked=checked,
            question=question,
            coverage=found.coverage,
            senses=found.senses,
            decision=decision,
            neighbours=found.neighbours,
            mapping=(
                confirmed_mapping(found.coverage) if proposal.verdict is Verdict.APPROVED else {}
            ),
            implementation_notes=implementation_notes(
                proposal.implementation, proposal.verdict, found.neighbours
            ),
            vector=found.reading.vector,
        )

    def findings(self, words: Sequence[Word], intent: str | Intent) -> Findings:
        """The read-only checks of `words` cast for `intent`, ruled on or not: coverage with
        the campaign's confirmed mappings, the sense of each Word declared with one (`words`
        carry their declared senses), and the closest precedents that score at least
        `CLOSE_PRECEDENT`. The intent is read once (`Coverage.read`) for all of them.
        Writes nothing."""
        words = tuple(words)
        coverage = self.index.coverage
        intent = coverage.read(intent)
        text = intent.text
        analysis = intent.analysis(words)
        report = coverage.report(
            analysis, words, precedents=self.index.confirmed_mappings(words), intent=intent
        )
        reading = self.index.reader.read(
            text, words, vector=intent.vector, report=report, effects=False
        )
        ranked = self.index.rank(reading.vector, text, words, limits.NEIGHBOURS)
        neighbours = tuple(hit for hit in ranked if hit.scores.total >= limits.CLOSE_PRECEDENT)
        return Findings(report, self.sense_checks(words, intent), neighbours, reading)

    def sense_checks(self, words: Sequence[Word], intent: str | Intent) -> tuple[SenseCheck, ...]:
        """The homonym hook: each Word declared with a meaning is checked against the
        intent (`language.senses.check_declared_sense`), earlier rulings that used it in
        that meaning serving as labeled examples."""
        declared = [w for w in words if w.sense is not None]
        if not declared:
            return ()
        intent = self.index.coverage.read(intent)

        checks = []
        for word in declared:
            examples = [
                SenseExample(word.text, p.intent, str(word.sense))
                for p in self.index.with_word(word.text)
                if p.verdict is Verdict.APPROVED
                and any(w.text == word.text and w.sense == word.sense for w in p.words)
            ][-20:]
            check = check_declared_sense(
                word, intent.text, words, self.index.models, examples,
                model=self.sense_model, reading=intent,
            )  # fmt: skip
            checks.append(check)
        return tuple(checks)

    def record(
        self,
        proposal: Proposal,
        review: Review,
        *,
        overrule: str | None = None,
        distinguish: str | None = None,
        changes: Sequence[StatusChange] = (),
        also: OnRecorded | None = None,
    ) -> Recorded:
        """Record the reviewed ruling, or refuse it (`PrecedentConflict`) while a conflict
        stands unanswered. `overrule`/`distinguish` give the Storyteller's reason; `also`
        runs in the same transaction (a spell request's answer)."""
        if overrule is not None and distinguish is not None:
            raise InvalidInput("a conflict is either overruled or distinguished, not both")
        conflict = review.conflict
        answer = overrule if overrule is not None else distinguish
        if conflict is None and answer is not None:
            flag = "--overrule" if overrule is not None else "--distinguish"
            raise InvalidInput(
                f"{flag}: no precedent conflicts with this ruling",
                hint="to correct an earlier ruling by hand, use --corrects RULING",
            )
        if conflict is not None and answer is None:
            raise PrecedentConflict(conflict, review.question)
        extra = list(changes)
        if conflict is not None:
            status = Status.OVERRULED if overrule is not None else Status.DISTINGUISHED
            extra.append(StatusChange(conflict.precedent.id, status, answer))
        mapping = proposal.mapping or review.mapping
        recorded = add_ruling(
            self.index.ledger,
            replace(proposal, mapping=mapping),
            changes=extra,
            on_recorded=_both(self.index.on_recorded(review.vector), also),
        )
        self.index.add(recorded.ruling, review.vector, recorded.statuses)
        return recorded


def _both(first: OnRecorded, then: OnRecorded | None) -> OnRecorded:
    if then is None:
        return first

    def hook(ledger: Ledger, ruling: Ruling) -> None:
        first(ledger, ruling)
        then(ledger, ruling)

    return hook


def confirmed_mapping(report: CoverageReport) -> dict[str, tuple[str, ...]]:
    """Each concept that needed a Word and was covered -> the Words of its best cover: what
    an approval confirms for the campaign's lexicon. Concepts nothing covered (approved
    anyway) are left out: which Words the Storyteller had in mind is not known."""
    mapping: dict[str, tuple[str, ...]] = {}
    for item in report.concepts:
        best = item.best
        if item.concept.needs_word and best is not None:
            mapping.setdefault(item.concept.forms[0], tuple(w.text for w in best.words))
    return mapping


def implementation_notes(
    implementation: Implementation, verdict: Verdict, neighbours: Sequence[Hit]
) -> tuple[str, ...]:
    """How this ruling's implementation differs from close precedents with the same verdict:
    shown for reference, never flagged."""
    ours = dict(implementation.items())
    if not ours:
        return ()
    notes = []
    for hit in neighbours:
        precedent = hit.precedent
        theirs = dict(precedent.implementation.items())
        if precedent.verdict is not verdict or not theirs:
            continue
        differ = [
            f"{label}: {ours.get(label) or '-'!s} here, {theirs.get(label) or '-'!s} in "
            f"{precedent.id}"
            for label in dict.fromkeys([*ours, *theirs])
            if ours.get(label) != theirs.get(label)
        ]
        if differ:
            notes.append(
                f"{precedent.id} ({format_words(precedent.words)}) was implemented otherwise: "
                + "; ".join(differ)
            )
    return tuple(notes)
