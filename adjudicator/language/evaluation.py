"""Scoring coverage predictions against labeled cases (benchmarks/README.md formats).

Binary cases carry `covered` and `missing`; ranking cases (arm5) carry `groups` and
`gold_words` and are scored by whether the best-scoring Word of each group is the gold one.

arm5 has no training split, so `in_dev_split` makes one: weights are chosen on the dev part
and reported on the held-out part, which nothing is tuned on.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from adjudicator.errors import InvalidInput
from adjudicator.language.report import CoverageReport
from adjudicator.rules.spells import MAX_INTENT_LENGTH

if TYPE_CHECKING:
    from adjudicator.language.word_use import WordUseScores

BINARY_FIELDS = ("id", "words", "intent", "covered", "missing")
RANKING_FIELDS = ("id", "words", "intent", "groups", "gold_words")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
#: A case is in the dev split when the first byte of the sha256 of its id is below this:
#: 52/256, about a fifth of the cases (arm5: 245 of 1,264), fixed by the id alone so that
#: the split never moves when cases are added or reordered.
DEV_SPLIT_BYTE = 52
SPLITS = ("all", "dev", "held-out")


class CaseError(InvalidInput):
    """A case that is neither of the coverage formats."""


def in_dev_split(case_id: str) -> bool:
    """Whether a case belongs to the dev split (see `DEV_SPLIT_BYTE`): the part weights may
    be tuned on. The rest is held out: reported, never tuned on or inspected for errors."""
    return hashlib.sha256(case_id.encode("utf-8")).digest()[0] < DEV_SPLIT_BYTE


def select_split(cases: Sequence[Mapping[str, Any]], split: str) -> list[Mapping[str, Any]]:
    """The cases of one split: "all", "dev" or "held-out"."""
    if split not in SPLITS:
        raise CaseError(f"unknown split {split!r}: one of {', '.join(SPLITS)}")
    if split == "all":
        return list(cases)
    wanted = split == "dev"
    return [c for c in cases if in_dev_split(str(c["id"])) == wanted]


def is_ranking(case: Mapping[str, Any]) -> bool:
    return "groups" in case and "gold_words" in case


def fitted_intent(text: str) -> tuple[str, bool]:
    """The intent within `MAX_INTENT_LENGTH`: a longer description (arm5 has some) is read
    up to its last full sentence inside the limit. Returns the text and whether it was cut."""
    text = text.strip()
    if len(text) <= MAX_INTENT_LENGTH:
        return text, False
    head = text[:MAX_INTENT_LENGTH]
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    return (head[: ends[-1]] if ends else head).strip(), True


def ranking_prediction(case_id: str, scores: WordUseScores) -> dict[str, Any]:
    """One prediction line of a ranking case: `{"id", "word_scores", "evidence"}` (the
    Word scores of `WordUse`, and the token that uses each Word most)."""
    return {"id": case_id, **scores.to_dict()}


def prediction(case_id: str, report: CoverageReport) -> dict[str, Any]:
    """One prediction line: `{"id", "covered", "missing", "word_scores"}`."""
    return {
        "id": case_id,
        "covered": report.covered,
        "missing": list(report.missing_lemmas),
        "word_scores": {w.text: round(s, 4) for w, s in report.word_scores},
    }


@dataclass
class BinaryScore:
    """Balanced accuracy on `covered`; missing-concept F1 (micro, over lemmas); and exact
    set match of `missing` on the cases that are not covered."""

    true_pos: int = 0  # covered, predicted covered
    true_neg: int = 0
    false_pos: int = 0
    false_neg: int = 0
    lemma_hits: int = 0
    lemma_extra: int = 0
    lemma_lost: int = 0
    exact: int = 0

    def add(self, case: Mapping[str, Any], predicted: Mapping[str, Any]) -> None:
        gold, guess = bool(case["covered"]), bool(predicted["covered"])
        if gold and guess:
            self.true_pos += 1
        elif gold:
            self.false_neg += 1
        elif guess:
            self.false_pos += 1
        else:
            self.true_neg += 1
        wanted = {str(m).lower() for m in case["missing"]}
        found = {str(m).lower() for m in predicted["missing"]}
        self.lemma_hits += len(wanted & found)
        self.lemma_extra += len(found - wanted)
        self.lemma_lost += len(wanted - found)
        if not gold and wanted == found:
            self.exact += 1

    @property
    def balanced_accuracy(self) -> float:
        positives = self.true_pos + self.false_neg
        negatives = self.true_neg + self.false_pos
        rates = [
            r
            for r in (
                self.true_pos / positives if positives else None,
                self.true_neg / negatives if negatives else None,
            )
            if r is not None
        ]
        return sum(rates) / len(rates) if rates else 0.0

    @property
    def missing_f1(self) -> float:
        denominator = 2 * self.lemma_hits + self.lemma_extra + self.lemma_lost
        return 2 * self.lemma_hits / denominator if denominator else 1.0

    @property
    def not_covered(self) -> int:
        return self.true_neg + self.false_pos

    def to_dict(self) -> dict[str, Any]:
        return {
            "balanced_accuracy": round(self.balanced_accuracy, 4),
            "missing_f1": round(self.missing_f1, 4),
            "exact_missing": f"{self.exact}/{self.not_covered}",
            "confusion": {
                "covered_right": self.true_pos,
                "covered_wrong": self.false_neg,
                "vetoed_right": self.true_neg,
                "vetoed_wrong": self.false_pos,
            },
        }


@dataclass
class RankingScore:
    """Top-1 accuracy per group: the best-scoring Word of the group is the gold one (ties
    go to the Word listed first, so a Word-blind guess scores as the first of each group)."""

    right: dict[str, int] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)

    def add(self, case: Mapping[str, Any], predicted: Mapping[str, Any]) -> None:
        scores: Mapping[str, float] = predicted["word_scores"]
        for group, members in case["groups"].items():
            best = max(members, key=lambda w: (scores.get(w, 0.0), -members.index(w)))
            self.total[group] = self.total.get(group, 0) + 1
            if best == case["gold_words"][group]:
                self.right[group] = self.right.get(group, 0) + 1

    def top1(self, group: str) -> float:
        return self.right.get(group, 0) / self.total[group] if self.total.get(group) else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {f"top1_{g}": round(self.top1(g), 4) for g in sorted(self.total)}


def check_case(case: Mapping[str, Any], number: int) -> None:
    fields = RANKING_FIELDS if is_ranking(case) else BINARY_FIELDS
    absent = [f for f in fields if f not in case]
    if absent:
        raise CaseError(f"case {number} ({case.get('id', '?')}): missing {', '.join(absent)}")
    if not isinstance(case["words"], Sequence) or isinstance(case["words"], str):
        raise CaseError(f"case {case['id']}: `words` is a list of Words")
