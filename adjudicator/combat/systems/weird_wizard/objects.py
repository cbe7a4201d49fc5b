"""Obstacles and objects in a Weird Wizard fight (`seeds/004`, "Cover", "Called Shot",
"Actions": Hide, Find, Steal, Toss; "Reactions": Catch).

Ours, where the page leaves it to the table: the Sage places an obstacle with its Defense and
Health; objects carried, tossed or stolen are named, not tracked (the Sage keeps them);
whether a creature lacks line of sight, can see an object or is hidden from a particular
creature is the Sage's call (a hidden creature is hidden from all). Making an attack reveals
a hidden creature.
"""

from __future__ import annotations

from adjudicator.combat.systems.weird_wizard import afflictions, effects
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.effect_events import EffectBegan, EffectEnded
from adjudicator.combat.systems.weird_wizard.object_events import (
    Caught,
    Fell,
    Noticed,
    ObstaclePlaced,
    Stolen,
)
from adjudicator.combat.systems.weird_wizard.rolls import Modifier
from adjudicator.combat.systems.weird_wizard.state import (
    HIDDEN,
    REACH,
    THROW_YARDS,
    Combatant,
    Effect,
    Ends,
    Obstacle,
    Phase,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.transaction import Tx
from adjudicator.combat.systems.weird_wizard.turns import HELP_YARDS, own_turn, pending, react
from adjudicator.combat.systems.weird_wizard.unarmed import hand_free


@c.handles(c.PlaceObstacle)
def place_obstacle(tx: Tx, command: c.PlaceObstacle) -> None:
    if tx.state.phase is Phase.ENDED:
        raise err.NotInPhase("the fight is over")
    name = command.name.strip()
    taken = any(o.name.casefold() == name.casefold() for o in tx.state.obstacles)
    if not name or taken or tx.state.has(name):
        raise err.SetupError(f"an obstacle needs a name of its own, not {command.name!r}")
    if not 1 <= command.defense <= 30 or not 1 <= command.health <= 1000:
        raise err.SetupError("an obstacle has Defense 1..30 and Health 1..1000")
    tx.emit(ObstaclePlaced(Obstacle(name, command.defense, command.health)))


@c.handles(c.Hide)
def hide(tx: Tx, command: c.Hide) -> None:
    """ "Make an Agility roll. On a success, you become hidden until you are found or you do
    something that would reveal you to other creatures." """
    turn = own_turn(tx.state, command.unit)
    me = tx.state.unit(turn.unit)
    if tx.state.hidden(me.name) is not None:
        raise err.HideRefused(f"{me.name} is hidden already")
    tx.emit(ev.ActionUsed(me.name, "hide"))
    if effects.attempt(tx, me, "agility", "tries to hide"):
        number = tx.state.effect_count + 1
        tx.emit(EffectBegan(Effect(number, me.name, HIDDEN, Ends.REMOVED, harmful=False)))


@c.handles(c.Find)
def find(tx: Tx, command: c.Find) -> None:
    """ "You search the area within 5 yards of you for a hidden creature ... If it's there
    and you are capable of perceiving it, you find it. ... The Sage might decide that you
    must also get a success on the Sage's choice of an Intellect roll or luck roll" """
    turn = own_turn(tx.state, command.unit)
    me = tx.state.unit(turn.unit)
    roll = command.roll.strip().casefold()
    if roll not in ("", "intellect", "luck"):
        raise err.NotAnAction(
            f"find --roll {command.roll!r}",
            rule="The Sage might decide that you must also get a success on the Sage's choice "
            "of an Intellect roll or luck roll to find the creature or object.",
        )
    tx.emit(ev.ActionUsed(me.name, "find"))
    if roll and not effects.attempt(tx, me, roll, "searches"):
        return
    for u in tx.state.combatants:
        hidden = tx.state.hidden(u.name)
        if hidden is not None and u.name != me.name and tx.state.distance(me, u) <= HELP_YARDS:
            tx.emit(EffectEnded(hidden.number, u.name, HIDDEN, f"found by {me.name}"))


@c.handles(c.Steal)
def steal(tx: Tx, command: c.Steal) -> None:
    """ "Make an Agility roll against the target's Agility. If you are hidden from the target,
    you roll with 1 boon. On a success, you steal the object. On a failure, you don't and if
    the result is less than the target's Intellect score, the target notices the attempt. A
    target that notices the attempt also foils being hidden." """
    turn = own_turn(tx.state, command.unit)
    me, target = tx.state.unit(turn.unit), tx.state.unit(command.target)
    if not hand_free(me):
        raise err.StealRefused(f"{me.name} has no hand free")
    if me.name == target.name or not tx.state.in_reach(me, target) or not command.thing.strip():
        raise err.StealRefused(f"{me.name} cannot steal from {target.name} (in reach, an object)")
    if command.dodge:
        react(tx.state, target)
    tx.emit(ev.ActionUsed(me.name, "steal", f"{command.thing} from {target.name}"))
    if command.dodge:
        tx.emit(ev.Reacted(target.name, "dodge: 1 bane on the roll against its Agility"))
    mods = steal_modifiers(tx.state, me, target, command.dodge)
    roll = tx.attribute_roll(
        me.name, "Agility", me.agility, target.agility, f"{target.name}'s Agility", mods
    )
    tx.emit(ev.RollMade(me.name, f"tries to steal {target.name}'s {command.thing}", roll))
    if roll.success:
        tx.emit(Stolen(me.name, target.name, command.thing))
    elif roll.total < target.intellect:
        tx.emit(Noticed(me.name, target.name))
        effects.reveal(tx, me.name, f"{target.name} notices the attempt")


def steal_modifiers(
    state: WeirdState, me: Combatant, target: Combatant, dodge: bool
) -> tuple[Modifier, ...]:
    mods = [Modifier(f"{me.name} is hidden", 1)] if state.hidden(me.name) else []
    if dodge:
        mods.append(Modifier(f"{target.name} dodges (reaction)", -1))
    return (
        *mods,
        *afflictions.own_roll(state, me.name, "agility"),
        *afflictions.against(state, target.name, "agility"),
        *pending(state, me.name),
    )


def throw_range(two_hands: bool, aerodynamic: bool) -> int:
    """ "If you hold the object to be thrown in one hand, you can throw it up to 10 yards
    from you. If you must hold the object in two hands, you can throw it up to 5 yards.
    Aerodynamic objects intended for throwing ... travel up to twice as far." """
    yards = THROW_YARDS // 2 if two_hands else THROW_YARDS
    return 2 * yards if aerodynamic else yards


def on_the_way(state: WeirdState, start: int, end: int, unit: Combatant) -> bool:
    """Whether a tossed object moving from `start` to `end` moves into `unit`'s reach."""
    low, high = sorted((start, end))
    nearest = min(max(unit.position, low), high)
    return abs(unit.position - nearest) <= REACH


@c.handles(c.Toss)
def toss(tx: Tx, command: c.Toss) -> None:
    """ "You can also toss an object to another creature within the ranges described above.
    Make an Agility roll. On a success, the target can attempt to catch the object (see
    Catch). On a failure, the object falls to the ground in a space of the Sage's choosing
    within a few yards of the intended target." """
    turn = own_turn(tx.state, command.unit)
    me, target = tx.state.unit(turn.unit), tx.state.unit(command.target)
    reach = throw_range(command.two_hands, command.aerodynamic)
    if me.name == target.name or not command.thing.strip():
        raise err.TossRefused(f"{me.name} tosses an object to another creature")
    if tx.state.distance(me, target) > reach:
        raise err.TossRefused(
            f"{target.name} is {tx.state.distance(me, target)} yards away; {reach} at most",
            rule=err.THROW,
        )
    catcher = tx.state.unit(command.catcher) if command.catcher else None
    if catcher is not None:
        if catcher.name == me.name or not on_the_way(tx.state, me.position, target.position,
                                                     catcher):  # fmt: skip
            raise err.CatchRefused(
                f"the {command.thing} does not move into {catcher.name}'s reach", rule=err.CATCH
            )
        react(tx.state, catcher)
    tx.emit(ev.ActionUsed(me.name, "toss", f"{command.thing} to {target.name}"))
    if not effects.attempt(tx, me, "agility", f"tosses the {command.thing} to {target.name}"):
        tx.emit(Fell(command.thing, target.name, "the toss fails"))
        return
    if catcher is None:
        tx.emit(Fell(command.thing, target.name, "no one catches it"))
        return
    catch(tx, catcher, command.thing, me.name, weapon=command.weapon)


def catch(tx: Tx, catcher: Combatant, thing: str, by: str, *, weapon: bool) -> None:
    """ "Catch: When a tossed object moves into your reach, you can use a reaction to make an
    Agility roll. If the object is a weapon, roll with 1 bane. On a success, you catch the
    object. On a failure, you miss it and the object lands somewhere nearby." """
    tx.emit(ev.Reacted(catcher.name, f"catch: tries to catch the {thing}"))
    mods = (Modifier("the object is a weapon", -1),) if weapon else ()
    if effects.attempt(tx, catcher, "agility", f"tries to catch the {thing}", mods):
        tx.emit(Caught(catcher.name, thing, by))
    else:
        tx.emit(Fell(thing, catcher.name, f"{catcher.name} misses it"))


@c.handles(c.Throw)
def throw(tx: Tx, command: c.Throw) -> None:
    """ "Throw: You throw something you hold. ... Typically, an object lands within 2 yards of
    the intended spot." (A thrown attack is `attack --thrown`.)"""
    turn = own_turn(tx.state, command.unit)
    me = tx.state.unit(turn.unit)
    reach = throw_range(command.two_hands, command.aerodynamic)
    yards = abs(command.to - me.position)
    if not command.thing.strip() or yards > reach:
        raise err.TossRefused(f"{command.to} yd is {yards} yards away; {reach} at most",
                              rule=err.THROW)  # fmt: skip
    tx.emit(ev.ActionUsed(me.name, "throw", f"{command.thing} to {command.to} yd"))
    tx.emit(Fell(command.thing, f"{command.to} yd", "typically within 2 yards of the spot"))
