"""One Weird Wizard command being resolved: the kernel's `Transaction` with attribute rolls."""

from __future__ import annotations

from adjudicator.combat import fight
from adjudicator.combat.systems.weird_wizard.events import WeirdEvent
from adjudicator.combat.systems.weird_wizard.rolls import AttributeRoll, Modifier, net
from adjudicator.combat.systems.weird_wizard.state import WeirdState


class Tx(fight.Transaction[WeirdState, WeirdEvent]):
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
        boons = net(modifiers)
        extra = self.roll_many(abs(boons), 6, "boons" if boons > 0 else "banes", roller)
        return AttributeRoll(attribute, die, score - 10, target, against, modifiers, extra)
