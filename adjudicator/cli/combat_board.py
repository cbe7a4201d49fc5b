"""The Battle Board in the terminal: a compact Rich layout, the board as a compass of cells
with the turn tracker under it. The SVG picture is the library's (`adjudicator.combat.svg`)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from adjudicator.combat.board import Space
from adjudicator.combat.state import CombatState
from adjudicator.combat.units import Status, Unit
from adjudicator.combat.view import TERM_COLOURS, hazard_text, team_index, tracker_lines

#: The terminal layout: the board as a compass, D1 at the top and the rings inwards.
LAYOUT: tuple[tuple[str | None, ...], ...] = (
    ("D8", None, "D1", None, "D2"),
    (None, None, "C1", None, None),
    (None, None, "B1", None, None),
    ("D7", "C4", "A1", "C2", "D3"),
    (None, None, "B2", None, None),
    (None, None, "C3", None, None),
    ("D6", None, "D5", None, "D4"),
)


# --- terminal ---------------------------------------------------------------------------------


def _occupant(unit: Unit | None, colours: dict[str, int]) -> Text:
    if unit is None:
        return Text("·", style="dim")
    style = TERM_COLOURS[colours[unit.team]]
    if unit.status is Status.DOWN:
        return Text(f"{unit.name} (down)", style=f"{style} dim strike")
    return Text(unit.name, style=f"bold {style}")


def text_board(state: CombatState) -> RenderableType:
    """The rings as a compass of cells: each space's name, hazards and occupant."""
    colours = team_index(state)
    grid = Table.grid(padding=(0, 1))
    for _ in range(5):
        grid.add_column(min_width=15, max_width=18, justify="center")
    for row in LAYOUT:
        cells: list[RenderableType] = []
        for name in row:
            if name is None:
                cells.append(Text(""))
                continue
            space = Space.parse(name)
            cell = Text(name, style="bold")
            hazards = state.layout.hazards_at(space)
            if hazards:
                cell.append(f" [{hazard_text(hazards)}]", style="yellow")
            cell.append("\n")
            cell.append_text(_occupant(state.occupant(space), colours))
            cells.append(cell)
        grid.add_row(*cells)
    legend = Text("teams: ")
    for team, index in colours.items():
        legend.append(f"■ {team}  ", style=TERM_COLOURS[index])
    lines: list[RenderableType] = [grid, Text(""), legend]
    lines += [Text(line, style="dim") for line in tracker_lines(state)]
    onlookers = [u.name for u in state.units if u.status is Status.ONLOOKER]
    if onlookers:
        lines.append(Text("onlookers: " + ", ".join(onlookers), style="dim"))
    if state.stack is not None:
        lines.append(Text(f"spell stack: {state.stack}", style="magenta"))
    return Group(*lines)
