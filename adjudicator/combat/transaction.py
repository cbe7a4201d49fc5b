"""A command being resolved: a working state that each emitted event advances, and the dice.

Handlers read `tx.state`, call `tx.emit(event)` and `tx.roll(...)`; the engine commits
`tx.events` only if the handler returns. An error anywhere discards the transaction, so an
illegal command changes nothing.
"""

from __future__ import annotations

from adjudicator.combat.dice_source import DiceSource, RolledDie
from adjudicator.combat.events import Event
from adjudicator.combat.rulesets import Ruleset
from adjudicator.combat.state import CombatState


class Transaction:
    """The events of one command so far, the state they lead to, the ruleset and the dice."""

    def __init__(self, state: CombatState, rules: Ruleset, dice: DiceSource) -> None:
        self.start = state
        self.state = state
        self.rules = rules
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.state = event.apply(self.state)
            self.events.append(event)

    def events_tuple(self) -> tuple[Event, ...]:
        return tuple(self.events)

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        return self.dice.roll(sides, purpose, roller)

    def roll_many(self, count: int, sides: int, purpose: str, roller: str) -> tuple[RolledDie, ...]:
        return tuple(self.roll(sides, purpose, roller) for _ in range(count))
