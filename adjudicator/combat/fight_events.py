"""Events of the fighting itself: attack rolls, defences, damage, binds, death, Words and spells.

Like every event these are facts with their results decided: a `DamageDealt` says how much
Armor and HP were lost, so the fold only subtracts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.events import Event, dice_text
from adjudicator.combat.stack import Part, SpellRuling, SpellStack, StackEntry
from adjudicator.combat.state import ActiveEffect, Bind, CombatState
from adjudicator.combat.units import Defence, Status
from adjudicator.rules.characters import Hitzone, Tag
from adjudicator.rules.spells import take_from_hand
from adjudicator.rules.words import Word, format_words

# --- attacks and defence -----------------------------------------------------------------------


@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack's hit dice and what they struck: a zone, a miss or a critical.

    `weapons[i]` rolled `rolls[i]`; `kept` is the roll that counts. An automatic critical
    (an unaware target, a bound zone) has no rolls and `kept` -1.
    """

    kind: ClassVar[str] = "attack_rolled"
    attacker: str
    target: str
    style: str
    weapons: tuple[str, ...]
    rolls: tuple[RolledDie, ...]
    kept: int
    result: str  # "zone", "miss" or "critical"
    zone: str | None

    def describe(self) -> str:
        weapons = " and ".join(dict.fromkeys(self.weapons))
        head = f"{self.attacker} attacks {self.target} ({self.style}, {weapons})"
        if self.kept < 0:
            return f"{head}: automatic critical on the {self.zone}"
        kept = self.rolls[self.kept].value
        dice = dice_text(self.rolls)
        outcome = {
            "zone": f"hits the {self.zone}",
            "miss": "misses",
            "critical": f"critical, aimed at the {self.zone}",
        }[self.result]
        keep = f", keeps {kept}" if len(self.rolls) > 1 else ""
        return f"{head}: {dice}{keep} → {outcome}"


@dataclass(frozen=True)
class DefenceDeclared(Event):
    kind: ClassVar[str] = "defence_declared"
    unit: str
    defence: Defence

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.unit)
        return state.update(self.unit, defences=(*unit.defences, self.defence))

    def describe(self) -> str:
        d = self.defence
        word = f" with {d.word}" if d.word else ""
        return f"{self.unit} defends with the {d.zone} ({d.dice}d6{word})"


@dataclass(frozen=True)
class DefenceRolled(Event):
    """A declared defence against an incoming attack roll; it is used up either way."""

    kind: ClassVar[str] = "defence_rolled"
    unit: str
    zone: str
    rolls: tuple[RolledDie, ...]
    attack_value: int
    held: bool

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.unit)
        return state.update(self.unit, defences=unit.defences[1:])

    def describe(self) -> str:
        best = max(r.value for r in self.rolls)
        verdict = f"blocks: the hit goes to the {self.zone}" if self.held else "fails"
        return (
            f"{self.unit} defends: {dice_text(self.rolls)} (best {best}) against "
            f"{self.attack_value}: {verdict}"
        )


@dataclass(frozen=True)
class DefencesExpired(Event):
    kind: ClassVar[str] = "defences_expired"
    unit: str

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, defences=())

    def describe(self) -> str:
        return f"{self.unit}'s defence lapses"


@dataclass(frozen=True)
class EnhancementUsed(Event):
    """A combat Word enhancing an action; a Drawn Word is consumed, an Inherent one kept."""

    kind: ClassVar[str] = "enhancement_used"
    unit: str
    word: Word
    part: Part
    consumed: bool

    def apply(self, state: CombatState) -> CombatState:
        if not self.consumed:
            return state
        unit = state.unit(self.unit)
        return state.update(self.unit, hand=take_from_hand(unit.hand, (self.word,))[0])

    def describe(self) -> str:
        used = "consumed" if self.consumed else "kept"
        return f"{self.unit} enhances the {self.part.value} with {self.word} ({used})"


# --- damage ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DamageDealt(Event):
    """Damage to a Hitzone: Armor first, then HP, excess lost; `diverted_from` a Maimed zone."""

    kind: ClassVar[str] = "damage_dealt"
    target: str
    zone: str
    amount: int
    armor_lost: int
    hp_lost: int
    source: str
    attacker: str | None = None
    rolls: tuple[RolledDie, ...] = ()
    diverted_from: str | None = None
    note: str = ""

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.target)
        zone = unit.zone(self.zone)
        hit = replace(zone, armor=zone.armor - self.armor_lost, hp=zone.hp - self.hp_lost)
        unit = unit.with_zone(hit)
        if self.attacker is not None:
            unit = replace(unit, last_hit_by=self.attacker)
        return state.with_unit(unit)

    def describe(self) -> str:
        dice = f" ({dice_text(self.rolls)})" if self.rolls else ""
        where = f"the {self.zone}"
        if self.diverted_from:
            where += f" (diverted from the Maimed {self.diverted_from})"
        note = f"; {self.note}" if self.note else ""
        return (
            f"{self.target} takes {self.amount} damage{dice} from {self.source} to {where}: "
            f"-{self.armor_lost} Armor, -{self.hp_lost} HP{note}"
        )


@dataclass(frozen=True)
class ItemBroken(Event):
    kind: ClassVar[str] = "item_broken"
    unit: str
    zone: str
    item: str

    def describe(self) -> str:
        return f"{self.unit}'s {self.item} on the {self.zone} breaks (0 Armor)"


@dataclass(frozen=True)
class ZoneMaimed(Event):
    kind: ClassVar[str] = "zone_maimed"
    unit: str
    zone: str

    def describe(self) -> str:
        return f"{self.unit}'s {self.zone} is Maimed"


@dataclass(frozen=True)
class UnitDown(Event):
    """The Head at 0 HP: the unit stops acting; its two-part action and defences end."""

    kind: ClassVar[str] = "unit_down"
    unit: str

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, status=Status.DOWN, pending=None, defences=())

    def describe(self) -> str:
        return f"{self.unit} is down (Head at 0 HP)"


@dataclass(frozen=True)
class UnitDeclaredDead(Event):
    kind: ClassVar[str] = "unit_declared_dead"
    unit: str
    killer: str | None

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, status=Status.DEAD, space=None, pending=None, defences=())

    def describe(self) -> str:
        by = f", slain by {self.killer}" if self.killer else ""
        return f"the Storyteller declares {self.unit} dead{by}"


@dataclass(frozen=True)
class WordOwed(Event):
    """A Word to draw from the Deck (the Deck itself is kept elsewhere)."""

    kind: ClassVar[str] = "word_owed"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} draws a Word from the Deck: {self.reason}"


@dataclass(frozen=True)
class SpecificFateOffered(Event):
    """ "If you kill another Fate Weaver, you may choose any one of their base Tags"."""

    kind: ClassVar[str] = "specific_fate_offered"
    unit: str
    slain: str
    tags: tuple[str, ...]

    def describe(self) -> str:
        tags = ", ".join(f"[{t}]" for t in self.tags) or "(no base Tags known)"
        return f"{self.unit} may take a Specific Fate of {self.slain}: {tags}"


# --- binds -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BindContested(Event):
    """The opposed 1d6 after a grab lands, or to break free: `won` for the one who acted."""

    kind: ClassVar[str] = "bind_contested"
    unit: str
    opponent: str
    zone: str
    roll: RolledDie
    opposing: RolledDie
    won: bool
    purpose: str

    def describe(self) -> str:
        verdict = "wins" if self.won else "loses"
        return (
            f"{self.unit} {self.purpose} ({self.zone}): {self.roll.value} against "
            f"{self.opponent}'s {self.opposing.value} — {verdict}"
        )


@dataclass(frozen=True)
class BindEstablished(Event):
    kind: ClassVar[str] = "bind_established"
    bind: Bind

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, binds=(*state.binds, self.bind))

    def describe(self) -> str:
        return f"bound: {self.bind}"


@dataclass(frozen=True)
class BindEnded(Event):
    kind: ClassVar[str] = "bind_ended"
    bind: Bind
    reason: str

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, binds=tuple(b for b in state.binds if b != self.bind))

    def describe(self) -> str:
        return f"no longer bound ({self.reason}): {self.bind}"


# --- death, healing, rest ----------------------------------------------------------------------


def _without_tag(state: CombatState, payer: str, tag: Tag) -> CombatState:
    unit = state.unit(payer)
    if unit.character is None:
        return state.update(payer, tags=tuple(t for t in unit.tags if t != tag))
    tags = tuple(t for t in unit.character.gained_tags if t != tag)
    return state.update(payer, character=replace(unit.character, gained_tags=tags))


@dataclass(frozen=True)
class DeathResisted(Event):
    """A Tag sacrificed to be "fully healed (including Maims but not Armor)"."""

    kind: ClassVar[str] = "death_resisted"
    unit: str
    payer: str
    tag: Tag
    hitzones: tuple[Hitzone, ...]

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.unit)
        status = Status.STANDING if unit.status is Status.DOWN else unit.status
        state = state.update(self.unit, hitzones=self.hitzones, status=status)
        return _without_tag(state, self.payer, self.tag)

    def describe(self) -> str:
        paid = "" if self.payer == self.unit else f" ({self.payer} pays)"
        return f"{self.unit} resists death, sacrificing {self.tag.describe()}{paid}"


@dataclass(frozen=True)
class MaimHealed(Event):
    kind: ClassVar[str] = "maim_healed"
    unit: str
    zone: str
    hp: int
    payer: str
    tag: Tag

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.unit)
        unit = unit.with_zone(replace(unit.zone(self.zone), hp=self.hp))
        if unit.status is Status.DOWN and not unit.is_down:
            unit = replace(unit, status=Status.STANDING)
        return _without_tag(state.with_unit(unit), self.payer, self.tag)

    def describe(self) -> str:
        paid = "" if self.payer == self.unit else f" ({self.payer} pays)"
        return (
            f"{self.unit}'s {self.zone} is healed to {self.hp} HP for {self.tag.describe()}{paid}"
        )


@dataclass(frozen=True)
class Rested(Event):
    """Six safe hours: Armor repaired, non-Maimed HP healed, magic items as they were."""

    kind: ClassVar[str] = "rested"
    unit: str
    hitzones: tuple[Hitzone, ...]

    def apply(self, state: CombatState) -> CombatState:
        return state.update(self.unit, hitzones=self.hitzones)

    def describe(self) -> str:
        zones = "/".join(f"{z.hp}" for z in self.hitzones)
        return f"{self.unit} rests: HP {zones}, Armor repaired"


# --- Words and spells --------------------------------------------------------------------------


@dataclass(frozen=True)
class SpellCast(Event):
    """A spell announced and put on the stack; its Drawn Words leave the caster's hand."""

    kind: ClassVar[str] = "spell_cast"
    stack: SpellStack
    consumed: tuple[Word, ...]

    def apply(self, state: CombatState) -> CombatState:
        caster = state.unit(self.stack.caster)
        state = state.update(caster.name, hand=take_from_hand(caster.hand, self.consumed)[0])
        return replace(state, stack=self.stack)

    def describe(self) -> str:
        s = self.stack
        target = f" on {s.target}" if s.target else ""
        ruling = f" (ruling {s.ruling.ruling_id})" if s.ruling.ruling_id else ""
        return (
            f"{s.caster} casts {format_words(s.cast_words)}{target}: {s.spell.intent}{ruling}; "
            f"{len(s.cast_words)} Words on the stack"
        )


@dataclass(frozen=True)
class CounterspellAnnounced(Event):
    kind: ClassVar[str] = "counterspell_announced"
    entry: StackEntry
    consumed: tuple[Word, ...]

    def apply(self, state: CombatState) -> CombatState:
        assert state.stack is not None
        unit = state.unit(self.entry.counterer)
        state = state.update(unit.name, hand=take_from_hand(unit.hand, self.consumed)[0])
        return replace(state, stack=state.stack.push(self.entry) if state.stack else None)

    def describe(self) -> str:
        return f"counterspell by {self.entry}"


@dataclass(frozen=True)
class MagicItemSpent(Event):
    """A magic item used to counterspell loses Armor/durability; at 0 it is destroyed."""

    kind: ClassVar[str] = "magic_item_spent"
    unit: str
    item: str
    zone: str
    armor_left: int

    def apply(self, state: CombatState) -> CombatState:
        unit = state.unit(self.unit)
        return state.with_unit(unit.with_zone(replace(unit.zone(self.zone), armor=self.armor_left)))

    def describe(self) -> str:
        fate = "destroyed" if self.armor_left == 0 else f"{self.armor_left} left"
        return f"{self.unit}'s {self.item} spends a point to counterspell ({fate})"


@dataclass(frozen=True)
class SpellTookEffect(Event):
    kind: ClassVar[str] = "spell_took_effect"
    caster: str
    target: str | None
    words: tuple[Word, ...]
    ruling: SpellRuling
    zone: str | None = None

    def apply(self, state: CombatState) -> CombatState:
        effect = ActiveEffect(self.caster, self.target, self.words, self.ruling, self.ruling.rounds)
        return replace(state, effects=(*state.effects, effect))

    def describe(self) -> str:
        on = f" on {self.target}" if self.target else ""
        text = f": {self.ruling.text}" if self.ruling.text else ""
        return f"{format_words(self.words)} takes effect{on}{text}"


@dataclass(frozen=True)
class SpellFailed(Event):
    """A spell with no effect: its touch missed, or the Storyteller declared it dispelled."""

    kind: ClassVar[str] = "spell_failed"
    caster: str
    words: tuple[Word, ...]
    reason: str

    def describe(self) -> str:
        return f"{self.caster}'s {format_words(self.words)} has no effect: {self.reason}"


@dataclass(frozen=True)
class StackClosed(Event):
    """ "All words in the stack are lost." """

    kind: ClassVar[str] = "stack_closed"
    words_lost: int

    def apply(self, state: CombatState) -> CombatState:
        return replace(state, stack=None)

    def describe(self) -> str:
        return f"the stack closes; {self.words_lost} Words are lost"


@dataclass(frozen=True)
class EffectExpired(Event):
    kind: ClassVar[str] = "effect_expired"
    caster: str
    words: tuple[Word, ...]

    def describe(self) -> str:
        return f"{self.caster}'s {format_words(self.words)} ends"
