"""`adjudicator eval ...`: accuracy on labeled cases (formats: the benchmarks README).

The commands live beside their subject (`eval_coverage.py`, `eval_senses.py`,
`eval_precedent.py`), imported when one runs; what they share is here: reading cases,
writing predictions, a progress bar.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, ClassVar, TypeVar

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

from adjudicator.cli._lazy import Lazy, LazyGroup
from adjudicator.cli._ledger import write_output
from adjudicator.cli._output import error_console
from adjudicator.errors import InvalidInput


class _Eval(LazyGroup):
    """The `eval` commands, each imported when it runs."""

    lazy: ClassVar[Mapping[str, Lazy]] = {
        "coverage": Lazy(
            "adjudicator.cli.eval_coverage",
            "coverage_command",
            "Check every case's Words against its intent and score the predictions.",
        ),
        "senses": Lazy(
            "adjudicator.cli.eval_senses",
            "senses_command",
            "Which declared meaning of a homonym does each text use? Accuracy averaged over words.",
        ),
        "homonyms": Lazy(
            "adjudicator.cli.eval_senses",
            "homonyms_command",
            "Must a player declare which meaning each Word has? Precision, recall and F1.",
        ),
        "precedent": Lazy(
            "adjudicator.cli.eval_precedent",
            "precedent_command",
            "Decide every case's proposal against its own small ledger and score the "
            "predictions: conflict macro-F1 (stricter / looser / none; a conflict naming the "
            "wrong precedent is wrong), the false-accusation rate over all cases, and "
            "precedent-in-top-3 over the cases with a gold precedent. Uses the same checks as "
            "`ruling add`.",
        ),
    }


app = typer.Typer(cls=_Eval, help="Measure accuracy on labeled cases.", no_args_is_help=True)

T = TypeVar("T")

CasesArgument = Annotated[
    Path, typer.Argument(help="Labeled cases, one JSON object per line.", show_default=False)
]
OutOption = Annotated[
    Path | None, typer.Option("--out", help="Write one prediction line per case here.")
]
ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help="A JSON or TOML file of name = value pairs overriding the component's tuned "
        "numbers (its thresholds dataclass), for sweeps; an unknown name is an error.",
    ),
]


class CasesError(InvalidInput):
    """A cases file that cannot be read: missing, not UTF-8, or a line that is not a case."""


def read_cases(path: Path, required: Sequence[str] = ("id",)) -> list[dict[str, Any]]:
    """Every case of a JSON Lines file; an error names the line and the missing field."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CasesError(f"{path}: no such file") from None
    except UnicodeDecodeError as error:
        raise CasesError(f"{path}: not UTF-8 (byte {error.start})") from None
    cases = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as error:
            raise CasesError(f"{path}:{number}: not JSON ({error.msg})") from None
        if not isinstance(case, dict):
            raise CasesError(f"{path}:{number}: a case is a JSON object")
        missing = [field for field in required if field not in case]
        if missing:
            raise CasesError(f"{path}:{number}: missing {', '.join(missing)}")
        cases.append(case)
    if not cases:
        raise CasesError(f"{path}: no cases")
    return cases


def write_predictions(path: Path | None, predictions: Iterable[dict[str, Any]]) -> None:
    """One JSON line per prediction, if an output file was asked for."""
    if path is None:
        return
    if not path.parent.is_dir():
        raise CasesError(f"{path}: the folder {path.parent} does not exist")

    text = "".join(json.dumps(prediction, ensure_ascii=False) + "\n" for prediction in predictions)
    write_output(text, path, force=True, ledger=None)  # never the campaign ledger


def with_progress(items: Sequence[T], description: str) -> Iterator[T]:
    """Iterate `items` with a progress bar on stderr."""
    columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())  # fmt: skip
    with Progress(*columns, console=error_console(), transient=True) as progress:
        task = progress.add_task(description, total=len(items))
        for item in items:
            yield item
            progress.advance(task)
