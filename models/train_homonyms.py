"""A measured experiment, not shipped: can a learned scorer over the sense inventory and
WordNet's topic files tell homonyms from related senses on Words it was not trained on?

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you mean"
(rulebook, "The Deck"). A logistic regression in numpy over `homonym_features.features` says
whether a Word has two unrelated everyday meanings. It did not beat the inventory rule on the
held-out folds (docs/accuracy.md, "Homonyms"), so nothing it fits ships; the script stays to
repeat the measurement. It needs WordNet (`apt-get install -y wordnet-base`).

Sources (the only data it is tuned on): wop-dev/homonyms.jsonl, wop-voices/homonyms_everyday
.jsonl and training/author-f/homonyms.jsonl. Evaluation leaves one source out: train on the
other two *without the held-out source's words* (author-f repeats almost every benchmark Word,
so a word-disjoint split is the only honest one), score the held-out file with the CLI's
rule (a Word the inventory gives fewer than two meanings is no homonym); then the fit on all
three, scored on each (training data) with its weights.

    PYTHONPATH=$PWD .venv/bin/python models/train_homonyms.py
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wordnet
from homonym_features import NAMES, features

from adjudicator.language.inventory import SenseInventory

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT.parent.parent / "shared/benchmarks"
SOURCES = {
    "wop-dev": BENCHMARKS / "wop-dev/homonyms.jsonl",
    "wop-voices": BENCHMARKS / "wop-voices/homonyms_everyday.jsonl",
    "author-f": ROOT / "training/author-f/homonyms.jsonl",
}
#: L2 penalty and gradient steps of the fit; not searched for.
PENALTY = 1.0
STEPS = 3000
RATE = 0.1


def load(path: Path) -> dict[str, bool]:
    """Word (lower case) -> homonym label, first label of a repeated word."""
    labels: dict[str, bool] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            case = json.loads(line)
            labels.setdefault(str(case["word"]).lower(), bool(case["homonym"]))
    return labels


class Features:
    """`homonym_features.features` of inventory words, with their senses' WordNet topic files."""

    def __init__(self, inventory: SenseInventory, wn: wordnet.WordNet) -> None:
        self.inventory = inventory
        self.wn = wn

    def topics(self, word: str) -> list[str]:
        lemma = self.inventory.lemma_of(word)
        entries = self.inventory._data["words"][lemma] if lemma else []  # the raw synset ids
        return [self.wn.synsets[e["synsets"][0]].lexname for e in entries]

    def row(self, word: str) -> tuple[float, ...]:
        return features(word, self.inventory.meanings(word), self.topics(word))


def matrix(words: Sequence[str], inventory: Features) -> np.ndarray:
    return np.array([inventory.row(w) for w in words], dtype=float)


@dataclass(frozen=True)
class Model:
    """A fitted logistic regression: standardisation, weights, bias."""

    mean: np.ndarray
    std: np.ndarray
    weights: np.ndarray
    bias: float


def fit(x: np.ndarray, y: np.ndarray) -> Model:
    """L2-penalised logistic regression on standardised features, classes weighted equally."""
    mean, std = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = (x - mean) / std
    weight = np.where(y == 1, 0.5 / max(y.mean(), 1e-9), 0.5 / max(1 - y.mean(), 1e-9))
    w, b = np.zeros(z.shape[1]), 0.0
    for _ in range(STEPS):
        p = 1 / (1 + np.exp(-(z @ w + b)))
        g = weight * (p - y)
        w -= RATE * (z.T @ g / len(y) + PENALTY * w / len(y))
        b -= RATE * float(g.mean())
    return Model(mean, std, w, b)


def score(model: Model, x: np.ndarray) -> np.ndarray:
    z = (x - model.mean) / model.std
    return np.asarray(1 / (1 + np.exp(-(z @ model.weights + model.bias))))


def figures(gold: Sequence[bool], predicted: Sequence[bool]) -> dict[str, float]:
    tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
    fp = sum(p and not g for g, p in zip(gold, predicted, strict=True))
    fn = sum(g and not p for g, p in zip(gold, predicted, strict=True))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3)}


def training_set(
    labels: dict[str, bool], inventory: SenseInventory
) -> tuple[list[str], np.ndarray]:
    words = [w for w in sorted(labels) if len(inventory.meanings(w)) >= 2]
    return words, np.array([1.0 if labels[w] else 0.0 for w in words])


def predict(model: Model, words: Sequence[str], table: Features) -> list[bool]:
    inventory = table.inventory
    known = [w for w in words if len(inventory.meanings(w)) >= 2]
    scores = dict(zip(known, score(model, matrix(known, table)).tolist(), strict=True))
    return [scores.get(w, 0.0) >= 0.5 for w in words]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.parse_args(argv)
    inventory = SenseInventory()
    table = Features(inventory, wordnet.load())
    data = {name: load(path) for name, path in SOURCES.items()}
    for held, labels in data.items():
        train: dict[str, bool] = {}
        for name, other in data.items():
            if name != held:
                for word, label in other.items():
                    if word not in labels:
                        train.setdefault(word, label)
        words, y = training_set(train, inventory)
        if len(words) < 20:  # the others hold little but held-out Words: train on them all
            train = {w: label for n, o in data.items() if n != held for w, label in o.items()}
            words, y = training_set(train, inventory)
        model = fit(matrix(words, table), y)
        gold = list(labels.values())
        held_out = figures(gold, predict(model, list(labels), table))
        print(f"held out {held} ({len(labels)} words; trained on {len(words)}): {held_out}")
    everything: dict[str, bool] = {}
    for labels in data.values():
        for word, label in labels.items():
            everything.setdefault(word, label)
    words, y = training_set(everything, inventory)
    model = fit(matrix(words, table), y)
    for name, labels in data.items():
        tuned = figures(list(labels.values()), predict(model, list(labels), table))
        print(f"trained on all, scored on {name} (training data): {tuned}")
    for name, weight in sorted(
        zip(NAMES, model.weights.tolist(), strict=True), key=lambda p: -abs(p[1])
    ):
        print(f"  {name:18} {weight:+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
