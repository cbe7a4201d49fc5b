"""Leave one source out for the precedent checks (docs/accuracy.md, "Precedent").

    OMP_NUM_THREADS=1 python models/eval_precedent_folds.py

Three sources the project may tune on: wop-dev's precedent.jsonl, wop-voices'
precedent_new.jsonl and training/author-e/precedent.jsonl (written from the policy alone).
Each fold holds one out: the same-situation cosine (`thresholds.SAME_COSINE`, the one
threshold that decides most pairs) is chosen from a grid on the other two (highest pooled
macro-F1 minus false-accusation rate; ties go to the shipped value), then the held-out
source is scored with it. The shipped method and the rules it replaced (`METHODS`, one change
at a time) are scored the same way, so each fold shows what each change did on data it never
saw; the last line of each method is the shipped threshold on every source.

Intents are parsed and encoded once (about 3 minutes on a quiet core); the decisions are the
pure `precedent.decide` of `adjudicator eval precedent`. The benchmarks are read from
$WOP_BENCHMARKS, else ../shared/benchmarks beside the repository.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.language.coverage import Coverage  # noqa: E402
from adjudicator.language.models import Models  # noqa: E402
from adjudicator.precedent import conflicts, same_situation, store  # noqa: E402
from adjudicator.precedent import thresholds as limits  # noqa: E402
from adjudicator.precedent.conflicts import Candidate, decide  # noqa: E402
from adjudicator.precedent.evaluation import (  # noqa: E402
    Evaluation,
    Prediction,
    case_policies,
    case_precedents,
    case_question,
    score,
)
from adjudicator.precedent.same_situation import Reader, Reading  # noqa: E402

BENCH = Path(os.environ.get("WOP_BENCHMARKS", ROOT.parent / "shared" / "benchmarks"))
SOURCES = {
    "wop-dev": BENCH / "wop-dev" / "precedent.jsonl",
    "wop-voices": BENCH / "wop-voices" / "precedent_new.jsonl",
    "author-e": ROOT / "training" / "author-e" / "precedent.jsonl",
}
GRID = (0.30, 0.35, 0.40, 0.45, 0.50, 0.55)

Read = tuple[dict[str, Any], list[Reading], list[frozenset[str]]]


def read_source(path: Path, reader: Reader) -> list[Read]:
    """Each case with the readings of its proposal and ledger, and their needs' scope."""
    found = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        precedents, question = case_precedents(case), case_question(case)
        texts = [question.intent, *(p.intent for p in precedents)]
        words = [question.words, *(p.words for p in precedents)]
        needs = [question.needs, *(p.needs for p in precedents)]
        vectors = store.stored_round_trip(reader.encode(texts))
        readings = [
            reader.read(t, w, vector=v) for t, w, v in zip(texts, words, vectors, strict=True)
        ]
        found.append((case, readings, [reader.scope_of_words(n) for n in needs]))
    return found


def evaluate(items: Sequence[Read]) -> Evaluation:
    """The figures of `adjudicator eval precedent` on cached readings (ranking left out)."""
    predictions = []
    for case, readings, scope in items:
        candidates = [
            Candidate(p, readings[k + 1], scope[k + 1]) for k, p in enumerate(case_precedents(case))
        ]
        decision = decide(
            case_question(case), readings[0], candidates, case_policies(case), needs_scope=scope[0]
        )
        predictions.append(Prediction(str(case["id"]), decision, ()))
    return score([case for case, _, _ in items], predictions)


#: The methods compared: the shipped one, and the rules it replaced, one change at a time.
METHODS = {
    "before": "a closer precedent ruling the same way governs even when it is another "
    "situation; no near-miss test",
    "+ nearest": "it governs only when it is the same situation",
    "+ near miss": "and the same sentence about another thing is another situation",
    "now (+ as ruled)": "and a parse's 'means nothing' is believed only of a veto naming no "
    "missing Words; of tied conflicts the closest is named",
}


def _old_surest(finding: conflicts.Finding) -> tuple[float, float, int, int]:
    """The order of conflicts before: confidence, then the latest ruling."""
    return (finding.confidence, 0.0, finding.precedent.record or 0, finding.precedent.position)


@contextmanager
def method(name: str, same_cosine: float) -> Iterator[None]:
    """Run with this `SAME_COSINE`, and with the rules of method `name` (`METHODS`)."""
    saved = (limits.SAME_COSINE, conflicts._same, same_situation._swapped_thing,
             conflicts.as_ruled, conflicts._surest)  # fmt: skip
    limits.SAME_COSINE = same_cosine
    step = list(METHODS).index(name)
    if step < 1:
        conflicts._same = lambda *_: True
    if step < 2:
        same_situation._swapped_thing = lambda *_: None
    if step < 3:
        conflicts.as_ruled = lambda reading, *_: reading
        conflicts._surest = _old_surest
    try:
        yield
    finally:
        (limits.SAME_COSINE, conflicts._same, same_situation._swapped_thing,
         conflicts.as_ruled, conflicts._surest) = saved  # fmt: skip


def objective(results: Sequence[Evaluation]) -> float:
    cases = sum(r.cases for r in results)
    f1 = sum(r.macro_f1 * r.cases for r in results) / cases
    return f1 - sum(r.false_accusations for r in results) / cases


def line(result: Evaluation) -> str:
    return (
        f"macro-F1 {result.macro_f1:.3f}, false accusations {result.false_accusations} of "
        f"{result.cases} ({result.false_accusation_rate:.1%})"
    )


def folds(data: Mapping[str, list[Read]]) -> None:
    shipped = limits.SAME_COSINE
    for name, rules in METHODS.items():
        print(f"== {name}: {rules}")
        for held in data:
            tuning = [source for source in data if source != held]

            def fitness(
                value: float, tuning: list[str] = tuning, name: str = name
            ) -> tuple[float, float]:
                with method(name, value):
                    return objective([evaluate(data[s]) for s in tuning]), -abs(value - shipped)

            chosen = max(GRID, key=fitness)
            with method(name, chosen):
                held_out = evaluate(data[held])
                tuned = [f"{s} {line(evaluate(data[s]))}" for s in tuning]
            print(f"  held out {held}: {line(held_out)}  (SAME_COSINE {chosen:.2f})")
            print(f"    tuned on: {'; '.join(tuned)}")
        with method(name, shipped):
            every = "; ".join(f"{s} {line(evaluate(items))}" for s, items in data.items())
        print(f"  shipped value {shipped:.2f} on every source: {every}")


def every_threshold(data: Mapping[str, list[Read]]) -> None:
    """Each method at each grid value on each source: whether a change helps at any
    threshold, apart from which threshold a fold's tuning picks."""
    print("== every method at every SAME_COSINE (macro-F1 / false accusations)")
    for value in GRID:
        cells = []
        for name in METHODS:
            with method(name, value):
                found = [evaluate(items) for items in data.values()]
            cells.append(f"{name} " + " ".join(f"{r.macro_f1:.3f}/{r.false_accusations}"
                                               for r in found))  # fmt: skip
        print(f"  {value:.2f}: " + " | ".join(cells))
    print(f"  (sources in order: {', '.join(data)})")


def main() -> None:
    reader = Reader(Coverage(Models()))
    data = {name: read_source(path, reader) for name, path in SOURCES.items()}
    folds(data)
    every_threshold(data)


if __name__ == "__main__":
    main()
