"""Murdham's space as text: each zone with its neighbours and who stands in it, then the round.

Murdham has no grid: "move by 2 zones" over zones the GM describes. The picture is a list,
one zone a block, so it fits any map the GM links up.
"""

from __future__ import annotations

from typing import Any

from adjudicator.combat.systems.murdham.state import MurdhamState, Phase, Status, SubPhase
from adjudicator.rules.wording import plural


def fighter_text(state: MurdhamState, name: str) -> str:
    f = state.fighter(name)
    marks = []
    if f.status is not Status.ACTIVE:
        marks.append(f.status.value)
    if f.concealed:
        marks.append("concealed")
    if state.turn is not None and state.turn.unit == f.name:
        marks.append("acting")
    elif f.name in state.acted and f.status is Status.ACTIVE:
        marks.append("done")
    marks += [f"stunt: {effect}" for target, effect, _ in state.stunts if target == f.name]
    mark = f" [{', '.join(marks)}]" if marks else ""
    return f"{f.name} ({f.faction}) {f.hp}/{f.max_hp}{mark}"


def round_lines(state: MurdhamState) -> list[str]:
    """The round: number, initiative, whose go, the threshold, the turn and a pending attack."""
    if state.ended is not None:
        return [f"the fight is over: {state.ended}"]
    if state.phase is Phase.SETUP:
        return ["setting up: add zones and characters, then begin"]
    if state.bonus_turn:
        lines = [
            f"the ambush's bonus turn: {state.to_act} to act; only "
            f"{', '.join(sorted(state.bonus))} may take a turn"
        ]
    else:
        lines = [
            f"round {state.round}: {state.initiative} have the initiative; {state.to_act} to act"
        ]
    if state.sub is not SubPhase.ALL:
        lines.append(f"{state.sub.value} sub-phase, threshold {state.threshold}")
    if state.turn is not None:
        t = state.turn
        left = "main or bonus" if t.may_main() and t.may_bonus() else ""
        left = left or ("main" if t.may_main() else "bonus" if t.may_bonus() else "no action")
        lines.append(f"{t.unit}'s turn: {plural(t.movement, 'zone')} of movement, {left} left")
    if state.pending is not None:
        p = state.pending
        if p.stunt:
            lines.append(
                f"{p.attacker} proposes a stunt to {p.target}: {p.stunt} (accept-stunt or "
                "refuse-stunt)"
            )
        else:
            lines.append(f"{p.attacker}'s attack on {p.target} waits for a reaction (or take-hit)")
    return lines


def text_board(state: MurdhamState) -> str:
    """The zones, their links and occupants, then the round."""
    lines = []
    for zone in state.zones:
        near = ", ".join(state.neighbours(zone)) or "no neighbour"
        lines.append(f"[{zone}]  → {near}")
        here = [f for f in state.fighters if f.zone == zone and f.status is not Status.ESCAPED]
        for f in here:
            lines.append(f"    {fighter_text(state, f.name)}")
        if not here:
            lines.append("    ·")
    gone = [f.name for f in state.fighters if f.status is Status.ESCAPED]
    if gone:
        lines.append(f"escaped: {', '.join(gone)}")
    return "\n".join([*lines, "", *round_lines(state)])


def board_data(state: MurdhamState) -> dict[str, Any]:
    """The board as JSON: zones with neighbours and occupants, the round."""
    return {
        "zones": [
            {
                "zone": zone,
                "neighbours": list(state.neighbours(zone)),
                "fighters": [
                    f.name
                    for f in state.fighters
                    if f.zone == zone and f.status is not Status.ESCAPED
                ],
            }
            for zone in state.zones
        ],
        "fighters": [f.to_dict() for f in state.fighters],
        "round": state.round,
        "initiative": state.initiative,
        "to_act": state.to_act,
        "phase": state.phase.value,
        "sub_phase": state.sub.value,
        "threshold": state.threshold,
        "turn": None if state.turn is None else state.turn.to_dict(),
        "pending": None if state.pending is None else state.pending.to_dict(),
        "stunts": [
            {"target": target, "effect": effect, "attacker": attacker}
            for target, effect, attacker in state.stunts
        ],
        "lines": round_lines(state),
    }
