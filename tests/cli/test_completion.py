"""Shell completion works: `adjudicator --install-completion` installs a script that a real
bash sources and completes commands with (issue 7: "shell completion works")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("adjudicator")

pytestmark = pytest.mark.skipif(
    shutil.which("bash") is None or not SCRIPT.exists(), reason="needs bash and the installed CLI"
)


def _environment(home: Path) -> dict[str, str]:
    path = f"{SCRIPT.parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, "HOME": str(home), "PATH": path, "SHELL": "/bin/bash"}


def _complete(home: Path, line: str) -> list[str]:
    """What bash offers after `line` once the installed completion is sourced."""
    words = line.split(" ")
    program = (
        "source ~/.bashrc; "
        f"COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}; "
        '_adjudicator_completion adjudicator; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    result = subprocess.run(
        ["bash", "--norc", "-c", program],
        env=_environment(home),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stdout.split()


def test_install_completion_lets_bash_complete_commands_and_subcommands(tmp_path: Path) -> None:
    # Typer finds the shell to install for by walking up the process tree (shellingham),
    # so the command runs under bash as a user's would, whatever started the tests (a
    # second command keeps bash from exec-ing into the first).
    installed = subprocess.run(
        ["bash", "--norc", "-c", f"'{SCRIPT}' --install-completion bash; exit $?"],
        env=_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert installed.returncode == 0, installed.stderr  # say why, should it fail
    assert "bash completion installed" in installed.stdout
    assert "adjudicator.sh" in (tmp_path / ".bashrc").read_text()
    assert _complete(tmp_path, "adjudicator ru") == ["ruling"]
    assert "attack" in _complete(tmp_path, "adjudicator combat at")
