"""A table server in a thread of the test process, on a free loopback port, so the browser
test uses the session's models instead of loading its own; it can stop and start again on
the same port (a restart the pages must survive)."""

from __future__ import annotations

import threading
import time

import uvicorn

from adjudicator.table.app import create_app
from adjudicator.table.server import bind
from adjudicator.table.service import TableConfig, TableService


class LiveServer:
    def __init__(self, config: TableConfig, service: TableService, port: int = 0) -> None:
        self.config = config
        self.service = service
        self.port = port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        sock = bind("127.0.0.1", self.port)
        self.port = sock.getsockname()[1]
        settings = uvicorn.Config(
            create_app(self.config, self.service), log_level="warning", access_log=False,
            lifespan="on", timeout_graceful_shutdown=1,
        )  # fmt: skip
        self._server = uvicorn.Server(settings)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the table server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._server.force_exit = True  # open event streams would hold a graceful exit
            self._thread.join(timeout=10)
        self._server = None
        self._thread = None
