"""The facts a Weird Wizard fight is made of, folded into `WeirdState`; each registers under
its `kind` in `WeirdEvent.kinds` as it is defined."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.events import dice_text
from adjudicator.combat.fight import FightEvent
from adjudicator.combat.registry import Registry
from adjudicator.combat.systems.weird_wizard.rolls import AttributeRoll
from adjudicator.combat.systems.weird_wizard.state import (
    Applies,
    Boon,
    Combatant,
    Grab,
    Phase,
    Turn,
    Volley,
    WeirdState,
)


@dataclass(frozen=True)
class WeirdEvent(FightEvent[WeirdState]):
    """A fact of a Weird Wizard fight; subclasses set `kind` and override `apply`."""

    kinds: ClassVar[Registry[str, type[Any]]] = Registry("the Weird Wizard event kind")


@dataclass(frozen=True)
class WizardFightCreated(WeirdEvent):
    kind: ClassVar[str] = "fight_created"
    variant: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, variant=self.variant)

    def describe(self) -> str:
        return "Shadow of the Weird Wizard fight created"


@dataclass(frozen=True)
class CombatantAdded(WeirdEvent):
    kind: ClassVar[str] = "combatant_added"
    combatant: Combatant

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, combatants=(*state.combatants, self.combatant))

    def describe(self) -> str:
        return f"{self.combatant.describe()} joins"


@dataclass(frozen=True)
class FightBegan(WeirdEvent):
    kind: ClassVar[str] = "fight_began"
    ambushed: tuple[str, ...] = ()

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, phase=Phase.FIGHTING, ambushed=frozenset(self.ambushed))

    def describe(self) -> str:
        who = f": {', '.join(self.ambushed)} ambushed" if self.ambushed else ""
        return f"the fight begins{who}"


@dataclass(frozen=True)
class RoundBegan(WeirdEvent):
    kind: ClassVar[str] = "round_began"
    number: int

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(
            state,
            round=self.number,
            done=frozenset(),
            reacted=frozenset(),
            initiative=(),
            bonus_used=frozenset(),
            turn=None,
        )

    def describe(self) -> str:
        return f"round {self.number}: the Sage's side acts first, then the players"


@dataclass(frozen=True)
class InitiativeTaken(WeirdEvent):
    kind: ClassVar[str] = "initiative_taken"
    unit: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(
            state,
            initiative=(*state.initiative, self.unit),
            reacted=state.reacted | {self.unit},
        )

    def describe(self) -> str:
        return f"{self.unit} takes the initiative (reaction): acts before the Sage's side"


@dataclass(frozen=True)
class TurnStarted(WeirdEvent):
    kind: ClassVar[str] = "turn_started"
    unit: str
    speed: int
    no_actions: bool = False

    def apply(self, state: WeirdState) -> WeirdState:
        boons = tuple(b for b in state.boons if b.by != self.unit)
        number = state.turns + 1
        return replace(
            state,
            turn=Turn(self.unit, 0, self.speed, self.no_actions, number),
            turns=number,
            boons=boons,
            halted=tuple(h for h in state.halted if h[1] != self.unit),
        )

    def describe(self) -> str:
        note = " (ambushed: no actions)" if self.no_actions else ""
        return f"{self.unit} takes a turn{note}"


@dataclass(frozen=True)
class Moved(WeirdEvent):
    kind: ClassVar[str] = "moved"
    unit: str
    start: int
    end: int

    def apply(self, state: WeirdState) -> WeirdState:
        state = state.update(self.unit, position=self.end)
        turn = state.turn
        if turn is not None and turn.unit == self.unit:
            moved = turn.moved + abs(self.end - self.start)
            state = replace(state, turn=replace(turn, moved=moved))
        return state.loosen()

    def describe(self) -> str:
        return f"{self.unit} moves from {self.start} yd to {self.end} yd"


@dataclass(frozen=True)
class ActionUsed(WeirdEvent):
    kind: ClassVar[str] = "action_used"
    unit: str
    action: str
    note: str = ""

    def apply(self, state: WeirdState) -> WeirdState:
        turn = state.turn
        if turn is None:
            return state
        speed = turn.speed * 3 if self.action == "run" else turn.speed
        state = replace(state, turn=replace(turn, acted=True, speed=speed))
        # A pin lasts until the holder "use[s] an action to do anything other than wrestle
        # the target".
        grabs = tuple(
            replace(g, pinned=False)
            if g.holder == self.unit and not (self.action == "wrestle" and self.note == g.held)
            else g
            for g in state.grabs
        )
        return replace(state, grabs=grabs)

    def describe(self) -> str:
        note = f" ({self.note})" if self.note else ""
        return f"{self.unit} uses an action: {self.action}{note}"


@dataclass(frozen=True)
class BoonGranted(WeirdEvent):
    kind: ClassVar[str] = "boon_granted"
    boon: Boon

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, boons=(*state.boons, self.boon))

    def describe(self) -> str:
        word = "boon" if self.boon.amount > 0 else "bane"
        return f"{self.boon.unit} has 1 {word} on {self.boon.on.value} ({self.boon.source})"


@dataclass(frozen=True)
class Defending(WeirdEvent):
    kind: ClassVar[str] = "defending"
    unit: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, defending=(*state.defending, (self.unit, state.round)))

    def describe(self) -> str:
        return f"{self.unit} defends until the end of its next turn"


@dataclass(frozen=True)
class VolleyDeclared(WeirdEvent):
    """Multiple attacks: 2 dice of Bonus Damage spent for each additional attack; the rest
    is left to divide between the attacks. Spending it is this round's use of Bonus Damage."""

    kind: ClassVar[str] = "volley_declared"
    attacker: str
    attacks: int
    target: str
    bonus_left: int

    def apply(self, state: WeirdState) -> WeirdState:
        volley = Volley(self.attacker, self.attacks - 1, self.bonus_left, (self.target,))
        return replace(state, volley=volley, bonus_used=state.bonus_used | {self.attacker})

    def describe(self) -> str:
        spent = 2 * (self.attacks - 1)
        return (
            f"{self.attacker} makes {self.attacks} attacks: {spent}d6 Bonus Damage spent, "
            f"{self.bonus_left}d6 left to divide between them"
        )


@dataclass(frozen=True)
class AdditionalAttack(WeirdEvent):
    kind: ClassVar[str] = "additional_attack"
    attacker: str
    target: str

    def apply(self, state: WeirdState) -> WeirdState:
        volley = state.volley_of(self.attacker)
        if volley is None:
            return state
        left = replace(volley, left=volley.left - 1, targets=(*volley.targets, self.target))
        return replace(state, volley=left)

    def describe(self) -> str:
        return f"{self.attacker} makes an additional attack, on {self.target}"


@dataclass(frozen=True)
class Reacted(WeirdEvent):
    kind: ClassVar[str] = "reacted"
    unit: str
    reaction: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, reacted=state.reacted | {self.unit})

    def describe(self) -> str:
        return f"{self.unit} reacts: {self.reaction}"


@dataclass(frozen=True)
class AttackRolled(WeirdEvent):
    kind: ClassVar[str] = "attack_rolled"
    attacker: str
    target: str
    roll: AttributeRoll

    def apply(self, state: WeirdState) -> WeirdState:
        """The boons and banes it rolled with are spent: the attacker's on its next roll and
        next roll to attack, the target's on the next roll to attack it."""
        spent = tuple(
            b
            for b in state.boons
            if not (b.unit == self.attacker and b.on is not Applies.ATTACKED)
            and not (b.unit == self.target and b.on is Applies.ATTACKED)
        )
        return replace(state, boons=spent)

    def describe(self) -> str:
        return f"{self.attacker} attacks {self.target}: {self.roll.describe()}"


@dataclass(frozen=True)
class RollMade(WeirdEvent):
    """An attribute roll other than an attack's (resisting a disarm, catching): it spends the
    roller's boons and banes on its next attribute roll."""

    kind: ClassVar[str] = "roll_made"
    unit: str
    purpose: str
    roll: AttributeRoll

    def apply(self, state: WeirdState) -> WeirdState:
        spent = tuple(b for b in state.boons if b.unit != self.unit or b.on is not Applies.ROLL)
        return replace(state, boons=spent)

    def describe(self) -> str:
        return f"{self.unit} {self.purpose}: {self.roll.describe()}"


@dataclass(frozen=True)
class OptionUsed(WeirdEvent):
    """An attack option that succeeded: the weapon contributes nothing to the damage; what
    the option did (or why it did nothing more)."""

    kind: ClassVar[str] = "option_used"
    attacker: str
    target: str
    option: str
    effect: str

    def describe(self) -> str:
        return (
            f"{self.attacker}'s {self.option} attack on {self.target} succeeds (the weapon "
            f"deals no damage): {self.effect}"
        )


@dataclass(frozen=True)
class Pushed(WeirdEvent):
    kind: ClassVar[str] = "pushed"
    unit: str
    start: int
    end: int
    by: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.update(self.unit, position=self.end).loosen()

    def describe(self) -> str:
        return f"{self.by} pushes {self.unit} from {self.start} yd to {self.end} yd"


@dataclass(frozen=True)
class TurnedSlippery(WeirdEvent):
    kind: ClassVar[str] = "turned_slippery"
    unit: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, slippery=state.slippery | {self.unit})

    def describe(self) -> str:
        return f"{self.unit} gains the Slippery trait until the end of its turn"


@dataclass(frozen=True)
class Disarmed(WeirdEvent):
    kind: ClassVar[str] = "disarmed"
    unit: str
    by: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.update(self.unit, disarmed=True)

    def describe(self) -> str:
        return f"{self.unit} drops its weapon (disarmed by {self.by})"


@dataclass(frozen=True)
class Rearmed(WeirdEvent):
    kind: ClassVar[str] = "rearmed"
    unit: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.update(self.unit, disarmed=False)

    def describe(self) -> str:
        return f"{self.unit} takes up its weapon again"


@dataclass(frozen=True)
class FellProne(WeirdEvent):
    kind: ClassVar[str] = "fell_prone"
    unit: str
    cause: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.update(self.unit, prone=True)

    def describe(self) -> str:
        return f"{self.unit} falls prone ({self.cause})"


@dataclass(frozen=True)
class StoodUp(WeirdEvent):
    """Standing up spends half the Speed; a holder who stands up releases its pin."""

    kind: ClassVar[str] = "stood_up"
    unit: str
    cost: int

    def apply(self, state: WeirdState) -> WeirdState:
        state = state.update(self.unit, prone=False)
        grabs = tuple(replace(g, pinned=False) if g.holder == self.unit else g for g in state.grabs)
        turn = state.turn
        if turn is not None and turn.unit == self.unit:
            state = replace(state, turn=replace(turn, moved=turn.moved + self.cost))
        return replace(state, grabs=grabs)

    def describe(self) -> str:
        return f"{self.unit} stands up ({self.cost} yards of Speed)"


@dataclass(frozen=True)
class Grabbed(WeirdEvent):
    """A grab made or extended: held "until the end of your next turn"."""

    kind: ClassVar[str] = "grabbed"
    holder: str
    held: str
    round: int

    def apply(self, state: WeirdState) -> WeirdState:
        old = state.grab_of(self.holder, self.held)
        pinned = old is not None and old.pinned
        rest = tuple(g for g in state.grabs if g != old)
        return replace(state, grabs=(*rest, Grab(self.holder, self.held, self.round, pinned)))

    def describe(self) -> str:
        return f"{self.held} is held by {self.holder} until the end of {self.holder}'s next turn"


@dataclass(frozen=True)
class GrabEnded(WeirdEvent):
    kind: ClassVar[str] = "grab_ended"
    holder: str
    held: str
    why: str

    def apply(self, state: WeirdState) -> WeirdState:
        grabs = tuple(g for g in state.grabs if (g.holder, g.held) != (self.holder, self.held))
        return replace(state, grabs=grabs)

    def describe(self) -> str:
        return f"{self.holder}'s grab on {self.held} ends ({self.why})"


@dataclass(frozen=True)
class DragFailed(WeirdEvent):
    kind: ClassVar[str] = "drag_failed"
    holder: str
    held: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.regrab(self.holder, self.held, slipping=True)

    def describe(self) -> str:
        return f"{self.holder} fails to drag {self.held}: if {self.holder} moves, the grab ends"


@dataclass(frozen=True)
class Pinned(WeirdEvent):
    kind: ClassVar[str] = "pinned"
    holder: str
    held: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.regrab(self.holder, self.held, pinned=True)

    def describe(self) -> str:
        return f"{self.holder} pins {self.held}: it cannot stand up until the pin ends"


@dataclass(frozen=True)
class Halted(WeirdEvent):
    """A trip's critical success: "the target's Speed drops to 0 until the start of your
    next turn"."""

    kind: ClassVar[str] = "halted"
    unit: str
    by: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, halted=(*state.halted, (self.unit, self.by)))

    def describe(self) -> str:
        return f"{self.unit}'s Speed is 0 until the start of {self.by}'s next turn"


@dataclass(frozen=True)
class Dragged(WeirdEvent):
    kind: ClassVar[str] = "dragged"
    unit: str
    start: int
    end: int
    by: str

    def apply(self, state: WeirdState) -> WeirdState:
        return state.update(self.unit, position=self.end)

    def describe(self) -> str:
        return f"{self.by} drags {self.unit} from {self.start} yd to {self.end} yd"


@dataclass(frozen=True)
class DefenceLuck(WeirdEvent):
    """Defend: "the first time any creature succeeds on a roll to attack you, make a luck
    roll. On a success, you turn the creature's success into a failure." """

    kind: ClassVar[str] = "defence_luck"
    unit: str
    die: RolledDie

    @property
    def success(self) -> bool:
        return self.die.value >= 10

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, defending=tuple(d for d in state.defending if d[0] != self.unit))

    def describe(self) -> str:
        result = "the hit becomes a miss" if self.success else "the hit stands"
        return f"{self.unit} defends: luck roll {dice_text((self.die,))}: {result}"


@dataclass(frozen=True)
class DamageDealt(WeirdEvent):
    kind: ClassVar[str] = "damage_dealt"
    attacker: str
    target: str
    rolls: tuple[RolledDie, ...]
    bonus: tuple[RolledDie, ...] = ()
    #: Damage that is no roll (an unarmed strike on a larger target: 1).
    flat: int = 0
    #: The off-hand weapon's dice, extra damage when both weapons attack.
    extra: tuple[RolledDie, ...] = ()

    @property
    def total(self) -> int:
        return self.flat + sum(r.value for r in (*self.rolls, *self.extra, *self.bonus))

    def apply(self, state: WeirdState) -> WeirdState:
        target = state.unit(self.target)
        state = state.update(self.target, damage=target.damage + self.total)
        volley = state.volley_of(self.attacker)
        if volley is not None:
            state = replace(state, volley=replace(volley, bonus=volley.bonus - len(self.bonus)))
        if self.bonus:
            state = replace(state, bonus_used=state.bonus_used | {self.attacker})
        return state.loosen()

    def describe(self) -> str:
        if self.flat:
            return f"{self.target} takes {self.flat} damage from {self.attacker}"
        parts = [dice_text(self.rolls)] if self.rolls else []
        if self.extra:
            parts.append(f"off-hand {dice_text(self.extra)}")
        if self.bonus:
            parts.append(f"Bonus Damage {dice_text(self.bonus)}")
        return f"{self.target} takes {self.total} damage from {self.attacker}: " + " + ".join(parts)


@dataclass(frozen=True)
class Stabilized(WeirdEvent):
    kind: ClassVar[str] = "stabilized"
    unit: str
    target: str
    die: RolledDie

    def apply(self, state: WeirdState) -> WeirdState:
        target = state.unit(self.target)
        return state.update(self.target, damage=max(0, target.damage - self.die.value))

    def describe(self) -> str:
        return f"{self.unit} stabilizes {self.target}: heals {dice_text((self.die,))}"


@dataclass(frozen=True)
class TurnEnded(WeirdEvent):
    kind: ClassVar[str] = "turn_ended"
    unit: str

    def apply(self, state: WeirdState) -> WeirdState:
        defending = tuple((u, r) for u, r in state.defending if u != self.unit or r == state.round)
        grabs = tuple(g for g in state.grabs if g.holder != self.unit or g.round == state.round)
        return replace(
            state,
            grabs=grabs,
            turn=None,
            done=state.done | {self.unit},
            defending=defending,
            volley=None,
            slippery=state.slippery - {self.unit},
        )

    def describe(self) -> str:
        return f"{self.unit}'s turn ends"


@dataclass(frozen=True)
class RoundEnded(WeirdEvent):
    kind: ClassVar[str] = "round_ended"

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, ambushed=frozenset())

    def describe(self) -> str:
        return "every combatant has taken a turn: the round ends"


@dataclass(frozen=True)
class FightEnded(WeirdEvent):
    kind: ClassVar[str] = "fight_ended"
    reason: str

    def apply(self, state: WeirdState) -> WeirdState:
        return replace(state, phase=Phase.ENDED, turn=None, ended=self.reason)

    def describe(self) -> str:
        return f"the fight ends: {self.reason}"
