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
from adjudicator.combat.systems.murdham import tactic_events as tev
from adjudicator.combat.systems.murdham.checks import acting_phase, known_zone, own_turn
from adjudicator.combat.systems.murdham.state import (
    Fighter,
    Mode,
    MurdhamState,
    PendingAttack,
    Status,
)
from adjudicator.combat.systems.murdham.transaction import Tx
from adjudicator.rules.wording import plural

UNARMED_DIE = 4
#: "Non-lethal attacks don't inflict damage but instead force the target to pass a save".
NONLETHAL = ("disarm", "grapple")


def release_others(tx: Tx, grabber: str, keep: tuple[str, ...] = ()) -> None:
    """ "Characters who are grabbing another character can move together with them and attack
    them while keeping hold, but doing anything else automatically frees the grabbed
    character." """
    for held in tx.state.holding(grabber):
        if held not in keep:
            tx.emit(ev.Released(grabber, held))


def reveal(tx: Tx, unit: str, why: str) -> None:
    """ "Concealed characters are revealed when they make noise or become visible to the
    enemy. Actions which might reveal a character include: attacking, invoking a power,
    talking, moving without sneaking" (`why`: "" for an action that reveals no one)."""
    if why and tx.state.fighter(unit).concealed:
        tx.emit(ev.Revealed(tx.state.fighter(unit).name, why))


def weapon_die(fighter: Fighter) -> tuple[int, bool]:
    """The damage die and whether it is impaired by the weapon alone (unarmed)."""
    return (fighter.weapon, False) if fighter.weapon else (UNARMED_DIE, True)


def may_react(state: MurdhamState, fighter: Fighter) -> bool:
    """A reaction is the character's turn "outside of the normal order": standing, and no
    turn taken (nor reaction made) this round."""
    return fighter.standing and fighter.name not in state.acted


def reactors(state: MurdhamState, pending: PendingAttack) -> tuple[str, ...]:
    """Who may still react to the pending attack: the target (if aware) or a nearby ally (not
    in a blast: everyone nearby is a target of it too)."""
    target = state.fighter(pending.target)
    names = []
    if not pending.unaware and may_react(state, target) and target.name not in pending.reacted:
        names.append(target.name)
    if pending.multiple:
        return tuple(names)
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
    if not target.present:
        raise err.BadTarget(f"{target.name} is {target.status.value}")
    if not turn.may_main():
        raise err.NoActionLeft(f"{attacker.name} has no main action left this turn")
    stunt = command.stunt.strip()
    if stunt and (command.final_blow or command.nonlethal):
        raise err.StuntRefused(
            "a stunt replaces an attack's damage: "
            + ("a final blow kills" if command.final_blow else "a non-lethal attack deals none")
        )
    if command.final_blow:
        if target.status is not Status.INCAPACITATED or not state.nearby(attacker, target):
            raise err.FinalBlowRefused(f"{target.name} is not a nearby incapacitated character")
        tx.emit(
            ev.ActionTaken(attacker.name, True, "attack"), ev.Killed(target.name, attacker.name)
        )
        return
    if command.barrier:
        raise err.BarrierBlocks(
            f"{target.name} is behind a barrier: no attack reaches them",
            hint="one who peeks out to attack has only cover (--cover)",
        )
    if command.nonlethal not in ("", *NONLETHAL):
        raise err.NotAnAction(
            f"no non-lethal attack {command.nonlethal!r}", hint=", ".join(NONLETHAL)
        )
    if command.nonlethal and (command.mode != "melee" or not state.nearby(attacker, target)):
        raise err.NonLethalRefused(f"{command.nonlethal} targets a nearby character")
    why = _why_save(state, attacker, target, command, moved=turn.moved)
    release_others(tx, attacker.name, keep=(target.name,))
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
        # "Characters attacked by concealed enemies are taken by surprise and can't react."
        command.unaware or attacker.concealed,
        nonlethal=command.nonlethal,
        peeking=command.peeking,
    )
    tx.emit(ev.ActionTaken(attacker.name, True, "attack"), made)
    reveal(tx, attacker.name, "attacking")
    if made.hits:
        if stunt:
            # "This must be done before the target decides whether to react but after the WIT
            # save to hit": proposed once the attack hits; the GM's approval is recording it.
            tx.emit(tev.StuntProposed(attacker.name, target.name, stunt))
        settle(tx)


def _why_save(
    state: MurdhamState, attacker: Fighter, target: Fighter, command: c.Attack, *, moved: bool
) -> str:
    """Why the attack needs a WIT save to hit ("" for none), or the rule that forbids it."""
    mode = _mode(command.mode)
    reasons = ["challenging circumstances"] if command.challenging else []
    if mode is Mode.MELEE:
        if not state.nearby(attacker, target):
            raise err.NotNearby(f"{target.name} is in {target.zone}, not in {attacker.zone}")
        if not command.visible:
            reasons.append("the target is not visible")
        return "; ".join(reasons)
    return _why_shot(state, attacker, target.name, target.zone, mode, command, reasons, moved)


def _mode(name: str) -> Mode:
    try:
        return Mode(name)
    except ValueError:
        raise err.NotAnAction(
            f"no attack mode {name!r}", hint="melee, ranged or indirect"
        ) from None


def _why_shot(
    state: MurdhamState,
    attacker: Fighter,
    what: str,
    zone: str,
    mode: Mode,
    command: c.Attack | c.Blast,
    reasons: list[str],
    moved: bool,
) -> str:
    """Why a ranged or indirect attack at `what` in `zone` needs a WIT save to hit, or the
    rule that forbids it: "Hitting targets beyond half range or while moving requires passing
    a WIT save"."""
    distance = state.distance(attacker.zone, zone)
    if attacker.reach <= 0 or distance is None or distance > attacker.reach:
        away = "out of reach" if distance is None else f"{plural(distance, 'zone')} away"
        raise err.OutOfRange(f"{what} is {away}; {attacker.name}'s weapon reaches {attacker.reach}")
    beyond_half = distance * 2 > attacker.reach
    if mode is Mode.INDIRECT:
        if not beyond_half or moved:
            raise err.IndirectTooClose(
                f"{what} is within half range" if not beyond_half else "after moving"
            )
        return "; ".join([*reasons, "indirect attacks always need one"])
    if not command.visible or (beyond_half and moved):
        raise err.IllegalShot(
            f"{what} is not visible" if not command.visible else "beyond half range, moving"
        )
    if beyond_half:
        reasons.append("beyond half range")
    if moved:
        reasons.append("while moving")
    return "; ".join(reasons)


@c.handles(c.Blast)
def blast(tx: Tx, command: c.Blast) -> None:
    """ "Blast attacks hit a zone and target all characters in it and on its borders."
    "Melee blast attacks hit the attacker's zone and don't target the attacker themselves.
    They can't miss." "Ranged blast attacks hit any zone within range and target the attacker
    as well if directed at their own zone. If they miss, they are deviated and hit a random
    neighbouring zone." Each target is attacked in turn (damage rolled for each, our reading)
    and may react to it in its own window."""
    turn = own_turn(tx.state, command.attacker)
    state = tx.state
    attacker = state.fighter(command.attacker)
    if not turn.may_main():
        raise err.NoActionLeft(f"{attacker.name} has no main action left this turn")
    aimed = known_zone(state, command.zone) if command.zone else attacker.zone
    mode = _mode(command.mode)
    if mode is Mode.MELEE:
        if aimed != attacker.zone:
            raise err.BlastRefused(f"a melee blast hits {attacker.name}'s own zone, {aimed} is not")
        if command.challenging or not command.visible:
            raise err.BlastRefused("a melee blast can't miss: no WIT save to hit")
        why = ""
    else:
        reasons = ["challenging circumstances"] if command.challenging else []
        why = _why_shot(state, attacker, aimed, aimed, mode, command, reasons, turn.moved)
    border = tuple(state.fighter(name).name for name in command.border)
    for name in border:
        if state.fighter(name).zone not in state.neighbours(aimed):
            raise err.BlastRefused(
                f"{name} is in {state.fighter(name).zone}, not on a border of {aimed}",
                hint="a character on a zone's border stands in a neighbouring zone",
            )
    save = tx.save(attacker.wit, "WIT save to hit", attacker.name) if why else None
    zone: str | None = aimed
    deviation = None
    if save is not None and save.value > attacker.wit:
        around = state.neighbours(aimed)
        # "You can assign a number to each neighbouring zone and roll a die".
        deviation = tx.roll(len(around), "deviation", attacker.name) if len(around) > 1 else None
        zone = around[deviation.value - 1 if deviation else 0] if around else None
        border = ()
    targets = _blasted(state, attacker, zone, mode, border)
    release_others(tx, attacker.name, keep=targets)
    die, impaired = weapon_die(attacker)
    impaired = impaired or command.hold_back or command.concealed
    made = ev.BlastMade(
        attacker.name,
        aimed,
        mode.value,
        die,
        impaired,
        zone,
        targets,
        save,
        attacker.wit if why else 0,
        why,
        deviation,
        command.cover,
        command.unaware or attacker.concealed,
        command.peeking,
    )
    tx.emit(ev.ActionTaken(attacker.name, True, "blast attack"), made)
    reveal(tx, attacker.name, "attacking")
    settle(tx)


def _blasted(
    state: MurdhamState, attacker: Fighter, zone: str | None, mode: Mode, border: tuple[str, ...]
) -> tuple[str, ...]:
    """Everyone a blast on `zone` targets: in it (the attacker too for a ranged blast), then
    those on its borders; the dead are past harm, the escaped gone."""
    inside = tuple(
        f.name
        for f in state.fighters
        if f.zone == zone and f.present and not (mode is Mode.MELEE and f.name == attacker.name)
    )
    return (*inside, *(name for name in border if name not in inside))


def settle(tx: Tx) -> None:
    """Leave the reaction window open while a stunt waits for its answer or someone may
    react, else roll the damage (a blast then moves on to its next target)."""
    pending = tx.state.pending
    if pending is not None and not pending.stunt and not reactors(tx.state, pending):
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
    resolved(tx)


def resolved(tx: Tx, *, stop: bool = False) -> None:
    """The attack on this target is over: the next target of a blast, if any, is settled."""
    tx.emit(ev.AttackResolved(stop))
    settle(tx)


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
    _no_stunt_waiting(state.pending)
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


@c.handles(c.Shove)
def shove(tx: Tx, command: c.Shove) -> None:
    """ "They can also shove the grabbed character, freeing them but forcing them to move by
    half a zone and/or pushing them into a hazard in their zone." Ours: a main action (like
    the attack that grabbed them); zones have no halves, so the GM names the neighbouring
    zone the half zone carries them into (`into`), or none; what the hazard does is the GM's
    call."""
    turn = own_turn(tx.state, command.unit)
    state = tx.state
    grabber = state.fighter(command.unit)
    grabbed = state.fighter(command.grabbed)
    if grabbed.name not in state.holding(grabber.name):
        raise err.ShoveRefused(f"{grabber.name} keeps no hold of {grabbed.name}")
    if not turn.may_main():
        raise err.NoActionLeft(f"{grabber.name} has no main action left this turn")
    zone = grabbed.zone
    if command.into:
        zone = known_zone(state, command.into)
        if zone not in state.neighbours(grabbed.zone):
            raise err.ShoveRefused(
                f"{zone} is more than half a zone from {grabbed.zone}",
                hint=f"neighbours: {', '.join(state.neighbours(grabbed.zone)) or 'none'}",
            )
    release_others(tx, grabber.name, keep=(grabbed.name,))
    tx.emit(
        ev.ActionTaken(grabber.name, True, "shove"),
        ev.Shoved(grabber.name, grabbed.name, zone, command.hazard.strip()),
    )


@c.handles(c.Dodge)
def dodge(tx: Tx, command: c.Dodge) -> None:
    """ "Dodge. Make an AGI save, and on a pass the attack misses." """
    pending, fighter = _as_target(tx.state, command.unit)
    save = tx.save(fighter.agi, "dodge (AGI save)", fighter.name)
    tx.emit(ev.Reacted(fighter.name, "dodge", None, save, fighter.agi))
    if save.value <= fighter.agi:
        tx.emit(ev.AttackMissed(pending.attacker, fighter.name, "dodged"))
        resolved(tx)
    else:
        land(tx, pending)


@c.handles(c.Counter)
def counter(tx: Tx, command: c.Counter) -> None:
    """ "Counter. Perform a suitable attack against the attacker. Both characters roll for
    damage at the same time. Whoever suffers the most damage, after reductions, is hit first.
    In case of a tie both characters are hit at the same time." Ours: one dropped to 0 health
    by the first hit never lands theirs."""
    pending, fighter = _as_target(tx.state, command.unit)
    if pending.countered:
        raise err.OneCounter(f"another target has countered {pending.attacker}'s blast")
    attacker = tx.state.fighter(pending.attacker)
    distance = tx.state.distance(fighter.zone, attacker.zone)
    if command.nonlethal:
        _check_nonlethal_counter(command, fighter, attacker, distance)
    elif distance is None or distance > max(fighter.reach, 0):
        raise err.NotNearby(f"{attacker.name} is out of {fighter.name}'s reach to counter")
    kind = f" ({command.nonlethal})" if command.nonlethal else ""
    tx.emit(ev.Reacted(fighter.name, f"counter{kind}"))
    reveal(tx, fighter.name, "attacking")
    if command.nonlethal:
        _nonlethal_counter(tx, pending, fighter.name, command.nonlethal)
        return
    die, impaired = weapon_die(fighter)
    if pending.nonlethal:
        # "Since they inflict no damage they are always resolved last in case of a counter."
        tx.emit(
            _damage(
                tx, fighter.name, attacker.name, die, impaired or command.hold_back, pending.peeking
            )
        )
        if tx.state.fighter(attacker.name).standing:
            _nonlethal(tx, pending)
        resolved(tx)
        return
    theirs = _damage(tx, attacker.name, fighter.name, pending.die, pending.impaired, pending.cover)
    # "If a character peaks behind cover to attack, they can be still countered and the
    # barrier only counts as cover."
    mine = _damage(
        tx, fighter.name, attacker.name, die, impaired or command.hold_back, pending.peeking
    )
    stop = False
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
        # A blaster dropped by the counter before their blow lands never sets the blast off.
        stop = pending.multiple and first is mine and down
    resolved(tx, stop=stop)


def _check_nonlethal_counter(
    command: c.Counter, fighter: Fighter, attacker: Fighter, distance: int | None
) -> None:
    if command.nonlethal not in NONLETHAL:
        raise err.NotAnAction(
            f"no non-lethal attack {command.nonlethal!r}", hint=", ".join(NONLETHAL)
        )
    if distance != 0:
        raise err.NonLethalRefused(
            f"{attacker.name} is in {attacker.zone}, not nearby {fighter.name} to "
            f"{command.nonlethal}"
        )
    if command.hold_back:
        raise err.NoDamageToHoldBack(f"a {command.nonlethal} deals no damage to hold back")


def _nonlethal_counter(tx: Tx, pending: PendingAttack, counterer: str, kind: str) -> None:
    """ "They can be dodged and countered and can be used to counter. Since they inflict no
    damage they are always resolved last in case of a counter." The attack's damage lands
    first; a counterer it drops never lands theirs (our ruling, as for every counter). Two
    non-lethal attacks both inflict no damage: resolved together, the attack's save first."""
    attacker = pending.attacker
    if pending.nonlethal:
        _nonlethal(tx, pending)
    else:
        tx.emit(_damage(tx, attacker, counterer, pending.die, pending.impaired, pending.cover))
    if tx.state.fighter(counterer).standing:
        target = tx.state.fighter(attacker)
        save = tx.save(target.strength, f"resist the {kind} (STR save)", target.name)
        tx.emit(ev.NonLethalResolved(counterer, target.name, kind, save, target.strength))
    resolved(tx)


@c.handles(c.Guard)
def guard(tx: Tx, command: c.Guard) -> None:
    """ "A character who is nearby the target of an attack can react by guarding them. They
    become the new target of the attack. Since they have spent their reaction to guard, they
    can't normally counter or dodge." """
    pending, fighter = _window(tx.state, command.unit)
    if pending.multiple:
        raise err.NoOneOutsideTheBlast(f"{fighter.name} cannot guard against a blast")
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
    if pending.multiple:
        raise err.NoOneOutsideTheBlast(f"{fighter.name} cannot hide from a blast")
    behind = tx.state.fighter(command.behind)
    if behind.name in (fighter.name, pending.attacker) or not tx.state.nearby(fighter, behind):
        raise err.HideRefused(f"{fighter.name} cannot hide behind {behind.name}")
    if not behind.present:
        raise err.HideRefused(f"{behind.name} is {behind.status.value}")
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
    _no_stunt_waiting(pending)
    land(tx, pending)


def _no_stunt_waiting(pending: PendingAttack) -> None:
    """ "This must be done before the target decides whether to react": the stunt is
    answered first."""
    if pending.stunt:
        raise err.StuntAwaitsAnswer(
            f"{pending.target} has yet to accept or refuse {pending.attacker}'s stunt "
            f"({pending.stunt})",
            hint="accept-stunt or refuse-stunt",
        )


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
            reveal(tx, f.name, "attacking")
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
