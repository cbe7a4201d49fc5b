"""`adjudicator combat ...` for a unit's turn: move, attack, defend, grab, cast, counterspell,
enhance, flee, end the turn. Each builds what `combat_play` plays and records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.combat_options import SpaceArgument, TargetArgument, UnitArgument
from adjudicator.cli.combat_play import step
from adjudicator.combat.board import Space
from adjudicator.combat.commands import (
    Attack,
    AttackStyle,
    BreakFree,
    Counter,
    Defend,
    EndTurn,
    Flee,
    Grab,
    Move,
    Resolve,
)
from adjudicator.combat.stack import Delivery, Part, Replacement, SpellRuling
from adjudicator.errors import InvalidInput
from adjudicator.rules.wording import plural
from adjudicator.rules.words import parse_words

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

AimOption = Annotated[
    str | None,
    typer.Option("--aim", help="The Hitzone picked on a critical or an automatic hit."),
]


def register(app: typer.Typer) -> None:
    for name, command in (
        ("move", move_command),
        ("attack", attack_command),
        ("defend", defend_command),
        ("grab", grab_command),
        ("break-free", break_free_command),
        ("cast", cast_command),
        ("counter", counter_command),
        ("resolve", resolve_command),
        ("enhance", enhance_command),
        ("flee", flee_command),
        ("end-turn", end_turn_command),
    ):
        app.command(name)(command)


@step(dice=True)
def move_command(
    unit: UnitArgument,
    space: SpaceArgument,
    stance: Annotated[
        str | None,
        typer.Option("--stance", help="wop-draft: change Stance as part of the move (or neutral)."),
    ] = None,
) -> Step:
    """Walk to a space by the cheapest path: a same-ring step is one action, a ring change two.

    Example: adjudicator combat move Knight C3
    """

    return Move(unit, Space.parse(space), stance)


@step(dice=True)
def attack_command(
    attacker: UnitArgument,
    target: TargetArgument,
    weapon: Annotated[
        list[str] | None,
        typer.Option("--weapon", help="The weapon (Unarmed for a fist); twice with --dual."),
    ] = None,
    dual: Annotated[
        bool, typer.Option("--dual", help="Dual wield: a full round, one roll per weapon.")
    ] = False,
    flank: Annotated[
        bool, typer.Option("--flank", help="Flank with an ally: a full round, two hit dice.")
    ] = False,
    aim: AimOption = None,
    keep: Annotated[
        int | None, typer.Option("--keep", help="Which attack roll to keep (1 or 2).")
    ] = None,
    thrown: Annotated[bool, typer.Option("--thrown", help="Throw the held weapon.")] = False,
) -> Step:
    """Attack: the hit die picks the Hitzone, then damage goes to its Armor, then its HP.

    Words declared with `enhance` are applied. Dice in order: the hit die(s), then damage.

    Example: adjudicator combat attack Pink Red --dice "3 2"
    """

    if dual and flank:
        raise InvalidInput("an attack is --dual or --flank, not both")
    style = AttackStyle.DUAL if dual else AttackStyle.FLANK if flank else AttackStyle.SINGLE
    chosen = None if keep is None else keep - 1
    return Attack(attacker, target, tuple(weapon or ()), style, aim=aim, keep=chosen, thrown=thrown)


@step()
def defend_command(
    unit: UnitArgument,
    zone: Annotated[str, typer.Argument(help="The Hitzone defending.", show_default=False)],
) -> Step:
    """Declare the Hitzone defending until the unit's next turn (2d6 with an enhancing [Block]).

    Example: adjudicator combat defend Knight Offhand
    """

    return Defend(unit, zone)


@step(dice=True)
def grab_command(
    unit: UnitArgument,
    target: TargetArgument,
    hand: Annotated[str | None, typer.Option("--hand", help="The empty hand grabbing.")] = None,
    aim: AimOption = None,
) -> Step:
    """Grab with an empty hand on the same ring: an attack roll, then opposed 1d6 to bind.

    Example: adjudicator combat grab Knight Monk --dice "2 5 3"
    """

    return Grab(unit, target, hand, aim)


@step(dice=True)
def break_free_command(
    unit: UnitArgument,
    zone: Annotated[str | None, typer.Option("--zone", help="The bound Hitzone.")] = None,
) -> Step:
    """Try to break a bind: an opposed 1d6; success costs no action, failing costs one.

    Example: adjudicator combat break-free Monk --dice "5 2"
    """

    return BreakFree(unit, zone)


@step()
def cast_command(
    caster: UnitArgument,
    ruling: Annotated[
        str, typer.Option("--ruling", help="The approved ruling that is the spell (R3).")
    ],
    target: Annotated[
        str | None, typer.Option("--target", help="Whom the spell is cast on.")
    ] = None,
    delivery: Annotated[
        str,
        typer.Option(
            "--delivery",
            help="touch (unmodified: a 1d6 unarmed touch attack), ranged ([Blast] and the "
            "like), or none (no attack roll).",
        ),
    ] = "touch",
) -> Step:
    """Cast the spell an approved ruling allows (its Words, intent and implementation).

    Casting takes an action; the spell waits on the stack for counterspells, then `resolve`
    rolls the touch attack. A vetoed or overruled ruling is refused.

    Example: adjudicator combat cast Sage --ruling R1 --target Orc
    """
    from adjudicator.ledger.fights.combats import cast_ruling  # lazy: heavy import (sqlite-utils)

    try:
        how = Delivery(delivery.strip().lower())
    except ValueError:
        raise InvalidInput(f"no delivery {delivery!r}", hint="touch, ranged or none") from None
    return lambda book, combat: cast_ruling(
        book, caster, ruling, target=target, delivery=how, combat_id=combat
    )


@step()
def counter_command(
    unit: UnitArgument,
    words: Annotated[str, typer.Argument(help='The counter Words: "[Fly]".', show_default=False)],
    over: Annotated[
        list[int] | None,
        typer.Option("--over", help="The number of the Word each replaces (default 1, 2, ...)."),
    ] = None,
    item: Annotated[
        str | None,
        typer.Option("--item", help="Counter with this magic item (it loses a point)."),
    ] = None,
) -> Step:
    """Counterspell the spell on the stack: each Word replaces one of the Words below it.

    Drawn Words are spent (a magic item loses a point instead); only the last Word on the
    stack has effect.

    Example: adjudicator combat counter Monk "[Fly]" --over 1
    """

    counters = parse_words(words)
    slots = list(over) if over else list(range(1, len(counters) + 1))
    if len(slots) != len(counters):
        raise InvalidInput(
            f"{plural(len(counters), 'Word')} but {plural(len(slots), '--over number')}"
        )
    replacements = tuple(
        Replacement(slot - 1, word, item) for slot, word in zip(slots, counters, strict=True)
    )
    return Counter(unit, replacements)


@step(dice=True)
def resolve_command(
    effect: Annotated[
        str | None,
        typer.Option("--effect", help="The Storyteller's ruling on what a countered spell does."),
    ] = None,
    damage: Annotated[
        str | None, typer.Option("--damage", help="Its damage: a number or dice (1d6).")
    ] = None,
    duration: Annotated[str | None, typer.Option("--duration", help="How long it lasts.")] = None,
    dispelled: Annotated[
        bool, typer.Option("--dispelled", help="The result makes no sense: dispelled.")
    ] = False,
    aim: AimOption = None,
) -> Step:
    """Play out the spell on the stack: the touch attack, then the Words with effect.

    Every Word in the stack is lost. A countered spell does what --effect says.

    Example: adjudicator combat resolve --effect "the orc is bound in place" --dice 2
    """

    ruling = None
    if effect is not None or damage is not None or duration is not None:
        ruling = SpellRuling(text=effect or "", damage=damage, duration=duration)
    return Resolve(dispelled, ruling, aim)


@step()
def enhance_command(
    unit: UnitArgument,
    word: Annotated[
        str, typer.Argument(help="A combat Word: [Block] [Strike] [Power]...", show_default=False)
    ],
    part: Annotated[
        str | None,
        typer.Option("--part", help="hit, damage or defence (the Word's usual part if omitted)."),
    ] = None,
) -> Step:
    """Enhance the unit's next attack or defence this turn with a combat Word.

    It costs one more action and adds a die ([Block]: 2d6 keep the higher); a Drawn Word is
    spent when the action is taken.

    Example: adjudicator combat enhance Pink Power
    """
    from adjudicator.ledger.fights.combats import enhance  # lazy: heavy import (sqlite-utils)

    found = parse_words(word)
    if len(found) != 1:
        raise InvalidInput("enhance takes one Word at a time")
    try:
        chosen = None if part is None else Part(part.strip().lower())
    except ValueError:
        raise InvalidInput(f"no part {part!r}", hint="hit, damage or defence") from None
    return lambda book, combat: enhance(book, unit, found[0], chosen, combat_id=combat)


@step()
def flee_command(unit: UnitArgument) -> Step:
    """Flee: wait a full turn on the outer ring at the exit, then leave at the next turn.

    Example: adjudicator combat flee Orc
    """

    return Flee(unit)


@step(dice=True)
def end_turn_command(
    next_unit: Annotated[
        str | None,
        typer.Option("--next", help="Who of the team acts next (in round one)."),
    ] = None,
) -> Step:
    """End the current turn; the next unit of the team acts, then the other team.

    Example: adjudicator combat end-turn --next Knight
    """

    return EndTurn(next_unit)
