"""One Weird Wizard command being resolved: its events so far, the state, the dice."""

from __future__ import annotations

from adjudicator.combat.dice_source import DiceSource, RolledDie
from adjudicator.combat.systems.weird_wizard.events import WeirdEvent
from adjudicator.combat.systems.weird_wizard.rolls import AttributeRoll, Modifier, net
from adjudicator.combat.systems.weird_wizard.state import WeirdState


class Tx:
    def __init__(self, state: WeirdState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[WeirdEvent] = []

    def emit(self, *events: WeirdEvent) -> None:
        for event in events:
            self.state = event.apply(self.state)
            self.events.append(event)

    def roll(self, sides: int, purpose: str, roller: str) -> RolledDie:
        return self.dice.roll(sides, purpose, roller)

    def attribute_roll(
        self,
        roller: str,
        attribute: str,
        score: int,
        target: int,
        against: str,
        modifiers: tuple[Modifier, ...],
    ) -> AttributeRoll:
        """d20 + (score - 10), then the best of |boons - banes| d6 added or taken off."""
        die = self.roll(20, f"{attribute} roll", roller)
        extra = tuple(self.roll(6, "boons" if net(modifiers) > 0 else "banes", roller)
                      for _ in range(abs(net(modifiers))))  # fmt: skip
        return AttributeRoll(attribute, die, score - 10, target, against, modifiers, extra)
