"""`adjudicator combat murdham ...`: a Murdham fight's own verbs (`seeds/002`).

Zones and characters, the round (take a turn, pass), movement and sneaking, actions and
drops, attacks (with stunts) and reactions, hiding and revealing, chases, the board, status
and odds. `combat start --system murdham`, `combat log`,
`combat undo`, `combat redo` and `combat board` are the commands every system shares.
Each verb builds a command of `adjudicator.combat.systems.murdham`; the ledger checks it
against the fight and records it, or refuses it with the rule it breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from adjudicator.cli._ledger import console
from adjudicator.cli._options import CombatOption, JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.cli.combat_murdham_tactics import register_tactics
from adjudicator.cli.combat_play import step
from adjudicator.cli.combat_system_views import SystemViews, fraction_json
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.engine import NAME
from adjudicator.combat.systems.murdham.odds import odds_of
from adjudicator.combat.systems.murdham.state import Fighter
from adjudicator.combat.systems.views import MURDHAM_VIEW
from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

app = typer.Typer(
    help="Murdham fights (seeds/002): zones, faction initiative, alternating turns, reactions.",
    no_args_is_help=True,
)

Unit = Annotated[str, typer.Argument(help="The character's name.", show_default=False)]
Target = Annotated[str, typer.Argument(help="The target's name.", show_default=False)]

#: How a Murdham fight is read and shown (`status`, `combat board`).
VIEWS = SystemViews(MURDHAM_VIEW)


def _die(text: str) -> int:
    """ "d6", "6" or "unarmed" (0)."""
    cleaned = text.strip().casefold().removeprefix("d")
    if cleaned in ("unarmed", "0"):
        return 0
    if not cleaned.isdigit():
        raise InvalidInput(f"--weapon {text!r} is not a damage die", hint="d4, d6, d8 or unarmed")
    return int(cleaned)


@app.command("zone")
@step(system=NAME)
def zone_command(
    name: Annotated[str, typer.Argument(help="The zone's name.", show_default=False)],
) -> Step:
    """Add a zone of the battlefield ("move by 2 zones").

    Example: adjudicator combat murdham zone Bridge
    """
    return c.AddZone(name)


@app.command("link")
@step(system=NAME)
def link_command(
    a: Annotated[str, typer.Argument(help="A zone.", show_default=False)],
    b: Annotated[str, typer.Argument(help="Its neighbour.", show_default=False)],
) -> Step:
    """Make two zones neighbours: a character moves from one to the other for 1 zone.

    Example: adjudicator combat murdham link Bridge Ford
    """
    return c.LinkZones(a, b)


@app.command("add")
@step(system=NAME)
def add_command(
    name: Unit,
    faction: Annotated[str, typer.Option("--faction", help="Its side.", show_default=False)],
    zone: Annotated[str, typer.Option("--zone", help="Where it stands.", show_default=False)],
    wit: Annotated[int, typer.Option("--wit", help="WIT save score.")] = 10,
    agi: Annotated[int, typer.Option("--agi", help="AGI save score.")] = 10,
    strength: Annotated[int, typer.Option("--str", help="STR save score.")] = 10,
    hp: Annotated[int, typer.Option("--hp", help="Maximum health.")] = 6,
    armour: Annotated[int, typer.Option("--armour", help="Armour value.")] = 0,
    weapon: Annotated[
        str, typer.Option("--weapon", help="Damage die: d6, d8... or unarmed (d4 impaired).")
    ] = "unarmed",
    reach: Annotated[
        int, typer.Option("--range", help="A ranged weapon's range in zones (0: melee).")
    ] = 0,
    fearless: Annotated[
        bool, typer.Option("--fearless", help="Immune to fear, so to morale.")
    ] = False,
    prepared: Annotated[
        bool,
        typer.Option("--prepared", help="Started the fight or was prepared (fast-slow round 1)."),
    ] = False,
    ambush: Annotated[
        bool,
        typer.Option(
            "--ambush",
            help="Launches an ambush: concealed at the start, a bonus turn before the others.",
        ),
    ] = False,
) -> Step:
    """Add a character to a faction, in a zone.

    Example: adjudicator combat murdham add Balthasar --faction Players --zone Road --wit 12
    """
    fighter = Fighter(
        name,
        faction,
        wit,
        agi,
        strength,
        hp,
        hp,
        zone,
        armour,
        _die(weapon),
        reach,
        immune_to_fear=fearless,
        prepared=prepared,
        concealed=ambush,
    )
    return c.AddFighter(fighter)


@app.command("armour")
@step(system=NAME)
def armour_command(
    unit: Unit,
    value: Annotated[int, typer.Argument(help="The armour value.", show_default=False)],
) -> Step:
    """Set a character's armour before the fight begins ("Armour can't be changed during a
    fight": refused once it has).

    Example: adjudicator combat murdham armour Theobald 2
    """
    return c.SetArmour(unit, value)


@app.command("begin")
@step(dice=True, system=NAME)
def begin_command(
    starter: Annotated[
        str | None,
        typer.Option("--starter", help="The faction that started the fight (else: roll)."),
    ] = None,
) -> Step:
    """Begin round 1: the starting faction has the initiative, else a die per faction decides.
    With ambushers (`add --ambush`), their bonus turn (round 0) comes first: they started it.

    Example: adjudicator combat murdham begin --starter Players
    """
    return c.Begin(starter)


@app.command("turn")
@step(system=NAME)
def turn_command(unit: Unit) -> Step:
    """Take a turn with a character of the faction whose go it is.

    Example: adjudicator combat murdham turn Theobald
    """
    return c.TakeTurn(unit)


@app.command("pass")
@step(dice=True, system=NAME)
def pass_command(
    faction: Annotated[str, typer.Argument(help="The faction passing.", show_default=False)],
) -> Step:
    """Pass instead of taking a turn; when every faction passes in a row the phase ends (the
    morale checks and the next round's initiative roll then).

    Example: adjudicator combat murdham pass Bandits
    """
    return c.Pass(faction)


@app.command("move")
@step(dice=True, system=NAME)
def move_command(
    unit: Unit,
    path: Annotated[list[str], typer.Argument(help="The zones entered, in order.")],
    opportunity: Annotated[
        list[str] | None,
        typer.Option("--opportunity", help="A nearby enemy who attacks as it leaves. Repeatable."),
    ] = None,
    sneak: Annotated[
        bool,
        typer.Option(
            "--sneak",
            help="A concealed character sneaks: half speed and an AGI save to avoid detection.",
        ),
    ] = False,
) -> Step:
    """Move through neighbouring zones (2 a turn, 4 after a sprint); a concealed character
    may sneak instead (each zone costs 2, an AGI save or be revealed).

    Example: adjudicator combat murdham move Theobald Ford Tower --opportunity Bandit
    """
    return c.Move(unit, tuple(path), tuple(opportunity or ()), sneak)


@app.command("act")
@step(system=NAME)
def act_command(
    unit: Unit,
    action: Annotated[
        str,
        typer.Argument(
            help="Main: sprint, invoke, distract, interact, pick-up. Bonus: equip, "
            "consumable, say.",
            show_default=False,
        ),
    ],
    note: Annotated[str, typer.Option("--note", help="What exactly, for the log.")] = "",
) -> Step:
    """Spend a main or bonus action other than an attack.

    Example: adjudicator combat murdham act Leader say --note "Kill them!"
    """
    return c.Act(unit, action, note)


#: The circumstances an attack and a blast share, each a flag the GM rules on.
Ranged = Annotated[bool, typer.Option("--ranged", help="A ranged attack.")]
Indirect = Annotated[bool, typer.Option("--indirect", help="An indirect ranged attack.")]
Challenging = Annotated[
    bool, typer.Option("--challenging", help="Challenging circumstances: a WIT save to hit.")
]
Unseen = Annotated[bool, typer.Option("--unseen", help="The target is not visible.")]
HoldBack = Annotated[bool, typer.Option("--hold-back", help="Impaired damage.")]
Concealed = Annotated[
    bool, typer.Option("--concealed", help="The target has concealment: impaired damage.")
]
Cover = Annotated[bool, typer.Option("--cover", help="The target has cover: +1 armour.")]
Unaware = Annotated[bool, typer.Option("--unaware", help="The target is unaware: it cannot react.")]
Peeking = Annotated[
    bool,
    typer.Option("--peeking", help="The attacker peeks from behind a barrier: cover if countered."),
]


def _mode(ranged: bool, indirect: bool) -> str:
    if ranged and indirect:
        raise InvalidInput("--ranged or --indirect, not both")
    return "indirect" if indirect else "ranged" if ranged else "melee"


@app.command("attack")
@step(dice=True, system=NAME)
def attack_command(
    attacker: Unit,
    target: Target,
    ranged: Ranged = False,
    indirect: Indirect = False,
    challenging: Challenging = False,
    unseen: Unseen = False,
    hold_back: HoldBack = False,
    concealed: Concealed = False,
    cover: Cover = False,
    unaware: Unaware = False,
    final_blow: Annotated[
        bool, typer.Option("--final-blow", help="Kill a nearby incapacitated character.")
    ] = False,
    disarm: Annotated[
        bool, typer.Option("--disarm", help="Non-lethal: a STR save or drop the weapon.")
    ] = False,
    grapple: Annotated[
        bool, typer.Option("--grapple", help="Non-lethal: a STR save or be grabbed.")
    ] = False,
    barrier: Annotated[
        bool, typer.Option("--barrier", help="The target is behind a barrier (refused).")
    ] = False,
    peeking: Peeking = False,
    stunt: Annotated[
        str,
        typer.Option(
            "--stunt",
            help="An attack stunt: the effect proposed instead of damage, once the attack hits "
            "(the GM approves it by recording it).",
        ),
    ] = "",
) -> Step:
    """Attack an enemy (a main action); the target may then react, or take-hit. With
    --stunt, the target first accepts the effect (accept-stunt) or refuses it (refuse-stunt).

    Example: adjudicator combat murdham attack Theobald "Bandit 1" --stunt "cuts off a hand"
    """
    mode = _mode(ranged, indirect)
    if disarm and grapple:
        raise InvalidInput("--disarm or --grapple, not both")
    nonlethal = "disarm" if disarm else "grapple" if grapple else ""
    return c.Attack(
        attacker,
        target,
        mode,
        challenging,
        not unseen,
        hold_back,
        concealed,
        cover,
        unaware,
        final_blow,
        nonlethal,
        barrier,
        peeking,
        stunt,
    )


@app.command("blast")
@step(dice=True, system=NAME)
def blast_command(
    attacker: Unit,
    zone: Annotated[
        str | None,
        typer.Argument(help="The zone hit (default: the attacker's own).", show_default=False),
    ] = None,
    ranged: Ranged = False,
    indirect: Indirect = False,
    border: Annotated[
        list[str] | None,
        typer.Option("--border", help="A character on the zone's border. Repeatable."),
    ] = None,
    challenging: Challenging = False,
    unseen: Unseen = False,
    hold_back: HoldBack = False,
    concealed: Concealed = False,
    cover: Cover = False,
    unaware: Unaware = False,
    peeking: Peeking = False,
) -> Step:
    """Blast a zone (a main action): everyone in it and on its borders, each in turn may
    react (one counter at most), then take-hit. A melee blast hits the attacker's zone and
    can't miss; a ranged one that misses deviates to a random neighbouring zone. The
    circumstances are the attack's, for every target.

    Example: adjudicator combat murdham blast Sybilla Ford --ranged --border "Bandit 2"
    """
    return c.Blast(
        attacker,
        zone or "",
        _mode(ranged, indirect),
        tuple(border or ()),
        challenging,
        not unseen,
        hold_back,
        concealed,
        cover,
        unaware,
        peeking,
    )


@app.command("shove")
@step(system=NAME)
def shove_command(
    unit: Unit,
    grabbed: Annotated[
        str, typer.Argument(help="The character it keeps hold of.", show_default=False)
    ],
    into: Annotated[
        str,
        typer.Option("--into", help="The neighbouring zone half a zone carries them into."),
    ] = "",
    hazard: Annotated[
        str, typer.Option("--hazard", help="A hazard in their zone they are pushed into.")
    ] = "",
) -> Step:
    """Shove the character held (a main action): freed, half a zone away and/or into a hazard.

    Example: adjudicator combat murdham shove Theobald "Bandit 1" --hazard "the campfire"
    """
    return c.Shove(unit, grabbed, into, hazard)


@app.command("dodge")
@step(dice=True, system=NAME)
def dodge_command(unit: Unit) -> Step:
    """React to the attack by dodging: an AGI save, and on a pass the attack misses.

    Example: adjudicator combat murdham dodge "Bandit 1"
    """
    return c.Dodge(unit)


@app.command("counter")
@step(dice=True, system=NAME)
def counter_command(
    unit: Unit,
    hold_back: Annotated[bool, typer.Option("--hold-back", help="Impaired damage.")] = False,
    disarm: Annotated[
        bool, typer.Option("--disarm", help="Counter with a disarm (non-lethal): resolved last.")
    ] = False,
    grapple: Annotated[
        bool, typer.Option("--grapple", help="Counter with a grapple (non-lethal): resolved last.")
    ] = False,
) -> Step:
    """React by countering: both roll damage; whoever suffers more is hit first. A non-lethal
    counter (--disarm, --grapple) is resolved after the attack's damage.

    Example: adjudicator combat murdham counter "Bandit 1"
    """
    if disarm and grapple:
        raise InvalidInput("--disarm or --grapple, not both")
    return c.Counter(unit, hold_back, "disarm" if disarm else "grapple" if grapple else "")


@app.command("guard")
@step(dice=True, system=NAME)
def guard_command(unit: Unit) -> Step:
    """React by guarding a nearby ally: the guard becomes the target and takes the hit.

    Example: adjudicator combat murdham guard Leader
    """
    return c.Guard(unit)


@app.command("hide")
@step(dice=True, system=NAME)
def hide_command(
    unit: Unit,
    behind: Annotated[str, typer.Argument(help="Who, nearby, agrees.", show_default=False)],
) -> Step:
    """React by hiding behind a nearby character, who becomes the target.

    Example: adjudicator combat murdham hide Sybilla Theobald
    """
    return c.Hide(unit, behind)


@app.command("take-hit")
@step(dice=True, system=NAME)
def take_hit_command() -> Step:
    """No reaction: roll the pending attack's damage.

    Example: adjudicator combat murdham take-hit
    """
    return c.TakeHit()


# Attack stunts, drops, stealth and chases: `combat_murdham_tactics`.
register_tactics(app, VIEWS)


@app.command("end-turn")
@step(system=NAME)
def end_turn_command(unit: Unit) -> Step:
    """End the character's turn; the next faction's go.

    Example: adjudicator combat murdham end-turn Theobald
    """
    return c.EndTurn(unit)


@app.command("surrender")
@step(system=NAME)
def surrender_command(unit: Unit) -> Step:
    """Spend the turn to surrender.

    Example: adjudicator combat murdham surrender "Bandit 2"
    """
    return c.Surrender(unit)


@app.command("end")
@step(system=NAME)
def end_command(
    reason: Annotated[str, typer.Option("--reason", help="Why.")] = "the GM ends the fight",
) -> Step:
    """End the fight.

    Example: adjudicator combat murdham end --reason "the bandits flee"
    """
    return c.EndFight(reason)


VIEWS.add_status(app, "The fight now: zones, characters, the round and whose go it is.")


@app.command("odds")
def odds_command(
    attacker: Unit,
    target: Target,
    save: Annotated[bool, typer.Option("--save", help="The attack needs a WIT save.")] = False,
    impaired: Annotated[bool, typer.Option("--impaired", help="Impaired damage.")] = False,
    cover: Annotated[bool, typer.Option("--cover", help="The target has cover.")] = False,
    combat: CombatOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Exact odds of an attack: the save to hit, a dodge, each damage, dropping the target.

    Example: adjudicator combat murdham odds Theobald "Bandit 1" --save
    """
    odds = odds_of(
        VIEWS.current(ledger, combat),
        attacker,
        target,
        needs_save=save,
        impaired=impaired,
        cover=cover,
    )
    if as_json:
        print_json(
            {
                "hit": fraction_json(odds.hit),
                "through_dodge": fraction_json(odds.through_dodge),
                "damage": {str(d): fraction_json(p) for d, p in odds.damage},
                "drops": fraction_json(odds.drops),
                "drops_if_dodged": fraction_json(odds.drops_if_dodged),
            }
        )
        return
    for line in odds.lines():
        console().print(Text(line))
