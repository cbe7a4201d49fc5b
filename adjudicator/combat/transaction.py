"""A command being resolved: a working state that each emitted event advances, and the dice.

Handlers read `tx.state`, call `tx.emit(event)` and `tx.roll(...)`; the engine commits
`tx.events` only if the handler returns. An error anywhere discards the transaction, so an
illegal command changes nothing.
"""

from __future__ import annotations

from adjudicator.combat import fight
from adjudicator.combat.dice_source import DiceSource
from adjudicator.combat.events import Event
from adjudicator.combat.rulesets import Ruleset
from adjudicator.combat.state import CombatState


class Transaction(fight.Transaction[CombatState, Event]):
    """The events of one command so far, the state they lead to, the ruleset and the dice."""

    def __init__(self, state: CombatState, rules: Ruleset, dice: DiceSource) -> None:
        super().__init__(state, dice)
        self.rules = rules
