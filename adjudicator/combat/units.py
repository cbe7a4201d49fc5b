"""Combatants: a `Unit` is a Character's sheet or a quick NPC, plus where it stands in the fight.

A unit is a value: every change in a fight makes a new one. Its name is its identity in
commands and in the log, so names are unique within a combat. Hitzones are
`rules.characters.Hitzone`s, in the order the hit die numbers them for a humanoid (Head,
Offhand, Mainhand, Legs) and then any further zones of a creature ("a Lich with a magic
amulet might have Hitzone 5 be the amulet").

Decisions where the rulebook is silent:
- Hands are the Hitzones named Mainhand and Offhand (an NPC may name others). Each holds one
  weapon or nothing; "All characters on the battle board are assumed to begin combat with
  their primary weapon drawn" (the alternate draft's note) sets the default: the first weapon
  in the Mainhand.
- The Head is the Hitzone named Head, or the first Hitzone of a creature without one.
- A character is a Fate Weaver by default, a quick NPC is not ("Players, bosses, and major
  story characters tend to be Fate Weavers").
- A quick NPC has no sheet, so a boss that may resist death or heal a Maim carries its
  permanent Tags (`tags`: level-up Tags or Specific Fates) on the unit itself; a
  character's are on its sheet.
- Hands hold what the Storyteller says at the start (`held`, any weapon in any hand), else
  the first weapon in the Mainhand.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from adjudicator.combat.board import Space
from adjudicator.combat.errors import CombatError, UnknownWeapon, UnknownZone
from adjudicator.combat.record import Record
from adjudicator.rules.characters import Character, Hitzone, MagicItem, Tag
from adjudicator.rules.tables import Weapon
from adjudicator.rules.words import Word

#: "Unarmed attacks are 1d6 / 1d4" (rulebook, "Special Cases").
UNARMED = Weapon("Unarmed", 6, 4)
HAND_ZONES = ("Mainhand", "Offhand")


class Status(enum.Enum):
    """Where a unit is in the fight."""

    OFF_BOARD = "off board"  # added but not placed yet
    STANDING = "standing"  # on the board with Head HP left
    DOWN = "down"  # on the board with the Head at 0 HP
    DEAD = "dead"  # declared dead by the Storyteller; off the board
    FLED = "fled"  # left the fight
    HOVERING = "hovering"  # a reinforcement waiting outside an outer-ring space
    ONLOOKER = "onlooker"  # not engaged but watching: may counterspell


@dataclass(frozen=True)
class Stance(Record):
    """A Stance of the alternate draft: Words, an armor modifier and Tags while it is held."""

    name: str
    words: tuple[Word, ...] = ()
    armor_modifier: int = 0
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pending(Record):
    """A two-part action under way: what it is and how many actions it still takes."""

    kind: str  # "move", "flee" or "retrieve"
    remaining: int
    description: str
    origin: Space | None = None
    destination: Space | None = None
    item: str | None = None
    hand: str | None = None


@dataclass(frozen=True)
class Defence(Record):
    """A declared defence: the Hitzone defending and how many d6 it rolls (2 with [Block])."""

    zone: str
    dice: int = 1
    word: Word | None = None


@dataclass(frozen=True)
class Arrival(Record):
    """A reinforcement's marker in the turn tracker: the space it enters at, and when."""

    space: Space
    due_round: int


@dataclass(frozen=True)
class Unit(Record):
    """One combatant: its sheet (zones, weapons, Words) and its state in the fight."""

    name: str
    team: str
    hitzones: tuple[Hitzone, ...]
    weapons: tuple[Weapon, ...] = ()
    held: tuple[tuple[str, str | None], ...] = ()
    inherent_words: tuple[Word, ...] = ()
    hand: tuple[Word, ...] = ()
    fate_weaver: bool = False
    character: Character | None = None
    magic_items: tuple[MagicItem, ...] = ()
    stances: tuple[Stance, ...] = ()
    stance: str | None = None
    status: Status = Status.OFF_BOARD
    space: Space | None = None
    defences: tuple[Defence, ...] = ()
    pending: Pending | None = None
    owed_actions: int = 0
    arrival: Arrival | None = None
    last_hit_by: str | None = None
    tags: tuple[Tag, ...] = ()

    def __post_init__(self) -> None:
        name = " ".join(self.name.split())
        team = " ".join(self.team.split())
        if not name or not team:
            raise CombatError("a unit needs a name and a team")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "team", team)
        if not self.hitzones:
            raise UnknownZone(f"{name} needs at least one Hitzone")
        zones = {zone.name.casefold() for zone in self.hitzones}
        if len(zones) != len(self.hitzones):
            raise UnknownZone(f"{name} lists a Hitzone twice")
        names = [w.name.casefold() for w in self.weapons]
        if len(set(names)) != len(names) or UNARMED.name.casefold() in names:
            raise UnknownWeapon(f"{name}'s weapons need distinct names other than Unarmed")
        for hand, weapon in self.held:
            if hand.casefold() not in zones:
                raise UnknownZone(f"{name} has no Hitzone {hand!r} to hold a weapon")
            if weapon is not None and weapon.casefold() not in names:
                raise UnknownWeapon(f"{name} holds {weapon!r} but carries no such weapon")
        drawn = [w.casefold() for _, w in self.held if w is not None]
        if len(set(drawn)) != len(drawn):
            raise UnknownWeapon(f"{name} cannot hold one weapon in two hands at once")
        if self.character is not None and self.tags:
            raise CombatError(f"{name}'s permanent Tags are on its character sheet")

    # --- Hitzones ---------------------------------------------------------------------------

    def zone(self, name: str) -> Hitzone:
        wanted = " ".join(name.split()).casefold()
        for zone in self.hitzones:
            if zone.name.casefold() == wanted:
                return zone
        raise UnknownZone(
            f"{self.name} has no Hitzone {name!r}",
            hint=f"{self.name}'s Hitzones are {', '.join(self.zone_names)}",
        )

    def has_zone(self, name: str) -> bool:
        wanted = name.casefold()
        return any(zone.name.casefold() == wanted for zone in self.hitzones)

    @property
    def zone_names(self) -> tuple[str, ...]:
        return tuple(zone.name for zone in self.hitzones)

    @property
    def head(self) -> Hitzone:
        """The Hitzone named Head, else the first: "Head at 0 is down"."""
        for zone in self.hitzones:
            if zone.name.casefold() == "head":
                return zone
        return self.hitzones[0]

    @property
    def legs(self) -> Hitzone | None:
        for zone in self.hitzones:
            if zone.name.casefold() == "legs":
                return zone
        return None

    @property
    def is_down(self) -> bool:
        return self.head.hp == 0

    @property
    def on_board(self) -> bool:
        return self.space is not None

    @property
    def standing(self) -> bool:
        return self.status is Status.STANDING

    def with_zone(self, zone: Hitzone) -> Unit:
        wanted = zone.name.casefold()
        zones = tuple(zone if z.name.casefold() == wanted else z for z in self.hitzones)
        return replace(self, hitzones=zones)

    # --- hands and weapons ------------------------------------------------------------------

    @property
    def hands(self) -> tuple[str, ...]:
        return tuple(hand for hand, _ in self.held)

    def held_in(self, hand: str) -> str | None:
        wanted = hand.casefold()
        for name, weapon in self.held:
            if name.casefold() == wanted:
                return weapon
        raise UnknownZone(f"{self.name} has no hand {hand!r}", hint=f"hands: {self.hands}")

    def hand_holding(self, weapon: str) -> str | None:
        wanted = weapon.casefold()
        for hand, held in self.held:
            if held is not None and held.casefold() == wanted:
                return hand
        return None

    def weapon(self, name: str) -> Weapon:
        wanted = " ".join(name.split()).casefold()
        if wanted == UNARMED.name.casefold():
            return UNARMED
        for weapon in self.weapons:
            if weapon.name.casefold() == wanted:
                return weapon
        carried = ", ".join(w.name for w in self.weapons) or "none"
        raise UnknownWeapon(f"{self.name} carries no {name!r}", hint=f"weapons: {carried}")

    def holding(self, hand: str, weapon: str | None) -> Unit:
        wanted = hand.casefold()
        held = tuple((h, weapon if h.casefold() == wanted else w) for h, w in self.held)
        return replace(self, held=held)

    def held_weapons(self) -> tuple[Weapon, ...]:
        return tuple(self.weapon(w) for _, w in self.held if w is not None)

    # --- Words ------------------------------------------------------------------------------

    def current_stance(self) -> Stance | None:
        for stance in self.stances:
            if stance.name == self.stance:
                return stance
        return None

    def inherent(self) -> tuple[Word, ...]:
        """Inherent Words now: the sheet's, those of usable magic items, and the Stance's."""
        stance = self.current_stance()
        extra = stance.words if stance is not None else ()
        broken = {z.item.casefold() for z in self.hitzones if z.magic_item and z.broken and z.item}
        items = tuple(
            w for item in self.magic_items if item.name.casefold() not in broken for w in item.words
        )
        return tuple(dict.fromkeys(self.inherent_words + items + extra))

    def magic_item(self, name: str) -> tuple[MagicItem, Hitzone]:
        """An equipped magic item and the Hitzone wearing it."""
        wanted = " ".join(name.split()).casefold()
        for item in self.magic_items:
            if item.name.casefold() == wanted:
                for zone in self.hitzones:
                    if zone.magic_item and zone.item and zone.item.casefold() == wanted:
                        return item, zone
        raise UnknownWeapon(f"{self.name} wears no magic item {name!r}")

    def sheet(self) -> Character | None:
        """The character sheet with the fight's HP and Armor, for the ledger to keep."""
        if self.character is None:
            return None
        return replace(self.character, hitzones=self.hitzones)


def zone(name: str, hp: int, armor: int = 0, item: str | None = None) -> Hitzone:
    """A quick Hitzone: "Head" with 4 HP and 2 Armor from an unnamed piece of armor."""
    if armor and item is None:
        item = "Armor"
    return Hitzone(name, hp, hp, armor, armor, item)


def _default_held(
    zones: Sequence[Hitzone], weapons: Sequence[Weapon]
) -> tuple[tuple[str, str | None], ...]:
    hands = [z.name for z in zones if z.name.casefold() in {h.casefold() for h in HAND_ZONES}]
    order = sorted(hands, key=lambda h: 0 if h.casefold() == "mainhand" else 1)
    first = weapons[0].name if weapons else None
    return tuple((hand, first if i == 0 else None) for i, hand in enumerate(order))


def held_weapons(
    zones: Sequence[Hitzone], weapons: Sequence[Weapon], hold: Sequence[tuple[str, str]]
) -> tuple[tuple[str, str | None], ...] | None:
    """The hands holding what `hold` names, (hand, weapon) by name, every other hand empty;
    None (the default: the first weapon in the Mainhand) when it names nothing."""
    if not hold:
        return None
    by_zone = {z.name.casefold(): z.name for z in zones}
    carried = {w.name.casefold(): w.name for w in weapons}
    hands = [z.name for z in zones if z.name.casefold() in {h.casefold() for h in HAND_ZONES}]
    chosen: dict[str, str] = {}
    for hand, weapon in hold:
        zone = by_zone.get(" ".join(hand.split()).casefold())
        if zone is None:
            raise UnknownZone(
                f"no Hitzone {hand!r} to hold {weapon}", hint=f"{', '.join(by_zone.values())}"
            )
        name = carried.get(" ".join(weapon.split()).casefold())
        if name is None:
            known = ", ".join(carried.values()) or "none"
            raise UnknownWeapon(f"no weapon {weapon!r} to hold", hint=f"weapons: {known}")
        if zone in chosen:
            raise UnknownWeapon(f"the {zone} holds one weapon, not {chosen[zone]} and {name}")
        chosen[zone] = name
        if zone not in hands:
            hands.append(zone)
    hands.sort(key=lambda h: 0 if h.casefold() == "mainhand" else 1)
    return tuple((hand, chosen.get(hand)) for hand in hands)


def from_character(
    character: Character,
    team: str,
    *,
    name: str | None = None,
    hand: Iterable[Word] = (),
    fate_weaver: bool = True,
    held: Sequence[tuple[str, str | None]] | None = None,
    stances: Sequence[Stance] = (),
) -> Unit:
    """A unit for a character: its zones, weapons, Inherent Words and its hand of Drawn Words."""
    return Unit(
        name=name or character.name,
        team=team,
        hitzones=character.hitzones,
        weapons=character.weapons,
        held=tuple(held)
        if held is not None
        else _default_held(character.hitzones, character.weapons),
        inherent_words=character.words + character.gained_words,
        hand=tuple(hand),
        fate_weaver=fate_weaver,
        character=character,
        magic_items=character.magic_items,
        stances=tuple(stances),
    )


def npc(
    name: str,
    team: str,
    hitzones: Sequence[Hitzone],
    weapons: Sequence[Weapon] = (),
    *,
    held: Sequence[tuple[str, str | None]] | None = None,
    fate_weaver: bool = False,
    words: Iterable[Word] = (),
    hand: Iterable[Word] = (),
    magic_items: Sequence[MagicItem] = (),
    stances: Sequence[Stance] = (),
    tags: Sequence[Tag] = (),
) -> Unit:
    """A quick NPC: "name, side, hitzones with HP and armor, weapons"; a boss's permanent
    `tags` pay for resisting death or healing a Maim."""
    return Unit(
        name=name,
        team=team,
        hitzones=tuple(hitzones),
        weapons=tuple(weapons),
        held=tuple(held) if held is not None else _default_held(hitzones, weapons),
        inherent_words=tuple(words),
        hand=tuple(hand),
        fate_weaver=fate_weaver,
        magic_items=tuple(magic_items),
        stances=tuple(stances),
        tags=tuple(tags),
    )


def humanoid(
    hp: Sequence[int] = (4, 6, 6, 6), armor: Sequence[int] = (0, 0, 0, 0)
) -> tuple[Hitzone, ...]:
    """Head/Offhand/Mainhand/Legs with the given HP and Armor ("4/6/6/6" by default)."""
    names = ("Head", "Offhand", "Mainhand", "Legs")
    return tuple(zone(n, h, a) for n, h, a in zip(names, hp, armor, strict=True))
