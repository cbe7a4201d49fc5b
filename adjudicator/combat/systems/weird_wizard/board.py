"""The Weird Wizard battlefield as text: combatants along a line of yards, then the round."""

from __future__ import annotations

from typing import Any

from adjudicator.combat.systems.weird_wizard.state import Phase, WeirdState


def round_lines(state: WeirdState) -> list[str]:
    if state.ended is not None:
        return [f"the fight is over: {state.ended}"]
    if state.phase is Phase.SETUP:
        return ["setting up: add combatants, then begin"]
    acting = state.now_acting()
    lines = [f"round {state.round}: {acting.value if acting else 'nobody'}'s side to act"]
    if state.turn is not None:
        t = state.turn
        left = "action used" if t.acted else "action left"
        lines.append(f"{t.unit}'s turn: {t.speed - t.moved} yards of Speed, {left}")
    for g in state.grabs:
        lines.append(f"{g.held} is {'pinned' if g.pinned else 'held'} by {g.holder}")
    for e in state.effects:
        kind = "harmful" if e.harmful else "helpful"
        lines.append(f"effect {e.describe()}, {kind}, {e.lasts()}")
    for o in state.obstacles:
        broken = " (destroyed)" if o.destroyed else ""
        lines.append(f"obstacle {o.name}: Defense {o.defense}, {o.damage}/{o.health}{broken}")
    for task in state.tasks:
        lines.append(f"{task.unit} works on {task.name!r}: {task.done}/{task.needed} turns")
    if state.reacted:
        lines.append("reactions used: " + ", ".join(sorted(state.reacted)))
    return lines


def text_board(state: WeirdState) -> str:
    """Each occupied yard, left to right, with who stands there and their damage."""
    lines = []
    for position in sorted({u.position for u in state.combatants}):
        here = []
        for u in state.combatants:
            if u.position == position:
                mark = " [incapacitated]" if u.incapacitated else ""
                mark += " [prone]" if u.prone else ""
                done = " [done]" if u.name in state.done else ""
                here.append(f"{u.name} ({u.side.value}) {u.damage}/{u.health}{mark}{done}")
        lines.append(f"{position:>4} yd | " + "; ".join(here))
    return "\n".join([*lines, "", *round_lines(state)])


def board_data(state: WeirdState) -> dict[str, Any]:
    return {
        "combatants": [u.to_dict() for u in state.combatants],
        "round": state.round,
        "phase": state.phase.value,
        "turn": None if state.turn is None else state.turn.to_dict(),
        "done": sorted(state.done),
        "reacted": sorted(state.reacted),
        "effects": [e.to_dict() for e in state.effects],
        "obstacles": [o.to_dict() for o in state.obstacles],
        "tasks": [t.to_dict() for t in state.tasks],
        "lines": round_lines(state),
    }
