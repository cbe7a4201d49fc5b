"""Weird Wizard attacks (`seeds/004`, "Attacking", "Resolving Attacks", "Combat
Circumstances", "Using Bonus Damage", "Reactions"): an attribute roll against Defense with
its boons and banes, each named; Defend's luck roll; damage dice added to the damage total.
"""

from __future__ import annotations

from adjudicator.combat.systems.weird_wizard import afflictions, effects, options
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.effect_events import EffectBegan
from adjudicator.combat.systems.weird_wizard.object_events import (
    ObjectStruck,
    ObstacleDestroyed,
    ObstacleStruck,
    WeaponThrown,
)
from adjudicator.combat.systems.weird_wizard.rolls import Modifier
from adjudicator.combat.systems.weird_wizard.state import (
    REACH,
    THROW_YARDS,
    Affliction,
    Combatant,
    Effect,
    Ends,
    Obstacle,
    Side,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.transaction import Tx
from adjudicator.combat.systems.weird_wizard.turns import enemies, own_turn, pending, react

#: Flags of `Attack` and the boons (+) or banes (-) the page gives them.
CIRCUMSTANCES = (
    ("called_shot", -2, "called shot"),
    ("high_ground", 1, "high ground"),
    ("submerged", -1, "submerged"),
    ("obscured", -1, "obscurement"),
    ("invisible", -3, "invisible target"),
    ("partial_cover", -1, "partial cover"),
    ("improvised", -1, "improvised weapon"),
)


def weapon_range(attacker: Combatant, command: c.Attack) -> int:
    """The range of the weapon the attack uses: 0 (melee) with an improvised weapon or the
    off-hand weapon; thrown, its Thrown trait's range, or 10 yards for an object."""
    if command.thrown:
        return THROW_YARDS if command.improvised else attacker.thrown
    return 0 if command.improvised or command.hand is c.Hand.OFF else attacker.range


def weapon_dice(attacker: Combatant, command: c.Attack) -> tuple[int, int]:
    """The weapon's damage dice and the extra damage dice of a successful attack: nothing
    from the weapon with an attack option; 1d6 improvised; the off-hand weapon's dice when
    it attacks alone, as extra damage when both weapons attack at the same time."""
    extra = attacker.off_hand if command.hand is c.Hand.BOTH else 0
    if command.option:
        return 0, extra
    if command.improvised:
        return 1, extra
    return (attacker.off_hand if command.hand is c.Hand.OFF else attacker.dice), extra


def circumstances(
    state: WeirdState, attacker: Combatant, target: Combatant, command: c.Attack
) -> tuple[Modifier, ...]:
    """Every boon and bane of the attack with the circumstance it comes from. An attack on a
    target with total cover strikes the obstacle: nothing of the target's counts."""
    mods = [Modifier(name, n) for flag, n, name in CIRCUMSTANCES if getattr(command, flag)]
    mods += options.modifiers(attacker, command)
    ranged = weapon_range(attacker, command) > 0
    covered = bool(command.behind)
    if not ranged and not covered:
        allies = [
            u
            for u in state.combatants
            if u.side is attacker.side
            and u.name != attacker.name
            and not u.incapacitated
            and state.in_reach(u, target)
        ]
        if allies:
            mods.append(Modifier(f"surrounded target: {allies[0].name} in reach", 1))
    elif ranged:
        if state.distance(attacker, target) > weapon_range(attacker, command):
            mods.append(Modifier("long-range shooting", -1))
        if any(
            enemies(u, attacker) and not u.incapacitated and state.in_reach(u, attacker)
            for u in state.combatants
        ):
            mods.append(Modifier("ranged attack within reach of an enemy", -1))
    mods += prone_modifiers(state, attacker, None if covered else target)
    if command.dodge:
        mods.append(Modifier(f"{target.name} dodges (reaction)", -1))
    marks = options.marks(state, attacker, target)
    if covered:
        marks = options.marks(state, attacker, None)
    attribute = "agility" if ranged else "strength"
    mods += afflictions.own_roll(state, attacker.name, attribute)
    if not covered:
        mods += afflictions.against(state, target.name, "defense")
    return (*mods, *marks, *pending(state, attacker.name))


def prone_modifiers(
    state: WeirdState, attacker: Combatant, target: Combatant | None
) -> tuple[Modifier, ...]:
    """Ours, as the core rules have prone: 1 boon to attack a prone creature from within its
    reach, 1 bane from beyond it; 1 bane to attack while prone."""
    mods = []
    if target is not None and target.prone:
        if state.in_reach(attacker, target):
            mods.append(Modifier(f"{target.name} is prone, in reach", 1))
        else:
            mods.append(Modifier(f"{target.name} is prone, beyond reach", -1))
    if attacker.prone:
        mods.append(Modifier(f"{attacker.name} attacks while prone", -1))
    return tuple(mods)


def in_volley(state: WeirdState, name: str) -> bool:
    """Whether `name` has additional attacks left to make in its attack action."""
    volley = state.volley_of(state.unit(name).name)
    return volley is not None and volley.left > 0


def additional_attack(tx: Tx, attacker: Combatant, target: Combatant) -> None:
    """One of the additional attacks of multiple attacks, on a target not yet attacked."""
    volley = tx.state.volley_of(attacker.name)
    if volley is not None and target.name in volley.targets:
        raise err.SameTarget(f"{attacker.name} has attacked {target.name} in this action")
    tx.emit(ev.AdditionalAttack(attacker.name, target.name))


@c.handles(c.Attack)
def attack(tx: Tx, command: c.Attack) -> None:
    state = tx.state
    additional = in_volley(state, command.attacker)
    turn = own_turn(state, command.attacker, action=not additional)
    attacker, target = state.unit(turn.unit), state.unit(command.target)
    if not enemies(attacker, target):
        raise err.BadTarget(f"{target.name} is on {attacker.name}'s side")
    options.check(state, attacker, target, command)
    check_reach(state, attacker, target, command)
    if attacker.disarmed and not command.improvised:
        raise err.WeaponDropped(
            f"{attacker.name} has dropped its weapon",
            hint="attack --improvised (or unarmed), or rearm (an action)",
        )
    if additional:
        if command.attacks != 1:
            raise err.MultipleAttacksRefused(
                f"{attacker.name} is making its additional attacks already"
            )
        additional_attack(tx, attacker, target)
    else:
        tx.emit(ev.ActionUsed(attacker.name, "attack", target.name))
        if command.attacks != 1:
            declare_multiple(tx, attacker, target, command.attacks)
    if command.covered_by:
        coverer = state.unit(command.covered_by)
        if (
            coverer.side is not target.side
            or coverer.name == target.name
            or not state.in_reach(coverer, target)
        ):
            raise err.CoverAllyRefused(f"{coverer.name} cannot cover {target.name}")
        react(state, coverer)
        tx.emit(ev.Reacted(coverer.name, f"covers {target.name}: becomes the target"))
        target = tx.state.unit(coverer.name)
    if command.dodge:
        react(tx.state, target)
        tx.emit(ev.Reacted(target.name, "dodge: 1 bane on the attack"))
    if command.bonus:
        check_bonus(tx.state, attacker, command.improvised, command.bonus)
    resolve_attack(tx, attacker, target, command)
    if command.thrown and not command.improvised:
        tx.emit(WeaponThrown(attacker.name))


def declare_multiple(tx: Tx, attacker: Combatant, target: Combatant, attacks: int) -> None:
    """ "reduce the amount of Bonus Damage by 2 dice for each additional attack you wish to
    make. If you lack the required number of Bonus Damage, you make no additional attacks."
    Ours: spending it is the round's one use of Bonus Damage."""
    cost = 2 * (attacks - 1)
    if attacks < 1:
        raise err.MultipleAttacksRefused(f"{attacks} attacks: one attack at least")
    if cost > attacker.bonus:
        raise err.MultipleAttacksRefused(
            f"{attacks} attacks need {cost}d6 Bonus Damage; {attacker.name} has +{attacker.bonus}d6"
        )
    tx.emit(ev.VolleyDeclared(attacker.name, attacks, target.name, attacker.bonus - cost))


def check_reach(
    state: WeirdState, attacker: Combatant, target: Combatant, command: c.Attack
) -> None:
    """ "Pick a target within reach for a melee attack or within the range of your weapon for
    a ranged attack" (a lunging attack reaches 1 yard further)."""
    distance = state.distance(attacker, target)
    reach = weapon_range(attacker, command)
    if command.thrown and not reach:
        raise err.ThrowRefused(f"{attacker.name}'s weapon has no Thrown trait",
                               hint="throw it as an improvised weapon (--improvised)")  # fmt: skip
    if command.thrown and command.improvised and distance > reach:
        raise err.ThrowRefused(f"{target.name} is {distance} yards away; {reach} at most")
    melee = REACH + 1 if options.lunges(attacker, command) else REACH
    if reach == 0 and distance > melee:
        raise err.BadTarget(f"{target.name} is {distance} yards away, beyond reach ({melee})")
    if reach and distance > 2 * reach:
        raise err.BeyondRange(
            f"{target.name} is {distance} yards away; twice the range is {2 * reach}"
        )


def resolve_attack(
    tx: Tx, attacker: Combatant, target: Combatant, command: c.Attack, *, unarmed: bool = False
) -> None:
    """ "Make an attribute roll against the target's Defense. You use Strength for melee
    weapons and Agility for ranged weapons." A success rolls the weapon's damage dice; an
    unarmed strike on a larger target deals 1 damage instead. Behind total cover, "attacks
    against the target strike the obstacle"."""
    attribute = "agility" if weapon_range(attacker, command) else "strength"
    mods = circumstances(tx.state, attacker, target, command)
    cover = tx.state.obstacle(command.behind) if command.behind else None
    roll = tx.attribute_roll(
        attacker.name,
        attribute.capitalize(),
        attacker.score(attribute),
        target.defense if cover is None else cover.defense,
        "Defense",
        mods,
    )
    tx.emit(ev.AttackRolled(attacker.name, target.name if cover is None else cover.name, roll))
    effects.reveal(tx, attacker.name, f"{attacker.name} attacks")
    if not roll.success:
        return
    if cover is not None:
        strike_obstacle(tx, attacker, target, cover, command)
        return
    if tx.state.defended(target.name):
        luck = ev.DefenceLuck(target.name, tx.roll(20, "luck roll (Defend)", target.name))
        tx.emit(luck)
        if luck.success:
            return
    if command.impair:
        impair(tx, attacker, target, command.impair)
    if command.disarm:
        options.disarm(tx, attacker, target, command.catch, dodge=command.dodge_disarm)
        return
    options.use_option(tx, attacker, target, command, roll)
    if unarmed and target.bulk > attacker.bulk:
        tx.emit(ev.DamageDealt(attacker.name, target.name, (), flat=1))
        return
    weapon, extra = weapon_dice(attacker, command)
    if weapon or extra or command.bonus:
        damage(tx, attacker, target, weapon, command.bonus, extra, thing=command.at_object)


def impair(tx: Tx, attacker: Combatant, target: Combatant, attribute: str) -> None:
    """Called Shot: "On a success, the target becomes Impaired in an attribute of your choice
    until the end of the next turn." (Ours: the next turn any creature takes.)"""
    effect = Effect(
        tx.state.effect_count + 1, target.name, Affliction.IMPAIRED.value, Ends.TURN,
        tx.state.turns, "", Affliction.IMPAIRED, attribute, by=attacker.name,
        until="until the end of the next turn",
    )  # fmt: skip
    tx.emit(EffectBegan(effect))


def strike_obstacle(
    tx: Tx, attacker: Combatant, target: Combatant, cover: Obstacle, command: c.Attack
) -> None:
    """The obstacle takes the damage; "If the obstacle is destroyed as a result, any
    additional damage dealt by that attack or effect is applied to whatever was behind the
    obstacle." """
    weapon, extra = weapon_dice(attacker, command)
    rolls = tuple(tx.roll(6, "damage", attacker.name) for _ in range(weapon))
    off = tuple(tx.roll(6, "off-hand damage", attacker.name) for _ in range(extra))
    more = tuple(tx.roll(6, "Bonus Damage", attacker.name) for _ in range(command.bonus))
    struck = ObstacleStruck(attacker.name, target.name, cover.name, rolls, more, off)
    _, beyond = struck.split(tx.state)
    tx.emit(struck)
    if tx.state.obstacle(cover.name).destroyed:
        tx.emit(ObstacleDestroyed(cover.name, target.name, beyond))


def damage(
    tx: Tx,
    attacker: Combatant,
    target: Combatant,
    dice: int,
    bonus: int,
    extra: int = 0,
    *,
    thing: str = "",
) -> None:
    """The weapon's `dice` ("An improvised weapon deals 1d6 damage"), the off-hand weapon's
    `extra` dice ("add the off-hand weapon's damage as extra damage for the attack. Then,
    apply Bonus Damage, if any."); to the object a called shot aimed at, if it `thing`."""
    rolls = tuple(tx.roll(6, "damage", attacker.name) for _ in range(dice))
    off = tuple(tx.roll(6, "off-hand damage", attacker.name) for _ in range(extra))
    more = tuple(tx.roll(6, "Bonus Damage", attacker.name) for _ in range(bonus))
    if thing:
        tx.emit(ObjectStruck(attacker.name, target.name, thing, rolls, more, off))
        return
    tx.emit(ev.DamageDealt(attacker.name, target.name, rolls, more, extra=off))


def check_bonus(state: WeirdState, attacker: Combatant, improvised: bool, bonus: int) -> None:
    """Bonus Damage: once a round, with a weapon; in multiple attacks, what is left of it."""
    if improvised:
        raise err.BonusRefused("no Bonus Damage with an improvised weapon or unarmed")
    volley = state.volley_of(attacker.name)
    if volley is not None:
        if not 0 < bonus <= volley.bonus:
            raise err.BonusLeft(f"{volley.bonus}d6 Bonus Damage is left to divide, not {bonus}d6")
        return
    if attacker.name in state.bonus_used:
        raise err.BonusRefused(f"{attacker.name} has used Bonus Damage this round")
    if not 0 < bonus <= attacker.bonus:
        raise err.BonusRefused(f"{attacker.name} has +{attacker.bonus}d6 Bonus Damage")


def free_attack(tx: Tx, attacker: Combatant, mover: Combatant) -> None:
    """ "If an enemy willingly moves out of your reach without retreating, you can use a
    reaction to attack it using a melee weapon, natural weapon, improvised weapon, or unarmed
    attack." (Ours: with its weapon if melee, else as an improvised weapon.)"""
    if not enemies(attacker, mover):
        raise err.FreeAttackRefused(f"{attacker.name} cannot make a free attack on {mover.name}")
    react(tx.state, attacker)
    tx.emit(ev.Reacted(attacker.name, f"free attack on {mover.name}"))
    improvised = attacker.range > 0 or attacker.disarmed
    resolve_attack(tx, attacker, mover, c.Attack(attacker.name, mover.name, improvised=improvised))


def side_of(state: WeirdState, side: Side) -> tuple[str, ...]:
    return tuple(u.name for u in state.side(side))
