"""Drafting for players: the smallest valid spell from one's Words that covers an intent.

"The important thing is that the player describes a magical intent and provides enough
Words from their Hand to cover all the concepts involved." A `Draft` is either a spell
(exactly one Inherent Word, Drawn Words from the hand, at least two Words; ties between
equally small spells broken by the confidence of their covers) with its coverage report,
or the concepts no Word at hand covers, each with Words that would.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from adjudicator.language.concepts import Concept
from adjudicator.language.coverage import Coverage
from adjudicator.language.report import ConceptCoverage, ConfirmedMapping, CoverageReport
from adjudicator.rules.spells import MIN_WORDS, Spell, spell_problems, validate_spell
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from adjudicator.language.intent import Intent
    from adjudicator.language.models import Models

#: Most Word sets tried before giving up on finding the smallest (hands are small; this
#: only bounds a pathological one).
MAX_TRIES = 200_000
#: Most candidate spells whose own check is run before the draft gives up: the judge may
#: read a smaller set differently from the whole hand, and a draft must pass its check.
MAX_CHECKS = 8
_SCOPE_EXAMPLES = {
    "area": ("Zone", "Wide"),
    "duration": ("Permanent", "Lingering"),
    "without speaking": ("Silent",),
    "without gestures": ("Still",),
    "delivery beyond touch": ("Blast", "Reach"),
}


@dataclass(frozen=True)
class Shortfall:
    """A concept no Word at hand covers, and Words that would (its own lemma first, then
    Words at hand that nearly do)."""

    concept: Concept
    suggestions: tuple[Word, ...]
    near: tuple[Word, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "concept": self.concept.text,
            "lemma": self.concept.lemma,
            "role": self.concept.role.value,
            "suggestions": [w.text for w in self.suggestions],
            "near": [w.text for w in self.near],
        }


@dataclass(frozen=True)
class Draft:
    """The proposed spell and its coverage, or what is missing."""

    intent: str
    spell: Spell | None
    report: CoverageReport | None
    shortfalls: tuple[Shortfall, ...] = ()
    meaningless: bool = False

    @property
    def found(self) -> bool:
        return self.spell is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "intent": self.intent,
            "found": self.found,
            "meaningless": self.meaningless,
            "spell": self.spell.to_dict() if self.spell else None,
            "words": [u.word.text for u in self.spell.words] if self.spell else [],
            "inherent": self.spell.inherent.text if self.spell else None,
            "drawn": [w.text for w in self.spell.drawn] if self.spell else [],
            "coverage": self.report.to_dict() if self.report else None,
            "shortfalls": [s.to_dict() for s in self.shortfalls],
        }


def draft(
    intent: str | Intent,
    inherent: Sequence[Word],
    hand: Sequence[Word],
    models: Models,
    *,
    coverage: Coverage | None = None,
    precedents: Sequence[ConfirmedMapping] = (),
) -> Draft:
    """The smallest valid spell from `inherent` and `hand` covering `intent`, or why not.

    Pass a `Coverage` to reuse loaded models and caches across calls, and the intent's
    reading (`Coverage.read`) to share it with the command's other checks.
    """
    if coverage is None:
        coverage = Coverage(models)
    reading = coverage.read(intent)
    intent = reading.text
    candidates = tuple(dict.fromkeys([*inherent, *hand]))
    analysis = reading.analysis(candidates)
    full = coverage.report(analysis, candidates, precedents=precedents, intent=reading)
    if analysis.meaningless:
        return Draft(analysis.intent, None, full, meaningless=True)
    near = coverage.thresholds.near_strength
    shortfalls = _shortfalls(full, near)
    if shortfalls:
        return Draft(analysis.intent, None, full, shortfalls)
    refused: list[CoverageReport] = []
    for tried, chosen in enumerate(_ranked(full, tuple(inherent), tuple(hand))):
        if tried == MAX_CHECKS:
            break
        spell = validate_spell(chosen, intent, inherent=inherent, hand=hand)
        first = spell.inherent
        ordered = (first, *(u.word for u in spell.words if u.word is not first and u.word != first))
        report = coverage.report(analysis, ordered, precedents=precedents, intent=reading)
        if report.covered:  # a draft never contradicts its own check
            spell = validate_spell(ordered, intent, inherent=inherent, hand=hand)
            return Draft(analysis.intent, spell, report)
        refused.append(report)
    if not refused:
        return Draft(analysis.intent, None, full, ())
    lacking: dict[str, Shortfall] = {}  # what the Word sets tried lack, in intent order
    for report in refused:
        for shortfall in _shortfalls(report, near):
            lacking.setdefault(shortfall.concept.lemma, shortfall)
    ordered_lacks = sorted(lacking.values(), key=lambda s: s.concept.start)
    return Draft(analysis.intent, None, refused[0], tuple(ordered_lacks))


def _shortfalls(report: CoverageReport, near_strength: float) -> tuple[Shortfall, ...]:
    """What the report finds missing, with Words that would cover it."""
    return tuple(
        _shortfall(item, near_strength)
        for item in report.concepts
        if item.concept.needs_word and not item.covered
    )


def _shortfall(item: ConceptCoverage, near_strength: float) -> Shortfall:
    concept = item.concept
    if concept.scope is not None:
        suggestions = tuple(Word(w) for w in _SCOPE_EXAMPLES[concept.scope.value])
    else:
        head = concept.lemma.split()[0]
        suggestions = (Word(head),) if head.isalpha() else ()
    near: tuple[Word, ...] = ()
    if item.near is not None and item.near[1] >= near_strength:
        near = (item.near[0],)
    return Shortfall(concept, suggestions, near)


def _options(report: CoverageReport) -> list[list[tuple[frozenset[Word], float]]]:
    """For each concept that needs a Word, the Word sets that cover it, with confidence."""
    return [
        [(frozenset(cover.words), cover.confidence) for cover in item.covers]
        for item in report.concepts
        if item.concept.needs_word
    ]


def _ranked(
    full: CoverageReport, inherent: tuple[Word, ...], hand: tuple[Word, ...]
) -> Iterator[tuple[Word, ...]]:
    """Valid spells that cover every needed concept by the covers of `full`, smallest
    first; among equals, the most confident covers first, then the best word scores."""
    options = _options(full)
    scores = dict(full.word_scores)
    useful = {w for concept in options for words, _ in concept for w in words}
    pool = sorted(full.words, key=lambda w: (w not in useful, -scores.get(w, 0.0), w.text))
    tries = 0
    for size in range(MIN_WORDS, len(pool) + 1):
        ranked: list[tuple[float, tuple[Word, ...]]] = []
        for chosen in combinations(pool, size):
            tries += 1
            if tries > MAX_TRIES:
                break
            picked = set(chosen)
            total = 0.0
            for concept in options:
                fits = [conf for words, conf in concept if words <= picked]
                if not fits:
                    break
                total += max(fits)
            else:
                if _castable(chosen, inherent, hand):
                    total += sum(scores.get(w, 0.0) for w in chosen) * 1e-3
                    ranked.append((total, chosen))
        ranked.sort(key=lambda item: -item[0])
        yield from (chosen for _, chosen in ranked)
        if tries > MAX_TRIES:
            return


def _castable(words: tuple[Word, ...], inherent: tuple[Word, ...], hand: tuple[Word, ...]) -> bool:
    """Exactly one Inherent Word; the rest from the hand (the rules check it fully later)."""
    return not spell_problems(words, "draft", inherent=inherent, hand=hand)
