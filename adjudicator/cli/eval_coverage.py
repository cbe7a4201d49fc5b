"""`adjudicator eval coverage FILE.jsonl`: coverage accuracy on labeled cases."""

from __future__ import annotations

from typing import Any

import typer

from adjudicator.cli._output import JsonOption, console, print_json
from adjudicator.cli.evaluate import (
    CasesArgument,
    OutOption,
    read_cases,
    with_progress,
    write_predictions,
)


def register(app: typer.Typer) -> None:
    """Add the `coverage` command to the `eval` group."""
    app.command("coverage")(coverage_command)


def coverage_command(
    cases: CasesArgument, out: OutOption = None, as_json: JsonOption = False
) -> None:
    """Check every case's Words against its intent and score the predictions.

    Binary files (`covered`/`missing`) get balanced accuracy on `covered`, missing-concept
    F1 and exact-set match; ranking files (`groups`/`gold_words`, such as arm5) get top-1
    accuracy per group.

    Example: adjudicator eval coverage ../shared/benchmarks/wop-dev/coverage.jsonl --out pred.jsonl

    Example: adjudicator eval coverage ../shared/benchmarks/arm5/spells.jsonl
    """
    from adjudicator.cli._models import shared_models
    from adjudicator.language.coverage import Coverage
    from adjudicator.language.evaluation import (
        BinaryScore,
        RankingScore,
        check_case,
        fitted_intent,
        is_ranking,
        prediction,
    )
    from adjudicator.rules.words import Word

    rows = read_cases(cases)
    for number, case in enumerate(rows, start=1):
        check_case(case, number)
    checker = Coverage(shared_models())
    binary, ranking = BinaryScore(), RankingScore()
    predictions: list[dict[str, Any]] = []
    shortened = 0
    for case in with_progress(rows, "checking coverage"):
        intent, cut = fitted_intent(str(case["intent"]))
        shortened += cut
        report = checker.check([Word(w) for w in case["words"]], intent)
        predicted = prediction(str(case["id"]), report)
        predictions.append(predicted)
        (ranking if is_ranking(case) else binary).add(case, predicted)
    write_predictions(out, predictions)
    result: dict[str, Any] = {"cases": len(rows), "shortened_intents": shortened}
    if binary.true_pos + binary.true_neg + binary.false_pos + binary.false_neg:
        result["binary"] = binary.to_dict()
    if ranking.total:
        result["ranking"] = ranking.to_dict()
    if as_json:
        print_json(result)
        return
    show = console()
    show.print(f"{len(rows)} cases from {cases}")
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
