"""`MurdhamFight`: a Murdham fight on the shared kernel (`fight.FightHistory`).

fight = MurdhamFight()                  # or MurdhamFight("fast-slow")
fight.play(AddZone("Bridge"))
fight.play(Begin("Players"), SeededDice(random.Random(7)))
"""

from __future__ import annotations

from typing import Any, ClassVar

from adjudicator.combat.systems.base import RuledFight, RuledSystem

# The handler modules are imported for their functions: `@handles` registers each one.
from adjudicator.combat.systems.murdham import (  # noqa: F401
    attacks,
    chases,
    movement,
    rounds,
    stunts,
)
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.events import FightCreated, MurdhamEvent
from adjudicator.combat.systems.murdham.state import MurdhamState, Phase
from adjudicator.combat.systems.murdham.transaction import Tx

NAME = "murdham"
VARIANTS = ("murdham", rounds.FAST_SLOW)


class MurdhamFight(RuledFight[MurdhamState, MurdhamEvent]):
    """One Murdham fight: its variant, its history of commands, undo and redo."""

    blank = MurdhamState
    event = MurdhamEvent
    created = FightCreated
    ended = Phase.ENDED
    commands = c.MurdhamCommand
    handlers = c.HANDLERS
    transaction = Tx

    def settle(self, tx: Tx) -> None:
        rounds.end_if_one_side(tx)


class MurdhamSystem(RuledSystem):
    """Murdham's combat chapter, `seeds/002_1ab7c72903844ff3.txt`; the variant "fast-slow"
    adds its optional rule "fast and slow activations"."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Murdham"
    source: ClassVar[str] = "seeds/002_1ab7c72903844ff3.txt"
    fight_class: ClassVar[type[RuledFight[Any, Any]]] = MurdhamFight
    variants: ClassVar[tuple[str, ...]] = VARIANTS
