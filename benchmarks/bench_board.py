"""Speed of the Battle Board: a ranged shot and a unit's legal moves on a crowded board.

Run: .venv/bin/python benchmarks/bench_board.py   (or `make bench`)
Goal: <= 1 ms each (median and p95), so the board never slows a turn at the table.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from adjudicator.combat.board import Board, Hazard, Layout
from adjudicator.combat.movement import legal_moves
from adjudicator.combat.ranged import ranged_shot

RUNS = 2000
GOAL_MS = 1.0

BOARD = Board()
# Twelve of the fifteen spaces hold a unit; only C3, C4 and D8 are free.
HEROES = ("D3", "A1", "B1", "C1", "D1", "D2")
FOES = ("B2", "C2", "D4", "D5", "D6", "D7")
OCCUPIED = HEROES + FOES
MUD = Layout.of({"C4": Hazard.slow(), "D8": Hazard.damage(1)})


def timings_ms(action: Callable[[], object], runs: int = RUNS) -> list[float]:
    for _ in range(50):  # warm up
        action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(name: str, times: list[float]) -> None:
    median = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[-1]
    verdict = "ok" if max(median, p95) <= GOAL_MS else "OVER GOAL"
    print(
        f"{name:<52} median {median * 1000:7.1f} µs   p95 {p95 * 1000:7.1f} µs   "
        f"({len(times)} runs; goal <= {GOAL_MS:.0f} ms: {verdict})"
    )


def main() -> None:
    # The rulebook's longest example: Pink (D3) around Orange to Blue (D1), all units placed.
    pink = ("D1", "C1", "D2", "D3", "D4", "D5", "D7")
    report(
        "ranged_shot Pink→Blue, 7 units (cost 7, 1d12)",
        timings_ms(lambda: ranged_shot(BOARD, "D3", "D1", pink)),
    )
    # A crowded board: the one clear way winds D1→D8→C4→C3→D5 (cost 6, 1d10).
    report(
        "ranged_shot D1→D5, 12 of 15 spaces occupied",
        timings_ms(lambda: ranged_shot(BOARD, "D1", "D5", OCCUPIED, layout=MUD)),
    )
    report(
        "legal_moves of D3 (one turn), 12 of 15 occupied",
        timings_ms(lambda: legal_moves(BOARD, "D3", hostiles=FOES, friends=HEROES, layout=MUD)),
    )
    report(
        "legal_moves of D3 (any distance), 12 of 15 occupied",
        timings_ms(
            lambda: legal_moves(BOARD, "D3", hostiles=FOES, friends=HEROES, layout=MUD, budget=None)
        ),
    )
    sparse_friends = ("A1", "B1")
    report(
        "legal_moves of D3 (any distance), 3 units only",
        timings_ms(
            lambda: legal_moves(BOARD, "D3", hostiles=("C2",), friends=sparse_friends, budget=None)
        ),
    )


if __name__ == "__main__":
    main()
