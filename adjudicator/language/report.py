"""What a coverage check finds, as frozen values a table, `--json` or the ledger can use.

A `CoverageReport` says, per concept of the intent, which Word or Words cover it and why
(`Cover`: same lemma, morphology, synonym, broader Word, meaning in context, two Words
jointly, metaphor, a campaign's precedent, ...), which concepts nothing covers (the
Storyteller's veto reason, phrased for the table), which Words cover nothing, how
strongly the intent uses each Word, and the verdict. `ConfirmedMapping` is the campaign's
own lexicon: a ruling confirmed that a concept was covered by some Words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from adjudicator.language.concepts import Concept, IntentAnalysis
from adjudicator.rules.words import Word, format_words


class Verdict(Enum):
    COVERED = "covered"
    NOT_COVERED = "not covered"
    MEANINGLESS = "meaningless"  # "I cast [Fire] [Ball] on the Orc." means nothing


class CoverKind(Enum):
    """Why a Word covers a concept."""

    EXPLICIT = "explicit use"
    PRECEDENT = "campaign precedent"
    SAME = "same lemma"
    MORPHOLOGY = "morphology"
    SYNONYM = "synonym"
    BROADER = "broader word"
    NARROWER = "a way of doing it"
    SCOPE = "scope word"
    CONTEXT = "meaning in context"
    JOINT = "two Words jointly"
    METAPHOR = "metaphor"


@dataclass(frozen=True)
class ConfirmedMapping:
    """A concept the campaign ruled covered by these Words: "silence" <- [Decrease] +
    [Speech], in ruling `ruling`. Later checks use it first and cite the ruling."""

    concept: str
    words: tuple[Word, ...]
    ruling: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "concept", self.concept.strip().lower())
        object.__setattr__(self, "words", tuple(self.words))

    def to_dict(self) -> dict[str, Any]:
        return {
            "concept": self.concept,
            "words": [w.text for w in self.words],
            "ruling": self.ruling,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ConfirmedMapping:
        return cls(str(data["concept"]), tuple(Word(w) for w in data["words"]), str(data["ruling"]))


@dataclass(frozen=True)
class Cover:
    """One way the spell covers a concept: the Word(s), the kind, a confidence 0..1, and
    the explanation for the table ("[Metal] is broader than 'bronze'")."""

    words: tuple[Word, ...]
    kind: CoverKind
    confidence: float
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "words": [w.text for w in self.words],
            "kind": self.kind.value,
            "confidence": round(self.confidence, 3),
            "why": self.why,
        }


@dataclass(frozen=True)
class ConceptCoverage:
    """A concept and what covers it (best first); `blocked` says which Words were ruled
    out and why ("[Warm] is the opposite of 'chill'"); `near` is the best Word that fell
    short, with its confidence, for suggestions."""

    concept: Concept
    covers: tuple[Cover, ...]
    blocked: tuple[str, ...] = ()
    near: tuple[Word, float] | None = None

    @property
    def covered(self) -> bool:
        return bool(self.covers)

    @property
    def best(self) -> Cover | None:
        return self.covers[0] if self.covers else None

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.concept.to_dict(),
            "covered": self.covered,
            "covers": [c.to_dict() for c in self.covers],
            "blocked": list(self.blocked),
        }


@dataclass(frozen=True)
class CoverageReport:
    """The ruling on whether the Words cover the intent, with every reason."""

    words: tuple[Word, ...]
    analysis: IntentAnalysis
    concepts: tuple[ConceptCoverage, ...]
    word_scores: tuple[tuple[Word, float], ...]
    verdict: Verdict

    @property
    def intent(self) -> str:
        return self.analysis.intent

    @property
    def covered(self) -> bool:
        return self.verdict is Verdict.COVERED

    @property
    def missing(self) -> tuple[ConceptCoverage, ...]:
        """The concepts that need a Word and have none."""
        return tuple(c for c in self.concepts if c.concept.needs_word and not c.covered)

    @property
    def missing_lemmas(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.concept.lemma for c in self.missing))

    @property
    def unused_words(self) -> tuple[Word, ...]:
        """Words that cover nothing in the intent."""
        used = {w for c in self.concepts for cover in c.covers for w in cover.words}
        return tuple(w for w in self.words if w not in used)

    @property
    def precedent_uses(self) -> tuple[tuple[str, str], ...]:
        """(concept, ruling) for each concept a confirmed mapping covered: what the
        campaign's own lexicon decided here, named so it never reads as the verdict."""
        return tuple(
            (c.concept.text, cover.why.rsplit("ruling ", 1)[-1])
            for c in self.concepts
            for cover in c.covers
            if cover.kind is CoverKind.PRECEDENT
        )

    @property
    def precedents(self) -> tuple[str, ...]:
        """Rulings whose confirmed mappings this check used."""
        return tuple(
            dict.fromkeys(
                cover.why.rsplit("ruling ", 1)[-1]
                for c in self.concepts
                for cover in c.covers
                if cover.kind is CoverKind.PRECEDENT
            )
        )

    def mappings(self, ruling: str) -> tuple[ConfirmedMapping, ...]:
        """What a ruling that approves this spell confirms: each needed concept and the
        Words of its best cover, for later checks to use (`precedents=`)."""
        found = []
        for item in self.concepts:
            best = item.best
            if (
                item.concept.needs_word
                and best is not None
                and best.kind not in (CoverKind.PRECEDENT, CoverKind.EXPLICIT)
            ):
                found.append(ConfirmedMapping(item.concept.lemma, best.words, ruling))
        return tuple(dict.fromkeys(found))

    def score_of(self, word: Word) -> float:
        return dict(self.word_scores).get(word, 0.0)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why the Storyteller vetoes, phrased for the table."""
        if self.verdict is Verdict.MEANINGLESS:
            return (
                f"The intent says nothing to do with {format_words(self.words)} beyond naming "
                "them and a target: it doesn't *mean* anything. Say what the Words should do.",
            )
        lines = []
        for item in self.missing:
            lines.append(veto_line(item))
        return tuple(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "words": [w.text for w in self.words],
            "intent": self.intent,
            "verdict": self.verdict.value,
            "covered": self.covered,
            "missing": list(self.missing_lemmas),
            "reasons": list(self.reasons),
            "unused_words": [w.text for w in self.unused_words],
            "word_scores": {w.text: round(s, 3) for w, s in self.word_scores},
            "precedents": list(self.precedents),
            "named_words": [w.text for w in self.analysis.named],
            "concepts": [c.to_dict() for c in self.concepts],
        }


def veto_line(item: ConceptCoverage) -> str:
    """ "Nothing covers 'trap': add a Word such as [Trap]"."""
    concept = item.concept
    suggestion = Word(concept.lemma.split()[0]) if concept.lemma.isalpha() else None
    examples = {
        "area": "[Zone] or [Wide]",
        "duration": "[Permanent] or [Lingering]",
        "without speaking": "[Silent]",
        "without gestures": "[Still]",
        "delivery beyond touch": "[Blast] or [Reach]",
    }
    if concept.scope is not None:
        kind = concept.scope.value
        such = examples.get(kind, "")
        line = f"Nothing covers {concept.text!r} ({kind}): add a Word such as {such}"
    elif suggestion is not None:
        line = f"Nothing covers {concept.text!r}: add a Word such as {suggestion}"
    else:
        line = f"Nothing covers {concept.text!r}: add a Word for it"
    if item.blocked:
        line += f" ({item.blocked[0]})"
    return line
