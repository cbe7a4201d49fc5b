"""`adjudicator eval senses|homonyms` on small samples of the benchmark formats."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.cli.eval_senses import homonyms_report, senses_report

HOMONYMS: list[dict[str, object]] = [
    {"id": "h1", "word": "Lead", "homonym": True},
    {"id": "h2", "word": "Summon", "homonym": False},
    {"id": "h3", "word": "Pen", "homonym": True},
]
BASS = {"declared": "a low-pitched sound", "other": "a freshwater fish"}
MOLE = {"declared": "a small burrowing animal", "other": "a dark spot on the skin"}
SENSES: list[dict[str, object]] = [
    {"id": "s1", "word": "Bass", "senses": BASS, "words": ["Bass", "Summon"],
     "text": "conjure a fat striped bass for our dinner", "gold": "other"},
    {"id": "s2", "word": "Mole", "senses": MOLE, "words": ["Mole", "Summon"],
     "text": "summon a mole to dig under the fence", "gold": "declared"},
    {"id": "s3", "word": "bank", "senses": {"0": "bank", "1": "bank (geography)"},
     "text": "we walked along the bank of the river", "span": [17, 21], "gold": "1"},
]  # fmt: skip


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_eval_homonyms_writes_one_prediction_per_case_and_prints_f1(tmp_path: Path) -> None:
    out = tmp_path / "pred.jsonl"
    cases = _write(tmp_path / "cases.jsonl", HOMONYMS)
    result = CliRunner().invoke(app, ["eval", "homonyms", str(cases), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    predictions = [json.loads(line) for line in out.read_text().splitlines()]
    assert [p["id"] for p in predictions] == ["h1", "h2", "h3"]
    assert predictions[0]["homonym"] is True and len(predictions[0]["senses"]) >= 2
    assert predictions[1] == {"id": "h2", "homonym": False, "senses": []}
    assert json.loads(result.stdout)["f1"] == 1.0


@pytest.mark.models
def test_eval_senses_reads_both_formats_and_averages_over_words(tmp_path: Path) -> None:
    out = tmp_path / "pred.jsonl"
    cases = _write(tmp_path / "cases.jsonl", SENSES)
    result = CliRunner().invoke(app, ["eval", "senses", str(cases), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    predictions = [json.loads(line) for line in out.read_text().splitlines()]
    assert [p["id"] for p in predictions] == ["s1", "s2", "s3"]
    assert set(predictions[2]["scores"]) == {"0", "1"}
    metrics = json.loads(result.stdout)
    assert metrics["cases"] == 3 and metrics["mean_accuracy_over_words"] == 1.0


@pytest.mark.models
def test_eval_senses_learns_from_examples(tmp_path: Path) -> None:
    cases = _write(tmp_path / "cases.jsonl", SENSES[2:])
    train = _write(tmp_path / "train.jsonl", [{**SENSES[2], "id": "t1"}])
    args = ["eval", "senses", str(cases), "--examples", str(train), "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["accuracy"] == 1.0


def test_a_malformed_cases_file_is_a_clear_error(tmp_path: Path) -> None:
    cases = tmp_path / "bad.jsonl"
    cases.write_text('{"id": "x"}\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["eval", "homonyms", str(cases)])
    assert result.exit_code == 1
    assert "missing word" in result.output


def test_senses_accuracy_counts_each_word_once() -> None:
    cases = [{"word": "a", "gold": "x"}] * 3 + [{"word": "b", "gold": "x"}]
    report = senses_report(cases, ["x", "x", "x", "y"])
    assert report.mean_accuracy == 0.5 and report.accuracy == 0.75


def test_homonym_scores_are_precision_recall_and_f1() -> None:
    cases = [{"word": w, "homonym": h} for w, h in [("a", True), ("b", True), ("c", False)]]
    report = homonyms_report(cases, [True, False, True])
    assert (report.precision, report.recall, report.f1) == (0.5, 0.5, 0.5)
    assert report.errors == ("b (missed)", "c (false alarm)")
