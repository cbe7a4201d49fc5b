"""One Spellwoven command being resolved: the kernel's `Transaction` with skill tests."""

from __future__ import annotations

from adjudicator.combat import fight
from adjudicator.combat.systems.spellwoven.events import SpellwovenEvent
from adjudicator.combat.systems.spellwoven.rolls import SkillTest
from adjudicator.combat.systems.spellwoven.state import SpellwovenState


class Tx(fight.Transaction[SpellwovenState, SpellwovenEvent]):
    def test(self, roller: str, what: str, against: int, effort: int = 0) -> SkillTest:
        """ "Roll 3d10 against" a value."""
        dice = self.roll_many(3, 10, what, roller)
        return SkillTest(what, against, dice, effort)
