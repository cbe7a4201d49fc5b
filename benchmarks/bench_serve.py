"""The live table under load (on demand: `.venv/bin/python benchmarks/bench_serve.py`).

1. `spell check` over loopback (`POST /api/spell-check` to a real `adjudicator serve`
   process) against the same check in this process, same run: p50 of each and the ratio
   (goal: p50 over loopback <= 1.3x in-process).
2. 30 simulated phones hold live connections (`/api/events`) while 5 spell checks a second
   arrive for 60 s (goal: 0 errors, p95 <= 100 ms), and the CLI writes to the same ledger
   meanwhile (`adjudicator player add`, one every 5 s): every write must be in the ledger,
   and every phone must have been told of the changes. `--fresh` gives every request an
   intent never seen before (the server keeps the vectors of intents it has encoded).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.language.models import Models  # noqa: E402
from adjudicator.ledger.database import open_ledger  # noqa: E402
from adjudicator.ledger.sessions import players  # noqa: E402
from adjudicator.table.access import Access, Role, load_tokens  # noqa: E402
from adjudicator.table.runfile import RunInfo, read_runfile  # noqa: E402
from adjudicator.table.service import TableConfig, TableService  # noqa: E402
from tests.table.campaign import build_campaign  # noqa: E402

INTENTS = (
    "make the guard speak the truth",
    "make this guy stop talking",
    "turn the guard into stone",
    "smash the metal door",
    "become a person of the guard",
)
WORDS = (["Become", "Speech"], ["Smash", "Speech"], ["Become", "Stone"], ["Smash", "Metal"])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def body(n: int, fresh: bool = False) -> dict[str, Any]:
    """The n-th request: 20 distinct ones in turn, or with `fresh` an intent never seen
    before each time (no vector kept by the server can answer it)."""
    intent = INTENTS[n % len(INTENTS)] + (f" on day {n}" if fresh else "")
    return {"words": WORDS[n % len(WORDS)], "intent": intent, "caster": "Grum"}


def post(info: RunInfo, token: str, path: str, data: dict[str, Any]) -> tuple[int, float]:
    request = urllib.request.Request(
        info.url + path, data=json.dumps(data).encode(), method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )  # fmt: skip
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return status, (time.perf_counter() - start) * 1000


def start_server(ledger: Path) -> tuple[subprocess.Popen[bytes], RunInfo]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "adjudicator", "serve", "--ledger", str(ledger), "--port", "0",
         "--no-qr"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )  # fmt: skip
    while True:
        info = read_runfile(ledger)
        if info is not None and info.pid == process.pid:
            return process, info
        if process.poll() is not None:
            raise SystemExit("the table did not start")
        time.sleep(0.2)


class Phone(threading.Thread):
    """A phone holding the live stream open, counting `change` events."""

    def __init__(self, info: RunInfo, token: str) -> None:
        super().__init__(daemon=True)
        self.url = f"{info.url}/api/events?token={token}"
        self.events = 0
        self.last = -1
        self.error: str | None = None
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            with urllib.request.urlopen(self.url, timeout=120) as stream:
                for raw in stream:
                    line = raw.decode().strip()
                    if line.startswith("data: "):
                        self.events += 1
                        self.last = int(line[6:])
                    if self.stop.is_set():
                        return
        except OSError as error:
            if not self.stop.is_set():
                self.error = str(error)


def yardstick(models: Models, runs: int) -> float:
    """The issue's yardstick, timed in this run: one spaCy parse and one batched encode of
    a request's intent and Words (as `bench_language.py`), p50 in ms; a busy machine shows."""
    times = []
    for n in range(runs):
        request = body(n, fresh=True)
        start = time.perf_counter()
        models.nlp(request["intent"])
        models.encoder.encode([request["intent"], *request["words"]], show_progress_bar=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def loopback_vs_in_process(info: RunInfo, token: str, ledger: Path, runs: int) -> float:
    tokens = load_tokens(ledger, [])
    models = Models()
    service = TableService(TableConfig(ledger=ledger, tokens=tokens, models=models))
    service.warm()
    storyteller = Access(Role.STORYTELLER)
    for n in range(len(INTENTS)):  # both sides see each intent once before timing
        service.spell_check(storyteller, body(n))
        post(info, token, "/api/spell-check", body(n))
    local, remote = [], []
    for n in range(runs):
        start = time.perf_counter()
        service.spell_check(storyteller, body(n))
        local.append((time.perf_counter() - start) * 1000)
        status, elapsed = post(info, token, "/api/spell-check", body(n))
        assert status == 200, status
        remote.append(elapsed)
    ratio = statistics.median(remote) / statistics.median(local)
    print(
        f"spell check in-process: p50 {statistics.median(local):.1f} ms, "
        f"p95 {percentile(local, 0.95):.1f} ms ({runs} runs)"
    )
    print(
        f"spell check over loopback: p50 {statistics.median(remote):.1f} ms, "
        f"p95 {percentile(remote, 0.95):.1f} ms; p50 ratio {ratio:.2f}x (goal <= 1.3x)"
    )
    measured = yardstick(models, runs)
    print(f"yardstick, one parse + one encode (same run): p50 {measured:.1f} ms")
    return measured


def under_load(info: RunInfo, token: str, ledger: Path, seconds: float, rate: float,
               phones: int, fresh: bool, measured: float) -> None:  # fmt: skip
    crowd = [Phone(info, token) for _ in range(phones)]
    for phone in crowd:
        phone.start()
    time.sleep(1.0)
    latencies: list[float] = []
    errors: list[int] = []
    written: list[str] = []

    def writer() -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        n = 0
        while time.monotonic() < end:
            name = f"Guest{n}"
            result = subprocess.run(
                [sys.executable, "-m", "adjudicator", "player", "add", name, "--ledger",
                 str(ledger)], capture_output=True, env=env,
            )  # fmt: skip
            if result.returncode == 0:
                written.append(name)
            n += 1
            time.sleep(5.0)

    def check(n: int) -> None:
        status, elapsed = post(info, token, "/api/spell-check", body(n, fresh))
        if status == 200:
            latencies.append(elapsed)
        else:
            errors.append(status)

    end = time.monotonic() + seconds
    cli = threading.Thread(target=writer, daemon=True)
    cli.start()
    with ThreadPoolExecutor(max_workers=16) as pool:
        n = 0
        start = time.monotonic()
        while time.monotonic() < end:
            pool.submit(check, n)
            n += 1
            time.sleep(max(0.0, start + n / rate - time.monotonic()))
    cli.join()
    time.sleep(1.5)  # the last write reaches every phone
    with open_ledger(ledger) as book:
        marker = book.db.execute("SELECT max(seq) FROM records").fetchone()[0]
        names = {p.name for p in players(book)}
    lost = [name for name in written if name not in names]
    behind = [p for p in crowd if p.last != marker]
    broken = [p.error for p in crowd if p.error]
    for phone in crowd:
        phone.stop.set()
    kind = "fresh intents" if fresh else "20 requests in turn"
    print(f"{phones} phones on /api/events, {rate:g} spell checks/s ({kind}) for {seconds:g} s: "
          f"{len(latencies)} answered, {len(errors)} errors, p50 "
          f"{statistics.median(latencies):.1f} ms, p95 {percentile(latencies, 0.95):.1f} ms "
          "(goal: 0 errors, p95 <= 100 ms)")  # fmt: skip
    print(f"in yardsticks: p50 {statistics.median(latencies) / measured:.1f}x, "
          f"p95 {percentile(latencies, 0.95) / measured:.1f}x")  # fmt: skip
    print(
        f"CLI writes during it: {len(written)} made, {len(lost)} lost; phones told of the "
        f"last change: {phones - len(behind)} of {phones}; streams broken: {len(broken)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=5.0)
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--fresh", action="store_true", help="a new intent for every request")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)  # as the server does: the in-process side runs on its terms
    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    ledger = build_campaign(folder / "campaign.sqlite", fight=False)
    tokens = load_tokens(ledger, ["Ann", "Bram"])
    process, info = start_server(ledger)
    try:
        measured = loopback_vs_in_process(info, tokens.storyteller, ledger, args.runs)
        under_load(info, tokens.storyteller, ledger, args.seconds, args.rate, args.phones,
                   args.fresh, measured)  # fmt: skip
    finally:
        process.terminate()
        process.wait(timeout=30)


if __name__ == "__main__":
    main()
