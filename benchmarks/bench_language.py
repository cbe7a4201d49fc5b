"""Speed of the language layer: `spell check` and `spell draft` with models loaded, and the
cold time to the first answer of `adjudicator spell check` in a new process.

Run: .venv/bin/python benchmarks/bench_language.py   (or `make bench`)
Goal (issue 17, with the learned judge): `spell check` p50 <= 40 ms and p95 <= 80 ms over
the wop-dev intents with models loaded, first sight (one spaCy parse and one batched encode
is about 13 ms on the reference machine). The benchmark times that yardstick in the same
run and gives every figure in yardsticks too, so a busy machine shows as such.

"First sight" is each dev intent checked once, its Words and Word pairs not yet encoded in
this process (only the rulebook's examples were checked before); "again" repeats the same
checks, as the Storyteller does while weighing a ruling. Accuracy is not measured here:
`adjudicator eval coverage FILE.jsonl` does that.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from adjudicator.language.coverage import Coverage
from adjudicator.language.draft import draft
from adjudicator.language.models import Models
from adjudicator.rules.words import Word, parse_words

DEV = Path(__file__).resolve().parents[2] / "shared/benchmarks/wop-dev/coverage.jsonl"
COLD_RUNS = 3
WARM_UP = [
    ("[Decrease] [Speech]", "make this guy stop talking"),
    ("[Fire] [Ball]", "I'll cast [Ball] and [Fire] to gather up the flames"),
    ("[Metal] [Mist]", "create a hazard zone of metal mist that shreds whoever moves through it"),
]
DISTRACTORS = parse_words("[Cloud] [Bell] [Run]")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed_checks(checker: Coverage, cases: list[dict[str, Any]]) -> list[float]:
    times = []
    for case in cases:
        words = [Word(str(w)) for w in case["words"]]
        start = time.perf_counter()
        checker.check(words, str(case["intent"]))
        times.append((time.perf_counter() - start) * 1000)
    return times


def timed_drafts(checker: Coverage, cases: list[dict[str, Any]]) -> list[float]:
    times = []
    for case in cases:
        words = [Word(str(w)) for w in case["words"]]
        start = time.perf_counter()
        draft(str(case["intent"]), words[:1], [*words[1:], *DISTRACTORS], checker.models,
              coverage=checker)  # fmt: skip
        times.append((time.perf_counter() - start) * 1000)
    return times


def reference_milliseconds(models: Models, cases: list[dict[str, Any]]) -> list[float]:
    """The issue's yardstick, timed in the same run: one spaCy parse and one batched encode
    of the intent and its Words (about 13 ms on a quiet reference machine)."""
    times = []
    for case in cases:
        start = time.perf_counter()
        models.nlp(str(case["intent"]))
        models.encoder.encode([str(case["intent"]), *case["words"]], show_progress_bar=False)
        times.append((time.perf_counter() - start) * 1000)
    return times


def cold_seconds() -> list[float]:
    """Wall time of whole `adjudicator spell check` processes, models loaded from disk."""
    script = Path(sys.executable).with_name("adjudicator")
    command = [str(script), "spell", "check", "[Decrease] [Speech]", "make this guy stop talking"]
    subprocess.run(command, check=True, capture_output=True)  # warm the file cache
    times = []
    for _ in range(COLD_RUNS):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    cases = [json.loads(line) for line in DEV.read_text(encoding="utf-8").splitlines() if line]
    checker = Coverage(Models())
    start = time.perf_counter()
    for words, intent in WARM_UP:
        checker.check(parse_words(words), intent)
    print(f"models and lexicon loaded, first checks: {time.perf_counter() - start:.1f} s")
    reference = reference_milliseconds(checker.models, cases)
    first = timed_checks(checker, cases)
    again = timed_checks(checker, cases)
    yardstick = statistics.median(reference)

    def figures(times: list[float]) -> str:
        """p50 and p95 in ms and in yardsticks (the same run's p50 of one parse + one encode),
        so that figures from a busy machine compare with a quiet one's."""
        p50, p95 = statistics.median(times), percentile(times, 0.95)
        return (
            f"p50 {p50:.1f} ms, p95 {p95:.1f} ms "
            f"({p50 / yardstick:.2f} / {p95 / yardstick:.2f} yardsticks)"
        )

    print(
        "yardstick, one parse + one encode (same run): "
        f"p50 {yardstick:.1f} ms, p95 {percentile(reference, 0.95):.1f} ms"
    )
    print(f"spell check, {len(cases)} wop-dev intents, first sight: {figures(first)}")
    print(f"spell check, same intents again:             {figures(again)}")
    drafts = timed_drafts(checker, cases)
    print(f"spell draft (1 Inherent, hand of the rest + 3): {figures(drafts)}")
    cold = cold_seconds()
    print(
        f"cold `adjudicator spell check` to first answer: median {statistics.median(cold):.2f} s "
        f"over {COLD_RUNS} runs ({', '.join(f'{t:.2f}' for t in cold)}): "
        f"{statistics.median(cold) * 1000 / yardstick:.0f} yardsticks"
    )


if __name__ == "__main__":
    main()
