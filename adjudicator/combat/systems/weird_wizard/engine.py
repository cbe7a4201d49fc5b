"""`WeirdWizardFight`: a Shadow of the Weird Wizard fight on the shared kernel."""

from __future__ import annotations

from typing import Any, ClassVar

from adjudicator.combat.systems.base import RuledFight, RuledSystem

# The handler modules are imported for their functions: `@handles` registers each one.
from adjudicator.combat.systems.weird_wizard import (  # noqa: F401
    afflictions,
    attacks,
    effects,
    movement,
    objects,
    turns,
    unarmed,
)
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.events import WeirdEvent, WizardFightCreated
from adjudicator.combat.systems.weird_wizard.state import Phase, WeirdState
from adjudicator.combat.systems.weird_wizard.transaction import Tx

NAME = "weird-wizard"


class WeirdWizardFight(RuledFight[WeirdState, WeirdEvent]):
    """One Weird Wizard fight: its history of commands, undo and redo."""

    blank = WeirdState
    event = WeirdEvent
    created = WizardFightCreated
    ended = Phase.ENDED
    commands = c.WeirdCommand
    handlers = c.HANDLERS
    transaction = Tx

    def settle(self, tx: Tx) -> None:
        """After every command: what afflictions that began end (a Guarded Attack's benefit,
        grabs, pins, a long task), then whether one side is down."""
        afflictions.settle(tx, self.state)
        effects.settle(tx, self.state)
        turns.end_if_one_side(tx)


class WeirdWizardSystem(RuledSystem):
    """The combat page of Shadow of the Weird Wizard, `seeds/004_87df789043d497f0.txt`."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Shadow of the Weird Wizard"
    source: ClassVar[str] = "seeds/004_87df789043d497f0.txt"
    fight_class: ClassVar[type[RuledFight[Any, Any]]] = WeirdWizardFight
    variants: ClassVar[tuple[str, ...]] = (NAME,)
