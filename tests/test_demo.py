"""`make demo` runs `python -m adjudicator.demo`: it must finish cleanly and tell its story."""

import os
import subprocess
import sys


def test_the_demo_plays_a_session_against_a_new_ledger_and_exits_zero() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.demo"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "100", "ADJUDICATOR_LEDGER": ""},
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "(demo: unexpected" not in out
    assert "[Teleprot] is not a word we know: did you mean [Teleport]" in out
    assert "[Fireball] packs 2 Words: did you mean [Fire] [Ball]?" in out
    assert "Recorded R1: [Metal] [Mist] approved" in out
    assert "stricter" in out  # the [Metal] [Mist] veto caught against R1 before the policy
    assert "R1 is now superseded by P1" in out
    assert "The ledger is intact" in out
    assert "ruling-log.md" in out and "ruling-log.html" in out
    # the fight: a ranged shot with its hit die, a maim, the approved spell cast with a touch
    # attack, and a counterspell answered by a counter-counterspell
    assert "hit die 1d10" in out
    assert "Monk's Legs is Maimed" in out
    assert "(spell touch, Unarmed)" in out
    assert "3-deep spell stack" in out and "4 Words are lost" in out
    # it ends by saying how to open the live table, without starting it
    assert "Storyteller: http://127.0.0.1:8765/?token=" in out
    assert "adjudicator serve --ledger" in out
