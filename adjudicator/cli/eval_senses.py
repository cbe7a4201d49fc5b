"""`adjudicator eval senses|homonyms`: accuracy of the homonym checks on labeled cases.

Formats: `../shared/benchmarks/README.md` ("senses", "homonyms"). Senses accuracy is averaged
over words (each word counts once, however many cases it has) and shown overall; homonyms
get precision, recall and F1 of `homonym: true`.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from adjudicator.cli._models import shared_models
from adjudicator.cli._options import json_option
from adjudicator.cli._output import console
from adjudicator.cli.evaluate import (
    CasesArgument,
    CasesError,
    ConfigOption,
    OutOption,
    read_cases,
    with_progress,
    write_predictions,
)
from adjudicator.language import homonym_thresholds, sense_thresholds
from adjudicator.language.homonyms import is_homonym
from adjudicator.language.inventory import SenseInventory
from adjudicator.language.overrides import configured
from adjudicator.language.senses import SenseExample, SenseModel, SenseQuery

ExamplesOption = Annotated[
    Path | None,
    typer.Option(
        "--examples",
        help="Labeled cases of the same format whose words' meanings are known (earlier rulings).",
    ),
]
JsonOption = Annotated[bool, json_option("Print the metrics as JSON.")]
CHUNK = 512  # cases encoded per batch of the progress bar


@dataclass(frozen=True)
class SensesReport:
    """Senses accuracy: averaged over words, overall, and per word."""

    cases: int
    mean_accuracy: float
    accuracy: float
    per_word: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": "senses",
            "cases": self.cases,
            "mean_accuracy_over_words": round(self.mean_accuracy, 4),
            "accuracy": round(self.accuracy, 4),
            "per_word": {w: round(a, 4) for w, a in sorted(self.per_word.items())},
        }


@dataclass(frozen=True)
class HomonymsReport:
    """Homonym detection: precision, recall and F1 of `homonym: true`, and accuracy."""

    cases: int
    precision: float
    recall: float
    f1: float
    accuracy: float
    errors: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": "homonyms",
            "cases": self.cases,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "accuracy": round(self.accuracy, 4),
            "errors": list(self.errors),
        }


def senses_report(cases: Sequence[dict[str, Any]], predicted: Sequence[str]) -> SensesReport:
    """Accuracy per word, its mean over words, and overall (cases without `gold` are skipped)."""
    hits: dict[str, list[bool]] = defaultdict(list)
    for case, sense in zip(cases, predicted, strict=True):
        if "gold" in case:
            hits[str(case["word"]).lower()].append(sense == str(case["gold"]))
    per_word = {w: sum(h) / len(h) for w, h in hits.items()}
    flat = [h for word in hits.values() for h in word]
    return SensesReport(
        cases=len(flat),
        mean_accuracy=sum(per_word.values()) / len(per_word) if per_word else 0.0,
        accuracy=sum(flat) / len(flat) if flat else 0.0,
        per_word=per_word,
    )


def homonyms_report(cases: Sequence[dict[str, Any]], predicted: Sequence[bool]) -> HomonymsReport:
    """Precision, recall and F1 of detecting homonyms, with the words it got wrong."""
    pairs = [
        (bool(c["homonym"]), p, str(c["word"]))
        for c, p in zip(cases, predicted, strict=True)
        if "homonym" in c
    ]
    tp = sum(1 for gold, p, _ in pairs if gold and p)
    fp = sum(1 for gold, p, _ in pairs if p and not gold)
    fn = sum(1 for gold, p, _ in pairs if gold and not p)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    errors = tuple(
        f"{w} ({'missed' if gold else 'false alarm'})" for gold, p, w in pairs if gold != p
    )
    accuracy = sum(1 for gold, p, _ in pairs if gold == p) / len(pairs) if pairs else 0.0
    return HomonymsReport(len(pairs), precision, recall, f1, accuracy, errors)


def _span(case: dict[str, Any]) -> tuple[int, int] | None:
    span = case.get("span")
    if span is None:
        return None
    if not (isinstance(span, list) and len(span) == 2 and all(isinstance(x, int) for x in span)):
        raise CasesError(f"{case['id']}: span is two character offsets, got {span!r}")
    return (span[0], span[1])


def _queries(cases: Sequence[dict[str, Any]]) -> list[Any]:

    queries = []
    for case in cases:
        senses = case["senses"]
        if not isinstance(senses, dict) or not senses:
            raise CasesError(f"{case['id']}: senses maps each key to a description")
        queries.append(
            SenseQuery(
                word=str(case["word"]),
                senses=tuple((str(k), str(v)) for k, v in senses.items()),
                text=str(case["text"]),
                span=_span(case),
                words=tuple(str(w) for w in case.get("words", ())),
            )
        )
    return queries


def _examples(path: Path) -> list[Any]:

    return [
        SenseExample(str(c["word"]), str(c["text"]), str(c["gold"]), _span(c))
        for c in read_cases(path, ("id", "word", "text", "gold"))
    ]


def senses_command(
    cases_file: CasesArgument,
    out: OutOption = None,
    examples: ExamplesOption = None,
    as_json: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Which declared meaning of a homonym does each text use? Accuracy averaged over words.

    Example: adjudicator eval senses ../shared/benchmarks/wop-dev/senses.jsonl --out pred.jsonl
    """

    thresholds = configured(sense_thresholds.DEFAULT, config)
    cases = read_cases(cases_file, ("id", "word", "senses", "text"))
    queries = _queries(cases)
    labeled = _examples(examples) if examples is not None else []
    model = SenseModel(shared_models(), SenseInventory(), thresholds)
    chunks = [range(i, min(i + CHUNK, len(queries))) for i in range(0, len(queries), CHUNK)]
    choices = []
    for chunk in with_progress(chunks, f"senses ({len(queries)} cases)"):
        choices.extend(model.choose_many([queries[i] for i in chunk], labeled))
    write_predictions(
        out,
        ({"id": c["id"], **choice.to_dict()} for c, choice in zip(cases, choices, strict=True)),
    )
    report = senses_report(cases, [c.key for c in choices])
    _show(report.to_dict(), as_json)


def homonyms_command(
    cases_file: CasesArgument,
    out: OutOption = None,
    as_json: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Must a player declare which meaning each Word has? Precision, recall and F1.

    Example: adjudicator eval homonyms ../shared/benchmarks/wop-dev/homonyms.jsonl
    """
    thresholds = configured(homonym_thresholds.DEFAULT, config)
    cases = read_cases(cases_file, ("id", "word"))
    inventory = SenseInventory()
    infos = [
        is_homonym(str(c["word"]), inventory, thresholds) for c in with_progress(cases, "homonyms")
    ]
    write_predictions(
        out,
        (
            {"id": c["id"], "homonym": info.homonym, "senses": list(info.senses)}
            for c, info in zip(cases, infos, strict=True)
        ),
    )
    report = homonyms_report(cases, [info.homonym for info in infos])
    _show(report.to_dict(), as_json)


def _show(metrics: dict[str, Any], as_json: bool) -> None:
    if as_json:
        console().print_json(json.dumps(metrics))
        return
    table = Table(title=f"eval {metrics['task']}", show_header=True)
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in metrics.items():
        if key in ("task", "per_word"):
            continue
        shown = ", ".join(value) if isinstance(value, list) else str(value)
        table.add_row(key.replace("_", " "), shown or "none")
    console().print(table)
    per_word = metrics.get("per_word")
    if per_word:
        words = Table(title="accuracy per word", show_header=True)
        words.add_column("word")
        words.add_column("accuracy", justify="right")
        for word, value in per_word.items():
            words.add_row(word, f"{value:.3f}")
        console().print(words)
