"""Building Spellwoven fights for tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.combat.dice_source import EnteredDice
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven.engine import SpellwovenFight
from adjudicator.combat.systems.spellwoven.state import Character, Proximity
from adjudicator.combat.systems.spellwoven.wounds import Track


def hero(
    name: str,
    side: str,
    *,
    initiative: int = 5,
    skill: int = 5,
    menace: int = 4,
    defence: int = 2,
    ranged: bool = False,
    effort: int = 0,
    feint: bool = False,
    proximity: Proximity = Proximity.ENGAGED,
    track: Track | None = None,
    **more: Any,
) -> Character:
    """A character; `more` sets the optional rules' traits (`npc`, `fortitude`...)."""
    return replace(
        Character(
            name, side, initiative, skill, menace, defence, "weapon", ranged, effort, feint,
            proximity, track or Track(),
        ),
        **more,
    )  # fmt: skip


def fight(*more: Character, ann: Character | None = None, bob: Character | None = None,
          initiative: tuple[int, ...] | None = None,
          options: tuple[str, ...] = ()) -> SpellwovenFight:  # fmt: skip
    """Ann (Players) and Bob (Outlaws), and any more; begun with Ann first unless `initiative`
    gives every character's three Initiative dice; under the optional rules `options`."""
    f = unbegun(*more, ann=ann, bob=bob, options=options)
    count = len(f.state.characters)
    faces = initiative or (1, 1, 1) + (10, 10, 10) * (count - 1)
    f.play(c.Begin(), EnteredDice(faces))
    return f


def unbegun(*more: Character, ann: Character | None = None, bob: Character | None = None,
            options: tuple[str, ...] = ()) -> SpellwovenFight:  # fmt: skip
    """The same characters, before anyone rolls Initiative."""
    f = SpellwovenFight("+".join(("spellwoven", *options)))
    for u in (ann or hero("Ann", "Players"), bob or hero("Bob", "Outlaws"), *more):
        f.play(c.AddCharacter(u))
    return f


def dice(*faces: int) -> EnteredDice:
    return EnteredDice(faces)
