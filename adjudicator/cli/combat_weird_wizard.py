"""`adjudicator combat weird-wizard ...`: a Shadow of the Weird Wizard fight's own verbs
(`seeds/004`). Combatants on a line of yards, the Sage's side first, one action and a move a
turn, reactions declared with what triggers them; `combat start --system weird-wizard`,
`combat log`, `combat undo`, `combat redo` and `combat board` are shared.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.text import Text

from adjudicator.cli import combat_weird_wizard_effects
from adjudicator.cli._ledger import console
from adjudicator.cli._options import CombatOption, JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.cli.combat_play import step
from adjudicator.cli.combat_system_views import SystemViews, fraction_json
from adjudicator.combat.systems.views import WEIRD_WIZARD_VIEW
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.commands import AttackOption, UnarmedWay, Wrestling
from adjudicator.combat.systems.weird_wizard.engine import NAME
from adjudicator.combat.systems.weird_wizard.odds import attack_odds
from adjudicator.combat.systems.weird_wizard.state import Combatant, Grip, Side
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

Chosen = TypeVar("Chosen", bound=enum.Enum)

#: How a fight of this system is read and shown (`status`, `combat board`).
VIEWS = SystemViews(WEIRD_WIZARD_VIEW)


def _dice(text: str, flag: str = "--weapon") -> int:
    """ "2d6" (or "2") -> 2 dice of d6."""
    cleaned = text.strip().casefold().removesuffix("d6")
    if not cleaned.isdigit():
        raise InvalidInput(f"{flag} {text!r} is not a number of d6", hint="1d6, 2d6, 3d6")
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
    size: Annotated[str, typer.Option("--size", help="Size: 1/2, 1, 2...")] = "1",
    grip: Annotated[
        str,
        typer.Option(
            "--grip",
            help="The weapon's grip: one-handed, two-handed, off-hand or "
            "natural (no weapon in its hands).",
        ),
    ] = "one-handed",
    shield: Annotated[bool, typer.Option("--shield", help="A shield equipped.")] = False,
    off_hand: Annotated[
        str,
        typer.Option("--off-hand", help="A second weapon in the off hand: its damage dice."),
    ] = "0",
    thrown: Annotated[
        int,
        typer.Option("--thrown", help="The weapon's Thrown trait: the range it is thrown to."),
    ] = 0,
) -> Step:
    """Add a combatant on the Sage's side or the players'.

    Example: adjudicator combat weird-wizard add Fighter --side players --weapon 2d6 --bonus 2
    """
    try:
        chosen = Side(side.strip().casefold())
    except ValueError:
        raise InvalidInput(f"--side {side!r}", hint="sage or players") from None
    try:
        held = Grip(grip.strip().casefold())
    except ValueError:
        raise InvalidInput(f"--grip {grip!r}", hint=", ".join(g.value for g in Grip)) from None
    unit = Combatant(
        name, chosen, strength, agility, intellect, will, defense, health, at, speed,
        _dice(weapon), reach, bonus, size=size, grip=held, shield=shield,
        off_hand=_dice(off_hand, "--off-hand"), thrown=thrown,
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
    reaction: Annotated[
        bool,
        typer.Option(
            "--reaction",
            help="A spell, talent or item used with a reaction instead (cast, talent, item).",
        ),
    ] = False,
) -> Step:
    """Use the turn's action on something other than attack, defend, help or hinder (or a
    reaction on a spell, talent or item that says so).

    Example: adjudicator combat weird-wizard act Fighter run
    """
    return c.Act(unit, action, note, reaction)


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


#: The declaration an attack and its odds share: circumstances and the way of attacking.
Bonus = Annotated[
    int, typer.Option("--bonus", help="Bonus Damage dice to roll if it hits (else held).")
]
Attacks = Annotated[
    int,
    typer.Option(
        "--attacks",
        help="Multiple attacks: 2d6 Bonus Damage each beyond the first; the next attack "
        "commands are the additional ones, each on a different target.",
    ),
]
CalledShot = Annotated[bool, typer.Option("--called-shot", help="2 banes.")]
HighGround = Annotated[bool, typer.Option("--high-ground", help="1 boon.")]
Submerged = Annotated[bool, typer.Option("--submerged", help="1 bane.")]
Obscured = Annotated[bool, typer.Option("--obscured", help="Obscurement: 1 bane.")]
Invisible = Annotated[bool, typer.Option("--invisible", help="3 banes.")]
Cover = Annotated[bool, typer.Option("--cover", help="Partial cover: 1 bane.")]
Improvised = Annotated[
    bool, typer.Option("--improvised", help="Improvised or unarmed: 1 bane, 1d6.")
]
Disarm = Annotated[
    bool,
    typer.Option(
        "--disarm",
        help="Disarm rather than damage: 1 bane (melee), 2 (improvised), 3 (ranged); the "
        "target makes an Agility roll or drops its weapon.",
    ),
]

Option = Annotated[
    str,
    typer.Option(
        "--option",
        help="An attack option: disrupting, driving, feinting, guarded, lunging or pressing "
        "(on a success the weapon deals no damage; Bonus Damage still does).",
    ),
]


Impair = Annotated[
    str,
    typer.Option(
        "--impair",
        help="A called shot (2 banes) at an attribute: on a success the target is Impaired in "
        "it until the end of the next turn.",
    ),
]
AtObject = Annotated[
    str,
    typer.Option(
        "--at-object",
        help="A called shot (2 banes) at an object the target wears or carries: it takes the "
        "damage instead.",
    ),
]
Behind = Annotated[
    str,
    typer.Option(
        "--behind",
        help="Total cover: the obstacle the target is completely behind (the attack strikes "
        "it; damage beyond its Health goes on to the target).",
    ),
]
Thrown = Annotated[
    bool,
    typer.Option(
        "--thrown",
        help="Throw the weapon (its Thrown trait's range; it leaves the hand), or with "
        "--improvised an object (10 yards).",
    ),
]
HandOption = Annotated[
    str,
    typer.Option(
        "--hand",
        help="With two weapons: main, off (the off-hand weapon), or both (the main hand's "
        "roll; on a success the off-hand weapon's damage is extra damage).",
    ),
]


def _choice(flag: str, text: str, kind: type[Chosen]) -> Chosen:
    try:
        return kind(text.strip().casefold())
    except ValueError:
        raise InvalidInput(f"{flag} {text!r}", hint=", ".join(k.value for k in kind)) from None


def _option(text: str) -> AttackOption | None:
    if not text.strip():
        return None
    try:
        return AttackOption(text.strip().casefold())
    except ValueError:
        raise InvalidInput(
            f"--option {text!r}", hint=", ".join(o.value for o in AttackOption)
        ) from None


@app.command("attack")
@step(dice=True, system=NAME)
def attack_command(
    attacker: Unit,
    target: Target,
    bonus: Bonus = 0,
    attacks: Attacks = 1,
    dodge: Annotated[
        bool, typer.Option("--dodge", help="The target dodges (a reaction): 1 bane.")
    ] = False,
    covered_by: Annotated[
        str, typer.Option("--covered-by", help="An ally in reach takes the attack (a reaction).")
    ] = "",
    called_shot: CalledShot = False,
    high_ground: HighGround = False,
    submerged: Submerged = False,
    obscured: Obscured = False,
    invisible: Invisible = False,
    cover: Cover = False,
    improvised: Improvised = False,
    disarm: Disarm = False,
    catch: Annotated[
        bool,
        typer.Option("--catch", help="With --disarm: the attacker catches what drops (reaction)."),
    ] = False,
    option: Option = "",
    push: Annotated[
        int, typer.Option("--push", help="A driving attack's push, in yards (up to 5).")
    ] = 5,
    hand: HandOption = "main",
    impair: Impair = "",
    at_object: AtObject = "",
    behind: Behind = "",
    dodge_disarm: Annotated[
        bool,
        typer.Option(
            "--dodge-disarm",
            help="With --disarm: the target dodges its Agility roll to resist (reaction): 1 boon.",
        ),
    ] = False,
    thrown: Thrown = False,
) -> Step:
    """Attack (the action, or an additional attack of it): Strength (melee) or Agility
    (ranged) against Defense.

    Example: adjudicator combat weird-wizard attack Fighter Goblin --bonus 2
    """
    aimed = called_shot or bool(impair.strip() or at_object.strip())
    return c.Attack(
        attacker, target, aimed, high_ground, submerged, obscured, invisible, cover,
        improvised, bonus, dodge, covered_by, attacks, disarm, catch, _option(option), push,
        _choice("--hand", hand, c.Hand), impair.strip().casefold(), at_object.strip(),
        behind.strip(), dodge_disarm, thrown,
    )  # fmt: skip


@app.command("unarmed")
@step(dice=True, system=NAME)
def unarmed_command(
    attacker: Unit,
    way: Annotated[
        str,
        typer.Argument(
            help="strike, shove, trip, grab, drag, wrestle or escape.", show_default=False
        ),
    ],
    target: Target,
    attribute: Annotated[
        str,
        typer.Option(
            "--with", help="strength or agility, where the roller chooses (grab, wrestle, escape)."
        ),
    ] = "",
    against: Annotated[
        str,
        typer.Option(
            "--against",
            help="strength or agility: the target's choice (trip, wrestle), or the escaper's "
            "of the holder's.",
        ),
    ] = "",
    effect: Annotated[
        str,
        typer.Option("--effect", help="A wrestle's: prone, both-prone, damage or pin."),
    ] = "",
    to: Annotated[
        int | None, typer.Option("--to", help="Where a drag goes, in yards.", show_default=False)
    ] = None,
    withstand: Annotated[
        bool,
        typer.Option("--withstand", help="The target withstands a roll on its Strength: 1 bane."),
    ] = False,
    dodge: Annotated[
        bool,
        typer.Option("--dodge", help="The target dodges a roll on its Agility (or a strike)."),
    ] = False,
    grab_back: Annotated[
        bool,
        typer.Option("--grab-back", help="An escape's critical success grabs back (reaction)."),
    ] = False,
) -> Step:
    """An unarmed attack (the action, or an additional attack), or an escape from a grab.

    Example: adjudicator combat weird-wizard unarmed Fighter grab Goblin --with agility
    """
    chosen = _choice("way", way, UnarmedWay)
    wrestling = _choice("--effect", effect, Wrestling) if effect.strip() else None
    return c.Unarmed(
        attacker, chosen, target, attribute, against, wrestling, to,
        withstand, dodge, grab_back,
    )  # fmt: skip


@app.command("release")
@step(system=NAME)
def release_command(unit: Unit, target: Target) -> Step:
    """Let a grabbed creature go (freely, at any time).

    Example: adjudicator combat weird-wizard release Fighter Goblin
    """
    return c.Release(unit, target)


@app.command("stand")
@step(system=NAME)
def stand_command(unit: Unit) -> Step:
    """Stand up from prone: half the Speed.

    Example: adjudicator combat weird-wizard stand Goblin
    """
    return c.Stand(unit)


@app.command("rearm")
@step(system=NAME)
def rearm_command(unit: Unit) -> Step:
    """Use an Item: a disarmed combatant takes up its weapon again.

    Example: adjudicator combat weird-wizard rearm Goblin
    """
    return c.Rearm(unit)


@app.command("end-turn")
@step(dice=True, system=NAME)
def end_turn_command(
    unit: Unit,
    order: Annotated[
        list[int] | None,
        typer.Option(
            "--order",
            help="An effect (by number) in the order the effects ending or occurring now "
            "resolve: harmful ones first. Repeatable.",
        ),
    ] = None,
) -> Step:
    """End the combatant's turn (its effects resolve, harmful ones first); the last one ends
    the round (the Sage's side's effects, then the players').

    Example: adjudicator combat weird-wizard end-turn Goblin --order 3 --order 1
    """
    return c.EndTurn(unit, tuple(order or ()))


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
    bonus: Bonus = 0,
    called_shot: CalledShot = False,
    high_ground: HighGround = False,
    submerged: Submerged = False,
    obscured: Obscured = False,
    invisible: Invisible = False,
    cover: Cover = False,
    improvised: Improvised = False,
    disarm: Disarm = False,
    option: Option = "",
    hand: HandOption = "main",
    impair: Impair = "",
    at_object: AtObject = "",
    behind: Behind = "",
    thrown: Thrown = False,
    combat: CombatOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Exact odds of an attack as declared, from where they stand: to hit Defense (and land
    past a Defend) with the boons and banes it has, to disarm, an option's effect, and to
    bring the target's damage to its Health.

    Example: adjudicator combat weird-wizard odds Fighter Goblin --disarm
    """
    state = VIEWS.current(ledger, combat)
    declared = c.Attack(
        attacker, target, called_shot or bool(impair.strip() or at_object.strip()),
        high_ground, submerged, obscured, invisible, cover, improvised, bonus, disarm=disarm,
        option=_option(option), hand=_choice("--hand", hand, c.Hand),
        impair=impair.strip().casefold(), at_object=at_object.strip(), behind=behind.strip(),
        thrown=thrown,
    )  # fmt: skip
    odds = attack_odds(state, declared)
    if as_json:
        print_json(
            {
                "hit": fraction_json(odds.hit),
                "disarms": fraction_json(odds.disarms),
                "effect": fraction_json(odds.effect),
                "drops": fraction_json(odds.drops),
                "modifiers": [m.to_dict() for m in odds.modifiers],
            }
        )
        return
    for m in odds.modifiers:
        console().print(Text(m.describe()))
    console().print(Text(f"hits: {odds.hit} ({float(odds.hit):.1%})"))
    if disarm:
        console().print(Text(f"disarms: {odds.disarms} ({float(odds.disarms):.1%})"))
    if option.strip():
        console().print(Text(f"{option} effect: {odds.effect} ({float(odds.effect):.1%})"))
    console().print(Text(f"incapacitates: {odds.drops} ({float(odds.drops):.1%})"))


VIEWS.add_status(app, "The fight now: combatants, the round, whose side acts.")
combat_weird_wizard_effects.register(app)
