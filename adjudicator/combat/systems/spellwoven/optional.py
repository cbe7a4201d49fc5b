"""The commands of Spellwoven's optional rules that are not Actions (`seeds/003`, "Optional
Combat Rules"): Ambushes' Test of Senses and free attacks, Attacks of Opportunity, Heroic
Death; and Natural Recuperation after the fight ("Realing & First Aid")."""

from __future__ import annotations

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven import optional_events as oe
from adjudicator.combat.systems.spellwoven import options as o
from adjudicator.combat.systems.spellwoven.blows import WOUND_LIMIT, strike
from adjudicator.combat.systems.spellwoven.edges import TEST, edges
from adjudicator.combat.systems.spellwoven.rounds import healed
from adjudicator.combat.systems.spellwoven.state import (
    LAST_STAND,
    Chance,
    Character,
    Phase,
    Proximity,
)
from adjudicator.combat.systems.spellwoven.transaction import Tx
from adjudicator.combat.systems.spellwoven.wounds import PERIODS, STEP, slid

#: The most days one `recuperate` may count.
MAX_DAYS = 365


@c.handles(c.Senses)
def senses(tx: Tx, command: c.Senses) -> None:
    """Ambushes: "allow the surprised party to Test their Senses. Usually, this is at Normal
    Difficulty (Difficulty 1), but the pass condition is at the Gamesmaster's discretion."
    (Ours: before the first Action Round, once each.)"""
    o.require(tx.state.options, o.AMBUSHES, "a Test of Senses against an ambush")
    if tx.state.phase is not Phase.SETUP:
        raise err.NotInPhase("an ambush is sprung before the first Action Round")
    who = tx.state.unit(command.unit)
    if who.name in tx.state.sensed or who.name in tx.state.ambushed:
        raise err.FreeAttackRefused(f"{who.name} has Tested their Senses or ambushed already")
    if not 0 <= command.skill <= 10 or not 1 <= command.difficulty <= 10:
        raise err.SetupError("Senses are from 0 to 10, a Difficulty from 1 to 10")
    test = tx.test(who.name, "Senses", command.skill, 0, edges(tx.state, who, TEST))
    tx.emit(oe.SensesTested(who.name, test, command.difficulty))


@c.handles(c.FreeAttack)
def free_attack(tx: Tx, command: c.FreeAttack) -> None:
    """A 'free attack' "is directed against Quickness Defence as normal" and is not an Action
    (no Initiative change). Before the first round, an ambusher's on one who failed their
    Test of Senses: "only one attack per ambusher is allowed". In the fight, an attack of
    opportunity on one who disengages or flees, made by an opponent who was Engaged with them,
    before the next Action; or on one the Gamesmaster rules "otherwise distracted elsewhere"
    (`distracted`), by an opponent Engaged with them."""
    state = tx.state
    me, target = state.unit(command.attacker), state.unit(command.target)
    if not me.standing:
        raise err.FreeAttackRefused(f"{me.name} is {me.status}")
    if state.phase is Phase.SETUP:
        ambush(tx, me, target, command)
        strike(tx, me, target, command)
        tx.emit(oe.FreeAttacked(me.name, target.name, "ambush"))
        return
    if state.phase is not Phase.FIGHTING:
        raise err.NotInPhase("the fight is over")
    o.require(state.options, o.OPPORTUNITY, "a free attack of opportunity")
    if command.distracted:
        engaged = me.proximity is target.proximity is Proximity.ENGAGED
        if not engaged or not target.standing:
            raise err.FreeAttackRefused(
                f"{me.name} and {target.name} are not Engaged in the fight",
                rule=o.BY_KEY[o.OPPORTUNITY].rule,
            )
        strike(tx, me, target, command)
        tx.emit(oe.FreeAttacked(me.name, target.name, "distracted"))
        return
    if not any(
        ch.kind == Chance.OPPORTUNITY and ch.unit == target.name and me.name in ch.by
        for ch in state.window
    ):
        raise err.FreeAttackRefused(
            f"{target.name} has not just left the fray within {me.name}'s reach",
            rule=o.BY_KEY[o.OPPORTUNITY].rule,
            hint="an attack of opportunity comes before the next Action; --distracted is the "
            "Gamesmaster's ruling that the target is distracted elsewhere",
        )
    strike(tx, me, target, command, reach=False)
    tx.emit(oe.FreeAttacked(me.name, target.name, "opportunity"))


def ambush(tx: Tx, me: Character, target: Character, command: c.FreeAttack) -> None:
    """An ambusher's free attack: the target failed their Test of Senses; one attack each."""
    state = tx.state
    o.require(state.options, o.AMBUSHES, "a free attack before the first Action Round")
    if command.distracted:
        raise err.FreeAttackRefused("a distraction is ruled in the fight, not in an ambush")
    if target.name not in state.surprised:
        raise err.FreeAttackRefused(f"{target.name} has not failed a Test of Senses")
    if me.name in state.ambushed or me.name in state.sensed:
        raise err.FreeAttackRefused(f"{me.name} is no ambusher with a free attack left")


@c.handles(c.HeroicDeath)
def heroic_death(tx: Tx, command: c.HeroicDeath) -> None:
    """ "You can allow Players to trigger a Heroic Death at the point when they would otherwise
    be incapacitated or killed. When triggered, your Character becomes almost supernaturally
    animated and can take any injury (within sensible reason) until the end of the combat.
    They also get a bonus +3 successes to all dice rolls for the remainder of the battle.
    However, the Character is doomed to die at the end of the conflict." """
    o.require(tx.state.options, o.HEROIC, "a Heroic Death")
    if tx.state.phase is Phase.ENDED:
        raise err.NotInPhase("the fight is over")
    who = tx.state.unit(command.unit)
    if not any(ch.kind == Chance.HEROIC and ch.unit == who.name for ch in tx.state.open_chances()):
        raise err.HeroicDeathRefused(
            f"{who.name} is not a Player Character just incapacitated or killed",
            hint="it is triggered after the blow that fells them, before the next Action",
        )
    tx.emit(oe.ConditionChanged(who.name, LAST_STAND, True))


@c.handles(c.Recuperate)
def recuperate(tx: Tx, command: c.Recuperate) -> None:
    """Natural Recuperation: "Bedrest: With bedrest Wounds heal naturally by sliding up the
    scale by one level every three days." "Light activity: ... the healing process takes five
    days." "Heavy Activity: ... the healing process takes seven days." (Ours: after the fight;
    days of different activity add up as parts of a level, a third, a fifth or a seventh a
    day; armour soak and shields are not restored.)"""
    if tx.state.phase is not Phase.ENDED:
        raise err.RecuperationRefused(
            "wounds heal naturally over days, after the fight", hint="end the fight first"
        )
    who = tx.state.unit(command.unit)
    activity = command.activity.strip().casefold()
    if activity not in PERIODS:
        raise err.RecuperationRefused(
            f"no activity {command.activity!r}", hint=f"activities: {', '.join(PERIODS)}"
        )
    if who.dead:
        raise err.RecuperationRefused(
            f"{who.name} is dead", rule="A single Mortal Wound results in death."
        )
    if not 1 <= command.days <= MAX_DAYS:
        raise err.RecuperationRefused(f"days from 1 to {MAX_DAYS}, not {command.days}")
    progress = who.rested + command.days * (STEP // PERIODS[activity])
    levels, rested = divmod(progress, STEP)
    track = who.track
    for _ in range(levels):
        track = slid(track, who.spared)
    tx.emit(oe.Recuperated(who.name, activity, command.days, levels, track, rested))
    # ours: natural healing that leaves fewer than twelve wounds lifts the Wound Limit, as
    # it lifts a Felling wound ("until tended to by a healer (or they heal naturally)")
    healed(tx, who.name, lifted=tx.state.unit(who.name).wound_count < WOUND_LIMIT)
