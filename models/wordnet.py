"""Read WordNet 3.0's database files at build time (Debian package `wordnet-base`).

Only the scripts in `models/` use this; the package ships what they derive and never needs
WordNet at run time. The format is Princeton's `wndb(5WN)`: one synset per line in
`data.{noun,verb,adj,adv}`, lemmas in `index.*` with their synsets most frequent first,
irregular forms in `*.exc`.

    apt-get install -y wordnet-base
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
PARTS = ("noun", "verb", "adj", "adv")
POS_OF_PART = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}

#: lexicographer file names by number (wninput(5WN)): the coarse topic of each synset.
LEXNAMES = [
    "adj.all",
    "adj.pert",
    "adv.all",
    "noun.Tops",
    "noun.act",
    "noun.animal",
    "noun.artifact",
    "noun.attribute",
    "noun.body",
    "noun.cognition",
    "noun.communication",
    "noun.event",
    "noun.feeling",
    "noun.food",
    "noun.group",
    "noun.location",
    "noun.motive",
    "noun.object",
    "noun.person",
    "noun.phenomenon",
    "noun.plant",
    "noun.possession",
    "noun.process",
    "noun.quantity",
    "noun.relation",
    "noun.shape",
    "noun.state",
    "noun.substance",
    "noun.time",
    "verb.body",
    "verb.change",
    "verb.cognition",
    "verb.communication",
    "verb.competition",
    "verb.consumption",
    "verb.contact",
    "verb.creation",
    "verb.emotion",
    "verb.motion",
    "verb.perception",
    "verb.possession",
    "verb.social",
    "verb.stative",
    "verb.weather",
    "adj.ppl",
]

#: pointer symbols worth naming (wninput(5WN)); the rest keep their symbol.
POINTERS = {
    "!": "antonym", "@": "hypernym", "@i": "instance_hypernym", "~": "hyponym",
    "~i": "instance_hyponym", "#m": "member_holonym", "#s": "substance_holonym",
    "#p": "part_holonym", "%m": "member_meronym", "%s": "substance_meronym",
    "%p": "part_meronym", "=": "attribute", "+": "derivation", "*": "entailment",
    ">": "cause", "^": "also_see", "$": "verb_group", "&": "similar_to",
    "<": "participle", "\\": "pertainym", ";c": "domain_topic", "-c": "member_topic",
    ";r": "domain_region", "-r": "member_region", ";u": "domain_usage", "-u": "member_usage",
}  # fmt: skip

# Morphy's detachment rules: (suffix, replacement) per part of speech.
_DETACH = {
    "noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
             ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
             ("ing", "e"), ("ing", "")),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}  # fmt: skip


@dataclass(frozen=True)
class Pointer:
    """A relation from a synset (or one of its words) to another synset (or word)."""

    relation: str
    target: str  # synset id
    source_word: int  # 0: the whole synset; else 1-based word number
    target_word: int


@dataclass(frozen=True)
class Synset:
    """One meaning: its id ("n03648066"), part of speech, topic, words, relations and gloss."""

    id: str
    part: str
    lexname: str
    words: tuple[str, ...]
    pointers: tuple[Pointer, ...]
    gloss: str

    def related(self, *relations: str) -> Iterator[str]:
        """Ids of synsets this one points to by any of `relations`."""
        return (p.target for p in self.pointers if p.relation in relations)


@dataclass(frozen=True)
class WordNet:
    synsets: dict[str, Synset]
    index: dict[tuple[str, str], tuple[str, ...]]  # (lemma, part) -> synset ids, most used first
    exceptions: dict[tuple[str, str], tuple[str, ...]]  # (inflected form, part) -> lemmas
    sha256: dict[str, str]  # file name -> sha256, for provenance

    def synsets_of(self, lemma: str, part: str | None = None) -> list[Synset]:
        """The synsets of a lemma, most frequent first, for one part of speech or all."""
        key = lemma.lower().replace(" ", "_")
        parts = (part,) if part else PARTS
        return [self.synsets[i] for p in parts for i in self.index.get((key, p), ())]

    def morphy(self, form: str, part: str) -> list[str]:
        """Base forms of `form` in `part` that WordNet knows (exceptions, then suffix rules)."""
        form = form.lower().replace(" ", "_")
        found = list(self.exceptions.get((form, part), ()))
        if (form, part) in self.index:
            found.append(form)
        for suffix, replacement in _DETACH[part]:
            if form.endswith(suffix):
                base = form[: len(form) - len(suffix)] + replacement
                if (base, part) in self.index:
                    found.append(base)
        return list(dict.fromkeys(found))


def _synset_id(offset: str, pos: str) -> str:
    return ("a" if pos == "s" else pos) + offset


def _parse_data_line(line: str, part: str) -> Synset:
    head, _, gloss = line.partition(" | ")
    fields = head.split()
    offset, lexnum, pos, word_count = fields[0], int(fields[1]), fields[2], int(fields[3], 16)
    words = []
    at = 4
    for _ in range(word_count):
        word = fields[at]
        if part == "adj" and word.endswith(")"):
            word = word[: word.index("(")]  # syntactic markers: (a), (p), (ip)
        words.append(word.replace("_", " ").lower())
        at += 2
    pointer_count = int(fields[at])
    at += 1
    pointers = []
    for _ in range(pointer_count):
        symbol, target, target_pos, source_target = fields[at : at + 4]
        pointers.append(
            Pointer(
                POINTERS.get(symbol, symbol),
                _synset_id(target, target_pos),
                int(source_target[:2], 16),
                int(source_target[2:], 16),
            )
        )
        at += 4
    return Synset(
        _synset_id(offset, pos), part, LEXNAMES[lexnum], tuple(words), tuple(pointers),
        gloss.strip(),
    )  # fmt: skip


def load(root: Path = WORDNET) -> WordNet:
    """Read the whole database (about 3 s)."""
    if not (root / "data.noun").is_file():
        raise SystemExit(f"WordNet is not at {root}: apt-get install -y wordnet-base")
    synsets: dict[str, Synset] = {}
    index: dict[tuple[str, str], tuple[str, ...]] = {}
    exceptions: dict[tuple[str, str], tuple[str, ...]] = {}
    sha256 = {}
    for part in PARTS:
        for name in (f"data.{part}", f"index.{part}", f"{part}.exc"):
            sha256[name] = hashlib.sha256((root / name).read_bytes()).hexdigest()
        with (root / f"data.{part}").open(encoding="utf-8") as data:
            for line in data:
                if not line.startswith(" "):
                    synset = _parse_data_line(line, part)
                    synsets[synset.id] = synset
        with (root / f"index.{part}").open(encoding="utf-8") as index_file:
            for line in index_file:
                if line.startswith(" "):
                    continue
                fields = line.split()
                lemma, pos, count, pointer_count = (
                    fields[0],
                    fields[1],
                    int(fields[2]),
                    int(fields[3]),
                )
                offsets = fields[4 + pointer_count + 2 :]
                assert len(offsets) == count, line
                index[(lemma, part)] = tuple(_synset_id(o, pos) for o in offsets)
        with (root / f"{part}.exc").open(encoding="utf-8") as irregular:
            for line in irregular:
                form, *lemmas = line.split()
                exceptions[(form, part)] = tuple(lemmas)
    return WordNet(synsets, index, exceptions, sha256)
