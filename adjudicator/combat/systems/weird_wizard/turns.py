"""The Weird Wizard round (`seeds/004`, "Turns", "End of the Round", "Ambushes", "Actions"):
the Sage's side first, then the players; one action and a move a turn; the simple actions.
"""

from __future__ import annotations

from fractions import Fraction

from adjudicator.combat.systems.weird_wizard import afflictions, expiry
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.rolls import Modifier
from adjudicator.combat.systems.weird_wizard.state import (
    Boon,
    Combatant,
    Grip,
    Phase,
    Side,
    Turn,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.transaction import Tx

#: The page's actions other than Attack, Defend, Help, Hinder and Stabilize (their own
#: commands): each spends the turn's action; what it does is the Sage's call.
ACTIONS = (
    "run",
    "cast",
    "end-effect",
    "find",
    "hide",
    "overcome",
    "steal",
    "throw",
    "toss",
    "talent",
    "item",
    "something-else",
)
FOREIGN = {
    "sprint": "Murdham",
    "distract": "Murdham",
    "counterspell": "Words of Power",
    "enhance": "Words of Power",
    "momentum": "Spellwoven",
}
HELP_YARDS = 5


#: Extra Effort: what a creature spending extra time on a task cannot do.
FOCUS = (
    "While you are spending this extra time, you focus entirely on the task at hand, and thus "
    "you cannot use an action or a reaction to do anything else."
)


def react(state: WeirdState, unit: Combatant) -> None:
    """Refuse a reaction `unit` cannot use now, naming the rule: "Each combatant can act out
    of turn just once each round by using a reaction"; its afflictions; a task it focuses on
    (Extra Effort)."""
    if unit.incapacitated or unit.name in state.reacted:
        raise err.ReactionUsed(f"{unit.name} has used its reaction this round")
    affliction = afflictions.no_reactions(state, unit.name)
    if affliction is not None:
        raise err.Afflicted(f"{unit.name} is {affliction.value}: it cannot use reactions")
    task = state.task_of(unit.name)
    if task is not None:
        raise err.ExtraEffort(
            f"{unit.name} is spending its time on {task.name!r}",
            rule=FOCUS,
            hint="abandon the task first (its progress is lost)",
        )


def may_react(state: WeirdState, unit: Combatant) -> bool:
    """Whether `unit` may use a reaction now (`react` says why not)."""
    try:
        react(state, unit)
    except err.WeirdWizardError:
        return False
    return True


def enemies(a: Combatant, b: Combatant) -> bool:
    return a.side is not b.side


def pending(state: WeirdState, name: str) -> tuple[Modifier, ...]:
    """The boon or bane of Help or Hinder waiting for `name`'s next attribute roll."""
    amount = state.boons_for(name)
    if not amount:
        return ()
    return (Modifier("helped" if amount > 0 else "hindered", amount),)


def fighting(state: WeirdState) -> None:
    if state.phase is not Phase.FIGHTING:
        raise err.NotInPhase(f"the fight is in its {state.phase.value} phase")


def own_turn(state: WeirdState, unit: str, *, action: bool = True, task: bool = False) -> Turn:
    """The turn under way, `unit`'s; with `action`, one whose action is left for it to use
    (on a long task under way only with `task`)."""
    fighting(state)
    who = state.unit(unit)
    if state.turn is None or state.turn.unit != who.name:
        whose = "no one's" if state.turn is None else f"{state.turn.unit}'s"
        raise err.NotTheirTurn(f"it is {whose} turn, not {who.name}'s")
    if action and state.turn.acted:
        if who.name in state.ambushed:
            raise err.Ambushed(f"{who.name} was ambushed and cannot act this turn")
        raise err.OneAction(f"{who.name} has used its action this turn")
    if action:
        affliction = afflictions.no_actions(state, who.name)
        if affliction is not None:
            raise err.Afflicted(f"{who.name} is {affliction.value}: it cannot use actions")
        focus = state.task_of(who.name)
        if focus is not None and not task:
            raise err.ExtraEffort(
                f"{who.name} is spending its time on {focus.name!r}",
                rule=FOCUS,
                hint="abandon the task first (its progress is lost)",
            )
    return state.turn


@c.handles(c.AddCombatant)
def add(tx: Tx, command: c.AddCombatant) -> None:
    if tx.state.phase is not Phase.SETUP:
        raise err.NotInPhase("combatants join before the first round")
    u = command.combatant
    if not u.name.strip() or tx.state.has(u.name):
        raise err.SetupError(f"a combatant needs a name of its own, not {u.name!r}")
    for label, score in (
        ("Strength", u.strength),
        ("Agility", u.agility),
        ("Intellect", u.intellect),
        ("Will", u.will),
        ("Defense", u.defense),
    ):
        if not 1 <= score <= 30:
            raise err.SetupError(f"{label} is from 1 to 30, not {score}")
    if not 1 <= u.health <= 1000 or not 0 <= u.speed <= 100 or not 0 <= u.dice <= 10:
        raise err.SetupError("Health 1..1000, Speed 0..100, weapon dice 0..10")
    if not 0 <= u.thrown <= 100 or (u.thrown and u.grip is Grip.NATURAL):
        raise err.SetupError(
            "a weapon with the Thrown trait (thrown range 1..100) is held in the hands"
        )
    if u.range < 0 or not 0 <= u.bonus <= 10 or u.damage != 0 or u.disarmed:
        raise err.SetupError("range 0 or more, Bonus Damage 0..10d6, no damage to start with")
    if u.off_hand and (not 0 < u.off_hand <= 10 or u.grip in (Grip.TWO_HANDED, Grip.NATURAL)
                       or u.shield):  # fmt: skip
        raise err.SetupError(
            "an off-hand weapon (1..10d6) needs a free hand: a main weapon held in one hand "
            "and no shield",
            rule=err.TwoWeaponsRefused.rule,
        )
    try:
        size = u.bulk
    except (ValueError, ZeroDivisionError):
        size = Fraction(0)
    if not 0 < size <= 20:
        raise err.SetupError(f"Size is a number above 0 (1/2, 1, 2...), not {u.size!r}")
    tx.emit(ev.CombatantAdded(u))


@c.handles(c.Begin)
def begin(tx: Tx, command: c.Begin) -> None:
    if tx.state.phase is not Phase.SETUP:
        raise err.NotInPhase("the fight has begun already")
    if not tx.state.side(Side.SAGE) or not tx.state.side(Side.PLAYERS):
        raise err.SetupError("a fight needs combatants on the Sage's side and the players'")
    ambushed = tuple(tx.state.unit(name).name for name in command.ambushed)
    tx.emit(ev.FightBegan(ambushed), ev.RoundBegan(1))


@c.handles(c.TakeInitiative)
def take_initiative(tx: Tx, command: c.TakeInitiative) -> None:
    state = tx.state
    fighting(state)
    who = state.unit(command.unit)
    if who.side is not Side.PLAYERS or who.incapacitated:
        raise err.InitiativeRefused(f"{who.name} is not a player's combatant able to act")
    if state.done or state.turn is not None:
        raise err.InitiativeRefused("only when a new round starts, before any turn")
    if who.name in state.ambushed:
        raise err.InitiativeRefused(f"{who.name} was ambushed: not aware of the enemies")
    react(state, who)
    tx.emit(ev.InitiativeTaken(who.name))


@c.handles(c.StartTurn)
def start_turn(tx: Tx, command: c.StartTurn) -> None:
    state = tx.state
    fighting(state)
    who = state.unit(command.unit)
    if state.turn is not None:
        raise err.TurnInProgress(f"{state.turn.unit}'s turn is not over")
    if who.name in state.done:
        raise err.OutOfOrder(f"{who.name} has taken its turn this round")
    if who.incapacitated:
        raise err.OutOfOrder(f"{who.name} is incapacitated")
    if not state.may_take_turn(who):
        acting = state.now_acting()
        side = (
            "the players who took the initiative"
            if any(n not in state.done for n in state.initiative)
            else f"the {acting.value if acting else 'nobody'}'s side"
        )
        raise err.OutOfOrder(f"{who.name} waits: {side} first")
    halted = any(unit == who.name for unit, _ in state.halted)
    speed = 0 if halted else who.speed
    tx.emit(ev.TurnStarted(who.name, speed, who.name in state.ambushed))


@c.handles(c.Act)
def act(tx: Tx, command: c.Act) -> None:
    action = command.action.strip().casefold()
    if action in FOREIGN:
        raise err.NotAnAction(
            f"{action!r} is an action of {FOREIGN[action]}, not of Shadow of the Weird Wizard",
            hint=f"actions: attack, defend, help, hinder, stabilize, {', '.join(ACTIONS)}",
        )
    if action not in ACTIONS:
        raise err.NotAnAction(
            f"no action {command.action!r}",
            hint=f"actions: attack, defend, help, hinder, stabilize, {', '.join(ACTIONS)}",
        )
    if command.reaction:
        react_with(tx, command, action)
        return
    turn = own_turn(tx.state, command.unit)
    tx.emit(ev.ActionUsed(turn.unit, action, command.note))


#: What may be used with a reaction instead of an action.
REACTING = ("cast", "talent", "item")


def react_with(tx: Tx, command: c.Act, action: str) -> None:
    """ "Some spells have special rules for their casting, such as using a reaction instead of
    an action." (Talents, traits and items too.) Which ones do is the Sage's call."""
    fighting(tx.state)
    who = tx.state.unit(command.unit)
    if action not in REACTING:
        raise err.NotAnAction(
            f"{action!r} is not used with a reaction",
            rule="Some spells have special rules for their casting, such as using a reaction "
            "instead of an action.",
            hint=f"with a reaction: {', '.join(REACTING)}",
        )
    react(tx.state, who)
    note = f" ({command.note})" if command.note else ""
    tx.emit(ev.Reacted(who.name, f"{action}{note}"))


def _within(state: WeirdState, a: Combatant, b: Combatant, what: str) -> None:
    if state.distance(a, b) > HELP_YARDS:
        raise err.BadTarget(f"{b.name} is not within 5 yards of {a.name}", rule=what)


@c.handles(c.Help)
def help_or_hinder(tx: Tx, command: c.Help) -> None:
    """ "Help: Choose one creature within 5 yards of you. The target has 1 boon on its next
    attribute roll before the start of your next turn." (Hinder: 1 bane.)"""
    turn = own_turn(tx.state, command.unit)
    me, target = tx.state.unit(turn.unit), tx.state.unit(command.target)
    name = "hinder" if command.hinder else "help"
    _within(
        tx.state, me, target, f"{name.capitalize()}: Choose one creature within 5 yards of you."
    )
    amount = -1 if command.hinder else 1
    tx.emit(
        ev.ActionUsed(me.name, name, target.name),
        ev.BoonGranted(Boon(target.name, amount, f"{name}ed by {me.name}", me.name)),
    )


@c.handles(c.Defend)
def defend(tx: Tx, command: c.Defend) -> None:
    turn = own_turn(tx.state, command.unit)
    tx.emit(ev.ActionUsed(turn.unit, "defend"), ev.Defending(turn.unit))


@c.handles(c.Stabilize)
def stabilize(tx: Tx, command: c.Stabilize) -> None:
    """ "Stabilize: You tend to one incapacitated creature in your reach. The target heals
    1d6 damage." """
    turn = own_turn(tx.state, command.unit)
    me, target = tx.state.unit(turn.unit), tx.state.unit(command.target)
    if not target.incapacitated or not tx.state.in_reach(me, target):
        raise err.BadTarget(
            f"{target.name} is not an incapacitated creature in {me.name}'s reach",
            rule="You tend to one incapacitated creature in your reach.",
        )
    tx.emit(ev.ActionUsed(me.name, "stabilize", target.name))
    tx.emit(ev.Stabilized(me.name, target.name, tx.roll(6, "stabilize", me.name)))


@c.handles(c.Rearm)
def rearm(tx: Tx, command: c.Rearm) -> None:
    """Use an Item (ours): a disarmed combatant takes up its weapon (or another) again."""
    turn = own_turn(tx.state, command.unit)
    if not tx.state.unit(turn.unit).disarmed:
        raise err.WeaponDropped(f"{turn.unit} has not dropped its weapon")
    tx.emit(ev.ActionUsed(turn.unit, "item", "takes up its weapon"), ev.Rearmed(turn.unit))


@c.handles(c.EndTurn)
def end_turn(tx: Tx, command: c.EndTurn) -> None:
    """The turn's end: its effects resolved in the order the rules and `command.order` give
    ("you resolve any harmful effects first"), then the round's end and its effects when
    every combatant has taken a turn."""
    turn = own_turn(tx.state, command.unit, action=False)
    order = expiry.Order(command.order)
    expiry.unworked_task(tx, turn)
    expiry.turn_end(tx, turn, order)
    tx.emit(ev.TurnEnded(turn.unit))
    if tx.state.now_acting() is None:
        tx.emit(ev.RoundEnded())
        expiry.round_end(tx, order)
        tx.emit(ev.RoundBegan(tx.state.round + 1))
    order.check_all_used()


@c.handles(c.EndFight)
def end_fight(tx: Tx, command: c.EndFight) -> None:
    if tx.state.phase is Phase.ENDED:
        raise err.NotInPhase("the fight is over already")
    tx.emit(ev.FightEnded(command.reason.strip() or "the Sage ends the fight"))


def end_if_one_side(tx: Tx) -> None:
    """Ours: once one side has no combatant standing (all incapacitated), the fight ends."""
    state = tx.state
    if state.phase is not Phase.FIGHTING or state.turn is not None:
        return
    for side in Side:
        if not state.standing(side):
            tx.emit(ev.FightEnded(f"the {side.value}' side is down"))
            return
