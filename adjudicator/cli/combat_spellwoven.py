"""`adjudicator combat spellwoven ...`: a Spellwoven fight's own verbs (`seeds/003`).

Characters with their wound tracks and armour, Initiative rolled once for everyone (`begin`),
then each Action in Initiative order: attack, move, talk, test, act, heal, load, yield. The
optional rules the Gamesmaster chose (`combat start --system spellwoven --option ...`) add
free attacks (`senses` and `free-attack` in an ambush, attacks of opportunity) and
`heroic-death`; after the fight, `recuperate`. `combat start`, `combat log`, `combat undo`,
`combat redo` and `combat board` are shared.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from adjudicator.cli._ledger import console
from adjudicator.cli._options import CombatOption, JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.cli.combat_options import numbers
from adjudicator.cli.combat_play import step
from adjudicator.cli.combat_system_views import SystemViews, fraction_json
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven.edges import ATTACK, defence, edges
from adjudicator.combat.systems.spellwoven.engine import NAME
from adjudicator.combat.systems.spellwoven.rolls import chance_at_least, edge_of
from adjudicator.combat.systems.spellwoven.state import OPEN, SHIELD_WAY, Character, Proximity
from adjudicator.combat.systems.spellwoven.wounds import LADDER, Armour, Track
from adjudicator.combat.systems.views import SPELLWOVEN_VIEW
from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.cli.combat_play import Step

app = typer.Typer(
    help="Spellwoven fights (seeds/003): momentum Initiative, Menace and the wound ladder.",
    no_args_is_help=True,
)

Unit = Annotated[str, typer.Argument(help="The character's name.", show_default=False)]
Target = Annotated[str, typer.Argument(help="The target's name.", show_default=False)]

#: How a fight of this system is read and shown (`status`, `combat board`).
VIEWS = SystemViews(SPELLWOVEN_VIEW)


Advantage = Annotated[
    bool,
    typer.Option(
        "--advantage", help="Situational Modifiers: the Gamesmaster declares it at Advantage."
    ),
]
Disadvantage = Annotated[
    bool,
    typer.Option(
        "--disadvantage",
        help="Situational Modifiers: the Gamesmaster declares it at Disadvantage.",
    ),
]


def _five(text: str, option: str) -> tuple[int, int, int, int, int]:
    values = numbers(text, option, 5)
    return (values[0], values[1], values[2], values[3], values[4])


def _edge(advantage: bool, disadvantage: bool) -> int:
    if advantage and disadvantage:
        raise InvalidInput("--advantage or --disadvantage, not both")
    return 1 if advantage else -1 if disadvantage else 0


def _armour(text: str) -> Armour:
    name, sep, soak = text.rpartition("=")
    if not sep or not name.strip():
        raise InvalidInput(f"--armour {text!r}", hint='write --armour "Scale Tunic=1/1/1/1/0"')
    return Armour(name.strip(), _five(soak, "--armour"))


@app.command("add")
@step(system=NAME)
def add_command(
    name: Unit,
    side: Annotated[str, typer.Option("--side", help="Its side.", show_default=False)],
    initiative: Annotated[
        int,
        typer.Option("--initiative", help="Manoeuvre (Quickness without it; Prowess for NPCs)."),
    ] = 3,
    skill: Annotated[int, typer.Option("--skill", help="The weapon's Fighting Skill.")] = 3,
    menace: Annotated[int, typer.Option("--menace", help="The weapon's Menace.")] = 4,
    defence_: Annotated[int, typer.Option("--defence", help="Quickness Defence.")] = 2,
    weapon: Annotated[str, typer.Option("--weapon", help="The weapon's name.")] = "weapon",
    ranged: Annotated[bool, typer.Option("--ranged", help="A bow or other ranged weapon.")] = False,
    effort: Annotated[int, typer.Option("--effort", help="Effort points.")] = 0,
    feint: Annotated[bool, typer.Option("--feint", help="Has the Feint Talent.")] = False,
    proximity: Annotated[
        str, typer.Option("--proximity", help="engaged, nearby or distant.")
    ] = "engaged",
    wounds: Annotated[
        str, typer.Option("--wounds", help="Wound slots S/D/G/F/M (0: a missing category).")
    ] = "3/3/2/1/1",
    soak: Annotated[
        str, typer.Option("--soak", help="Armour soak S/D/G/F/M (at most 3 each).")
    ] = "0/0/0/0/0",
    shield: Annotated[int, typer.Option("--shield", help="Shield soaks: 1, 2 or 3.")] = 0,
    npc: Annotated[
        bool, typer.Option("--npc", help="A Non-Player Character (cannot cooperate).")
    ] = False,
    armour: Annotated[
        list[str] | None,
        typer.Option(
            "--armour",
            help='A piece of armour worn, "Scale Tunic=1/1/1/1/0": its soak stacks (at most 3 '
            "a level). Repeatable.",
        ),
    ] = None,
    presence: Annotated[
        int | None, typer.Option("--presence", help="Presence Defence (talk's Difficulty).")
    ] = None,
    fortitude: Annotated[
        int | None, typer.Option("--fortitude", help="Fortitude (the optional rule Maiming).")
    ] = None,
    very_heavy: Annotated[
        bool, typer.Option("--very-heavy", help="A Very Heavy weapon (Over-swing).")
    ] = False,
    blackpowder: Annotated[
        bool, typer.Option("--blackpowder", help="A blackpowder weapon (Blackpowder Weapons).")
    ] = False,
    spared: Annotated[
        bool,
        typer.Option(
            "--spared",
            help="The Player does not wish their Character to die of a Mortal blow: "
            "incapacitated instead (Death at the Player's Discretion).",
        ),
    ] = False,
    dies: Annotated[
        bool,
        typer.Option(
            "--dies", help="Heroic Death: the Player wants a Mortal blow to kill all the same."
        ),
    ] = False,
) -> Step:
    """Add a character to a side, with its wound track and armour.

    Example: adjudicator combat spellwoven add Tobias --side Players --skill 8 --menace 7
    """
    try:
        where = Proximity(proximity.strip().casefold())
    except ValueError:
        raise InvalidInput(
            f"--proximity {proximity!r}", hint="engaged, nearby or distant"
        ) from None
    track = Track(slots=_five(wounds, "--wounds"), soak=_five(soak, "--soak"), shield=shield)
    return c.AddCharacter(
        Character(
            name,
            side,
            initiative,
            skill,
            menace,
            defence_,
            weapon,
            ranged,
            effort,
            feint,
            where,
            track,
            npc=npc,
            presence=presence,
            fortitude=fortitude,
            very_heavy=very_heavy,
            blackpowder=blackpowder,
            spared=spared,
        ),
        tuple(_armour(piece) for piece in armour or ()),
        dies,
    )


@app.command("begin")
@step(dice=True, system=NAME)
def begin_command() -> Step:
    """Roll everyone's Initiative (3d10 against the skill, in the order they joined).

    Example: adjudicator combat spellwoven begin
    """
    return c.Begin()


Effort = Annotated[int, typer.Option("--effort", help="Effort for the hit.")]
WoundEffort = Annotated[int, typer.Option("--wound-effort", help="Effort for the wound.")]
Feint = Annotated[bool, typer.Option("--feint", help="Feint: re-roll the attack if it misses.")]
Shield = Annotated[
    bool, typer.Option("--shield", help="The target catches the blow on its shield.")
]
Pull = Annotated[
    bool,
    typer.Option(
        "--pull", help="Intentional Incapacitation: a Mortal wound rolled becomes Felling."
    ),
]
PullQuickness = Annotated[
    int | None,
    typer.Option(
        "--pull-quickness",
        help="The attacker's Quickness, when the Gamesmaster requires a Test of Quickness to "
        "pull the blow.",
    ),
]
PullDifficulty = Annotated[
    int, typer.Option("--pull-difficulty", help="That test's Difficulty (the GM's).")
]
CatchDifficulty = Annotated[
    int,
    typer.Option(
        "--catch-difficulty",
        help="Shields & Arrows II: the Difficulty of the target's Test of Manoeuvre.",
    ),
]


@app.command("attack")
@step(dice=True, system=NAME)
def attack_command(
    attacker: Unit,
    target: Target,
    effort: Effort = 0,
    wound_effort: WoundEffort = 0,
    feint: Feint = False,
    shield: Shield = False,
    pull: Pull = False,
    pull_quickness: PullQuickness = None,
    pull_difficulty: PullDifficulty = 1,
    catch_difficulty: CatchDifficulty = 1,
    advantage: Advantage = False,
    disadvantage: Disadvantage = False,
) -> Step:
    """Attack: Fighting Skill against Quickness Defence, then Menace for the wound.

    Example: adjudicator combat spellwoven attack Gunnafrew Leader --effort 1
    """
    edge = _edge(advantage, disadvantage)
    return c.Attack(
        attacker, target, effort, wound_effort, feint, shield,
        pull, pull_quickness, pull_difficulty, edge, catch_difficulty,
    )  # fmt: skip


@app.command("free-attack")
@step(dice=True, system=NAME)
def free_attack_command(
    attacker: Unit,
    target: Target,
    distracted: Annotated[
        bool,
        typer.Option(
            "--distracted",
            help="Attack of Opportunity: the Gamesmaster rules the target distracted elsewhere.",
        ),
    ] = False,
    effort: Effort = 0,
    wound_effort: WoundEffort = 0,
    feint: Feint = False,
    shield: Shield = False,
    pull: Pull = False,
    pull_quickness: PullQuickness = None,
    pull_difficulty: PullDifficulty = 1,
    catch_difficulty: CatchDifficulty = 1,
    advantage: Advantage = False,
    disadvantage: Disadvantage = False,
) -> Step:
    """A free attack (no Action, no Initiative change): an ambusher's one on a character who
    failed their Test of Senses, before the first round (Ambushes); or an attack of
    opportunity on one who has just disengaged or fled, before the next Action (Attack of
    Opportunity).

    Example: adjudicator combat spellwoven free-attack Bob Ann
    """
    edge = _edge(advantage, disadvantage)
    return c.FreeAttack(
        attacker, target, effort, wound_effort, feint, shield,
        pull, pull_quickness, pull_difficulty, edge, catch_difficulty, distracted,
    )  # fmt: skip


@app.command("senses")
@step(dice=True, system=NAME)
def senses_command(
    unit: Unit,
    skill: Annotated[int, typer.Option("--skill", help="Senses.", show_default=False)],
    difficulty: Annotated[
        int, typer.Option("--difficulty", help="Normal is 1; more at the GM's discretion.")
    ] = 1,
) -> Step:
    """Ambushes: one of the surprised party Tests their Senses before the first round; on a
    failure they are open to one free attack from each ambusher.

    Example: adjudicator combat spellwoven senses Ann --skill 4
    """
    return c.Senses(unit, skill, difficulty)


@app.command("talk")
@step(dice=True, system=NAME)
def talk_command(
    unit: Unit,
    target: Target,
    skill: Annotated[int, typer.Option("--skill", help="The Social Skill.", show_default=False)],
    effort: Effort = 0,
    distract: Annotated[
        bool,
        typer.Option("--distract", help="Create a distraction: on a success they act last."),
    ] = False,
    lose_turn: Annotated[
        bool,
        typer.Option(
            "--lose-turn", help="The Gamesmaster's call: the distraction costs them the turn."
        ),
    ] = False,
    advantage: Advantage = False,
    disadvantage: Disadvantage = False,
) -> Step:
    """Talk as the Action: a Social Skill against the opponent's Presence Defence.

    Example: adjudicator combat spellwoven talk Ann Bob --skill 5 --distract
    """
    edge = _edge(advantage, disadvantage)
    return c.Talk(unit, target, skill, effort, distract, lose_turn, edge)


@app.command("load")
@step(system=NAME)
def load_command(unit: Unit) -> Step:
    """Load and prime a blackpowder weapon: one full Action (Blackpowder Weapons).

    Example: adjudicator combat spellwoven load Ann
    """
    return c.Load(unit)


@app.command("heroic-death")
@step(system=NAME)
def heroic_death_command(unit: Unit) -> Step:
    """Heroic Death: a Player Character just incapacitated or killed fights on to the end of
    the combat, +3 successes to all dice rolls, and dies at its end.

    Example: adjudicator combat spellwoven heroic-death Ann
    """
    return c.HeroicDeath(unit)


@app.command("recuperate")
@step(system=NAME)
def recuperate_command(
    unit: Unit,
    days: Annotated[int, typer.Option("--days", help="Days of rest.", show_default=False)],
    activity: Annotated[
        str, typer.Option("--activity", help="bedrest (3 days a level), light (5), heavy (7).")
    ] = "bedrest",
) -> Step:
    """Natural Recuperation after the fight: every wound slides up one level each three days
    of bedrest, five of light activity, seven of heavy activity.

    Example: adjudicator combat spellwoven recuperate Ann --days 6 --activity bedrest
    """
    return c.Recuperate(unit, days, activity)


@app.command("move")
@step(dice=True, system=NAME)
def move_command(
    unit: Unit,
    to: Annotated[str, typer.Argument(help="engaged, nearby or distant.", show_default=False)],
) -> Step:
    """Move one Proximity (an Action).

    Example: adjudicator combat spellwoven move Tobias engaged
    """
    return c.Move(unit, to)


@app.command("test")
@step(dice=True, system=NAME)
def test_command(
    unit: Unit,
    what: Annotated[str, typer.Argument(help="What: talk, a Talent...", show_default=False)],
    skill: Annotated[int, typer.Option("--skill", help="The skill tested.", show_default=False)],
    difficulty: Annotated[
        int, typer.Option("--difficulty", help="Successes needed (Presence Defence...).")
    ] = 1,
    effort: Annotated[int, typer.Option("--effort", help="Effort for extra successes.")] = 0,
    advantage: Advantage = False,
    disadvantage: Disadvantage = False,
) -> Step:
    """Any other test of skill as the Action (a Talent...): +1 or -1 Initiative.

    Example: adjudicator combat spellwoven test Sara talk --skill 5 --difficulty 2
    """
    return c.Test(unit, what, skill, difficulty, effort, _edge(advantage, disadvantage))


@app.command("act")
@step(dice=True, system=NAME)
def act_command(
    unit: Unit,
    what: Annotated[str, typer.Argument(help="What it does.", show_default=False)],
) -> Step:
    """An Action with no skill test (the Initiative is unchanged).

    Example: adjudicator combat spellwoven act Leader "takes out a hunting-horn"
    """
    return c.Act(unit, what)


@app.command("heal")
@step(dice=True, system=NAME)
def heal_command(
    unit: Unit,
    target: Target,
    skill: Annotated[
        int, typer.Option("--skill", help="The healer's Healing Skill.", show_default=False)
    ],
    effort: Annotated[int, typer.Option("--effort", help="Effort for extra successes.")] = 0,
    wound: Annotated[
        list[str] | None,
        typer.Option(
            "--wound",
            help="A wound level to reduce first: shallow, deep, grievous, felling, mortal "
            "(else the most severe). Repeatable.",
        ),
    ] = None,
    advantage: Advantage = False,
    disadvantage: Disadvantage = False,
) -> Step:
    """First aid as the Action: Healing Skill 3d10, rolled last in the round; each success
    reduces one wound by one severity (once a fight for each character).

    Example: adjudicator combat spellwoven heal Tobias Gunnafrew --skill 6 --wound deep
    """
    edge = _edge(advantage, disadvantage)
    return c.Heal(unit, target, skill, effort, tuple(wound or ()), edge)


@app.command("cooperate")
@step(system=NAME)
def cooperate_command(
    units: Annotated[
        list[str], typer.Argument(help="The Player Characters, in the order they act.")
    ],
) -> Step:
    """Cooperate (Initiative 5 or more): they act in turn on the highest Initiative among
    them; each loses 5 Initiative at the end of the round.

    Example: adjudicator combat spellwoven cooperate Tobias Gunnafrew
    """
    return c.Cooperate(tuple(units))


@app.command("yield")
@step(dice=True, system=NAME)
def yield_command(
    unit: Unit,
    flee: Annotated[bool, typer.Option("--flee", help="Flee instead of surrendering.")] = False,
) -> Step:
    """Surrender (or --flee) as the Action: out of the fight.

    Example: adjudicator combat spellwoven yield "Outlaw 2" --flee
    """
    return c.Yield(unit, "fled" if flee else "surrendered")


@app.command("end")
@step(system=NAME)
def end_command(
    reason: Annotated[str, typer.Option("--reason", help="Why.")] = "the Gamesmaster ends it",
) -> Step:
    """End the fight.

    Example: adjudicator combat spellwoven end --reason "the outlaws run"
    """
    return c.EndFight(reason)


@app.command("odds")
def odds_command(
    attacker: Unit,
    target: Target,
    effort: Annotated[int, typer.Option("--effort", help="Effort for the hit.")] = 0,
    combat: CombatOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Exact odds: to hit the target's Quickness Defence, then each wound level by Menace
    (with the Advantage or Disadvantage the optional rules give the attack now).

    Example: adjudicator combat spellwoven odds Gunnafrew Leader
    """
    state = VIEWS.current(ledger, combat)
    a, t = state.unit(attacker), state.unit(target)
    found = edges(state, a, ATTACK)
    if t.has(OPEN):
        found += ((1, "over-swing"),)
    if a.has(SHIELD_WAY):
        found += ((-1, "Shield in the Way"),)
    hit = chance_at_least(a.skill, defence(t, state), effort, edge_of(found)[0])
    levels = []
    for level, name in enumerate(LADDER):
        at_least = chance_at_least(a.menace, level)
        more = chance_at_least(a.menace, level + 1) if level < 5 else Fraction(0)
        levels.append((name, hit * (at_least - more)))
    if as_json:
        print_json(
            {
                "hit": fraction_json(hit),
                "wounds": {name: fraction_json(p) for name, p in levels},
            }
        )
        return
    console().print(Text(f"hits: {hit} ({float(hit):.1%})"))
    for name, p in levels:
        console().print(Text(f"  {name:<9} {p} ({float(p):.1%})"))


VIEWS.add_status(app, "The fight now: characters, wound tracks, the round's order.")
