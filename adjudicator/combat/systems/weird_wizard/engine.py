"""`WeirdWizardFight`: a Shadow of the Weird Wizard fight on the shared kernel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

# The handler modules are imported for their functions: `@handles` registers each one.
from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.record import RecordError
from adjudicator.combat.systems.base import RuledFight, RuledSystem
from adjudicator.combat.systems.weird_wizard import attacks, movement, turns  # noqa: F401
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.errors import ForeignCommand
from adjudicator.combat.systems.weird_wizard.events import (
    WeirdEvent,
    WizardFightCreated,
    event_from_dict,
    fold,
)
from adjudicator.combat.systems.weird_wizard.state import Phase, WeirdState
from adjudicator.combat.systems.weird_wizard.transaction import Tx

NAME = "weird-wizard"

for _cls in c.WeirdCommand.__subclasses__():
    if _cls not in c.HANDLERS:
        raise RecordError(f"no handler for the Weird Wizard command {_cls.__name__}")


def resolve(
    state: WeirdState, command: object, dice: DiceSource | None = None
) -> tuple[tuple[WeirdEvent, ...], WeirdState]:
    handler = c.HANDLERS.get(type(command))  # type: ignore[arg-type]
    if handler is None:
        raise ForeignCommand(f"{type(command).__name__} is not a Weird Wizard command")
    source = NoDice() if dice is None else dice
    tx = Tx(state, source)
    handler(tx, command)
    turns.end_if_one_side(tx)
    source.finish()
    return tuple(tx.events), tx.state


class WeirdWizardFight(RuledFight[WeirdState, WeirdEvent]):
    """One Weird Wizard fight: its history of commands, undo and redo."""

    created = WizardFightCreated
    ended = Phase.ENDED
    history_error = "a Weird Wizard fight's history starts with fight_created"

    def fold(self, events: Iterable[WeirdEvent], start: WeirdState | None) -> WeirdState:
        return fold(events, start)

    def resolve(
        self, command: Any, dice: DiceSource | None
    ) -> tuple[tuple[WeirdEvent, ...], WeirdState]:
        return resolve(self.state, command, dice)


class WeirdWizardSystem(RuledSystem):
    """The combat page of Shadow of the Weird Wizard, `seeds/004_87df789043d497f0.txt`."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Shadow of the Weird Wizard"
    source: ClassVar[str] = "seeds/004_87df789043d497f0.txt"
    fight_class: ClassVar[type[RuledFight[Any, Any]]] = WeirdWizardFight
    variants: ClassVar[tuple[str, ...]] = (NAME,)

    def event_from_dict(self, data: Mapping[str, Any]) -> WeirdEvent:
        return event_from_dict(data)
