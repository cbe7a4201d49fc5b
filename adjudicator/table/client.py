"""The CLI's side of a running table: send a command's parameters, get its output back.

Standard library only (`urllib`, `json`): a command answered by the table must start fast,
so nothing here imports the ledger's or the language layer's heavy dependencies.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.table.runfile import RunInfo

#: How long the CLI waits for a table's answer (a ruling's checks can take a while).
TIMEOUT_S = 600.0


class TableUnreachable(Exception):
    """The run file names a table that does not answer: the CLI runs the command itself."""


@dataclass(frozen=True)
class Answer:
    """A forwarded command's output and exit code."""

    stdout: str
    stderr: str
    exit_code: int


def forward(
    info: RunInfo, command: str, params: Mapping[str, Any], columns: int | None = None
) -> Answer:
    """Run `command` ("spell check") with `params` in the table at `info`."""
    body = json.dumps({"command": command, "params": dict(params), "columns": columns}).encode()
    request = urllib.request.Request(
        info.url + "/api/cli",
        data=body,
        method="POST",
        headers={"Authorization": f"Bearer {info.token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
            data = json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        try:
            detail = json.loads(error.read().decode("utf-8")).get("error")
        except (ValueError, AttributeError):
            detail = None
        raise TableUnreachable(
            f"the table answered {error.code}: {detail or error.reason}"
        ) from None
    except (OSError, ValueError) as error:
        raise TableUnreachable(f"the table at {info.url} does not answer: {error}") from None
    return Answer(str(data["stdout"]), str(data["stderr"]), int(data["exit_code"]))
