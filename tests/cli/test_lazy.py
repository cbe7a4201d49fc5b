"""Commands are imported when they run, and listed without importing them (`cli/_lazy.py`).

The tables that list them (`COMMANDS`, `combat`'s systems, `eval`'s commands) repeat each
command's one-line help: here it is held to the command's own, so the two cannot drift."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.cli import COMMANDS, app
from adjudicator.cli._lazy import Lazy, LazyGroup
from tests.cli.cold_process import run_cold

runner = CliRunner()

MISSING = "tests.cli.no_such_module"


class _Probe(LazyGroup):
    lazy: ClassVar[Mapping[str, Lazy]] = {
        "later": Lazy(MISSING, "app", "Imported only when run."),
        "after": Lazy(MISSING, "after_command", "Also imported only when run."),
    }


probe = typer.Typer(cls=_Probe, rich_markup_mode="markdown")


@probe.callback()
def _probe() -> None:
    """A group with one command of its own and two whose module does not exist."""


@probe.command("now")
def _now() -> None:
    """Here from the start."""
    typer.echo("now")


def _lazy_groups(command: Any) -> Iterator[LazyGroup]:
    """Every lazy group under `command`, each command looked up (imported) on the way."""
    if isinstance(command, LazyGroup):
        yield command
    if hasattr(command, "list_commands"):
        context = typer.Context(command)
        for name in command.list_commands(context):
            yield from _lazy_groups(command.get_command(context, name))


def test_each_table_s_help_is_its_command_s_first_paragraph() -> None:
    groups = list(_lazy_groups(typer.main.get_command(app)))
    assert len(groups) == 3  # the root, `combat` and `eval`
    drifted = []
    for group in groups:
        for name, entry in group.lazy.items():
            real = group.get_command(typer.Context(group), name)
            assert real is not None, name
            own = " ".join((real.help or "").split("\n\n")[0].split())
            if entry.help != own:
                drifted.append(f"{name}: the table says {entry.help!r}, the command {own!r}")
    assert not drifted, "\n".join(drifted)


def _help(group: Any) -> str:
    with runner.isolation(env={"COLUMNS": "100"}) as (out, _, _):
        group.main(["--help"], prog_name="adjudicator", standalone_mode=False)
        text: str = out.getvalue().decode()
    return text


def test_root_help_lists_each_command_as_its_loaded_command_would() -> None:
    lazy, loaded = typer.main.get_command(app), typer.main.get_command(app)
    assert isinstance(loaded, LazyGroup)
    for name in COMMANDS:
        loaded.get_command(typer.Context(loaded), name)
    shown = _help(lazy)
    assert shown == _help(loaded)
    assert all(f" {name} " in shown for name in COMMANDS)


def test_help_and_completion_list_commands_without_importing_them() -> None:
    shown = runner.invoke(probe, ["--help"])
    assert shown.exit_code == 0, shown.output
    assert "Imported only when run." in shown.stdout
    assert shown.stdout.index(" now ") < shown.stdout.index(" later ")
    group = typer.main.get_command(probe)
    assert isinstance(group, LazyGroup)
    context = group.make_context("probe", [], resilient_parsing=True)
    assert [item.value for item in group.shell_complete(context, "")] == ["now", "later", "after"]
    assert [item.value for item in group.shell_complete(context, "l")] == ["later"]
    assert "later" in group.commands and list(group.commands) == ["now", "later", "after"]


def test_a_command_is_imported_when_it_runs() -> None:
    assert runner.invoke(probe, ["now"]).stdout == "now\n"
    ran = runner.invoke(probe, ["later"])
    assert isinstance(ran.exception, ModuleNotFoundError)
    assert ran.exception.name == MISSING


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rul"], "No such command 'rul'. Did you mean 'ruling'?"),
        (["nonsense"], "No such command 'nonsense'."),
        (["combat", "murdam"], "No such command 'murdam'. Did you mean 'murdham'?"),
        (["eval", "sense"], "No such command 'sense'. Did you mean 'senses'?"),
    ],
)
def test_an_unknown_command_is_a_usage_error_naming_it(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert message in result.output


def test_a_command_imports_its_own_group_only() -> None:
    """ "`adjudicator odds` cold start ... 0.22 s when first measured, before the CLI grew to
    import every command group at start" (docs/speed.md)."""
    watched = (
        "numpy",
        "sqlite_utils",
        "adjudicator.combat",
        "adjudicator.language.coverage",
        "adjudicator.cli.combat",
        "adjudicator.cli.combat_murdham",
        "adjudicator.cli.spell",
        "adjudicator.cli.words",
    )
    ran = {
        " ".join(args): run_cold(args, watch=watched)[0].heavy
        for args in (
            ["--help"],
            ["roll", "2d6"],
            ["odds", "-d", "3"],
            ["words", "parse", "Fire Ball"],
            ["combat", "--help"],
            ["spell", "check", "--help"],
        )
    }
    assert ran == {
        "--help": (),
        "roll 2d6": (),
        "odds -d 3": ("numpy",),
        "words parse Fire Ball": ("numpy", "adjudicator.cli.words"),
        "combat --help": ("adjudicator.combat", "adjudicator.cli.combat"),
        "spell check --help": ("adjudicator.cli.spell",),
    }
