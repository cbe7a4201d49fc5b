"""The Spellwoven commands open now (each legal as it stands): for random fights in tests."""

from __future__ import annotations

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import options as o
from adjudicator.combat.systems.spellwoven.state import (
    STEPS,
    UNLOADED,
    Chance,
    Character,
    Phase,
    Proximity,
    SpellwovenState,
)


def legal_commands(state: SpellwovenState) -> tuple[c.WovenCommand, ...]:
    if state.phase is Phase.ENDED:
        return tuple(
            c.Recuperate(u.name, days, activity)
            for u in state.characters
            if not u.dead
            for days, activity in ((3, "bedrest"), (2, "light"), (7, "heavy"))
        )
    if state.phase is not Phase.FIGHTING:
        return ()
    out: list[c.WovenCommand] = list(chances(state))
    name = state.next_up()
    if name is None:
        return tuple(out)
    me = state.unit(name)
    out += [c.Act(me.name, "waits"), c.Yield(me.name, "fled")]
    out += [
        c.Move(me.name, to.value) for to in Proximity if abs(STEPS[to] - STEPS[me.proximity]) == 1
    ]
    out.append(c.Test(me.name, "talk", me.initiative_skill, 1))
    for u in state.characters:
        if u.proximity is me.proximity and u.name not in state.healed:
            out.append(c.Heal(me.name, u.name, me.initiative_skill, wounds=("shallow",)))
    partners = [
        u.name
        for u in state.characters
        if u.side == me.side
        and u.standing
        and not u.npc
        and state.score(u.name) >= 5
        and u.name not in state.acted
        and u.name not in state.cooperating
        and u.name in state.order
    ]
    if me.name in partners and len(partners) > 1:
        out.append(c.Cooperate(tuple(partners)))
    for u in state.characters:
        if u.side != me.side and u.standing and u.presence is not None:
            out.append(c.Talk(me.name, u.name, me.initiative_skill))
            if u.name not in state.acted:
                out.append(c.Talk(me.name, u.name, me.initiative_skill, distract=True))
    if me.has(UNLOADED):
        out.append(c.Load(me.name))
        return tuple(out)
    for u in state.characters:
        if u.side == me.side or u.dead:
            continue
        if me.ranged or (me.proximity is Proximity.ENGAGED and u.proximity is Proximity.ENGAGED):
            out += blows(state, me, u, c.Attack)
    return tuple(out)


def chances(state: SpellwovenState) -> list[c.WovenCommand]:
    """What may be done before the next Action: free attacks of opportunity, Heroic Death."""
    out: list[c.WovenCommand] = []
    for chance in state.open_chances():
        if chance.kind == Chance.HEROIC:
            out.append(c.HeroicDeath(chance.unit))
            continue
        for name in chance.by:
            me = state.unit(name)
            if me.standing and not me.has(UNLOADED):
                out.append(c.FreeAttack(name, chance.unit))
    return out


def blows(
    state: SpellwovenState, me: Character, u: Character, kind: type[c.Attack] | type[c.FreeAttack]
) -> list[c.WovenCommand]:
    """The attacks of `me` on `u`, with what the rules and options chosen let it declare."""
    out: list[c.WovenCommand] = [kind(me.name, u.name)]
    if me.effort:
        out.append(kind(me.name, u.name, effort=1))
    if me.feint:
        out.append(kind(me.name, u.name, feint=True))
    if u.track.shield_used < u.track.shield:
        out.append(kind(me.name, u.name, shield=True))
    if o.INCAPACITATION in state.options:
        out.append(kind(me.name, u.name, pull=True))
        out.append(kind(me.name, u.name, pull=True, pull_skill=me.initiative_skill))
    if o.SITUATIONAL in state.options and not me.npc:
        out.append(kind(me.name, u.name, edge=1))
        out.append(kind(me.name, u.name, edge=-1))
    return out


def ambush_commands(state: SpellwovenState) -> tuple[c.WovenCommand, ...]:
    """Before the first round, under Ambushes: Tests of Senses, and the ambushers' free
    attacks on those who failed."""
    if state.phase is not Phase.SETUP or o.AMBUSHES not in state.options:
        return ()
    out: list[c.WovenCommand] = [
        c.Senses(u.name, u.initiative_skill)
        for u in state.characters
        if u.name not in state.sensed and u.name not in state.ambushed
    ]
    for me in state.characters:
        if me.name in state.sensed or me.name in state.ambushed or not me.standing:
            continue
        if me.has(UNLOADED):
            continue
        for name in sorted(state.surprised):
            u = state.unit(name)
            reach = me.ranged or me.proximity is u.proximity is Proximity.ENGAGED
            if u.side != me.side and not u.dead and reach:
                out += blows(state, me, u, c.FreeAttack)
    return tuple(out)
