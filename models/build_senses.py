"""Build `adjudicator/language/data/senses.json`, the homonym sense inventory the tool ships.

"Homonyms do not get multiple meanings ... [Lead] needs to specify if it's 'the element' or
'the act of guiding' when it's initially added to the Deck" (rulebook, "Words of Power").
WordNet 3.0 splits `lead` into 31 fine senses; a player recognises three or four unrelated
meanings (the metal, to guide, the leading position). This script groups each lemma's fine
senses into those coarse meanings and keeps the words that have two or more.

Source, read at build time only: WordNet 3.0 from the Debian package `wordnet-base` (the
`data.*`, `index.*` and `*.exc` files through `models/wordnet.py`, and `cntlist.rev`, the
SemCor tag counts of each sense).

Method, for every single-word lemma (the details and each number are in `Settings`):
1. Its synsets in all parts of speech, leaving out named individuals (a synset with an
   instance hypernym: "Isaac Stern", "Reading, Pennsylvania").
2. Two senses are one meaning when WordNet links them: a pointer between them (pertainym,
   similar_to, verb_group, hypernym, derivation, ...), or a synset both point to (a shared
   hypernym, a shared derived form: lead "take somebody somewhere" and lead "be in charge
   of" both derive "leader"); when their glosses are close in all-MiniLM-L6-v2 space; when a
   definition uses the lemma itself ("spoil as if by poison") it joins the closest sense that
   does not. A derivation between the lemma and itself (the insect "fly" and "to fly") is
   drawn for the form alone, so it joins two senses only with somewhat close glosses. All
   adverb senses are one meaning (WordNet gives adverbs no hypernyms to tell them apart).
   Meanings are the connected components.
3. Each sense weighs log(1 + its SemCor tag count) plus a flat prior (untagged senses' order
   says nothing of frequency), halved for a lemma that is not among the synset's first words
   (a lemma listed last, "snow" for cocaine, is a rare use); a meaning weighs the 3-norm of
   its senses' weights, so many fine senses do not make one meaning common. A meaning under
   `common_ratio` of the heaviest meaning's weight is one a player would not think of: it is
   dropped (at most `max_meanings` are kept).
4. A lemma with two or more meanings left goes into the inventory (a homonym candidate), with
   each meaning's short description (its heaviest sense's definition: "a soft heavy toxic
   malleable metallic element", "to take somebody somewhere"), synonyms, hypernyms and
   glosses, heaviest meaning first. Inflected forms whose lemmas together have two meanings
   ("axes": ax, axis; "wound": wound, wind; "moped": moped, mope) are entries too, and lemmas
   that the run-time suffix rules would misread as a form of a homonym are listed.
5. Each meaning also carries the evidence that a player would think of it, for the run-time
   homonym check (`adjudicator/language/homonyms.py`, numbers in `homonym_thresholds.py`):
   its SemCor tag count and how many concepts WordNet builds on its senses (`ELABORATIONS`:
   kinds, parts, wholes, topic terms). A figure of speech ("an ocean of debt", "a wolf" for a
   womaniser) usually has neither.

Tuned on wop-dev/homonyms.jsonl and the words of wop-dev/senses.jsonl (all homonyms) only.

The output is deterministic: no timestamps, sorted keys, similarities rounded before they
are compared. `--check` says whether the shipped file is current.

    apt-get install -y wordnet-base
    .venv/bin/python models/build_senses.py            # about 10 minutes on 2 cores
    .venv/bin/python models/build_senses.py --check
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wordnet

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "adjudicator/language/data/senses.json.gz"
PACKAGE = "wordnet-base"
COPYRIGHT = Path("/usr/share/doc/wordnet-base/copyright")
COUNTS = "cntlist.rev"
FORMAT = 2

_LEMMA = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")
_PART_OF_SS_TYPE = {"1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj"}
#: relations that make two senses of a lemma one meaning, directly or through a shared target.
LINKS = frozenset(
    {"derivation", "pertainym", "similar_to", "verb_group", "also_see", "hypernym",
     "hyponym", "participle", "attribute", "cause", "entailment", "antonym",
     "part_holonym", "part_meronym", "substance_holonym", "substance_meronym",
     "member_holonym", "member_meronym"}
)  # fmt: skip
#: relations by which WordNet builds other concepts on a sense: its kinds, its parts, members
#: and substances, the wholes it is part of, the terms of its topic (a head adjective's
#: satellites count too: `elaborations`). A figure of speech ("an ocean of debt", "a wolf" for
#: a womaniser, "wolf" for eating hastily) usually has none of them.
ELABORATIONS = frozenset(
    {"hyponym", "instance_hyponym", "part_meronym", "member_meronym", "substance_meronym",
     "part_holonym", "member_holonym", "substance_holonym", "member_topic", "member_region",
     "member_usage"}
)  # fmt: skip
#: relations whose shared target also joins two senses (a hyponym shared is too weak a tie).
SHARED = frozenset(
    {"derivation", "pertainym", "similar_to", "verb_group", "also_see", "hypernym",
     "participle", "attribute"}
)  # fmt: skip


@dataclass(frozen=True)
class Settings:
    """Every number of the method, tuned on wop-dev/homonyms.jsonl (dev) only."""

    #: weight of a sense: log1p(SemCor count) + prior * rank_decay**(rank-1) * place factor.
    prior: float = 1.0
    rank_decay: float = 1.0
    #: factor for a lemma that is not the synset's first word (1 for the first).
    later_word: float = 0.5
    #: glosses at least this close (cosine) join two senses of the same topic file...
    same_topic_similarity: float = 0.6
    #: ... or of different topic files.
    other_topic_similarity: float = 0.65
    #: a derivation between the lemma and itself joins two senses only with glosses this close.
    same_form_similarity: float = 0.3
    #: a meaning with less of its lemma's weight than this is dropped as rare.
    common_share: float = 0.0
    #: ... or less than this part of its heaviest meaning's weight.
    common_ratio: float = 0.3
    #: a meaning weighs the `weight_power`-norm of its senses' weights (1: their sum).
    weight_power: float = 3.0
    #: at most this many meanings per word are kept, heaviest first.
    max_meanings: int = 6
    #: at most this many glosses and synonyms are kept per meaning.
    max_glosses: int = 3
    max_synonyms: int = 6


@dataclass(frozen=True)
class Sense:
    """One WordNet synset as a sense of one lemma: its rank, tag count and weight."""

    synset: wordnet.Synset
    rank: int
    count: int
    weight: float


# -- inputs -------------------------------------------------------------------------------


def tag_counts(root: Path) -> dict[tuple[str, str, int], int]:
    """SemCor counts by (lemma, part, sense number) from `cntlist.rev`."""
    counts: dict[tuple[str, str, int], int] = {}
    for line in (root / COUNTS).read_text(encoding="utf-8").splitlines():
        key, number, count = line.split()
        lemma, _, rest = key.partition("%")
        part = _PART_OF_SS_TYPE[rest[0]]
        counts[(lemma, part, int(number))] = counts.get((lemma, part, int(number)), 0) + int(count)
    return counts


def is_named_individual(synset: wordnet.Synset) -> bool:
    return any(p.relation == "instance_hypernym" for p in synset.pointers)


def senses_of(
    wn: wordnet.WordNet,
    lemma: str,
    counts: dict[tuple[str, str, int], int],
    settings: Settings,
) -> list[Sense]:
    """The lemma's synsets (no named individuals), each with its weight."""
    senses = []
    for part in wordnet.PARTS:
        rank = 0
        for number, synset_id in enumerate(wn.index.get((lemma, part), ()), start=1):
            synset = wn.synsets[synset_id]
            if is_named_individual(synset):
                continue
            rank += 1
            count = counts.get((lemma, part, number), 0)
            place = _place(synset, lemma)
            factor = 1.0 if place == 0 else settings.later_word ** min(place, 2)
            prior = settings.prior * settings.rank_decay ** (rank - 1) * factor
            senses.append(Sense(synset, rank, count, math.log1p(count) + prior))
    return senses


def _place(synset: wordnet.Synset, lemma: str) -> int:
    words = [w.replace(" ", "_") for w in synset.words]
    return words.index(lemma) if lemma in words else len(words)


# -- grouping -----------------------------------------------------------------------------


def gloss_head(gloss: str) -> str:
    """The definition without its examples: up to the first quoted example or semicolon."""
    head = gloss.split('"')[0].split(";")[0].strip().rstrip(",:; ")
    return head or gloss.strip()


def gloss_text(synset: wordnet.Synset, wn: wordnet.WordNet) -> str:
    """What is embedded for a sense: its kinds (hypernyms) and definition. No synonyms: they
    would carry the lemma itself into every sense, and one text per synset is embedded once."""
    hypernyms = [wn.synsets[t].words[0] for t in synset.related("hypernym")][:2]
    parts = [", ".join(hypernyms), gloss_head(synset.gloss)]
    return "; ".join(p for p in parts if p)


def linked(a: wordnet.Synset, b: wordnet.Synset, lemma: str, wn: wordnet.WordNet) -> str | None:
    """How WordNet ties two senses of `lemma`: "strong", "same-form" or None.

    A pointer between them or a target both point to is strong, except a derivation between
    the lemma and itself (noun "fly", the insect, and verb "fly", to travel through the
    air) or a shared target that is another sense of the lemma: WordNet draws those for the
    form alone, so they count only with close glosses ("same-form").
    """
    weak = False
    for x, y in ((a, b), (b, a)):
        for p in x.pointers:
            if p.relation in LINKS and p.target == y.id:
                if p.relation == "derivation" and _same_form(x, y, p, lemma):
                    weak = True
                else:
                    return "strong"
    targets_a = {p.target: p for p in a.pointers if p.relation in SHARED}
    for p in b.pointers:
        if p.relation in SHARED and p.target in targets_a:
            target = wn.synsets[p.target]
            if lemma in (w.replace(" ", "_") for w in target.words):
                weak = True
            else:
                return "strong"
    return "same-form" if weak else None


def _same_form(x: wordnet.Synset, y: wordnet.Synset, pointer: wordnet.Pointer, lemma: str) -> bool:
    def word(synset: wordnet.Synset, number: int) -> str:
        return synset.words[number - 1].replace(" ", "_") if number else ""

    return word(x, pointer.source_word) == lemma == word(y, pointer.target_word)


def elaborations(synset: wordnet.Synset) -> int:
    """How many concepts WordNet builds on a sense (`ELABORATIONS`); a head adjective (one with
    a direct antonym) also counts its satellites, but a satellite's tie to its head is no more
    than a hypernym, which every sense has."""
    head = synset.part == "adj" and any(p.relation == "antonym" for p in synset.pointers)
    return sum(
        1
        for p in synset.pointers
        if p.source_word == 0
        and (p.relation in ELABORATIONS or (head and p.relation == "similar_to"))
    )


def mentions(gloss: str, lemma: str) -> bool:
    """The definition (not its examples) uses the lemma itself: "spoil as if by poison"."""
    pattern = r"\b" + re.escape(lemma.replace("_", " ")) + r"(?:s|es|ed|ing)?\b"
    return re.search(pattern, gloss_head(gloss).lower()) is not None


def group(
    lemma: str,
    senses: Sequence[Sense],
    similarity: dict[tuple[str, str], float],
    wn: wordnet.WordNet,
    settings: Settings,
) -> list[list[Sense]]:
    """Connected components of the senses under `linked` or close glosses, heaviest first."""
    parent = list(range(len(senses)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int) -> None:
        parent[find(j)] = find(i)

    adverbs = [i for i, s in enumerate(senses) if s.synset.part == "adv"]
    for i in adverbs[1:]:
        join(adverbs[0], i)
    mentioning = [mentions(s.synset.gloss, lemma) for s in senses]
    for j, b in enumerate(senses):
        if mentioning[j]:
            # "cover with mist" is defined by another sense: the closest that is not.
            others = [i for i in range(len(senses)) if not mentioning[i]]
            if others:
                i = max(
                    others,
                    key=lambda i: (
                        similarity.get(_pair(senses[i].synset.id, b.synset.id), 0.0),
                        -i,
                    ),
                )
                join(i, j)
    for i, a in enumerate(senses):
        for j in range(i + 1, len(senses)):
            b = senses[j]
            if find(i) == find(j):
                continue
            close = similarity.get(_pair(a.synset.id, b.synset.id), 0.0)
            same_topic = a.synset.lexname == b.synset.lexname
            limit = (
                settings.same_topic_similarity if same_topic else settings.other_topic_similarity
            )
            tie = linked(a.synset, b.synset, lemma, wn)
            if (
                tie == "strong"
                or close >= limit
                or (tie == "same-form" and close >= settings.same_form_similarity)
            ):
                join(i, j)
    groups: dict[int, list[Sense]] = defaultdict(list)
    for i, sense in enumerate(senses):
        groups[find(i)].append(sense)
    return sorted(groups.values(), key=lambda g: (-meaning_weight(g, settings), g[0].synset.id))


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def meaning_weight(meaning: Sequence[Sense], settings: Settings) -> float:
    """A meaning's weight: the power mean of its senses' (many fine senses are not many uses)."""
    power = settings.weight_power
    return float(sum(s.weight**power for s in meaning) ** (1 / power))


def common_meanings(groups: list[list[Sense]], settings: Settings) -> list[list[Sense]]:
    """The meanings a player would think of: at least `common_share` of the weight."""
    weights = [meaning_weight(g, settings) for g in groups]
    total, top = sum(weights), max(weights, default=0.0)
    kept = [
        g
        for g, weight in zip(groups, weights, strict=True)
        if weight >= settings.common_share * total and weight >= settings.common_ratio * top
    ]
    return kept[: settings.max_meanings]


# -- similarity of glosses ----------------------------------------------------------------


def candidate_lemmas(wn: wordnet.WordNet) -> list[str]:
    """Single-word lemmas (letters, inner hyphens or apostrophes) with two or more synsets."""
    lemmas = sorted({lemma for lemma, _ in wn.index if _LEMMA.fullmatch(lemma)})
    return [
        lemma
        for lemma in lemmas
        if sum(len(wn.index.get((lemma, p), ())) for p in wordnet.PARTS) >= 2
    ]


def structural_groups(
    lemma: str, senses: Sequence[Sense], wn: wordnet.WordNet
) -> list[list[Sense]]:
    return group(
        lemma,
        senses,
        {},
        wn,
        Settings(same_form_similarity=2.0, same_topic_similarity=2.0, other_topic_similarity=2.0),
    )


def could_be_homonym(
    lemma: str, senses: Sequence[Sense], wn: wordnet.WordNet, settings: Settings
) -> bool:
    """Whether joining senses by their glosses could leave two common meanings: joining only
    merges, so the senses outside WordNet's heaviest group bound any second meaning's weight."""
    groups = structural_groups(lemma, senses, wn)
    if len(groups) < 2:
        return False
    top = max(groups, key=lambda g: meaning_weight(g, settings))
    rest = [s for g in groups if g is not top for s in g]
    return meaning_weight(rest, settings) >= settings.common_ratio * meaning_weight(top, settings)


def gloss_similarities(
    wn: wordnet.WordNet,
    senses_by_lemma: dict[str, list[Sense]],
    settings: Settings,
    *,
    batch_size: int = 128,
) -> dict[tuple[str, str], float]:
    """Cosine of the gloss embeddings of each pair of senses of a lemma (rounded to 0.01).

    Only lemmas that could still be homonyms after close glosses join their senses need it.
    """
    import numpy as np

    from adjudicator.language.models import Models

    needed: dict[str, list[str]] = {}
    for lemma, senses in sorted(senses_by_lemma.items()):
        if len(senses) >= 2 and could_be_homonym(lemma, senses, wn, settings):
            needed[lemma] = [s.synset.id for s in senses]
    ids = sorted({i for synsets in needed.values() for i in synsets})
    print(f"embedding {len(ids)} glosses for {len(needed)} words", file=sys.stderr)
    encoder = Models().encoder
    vectors = encoder.encode(
        [gloss_text(wn.synsets[i], wn) for i in ids], batch_size=batch_size,
        normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=True,
    )  # fmt: skip
    row = {synset: n for n, synset in enumerate(ids)}
    similarity: dict[tuple[str, str], float] = {}
    for synsets in needed.values():
        for n, a in enumerate(synsets):
            for b in synsets[n + 1 :]:
                value = float(np.dot(vectors[row[a]], vectors[row[b]]))
                similarity[_pair(a, b)] = round(value, 2)
    return similarity


# -- the inventory ------------------------------------------------------------------------

_DOMAIN_PREFIX = re.compile(r"^\(([^)]*)\)\s*")


def describe(meaning: Sequence[Sense], lemma: str) -> str:
    """A short player-facing description from the heaviest sense's definition."""
    head = max(meaning, key=lambda s: (s.weight, -s.rank))
    text = gloss_head(head.synset.gloss)
    domain = _DOMAIN_PREFIX.match(text)
    if domain:
        text = f"{text[domain.end() :]} ({domain.group(1)})"
    if head.synset.part == "verb" and not text.startswith("to "):
        text = f"to {text}"
    return text


def meaning_entry(meaning: Sequence[Sense], lemma: str, wn: wordnet.WordNet, total: float,
                  settings: Settings) -> dict[str, Any]:  # fmt: skip
    """One coarse meaning as it is shipped."""
    ordered = sorted(meaning, key=lambda s: (-s.weight, s.synset.id))
    synonyms: list[str] = []
    hypernyms: list[str] = []
    for sense in ordered:
        for word in sense.synset.words:
            if word.replace(" ", "_") != lemma and word not in synonyms:
                synonyms.append(word)
        for target in sense.synset.related("hypernym"):
            word = wn.synsets[target].words[0]
            if word not in hypernyms:
                hypernyms.append(word)
    parts = sorted({s.synset.part[0] for s in meaning})
    return {
        "description": describe(meaning, lemma),
        "pos": "".join(parts),
        "share": round(meaning_weight(meaning, settings) / total, 3),
        "synonyms": synonyms[: settings.max_synonyms],
        "hypernyms": hypernyms[:3],
        "glosses": [gloss_head(s.synset.gloss) for s in ordered[: settings.max_glosses]],
        "synsets": [s.synset.id for s in ordered],
        "tags": sum(s.count for s in meaning),
        "relations": sum(elaborations(s.synset) for s in meaning),
    }


def meanings_of(
    lemma: str,
    senses: list[Sense],
    similarity: dict[tuple[str, str], float],
    wn: wordnet.WordNet,
    settings: Settings,
) -> list[dict[str, Any]]:
    """The common coarse meanings of one lemma (or of an irregular form's lemmas together)."""
    if not senses:
        return []
    groups = group(lemma, senses, similarity, wn, settings)
    total = sum(meaning_weight(g, settings) for g in groups)
    return [meaning_entry(m, lemma, wn, total, settings) for m in common_meanings(groups, settings)]


def regular_bases(form: str) -> list[str]:
    """What run-time suffix rules make of a form (mirrors `adjudicator.language.inventory`)."""
    from adjudicator.language.inventory import regular_bases as rules

    return rules(form)


def inflection_bases(wn: wordnet.WordNet) -> dict[str, list[str]]:
    """Forms that are inflections of other lemmas: WordNet's irregular forms ("axes": ax, axis;
    "wound": wind), and lemmas that are also a regular verb form of another ("moped": mope)."""
    forms: dict[str, list[str]] = defaultdict(list)
    for (form, _), lemmas in sorted(wn.exceptions.items()):
        for base in lemmas:
            if _LEMMA.fullmatch(form) and base != form and base not in forms[form]:
                forms[form].append(base)
    for lemma, _part in sorted(wn.index):
        if _LEMMA.fullmatch(lemma) and lemma.endswith(("ed", "ing")):
            for base in wordnet.WordNet.morphy(wn, lemma, "verb"):
                if base != lemma and base not in forms[lemma]:
                    forms[lemma].append(base)
    return {form: bases for form, bases in forms.items() if bases}


def build(wn: wordnet.WordNet, root: Path, settings: Settings) -> dict[str, Any]:
    """Every homonym: lemmas, and inflected forms whose lemmas together have two meanings."""
    counts = tag_counts(root)
    forms = inflection_bases(wn)
    lemmas = sorted(set(candidate_lemmas(wn)) | {b for bases in forms.values() for b in bases})
    senses_by_lemma = {lemma: senses_of(wn, lemma, counts, settings) for lemma in lemmas}
    joined_by_form: dict[str, list[Sense]] = {}
    for form, bases in sorted(forms.items()):
        own = senses_of(wn, form, counts, settings)
        by_id = {s.synset.id: s for s in own}
        for base in bases:
            for sense in senses_by_lemma.get(base, []):
                by_id.setdefault(sense.synset.id, sense)
        joined_by_form[form] = list(by_id.values())
    similarity = gloss_similarities(wn, senses_by_lemma | joined_by_form, settings)
    words: dict[str, list[dict[str, Any]]] = {}
    for lemma in candidate_lemmas(wn):
        meanings = meanings_of(lemma, senses_by_lemma[lemma], similarity, wn, settings)
        if len(meanings) >= 2:
            words[lemma] = meanings
    for form, joined in joined_by_form.items():
        meanings = meanings_of(form, joined, similarity, wn, settings)
        if len(meanings) >= 2:
            words[form] = meanings
        else:
            words.pop(form, None)
    # Lemmas that the run-time suffix rules would wrongly read as a form of a homonym.
    all_lemmas = {lemma for lemma, _ in wn.index if _LEMMA.fullmatch(lemma)}
    not_homonyms = sorted(
        lemma
        for lemma in all_lemmas
        if lemma not in words and any(base in words for base in regular_bases(lemma))
    )
    return {"words": dict(sorted(words.items())), "not_homonyms": not_homonyms}


def render(data: dict[str, Any], wn: wordnet.WordNet, root: Path, settings: Settings) -> bytes:
    """The shipped file: provenance, license and method first, then the words."""
    document = {
        "format": FORMAT,
        "about": (
            "Homonym sense inventory for adjudicator: each WordNet 3.0 lemma with two or more "
            "coarse, unrelated meanings a player would recognise. Built by "
            "models/build_senses.py; do not edit by hand."
        ),
        "source": {
            "name": "WordNet 3.0",
            "package": f"Debian {PACKAGE} {_package_version()}",
            "files": {name: wn.sha256[name] for name in sorted(wn.sha256)}
            | {COUNTS: hashlib.sha256((root / COUNTS).read_bytes()).hexdigest()},
        },
        "license": _license_text(),
        "settings": asdict(settings),
        "fields": {
            "words": "lemma -> meanings, heaviest first",
            "description": "a short player-facing description (the heaviest sense's definition)",
            "pos": "parts of speech of the meaning's senses (n, v, a, r)",
            "share": "the meaning's part of the lemma's frequency weight",
            "synonyms, hypernyms, glosses": "for matching a text or a declaration to it",
            "synsets": "WordNet 3.0 synset ids (part letter + offset)",
            "tags": "SemCor tag count of the meaning's senses (of this lemma) in cntlist.rev",
            "relations": "how many concepts WordNet builds on its senses (kinds, parts, "
            "wholes, members, topic terms, a head adjective's satellites)",
            "not_homonyms": "lemmas that look like a regular inflection of a homonym but are not",
        },
        **data,
    }
    text = json.dumps(document, ensure_ascii=False, sort_keys=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8") + b"\n", compresslevel=9, mtime=0)


def _package_version() -> str:
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", PACKAGE],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "(version unknown)"
    return result.stdout.strip()


def _license_text() -> str:
    text = COPYRIGHT.read_text(encoding="utf-8")
    start = text.index("License: WordNet3.0")
    end = text.index("Files: debian/*")
    lines = [line[1:] if line.startswith(" ") else line for line in text[start:end].splitlines()]
    return "\n".join("" if line == "." else line.rstrip() for line in lines).strip()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--wordnet", type=Path, default=wordnet.WORDNET)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args(argv)
    settings = Settings()
    wn = wordnet.load(args.wordnet)
    rendered = render(build(wn, args.wordnet, settings), wn, args.wordnet, settings)
    if args.check:
        current = args.output.read_bytes() if args.output.is_file() else b""
        if gzip.decompress(current) != gzip.decompress(rendered) if current else True:
            print(f"{args.output} is out of date: rebuild it", file=sys.stderr)
            return 1
        print(f"{args.output} is current")
        return 0
    args.output.write_bytes(rendered)
    print(f"wrote {args.output} ({len(rendered):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
