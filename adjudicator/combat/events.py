"""Events of setting up a fight and running its turns: each is a fact, applied by folding.

An event is a frozen, JSON-serialisable record of something that happened, with every result
already decided (dice rolled, paths chosen), so applying it needs no rules and no dice:
`event.apply(state)` returns the next state and `event.describe()` is its line in the log.
Each event class registers itself under its stored `kind` as it is defined (`EVENT_KINDS`), so
a fight stored years ago reads back by the same names. Attacks, damage, binds, death and
spells are in `fight_events`; the fold is in `history`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final

from adjudicator.combat.board import Hazard, Space
from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.fight import FightEvent
from adjudicator.combat.registry import Registry
from adjudicator.combat.state import CombatState, Phase, Turn
from adjudicator.combat.units import Arrival, Pending, Status, Unit
from adjudicator.rules.wording import plural


def dice_text(rolls: tuple[RolledDie, ...]) -> str:
    """ "d10=7, d10=3 (entered)": the faces as the log shows them."""
    return ", ".join(f"d{r.sides}={r.value}{' (entered)' if r.entered else ''}" for r in rolls)


#: Every event class by its stored `kind`, filled as each class is defined.
EVENT_KINDS: Final[Registry[str, type[Any]]] = Registry("the combat event kind")


@dataclass(frozen=True)
class Event(FightEvent[CombatState]):
    """A fact of a Words of Power fight. Subclasses set `kind` (their name in JSON) and
    override `apply`; each registers in `EVENT_KINDS` as it is defined."""

    kinds: ClassVar[Registry[str, type[Any]]] = EVENT_KINDS


# --- setup -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CombatCreated(Event):
    """A new combat under a ruleset; always the first event."""

    kind: ClassVar[str] = "combat_created"
    ruleset: str

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, ruleset=self.ruleset)

    def describe(self) -> str:
        return f"combat created under the {self.ruleset!r} ruleset"


@dataclass(frozen=True)
class UnitAdded(Event):
    kind: ClassVar[str] = "unit_added"
    unit: Unit

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, units=(*state.units, self.unit))

    def describe(self) -> str:
        u = self.unit
        zones = "/".join(f"{z.hp}" + (f"+{z.armor}" if z.armor else "") for z in u.hitzones)
        weapons = ", ".join(str(w) for w in u.weapons) or "unarmed"
        role = " (onlooker)" if u.status is Status.ONLOOKER else ""
        return f"{u.name} joins team {u.team}{role}: Hitzones {zones}; {weapons}"


@dataclass(frozen=True)
class UnitPlaced(Event):
    """A unit put on a space: placed, by formation, at an entry point, entering, or moved."""

    kind: ClassVar[str] = "unit_placed"
    unit: str
    space: Space
    how: str = "placed"

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.unit)
        status = Status.DOWN if unit.status is Status.DOWN else Status.STANDING
        return state.update(self.unit, space=self.space, status=status, arrival=None)

    def describe(self) -> str:
        return (
            f"{self.unit} is {self.how} at {self.space}"
            if self.how != "placed"
            else (f"{self.unit} is placed at {self.space}")
        )


@dataclass(frozen=True)
class FormationSet(Event):
    """A team's marching order: the spaces it keeps relative to each other."""

    kind: ClassVar[str] = "formation_set"
    team: str
    placements: tuple[tuple[str, Space], ...]

    def apply(self, state: CombatState) -> CombatState:
        names = {name for name, _ in self.placements}
        kept = tuple((n, s) for n, s in state.formation if n not in names)
        return replace(state, formation=kept + self.placements)

    def describe(self) -> str:
        spots = ", ".join(f"{n} {s}" for n, s in self.placements)
        return f"team {self.team} marches in formation: {spots}"


@dataclass(frozen=True)
class AwarenessSet(Event):
    kind: ClassVar[str] = "awareness_set"
    observer: str
    target: str
    aware: bool

    def apply(self, state: CombatState) -> CombatState:
        pair = (self.observer, self.target)
        unaware = state.unaware - {pair} if self.aware else state.unaware | {pair}
        return replace(state, unaware=unaware)

    def describe(self) -> str:
        return f"{self.observer} is {'aware' if self.aware else 'unaware'} of {self.target}"


@dataclass(frozen=True)
class HazardPlaced(Event):
    kind: ClassVar[str] = "hazard_placed"
    space: Space
    hazard: Hazard

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, layout=state.layout.place(self.space, self.hazard))

    def describe(self) -> str:
        return f"hazard at {self.space}: {self.hazard}"


@dataclass(frozen=True)
class HazardsCleared(Event):
    kind: ClassVar[str] = "hazards_cleared"
    space: Space

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, layout=state.layout.clear(self.space))

    def describe(self) -> str:
        return f"hazards cleared from {self.space}"


# --- the course of the fight -------------------------------------------------------------------


@dataclass(frozen=True)
class CombatBegan(Event):
    """The board is in play: who takes the surprise round, the aggressor, the opening strike."""

    kind: ClassVar[str] = "combat_began"
    surprise: tuple[str, ...] = ()
    aggressor: str | None = None
    opened_by: str | None = None

    def apply(self, state: CombatState) -> CombatState:
        phase = Phase.SURPRISE if self.surprise else Phase.ROUNDS
        return replace(state, phase=phase, surprise=self.surprise, aggressor=self.aggressor)

    def describe(self) -> str:
        text = "combat begins"
        if self.opened_by:
            text += f" with {self.opened_by}'s strike"
        if self.surprise:
            text += f"; surprise round for {', '.join(self.surprise)}"
        return text


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """Each team's 1d6 (ties rerolled) and the team order; everyone is now aware."""

    kind: ClassVar[str] = "initiative_rolled"
    rolls: tuple[RolledDie, ...]
    order: tuple[str, ...]

    def apply(self, state: CombatState) -> CombatState:
        return replace(
            state, team_order=self.order, unaware=frozenset(), surprise=(), phase=Phase.ROUNDS
        )

    def describe(self) -> str:
        rolls = ", ".join(f"{r.roller} d6={r.value}" for r in self.rolls)
        return f"initiative: {rolls} → {' > '.join(self.order)}"


@dataclass(frozen=True)
class InitiativeDecided(Event):
    """Team order set without a roll: "there is a clear aggressor"."""

    kind: ClassVar[str] = "initiative_decided"
    order: tuple[str, ...]
    reason: str

    def apply(self, state: CombatState) -> CombatState:
        return replace(
            state, team_order=self.order, unaware=frozenset(), surprise=(), phase=Phase.ROUNDS
        )

    def describe(self) -> str:
        return f"no initiative roll ({self.reason}): {' > '.join(self.order)}"


@dataclass(frozen=True)
class RoundBegan(Event):
    kind: ClassVar[str] = "round_began"
    round: int

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, round=self.round, acted=(), phase=Phase.ROUNDS)

    def describe(self) -> str:
        return f"round {self.round} begins"


@dataclass(frozen=True)
class TurnStarted(Event):
    """A unit's turn: its actions (two, less any owed), and its spell effects age by a turn."""

    kind: ClassVar[str] = "turn_started"
    unit: str
    actions: int
    owed: int = 0

    def apply(self, state: CombatState) -> CombatState:
        order = state.turn_order
        if state.phase is Phase.ROUNDS and self.unit not in order:
            order = (*order, self.unit)
        effects = state.effects
        if any(e.caster == self.unit for e in effects):
            effects = tuple(
                replace(e, turns_left=e.turns_left - 1) if e.caster == self.unit else e
                for e in effects
            )
        if self.owed:
            unit = state.unit(self.unit)
            state = state.update(self.unit, owed_actions=unit.owed_actions - self.owed)
        return replace(
            state,
            turn=Turn(self.unit, self.actions),
            acted=(*state.acted, self.unit),
            turn_order=order,
            effects=tuple(e for e in effects if e.turns_left > 0),
        )

    def describe(self) -> str:
        owed = f", {self.owed} owed" if self.owed else ""
        return f"{self.unit}'s turn ({plural(self.actions, 'action')}{owed})"


@dataclass(frozen=True)
class TurnSkipped(Event):
    """A unit whose go passes without a turn (a reinforcement held outside, say)."""

    kind: ClassVar[str] = "turn_skipped"
    unit: str
    reason: str

    def apply(self, state: CombatState) -> CombatState:
        order = state.turn_order
        if state.phase is Phase.ROUNDS and self.unit not in order:
            order = (*order, self.unit)
        return replace(state, acted=(*state.acted, self.unit), turn_order=order)

    def describe(self) -> str:
        return f"{self.unit} does not act: {self.reason}"


@dataclass(frozen=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    unit: str

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, turn=None)

    def describe(self) -> str:
        return f"{self.unit} ends the turn"


@dataclass(frozen=True)
class ActionsSpent(Event):
    """Actions out of the current turn; `attack` marks the turn's one attack as made."""

    kind: ClassVar[str] = "actions_spent"
    unit: str
    actions: int
    reason: str
    attack: bool = False

    def apply(self, state: CombatState) -> CombatState:
        turn = state.turn
        assert turn is not None and turn.unit == self.unit
        return replace(
            state,
            turn=replace(
                turn,
                actions_left=turn.actions_left - self.actions,
                attacked=turn.attacked or self.attack,
                spent=turn.spent + self.actions,
            ),
        )

    def describe(self) -> str:
        attack = " (the turn's attack)" if self.attack else ""
        return f"{self.unit} spends {plural(self.actions, 'action')}: {self.reason}{attack}"


@dataclass(frozen=True)
class ActionsOwed(Event):
    """An action taken out of turn (resisting death), paid from the unit's next turn."""

    kind: ClassVar[str] = "actions_owed"
    unit: str
    actions: int
    reason: str

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.unit)
        return state.update(self.unit, owed_actions=unit.owed_actions + self.actions)

    def describe(self) -> str:
        return f"{self.unit} owes {plural(self.actions, 'action')} of the next turn: {self.reason}"


@dataclass(frozen=True)
class CombatEnded(Event):
    """The board is no longer needed; stances, defences, binds and spells end with it."""

    kind: ClassVar[str] = "combat_ended"
    reason: str

    def apply(self, state: CombatState) -> CombatState:
        units = tuple(
            replace(u, pending=None, defences=(), stance=None, owed_actions=0) for u in state.units
        )
        return replace(
            state, phase=Phase.ENDED, units=units, turn=None, binds=(), stack=None, effects=()
        )

    def describe(self) -> str:
        return f"combat ends: {self.reason}"


# --- movement and other actions ----------------------------------------------------------------


@dataclass(frozen=True)
class UnitMoved(Event):
    kind: ClassVar[str] = "unit_moved"
    unit: str
    path: tuple[Space, ...]
    cost: int

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, space=self.path[-1])

    def describe(self) -> str:
        return f"{self.unit} moves {'→'.join(map(str, self.path))} (cost {self.cost})"


@dataclass(frozen=True)
class ActionBegun(Event):
    """A two-part action begun with too few actions left; it completes next turn."""

    kind: ClassVar[str] = "action_begun"
    unit: str
    pending: Pending

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, pending=self.pending)

    def describe(self) -> str:
        p = self.pending
        return f"{self.unit} begins {p.description}; {plural(p.remaining, 'action')} next turn"


@dataclass(frozen=True)
class ActionCompleted(Event):
    kind: ClassVar[str] = "action_completed"
    unit: str
    description: str

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, pending=None)

    def describe(self) -> str:
        return f"{self.unit} completes {self.description}"


@dataclass(frozen=True)
class ActionCancelled(Event):
    """A two-part action that cannot complete: "cancelled without an additional action cost"."""

    kind: ClassVar[str] = "action_cancelled"
    unit: str
    description: str
    reason: str

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, pending=None)

    def describe(self) -> str:
        return f"{self.unit}'s {self.description} is cancelled: {self.reason}"


@dataclass(frozen=True)
class InterruptionRolled(Event):
    """HP damage during a two-part action: 1d6 against the damage to hold on."""

    kind: ClassVar[str] = "interruption_rolled"
    unit: str
    damage: int
    roll: RolledDie
    held: bool

    def describe(self) -> str:
        verdict = "holds on" if self.held else "is interrupted"
        return (
            f"{self.unit} rolls {dice_text((self.roll,))} against {self.damage} damage: {verdict}"
        )


@dataclass(frozen=True)
class WeaponDrawn(Event):
    kind: ClassVar[str] = "weapon_drawn"
    unit: str
    weapon: str
    hand: str

    def apply(self, state: CombatState) -> CombatState:
        return state.with_unit(state.unit(self.unit).holding(self.hand, self.weapon))

    def describe(self) -> str:
        return f"{self.unit} draws {self.weapon} into the {self.hand}"


@dataclass(frozen=True)
class WeaponStowed(Event):
    kind: ClassVar[str] = "weapon_stowed"
    unit: str
    weapon: str
    hand: str

    def apply(self, state: CombatState) -> CombatState:
        return state.with_unit(state.unit(self.unit).holding(self.hand, None))

    def describe(self) -> str:
        return f"{self.unit} stows {self.weapon} from the {self.hand}"


@dataclass(frozen=True)
class WeaponDropped(Event):
    kind: ClassVar[str] = "weapon_dropped"
    unit: str
    weapon: str
    hand: str
    reason: str = "dropped"

    def apply(self, state: CombatState) -> CombatState:
        return state.with_unit(state.unit(self.unit).holding(self.hand, None))

    def describe(self) -> str:
        return f"{self.unit} drops {self.weapon} from the {self.hand} ({self.reason})"


@dataclass(frozen=True)
class Acted(Event):
    """Any other one-motion action the Storyteller allows ("use an item", "pull the lever")."""

    kind: ClassVar[str] = "acted"
    unit: str
    description: str

    def describe(self) -> str:
        return f"{self.unit}: {self.description}"


@dataclass(frozen=True)
class StanceChanged(Event):
    kind: ClassVar[str] = "stance_changed"
    unit: str
    stance: str | None

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, stance=self.stance)

    def describe(self) -> str:
        return f"{self.unit} takes the {self.stance or 'neutral'} stance"


@dataclass(frozen=True)
class UnitFled(Event):
    kind: ClassVar[str] = "unit_fled"
    unit: str
    reason: str = "fled the fight"

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, status=Status.FLED, space=None, pending=None, defences=())

    def describe(self) -> str:
        return f"{self.unit} leaves the board: {self.reason}"


@dataclass(frozen=True)
class ReinforcementDeclared(Event):
    """A marker in the turn tracker: the unit hovers outside a space until its round."""

    kind: ClassVar[str] = "reinforcement_declared"
    unit: str
    arrival: Arrival

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, status=Status.HOVERING, arrival=self.arrival)

    def describe(self) -> str:
        a = self.arrival
        return f"{self.unit} hovers outside {a.space}; marker: enters in round {a.due_round}"
