"""`adjudicator combat ...` for the Storyteller around the fight: the marching formation, the
opening strike on the unaware, moving, hurting or removing a unit by ruling. Each builds the
engine command that `combat_play` plays and records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.combat_options import SpaceArgument, TargetArgument, UnitArgument
from adjudicator.cli.combat_play import step
from adjudicator.combat.board import Space
from adjudicator.combat.commands import (
    DealDamage,
    DeployFormation,
    OpeningStrike,
    Relocate,
    Remove,
    SetFormation,
)
from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

TeamArgument = Annotated[str, typer.Argument(help="The team.", show_default=False)]


def register(app: typer.Typer) -> None:
    for name, command in (
        ("formation", formation_command),
        ("deploy", deploy_command),
        ("opening-strike", opening_strike_command),
        ("relocate", relocate_command),
        ("deal", deal_command),
        ("remove", remove_command),
    ):
        app.command(name)(command)


@step()
def formation_command(
    team: TeamArgument,
    placements: Annotated[
        list[str], typer.Argument(help="NAME=SPACE for each unit: Pink=D5.", show_default=False)
    ],
) -> Step:
    """Record a team's marching order: "establish their preferred marching order ... ahead of time".

    Example: adjudicator combat formation Party Knight=C3 Pink=D5
    """

    spots = []
    for text in placements:
        name, equals, space = text.partition("=")
        if not equals or not name.strip():
            raise InvalidInput(f"{text!r} is not NAME=SPACE", hint="Knight=C3")
        spots.append((name.strip(), Space.parse(space)))
    return SetFormation(team, tuple(spots))


@step()
def deploy_command(
    team: TeamArgument,
    orientation: Annotated[
        str,
        typer.Option(
            "--orientation",
            help="How the attack turns the formation: as marched, mirrored, flipped or turned.",
        ),
    ] = "as marched",
) -> Step:
    """Place an attacked team by its formation, turned to face the attack, each unit kept
    where it was relative to the others.

    Example: adjudicator combat deploy Party --orientation flipped
    """

    return DeployFormation(team, orientation)


@step(dice=True)
def opening_strike_command(
    attacker: UnitArgument,
    target: TargetArgument,
    weapon: Annotated[
        str | None, typer.Option("--weapon", help="The weapon (default: the one in hand).")
    ] = None,
    aim: Annotated[
        str | None, typer.Option("--aim", help="The Hitzone the critical strikes (Head).")
    ] = None,
    first: Annotated[
        str | None, typer.Option("--first", help="Who acts first in the surprise round.")
    ] = None,
) -> Step:
    """Open the fight with a strike on an unaware target: an automatic critical in melee (a
    ranged shot rolls as normal), then the surprise round, then initiative.

    Example: adjudicator combat opening-strike Pink Orc --aim Head --dice 3
    """

    return OpeningStrike(attacker, target, weapon, aim, first)


@step()
def relocate_command(
    unit: UnitArgument,
    space: SpaceArgument,
) -> Step:
    """Put a unit on another space by ruling ([Teleport], a shove); its binds end.

    Example: adjudicator combat relocate Orc D8
    """

    return Relocate(unit, Space.parse(space))


@step()
def deal_command(
    unit: UnitArgument,
    zone: Annotated[str, typer.Argument(help="The Hitzone hit.", show_default=False)],
    amount: Annotated[int, typer.Argument(help="The damage.", show_default=False)],
    source: Annotated[
        str, typer.Option("--source", help="What deals it: a spell, a hazard, the story.")
    ] = "the Storyteller's ruling",
) -> Step:
    """Deal damage by ruling (a spell's effect, a falling chandelier): Armor first, then HP.

    Example: adjudicator combat deal Orc Head 2 --source "the [Metal] [Mist]"
    """

    return DealDamage(unit, zone, amount, source)


@step()
def remove_command(
    unit: UnitArgument,
    reason: Annotated[
        str, typer.Option("--reason", help="How the unit leaves the fight.")
    ] = "removed by the Storyteller",
) -> Step:
    """Take a unit out of the fight by narrative ("carried by allies, sliding down a trash
    chute, or mounting a horse"); its binds end.

    Example: adjudicator combat remove Monk --reason "slides down the trash chute"
    """

    return Remove(unit, reason)
