"""What afflictions do in a Weird Wizard fight. The page names them and says what their onset
ends: "This benefit ends early if you become confused, held, stunned, or unconscious"
(Guarded Attack); a grab "also ends if ... you become confused, controlled, stunned, or
unconscious"; "you release a target automatically if you become confused, impaired,
stunned, or weakened" (a pin); "A pinned creature is confused, held, weakened".

What each does otherwise is the core rules' (ours, where the page is silent): confused: no
reactions, 1 bane on Intellect and Will rolls; held: Speed 0; impaired in an attribute: 1
bane on rolls with it and 1 boon on rolls against it; stunned: no actions or reactions,
Speed 0, 2 banes on its attribute rolls and 2 boons on rolls against it; unconscious: no
actions or reactions, Speed 0, its attribute rolls fail, 3 boons on rolls against it;
weakened: 1 bane on Strength and Agility rolls, 1 boon on rolls against them, half Speed.
Controlled (its turn taken when its controller says) is the Sage's to play. An
incapacitated creature counts as unconscious for what the onset ends.
"""

from __future__ import annotations

from typing import Final

from adjudicator.combat.systems.weird_wizard import events as ev
from adjudicator.combat.systems.weird_wizard.effect_events import GuardEnded, PinEnded, guards
from adjudicator.combat.systems.weird_wizard.rolls import Modifier
from adjudicator.combat.systems.weird_wizard.state import Affliction, Phase, Turn, WeirdState
from adjudicator.combat.systems.weird_wizard.transaction import Tx

A = Affliction
NO_ACTIONS: Final = frozenset({A.STUNNED, A.UNCONSCIOUS})
NO_REACTIONS: Final = frozenset({A.CONFUSED, A.STUNNED, A.UNCONSCIOUS})
SPEEDLESS: Final = frozenset({A.HELD, A.STUNNED, A.UNCONSCIOUS})
#: What the onset of an affliction ends, and the page's sentence.
GUARD_ENDERS: Final = frozenset({A.CONFUSED, A.HELD, A.STUNNED, A.UNCONSCIOUS})
GRAB_ENDERS: Final = frozenset({A.CONFUSED, A.CONTROLLED, A.STUNNED, A.UNCONSCIOUS})
PIN_ENDERS: Final = frozenset({A.CONFUSED, A.IMPAIRED, A.STUNNED, A.WEAKENED})
PHYSICAL = ("strength", "agility")
MENTAL = ("intellect", "will")


def afflicted(state: WeirdState, name: str) -> frozenset[Affliction]:
    """Its afflictions, unconscious when incapacitated (for what an onset ends)."""
    found = state.afflicted(name)
    if state.has(name) and state.unit(name).incapacitated:
        found |= {A.UNCONSCIOUS}
    return found


def one_of(found: frozenset[Affliction], kinds: frozenset[Affliction]) -> Affliction | None:
    return min(found & kinds, key=lambda a: a.value, default=None)


def own_roll(state: WeirdState, name: str, attribute: str) -> tuple[Modifier, ...]:
    """The banes `name`'s afflictions put on its roll with `attribute` (lower case)."""
    mods = []
    for a, impaired in sorted(state.afflictions(name), key=lambda x: (x[0].value, x[1])):
        if a is A.CONFUSED and attribute in MENTAL:
            mods.append(Modifier(f"{name} is confused", -1))
        elif a is A.IMPAIRED and attribute == impaired:
            mods.append(Modifier(f"{name} is impaired in {impaired.capitalize()}", -1))
        elif a is A.STUNNED:
            mods.append(Modifier(f"{name} is stunned", -2))
        elif a is A.WEAKENED and attribute in PHYSICAL:
            mods.append(Modifier(f"{name} is weakened", -1))
    return tuple(mods)


def against(state: WeirdState, name: str, score: str) -> tuple[Modifier, ...]:
    """The boons `name`'s afflictions grant a roll against its `score` ("defense" or an
    attribute, lower case)."""
    mods = []
    for a, impaired in sorted(state.afflictions(name), key=lambda x: (x[0].value, x[1])):
        if a is A.IMPAIRED and score == impaired:
            mods.append(Modifier(f"{name} is impaired in {impaired.capitalize()}", 1))
        elif a is A.STUNNED:
            mods.append(Modifier(f"{name} is stunned", 2))
        elif a is A.UNCONSCIOUS:
            mods.append(Modifier(f"{name} is unconscious", 3))
        elif a is A.WEAKENED and score in PHYSICAL:
            mods.append(Modifier(f"{name} is weakened", 1))
    return tuple(mods)


def fails(state: WeirdState, name: str) -> bool:
    """An unconscious creature's attribute rolls fail."""
    return A.UNCONSCIOUS in state.afflicted(name)


def no_actions(state: WeirdState, name: str) -> Affliction | None:
    return one_of(state.afflicted(name), NO_ACTIONS)


def no_reactions(state: WeirdState, name: str) -> Affliction | None:
    return one_of(state.afflicted(name), NO_REACTIONS)


def speed_cap(state: WeirdState, name: str) -> int | None:
    """The most Speed its afflictions leave it (None: they leave it alone)."""
    found = state.afflicted(name)
    if found & SPEEDLESS:
        return 0
    if A.WEAKENED in found:
        return state.unit(name).speed // 2
    return None


def speed_left(state: WeirdState, turn: Turn) -> int:
    """The yards of Speed left this turn: what it began with (Run: tripled), capped by its
    afflictions, less what it moved."""
    cap = speed_cap(state, turn.unit)
    speed = turn.speed if cap is None else min(turn.speed, cap)
    return max(0, speed - turn.moved)


def settle(tx: Tx, before: WeirdState) -> None:
    """What the onset of an affliction ends, for each creature that became afflicted by the
    command just resolved: its Guarded Attack's benefit, its grabs, its pins."""
    state = tx.state
    if state.phase is not Phase.FIGHTING or before.phase is not Phase.FIGHTING:
        return
    for u in state.combatants:
        new = afflicted(tx.state, u.name) - afflicted(before, u.name)
        if not new:
            continue
        guard = one_of(new, GUARD_ENDERS)
        if guard and any(guards(b.unit, b.by, b.on, u.name) for b in tx.state.boons):
            tx.emit(GuardEnded(u.name, f"{u.name} becomes {guard.value}"))
        for g in tx.state.grabs:
            if g.holder != u.name:
                continue
            grab, pin = one_of(new, GRAB_ENDERS), one_of(new, PIN_ENDERS)
            if grab:
                tx.emit(ev.GrabEnded(u.name, g.held, f"{u.name} becomes {grab.value}"))
            elif g.pinned and pin:
                tx.emit(PinEnded(u.name, g.held, f"{u.name} becomes {pin.value}"))
