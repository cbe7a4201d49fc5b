"""The facts a Spellwoven fight is made of, folded into `SpellwovenState`; each registers
under its `kind` in `SpellwovenEvent.kinds` as it is defined."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.events import dice_text
from adjudicator.combat.fight import FightEvent
from adjudicator.combat.registry import Registry
from adjudicator.combat.systems.spellwoven.rolls import SkillTest
from adjudicator.combat.systems.spellwoven.state import (
    Character,
    FirstAid,
    Out,
    Phase,
    Proximity,
    SpellwovenState,
)
from adjudicator.combat.systems.spellwoven.wounds import LADDER, Injury, mark, moved


@dataclass(frozen=True)
class SpellwovenEvent(FightEvent[SpellwovenState]):
    """A fact of a Spellwoven fight; subclasses set `kind` and override `apply`."""

    kinds: ClassVar[Registry[str, type[Any]]] = Registry("the Spellwoven event kind")


@dataclass(frozen=True)
class WovenFightCreated(SpellwovenEvent):
    kind: ClassVar[str] = "fight_created"
    variant: str

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return replace(state, variant=self.variant)

    def describe(self) -> str:
        return "Spellwoven fight created"


@dataclass(frozen=True)
class CharacterAdded(SpellwovenEvent):
    kind: ClassVar[str] = "character_added"
    character: Character

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return replace(state, characters=(*state.characters, self.character))

    def describe(self) -> str:
        return f"{self.character.describe()} joins"


@dataclass(frozen=True)
class InitiativeRolled(SpellwovenEvent):
    """ "Roll 3d10 against Manoeuvre. Count up successes. Add these successes to Manoeuvre
    Skill Rank to obtain Initiative." """

    kind: ClassVar[str] = "initiative_rolled"
    unit: str
    test: SkillTest

    @property
    def score(self) -> int:
        return self.test.against + self.test.successes

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        kept = tuple((n, s) for n, s in state.initiative if n != self.unit)
        return replace(state, initiative=(*kept, (self.unit, self.score)), phase=Phase.FIGHTING)

    def describe(self) -> str:
        return f"{self.unit}'s Initiative: {self.test.describe()}: {self.score}"


@dataclass(frozen=True)
class RoundBegan(SpellwovenEvent):
    """An Action Round: Initiative carried over with this round's changes, highest first;
    "Resolve ties by using opposing d10 rolls (whoever rolls lowest acts first)"."""

    kind: ClassVar[str] = "round_began"
    number: int
    initiative: tuple[tuple[str, int], ...]
    order: tuple[str, ...]
    ties: tuple[tuple[str, RolledDie], ...] = ()

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return replace(
            state,
            round=self.number,
            initiative=self.initiative,
            order=self.order,
            acted=frozenset(),
            change=(),
            tending=(),
            cooperating=(),
        )

    def describe(self) -> str:
        scores = dict(self.initiative)
        order = ", ".join(f"{name} {scores[name]}" for name in self.order)
        ties = f" (ties: {', '.join(f'{n} {dice_text((d,))}' for n, d in self.ties)})"
        return f"Action Round {self.number}: {order}" + (ties if self.ties else "")


@dataclass(frozen=True)
class Acted(SpellwovenEvent):
    """An Action taken; `success` None for one with no skill test (no Initiative change)."""

    kind: ClassVar[str] = "acted"
    unit: str
    action: str
    success: bool | None = None

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        change = state.change
        if self.success is not None:
            change = (*change, (self.unit, 1 if self.success else -1))
        acted = state.acted | {self.unit}
        # an Action closes what the last one opened, and opens what it opened itself
        return replace(state, acted=acted, change=change, window=state.fresh, fresh=())

    def describe(self) -> str:
        if self.success is None:
            return f"{self.unit}: {self.action} (no skill test: Initiative unchanged)"
        sign = "+1" if self.success else "-1"
        result = "success" if self.success else "failure"
        return f"{self.unit}: {self.action}, a {result}: Initiative {sign} next round"


@dataclass(frozen=True)
class EffortSpent(SpellwovenEvent):
    kind: ClassVar[str] = "effort_spent"
    unit: str
    amount: int

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return state.update(self.unit, effort=state.unit(self.unit).effort - self.amount)

    def describe(self) -> str:
        return f"{self.unit} spends {self.amount} Effort"


@dataclass(frozen=True)
class Tested(SpellwovenEvent):
    """A test of skill against a difficulty (an attack against Quickness Defence, talk...)."""

    kind: ClassVar[str] = "tested"
    unit: str
    test: SkillTest
    difficulty: int
    against: str
    feint: bool = False

    @property
    def success(self) -> bool:
        return self.test.successes >= self.difficulty

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        if self.feint:
            return state.update(self.unit, feint=False)
        return state

    def describe(self) -> str:
        verdict = "success" if self.success else "failure"
        feint = "Feint re-roll: " if self.feint else ""
        return (
            f"{self.unit}: {feint}{self.test.describe()} vs {self.against} {self.difficulty}: "
            f"{verdict}"
        )


@dataclass(frozen=True)
class Wounded(SpellwovenEvent):
    """ "Roll 3d10 against Menace. Each score that is equal or lower than the Menace value
    increases the level of Wound by one." """

    kind: ClassVar[str] = "wounded"
    attacker: str
    target: str
    menace: SkillTest
    injury: Injury | None
    pierce: bool = False

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        if self.injury is None:
            return state
        target = state.unit(self.target)
        return state.update(self.target, track=mark(target.track, self.injury))

    def describe(self) -> str:
        level = LADDER[min(self.menace.successes, 5)]
        text = f"{self.target} is hit: {self.menace.describe()}: {level}"
        if self.pierce:
            text += "; a triplet: armour and shields are ignored"
        if self.injury is None:
            return text + " (a Glance is not tracked)"
        return text + f"; {self.injury.describe()}"


@dataclass(frozen=True)
class Moved(SpellwovenEvent):
    kind: ClassVar[str] = "moved"
    unit: str
    to: Proximity

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return state.update(self.unit, proximity=self.to)

    def describe(self) -> str:
        return f"{self.unit} moves to {self.to.value}"


@dataclass(frozen=True)
class Yielded(SpellwovenEvent):
    kind: ClassVar[str] = "yielded"
    unit: str
    how: Out

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return state.update(self.unit, out=self.how)

    def describe(self) -> str:
        return f"{self.unit} {self.how.value}: out of the fight"


@dataclass(frozen=True)
class FirstAidBegun(SpellwovenEvent):
    """ "Healing takes a full action during an Action Round, always happens last in the
    round": the healer's Action is spent now, the healing waits for the round's end."""

    kind: ClassVar[str] = "first_aid_begun"
    aid: FirstAid

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return replace(
            state,
            acted=state.acted | {self.aid.healer},
            tending=(*state.tending, self.aid),
            healed=state.healed | {self.aid.target},
            window=state.fresh,
            fresh=(),
        )

    def describe(self) -> str:
        who = "themself" if self.aid.target == self.aid.healer else self.aid.target
        return f"{self.aid.healer} tends {who}: first aid, last in the round"


@dataclass(frozen=True)
class FirstAidGiven(SpellwovenEvent):
    """The first aid of the round resolved: the Healing test and each wound reduced, as
    (level, level it lands at; 0 healed entirely); `disrupted` says why it did not happen."""

    kind: ClassVar[str] = "first_aid_given"
    healer: str
    target: str
    test: SkillTest | None
    reduced: tuple[tuple[int, int], ...] = ()
    disrupted: str = ""

    @property
    def success(self) -> bool:
        return self.test is not None and self.test.successes > 0

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        tending = tuple(aid for aid in state.tending if aid.healer != self.healer)
        state = replace(state, tending=tending)
        if self.test is None:
            return state
        track = state.unit(self.target).track
        for level, to in self.reduced:
            track = moved(track, level, to)
        change = (*state.change, (self.healer, 1 if self.success else -1))
        return replace(state.update(self.target, track=track), change=change)

    def describe(self) -> str:
        if self.test is None:
            return f"{self.healer}'s first aid on {self.target} is disrupted: {self.disrupted}"
        head = f"{self.healer}'s first aid on {self.target}: {self.test.describe()}"
        if not self.reduced:
            verdict = "a success, but no wound to reduce" if self.success else "a failure"
            return f"{head}: {verdict}"
        steps = ", ".join(
            f"{LADDER[level]} {'healed' if to == 0 else f'to {LADDER[to]}'}"
            for level, to in self.reduced
        )
        return f"{head}: {steps}"


@dataclass(frozen=True)
class Cooperated(SpellwovenEvent):
    """ "all Characters involved act on the highest Initiative score among them, and ... at
    the end of the round each cooperating Character loses -5 Initiative." """

    kind: ClassVar[str] = "cooperated"
    units: tuple[str, ...]
    order: tuple[str, ...]

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return replace(
            state,
            order=self.order,
            cooperating=(*state.cooperating, *self.units),
            change=(*state.change, *((name, -5) for name in self.units)),
        )

    def describe(self) -> str:
        return (
            f"{', '.join(self.units)} cooperate: they act in turn now; each loses 5 "
            f"Initiative at the end of the round (order: {', '.join(self.order)})"
        )


@dataclass(frozen=True)
class RoundEnded(SpellwovenEvent):
    kind: ClassVar[str] = "round_ended"

    def describe(self) -> str:
        return "everyone has acted: the Action Round ends"


@dataclass(frozen=True)
class FightEnded(SpellwovenEvent):
    kind: ClassVar[str] = "fight_ended"
    reason: str

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return replace(state, phase=Phase.ENDED, ended=self.reason)

    def describe(self) -> str:
        return f"the fight ends: {self.reason}"
