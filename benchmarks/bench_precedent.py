"""Precedent search and checked rulings at 100,000 rulings, with the models loaded.

Run: .venv/bin/python benchmarks/bench_precedent.py [--rulings N] [--vectors-cache FILE]
(or `make bench`). Builds a ledger of N rulings whose intents are sentences and clauses of
real spell descriptions (SRD 5.1 and Ars Magica 5, in ../shared/benchmarks/, read here
only) and whose Words are drawn from their content words, embeds every distinct intent in
batches (a few minutes on 2 cores; progress on stderr; `--vectors-cache` keeps the vectors
for the next run), stores them as the ledger does, then prints:

- loading the precedent index (rulings, vectors, postings) once per process;
- `precedent search` latency, p50/p95 (goal p50 <= 30 ms): encode the query, meaning over
  every vector, FTS5 bm25, Word overlap, the ranking with its components;
- recording one ruling with all checks, p50/p95 (goal p50 <= 50 ms): structure, coverage
  with the campaign's mappings, precedent (Word-set candidates, readings, the decision), the
  closest precedents, and the write with its vector, one transaction each.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models
from adjudicator.ledger.campaign import init_campaign
from adjudicator.ledger.characters import add_character
from adjudicator.ledger.database import Ledger, write
from adjudicator.ledger.decks import approve, draw, submit
from adjudicator.ledger.rulings import (
    Implementation,
    Proposal,
    RulingWord,
    Verdict,
    append_ruling,
)
from adjudicator.ledger.sessions import add_player, end_session, start_session
from adjudicator.precedent import store
from adjudicator.precedent.retrieval import PrecedentIndex, encoder_name
from adjudicator.precedent.ruling_checks import PrecedentConflict, RulingChecks
from adjudicator.rules.characters import snazzle
from adjudicator.rules.deck import DrawReason
from adjudicator.rules.spells import MAX_INTENT_LENGTH
from adjudicator.rules.words import Word, WordKind, parse_words, with_senses

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
BATCH = 1000
PER_SESSION = 500
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_CLAUSE = re.compile(r"[;:]\s+|,\s+(?:and|but|or|while|which|so)\s+|,\s+")
_CONTENT = re.compile(r"[A-Za-z]{4,12}")
_FRAMES = ("", "", "", "I want to ", "make it so that ", "use the spell so that ")
_SKIP = frozenset(
    {"that", "this", "with", "from", "your", "which", "have", "will", "when", "there", "their",
     "they", "spell", "caster", "magus", "level", "within", "each", "into", "than", "while"}
)  # fmt: skip


#: The meanings the player declares for the homonyms among the benchmark's Words ("If you
#: submit a word that's a homonym, such as 'lead', be sure to specify which one you mean").
MEANINGS = {"Fire": "flames", "Ball": "a round object", "Trap": "to trap prey", "Zone": "an area"}


def spell_texts() -> list[str]:
    """Spell descriptions from the SRD 5.1 and Ars Magica 5, one text each."""
    srd = json.loads((SHARED / "dnd5e-srd" / "5e-SRD-Spells.json").read_text("utf-8"))
    texts = [" ".join(spell["desc"]) for spell in srd]
    with open(SHARED / "arm5" / "spells.jsonl", encoding="utf-8") as lines:
        texts += [str(spell["intent"]) for spell in map(json.loads, lines)]
    return texts


def intents_of(text: str) -> list[str]:
    """The sentences of a description and their clauses, 4 to 40 words each."""
    found = []
    for sentence in _SENTENCE.split(text):
        for piece in [sentence, *_CLAUSE.split(sentence)]:
            piece = piece.strip(" .;:,")
            if 4 <= len(piece.split()) <= 40 and len(piece) <= MAX_INTENT_LENGTH - 30:
                found.append(piece)
    return list(dict.fromkeys(found))


def content_words(text: str) -> list[str]:
    return list(
        dict.fromkeys(w.capitalize() for w in _CONTENT.findall(text) if w.lower() not in _SKIP)
    )


def varied_rulings(texts: list[str], count: int, rng: random.Random) -> Iterator[dict[str, Any]]:
    """`count` rulings: an intent (a sentence or clause, sometimes framed), 2 to 4 Words
    from its content words, approved 70% of the time."""
    units = [(intent, content_words(intent)) for text in texts for intent in intents_of(text)]
    units = [(intent, words) for intent, words in units if len(words) >= 2]
    for index in range(count):
        intent, words = units[rng.randrange(len(units))]
        frame = rng.choice(_FRAMES)
        text = frame + (intent[0].lower() + intent[1:] if frame else intent)
        chosen = rng.sample(words, min(len(words), rng.randint(2, 4)))
        approved = rng.random() < 0.7
        yield {
            "words": tuple(
                RulingWord(Word(w), WordKind.INHERENT if i == 0 else WordKind.DRAWN)
                for i, w in enumerate(chosen)
            ),
            "intent": text,
            "verdict": Verdict.APPROVED if approved else Verdict.VETOED,
            "needs": () if approved else (Word(rng.choice(words)),),
            "implementation": Implementation(
                area=rng.choice([None, "one ring", "a room"]),
                damage=rng.choice([None, "1", "1d6 fire"]),
            )
            if approved
            else Implementation(),
            "reason": f"ruling {index}",
            "caster": rng.choice(["Snazzle", "Grum"]),
        }


def embed_all(
    models: Models, texts: list[str], cache: Path | None
) -> dict[str, np.ndarray[Any, np.dtype[np.float32]]]:
    """Unit vectors of every distinct text, in batches of 256, with progress on stderr."""
    unique = list(dict.fromkeys(texts))
    key = hashlib.sha256("\n".join(unique).encode()).hexdigest()[:16]
    if cache is not None and cache.exists():
        saved = np.load(cache)
        if str(saved["key"]) == key:
            print(f"  vectors from {cache}", file=sys.stderr)
            return dict(zip(unique, saved["vectors"], strict=True))
    vectors = np.zeros((len(unique), 384), dtype=np.float32)
    begin = time.perf_counter()
    for start in range(0, len(unique), 256):
        batch = unique[start : start + 256]
        vectors[start : start + len(batch)] = models.encoder.encode(
            batch, batch_size=64, convert_to_numpy=True, normalize_embeddings=True,
            show_progress_bar=False,
        )  # fmt: skip
        done = start + len(batch)
        rate = done / (time.perf_counter() - begin)
        print(
            f"\r  embedding {done:,}/{len(unique):,} distinct intents ({rate:.0f}/s)",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    if cache is not None:
        np.savez(cache, key=np.array(key), vectors=vectors)
    return dict(zip(unique, vectors, strict=True))


def build(ledger: Ledger, models: Models, count: int, cache: Path | None) -> float:
    """Insert `count` rulings with their stored vectors, BATCH per transaction."""
    for name in ("Snazzle", "Grum"):
        add_player(ledger, f"{name}'s player")
        add_character(ledger, replace(snazzle(), name=name), f"{name}'s player")
    fields = list(varied_rulings(spell_texts(), count, random.Random(7)))
    vectors = embed_all(models, [f["intent"] for f in fields], cache)
    model = encoder_name(models)
    begin = time.perf_counter()
    made = 0
    for session in range(1, -(-count // PER_SESSION) + 1):
        start_session(ledger, f"Session {session}")
        in_session = fields[made : made + PER_SESSION]
        for first in range(0, len(in_session), BATCH):
            with write(ledger):
                rows = []
                for item in in_session[first : first + BATCH]:
                    ruling = append_ruling(ledger, canon=False, session=session, **item)
                    rows.append(
                        store.StoredVector(ruling.id, ruling.intent, vectors[ruling.intent])
                    )
                store.store_vectors(ledger, model, rows)
        made += len(in_session)
        end_session(ledger)
        if session % 20 == 0:
            print(f"\r  recorded {made:,}/{count:,}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return time.perf_counter() - begin


def limit_threads(count: int) -> None:
    """Torch's and the BLAS library's thread pools, for every encode and matrix product."""
    import torch

    torch.set_num_threads(count)
    try:
        from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]
    except ImportError:  # installed with sentence-transformers' scikit-learn; optional here
        return
    threadpool_limits(count)


def timed(action: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    """Milliseconds of each of `runs` calls (after one warm-up call): wall clock, and this
    process's CPU time (with one thread, what the call costs on an idle machine)."""
    action()
    wall, cpu = [], []
    for _ in range(runs):
        begin, begin_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append((time.perf_counter() - begin) * 1000)
        cpu.append((time.process_time() - begin_cpu) * 1000)
    return wall, cpu


def summary(times: tuple[list[float], list[float]]) -> str:
    wall, cpu = times
    p95 = sorted(wall)[int(len(wall) * 0.95) - 1]
    return (
        f"p50 {statistics.median(wall):6.1f} ms, p95 {p95:6.1f} ms wall; "
        f"CPU p50 {statistics.median(cpu):5.1f} ms ({len(wall)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rulings", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--vectors-cache", type=Path, default=None)
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch and BLAS threads (1: on a shared 2-core machine, more threads wait on "
        "each other: one encode took 0.9 s with 2 threads under load, 24 ms with 1)",
    )
    args = parser.parse_args()
    limit_threads(args.threads)
    models = Models()
    models.nlp, models.encoder  # noqa: B018  (load both before anything is timed)
    queries = [intent for text in spell_texts()[5::37] for intent in intents_of(text)[:1]]
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as folder:
        ledger = init_campaign(Path(folder) / "bench.sqlite", name="Benchmark")
        insert = build(ledger, models, args.rulings, args.vectors_cache)
        begin = time.perf_counter()
        index = PrecedentIndex(ledger, models, coverage=Coverage(models))
        load = time.perf_counter() - begin
        index.save()

        cycle = iter(queries * (args.runs // len(queries) + 2))

        def search() -> object:
            query = next(cycle)
            words = parse_words(" ".join(content_words(query)[:2])) if rng.random() < 0.5 else ()
            return index.search(query, words, limit=10)

        searches = timed(search, args.runs)

        start_session(ledger, "checked rulings")
        player = "Snazzle's player"
        submit(
            ledger,
            player,
            with_senses(parse_words("Fire, Ball, Trap, Zone, Mist, Metal"), MEANINGS),
        )
        approve(ledger, player)
        for _ in range(6):
            draw(ledger, player, DrawReason.KILLING_BLOW)
        checks = RulingChecks(index)
        spells = ["Steal Fire", "Steal Fire Ball", "Steal Metal Mist", "Steal Trap Fire"]
        intents = iter(queries * (args.runs // len(queries) + 2))
        refused = compared = 0

        def record() -> object:
            nonlocal refused, compared
            proposal = Proposal(
                "Snazzle",
                parse_words(rng.choice(spells)),
                next(intents),
                Verdict.VETOED,
                needs=(Word("Zone"),),
            )
            review = checks.review(proposal)
            compared += bool(review.decision.findings)
            try:
                return checks.record(proposal, review)
            except PrecedentConflict:
                refused += 1
                return None

        records = timed(record, args.runs)
        end_session(ledger)
        ledger.close()
    print(
        f"Precedent benchmark: {args.rulings:,} rulings, models loaded, "
        f"{args.threads} torch/BLAS thread(s), load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} CPUs"
    )
    print(f"  build (rulings, vectors, FTS5), {BATCH:,} per transaction: {insert:6.1f} s")
    print(f"  load the precedent index once per process: {load:6.2f} s")
    print(f"  precedent search (top 10):        {summary(searches)}  (goal p50 <= 30 ms)")
    print(f"  record one ruling with all checks: {summary(records)}  (goal p50 <= 50 ms)")
    print(
        f"    ({compared} of {args.runs + 1} compared with a close precedent of the same "
        f"Words; {refused} refused as conflicts, timed the same way)"
    )


if __name__ == "__main__":
    main()
