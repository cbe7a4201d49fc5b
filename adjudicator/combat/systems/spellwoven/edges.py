"""What the optional rules do to a test of skill and to Quickness Defence (`seeds/003`):
Advantage and Disadvantage from Maiming, Outnumbering and the Gamesmaster's Situational
Modifiers, and the Evasion Penalty of armour (every five soaks, or every six under
Encumbrance)."""

from __future__ import annotations

from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven import options as o
from adjudicator.combat.systems.spellwoven.state import (
    MAIMED,
    Character,
    Proximity,
    SpellwovenState,
)

#: "For every five slots of armour worn (excluding shields) Quickness Defence is reduced by 1."
EVASION_SLOTS = 5
#: Encumbrance: "Every six soaks causes a -1 Evasion Penalty".
ENCUMBRANCE_SLOTS = 6

#: The kinds of test: an attack, another test of skill, first aid, a defensive one (catching
#: an arrow on a shield), Senses, pulling a blow.
ATTACK, TEST, HEALING, DEFENSIVE = "attack", "test", "healing", "defensive"

Edges = tuple[tuple[int, str], ...]


def defence(target: Character, state: SpellwovenState | None = None) -> int:
    """Quickness Defence less the evasion penalty of the armour worn (not below zero): one a
    five soaks, or under Encumbrance one a six ("6 slots = -1 | 12 = -2 | 18 slots = -3"; it
    stands in for the Evasion Penalty, not beside it: ours)."""
    worn = sum(target.track.soak)
    per = EVASION_SLOTS
    if state is not None and o.ENCUMBRANCE in state.options:
        per = ENCUMBRANCE_SLOTS
    return max(0, target.defence - worn // per)


def outnumbered(state: SpellwovenState, who: Character) -> bool:
    """Outnumbering (ours: who counts): an Engaged character faced by more standing Engaged
    opponents than its own side has standing Engaged (itself included)."""
    if who.proximity is not Proximity.ENGAGED:
        return False
    engaged = [c for c in state.characters if c.standing and c.proximity is Proximity.ENGAGED]
    foes = sum(1 for c in engaged if c.side != who.side)
    friends = sum(1 for c in engaged if c.side == who.side and c.name != who.name) + 1
    return foes > friends


def situational(state: SpellwovenState, who: Character, edge: int) -> Edges:
    """Situational Modifiers: "If a Player Character is fighting at a strong disadvantage or
    advantage, the Gamesmaster can optionally declare any given Skill Test to be at
    Advantage or at Disadvantage." """
    if not edge:
        return ()
    o.require(state.options, o.SITUATIONAL, "Advantage or Disadvantage by the Gamesmaster's word")
    if who.npc:
        raise err.NotChosen(
            f"{who.name} is a Non-Player Character",
            rule=o.BY_KEY[o.SITUATIONAL].rule,
        )
    if edge not in (1, -1):
        raise err.SetupError("a test is at Advantage (+1) or at Disadvantage (-1)")
    return ((edge, "the Gamesmaster's call"),)


def edges(state: SpellwovenState, who: Character, kind: str, edge: int = 0) -> Edges:
    """Where a test of `kind` by `who` stands: Maiming ("all of your subsequent skill tests
    except for basic movement (walking, running) and defensive actions are tested at
    Disadvantage"), Outnumbering ("performs all Tests of Skill at a Disadvantage") and the
    Gamesmaster's `edge`."""
    found = list(situational(state, who, edge))
    if o.MAIMING in state.options and who.has(MAIMED) and kind != DEFENSIVE:
        found.append((-1, "Maimed"))
    if o.OUTNUMBERING in state.options and outnumbered(state, who):
        found.append((-1, "outnumbered"))
    return tuple(found)
