"""One Spellwoven command being resolved: the kernel's `Transaction` with skill tests."""

from __future__ import annotations

from adjudicator.combat import fight
from adjudicator.combat.systems.spellwoven.events import SpellwovenEvent
from adjudicator.combat.systems.spellwoven.rolls import SkillTest, edge_of
from adjudicator.combat.systems.spellwoven.state import LAST_STAND, SpellwovenState

#: Heroic Death: "They also get a bonus +3 successes to all dice rolls for the remainder of
#: the battle."
HEROIC_BONUS = 3


class Tx(fight.Transaction[SpellwovenState, SpellwovenEvent]):
    def test(
        self,
        roller: str,
        what: str,
        against: int,
        effort: int = 0,
        edges: tuple[tuple[int, str], ...] = (),
    ) -> SkillTest:
        """ "Roll 3d10 against" a value: four dice at Advantage or Disadvantage (`edges`, each
        with the rule that gives it); +3 successes for a character making a heroic last
        stand."""
        edge, why = edge_of(edges)
        dice = self.roll_many(4 if edge else 3, 10, what, roller)
        hero = self.state.has(roller) and self.state.unit(roller).has(LAST_STAND)
        return SkillTest(what, against, dice, effort, edge, why, HEROIC_BONUS if hero else 0)
