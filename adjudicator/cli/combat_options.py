"""What the `adjudicator combat ...` commands share: arguments, reading quick-NPC specs and
dice, and printing a step's outcome (the options are in `_options`).

The combat engine and the ledger are imported inside the functions, so other commands do not
pay for loading them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from adjudicator.cli._ledger import console
from adjudicator.cli._output import print_json
from adjudicator.combat.fight_events import UnitDown
from adjudicator.combat.units import Stance, zone
from adjudicator.errors import InvalidInput
from adjudicator.rules.tables import Weapon, load_tables, parse_die
from adjudicator.rules.words import parse_words

if TYPE_CHECKING:
    from adjudicator.combat.units import Stance
    from adjudicator.ledger.fights.combats import DiceSpec, Outcome
    from adjudicator.ledger.fights.systems import FightOutcome
    from adjudicator.rules.characters import Hitzone

UnitArgument = Annotated[str, typer.Argument(help="The acting unit's name.", show_default=False)]
TargetArgument = Annotated[str, typer.Argument(help="The target unit's name.", show_default=False)]
SpaceArgument = Annotated[
    str, typer.Argument(help="A space of the board: A1, B1-B2, C1-C4, D1-D8.", show_default=False)
]


def dice_spec(dice: str | None, seed: int | None) -> DiceSpec:
    """`--dice` and `--seed` as a `DiceSpec` (neither: the combat's own seeded dice)."""
    from adjudicator.ledger.fights.combats import DiceSpec  # lazy: heavy import (sqlite-utils)

    if dice is None:
        return DiceSpec(seed=seed)
    faces = dice.replace(",", " ").split()
    if not faces or not all(face.isdigit() for face in faces):
        raise InvalidInput(f"--dice {dice!r} is not a list of faces", hint='write --dice "4 3"')
    return DiceSpec(entered=tuple(int(face) for face in faces), seed=seed)


def report(outcome: Outcome, as_json: bool) -> None:
    """A step as the log shows it, its effects on the campaign, and whose turn it is now."""
    if as_json:
        print_json(outcome.to_dict())
        return
    out = console()
    out.print(Text(f"{outcome.info.id} step {outcome.step.number}: {outcome.step.summary}"))
    for line in outcome.lines():
        out.print(Text(line))
    for effect in outcome.effects:
        out.print(Text(f"campaign: {effect.describe()}", style="yellow"))
    for line in deck_draw_lines(outcome):
        out.print(Text(line, style="yellow"))
    out.print(Text(now_line(outcome), style="dim"))


def report_fight(outcome: FightOutcome, as_json: bool) -> None:
    """A step of another system's fight as the log shows it."""
    if as_json:
        print_json(outcome.to_dict())
        return
    out = console()
    out.print(Text(f"{outcome.info.id} step {outcome.step.number}: {outcome.step.summary}"))
    for line in outcome.lines():
        out.print(Text(line))


def deck_draw_lines(outcome: Outcome) -> list[str]:
    """What a step means for the Deck: "Players ... will draw from the Deck any time they
    fully succeed at a Skill Check or land the killing blow on an enemy." A character who
    downed a unit draws when the Storyteller declares it dead; a Word the Deck could not deal
    is offered as the `deck draw` to make later."""
    from adjudicator.ledger.fights.steps import (
        EffectKind,
        StepAction,
    )  # lazy: heavy import (sqlite-utils)

    lines = []
    if outcome.step.action is not StepAction.UNDO:
        for event in outcome.events:
            if not isinstance(event, UnitDown):
                continue
            down = outcome.state.unit(event.unit)
            killer = down.last_hit_by
            if killer is None or outcome.state.unit(killer).character is None:
                continue
            lines.append(
                f"Deck: {killer} lands the killing blow if {down.name} is declared dead "
                f"(adjudicator combat dead {_arg(down.name)}): {killer}'s player draws a Word"
            )
    for effect in outcome.effects:
        if effect.kind is EffectKind.OWED and "killing blow" in effect.note:
            lines.append(
                f"Deck: {effect.who} is owed a Word for the killing blow: "
                f"adjudicator deck draw {_arg(effect.who)} --for killing-blow"
            )
    return lines


def _arg(text: str) -> str:
    """A name as typed in a shell: quoted when it has spaces or quotes."""
    return text if text.replace("-", "").replace("_", "").isalnum() else repr(text)


def now_line(outcome: Outcome) -> str:
    state = outcome.state
    if state.stack is not None:
        return f"now: {state.stack.depth}-deep spell stack waiting: {state.stack}"
    if state.turn is not None:
        return f"now: round {state.round}, {state.turn}"
    return f"now: {state.phase.value}"


# --- quick NPCs -------------------------------------------------------------------------------

_DICE = re.compile(r"^(\d*)d(\d+)\s*/\s*(\d*)d(\d+)$", re.IGNORECASE)


def numbers(text: str, what: str, count: int | None = None) -> tuple[int, ...]:
    """ "4/6/6/6" as numbers; `count` of them if given."""
    parts = [part.strip() for part in text.split("/")]
    if not all(part.isdigit() for part in parts) or (count is not None and len(parts) != count):
        shape = "/".join(["N"] * (count or 2))
        raise InvalidInput(f"{what} {text!r} is not {shape}", hint=f"write {what} 4/6/6/6")
    return tuple(int(part) for part in parts)


def weapon_spec(text: str) -> Weapon:
    """A quick NPC's weapon: a Reference weapon ("Crossbow"), NAME=REFERENCE ("Club=One-Handed"),
    or NAME=HIT/DAMAGE dice with optional "ranged" and "max DIE" ("Bow=1d6/1d4 ranged max 1d10")."""

    name, equals, profile = text.partition("=")
    if not equals:
        return load_tables().weapon(text.strip())
    words = profile.split()
    dice = _DICE.match(words[0]) if words else None
    if dice is None:
        return load_tables().weapon(profile.strip()).named(name.strip())
    ranged = "ranged" in (w.lower() for w in words)
    limit = None
    if "max" in (w.lower() for w in words):
        index = [w.lower() for w in words].index("max")
        if index + 1 >= len(words):
            raise InvalidInput(f"--weapon {text!r}: max names a die", hint="max 1d10")
        limit = parse_die(words[index + 1])
    return Weapon(
        name.strip(),
        int(dice.group(2)),
        int(dice.group(4)),
        ranged=ranged,
        range_limit=limit,
    )


def hold_spec(text: str) -> tuple[str, str]:
    """`--hold`: a weapon drawn in the Mainhand ("Sword") or in a named hand ("Offhand=Dagger")."""
    hand, equals, weapon = text.partition("=")
    if not equals:
        hand, weapon = "Mainhand", text
    if not hand.strip() or not weapon.strip():
        raise InvalidInput(
            f"--hold {text!r} is WEAPON or HAND=WEAPON", hint="--hold Offhand=Dagger"
        )
    return hand.strip(), weapon.strip()


def stance_spec(text: str) -> Stance:
    """`--stance`: a Stance of the draft, NAME or NAME=SPEC, SPEC holding its Words and an
    armor modifier: "Crane=[Evade] -1", "Turtle=+1"."""

    name, _, spec = text.partition("=")
    modifiers = re.findall(r"(?<![\w\]])[+-]\d+\b", spec)
    words_text = re.sub(r"(?<![\w\]])[+-]\d+\b", " ", spec).strip()
    if not name.strip() or len(modifiers) > 1:
        raise InvalidInput(
            f"--stance {text!r} is NAME=[WORDS] [+N|-N]", hint='--stance "Crane=[Evade] -1"'
        )
    words = parse_words(words_text) if words_text else ()
    return Stance(name.strip(), tuple(words), int(modifiers[0]) if modifiers else 0)


def zone_spec(text: str) -> Hitzone:
    """An extra Hitzone: NAME=HP or NAME=HP+ARMOR ("Amulet=2+1")."""

    name, equals, value = text.partition("=")
    hp, plus, armor = value.partition("+")
    if not equals or not name.strip() or not hp.strip().isdigit():
        raise InvalidInput(f"--zone {text!r} is not NAME=HP[+ARMOR]", hint="--zone Amulet=2+1")
    if plus and not armor.strip().isdigit():
        raise InvalidInput(f"--zone {text!r}: the armor is a whole number")
    return zone(name.strip(), int(hp), int(armor) if plus else 0)
