"""Train the cross-reader (adjudicator/language/cross_reader.py) and measure it fairly.

    python models/train_reader.py data                # each case's tokens and labels, cached
    python models/train_reader.py folds [HELD...]     # leave one author out, simulated
    python models/train_reader.py checked [HELD...]   # the same folds through the real check
    python models/train_reader.py checked [HELD...] --on FILE...  # their fits on other cases
    python models/train_reader.py train               # the shipped weights: data/reader.npz

The same cases as the judge (`train_judge.py`: training/ and the five coverage authors the
project may tune on) and `READER_ONLY`: six authors of `training/dropped/` whose cases
lowered the networks' folds but raise the reader's (docs/accuracy.md, "Session 11"). Read by
the shipped MiniLM with the spell's Words as the first text and the prepared intent as the
second; each content token the judge reads (its first word piece) is labelled missing when
its lemma or surface form is one of the case's `missing` concepts. Loss: each token's, plus
each case's (the noisy-OR over its tokens: is anything missing?), as the judge is trained.
The word-piece embeddings and the lowest `FROZEN` layers stay the shipped encoder's.

`folds` fits each fold's reader without the held-out author (about 12 min a fold on one
core), keeps it in `models/.judge-cache/readers/`, and scores the held-out file with the
fold's judge (`train_judge.py folds` must have fitted it): the judge alone and the two
averaged, as `Coverage.adjudicate` reads them (the reader given all the spell's Words: the
rules `judge._read` adds for hands and scope Words are left to `checked`). `checked` runs
the kept fits through the real coverage check, as `adjudicator eval coverage` scores it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import train_judge as tj

READER_WEIGHTS = tj.ROOT / "adjudicator" / "language" / "data" / "reader.npz"
DATA = tj.CACHE / "reader-data.json"
FROZEN = 0
EPOCHS = 4
CASES_PER_BATCH = 32
RATES = (5e-5, 1e-3)  # the encoder's layers, the head
SEED = 0
#: Authors the networks are not trained on (`training/dropped/`) that the reader is: all but
#: author-z, whose 7-9 Word hands the reader never reads at once (`judge.MOST_WORDS_READ`).
READER_ONLY = {
    name: tj.ROOT / "training" / "dropped" / name / "coverage.jsonl"
    for name in ("author-u", "author-v", "author-w", "author-x", "author-ab", "author-ac")
}


def data() -> None:
    """Each case's Words, prepared intent, content-token spans and labels, in the order the
    judge's features list them (checked against the judge's cache, where the judge reads the
    author)."""
    from adjudicator.language.intent import Intent
    from adjudicator.language.judge import _candidates
    from adjudicator.language.lexicon import Lexicon
    from adjudicator.language.models import Models

    models, lexicon = Models(), Lexicon()
    found: dict[str, list[dict[str, Any]]] = {}
    for name, path in {**tj.FOLDS, **tj.GENERATED, **READER_ONLY}.items():
        rows = []
        for line in path.open(encoding="utf-8"):
            case = json.loads(line)
            reading = Intent(case["intent"], models, lexicon)
            gold = set(case["missing"])
            tokens = [t for t, _, _ in _candidates(reading)]
            rows.append(
                {
                    "id": case["id"],
                    "words": case["words"],
                    "text": reading.prepared.text,
                    "spans": [[t.idx, t.idx + len(t.text)] for t in tokens],
                    "labels": [float(t.lemma_.lower() in gold or t.lower_ in gold) for t in tokens],
                }
            )
        if name not in READER_ONLY and len(tj.load(name)["meta"]) != sum(
            len(r["spans"]) for r in rows
        ):
            raise SystemExit(f"{name}: the judge's cache lists other tokens (re-extract it)")
        found[name] = rows
        print(f"{name}: {len(rows)} cases", flush=True)
    DATA.write_text(json.dumps(found))


def fit(cases: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """The fine-tuned layers and head, as `CrossReader` reads them."""
    import torch

    from adjudicator.language.cross_reader import encoded
    from adjudicator.language.models import Models

    torch.manual_seed(SEED)
    rng = random.Random(SEED)
    models = Models()
    tokenizer = models.encoder.tokenizer
    encoder: Any = models.encoder[0].auto_model
    encoder.train()
    head = torch.nn.Linear(encoder.config.hidden_size, 1)
    dropout = torch.nn.Dropout(0.1)
    for p in encoder.embeddings.parameters():
        p.requires_grad = False
    for layer in encoder.encoder.layer[:FROZEN]:
        for p in layer.parameters():
            p.requires_grad = False
    items = []
    for row in cases:
        piece_ids, piece_types, first = encoded(tokenizer, row["words"], row["text"], row["spans"])
        seen = [(p, y) for p, y in zip(first, row["labels"], strict=True) if p is not None]
        if seen:  # a token cut off is not read (none is in the training files)
            items.append((piece_ids, piece_types, [p for p, _ in seen], [y for _, y in seen]))
    items.sort(key=lambda item: len(item[0]))  # batches of like length, shuffled
    batches = [items[i : i + CASES_PER_BATCH] for i in range(0, len(items), CASES_PER_BATCH)]
    trained = [p for p in encoder.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(
        [{"params": trained, "lr": RATES[0]}, {"params": head.parameters(), "lr": RATES[1]}],
        weight_decay=0.01,
    )
    steps = len(batches) * EPOCHS
    warm = max(1, math.ceil(steps * 0.06))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, s / warm) * max(0.0, (steps - s) / steps)
    )
    for _ in range(EPOCHS):
        rng.shuffle(batches)
        for batch in batches:
            width = max(len(item[0]) for item in batch)
            ids = torch.zeros(len(batch), width, dtype=torch.long)
            types = torch.zeros_like(ids)
            attention = torch.zeros_like(ids)
            for i, (piece_ids, piece_types, _, _) in enumerate(batch):
                ids[i, : len(piece_ids)] = torch.tensor(piece_ids)
                types[i, : len(piece_ids)] = torch.tensor(piece_types)
                attention[i, : len(piece_ids)] = 1
            hidden = encoder(input_ids=ids, token_type_ids=types, attention_mask=attention)
            logits = head(dropout(hidden.last_hidden_state)).squeeze(-1)
            rows = [
                (i, p, y)
                for i, item in enumerate(batch)
                for p, y in zip(item[2], item[3], strict=True)
            ]
            owner = torch.tensor([i for i, _, _ in rows])
            chosen = logits[owner, torch.tensor([p for _, p, _ in rows])]
            labels = torch.tensor([y for _, _, y in rows])
            token_loss = torch.nn.functional.binary_cross_entropy_with_logits(chosen, labels)
            # the case's: P(anything missing) = 1 - prod(1 - p) over its tokens
            none = torch.zeros(len(batch)).index_add(
                0, owner, torch.nn.functional.logsigmoid(-chosen)
            )
            case = (1 - torch.exp(none)).clamp(1e-6, 1 - 1e-6)
            gold = torch.zeros(len(batch)).index_add(0, owner, labels).clamp(max=1.0)
            case_loss = torch.nn.functional.binary_cross_entropy(case, gold)
            (token_loss + case_loss).backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            schedule.step()
            optimiser.zero_grad()
    kept = {  # the layers it trained (the pooler is not read)
        f"encoder.{name}": value.detach().numpy().astype(np.float16)
        for name, value in encoder.named_parameters()
        if value.requires_grad and name.startswith("encoder.")
    }
    kept["head.weight"] = head.weight.detach().numpy().astype(np.float32)
    kept["head.bias"] = head.bias.detach().numpy().astype(np.float32)
    return kept


def fold(held: str, cases: dict[str, list[dict[str, Any]]]) -> Path:
    """The reader trained without `held`, kept under a digest of what it was trained on."""
    digest = hashlib.sha256()
    for name, rows in sorted(cases.items()):
        if name != held:
            digest.update(name.encode() + json.dumps(rows).encode())
    digest.update(repr((FROZEN, EPOCHS, CASES_PER_BATCH, RATES, SEED)).encode())
    kept = tj.CACHE / "readers" / f"{held}-{digest.hexdigest()[:12]}.npz"
    if not kept.exists():
        arrays = fit([c for name, rows in cases.items() if name != held for c in rows])
        kept.parent.mkdir(exist_ok=True)
        np.savez_compressed(kept, **arrays)  # type: ignore[arg-type]
    return kept


def read(weights: Path, rows: list[dict[str, Any]]) -> np.ndarray:
    """The reader's P(missing) of every token of `rows`, in the judge cache's order."""
    from adjudicator.language.cross_reader import CrossReader
    from adjudicator.language.models import Models

    reader = CrossReader(Models(), dict(np.load(weights)))
    found = [reader.missing(r["words"], r["text"], [tuple(s) for s in r["spans"]]) for r in rows]
    return np.concatenate(found) if found else np.zeros(0)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("data", "folds", "checked", "train"))
    parser.add_argument("held", nargs="*", help="only these folds (default: all five)")
    parser.add_argument(
        "--on",
        nargs="+",
        type=Path,
        default=(),
        help="checked: score each fold's fits on these files, not its held-out one",
    )
    args = parser.parse_args(argv)
    if args.step == "data":
        data()
        return 0
    cases = json.loads(DATA.read_text())
    if args.step == "train":
        arrays = fit([c for rows in cases.values() for c in rows])
        np.savez(READER_WEIGHTS, **arrays)  # type: ignore[arg-type]  # read faster unzipped
        print(f"wrote {READER_WEIGHTS.relative_to(tj.ROOT)}")
        return 0
    judged = {name: tj.load(name) for name in {**tj.FOLDS, **tj.GENERATED}}
    for held in args.held or list(tj.FOLDS):
        weights = fold(held, cases)
        packed = tj.fold(held, judged)
        if args.step == "checked":
            files = {f"on {path}": path for path in args.on}
            ways = {
                f"checked ({way})": tj.checked(packed, path, weights)
                for way, path in (files or {"eval coverage": tj.FOLDS[held]}).items()
            }
        else:
            d = judged[held]
            missing, need, cover = tj.predict(packed, d)
            both = (missing + read(weights, cases[held])) / 2
            ways = {
                "judge as shipped": tj.score(d, tj.as_shipped(d, missing, need, cover), 0.5),
                "judge + reader as shipped": tj.score(
                    d, tj.as_shipped(d, both, np.maximum(need, both), cover), 0.5
                ),
            }
        for way, values in ways.items():
            shown = "  ".join(f"{k} {v:.3f}" for k, v in values.items())
            print(f"{held:10s} {way:30s} {shown}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
