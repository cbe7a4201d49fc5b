"""Murdham attacks (`seeds/002`, "Attacking" to "Opportunity attacks"): the WIT save to hit
when one is needed, the target's reaction window, damage less armour, final blows.

Damage: "Unarmed attacks inflict d4 impaired damage. Armed attacks inflict damage depending on
the weapon used." The chapter does not say how impaired damage is rolled; ours, as the
Murdham core rules have it: roll the damage die twice and keep the lower.
"""

from __future__ import annotations

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham import events as ev
from adjudicator.combat.systems.murdham.checks import acting_phase, own_turn
from adjudicator.combat.systems.murdham.state import (
    Fighter,
    Mode,
    MurdhamState,
    PendingAttack,
    Status,
)
from adjudicator.combat.systems.murdham.transaction import Tx

UNARMED_DIE = 4
#: "Non-lethal attacks don't inflict damage but instead force the target to pass a save".
NONLETHAL = ("disarm", "grapple")


def release_others(tx: Tx, grabber: str, keep: str | None = None) -> None:
    """ "Characters who are grabbing another character can move together with them and attack
    them while keeping hold, but doing anything else automatically frees the grabbed
    character." """
    for held in tx.state.holding(grabber):
        if held != keep:
            tx.emit(ev.Released(grabber, held))


def weapon_die(fighter: Fighter) -> tuple[int, bool]:
    """The damage die and whether it is impaired by the weapon alone (unarmed)."""
    return (fighter.weapon, False) if fighter.weapon else (UNARMED_DIE, True)


def may_react(state: MurdhamState, fighter: Fighter) -> bool:
    """A reaction is the character's turn "outside of the normal order": standing, and no
    turn taken (nor reaction made) this round."""
    return fighter.standing and fighter.name not in state.acted


def reactors(state: MurdhamState, pending: PendingAttack) -> tuple[str, ...]:
    """Who may still react to the pending attack: the target (if aware) or a nearby ally."""
    target = state.fighter(pending.target)
    names = []
    if not pending.unaware and may_react(state, target) and target.name not in pending.reacted:
        names.append(target.name)
    for ally in state.members(target.faction):
        if ally.name != target.name and state.nearby(ally, target) and may_react(state, ally):
            names.append(ally.name)
    return tuple(names)


@c.handles(c.Attack)
def attack(tx: Tx, command: c.Attack) -> None:
    turn = own_turn(tx.state, command.attacker)
    state = tx.state
    attacker = state.fighter(command.attacker)
    target = state.fighter(command.target)
    if target.faction == attacker.faction:
        raise err.BadTarget(f"{target.name} is not an enemy of {attacker.name}")
    if target.status is Status.DEAD:
        raise err.BadTarget(f"{target.name} is dead")
    if not turn.may_main():
        raise err.NoActionLeft(f"{attacker.name} has no main action left this turn")
    if command.final_blow:
        if target.status is not Status.INCAPACITATED or not state.nearby(attacker, target):
            raise err.FinalBlowRefused(f"{target.name} is not a nearby incapacitated character")
        tx.emit(
            ev.ActionTaken(attacker.name, True, "attack"), ev.Killed(target.name, attacker.name)
        )
        return
    if command.nonlethal not in ("", *NONLETHAL):
        raise err.NotAnAction(
            f"no non-lethal attack {command.nonlethal!r}", hint=", ".join(NONLETHAL)
        )
    if command.nonlethal and (command.mode != "melee" or not state.nearby(attacker, target)):
        raise err.NonLethalRefused(f"{command.nonlethal} targets a nearby character")
    why = _why_save(state, attacker, target, command, moved=turn.moved)
    release_others(tx, attacker.name, keep=target.name)
    die, impaired = weapon_die(attacker)
    impaired = impaired or command.hold_back or command.concealed
    save = tx.save(attacker.wit, "WIT save to hit", attacker.name) if why else None
    made = ev.AttackMade(
        attacker.name,
        target.name,
        command.mode,
        die,
        impaired,
        save,
        attacker.wit if why else 0,
        why,
        command.cover,
        command.unaware,
        nonlethal=command.nonlethal,
    )
    tx.emit(ev.ActionTaken(attacker.name, True, "attack"), made)
    if made.hits:
        settle(tx)


def _why_save(
    state: MurdhamState, attacker: Fighter, target: Fighter, command: c.Attack, *, moved: bool
) -> str:
    """Why the attack needs a WIT save to hit ("" for none), or the rule that forbids it."""
    try:
        mode = Mode(command.mode)
    except ValueError:
        raise err.NotAnAction(
            f"no attack mode {command.mode!r}", hint="melee, ranged or indirect"
        ) from None
    reasons = ["challenging circumstances"] if command.challenging else []
    if mode is Mode.MELEE:
        if not state.nearby(attacker, target):
            raise err.NotNearby(f"{target.name} is in {target.zone}, not in {attacker.zone}")
        if not command.visible:
            reasons.append("the target is not visible")
        return "; ".join(reasons)
    distance = state.distance(attacker.zone, target.zone)
    if attacker.reach <= 0 or distance is None or distance > attacker.reach:
        raise err.OutOfRange(
            f"{target.name} is {distance} zone(s) away; {attacker.name}'s weapon reaches "
            f"{attacker.reach}"
        )
    beyond_half = distance * 2 > attacker.reach
    if mode is Mode.INDIRECT:
        if not beyond_half or moved:
            raise err.IndirectTooClose(
                f"{target.name} is within half range" if not beyond_half else "after moving"
            )
        return "; ".join([*reasons, "indirect attacks always need one"])
    if not command.visible or (beyond_half and moved):
        raise err.IllegalShot(
            "the target is not visible" if not command.visible else "beyond half range, moving"
        )
    if beyond_half:
        reasons.append("beyond half range")
    if moved:
        reasons.append("while moving")
    return "; ".join(reasons)


def settle(tx: Tx) -> None:
    """Leave the reaction window open while someone may react, else roll the damage."""
    pending = tx.state.pending
    if pending is not None and not reactors(tx.state, pending):
        land(tx, pending)


def land(tx: Tx, pending: PendingAttack) -> None:
    if pending.nonlethal:
        _nonlethal(tx, pending)
    else:
        tx.emit(
            _damage(
                tx, pending.attacker, pending.target, pending.die, pending.impaired, pending.cover
            )
        )
    tx.emit(ev.AttackResolved())


def _nonlethal(tx: Tx, pending: PendingAttack) -> None:
    target = tx.state.fighter(pending.target)
    save = tx.save(target.strength, f"resist the {pending.nonlethal} (STR save)", target.name)
    tx.emit(
        ev.NonLethalResolved(
            pending.attacker, target.name, pending.nonlethal, save, target.strength
        )
    )


def _damage(
    tx: Tx, attacker: str, target: str, die: int, impaired: bool, cover: bool, lands: bool = True
) -> ev.DamageRolled:
    """ "Cover ... The target's armour value is increased by 1"."""
    rolls = tx.roll_many(2 if impaired else 1, die, "damage", attacker)
    armour = tx.state.fighter(target).armour + (1 if cover else 0)
    damage = max(0, min(r.value for r in rolls) - armour)
    return ev.DamageRolled(attacker, target, rolls, armour, damage, lands)


def _window(state: MurdhamState, unit: str) -> tuple[PendingAttack, Fighter]:
    if state.pending is None:
        raise err.NoAttackPending("there is no attack to react to")
    fighter = state.fighter(unit)
    if not may_react(state, fighter):
        raise err.CannotReact(f"{fighter.name} has taken a turn or reacted this round")
    return state.pending, fighter


def _as_target(state: MurdhamState, unit: str) -> tuple[PendingAttack, Fighter]:
    pending, fighter = _window(state, unit)
    if fighter.name != pending.target:
        raise err.CannotReact(f"{fighter.name} is not the target ({pending.target} is)")
    if pending.unaware:
        raise err.UnawareCannotReact(f"{fighter.name} is unaware of {pending.attacker}")
    if fighter.name in pending.reacted:
        raise err.CannotReact(f"{fighter.name} has reacted to this attack")
    return pending, fighter


@c.handles(c.Dodge)
def dodge(tx: Tx, command: c.Dodge) -> None:
    """ "Dodge. Make an AGI save, and on a pass the attack misses." """
    pending, fighter = _as_target(tx.state, command.unit)
    save = tx.save(fighter.agi, "dodge (AGI save)", fighter.name)
    tx.emit(ev.Reacted(fighter.name, "dodge", None, save, fighter.agi))
    if save.value <= fighter.agi:
        tx.emit(ev.AttackMissed(pending.attacker, fighter.name, "dodged"), ev.AttackResolved())
    else:
        land(tx, pending)


@c.handles(c.Counter)
def counter(tx: Tx, command: c.Counter) -> None:
    """ "Counter. Perform a suitable attack against the attacker. Both characters roll for
    damage at the same time. Whoever suffers the most damage, after reductions, is hit first.
    In case of a tie both characters are hit at the same time." Ours: one dropped to 0 health
    by the first hit never lands theirs."""
    pending, fighter = _as_target(tx.state, command.unit)
    attacker = tx.state.fighter(pending.attacker)
    distance = tx.state.distance(fighter.zone, attacker.zone)
    if distance is None or distance > max(fighter.reach, 0):
        raise err.NotNearby(f"{attacker.name} is out of {fighter.name}'s reach to counter")
    tx.emit(ev.Reacted(fighter.name, "counter"))
    die, impaired = weapon_die(fighter)
    if pending.nonlethal:
        # "Since they inflict no damage they are always resolved last in case of a counter."
        tx.emit(_damage(tx, fighter.name, attacker.name, die, impaired or command.hold_back, False))
        if tx.state.fighter(attacker.name).standing:
            _nonlethal(tx, pending)
        tx.emit(ev.AttackResolved())
        return
    theirs = _damage(tx, attacker.name, fighter.name, pending.die, pending.impaired, pending.cover)
    mine = _damage(tx, fighter.name, attacker.name, die, impaired or command.hold_back, False)
    if theirs.damage == mine.damage:
        tx.emit(theirs, mine)
    else:
        first, second = (theirs, mine) if theirs.damage > mine.damage else (mine, theirs)
        tx.emit(first)
        down = tx.state.fighter(first.target).status is not Status.ACTIVE
        if down and second.damage > 0:
            second = ev.DamageRolled(
                second.attacker, second.target, second.rolls, second.armour, second.damage, False
            )
        tx.emit(second)
    tx.emit(ev.AttackResolved())


@c.handles(c.Guard)
def guard(tx: Tx, command: c.Guard) -> None:
    """ "A character who is nearby the target of an attack can react by guarding them. They
    become the new target of the attack. Since they have spent their reaction to guard, they
    can't normally counter or dodge." """
    pending, fighter = _window(tx.state, command.unit)
    target = tx.state.fighter(pending.target)
    if fighter.name == target.name or fighter.faction != target.faction:
        raise err.GuardRefused(f"{fighter.name} cannot guard {target.name}")
    if not tx.state.nearby(fighter, target):
        raise err.GuardRefused(f"{fighter.name} is not nearby {target.name}")
    tx.emit(ev.Reacted(fighter.name, f"guards {target.name}", fighter.name))
    land(tx, tx.state.pending or pending)


@c.handles(c.Hide)
def hide(tx: Tx, command: c.Hide) -> None:
    """ "Hide behind a nearby character. Choose a nearby character, who must agree with the
    action. This character becomes the new target of the attack. They can perform their own
    reaction." (The command is the agreement.)"""
    pending, fighter = _as_target(tx.state, command.unit)
    behind = tx.state.fighter(command.behind)
    if behind.name in (fighter.name, pending.attacker) or not tx.state.nearby(fighter, behind):
        raise err.HideRefused(f"{fighter.name} cannot hide behind {behind.name}")
    if behind.status is Status.DEAD:
        raise err.HideRefused(f"{behind.name} is dead")
    grabbed = tx.state.held_by(behind.name) == fighter.name
    if behind.faction != fighter.faction and not grabbed:
        raise err.HideRefused(
            f"{behind.name} is an enemy {fighter.name} does not hold",
            rule="Hide behind a nearby ally or a grabbed enemy.",
        )
    tx.emit(ev.Reacted(fighter.name, f"hides behind {behind.name}", behind.name, forced=grabbed))
    settle(tx)


@c.handles(c.TakeHit)
def take_hit(tx: Tx, command: c.TakeHit) -> None:
    pending = tx.state.pending
    if pending is None:
        raise err.NoAttackPending("there is no attack waiting for its damage")
    land(tx, pending)


def opportunity_attacks(
    tx: Tx, mover: str, path: tuple[str, ...], attackers: tuple[str, ...]
) -> None:
    """ "Characters can make an opportunity attack as a reaction against nearby enemies moving
    out of their position. The target's movement is interrupted and the attack is resolved,
    after which their turn resumes." No reaction to it: "the target is already spending the
    turn to act". A mover dropped by one stops where it is."""
    acting_phase(tx.state)
    who = [tx.state.fighter(name) for name in attackers]
    used: set[str] = set()
    me = tx.state.fighter(mover)
    for index, zone in enumerate(path[:-1]):
        for f in who:
            if f.zone != zone or f.name in used:
                continue
            if f.faction == me.faction or not may_react(tx.state, f):
                raise err.OpportunityRefused(f"{f.name} cannot react against {mover}")
            used.add(f.name)
            die, impaired = weapon_die(f)
            tx.emit(ev.Reacted(f.name, f"opportunity attack on {mover}"))
            tx.emit(_damage(tx, f.name, mover, die, impaired, False))
        if not tx.state.fighter(mover).standing:
            if index > 0:
                tx.emit(ev.Moved(mover, path[: index + 1]))
            return
    missing = [f.name for f in who if f.name not in used]
    if missing:
        raise err.OpportunityRefused(f"{missing[0]} is not in a zone {mover} leaves")
    tx.emit(ev.Moved(mover, path))
    for held in tx.state.holding(mover):
        tx.emit(ev.Moved(held, path))
