"""`adjudicator roll`, `check`, `odds` and `words parse` through the real CLI."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from tests.cli.cold_process import run_cold

runner = CliRunner()


def run_json(*args: str) -> object:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_roll_with_a_seed_is_reproducible_and_keeps_every_die() -> None:
    first, second = run_json("roll", "4d6", "--seed", "11"), run_json("roll", "4d6", "--seed", "11")
    assert first == second
    assert isinstance(first, dict) and len(first["values"]) == 4
    assert first["total"] == sum(first["values"])


def test_roll_without_a_seed_prints_the_seed_it_used() -> None:
    data = run_json("roll", "2d8")
    assert isinstance(data, dict)
    replay = run_json("roll", "2d8", "--seed", str(data["seed"]))
    assert isinstance(replay, dict) and replay["values"] == data["values"]


def test_check_with_entered_dice_prints_each_dies_fate() -> None:
    """The hidden Orc: "The difficulty to spot him is increased to 3d6+1 ... the Orc rolled
    1(+1), 3, and 4." """
    args = ["check", "-d", "3", "--bonus-against", "--bonus-on", "1"]
    args += ["--difficulty-roll", "1 3 4", "--player-roll", "5"]
    data = run_json(*args)
    assert isinstance(data, dict)
    assert data["outcome"] == "partial success" and data["defeated"] == 1 and data["of"] == 3
    assert [d["value"] for d in data["difficulty"]] == [2, 3, 4]
    table = runner.invoke(app, args).stdout
    assert "defeated by player die #1" in table and "Partial success" in table


def test_odds_prints_exact_fractions_that_sum_to_one() -> None:
    data = run_json("odds", "-d", "8", "-p", "8", "--bonus")
    assert isinstance(data, dict)
    assert sum(Fraction(row["fraction"]) for row in data["outcomes"]) == 1
    shown = runner.invoke(app, ["odds", "-d", "2", "-p", "2"]).stdout
    assert "85/216" in shown and "█" in shown


def test_words_parse_normalises_each_way_of_writing_words() -> None:
    for text in ("[Decrease] [Speech]", "decrease, speech", "DECREASE speech"):
        data = run_json("words", "parse", text)
        assert isinstance(data, dict)
        assert data == {"words": ["Decrease", "Speech"], "suggestions": []}


def test_words_parse_catches_typos_and_compounds() -> None:
    """ "Instead of Fireball, we cast [Fire] [Ball]." (rulebook, "Fireball vs [Fire] [Ball]")"""
    shown = runner.invoke(app, ["words", "parse", "Teleprot, Fireball"]).stdout
    assert "[Teleprot] is not a word we know: did you mean [Teleport]" in shown
    assert "[Fireball] packs 2 Words: did you mean [Fire] [Ball]?" in shown


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roll", "3x6"], "cannot read dice '3x6'"),
        (["check", "--player-roll", "7"], "a d6 shows 1 to 6, not 7"),
        (["check", "-p", "2", "--player-roll", "3"], "needs 2 entered dice"),
        (["words", "parse", "[Fire Ball]"], "one Word per pair of brackets"),
        (["words", "parse", "  "], "no Words given"),
    ],
)
def test_bad_input_is_one_clear_error_and_a_non_zero_exit(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr and result.exception is not None


def test_debug_shows_the_real_exception() -> None:
    result = runner.invoke(app, ["--debug", "roll", "3x6"])
    assert result.exit_code == 1
    assert type(result.exception).__name__ == "DiceError"


def test_every_command_has_help_with_an_example() -> None:
    for command in (["roll"], ["check"], ["odds"], ["words", "parse"]):
        result = runner.invoke(app, [*command, "--help"])
        assert result.exit_code == 0
        assert "Example: adjudicator" in result.stdout


def test_commands_without_language_models_never_import_them() -> None:
    commands = [
        ["--help"], ["odds", "-d", "3"], ["roll", "1d6"], ["check"], ["words", "parse", "a b"],
    ]  # fmt: skip
    for args, done in zip(commands, run_cold(*commands), strict=True):
        assert done.heavy == (), args


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith("adjudicator ")
