"""`adjudicator combat weird-wizard ...`: a Shadow of the Weird Wizard fight's own verbs
(`seeds/004`). Combatants on a line of yards, the Sage's side first, one action and a move a
turn, reactions declared with what triggers them; `combat start --system weird-wizard`,
`combat log`, `combat undo`, `combat redo` and `combat board` are shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from adjudicator.cli._ledger import console
from adjudicator.cli._options import CombatOption, JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.cli.combat_play import step
from adjudicator.cli.combat_system_views import SystemViews, fraction_json
from adjudicator.combat.systems.views import WEIRD_WIZARD_VIEW
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.attacks import check_reach, circumstances
from adjudicator.combat.systems.weird_wizard.engine import NAME
from adjudicator.combat.systems.weird_wizard.rolls import damage_chance, net, success_chance
from adjudicator.combat.systems.weird_wizard.state import Combatant, Side
from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

app = typer.Typer(
    help="Shadow of the Weird Wizard fights (seeds/004): the Sage's side first, one reaction "
    "a round, boons and banes.",
    no_args_is_help=True,
)

Unit = Annotated[str, typer.Argument(help="The combatant's name.", show_default=False)]
Target = Annotated[str, typer.Argument(help="The target's name.", show_default=False)]

#: How a fight of this system is read and shown (`status`, `combat board`).
VIEWS = SystemViews(WEIRD_WIZARD_VIEW)


def _dice(text: str) -> int:
    """ "2d6" (or "2") -> 2 dice of d6."""
    cleaned = text.strip().casefold().removesuffix("d6")
    if not cleaned.isdigit():
        raise InvalidInput(f"--weapon {text!r} is not a number of d6", hint="1d6, 2d6, 3d6")
    return int(cleaned)


@app.command("add")
@step(system=NAME)
def add_command(
    name: Unit,
    side: Annotated[str, typer.Option("--side", help="sage or players.", show_default=False)],
    strength: Annotated[int, typer.Option("--str", help="Strength.")] = 10,
    agility: Annotated[int, typer.Option("--agi", help="Agility.")] = 10,
    intellect: Annotated[int, typer.Option("--int", help="Intellect.")] = 10,
    will: Annotated[int, typer.Option("--will", help="Will.")] = 10,
    defense: Annotated[int, typer.Option("--defense", help="Defense.")] = 10,
    health: Annotated[int, typer.Option("--health", help="Health.")] = 10,
    at: Annotated[int, typer.Option("--at", help="Where it stands, in yards.")] = 0,
    speed: Annotated[int, typer.Option("--speed", help="Speed in yards.")] = 10,
    weapon: Annotated[str, typer.Option("--weapon", help="Damage dice: 1d6, 2d6...")] = "1d6",
    reach: Annotated[int, typer.Option("--range", help="A ranged weapon's range (0: melee).")] = 0,
    bonus: Annotated[int, typer.Option("--bonus", help="Bonus Damage dice (+Nd6).")] = 0,
) -> Step:
    """Add a combatant on the Sage's side or the players'.

    Example: adjudicator combat weird-wizard add Fighter --side players --weapon 2d6 --bonus 2
    """
    try:
        chosen = Side(side.strip().casefold())
    except ValueError:
        raise InvalidInput(f"--side {side!r}", hint="sage or players") from None
    unit = Combatant(
        name, chosen, strength, agility, intellect, will, defense, health, at, speed,
        _dice(weapon), reach, bonus,
    )  # fmt: skip
    return c.AddCombatant(unit)


@app.command("begin")
@step(system=NAME)
def begin_command(
    ambushed: Annotated[
        list[str] | None,
        typer.Option("--ambushed", help="A combatant taken by surprise. Repeatable."),
    ] = None,
) -> Step:
    """Begin round 1 (the ambushed take no actions on their first turns).

    Example: adjudicator combat weird-wizard begin --ambushed Goblin
    """
    return c.Begin(tuple(ambushed or ()))


@app.command("initiative")
@step(system=NAME)
def initiative_command(unit: Unit) -> Step:
    """Take the initiative (a reaction, as a round starts): act before the Sage's side.

    Example: adjudicator combat weird-wizard initiative Fighter
    """
    return c.TakeInitiative(unit)


@app.command("turn")
@step(system=NAME)
def turn_command(unit: Unit) -> Step:
    """Take a turn: the Sage's side first, then the players in any order.

    Example: adjudicator combat weird-wizard turn Goblin
    """
    return c.StartTurn(unit)


@app.command("move")
@step(dice=True, system=NAME)
def move_command(
    unit: Unit,
    to: Annotated[int, typer.Argument(help="Where to, in yards.", show_default=False)],
    free_attack: Annotated[
        list[str] | None,
        typer.Option("--free-attack", help="An enemy whose reach it leaves attacks. Repeatable."),
    ] = None,
) -> Step:
    """Move up to the Speed (Run triples it).

    Example: adjudicator combat weird-wizard move Fighter 5
    """
    return c.Move(unit, to, tuple(free_attack or ()))


@app.command("act")
@step(system=NAME)
def act_command(
    unit: Unit,
    action: Annotated[
        str,
        typer.Argument(
            help="run, cast, end-effect, find, hide, overcome, steal, throw, toss, talent, "
            "item or something-else.",
            show_default=False,
        ),
    ],
    note: Annotated[str, typer.Option("--note", help="What exactly, for the log.")] = "",
) -> Step:
    """Use the turn's action on something other than attack, defend, help or hinder.

    Example: adjudicator combat weird-wizard act Fighter run
    """
    return c.Act(unit, action, note)


@app.command("help")
@step(system=NAME)
def help_command(
    unit: Unit,
    target: Target,
    hinder: Annotated[bool, typer.Option("--hinder", help="1 bane instead of 1 boon.")] = False,
) -> Step:
    """Help (1 boon) or hinder (1 bane) a creature within 5 yards on its next attribute roll.

    Example: adjudicator combat weird-wizard help Rogue Fighter
    """
    return c.Help(unit, target, hinder)


@app.command("defend")
@step(system=NAME)
def defend_command(unit: Unit) -> Step:
    """Defend: until the end of the next turn, a luck roll may turn the first hit into a miss.

    Example: adjudicator combat weird-wizard defend Fighter
    """
    return c.Defend(unit)


@app.command("stabilize")
@step(dice=True, system=NAME)
def stabilize_command(unit: Unit, target: Target) -> Step:
    """Tend an incapacitated creature in reach: it heals 1d6 damage.

    Example: adjudicator combat weird-wizard stabilize Rogue Fighter
    """
    return c.Stabilize(unit, target)


@app.command("attack")
@step(dice=True, system=NAME)
def attack_command(
    attacker: Unit,
    target: Target,
    bonus: Annotated[int, typer.Option("--bonus", help="Bonus Damage dice to roll.")] = 0,
    dodge: Annotated[
        bool, typer.Option("--dodge", help="The target dodges (a reaction): 1 bane.")
    ] = False,
    covered_by: Annotated[
        str, typer.Option("--covered-by", help="An ally in reach takes the attack (a reaction).")
    ] = "",
    called_shot: Annotated[bool, typer.Option("--called-shot", help="2 banes.")] = False,
    high_ground: Annotated[bool, typer.Option("--high-ground", help="1 boon.")] = False,
    submerged: Annotated[bool, typer.Option("--submerged", help="1 bane.")] = False,
    obscured: Annotated[bool, typer.Option("--obscured", help="Obscurement: 1 bane.")] = False,
    invisible: Annotated[bool, typer.Option("--invisible", help="3 banes.")] = False,
    cover: Annotated[bool, typer.Option("--cover", help="Partial cover: 1 bane.")] = False,
    improvised: Annotated[
        bool, typer.Option("--improvised", help="Improvised or unarmed: 1 bane, 1d6.")
    ] = False,
) -> Step:
    """Attack (the action): Strength (melee) or Agility (ranged) against Defense.

    Example: adjudicator combat weird-wizard attack Fighter Goblin --bonus 2
    """
    return c.Attack(
        attacker, target, called_shot, high_ground, submerged, obscured, invisible, cover,
        improvised, bonus, dodge, covered_by,
    )  # fmt: skip


@app.command("end-turn")
@step(system=NAME)
def end_turn_command(unit: Unit) -> Step:
    """End the combatant's turn; the last one ends the round.

    Example: adjudicator combat weird-wizard end-turn Goblin
    """
    return c.EndTurn(unit)


@app.command("end")
@step(system=NAME)
def end_command(
    reason: Annotated[str, typer.Option("--reason", help="Why.")] = "the Sage ends the fight",
) -> Step:
    """End the fight.

    Example: adjudicator combat weird-wizard end --reason "the goblins flee"
    """
    return c.EndFight(reason)


@app.command("odds")
def odds_command(
    attacker: Unit,
    target: Target,
    combat: CombatOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Exact odds of an attack from where they stand: to hit Defense with the boons and banes
    the circumstances give, and to bring the target's damage to its Health.

    Example: adjudicator combat weird-wizard odds Fighter Goblin
    """
    state = VIEWS.current(ledger, combat)
    a, t = state.unit(attacker), state.unit(target)
    check_reach(state, a, t)
    mods = circumstances(state, a, t, c.Attack(a.name, t.name))
    score = a.agility if a.range else a.strength
    hit = success_chance(score - 10, net(mods), t.defense)
    drops = hit * damage_chance(a.dice, t.health - t.damage)
    if as_json:
        print_json(
            {
                "hit": fraction_json(hit),
                "drops": fraction_json(drops),
                "modifiers": [m.to_dict() for m in mods],
            }
        )
        return
    for m in mods:
        console().print(Text(m.describe()))
    console().print(Text(f"hits: {hit} ({float(hit):.1%})"))
    console().print(Text(f"incapacitates: {drops} ({float(drops):.1%})"))


VIEWS.add_status(app, "The fight now: combatants, the round, whose side acts.")
