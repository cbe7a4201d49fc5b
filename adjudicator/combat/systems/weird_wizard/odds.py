"""Exact odds of a Weird Wizard attack as declared (`attack`'s circumstances and way of
attacking): to succeed and land past a Defend, to disarm, to incapacitate (behind total
cover: through the obstacle)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.combat.systems.weird_wizard import afflictions, options
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.attacks import (
    check_reach,
    circumstances,
    weapon_dice,
    weapon_range,
)
from adjudicator.combat.systems.weird_wizard.commands import AttackOption
from adjudicator.combat.systems.weird_wizard.rolls import (
    Modifier,
    damage_chance,
    net,
    success_chance,
)
from adjudicator.combat.systems.weird_wizard.state import WeirdState

#: A Defend luck roll (d20, 10 or more) turns a success into a failure this often.
LUCK = Fraction(11, 20)


@dataclass(frozen=True)
class AttackOdds:
    """`hit`: the attack succeeds and no Defend turns it into a miss; `disarms`: the target
    then fails its Agility roll (a disarm); `effect`: an attack option's effect comes about
    (its roll reaches the attribute + 5 it names); `drops`: the target's damage total reaches
    its Health."""

    hit: Fraction
    disarms: Fraction
    effect: Fraction
    drops: Fraction
    modifiers: tuple[Modifier, ...]


def attack_odds(state: WeirdState, command: c.Attack) -> AttackOdds:
    """The odds of `command` from where the combatants stand, checked as the attack is."""
    a, t = state.unit(command.attacker), state.unit(command.target)
    options.check(state, a, t, command)
    check_reach(state, a, t, command)
    mods = circumstances(state, a, t, command)
    score = a.agility if weapon_range(a, command) else a.strength
    cover = state.obstacle(command.behind) if command.behind else None
    lands = 1 - LUCK if state.defended(t.name) and cover is None else Fraction(1)
    defense = t.defense if cover is None else cover.defense
    hit = success_chance(score - 10, net(mods), defense) * lands
    none = Fraction(0)
    if command.disarm:
        resist = options.resisting_disarm(state, a, t)
        fails = 1 - success_chance(t.agility - 10, net(resist), options.SUCCESS)
        if afflictions.fails(state, t.name):
            fails = Fraction(1)
        return AttackOdds(hit, hit * fails, none, none, mods)
    effect = none
    if command.option is not None:
        need = max(t.defense, options.threshold(command.option, t) or 0)
        effect = success_chance(score - 10, net(mods), need) * lands
        if command.option is AttackOption.DRIVING and t.bulk > a.bulk + 1:
            effect = none
    weapon, extra = weapon_dice(a, command)
    left = t.health - t.damage
    if cover is not None:
        left += cover.health - cover.damage
    drops = hit * damage_chance(weapon + extra + command.bonus, left)
    if command.at_object:
        drops = none
    return AttackOdds(hit, none, effect, drops, mods)
