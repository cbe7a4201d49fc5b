"""Murdham's round (`seeds/002`, "Combat procedure", "Taking a turn", "Morale"): setting up,
initiative, alternating turns with passing, movement and actions, the morale phase.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham import events as ev
from adjudicator.combat.systems.murdham import tactic_events as tev
from adjudicator.combat.systems.murdham.attacks import release_others, reveal
from adjudicator.combat.systems.murdham.checks import (
    known_zone,
    no_turn,
    own_turn,
    their_go,
)
from adjudicator.combat.systems.murdham.state import Fighter, MurdhamState, Phase, SubPhase
from adjudicator.combat.systems.murdham.transaction import Tx

#: The variant with the optional rule "fast and slow activations".
FAST_SLOW = "fast-slow"

#: Ours: the highest armour value a character may have.
ARMOUR_MAX = 10

MAIN_ACTIONS = {
    "sprint": "Sprint to double movement distance.",
    "invoke": "Invoke a sorcerous power.",
    "distract": "Attempt to distract, intimidate, or taunt an enemy.",
    "interact": "Interact with the environment.",
    "pick-up": "Pick up or put down something.",
}
BONUS_ACTIONS = {
    "equip": "Equip or unequip an item.",
    "consumable": "Use a consumable item, such as a healing draught, an antidote, or a dose of "
    "poison.",
    "say": "Say a few words.",
}
#: "Actions which might reveal a character include: attacking, invoking a power, talking".
REVEALING = {"invoke": "invoking a power", "distract": "talking", "say": "talking"}
#: Actions of the other systems, so that asking for one names where it belongs.
FOREIGN_ACTIONS = {
    "cast": "Words of Power (cast a spell of Words)",
    "counterspell": "Words of Power",
    "defend": "Words of Power (a block roll)",
    "grab": "Words of Power (binding); Murdham's grapple is a non-lethal attack",
    "flee": "Words of Power",
    "stance": "the Words of Power draft",
    "enhance": "Words of Power",
    "boon": "Shadow of the Weird Wizard",
    "momentum": "Spellwoven",
}


# --- setting up --------------------------------------------------------------------------------


def _setup(
    state: MurdhamState, message: str = "zones and characters are set before the first round"
) -> None:
    if state.phase is not Phase.SETUP:
        raise err.NotInPhase(message)


@c.handles(c.AddZone)
def add_zone(tx: Tx, command: c.AddZone) -> None:
    _setup(tx.state)
    name = command.zone.strip()
    if not name or tx.state.zone(name) is not None:
        raise err.SetupError(f"zone {name!r} is empty or there already")
    tx.emit(ev.ZoneAdded(name))


@c.handles(c.LinkZones)
def link_zones(tx: Tx, command: c.LinkZones) -> None:
    _setup(tx.state)
    a, b = known_zone(tx.state, command.a), known_zone(tx.state, command.b)
    if a == b or b in tx.state.neighbours(a):
        raise err.SetupError(f"{a} and {b} are the same zone or neighbours already")
    tx.emit(ev.ZonesLinked(a, b))


@c.handles(c.AddFighter)
def add_fighter(tx: Tx, command: c.AddFighter) -> None:
    _setup(tx.state)
    f = command.fighter
    if not f.name.strip() or not f.faction.strip():
        raise err.SetupError("a character needs a name and a faction")
    if tx.state.has(f.name):
        raise err.SetupError(f"there is already a character called {f.name!r}")
    for label, score in (("WIT", f.wit), ("AGI", f.agi), ("STR", f.strength)):
        if not 1 <= score <= 20:
            raise err.SetupError(f"{label} is a save score from 1 to 20, not {score}")
    if not 1 <= f.max_hp <= 1000 or not 0 <= f.hp <= f.max_hp:
        raise err.SetupError(f"health {f.hp}/{f.max_hp} must be 0..max, with max from 1")
    if not 0 <= f.armour <= ARMOUR_MAX or not 0 <= f.weapon <= 100 or f.weapon == 1 or f.reach < 0:
        raise err.SetupError(
            f"armour 0..{ARMOUR_MAX}, a weapon die d2..d100 (0: unarmed), reach 0 or more"
        )
    tx.emit(ev.FighterAdded(replace(f, zone=known_zone(tx.state, f.zone))))


@c.handles(c.SetArmour)
def set_armour(tx: Tx, command: c.SetArmour) -> None:
    """ "Armour can't be changed during a fight": the GM sets it before the first round."""
    fighter = tx.state.fighter(command.unit)
    if tx.state.phase is Phase.ENDED:
        raise err.NotInPhase("the fight is over already")
    if tx.state.phase is not Phase.SETUP:
        raise err.ArmourFixed(
            f"{fighter.name}'s armour stays {fighter.armour} until the fight is over"
        )
    if not 0 <= command.armour <= ARMOUR_MAX:
        raise err.SetupError(f"armour is 0..{ARMOUR_MAX}, not {command.armour}")
    tx.emit(ev.ArmourSet(fighter.name, command.armour))


@c.handles(c.Begin)
def begin(tx: Tx, command: c.Begin) -> None:
    _setup(tx.state, "the fight begins once: it has begun already")
    if len(tx.state.factions()) < 2:
        raise err.SetupError("a fight needs characters of two factions at least")
    starter = None if command.starter is None else _faction(tx.state, command.starter)
    ambushers = [f for f in tx.state.fighters if f.concealed and f.standing]
    if not ambushers:
        tx.emit(ev.FightBegan(starter))
        first_round(tx)
        return
    ambushing = _ambushing_faction(ambushers, starter)
    tx.emit(ev.FightBegan(ambushing))
    # "Characters who are concealed at the start of the fight can take a bonus turn before
    # the others." Ours: their allies know of them; their enemies are unaware.
    sides = {f.faction for f in ambushers}
    able = tuple(f.name for f in tx.state.fighters if f.faction in sides and f.standing)
    tx.emit(ev.BonusTurnBegan(ambushing, able))


def _ambushing_faction(ambushers: list[Fighter], starter: str | None) -> str:
    """ "Characters who launch an ambush" started the fight: the starter is their faction."""
    sides = tuple(dict.fromkeys(f.faction for f in ambushers))
    if starter is None and len(sides) == 1:
        return sides[0]
    if starter not in sides:
        raise err.AmbushRefused(
            f"the ambushers ({', '.join(f.name for f in ambushers)}) started the fight, "
            f"not {starter or 'no one'}",
            hint=f"begin --starter {sides[0]}" if starter is None else None,
        )
    return starter


def first_round(tx: Tx) -> None:
    """ "On the first round, the faction which started the fight automatically has the
    initiative."; else a die decides."""
    starter = tx.state.starter
    if starter is None or starter not in tx.state.in_play():
        start_round(tx, 1)
        return
    tx.emit(ev.RoundBegan(1, starter, started=True))
    _threshold(tx)


def _faction(state: MurdhamState, name: str) -> str:
    for faction in state.factions():
        if faction.casefold() == name.strip().casefold():
            return faction
    raise err.SetupError(f"no faction {name!r}", hint=f"factions: {', '.join(state.factions())}")


def start_round(tx: Tx, number: int) -> None:
    """ "Randomly determine which faction has the initiative by rolling a die. For example,
    roll a d2 if there are two factions." Faces number the factions in the order they joined."""
    order = tx.state.in_play()
    if len(order) == 1:
        tx.emit(ev.RoundBegan(number, order[0]))
    else:
        die = tx.roll(len(order), "initiative", "GM")
        tx.emit(ev.RoundBegan(number, order[die.value - 1], die))
    _threshold(tx)


def _threshold(tx: Tx) -> None:
    """ "At the beginning of each round, right after the initiative phase, the GM openly rolls
    a d20. The result is the fast action threshold." """
    if tx.state.variant == FAST_SLOW:
        tx.emit(ev.ThresholdRolled(tx.roll(20, "fast action threshold", "GM")))


# --- the action phase --------------------------------------------------------------------------


@c.handles(c.TakeTurn)
def take_turn(tx: Tx, command: c.TakeTurn) -> None:
    state = tx.state
    no_turn(state)
    fighter = state.fighter(command.unit)
    their_go(state, fighter.faction)
    check_may_take_turn(state, fighter)
    tx.emit(ev.TurnTaken(fighter.name))


def check_may_take_turn(state: MurdhamState, fighter: Fighter) -> None:
    if not fighter.standing:
        raise err.NotStanding(f"{fighter.name} is {fighter.status.value}")
    if fighter.name in state.acted:
        if not any(state.may_take_turn(f) for f in state.members(fighter.faction)):
            raise err.OnlyPass(f"{fighter.faction} have no one left to take a turn this round")
        raise err.AlreadyActed(f"{fighter.name} has taken a turn (or reacted) this round")
    if state.bonus_turn and fighter.name not in state.bonus:
        raise err.UnawareOfAmbush(
            f"{fighter.name} is unaware of the ambush: no turn in its bonus turn (pass)"
        )
    if not state.may_take_turn(fighter):
        raise err.TooSlow(
            f"{fighter.name}'s WIT {fighter.wit} is under the threshold {state.threshold}"
        )


@c.handles(c.Pass)
def pass_go(tx: Tx, command: c.Pass) -> None:
    """ "A faction can choose to pass instead of taking turn with a character, and if all
    factions pass consecutively the phase ends." """
    no_turn(tx.state)
    faction = _faction(tx.state, command.faction)
    their_go(tx.state, faction)
    tx.emit(ev.Passed(faction))
    if tx.state.passes < len(tx.state.in_play()):
        return
    if tx.state.sub is SubPhase.FAST:
        tx.emit(ev.SlowPhaseBegan())
        return
    tx.emit(ev.ActionPhaseEnded())
    morale_phase(tx)
    if end_if_one_side(tx):
        return
    if tx.state.round == 0:
        first_round(tx)
    else:
        start_round(tx, tx.state.round + 1)


def end_if_one_side(tx: Tx) -> bool:
    """Ours (the chapter does not say when a fight is over): once at most one faction has a
    character standing, between attacks, the fight ends."""
    state = tx.state
    if state.phase is not Phase.ACTION or state.pending is not None:
        return False
    left = state.in_play()
    if len(left) >= 2:
        return False
    tx.emit(ev.FightEnded(f"only {left[0]} remain standing" if left else "no one stands"))
    return True


def morale_phase(tx: Tx) -> None:
    """ "Groups must make a morale check after being reduced to half or less their original
    number during a fight. Characters fighting alone must do so after taking damage reducing
    their health to half or less the maximum." """
    for faction, original in tx.state.original:
        members = tx.state.members(faction)
        standing = [f for f in members if f.standing]
        if original >= 2:
            if not standing or len(standing) * 2 > original:
                continue
            why = f"{len(standing)} of {original} standing"
        else:
            if not standing or standing[0].hp * 2 > standing[0].max_hp:
                continue
            why = f"fighting alone at {standing[0].hp}/{standing[0].max_hp} health"
        subject = [f for f in standing if f.name not in tx.state.steady and not f.immune_to_fear]
        if not subject:
            continue
        saves = tuple((f.name, f.wit, tx.save(f.wit, "morale (WIT save)", f.name)) for f in subject)
        tx.emit(ev.MoraleChecked(faction, why, saves))


@c.handles(c.Act)
def act(tx: Tx, command: c.Act) -> None:
    turn = own_turn(tx.state, command.unit)
    action = command.action.strip().casefold()
    if action in FOREIGN_ACTIONS:
        raise err.NotAnAction(
            f"{action!r} is an action of {FOREIGN_ACTIONS[action]}, not of Murdham",
            hint=f"main: {', '.join(MAIN_ACTIONS)}, attack; bonus: {', '.join(BONUS_ACTIONS)}",
        )
    if action in MAIN_ACTIONS or action in BONUS_ACTIONS:
        release_others(tx, turn.unit)
    if action in MAIN_ACTIONS:
        if not turn.may_main():
            raise err.NoActionLeft(f"{turn.unit} has no main action left this turn")
        tx.emit(ev.ActionTaken(turn.unit, True, action, command.note))
        reveal(tx, turn.unit, REVEALING.get(action, ""))
        return
    if action in BONUS_ACTIONS:
        if not turn.may_bonus():
            raise err.NoActionLeft(f"{turn.unit} has no bonus action left this turn")
        tx.emit(ev.ActionTaken(turn.unit, False, action, command.note))
        reveal(tx, turn.unit, REVEALING.get(action, ""))
        return
    if action == "drop":
        raise err.NotAnAction(
            "dropping something is free, not an action", hint=f"drop {turn.unit} ITEM"
        )
    raise err.NotAnAction(
        f"Murdham has no action {command.action!r}",
        hint=f"main: {', '.join(MAIN_ACTIONS)}, attack; bonus: {', '.join(BONUS_ACTIONS)}",
    )


@c.handles(c.Drop)
def drop(tx: Tx, command: c.Drop) -> None:
    """ "Pick up or put down something. Dropping something is free, but the item might be
    damaged if fragile." No action spent; whether a fragile item breaks is the GM's call.
    Ours: like any other deed, it frees a character the dropper keeps hold of."""
    turn = own_turn(tx.state, command.unit)
    item = command.item.strip()
    if not item:
        raise err.DropRefused("name what is dropped")
    if command.weapon and not tx.state.fighter(turn.unit).weapon:
        raise err.DropRefused(f"{turn.unit} holds no weapon: unarmed")
    release_others(tx, turn.unit)
    tx.emit(tev.ItemDropped(turn.unit, item, command.fragile, command.weapon))


@c.handles(c.EndTurn)
def end_turn(tx: Tx, command: c.EndTurn) -> None:
    turn = own_turn(tx.state, command.unit)
    tx.emit(ev.TurnEnded(turn.unit))


@c.handles(c.Surrender)
def surrender(tx: Tx, command: c.Surrender) -> None:
    """ "Characters can spend their turn to surrender ... Their turn is wasted"."""
    state = tx.state
    fighter = state.fighter(command.unit)
    if state.turn is None:
        no_turn(state)
        their_go(state, fighter.faction)
        check_may_take_turn(state, fighter)
        tx.emit(ev.TurnTaken(fighter.name))
    else:
        own_turn(state, fighter.name)
    tx.emit(ev.Surrendered(fighter.name), ev.TurnEnded(fighter.name))


@c.handles(c.EndFight)
def end_fight(tx: Tx, command: c.EndFight) -> None:
    if tx.state.phase is Phase.ENDED:
        raise err.NotInPhase("the fight is over already")
    tx.emit(ev.FightEnded(command.reason.strip() or "the GM ends the fight"))
