"""Lasting effects and long tasks in a Weird Wizard fight (`seeds/004`, "Turns", "End of the
Round", "Actions": Overcome, End a Magical Effect; "Reactions": Extra Effort, Dodge,
Withstand).

The Sage puts an effect on a creature (`Afflict`) as it rules a spell, talent, item or other
harmful effect; it ends when its duration says (`expiry`), when the Sage removes it, when
its creature overcomes it or when its creator ends it by magic. A creature may roll first to
resist it: Dodge ("you make an Agility roll to resist a harmful effect") or Withstand (a
Strength roll) gives 1 boon, partial cover 1 boon on the Agility roll.
"""

from __future__ import annotations

from adjudicator.combat.systems.weird_wizard import afflictions
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.commands import Lasting
from adjudicator.combat.systems.weird_wizard.effect_events import (
    EffectBegan,
    EffectEnded,
    LuckRolled,
    RollFailed,
    TaskBegun,
    TaskEnded,
    TaskWorked,
)
from adjudicator.combat.systems.weird_wizard.rolls import Modifier
from adjudicator.combat.systems.weird_wizard.state import (
    Affliction,
    Combatant,
    Each,
    Effect,
    Ends,
    Task,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.transaction import Tx
from adjudicator.combat.systems.weird_wizard.turns import fighting, own_turn, pending, react

ATTRIBUTES = ("strength", "agility", "intellect", "will")
#: An unopposed roll (to resist, to overcome) succeeds on this total or more.
SUCCESS = 10
#: The page's partial cover: "grants the target 1 boon on Agility rolls made to resist
#: harmful effects originating from beyond the cover".
COVER = (
    "Partial cover imposes 1 bane on rolls against the covered target's Defense and Agility, "
    "and grants the target 1 boon on Agility rolls made to resist harmful effects originating "
    "from beyond the cover."
)


def timing(state: WeirdState, command: c.Afflict) -> tuple[Ends, int, str, str]:
    """When the effect ends, from its duration in words and the moment: (ends, after, whose,
    the duration in words)."""
    started = state.turns
    lasting = command.lasting
    if lasting is Lasting.END_OF_TURN and state.turn is not None:
        return Ends.TURN, started - 1, "", "until the end of this turn"
    if lasting in (Lasting.END_OF_TURN, Lasting.NEXT_TURN):
        return Ends.TURN, started, "", "until the end of the next turn"
    if lasting in (Lasting.ITS_NEXT_TURN, Lasting.CREATOR_NEXT_TURN):
        whose = state.unit(command.unit if lasting is Lasting.ITS_NEXT_TURN else command.by).name
        return Ends.TURN, started, whose, f"until the end of {whose}'s next turn"
    if lasting in (Lasting.END_OF_ROUND, Lasting.ROUNDS):
        last = state.round + (command.rounds - 1 if lasting is Lasting.ROUNDS else 0)
        return Ends.ROUND, last, "", f"until the end of round {last}"
    return Ends.REMOVED, 0, "", "until removed"


def check_afflict(state: WeirdState, command: c.Afflict) -> Combatant:
    """Refuse an effect its own terms contradict (before any roll)."""
    fighting(state)
    target = state.unit(command.unit)
    if command.behind:
        state.obstacle(command.behind)
        raise err.TotalCover(f"{target.name} is completely behind {command.behind}")
    affliction = command.affliction
    if not (command.name.strip() or affliction):
        raise err.EffectRefused("an effect has a name or an affliction")
    if affliction is Affliction.IMPAIRED and command.attribute not in ATTRIBUTES:
        raise err.EffectRefused("Impaired names its attribute: strength, agility, intellect, will")
    if command.attribute and affliction is not Affliction.IMPAIRED:
        raise err.EffectRefused("only Impaired is in an attribute")
    if command.helpful and (affliction or command.damage or command.overcome or command.resist):
        raise err.EffectRefused(
            "a helpful effect bestows no affliction, deals no damage and is not overcome or "
            "resisted"
        )
    if command.heal and not command.helpful:
        raise err.EffectRefused("an effect that heals is helpful")
    if (command.each is Each.NEVER) != (command.damage == 0 and command.heal == 0):
        raise err.EffectRefused("an effect deals damage or heals at the end of each turn or round")
    if not (0 <= command.damage <= 10 and 0 <= command.heal <= 10 and 1 <= command.rounds <= 100):
        raise err.EffectRefused("damage and healing 0..10d6, 1..100 rounds")
    if command.by:
        state.unit(command.by)
    elif command.lasting is Lasting.CREATOR_NEXT_TURN:
        raise err.EffectRefused("an effect lasting until its creator's next turn names its creator")
    rolls = (*ATTRIBUTES, "luck")
    for what, value in (("overcome", command.overcome), ("resist", command.resist)):
        if value and value not in rolls:
            raise err.EffectRefused(f"--{what} is a roll: {', '.join(rolls)}, not {value!r}")
    check_resist(state, target, command)
    return target


def check_resist(state: WeirdState, target: Combatant, command: c.Afflict) -> None:
    """Dodge and Withstand answer a roll to resist on their attribute; cover an Agility one."""
    if command.dodge and command.withstand:
        raise err.ResistRefused("one reaction a round: withstand or dodge", rule=err.DODGE)
    if (command.dodge or command.cover) and command.resist != "agility":
        rule = err.DODGE if command.dodge else COVER
        raise err.ResistRefused("only an Agility roll to resist", rule=rule)
    if command.withstand and command.resist != "strength":
        raise err.ResistRefused("only a Strength roll to resist", rule=err.WITHSTAND)
    if command.dodge or command.withstand:
        react(state, target)


@c.handles(c.Afflict)
def afflict(tx: Tx, command: c.Afflict) -> None:
    """A lasting effect begins on a creature, unless it resists it first."""
    target = check_afflict(tx.state, command)
    name = command.name.strip() or (command.affliction.value if command.affliction else "")
    if command.resist and resisted(tx, target, command, name):
        return
    ends, after, whose, until = timing(tx.state, command)
    effect = Effect(
        tx.state.effect_count + 1, target.name, name, ends, after, whose,
        command.affliction, command.attribute, not command.helpful,
        tx.state.unit(command.by).name if command.by else "", command.magical,
        command.overcome, command.each, command.damage, command.heal, until,
    )  # fmt: skip
    tx.emit(EffectBegan(effect))


def resisted(tx: Tx, target: Combatant, command: c.Afflict, name: str) -> bool:
    """The roll to resist: an attribute roll (or a luck roll) that succeeds on 10."""
    if command.dodge or command.withstand:
        word = "dodge" if command.dodge else "withstand"
        tx.emit(ev.Reacted(target.name, f"{word}: 1 boon to resist {name}"))
    mods: list[Modifier] = []
    if command.dodge:
        mods.append(Modifier(f"{target.name} dodges (reaction)", 1))
    if command.withstand:
        mods.append(Modifier(f"{target.name} withstands (reaction)", 1))
    if command.cover:
        mods.append(Modifier("partial cover", 1))
    return attempt(tx, target, command.resist, f"resists {name}", tuple(mods))


def attempt(
    tx: Tx, unit: Combatant, attribute: str, purpose: str, mods: tuple[Modifier, ...] = ()
) -> bool:
    """An unopposed roll on `attribute` that succeeds on 10, or a luck roll (a d20, no
    modifier); an unconscious creature's attribute roll fails without dice."""
    if attribute == "luck":
        luck = LuckRolled(unit.name, purpose, tx.roll(20, "luck roll", unit.name))
        tx.emit(luck)
        return luck.success
    if afflictions.fails(tx.state, unit.name):
        tx.emit(RollFailed(unit.name, purpose, f"{unit.name} is unconscious"))
        return False
    mods = (
        *mods,
        *afflictions.own_roll(tx.state, unit.name, attribute),
        *pending(tx.state, unit.name),
    )
    roll = tx.attribute_roll(
        unit.name, attribute.capitalize(), unit.score(attribute), SUCCESS, "", mods
    )
    tx.emit(ev.RollMade(unit.name, purpose, roll))
    return roll.success


def reveal(tx: Tx, unit: str, why: str) -> None:
    """A hidden creature that does something that would reveal it is hidden no more."""
    hidden = tx.state.hidden(unit)
    if hidden is not None:
        tx.emit(EffectEnded(hidden.number, unit, hidden.name, why))


@c.handles(c.RemoveEffect)
def remove_effect(tx: Tx, command: c.RemoveEffect) -> None:
    fighting(tx.state)
    e = tx.state.effect(command.number)
    tx.emit(EffectEnded(e.number, e.unit, e.name, command.why.strip() or "the Sage ends it"))


@c.handles(c.Overcome)
def overcome(tx: Tx, command: c.Overcome) -> None:
    """ "Some ongoing harmful effects enable you to overcome them, typically by making an
    attribute roll or a luck roll. If such an effect affects you, you can attempt to end that
    effect." """
    turn = own_turn(tx.state, command.unit)
    me, e = tx.state.unit(turn.unit), tx.state.effect(command.number)
    if e.unit != me.name or not e.harmful or not e.overcome:
        raise err.OvercomeRefused(f"#{e.number} is no harmful effect on {me.name} to overcome")
    check = c.Afflict(me.name, resist=e.overcome, dodge=command.dodge, withstand=command.withstand)
    check_resist(tx.state, me, check)
    tx.emit(ev.ActionUsed(me.name, "overcome", f"#{e.number} {e.name}"))
    if resisted(tx, me, check, e.name):
        tx.emit(EffectEnded(e.number, e.unit, e.name, f"{me.name} overcomes it"))


@c.handles(c.EndMagic)
def end_magic(tx: Tx, command: c.EndMagic) -> None:
    """ "You end one magical effect you created with a magical talent, spell, or object,
    provided you can see the creature, object, or space affected by your magic." (Whether it
    can see is the Sage's call.)"""
    turn = own_turn(tx.state, command.unit)
    e = tx.state.effect(command.number)
    if e.by != turn.unit or not e.magical:
        raise err.EndEffectRefused(f"#{e.number} is not a magical effect {turn.unit} created")
    tx.emit(
        ev.ActionUsed(turn.unit, "end-effect", f"#{e.number} {e.name}"),
        EffectEnded(e.number, e.unit, e.name, f"{turn.unit} ends its magic"),
    )


@c.handles(c.Effort)
def effort(tx: Tx, command: c.Effort) -> None:
    """Extra Effort: "When you try to accomplish such a task, the rules will tell you how
    long it takes." Ours: in turns, each spending the turn's action on it."""
    turn = own_turn(tx.state, command.unit, task=True)
    task = tx.state.task_of(turn.unit)
    name = command.task.strip()
    if task is None:
        if not name or command.turns < 2:
            raise err.ExtraEffort(
                "a task beyond an action names itself and takes 2 turns or more",
                hint="effort UNIT TASK --turns N",
            )
        task = Task(turn.unit, name, command.turns)
        tx.emit(ev.ActionUsed(turn.unit, "effort", name), TaskBegun(task))
    elif (name and name != task.name) or command.turns not in (0, task.needed):
        raise err.ExtraEffort(
            f"{turn.unit} is spending its time on {task.name!r}",
            hint="abandon it first (its progress is lost)",
        )
    else:
        tx.emit(ev.ActionUsed(turn.unit, "effort", task.name))
    tx.emit(TaskWorked(turn.unit, turn.number))
    worked = tx.state.task_of(turn.unit)
    if worked is not None and worked.done >= worked.needed:
        tx.emit(TaskEnded(turn.unit, worked.name, True))


@c.handles(c.Abandon)
def abandon(tx: Tx, command: c.Abandon) -> None:
    """ "If you stop to perform some other activity ... all the progress you have made toward
    completing the task is lost unless the rules or the Sage says otherwise." """
    fighting(tx.state)
    me = tx.state.unit(command.unit)
    task = tx.state.task_of(me.name)
    if task is None:
        raise err.ExtraEffort(f"{me.name} has no task under way")
    tx.emit(TaskEnded(me.name, task.name, False, f"{me.name} stops"))


def settle(tx: Tx, before: WeirdState) -> None:
    """A task under way stops when its creature is forced to: "or you are forced to do so"
    (ours: it becomes stunned or unconscious, or incapacitated)."""
    for task in tx.state.tasks:
        now = afflictions.afflicted(tx.state, task.unit)
        forced = afflictions.one_of(now - afflictions.afflicted(before, task.unit),
                                    afflictions.NO_ACTIONS)  # fmt: skip
        if forced is not None:
            why = f"forced to stop: {task.unit} becomes {forced.value}"
            tx.emit(TaskEnded(task.unit, task.name, False, why))
