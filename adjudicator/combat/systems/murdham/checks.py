"""The checks Murdham's handlers share: the phase, whose go and whose turn it is, zones."""

from __future__ import annotations

from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.state import MurdhamState, Phase, Turn


def known_zone(state: MurdhamState, name: str) -> str:
    zone = state.zone(name)
    if zone is None:
        raise err.SetupError(
            f"there is no zone {name!r}", hint=f"zones: {', '.join(state.zones) or 'none yet'}"
        )
    return zone


def acting_phase(state: MurdhamState) -> None:
    if state.phase is not Phase.ACTION:
        raise err.NotInPhase(f"the fight is in its {state.phase.value} phase")
    if state.pending is not None:
        raise err.AttackPending(
            f"{state.pending.attacker}'s attack on {state.pending.target} waits for a reaction "
            "or take-hit"
        )


def no_turn(state: MurdhamState) -> None:
    acting_phase(state)
    if state.turn is not None:
        raise err.TurnInProgress(f"{state.turn.unit}'s turn is not over (end-turn)")


def their_go(state: MurdhamState, faction: str) -> None:
    if state.to_act != faction:
        raise err.NotYourFactionsGo(f"it is {state.to_act}'s go, not {faction}'s")


def own_turn(state: MurdhamState, unit: str) -> Turn:
    acting_phase(state)
    fighter = state.fighter(unit)
    if state.turn is None or state.turn.unit != fighter.name:
        whose = "no one's" if state.turn is None else f"{state.turn.unit}'s"
        raise err.NotTheirTurn(f"it is {whose} turn, not {fighter.name}'s (take-turn first)")
    return state.turn
