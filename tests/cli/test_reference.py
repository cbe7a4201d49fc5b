"""docs/commands.md is the CLI's own help: it fails here when a command changes without it."""

from pathlib import Path

from adjudicator.cli import app
from tools.command_reference import command_reference

COMMANDS = Path(__file__).resolve().parents[2] / "docs" / "commands.md"


def test_the_command_reference_is_current() -> None:
    assert COMMANDS.read_text("utf-8") == command_reference(app), (
        "docs/commands.md is stale: run `make docs`"
    )


def test_every_command_has_help_with_an_example() -> None:
    """Every command (not group) documents itself with an example line."""
    text = command_reference(app)
    sections = text.split("\n#")[1:]
    commands = [s for s in sections if "Commands:" not in s]
    missing = [s.splitlines()[0] for s in commands if "```sh" not in s]
    assert not missing, f"commands without an example: {missing}"
