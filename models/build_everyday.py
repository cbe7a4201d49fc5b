"""Build `adjudicator/language/data/everyday.json`, the labelled Deck Words with the everyday
meanings players mean, and report the homonym figures leaving one source out.

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you mean"
(rulebook, "The Deck"). Sources, all written from the labelling policy alone and kept in the
repo: every training/*/homonyms.jsonl (author-f: 969 Deck Words; author-k and author-l: 1,358
more, the commonest WordNet words with two meanings that author-f did not label;
homonyms-supplement: Blade). A Word's first label wins, in folder order. The output is
deterministic (sorted keys); `--check` says whether the shipped file is current.

`--folds` scores the method, the lexicon first and the inventory rule
(`adjudicator.language.homonyms`) for any other Word, leaving one source out: the lexicon is
built from the other sources' labels (wop-dev and wop-voices carry no meanings) and the
held-out file is scored; today's method (the inventory rule alone) is scored beside it.

    PYTHONPATH=$PWD .venv/bin/python models/build_everyday.py
    PYTHONPATH=$PWD .venv/bin/python models/build_everyday.py --check
    PYTHONPATH=$PWD .venv/bin/python models/build_everyday.py --folds
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator.language.everyday import EverydayLexicon
from adjudicator.language.homonyms import inventory_homonym, is_homonym
from adjudicator.language.inventory import SenseInventory, key_of

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "adjudicator/language/data/everyday.json"
SOURCES = tuple(sorted((ROOT / "training").glob("*/homonyms.jsonl")))
BENCHMARKS = ROOT.parent / "shared/benchmarks"
FOLDS = {
    "wop-dev": BENCHMARKS / "wop-dev/homonyms.jsonl",
    "wop-voices": BENCHMARKS / "wop-voices/homonyms_everyday.jsonl",
    **{path.parent.name: path for path in SOURCES if path.parent.name.startswith("author-")},
}


def read(path: Path) -> list[dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def words_of(cases: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Word key -> {"homonym", "senses"}, the first label of a repeated Word."""
    words: dict[str, dict[str, Any]] = {}
    for case in cases:
        entry = {"homonym": bool(case["homonym"]), "senses": list(case.get("senses", []))}
        words.setdefault(key_of(str(case["word"])), entry)
    return words


def render(sources: Sequence[Path]) -> str:
    words: dict[str, dict[str, Any]] = {}
    for path in sources:
        for key, entry in words_of(read(path)).items():
            words.setdefault(key, entry)
    document = {
        "about": "Deck Words labelled homonym or not from the labelling policy alone, with the "
        "everyday meanings players mean (most common first). Built by "
        "models/build_everyday.py; do not edit by hand.",
        "sources": {
            str(path.relative_to(ROOT)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sources
        },
        "homonyms": sum(1 for e in words.values() if e["homonym"]),
        "words": dict(sorted(words.items())),
    }
    return json.dumps(document, indent=0, ensure_ascii=False, sort_keys=False) + "\n"


def figures(gold: Sequence[bool], predicted: Sequence[bool]) -> dict[str, float]:
    tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
    fp = sum(p and not g for g, p in zip(gold, predicted, strict=True))
    fn = sum(g and not p for g, p in zip(gold, predicted, strict=True))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3)}


def folds() -> None:
    """Leave one source out: the lexicon of the others, scored on the one held out."""
    inventory = SenseInventory()
    cases = {name: read(path) for name, path in FOLDS.items()}
    with tempfile.TemporaryDirectory() as folder:
        for held, scored in cases.items():
            lexicon_path = Path(folder) / f"without-{held}.json"
            others = [c for name, some in cases.items() if name != held for c in some]
            words = words_of(others)
            lexicon_path.write_text(json.dumps({"words": words}), encoding="utf-8")
            lexicon = EverydayLexicon(lexicon_path)
            gold = [bool(c["homonym"]) for c in scored]
            new = [is_homonym(str(c["word"]), inventory, lexicon=lexicon).homonym for c in scored]
            today = [inventory_homonym(str(c["word"]), inventory).homonym for c in scored]
            unseen = [i for i, c in enumerate(scored) if key_of(str(c["word"])) not in words]
            print(
                f"held out {held}: {len(scored)} Words, {len(scored) - len(unseen)} in the "
                f"lexicon of the others\n"
                f"  lexicon + rule {figures(gold, new)}\n  today (rule)   {figures(gold, today)}"
                f"\n  the {len(unseen)} Words outside the lexicon: "
                f"{figures([gold[i] for i in unseen], [new[i] for i in unseen])}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    parser.add_argument("--folds", action="store_true", help="leave-one-source-out figures")
    args = parser.parse_args(argv)
    if args.folds:
        folds()
        return 0
    rendered = render(SOURCES)
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.is_file() else ""
        if current != rendered:
            print(f"{args.output} is out of date: rebuild it", file=sys.stderr)
            return 1
        print(f"{args.output} is current")
        return 0
    args.output.write_text(rendered, encoding="utf-8")
    print(f"wrote {args.output} ({len(rendered):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
