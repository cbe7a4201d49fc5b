"""The Spellwoven commands open now (each legal as it stands): for random fights in tests."""

from __future__ import annotations

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven.state import (
    STEPS,
    Phase,
    Proximity,
    SpellwovenState,
)


def legal_commands(state: SpellwovenState) -> tuple[c.WovenCommand, ...]:
    if state.phase is not Phase.FIGHTING:
        return ()
    name = state.next_up()
    if name is None:
        return ()
    me = state.unit(name)
    out: list[c.WovenCommand] = [c.Act(me.name, "waits"), c.Yield(me.name, "fled")]
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
    ]
    if me.name in partners and len(partners) > 1:
        out.append(c.Cooperate(tuple(partners)))
    for u in state.characters:
        if u.side == me.side or u.track.dead:
            continue
        if me.ranged or (me.proximity is Proximity.ENGAGED and u.proximity is Proximity.ENGAGED):
            out.append(c.Attack(me.name, u.name))
            if me.effort:
                out.append(c.Attack(me.name, u.name, effort=1))
            if me.feint:
                out.append(c.Attack(me.name, u.name, feint=True))
            if u.track.shield_used < u.track.shield:
                out.append(c.Attack(me.name, u.name, shield=True))
    return tuple(out)
