"""Spellwoven's wounds: the ladder Glance...Mortal, slots that overflow to the next level,
armour soak marked first (no overflow, at most 3 a level), shields, armour penetration."""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.combat.record import Record

#: "Glance No successes ... Mortal Five Successes"
LADDER = ("Glance", "Shallow", "Deep", "Grievous", "Felling", "Mortal")
#: The tracked levels (a Glance is not tracked), in slot order.
LEVELS = LADDER[1:]
MAX_SOAK = 3


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
class Injury(Record):
    """Where a wound of `level` (1..5) went: the shield, armour soak, or a wound slot."""

    level: int
    to: str
    at: int

    def describe(self) -> str:
        wound = LADDER[self.level]
        if self.to == "shield":
            return f"a {wound} blow caught on the shield"
        if self.to == "soak":
            return f"a {wound} blow soaked by armour"
        if self.at != self.level:
            return f"a {wound} wound, overflowing to {LADDER[self.at]}"
        return f"a {wound} wound"


def place(track: Track, level: int, *, shield: bool, pierce: bool) -> Injury:
    """Where a wound lands: "first check if there is an Armour Soak available ... If there is
    no Armour Soak Available, the injury moves to the relevant Wound Slot instead"; "If you
    don't have any slots left for a given Wound level, the Wound flows onto the next
    category"; a triplet's blow ignores armour and shields."""
    if shield and not pierce and track.shield_used < track.shield:
        return Injury(level, "shield", level)
    i = level - 1
    if not pierce and track.soaked[i] < min(track.soak[i], MAX_SOAK):
        return Injury(level, "soak", level)
    for j in range(i, len(LEVELS)):
        if track.wounds[j] < track.slots[j]:
            return Injury(level, "wound", j + 1)
    return Injury(level, "wound", len(LEVELS))


def mark(track: Track, injury: Injury) -> Track:
    if injury.to == "shield":
        return replace(track, shield_used=track.shield_used + 1)
    i = injury.at - 1
    if injury.to == "soak":
        return replace(track, soaked=_set(track.soaked, i, track.soaked[i] + 1))
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
