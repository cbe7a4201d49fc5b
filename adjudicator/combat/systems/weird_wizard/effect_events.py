"""The facts of lasting effects, afflictions and long tasks in a Weird Wizard fight
(`seeds/004`, "Turns", "End of the Round", "Actions", "Extra Effort"), folded into
`WeirdState` like the fight's other events."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.events import dice_text
from adjudicator.combat.systems.weird_wizard.events import WeirdEvent
from adjudicator.combat.systems.weird_wizard.state import Applies, Effect, Task, WeirdState


@dataclass(frozen=True)
class EffectBegan(WeirdEvent):
    """A lasting effect begins on a creature (the Sage's, a spell's, a called shot's...)."""

    kind: ClassVar[str] = "effect_began"
    effect: Effect

    def apply(self, state: WeirdState) -> WeirdState:
        count = max(state.effect_count, self.effect.number)
        return replace(state, effects=(*state.effects, self.effect), effect_count=count)

    def describe(self) -> str:
        e = self.effect
        notes = [("harmful" if e.harmful else "helpful")]
        if e.by:
            notes.append(f"by {e.by}" + (", magical" if e.magical else ""))
        if e.overcome:
            notes.append(f"overcome with {e.overcome.capitalize()}")
        if e.damage:
            notes.append(f"{e.damage}d6 damage at the end of each {e.each.value}")
        if e.heal:
            notes.append(f"heals {e.heal}d6 at the end of each {e.each.value}")
        return f"{e.describe()} {e.lasts()} ({'; '.join(notes)})"


@dataclass(frozen=True)
class EffectOccurred(WeirdEvent):
    """A lasting effect does what it does at the end of a turn or round: damage or healing."""

    kind: ClassVar[str] = "effect_occurred"
    number: int
    unit: str
    name: str
    rolls: tuple[RolledDie, ...]
    healing: bool = False

    @property
    def total(self) -> int:
        return sum(r.value for r in self.rolls)

    def apply(self, state: WeirdState) -> WeirdState:
        damage = state.unit(self.unit).damage
        damage = max(0, damage - self.total) if self.healing else damage + self.total
        return state.update(self.unit, damage=damage).loosen()

    def describe(self) -> str:
        verb = "heals" if self.healing else "takes"
        noun = "" if self.healing else " damage"
        return (
            f"#{self.number} {self.unit}'s {self.name}: {self.unit} {verb} {self.total}{noun} "
            f"({dice_text(self.rolls)})"
        )


@dataclass(frozen=True)
class EffectEnded(WeirdEvent):
    kind: ClassVar[str] = "effect_ended"
    number: int
    unit: str
    name: str
    why: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, effects=tuple(e for e in state.effects if e.number != self.number))

    def describe(self) -> str:
        return f"#{self.number} {self.unit}'s {self.name} ends ({self.why})"


@dataclass(frozen=True)
class GuardEnded(WeirdEvent):
    """Guarded Attack: "This benefit ends early if you become confused, held, stunned, or
    unconscious." """

    kind: ClassVar[str] = "guard_ended"
    unit: str
    why: str

    def apply(self, state: WeirdState) -> WeirdState:
        kept = tuple(b for b in state.boons if not guards(b.unit, b.by, b.on, self.unit))
        return replace(state, boons=kept)

    def describe(self) -> str:
        return f"{self.unit}'s guarded attack no longer imposes its bane ({self.why})"


def guards(unit: str, by: str, on: Applies, name: str) -> bool:
    """Whether a pending boon or bane is `name`'s own Guarded Attack benefit: a bane on the
    next roll to attack it that it imposed itself."""
    return unit == name and by == name and on is Applies.ATTACKED


@dataclass(frozen=True)
class PinEnded(WeirdEvent):
    """The pin ends, the grab stays: "you release a target automatically if you become
    confused, impaired, stunned, or weakened." """

    kind: ClassVar[str] = "pin_ended"
    holder: str
    held: str
    why: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.regrab(self.holder, self.held, pinned=False)

    def describe(self) -> str:
        return f"{self.holder} releases its pin on {self.held} ({self.why})"


@dataclass(frozen=True)
class RollFailed(WeirdEvent):
    """An attribute roll that fails without dice (an unconscious creature's); it spends the
    roller's boons and banes on its next attribute roll as a roll would."""

    kind: ClassVar[str] = "roll_failed"
    unit: str
    purpose: str
    why: str

    def apply(self, state: WeirdState) -> WeirdState:
        spent = tuple(b for b in state.boons if b.unit != self.unit or b.on is not Applies.ROLL)
        return replace(state, boons=spent)

    def describe(self) -> str:
        return f"{self.unit} {self.purpose}: fails automatically ({self.why})"


@dataclass(frozen=True)
class LuckRolled(WeirdEvent):
    """A luck roll (a d20 that succeeds on 10 or more) to resist, overcome or find."""

    kind: ClassVar[str] = "luck_rolled"
    unit: str
    purpose: str
    die: RolledDie

    @property
    def success(self) -> bool:
        return self.die.value >= 10

    def describe(self) -> str:
        result = "success" if self.success else "failure"
        return f"{self.unit} {self.purpose}: luck roll {dice_text((self.die,))}: {result}"


@dataclass(frozen=True)
class TaskBegun(WeirdEvent):
    kind: ClassVar[str] = "task_begun"
    task: Task

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, tasks=(*state.tasks, self.task))

    def describe(self) -> str:
        t = self.task
        return f"{t.unit} begins {t.name!r}: {t.needed} turns of actions"


@dataclass(frozen=True)
class TaskWorked(WeirdEvent):
    kind: ClassVar[str] = "task_worked"
    unit: str
    turn: int

    def apply(self, state: WeirdState) -> WeirdState:
        tasks = tuple(
            replace(t, done=t.done + 1, last=self.turn) if t.unit == self.unit else t
            for t in state.tasks
        )
        return replace(state, tasks=tasks)

    def describe(self) -> str:
        return f"{self.unit} spends its action on its task"


@dataclass(frozen=True)
class TaskEnded(WeirdEvent):
    """A long task done, or its progress lost: "If you stop to perform some other activity,
    or you are forced to do so, all the progress you have made toward completing the task is
    lost" """

    kind: ClassVar[str] = "task_ended"
    unit: str
    name: str
    completed: bool
    why: str = ""

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, tasks=tuple(t for t in state.tasks if t.unit != self.unit))

    def describe(self) -> str:
        if self.completed:
            return f"{self.unit} completes {self.name!r}"
        return f"{self.unit} stops {self.name!r}: all progress is lost ({self.why})"
