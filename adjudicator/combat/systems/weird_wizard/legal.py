"""The Weird Wizard commands open now (each legal as it stands): for random fights in tests."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.systems.weird_wizard import (
    afflictions,
    effects,
    expiry,
    objects,
    options,
    unarmed,
)
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.attacks import check_reach
from adjudicator.combat.systems.weird_wizard.commands import (
    AttackOption,
    Lasting,
    UnarmedWay,
    Wrestling,
)
from adjudicator.combat.systems.weird_wizard.errors import WeirdWizardError
from adjudicator.combat.systems.weird_wizard.state import (
    Affliction,
    Combatant,
    Each,
    Phase,
    Side,
    Turn,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.turns import HELP_YARDS, enemies, may_react

#: Obstacles random fights may place (the Sage's), at most.
OBSTACLES = 2


def legal_commands(state: WeirdState) -> tuple[c.WeirdCommand, ...]:
    if state.phase is not Phase.FIGHTING:
        return ()
    turn = state.turn
    sage = out_of_turn(state)
    if turn is None:
        out: list[c.WeirdCommand] = [
            c.StartTurn(u.name) for u in state.combatants if state.may_take_turn(u)
        ]
        if not state.done:
            out += [
                c.TakeInitiative(u.name)
                for u in state.side(Side.PLAYERS)
                if may_react(state, u) and u.name not in state.ambushed
            ]
        return (*out, *sage)
    return (*turn_commands(state, turn), *sage)


def out_of_turn(state: WeirdState) -> list[c.WeirdCommand]:
    """What may happen at any moment of the fight: the Sage puts an effect on a creature (a
    few of each kind the engine knows), ends one, places an obstacle; a creature casts a
    spell with its reaction."""
    out: list[c.WeirdCommand] = [c.RemoveEffect(e.number) for e in state.effects]
    out += [c.Act(u.name, "cast", "shield", reaction=True) for u in state.combatants
            if may_react(state, u)]  # fmt: skip
    if len(state.obstacles) < OBSTACLES:
        out.append(c.PlaceObstacle(f"wall {len(state.obstacles) + 1}", 5, 3))
    for u in state.combatants:
        foes = [f.name for f in state.combatants if enemies(u, f) and not f.incapacitated]
        if u.incapacitated or not foes:
            continue
        name = u.name
        ways = [
            *(c.Afflict(name, affliction=a, lasting=Lasting.NEXT_TURN) for a in Affliction
              if a is not Affliction.IMPAIRED),
            c.Afflict(name, affliction=Affliction.STUNNED, lasting=Lasting.ITS_NEXT_TURN),
            c.Afflict(name, affliction=Affliction.CONFUSED, lasting=Lasting.END_OF_ROUND),
            c.Afflict(name, affliction=Affliction.IMPAIRED, attribute="agility",
                      lasting=Lasting.ROUNDS, rounds=2, resist="agility", dodge=True),
            c.Afflict(name, "on fire", each=Each.ROUND, damage=1, overcome="luck"),
            c.Afflict(name, "poison", each=Each.TURN, damage=1, overcome="strength",
                      lasting=Lasting.ROUNDS, rounds=2, resist="strength", withstand=True),
            c.Afflict(name, "regeneration", helpful=True, each=Each.TURN, heal=1,
                      lasting=Lasting.END_OF_ROUND),
            c.Afflict(name, "weakness hex", affliction=Affliction.WEAKENED, by=foes[0],
                      magical=True, lasting=Lasting.CREATOR_NEXT_TURN, resist="will"),
        ]  # fmt: skip
        for way in ways:
            out += fits(state, way)
    return out


def fits(state: WeirdState, command: c.Afflict) -> list[c.WeirdCommand]:
    try:
        effects.check_afflict(state, command)
    except WeirdWizardError:
        return []
    return [command]


def turn_commands(state: WeirdState, turn: Turn) -> list[c.WeirdCommand]:
    """What the combatant whose turn it is may do now."""
    me = state.unit(turn.unit)
    out: list[c.WeirdCommand] = [c.EndTurn(me.name)]
    due = expiry.due_at_turn_end(state, turn)
    others = replace(state, done=state.done | {me.name}, turn=None).now_acting() is not None
    if len(due) > 1 and others:
        chosen = sorted(due, key=lambda e: (not e.harmful, -e.number))
        out.append(c.EndTurn(me.name, tuple(e.number for e in chosen)))
    held = me.prone or state.held(me.name)
    left = 0 if held else afflictions.speed_left(state, turn)
    for step in sorted({-left, -1, 1, left}):
        if step and abs(step) <= left:
            out.append(c.Move(me.name, me.position + step))
    try:
        unarmed.stand_cost(state, me)
        out.append(c.Stand(me.name))
    except WeirdWizardError:
        pass
    out += [c.Release(me.name, g.held) for g in state.grabs if g.holder == me.name]
    volley = state.volley_of(me.name)
    if volley is not None and volley.left > 0 and not afflictions.no_actions(state, me.name):
        for u in state.combatants:
            if u.name not in volley.targets:
                out += attacks_on(state, me, u, volley.bonus)
                out += unarmed_on(state, me, u)
    task = state.task_of(me.name)
    if task is not None:
        out.append(c.Abandon(me.name))
    if turn.acted or afflictions.no_actions(state, me.name):
        return out
    if task is not None:
        return [*out, c.Effort(me.name, task.name)]
    out += actions_on_effects(state, me)
    for g in state.grabs:
        if g.held == me.name:
            out += fair(state, c.Unarmed(me.name, UnarmedWay.ESCAPE, g.holder, grab_back=True))
            out += fair(state, c.Unarmed(me.name, UnarmedWay.ESCAPE, g.holder, against="strength"))
    out += [c.Defend(me.name), c.Act(me.name, "run"), c.Act(me.name, "find")]
    if me.disarmed:
        out.append(c.Rearm(me.name))
    fresh = 0 if me.name in state.bonus_used else me.bonus
    for u in state.combatants:
        distance = state.distance(me, u)
        if u.name != me.name and distance <= HELP_YARDS:
            out.append(c.Help(me.name, u.name, hinder=enemies(me, u)))
        if enemies(me, u):
            attacks = attacks_on(state, me, u, fresh)
            out += attacks
            out += unarmed_on(state, me, u)
            if attacks and fresh >= 2:
                out.append(replace(attacks[0], attacks=1 + fresh // 2, bonus=0))
        elif u.incapacitated and state.in_reach(me, u):
            out.append(c.Stabilize(me.name, u.name))
        out += objects_with(state, me, u)
    return out


def actions_on_effects(state: WeirdState, me: Combatant) -> list[c.WeirdCommand]:
    """Overcome, End a Magical Effect, a long task, Hide and Find."""
    out: list[c.WeirdCommand] = [c.Effort(me.name, "ritual", turns=2), c.Find(me.name)]
    out.append(c.Find(me.name, roll="luck"))
    if state.hidden(me.name) is None:
        out.append(c.Hide(me.name))
    for e in state.effects:
        if e.unit == me.name and e.harmful and e.overcome:
            out.append(c.Overcome(me.name, e.number))
            dodge = c.Overcome(me.name, e.number, dodge=e.overcome == "agility",
                               withstand=e.overcome == "strength")  # fmt: skip
            if (dodge.dodge or dodge.withstand) and may_react(state, me):
                out.append(dodge)
        if e.by == me.name and e.magical:
            out.append(c.EndMagic(me.name, e.number))
    return out


def objects_with(state: WeirdState, me: Combatant, u: Combatant) -> list[c.WeirdCommand]:
    """Steal from an enemy in reach; toss a rope to an ally in range, who catches it."""
    out: list[c.WeirdCommand] = []
    if u.name == me.name:
        return out
    if enemies(me, u) and state.in_reach(me, u) and unarmed.hand_free(me):
        out.append(c.Steal(me.name, u.name, "purse"))
        if may_react(state, u):
            out.append(c.Steal(me.name, u.name, "purse", dodge=True))
    if not enemies(me, u) and state.distance(me, u) <= objects.throw_range(False, False):
        out.append(c.Throw(me.name, "torch", u.position))
        out.append(c.Toss(me.name, u.name, "rope"))
        if may_react(state, u):
            out.append(c.Toss(me.name, u.name, "dagger", weapon=True, catcher=u.name))
    return out


def attacks_on(state: WeirdState, me: Combatant, u: Combatant, bonus: int) -> list[c.Attack]:
    """Attacks `me` may make on `u` now, `bonus` the Bonus Damage it may still roll."""
    if not enemies(me, u):
        return []
    improvised = me.disarmed
    plain = c.Attack(me.name, u.name, improvised=improvised)
    out = []
    if allowed(state, me, u, plain):
        out.append(plain)
        if may_react(state, u):
            out.append(replace(plain, dodge=True))
        if bonus and not improvised:
            out.append(replace(plain, bonus=bonus))
        disarm = replace(plain, disarm=True)
        if allowed(state, me, u, disarm):
            out.append(disarm)
            if allowed(state, me, u, replace(disarm, catch=True)):
                out.append(replace(disarm, catch=True))
    for option in AttackOption:
        attack = replace(plain, option=option, bonus=0 if improvised else bonus)
        if allowed(state, me, u, attack):
            out.append(attack)
    for aim in (
        replace(plain, called_shot=True, impair="strength"),
        replace(plain, called_shot=True, at_object="shield", bonus=0 if improvised else bonus),
        replace(plain, disarm=True, dodge_disarm=True),
        replace(plain, thrown=True),
        replace(plain, thrown=True, improvised=True),
        *(replace(plain, behind=o.name) for o in state.obstacles),
    ):
        if allowed(state, me, u, aim):
            out.append(aim)
    for hand in (c.Hand.OFF, c.Hand.BOTH):
        attack = replace(plain, hand=hand, bonus=0 if improvised else bonus)
        if allowed(state, me, u, attack):
            out.append(attack)
            if allowed(state, me, u, replace(attack, option=AttackOption.DISRUPTING)):
                out.append(replace(attack, option=AttackOption.DISRUPTING))
    return out


def allowed(state: WeirdState, me: Combatant, u: Combatant, attack: c.Attack) -> bool:
    """Whether the attack's target and way of attacking pass the checks made before a roll."""
    try:
        options.check(state, me, u, attack)
        check_reach(state, me, u, attack)
    except WeirdWizardError:
        return False
    return True


def unarmed_on(state: WeirdState, me: Combatant, u: Combatant) -> list[c.Unarmed]:
    """The unarmed attacks `me` may make on `u` now, with the reactions they allow."""
    if not enemies(me, u) or not state.in_reach(me, u):
        return []
    ways = [c.Unarmed(me.name, way, u.name) for way in (UnarmedWay.STRIKE, UnarmedWay.SHOVE)]
    ways += [
        c.Unarmed(me.name, UnarmedWay.TRIP, u.name, against="strength"),
        c.Unarmed(me.name, UnarmedWay.GRAB, u.name, attribute="agility"),
        c.Unarmed(me.name, UnarmedWay.DRAG, u.name, to=me.position + 1),
        c.Unarmed(me.name, UnarmedWay.DRAG, u.name, to=me.position - 1),
        *(c.Unarmed(me.name, UnarmedWay.WRESTLE, u.name, effect=e) for e in Wrestling),
    ]
    out: list[c.Unarmed] = []
    for way in ways:
        out += fair(state, way)
        out += fair(state, replace(way, withstand=True))
        out += fair(state, replace(way, dodge=True))
    return out


def fair(state: WeirdState, command: c.Unarmed) -> list[c.Unarmed]:
    """`[command]` if it passes the checks made before its roll, else `[]`."""
    try:
        unarmed.check(state, command)
    except WeirdWizardError:
        return []
    return [command]
