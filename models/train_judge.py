"""Train the coverage judge (adjudicator/language/judge.py) and measure it fairly.

    python models/train_judge.py extract [NAME...]  # features of the training files, cached
    python models/train_judge.py folds     # leave-one-author-out figures (docs/accuracy.md)
    python models/train_judge.py checked   # the same folds through the real `spell check`
    python models/train_judge.py train     # the shipped weights: language/data/judge.npz

Training data: the cases in training/ (written from the wop-dev README's labelling policy
alone, by authors who never saw a benchmark case: see training/README.md) and the five
coverage authors the project may tune on (../shared/benchmarks/wop-dev and wop-voices).
`folds` holds out one of those five at a time, trains on the rest and training/, and scores
the one left out; `train` uses everything. A token's label is whether its lemma (or
surface form) is one of the case's `missing` concepts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT.parent / "shared" / "benchmarks"
CACHE = ROOT / "models" / ".judge-cache"
WEIGHTS = ROOT / "adjudicator" / "language" / "data" / "judge.npz"
FOLDS = {
    "wop-dev": BENCH / "wop-dev" / "coverage.jsonl",
    "tabletalk": BENCH / "wop-voices" / "tabletalk.jsonl",
    "shorthand": BENCH / "wop-voices" / "shorthand.jsonl",
    "grim": BENCH / "wop-voices" / "grim.jsonl",
    "literary": BENCH / "wop-voices" / "literary.jsonl",
}
GENERATED = {p.parent.name: p for p in sorted((ROOT / "training").glob("author-*/coverage.jsonl"))}
SEEDS = (0, 1, 2, 3)
EPOCHS = 25
HIDDEN = 32
CASES_PER_BATCH = 24
THRESHOLDS = (0.4, 0.5, 0.6)


def extract(name: str, path: Path) -> None:
    """Features and labels of one file, into the cache."""
    from dataclasses import replace

    import torch

    from adjudicator.language.coverage import Coverage
    from adjudicator.language.judge import features
    from adjudicator.language.models import Models
    from adjudicator.language.thresholds import DEFAULT
    from adjudicator.rules.words import Word

    torch.set_num_threads(1)
    # the rules' report, as `Coverage.report` hands it to the judge: a report the shipped
    # judge has ruled on would feed its rulings (trained on every file) into the features
    coverage = Coverage(Models(), thresholds=replace(DEFAULT, judge=False))
    tokens, pairs, masks, labels, meta = [], [], [], [], []
    cases = []
    for line in path.open(encoding="utf-8"):
        case = json.loads(line)
        report = coverage.check(tuple(Word(w) for w in case["words"]), case["intent"])
        found = features(coverage, report)
        gold = set(case["missing"])
        for i, token in enumerate(found.meta):
            tokens.append(found.tokens[i])
            pairs.append(found.pairs[i])
            masks.append(found.mask[i])
            labels.append(float(token.lemma in gold or token.text.lower() in gold))
            meta.append([case["id"], token.lemma])
        cases.append({k: case.get(k) for k in ("id", "covered", "missing", "group")})
    CACHE.mkdir(exist_ok=True)
    np.savez_compressed(
        CACHE / f"{name}.npz", tokens=np.array(tokens), pairs=np.array(pairs),
        mask=np.array(masks), labels=np.array(labels),
    )  # fmt: skip
    (CACHE / f"{name}.json").write_text(json.dumps({"meta": meta, "cases": cases}))
    print(f"{name}: {len(cases)} cases, {len(tokens)} tokens", flush=True)


def load(name: str) -> dict[str, Any]:
    arrays = dict(np.load(CACHE / f"{name}.npz"))
    arrays.update(json.loads((CACHE / f"{name}.json").read_text()))
    return arrays


def _cases(data: dict[str, Any]) -> np.ndarray:
    """Each token's case, numbered from 0 within one file."""
    ids = [case_id for case_id, _ in data["meta"]]
    number = {case_id: i for i, case_id in enumerate(dict.fromkeys(ids))}
    return np.array([number[case_id] for case_id in ids])


def fit(sets: list[dict[str, Any]], seed: int) -> dict[str, np.ndarray]:
    """One ensemble member: the noisy-OR of `need` and `cover` trained end to end, on two
    losses: each token's (is it a missing concept?) and each case's (is anything missing?
    the noisy-OR over its tokens), since the verdict is the case's."""
    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    tokens = np.concatenate([s["tokens"] for s in sets])
    pairs = np.concatenate([s["pairs"] for s in sets])
    mask = np.concatenate([s["mask"] for s in sets])
    labels = np.concatenate([s["labels"] for s in sets])
    offsets = np.cumsum([0] + [len(s["cases"]) for s in sets])
    case_of = np.concatenate(
        [_cases(s) + offset for s, offset in zip(sets, offsets[:-1], strict=True)]
    )
    by_case = np.argsort(case_of, kind="stable")
    members = np.split(by_case, np.searchsorted(case_of[by_case], np.arange(1, offsets[-1])))
    case_labels = np.zeros(offsets[-1])
    np.maximum.at(case_labels, case_of, labels)
    t_mean, t_std = tokens.mean(0), tokens.std(0) + 1e-6
    used = pairs[mask > 0]
    p_mean, p_std = used.mean(0), used.std(0) + 1e-6

    def net(width: int) -> torch.nn.Sequential:
        return torch.nn.Sequential(
            torch.nn.Dropout(0.1), torch.nn.Linear(width, HIDDEN), torch.nn.ReLU(),
            torch.nn.Dropout(0.3), torch.nn.Linear(HIDDEN, 1),
        )  # fmt: skip

    need, cover = net(tokens.shape[1]), net(pairs.shape[2])
    params = [*need.parameters(), *cover.parameters()]
    optimiser = torch.optim.AdamW(params, lr=3e-3, weight_decay=1e-3)
    t = torch.tensor((tokens - t_mean) / t_std, dtype=torch.float32)
    p = torch.tensor((pairs - p_mean) / p_std, dtype=torch.float32)
    k = torch.tensor(mask)
    y = torch.tensor(labels, dtype=torch.float32)
    positive = float(np.sqrt((1 - labels.mean()) / max(labels.mean(), 1e-3)))
    for _ in range(EPOCHS):
        need.train()
        cover.train()
        order = rng.permutation(len(members))
        for i in range(0, len(order), CASES_PER_BATCH):
            batch = order[i : i + CASES_PER_BATCH]
            idx = np.concatenate([members[c] for c in batch])
            local = torch.tensor(np.repeat(np.arange(len(batch)), [len(members[c]) for c in batch]))
            covered = torch.sigmoid(cover(p[idx]).squeeze(-1)) * k[idx]
            uncovered = torch.exp(torch.log1p(-covered.clamp(max=1 - 1e-6)).sum(-1))
            prob = (torch.sigmoid(need(t[idx]).squeeze(-1)) * uncovered).clamp(1e-6, 1 - 1e-6)
            target = y[idx]
            loss = -(positive * target * torch.log(prob) + (1 - target) * torch.log(1 - prob))
            fine = torch.zeros(len(batch)).index_add(0, local, torch.log1p(-prob))
            case = (1 - torch.exp(fine)).clamp(1e-6, 1 - 1e-6)
            wanted = torch.tensor(case_labels[batch], dtype=torch.float32)
            case_loss = -(wanted * torch.log(case) + (1 - wanted) * torch.log(1 - case))
            optimiser.zero_grad()
            (loss.mean() + case_loss.mean()).backward()  # type: ignore[no-untyped-call]
            optimiser.step()

    def layers(prefix: str, model: torch.nn.Sequential) -> dict[str, np.ndarray]:
        first: Any = model[1]
        second: Any = model[4]
        return {
            f"{prefix}_w1": first.weight.detach().numpy(),
            f"{prefix}_b1": first.bias.detach().numpy(),
            f"{prefix}_w2": second.weight.detach().numpy(),
            f"{prefix}_b2": second.bias.detach().numpy(),
        }

    return {
        "token_mean": t_mean, "token_std": t_std, "pair_mean": p_mean, "pair_std": p_std,
        **layers("need", need), **layers("cover", cover),
    }  # fmt: skip


def pack(members: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    packed: dict[str, np.ndarray] = {"members": np.array(len(members))}
    for i, member in enumerate(members):
        packed.update({f"{i}_{k}": v.astype(np.float32) for k, v in member.items()})
    return packed


def predict(
    packed: dict[str, np.ndarray], data: dict[str, Any]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each token's P(missing), P(a Word is needed) and its best Word set's cover, as
    `Judge.judge` computes them."""
    from adjudicator.language.judge import MOST_WORDS_SEEN, _Member

    tokens = data["tokens"].copy()
    words = _columns()["words"]
    tokens[:, words] = np.minimum(tokens[:, words], MOST_WORDS_SEEN)
    needs, covers = [], []
    for i in range(int(packed["members"])):
        need, cover = _Member(packed, i).run(tokens, data["pairs"], data["mask"])
        needs.append(need)
        covers.append(cover)
    cover = (np.mean(covers, axis=0) * may_cover(data)).max(1)
    need = np.mean(needs, axis=0)
    return need * (1 - cover), need, cover


def may_cover(data: dict[str, Any]) -> np.ndarray:
    """`judge.may_cover` read back from the features: an area or duration Word alone (a
    one-Word set whose scope kind is sure) never covers a token outside scope. Sets of two
    such Words carry no kind in the features, so they are left as the networks read them."""
    from adjudicator.language import judge

    col = _columns()
    kinds = [7 + judge._SCOPES.index(kind) for kind in judge._PURE_SCOPE]
    pairs = data["pairs"]
    sure = 7 + len(judge._SCOPES)
    scope_word = (pairs[:, :, kinds].max(2) > 0.5) & (pairs[:, :, sure] >= 1.0)
    in_scope = data["tokens"][:, col["scope"] : col["scope_end"]].max(1) > 0.5
    allowed: np.ndarray = 1.0 - (scope_word & ~in_scope[:, None]).astype(np.float32)
    return allowed


def _columns() -> dict[str, int]:
    """Where `judge.features` keeps the walk's findings in a token row and a pair row."""
    from adjudicator.language import judge
    from adjudicator.language.concepts import Role
    from adjudicator.language.cues import ScopeKind

    one_hots = (judge.CONTENT_POS, judge._DEPS, judge._HEAD_POS, judge._PREPOSITIONS)
    head = sum(len(v) for v in one_hots) + judge.SYNTAX_FEATURES
    needs = head + 2 + len(Role)
    return {
        "head": head,
        "needs": needs,
        "covered": needs + 1,
        "scope": needs + 2,
        "scope_end": needs + 2 + len(ScopeKind),
        "follows": needs + 2 + len(ScopeKind),
        "words": needs + 2 + len(ScopeKind) + 2,
    }


def as_shipped(
    data: dict[str, Any], missing: np.ndarray, need: np.ndarray, cover: np.ndarray
) -> np.ndarray:
    """`Coverage.adjudicate` simulated on the features (`judge.features` keeps the walk's
    findings): a token is missing when the judge finds it so, except that
    - a consequence, or what follows from a covered concept, keeps the rules' reading;
    - a scope concept keeps the rules' reading, but one the rules leave open needs a Word
      only if the judge finds its head needs one (`Coverage._unscoped`);
    - a substance or creature the rules leave open is missing when the judge finds a Word
      needed, unless its cover is sure (`judge_sure_cover`)."""
    from adjudicator.language.concepts import Role
    from adjudicator.language.thresholds import DEFAULT

    col = _columns()
    tokens = data["tokens"]
    heads, needed = tokens[:, col["head"]] > 0.5, tokens[:, col["needs"]] > 0.5
    done = tokens[:, col["covered"]] > 0.5
    rules = (heads & needed & ~done).astype(float)
    role = col["head"] + 2
    consequence = tokens[:, role + list(Role).index(Role.CONSEQUENCE)] > 0.5
    subject = heads & (tokens[:, role + list(Role).index(Role.SUBJECT)] > 0.5) & needed & ~done
    subject &= cover < DEFAULT.judge_sure_cover
    scope = tokens[:, col["scope"] : col["scope_end"]].max(1) > 0.5
    follows = tokens[:, col["follows"]] > 0.5
    judged = np.where(subject, need, missing)
    scoped = np.where(rules > 0, need, rules)
    result: np.ndarray = np.where(scope, scoped, np.where(consequence | follows, rules, judged))
    return result


def rules_alone(data: dict[str, Any]) -> np.ndarray:
    """What the rules alone say of each token (1.0: missing): a head of an open concept that
    needs a Word."""
    col = _columns()
    tokens = data["tokens"]
    heads, needed = tokens[:, col["head"]] > 0.5, tokens[:, col["needs"]] > 0.5
    done = tokens[:, col["covered"]] > 0.5
    result: np.ndarray = (heads & needed & ~done).astype(float)
    return result


def fold(held: str, data: dict[str, dict[str, Any]]) -> dict[str, np.ndarray]:
    """The judge trained without `held`, kept in the cache under a digest of what it was
    trained on (`folds` fits it, `checked` reuses it)."""
    import hashlib

    digest = hashlib.sha256()
    for name, d in sorted(data.items()):
        if name != held:
            for part in ("tokens", "pairs", "labels"):
                digest.update(name.encode() + d[part].tobytes())
    digest.update(repr((SEEDS, EPOCHS, HIDDEN, CASES_PER_BATCH)).encode())
    kept = CACHE / "folds" / f"{held}-{digest.hexdigest()[:12]}.npz"
    if kept.exists():
        return dict(np.load(kept))
    packed = pack([fit([d for n, d in data.items() if n != held], seed) for seed in SEEDS])
    kept.parent.mkdir(exist_ok=True)
    np.savez_compressed(kept, **packed)  # type: ignore[arg-type]
    return packed


def checked(
    packed: dict[str, np.ndarray], path: Path, reader: Path | None = None
) -> dict[str, float]:
    """A fold's judge (with the fold's cross-reader, `reader`) in the real coverage check
    (walk, firm rules and all), scored on the held-out file as `adjudicator eval coverage`
    scores it: the figure a new table sees."""
    import tempfile

    from adjudicator.language.coverage import Coverage
    from adjudicator.language.evaluation import BinaryScore, fitted_intent, prediction
    from adjudicator.language.judge import Judge
    from adjudicator.language.models import Models
    from adjudicator.rules.words import Word

    with tempfile.TemporaryDirectory() as folder:
        weights = Path(folder) / "judge.npz"
        np.savez_compressed(weights, **packed)  # type: ignore[arg-type]
        coverage = Coverage(Models(), judge=Judge(weights, reader))
        binary = BinaryScore()
        verdicts: dict[str, set[bool]] = {}
        for line in path.open(encoding="utf-8"):
            case = json.loads(line)
            words = tuple(Word(w) for w in case["words"])
            intent, _ = fitted_intent(str(case["intent"]))
            predicted = prediction(str(case["id"]), coverage.check(words, intent))
            binary.add(case, predicted)
            if case.get("group"):
                verdicts.setdefault(case["group"], set()).add(bool(predicted["covered"]))
    result = {"balanced": binary.balanced_accuracy, "missing_f1": binary.missing_f1}
    if verdicts:
        result["consistency"] = sum(len(v) == 1 for v in verdicts.values()) / len(verdicts)
    return result


def score(data: dict[str, Any], probabilities: np.ndarray, threshold: float) -> dict[str, float]:
    """Balanced accuracy, missing-concept F1 and paraphrase consistency of one file."""
    flagged: dict[str, set[str]] = {}
    for p, (case_id, lemma) in zip(probabilities, data["meta"], strict=True):
        if p >= threshold:
            flagged.setdefault(case_id, set()).add(lemma)
    tp = tn = fp = fn = hit = extra = lost = 0
    groups: dict[str, set[bool]] = {}
    for case in data["cases"]:
        said = flagged.get(case["id"], set())
        covered = not said
        gold = set(case["missing"])
        tp += case["covered"] and covered
        fn += case["covered"] and not covered
        fp += not case["covered"] and covered
        tn += not case["covered"] and not covered
        hit, extra, lost = hit + len(said & gold), extra + len(said - gold), lost + len(gold - said)
        if case.get("group"):
            groups.setdefault(case["group"], set()).add(covered)
    balanced = (tp / max(1, tp + fn) + tn / max(1, tn + fp)) / 2
    f1 = 2 * hit / max(1, 2 * hit + extra + lost)
    result = {"balanced": balanced, "missing_f1": f1}
    if groups:
        result["consistency"] = sum(len(v) == 1 for v in groups.values()) / len(groups)
    return result


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("extract", "folds", "checked", "train"))
    parser.add_argument("names", nargs="*", help="extract only these files (default: all)")
    args = parser.parse_args(argv)
    everything = {**FOLDS, **GENERATED}
    if args.step == "extract":
        for name, path in everything.items():
            if not args.names or name in args.names:
                extract(name, path)
        return 0
    data = {name: load(name) for name in everything}
    if args.step in ("folds", "checked"):
        for held in FOLDS:
            packed = fold(held, data)
            if args.step == "checked":
                figures = {"checked (eval coverage)": checked(packed, FOLDS[held])}
            else:
                missing, need, cover = predict(packed, data[held])
                ways = {
                    "rules": rules_alone(data[held]),
                    "judge alone": missing,
                    "judge as shipped": as_shipped(data[held], missing, need, cover),
                }
                figures = {way: score(data[held], v, 0.5) for way, v in ways.items()}
            for way, values in figures.items():
                shown = "  ".join(f"{k} {v:.3f}" for k, v in values.items())
                print(f"{held:10s} {way:30s} {shown}", flush=True)
        return 0
    packed = pack([fit(list(data.values()), seed) for seed in SEEDS])
    np.savez_compressed(WEIGHTS, **packed)  # type: ignore[arg-type]
    print(f"wrote {WEIGHTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
