"""Build `adjudicator/rules/data/vocabulary.txt`, the English vocabulary the Deck checks use.

Sources, read at build time only (nothing needs them at run time):
- the Debian package `wamerican` (SCOWL size 50, American spelling): its lower-case, purely
  alphabetic entries, which leaves out possessives ("fire's"), proper nouns ("Paris") and
  capitalised abbreviations;
- the rulebook's own bracketed Words ("[Teleport]ing", "[Undead]"), so game words are known.

The output is deterministic (no timestamps): rebuilding from the same inputs gives the same
bytes, and `--check` says whether the shipped file is up to date.

    apt-get install -y wamerican
    python models/build_vocabulary.py --rulebook /path/to/seeds/001_aa0c654548bc39bc.txt
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

PACKAGE = "wamerican"
DICTIONARY = Path("/usr/share/dict/american-english")
COPYRIGHT = Path("/usr/share/doc/wamerican/copyright")
OUTPUT = Path(__file__).resolve().parent.parent / "adjudicator/rules/data/vocabulary.txt"

_ENTRY = re.compile(r"[a-z]+")
# A Word as the rulebook writes it: "[Teleport]ing" -> Teleport. Links ("[a@b](mailto:...)")
# and LaTeX options ("\fancyfoot[R]") are not Words: the first never matches, and the
# front matter that holds the second is skipped.
_BRACKETED = re.compile(r"\[([A-Za-z]+)\]")


def dictionary_words(lines: Iterable[str]) -> set[str]:
    """The dictionary's entries made of lower-case letters only."""
    return {line.strip() for line in lines if _ENTRY.fullmatch(line.strip())}


def rulebook_words(text: str) -> set[str]:
    """The Words the rulebook puts in brackets, lower-cased, outside its front matter."""
    if text.startswith("---"):
        end = text.find("\n---", 3)
        text = text[end + 4 :] if end != -1 else text
    return {match.lower() for match in _BRACKETED.findall(text) if len(match) > 1}


def render(
    *,
    words: set[str],
    game_words: set[str],
    version: str,
    dictionary: bytes,
    rulebook_name: str,
    rulebook: bytes,
    copyright_text: str,
) -> str:
    """The shipped file: a provenance and license header, then one word per line, sorted."""
    added = sorted(game_words - words)
    header = [
        "adjudicator English vocabulary: one lower-case word per line, sorted.",
        "Built by models/build_vocabulary.py from the inputs below; do not edit by hand.",
        "",
        f"Source: Debian package {PACKAGE} {version}, {DICTIONARY}",
        f"  sha256 {hashlib.sha256(dictionary).hexdigest()}",
        f"  kept: {len(words)} entries of lower-case letters a-z only",
        "  (no possessives, no proper nouns, no capitalised abbreviations).",
        f"Plus: the rulebook's bracketed Words, {rulebook_name}",
        f"  sha256 {hashlib.sha256(rulebook).hexdigest()}",
        f"  {len(game_words)} Words, {len(added)} not in {PACKAGE}: {', '.join(added) or 'none'}.",
        "",
        "License: SCOWL and the Debian word lists built from it are freely redistributable",
        "provided the copyright and permission notices are kept with every copy. The notices,",
        f"from /usr/share/doc/{PACKAGE}/copyright (trailing spaces trimmed), follow.",
        "",
        *copyright_text.rstrip("\n").splitlines(),
    ]
    body = sorted(words | game_words)
    return "".join(f"# {line}".rstrip() + "\n" for line in header) + "".join(
        f"{word}\n" for word in body
    )


def package_version() -> str:
    """The installed wamerican version, as dpkg reports it."""
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulebook", type=Path, required=True, help="the rulebook seed text")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the output file is not up to date"
    )
    args = parser.parse_args(argv)

    dictionary = DICTIONARY.read_bytes()
    rulebook = args.rulebook.read_bytes()
    text = render(
        words=dictionary_words(dictionary.decode("utf-8").splitlines()),
        game_words=rulebook_words(rulebook.decode("utf-8")),
        version=package_version(),
        dictionary=dictionary,
        rulebook_name=args.rulebook.name,
        rulebook=rulebook,
        copyright_text=COPYRIGHT.read_text(encoding="utf-8"),
    )
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is out of date: rebuild it", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
