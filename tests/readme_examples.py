"""The examples of the README and the guide, run for real: each ```console block is a list of
`$ adjudicator ...` commands and their output.

The examples form stories, each played once, in order, against its own new campaign: the
README's front door starts from nothing, and the guide's pages (docs/guide/) follow one
campaign from page to page in reading order. `make readme` rewrites the outputs from a real
run; `tests/test_readme.py` fails when they are stale, so neither can rot.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.rules.wording import plural

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "guide"
#: The guide's pages in reading order: one campaign, each page going on from the one before.
GUIDE_PAGES = tuple(
    GUIDE / name
    for name in (
        "starting-a-campaign.md",
        "the-deck.md",
        "adjudicating-spells.md",
        "precedent.md",
        "drafting-spells.md",
        "combat.md",
        "the-live-table.md",
        "the-ruling-log.md",
        "the-ledger.md",
        "skill-checks.md",
    )
)
#: Each story is a list of pages played in order against one new campaign.
STORIES: tuple[tuple[Path, ...], ...] = ((README,), GUIDE_PAGES)
WIDTH = "100"
_BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)
_VOLATILE = (
    (re.compile(r"\b(\d+):[0-9a-f]{64}\b"), r"\1:<hash>"),
    (re.compile(r"[0-9a-f]{16}…"), "<hash>…"),
    (re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\b"), "<time>"),
)


@dataclass(frozen=True)
class Example:
    command: str  # as typed, without the "$ "
    output: str


@dataclass(frozen=True)
class Played:
    """One example of a story as it ran: the page that shows it and what it really printed."""

    page: int  # index of the page in its story
    example: Example
    output: str


def parse(block: str) -> list[Example]:
    examples: list[Example] = []
    command: str | None = None
    lines: list[str] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            if command is not None:
                examples.append(Example(command, "\n".join(lines)))
            command, lines = line[2:], []
        elif command is not None:
            lines.append(line)
    if command is not None:
        examples.append(Example(command, "\n".join(lines)))
    return examples


def examples(page: str) -> list[Example]:
    """Every example of a page's text, in order."""
    return [example for block in _BLOCK.findall(page) for example in parse(block)]


def normalise(text: str, folder: Path) -> str:
    """Output as compared: the campaign folder named <campaign>, hashes and times masked."""
    text = text.replace(str(folder), "<campaign>")
    for pattern, replacement in _VOLATILE:
        text = pattern.sub(replacement, text)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


@contextmanager
def campaign_folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="wop-readme-") as name:
        folder = Path(name)
        old = os.getcwd()
        os.chdir(folder)
        try:
            yield folder
        finally:
            os.chdir(old)


def run(command: str, folder: Path, runner: CliRunner) -> str:
    args = shlex.split(command)
    assert args[0] == "adjudicator", command
    env = {"COLUMNS": WIDTH, "ADJUDICATOR_LEDGER": str(folder / "campaign.sqlite")}
    result = runner.invoke(app, args[1:], env=env)
    return normalise(result.stdout + result.stderr, folder)


def played(pages: Sequence[str]) -> Iterator[Played]:
    """Every example of a story's pages (their texts) with the output it really gives, in order,
    against one new campaign."""
    runner = CliRunner()
    with campaign_folder() as folder:
        for index, page in enumerate(pages):
            for example in examples(page):
                yield Played(index, example, run(example.command, folder, runner))


def rewrite(pages: Sequence[str]) -> list[str]:
    """The story's pages with every example's output replaced by what it really prints."""
    outputs = iter(list(played(pages)))

    def block(match: re.Match[str]) -> str:
        lines = []
        for _example in parse(match.group(1)):
            run = next(outputs)
            command = f"$ {run.example.command}"
            lines += [command, run.output] if run.output else [command]
        return "```console\n" + "\n".join(lines) + "\n```"

    return [_BLOCK.sub(block, page) for page in pages]


def main(check: bool) -> int | str:
    """Rewrite every story's pages from a real run, or (check) say which are stale."""
    stale = []
    for story in STORIES:
        texts = [page.read_text("utf-8") for page in story]
        for page, text, fresh in zip(story, texts, rewrite(texts), strict=True):
            if fresh != text:
                stale.append(page.relative_to(ROOT).as_posix())
                if not check:
                    page.write_text(fresh, "utf-8")
    if check:
        return f"examples are stale in {', '.join(stale)}: run `make readme`" if stale else 0
    print(f"examples rewritten from a real run ({plural(len(stale), 'page')} changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
