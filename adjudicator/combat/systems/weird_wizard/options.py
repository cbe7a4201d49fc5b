"""Weird Wizard attacks that do more than deal damage (`seeds/004`, "Disarming", "Attack
Options"): what each asks before the dice are rolled, the boons and banes it gives, and what
it does on a success.
"""

from __future__ import annotations

from adjudicator.combat.systems.weird_wizard import afflictions
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.commands import AttackOption
from adjudicator.combat.systems.weird_wizard.effect_events import RollFailed
from adjudicator.combat.systems.weird_wizard.rolls import AttributeRoll, Modifier
from adjudicator.combat.systems.weird_wizard.state import (
    Applies,
    Boon,
    Combatant,
    Grip,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.transaction import Tx
from adjudicator.combat.systems.weird_wizard.turns import pending, react

#: An unopposed attribute roll succeeds on this total or more.
SUCCESS = 10
ATTRIBUTES = ("strength", "agility", "intellect", "will")
#: How far a driving attack pushes at most, in yards.
DRIVE = 5
#: The grips a weapon needs for an option (driving may use a shield instead).
WIELDED = {
    AttackOption.DRIVING: (Grip.ONE_HANDED, Grip.TWO_HANDED),
    AttackOption.FEINTING: (Grip.ONE_HANDED, Grip.OFF_HAND),
    AttackOption.LUNGING: (Grip.ONE_HANDED, Grip.TWO_HANDED),
}
#: The attribute + 5 a successful roll must reach for the option's effect.
THRESHOLD = {
    AttackOption.DISRUPTING: "will",
    AttackOption.DRIVING: "strength",
    AttackOption.FEINTING: "intellect",
    AttackOption.PRESSING: "agility",
}


def disarm_banes(attacker: Combatant, command: c.Attack) -> Modifier:
    """ "You roll with 1 bane if you use a melee weapon, 2 banes if you use an improvised
    weapon, or 3 banes if you use a ranged weapon." """
    if command.improvised:
        return Modifier("disarming with an improvised weapon", -2)
    if attacks_at_range(attacker, command):
        return Modifier("disarming with a ranged weapon", -3)
    return Modifier("disarming with a melee weapon", -1)


def modifiers(attacker: Combatant, command: c.Attack) -> tuple[Modifier, ...]:
    """The boons and banes of the way of attacking declared."""
    return (disarm_banes(attacker, command),) if command.disarm else ()


def attacks_at_range(attacker: Combatant, command: c.Attack) -> bool:
    """Whether the weapon the attack uses is a ranged one (or thrown)."""
    if command.thrown:
        return True
    return bool(attacker.range) and command.hand is not c.Hand.OFF and not command.improvised


def lunges(attacker: Combatant, command: c.Attack) -> bool:
    """A lunging attack: "choose a target for your attack as if your reach was 1 yard
    greater" (its requirements are checked by `check`)."""
    return command.option is AttackOption.LUNGING and not attacks_at_range(attacker, command)


def grip_of(attacker: Combatant, command: c.Attack) -> Grip:
    """The grip of the weapon the attack uses (the off-hand weapon's is an off-hand grip)."""
    return Grip.OFF_HAND if command.hand is c.Hand.OFF else attacker.grip


def check_hand(attacker: Combatant, command: c.Attack) -> None:
    """Two weapons: "you can attack with either" or "with both weapons at the same time"."""
    if command.hand is c.Hand.MAIN:
        return
    if command.thrown:
        raise err.TwoWeaponsRefused("one weapon is thrown at a time: the main one")
    if not attacker.off_hand:
        raise err.TwoWeaponsRefused(f"{attacker.name} wields no off-hand weapon")
    if attacker.disarmed or command.improvised:
        raise err.TwoWeaponsRefused(f"{attacker.name} attacks without its weapons")
    if command.hand is c.Hand.BOTH and attacker.range:
        raise err.TwoWeaponsRefused(
            f"{attacker.name}'s main weapon is a ranged weapon: both weapons strike in melee"
        )
    if command.hand is c.Hand.BOTH and command.disarm:
        raise err.TwoWeaponsRefused(
            "a disarming attack deals no damage: no off-hand damage to add",
            rule=err.DISARMING,
        )


def check_aim(state: WeirdState, command: c.Attack) -> None:
    """A called shot aims at an attribute to impair or at an object; an attack on a target
    with total cover strikes the obstacle, so nothing aimed at the target goes with it."""
    aims = bool(command.impair) + bool(command.at_object)
    if aims and not command.called_shot:
        raise err.CalledShotRefused("only a called shot aims (--called-shot)")
    if command.called_shot and aims != 1:
        raise err.CalledShotRefused(
            "a called shot aims at one thing: an attribute to impair or an object",
            hint="--impair strength|agility|intellect|will, or --at-object NAME",
        )
    if command.impair and command.impair not in ATTRIBUTES:
        raise err.CalledShotRefused(f"{command.impair!r} is not an attribute")
    if command.at_object and command.disarm:
        raise err.CalledShotRefused("a disarm deals no damage for the object to take")
    if not command.behind:
        return
    cover = state.obstacle(command.behind)
    if cover.destroyed:
        raise err.TotalCover(f"{cover.name} is destroyed: it covers no one")
    aimed = ("disarm", "option", "called_shot", "dodge", "covered_by", "catch")
    if any(getattr(command, name) for name in aimed):
        raise err.TotalCover(
            f"the attack strikes {cover.name}: no disarm, attack option, called shot, Dodge or "
            "Cover Ally against the creature behind it"
        )


def check(state: WeirdState, attacker: Combatant, target: Combatant, command: c.Attack) -> None:
    """Refuse, before any die is rolled, a way of attacking whose requirements are not met."""
    check_aim(state, command)
    check_hand(attacker, command)
    if command.dodge_disarm:
        if not command.disarm or command.dodge:
            raise err.ResistRefused(
                "the target dodges a disarm's Agility roll, and once a round", rule=err.DODGE
            )
        react(state, target)
    if command.option is not None:
        check_option(attacker, command, command.option)
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
        react(state, attacker)


def check_option(attacker: Combatant, command: c.Attack, option: AttackOption) -> None:
    """ "You can use an attack option when you use an action to attack if you meet the
    requirements (if any)" """
    if command.disarm:
        raise err.OptionRefused(
            "a disarming attack deals no damage: it takes no attack option",
            rule=err.DISARMING,
        )
    rule = {
        AttackOption.DRIVING: err.DRIVING,
        AttackOption.FEINTING: err.FEINTING,
        AttackOption.GUARDED: err.GUARDED,
        AttackOption.LUNGING: err.LUNGING,
    }.get(option)
    grips = WIELDED.get(option)
    if grips is not None:
        melee = option is not AttackOption.FEINTING
        wields = (
            not command.improvised
            and not attacker.disarmed
            and grip_of(attacker, command) in grips
            and not (melee and attacks_at_range(attacker, command))
        )
        kind = " or ".join(g.value for g in grips) + (" melee" if melee else "")
        if not wields and not (option is AttackOption.DRIVING and attacker.shield):
            raise err.OptionRefused(
                f"a {option.value} attack needs a {kind} weapon"
                + (" or a shield" if option is AttackOption.DRIVING else ""),
                rule=rule,
            )
    if option is AttackOption.GUARDED and not attacker.shield:
        raise err.OptionRefused(f"{attacker.name} has no shield equipped", rule=rule)
    if option is AttackOption.DRIVING and not 0 <= command.push <= DRIVE:
        raise err.OptionRefused(f"a push of {command.push} yards", rule=rule)


def threshold(option: AttackOption, target: Combatant) -> int | None:
    """The result the roll must equal or exceed for the option's effect (None: any success)."""
    attribute = THRESHOLD.get(option)
    return None if attribute is None else target.score(attribute) + 5


def use_option(
    tx: Tx, attacker: Combatant, target: Combatant, command: c.Attack, roll: AttributeRoll
) -> None:
    """What a successful attack option does; "the weapon contributes nothing to the damage
    dealt by the attack. Only Bonus Damage and any extra damage apply." """
    option = command.option
    if option is None:
        return
    need = threshold(option, target)
    attribute = THRESHOLD.get(option, "")
    short = need is not None and roll.total < need
    if short:
        effect = f"{roll.total} is under {target.name}'s {attribute.capitalize()} + 5 ({need})"
        tx.emit(ev.OptionUsed(attacker.name, target.name, option.value, effect))
        return
    if option is AttackOption.DRIVING and target.bulk > attacker.bulk + 1:
        effect = f"{target.name} (Size {target.size}) is larger than Size {attacker.bulk + 1}"
        tx.emit(ev.OptionUsed(attacker.name, target.name, option.value, effect))
        return
    effects = {
        AttackOption.DISRUPTING: f"{target.name} grants 1 boon on the next roll to attack it",
        AttackOption.DRIVING: f"{target.name} is pushed {command.push} yards away",
        AttackOption.FEINTING: f"{attacker.name} gains the Slippery trait",
        AttackOption.GUARDED: f"1 bane on the next roll to attack {attacker.name}",
        AttackOption.LUNGING: "it reached 1 yard further",
        AttackOption.PRESSING: f"1 bane on {target.name}'s next roll to attack",
    }
    tx.emit(ev.OptionUsed(attacker.name, target.name, option.value, effects[option]))
    source = f"{attacker.name}'s {option.value} attack"
    if option is AttackOption.DISRUPTING:
        tx.emit(ev.BoonGranted(Boon(target.name, 1, source, attacker.name, Applies.ATTACKED)))
    elif option is AttackOption.PRESSING:
        tx.emit(ev.BoonGranted(Boon(target.name, -1, source, attacker.name, Applies.ATTACK)))
    elif option is AttackOption.GUARDED:
        tx.emit(ev.BoonGranted(Boon(attacker.name, -1, source, attacker.name, Applies.ATTACKED)))
    elif option is AttackOption.FEINTING:
        tx.emit(ev.TurnedSlippery(attacker.name))
    elif option is AttackOption.DRIVING and command.push:
        away = 1 if target.position >= attacker.position else -1
        end = target.position + away * command.push
        tx.emit(ev.Pushed(target.name, target.position, end, attacker.name))


def marks(state: WeirdState, attacker: Combatant, target: Combatant | None) -> tuple[Modifier, ...]:
    """The boons and banes attack options left: on the attacker's next roll to attack
    (pressing), and on the next roll to attack the target (disrupting, guarded)."""
    return tuple(
        Modifier(b.source, b.amount)
        for b in state.boons
        if (b.unit == attacker.name and b.on is Applies.ATTACK)
        or (target is not None and b.unit == target.name and b.on is Applies.ATTACKED)
    )


def resisting_disarm(
    state: WeirdState, attacker: Combatant, target: Combatant, *, dodge: bool = False
) -> tuple[Modifier, ...]:
    """The boons and banes on the target's Agility roll: 1 bane for every 2d6 Bonus Damage
    the attacker has (what is left of it in multiple attacks), 1 boon for a Dodge, the
    target's afflictions and its own pending boon or bane."""
    volley = state.volley_of(attacker.name)
    have = attacker.bonus if volley is None else volley.bonus
    mods = [Modifier(f"{attacker.name}'s +{have}d6 Bonus Damage", -(have // 2))] if have > 1 else []
    if dodge:
        mods.append(Modifier(f"{target.name} dodges (reaction)", 1))
    return (
        *mods,
        *afflictions.own_roll(state, target.name, "agility"),
        *pending(state, target.name),
    )


def disarm(tx: Tx, attacker: Combatant, target: Combatant, catch: bool, *, dodge: bool) -> None:
    """ "On a success, the target takes no damage. Instead, the target makes an Agility roll.
    For every 2d6 Bonus Damage you have, impose 1 bane on the target's roll. On a failure,
    the target drops one object it holds in its hands." Ours: it drops its weapon. Dodge:
    "you make an Agility roll to resist a harmful effect ... roll with 1 boon"."""
    purpose = f"resists {attacker.name}'s disarm"
    if dodge:
        tx.emit(ev.Reacted(target.name, "dodge: 1 boon to resist the disarm"))
    if afflictions.fails(tx.state, target.name):
        tx.emit(RollFailed(target.name, purpose, f"{target.name} is unconscious"))
    else:
        mods = resisting_disarm(tx.state, attacker, target, dodge=dodge)
        roll = tx.attribute_roll(target.name, "Agility", target.agility, SUCCESS, "", mods)
        tx.emit(ev.RollMade(target.name, purpose, roll))
        if roll.success:
            return
    tx.emit(ev.Disarmed(target.name, attacker.name))
    if catch:
        tx.emit(ev.Reacted(attacker.name, f"catches at {target.name}'s weapon"))
        weapon = (
            Modifier("the object is a weapon", -1),
            *afflictions.own_roll(tx.state, attacker.name, "agility"),
            *pending(tx.state, attacker.name),
        )
        grab = tx.attribute_roll(attacker.name, "Agility", attacker.agility, SUCCESS, "", weapon)
        tx.emit(ev.RollMade(attacker.name, f"tries to catch {target.name}'s weapon", grab))
