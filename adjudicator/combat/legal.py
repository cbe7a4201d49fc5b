"""The legal commands of the unit whose turn it is, built with the handlers' own checks.

Listed: ending the turn, every move (two-part ones included), every attack with each ready
weapon on each target it can reach (single, and dual or flanking with a whole turn), grabs,
defending with each usable zone, drawing and stowing, breaking free, letting go, dropping,
fleeing. Not listed: what needs the players' or the Storyteller's own input — spells and
counterspells (Words and a ruling), enhancements (which Word), thrown weapons, generic
actions, choices of `aim` and `keep` (the defaults apply). Every listed command is accepted
by `Combat.play` (a property test checks it).
"""

from __future__ import annotations

from adjudicator.combat.attacks import flanks
from adjudicator.combat.checks import movement_tree, two_part_route
from adjudicator.combat.commands import (
    Attack,
    AttackStyle,
    BreakFree,
    Command,
    Defend,
    Draw,
    Drop,
    EndTurn,
    Flee,
    Grab,
    Move,
    Release,
    Resolve,
    Stow,
)
from adjudicator.combat.movement import ACTIONS_PER_TURN
from adjudicator.combat.ranged import shots_from
from adjudicator.combat.rulesets import Ruleset
from adjudicator.combat.state import CombatState, Turn, outer_ring
from adjudicator.combat.units import UNARMED, Status, Unit
from adjudicator.rules.tables import Weapon


def legal_commands(state: CombatState, rules: Ruleset) -> tuple[Command, ...]:
    """What the acting unit may do now (see the module docstring)."""
    if state.stack is not None:
        return (Resolve(),)
    turn = state.turn
    if not state.in_combat or turn is None:
        return ()
    unit = state.unit(turn.unit)
    commands: list[Command] = [EndTurn()]
    if unit.status is not Status.STANDING or unit.space is None:
        return tuple(commands)
    bound = state.bound_zones(unit.name)
    for hand, weapon in unit.held:
        if weapon is not None:
            commands.append(Drop(unit.name, hand))
    if any(bind.holder == unit.name for bind in state.binds):
        commands.append(Release(unit.name))
    legs = unit.legs
    walks = (legs is None or not legs.maimed) and not state.binds_of(unit.name)
    if turn.actions_left >= 1:
        if walks:
            commands += _moves(state, unit, turn)
        if not turn.attacked:
            commands += _attacks(state, rules, unit, turn)
        commands += [
            Defend(unit.name, zone.name)
            for zone in unit.hitzones
            if not zone.maimed and zone.name not in bound
        ]
        commands += _gear(state, unit)
        if any(bind.held == unit.name for bind in state.binds):
            commands.append(BreakFree(unit.name))
    outer = unit.space in outer_ring(state.board)
    if walks and outer and not turn.spent and turn.actions_left >= ACTIONS_PER_TURN:
        commands.append(Flee(unit.name))
    return tuple(commands)


def _moves(state: CombatState, unit: Unit, turn: Turn) -> list[Command]:
    tree = movement_tree(state, unit)
    occupied = state.occupied()
    left = turn.actions_left
    moves: list[Command] = []
    for space, cost in tree.costs.items():
        if space in occupied:
            continue
        if cost > left and (
            cost > left + ACTIONS_PER_TURN or two_part_route(state, unit, tree, space, left) is None
        ):
            continue
        moves.append(Move(unit.name, space))
    return moves


def _ready(state: CombatState, unit: Unit) -> list[tuple[Weapon, str]]:
    """Each weapon ready to strike and the hand it is in; fists for each free hand."""
    bound = state.bound_zones(unit.name)
    ready = []
    for hand, name in unit.held:
        if unit.zone(hand).maimed or hand in bound:
            continue
        ready.append((UNARMED if name is None else unit.weapon(name), hand))
    return ready


def _attacks(state: CombatState, rules: Ruleset, unit: Unit, turn: Turn) -> list[Command]:
    assert unit.space is not None
    board = state.board
    ready = _ready(state, unit)
    weapons = list(dict.fromkeys(weapon for weapon, _ in ready))
    free = any(weapon is UNARMED for weapon, _ in ready)
    enemies = [
        e for e in state.units if e.team != unit.team and e.status is Status.STANDING and e.space
    ]
    occupied = state.standing_spaces() - {unit.space}
    reach: dict[str, set[str]] = {e.name: set() for e in enemies}
    for weapon in weapons:
        if weapon.ranged:
            spaces = {e.space: e.name for e in enemies if e.space is not None}
            for found in shots_from(
                board,
                unit.space,
                spaces,
                occupied,
                rules.ladder,
                weapon.range_limit,
                hit_die=weapon.hit_die,
                layout=state.layout,
            ):
                reach[spaces[found.target]].add(weapon.name)
        else:
            for enemy in enemies:
                if enemy.space is not None and board.is_adjacent(unit.space, enemy.space):
                    reach[enemy.name].add(weapon.name)
    full = not turn.spent and turn.actions_left >= ACTIONS_PER_TURN
    commands: list[Command] = []
    for enemy in enemies:
        assert enemy.space is not None
        usable = [w for w in weapons if w.name in reach[enemy.name]]
        commands += [Attack(unit.name, enemy.name, (w.name,)) for w in usable]
        if full and usable:
            melee = [w for w in usable if not w.ranged]
            if melee and flanks(state, unit, enemy):
                commands += [
                    Attack(unit.name, enemy.name, (w.name,), AttackStyle.FLANK) for w in melee
                ]
            pairs = [(w, h) for w, h in ready if w.name in reach[enemy.name]]
            if len(pairs) >= 2:
                first, second = pairs[0][0].name, pairs[1][0].name
                commands.append(Attack(unit.name, enemy.name, (first, second), AttackStyle.DUAL))
        same_ring = enemy.space.ring == unit.space.ring
        if free and same_ring and board.is_adjacent(unit.space, enemy.space):
            commands.append(
                Grab(
                    unit.name,
                    enemy.name,
                    aim=None if rules.grab_needs_attack_roll else enemy.head.name,
                )
            )
    return commands


def _gear(state: CombatState, unit: Unit) -> list[Command]:
    bound = state.bound_zones(unit.name)
    usable = [h for h, _ in unit.held if not unit.zone(h).maimed and h not in bound]
    free = [h for h in usable if unit.held_in(h) is None]
    held = {w for _, w in unit.held if w is not None}
    commands: list[Command] = [Stow(unit.name, h) for h in usable if unit.held_in(h) is not None]
    if free:
        commands += [Draw(unit.name, w.name, free[0]) for w in unit.weapons if w.name not in held]
    return commands
