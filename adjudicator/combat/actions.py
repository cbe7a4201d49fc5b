"""Turn actions other than attacks: moving, drawing and stowing, dropping, fleeing, stances,
and the two-part actions that finish on the next turn.

"In one turn, you can generally do two actions." "Stowing or retrieving items from the Pouch
requires one action, the Pack - two, and from Kits - four." "Units may begin a two-part
action (moving between rings or special cases) with only one action remaining on their turn.
This action will not complete until their next turn, where it will consume their first
action." (rulebook, "Turns", "Interruption")

Decisions where the rulebook is silent:
- Any action costing more than the actions left may be begun with at least one left; the
  rest is paid at the start of the next turn(s) (a kit, 4 actions, can span two turns). A
  move may straddle turns only on its last step, begun from an empty space (one unit per
  space), and the unit stays there until the step completes (so the enemy "may actively
  move to block" the space it is heading for).
- A weapon not listed in a character's inventory (and every NPC weapon) is as quick as the
  Pouch: one action. Stowing costs what retrieving costs.
- Damaging hazards hurt the Legs (else the Head) once per damaging space entered.
- Fleeing is a two-part action too: the unit waits a full turn and leaves at the start of
  its next one, unless interrupted, bound or moved off its exit. Maimed Legs cannot flee
  ("Escape is not always possible"): the Storyteller removes such a unit by narrative.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.board import Space
from adjudicator.combat.checks import (
    acting,
    can_walk,
    free_hand,
    movement_sides,
    movement_tree,
    require_actions,
    require_attack_left,
    two_part_route,
    usable_zone,
)
from adjudicator.combat.commands import Act, ChangeStance, Draw, Drop, Flee, Move, Stow
from adjudicator.combat.damage import deal_damage
from adjudicator.combat.dispatch import handles
from adjudicator.combat.errors import (
    CannotFlee,
    IllegalMove,
    NotInRuleset,
    OutOfActions,
    UnknownZone,
    WeaponNotReady,
)
from adjudicator.combat.events import (
    Acted,
    ActionBegun,
    ActionCancelled,
    ActionCompleted,
    ActionsSpent,
    Event,
    StanceChanged,
    UnitMoved,
    WeaponDrawn,
    WeaponDropped,
    WeaponStowed,
)
from adjudicator.combat.movement import ACTIONS_PER_TURN, MovementError, cheapest_path, step_cost
from adjudicator.combat.state import CombatState, Turn, outer_ring
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import UNARMED, Pending, Status, Unit
from adjudicator.rules.characters import CharacterError
from adjudicator.rules.wording import plural


@handles(Move)
def move(tx: Transaction, cmd: Move) -> None:
    """ "It takes half of a turn to move one space on the same ring ... a full turn to move to
    a new ring. You may move through friendly units but not hostiles." """
    state = tx.state
    unit, turn = acting(state, cmd.unit)
    can_walk(state, unit)
    assert unit.space is not None
    destination = state.board.space(cmd.to)
    if destination == unit.space:
        raise IllegalMove(f"{unit.name} is already at {destination}", rule="")
    hostiles, friends = movement_sides(state, unit)
    try:
        path = cheapest_path(
            state.board,
            unit.space,
            destination,
            hostiles=hostiles,
            friends=friends,
            layout=state.layout,
        )
    except MovementError as error:
        raise IllegalMove(error.message, hint=error.hint) from None
    left = turn.actions_left
    if cmd.stance is not None:
        tx.emit(StanceChanged(unit.name, _stance(tx, unit, cmd.stance)))
    if path.cost <= left:
        tx.emit(ActionsSpent(unit.name, path.cost, f"moves to {destination}"))
        walk(tx, unit.name, path.spaces, path.cost)
        return
    tree = movement_tree(state, unit)
    route = two_part_route(state, unit, tree, destination, left)
    if route is None:
        raise OutOfActions(
            f"moving {unit.space}→{destination} costs {path.cost}; {unit.name} has {left} left",
            hint="a two-part step may be begun with one action left, as the move's last step, "
            "from an empty space",
        )
    origin, before, last = route
    if before:
        prefix = tree.path_to(origin)
        assert prefix is not None
        tx.emit(ActionsSpent(unit.name, before, f"moves to {origin}"))
        walk(tx, unit.name, prefix.spaces, before)
    now = left - before
    pending = Pending("move", last - now, f"the move {origin}→{destination}", origin, destination)
    tx.emit(
        ActionsSpent(unit.name, now, f"begins the move {origin}→{destination}"),
        ActionBegun(unit.name, pending),
    )


def walk(tx: Transaction, name: str, spaces: tuple[Space, ...], cost: int) -> None:
    """Move along `spaces`, then take the damage of every damaging space entered."""
    tx.emit(UnitMoved(name, spaces, cost))
    for space in spaces[1:]:
        amount = tx.state.layout.damage_at(space)
        unit = tx.state.unit(name)
        if amount and unit.status is Status.STANDING:
            zone = unit.legs if unit.legs is not None else unit.head
            deal_damage(tx, name, zone.name, amount, f"the hazard at {space}")


def _stance(tx: Transaction, unit: Unit, stance: str | None) -> str | None:
    if not tx.rules.has_stances:
        raise NotInRuleset(
            f"the {tx.rules.name} ruleset has no Stances",
            rule="You begin combat in a neutral stance. (alternate draft only)",
        )
    if stance is None or stance.strip().casefold() == "neutral":
        return None
    for known in unit.stances:
        if known.name.casefold() == stance.strip().casefold():
            return known.name
    raise UnknownZone(
        f"{unit.name} knows no stance {stance!r}",
        hint=f"stances: {', '.join(s.name for s in unit.stances) or 'none'}",
    )


@handles(ChangeStance)
def change_stance(tx: Transaction, cmd: ChangeStance) -> None:
    """ "As part of a movement or by consuming a move action and staying still, you may change
    stances." (alternate draft, "Stances")"""
    unit, turn = acting(tx.state, cmd.unit)
    stance = _stance(tx, unit, cmd.stance)
    require_actions(turn, 1, "changing stance")
    tx.emit(ActionsSpent(unit.name, 1, "changes stance"), StanceChanged(unit.name, stance))


def storage_cost(unit: Unit, item: str) -> int:
    """Actions to retrieve or stow an item: Pouch 1, Pack 2, kit 4 (see the module docstring)."""
    if unit.character is None:
        return 1
    try:
        return unit.character.inventory.retrieve_cost(item)
    except CharacterError:
        return 1


def _spend_or_begin(
    tx: Transaction, unit: Unit, turn: Turn, cost: int, pending: Pending, done: Event
) -> None:
    left = turn.actions_left
    if cost <= left:
        tx.emit(ActionsSpent(unit.name, cost, pending.description), done)
    elif left >= 1:
        tx.emit(
            ActionsSpent(unit.name, left, f"begins {pending.description}"),
            ActionBegun(unit.name, replace(pending, remaining=cost - left)),
        )
    else:
        raise OutOfActions(f"{pending.description} takes {plural(cost, 'action')}; none left")


@handles(Draw)
def draw(tx: Transaction, cmd: Draw) -> None:
    unit, turn = acting(tx.state, cmd.unit)
    weapon = unit.weapon(cmd.weapon)
    if weapon is UNARMED:
        raise WeaponNotReady("a fist needs no drawing", rule="")
    if unit.hand_holding(weapon.name) is not None:
        raise WeaponNotReady(f"{unit.name} already holds {weapon.name}")
    hand = free_hand(tx.state, unit, cmd.hand, f"drawing {weapon.name}")
    cost = storage_cost(unit, weapon.name)
    pending = Pending("retrieve", cost, f"drawing {weapon.name}", item=weapon.name, hand=hand)
    _spend_or_begin(tx, unit, turn, cost, pending, WeaponDrawn(unit.name, weapon.name, hand))


@handles(Stow)
def stow(tx: Transaction, cmd: Stow) -> None:
    unit, turn = acting(tx.state, cmd.unit)
    hand = usable_zone(tx.state, unit, cmd.hand, "stowing")
    weapon = unit.held_in(hand)
    if weapon is None:
        raise WeaponNotReady(f"{unit.name}'s {hand} holds nothing to stow")
    cost = storage_cost(unit, weapon)
    pending = Pending("stow", cost, f"stowing {weapon}", item=weapon, hand=hand)
    _spend_or_begin(tx, unit, turn, cost, pending, WeaponStowed(unit.name, weapon, hand))


@handles(Drop)
def drop(tx: Transaction, cmd: Drop) -> None:
    """ "Stopping an action (dropping a weapon) does not cost an action." """
    unit, _ = acting(tx.state, cmd.unit)
    hand = unit.zone(cmd.hand).name
    weapon = unit.held_in(hand)
    if weapon is None:
        raise WeaponNotReady(f"{unit.name}'s {hand} holds nothing to drop")
    tx.emit(WeaponDropped(unit.name, weapon, hand))


@handles(Act)
def act(tx: Transaction, cmd: Act) -> None:
    """ "You can use an item ... or anything else that's one motion." """
    unit, turn = acting(tx.state, cmd.unit)
    if cmd.actions < 0:
        raise OutOfActions("an action costs 0 or more actions", rule="")
    require_actions(turn, cmd.actions, cmd.description)
    if cmd.attack:
        require_attack_left(turn)
    tx.emit(
        ActionsSpent(unit.name, cmd.actions, cmd.description, cmd.attack),
        Acted(unit.name, cmd.description),
    )


@handles(Flee)
def flee(tx: Transaction, cmd: Flee) -> None:
    """ "To flee, a unit must spend a full turn waiting on the outer ring at the point they will
    exit." """
    state = tx.state
    unit, turn = acting(state, cmd.unit)
    assert unit.space is not None
    if unit.space not in outer_ring(state.board):
        raise CannotFlee(f"{unit.name} at {unit.space} is not on the outer ring")
    if turn.spent or turn.actions_left < ACTIONS_PER_TURN:
        raise CannotFlee(f"{unit.name} has already used part of this turn; fleeing takes it all")
    legs = unit.legs
    if legs is not None and legs.maimed:
        raise CannotFlee(
            f"{unit.name}'s Legs are Maimed",
            rule="Escape is not always possible ... Magic, carried by allies, sliding down a "
            "trash chute, or mounting a horse are all alternative ways you might escape with "
            "Maimed legs.",
            hint="the Storyteller may remove the unit by narrative",
        )
    can_walk(state, unit)
    pending = Pending("flee", 0, f"fleeing from {unit.space}", origin=unit.space)
    tx.emit(
        ActionsSpent(unit.name, ACTIONS_PER_TURN, f"waits at {unit.space} to flee"),
        ActionBegun(unit.name, pending),
    )


def _why_not(state: CombatState, unit: Unit, pending: Pending) -> str | None:
    """Why a two-part action can no longer complete, or None if it can."""
    if pending.kind in ("move", "flee"):
        if unit.space != pending.origin:
            return f"{unit.name} is no longer at {pending.origin}"
        if state.binds_of(unit.name):
            return f"{unit.name} is bound"
        legs = unit.legs
        if legs is not None and legs.maimed:
            return f"{unit.name}'s Legs are Maimed"
    if pending.kind == "move":
        assert pending.destination is not None
        other = state.occupant(pending.destination)
        if other is not None:
            return f"{other.name} now stands at {pending.destination}"
        if state.layout.is_blocked(pending.destination):
            return f"a hazard now blocks {pending.destination}"
    if pending.kind in ("retrieve", "stow"):
        assert pending.hand is not None and pending.item is not None
        zone = unit.zone(pending.hand)
        if zone.maimed or zone.name in state.bound_zones(unit.name):
            return f"{unit.name}'s {zone.name} can no longer be used"
        held = unit.held_in(zone.name)
        if pending.kind == "retrieve" and held is not None:
            return f"{unit.name}'s {zone.name} now holds {held}"
        if pending.kind == "stow" and held != pending.item:
            return f"{unit.name} no longer holds {pending.item}"
    return None


def complete_pending(tx: Transaction, name: str) -> None:
    """At the start of a turn, finish (or cancel) the two-part action begun on the last one."""
    unit = tx.state.unit(name)
    pending, turn = unit.pending, tx.state.turn
    assert pending is not None and turn is not None
    reason = _why_not(tx.state, unit, pending)
    if reason is not None:
        tx.emit(ActionCancelled(name, pending.description, reason))
        return
    if pending.remaining > turn.actions_left:
        now = turn.actions_left
        tx.emit(
            ActionsSpent(name, now, f"continues {pending.description}"),
            ActionBegun(name, replace(pending, remaining=pending.remaining - now)),
        )
        return
    if pending.remaining:
        tx.emit(ActionsSpent(name, pending.remaining, f"completes {pending.description}"))
    tx.emit(ActionCompleted(name, pending.description))
    if pending.kind == "move":
        assert pending.origin is not None and pending.destination is not None
        cost = step_cost(tx.state.board, pending.origin, pending.destination, tx.state.layout)
        walk(tx, name, (pending.origin, pending.destination), cost)
    elif pending.kind == "retrieve":
        assert pending.item is not None and pending.hand is not None
        tx.emit(WeaponDrawn(name, pending.item, pending.hand))
    elif pending.kind == "stow":
        assert pending.item is not None and pending.hand is not None
        tx.emit(WeaponStowed(name, pending.item, pending.hand))


def flee_ready(state: CombatState, unit: Unit) -> str | None:
    """Why a waiting unit cannot flee now, or None if it leaves the board."""
    assert unit.pending is not None
    return _why_not(state, unit, unit.pending)
