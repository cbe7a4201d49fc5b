"""`adjudicator combat log|board|odds|status|list`: reading a stored combat, changing nothing."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from adjudicator.cli import _output, combat_systems
from adjudicator.cli._ledger import check_output, console, opened, write_output
from adjudicator.cli._options import CombatOption, JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.cli.combat_board import text_board
from adjudicator.cli.combat_options import TargetArgument, UnitArgument
from adjudicator.combat.checks import shot
from adjudicator.combat.svg import svg_board
from adjudicator.combat.view import board_data, tracker_lines
from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from adjudicator.combat.units import Unit
    from adjudicator.ledger.fights.steps import StoredCombat


def register(app: typer.Typer) -> None:
    for name, command in (
        ("log", log_command),
        ("board", board_command),
        ("odds", odds_command),
        ("status", status_command),
        ("list", list_command),
    ):
        app.command(name)(command)


def _load(path: Path | None, combat: str | None) -> StoredCombat:
    from adjudicator.ledger.fights.steps import load_combat  # lazy: heavy import (sqlite-utils)

    with opened(path) as ledger:
        return load_combat(ledger, combat)


def log_command(
    steps: Annotated[
        bool, typer.Option("--steps", help="The stored steps instead: commands, undos, redos.")
    ] = False,
    combat: CombatOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print the exact event log of the fight as it stands (every die with its seed in --json).

    Example: adjudicator combat log --combat F1
    """
    from adjudicator.ledger.fights.steps import (  # lazy: heavy import (sqlite-utils)
        StoredCombat,
        load_any,
    )

    with opened(ledger) as book:
        stored = load_any(book, combat)
    if steps:
        if as_json:
            print_json([step.to_dict() for step in stored.steps])
            return
        for step in stored.steps:
            effects = "; ".join(e.describe() for e in step.effects)
            line = f"{step.number:>4}. {step.action.value:<7} {step.summary}"
            console().print(Text(line + (f"  [{effects}]" if effects else "")))
        return
    fight = stored.combat if isinstance(stored, StoredCombat) else stored.fight
    if as_json:
        print_json(
            [
                {"n": i, "text": event.describe(), **event.to_dict()}
                for i, event in enumerate(fight.events, 1)
            ]
        )
        return
    for line in fight.log():
        console().print(Text(line))


def board_command(
    svg: Annotated[
        Path | None,
        typer.Option("--svg", help="Also write the board as an SVG picture here.", dir_okay=False),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the SVG file.")] = False,
    combat: CombatOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Draw the rings with each space's occupant and hazards; --svg writes the picture.

    Example: adjudicator combat board --svg board.svg
    """
    from adjudicator.ledger.fights.steps import (  # lazy: heavy import (sqlite-utils)
        StoredCombat,
        load_any,
    )

    with opened(ledger) as book:
        found = load_any(book, combat)
    if not isinstance(found, StoredCombat):
        if svg is not None:
            raise InvalidInput(
                f"--svg draws the Battle Board: {found.info.id} is a {found.info.system} fight"
            )
        combat_systems.board_view(found.info.system)(found, as_json)
        return
    stored = found
    state = stored.state
    if svg is not None:
        check_output(svg, force=force, ledger=ledger)
        title = f"{stored.info.id}" + (f": {stored.info.title}" if stored.info.title else "")
        write_output(svg_board(state, title), svg, force=force, ledger=ledger)
    if as_json:
        print_json({"combat": stored.info.id, **board_data(state), "svg": svg and str(svg)})
        return
    _output.console().print(text_board(state))
    if svg is not None:
        console().print(Text(f"wrote {svg}"))


def _fraction(value: Fraction) -> dict[str, Any]:
    return {"fraction": str(value), "probability": float(value)}


def odds_command(
    attacker: UnitArgument,
    target: TargetArgument,
    weapon: Annotated[
        str | None, typer.Option("--weapon", help="The weapon (default: the one in hand).")
    ] = None,
    combat: CombatOption = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """The exact odds of each Hitzone, a miss and a critical for an attack from where they stand.

    A ranged hit die steps up the ladder with the range of the cheapest clear path.

    Example: adjudicator combat odds Pink Red
    """

    stored = _load(ledger, combat)
    state = stored.state
    odds = stored.combat.odds(attacker, target, weapon)
    unit, victim = state.unit(attacker), state.unit(target)
    held = unit.held_weapons()
    arm = unit.weapon(weapon) if weapon else held[0] if held else unit.weapon("Unarmed")
    note = ""
    if unit.space is None or victim.space is None:
        note = "not both on the board"
    elif arm.ranged:
        note = str(shot(state, stored.combat.rules, unit, victim, arm))
    elif not state.board.is_adjacent(unit.space, victim.space):
        note = f"out of melee reach: {unit.space} does not touch {victim.space}"
    if as_json:
        print_json(
            {
                "attacker": unit.name,
                "target": victim.name,
                "weapon": arm.name,
                "hit_die": odds.sides,
                "zones": {name: _fraction(p) for name, p in odds.zones},
                "miss": _fraction(odds.miss),
                "critical": _fraction(odds.critical),
                "hit": _fraction(odds.hit),
                "note": note,
            }
        )
        return
    out = console()
    out.print(Text(f"{unit.name} attacks {victim.name} with {arm}: hit die 1d{odds.sides}"))
    if note:
        out.print(Text(note, style="dim"))
    for line in odds.lines():
        out.print(Text("  " + line))
    out.print(Text(f"  {'any hit':<10} {odds.hit} ({float(odds.hit):.1%})"))


def _zones(unit: Unit) -> str:
    parts = []
    for zone in unit.hitzones:
        text = f"{zone.name} {zone.hp}/{zone.max_hp}"
        if zone.max_armor:
            text += f" +{zone.armor}"
        if zone.maimed:
            text += " MAIMED"
        parts.append(text)
    return ", ".join(parts)


def _unit_json(unit: Unit) -> dict[str, Any]:
    return {
        "name": unit.name,
        "team": unit.team,
        "status": unit.status.value,
        "space": None if unit.space is None else str(unit.space),
        "hitzones": [
            {"name": z.name, "hp": z.hp, "max_hp": z.max_hp, "armor": z.armor, "maimed": z.maimed}
            for z in unit.hitzones
        ],
        "held": {hand: weapon for hand, weapon in unit.held},
        "hand": [w.text for w in unit.hand],
        "fate_weaver": unit.fate_weaver,
        "character": None if unit.character is None else unit.character.name,
        "stance": unit.stance,
        "tags": [tag.text for tag in unit.tags],
    }


def status_command(
    combat: CombatOption = None, ledger: LedgerOption = None, as_json: JsonOption = False
) -> None:
    """The fight now: each unit's space, Hitzones, weapons and hand; the turn tracker.

    Example: adjudicator combat status
    """

    stored = _load(ledger, combat)
    state = stored.state
    pending = [
        {"unit": p.unit, "word": p.enhancement.word.text, "step": p.step} for p in stored.pending
    ]
    if as_json:
        print_json(
            {
                **stored.info.to_dict(),
                "phase": state.phase.value,
                "round": state.round,
                "turn": None if state.turn is None else state.turn.to_dict(),
                "tracker": list(state.tracker()),
                "units": [_unit_json(unit) for unit in state.units],
                "stack": None if state.stack is None else str(state.stack),
                "pending_enhancements": pending,
                "steps": len(stored.steps),
            }
        )
        return
    table = Table("unit", "team", "where", "Hitzones", "held", "hand", box=None)
    for unit in state.units:
        where = str(unit.space) if unit.space else ""
        held = ", ".join(w for _, w in unit.held if w) or "—"
        table.add_row(
            Text(unit.name),
            Text(unit.team),
            Text(f"{where} {unit.status.value}".strip()),
            Text(_zones(unit)),
            Text(held),
            Text(" ".join(str(w) for w in unit.hand) or "—"),
        )
    out = console()
    info = stored.info
    title = f" ({info.title})" if info.title else ""
    out.print(Text(f"{info.id}{title}: {info.ruleset} ruleset, seed {info.seed}"))
    _output.console().print(table)
    for line in tracker_lines(state):
        out.print(Text(line, style="dim"))
    if state.stack is not None:
        out.print(Text(f"spell stack: {state.stack}"))
    for item in pending:
        out.print(Text(f"{item['unit']} will enhance the next action with [{item['word']}]"))


def list_command(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """Every combat in the ledger, with its phase and how far it got.

    Example: adjudicator combat list
    """
    from adjudicator.ledger.fights.steps import (  # lazy: heavy import (sqlite-utils)
        StoredCombat,
        load_every,
    )

    with opened(ledger) as book:
        folded = load_every(book)
    rows = [
        {
            **stored.info.to_dict(),
            "phase": stored.state.phase.value
            if isinstance(stored, StoredCombat)
            else stored.fight.phase_name,
            "round": stored.state.round
            if isinstance(stored, StoredCombat)
            else stored.fight.round_number,
            "steps": len(stored.steps),
        }
        for stored in folded
    ]
    if as_json:
        print_json(rows)
        return
    keys = ("id", "session", "ruleset", "phase", "round", "steps", "title")
    table = Table(*keys, box=None)
    for row in rows:
        if row["system"] != "words-of-power":
            row = {**row, "ruleset": f"{row['system']}: {row['ruleset']}"}
        table.add_row(*(Text("—" if row[k] is None else str(row[k])) for k in keys))
    _output.console().print(table)
