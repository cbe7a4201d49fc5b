"""Speed and size of the campaign ledger at 100,000 rulings.

Run: .venv/bin/python benchmarks/bench_ledger.py [--rulings N]   (or `make bench`)
Prints: the time to insert N rulings (in transactions of 1,000, and the latency of one
checked ruling in a transaction of its own), to verify their hash chain, to export them to
Markdown and JSON (goal, issue 3: export <= 5 s), and the ledger's size on disk.

The rulings' text is varied, drawn from real spell descriptions: the SRD 5.1 spells and the
Ars Magica 5 spells in ../shared/benchmarks/ (read here only, never by the package).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from adjudicator.ledger import records
from adjudicator.ledger.campaign import init_campaign
from adjudicator.ledger.characters import add_character
from adjudicator.ledger.database import Ledger, write
from adjudicator.ledger.decks import approve, draw, submit
from adjudicator.ledger.io.export import ExportFormat, export
from adjudicator.ledger.rulings import (
    Implementation,
    Proposal,
    RulingWord,
    Status,
    Verdict,
    add_ruling,
    append_ruling,
    append_status,
)
from adjudicator.ledger.sessions import add_player, end_session, start_session
from adjudicator.rules.characters import snazzle
from adjudicator.rules.deck import DrawReason
from adjudicator.rules.spells import MAX_INTENT_LENGTH
from adjudicator.rules.words import Word, WordKind, parse_words, with_senses

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
BATCH = 1000
PER_SESSION = 500
_TOKEN = re.compile(r"[A-Za-z]{3,12}")


#: The meanings the player declares for the homonyms among the benchmark's Words ("If you
#: submit a word that's a homonym, such as 'lead', be sure to specify which one you mean").
MEANINGS = {"Fire": "flames", "Ball": "a round object", "Trap": "to trap prey", "Zone": "an area"}


def spell_texts() -> list[str]:
    """Spell descriptions from the SRD 5.1 and Ars Magica 5, one text each."""
    texts = []
    srd = json.loads((SHARED / "dnd5e-srd" / "5e-SRD-Spells.json").read_text("utf-8"))
    texts += [" ".join([spell["name"] + ":", *spell["desc"]]) for spell in srd]
    with open(SHARED / "arm5" / "spells.jsonl", encoding="utf-8") as lines:
        texts += [f"{spell['name']}: {spell['intent']}" for spell in map(json.loads, lines)]
    return texts


def varied_rulings(texts: list[str], count: int, rng: random.Random) -> Iterator[dict[str, object]]:
    """`count` rulings: an intent cut from a spell text, 2 to 5 Words taken from its words."""
    vocab = [[token.capitalize() for token in _TOKEN.findall(text)] for text in texts]
    for index in range(count):
        pick = rng.randrange(len(texts))
        text, words = texts[pick], vocab[pick] or ["Magic", "Word"]
        start = rng.randrange(max(1, len(text) - 80))
        intent = text[start : start + rng.randint(40, 400)].strip() or text[:80]
        chosen = list(dict.fromkeys(rng.sample(words, min(len(words), rng.randint(2, 5)))))
        if len(chosen) < 2:
            chosen.append("Magic")
        approved = rng.random() < 0.7
        yield {
            "words": tuple(
                RulingWord(Word(w), WordKind.INHERENT if i == 0 else WordKind.DRAWN)
                for i, w in enumerate(chosen)
            ),
            "intent": intent[:MAX_INTENT_LENGTH],
            "verdict": Verdict.APPROVED if approved else Verdict.VETOED,
            "needs": () if approved else (Word(rng.choice(words or ["Zone"])),),
            "implementation": Implementation(
                area=rng.choice([None, "one ring", "a room", "a 20-foot cone"]),
                duration=rng.choice([None, "one round", "a minute", "permanent"]),
                damage=rng.choice([None, "1", "1d6 fire"]),
            )
            if approved
            else Implementation(),
            "reason": f"ruling {index}: "
            + rng.choice(["covered", "metaphor is fine", "too vague"]),
            "caster": rng.choice(["Snazzle", "Grum", "Astra", "Bram"]),
        }


def build(ledger: Ledger, texts: list[str], count: int) -> tuple[float, float]:
    """Insert `count` rulings in transactions of BATCH; every 50th overrules an earlier one."""
    rng = random.Random(7)
    for name in ("Snazzle", "Grum", "Astra", "Bram"):
        add_player(ledger, f"{name}'s player")
        add_character(ledger, replace(snazzle(), name=name), f"{name}'s player")
    sessions_needed = -(-count // PER_SESSION)
    start, cpu = time.perf_counter(), time.process_time()
    made = 0
    stream = varied_rulings(texts, count, rng)
    for session in range(1, sessions_needed + 1):
        start_session(ledger, f"Session {session}")
        in_session = min(PER_SESSION, count - made)
        for first in range(0, in_session, BATCH):
            with write(ledger):
                for _ in range(min(BATCH, in_session - first)):
                    fields = next(stream)
                    ruling = append_ruling(ledger, canon=False, session=session, **fields)  # type: ignore[arg-type]
                    made += 1
                    if made % 50 == 0:
                        append_status(
                            ledger,
                            f"R{made - 25}",
                            Status.OVERRULED,
                            by_ruling=ruling.id,
                            reason="changed",
                        )
        end_session(ledger)
    return time.perf_counter() - start, time.process_time() - cpu


def one_at_a_time(ledger: Ledger, runs: int = 300) -> tuple[list[float], list[float]]:
    """Milliseconds for `add_ruling` with its structural checks, one transaction each: vetoes
    of [Steal] [Fire], with [Fire] in the player's hand (a veto spends nothing)."""
    start_session(ledger, "one at a time")
    player = "Snazzle's player"
    submit(ledger, player, with_senses(parse_words("Fire, Ball, Trap, Zone, Mist"), MEANINGS))
    approve(ledger, player)
    draw(ledger, player, DrawReason.KILLING_BLOW)
    times, cpu = [], []
    for index in range(runs):
        proposal = Proposal(
            "Snazzle", parse_words("Steal Fire"), f"steal the fire {index}", Verdict.VETOED
        )
        begin, begin_cpu = time.perf_counter(), time.process_time()
        add_ruling(ledger, proposal)
        times.append((time.perf_counter() - begin) * 1000)
        cpu.append((time.process_time() - begin_cpu) * 1000)
    end_session(ledger)
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rulings", type=int, default=100_000)
    args = parser.parse_args()
    texts = spell_texts()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite"
        ledger = init_campaign(path, name="Benchmark")
        insert, insert_cpu = build(ledger, texts, args.rulings)
        checked, checked_cpu = one_at_a_time(ledger)
        begin, begin_cpu = time.perf_counter(), time.process_time()
        report = records.verify(ledger)
        verify = (time.perf_counter() - begin, time.process_time() - begin_cpu)
        timings = {}
        sizes = {}
        for fmt in (ExportFormat.MARKDOWN, ExportFormat.JSON, ExportFormat.HTML, ExportFormat.CSV):
            begin, begin_cpu = time.perf_counter(), time.process_time()
            text = export(ledger, fmt)
            (Path(folder) / f"log.{fmt.value}").write_text(text, "utf-8")
            timings[fmt.value] = (time.perf_counter() - begin, time.process_time() - begin_cpu)
            sizes[fmt.value] = len(text.encode()) / 1e6
        ledger.close()
        disk = sum(p.stat().st_size for p in Path(folder).glob("bench.sqlite*")) / 1e6
    n = args.rulings
    print(f"Ledger benchmark: {n:,} rulings from {len(texts):,} spell texts (wall s / CPU s)")
    print(f"  ({report.records:,} records in the chain with sessions, statuses and the canon)")
    rate = n / insert
    print(
        f"  insert, {BATCH:,} per transaction: {insert:6.2f} / {insert_cpu:6.2f}  ({rate:,.0f}/s)"
    )
    p95 = sorted(checked)[int(len(checked) * 0.95)]
    print(
        "  one checked ruling per transaction (add_ruling, synchronous=FULL): "
        f"median {statistics.median(checked):.2f} ms (CPU {statistics.median(checked_cpu):.2f}), "
        f"p95 {p95:.2f} ms"
    )
    print(f"  verify the hash chain:     {verify[0]:6.2f} / {verify[1]:6.2f}")
    for fmt, (seconds, cpu) in timings.items():
        goal = "  (goal <= 5 s)" if fmt in ("md", "json") else ""
        print(f"  export {fmt:<4} {sizes[fmt]:7.1f} MB:   {seconds:6.2f} / {cpu:6.2f}{goal}")
    print(f"  ledger on disk:            {disk:6.1f} MB")


if __name__ == "__main__":
    main()
