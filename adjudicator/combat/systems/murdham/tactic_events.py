"""The facts of the chapter's later sections in a Murdham fight: attack stunts, dropping
something, sneaking and hiding again, chases. Registered under their `kind` in
`MurdhamEvent.kinds` like the rest (`events`); each decided before it exists, so `apply`
needs no rules and no dice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.systems.murdham.events import MurdhamEvent, save_text
from adjudicator.combat.systems.murdham.state import MurdhamState, Status

# --- attack stunts -----------------------------------------------------------------------------


@dataclass(frozen=True)
class StuntProposed(MurdhamEvent):
    """ "The attacker can propose an alternative effect to the target instead of inflicting
    damage": after the WIT save to hit, before any reaction."""

    kind: ClassVar[str] = "stunt_proposed"
    attacker: str
    target: str
    effect: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        if state.pending is None:
            return state
        return replace(state, pending=replace(state.pending, stunt=self.effect))

    def describe(self) -> str:
        return (
            f"{self.attacker} proposes a stunt to {self.target} instead of damage: {self.effect} "
            "(the GM approves it)"
        )


@dataclass(frozen=True)
class StuntAccepted(MurdhamEvent):
    """ "The target can either accept the proposed effect ... It isn't possible to react if
    the effect is accepted." The effect stands instead of the damage."""

    kind: ClassVar[str] = "stunt_accepted"
    attacker: str
    target: str
    effect: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        pending = state.pending
        if pending is not None:
            state = replace(state, pending=replace(pending, stunt=""))
        return replace(state, stunts=(*state.stunts, (self.target, self.effect, self.attacker)))

    def describe(self) -> str:
        return f"{self.target} accepts {self.attacker}'s stunt: {self.effect} (no damage)"


@dataclass(frozen=True)
class StuntDeclined(MurdhamEvent):
    """ "... or resolve the attack as normal": the reaction window opens, then the damage."""

    kind: ClassVar[str] = "stunt_refused"
    attacker: str
    target: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        if state.pending is None:
            return state
        return replace(state, pending=replace(state.pending, stunt=""))

    def describe(self) -> str:
        return f"{self.target} refuses {self.attacker}'s stunt: the attack resolves as normal"


# --- dropping, sneaking and hiding -------------------------------------------------------------


@dataclass(frozen=True)
class ItemDropped(MurdhamEvent):
    """ "Dropping something is free, but the item might be damaged if fragile." No action is
    spent; a weapon dropped leaves the character unarmed."""

    kind: ClassVar[str] = "item_dropped"
    unit: str
    item: str
    fragile: bool = False
    weapon: bool = False

    def apply(self, state: MurdhamState) -> MurdhamState:
        if self.weapon:
            return state.update(self.unit, weapon=0, reach=0)
        return state

    def describe(self) -> str:
        text = f"{self.unit} drops {self.item} (free: no action)"
        if self.weapon:
            text += "; unarmed now"
        if self.fragile:
            text += "; it is fragile and might be damaged (the GM's call)"
        return text


@dataclass(frozen=True)
class Sneaked(MurdhamEvent):
    """A concealed character sneaks: "they halve their speed ... and must pass an AGI save to
    avoid detection" (each zone costs two of movement)."""

    kind: ClassVar[str] = "sneaked"
    unit: str
    path: tuple[str, ...]
    save: RolledDie
    score: int

    @property
    def unseen(self) -> bool:
        return self.save.value <= self.score

    def apply(self, state: MurdhamState) -> MurdhamState:
        state = state.update(self.unit, zone=self.path[-1])
        turn = state.turn
        if turn is not None and turn.unit == self.unit:
            cost = 2 * (len(self.path) - 1)
            state = replace(state, turn=replace(turn, movement=turn.movement - cost, moved=True))
        return state

    def describe(self) -> str:
        verdict = "unseen" if self.unseen else "detected"
        return (
            f"{self.unit} sneaks {' → '.join(self.path)} at half speed; "
            f"{save_text(self.save, self.score, 'AGI')}: {verdict}"
        )


@dataclass(frozen=True)
class ConcealedAgain(MurdhamEvent):
    """ "Hiding later during the fight requires being out of sight for a while or a major
    distraction." The GM rules that one of them holds."""

    kind: ClassVar[str] = "concealed"
    unit: str
    reason: str
    note: str = ""

    def apply(self, state: MurdhamState) -> MurdhamState:
        return state.update(self.unit, concealed=True)

    def describe(self) -> str:
        why = "out of sight for a while" if self.reason == "out-of-sight" else "a major distraction"
        note = f": {self.note}" if self.note else ""
        return f"{self.unit} hides ({why}{note}) and is concealed"


# --- chases ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChaseResolved(MurdhamEvent):
    """ "Chases over long distances can be resolved with the fleeing character making a group
    AGI save: those who pass escape, those who fail are reached by the pursuers. If the fleeing
    characters can move faster or keep the speed for longer, the save is not required. If the
    opposite is true, escaping is impossible." The escaped leave the fight; the reached stand
    where the pursuers reach them (`zone`)."""

    kind: ClassVar[str] = "chase_resolved"
    fleeing: tuple[str, ...]
    pursuers: tuple[str, ...]
    pace: str
    zone: str
    #: The group AGI save, one (name, score, die) per fleeing character ("even" pace only).
    saves: tuple[tuple[str, int, RolledDie], ...] = ()

    @property
    def escaped(self) -> tuple[str, ...]:
        if self.pace == "faster":
            return self.fleeing
        passed = {name for name, score, die in self.saves if die.value <= score}
        return tuple(name for name in self.fleeing if name in passed)

    @property
    def reached(self) -> tuple[str, ...]:
        return tuple(name for name in self.fleeing if name not in self.escaped)

    def apply(self, state: MurdhamState) -> MurdhamState:
        for name in self.escaped:
            state = state.update(name, status=Status.ESCAPED)
        for name in self.reached:
            state = state.update(name, zone=self.zone)
        order, to_act = state.factions_order, state.to_act
        playing = state.in_play()
        if to_act is not None and to_act not in playing:
            # The faction whose go it was has fled: the go passes to the next one in play.
            start = order.index(to_act)
            after = [order[(start + i) % len(order)] for i in range(1, len(order) + 1)]
            state = replace(state, to_act=next((f for f in after if f in playing), None))
        return state

    def describe(self) -> str:
        def verb(names: tuple[str, ...], one: str, many: str) -> str:
            return f"{', '.join(names)} {one if len(names) == 1 else many}"

        text = f"chase: {verb(self.fleeing, 'flees', 'flee')} from {', '.join(self.pursuers)}"
        if self.pace == "faster":
            text += "; the fleeing are faster: no save"
        elif self.pace == "slower":
            text += "; the pursuers are faster: escaping is impossible"
        else:
            saves = "; ".join(f"{n} {save_text(die, score, 'AGI')}" for n, score, die in self.saves)
            text += f"; group AGI save: {saves}"
        if self.escaped:
            text += f"; {verb(self.escaped, 'escapes', 'escape')} (out of the fight)"
        if self.reached:
            text += f"; {verb(self.reached, 'is', 'are')} reached by the pursuers in {self.zone}"
        return text
