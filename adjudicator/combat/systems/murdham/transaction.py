"""One Murdham command being resolved: its events so far, the state they lead to, the dice.

The same shape as Words of Power's `Transaction`: handlers read `tx.state`, `tx.emit` events
and `tx.roll` dice; the fight commits the events only if the handler returns.
"""

from __future__ import annotations

from adjudicator.combat.dice_source import DiceSource, RolledDie
from adjudicator.combat.systems.murdham.events import MurdhamEvent
from adjudicator.combat.systems.murdham.state import MurdhamState


class Tx:
    def __init__(self, state: MurdhamState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[MurdhamEvent] = []

    def emit(self, *events: MurdhamEvent) -> None:
        for event in events:
            self.state = event.apply(self.state)
            self.events.append(event)

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        return self.dice.roll(sides, purpose, roller)

    def save(self, score: int, purpose: str, roller: str) -> RolledDie:
        """A save: a d20, passed on "equal or under" the score (our reading, as the Murdham
        core rules have it; the chapter does not restate it)."""
        return self.roll(20, purpose, roller)

    def dice_rolls(self, sides: int, count: int, roller: str) -> tuple[RolledDie, ...]:
        return tuple(self.roll(sides, "damage", roller) for _ in range(count))
