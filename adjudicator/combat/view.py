"""The Battle Board for any picture: team colours, the turn tracker's lines, the board as
JSON. Shared by the SVG (`svg`), the terminal layout (the CLI) and the table's pages."""

from __future__ import annotations

from typing import Any

from adjudicator.combat.board import Hazard
from adjudicator.combat.state import CombatState, Phase
from adjudicator.combat.units import Status

#: Marker colours for the SVG and the terminal, by the order teams joined.
SVG_COLOURS = ("#e4572e", "#2e86de", "#2bb673", "#f4b400", "#9b5de5", "#00b8a9")
TERM_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
#: Units that no longer take turns: downed (the Head at 0 HP), dead or fled.
OUT = (Status.DOWN, Status.DEAD, Status.FLED)


def team_index(state: CombatState) -> dict[str, int]:
    return {team: i % len(SVG_COLOURS) for i, team in enumerate(state.teams)}


def hazard_text(hazards: tuple[Hazard, ...]) -> str:
    return ", ".join(str(h) for h in hazards)


def tracker_lines(state: CombatState) -> tuple[str, ...]:
    """The turn tracker as the board's side panel shows it: "round 2" (the phase named only
    outside the rounds), the team order, who has acted without the units that can no longer
    act ("Players may keep fighting and acting as long as they have Head HP remaining"), who
    acts, the reinforcement markers. No empty lines."""
    if state.phase is Phase.ROUNDS:
        lines = [f"round {state.round}"]
    elif state.phase is Phase.ENDED:
        lines = [f"ended in round {state.round}" if state.round else "ended"]
    else:
        lines = [f"{state.phase.value} round" if state.round else state.phase.value]
    if state.team_order:
        lines.append("teams: " + " > ".join(state.team_order))
    acting = [n for n in state.turn_order if state.unit(n).status not in OUT]
    if acting:
        lines.append("order: " + ", ".join(acting))
    if state.turn is not None:
        left = state.turn.actions_left
        lines.append(f"acting: {state.turn.unit} ({left} action{'s' * (left != 1)} left)")
    lines += [f"marker: {n} enters at {s} in round {r}" for n, s, r in state.markers()]
    return tuple(lines)


def board_data(state: CombatState) -> dict[str, Any]:
    """The board as JSON: each space with its occupant and hazards, and who waits outside."""
    spaces = []
    for space in state.board.spaces:
        unit = state.occupant(space)
        spaces.append(
            {
                "space": str(space),
                "ring": space.ring,
                "occupant": None if unit is None else unit.name,
                "team": None if unit is None else unit.team,
                "status": None if unit is None else unit.status.value,
                "hazards": [str(h) for h in state.layout.hazards_at(space)],
            }
        )
    return {
        "ruleset": state.ruleset,
        "phase": state.phase.value,
        "round": state.round,
        "spaces": spaces,
        "hovering": [{"unit": n, "space": str(s), "round": r} for n, s, r in state.markers()],
        "onlookers": [u.name for u in state.units if u.status is Status.ONLOOKER],
        "tracker": list(state.tracker()),
        "stack": None if state.stack is None else str(state.stack),
    }
