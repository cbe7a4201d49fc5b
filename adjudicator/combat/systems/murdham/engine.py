"""`MurdhamFight`: a Murdham fight on the shared kernel (`fight.FightHistory`).

fight = MurdhamFight()                  # or MurdhamFight("fast-slow")
fight.play(AddZone("Bridge"))
fight.play(Begin("Players"), SeededDice(random.Random(7)))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final

from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.record import RecordError
from adjudicator.combat.registry import Registry
from adjudicator.combat.systems.base import RuledFight, RuledSystem

# The handler modules are imported for their functions: `@handles` registers each one.
from adjudicator.combat.systems.murdham import attacks, movement, rounds  # noqa: F401
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.errors import ForeignCommand
from adjudicator.combat.systems.murdham.events import (
    FightCreated,
    MurdhamEvent,
    event_from_dict,
    fold,
)
from adjudicator.combat.systems.murdham.state import MurdhamState, Phase
from adjudicator.combat.systems.murdham.transaction import Tx

NAME = "murdham"
VARIANTS = ("murdham", rounds.FAST_SLOW)

#: Every Murdham command class by name (how the ledger's steps name them).
COMMANDS: Final[Registry[str, type[c.MurdhamCommand]]] = Registry("the Murdham command")
for _cls in c.MurdhamCommand.__subclasses__():
    COMMANDS.add(_cls.__name__, _cls)
    if _cls not in c.HANDLERS:
        raise RecordError(f"no handler for the Murdham command {_cls.__name__}")


def resolve(
    state: MurdhamState, command: object, dice: DiceSource | None = None
) -> tuple[tuple[MurdhamEvent, ...], MurdhamState]:
    """The events `command` produces from `state` and the state they lead to, or the
    `MurdhamError` that refuses it (nothing changes)."""
    handler = c.HANDLERS.get(type(command))  # type: ignore[arg-type]
    if handler is None:
        raise ForeignCommand(f"{type(command).__name__} is not a Murdham command")
    source = NoDice() if dice is None else dice
    tx = Tx(state, source)
    handler(tx, command)
    rounds.end_if_one_side(tx)
    source.finish()
    return tuple(tx.events), tx.state


class MurdhamFight(RuledFight[MurdhamState, MurdhamEvent]):
    """One Murdham fight: its variant, its history of commands, undo and redo."""

    created = FightCreated
    ended = Phase.ENDED
    history_error = "a Murdham fight's history starts with its fight_created event"

    def fold(self, events: Iterable[MurdhamEvent], start: MurdhamState | None) -> MurdhamState:
        return fold(events, start)

    def resolve(
        self, command: Any, dice: DiceSource | None
    ) -> tuple[tuple[MurdhamEvent, ...], MurdhamState]:
        return resolve(self.state, command, dice)


class MurdhamSystem(RuledSystem):
    """Murdham's combat chapter, `seeds/002_1ab7c72903844ff3.txt`; the variant "fast-slow"
    adds its optional rule "fast and slow activations"."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Murdham"
    source: ClassVar[str] = "seeds/002_1ab7c72903844ff3.txt"
    fight_class: ClassVar[type[RuledFight[Any, Any]]] = MurdhamFight
    variants: ClassVar[tuple[str, ...]] = VARIANTS

    def event_from_dict(self, data: Mapping[str, Any]) -> MurdhamEvent:
        return event_from_dict(data)

    def command_from_dict(self, data: Mapping[str, Any]) -> c.MurdhamCommand:
        name = str(data.get("type"))
        cls = COMMANDS.get(name)
        if cls is None:
            raise RecordError(f"unknown Murdham command {name!r}")
        return cls.from_dict({k: v for k, v in data.items() if k != "type"})
