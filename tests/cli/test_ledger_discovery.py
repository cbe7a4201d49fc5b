"""Every command finds the campaign the same way: `--ledger`, then `$ADJUDICATOR_LEDGER`, then
./campaign.sqlite, and names the ledger it used when it is not the default."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Two campaigns, "Here" in the working folder and "There" elsewhere."""
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    monkeypatch.delenv("ADJUDICATOR_LEDGER", raising=False)
    monkeypatch.chdir(here)
    for folder, name in ((here, "Here"), (there, "There")):
        result = runner.invoke(
            app, ["init", "--name", name, "--ledger", str(folder / "campaign.sqlite")]
        )
        assert result.exit_code == 0, result.output
    return here, there


def info(*args: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    result = runner.invoke(app, ["ledger", "info", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def test_a_command_in_the_campaigns_folder_uses_campaign_sqlite_silently(
    folders: tuple[Path, Path],
) -> None:
    out, err = info()
    assert "Here" in out and "ledger:" not in err


def test_the_environment_comes_before_the_folder_and_is_named(folders: tuple[Path, Path]) -> None:
    here, there = folders
    out, err = info(env={"ADJUDICATOR_LEDGER": str(there / "campaign.sqlite")})
    assert "There" in out
    assert f"ledger: {there / 'campaign.sqlite'} (from $ADJUDICATOR_LEDGER)" in err
    # the environment naming ./campaign.sqlite itself is the default: nothing to say
    out, err = info(env={"ADJUDICATOR_LEDGER": str(here / "campaign.sqlite")})
    assert "Here" in out and "ledger:" not in err


def test_ledger_comes_before_the_environment(folders: tuple[Path, Path]) -> None:
    here, there = folders
    out, err = info(
        "--ledger", str(here / "campaign.sqlite"),
        env={"ADJUDICATOR_LEDGER": str(there / "campaign.sqlite")},
    )  # fmt: skip
    assert "Here" in out and "ledger:" not in err
