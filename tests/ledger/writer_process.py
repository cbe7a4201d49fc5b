"""A writer for the reliability tests: records rulings through the real CLI, one command each.

    python -m tests.ledger.writer_process LEDGER CASTER COUNT [APPROVED_WORDS] [--wait]

Each ruling is one `adjudicator ruling add ... --json` run in this process (the ledger opened
and closed each time, as a separate command would); after each success it prints
`ok <id> <intent>` and flushes, so a test that kills this process knows exactly which
rulings were reported as recorded. The first rulings approve one Word each from
APPROVED_WORDS (spending it); the rest are vetoes, which spend nothing. With --wait it starts
only when a line arrives on stdin, so that two writers can be released together. The writers
pass --no-checks: these tests are about storage under concurrency, not about the language
models that coverage and precedent checks load.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys

import typer

from adjudicator.cli import app

#: Each test caster's Inherent Word, and a Word in their player's hand that vetoes use.
CASTERS = {"Snazzle": ("Steal", "Decrease"), "Grum": ("Smash", "Bind")}


def main(argv: list[str]) -> int:
    ledger, caster, count = argv[0], argv[1], int(argv[2])
    approvals = [w for w in (argv[3] if len(argv) > 3 else "").split(",") if w]
    if "--wait" in argv:
        print("ready", flush=True)  # loaded: the test starts both writers together
        sys.stdin.readline()
    inherent, kept = CASTERS[caster]
    command = typer.main.get_command(app)
    for index in range(count):
        approve = index < len(approvals)
        word = approvals[index] if approve else kept
        intent = f"{caster} spell {index}: bend the {word.lower()} to my will"
        args = ["ruling", "add", "--ledger", ledger, "--caster", caster, f"[{inherent}] [{word}]"]
        args += [intent, "--approve" if approve else "--veto", "--json", "--no-checks"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                code = command.main(args, prog_name="adjudicator", standalone_mode=False)
            except SystemExit as stop:
                code = stop.code
        if code:
            print(f"failed {index}", flush=True)
            return int(code)
        ruling = json.loads(out.getvalue())
        print(f"ok {ruling['id']} {ruling['intent']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
