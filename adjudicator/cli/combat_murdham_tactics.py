"""`adjudicator combat murdham ...`: the verbs of the chapter's later sections (`seeds/002`):
dropping something, hiding again and being revealed, attack stunts and their answer, chases
and their odds. `combat_murdham` registers them on its app (`register_tactics`).
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
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.engine import NAME
from adjudicator.combat.systems.murdham.odds import chase_odds_of
from adjudicator.combat.systems.murdham.state import MurdhamState
from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

Unit = Annotated[str, typer.Argument(help="The character's name.", show_default=False)]


@step(system=NAME)
def drop_command(
    unit: Unit,
    item: Annotated[str, typer.Argument(help="What is dropped.", show_default=False)],
    fragile: Annotated[
        bool, typer.Option("--fragile", help="It is fragile: it might be damaged (GM's call).")
    ] = False,
    weapon: Annotated[
        bool, typer.Option("--weapon", help="It is the weapon in hand: unarmed after.")
    ] = False,
) -> Step:
    """Drop something: free, no action spent ("the item might be damaged if fragile").

    Example: adjudicator combat murdham drop Sybilla "the lantern" --fragile
    """
    return c.Drop(unit, item, fragile, weapon)


@step(system=NAME)
def conceal_command(
    unit: Unit,
    out_of_sight: Annotated[
        bool, typer.Option("--out-of-sight", help="They have been out of sight for a while.")
    ] = False,
    distraction: Annotated[
        bool, typer.Option("--distraction", help="A major distraction lets them hide.")
    ] = False,
    note: Annotated[str, typer.Option("--note", help="What exactly, for the log.")] = "",
) -> Step:
    """The GM rules a character hidden again: concealed, as an ambusher is ("Hiding later
    during the fight requires being out of sight for a while or a major distraction").

    Example: adjudicator combat murdham conceal Sybilla --out-of-sight --note "behind the mill"
    """
    if out_of_sight == distraction:
        raise InvalidInput("--out-of-sight or --distraction: one of them")
    return c.Conceal(unit, "out-of-sight" if out_of_sight else "distraction", note)


@step(system=NAME)
def reveal_command(
    unit: Unit,
    why: Annotated[
        str, typer.Option("--why", help="What gives them away, for the log.", show_default=False)
    ],
) -> Step:
    """The GM reveals a concealed character ("when they make noise or become visible to the
    enemy"); attacking, invoking, talking and moving without sneaking reveal by themselves.

    Example: adjudicator combat murdham reveal Sybilla --why "walks right in front of them"
    """
    return c.Reveal(unit, why)


@step(system=NAME)
def accept_stunt_command(unit: Unit) -> Step:
    """The target (the GM for an NPC) accepts the stunt proposed: its effect, no damage, no
    reaction.

    Example: adjudicator combat murdham accept-stunt "Bandit 1"
    """
    return c.AcceptStunt(unit)


@step(dice=True, system=NAME)
def refuse_stunt_command(unit: Unit) -> Step:
    """The target refuses the stunt proposed: the attack resolves as normal (react, or
    take-hit).

    Example: adjudicator combat murdham refuse-stunt "Bandit 1"
    """
    return c.RefuseStunt(unit)


Fleeing = Annotated[list[str], typer.Argument(help="The fleeing characters.", show_default=False)]
Faster = Annotated[
    bool,
    typer.Option("--faster", help="The fleeing move faster or keep the speed for longer: no save."),
]
Slower = Annotated[
    bool, typer.Option("--slower", help="The pursuers move faster or keep the speed for longer.")
]


def _pace(faster: bool, slower: bool) -> str:
    if faster and slower:
        raise InvalidInput("--faster or --slower, not both")
    return "faster" if faster else "slower" if slower else "even"


@step(dice=True, system=NAME)
def chase_command(
    fleeing: Fleeing,
    pursuer: Annotated[
        list[str] | None,
        typer.Option("--pursuer", help="A character giving chase. Repeatable.", show_default=False),
    ] = None,
    faster: Faster = False,
    slower: Slower = False,
    zone: Annotated[
        str, typer.Option("--zone", help="Where the pursuers reach them (default: the first's).")
    ] = "",
) -> Step:
    """Resolve a chase over a long distance: a group AGI save, those who pass escape (out of
    the fight), those who fail are reached by the pursuers. No save if the fleeing are faster
    (--faster: all escape); no escape if the pursuers are (--slower).

    Example: adjudicator combat murdham chase "Bandit 2" --pursuer Theobald
    """
    return c.Chase(tuple(fleeing), tuple(pursuer or ()), _pace(faster, slower), zone)


def register_tactics(app: typer.Typer, views: SystemViews[MurdhamState]) -> None:
    """Add these verbs to `combat murdham`'s app; `views` reads its fights (`chase-odds`)."""
    app.command("drop")(drop_command)
    app.command("conceal")(conceal_command)
    app.command("reveal")(reveal_command)
    app.command("accept-stunt")(accept_stunt_command)
    app.command("refuse-stunt")(refuse_stunt_command)
    app.command("chase")(chase_command)

    @app.command("chase-odds")
    def chase_odds_command(
        fleeing: Fleeing,
        faster: Faster = False,
        slower: Slower = False,
        combat: CombatOption = None,
        ledger: LedgerOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Exact odds of a chase: each fleeing character's AGI save, how many escape.

        Example: adjudicator combat murdham chase-odds "Bandit 1" "Bandit 2"
        """
        odds = chase_odds_of(views.current(ledger, combat), tuple(fleeing), _pace(faster, slower))
        if as_json:
            print_json(
                {
                    "pace": odds.pace,
                    "escapes": {name: fraction_json(p) for name, p in odds.each},
                    "escaped": {str(n): fraction_json(p) for n, p in odds.escaped},
                    "all_escape": fraction_json(odds.all_escape),
                    "none_escape": fraction_json(odds.none_escape),
                }
            )
            return
        for line in odds.lines():
            console().print(Text(line))
