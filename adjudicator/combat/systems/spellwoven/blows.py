"""One blow, an Action's attack or a free one (`seeds/003`, "Attack", "Resolve Wounds",
"Armour", "Shields", and the optional rules that change a blow): the Fighting Skill against
Quickness Defence, Menace for the wound, and where the wound lands."""

from __future__ import annotations

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven import events as ev
from adjudicator.combat.systems.spellwoven import optional_events as oe
from adjudicator.combat.systems.spellwoven import options as o
from adjudicator.combat.systems.spellwoven.edges import ATTACK, DEFENSIVE, Edges, defence, edges
from adjudicator.combat.systems.spellwoven.state import (
    LIMIT,
    MAIMED,
    OPEN,
    SHIELD_WAY,
    UNLOADED,
    Chance,
    Character,
    Out,
    Proximity,
)
from adjudicator.combat.systems.spellwoven.transaction import Tx
from adjudicator.combat.systems.spellwoven.wounds import Injury, level_of, place

#: Wound Limit: "If you suffer twelve wounds (regardless of the severity)".
WOUND_LIMIT = 12


def spend(tx: Tx, who: Character, amount: int) -> None:
    if amount < 0 or amount > who.effort:
        raise err.NoEffort(f"{who.name} has {who.effort} Effort, not {amount}")
    if amount:
        tx.emit(ev.EffortSpent(who.name, amount))


def in_reach(me: Character, target: Character) -> None:
    """ "Pick an opponent who is within range" (ours: hand-to-hand needs both Engaged)."""
    if not me.ranged and not (
        me.proximity is Proximity.ENGAGED and target.proximity is Proximity.ENGAGED
    ):
        raise err.OutOfRange(
            f"a hand-to-hand attack needs both Engaged: {me.name} is {me.proximity.value}, "
            f"{target.name} {target.proximity.value}"
        )


def check(tx: Tx, me: Character, target: Character, blow: c.Blow, *, reach: bool) -> None:
    """Everything a blow needs before a die is rolled (nothing is emitted)."""
    state = tx.state
    if target.side == me.side or target.dead or target.name == me.name:
        raise err.BadTarget(f"{target.name} is not an opponent of {me.name} to attack")
    if reach:
        in_reach(me, target)
    if blow.feint and not me.feint:
        raise err.FeintUsed(f"{me.name} has no Feint left in this combat")
    if blow.shield and target.track.shield_used >= target.track.shield:
        raise err.NoShield(f"{target.name} has no shield soak left")
    if blow.pull:
        o.require(state.options, o.INCAPACITATION, "pulling the blow")
    if blow.pull_skill is not None and not 0 <= blow.pull_skill <= 10:
        raise err.SetupError(f"a Quickness is from 0 to 10, not {blow.pull_skill}")
    if not 1 <= blow.pull_difficulty <= 10 or not 1 <= blow.catch_difficulty <= 10:
        raise err.SetupError("a Difficulty is from 1 to 10")
    if me.blackpowder and me.has(UNLOADED):
        raise err.Unloaded(f"{me.name}'s blackpowder weapon is not loaded")


def strike(tx: Tx, me: Character, target: Character, blow: c.Blow, *, reach: bool = True) -> bool:
    """Resolve one blow of `me` on `target`; whether it landed. "Test a Fighting Skill using
    the opponent's Quickness Defence as Difficulty. If you equal or beat the Quickness
    Defence, the blow lands." """
    check(tx, me, target, blow, reach=reach)
    spend(tx, me, blow.effort + blow.wound_effort)
    found: Edges = edges(tx.state, me, ATTACK, blow.edge)
    if target.has(OPEN):  # Over-swing: "the next attack against you will be at Advantage"
        tx.emit(oe.ConditionChanged(target.name, OPEN, False))
        found += ((1, f"{target.name} over-swung"),)
    if me.has(SHIELD_WAY):  # Shield in the Way: "your next Attack roll ... at Disadvantage"
        tx.emit(oe.ConditionChanged(me.name, SHIELD_WAY, False))
        found += ((-1, "Shield in the Way"),)
    difficulty = defence(target, tx.state)
    against = f"{target.name}'s Quickness Defence"
    test = tx.test(me.name, f"{me.weapon} skill", me.skill, blow.effort, found)
    tx.emit(ev.Tested(me.name, test, difficulty, against))
    if test.successes < difficulty and blow.feint:
        test = tx.test(me.name, f"{me.weapon} skill", me.skill, blow.effort, found)
        tx.emit(ev.Tested(me.name, test, difficulty, against, True))
    hit = test.successes >= difficulty
    if hit:
        wound(tx, me, tx.state.unit(target.name), blow, test.triplet)
    if me.blackpowder:
        tx.emit(oe.ConditionChanged(me.name, UNLOADED, True))
    if not hit and me.very_heavy and o.OVERSWING in tx.state.options:
        tx.emit(oe.ConditionChanged(me.name, OPEN, True))
    return hit


def wound(tx: Tx, me: Character, target: Character, blow: c.Blow, triplet: bool) -> None:
    """ "Roll 3d10 against Menace." and mark the wound, with the optional rules that change
    where it lands."""
    options = tx.state.options
    menace = tx.test(me.name, "Menace", me.menace, blow.wound_effort)
    pierce = triplet or menace.triplet
    level = level_of(menace.successes)
    if level == 5 and blow.pull:
        level = pulled(tx, me, target, blow)
    arrow = me.ranged and blow.shield and not pierce
    blackpowder = me.blackpowder and o.BLACKPOWDER in options
    injury: Injury | None = None
    if level and arrow and o.ARROWS_II in options:
        # "each time they need to make a Test of Manoeuvre" (ours: the skill they roll
        # Initiative on); caught, the arrow keeps the shield's soak ("any number of arrows")
        catch = tx.test(
            target.name,
            "Manoeuvre (Shields & Arrows II)",
            target.initiative_skill,
            0,
            edges(tx.state, target, DEFENSIVE),
        )
        tx.emit(
            ev.Tested(target.name, catch, blow.catch_difficulty, "the Gamesmaster's Difficulty")
        )
        if catch.successes >= blow.catch_difficulty:
            injury = Injury(level, "caught", level)
        else:
            injury = place(
                target.track, level, shield=False, pierce=pierce, blackpowder=blackpowder
            )
    elif level:
        injury = place(
            target.track, level, shield=blow.shield, pierce=pierce, blackpowder=blackpowder
        )
    tx.emit(ev.Wounded(me.name, target.name, menace, injury, pierce))
    blocked = injury is not None and (
        injury.to in ("shield", "caught") or injury.through == "shield"
    )
    if injury is not None and injury.to == "shield" and arrow and o.ARROWS_I in options:
        through = place(
            tx.state.unit(target.name).track, 1, shield=False, pierce=False, blackpowder=blackpowder
        )
        tx.emit(oe.ArrowThrough(target.name, through))
    # "If using a light shield there is no penalty to attack rolls."
    heavy = target.track.shield >= 2 and not tx.state.unit(target.name).has(SHIELD_WAY)
    if blocked and o.SHIELD_IN_THE_WAY in options and heavy:
        tx.emit(oe.ConditionChanged(target.name, SHIELD_WAY, True))
    after_wound(tx, target)


def pulled(tx: Tx, me: Character, target: Character, blow: c.Blow) -> int:
    """Intentional Incapacitation: "reduce the wound to Felling"; "you can require a Test of
    Quickness (difficulty level at the Gamesmaster's discretion) to 'pull' the blow"."""
    if blow.pull_skill is None:
        tx.emit(oe.BlowPulled(me.name, target.name))
        return 4
    test = tx.test(
        me.name, "Quickness (pull the blow)", blow.pull_skill, 0, edges(tx.state, me, "pull")
    )
    event = oe.BlowPulled(me.name, target.name, test, blow.pull_difficulty)
    tx.emit(event)
    return 4 if event.pulled else 5


def after_wound(tx: Tx, before: Character) -> None:
    """What a wound sets off under the optional rules: the Wound Limit ("If you suffer twelve
    wounds ... you are incapacitated"), Maiming ("a number of wounds exceeding your
    Fortitude"), and the chance of a Heroic Death "at the point when they would otherwise be
    incapacitated or killed"."""
    options = tx.state.options
    now = tx.state.unit(before.name)
    grew = now.wound_count > before.wound_count
    if o.WOUND_LIMIT in options and grew and now.wound_count >= WOUND_LIMIT and not now.has(LIMIT):
        tx.emit(oe.ConditionChanged(now.name, LIMIT, True))
    fortitude = now.fortitude
    maimed = fortitude is not None and now.wound_count > fortitude
    if o.MAIMING in options and maimed and not now.has(MAIMED):
        tx.emit(oe.ConditionChanged(now.name, MAIMED, True))
    now = tx.state.unit(before.name)
    fell = now.out is Out.NO and not (before.dead or before.down) and (now.dead or now.down)
    if o.HEROIC in options and not now.npc and fell:
        tx.emit(oe.ChanceOpened(Chance(Chance.HEROIC, now.name)))
