"""`adjudicator combat weird-wizard ...`: the verbs of lasting effects, long tasks, obstacles
and objects (`seeds/004`, "Turns", "End of the Round", "Actions", "Reactions", "Cover").
`register` adds them to the system's group (`combat_weird_wizard.app`)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from adjudicator.cli.combat_play import step
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.commands import Lasting
from adjudicator.combat.systems.weird_wizard.engine import NAME
from adjudicator.combat.systems.weird_wizard.state import Affliction, Each
from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

Unit = Annotated[str, typer.Argument(help="The combatant's name.", show_default=False)]
Target = Annotated[str, typer.Argument(help="The target's name.", show_default=False)]
Number = Annotated[
    int, typer.Argument(help="The effect's number (see the board).", show_default=False)
]
Thing = Annotated[str, typer.Argument(help="The object, by name.", show_default=False)]
Chosen = TypeVar("Chosen", bound=enum.Enum)


def _choice(flag: str, text: str, kind: type[Chosen]) -> Chosen:
    try:
        return kind(text.strip().casefold())
    except ValueError:
        raise InvalidInput(f"{flag} {text!r}", hint=", ".join(k.value for k in kind)) from None


def _roll(text: str) -> str:
    """An attribute or "luck", as the engine names them ("" for none)."""
    return text.strip().casefold()


@step(system=NAME)
def effect_command(
    unit: Unit,
    name: Annotated[
        str, typer.Argument(help="What it is (the affliction's name if left out).")
    ] = "",
    affliction: Annotated[
        str,
        typer.Option(
            "--affliction",
            help="confused, controlled, held, impaired, stunned, unconscious or weakened.",
        ),
    ] = "",
    attribute: Annotated[
        str, typer.Option("--attribute", help="Impaired's attribute: strength, agility...")
    ] = "",
    lasts: Annotated[
        str,
        typer.Option(
            "--lasts",
            help="end-of-turn, next-turn, its-next-turn, creator-next-turn, end-of-round, "
            "rounds (with --rounds) or until-removed.",
        ),
    ] = "until-removed",
    rounds: Annotated[int, typer.Option("--rounds", help="With --lasts rounds.")] = 1,
    helpful: Annotated[bool, typer.Option("--helpful", help="Not a harmful effect.")] = False,
    by: Annotated[str, typer.Option("--by", help="The creature that created it.")] = "",
    magical: Annotated[bool, typer.Option("--magical", help="Made by magic.")] = False,
    overcome: Annotated[
        str, typer.Option("--overcome", help="The roll that overcomes it: an attribute or luck.")
    ] = "",
    each: Annotated[
        str,
        typer.Option("--each", help="turn or round: when its damage or healing occurs."),
    ] = "never",
    damage: Annotated[int, typer.Option("--damage", help="d6 of damage each time.")] = 0,
    heal: Annotated[int, typer.Option("--heal", help="d6 healed each time.")] = 0,
    resist: Annotated[
        str, typer.Option("--resist", help="The roll it makes first to resist it (10 or more).")
    ] = "",
    dodge: Annotated[
        bool, typer.Option("--dodge", help="Dodge (reaction): 1 boon on an Agility roll.")
    ] = False,
    withstand: Annotated[
        bool, typer.Option("--withstand", help="Withstand (reaction): 1 boon on a Strength roll.")
    ] = False,
    cover: Annotated[
        bool, typer.Option("--cover", help="Partial cover: 1 boon on an Agility roll.")
    ] = False,
    behind: Annotated[
        str, typer.Option("--behind", help="An obstacle it is completely behind (refused).")
    ] = "",
) -> Step:
    """Put a lasting effect on a creature (the Sage's ruling on a spell, talent, item...):
    how long it lasts, the affliction it bestows, what it does each turn or round.

    Example: adjudicator combat weird-wizard effect Goblin "on fire" --each round --damage 1
    """
    return c.Afflict(
        unit, name, _choice("--lasts", lasts, Lasting), rounds,
        _choice("--affliction", affliction, Affliction) if affliction.strip() else None,
        attribute.strip().casefold(), helpful, by, magical, _roll(overcome),
        _choice("--each", each, Each), damage, heal, _roll(resist), dodge,
        withstand, cover, behind,
    )  # fmt: skip


@step(system=NAME)
def remove_effect_command(
    number: Number,
    why: Annotated[str, typer.Option("--why", help="Why it ends.")] = "the Sage ends it",
) -> Step:
    """End an effect (the Sage's: the rules say it ends).

    Example: adjudicator combat weird-wizard remove-effect 2 --why "doused"
    """
    return c.RemoveEffect(number, why)


@step(dice=True, system=NAME)
def overcome_command(
    unit: Unit,
    number: Number,
    dodge: Annotated[bool, typer.Option("--dodge", help="Dodge: 1 boon on Agility.")] = False,
    withstand: Annotated[
        bool, typer.Option("--withstand", help="Withstand: 1 boon on Strength.")
    ] = False,
) -> Step:
    """Overcome (an action): the roll a harmful effect names, to end it.

    Example: adjudicator combat weird-wizard overcome Goblin 2
    """
    return c.Overcome(unit, number, dodge, withstand)


@step(system=NAME)
def end_effect_command(unit: Unit, number: Number) -> Step:
    """End a Magical Effect (an action): one the combatant created.

    Example: adjudicator combat weird-wizard end-effect Wizard 3
    """
    return c.EndMagic(unit, number)


@step(system=NAME)
def effort_command(
    unit: Unit,
    task: Annotated[str, typer.Argument(help="The task.", show_default=False)],
    turns: Annotated[
        int, typer.Option("--turns", help="How many turns of actions it takes (to begin it).")
    ] = 0,
) -> Step:
    """Extra Effort: spend the action on a task that takes longer (no other action or
    reaction until it is done).

    Example: adjudicator combat weird-wizard effort Wizard ritual --turns 3
    """
    return c.Effort(unit, task, turns)


@step(system=NAME)
def abandon_command(unit: Unit) -> Step:
    """Stop a long task: all its progress is lost.

    Example: adjudicator combat weird-wizard abandon Wizard
    """
    return c.Abandon(unit)


@step(system=NAME)
def obstacle_command(
    name: Annotated[str, typer.Argument(help="The obstacle.", show_default=False)],
    defense: Annotated[int, typer.Option("--defense", help="Its Defense.")] = 5,
    health: Annotated[int, typer.Option("--health", help="Its Health.")] = 10,
) -> Step:
    """Place an obstacle a creature can be completely behind (total cover).

    Example: adjudicator combat weird-wizard obstacle door --defense 5 --health 10
    """
    return c.PlaceObstacle(name, defense, health)


@step(dice=True, system=NAME)
def hide_command(unit: Unit) -> Step:
    """Hide (an action): an Agility roll; hidden until found or revealed.

    Example: adjudicator combat weird-wizard hide Rogue
    """
    return c.Hide(unit)


@step(dice=True, system=NAME)
def find_command(
    unit: Unit,
    roll: Annotated[
        str, typer.Option("--roll", help="intellect or luck, if the Sage asks for a roll.")
    ] = "",
) -> Step:
    """Find (an action): hidden creatures within 5 yards are found.

    Example: adjudicator combat weird-wizard find Goblin --roll luck
    """
    return c.Find(unit, roll)


@step(dice=True, system=NAME)
def steal_command(
    unit: Unit,
    target: Target,
    thing: Thing,
    dodge: Annotated[
        bool, typer.Option("--dodge", help="The target dodges (reaction): 1 bane.")
    ] = False,
) -> Step:
    """Steal (an action): Agility against the target's Agility, 1 boon if hidden.

    Example: adjudicator combat weird-wizard steal Rogue Goblin key
    """
    return c.Steal(unit, target, thing, dodge)


@step(dice=True, system=NAME)
def toss_command(
    unit: Unit,
    target: Target,
    thing: Thing,
    two_hands: Annotated[
        bool, typer.Option("--two-hands", help="Held in two hands: 5 yards.")
    ] = False,
    aerodynamic: Annotated[
        bool, typer.Option("--aerodynamic", help="Made for throwing: twice as far.")
    ] = False,
    weapon: Annotated[bool, typer.Option("--weapon", help="A weapon: 1 bane to catch.")] = False,
    catcher: Annotated[
        str,
        typer.Option("--catcher", help="Who catches it as it moves into its reach (reaction)."),
    ] = "",
) -> Step:
    """Toss (an action) an object to another creature: an Agility roll, then a catch.

    Example: adjudicator combat weird-wizard toss Rogue Fighter rope --catcher Fighter
    """
    return c.Toss(unit, target, thing, two_hands, aerodynamic, weapon, catcher)


@step(system=NAME)
def throw_command(
    unit: Unit,
    thing: Thing,
    to: Annotated[int, typer.Option("--to", help="The spot aimed at, in yards.")],
    two_hands: Annotated[
        bool, typer.Option("--two-hands", help="Held in two hands: 5 yards.")
    ] = False,
    aerodynamic: Annotated[
        bool, typer.Option("--aerodynamic", help="Made for throwing: twice as far.")
    ] = False,
) -> Step:
    """Throw (an action) an object to a spot; it lands within about 2 yards of it (a thrown
    attack is `attack --thrown`).

    Example: adjudicator combat weird-wizard throw Rogue torch --to 8
    """
    return c.Throw(unit, thing, to, two_hands, aerodynamic)


def register(app: typer.Typer) -> None:
    """Add these verbs to the Weird Wizard group."""
    for name, command in (
        ("effect", effect_command),
        ("remove-effect", remove_effect_command),
        ("overcome", overcome_command),
        ("end-effect", end_effect_command),
        ("effort", effort_command),
        ("abandon", abandon_command),
        ("obstacle", obstacle_command),
        ("hide", hide_command),
        ("find", find_command),
        ("steal", steal_command),
        ("toss", toss_command),
        ("throw", throw_command),
    ):
        app.command(name)(command)
