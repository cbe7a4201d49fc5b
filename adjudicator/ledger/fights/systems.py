"""Fights of the other game systems kept in the ledger: play, undo and redo as chained steps.

The same `combats` and `combat_steps` records as Words of Power's fights (`combats`), with
the system recorded beside the fight (`combat_systems`); the kernel does the rest: a step's
command is checked by the system's fight, its events (dice included) are stored, undo and redo
are steps naming the step they take back or play again. These systems touch nothing else in
the campaign (no hands, no sheets), so their steps have no campaign effects.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

from adjudicator.combat.errors import NothingToRedo, NothingToUndo
from adjudicator.combat.record import Record
from adjudicator.combat.systems import DEFAULT_SYSTEMS
from adjudicator.ledger.database import Ledger, write
from adjudicator.ledger.fights.combats import DiceSpec
from adjudicator.ledger.fights.steps import (
    CombatInfo,
    Step,
    StepAction,
    StoredFight,
    append_step,
    load_fight,
)


@dataclass(frozen=True)
class FightOutcome:
    """What one step did to a fight of another system: the events it added or took back."""

    info: CombatInfo
    step: Step
    events: tuple[Any, ...]
    first_event: int

    def lines(self) -> tuple[str, ...]:
        if self.step.action is StepAction.UNDO:
            return tuple(f"undone: {event.describe()}" for event in self.events)
        return tuple(
            f"{i:>4}. {event.describe()}" for i, event in enumerate(self.events, self.first_event)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "combat": self.info.id,
            "system": self.info.system,
            **self.step.to_dict(),
            "events": [event.to_dict() for event in self.events],
            "log": list(self.lines()),
        }


def play_fight(
    ledger: Ledger,
    system: str,
    command: Record,
    *,
    combat_id: str | None = None,
    dice: DiceSpec | None = None,
) -> FightOutcome:
    """Check `command` against the fight and record its events, or raise and record nothing."""
    with write(ledger):
        stored = load_fight(ledger, system, combat_id)
        number = len(stored.steps) + 1
        dice = dice or DiceSpec()
        events = stored.fight.play(command, dice.source(stored.info, number))
        body = {"type": type(command).__name__, **command.to_dict()}
        step = append_step(
            ledger,
            stored.info,
            number,
            StepAction.COMMAND,
            describe(command),
            body,
            events,
            (),
            dice.label(stored.info, number),
        )
        return FightOutcome(stored.info, step, events, len(stored.fight.events) - len(events) + 1)


def undo_fight(ledger: Ledger, system: str, combat_id: str | None = None) -> FightOutcome:
    """Take back the last command in effect, as a new step: nothing is deleted."""
    with write(ledger):
        stored = load_fight(ledger, system, combat_id)
        if not stored.applied:
            raise NothingToUndo(f"{stored.info.id} has no step to undo")
        entry = stored.applied[-1]
        events = stored.fight.undo()
        step = _mark(ledger, stored, StepAction.UNDO, entry)
        return FightOutcome(stored.info, step, events, 0)


def redo_fight(ledger: Ledger, system: str, combat_id: str | None = None) -> FightOutcome:
    """Play the last undone command again, with the same dice."""
    with write(ledger):
        stored = load_fight(ledger, system, combat_id)
        if not stored.redo:
            raise NothingToRedo(f"{stored.info.id} has no undone step to redo")
        entry = stored.redo[-1]
        events = stored.fight.redo()
        step = _mark(ledger, stored, StepAction.REDO, entry)
        return FightOutcome(stored.info, step, events, len(stored.fight.events) - len(events) + 1)


def _mark(ledger: Ledger, stored: StoredFight, action: StepAction, entry: Step) -> Step:
    return append_step(
        ledger,
        stored.info,
        len(stored.steps) + 1,
        action,
        f"{action.value} step {entry.number}: {entry.summary}",
        {"type": action.value.capitalize(), "step": entry.number},
        (),
        (),
        None,
    )


def describe(command: Record) -> str:
    """A command in one line for its step's summary: its name and plain arguments."""
    args = []
    for item in dataclasses.fields(command):  # type: ignore[arg-type]
        value = getattr(command, item.name)
        if isinstance(value, enum.Enum):
            value = value.value
        if isinstance(value, bool):
            if value:
                args.append(item.name)
        elif isinstance(value, str | int):
            args.append(f"{item.name}={value}")
        elif isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            args.append(f"{item.name}={','.join(value)}")
        elif hasattr(value, "name") and isinstance(value.name, str):
            args.append(f"{item.name}={value.name}")
    return " ".join([type(command).__name__, *args])


def systems() -> tuple[str, ...]:
    """The names of the game systems a fight can be started under."""
    return DEFAULT_SYSTEMS.names()
