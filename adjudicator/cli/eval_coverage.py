"""`adjudicator eval coverage FILE.jsonl`: coverage accuracy on labeled cases."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from adjudicator.cli._models import shared_models
from adjudicator.cli._options import JsonOption
from adjudicator.cli._output import console, print_json
from adjudicator.cli.evaluate import (
    CasesArgument,
    ConfigOption,
    OutOption,
    read_cases,
    with_progress,
    write_predictions,
)
from adjudicator.language.coverage import Coverage
from adjudicator.language.evaluation import (
    BinaryScore,
    RankingScore,
    check_case,
    fitted_intent,
    is_ranking,
    prediction,
    ranking_prediction,
    select_split,
)
from adjudicator.language.overrides import configured
from adjudicator.language.thresholds import DEFAULT
from adjudicator.language.word_use import WordUse
from adjudicator.rules.words import Word

SplitOption = Annotated[
    str,
    typer.Option(
        "--split",
        help="Score only part of the cases: dev (the cases whose id's sha256 starts with a "
        "byte below 52, about a fifth, the part weights were tuned on), held-out (the rest) "
        "or all.",
    ),
]


def coverage_command(
    cases: CasesArgument,
    out: OutOption = None,
    split: SplitOption = "all",
    as_json: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Check every case's Words against its intent and score the predictions.

    Binary files (`covered`/`missing`) get balanced accuracy on `covered`, missing-concept
    F1 and exact-set match, from the coverage check. Ranking files (`groups`/`gold_words`,
    such as arm5) get top-1 accuracy per group, from how strongly the whole description
    uses each Word (`word_use.py`); their prediction lines hold `word_scores` and, for each
    Word, the token that uses it most.

    Example: adjudicator eval coverage ../shared/benchmarks/wop-dev/coverage.jsonl --out pred.jsonl

    Example: adjudicator eval coverage ../shared/benchmarks/arm5/spells.jsonl --split held-out

    Example: adjudicator eval coverage cases.jsonl --config sweep.toml
    """

    thresholds = configured(DEFAULT, config)
    rows = read_cases(cases)
    for number, case in enumerate(rows, start=1):
        check_case(case, number)
    rows = [dict(case) for case in select_split(rows, split)]
    models = shared_models()
    checker = Coverage(models, thresholds=thresholds)
    scorer = WordUse(models, checker.lexicon, thresholds=thresholds)
    binary, ranking = BinaryScore(), RankingScore()
    predictions: list[dict[str, Any]] = []
    shortened = 0
    for case in with_progress(rows, "checking coverage"):
        words = [Word(w) for w in case["words"]]
        if is_ranking(case):
            scores = scorer.score(str(case["intent"]), words)
            predicted = ranking_prediction(str(case["id"]), scores)
            ranking.add(case, predicted)
        else:
            intent, cut = fitted_intent(str(case["intent"]))
            shortened += cut
            predicted = prediction(str(case["id"]), checker.check(words, intent))
            binary.add(case, predicted)
        predictions.append(predicted)
    write_predictions(out, predictions)
    result: dict[str, Any] = {"cases": len(rows), "split": split, "shortened_intents": shortened}
    if binary.true_pos + binary.true_neg + binary.false_pos + binary.false_neg:
        result["binary"] = binary.to_dict()
    if ranking.total:
        result["ranking"] = ranking.to_dict()
    if as_json:
        print_json(result)
        return
    show = console()
    part = "" if split == "all" else f" ({split} split)"
    show.print(f"{len(rows)} cases from {cases}{part}")
    if shortened:
        show.print(
            f"  {shortened} intents over the length limit read up to their last full "
            "sentence within it"
        )
    if "binary" in result:
        b = result["binary"]
        show.print(f"  balanced accuracy on covered: {b['balanced_accuracy']:.3f}")
        show.print(f"  missing-concept F1:           {b['missing_f1']:.3f}")
        show.print(f"  exact missing set (vetoed):   {b['exact_missing']}")
    for name, value in result.get("ranking", {}).items():
        show.print(f"  {name.replace('top1_', 'top-1 ')}: {value:.3f}")
    if out is not None:
        show.print(f"  predictions written to {out}")
