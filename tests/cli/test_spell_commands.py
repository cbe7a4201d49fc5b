"""`adjudicator spell parse|check|draft` and `adjudicator eval coverage`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models

runner = CliRunner()


@pytest.fixture(scope="module")
def checker(models: Models) -> Coverage:
    return Coverage(models)


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch, checker: Coverage) -> Coverage:
    """The commands use the session's models instead of loading their own."""
    monkeypatch.setattr("adjudicator.cli.spell._checker", lambda: checker)
    monkeypatch.setattr("adjudicator.cli._models.shared_models", lambda: checker.models)
    return checker


def test_commands_other_than_spell_and_eval_never_import_spacy_or_torch() -> None:
    code = "import sys, adjudicator.cli; print('spacy' in sys.modules, 'torch' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "False"]


@pytest.mark.models
def test_spell_parse_lists_concepts_with_roles(shared: Coverage) -> None:
    result = runner.invoke(
        app, ["spell", "parse", "[Decrease] [Speech]", "make this guy stop talking", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    roles = {c["lemma"]: (c["role"], c["needs_word"]) for c in data["concepts"]}
    assert roles["stop"] == ("effect", True)
    assert roles["guy"] == ("recipient", False)
    table = runner.invoke(
        app, ["spell", "parse", "[Fire] [Ball]", "I cast [Fire] [Ball] on the Orc."]
    )
    assert "doesn't *mean* anything" in table.stdout


@pytest.mark.models
def test_spell_check_gives_the_veto_reason(shared: Coverage) -> None:
    result = runner.invoke(app, ["spell", "check", "[Fire] [Ball]", "trap a balloon with fire"])
    assert result.exit_code == 0, result.output
    assert "not covered" in result.stdout
    assert "Nothing covers 'trap': add a Word such as [Trap]" in result.stdout
    data = json.loads(
        runner.invoke(
            app, ["spell", "check", "[Fire] [Ball] [Trap]", "trap a balloon with fire", "--json"]
        ).stdout
    )
    assert data["verdict"] == "covered" and data["missing"] == []
    assert set(data["word_scores"]) == {"Fire", "Ball", "Trap"}


@pytest.mark.models
def test_spell_check_with_a_hand_runs_the_structural_checks(shared: Coverage) -> None:
    args = ["spell", "check", "[Decrease] [Speech]", "make this guy stop talking", "--json"]
    ok = json.loads(
        runner.invoke(app, [*args, "--inherent", "[Decrease]", "--hand", "[Speech]"]).stdout
    )
    assert ok["castable"] is True and ok["structural_problems"] == []
    bad = json.loads(
        runner.invoke(app, [*args, "--inherent", "[Fire]", "--hand", "[Speech]"]).stdout
    )
    assert bad["castable"] is False
    assert any("Inherent" in problem for problem in bad["structural_problems"])


@pytest.mark.models
def test_spell_draft_proposes_the_smallest_spell(shared: Coverage) -> None:
    result = runner.invoke(
        app,
        [
            "spell",
            "draft",
            "make this guy stop talking",
            "--inherent",
            "[Decrease] [Fire]",
            "--hand",
            "[Speech] [Zone]",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["found"] and data["inherent"] == "Decrease" and data["drawn"] == ["Speech"]
    short = runner.invoke(
        app,
        ["spell", "draft", "trap a balloon with fire", "--inherent", "[Fire]", "--hand", "[Ball]"],
    )
    assert "'trap'" in short.stdout and "[Trap]" in short.stdout


@pytest.mark.models
def test_an_empty_intent_is_a_clear_error(shared: Coverage) -> None:
    result = runner.invoke(app, ["spell", "check", "[Fire] [Ball]", "   "])
    assert result.exit_code == 1
    assert "error:" in result.output and "needs an intent" in result.output


@pytest.mark.models
def test_eval_coverage_scores_binary_and_ranking_files(shared: Coverage, tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    rows = [
        {
            "id": "a",
            "words": ["Decrease", "Speech"],
            "intent": "make this guy stop talking",
            "covered": True,
            "missing": [],
        },
        {
            "id": "b",
            "words": ["Ball", "Fire"],
            "intent": "trap a balloon with fire",
            "covered": False,
            "missing": ["trap"],
        },
        {
            "id": "c",
            "words": ["Create", "Destroy", "Fire", "Water"],
            "intent": "Puts out every flame in the room.",
            "groups": {"technique": ["Create", "Destroy"], "form": ["Fire", "Water"]},
            "gold_words": {"technique": "Destroy", "form": "Fire"},
        },
    ]
    cases.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "pred.jsonl"
    result = runner.invoke(app, ["eval", "coverage", str(cases), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.stdout)
    assert metrics["binary"]["balanced_accuracy"] == 1.0
    assert metrics["binary"]["missing_f1"] == 1.0
    assert set(metrics["ranking"]) == {"top1_form", "top1_technique"}
    predictions = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [p["id"] for p in predictions] == ["a", "b", "c"]
    assert predictions[1]["missing"] == ["trap"]
    assert set(predictions[2]["word_scores"]) == {"Create", "Destroy", "Fire", "Water"}


def test_eval_coverage_rejects_a_case_without_its_fields(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text('{"id": "x", "words": ["Fire"], "intent": "burn"}\n', encoding="utf-8")
    result = runner.invoke(app, ["eval", "coverage", str(cases)])
    assert result.exit_code == 1
    assert "missing covered, missing" in result.output
