"""CLI commands run one after another in one fresh Python process, each reporting which heavy
language modules (or other watched modules) the process has imported by the time it ends.

Imports only accumulate, so a command that imports torch or spaCy shows it in its own report
even when others ran before it in the same process; one process for a list of commands
checks what one process per command would, without paying Python's and the CLI's start-up
for each."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass

HEAVY = ("spacy", "torch", "sentence_transformers", "transformers")
MARK = "--- end of command ---"

_PROGRAM = f"""
import json, sys
from adjudicator.cli import main
watched = json.loads(sys.argv[2])
for args in json.loads(sys.argv[1]):
    sys.argv = ["adjudicator", *args]
    try:
        main()
    except SystemExit:
        pass
    heavy = [m for m in watched if m in sys.modules]
    print("HEAVY", json.dumps(heavy), file=sys.stderr)
    print({MARK!r}, flush=True)
    print({MARK!r}, file=sys.stderr, flush=True)
"""


@dataclass(frozen=True)
class Ran:
    """One command's output, and the watched modules imported once it had run."""

    stdout: str
    stderr: str
    heavy: tuple[str, ...]


def run_cold(*commands: list[str], watch: Sequence[str] = HEAVY) -> list[Ran]:
    """Run `commands` (argument lists after `adjudicator`) in one new process, in order,
    noting which of the modules `watch` names each has imported."""
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, json.dumps(list(commands)), json.dumps(list(watch))],
        capture_output=True,
        text=True,
        check=True,
    )
    outs = done.stdout.split(MARK + "\n")[: len(commands)]
    errs = done.stderr.split(MARK + "\n")[: len(commands)]
    assert len(outs) == len(errs) == len(commands), done.stdout + done.stderr
    ran = []
    for out, err in zip(outs, errs, strict=True):
        lines = err.splitlines()
        assert lines and lines[-1].startswith("HEAVY "), err
        ran.append(Ran(out, "\n".join(lines[:-1]), tuple(json.loads(lines[-1][len("HEAVY ") :]))))
    return ran
