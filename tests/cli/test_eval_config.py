"""`adjudicator eval coverage|senses|homonyms --config FILE`: sweeps override tuned numbers.

"The Words do not need to be exact but homonyms do not get multiple meanings" (rulebook):
how inexact a Word may be, and when a Word has several meanings, are numbers a sweep can
change from a real JSON or TOML file, without touching the code.
"""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

HOMONYMS = [{"id": "h1", "word": "Make-up", "homonym": True}]  # not in the everyday lexicon
COVERAGE = [
    {"id": "c1", "words": ["Shield", "Summon"], "intent": "conjure a protective barrier around me",
     "covered": True, "missing": []},
]  # fmt: skip


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _cases(path: Path, rows: list[dict[str, object]]) -> Path:
    return _write(path, "".join(json.dumps(r) + "\n" for r in rows))


def test_a_toml_file_overrides_when_a_word_is_a_homonym(tmp_path: Path) -> None:
    """[Make-up] (cosmetics; what a thing is made of) is outside the everyday lexicon, so the
    inventory rule decides: it has two established meanings; demanding fifty makes it none."""
    cases = _cases(tmp_path / "cases.jsonl", HOMONYMS)
    config = _write(tmp_path / "sweep.toml", "min_meanings = 50\n")
    out = tmp_path / "pred.jsonl"
    plain = CliRunner().invoke(app, ["eval", "homonyms", str(cases), "--json"])
    swept = CliRunner().invoke(
        app, ["eval", "homonyms", str(cases), "--config", str(config), "--out", str(out), "--json"]
    )
    assert plain.exit_code == 0 and swept.exit_code == 0, swept.output
    assert json.loads(plain.stdout)["f1"] == 1.0
    assert json.loads(swept.stdout)["f1"] == 0.0
    assert json.loads(out.read_text())["homonym"] is False


@pytest.mark.parametrize(
    ("command", "name", "text", "message"),
    [
        ("homonyms", "typo.json", '{"min_meaning": 3}', "unknown setting 'min_meaning'"),
        ("senses", "typo.toml", "flag_margn = 0.1\n", "unknown setting 'flag_margn'"),
        ("coverage", "typo.toml", "single_cosin = 0.4\n", "unknown setting 'single_cosin'"),
        ("coverage", "bad.json", '{"senses": "three"}', "senses must be a whole number"),
        ("coverage", "sweep.yaml", "senses: 2\n", "a config file is .json or .toml"),
    ],
)
def test_a_bad_config_file_is_a_clear_error_and_exit_1(
    tmp_path: Path, command: str, name: str, text: str, message: str
) -> None:
    """Checked before any model loads: a typo in a sweep fails at once, naming the key."""
    cases = _cases(tmp_path / "cases.jsonl", [{"id": "x"}])
    config = _write(tmp_path / name, text)
    result = CliRunner().invoke(app, ["eval", command, str(cases), "--config", str(config)])
    assert result.exit_code == 1
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


@pytest.mark.models
def test_a_json_file_overrides_the_coverage_thresholds(tmp_path: Path) -> None:
    """With the rules alone (the judge off), [Shield] covers "a protective barrier" by
    meaning at the calibrated cosine (0.5); a sweep at 0.55 loses it, as the calibration
    note in thresholds.py says."""
    cases = _cases(tmp_path / "cases.jsonl", COVERAGE)
    rules = _write(tmp_path / "rules.json", '{"judge": false}')
    config = _write(tmp_path / "sweep.json", '{"judge": false, "single_cosine": 0.55}')
    out = tmp_path / "pred.jsonl"
    plain = CliRunner().invoke(
        app, ["eval", "coverage", str(cases), "--config", str(rules), "--json"]
    )
    swept = CliRunner().invoke(
        app, ["eval", "coverage", str(cases), "--config", str(config), "--out", str(out), "--json"]
    )
    assert plain.exit_code == 0 and swept.exit_code == 0, swept.output
    assert json.loads(plain.stdout)["binary"]["confusion"]["covered_right"] == 1
    assert json.loads(swept.stdout)["binary"]["confusion"]["covered_wrong"] == 1
    prediction = json.loads(out.read_text())
    assert prediction["covered"] is False and prediction["missing"] == ["barrier"]
