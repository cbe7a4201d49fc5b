"""Damage to a Hitzone and everything that follows from it: broken items, Maims, going down,
dropped weapons, ended binds, interrupted two-part actions.

"This damage is first applied to any Armor in that Hitzone. If an attack deals more damage
than Armor is left, the extra damage is lost. When Armor reaches 0, the item in that zone is
considered broken and unusable. If an attack hits a zone with 0 Armor, it deals damage to the
HP of the Hitzone it covered. When a Hitzone reaches 0 HP, it is considered Maimed and becomes
unusable (excess damage on the Maiming hit is again discarded). If an attack hits an already
Maimed zone, damage is diverted to Head HP." (rulebook, "Attacking")

Decisions where the rulebook is silent:
- Damage diverted from a Maimed zone goes straight to Head HP, as written, past any helmet.
- "Unarmed attacks ... can only damage unarmored or bound hitzones": an unarmed hit on an
  armored zone that is not bound does nothing, not even to the Armor.
- Interruption: the 1d6 is rolled against the HP actually lost (what "takes HP damage"
  counts); the ruleset says whether a tie holds on. Armor damage never interrupts.
- A Maimed hand drops what it held; a Maimed part ends the binds it is in ("unusable").
"""

from __future__ import annotations

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.events import (
    ActionCancelled,
    AwarenessSet,
    InterruptionRolled,
    WeaponDropped,
)
from adjudicator.combat.fight_events import BindEnded, DamageDealt, ItemBroken, UnitDown, ZoneMaimed
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import Status


def deal_damage(
    tx: Transaction,
    target: str,
    zone: str,
    amount: int,
    source: str,
    *,
    attacker: str | None = None,
    rolls: tuple[RolledDie, ...] = (),
    unarmed: bool = False,
) -> None:
    """Apply `amount` damage to `zone` of `target` and emit what follows."""
    state = tx.state
    unit = state.unit(target)
    struck = unit.zone(zone)
    diverted: str | None = None
    was_maimed = struck.maimed
    if was_maimed and struck.name != unit.head.name:
        diverted, struck = struck.name, unit.head
    bound = struck.name in state.bound_zones(unit.name)
    armored = struck.item is not None and struck.armor > 0
    armor_lost = hp_lost = 0
    note = ""
    if was_maimed:
        hp_lost = min(struck.hp, amount)
    elif unarmed and bound:
        hp_lost = min(struck.hp, amount)
        note = "unarmed on a bound Hitzone: HP damage past the Armor"
    elif unarmed and armored:
        note = "unarmed attacks only damage unarmored or bound Hitzones"
    elif armored:
        modifier = tx.rules.armor_modifier(unit)
        armor_lost = min(struck.armor, max(0, amount - modifier))
        if modifier:
            note = f"stance armor modifier {modifier:+d}"
    else:
        hp_lost = min(struck.hp, amount)
    tx.emit(
        DamageDealt(
            unit.name,
            struck.name,
            amount,
            armor_lost,
            hp_lost,
            source,
            attacker,
            rolls,
            diverted,
            note,
        )
    )
    if armor_lost and armor_lost == struck.armor and struck.item is not None:
        tx.emit(ItemBroken(unit.name, struck.name, struck.item))
    maimed = bool(hp_lost) and hp_lost == struck.hp
    if maimed:
        _maim(tx, unit.name, struck.name)
    if hp_lost:
        _interrupt(tx, unit.name, hp_lost, maimed)


def _maim(tx: Transaction, name: str, zone: str) -> None:
    tx.emit(ZoneMaimed(name, zone))
    unit = tx.state.unit(name)
    if zone in unit.hands and unit.held_in(zone) is not None:
        tx.emit(WeaponDropped(name, str(unit.held_in(zone)), zone, "the hand is Maimed"))
    for bind in tx.state.binds:
        if (bind.holder == name and bind.holder_zone == zone) or (
            bind.held == name and bind.held_zone == zone
        ):
            tx.emit(BindEnded(bind, f"{name}'s {zone} is Maimed"))
    if zone == unit.head.name and unit.status is Status.STANDING:
        tx.emit(UnitDown(name))
        for bind in tx.state.binds_of(name):
            tx.emit(BindEnded(bind, f"{name} is down"))


def _interrupt(tx: Transaction, name: str, hp_lost: int, maimed: bool) -> None:
    """ "If that unit takes HP damage before the action is complete, they must make a 1d6 roll
    against the incoming damage amount to resist being interrupted. Maims will always
    interrupt." """
    pending = tx.state.unit(name).pending
    if pending is None:
        return
    if maimed:
        tx.emit(ActionCancelled(name, pending.description, "interrupted: a Maim always interrupts"))
        return
    roll = tx.roll(6, "resisting interruption", name)
    held = tx.rules.holds_on(roll.value, hp_lost)
    tx.emit(InterruptionRolled(name, hp_lost, roll, held))
    if not held:
        tx.emit(ActionCancelled(name, pending.description, "interrupted by damage"))


def make_aware(tx: Transaction, observer: str, target: str) -> None:
    """After a strike the struck unit knows its attacker: the surprise was a "first strike"."""
    if not tx.state.is_aware(observer, target):
        tx.emit(AwarenessSet(observer, target, True))


def head_zone(tx: Transaction, name: str) -> str:
    """The default aim of a critical: the Head (ours; the attacker may name any zone)."""
    return tx.state.unit(name).head.name
