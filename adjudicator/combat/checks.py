"""Checks shared by the command handlers and the legal-action listing.

Each check returns what it found or raises the `CombatError` for the rule it enforces, so the
handlers and `legal_commands` agree on what is legal.
"""

from __future__ import annotations

from adjudicator.combat.board import Space
from adjudicator.combat.errors import (
    AttackAlreadyMade,
    BoundPart,
    CannotAct,
    HandsFull,
    IllegalShot,
    InvalidTarget,
    NotYourTurn,
    OutOfActions,
    SpellPending,
    WeaponNotReady,
    WrongPhase,
    ZoneUnusable,
)
from adjudicator.combat.movement import ACTIONS_PER_TURN, SLOW_PENALTY, PathTree, shortest_paths
from adjudicator.combat.ranged import (
    AdjacentOnSameRing,
    BeyondLadder,
    BeyondMaximumRange,
    NoClearPath,
    RangedAttackError,
    RangedShot,
    ranged_shot,
)
from adjudicator.combat.rulesets import Ruleset
from adjudicator.combat.state import CombatState, Phase, Turn
from adjudicator.combat.units import UNARMED, Status, Unit
from adjudicator.rules.dice import DiceError
from adjudicator.rules.tables import Weapon
from adjudicator.rules.wording import plural

#: The rule each ranged error breaks, for the message.
_SHOT_RULES: dict[type[RangedAttackError], str] = {
    AdjacentOnSameRing: "Ranged attacks cannot be made adjacently on the same ring.",
    NoClearPath: (
        "The path from attacker to target must not be blocked by units (including allies) or "
        "terrain."
    ),
    BeyondLadder: "1d6 > 1d8 > 1d10 > 1d12 > 1d20",
    BeyondMaximumRange: "Some weapons may have a maximum range, expressed as a Hit Die.",
}


def require_phase(state: CombatState, *phases: Phase, doing: str) -> None:
    if state.phase not in phases:
        allowed = " or ".join(p.value for p in phases)
        raise WrongPhase(
            f"{doing} is for the {allowed} phase; the combat is in {state.phase.value}"
        )


def require_no_spell(state: CombatState) -> None:
    if state.stack is not None:
        raise SpellPending(
            f"{state.stack.caster}'s spell is on the stack",
            hint="counterspell, or resolve the spell first",
        )


def acting(state: CombatState, name: str) -> tuple[Unit, Turn]:
    """The unit whose turn it is, standing, with no spell waiting on the stack."""
    require_no_spell(state)
    require_phase(state, Phase.SURPRISE, Phase.ROUNDS, doing="acting on a turn")
    unit = state.unit(name)
    if unit.status is not Status.STANDING:
        raise CannotAct(f"{unit.name} is {unit.status.value} and cannot act")
    turn = state.turn
    if turn is None or turn.unit != unit.name:
        whose = f"it is {turn.unit}'s turn" if turn else "no turn is under way"
        raise NotYourTurn(f"{unit.name} cannot act now: {whose}")
    return unit, turn


def require_actions(turn: Turn, needed: int, doing: str) -> None:
    if needed > turn.actions_left:
        raise OutOfActions(
            f"{doing} takes {plural(needed, 'action')}; {turn.unit} has {turn.actions_left} left"
        )


def require_attack_left(turn: Turn) -> None:
    if turn.attacked:
        raise AttackAlreadyMade(f"{turn.unit} has already attacked this turn")


def target_on_board(state: CombatState, name: str, by: Unit) -> Unit:
    """A target standing on the board."""
    target = state.unit(name)
    if target.status is not Status.STANDING or target.space is None:
        raise InvalidTarget(f"{target.name} is {target.status.value}, not a target on the board")
    if target.name == by.name:
        raise InvalidTarget(f"{by.name} cannot target itself", rule="")
    return target


def usable_zone(state: CombatState, unit: Unit, zone: str, doing: str) -> str:
    """A Hitzone that is neither Maimed nor bound; returns its name as the unit spells it."""
    found = unit.zone(zone)
    if found.maimed:
        raise ZoneUnusable(f"{unit.name}'s {found.name} is Maimed: {doing} needs it")
    if found.name in state.bound_zones(unit.name):
        raise BoundPart(
            f"{unit.name}'s {found.name} is bound",
            hint="break free first (or release, if you are the one binding)",
        )
    return found.name


def free_hands(state: CombatState, unit: Unit) -> tuple[str, ...]:
    """Hands holding nothing, neither Maimed nor bound."""
    bound = state.bound_zones(unit.name)
    return tuple(
        hand
        for hand, weapon in unit.held
        if weapon is None and not unit.zone(hand).maimed and hand not in bound
    )


def free_hand(state: CombatState, unit: Unit, hand: str | None, doing: str) -> str:
    """The named hand if it is free, or the first free one."""
    if hand is not None:
        name = usable_zone(state, unit, hand, doing)
        if unit.held_in(name) is not None:
            raise HandsFull(f"{unit.name}'s {name} holds {unit.held_in(name)}")
        return name
    hands = free_hands(state, unit)
    if not hands:
        raise HandsFull(f"{unit.name} has no free hand for {doing}", hint=_freeing(unit))
    return hands[0]


def _freeing(unit: Unit) -> str:
    """How to free a hand: drop what it holds (no action) or stow it, named exactly."""
    for hand, weapon in unit.held:
        if weapon is not None:
            return (
                f"drop {weapon} from the {hand} for free (adjudicator combat drop {unit.name} "
                f"{hand}) or stow it (adjudicator combat stow {unit.name} {hand})"
            )
    return "a bound or Maimed hand cannot be used: break free or heal the Maim first"


def ready_weapon(state: CombatState, unit: Unit, name: str) -> tuple[Weapon, str]:
    """A weapon held in a usable hand (or Unarmed with a free hand), and that hand."""
    weapon = unit.weapon(name)
    if weapon is UNARMED:
        return weapon, free_hand(state, unit, None, "an unarmed attack")
    hand = unit.hand_holding(weapon.name)
    if hand is None:
        raise WeaponNotReady(f"{unit.name} does not hold {weapon.name}", hint="draw it first")
    usable_zone(state, unit, hand, f"attacking with {weapon.name}")
    return weapon, hand


def default_weapon(state: CombatState, unit: Unit) -> str:
    """The first weapon held in a usable hand, else a fist."""
    bound = state.bound_zones(unit.name)
    for hand, weapon in unit.held:
        if weapon is not None and not unit.zone(hand).maimed and hand not in bound:
            return weapon
    return UNARMED.name


def shot(
    state: CombatState, rules: Ruleset, attacker: Unit, target: Unit, weapon: Weapon
) -> RangedShot:
    """A legal ranged shot at the target, with the weapon's hit die stepped up by range."""
    assert attacker.space is not None and target.space is not None
    occupied = state.standing_spaces() - {attacker.space, target.space}
    try:
        return ranged_shot(
            state.board,
            attacker.space,
            target.space,
            occupied,
            rules.ladder,
            weapon.range_limit,
            hit_die=weapon.hit_die,
            layout=state.layout,
        )
    except RangedAttackError as error:
        raise IllegalShot(
            f"{attacker.name} cannot shoot {target.name}: {error.message}",
            rule=_SHOT_RULES.get(type(error), IllegalShot.rule),
        ) from None
    except DiceError as error:
        raise IllegalShot(
            f"{weapon.name} cannot be shot or thrown: {error.message}",
            rule=f"The Hit Die will increase based on the range of the shot: {rules.ladder}",
        ) from None


def movement_sides(state: CombatState, unit: Unit) -> tuple[frozenset[Space], frozenset[Space]]:
    """(hostiles, friends) for movement: standing enemies block; everyone else is passed."""
    hostiles = state.standing_spaces(other_than=unit.team)
    friends = state.occupied() - hostiles
    if unit.space is not None:
        friends = friends - {unit.space}
    return hostiles, friends


def can_walk(state: CombatState, unit: Unit) -> None:
    """Legs that work and nothing bound: "A bound enemy must win another opposed roll before
    they can ... move away"."""
    legs = unit.legs
    if legs is not None and legs.maimed:
        raise ZoneUnusable(f"{unit.name}'s Legs are Maimed: it cannot move on its own")
    if state.binds_of(unit.name):
        raise BoundPart(
            f"{unit.name} is bound and cannot move away",
            hint="break free first (or release, if you are the one binding)",
        )


def movement_tree(state: CombatState, unit: Unit) -> PathTree:
    """Cheapest walks from the unit's space: hostiles and blocking hazards are never entered."""
    assert unit.space is not None
    hostiles = state.standing_spaces(other_than=unit.team)
    return shortest_paths(
        state.board,
        unit.space,
        impassable=(hostiles | state.layout.blocked) - {unit.space},
        slowed=state.layout.slowed,
    )


def two_part_route(
    state: CombatState, unit: Unit, tree: PathTree, destination: Space, left: int
) -> tuple[Space, int, int] | None:
    """The cheapest way to end a move with a step begun now and finished next turn.

    Returns (the space the last step starts from, the actions to get there, the last step's
    cost), or None. That space must be empty (the unit waits there a turn: one unit per space)
    and reached with at least one action left to begin the step; the next turn pays the rest,
    at most a whole turn.
    """
    best: tuple[int, Space, int, int] | None = None
    slow = SLOW_PENALTY if destination in state.layout.slowed else 0
    for waypoint, step in state.board.steps(destination):
        before = tree.costs.get(waypoint)
        if before is None:
            continue
        occupant = state.occupant(waypoint)
        if occupant is not None and occupant.name != unit.name:
            continue
        last = step + slow
        now = left - before
        if now < 1 or last <= now or last - now > ACTIONS_PER_TURN:
            continue
        if best is None or (before + last, waypoint) < (best[0], best[1]):
            best = (before + last, waypoint, before, last)
    return None if best is None else best[1:]
