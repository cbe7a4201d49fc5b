"""Building Spellwoven fights for tests."""

from __future__ import annotations

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
) -> Character:
    return Character(
        name, side, initiative, skill, menace, defence, "weapon", ranged, effort, feint,
        proximity, track or Track(),
    )  # fmt: skip


def fight(*more: Character, ann: Character | None = None, bob: Character | None = None,
          initiative: tuple[int, ...] | None = None) -> SpellwovenFight:  # fmt: skip
    """Ann (Players) and Bob (Outlaws), and any more; begun with Ann first unless `initiative`
    gives every character's three Initiative dice."""
    f = SpellwovenFight()
    for u in (ann or hero("Ann", "Players"), bob or hero("Bob", "Outlaws"), *more):
        f.play(c.AddCharacter(u))
    count = len(f.state.characters)
    faces = initiative or (1, 1, 1) + (10, 10, 10) * (count - 1)
    f.play(c.Begin(), EnteredDice(faces))
    return f


def dice(*faces: int) -> EnteredDice:
    return EnteredDice(faces)
