"""Running the table: bind the socket, warm the models, leave the run file, print the links
with QR codes, and serve with uvicorn until stopped (the run file is removed on the way out).
"""

from __future__ import annotations

import ipaddress
import os
import signal
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from adjudicator.errors import AdjudicatorError
from adjudicator.table.access import Tokens, new_token
from adjudicator.table.runfile import RunInfo, read_runfile, remove_runfile, write_runfile
from adjudicator.table.service import TableConfig, TableService

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


class TableRunning(AdjudicatorError):
    """A second table for a ledger that already has one."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything slow happens: a busy port fails at once."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise AdjudicatorError(
            f"cannot listen on {host}:{port}: {error.strerror or error}",
            hint="choose another port with --port, or stop what uses it",
        ) from None
    sock.set_inheritable(True)
    return sock


def link_host(host: str) -> str:
    """The address players' phones should use: the machine's LAN address when listening on
    every interface, else the host as given."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks a route
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def qr_text(url: str) -> str:
    """A QR code of `url` for the terminal (segno, compact: two rows per line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True)
    return out.getvalue()


def serve(
    config: TableConfig,
    host: str,
    port: int,
    say: Callable[[str], None],
    *,
    qr: bool = True,
) -> None:
    """Serve `config`'s ledger on host:port until interrupted."""
    import uvicorn

    from adjudicator.table.app import create_app  # lazy: heavy import (fastapi, starlette)

    ledger = config.ledger.absolute()
    running = read_runfile(ledger)
    if running is not None:
        raise TableRunning(
            f"a table is already running for {ledger} at {running.url} (process {running.pid})",
            hint="use that one, or stop it first",
        )
    sock = bind(host, port)
    try:
        port = sock.getsockname()[1]
        if not is_loopback(host):
            say(
                f"warning: listening on {host}:{port}, beyond this machine: anyone on the "
                "network can reach the table; only the links' tokens protect it"
            )
        say("loading the language models (once, for the whole evening)...")
        one_torch_thread()
        local = new_token()
        config = replace(config, ledger=ledger, local_token=local)
        service = TableService(config)
        service.warm()
        app = create_app(config, service)
        base = f"http://{link_host(host)}:{port}"
        _print_links(config.tokens, base, say, qr=qr)
        write_runfile(ledger, RunInfo(os.getpid(), host, port, str(ledger), local))
        try:
            settings = uvicorn.Config(
                app, log_level="warning", access_log=False, lifespan="on",
                timeout_graceful_shutdown=2,
            )  # fmt: skip
            say(f"The table is open at {base} (Ctrl+C to close it).")
            with _stop_quietly():
                uvicorn.Server(settings).run(sockets=[sock])
            say("The table is closed.")
        finally:
            remove_runfile(ledger, os.getpid())
    finally:
        sock.close()


def one_torch_thread() -> None:
    """Run torch on one thread in the server's process. Its model work is one call at a time
    already; with two threads on a busy 2-core machine, torch's threads wait for each other:
    a spell check measured 961 ms (p50) with two and 170 ms with one (load average 10)."""
    import torch

    torch.set_num_threads(1)


class _Stopped(Exception):
    """SIGINT or SIGTERM, re-raised by uvicorn once it has shut down."""


@contextmanager
def _stop_quietly() -> Iterator[None]:
    """uvicorn handles SIGINT/SIGTERM itself, then raises the signal again for the handler
    that was there before: this one, so the run file is removed and the exit is clean."""

    def stop(signum: int, frame: object) -> None:
        raise _Stopped(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    except _Stopped:
        pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _print_links(tokens: Tokens, base: str, say: Callable[[str], None], *, qr: bool) -> None:
    links = tokens.links(base)
    say(f"Storyteller: {links['storyteller']}")
    players = links["players"]
    assert isinstance(players, dict)
    for name, url in players.items():
        say(f"{name}: {url}")
        if qr:
            say(qr_text(url))
