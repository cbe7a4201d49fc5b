"""The combat step commands share one shape (`combat_play.step`): their own arguments, then the
bundled `--dice/--seed`, `--combat`, `--ledger`, `--json`; build, then open the ledger, play,
print (issue 12: "One options bundle for `--ledger/--json/--dice/--seed`")."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.cli.combat_play import step

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

runner = CliRunner()

WHERE = ["combat", "ledger", "as_json"]


def _combat_group() -> typer.core.TyperGroup:
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    group = root.commands["combat"]
    assert isinstance(group, typer.core.TyperGroup)
    return group


def test_every_step_ends_with_the_bundle_in_one_order() -> None:
    """`--dice/--seed` (where the step rolls), then `--combat`, `--ledger`, `--json`, last."""
    steps = 0
    for name, command in _combat_group().commands.items():
        params = [param.name for param in command.params]
        if "combat" not in params or name in {"log", "board", "status", "odds"}:
            continue
        steps += 1
        tail = ["dice", "seed", *WHERE] if "dice" in params else WHERE
        assert params[-len(tail) :] == tail, name
        assert params.count("ledger") == params.count("as_json") == 1, name
    assert steps >= 30


def test_a_builder_declares_only_its_own_arguments() -> None:
    @step(dice=True)
    def poke_command(
        unit: Annotated[str, typer.Argument(help="Who.")],
        hard: Annotated[bool, typer.Option("--hard")] = False,
    ) -> Step:
        """Poke a unit.

        Example: adjudicator combat poke Orc
        """
        raise AssertionError("not run here")

    names = list(inspect.signature(poke_command).parameters)
    assert names == ["unit", "hard", "dice", "seed", *WHERE]
    assert poke_command.__doc__ is not None and poke_command.__doc__.startswith("Poke a unit.")


def test_a_command_refused_while_building_opens_no_ledger(tmp_path: Path) -> None:
    """Bad input is refused before the ledger is touched: no file is created."""
    ledger = tmp_path / "campaign.sqlite"
    args = ["combat", "attack", "Pink", "Red", "--dual", "--flank", "--ledger", str(ledger)]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "an attack is --dual or --flank, not both" in result.output
    assert "Traceback" not in result.output and not ledger.exists()
    bad_dice = ["combat", "move", "Pink", "C2", "--dice", "four", "--ledger", str(ledger)]
    result = runner.invoke(app, bad_dice)
    assert result.exit_code == 1 and "is not a list of faces" in result.output
    assert not ledger.exists()
