"""Building Murdham fights for tests: zones in a row, characters, entered or seeded dice."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise

from adjudicator.combat.dice_source import EnteredDice, SeededDice
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.engine import MurdhamFight
from adjudicator.combat.systems.murdham.events import MurdhamEvent
from adjudicator.combat.systems.murdham.state import Fighter


def fighter(
    name: str,
    faction: str,
    zone: str = "Road",
    *,
    wit: int = 10,
    agi: int = 10,
    strength: int = 10,
    hp: int = 6,
    armour: int = 0,
    weapon: int = 6,
    reach: int = 0,
    fearless: bool = False,
    prepared: bool = False,
    ambush: bool = False,
) -> Fighter:
    return Fighter(
        name, faction, wit, agi, strength, hp, hp, zone, armour, weapon, reach,
        immune_to_fear=fearless, prepared=prepared, concealed=ambush,
    )  # fmt: skip


def setup(
    *fighters: Fighter, zones: Sequence[str] = ("Road",), variant: str = "murdham"
) -> MurdhamFight:
    """A fight with `zones` linked in a row and the fighters added, not yet begun."""
    fight = MurdhamFight(variant)
    for zone in zones:
        fight.play(c.AddZone(zone))
    for a, b in pairwise(zones):
        fight.play(c.LinkZones(a, b))
    for f in fighters:
        fight.play(c.AddFighter(f))
    return fight


def duel(
    *more: Fighter, zones: Sequence[str] = ("Road",), variant: str = "murdham"
) -> MurdhamFight:
    """Ann (Players) against Bob (Bandits) and any more, begun with the Players' initiative."""
    first = zones[0]
    pair = (fighter("Ann", "Players", first), fighter("Bob", "Bandits", first))
    fight = setup(*pair, *more, zones=zones, variant=variant)
    fight.play(c.Begin("Players"), dice(*([] if variant == "murdham" else [10])))
    return fight


def dice(*faces: int) -> EnteredDice:
    return EnteredDice(faces)


def seeded(seed: int) -> SeededDice:
    return SeededDice(random.Random(seed))


def kinds(events: Sequence[MurdhamEvent]) -> list[str]:
    return [event.kind for event in events]
