"""The facts the optional rules, Talk and Natural Recuperation add to a Spellwoven fight
(`seeds/003`), folded into `SpellwovenState` like the chapter's own (`events`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from adjudicator.combat.systems.spellwoven.events import SpellwovenEvent
from adjudicator.combat.systems.spellwoven.rolls import SkillTest
from adjudicator.combat.systems.spellwoven.state import (
    HEROIC_DEATH,
    LAST_STAND,
    LIMIT,
    MAIMED,
    OPEN,
    SHIELD_WAY,
    UNLOADED,
    Chance,
    SpellwovenState,
)
from adjudicator.combat.systems.spellwoven.wounds import Injury, Track, mark

#: The activities of Natural Recuperation as the log says them.
ACTIVITY = {"bedrest": "bedrest", "light": "light activity", "heavy": "heavy activity"}

#: How each condition reads in the log, set and lifted ({u}: the character).
CONDITIONS = {
    MAIMED: (
        "{u} has more wounds than their Fortitude: Maimed, skill tests at Disadvantage "
        "until fully healed (Maiming)",
        "{u} is fully healed: no longer Maimed",
    ),
    LIMIT: (
        "{u} has suffered twelve wounds: incapacitated, cannot move until a successful "
        "Healing action (Wound Limit)",
        "{u} is no longer held down by the Wound Limit",
    ),
    OPEN: (
        "{u} misses with a Very Heavy weapon and is left open: the next attack against {u} "
        "is at Advantage (Over-swing)",
        "the attack takes {u}'s opening: at Advantage (Over-swing)",
    ),
    SHIELD_WAY: (
        "{u}'s Medium or Heavy shield blocked: {u}'s next attack roll is at Disadvantage "
        "(Shield in the Way)",
        "{u}'s shield is in the way: this attack roll at Disadvantage (Shield in the Way)",
    ),
    UNLOADED: (
        "{u}'s blackpowder weapon is spent: one full action to load and prime it",
        "{u} loads and primes the blackpowder weapon",
    ),
    LAST_STAND: (
        "{u} triggers a Heroic Death: takes any injury until the end of the combat, +3 "
        "successes to all dice rolls, doomed to die at its end",
        "{u}'s last stand is over",
    ),
    HEROIC_DEATH: (
        "{u} dies a Heroic Death at the end of the conflict",
        "{u} is no longer dead",
    ),
}


@dataclass(frozen=True)
class ConditionChanged(SpellwovenEvent):
    """A condition of the optional rules set (`on`) or lifted on a character."""

    kind: ClassVar[str] = "condition_changed"
    unit: str
    condition: str
    on: bool

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        who = state.unit(self.unit)
        state = state.update(self.unit, conditions=who.with_condition(self.condition, self.on))
        if self.condition == LAST_STAND and self.on:
            window = tuple(
                c for c in state.window if not (c.kind == Chance.HEROIC and c.unit == who.name)
            )
            state = replace(state, window=window)
        return state

    def describe(self) -> str:
        return CONDITIONS[self.condition][0 if self.on else 1].format(u=self.unit)


@dataclass(frozen=True)
class ChanceOpened(SpellwovenEvent):
    """Something that may be done before the next Action: a free attack of opportunity, or
    a Heroic Death."""

    kind: ClassVar[str] = "chance_opened"
    chance: Chance

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return replace(state, fresh=(*state.fresh, self.chance))

    def describe(self) -> str:
        who = self.chance.unit
        if self.chance.kind == Chance.HEROIC:
            return f"{who} may trigger a Heroic Death now, before the next Action"
        return (
            f"{who} leaves the fray: {', '.join(self.chance.by)} may make a free attack of "
            "opportunity, at the Gamesmaster's discretion, before the next Action"
        )


@dataclass(frozen=True)
class FreeAttacked(SpellwovenEvent):
    """A free attack made (not an Action: no Initiative change): an ambusher's one free attack
    (`why` "ambush"), an attack of opportunity ("opportunity"), or one on a character the
    Gamesmaster rules distracted elsewhere ("distracted")."""

    kind: ClassVar[str] = "free_attacked"
    attacker: str
    target: str
    why: str

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        window = state.window
        if self.why == "opportunity":
            window = tuple(
                replace(c, by=tuple(n for n in c.by if n != self.attacker))
                if c.kind == Chance.OPPORTUNITY and c.unit == self.target
                else c
                for c in window
            )
        ambushed = state.ambushed | ({self.attacker} if self.why == "ambush" else set())
        return replace(state, window=(*window, *state.fresh), fresh=(), ambushed=ambushed)

    def describe(self) -> str:
        what = {
            "ambush": "an ambusher's one free attack (Ambushes)",
            "opportunity": "a free attack of opportunity",
            "distracted": "a free attack on one distracted elsewhere (Attack of Opportunity)",
        }[self.why]
        return f"{self.attacker} on {self.target}: {what}; Initiative unchanged"


@dataclass(frozen=True)
class SensesTested(SpellwovenEvent):
    """Ambushes: "allow the surprised party to Test their Senses. Usually, this is at Normal
    Difficulty (Difficulty 1)"; one who fails is open to free attacks."""

    kind: ClassVar[str] = "senses_tested"
    unit: str
    test: SkillTest
    difficulty: int

    @property
    def success(self) -> bool:
        return self.test.successes >= self.difficulty

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        surprised = state.surprised if self.success else state.surprised | {self.unit}
        return replace(state, sensed=state.sensed | {self.unit}, surprised=surprised)

    def describe(self) -> str:
        verdict = "a success" if self.success else "a failure: open to free attacks"
        return f"{self.unit} Tests their Senses: {self.test.describe()} vs {self.difficulty}: " + (
            verdict
        )


@dataclass(frozen=True)
class BlowPulled(SpellwovenEvent):
    """Intentional Incapacitation: a Mortal wound rolled, the attacker leaves the target
    "incapacitated rather than killed outright (i.e. in effect, reduce the wound to
    Felling)"; with the Gamesmaster's Test of Quickness (`test`) when they require one."""

    kind: ClassVar[str] = "blow_pulled"
    attacker: str
    target: str
    test: SkillTest | None = None
    difficulty: int = 0

    @property
    def pulled(self) -> bool:
        return self.test is None or self.test.successes >= self.difficulty

    def describe(self) -> str:
        head = f"{self.attacker} pulls the blow on {self.target}"
        if self.test is not None:
            head += f": {self.test.describe()} vs {self.difficulty}"
        if self.pulled:
            return f"{head}: the Mortal wound becomes Felling (Intentional Incapacitation)"
        return f"{head}: a failure, the blow is not pulled"


@dataclass(frozen=True)
class ArrowThrough(SpellwovenEvent):
    """Shields & Arrows I: "an arrow can still be caught on a Shield, but the wound is reduced
    to Shallow, rather than stopped entirely"."""

    kind: ClassVar[str] = "arrow_through"
    target: str
    injury: Injury

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        track = mark(state.unit(self.target).track, self.injury)
        return state.update(self.target, track=track)

    def describe(self) -> str:
        return (
            f"the arrow punches through {self.target}'s shield: reduced to Shallow, "
            f"{self.injury.describe()} (Shields & Arrows I)"
        )


@dataclass(frozen=True)
class Distracted(SpellwovenEvent):
    """Talk: "create a distraction, causing an opponent to act last in the Action Round, or
    maybe even lose their turn entirely (at Gamesmaster's discretion)"."""

    kind: ClassVar[str] = "distracted"
    unit: str
    lose_turn: bool = False

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        if self.lose_turn:
            return replace(state, acted=state.acted | {self.unit})
        order = (*(n for n in state.order if n != self.unit), self.unit)
        return replace(state, order=order)

    def describe(self) -> str:
        if self.lose_turn:
            return f"{self.unit} is distracted: loses their Action this round"
        return f"{self.unit} is distracted: acts last in the Action Round"


@dataclass(frozen=True)
class Recuperated(SpellwovenEvent):
    """Natural Recuperation: `days` of `activity`; `levels` is how many times every wound
    slid one level; `track` and `rested` (progress to the next, in 105ths) as they stand."""

    kind: ClassVar[str] = "recuperated"
    unit: str
    activity: str
    days: int
    levels: int
    track: Track
    rested: int

    def apply(self, state: SpellwovenState) -> SpellwovenState:
        return state.update(self.unit, track=self.track, rested=self.rested)

    def describe(self) -> str:
        days = f"{self.days} day{'s' if self.days != 1 else ''} of {ACTIVITY[self.activity]}"
        if not self.levels:
            return f"{self.unit} recuperates {days}: no wound heals yet"
        times = "one level" if self.levels == 1 else f"{self.levels} levels"
        track = self.track.describe()
        return f"{self.unit} recuperates {days}: every wound slides up {times}; {track}"
