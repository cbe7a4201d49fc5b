"""`WeirdWizardFight`: a Shadow of the Weird Wizard fight on the shared kernel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

# The handler modules are imported for their functions: `@handles` registers each one.
from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.fight import FightHistory
from adjudicator.combat.record import RecordError
from adjudicator.combat.systems.base import GameSystem
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


class WeirdWizardFight(FightHistory[WeirdState, WeirdEvent]):
    """One Weird Wizard fight: its history of commands, undo and redo."""

    def __init__(self, variant: str = NAME) -> None:
        self._variant = WeirdWizardSystem().variant(variant)
        super().__init__((WizardFightCreated(self._variant),))

    def fold(self, events: Iterable[WeirdEvent], start: WeirdState | None) -> WeirdState:
        return fold(events, start)

    @property
    def variant(self) -> str:
        return self._variant

    @property
    def is_over(self) -> bool:
        return self.state.phase is Phase.ENDED

    @property
    def phase_name(self) -> str:
        return self.state.phase.value

    @property
    def round_number(self) -> int:
        return self.state.round

    def play(self, command: Any, dice: DiceSource | None = None) -> tuple[WeirdEvent, ...]:
        events, state = resolve(self.state, command, dice)
        self._append(events, state)
        return events

    @classmethod
    def from_history(cls, groups: Sequence[Sequence[WeirdEvent]]) -> WeirdWizardFight:
        if not groups or not groups[0] or not isinstance(groups[0][0], WizardFightCreated):
            raise RecordError("a Weird Wizard fight's history starts with fight_created")
        fight = cls(groups[0][0].variant)
        for group in groups[1:]:
            fight._commit(tuple(group))
        return fight


class WeirdWizardSystem(GameSystem):
    """The combat page of Shadow of the Weird Wizard, `seeds/004_87df789043d497f0.txt`."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Shadow of the Weird Wizard"
    source: ClassVar[str] = "seeds/004_87df789043d497f0.txt"
    variants: ClassVar[tuple[str, ...]] = (NAME,)

    def new_fight(self, variant: str | None = None) -> WeirdWizardFight:
        return WeirdWizardFight(self.variant(variant))

    def fight_from_history(self, groups: Sequence[Sequence[Any]]) -> WeirdWizardFight:
        return WeirdWizardFight.from_history(groups)

    def event_from_dict(self, data: Mapping[str, Any]) -> WeirdEvent:
        return event_from_dict(data)
