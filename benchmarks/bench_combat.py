"""Speed of the combat engine: legal actions and ranged paths on a full board, and 1,000
random legal fights played to the end.

Run: .venv/bin/python benchmarks/bench_combat.py   (or `make bench`)
Goal: <= 1 ms each (median and p95) for listing legal actions and for ranged paths, so the
engine never slows a turn at the table; the fights are reported, with no goal.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from adjudicator.combat import commands as c
from adjudicator.combat.board import Space
from adjudicator.combat.checks import shot
from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.engine import Combat
from adjudicator.combat.legal import legal_commands
from adjudicator.combat.ranged import shots_from
from adjudicator.combat.skirmish import play_random_fight, setup_skirmish
from adjudicator.combat.state import BOARD
from adjudicator.combat.units import humanoid, npc
from adjudicator.rules.tables import Weapon

RUNS = 2000
FIGHTS = 1000
GOAL_MS = 1.0

SWORD = Weapon("Sword", 6, 6)
DAGGER = Weapon("Dagger", 6, 4)
BOW = Weapon("Bow", 6, 4, ranged=True)


def full_board() -> Combat:
    """All fifteen spaces taken: eight heroes with bows, swords and daggers, seven foes."""
    combat = Combat()
    for i, space in enumerate(BOARD.spaces):
        team = "Party" if i % 2 == 0 else "Foes"
        weapons = (BOW, DAGGER) if i % 3 == 0 else (SWORD, DAGGER)
        held = (("Mainhand", weapons[0].name), ("Offhand", weapons[1].name if i % 4 else None))
        unit = npc(f"U{i}", team, humanoid(armor=(1, 1, 1, 1)), weapons, held=held)
        combat.play(c.AddUnit(unit))
        combat.play(c.Place(unit.name, space))
    combat.play(c.Begin(aggressor="Party", first="U0"))
    return combat


def timings_ms(action: Callable[[], object], runs: int = RUNS) -> list[float]:
    for _ in range(50):  # warm up
        action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(name: str, times: list[float], goal: bool = True) -> None:
    median = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[-1]
    verdict = ""
    if goal:
        verdict = "ok" if max(median, p95) <= GOAL_MS else "OVER GOAL"
        verdict = f"; goal <= {GOAL_MS:.0f} ms: {verdict}"
    print(
        f"{name:<58} median {median * 1000:8.1f} µs   p95 {p95 * 1000:8.1f} µs   "
        f"({len(times)} runs{verdict})"
    )


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else FIGHTS
    combat = full_board()
    state, rules = combat.state, combat.rules
    report(
        "legal_commands, full board (U0 at A1, 15 units)",
        timings_ms(lambda: legal_commands(state, rules)),
    )
    archer = full_board()
    for _ in range(3):  # pass the turn from U0 to U6, a bowman
        archer.play(c.EndTurn())
    a_state = archer.state
    assert a_state.turn is not None
    bowman = a_state.unit(a_state.turn.unit)
    report(
        f"legal_commands, full board ({bowman.name} at {bowman.space} with a bow)",
        timings_ms(lambda: legal_commands(a_state, rules)),
    )
    skirmish = setup_skirmish()
    skirmish.play(c.Begin(), SeededDice(random.Random(1)))
    s_state = skirmish.state
    report(
        "legal_commands, the stock skirmish (8 units) at its start",
        timings_ms(lambda: legal_commands(s_state, rules)),
    )
    occupied = state.standing_spaces()
    assert bowman.space is not None
    origin = bowman.space
    targets = occupied - {origin}
    found = shots_from(BOARD, origin, targets, targets, hit_die=6)
    report(
        f"ranged paths: shots_from {origin} at all 14 others, full board",
        timings_ms(lambda: shots_from(BOARD, origin, targets, targets, hit_die=6)),
    )
    target = next(u for u in a_state.units if u.space == found[-1].target)
    report(
        f"ranged path: rule on one shot {origin}→{target.space}, full board",
        timings_ms(lambda: shot(a_state, rules, bowman, target, BOW)),
    )
    crowded = Combat()
    for i, where in enumerate(
        ("D1", "C4", "C3", "D5", "D3", "A1", "B1", "C1", "D2", "B2", "C2", "D4")
    ):
        unit = npc(f"V{i}", "A" if i % 2 else "B", humanoid(), (BOW,))
        crowded.play(c.AddUnit(unit))
        crowded.play(c.Place(unit.name, Space.parse(where)))
    crowded.play(c.Begin(aggressor="B"))
    cs = crowded.state
    v0, v3 = cs.unit("V0"), cs.unit("V3")
    report(
        "ranged path: D1→D5 winding round 10 units (cost 6, 1d10)",
        timings_ms(lambda: shot(cs, rules, v0, v3, BOW)),
    )
    if fights < 1:
        return
    durations, commands = [], 0
    start = time.perf_counter()
    for seed in range(fights):
        began = time.perf_counter()
        result = play_random_fight(seed)
        durations.append((time.perf_counter() - began) * 1000)
        commands += result.commands
    total = time.perf_counter() - start
    print(
        f"{fights} random legal fights to the end (seeded, rulebook): {total:.1f} s in all, "
        f"{statistics.median(durations):.1f} ms median per fight, {commands / fights:.0f} "
        f"commands per fight, {total / commands * 1e6:.0f} µs per command incl. listing"
    )
    # keep a deterministic witness of the seeded fights: the same seed, the same log
    again = play_random_fight(0).combat
    assert again.log() == play_random_fight(0).combat.log()
    assert random.Random(0).random() == random.Random(0).random()
    dice = SeededDice(random.Random(0))
    assert dice.roll(6, "check", "bench").reproduces()


if __name__ == "__main__":
    main()
