"""Score a coverage file through the real check, once per judge weights file given.

    python models/score_hands.py training/hands/author-y/coverage.jsonl \
        adjudicator/language/data/judge.npz+adjudicator/language/data/reader.npz [OTHER ...]

Each weights argument is a judge's networks, with `+` its cross-reader (none: the networks
alone).

Made for whole hands (`training/hands/`: 6-10 Words a case, most unrelated to the intent),
which the leave-one-author-out folds never see: it prints balanced accuracy,
missing-concept F1 and the first verdicts it gets wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from adjudicator.language.coverage import Coverage
from adjudicator.language.evaluation import BinaryScore, fitted_intent, prediction
from adjudicator.language.judge import Judge
from adjudicator.language.models import Models
from adjudicator.rules.words import Word

SHOWN = 15


def main(argv: list[str]) -> int:
    path, weights = Path(argv[0]), argv[1:]
    models = Models()
    for name in weights:
        networks, _, reader = name.partition("+")
        judge = Judge(Path(networks), Path(reader) if reader else None)
        coverage = Coverage(models, judge=judge)
        binary = BinaryScore()
        wrong = []
        for line in path.open(encoding="utf-8"):
            case = json.loads(line)
            words = tuple(Word(w) for w in case["words"])
            intent, _ = fitted_intent(str(case["intent"]))
            predicted = prediction(str(case["id"]), coverage.check(words, intent))
            binary.add(case, predicted)
            if bool(predicted["covered"]) != case["covered"]:
                wrong.append(f"  {case['id']} {case['intent']!r}: got {predicted['missing']}")
        print(
            f"{name}: balanced {binary.balanced_accuracy:.3f}  missing_f1 "
            f"{binary.missing_f1:.3f}  wrong verdicts {len(wrong)}"
        )
        print("\n".join(wrong[:SHOWN]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
