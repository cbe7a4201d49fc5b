"""The README's examples, run for real: each ```console block is a list of `$ adjudicator ...`
commands and their output, played in order against one new campaign.

`make readme` rewrites the outputs from a real run; `tests/test_readme.py` fails when they
are stale, so the README cannot rot.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"
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


def played(readme: str) -> Iterator[tuple[Example, str]]:
    """Every example of the README with the output it really gives, in order."""
    runner = CliRunner()
    with campaign_folder() as folder:
        for block in _BLOCK.findall(readme):
            for example in parse(block):
                yield example, run(example.command, folder, runner)


def rewrite(readme: str) -> str:
    """The README with every example's output replaced by what it really prints."""
    outputs = iter(list(played(readme)))

    def block(match: re.Match[str]) -> str:
        lines = []
        for _example in parse(match.group(1)):
            example, output = next(outputs)
            lines += [f"$ {example.command}", output] if output else [f"$ {example.command}"]
        return "```console\n" + "\n".join(lines) + "\n```"

    return _BLOCK.sub(block, readme)


if __name__ == "__main__":
    text = README.read_text("utf-8")
    fresh = rewrite(text)
    if "--check" in sys.argv[1:]:
        sys.exit(0 if fresh == text else "README.md examples are stale: run `make readme`")
    README.write_text(fresh, "utf-8")
    print("README.md examples rewritten from a real run")
