"""The precedent benchmark format (../shared/benchmarks/README.md, "precedent"), predicted
and scored with the same pure path a live ledger uses.

Each case carries its own small ledger, policies and proposal. They become `Precedent`s,
`PolicyNote`s and a `Question`; intents are read by the same `Reader` (vectors through the
same half-precision storage round trip) and decided by the same `precedent.decide`. The
ranking is the live hybrid with token overlap standing in for FTS5 bm25.

Scores: conflict macro-F1 over stricter / looser / none, each label that occurs in the gold
or the answers (a stricter or looser answer naming the wrong precedent counts as wrong); the
false-accusation rate, over all cases, of answers that predict a conflict where there is
none or name the wrong precedent; and precedent-in-top-3 over the cases that have a gold precedent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from adjudicator.ledger.rulings import Verdict
from adjudicator.precedent import store
from adjudicator.precedent.cases import PolicyNote, Precedent, Question
from adjudicator.precedent.conflicts import Candidate, Decision, decide
from adjudicator.precedent.same_situation import Reader
from adjudicator.precedent.scores import Scores, token_overlap, word_overlap
from adjudicator.rules.words import Word

LABELS = ("stricter", "looser", None)


def _words(values: Any) -> tuple[Word, ...]:
    return tuple(Word(str(text)) for text in values or ())


def case_precedents(case: Mapping[str, Any]) -> list[Precedent]:
    return [
        Precedent(
            id=str(item["id"]),
            words=_words(item["words"]),
            intent=str(item["intent"]),
            verdict=Verdict(item["verdict"]),
            needs=_words(item.get("required_words")),
            session=int(item["session"]),
            position=position,
        )
        for position, item in enumerate(case["ledger"])
    ]


def case_policies(case: Mapping[str, Any]) -> list[PolicyNote]:
    return [
        PolicyNote(
            id=str(item["id"]),
            supersedes=frozenset(str(r) for r in item.get("supersedes", ())),
            concept=Word(str(item["concept"])).text if item.get("concept") else None,
            session=int(item["session"]),
        )
        for item in case.get("policies", ())
    ]


def case_question(case: Mapping[str, Any]) -> Question:
    proposal = case["proposal"]
    return Question(
        words=_words(proposal["words"]),
        intent=str(proposal["intent"]),
        verdict=Verdict(proposal["verdict"]),
        needs=_words(proposal.get("required_words")),
        session=int(proposal["session"]),
    )


@dataclass(frozen=True)
class Prediction:
    """One case's answer: the decision and the ranking with its scores."""

    id: str
    decision: Decision
    ranked: tuple[tuple[str, Scores], ...]

    @property
    def conflict(self) -> str | None:
        found = self.decision.conflict
        return None if found is None else found.kind.value

    @property
    def precedent(self) -> str | None:
        found = self.decision.conflict
        return None if found is None else found.precedent.id

    def to_dict(self) -> dict[str, Any]:
        """The prediction line of the benchmark format."""
        return {
            "id": self.id,
            "conflict": self.conflict,
            "precedent": self.precedent,
            "ranked": [ruling for ruling, _ in self.ranked],
        }


def predict(case: Mapping[str, Any], reader: Reader) -> Prediction:
    """Decide and rank one case."""
    precedents = case_precedents(case)
    question = case_question(case)
    vectors = store.stored_round_trip(
        reader.encode([question.intent, *(p.intent for p in precedents)])
    )
    reading = reader.read(question.intent, question.words, vector=vectors[0])
    candidates = [
        Candidate(
            precedent,
            reader.read(precedent.intent, precedent.words, vector=vector),
            reader.scope_of_words(precedent.needs),
        )
        for precedent, vector in zip(precedents, vectors[1:], strict=True)
    ]
    decision = decide(
        question,
        reading,
        candidates,
        case_policies(case),
        needs_scope=reader.scope_of_words(question.needs),
    )
    scored = [
        (
            p.id,
            Scores(
                float(np.dot(vectors[0], vector)),
                token_overlap(question.intent, p.intent),
                word_overlap(question.words, p.words),
            ),
        )
        for p, vector in zip(precedents, vectors[1:], strict=True)
    ]
    scored.sort(key=lambda item: -item[1].total)
    return Prediction(str(case["id"]), decision, tuple(scored))


@dataclass(frozen=True)
class Evaluation:
    """The three figures the issue asks for, with what they were computed over."""

    cases: int
    macro_f1: float
    per_label: Mapping[str, float]
    false_accusations: int
    top3_hits: int
    top3_cases: int
    errors: tuple[str, ...]

    @property
    def false_accusation_rate(self) -> float:
        return self.false_accusations / self.cases if self.cases else 0.0

    @property
    def top3(self) -> float:
        return self.top3_hits / self.top3_cases if self.top3_cases else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "macro_f1": round(self.macro_f1, 4),
            "f1": {k: round(v, 4) for k, v in self.per_label.items()},
            "false_accusations": self.false_accusations,
            "false_accusation_rate": round(self.false_accusation_rate, 4),
            "precedent_in_top3": round(self.top3, 4),
            "top3_cases": self.top3_cases,
            "errors": list(self.errors),
        }


def score(cases: Sequence[Mapping[str, Any]], predictions: Sequence[Prediction]) -> Evaluation:
    """Macro-F1, false accusations and top-3 of `predictions` against `cases`."""
    answers = {p.id: p for p in predictions}
    gold_labels: list[str | None] = []
    said_labels: list[str | None] = []
    false_accusations = top3_hits = top3_cases = 0
    errors = []
    for case in cases:
        found = answers[str(case["id"])]
        gold, said = case.get("conflict"), found.conflict
        right_precedent = said is None or found.precedent == case.get("precedent")
        credited = said if right_precedent else "wrong precedent"
        gold_labels.append(gold)
        said_labels.append(credited)
        if said is not None and (gold is None or not right_precedent):
            false_accusations += 1
        if case.get("precedent"):
            top3_cases += 1
            top3_hits += case["precedent"] in [r for r, _ in found.ranked[:3]]
        if credited != gold:
            errors.append(
                f"{case['id']}: gold {gold} {case.get('precedent')}, said {said} {found.precedent}"
            )
    per_label = {}
    present = set(gold_labels) | set(said_labels)
    for label in (label for label in LABELS if label in present):
        tp = sum(1 for g, s in zip(gold_labels, said_labels, strict=True) if g == s == label)
        fp = sum(1 for g, s in zip(gold_labels, said_labels, strict=True) if s == label != g)
        fn = sum(1 for g, s in zip(gold_labels, said_labels, strict=True) if g == label != s)
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        per_label["none" if label is None else label] = f1
    return Evaluation(
        cases=len(cases),
        macro_f1=sum(per_label.values()) / len(per_label),
        per_label=per_label,
        false_accusations=false_accusations,
        top3_hits=top3_hits,
        top3_cases=top3_cases,
        errors=tuple(errors),
    )
