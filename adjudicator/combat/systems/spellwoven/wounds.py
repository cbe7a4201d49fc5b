"""Spellwoven's wounds: the ladder Glance...Mortal, slots that overflow to the next level,
armour soak marked first (no overflow, at most 3 a level), shields, armour penetration."""

from __future__ import annotations

from dataclasses import dataclass

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
    from dataclasses import replace

    if injury.to == "shield":
        return replace(track, shield_used=track.shield_used + 1)
    i = injury.at - 1
    if injury.to == "soak":
        return replace(track, soaked=_set(track.soaked, i, track.soaked[i] + 1))
    return replace(track, wounds=_set(track.wounds, i, track.wounds[i] + 1))
