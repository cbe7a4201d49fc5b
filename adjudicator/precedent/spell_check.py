"""`spell check` as one function: coverage, the rules' structural checks, and with a ledger
the campaign's findings and the ruling that binds the verdict (`binding`: a standing ruling
on the same situation decides it, "covered, as ruled in R2"), gathered into one value whose
`to_dict` is the command's `--json`;
and `spell draft` against a campaign (`draft_spell`), its homonyms sense-checked.

The CLI (`adjudicator spell check --json`) and the table server (`POST /api/spell-check`)
both answer with `SpellCheck.to_dict()`, so the two cannot drift apart. The ledger is only
read. The caller passes how to make a coverage checker and the campaign's checks: the
composition root (the CLI, the server) owns the models.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.language.draft import draft
from adjudicator.language.report import Verdict
from adjudicator.ledger.casting import Caster, declared_words, get_caster
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.records import latest_seq
from adjudicator.precedent.binding import Binding, binding
from adjudicator.rules.spells import SpellError, spell_problems
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from adjudicator.language.coverage import Coverage
    from adjudicator.language.draft import Draft
    from adjudicator.language.report import CoverageReport
    from adjudicator.language.senses import SenseCheck
    from adjudicator.precedent.ruling_checks import Findings, RulingChecks


@dataclass(frozen=True)
class SpellCheck:
    """What `spell check` found: the coverage report, the caster (with --caster), the rules'
    structural problems (when the caster's Words are known), the campaign's findings and
    the ruling that binds the verdict, if one does (its verdict then is the spell's)."""

    report: CoverageReport
    caster: Caster | None
    structural: bool
    problems: tuple[SpellError, ...]
    findings: Findings | None
    binding: Binding | None = None

    @property
    def verdict(self) -> Verdict:
        """The verdict: a binding ruling's, else the Words' own (`report.verdict`)."""
        return self.report.verdict if self.binding is None else self.binding.verdict

    @property
    def covered(self) -> bool:
        return self.verdict is Verdict.COVERED

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why, for the table: the binding ruling first when one binds, then the Words' own
        reasons when they agree with it (never when they would contradict it)."""
        if self.binding is None:
            return self.report.reasons
        if self.binding.verdict is self.report.verdict:
            return (self.binding.message, *self.report.reasons)
        return (self.binding.message,)

    def to_dict(self) -> dict[str, Any]:
        data = self.report.to_dict()
        data["verdict"] = self.verdict.value
        data["covered"] = self.covered
        data["reasons"] = list(self.reasons)
        data["binding"] = None
        if self.binding is not None:
            data["binding"] = {
                **self.binding.to_dict(),
                "words_missing": list(self.report.missing_lemmas),
                "words_reasons": list(self.report.reasons),
            }
            if self.binding.covered:
                data["missing"] = []  # what the Words alone lacked is in "binding"
        if self.caster is not None:
            data["caster"] = self.caster.to_dict()
        if self.structural:
            data["structural_problems"] = [p.message for p in self.problems]
            data["castable"] = self.covered and not self.problems
        if self.findings is not None:
            # the report's own "precedents" are the rulings whose mappings covered a concept
            data["senses"] = [check.to_dict() for check in self.findings.senses]
            data["sense_flags"] = [check.message for check in self.findings.sense_flags]
            data["closest_precedents"] = [hit.to_dict() for hit in self.findings.neighbours]
        return data


def check_spell(
    words: Sequence[Word],
    intent: str,
    *,
    checker: Callable[[], Coverage],
    campaign_checks: Callable[[Ledger], RulingChecks],
    book: Ledger | None = None,
    caster: str | None = None,
    inherent: Sequence[Word] | None = None,
    hand: Sequence[Word] | None = None,
) -> SpellCheck:
    """Check `words` cast for `intent`: against the campaign when `book` is given (with
    `caster`, that character's Inherent Words and hand), else against the Words named."""
    words = tuple(words)
    structural = caster is not None or inherent is not None or hand is not None
    who: Caster | None = None
    findings: Findings | None = None
    bound: Binding | None = None
    if book is not None:
        who = None if caster is None else get_caster(book, caster)  # before models load
        cast = declared_words(book, words, intent, who)
        checks = campaign_checks(book)
        findings = checks.findings(cast, checks.index.coverage.read(intent))
        report = findings.coverage
        bound = binding(checks.index, cast, report, findings.reading)
    else:
        coverage = checker()
        report = coverage.check(words, coverage.read(intent))
    problems: tuple[SpellError, ...] = ()
    if who is not None:
        problems = who.problems(words, intent)
    elif structural:
        problems = spell_problems(
            words, intent, inherent=tuple(inherent or ()), hand=tuple(hand or ())
        )
    return SpellCheck(report, who, structural, problems, findings, bound)


#: The records a spell check reads: rulings, their statuses and policies (precedent, what
#: binds and what a policy released), declared senses, the Deck (hands) and characters
#: (Inherent Words).
CHECKED_KINDS = (
    "ruling", "ruling_status", "policy", "word_sense", "deck_version", "character_version",
)  # fmt: skip


def checked_marker(book: Ledger) -> int:
    """Where the ledger stood when something a spell check reads last changed: a page that
    shows a check runs it again when this moves (a ruling may now bind its verdict)."""
    return latest_seq(book, CHECKED_KINDS)


@dataclass(frozen=True)
class CampaignDraft:
    """A draft from a campaign's Words, with the sense check of each declared homonym in the
    spell it proposes."""

    draft: Draft
    senses: tuple[SenseCheck, ...] = ()

    @property
    def sense_flags(self) -> tuple[SenseCheck, ...]:
        """Homonym Words the intent uses in another meaning than declared, or in two."""
        return tuple(check for check in self.senses if check.flagged)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.draft.to_dict(),
            "senses": [check.to_dict() for check in self.senses],
            "sense_flags": [check.message for check in self.sense_flags],
        }


def draft_spell(
    checks: RulingChecks, intent: str, inherent: Sequence[Word], hand: Sequence[Word]
) -> CampaignDraft:
    """The smallest valid spell from `inherent` and `hand` covering `intent`, with the
    campaign's confirmed mappings as its lexicon, and each declared homonym in it checked:
    "Homonyms do not get multiple meanings." A flag is shown with the spell, never acted on
    (a flagged card is not dropped for another): the Storyteller rules on it."""

    index = checks.index
    precedents = index.confirmed_mappings((*inherent, *hand))
    reading = index.coverage.read(intent)  # one reading for the draft and its sense checks
    result = draft(
        reading, inherent, hand, index.models, coverage=index.coverage, precedents=precedents
    )
    if result.spell is None:
        return CampaignDraft(result)
    words = tuple(used.word for used in result.spell.words)
    return CampaignDraft(result, checks.sense_checks(words, reading))
