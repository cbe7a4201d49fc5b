"""Spellwoven's wounds: the ladder Glance...Mortal, slots that overflow to the next level,
armour soak marked first (no overflow, at most 3 a level), shields, armour penetration."""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.combat.record import Record
from adjudicator.combat.systems.spellwoven.lean import Lean

#: "Glance No successes ... Mortal Five Successes"
LADDER = ("Glance", "Shallow", "Deep", "Grievous", "Felling", "Mortal")
#: The tracked levels (a Glance is not tracked), in slot order.
LEVELS = LADDER[1:]
MAX_SOAK = 3
#: One number a tracked level, Shallow..Mortal.
Soak = tuple[int, int, int, int, int]


def level_of(successes: int) -> int:
    """0 Glance ... 5 Mortal: "Each score ... increases the level of Wound by one"."""
    return min(max(successes, 0), 5)


@dataclass(frozen=True)
class Track(Record):
    """Slots, wounds marked, armour soak and soak used, per tracked level (Shallow..Mortal)."""

    slots: tuple[int, int, int, int, int] = (3, 3, 2, 1, 1)
    wounds: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    soak: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    soaked: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    shield: int = 0
    shield_used: int = 0

    @property
    def felled(self) -> bool:
        return self.wounds[3] > 0

    @property
    def dead(self) -> bool:
        return self.wounds[4] > 0

    def describe(self) -> str:
        parts = []
        for i, name in enumerate(LEVELS):
            text = f"{name} {self.wounds[i]}/{self.slots[i]}"
            if self.soak[i]:
                text += f" (soak {self.soak[i] - self.soaked[i]}/{self.soak[i]})"
            parts.append(text)
        if self.shield:
            parts.append(f"shield {self.shield - self.shield_used}/{self.shield}")
        return ", ".join(parts)


def _set(values: tuple[int, int, int, int, int], i: int, v: int) -> tuple[int, int, int, int, int]:
    items = list(values)
    items[i] = v
    return (items[0], items[1], items[2], items[3], items[4])


@dataclass(frozen=True)
class Injury(Lean):
    """Where a wound of `level` (1..5) went: the shield, armour soak, or a wound slot; "caught"
    is an arrow caught on a shield that keeps its soak (Shields & Arrows II); a wound that went
    `through` the armour soak or the shield marks it too (Blackpowder Weapons)."""

    level: int
    to: str
    at: int
    through: str = ""

    later = frozenset({"through"})

    def describe(self) -> str:
        wound = LADDER[self.level]
        if self.to == "shield":
            return f"a {wound} blow caught on the shield"
        if self.to == "caught":
            return f"a {wound} arrow caught on the shield (its soak kept)"
        if self.to == "soak":
            return f"a {wound} blow soaked by armour"
        text = f"a {wound} wound"
        if self.at != self.level:
            text += f", overflowing to {LADDER[self.at]}"
        if self.through:
            where = "the shield" if self.through == "shield" else "armour soak"
            text += f", dealt to {where} and wound slot both (blackpowder)"
        return text


def place(
    track: Track, level: int, *, shield: bool, pierce: bool, blackpowder: bool = False
) -> Injury:
    """Where a wound lands: "first check if there is an Armour Soak available ... If there is
    no Armour Soak Available, the injury moves to the relevant Wound Slot instead"; "If you
    don't have any slots left for a given Wound level, the Wound flows onto the next
    category"; a triplet's blow ignores armour and shields. A `blackpowder` wound "is dealt
    to both the appropriate Wound Slot and Armour Slot simultaneously" (a shield that
    catches it is marked as armour is: ours)."""
    i = level - 1
    through = ""
    if shield and not pierce and track.shield_used < track.shield:
        if not blackpowder:
            return Injury(level, "shield", level)
        through = "shield"
    elif not pierce and track.soaked[i] < min(track.soak[i], MAX_SOAK):
        if not blackpowder:
            return Injury(level, "soak", level)
        through = "soak"
    for j in range(i, len(LEVELS)):
        if track.wounds[j] < track.slots[j]:
            return Injury(level, "wound", j + 1, through)
    return Injury(level, "wound", len(LEVELS), through)


def mark(track: Track, injury: Injury) -> Track:
    if injury.to == "caught":
        return track
    if injury.to == "shield" or injury.through == "shield":
        track = replace(track, shield_used=track.shield_used + 1)
    if injury.to == "shield":
        return track
    if injury.to == "soak" or injury.through == "soak":
        i = injury.level - 1
        track = replace(track, soaked=_set(track.soaked, i, track.soaked[i] + 1))
    if injury.to == "soak":
        return track
    i = injury.at - 1
    return replace(track, wounds=_set(track.wounds, i, track.wounds[i] + 1))


def level_named(name: str) -> int:
    """1 Shallow ... 5 Mortal, by name ("deep", "Grievous")."""
    for level, known in enumerate(LEVELS, 1):
        if known.casefold() == name.strip().casefold():
            return level
    raise ValueError(f"no tracked wound level {name!r} ({', '.join(LEVELS)})")


def reduced(track: Track, level: int) -> int:
    """Where one wound of `level` lands when first aid reduces it by one severity (0: healed):
    "Shallow Wounds healed in this way will heal entirely"; a worse one moves down a level and
    "flows until there is a free space" (as an overflowing wound does: up from there, so with
    no free slot below it stays where it was)."""
    if level == 1:
        return 0
    freed = moved(track, level, 0)
    for j in range(level - 2, len(LEVELS)):
        if freed.wounds[j] < freed.slots[j]:
            return j + 1
    return level


def moved(track: Track, level: int, to: int) -> Track:
    """The track with one wound of `level` moved to `to` (0: healed)."""
    i = level - 1
    track = replace(track, wounds=_set(track.wounds, i, track.wounds[i] - 1))
    if to == 0:
        return track
    return replace(track, wounds=_set(track.wounds, to - 1, track.wounds[to - 1] + 1))


def worst_first(track: Track, chosen: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The levels of the `count` wounds first aid reduces: those `chosen` (while marked), then
    the most severe left. "There is no benefit from scoring more successes than a Character
    has wounds." """
    left = list(track.wounds)
    picked: list[int] = []
    for level in chosen:
        if len(picked) < count and left[level - 1] > 0:
            left[level - 1] -= 1
            picked.append(level)
    for level in range(len(LEVELS), 0, -1):
        while len(picked) < count and left[level - 1] > 0:
            left[level - 1] -= 1
            picked.append(level)
    return tuple(picked)


@dataclass(frozen=True)
class Armour(Record):
    """A piece of armour worn: its soak a level, Shallow..Mortal ("Scale Tunic S 1 / D 1 / G 1
    / F 1 / M 0")."""

    name: str
    soak: tuple[int, int, int, int, int]


def stacked(pieces: tuple[Armour, ...], soak: tuple[int, ...] = (0, 0, 0, 0, 0)) -> Soak:
    """ "Soak slots 'stack' from any armour worn" but "Soak cannot exceed 3 per Wound Level":
    the cloak, the scale and the quilted tunic give "a Shallow Wound Soak of 3 (2 + 1 + 3, but
    tops out at three)"."""
    total = [sum(levels) for levels in zip(soak, *(piece.soak for piece in pieces), strict=True)]
    capped = [min(value, MAX_SOAK) for value in total]
    return (capped[0], capped[1], capped[2], capped[3], capped[4])


#: Natural Recuperation: the days a wound takes to slide one level, by activity.
PERIODS = {"bedrest": 3, "light": 5, "heavy": 7}
#: A day of rest in whole parts of one level's healing (3, 5 and 7 all divide 105).
STEP = 105


def slid(track: Track, spared: bool = False) -> Track:
    """Natural Recuperation: "Wounds heal naturally by sliding up the scale by one level ...
    Felling wounds become Grievous, Grievous become Deep, and Deep become Shallow. Shallow
    disappear entirely." Every wound moves at once, least severe first; one that finds the
    level below full flows up as first aid's does (ours). A Mortal wound heals only on a
    character it did not kill (`spared`: it becomes Felling, ours)."""
    counts = track.wounds if spared else (*track.wounds[:4], 0)
    for level in range(1, len(LEVELS) + 1):
        for _ in range(counts[level - 1]):
            track = moved(track, level, reduced(track, level))
    return track
