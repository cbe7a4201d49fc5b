"""`adjudicator roll`, `check` and `odds`: dice, skill checks and their exact odds."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.table import Table

from adjudicator.cli._options import JsonOption, seed_option
from adjudicator.cli._output import console, print_json
from adjudicator.rules.dice import Dice, Roll, enter, parse_values, roll
from adjudicator.rules.skill_check import CheckResult, CheckSetup, PendingCheck

DifficultyDice = Annotated[
    int, typer.Option("--difficulty", "-d", min=1, help="Difficulty dice: 1, +1 per thing against.")
]
PlayerDice = Annotated[
    int,
    typer.Option("--player", "-p", min=1, help="Player dice: 1, +1 per Tag/Word/condition for."),
]
Bonus = Annotated[
    bool, typer.Option("--bonus", help="An exact Tag/Word match: +1 to one player die.")
]
BonusAgainst = Annotated[
    bool,
    typer.Option("--bonus-against", help="An exact match against: +1 to one difficulty die."),
]
Seed = Annotated[int | None, seed_option("Seed for a reproducible roll (printed when omitted).")]


def _rng(seed: int | None) -> tuple[random.Random, int]:
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return random.Random(seed), seed


def _roll_or_enter(dice: Dice, entered: str | None, rng: random.Random) -> Roll:
    return roll(dice, rng) if entered is None else enter(dice, parse_values(entered))


def roll_command(
    dice: Annotated[str, typer.Argument(help="Dice to roll, as NdX.", show_default=False)],
    seed: Seed = None,
    as_json: JsonOption = False,
) -> None:
    """Roll dice, keeping every die.

    Example: adjudicator roll 3d6 --seed 7
    """
    expression = Dice.parse(dice)
    rng, used_seed = _rng(seed)
    result = roll(expression, rng)
    if as_json:
        print_json(
            {
                "dice": str(expression),
                "values": list(result.values),
                "total": result.total,
                "seed": used_seed,
            }
        )
        return
    console().print(f"{result}   [dim](seed {used_seed})[/]")


def check_command(
    difficulty: DifficultyDice = 1,
    player: PlayerDice = 1,
    bonus: Bonus = False,
    bonus_against: BonusAgainst = False,
    difficulty_roll: Annotated[
        str | None,
        typer.Option("--difficulty-roll", help='Entered difficulty dice, e.g. "1 3 4".'),
    ] = None,
    player_roll: Annotated[
        str | None, typer.Option("--player-roll", help='Entered player dice, e.g. "2 5".')
    ] = None,
    bonus_on: Annotated[
        int | None,
        typer.Option(
            "--bonus-on", min=1, help="Which difficulty die takes the +1 (default: highest)."
        ),
    ] = None,
    seed: Seed = None,
    as_json: JsonOption = False,
) -> None:
    """Make a skill check: each difficulty die must be beaten by its own player die.

    Dice are rolled, or entered from physical dice with --difficulty-roll/--player-roll.

    Example: adjudicator check -d 2 -p 2 --difficulty-roll "3 5" --player-roll "4 2"
    """
    setup = CheckSetup(difficulty, player, bonus, bonus_against)
    rng, used_seed = _rng(seed)
    pending = PendingCheck(setup)
    rolled = pending.roll_difficulty(
        _roll_or_enter(setup.difficulty, difficulty_roll, rng),
        None if bonus_on is None else bonus_on - 1,
    )
    result = rolled.resolve(_roll_or_enter(setup.player, player_roll, rng))
    rolled_here = difficulty_roll is None or player_roll is None
    if as_json:
        print_json(_result_json(result) | ({"seed": used_seed} if rolled_here else {}))
        return
    _print_result(result, used_seed if rolled_here else None)


def _result_json(result: CheckResult) -> dict[str, Any]:
    def dice(values: tuple[int, ...], shown: tuple[int, ...], bonus: int | None) -> list[Any]:
        return [
            {"face": face, "bonus": int(i == bonus), "value": value}
            for i, (face, value) in enumerate(zip(shown, values, strict=True))
        ]

    return {
        "setup": result.setup.describe(),
        "difficulty": dice(
            result.difficulty_values, result.difficulty.values, result.difficulty_bonus_index
        ),
        "player": dice(result.player_values, result.player.values, result.player_bonus_index),
        "pairings": [
            {"player": p.player_index + 1, "difficulty": p.difficulty_index + 1}
            for p in result.pairings
        ],
        "defeated": result.defeated,
        "of": result.setup.difficulty_dice,
        "outcome": result.outcome.value,
        "draw_a_word": result.earns_draw,
    }


def _print_result(result: CheckResult, seed: int | None) -> None:
    out = console()
    table = Table(title=f"Skill check: {result.setup.describe()}", title_justify="left")
    for column in ("die", "face", "+1", "value", "fate"):
        table.add_column(column)
    sides = (
        ("difficulty", result.difficulty, result.difficulty_values, result.difficulty_bonus_index,
         result.difficulty_die_fate),
        ("player", result.player, result.player_values, result.player_bonus_index,
         result.player_die_fate),
    )  # fmt: skip
    for side, rolled, values, bonus, fate in sides:
        for i, value in enumerate(values):
            plus = "+1" if i == bonus else ""
            table.add_row(f"{side} #{i + 1}", str(rolled.values[i]), plus, str(value), fate(i))
    out.print(table)
    colour = {"full success": "green", "partial success": "yellow", "failure": "red"}
    outcome = result.outcome.value
    line = f"[bold {colour[outcome]}]{outcome.capitalize()}[/]: {result.defeated} of "
    line += f"{result.setup.difficulty_dice} difficulty dice defeated"
    if result.earns_draw:
        line += " — draw a Word from the Deck"
    out.print(line + (f"   [dim](seed {seed})[/]" if seed is not None else ""))


def odds_command(
    difficulty: DifficultyDice = 1,
    player: PlayerDice = 1,
    bonus: Bonus = False,
    bonus_against: BonusAgainst = False,
    as_json: JsonOption = False,
) -> None:
    """Show the exact odds of a skill check before anyone rolls.

    Example: adjudicator odds -d 3 -p 2 --bonus
    """
    from adjudicator.rules.odds import check_odds  # lazy: heavy import (numpy)

    setup = CheckSetup(difficulty, player, bonus, bonus_against)
    odds = check_odds(setup)
    m = setup.difficulty_dice
    rows = [("full success", m, odds.full_success)]
    rows += [("partial", k, odds.by_defeated[k]) for k in range(m - 1, 0, -1)]
    rows += [("failure", 0, odds.failure)]
    if as_json:
        print_json(
            {
                "setup": setup.describe(),
                "outcomes": [
                    {
                        "outcome": name,
                        "defeated": defeated,
                        "fraction": str(p),
                        "probability": float(p),
                    }
                    for name, defeated, p in rows
                ],
                "expected_defeated": float(odds.expected_defeated),
            }
        )
        return
    table = Table(title=f"Exact odds: {setup.describe()}", title_justify="left")
    for column in ("outcome", "defeated", "probability", "exact", ""):
        table.add_column(column)
    for name, defeated, p in rows:
        table.add_row(name, f"{defeated} of {m}", f"{float(p):7.2%}", _fraction(p), _bar(p))
    console().print(table)


def _fraction(p: Fraction) -> str:
    return str(p) if len(str(p)) <= 20 else f"≈{float(p):.6f}"


def _bar(p: Fraction, width: int = 30) -> str:
    eighths = round(float(p) * width * 8)
    return "█" * (eighths // 8) + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[eighths % 8]
