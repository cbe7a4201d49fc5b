"""The Battle Board as an SVG like the rulebook's board (concentric rings A-D, D1 at the top,
numbered clockwise; D1/D3/D5/D7 wide, D2/D4/D6/D8 straddling a C divider), with units as
team-coloured markers, hazards shaded and the turn tracker beside it. Built as plain text (no
drawing library), so the CLI (`combat board --svg`) and the table's pages draw the same."""

from __future__ import annotations

import math
import textwrap
from html import escape

from adjudicator.combat.board import HazardKind, Space
from adjudicator.combat.state import CombatState
from adjudicator.combat.units import Status, Unit
from adjudicator.combat.view import OUT, SVG_COLOURS, hazard_text, team_index, tracker_lines

# SVG geometry: the board's centre, each ring's inner and outer radius, the radius a marker
# sits at, and the bearing (degrees clockwise from the top) each ring's first space is centred on.
CX, CY = 350.0, 350.0
RADII = {"A": (0.0, 60.0), "B": (60.0, 140.0), "C": (140.0, 220.0), "D": (220.0, 310.0)}
MARKER_R = {"A": 0.0, "B": 100.0, "C": 180.0, "D": 265.0}
HOVER_R = 333.0
#: Half the angle a space spans: B halves, C quarters, D wide (63°) and narrow (27°) sectors.
WIDE_D, NARROW_D = 31.5, 13.5
HAZARD_FILL = {
    HazardKind.BLOCK: ("#1b1b1b", "0.6"),
    HazardKind.SLOW: ("#4aa3df", "0.45"),
    HazardKind.DAMAGE: ("#d0021b", "0.45"),
}


def _geometry(space: Space) -> tuple[float, float, float, float]:
    """A space's inner and outer radius and the bearings it spans, clockwise."""
    inner, outer = RADII[space.ring]
    count = {"A": 1, "B": 2, "C": 4, "D": 8}[space.ring]
    centre = 360.0 / count * (space.number - 1)
    half = 180.0 / count
    if space.ring == "D":
        half = WIDE_D if space.number % 2 else NARROW_D
    return inner, outer, centre - half, centre + half


def _point(bearing: float, radius: float) -> tuple[float, float]:
    angle = math.radians(bearing)
    return CX + radius * math.sin(angle), CY - radius * math.cos(angle)


def _xy(bearing: float, radius: float) -> str:
    x, y = _point(bearing, radius)
    return f"{x:.1f} {y:.1f}"


def _sector(space: Space) -> str:
    """The SVG path of a space: a disc for A1, an annular sector for the rest."""
    inner, outer, start, end = _geometry(space)
    if space.ring == "A":
        return (
            f"M {CX - outer:.1f} {CY:.1f} a {outer:.1f} {outer:.1f} 0 1 0 {2 * outer:.1f} 0 "
            f"a {outer:.1f} {outer:.1f} 0 1 0 {-2 * outer:.1f} 0 Z"
        )
    large = 1 if end - start > 180 else 0
    return (
        f"M {_xy(start, outer)} A {outer:.0f} {outer:.0f} 0 {large} 1 {_xy(end, outer)} "
        f"L {_xy(end, inner)} A {inner:.0f} {inner:.0f} 0 {large} 0 {_xy(start, inner)} Z"
    )


def _dividers() -> list[str]:
    """The white lines between the spaces of each ring, as in the rulebook's picture."""
    lines = []
    for ring, count in (("B", 2), ("C", 4), ("D", 8)):
        for number in range(1, count + 1):
            inner, outer, start, _ = _geometry(Space(ring, number))
            x1, y1 = _point(start, inner)
            x2, y2 = _point(start, outer)
            lines.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    return lines


def _marker(unit: Unit, x: float, y: float, colour: str, *, hovering: bool = False) -> list[str]:
    name = escape(unit.name)
    initials = escape(unit.name[:2])
    down = unit.status is Status.DOWN
    fill = "#8a8a8a" if down else colour
    dash = ' stroke-dasharray="4 3"' if hovering or down else ""
    label = f"{name} (down)" if down else f"{name} (arriving)" if hovering else name
    parts = [f'<g class="unit" data-team="{escape(unit.team)}">']
    if any(zone.maimed for zone in unit.hitzones) and not down:  # a red ring: Maimed
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="19.5" fill="none" stroke="#ff3b3b" '
            'stroke-width="3"/>'
        )
    return [
        *parts,
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="{fill}" stroke="#ffffff" '
        f'stroke-width="2.5"{dash}/>',
        f'<text x="{x:.1f}" y="{y + 4.5:.1f}" class="initials">{initials}</text>',
        f'<text x="{x:.1f}" y="{y + 31:.1f}" class="name">{label}</text>',
        "</g>",
    ]


def svg_board(state: CombatState, title: str) -> str:
    """The Battle Board as an SVG document, with the turn tracker at its right."""
    colours = team_index(state)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700" '
        'viewBox="0 0 1000 700" font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(title)}</title>",
        "<defs>",
        '<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">'
        '<stop offset="0" stop-color="#9a6535"/><stop offset="0.55" stop-color="#7d4f28"/>'
        '<stop offset="1" stop-color="#5e3a1c"/></linearGradient>',
        "<style>"
        ".label{fill:#ffffff;text-anchor:middle;font-size:22px}"
        ".small{fill:#ffffff;text-anchor:middle;font-size:13px;opacity:0.9}"
        ".initials{fill:#ffffff;text-anchor:middle;font-size:12px;font-weight:bold}"
        ".name{fill:#ffffff;text-anchor:middle;font-size:13px;font-weight:bold;"
        "paint-order:stroke;stroke:#3b2410;stroke-width:3px}"
        ".hazard{fill:#fff3c4;text-anchor:middle;font-size:11px;font-style:italic}"
        ".panel{fill:#ffffff;font-size:14px}"
        "</style>",
        "</defs>",
        '<rect width="1000" height="700" fill="url(#wood)"/>',
        '<g stroke="#4a2c12" stroke-opacity="0.35" stroke-width="2">',
        *(f'<line x1="0" y1="{y}" x2="1000" y2="{y}"/>' for y in (95, 230, 410, 585)),
        "</g>",
    ]
    for space in state.board.spaces:
        hazards = state.layout.hazards_at(space)
        for hazard in hazards:
            fill, opacity = HAZARD_FILL[hazard.kind]
            out.append(
                f'<path d="{_sector(space)}" fill="{fill}" fill-opacity="{opacity}" '
                f'class="hazard-{hazard.kind.value}"/>'
            )
    out.append('<g fill="none" stroke="#ffffff" stroke-width="4">')
    out += [f'<circle cx="{CX:.0f}" cy="{CY:.0f}" r="{r[1]:.0f}"/>' for r in RADII.values()]
    out += _dividers()
    out.append("</g>")
    for space in state.board.spaces:
        out += _space(state, space, colours)
    for name, where, _ in state.markers():
        _, _, start, end = _geometry(where)
        x, y = _point((start + end) / 2, HOVER_R)
        unit = state.unit(name)
        out += _marker(unit, x, y, SVG_COLOURS[colours[unit.team]], hovering=True)
    out += _panel(state, title, colours)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _space(state: CombatState, space: Space, colours: dict[str, int]) -> list[str]:
    _, _, start, end = _geometry(space)
    x, y = _point((start + end) / 2, MARKER_R[space.ring])
    unit = state.occupant(space)
    hazards = state.layout.hazards_at(space)
    parts: list[str] = []
    if unit is None:
        parts.append(f'<text x="{x:.1f}" y="{y + 8:.1f}" class="label">{space}</text>')
    else:
        parts.append(f'<text x="{x:.1f}" y="{y - 21:.1f}" class="small">{space}</text>')
        parts += _marker(unit, x, y, SVG_COLOURS[colours[unit.team]])
    if hazards:
        below = y + (26 if unit is None else 46)
        text = escape(hazard_text(hazards))
        parts.append(f'<text x="{x:.1f}" y="{below:.1f}" class="hazard">{text}</text>')
    return parts


def _panel(state: CombatState, title: str, colours: dict[str, int]) -> list[str]:
    """The turn tracker at the right, ruled like the rulebook's: round, order, markers, teams,
    one ruled row each and no empty ones."""
    rows = [title, *tracker_lines(state)]
    onlookers = [u.name for u in state.units if u.status is Status.ONLOOKER]
    if onlookers:
        rows.append("onlookers: " + ", ".join(onlookers))
    if state.stack is not None:
        rows.append(f"spell stack {state.stack.depth} deep, {state.stack.top} on top")
    gone = [f"{u.name} ({u.status.value})" for u in state.units if u.status in OUT]
    if gone:
        rows.append("out of the fight: " + ", ".join(gone))
    rows = rows[:9]
    teams = list(colours.items())[: 12 - len(rows)]
    bottom = 56 * (len(rows) + len(teams))
    out = ['<g stroke="#ffffff" stroke-opacity="0.8" stroke-width="1.5">']
    out += [
        f'<line x1="720" y1="0" x2="720" y2="{bottom}"/>',
        f'<line x1="985" y1="0" x2="985" y2="{bottom}"/>',
    ]
    out += [f'<line x1="720" y1="{y}" x2="985" y2="{y}"/>' for y in range(56, bottom + 1, 56)]
    out.append("</g>")
    for i, row in enumerate(rows):
        lines = textwrap.wrap(row, 30)[:3] or [""]
        top = 56 * i + 30 - 8 * (len(lines) - 1)
        weight = ' font-weight="bold"' if i == 0 else ""
        spans = "".join(
            f'<tspan x="730" y="{top + 16 * j}">{escape(line)}</tspan>'
            for j, line in enumerate(lines)
        )
        out.append(f'<text class="panel"{weight}>{spans}</text>')
    for i, (team, index) in enumerate(teams, start=len(rows)):
        y = 56 * i + 33
        out.append(
            f'<circle cx="742" cy="{y - 5}" r="9" fill="{SVG_COLOURS[index]}" stroke="#ffffff" '
            'stroke-width="2"/>'
        )
        out.append(f'<text x="760" y="{y}" class="panel">{escape(team)}</text>')
    return out
