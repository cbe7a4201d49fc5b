"""Calibrate the Word-use weights on the dev part of arm5, and only there.

Run: .venv/bin/python benchmarks/word_use_calibration.py [../shared/benchmarks/arm5/spells.jsonl]

It reads the arm5 ranking cases, keeps the dev split (`evaluation.in_dev_split`: the cases
whose id's sha256 starts with a byte below 52, 245 of 1,264), computes each case's
evidence once (`WordUse.evidence`: the parse and the encodings) and prints top-1 per group
for the weights of `word_use.Weights` and for each one-at-a-time change of the grid below,
so that a change of weight is one re-run away from its numbers. The held-out part is never
read past the split: report it with `adjudicator eval coverage ... --split held-out`.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from adjudicator.cli.evaluate import read_cases
from adjudicator.language.evaluation import RankingScore, is_ranking, select_split
from adjudicator.language.models import Models
from adjudicator.language.word_use import WEIGHTS, Evidence, Weights, WordUse
from adjudicator.rules.words import Word

DEFAULT_CASES = (
    Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "arm5" / "spells.jsonl"
)

#: One-at-a-time alternatives to the defaults.
GRID: dict[str, tuple[float, ...]] = {
    "sentence_decay": (0.4, 0.8, 1.0),
    "light": (0.1, 1.0),
    "agent": (0.0, 0.6, 1.0),
    "patient": (0.6, 1.5),
    "oblique": (0.3, 1.0),
    "comparison": (0.0, 0.6),
    "modifier": (0.3, 1.0),
    "purpose": (0.2, 1.0),
    "proper_name": (0.0, 1.0),
    "lemma_scale": (0.05, 0.2),
    "context_scale": (0.05, 0.2, 1e9),
    "prior_tokens": (3.0, 30.0),
}


def top1(cases: list[dict[str, Any]], evidence: dict[str, Evidence], weights: Weights) -> str:
    score = RankingScore()
    for case in cases:
        scores = WordUse.combine(evidence[str(case["id"])], weights)
        score.add(case, {"word_scores": {w.text: s for w, s in scores.pairs()}})
    return ", ".join(f"{k} {v:.3f}" for k, v in score.to_dict().items())


def main(path: Path) -> None:
    cases = [dict(c) for c in select_split(read_cases(path), "dev") if is_ranking(c)]
    scorer = WordUse(Models())
    start = time.perf_counter()
    evidence = {
        str(c["id"]): scorer.evidence(str(c["intent"]), [Word(w) for w in c["words"]])
        for c in cases
    }
    seconds = time.perf_counter() - start
    print(f"{len(cases)} dev cases of {path} ({seconds:.0f} s to read and encode)")
    print(f"defaults: {top1(cases, evidence, WEIGHTS)}")
    for name, values in GRID.items():
        for value in values:
            change: dict[str, Any] = {name: value}
            changed = replace(WEIGHTS, **change)
            print(f"  {name} = {value:g}: {top1(cases, evidence, changed)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_CASES)
