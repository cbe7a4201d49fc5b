"""`adjudicator serve` as a real process on a free loopback port: the run file, the CLI
answered by the table from a cold shell without loading the models, two approvals at once,
and a server killed with SIGKILL in the middle of an approval."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import hand_of
from adjudicator.ledger.records import verify
from adjudicator.ledger.spell_requests import list_requests
from adjudicator.table.access import Tokens, load_tokens
from adjudicator.table.runfile import RunInfo, read_runfile, runfile_path
from tests.table.campaign import build_campaign

ROOT = Path(__file__).resolve().parents[2]
START_S = 300.0

pytestmark = [pytest.mark.models, pytest.mark.slow]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("ADJUDICATOR_LEDGER", None)
    return env


@dataclass(frozen=True)
class Served:
    process: subprocess.Popen[bytes]
    info: RunInfo
    tokens: Tokens
    ledger: Path

    def call(self, method: str, path: str, who: str, body: object = None) -> tuple[int, Any]:
        token = self.tokens.storyteller if who == "storyteller" else self.tokens.players[who]
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.info.url + path, data=data, method=method,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=300) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def _start(ledger: Path) -> Served:
    log = (ledger.parent / "serve.log").open("ab")
    process = subprocess.Popen(
        [sys.executable, "-m", "adjudicator", "serve", "--ledger", str(ledger), "--port", "0",
         "--no-qr"],
        stdout=log, stderr=subprocess.STDOUT, env=_env(), cwd=ledger.parent,
    )  # fmt: skip
    deadline = time.monotonic() + START_S
    while True:
        info = read_runfile(ledger)
        if info is not None and info.pid == process.pid:
            try:
                with urllib.request.urlopen(info.url + "/api/health", timeout=5) as response:
                    if json.loads(response.read())["ok"]:
                        break
            except OSError:
                pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise AssertionError((ledger.parent / "serve.log").read_text())
        time.sleep(0.2)
    return Served(process, info, load_tokens(ledger, ["Ann", "Bram"]), ledger)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    ledger = build_campaign(tmp_path_factory.mktemp("served") / "campaign.sqlite", fight=False)
    table = _start(ledger)
    try:
        yield table
    finally:
        if table.process.poll() is None:
            table.process.terminate()
            table.process.wait(timeout=30)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The CLI in a cold process, reporting afterwards which heavy modules it imported."""
    code = (
        "import sys, json\n"
        "from adjudicator.cli import app\n"
        "try:\n"
        f"    app({list(args)!r})\n"
        "except SystemExit as stop:\n"
        "    code = stop.code\n"
        "else:\n"
        "    code = 0\n"
        "heavy = [m for m in ('torch', 'spacy', 'sentence_transformers') if m in sys.modules]\n"
        "print(json.dumps({'heavy': heavy}), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=_env(), timeout=300)  # fmt: skip


def _heavy(result: subprocess.CompletedProcess[str]) -> list[str]:
    return list(json.loads(result.stderr.strip().splitlines()[-1])["heavy"])


def test_serve_binds_loopback_and_leaves_a_private_run_file(served: Served) -> None:
    assert served.info.host == "127.0.0.1"
    assert stat.S_IMODE(runfile_path(served.ledger).stat().st_mode) == 0o600
    assert served.info.ledger == str(served.ledger.absolute())


def test_spell_check_from_a_cold_shell_is_answered_by_the_table(served: Served) -> None:
    """The CLI sends the work to the running table and never imports torch or spaCy."""
    intent = "make the guard speak the truth"
    result = _cli("spell", "check", "--caster", "Grum", "[Become] [Speech]", intent,
                  "--ledger", str(served.ledger), "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert _heavy(result) == []
    body = {"words": ["Become", "Speech"], "intent": intent, "caster": "Grum"}
    code, api = served.call("POST", "/api/spell-check", "Bram", body)
    assert code == 200 and json.loads(result.stdout) == api


def test_ruling_add_through_the_table_records_or_fails_with_exit_1(served: Served) -> None:
    bad = _cli("ruling", "add", "--caster", "Nobody", "[Smash] [Metal]", "smash the door",
               "--approve", "--ledger", str(served.ledger))  # fmt: skip
    assert bad.returncode == 1 and "no character 'Nobody'" in bad.stderr
    assert _heavy(bad) == []
    good = _cli("ruling", "add", "--caster", "Grum", "[Smash] [Metal]", "smash the metal door",
                "--approve", "--ledger", str(served.ledger), "--json")  # fmt: skip
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["verdict"] == "approved" and _heavy(good) == []
    search = _cli("precedent", "search", "break a metal door", "--ledger", str(served.ledger),
                  "--json", "--limit", "3")  # fmt: skip
    assert search.returncode == 0 and _heavy(search) == []
    assert json.loads(search.stdout)[0]["intent"] == "smash the metal door"


def _request(served: Served, words: list[str], intent: str) -> str:
    code, sent = served.call("POST", "/api/requests", "Bram",
                             {"caster": "Grum", "words": words, "intent": intent})  # fmt: skip
    assert code == 201, sent
    return str(sent["id"])


def test_two_approvals_of_one_request_one_wins(served: Served) -> None:
    """Two approvals at once: one is recorded, the other is told "already ruled"."""
    request = _request(served, ["Become", "Person"], "become a person of the guard")
    answers: list[tuple[int, Any]] = []

    def approve() -> None:
        answers.append(served.call("POST", f"/api/requests/{request}/ruling", "storyteller",
                                   {"verdict": "approved"}))  # fmt: skip

    threads = [threading.Thread(target=approve) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(code for code, _ in answers)
    assert codes == [201, 409], answers
    assert "already ruled" in str(next(body for code, body in answers if code == 409))


def test_a_server_killed_mid_approval_loses_nothing_acknowledged(served: Served) -> None:
    """SIGKILL while an approval is under way: every request and ruling the server
    acknowledged is in the ledger; the one in flight is recorded whole or not at all."""
    acknowledged = [_request(served, ["Become", "Lead"], f"become lead number {n}")
                    for n in range(3)]  # fmt: skip
    code, first = served.call("POST", f"/api/requests/{acknowledged[0]}/ruling", "storyteller",
                              {"verdict": "vetoed", "needs": ["Heavy"]})  # fmt: skip
    assert code == 201
    pending = acknowledged[1]

    def approve() -> None:
        with contextlib.suppress(OSError):  # killed before it answered: nothing acknowledged
            served.call("POST", f"/api/requests/{pending}/ruling", "storyteller",
                        {"verdict": "approved"})  # fmt: skip

    worker = threading.Thread(target=approve, daemon=True)
    worker.start()
    time.sleep(0.3)
    os.kill(served.process.pid, signal.SIGKILL)
    served.process.wait(timeout=30)
    worker.join(timeout=30)
    assert read_runfile(served.ledger) is None  # left behind, and ignored: its process is gone
    with open_ledger(served.ledger) as book:
        verify(book)
        stored = {r.id: r for r in list_requests(book)}
        assert set(acknowledged) <= set(stored)
        assert stored[acknowledged[0]].ruling == first["ruling"]["id"]
        ruling = stored[pending].ruling
        spent = "Lead" not in [w.text for w in hand_of(book, "Bram")]
        rulings = [row[0] for row in book.db.execute("SELECT id FROM rulings WHERE canon = 0")]
        assert (ruling is not None) == spent  # the answer and the spent Word go together
        assert ruling is None or ruling in rulings


def test_tokens_appear_only_in_the_links_serve_prints(served: Served) -> None:
    """Tokens are never logged: after all the requests above, the server's output holds
    each token only on the line that gives its link."""
    output = (served.ledger.parent / "serve.log").read_text(encoding="utf-8")
    secrets = [served.tokens.storyteller, *served.tokens.players.values(), served.info.token]
    for line in output.splitlines():
        for secret in secrets:
            if secret in line:
                assert line.split(":", 1)[0] in {"Storyteller", "Ann", "Bram"}, line
