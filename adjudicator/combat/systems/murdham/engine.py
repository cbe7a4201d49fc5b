"""`MurdhamFight`: a Murdham fight on the shared kernel (`fight.FightHistory`).

fight = MurdhamFight()                  # or MurdhamFight("fast-slow")
fight.play(AddZone("Bridge"))
fight.play(Begin("Players"), SeededDice(random.Random(7)))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.fight import FightHistory
from adjudicator.combat.record import RecordError
from adjudicator.combat.registry import Registry
from adjudicator.combat.systems.base import GameSystem

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


class MurdhamFight(FightHistory[MurdhamState, MurdhamEvent]):
    """One Murdham fight: its variant, its history of commands, undo and redo."""

    def __init__(self, variant: str = NAME) -> None:
        self._variant = MurdhamSystem().variant(variant)
        super().__init__((FightCreated(self._variant),))

    def fold(self, events: Iterable[MurdhamEvent], start: MurdhamState | None) -> MurdhamState:
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

    def play(self, command: Any, dice: DiceSource | None = None) -> tuple[MurdhamEvent, ...]:
        """Check and apply a command; its events, or a `MurdhamError` and no change."""
        events, state = resolve(self.state, command, dice)
        self._append(events, state)
        return events

    @classmethod
    def from_history(cls, groups: Sequence[Sequence[MurdhamEvent]]) -> MurdhamFight:
        if not groups or not groups[0] or not isinstance(groups[0][0], FightCreated):
            raise RecordError("a Murdham fight's history starts with its fight_created event")
        fight = cls(groups[0][0].variant)
        for group in groups[1:]:
            fight._commit(tuple(group))
        return fight


class MurdhamSystem(GameSystem):
    """Murdham's combat chapter, `seeds/002_1ab7c72903844ff3.txt`; the variant "fast-slow"
    adds its optional rule "fast and slow activations"."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Murdham"
    source: ClassVar[str] = "seeds/002_1ab7c72903844ff3.txt"
    variants: ClassVar[tuple[str, ...]] = VARIANTS

    def new_fight(self, variant: str | None = None) -> MurdhamFight:
        return MurdhamFight(self.variant(variant))

    def fight_from_history(self, groups: Sequence[Sequence[Any]]) -> MurdhamFight:
        return MurdhamFight.from_history(groups)

    def event_from_dict(self, data: Mapping[str, Any]) -> MurdhamEvent:
        return event_from_dict(data)

    def command_from_dict(self, data: Mapping[str, Any]) -> c.MurdhamCommand:
        name = str(data.get("type"))
        cls = COMMANDS.get(name)
        if cls is None:
            raise RecordError(f"unknown Murdham command {name!r}")
        return cls.from_dict({k: v for k, v in data.items() if k != "type"})
