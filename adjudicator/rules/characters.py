"""Characters as values: Tags and their sources, Hitzones, weapons, inventory, magic items.

Everything here is a frozen dataclass whose `to_dict`/`from_dict` round-trip exactly through
JSON, for the ledger. How a character changes over play (levels, Specific Fates, rests,
equipping magic items, healing at the cost of a Tag) is in `adjudicator.rules.progression`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from adjudicator.errors import InvalidInput
from adjudicator.rules.tables import ArmorProfile, Faction
from adjudicator.rules.tables import Weapon as Weapon
from adjudicator.rules.words import Word, normalise

CREATION_TAGS = 3
CREATION_WORDS = 3
POUCH_CAPACITY = 4
PACK_CAPACITY = 10


class CharacterError(InvalidInput):
    """A character, or part of one, that breaks the rules of character creation."""


class CountError(CharacterError):
    """Not the number the rules ask for: "3 Tags", "3 Inherent Words"."""

    def __init__(self, what: str, expected: int, got: Sequence[object]) -> None:
        self.what = what
        self.expected = expected
        self.got = tuple(got)
        listed = ", ".join(map(str, got)) or "none"
        super().__init__(f"a character has {expected} {what}, not {len(got)} ({listed})")


class DuplicateError(CharacterError):
    """The same Tag, Word, Hitzone or magic item twice where each must be distinct."""

    def __init__(self, what: str, name: str) -> None:
        self.what = what
        self.name = name
        super().__init__(f"{what} {name} is listed twice")


class TagSourceError(CharacterError):
    """A Tag whose source does not fit where it is put (a level-up Tag among creation Tags)."""

    def __init__(self, tag: Tag, reason: str) -> None:
        self.tag = tag
        self.reason = reason
        super().__init__(f"{tag.describe()}: {reason}")


class HitzoneError(CharacterError):
    """A Hitzone whose HP or Armor is out of range, or armor without an item."""

    def __init__(self, zone: str, reason: str) -> None:
        self.zone = zone
        self.reason = reason
        super().__init__(f"Hitzone {zone}: {reason}")


class UnknownHitzone(CharacterError):
    """A Hitzone name the character does not have; lists the ones it does."""

    def __init__(self, name: str, known: Sequence[str]) -> None:
        self.name = name
        self.known = tuple(known)
        super().__init__(f"no Hitzone {name!r}", hint=f"the Hitzones are {', '.join(known)}")


class MagicItemError(CharacterError):
    """A magic item not equipped to exactly one Hitzone, or a zone naming an unknown one."""

    def __init__(self, item: str, reason: str) -> None:
        self.item = item
        self.reason = reason
        super().__init__(f"magic item {item}: {reason}")


class InventoryFull(CharacterError):
    """An item added past the Pouch's 4 or the Pack's 10."""

    def __init__(self, storage: Storage, capacity: int, items: Sequence[str]) -> None:
        self.storage = storage
        self.capacity = capacity
        self.items = tuple(items)
        super().__init__(
            f"the {storage.value} holds up to {capacity} items, not {len(items)}: "
            f"{', '.join(items)}"
        )


class ItemNotFound(CharacterError):
    """An item the inventory does not hold; lists what it does."""

    def __init__(self, item: str, carried: Sequence[str]) -> None:
        self.item = item
        self.carried = tuple(carried)
        super().__init__(
            f"{item!r} is not in the Pouch, the Pack or a kit",
            hint=f"carried: {', '.join(carried)}" if carried else "nothing is carried",
        )


class CharacterDataError(CharacterError):
    """Stored character data with a missing or mistyped field."""

    def __init__(self, kind: str, cause: Exception) -> None:
        self.kind = kind
        self.cause = cause
        detail = f"missing field {cause}" if isinstance(cause, KeyError) else str(cause)
        super().__init__(f"cannot read a stored {kind}: {detail}")


def _tidy(text: str, what: str) -> str:
    tidy = " ".join(text.split())
    if not tidy:
        raise CharacterError(f"{what} cannot be empty")
    return tidy


def _check_unique(what: str, names: Iterable[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise DuplicateError(what, name)
        seen.add(name.casefold())


@contextmanager
def _reading(kind: str) -> Iterator[None]:
    """Turn a missing or mistyped field in stored data into a `CharacterDataError`."""
    try:
        yield
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CharacterDataError(kind, error) from None


class TagSource(enum.Enum):
    """Where a Tag came from; it decides whether the Tag may be sacrificed to resist death."""

    FACTION = "faction"
    CREATION = "creation"  # the three Tags chosen at level 1
    LEVEL_UP = "level_up"
    SPECIFIC_FATE = "specific_fate"
    STORY = "story"
    TEMPORARY = "temporary"
    ITEM = "item"


#: "This tag must either be Specific or gained from level ups" (rulebook, "Resting and Healing").
SACRIFICEABLE = frozenset({TagSource.LEVEL_UP, TagSource.SPECIFIC_FATE})
#: Sources a character holds Tags from beyond its faction, creation and items.
GAINED = frozenset(
    {TagSource.LEVEL_UP, TagSource.SPECIFIC_FATE, TagSource.STORY, TagSource.TEMPORARY}
)


@dataclass(frozen=True)
class Tag:
    """A Tag: a word for a quality, normalised like a Word, with where it came from.

    A Specific Fate names the slain Fate Weaver it was taken from in `fate_of`.
    """

    text: str
    source: TagSource
    fate_of: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", normalise(self.text))
        if self.fate_of is not None:
            object.__setattr__(self, "fate_of", " ".join(self.fate_of.split()) or None)
        if (self.source is TagSource.SPECIFIC_FATE) != (self.fate_of is not None):
            raise TagSourceError(self, "a Specific Fate, and only one, names the Fate Weaver slain")

    @property
    def sacrificeable(self) -> bool:
        return self.source in SACRIFICEABLE

    def __str__(self) -> str:
        return f"[{self.text}]"

    def describe(self) -> str:
        """The Tag with its source: "[Strong] (Specific Fate of Astra)"."""
        if self.fate_of is not None:
            return f"{self} (Specific Fate of {self.fate_of})"
        return f"{self} ({self.source.value.replace('_', '-')})"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "source": self.source.value, "fate_of": self.fate_of}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tag:
        with _reading("Tag"):
            return cls(data["text"], TagSource(data["source"]), data.get("fate_of"))


@dataclass(frozen=True)
class Hitzone:
    """A part of the body an attack can strike, with its HP and the Armor of what it wears.

    A zone at 0 HP is Maimed; an item at 0 Armor is broken and grants nothing. `item_tags` are
    a worn armor's Tags (a magic item's Tags are on the `MagicItem`).
    """

    name: str
    max_hp: int
    hp: int
    armor: int = 0
    max_armor: int = 0
    item: str | None = None
    magic_item: bool = False
    item_tags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        name = _tidy(self.name, "a Hitzone's name")
        object.__setattr__(self, "name", name)
        if self.item is not None:
            object.__setattr__(self, "item", _tidy(self.item, f"the item on Hitzone {name}"))
        object.__setattr__(self, "item_tags", tuple(normalise(t) for t in self.item_tags))
        if self.max_hp < 1:
            raise HitzoneError(name, f"max HP is at least 1, not {self.max_hp}")
        if not 0 <= self.hp <= self.max_hp:
            raise HitzoneError(name, f"HP {self.hp} is outside 0..{self.max_hp}")
        if not 0 <= self.armor <= self.max_armor:
            raise HitzoneError(name, f"Armor {self.armor} is outside 0..{self.max_armor}")
        if self.item is None and (self.max_armor or self.magic_item or self.item_tags):
            raise HitzoneError(name, "Armor, Tags or a magic item need the item's name")
        if self.item is not None and self.max_armor < 1:
            raise HitzoneError(name, f"{self.item} gives at least 1 Armor")
        if self.magic_item and self.item_tags:
            raise HitzoneError(name, "a magic item's Tags belong on the MagicItem")

    @property
    def maimed(self) -> bool:
        """ "When a Hitzone reaches 0 HP, it is considered Maimed and becomes unusable"."""
        return self.hp == 0

    @property
    def broken(self) -> bool:
        """ "When Armor reaches 0, the item in that zone is considered broken and unusable"."""
        return self.item is not None and self.armor == 0

    def with_armor(self, armor: ArmorProfile) -> Hitzone:
        """This zone wearing a fresh piece of `armor` in place of whatever it wore."""
        return replace(
            self,
            item=armor.name,
            armor=armor.durability,
            max_armor=armor.durability,
            magic_item=False,
            item_tags=armor.tags,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "max_hp": self.max_hp,
            "hp": self.hp,
            "armor": self.armor,
            "max_armor": self.max_armor,
            "item": self.item,
            "magic_item": self.magic_item,
            "item_tags": list(self.item_tags),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hitzone:
        with _reading("Hitzone"):
            return cls(
                data["name"],
                data["max_hp"],
                data["hp"],
                data.get("armor", 0),
                data.get("max_armor", 0),
                data.get("item"),
                data.get("magic_item", False),
                tuple(data.get("item_tags", ())),
            )


#: "Humanoid characters should begin with Hitzones Head/Offhand/Mainhand/Legs with HP values
#: 4/6/6/6"; hit-die results 1..4 strike them in this order.
HUMANOID_HITZONES = tuple(
    Hitzone(name, hp, hp)
    for name, hp in (("Head", 4), ("Offhand", 6), ("Mainhand", 6), ("Legs", 6))
)


@dataclass(frozen=True)
class MagicItem:
    """A magic item: the Inherent Words and Tags it grants while equipped, or an effect.

    "Assume that any magic item without a listed durability ... provides only 1 armor."
    """

    name: str
    words: tuple[Word, ...] = ()
    tags: tuple[str, ...] = ()
    effect: str | None = None
    durability: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _tidy(self.name, "a magic item's name"))
        object.__setattr__(self, "tags", tuple(normalise(t) for t in self.tags))
        if self.effect is not None:
            object.__setattr__(self, "effect", " ".join(self.effect.split()) or None)
        if self.durability is not None and self.durability < 1:
            raise MagicItemError(self.name, f"durability is at least 1, not {self.durability}")

    @property
    def armor(self) -> int:
        return 1 if self.durability is None else self.durability

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "words": [word.to_dict() for word in self.words],
            "tags": list(self.tags),
            "effect": self.effect,
            "durability": self.durability,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MagicItem:
        with _reading("magic item"):
            return cls(
                data["name"],
                tuple(Word.from_dict(word) for word in data.get("words", ())),
                tuple(data.get("tags", ())),
                data.get("effect"),
                data.get("durability"),
            )


class Storage(enum.Enum):
    """Where an item is carried, which sets the actions to stow or retrieve it."""

    POUCH = "pouch"
    PACK = "pack"
    KIT = "kit"

    @property
    def actions(self) -> int:
        """ "Stowing or retrieving items from the Pouch requires one action, the Pack - two,
        and from Kits - four"."""
        return {Storage.POUCH: 1, Storage.PACK: 2, Storage.KIT: 4}[self]


@dataclass(frozen=True)
class Kit:
    """Small items grouped under one name ("Lockpicks"); it takes one of the Pack's places."""

    name: str
    items: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _tidy(self.name, "a kit's name"))
        object.__setattr__(self, "items", tuple(_tidy(i, "an item's name") for i in self.items))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "items": list(self.items)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Kit:
        with _reading("kit"):
            return cls(data["name"], tuple(data["items"]))


@dataclass(frozen=True)
class Inventory:
    """The Pouch (up to 4 items), the Pack (up to 10, each kit counting as one) and the kits."""

    pouch: tuple[str, ...] = ()
    pack: tuple[str, ...] = ()
    kits: tuple[Kit, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "pouch", tuple(_tidy(i, "an item's name") for i in self.pouch))
        object.__setattr__(self, "pack", tuple(_tidy(i, "an item's name") for i in self.pack))
        if len(self.pouch) > POUCH_CAPACITY:
            raise InventoryFull(Storage.POUCH, POUCH_CAPACITY, self.pouch)
        in_pack = self.pack + tuple(f"{kit.name} (kit)" for kit in self.kits)
        if len(in_pack) > PACK_CAPACITY:
            raise InventoryFull(Storage.PACK, PACK_CAPACITY, in_pack)

    @property
    def items(self) -> tuple[str, ...]:
        """Every item carried, kits' contents included, cheapest to retrieve first."""
        return self.pouch + self.pack + tuple(i for kit in self.kits for i in kit.items)

    def add(self, item: str, storage: Storage = Storage.POUCH) -> Inventory:
        """Stow an item in the Pouch or the Pack; past their capacity is an error."""
        if storage is Storage.KIT:
            raise CharacterError("a kit item goes into a named kit", hint="use add_to_kit")
        if storage is Storage.POUCH:
            return replace(self, pouch=(*self.pouch, item))
        return replace(self, pack=(*self.pack, item))

    def add_to_kit(self, item: str, kit: str) -> Inventory:
        """Group a small item into a kit, starting the kit (one Pack place) if there is none."""
        wanted = " ".join(kit.split()).casefold()
        if not any(k.name.casefold() == wanted for k in self.kits):
            return replace(self, kits=(*self.kits, Kit(kit, (item,))))
        return replace(
            self,
            kits=tuple(
                Kit(k.name, (*k.items, item)) if k.name.casefold() == wanted else k
                for k in self.kits
            ),
        )

    def storage_of(self, item: str) -> Storage:
        """Where the item is quickest to reach; a kit named as a whole is in the Pack."""
        wanted = " ".join(item.split()).casefold()
        if any(i.casefold() == wanted for i in self.pouch):
            return Storage.POUCH
        if any(i.casefold() == wanted for i in (*self.pack, *(k.name for k in self.kits))):
            return Storage.PACK
        if any(i.casefold() == wanted for kit in self.kits for i in kit.items):
            return Storage.KIT
        raise ItemNotFound(item, self.items)

    def retrieve_cost(self, item: str) -> int:
        """The actions it takes to retrieve (or stow back) the item."""
        return self.storage_of(item).actions

    def to_dict(self) -> dict[str, Any]:
        return {
            "pouch": list(self.pouch),
            "pack": list(self.pack),
            "kits": [kit.to_dict() for kit in self.kits],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Inventory:
        with _reading("inventory"):
            return cls(
                tuple(data.get("pouch", ())),
                tuple(data.get("pack", ())),
                tuple(Kit.from_dict(kit) for kit in data.get("kits", ())),
            )


def _check_item_armor(item: MagicItem, zone: Hitzone) -> None:
    """ "they will overwrite whatever Armor value would normally be found there" and "Assume
    that any magic item without a listed durability ... provides only 1 armor": the zone
    wearing a magic item has exactly the item's Armor as its maximum."""
    if zone.max_armor != item.armor:
        listed = (
            f"its durability is {item.durability}"
            if item.durability is not None
            else "it lists no durability, so it provides only 1 armor"
        )
        raise MagicItemError(
            item.name, f"the {zone.name} wears it with {zone.max_armor} Armor, but {listed}"
        )


@dataclass(frozen=True)
class Character:
    """A Fate Weaver's sheet: faction, three creation Tags, three Inherent Words, Hitzones, gear.

    `gained_tags` are those from level-ups, Specific Fates, the story and temporary sources;
    `gained_words` the Inherent Words chosen at level-ups. `magic_items` are the equipped ones,
    each worn on the Hitzone whose `item` names it.
    """

    name: str
    faction: Faction
    creation_tags: tuple[Tag, ...]
    words: tuple[Word, ...]
    hitzones: tuple[Hitzone, ...] = HUMANOID_HITZONES
    weapons: tuple[Weapon, ...] = ()
    inventory: Inventory = Inventory()
    level: int = 1
    gained_tags: tuple[Tag, ...] = ()
    gained_words: tuple[Word, ...] = ()
    magic_items: tuple[MagicItem, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _tidy(self.name, "a character's name"))
        if len(self.creation_tags) != CREATION_TAGS:
            raise CountError("Tags from character creation", CREATION_TAGS, self.creation_tags)
        if len(self.words) != CREATION_WORDS:
            raise CountError("Inherent Words from character creation", CREATION_WORDS, self.words)
        for tag in self.creation_tags:
            if tag.source is not TagSource.CREATION:
                raise TagSourceError(tag, "a creation Tag has the source 'creation'")
        for tag in self.gained_tags:
            if tag.source not in GAINED:
                raise TagSourceError(tag, "faction, creation and item Tags are not gained Tags")
        _check_unique("Tag", [t.describe() for t in self.base_tags() + self.gained_tags])
        _check_unique("Inherent Word", [str(w) for w in self.words + self.gained_words])
        _check_unique("Hitzone", [zone.name for zone in self.hitzones])
        if not self.hitzones:
            raise CharacterError("a character has at least one Hitzone")
        if self.level < 1:
            raise CharacterError(f"levels start at 1, not {self.level}")
        level_ups = [t for t in self.gained_tags if t.source is TagSource.LEVEL_UP]
        if len(level_ups) + len(self.gained_words) > self.level - 1:
            raise CharacterError(
                f"level {self.level} cannot hold {len(level_ups)} level-up Tags and "
                f"{len(self.gained_words)} level-up Words (one gain per level after the first)"
            )
        self._check_magic_items()

    def _check_magic_items(self) -> None:
        _check_unique("magic item", [item.name for item in self.magic_items])
        worn = [zone.item for zone in self.hitzones if zone.magic_item and zone.item is not None]
        _check_unique("equipped magic item", worn)
        listed = {item.name.casefold() for item in self.magic_items}
        for name in worn:
            if name.casefold() not in listed:
                raise MagicItemError(name, "a Hitzone wears it but it is not a listed magic item")
        worn_names = {name.casefold() for name in worn}
        for item in self.magic_items:
            if item.name.casefold() not in worn_names:
                raise MagicItemError(item.name, "magic items must be equipped to a Hitzone")
        items = {item.name.casefold(): item for item in self.magic_items}
        for zone in self.hitzones:
            if zone.magic_item and zone.item is not None:
                _check_item_armor(items[zone.item.casefold()], zone)

    def faction_tags(self) -> tuple[Tag, ...]:
        return tuple(Tag(text, TagSource.FACTION) for text in self.faction.tags)

    def base_tags(self) -> tuple[Tag, ...]:
        """Faction and creation Tags: those a slayer may take as a Specific Fate."""
        return self.faction_tags() + self.creation_tags

    def item_tags(self) -> tuple[Tag, ...]:
        """Tags of worn armor and equipped magic items that are not broken."""
        texts = [t for zone in self.hitzones if not zone.broken for t in zone.item_tags]
        texts += [t for item in self.usable_magic_items() for t in item.tags]
        return tuple(Tag(text, TagSource.ITEM) for text in dict.fromkeys(texts))

    def tags(self) -> tuple[Tag, ...]:
        """Every Tag available now: "available as long as the source is available"."""
        return self.base_tags() + self.gained_tags + self.item_tags()

    def usable_magic_items(self) -> tuple[MagicItem, ...]:
        """Equipped magic items that are not broken (a broken item is "unusable")."""
        broken = {z.item.casefold() for z in self.hitzones if z.magic_item and z.broken and z.item}
        return tuple(item for item in self.magic_items if item.name.casefold() not in broken)

    def inherent_words(self) -> tuple[Word, ...]:
        """ "Words that you begin with, gain from leveling up, or gain access to from an equipped
        magic item are considered Inherent Words"."""
        item_words = tuple(w for item in self.usable_magic_items() for w in item.words)
        return tuple(dict.fromkeys(self.words + self.gained_words + item_words))

    def zone(self, name: str) -> Hitzone:
        """The Hitzone called `name`, ignoring case."""
        wanted = " ".join(name.split()).casefold()
        for zone in self.hitzones:
            if zone.name.casefold() == wanted:
                return zone
        raise UnknownHitzone(name, [zone.name for zone in self.hitzones])

    def zone_at(self, result: int) -> Hitzone | None:
        """The Hitzone a hit-die result strikes (1 is the first); None past the last one.

        Whether a result past the zones is a miss or, on the die's maximum, a critical is
        for combat to rule.
        """
        if result < 1:
            raise InvalidInput(f"a hit-die result is at least 1, not {result}")
        return self.hitzones[result - 1] if result <= len(self.hitzones) else None

    def with_zone(self, zone: Hitzone) -> Character:
        """This character with the Hitzone of the same name replaced by `zone`."""
        old = self.zone(zone.name)
        return replace(self, hitzones=tuple(zone if z is old else z for z in self.hitzones))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "faction": self.faction.to_dict(),
            "creation_tags": [tag.to_dict() for tag in self.creation_tags],
            "words": [word.to_dict() for word in self.words],
            "hitzones": [zone.to_dict() for zone in self.hitzones],
            "weapons": [weapon.to_dict() for weapon in self.weapons],
            "inventory": self.inventory.to_dict(),
            "level": self.level,
            "gained_tags": [tag.to_dict() for tag in self.gained_tags],
            "gained_words": [word.to_dict() for word in self.gained_words],
            "magic_items": [item.to_dict() for item in self.magic_items],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Character:
        with _reading("character"):
            return cls(
                name=data["name"],
                faction=Faction.from_dict(data["faction"]),
                creation_tags=tuple(Tag.from_dict(t) for t in data["creation_tags"]),
                words=tuple(Word.from_dict(w) for w in data["words"]),
                hitzones=tuple(Hitzone.from_dict(z) for z in data["hitzones"]),
                weapons=tuple(Weapon.from_dict(w) for w in data.get("weapons", ())),
                inventory=Inventory.from_dict(data.get("inventory", {})),
                level=data.get("level", 1),
                gained_tags=tuple(Tag.from_dict(t) for t in data.get("gained_tags", ())),
                gained_words=tuple(Word.from_dict(w) for w in data.get("gained_words", ())),
                magic_items=tuple(MagicItem.from_dict(m) for m in data.get("magic_items", ())),
            )


def snazzle() -> Character:
    """The rulebook's sample character, exactly as printed in "2. Character Creation".

    The sheet reads "Armor : Leather 3" without naming a Hitzone; we read it as a suit of
    leathers worn on every Hitzone, each zone's piece with its own 3 Armor. The Crossbow is
    the sheet's "(1d6/1d4)": a Ranged weapon with no Word or range limit, since the sheet
    prints none (the Reference's specific Crossbow, with [Sunder], is another chart's example).
    """
    leather = ArmorProfile("Leather", 3)
    return Character(
        name="Snazzle",
        faction=Faction("Nezbereth", ("Superstitious", "Cultured")),
        creation_tags=tuple(
            Tag(text, TagSource.CREATION) for text in ("Charismatic", "Cheater", "Musician")
        ),
        words=(Word("Convince"), Word("Daze"), Word("Steal")),
        hitzones=tuple(zone.with_armor(leather) for zone in HUMANOID_HITZONES),
        weapons=(Weapon("Rapier", 6, 6), Weapon("Crossbow", 6, 4, ranged=True)),
        inventory=Inventory(
            pouch=("Rapier", "Crossbow", "Harp", "Cloak"), pack=("Empty Glass Vial",)
        ),
    )
