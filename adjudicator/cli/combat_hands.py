"""`adjudicator combat ...` for hands, stances and life: draw, stow, drop, release, stance, act,
resist-death, heal-maim. Each builds the engine command that `combat_play` plays and records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.combat_options import UnitArgument
from adjudicator.cli.combat_play import built, step

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step


from adjudicator.combat.commands import (
    Act,
    ChangeStance,
    Draw,
    Drop,
    HealMaim,
    Release,
    ResistDeath,
    Stow,
)
from adjudicator.combat.special import held_tag

HandArgument = Annotated[
    str, typer.Argument(help="The hand: Mainhand or Offhand.", show_default=False)
]
TagArgument = Annotated[
    str,
    typer.Argument(help="The permanent Tag given up (Specific or level-up).", show_default=False),
]
PayerOption = Annotated[
    str | None,
    typer.Option("--payer", help="Another Fate Weaver beside the fallen who pays the Tag."),
]


def register(app: typer.Typer) -> None:
    for name, command in (
        ("draw", draw_command),
        ("stow", stow_command),
        ("drop", drop_command),
        ("release", release_command),
        ("stance", stance_command),
        ("act", act_command),
        ("resist-death", resist_death_command),
        ("heal-maim", heal_maim_command),
    ):
        app.command(name)(command)


@step()
def draw_command(
    unit: UnitArgument,
    weapon: Annotated[str, typer.Argument(help="The weapon to draw.", show_default=False)],
    hand: Annotated[
        str | None, typer.Option("--hand", help="The empty hand (default: the first free).")
    ] = None,
) -> Step:
    """Draw a weapon into an empty hand: Pouch 1 action, Pack 2, kit 4 (an NPC's: 1).

    Example: adjudicator combat draw Knight Dagger --hand Offhand
    """

    return Draw(unit, weapon, hand)


@step()
def stow_command(unit: UnitArgument, hand: HandArgument) -> Step:
    """Stow the weapon a hand holds: it costs what drawing it costs.

    Example: adjudicator combat stow Pink Mainhand
    """

    return Stow(unit, hand)


@step()
def drop_command(unit: UnitArgument, hand: HandArgument) -> Step:
    """Drop what a hand holds: "Stopping an action (dropping a weapon) does not cost an action."

    Example: adjudicator combat drop Sage Mainhand
    """

    return Drop(unit, hand)


@step()
def release_command(unit: UnitArgument) -> Step:
    """Let go of whatever the unit binds (a grab): stopping an action costs nothing.

    Example: adjudicator combat release Sage
    """

    return Release(unit)


@step()
def stance_command(
    unit: UnitArgument,
    stance: Annotated[
        str, typer.Argument(help="A Stance the unit knows, or neutral.", show_default=False)
    ],
) -> Step:
    """Change Stance by consuming a move action and staying still (the wop-draft ruleset).

    Example: adjudicator combat stance Monk Crane
    """

    return ChangeStance(unit, stance)


@step()
def act_command(
    unit: UnitArgument,
    description: Annotated[
        str, typer.Argument(help="What the unit does: one motion.", show_default=False)
    ],
    actions: Annotated[int, typer.Option("--actions", help="Actions it takes.")] = 1,
    attack: Annotated[
        bool, typer.Option("--attack", help="It needs an attack roll: it is the turn's attack.")
    ] = False,
) -> Step:
    """Any other action the Storyteller allows: "use an item ... anything else that's one motion".

    Example: adjudicator combat act Knight "pulls the lever"
    """

    return Act(unit, description, actions, attack)


@step()
def resist_death_command(unit: UnitArgument, tag: TagArgument, payer: PayerOption = None) -> Step:
    """Resist death: a downed unit sacrifices a permanent Tag to be fully healed (not Armor).

    One action: from the payer's turn, else owed from their next one. A quick NPC boss pays
    with a Tag given by `combat add --tag`.

    Example: adjudicator combat resist-death Pink Lucky
    """

    return built(lambda state: ResistDeath(unit, held_tag(state.unit(payer or unit), tag), payer))


@step()
def heal_maim_command(
    unit: UnitArgument,
    zone: Annotated[str, typer.Argument(help="The Maimed Hitzone.", show_default=False)],
    tag: TagArgument,
    payer: PayerOption = None,
) -> Step:
    """Heal a Maim for a permanent Tag: the zone's HP back to maximum, its Armor still broken.

    One action, on the payer's turn ("Maims do not need to be healed in reaction").

    Example: adjudicator combat heal-maim Pink Legs Lucky
    """

    return built(
        lambda state: HealMaim(unit, zone, held_tag(state.unit(payer or unit), tag), payer)
    )
