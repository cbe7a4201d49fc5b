"""Spellwoven's space as text: "Spellwoven doesn't assume use of miniatures"; the fight is
three Proximities, Engaged, Nearby and Distant, and the round's order of Initiative."""

from __future__ import annotations

from typing import Any

from adjudicator.combat.systems.spellwoven.state import Chance, Phase, Proximity, SpellwovenState


def round_lines(state: SpellwovenState) -> list[str]:
    if state.ended is not None:
        return [f"the fight is over: {state.ended}"]
    if state.phase is Phase.SETUP:
        return ["setting up: add characters, then begin (everyone rolls Initiative)"]
    scores = dict(state.initiative)
    order = ", ".join(
        f"{n} {scores.get(n, 0)}" + (" (acted)" if n in state.acted else "") for n in state.order
    )
    lines = [f"Action Round {state.round}: {order}", f"to act: {state.next_up()}"]
    for chance in state.open_chances():
        if chance.kind == Chance.HEROIC:
            lines.append(f"before the next Action: {chance.unit} may trigger a Heroic Death")
        else:
            by = ", ".join(chance.by)
            lines.append(f"before the next Action: {by} may attack {chance.unit} (opportunity)")
    return lines


def text_board(state: SpellwovenState) -> str:
    lines = []
    for proximity in Proximity:
        here = [u for u in state.characters if u.proximity is proximity]
        names = "; ".join(f"{u.name} ({u.side}, {u.status})" for u in here) or "·"
        lines.append(f"{proximity.value:>8} | {names}")
    for u in state.characters:
        conditions = f" [{', '.join(u.conditions)}]" if u.conditions else ""
        lines.append(f"  {u.name}: {u.track.describe()}{conditions}")
    if state.options:
        lines.append(f"optional rules: {state.option_titles}")
    return "\n".join([*lines, "", *round_lines(state)])


def board_data(state: SpellwovenState) -> dict[str, Any]:
    return {
        "proximities": {
            p.value: [u.name for u in state.characters if u.proximity is p] for p in Proximity
        },
        "characters": [u.to_dict() for u in state.characters],
        "status": {u.name: u.status for u in state.characters},
        "options": list(state.options),
        "initiative": dict(state.initiative),
        "order": list(state.order),
        "acted": sorted(state.acted),
        "round": state.round,
        "phase": state.phase.value,
        "lines": round_lines(state),
    }
