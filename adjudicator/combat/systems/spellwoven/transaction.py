"""One Spellwoven command being resolved: its events so far, the state, the dice."""

from __future__ import annotations

from adjudicator.combat.dice_source import DiceSource, RolledDie
from adjudicator.combat.systems.spellwoven.events import SpellwovenEvent
from adjudicator.combat.systems.spellwoven.rolls import SkillTest
from adjudicator.combat.systems.spellwoven.state import SpellwovenState


class Tx:
    def __init__(self, state: SpellwovenState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[SpellwovenEvent] = []

    def emit(self, *events: SpellwovenEvent) -> None:
        for event in events:
            self.state = event.apply(self.state)
            self.events.append(event)

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        return self.dice.roll(sides, purpose, roller)

    def test(self, roller: str, what: str, against: int, effort: int = 0) -> SkillTest:
        """ "Roll 3d10 against" a value."""
        dice = tuple(self.roll(10, what, roller) for _ in range(3))
        return SkillTest(what, against, dice, effort)
