"""Murdham attack stunts (`seeds/002`, "Attack stunts"): "The attacker can propose an
alternative effect to the target instead of inflicting damage (cutting a limb, forcing a
surrender, etc.). This must be done before the target decides whether to react but after the
WIT save to hit, and the alternative effect must make sense and be approved by the GM. The
target can either accept the proposed effect or resolve the attack as normal. It isn't
possible to react if the effect is accepted."

An attack proposes one (`Attack.stunt`) once it hits; the pending attack then waits for the
target's answer (no reaction before it, `attacks._no_stunt_waiting`). Recording the attack
with its stunt is the GM's approval; what the effect does is the GM's call.
"""

from __future__ import annotations

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham import tactic_events as tev
from adjudicator.combat.systems.murdham.attacks import resolved, settle
from adjudicator.combat.systems.murdham.state import MurdhamState, PendingAttack
from adjudicator.combat.systems.murdham.transaction import Tx


def _stunt(state: MurdhamState, unit: str) -> PendingAttack:
    """The pending attack whose stunt `unit`, its target, answers."""
    pending = state.pending
    if pending is None or not pending.stunt:
        raise err.StuntRefused("no stunt waits for an answer")
    fighter = state.fighter(unit)
    if fighter.name != pending.target:
        raise err.StuntRefused(
            f"the stunt was proposed to {pending.target}, not {fighter.name}",
            rule="The target can either accept the proposed effect or resolve the attack as "
            "normal.",
        )
    return pending


@c.handles(c.AcceptStunt)
def accept_stunt(tx: Tx, command: c.AcceptStunt) -> None:
    """ "The target can either accept the proposed effect or resolve the attack as normal. It
    isn't possible to react if the effect is accepted." The effect stands, no damage."""
    pending = _stunt(tx.state, command.unit)
    tx.emit(tev.StuntAccepted(pending.attacker, pending.target, pending.stunt))
    resolved(tx)


@c.handles(c.RefuseStunt)
def refuse_stunt(tx: Tx, command: c.RefuseStunt) -> None:
    """ "... or resolve the attack as normal": the target may react, or take the damage."""
    pending = _stunt(tx.state, command.unit)
    tx.emit(tev.StuntDeclined(pending.attacker, pending.target))
    settle(tx)
