"""`adjudicator combat ...`: fights on the Battle Board, stored step by step in the ledger.

This module holds the group, the Storyteller's set-up and bookkeeping commands (start, add,
place, aware, hazard, initiative, reinforce, dead, end, rest, undo, redo); a unit's turn is
in `combat_turns`, the log, board, odds and status in `combat_views`. Each step command
builds what to play (`combat_play.step`): `ledger.combats` checks it against the rules and
records it, or refuses it with the rule it breaks and records nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from adjudicator.cli import (
    combat_hands,
    combat_systems,
    combat_table,
    combat_turns,
    combat_views,
)
from adjudicator.cli._lazy import LazyGroup
from adjudicator.cli._ledger import console, opened
from adjudicator.cli._options import (
    JsonOption,
    LedgerOption,
    seed_option,
)
from adjudicator.cli._output import print_json
from adjudicator.cli.combat_options import (
    SpaceArgument,
    hold_spec,
    numbers,
    stance_spec,
    weapon_spec,
    zone_spec,
)
from adjudicator.cli.combat_play import step
from adjudicator.combat.board import Hazard, HazardKind, Space
from adjudicator.combat.commands import (
    AddUnit,
    Begin,
    ChooseEntry,
    ClearHazards,
    DeclareDead,
    EndCombat,
    Place,
    PlaceHazard,
    Reinforce,
    Rest,
    SetAwareness,
)
from adjudicator.combat.units import held_weapons, humanoid
from adjudicator.combat.units import npc as quick_npc
from adjudicator.errors import InvalidInput
from adjudicator.rules.characters import Tag, TagSource
from adjudicator.rules.words import parse_words

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step


class _Combat(LazyGroup):
    """`combat`'s own commands, then each other game system's group, imported when used."""

    lazy = combat_systems.VERBS


app = typer.Typer(
    cls=_Combat,
    help="Fights on the Battle Board, stored in the campaign ledger: set up, play, undo, draw.",
    no_args_is_help=True,
)

NameArgument = Annotated[str, typer.Argument(help="The unit's name.", show_default=False)]


@app.command("start")
def start_command(
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            help="The system's variant: rulebook (default) or wop-draft; for murdham, murdham "
            "(default) or fast-slow; spellwoven and weird-wizard have one each.",
            show_default=False,
        ),
    ] = None,
    system: Annotated[
        str,
        typer.Option(
            "--system",
            help="The game system: words-of-power, murdham, spellwoven or weird-wizard.",
        ),
    ] = "words-of-power",
    seed: Annotated[
        int | None, seed_option("The combat's dice seed (default: a fresh random one).")
    ] = None,
    title: Annotated[str | None, typer.Option("--title", help="A name for the fight.")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            help="An optional rule the Gamesmaster includes (spellwoven: encumbrance, "
            "wound-limit, ...; an unknown one is refused with the list). Repeatable.",
            show_default=False,
        ),
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Start a new combat (F1, F2, ...) in the open session.

    Its seed is recorded: every die the fight rolls without --dice can be rolled again from it.
    The optional rules chosen are recorded with it (they are part of its ruleset's name).

    Example: adjudicator combat start --seed 7 --title "Ambush at the ferry"
    """
    from adjudicator.ledger.fights.combats import start_combat  # lazy: heavy import (sqlite-utils)

    chosen = seed if seed is not None else random.SystemRandom().getrandbits(32)
    with opened(ledger) as book:
        info = start_combat(
            book, seed=chosen, rules=ruleset, title=title, system=system, options=option or ()
        )
    if as_json:
        print_json(info.to_dict())
        return
    where = f" in session {info.session}" if info.session else ""
    if info.system != "words-of-power":
        console().print(
            Text(f"{info.id} started: {info.system} ({info.ruleset}), seed {info.seed}{where}.")
        )
        console().print(Text(f"Next: adjudicator combat {info.system} --help", style="dim"))
        return
    console().print(
        Text(f"{info.id} started under the {info.ruleset} ruleset, seed {info.seed}{where}.")
    )
    console().print(Text("Next: adjudicator combat add --character NAME --team TEAM", style="dim"))


@app.command("add")
@step()
def add_command(
    team: Annotated[str, typer.Option("--team", help="The unit's side.", show_default=False)],
    character: Annotated[
        str | None,
        typer.Option("--character", help="A campaign character (brings its player's hand)."),
    ] = None,
    npc: Annotated[str | None, typer.Option("--npc", help="A quick NPC's name.")] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="The character's name in this fight.")
    ] = None,
    hp: Annotated[
        str | None,
        typer.Option("--hp", help="NPC: Head/Offhand/Mainhand/Legs HP (default 4/6/6/6)."),
    ] = None,
    armor: Annotated[
        str | None,
        typer.Option("--armor", help="NPC: Armor on the same four Hitzones (default none)."),
    ] = None,
    zone: Annotated[
        list[str] | None,
        typer.Option("--zone", help="NPC: a further Hitzone, NAME=HP[+ARMOR]. Repeatable."),
    ] = None,
    weapon: Annotated[
        list[str] | None,
        typer.Option(
            "--weapon",
            help='NPC: "Crossbow", "Club=One-Handed" or "Bow=1d6/1d4 ranged max 1d10". The '
            "first is in the Mainhand. Repeatable.",
        ),
    ] = None,
    hold: Annotated[
        list[str] | None,
        typer.Option(
            "--hold",
            help='A weapon drawn at the start: "Sword" (in the Mainhand) or "Offhand=Dagger"; '
            "every other hand is empty. Repeatable (dual wielding).",
        ),
    ] = None,
    stance: Annotated[
        list[str] | None,
        typer.Option(
            "--stance",
            help='wop-draft: a Stance the unit knows, "Crane=[Evade] -1" (its Words and armor '
            "modifier). Repeatable.",
        ),
    ] = None,
    tag: Annotated[
        list[str] | None,
        typer.Option(
            "--tag",
            help="NPC: a permanent Tag (level-up) a boss may sacrifice to resist death or heal "
            "a Maim. Repeatable.",
        ),
    ] = None,
    words: Annotated[
        str | None, typer.Option("--words", help='NPC: Inherent Words, "[Bind]".')
    ] = None,
    hand: Annotated[
        str | None, typer.Option("--hand", help='NPC: Drawn Words held, "[Fly] [Stone]".')
    ] = None,
    fate_weaver: Annotated[
        bool | None,
        typer.Option(
            "--fate-weaver/--not-fate-weaver",
            help="NPC: may cast and counterspell (default: yes if it has Words).",
            show_default=False,
        ),
    ] = None,
    onlooker: Annotated[
        bool,
        typer.Option("--onlooker", help="Not engaged, but watching: may counterspell."),
    ] = False,
) -> Step:
    """Add a combatant: a campaign character, or a quick NPC (name, side, Hitzones, weapons).

    Example: adjudicator combat add --npc Orc --team Temple --hp 4/6/6/6 --weapon Axe=1d6/1d6
    """
    from adjudicator.ledger.fights.combats import add_character  # lazy: heavy import (sqlite-utils)

    if (character is None) == (npc is None):
        raise InvalidInput("add --character NAME or --npc NAME (one of them)")
    holding = tuple(hold_spec(h) for h in hold or [])
    stances = tuple(stance_spec(text) for text in stance or [])
    if character is not None:
        npc_only: list[tuple[str, object]] = [
            ("--hp", hp),
            ("--armor", armor),
            ("--zone", zone),
            ("--weapon", weapon),
            ("--tag", tag),
            ("--words", words),
            ("--hand", hand),
        ]
        stray = [option for option, value in npc_only if value]
        if stray:
            raise InvalidInput(f"{stray[0]} is for quick NPCs: a character brings its own sheet")
        return lambda book, combat: add_character(
            book,
            character,
            team,
            combat_id=combat,
            name=name,
            hold=holding,
            stances=stances,
            onlooker=onlooker,
        )
    assert npc is not None
    inherent = parse_words(words) if words else ()
    drawn = parse_words(hand) if hand else ()
    zones = humanoid(numbers(hp or "4/6/6/6", "--hp", 4), numbers(armor or "0/0/0/0", "--armor", 4))
    zones += tuple(zone_spec(z) for z in zone or [])
    weapons = tuple(weapon_spec(w) for w in weapon or [])
    unit = quick_npc(
        npc,
        team,
        zones,
        weapons,
        held=held_weapons(zones, weapons, holding),
        fate_weaver=bool(inherent or drawn) if fate_weaver is None else fate_weaver,
        words=inherent,
        hand=drawn,
        tags=tuple(Tag(t, TagSource.LEVEL_UP) for t in tag or []),
        stances=stances,
    )
    return AddUnit(unit, onlooker)


@app.command("place")
@step()
def place_command(
    unit: NameArgument,
    space: SpaceArgument,
    entry: Annotated[
        bool, typer.Option("--entry", help="The attacking party's entry point on the outer ring.")
    ] = False,
) -> Step:
    """Put a unit on a space before the fight ("the Storyteller will decide where").

    Example: adjudicator combat place Orc D1
    """

    where = Space.parse(space)
    return ChooseEntry(unit, where) if entry else Place(unit, where)


@app.command("aware")
@step()
def aware_command(
    observer: Annotated[str, typer.Argument(help="Who does or does not see.", show_default=False)],
    target: Annotated[str, typer.Argument(help="Whom.", show_default=False)],
    unaware: Annotated[
        bool, typer.Option("--unaware", help="The observer has not noticed the target.")
    ] = False,
) -> Step:
    """Record who is aware of whom before the fight ("you must determine who is aware of whom").

    Example: adjudicator combat aware Orc Pink --unaware
    """

    return SetAwareness(observer, target, not unaware)


@app.command("hazard")
@step()
def hazard_command(
    space: SpaceArgument,
    kind: Annotated[
        str | None,
        typer.Argument(help="slow, block or damage (none with --clear).", show_default=False),
    ] = None,
    amount: Annotated[int, typer.Option("--amount", help="Damage a damage hazard deals.")] = 1,
    clear: Annotated[bool, typer.Option("--clear", help="Clear the space's hazards.")] = False,
) -> Step:
    """Place a hazard that slows, blocks or damages, or clear a space of them.

    Example: adjudicator combat hazard C2 block
    """

    where = Space.parse(space)
    if clear:
        return ClearHazards(where)
    try:
        hazard_kind = HazardKind((kind or "").strip().lower())
    except ValueError:
        raise InvalidInput(f"no hazard {kind!r}", hint="slow, block or damage") from None
    hazard = Hazard(hazard_kind, amount if hazard_kind is HazardKind.DAMAGE else 0)
    return PlaceHazard(where, hazard)


@app.command("initiative")
@step(dice=True)
def initiative_command(
    aggressor: Annotated[
        str | None,
        typer.Option("--aggressor", help="A clear aggressor's team: it goes first, no roll."),
    ] = None,
    first: Annotated[
        str | None, typer.Option("--first", help="Who of the first team acts first.")
    ] = None,
) -> Step:
    """Begin the fight: a surprise round for the aware, then each team's 1d6 (or the aggressor).

    Example: adjudicator combat initiative --aggressor Party --first Pink
    """

    return Begin(aggressor, first)


@app.command("reinforce")
@step()
def reinforce_command(
    unit: NameArgument,
    space: SpaceArgument,
    turns: Annotated[int, typer.Option("--turns", help="Rounds hovering before entering.")] = 1,
) -> Step:
    """Send an added unit to hover outside an outer-ring space; a marker shows when it enters.

    Example: adjudicator combat reinforce Guard D5 --turns 1
    """

    return Reinforce(unit, Space.parse(space), turns)


@app.command("dead")
@step()
def dead_command(
    unit: NameArgument,
    killer: Annotated[
        str | None, typer.Option("--killer", help="Who drew the killing blow (default: last hit).")
    ] = None,
) -> Step:
    """Declare a Maimed or downed unit dead; a character who killed it draws a Word at once.

    Example: adjudicator combat dead Red --killer Pink
    """

    return DeclareDead(unit, killer)


@app.command("end")
@step()
def end_command(
    reason: Annotated[
        str, typer.Option("--reason", help="Why the board is no longer needed.")
    ] = "the board is no longer needed",
) -> Step:
    """End the fight; each character's Hitzones are written back to its sheet in the ledger.

    Example: adjudicator combat end --reason "the guards surrender"
    """

    return EndCombat(reason)


@app.command("rest")
@step()
def rest_command(
    unit: NameArgument,
) -> Step:
    """Rest after the fight: Armor repaired, non-Maimed HP healed (and written to the sheet).

    Example: adjudicator combat rest Pink
    """

    return Rest(unit)


@app.command("undo")
@step()
def undo_command() -> Step:
    """Take back the last step, as a new record: nothing in the ledger is deleted.

    Example: adjudicator combat undo
    """
    from adjudicator.ledger.fights.routes import undo_any  # lazy: heavy import (sqlite-utils)

    return undo_any


@app.command("redo")
@step()
def redo_command() -> Step:
    """Play the last undone step again, with the same dice.

    Example: adjudicator combat redo
    """
    from adjudicator.ledger.fights.routes import redo_any  # lazy: heavy import (sqlite-utils)

    return redo_any


combat_turns.register(app)
combat_hands.register(app)
combat_table.register(app)
combat_views.register(app)
