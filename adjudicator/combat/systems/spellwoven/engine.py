"""`SpellwovenFight`: a Spellwoven fight on the shared kernel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.fight import FightHistory
from adjudicator.combat.record import RecordError
from adjudicator.combat.systems.base import GameSystem

# The handler modules are imported for their functions: `@handles` registers each one.
from adjudicator.combat.systems.spellwoven import actions, rounds  # noqa: F401
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven.errors import ForeignCommand
from adjudicator.combat.systems.spellwoven.events import (
    SpellwovenEvent,
    WovenFightCreated,
    event_from_dict,
    fold,
)
from adjudicator.combat.systems.spellwoven.state import Phase, SpellwovenState
from adjudicator.combat.systems.spellwoven.transaction import Tx

NAME = "spellwoven"

for _cls in c.WovenCommand.__subclasses__():
    if _cls not in c.HANDLERS:
        raise RecordError(f"no handler for the Spellwoven command {_cls.__name__}")


def resolve(
    state: SpellwovenState, command: object, dice: DiceSource | None = None
) -> tuple[tuple[SpellwovenEvent, ...], SpellwovenState]:
    handler = c.HANDLERS.get(type(command))  # type: ignore[arg-type]
    if handler is None:
        raise ForeignCommand(f"{type(command).__name__} is not a Spellwoven command")
    source = NoDice() if dice is None else dice
    tx = Tx(state, source)
    handler(tx, command)
    rounds.after_action(tx)
    source.finish()
    return tuple(tx.events), tx.state


class SpellwovenFight(FightHistory[SpellwovenState, SpellwovenEvent]):
    """One Spellwoven fight: its history of commands, undo and redo."""

    def __init__(self, variant: str = NAME) -> None:
        self._variant = SpellwovenSystem().variant(variant)
        super().__init__((WovenFightCreated(self._variant),))

    def fold(
        self, events: Iterable[SpellwovenEvent], start: SpellwovenState | None
    ) -> SpellwovenState:
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

    def play(self, command: Any, dice: DiceSource | None = None) -> tuple[SpellwovenEvent, ...]:
        events, state = resolve(self.state, command, dice)
        self._append(events, state)
        return events

    @classmethod
    def from_history(cls, groups: Sequence[Sequence[SpellwovenEvent]]) -> SpellwovenFight:
        if not groups or not groups[0] or not isinstance(groups[0][0], WovenFightCreated):
            raise RecordError("a Spellwoven fight's history starts with fight_created")
        fight = cls(groups[0][0].variant)
        for group in groups[1:]:
            fight._commit(tuple(group))
        return fight


class SpellwovenSystem(GameSystem):
    """Spellwoven's combat chapter, `seeds/003_d1913d31e52d05b9.txt`."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Spellwoven"
    source: ClassVar[str] = "seeds/003_d1913d31e52d05b9.txt"
    variants: ClassVar[tuple[str, ...]] = (NAME,)

    def new_fight(self, variant: str | None = None) -> SpellwovenFight:
        return SpellwovenFight(self.variant(variant))

    def fight_from_history(self, groups: Sequence[Sequence[Any]]) -> SpellwovenFight:
        return SpellwovenFight.from_history(groups)

    def event_from_dict(self, data: Mapping[str, Any]) -> SpellwovenEvent:
        return event_from_dict(data)
