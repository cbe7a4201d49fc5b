"""`make demo` runs `python -m adjudicator.demo`: it must finish cleanly and tell its story."""

import subprocess
import sys


def test_the_demo_runs_to_the_end_and_exits_zero() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.demo"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "100", "PATH": ""},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Partial success: 1 of 2 difficulty dice defeated" in done.stdout
    assert "did you mean [Fire] [Ball]?" in done.stderr + done.stdout
    assert "Snazzle (level 1)" in done.stdout
    assert "[Teleprot] is not a word we know: did you mean [Teleport]" in done.stdout
    assert "refused: Inherent Words cannot be combined with each other" in done.stdout
