"""`SpellwovenFight`: a Spellwoven fight on the shared kernel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.record import RecordError
from adjudicator.combat.systems.base import RuledFight, RuledSystem

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


class SpellwovenFight(RuledFight[SpellwovenState, SpellwovenEvent]):
    """One Spellwoven fight: its history of commands, undo and redo."""

    created = WovenFightCreated
    ended = Phase.ENDED
    history_error = "a Spellwoven fight's history starts with fight_created"

    def fold(
        self, events: Iterable[SpellwovenEvent], start: SpellwovenState | None
    ) -> SpellwovenState:
        return fold(events, start)

    def resolve(
        self, command: Any, dice: DiceSource | None
    ) -> tuple[tuple[SpellwovenEvent, ...], SpellwovenState]:
        return resolve(self.state, command, dice)


class SpellwovenSystem(RuledSystem):
    """Spellwoven's combat chapter, `seeds/003_d1913d31e52d05b9.txt`."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Spellwoven"
    source: ClassVar[str] = "seeds/003_d1913d31e52d05b9.txt"
    fight_class: ClassVar[type[RuledFight[Any, Any]]] = SpellwovenFight
    variants: ClassVar[tuple[str, ...]] = (NAME,)

    def event_from_dict(self, data: Mapping[str, Any]) -> SpellwovenEvent:
        return event_from_dict(data)
