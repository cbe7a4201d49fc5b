"""Weird Wizard unarmed attacks (`seeds/004`, "Unarmed Attacks"): strike, shove, trip, grab,
drag, wrestle and escape; the reactions against a roll on a creature's Strength (Withstand)
or Agility (Dodge); standing up and letting go.

Ours, as the core rules have them: a held creature cannot move (its Speed is 0); a prone one
stands up with half its Speed before it moves (a pinned one cannot); a creature has a hand
free unless it holds a two-handed weapon, or a weapon and a shield. A drag or wrestle that
"maintain[s] the grab" holds the target until the end of the grabber's next turn again.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.combat.systems.weird_wizard import afflictions, effects, options
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.attacks import (
    additional_attack,
    in_volley,
    prone_modifiers,
    resolve_attack,
)
from adjudicator.combat.systems.weird_wizard.commands import UnarmedWay, Wrestling
from adjudicator.combat.systems.weird_wizard.rolls import Modifier
from adjudicator.combat.systems.weird_wizard.state import Affliction, Combatant, Grip, WeirdState
from adjudicator.combat.systems.weird_wizard.transaction import Tx
from adjudicator.combat.systems.weird_wizard.turns import (
    enemies,
    fighting,
    own_turn,
    pending,
    react,
)

SCORES = ("strength", "agility")
#: How much larger than the attacker a target may be (Size), and the rule that says so.
LARGER = {
    UnarmedWay.SHOVE: (2, err.SHOVE),
    UnarmedWay.TRIP: (2, err.TRIP),
    UnarmedWay.GRAB: (1, err.GRAB),
}
#: Whose choice the roller's attribute and the score rolled against are: "roller", "target",
#: or a fixed score.
CHOICES = {
    UnarmedWay.SHOVE: ("strength", "strength", err.SHOVE),
    UnarmedWay.TRIP: ("agility", "target", err.TRIP),
    UnarmedWay.GRAB: ("roller", "agility", err.GRAB),
    UnarmedWay.DRAG: ("strength", "strength", err.DRAG),
    UnarmedWay.WRESTLE: ("roller", "target", err.WRESTLE),
    UnarmedWay.ESCAPE: ("roller", "escaper", err.ESCAPE),
}


@dataclass(frozen=True)
class Contest:
    """An unarmed attack's roll: the roller's attribute against the opposer's score."""

    attribute: str
    against: str


def hand_free(unit: Combatant) -> bool:
    if unit.disarmed or unit.grip is Grip.NATURAL:
        return True
    return unit.grip is not Grip.TWO_HANDED and not unit.shield


def contest(command: c.Unarmed, roller: Combatant, opposer: Combatant) -> Contest:
    """The attribute rolled and the score rolled against, as the page fixes them or as the
    one it leaves the choice to declares ("" : the roller's better attribute; the target's
    better score; escaping, the holder's lower one)."""
    mine, theirs, rule = CHOICES[command.way]
    for given, fixed in ((command.attribute, mine), (command.against, theirs)):
        chosen = given.strip().casefold()
        if chosen and (chosen not in SCORES or (fixed in SCORES and chosen != fixed)):
            raise err.UnarmedRefused(f"a {command.way.value} cannot use {given!r}", rule=rule)
    attribute = command.attribute.strip().casefold() or (
        mine if mine in SCORES else max(SCORES, key=roller.score)
    )
    against = command.against.strip().casefold()
    if not against:
        if theirs in SCORES:
            against = theirs
        elif theirs == "target":
            against = max(SCORES, key=opposer.score)
        else:
            against = min(SCORES, key=opposer.score)
    return Contest(attribute, against)


def check(state: WeirdState, command: c.Unarmed) -> tuple[Combatant, Combatant]:
    """Refuse, before any die is rolled, an unarmed attack the page does not allow."""
    me, target = state.unit(command.attacker), state.unit(command.target)
    way = command.way
    if me.name == target.name:
        raise err.BadTarget(f"{me.name} cannot {way.value} itself")
    if way is UnarmedWay.ESCAPE:
        if state.grab_of(target.name, me.name) is None:
            raise err.UnarmedRefused(f"{target.name} does not hold {me.name}", rule=err.ESCAPE)
    elif not enemies(me, target):
        raise err.BadTarget(f"{target.name} is on {me.name}'s side")
    if command.effect is not None and way is not UnarmedWay.WRESTLE:
        raise err.UnarmedRefused(f"a {way.value} has no wrestling effect", rule=err.WRESTLE)
    if command.to is not None and way is not UnarmedWay.DRAG:
        raise err.UnarmedRefused(f"a {way.value} goes nowhere", rule=err.DRAG)
    if command.grab_back and way is not UnarmedWay.ESCAPE:
        raise err.UnarmedRefused("only an escape grabs back", rule=err.GRAB_BACK)
    if not state.in_reach(me, target):
        raise err.BadTarget(f"{target.name} is {state.distance(me, target)} yards away")
    larger = LARGER.get(way)
    if larger is not None and target.bulk > me.bulk + larger[0]:
        raise err.UnarmedRefused(
            f"{target.name} (Size {target.size}) is larger than Size {me.bulk + larger[0]}",
            rule=larger[1],
        )
    if way is UnarmedWay.GRAB and not hand_free(me):
        raise err.UnarmedRefused(f"{me.name} has no hand free", rule=err.GRAB)
    if way in (UnarmedWay.DRAG, UnarmedWay.WRESTLE) and state.grab_of(me.name, target.name) is None:
        rule = err.DRAG if way is UnarmedWay.DRAG else err.WRESTLE
        raise err.UnarmedRefused(f"{me.name} has not grabbed {target.name}", rule=rule)
    if way is UnarmedWay.WRESTLE:
        check_wrestle(me, target, command.effect)
    if way is UnarmedWay.DRAG:
        check_drag(state, me, command.to)
    if way is UnarmedWay.ESCAPE and command.grab_back:
        react(state, me)
        check(state, c.Unarmed(me.name, UnarmedWay.GRAB, target.name))
    check_resist(state, command, me, target)
    return me, target


def check_wrestle(me: Combatant, target: Combatant, effect: Wrestling | None) -> None:
    if effect is None:
        raise err.UnarmedRefused(
            "a wrestle names its effect: prone, both-prone, damage or pin", rule=err.WRESTLE
        )
    if effect is Wrestling.PIN and not (me.prone and target.prone):
        raise err.UnarmedRefused(f"{me.name} and {target.name} are not both prone", rule=err.PIN)


def check_drag(state: WeirdState, me: Combatant, to: int | None) -> None:
    turn = state.turn
    if to is None or to == me.position:
        raise err.UnarmedRefused("a drag names where it goes (a yard)", rule=err.DRAG)
    if me.prone:
        raise err.Prone(f"{me.name} is prone: it stands up before it moves")
    left = 0 if turn is None else afflictions.speed_left(state, turn)
    if abs(to - me.position) > left:
        raise err.TooFar(f"{me.name} has {left} yards of Speed left, not {abs(to - me.position)}")


def check_resist(state: WeirdState, command: c.Unarmed, me: Combatant, target: Combatant) -> None:
    """Withstand and Dodge: the reaction of the creature whose Strength or Agility is rolled
    against (Dodge also against an unarmed strike, an attack on it)."""
    if not (command.withstand or command.dodge):
        return
    if command.withstand and command.dodge:
        raise err.ResistRefused("one reaction a round: withstand or dodge", rule=err.DODGE)
    rule = err.WITHSTAND if command.withstand else err.DODGE
    strike = command.way is UnarmedWay.STRIKE
    automatic = command.way is UnarmedWay.GRAB and Affliction.HELD in state.afflicted(target.name)
    against = "" if strike or automatic else contest(command, me, target).against
    wanted = "strength" if command.withstand else "agility"
    if automatic or (against != wanted and not (strike and command.dodge)):
        what = "no roll" if automatic else "Defense" if strike else against.capitalize()
        raise err.ResistRefused(
            f"the {command.way.value} rolls against {target.name}'s {what}, not its "
            f"{wanted.capitalize()}",
            rule=rule,
        )
    react(state, target)


@c.handles(c.Unarmed)
def unarmed(tx: Tx, command: c.Unarmed) -> None:
    """An unarmed attack: the turn's action (or an additional attack: "You can substitute an
    unarmed attack for each additional attack you make"); an escape is an action."""
    additional = command.way is not UnarmedWay.ESCAPE and in_volley(tx.state, command.attacker)
    own_turn(tx.state, command.attacker, action=not additional)
    me, target = check(tx.state, command)
    if additional:
        additional_attack(tx, me, target)
    else:
        tx.emit(ev.ActionUsed(me.name, command.way.value, target.name))
    if command.withstand or command.dodge:
        word = "withstand" if command.withstand else "dodge"
        tx.emit(ev.Reacted(target.name, f"{word}: 1 bane on the {command.way.value}"))
    resolve(tx, me, target, command)


def resolve(tx: Tx, me: Combatant, target: Combatant, command: c.Unarmed) -> None:
    way = command.way
    if way is UnarmedWay.STRIKE:
        strike = c.Attack(me.name, target.name, improvised=True, dodge=command.dodge)
        resolve_attack(tx, me, target, strike, unarmed=True)
        return
    if way is UnarmedWay.GRAB and Affliction.HELD in tx.state.afflicted(target.name):
        tx.emit(ev.Grabbed(me.name, target.name, tx.state.round))
        return
    fight = contest(command, me, target)
    mods = modifiers(tx.state, me, target, command, fight)
    roll = tx.attribute_roll(
        me.name,
        fight.attribute.capitalize(),
        me.score(fight.attribute),
        target.score(fight.against),
        f"{target.name}'s {fight.against.capitalize()}",
        mods,
    )
    if way is UnarmedWay.ESCAPE:
        tx.emit(ev.RollMade(me.name, f"tries to escape {target.name}'s grab", roll))
    else:
        tx.emit(ev.AttackRolled(me.name, target.name, roll))
        effects.reveal(tx, me.name, f"{me.name} attacks")
    if roll.success:
        succeed(tx, me, target, command, critical=roll.critical)
    elif way is UnarmedWay.DRAG:
        tx.emit(ev.DragFailed(me.name, target.name))


def modifiers(
    state: WeirdState, me: Combatant, target: Combatant, command: c.Unarmed, fight: Contest
) -> tuple[Modifier, ...]:
    """The boons and banes of the roll, each named: a shield (shove, trip), a run-up of 5
    yards (shove), prone, a Withstand or Dodge, the roller's afflictions on its attribute
    and the opposer's on the score rolled against, and those pending on the roller."""
    way = command.way
    mods = []
    if me.shield and way in (UnarmedWay.SHOVE, UnarmedWay.TRIP):
        mods.append(Modifier("shield equipped", 1))
    turn = state.turn
    if way is UnarmedWay.SHOVE and turn is not None and turn.moved >= 5:
        mods.append(Modifier(f"moved {turn.moved} yards first", 1))
    if command.withstand:
        mods.append(Modifier(f"{target.name} withstands (reaction)", -1))
    if command.dodge:
        mods.append(Modifier(f"{target.name} dodges (reaction)", -1))
    mods += afflictions.own_roll(state, me.name, fight.attribute)
    mods += afflictions.against(state, target.name, fight.against)
    if way is UnarmedWay.ESCAPE:
        return (*mods, *pending(state, me.name))
    mods += prone_modifiers(state, me, target)
    return (*mods, *options.marks(state, me, target), *pending(state, me.name))


def succeed(
    tx: Tx, me: Combatant, target: Combatant, command: c.Unarmed, *, critical: bool
) -> None:
    """What each unarmed attack does on a success (and on a critical success)."""
    way = command.way
    if way is UnarmedWay.SHOVE:
        yards = max(1, me.strength - 10)
        if target.bulk > me.bulk:
            yards //= 2
        if yards:
            away = 1 if target.position >= me.position else -1
            end = target.position + away * yards
            tx.emit(ev.Pushed(target.name, target.position, end, me.name))
        if critical:
            tx.emit(ev.FellProne(target.name, f"{me.name}'s shove, a critical success"))
    elif way is UnarmedWay.TRIP:
        tx.emit(ev.FellProne(target.name, f"tripped by {me.name}"))
        if critical:
            tx.emit(ev.Halted(target.name, me.name))
    elif way is UnarmedWay.GRAB:
        tx.emit(ev.Grabbed(me.name, target.name, tx.state.round))
    elif way is UnarmedWay.DRAG and command.to is not None:
        step = command.to - me.position
        tx.emit(ev.Dragged(target.name, target.position, target.position + step, me.name))
        tx.emit(ev.Moved(me.name, me.position, command.to))
        tx.emit(ev.Grabbed(me.name, target.name, tx.state.round))
    elif way is UnarmedWay.WRESTLE:
        wrestle(tx, me, target, command.effect)
    elif way is UnarmedWay.ESCAPE:
        tx.emit(ev.GrabEnded(target.name, me.name, f"{me.name} escapes"))
        if critical and command.grab_back:
            tx.emit(ev.Reacted(me.name, f"grabs back at {target.name}"))
            back = c.Unarmed(me.name, UnarmedWay.GRAB, target.name)
            resolve(tx, tx.state.unit(me.name), tx.state.unit(target.name), back)


def wrestle(tx: Tx, me: Combatant, target: Combatant, effect: Wrestling | None) -> None:
    """A successful wrestle's effect. Ours: "you maintain the grab" holds the target until
    the end of the grabber's next turn again (as a drag that maintains it does)."""
    if effect is Wrestling.PRONE:
        tx.emit(ev.FellProne(target.name, f"wrestled down by {me.name}"))
        tx.emit(ev.GrabEnded(me.name, target.name, "the target falls prone"))
        return
    if effect is Wrestling.BOTH_PRONE:
        for who in (target, me):
            if not who.prone:
                tx.emit(ev.FellProne(who.name, f"{me.name} wrestles {target.name} down"))
    elif effect is Wrestling.DAMAGE:
        tx.emit(ev.DamageDealt(me.name, target.name, (tx.roll(6, "wrestle", me.name),)))
    if tx.state.grab_of(me.name, target.name) is not None:
        tx.emit(ev.Grabbed(me.name, target.name, tx.state.round))
    if effect is Wrestling.PIN:
        tx.emit(ev.Pinned(me.name, target.name))


@c.handles(c.Release)
def release(tx: Tx, command: c.Release) -> None:
    """ "The affliction ends early if you release the target, which you can do freely by
    letting it go." """
    fighting(tx.state)
    me, target = tx.state.unit(command.unit), tx.state.unit(command.target)
    if tx.state.grab_of(me.name, target.name) is None:
        raise err.UnarmedRefused(
            f"{me.name} does not hold {target.name}",
            rule="The affliction ends early if you release the target, which you can do "
            "freely by letting it go.",
        )
    tx.emit(ev.GrabEnded(me.name, target.name, "released"))


def stand_cost(state: WeirdState, me: Combatant) -> int:
    """The yards of Speed standing up takes (half the Speed); refused if it cannot stand."""
    turn = state.turn
    if not me.prone:
        raise err.Prone(f"{me.name} is not prone")
    if state.pinned(me.name):
        raise err.Prone(
            f"{me.name} is pinned",
            rule="A pinned creature is confused, held, weakened, and cannot stand up until "
            "the effect ends.",
        )
    cost = (me.speed + 1) // 2
    left = 0 if turn is None else afflictions.speed_left(state, turn)
    if cost > left:
        raise err.Prone(f"standing up takes {cost} yards of Speed; {me.name} has {left}")
    return cost


@c.handles(c.Stand)
def stand(tx: Tx, command: c.Stand) -> None:
    """Ours, as the core rules have it: standing up from prone takes half the Speed."""
    turn = own_turn(tx.state, command.unit, action=False)
    me = tx.state.unit(turn.unit)
    tx.emit(ev.StoodUp(me.name, stand_cost(tx.state, me)))
