"""Speed of the rules layer: cold start of `adjudicator odds`, and exact odds of big checks.

Run: .venv/bin/python benchmarks/bench_rules.py   (or `make bench`)
Goals (issue 2): cold start <= 0.4 s (median); 8 vs 8 dice with the bonus <= 20 ms.
Also: the cold start of `adjudicator roll 2d6` and `adjudicator --help`, each also in
yardsticks (a bare `python -c pass`, timed in turn with them, so a busy machine shows as a
slower yardstick); checking a 10-Word Deck submission for typos, compounds and duplicates.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from adjudicator.rules.odds import check_odds
from adjudicator.rules.skill_check import CheckSetup
from adjudicator.rules.vocabulary import check_submission
from adjudicator.rules.words import parse_words

RUNS = 9


YARDSTICK = "yardstick `python -c pass`"


def cold_start_seconds() -> dict[str, list[float]]:
    """Wall time of whole processes, as a player would wait for them: each in turn, `RUNS`
    rounds, after one round that warms the file cache."""
    script = str(Path(sys.executable).with_name("adjudicator"))
    commands = {
        YARDSTICK: [sys.executable, "-c", "pass"],
        "`adjudicator odds`": [script, "odds", "-d", "3", "-p", "2", "--bonus"],
        "`adjudicator roll 2d6`": [script, "roll", "2d6"],
        "`adjudicator --help`": [script, "--help"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for lap in range(RUNS + 1):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            if lap:
                times[name].append(time.perf_counter() - start)
    return times


def odds_milliseconds(setup: CheckSetup, runs: int = 50) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        check_odds(setup)
        times.append((time.perf_counter() - start) * 1000)
    return times


def submission_milliseconds(runs: int = 50) -> list[float]:
    deck = parse_words("Fire Ball Metal Mist Lead Speech Decrease Zone Trap Fly Teleport Summon")
    words = parse_words("Teleprot Fireball Fyre Stone Heart Sliver Ghost Evade Becom Wind")
    check_submission(words, deck)  # the vocabulary loads once per process
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        check_submission(words, deck)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    cold = cold_start_seconds()
    yardstick = statistics.median(cold[YARDSTICK])
    for name, times in cold.items():
        median = statistics.median(times)
        ratio = "" if name == YARDSTICK else f", {median / yardstick:.1f} yardsticks"
        goal = "; goal <= 0.4 s" if "odds" in name else ""
        print(
            f"cold start {name}: median {median:.3f} s{ratio} "
            f"(min {min(times):.3f}, max {max(times):.3f}, {RUNS} runs{goal})"
        )
    for setup in (
        CheckSetup(8, 8, True, False),
        CheckSetup(8, 8, True, True),
        CheckSetup(15, 15, True, True),
    ):
        ms = odds_milliseconds(setup)
        print(
            f"exact odds {setup.describe():>22}: median {statistics.median(ms):.2f} ms "
            f"(max {max(ms):.2f}; goal <= 20 ms for 8 vs 8)"
        )
    ms = submission_milliseconds()
    print(
        f"Deck check of 10 submitted Words: median {statistics.median(ms):.2f} ms "
        f"(max {max(ms):.2f})"
    )


if __name__ == "__main__":
    main()
