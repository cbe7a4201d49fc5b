"""One Murdham command being resolved: the kernel's `Transaction` with Murdham's save."""

from __future__ import annotations

from adjudicator.combat import fight
from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.systems.murdham.events import MurdhamEvent
from adjudicator.combat.systems.murdham.state import MurdhamState


class Tx(fight.Transaction[MurdhamState, MurdhamEvent]):
    def save(self, score: int, purpose: str, roller: str) -> RolledDie:
        """A save: a d20, passed on "equal or under" the score (our reading, as the Murdham
        core rules have it; the chapter does not restate it)."""
        return self.roll(20, purpose, roller)
