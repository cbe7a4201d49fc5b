"""Weird Wizard attacks that do more than deal damage (`seeds/004`, "Disarming"): what each
asks before the dice are rolled, the boons and banes it gives, and what it does on a success.
"""

from __future__ import annotations

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.rolls import Modifier
from adjudicator.combat.systems.weird_wizard.state import Combatant, Grip, WeirdState
from adjudicator.combat.systems.weird_wizard.transaction import Tx
from adjudicator.combat.systems.weird_wizard.turns import may_react, pending

#: An unopposed attribute roll succeeds on this total or more.
SUCCESS = 10


def disarm_banes(attacker: Combatant, command: c.Attack) -> Modifier:
    """ "You roll with 1 bane if you use a melee weapon, 2 banes if you use an improvised
    weapon, or 3 banes if you use a ranged weapon." """
    if command.improvised:
        return Modifier("disarming with an improvised weapon", -2)
    if attacker.range:
        return Modifier("disarming with a ranged weapon", -3)
    return Modifier("disarming with a melee weapon", -1)


def modifiers(attacker: Combatant, command: c.Attack) -> tuple[Modifier, ...]:
    """The boons and banes of the way of attacking declared."""
    return (disarm_banes(attacker, command),) if command.disarm else ()


def check(state: WeirdState, attacker: Combatant, target: Combatant, command: c.Attack) -> None:
    """Refuse, before any die is rolled, a way of attacking whose requirements are not met."""
    if command.catch and not command.disarm:
        raise err.CatchRefused("only a disarmed target drops an object to catch")
    if not command.disarm:
        return
    if target.bulk > attacker.bulk:
        raise err.DisarmRefused(
            f"{target.name} (Size {target.size}) is larger than {attacker.name} "
            f"(Size {attacker.size})"
        )
    if target.grip is Grip.NATURAL or target.disarmed:
        raise err.DisarmRefused(
            f"{target.name} holds no weapon in its hands", rule=err.WeaponDropped.rule
        )
    if command.bonus:
        raise err.DisarmRefused(
            "a disarming attack deals no damage: no Bonus Damage to roll",
            rule="On a success, the target takes no damage.",
        )
    if command.catch:
        if not state.in_reach(attacker, target):
            raise err.CatchRefused(f"{attacker.name} cannot reach {target.name}")
        if not may_react(state, attacker):
            raise err.ReactionUsed(f"{attacker.name} has used its reaction this round")


def resisting_disarm(
    state: WeirdState, attacker: Combatant, target: Combatant
) -> tuple[Modifier, ...]:
    """The banes on the target's Agility roll: 1 for every 2d6 Bonus Damage the attacker has
    (what is left of it in multiple attacks), and the target's own pending boon or bane."""
    volley = state.volley_of(attacker.name)
    have = attacker.bonus if volley is None else volley.bonus
    mods = [Modifier(f"{attacker.name}'s +{have}d6 Bonus Damage", -(have // 2))] if have > 1 else []
    return (*mods, *pending(state, target.name))


def disarm(tx: Tx, attacker: Combatant, target: Combatant, catch: bool) -> None:
    """ "On a success, the target takes no damage. Instead, the target makes an Agility roll.
    For every 2d6 Bonus Damage you have, impose 1 bane on the target's roll. On a failure,
    the target drops one object it holds in its hands." Ours: it drops its weapon."""
    mods = resisting_disarm(tx.state, attacker, target)
    roll = tx.attribute_roll(target.name, "Agility", target.agility, SUCCESS, "", mods)
    tx.emit(ev.RollMade(target.name, f"resists {attacker.name}'s disarm", roll))
    if roll.success:
        return
    tx.emit(ev.Disarmed(target.name, attacker.name))
    if catch:
        tx.emit(ev.Reacted(attacker.name, f"catches at {target.name}'s weapon"))
        weapon = (Modifier("the object is a weapon", -1), *pending(tx.state, attacker.name))
        grab = tx.attribute_roll(attacker.name, "Agility", attacker.agility, SUCCESS, "", weapon)
        tx.emit(ev.RollMade(attacker.name, f"tries to catch {target.name}'s weapon", grab))
