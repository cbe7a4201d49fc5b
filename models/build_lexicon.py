"""Build `adjudicator/language/data/lexicon.json.gz`, the lexical relations coverage uses.

Coverage asks questions such as "is [Metal] broader than 'bronze'?", "is 'silence' a form
of [Silent]?", "are [Warm] and 'chill' opposites?". WordNet 3.0 answers them; this script
reads it at build time (Debian package `wordnet-base`, through `models/wordnet.py`) and
keeps only what those questions need, so nothing needs WordNet at run time:

- `index`: lemma -> part of speech -> its synsets, most frequent first (at most
  `MAX_SENSES`), for single-word lemmas (inner hyphens allowed) and particle verbs
  ("put up", "shut up"), leaving out slurs, disparagement, obscenity and brand names;
- `synsets`: topic (lexicographer file), words, hypernyms (and instance hypernyms),
  similar-to links between adjectives, and a short definition (the gloss up to its first
  ";" or example) for the first `GLOSS_SENSES` senses of each lemma;
- `antonyms` and `derived`: word-level links (antonym; derivation, participle and
  pertainym pointers), merged per lemma;
- `exceptions`: WordNet's irregular forms ("froze" -> "freeze"), for reducing inflected
  words to a lemma.

The output is deterministic: sorted keys, no timestamps, gzip with mtime 0. `--check`
says whether the shipped file is current.

    apt-get install -y wordnet-base
    .venv/bin/python models/build_lexicon.py
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wordnet

PACKAGE = "wordnet-base"
COPYRIGHT = Path("/usr/share/doc/wordnet-base/copyright")
OUTPUT = Path(__file__).resolve().parent.parent / "adjudicator/language/data/lexicon.json.gz"
FORMAT = 1

#: Senses kept per lemma and part of speech; later senses are rare and mislead more
#: than they help ("fire" as "dismiss from a job" is sense 4 of the verb).
MAX_SENSES = 8
#: Senses per lemma whose short definition is kept (glosses are the bulk of the file).
GLOSS_SENSES = 2
#: Particles that make a two-word verb a unit the coverage check must know.
PARTICLES = frozenset(
    {
        "up",
        "down",
        "out",
        "off",
        "away",
        "in",
        "on",
        "over",
        "back",
        "through",
        "together",
        "apart",
        "around",
        "aside",
    }
)
_SINGLE = re.compile(r"[a-z]+(?:-[a-z]+)*")
#: Usage domains whose senses no player means by a Word: slurs, disparagement, obscenity,
#: brand names ("frog" as a slur for a French person must not make a frog a person).
DROPPED_USAGES = {
    "06718862": "ethnic slur",
    "06717170": "disparagement",
    "07124340": "obscenity",
    "06845599": "trade name",
    "06851742": "trademark",
}
_WORD_RELATIONS = {
    "antonym": "antonyms",
    "derivation": "derived",
    "participle": "derived",
    "pertainym": "derived",
}


def keep_lemma(lemma: str, part: str) -> bool:
    """Single words, and verbs of a word and a particle ("shut_up")."""
    if _SINGLE.fullmatch(lemma):
        return True
    pieces = lemma.split("_")
    return (
        part == "verb"
        and len(pieces) == 2
        and bool(_SINGLE.fullmatch(pieces[0]))
        and pieces[1] in PARTICLES
    )


def short_definition(gloss: str) -> str:
    """The definition part of a gloss: up to the first ";" or quoted example."""
    text = gloss.split(";")[0].split('"')[0].strip()
    return text.rstrip(" ;:,")


def build(wn: wordnet.WordNet) -> dict[str, Any]:
    """The lexicon as plain data (see the module docstring for its parts)."""
    index: dict[str, dict[str, list[str]]] = {}
    for (lemma, part), ids in sorted(wn.index.items()):
        kept = [
            i for i in ids if not set(wn.synsets[i].related("domain_usage")) & DROPPED_USAGES.keys()
        ]
        if keep_lemma(lemma, part) and kept:
            index.setdefault(lemma.replace("_", " "), {})[wordnet.POS_OF_PART[part]] = kept[
                :MAX_SENSES
            ]
    glossed: set[str] = set()
    needed: set[str] = set()
    for parts in index.values():
        for kept_ids in parts.values():
            glossed.update(kept_ids[:GLOSS_SENSES])
            needed.update(kept_ids)
    frontier = sorted(needed)
    while frontier:
        synset = wn.synsets[frontier.pop()]
        for target in synset.related("hypernym", "instance_hypernym", "similar_to"):
            if target not in needed:
                needed.add(target)
                frontier.append(target)
    order = sorted(needed)
    number = {synset_id: i for i, synset_id in enumerate(order)}
    lexnames = sorted({wn.synsets[s].lexname for s in order})
    lexname_number = {name: i for i, name in enumerate(lexnames)}

    synsets = []
    word_links: dict[str, dict[str, set[str]]] = {"antonyms": {}, "derived": {}}
    for synset_id in order:
        synset = wn.synsets[synset_id]
        hypernyms = sorted(
            number[t] for t in synset.related("hypernym", "instance_hypernym") if t in number
        )
        similar = sorted(number[t] for t in synset.related("similar_to") if t in number)
        gloss = short_definition(synset.gloss) if synset_id in glossed else ""
        synsets.append(
            [lexname_number[synset.lexname], list(synset.words), hypernyms, similar, gloss]
        )
        for pointer in synset.pointers:
            key = _WORD_RELATIONS.get(pointer.relation)
            if key is None or not pointer.source_word or not pointer.target_word:
                continue
            source = synset.words[pointer.source_word - 1]
            target = wn.synsets[pointer.target].words[pointer.target_word - 1]
            if source in index and target != source:
                word_links[key].setdefault(source, set()).add(target)

    exceptions: dict[str, list[str]] = {}
    for (form, _part), lemmas in sorted(wn.exceptions.items()):
        if _SINGLE.fullmatch(form):
            merged = exceptions.setdefault(form, [])
            merged.extend(lemma for lemma in lemmas if lemma not in merged and lemma != form)
    return {
        "format": FORMAT,
        "lexnames": lexnames,
        "synsets": synsets,
        "index": {
            lemma: {p: [number[i] for i in ids] for p, ids in parts.items()}
            for lemma, parts in index.items()
        },
        "antonyms": {k: sorted(v) for k, v in sorted(word_links["antonyms"].items())},
        "derived": {k: sorted(v) for k, v in sorted(word_links["derived"].items())},
        "exceptions": {k: v for k, v in exceptions.items() if v},
    }


def header(wn: wordnet.WordNet, version: str, copyright_text: str) -> dict[str, Any]:
    """Provenance and license, stored in the file itself."""
    return {
        "what": "adjudicator lexicon: WordNet 3.0 relations for Word coverage",
        "built_by": "models/build_lexicon.py; do not edit by hand",
        "source": f"Debian package {PACKAGE} {version}, {wordnet.WORDNET}",
        "source_sha256": dict(sorted(wn.sha256.items())),
        "kept": {
            "max_senses": MAX_SENSES,
            "gloss_senses": GLOSS_SENSES,
            "particles": sorted(PARTICLES),
            "dropped_usages": sorted(DROPPED_USAGES.values()),
        },
        "license": "WordNet 3.0 license (below): use, copy, modify and distribute with the "
        "notice kept on all copies",
        "notice": copyright_text.split("License: WordNet3.0", 1)[-1].split("\nFiles:", 1)[0],
    }


def render(data: dict[str, Any]) -> bytes:
    """Compact, sorted JSON, gzipped without a timestamp or file name."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as out:
        out.write(text.encode("utf-8"))
    return buffer.getvalue()


def package_version() -> str:
    result = subprocess.run(
        ["dpkg-query", "--showformat=${Version}", "--show", PACKAGE],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0 or not result.stdout.strip():
        sys.exit(f"{PACKAGE} is not installed: run `apt-get install -y {PACKAGE}`")
    return result.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the output file is not up to date"
    )
    args = parser.parse_args(argv)
    wn = wordnet.load()
    data = build(wn)
    data["header"] = header(wn, package_version(), COPYRIGHT.read_text(encoding="utf-8"))
    blob = render(data)
    if args.check:
        current = args.output.read_bytes() if args.output.exists() else b""
        if current != blob:
            print(f"{args.output} is out of date: rebuild it", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_bytes(blob)
    print(f"wrote {args.output} ({len(blob):,} bytes, {len(data['index']):,} lemmas)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
