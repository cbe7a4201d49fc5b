"""Attacks and defence: reach, the hit die, the hit-zone table, defending, dual wielding,
flanking, enhancements, automatic criticals, and the damage that follows.

"Each weapon in Words of Power lists a Hit Die and a Damage Die. Melee weapons can attack any
adjacent space, even on other rings. Ranged attacks cannot be made into adjacent spaces on
the same ring. To perform an attack, roll the Hit Die first. This will determine which
Hitzone an attack strikes. Critical hits do not do additional damage but allow the attacker
to choose a Hitzone." (rulebook, "Attacking")

Decisions where the rulebook is silent:
- A critical's zone is named up front (`aim`); with none named it strikes the Head.
- Where the attacker may "choose either result" (flanking, [Precision]) and names none
  (`keep`), the engine keeps a critical, else the hit on the zone with least Armor (then
  least HP), else a miss.
- A declared defence opposes the first attack roll that comes before the defender's next
  turn, and is then spent; defending twice in a turn prepares two. Against a roll kept from
  two, it opposes the kept one. It cannot oppose an automatic critical: there is no roll.
- Automatic criticals ("there is no need to roll a melee attack roll") come from a melee
  strike on a target unaware of the attacker, and from a melee strike aimed at a bound zone
  (the rulebook lists "bound" among those "making no attempt to avoid it"; the draft says so
  outright). Ranged attacks always roll.
- An enhancement's extra die is kept the better way: one more attack roll to pick from, or
  one more damage die of which the higher counts, as [Block]'s "2d6 ... take the higher".
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.combat.checks import (
    acting,
    default_weapon,
    ready_weapon,
    require_actions,
    require_attack_left,
    shot,
    target_on_board,
    usable_zone,
)
from adjudicator.combat.commands import Attack, AttackStyle, Defend
from adjudicator.combat.damage import deal_damage, head_zone, make_aware
from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.dispatch import handles
from adjudicator.combat.errors import (
    CombatError,
    EnhancementRefused,
    FullTurnNeeded,
    NotDualWielding,
    NotFlanked,
    OutOfReach,
)
from adjudicator.combat.events import ActionsSpent, WeaponDropped
from adjudicator.combat.fight_events import (
    AttackRolled,
    DefenceDeclared,
    DefenceRolled,
    EnhancementUsed,
)
from adjudicator.combat.flanking import flanking_pairs
from adjudicator.combat.movement import ACTIONS_PER_TURN
from adjudicator.combat.rulesets import HitKind, HitResult, Ruleset
from adjudicator.combat.stack import Enhancement, Part
from adjudicator.combat.state import CombatState
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import UNARMED, Defence, Unit
from adjudicator.rules.tables import Weapon
from adjudicator.rules.words import Word


@dataclass(frozen=True)
class Swing:
    """One weapon's part in an attack: its hit die at this range, and whether it is a shot."""

    weapon: Weapon
    hit_die: int
    ranged: bool


def plan_swing(
    state: CombatState,
    rules: Ruleset,
    attacker: Unit,
    target: Unit,
    weapon: Weapon,
    thrown: bool = False,
) -> Swing:
    """Reach and hit die: melee on an adjacent space, or a legal shot with its stepped die."""
    assert attacker.space is not None and target.space is not None
    if weapon.ranged or thrown:
        return Swing(weapon, shot(state, rules, attacker, target, weapon).hit_die, True)
    if not state.board.is_adjacent(attacker.space, target.space):
        raise OutOfReach(
            f"{target.name} at {target.space} is not adjacent to {attacker.name} at "
            f"{attacker.space}"
        )
    return Swing(weapon, weapon.hit_die, False)


#: The flanking pairs of each space, computed once per board (a pure memo).
_pairs = functools.cache(flanking_pairs)


def flanks(state: CombatState, attacker: Unit, target: Unit) -> bool:
    """Whether the attacker and a standing ally are on opposite sides of the target."""
    assert target.space is not None
    allies = state.standing_spaces(team=attacker.team)
    return any(
        attacker.space in pair and all(space in allies for space in pair)
        for pair in _pairs(state.board, target.space)
    )


@dataclass(frozen=True)
class UsedWord:
    word: Word
    part: Part
    consumed: bool
    actions: int


def resolve_enhancements(
    rules: Ruleset, unit: Unit, enhancements: Sequence[Enhancement], allowed: set[Part]
) -> tuple[UsedWord, ...]:
    """Check each enhancing Word: held (Inherent, or in hand and consumed), and fit the action."""
    hand = list(unit.hand)
    inherent = unit.inherent()
    used = []
    for enhancement in enhancements:
        word, part = enhancement.word, enhancement.resolved_part()
        if part is None:
            raise EnhancementRefused(
                f"say which part of the action {word} improves: hit, damage or defence"
            )
        if part not in allowed:
            raise EnhancementRefused(f"{word} improves the {part.value}, not this action")
        if word in inherent:
            consumed = False
        elif word in hand:
            hand.remove(word)
            consumed = True
        else:
            raise EnhancementRefused(f"{unit.name} has no {word}: not Inherent, not in hand")
        used.append(UsedWord(word, part, consumed, rules.enhancement_actions(unit, word)))
    return tuple(used)


def _weapons(state: CombatState, unit: Unit, cmd: Attack) -> list[Weapon]:
    names = cmd.weapons or (default_weapon(state, unit),)
    if cmd.style is AttackStyle.DUAL and len(names) != 2:
        raise NotDualWielding(f"dual wielding names two weapons, not {len(names)}")
    if cmd.style is not AttackStyle.DUAL and len(names) != 1:
        raise CombatError(f"a {cmd.style.value} attack uses one weapon, not {len(names)}")
    weapons, hands = [], []
    bound = state.bound_zones(unit.name)
    for name in names:
        weapon, hand = ready_weapon(state, unit, name)
        if weapon is UNARMED and hand in hands:
            others = [
                h
                for h, w in unit.held
                if w is None and h not in hands and h not in bound and not unit.zone(h).maimed
            ]
            if not others:
                raise NotDualWielding(f"{unit.name} has no second free hand to strike with")
            hand = others[0]
        if hand in hands:
            raise NotDualWielding(f"{unit.name} wields both in the {hand}")
        weapons.append(weapon)
        hands.append(hand)
    return weapons


@handles(Attack)
def attack(tx: Transaction, cmd: Attack) -> None:
    """An attack on the unit's turn: one per turn, one action (a full round to dual wield or
    flank), one more per enhancing Word."""
    state, rules = tx.state, tx.rules
    unit, turn = acting(state, cmd.attacker)
    target = target_on_board(state, cmd.target, unit)
    require_attack_left(turn)
    weapons = _weapons(state, unit, cmd)
    if cmd.thrown and (cmd.style is not AttackStyle.SINGLE or weapons[0] is UNARMED):
        raise CombatError("only a single held weapon can be thrown")
    swings = [plan_swing(state, rules, unit, target, w, cmd.thrown) for w in weapons]
    full = cmd.style in (AttackStyle.DUAL, AttackStyle.FLANK)
    if cmd.style is AttackStyle.FLANK:
        if swings[0].ranged:
            raise NotFlanked("flankers strike in melee from opposite sides")
        if not flanks(state, unit, target):
            raise NotFlanked(f"{unit.name} and no ally stand on opposite sides of {target.name}")
    words = resolve_enhancements(rules, unit, cmd.enhancements, {Part.HIT, Part.DAMAGE})
    cost = (ACTIONS_PER_TURN if full else 1) + sum(w.actions for w in words)
    if full and (turn.spent or turn.actions_left < ACTIONS_PER_TURN):
        raise FullTurnNeeded(
            f"a {cmd.style.value} attack takes {unit.name}'s whole turn",
            rule="flankers may use a full round to roll two Attack Rolls instead of one"
            if cmd.style is AttackStyle.FLANK
            else FullTurnNeeded.rule,
        )
    require_actions(turn, cost, f"this {cmd.style.value} attack")
    aim = target.zone(cmd.aim).name if cmd.aim else None
    melee = not any(s.ranged for s in swings)
    automatic = melee and (
        not state.is_aware(target.name, unit.name)
        or (aim is not None and aim in state.bound_zones(target.name))
    )
    tx.emit(ActionsSpent(unit.name, cost, f"attacks {target.name}", attack=True))
    for used in words:
        tx.emit(EnhancementUsed(unit.name, used.word, used.part, used.consumed))
    strike(
        tx,
        unit.name,
        target.name,
        swings,
        cmd.style.value + (" (thrown)" if cmd.thrown else ""),
        extra_rolls=sum(1 for w in words if w.part is Part.HIT),
        damage_dice=1 + sum(1 for w in words if w.part is Part.DAMAGE),
        aim=aim,
        keep=cmd.keep,
        automatic=automatic,
    )
    if cmd.thrown:
        hand = unit.hand_holding(weapons[0].name)
        if hand is not None and tx.state.unit(unit.name).held_in(hand) == weapons[0].name:
            tx.emit(WeaponDropped(unit.name, weapons[0].name, hand, f"thrown at {target.name}"))


def best_roll(unit: Unit, results: Sequence[HitResult]) -> int:
    """The roll an attacker would pick (see the module docstring)."""

    def rank(i: int) -> tuple[int, int, int, int]:
        result = results[i]
        if result.kind is HitKind.CRITICAL:
            return (0, 0, 0, i)
        if result.kind is HitKind.ZONE and result.zone is not None:
            zone = unit.zone(result.zone)
            return (1, zone.armor, zone.hp, i)
        return (2, 0, 0, i)

    return min(range(len(results)), key=rank)


def strike(
    tx: Transaction,
    attacker: str,
    target: str,
    swings: Sequence[Swing],
    style: str,
    *,
    extra_rolls: int = 0,
    damage_dice: int = 1,
    aim: str | None = None,
    keep: int | None = None,
    automatic: bool = False,
    damage: bool = True,
) -> str | None:
    """Roll to hit, oppose a defence, deal damage; the zone struck, or None on a miss."""
    rules = tx.rules
    victim = tx.state.unit(target)
    names = tuple(s.weapon.name for s in swings)
    if automatic:
        chosen = aim or head_zone(tx, target)
        tx.emit(AttackRolled(attacker, target, style, names[:1], (), -1, "critical", chosen))
        if damage:
            _damage(tx, attacker, target, swings[:1], chosen, damage_dice)
        make_aware(tx, target, attacker)
        return chosen
    if style == AttackStyle.DUAL.value:
        rolls = tuple(
            tx.roll(s.hit_die, f"attack roll ({s.weapon.name})", attacker) for s in swings
        )
        weapons = names
    else:
        count = 1 + (1 if style == AttackStyle.FLANK.value else 0) + extra_rolls
        rolls = tx.roll_many(count, swings[0].hit_die, "attack roll", attacker)
        weapons = names[:1] * count
    results = [rules.read_hit(victim, r.value, r.sides) for r in rolls]
    if style == AttackStyle.DUAL.value:
        kept = max(range(len(rolls)), key=lambda i: (rolls[i].value, -i))
    elif keep is not None:
        if not 0 <= keep < len(rolls):
            raise CombatError(f"keep names roll 1..{len(rolls)}, not {keep + 1}")
        kept = keep
    else:
        kept = best_roll(victim, results)
    result = results[kept]
    zone = result.zone if result.kind is HitKind.ZONE else None
    if result.kind is HitKind.CRITICAL:
        zone = aim or head_zone(tx, target)
    tx.emit(AttackRolled(attacker, target, style, weapons, rolls, kept, result.kind.value, zone))
    struck = _defend(tx, target, rolls[kept], zone)
    if struck is None:
        make_aware(tx, target, attacker)
        return None
    if damage:
        if style == AttackStyle.DUAL.value and rules.dual_wield_damages_both(rolls):
            hitting: Sequence[Swing] = swings
        else:
            hitting = [swings[kept] if style == AttackStyle.DUAL.value else swings[0]]
        _damage(tx, attacker, target, hitting, struck, damage_dice)
    make_aware(tx, target, attacker)
    return struck


def _defend(tx: Transaction, target: str, attack_roll: RolledDie, zone: str | None) -> str | None:
    """ "If the block roll is equal to or higher than the Attack Roll, divert damage to
    whichever zone was used to defend. If the attack would have missed but you succeeded, you
    still take damage. You can block critical hits." """
    defender = tx.state.unit(target)
    if not defender.defences:
        return zone
    defence = defender.defences[0]
    rolls = tx.roll_many(defence.dice, 6, "defence", target)
    held = tx.rules.defence_holds(max(r.value for r in rolls), attack_roll.value)
    tx.emit(DefenceRolled(target, defence.zone, rolls, attack_roll.value, held))
    return defence.zone if held else zone


def _damage(
    tx: Transaction, attacker: str, target: str, swings: Sequence[Swing], zone: str, dice: int
) -> None:
    for swing in swings:
        weapon = swing.weapon
        rolls = tx.roll_many(dice, weapon.damage_die, f"damage ({weapon.name})", attacker)
        deal_damage(
            tx,
            target,
            zone,
            max(r.value for r in rolls),
            f"{attacker}'s {weapon.name}",
            attacker=attacker,
            rolls=rolls,
            unarmed=weapon is UNARMED,
        )


@handles(Defend)
def defend(tx: Transaction, cmd: Defend) -> None:
    """ "To defend, you must declare which Hitzone you'll be defending with." """
    unit, turn = acting(tx.state, cmd.unit)
    zone = usable_zone(tx.state, unit, cmd.zone, "defending")
    words = resolve_enhancements(
        tx.rules, unit, (cmd.enhancement,) if cmd.enhancement else (), {Part.DEFENCE}
    )
    cost = 1 + sum(w.actions for w in words)
    require_actions(turn, cost, "defending")
    tx.emit(ActionsSpent(unit.name, cost, f"defends with the {zone}"))
    for used in words:
        tx.emit(EnhancementUsed(unit.name, used.word, used.part, used.consumed))
    word = words[0].word if words else None
    tx.emit(DefenceDeclared(unit.name, Defence(zone, 1 + len(words), word)))
