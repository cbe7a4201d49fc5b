"""Running CLI commands against one ledger in tests, as the table types them."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()


def run(ledger: Path, *args: str, columns: int = 120) -> str:
    """The command's output; it must succeed."""
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, f"{args}: {result.output}"
    return result.stdout
