"""The facts a Murdham fight is made of: each a frozen record folded into `MurdhamState`.

Every result is decided before the event exists (dice rolled, saves read), so `apply` needs
no rules and no dice. Each class registers itself under its `kind` in `MurdhamEvent.kinds`, the
way Words of Power's events do in theirs, so a stored fight reads back by the same names.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.events import dice_text
from adjudicator.combat.fight import FightEvent
from adjudicator.combat.registry import Registry
from adjudicator.combat.systems.murdham.state import (
    MOVE_ZONES,
    Fighter,
    MurdhamState,
    PendingAttack,
    Phase,
    Status,
    SubPhase,
    Turn,
)


@dataclass(frozen=True)
class MurdhamEvent(FightEvent[MurdhamState]):
    """A fact of a Murdham fight; subclasses set `kind` and override `apply`."""

    kinds: ClassVar[Registry[str, type[Any]]] = Registry("the Murdham event kind")


def save_text(die: RolledDie, score: int, what: str) -> str:
    verdict = "passes" if die.value <= score else "fails"
    return f"{what} save d20={die.value}{' (entered)' if die.entered else ''} vs {score}: {verdict}"


# --- setting up --------------------------------------------------------------------------------


@dataclass(frozen=True)
class FightCreated(MurdhamEvent):
    kind: ClassVar[str] = "fight_created"
    variant: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, variant=self.variant)

    def describe(self) -> str:
        return f"Murdham fight created ({self.variant})"


@dataclass(frozen=True)
class ZoneAdded(MurdhamEvent):
    kind: ClassVar[str] = "zone_added"
    zone: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, zones=(*state.zones, self.zone))

    def describe(self) -> str:
        return f"zone {self.zone}"


@dataclass(frozen=True)
class ZonesLinked(MurdhamEvent):
    kind: ClassVar[str] = "zones_linked"
    a: str
    b: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, links=(*state.links, (self.a, self.b)))

    def describe(self) -> str:
        return f"zones {self.a} and {self.b} are neighbours"


@dataclass(frozen=True)
class FighterAdded(MurdhamEvent):
    kind: ClassVar[str] = "fighter_added"
    fighter: Fighter

    def apply(self, state: MurdhamState) -> MurdhamState:
        order = state.factions_order
        if self.fighter.faction not in order:
            order = (*order, self.fighter.faction)
        return replace(state, fighters=(*state.fighters, self.fighter), factions_order=order)

    def describe(self) -> str:
        return f"{self.fighter.name} joins {self.fighter.faction}: {self.fighter.stats()}"


@dataclass(frozen=True)
class ArmourSet(MurdhamEvent):
    """A character's armour value, set before the fight begins."""

    kind: ClassVar[str] = "armour_set"
    unit: str
    armour: int

    def apply(self, state: MurdhamState) -> MurdhamState:
        return state.update(self.unit, armour=self.armour)

    def describe(self) -> str:
        return f"{self.unit}'s armour is {self.armour}"


# --- rounds ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FightBegan(MurdhamEvent):
    kind: ClassVar[str] = "fight_began"
    #: "the faction which started the fight" (None: the initiative is rolled).
    starter: str | None = None

    def apply(self, state: MurdhamState) -> MurdhamState:
        original = tuple((faction, len(state.members(faction))) for faction in state.factions())
        return replace(state, phase=Phase.ACTION, original=original, starter=self.starter)

    def describe(self) -> str:
        return "the fight begins"


@dataclass(frozen=True)
class RoundBegan(MurdhamEvent):
    """The initiative phase: who has the initiative, by the die or by starting the fight."""

    kind: ClassVar[str] = "round_began"
    number: int
    initiative: str
    die: RolledDie | None = None
    started: bool = False

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(
            state,
            round=self.number,
            initiative=self.initiative,
            to_act=self.initiative,
            passes=0,
            acted=frozenset(),
            turn=None,
            sub=SubPhase.ALL,
            threshold=None,
            bonus=frozenset(),
        )

    def describe(self) -> str:
        if self.started:
            why = "started the fight"
        elif self.die is None:
            why = "the only faction left"
        else:
            why = f"initiative {dice_text((self.die,))}"
        return f"round {self.number}: {self.initiative} have the initiative ({why})"


@dataclass(frozen=True)
class BonusTurnBegan(MurdhamEvent):
    """ "Characters who are concealed at the start of the fight can take a bonus turn before
    the others": round 0, the ambushers' faction (who started the fight) to act first, and who
    may take a turn in it."""

    kind: ClassVar[str] = "bonus_turn_began"
    initiative: str
    able: tuple[str, ...]

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(
            state,
            round=0,
            initiative=self.initiative,
            to_act=self.initiative,
            passes=0,
            acted=frozenset(),
            turn=None,
            bonus=frozenset(self.able),
        )

    def describe(self) -> str:
        return (
            f"the ambush: a bonus turn before the others, {self.initiative} first; "
            f"only {', '.join(self.able)} may take a turn"
        )


@dataclass(frozen=True)
class Revealed(MurdhamEvent):
    """ "Concealed characters are revealed when they make noise or become visible to the
    enemy." """

    kind: ClassVar[str] = "revealed"
    unit: str
    why: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return state.update(self.unit, concealed=False)

    def describe(self) -> str:
        return f"{self.unit} is revealed ({self.why})"


@dataclass(frozen=True)
class ThresholdRolled(MurdhamEvent):
    """Fast and slow activations: "the GM openly rolls a d20 ... the fast action threshold"."""

    kind: ClassVar[str] = "threshold_rolled"
    die: RolledDie

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, threshold=self.die.value, sub=SubPhase.FAST)

    def describe(self) -> str:
        return f"fast action threshold {dice_text((self.die,))}: the fast sub-phase begins"


@dataclass(frozen=True)
class SlowPhaseBegan(MurdhamEvent):
    kind: ClassVar[str] = "slow_phase_began"

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, sub=SubPhase.SLOW, passes=0, to_act=state.initiative)

    def describe(self) -> str:
        return "the slow sub-phase begins"


@dataclass(frozen=True)
class Passed(MurdhamEvent):
    kind: ClassVar[str] = "passed"
    faction: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, passes=state.passes + 1, to_act=state.next_faction(self.faction))

    def describe(self) -> str:
        return f"{self.faction} pass"


@dataclass(frozen=True)
class ActionPhaseEnded(MurdhamEvent):
    kind: ClassVar[str] = "action_phase_ended"

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, to_act=None, turn=None)

    def describe(self) -> str:
        return "every faction passed: the action phase ends; the morale phase"


@dataclass(frozen=True)
class MoraleChecked(MurdhamEvent):
    """A group WIT save: "those who fail must surrender or retreat", the rest are steady."""

    kind: ClassVar[str] = "morale_checked"
    faction: str
    why: str
    saves: tuple[tuple[str, int, RolledDie], ...]

    @property
    def failed(self) -> tuple[str, ...]:
        return tuple(name for name, score, die in self.saves if die.value > score)

    def apply(self, state: MurdhamState) -> MurdhamState:
        failed = self.failed
        for name in failed:
            state = state.update(name, status=Status.BROKEN)
        passed = {name for name, _, _ in self.saves if name not in failed}
        return replace(state, steady=state.steady | passed)

    def describe(self) -> str:
        saves = "; ".join(
            f"{name} {save_text(die, score, 'WIT')}" for name, score, die in self.saves
        )
        return f"morale check for {self.faction} ({self.why}): {saves}"


@dataclass(frozen=True)
class FightEnded(MurdhamEvent):
    kind: ClassVar[str] = "fight_ended"
    reason: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(
            state, phase=Phase.ENDED, turn=None, to_act=None, pending=None, ended=self.reason
        )

    def describe(self) -> str:
        return f"the fight ends: {self.reason}"


# --- turns -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnTaken(MurdhamEvent):
    kind: ClassVar[str] = "turn_taken"
    unit: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(state, turn=Turn(self.unit), acted=state.acted | {self.unit}, passes=0)

    def describe(self) -> str:
        return f"{self.unit} takes a turn"


@dataclass(frozen=True)
class Moved(MurdhamEvent):
    kind: ClassVar[str] = "moved"
    unit: str
    path: tuple[str, ...]

    def apply(self, state: MurdhamState) -> MurdhamState:
        state = state.update(self.unit, zone=self.path[-1])
        turn = state.turn
        if turn is not None and turn.unit == self.unit:
            state = replace(
                state,
                turn=replace(turn, movement=turn.movement - (len(self.path) - 1), moved=True),
            )
        return state

    def describe(self) -> str:
        return f"{self.unit} moves {' → '.join(self.path)}"


@dataclass(frozen=True)
class ActionTaken(MurdhamEvent):
    """A main or bonus action spent; a sprint also adds its movement ("double")."""

    kind: ClassVar[str] = "action_taken"
    unit: str
    main: bool
    action: str
    note: str = ""

    def apply(self, state: MurdhamState) -> MurdhamState:
        turn = state.turn
        if turn is None:
            return state
        if self.main:
            extra = MOVE_ZONES if self.action == "sprint" else 0
            turn = replace(turn, main=True, movement=turn.movement + extra)
        else:
            turn = replace(turn, bonus=turn.bonus + 1)
        return replace(state, turn=turn)

    def describe(self) -> str:
        which = "main" if self.main else "bonus"
        note = f" ({self.note})" if self.note else ""
        return f"{self.unit} uses a {which} action: {self.action}{note}"


@dataclass(frozen=True)
class Surrendered(MurdhamEvent):
    kind: ClassVar[str] = "surrendered"
    unit: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return state.update(self.unit, status=Status.SURRENDERED)

    def describe(self) -> str:
        return f"{self.unit} surrenders (the turn is wasted)"


@dataclass(frozen=True)
class TurnEnded(MurdhamEvent):
    kind: ClassVar[str] = "turn_ended"
    unit: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        faction = state.fighter(self.unit).faction
        return replace(state, turn=None, to_act=state.next_faction(faction))

    def describe(self) -> str:
        return f"{self.unit}'s turn ends"


# --- attacks -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class AttackMade(MurdhamEvent):
    """An attack declared, with its WIT save to hit when one is needed."""

    kind: ClassVar[str] = "attack_made"
    attacker: str
    target: str
    mode: str
    die: int
    impaired: bool
    save: RolledDie | None = None
    score: int = 0
    why_save: str = ""
    cover: bool = False
    unaware: bool = False
    reaction_window: bool = True
    nonlethal: str = ""
    peeking: bool = False

    @property
    def hits(self) -> bool:
        return self.save is None or self.save.value <= self.score

    def apply(self, state: MurdhamState) -> MurdhamState:
        if self.hits and self.reaction_window:
            pending = PendingAttack(
                self.attacker,
                self.target,
                self.die,
                self.impaired,
                self.cover,
                self.unaware,
                nonlethal=self.nonlethal,
                peeking=self.peeking,
            )
            return replace(state, pending=pending)
        return state

    def describe(self) -> str:
        dmg = f"d{self.die}" + (" impaired" if self.impaired else "")
        what = f"non-lethal: {self.nonlethal}" if self.nonlethal else f"{self.mode}, {dmg}"
        text = f"{self.attacker} attacks {self.target} ({what})"
        if self.peeking:
            text += f"; {self.attacker} peeks from behind a barrier"
        if self.save is not None:
            text += f"; {save_text(self.save, self.score, 'WIT')} ({self.why_save})"
            if not self.hits:
                text += ": the attack misses"
        return text


@dataclass(frozen=True)
class Reacted(MurdhamEvent):
    """A reaction: dodge (with its AGI save), counter, guard or hide behind someone."""

    kind: ClassVar[str] = "reacted"
    unit: str
    reaction: str
    new_target: str | None = None
    save: RolledDie | None = None
    score: int = 0
    #: "The grabbed character has no option but become the new target of the attack."
    forced: bool = False

    def apply(self, state: MurdhamState) -> MurdhamState:
        state = replace(state, acted=state.acted | {self.unit})
        pending = state.pending
        if pending is None:
            return state
        reacted = (*pending.reacted, self.unit)
        if self.forced and self.new_target is not None:
            reacted = (*reacted, self.new_target)
        countered = pending.countered or self.reaction.startswith("counter")
        pending = replace(pending, reacted=reacted, countered=countered)
        if self.new_target is not None:
            pending = replace(pending, target=self.new_target)
        return replace(state, pending=pending)

    def describe(self) -> str:
        text = f"{self.unit} reacts: {self.reaction}"
        if self.new_target is not None:
            text += f"; {self.new_target} becomes the target"
        if self.save is not None:
            text += f"; {save_text(self.save, self.score, 'AGI')}"
        return text


@dataclass(frozen=True)
class DamageRolled(MurdhamEvent):
    """Damage: the die (two for impaired, the lower kept), less armour; HP to 0 at most."""

    kind: ClassVar[str] = "damage_rolled"
    attacker: str
    target: str
    rolls: tuple[RolledDie, ...]
    armour: int
    damage: int
    lands: bool = True

    def apply(self, state: MurdhamState) -> MurdhamState:
        if not self.lands:
            return state
        target = state.fighter(self.target)
        hp = max(0, target.hp - self.damage)
        status = target.status
        if hp == 0 and status is not Status.DEAD:
            status = Status.INCAPACITATED
        elif self.damage > 0 and status in (Status.SURRENDERED, Status.BROKEN):
            status = Status.ACTIVE  # "harmed by the enemy can resume fighting normally"
        return state.update(self.target, hp=hp, status=status)

    def describe(self) -> str:
        kept = min(r.value for r in self.rolls)
        if not self.lands:
            return f"{self.attacker}'s blow on {self.target} ({dice_text(self.rolls)}) never lands"
        rolled = dice_text(self.rolls) + (f", lower {kept}" if len(self.rolls) > 1 else "")
        return (
            f"{self.attacker} hits {self.target}: {rolled} - armour {self.armour} = "
            f"{self.damage} damage"
        )


@dataclass(frozen=True)
class AttackMissed(MurdhamEvent):
    kind: ClassVar[str] = "attack_missed"
    attacker: str
    target: str
    why: str

    def describe(self) -> str:
        return f"{self.attacker}'s attack on {self.target} misses ({self.why})"


@dataclass(frozen=True)
class BlastMade(MurdhamEvent):
    """A blast attack: the zone aimed at, the WIT save to hit when one is needed, the
    deviation die of a miss, the zone it hits (None: none to deviate to) and its targets,
    each attacked in turn with a reaction window of its own."""

    kind: ClassVar[str] = "blast_made"
    attacker: str
    aimed: str
    mode: str
    die: int
    impaired: bool
    zone: str | None
    targets: tuple[str, ...]
    save: RolledDie | None = None
    score: int = 0
    why_save: str = ""
    deviation: RolledDie | None = None
    cover: bool = False
    unaware: bool = False
    peeking: bool = False

    def apply(self, state: MurdhamState) -> MurdhamState:
        if not self.targets:
            return state
        first, *rest = self.targets
        pending = PendingAttack(
            self.attacker,
            first,
            self.die,
            self.impaired,
            self.cover,
            self.unaware,
            blast=tuple(rest),
            multiple=True,
            peeking=self.peeking,
        )
        return replace(state, pending=pending)

    def describe(self) -> str:
        dmg = f"d{self.die}" + (" impaired" if self.impaired else "")
        text = f"{self.attacker} blasts {self.aimed} ({self.mode}, {dmg})"
        if self.peeking:
            text += f"; {self.attacker} peeks from behind a barrier"
        if self.save is not None:
            text += f"; {save_text(self.save, self.score, 'WIT')} ({self.why_save})"
        if self.zone != self.aimed:
            where = self.zone or "no neighbouring zone: it hits no one"
            die = f" {dice_text((self.deviation,))}" if self.deviation is not None else ""
            text += f"; it misses and deviates{die} to {where}"
        if self.targets:
            text += f"; targets: {', '.join(self.targets)}"
        elif self.zone is not None:
            text += "; no one is there"
        return text


@dataclass(frozen=True)
class AttackResolved(MurdhamEvent):
    """The attack on the current target is over; a blast moves on to its next target unless
    `stop` (its attacker fell before it went off)."""

    kind: ClassVar[str] = "attack_resolved"
    stop: bool = False

    def apply(self, state: MurdhamState) -> MurdhamState:
        pending = state.pending
        if pending is None or not pending.blast or self.stop:
            return replace(state, pending=None)
        following = replace(pending, target=pending.blast[0], blast=pending.blast[1:], reacted=())
        return replace(state, pending=following)

    def describe(self) -> str:
        if self.stop:
            return "the blast never goes off"
        return "the attack is resolved"


@dataclass(frozen=True)
class Killed(MurdhamEvent):
    kind: ClassVar[str] = "killed"
    unit: str
    by: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return state.update(self.unit, status=Status.DEAD, hp=0)

    def describe(self) -> str:
        return f"{self.by} delivers a final blow: {self.unit} is dead"


@dataclass(frozen=True)
class NonLethalResolved(MurdhamEvent):
    """ "Disarm. A nearby target must pass a STR save or drop a weapon chosen by the
    attacker." "Grapple. A nearby target must pass a STR save or be grabbed by the attacker." """

    kind: ClassVar[str] = "nonlethal_resolved"
    attacker: str
    target: str
    attack: str
    save: RolledDie
    score: int

    @property
    def passed(self) -> bool:
        return self.save.value <= self.score

    def apply(self, state: MurdhamState) -> MurdhamState:
        if self.passed:
            return state
        if self.attack == "disarm":
            return state.update(self.target, weapon=0, reach=0)
        kept = tuple(g for g in state.grabs if g[1] != self.target)
        return replace(state, grabs=(*kept, (self.attacker, self.target)))

    def describe(self) -> str:
        save = save_text(self.save, self.score, "STR")
        if self.passed:
            return f"{self.target} resists the {self.attack}: {save}"
        outcome = (
            "drops their weapon" if self.attack == "disarm" else f"is grabbed by {self.attacker}"
        )
        return f"{self.target} {outcome}: {save}"


@dataclass(frozen=True)
class Released(MurdhamEvent):
    """ "doing anything else automatically frees the grabbed character." """

    kind: ClassVar[str] = "released"
    grabber: str
    grabbed: str

    def apply(self, state: MurdhamState) -> MurdhamState:
        return replace(
            state, grabs=tuple(g for g in state.grabs if g != (self.grabber, self.grabbed))
        )

    def describe(self) -> str:
        return f"{self.grabber} lets go of {self.grabbed}"


@dataclass(frozen=True)
class Shoved(MurdhamEvent):
    """ "They can also shove the grabbed character, freeing them but forcing them to move by
    half a zone and/or pushing them into a hazard in their zone." """

    kind: ClassVar[str] = "shoved"
    grabber: str
    grabbed: str
    zone: str
    hazard: str = ""

    def apply(self, state: MurdhamState) -> MurdhamState:
        grabs = tuple(g for g in state.grabs if g != (self.grabber, self.grabbed))
        return replace(state.update(self.grabbed, zone=self.zone), grabs=grabs)

    def describe(self) -> str:
        text = f"{self.grabber} shoves {self.grabbed} free, half a zone: into {self.zone}"
        return text + (f", into {self.hazard}" if self.hazard else "")
