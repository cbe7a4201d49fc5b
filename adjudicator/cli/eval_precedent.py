"""`adjudicator eval precedent FILE.jsonl`: conflict detection and precedent ranking."""

from __future__ import annotations

from adjudicator.cli import _models  # looked up at each call: tests swap `shared_models`
from adjudicator.cli._options import JsonOption
from adjudicator.cli._output import console, print_json
from adjudicator.cli.evaluate import (
    CasesArgument,
    CasesError,
    OutOption,
    read_cases,
    with_progress,
    write_predictions,
)
from adjudicator.language.coverage import Coverage
from adjudicator.precedent.same_situation import Reader

#: The issue's goals on wop-dev/precedent.jsonl, printed beside the figures.
GOALS = {"macro_f1": 0.95, "precedent_in_top3": 0.97, "false_accusation_rate": 0.02}


def precedent_command(
    cases: CasesArgument, out: OutOption = None, as_json: JsonOption = False
) -> None:
    """Decide every case's proposal against its own small ledger and score the predictions:
    conflict macro-F1 (stricter / looser / none; a conflict naming the wrong precedent is
    wrong), the false-accusation rate over all cases, and precedent-in-top-3 over the cases
    with a gold precedent. Uses the same checks as `ruling add`.

    Example: adjudicator eval precedent ../shared/benchmarks/wop-dev/precedent.jsonl --out p.jsonl
    """
    from adjudicator.precedent.evaluation import (
        predict,
        score,
    )  # lazy: heavy import (sqlite-utils)

    rows = read_cases(cases, ("id", "ledger", "proposal"))
    labeled = all("conflict" in case for case in rows)
    reader = Reader(Coverage(_models.shared_models()))
    try:
        predictions = [predict(case, reader) for case in with_progress(rows, "precedent")]
    except (KeyError, TypeError, ValueError) as error:
        raise CasesError(f"{cases}: a case is not in the precedent format ({error})") from None
    write_predictions(out, (p.to_dict() for p in predictions))
    if not labeled:
        console().print(f"{len(rows)} cases predicted (no gold labels to score)")
        return
    result = score(rows, predictions).to_dict()
    if as_json:
        print_json(result)
        return
    show = console()
    show.print(f"{result['cases']} cases from {cases}")
    labels = ", ".join(f"{label} {value:.3f}" for label, value in result["f1"].items())
    show.print(
        f"  conflict macro-F1:      {result['macro_f1']:.3f}  (goal >= {GOALS['macro_f1']}; "
        f"{labels})"
    )
    show.print(
        f"  false accusations:      {result['false_accusation_rate']:.3f}  "
        f"({result['false_accusations']} of {result['cases']}; goal <= "
        f"{GOALS['false_accusation_rate']})"
    )
    show.print(
        f"  precedent in top 3:     {result['precedent_in_top3']:.3f}  "
        f"(of {result['top3_cases']} with a precedent; goal >= {GOALS['precedent_in_top3']})"
    )
    for wrong in result["errors"]:
        show.print(f"  wrong: {wrong}")
    if out is not None:
        show.print(f"  predictions written to {out}")
