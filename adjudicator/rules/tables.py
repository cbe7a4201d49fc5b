"""The rulebook's Reference tables as data a campaign can replace.

"These charts are purely examples of what the Storyteller could generate ... Make your charts
fit your game" (rulebook, "Reference"). The package ships the rulebook's charts in
`data/reference.json`; a campaign passes its own file, in the same format, to `load_tables`.
Dice are stored as their number of sides: every die in the charts is a single die ("1d6").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from adjudicator.errors import InvalidInput
from adjudicator.rules.dice import Dice
from adjudicator.rules.words import Word, normalise

#: The version of the tables' JSON format; a file may state it as "format".
FORMAT = 1
SECTIONS = ("factions", "weapons_by_size", "weapons_specific", "weapon_words", "armors")

_T = TypeVar("_T")


class TablesError(InvalidInput):
    """Tables that cannot be used; names the file, the entry and the field at fault."""

    def __init__(
        self,
        reason: str,
        *,
        field: str | None = None,
        entry: str | None = None,
        path: str | None = None,
    ) -> None:
        self.reason = reason
        self.field = field
        self.entry = entry
        self.path = path
        where = ": ".join(part for part in (path, entry, field) if part)
        super().__init__(f"{where}: {reason}" if where else reason)

    def located(self, *, entry: str | None = None, path: str | None = None) -> TablesError:
        """The same error, placed in the entry and file it was found in (inner places win)."""
        return TablesError(
            self.reason, field=self.field, entry=self.entry or entry, path=self.path or path
        )


class UnknownEntry(InvalidInput):
    """A name looked up in the tables that they do not hold; lists the names they do."""

    def __init__(self, kind: str, name: str, known: Sequence[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = tuple(known)
        super().__init__(
            f"no {kind} {name!r} in the reference tables",
            hint=f"known: {', '.join(known)}" if known else f"the tables list no {kind}",
        )


def parse_die(text: str) -> int:
    """The sides of a single die written "1d6" or "d6", as the charts and sheets print them."""
    dice = Dice.parse(text)
    if dice.count != 1:
        raise TablesError(f"{text!r} is {dice.count} dice; a chart's die is a single die like 1d6")
    return dice.sides


def format_die(sides: int) -> str:
    return f"1d{sides}"


@dataclass(frozen=True)
class Faction:
    """A Faction and "the Tags that come with it", two: "Nezbereth (Superstitious, Cultured)"."""

    name: str
    tags: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name(self.name))
        object.__setattr__(self, "tags", _tags(self.tags, "tags"))
        if len(self.tags) != 2:
            raise TablesError(f"a faction has two Tags, not {len(self.tags)}", field="tags")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "tags": list(self.tags)}

    @classmethod
    def from_dict(cls, data: object) -> Faction:
        fields = _Fields(data, ("name", "tags"))
        return cls(fields.text("name"), fields.texts("tags"))


@dataclass(frozen=True)
class Weapon:
    """A weapon's profile: a Reference row ("Two-Handed", "Crossbow") or a character's weapon.

    `word` and `tag` are the chart's Word and Tag columns. `range_limit` is the largest hit die
    a ranged weapon may reach ("Some weapons may have a maximum range, expressed as a Hit Die").
    Which dice a shot steps through is the ruleset's ladder (1d6 up in the rulebook, 1d4 up
    in the draft), so a combat checks a ranged weapon against it when the unit joins.
    """

    name: str
    hit_die: int
    damage_die: int
    word: Word | None = None
    tag: str | None = None
    range_limit: int | None = None
    ranged: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name(self.name))
        _check_die(self.hit_die, "hit_die")
        _check_die(self.damage_die, "damage_die")
        if self.tag is not None:
            object.__setattr__(self, "tag", _tag(self.tag, "tag"))
        if self.range_limit is not None:
            if not self.ranged:
                raise TablesError("only a ranged weapon has a range limit", field="range_limit")
            if self.range_limit < self.hit_die:
                raise TablesError(
                    f"{format_die(self.range_limit)} is not a die at or above the hit die "
                    f"{format_die(self.hit_die)}",
                    field="range_limit",
                )

    def named(self, name: str) -> Weapon:
        """This profile under a character's own name: a One-Handed weapon called "Rapier"."""
        return replace(self, name=name)

    def __str__(self) -> str:
        return f"{self.name} ({format_die(self.hit_die)}/{format_die(self.damage_die)})"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "hit_die": format_die(self.hit_die),
            "damage_die": format_die(self.damage_die),
        }
        if self.word is not None:
            data["word"] = self.word.text
        if self.tag is not None:
            data["tag"] = self.tag
        if self.range_limit is not None:
            data["range_limit"] = format_die(self.range_limit)
        if self.ranged:
            data["ranged"] = True
        return data

    @classmethod
    def from_dict(cls, data: object) -> Weapon:
        fields = _Fields(
            data, ("name", "hit_die", "damage_die", "word", "tag", "range_limit", "ranged")
        )
        word = fields.optional_text("word")
        range_limit = fields.optional_text("range_limit")
        return cls(
            fields.text("name"),
            fields.die("hit_die"),
            fields.die("damage_die"),
            word=None if word is None else fields.convert("word", Word, word),
            tag=fields.optional_text("tag"),
            range_limit=None if range_limit is None else fields.die("range_limit"),
            ranged=fields.flag("ranged"),
        )


@dataclass(frozen=True)
class ArmorProfile:
    """A kind of armor: its durability (the Armor it gives a Hitzone) and its Tags."""

    name: str
    durability: int
    tags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name(self.name))
        object.__setattr__(self, "tags", _tags(self.tags, "tags"))
        if not isinstance(self.durability, int) or self.durability < 1:
            raise TablesError(
                f"durability is a whole number from 1, not {self.durability!r}", field="durability"
            )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "durability": self.durability}
        if self.tags:
            data["tags"] = list(self.tags)
        return data

    @classmethod
    def from_dict(cls, data: object) -> ArmorProfile:
        fields = _Fields(data, ("name", "durability", "tags"))
        return cls(fields.text("name"), fields.integer("durability"), fields.texts("tags", ()))


@dataclass(frozen=True)
class WordUsage:
    """A weapon Word or Tag with the chart's example of its usage ("Sunder": 2x damage to Armor)."""

    word: str
    usage: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "word", _tag(self.word, "word"))
        object.__setattr__(self, "usage", _name(self.usage, "usage"))

    def to_dict(self) -> dict[str, Any]:
        return {"word": self.word, "usage": self.usage}

    @classmethod
    def from_dict(cls, data: object) -> WordUsage:
        fields = _Fields(data, ("word", "usage"))
        return cls(fields.text("word"), fields.text("usage"))


@dataclass(frozen=True)
class ReferenceTables:
    """The Storyteller's charts: factions, weapons by size and specific, weapon Words, armor.

    Names are unique within each chart (weapons across both weapon charts) and are looked up
    ignoring case.
    """

    factions: tuple[Faction, ...] = ()
    weapons_by_size: tuple[Weapon, ...] = ()
    weapons_specific: tuple[Weapon, ...] = ()
    weapon_words: tuple[WordUsage, ...] = ()
    armors: tuple[ArmorProfile, ...] = ()

    def __post_init__(self) -> None:
        _check_unique("factions", [f.name for f in self.factions])
        _check_unique(
            "weapons",
            [w.name for w in self.weapons],
            labels=[f"weapons_by_size[{i}]" for i in range(len(self.weapons_by_size))]
            + [f"weapons_specific[{i}]" for i in range(len(self.weapons_specific))],
        )
        _check_unique("weapon_words", [u.word for u in self.weapon_words])
        _check_unique("armors", [a.name for a in self.armors])

    @property
    def weapons(self) -> tuple[Weapon, ...]:
        return self.weapons_by_size + self.weapons_specific

    def faction(self, name: str) -> Faction:
        return _find("faction", self.factions, name, lambda f: f.name)

    def weapon(self, name: str) -> Weapon:
        """A weapon from either chart: a size ("Two-Handed") or a specific weapon ("Glaive")."""
        return _find("weapon", self.weapons, name, lambda w: w.name)

    def armor(self, name: str) -> ArmorProfile:
        return _find("armor", self.armors, name, lambda a: a.name)

    def usage(self, word: str) -> WordUsage:
        return _find("weapon Word", self.weapon_words, word, lambda u: u.word)

    def to_dict(self) -> dict[str, Any]:
        """The tables in the JSON format `load_tables` reads: a starting point for a campaign."""
        return {
            "format": FORMAT,
            "factions": [f.to_dict() for f in self.factions],
            "weapons_by_size": [w.to_dict() for w in self.weapons_by_size],
            "weapons_specific": [w.to_dict() for w in self.weapons_specific],
            "weapon_words": [u.to_dict() for u in self.weapon_words],
            "armors": [a.to_dict() for a in self.armors],
        }

    @classmethod
    def from_dict(cls, data: object) -> ReferenceTables:
        fields = _Fields(data, ("format", *SECTIONS))
        version = fields.integer("format", FORMAT)
        if version != FORMAT:
            raise TablesError(
                f"format {version} is not one this version reads ({FORMAT})", field="format"
            )
        return cls(
            factions=_section(fields, "factions", Faction.from_dict),
            weapons_by_size=_section(fields, "weapons_by_size", Weapon.from_dict),
            weapons_specific=_section(fields, "weapons_specific", Weapon.from_dict),
            weapon_words=_section(fields, "weapon_words", WordUsage.from_dict),
            armors=_section(fields, "armors", ArmorProfile.from_dict),
        )


def load_tables(path: Path | None = None) -> ReferenceTables:
    """Read the packaged Reference tables, or a campaign's own file in the same JSON format."""
    if path is None:
        source = resources.files("adjudicator.rules") / "data" / "reference.json"
        label = "packaged reference.json"
    else:
        source, label = path, str(path)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise TablesError(f"cannot read the file: {error.strerror or error}", path=label) from None
    except UnicodeDecodeError:
        raise TablesError("the file is not UTF-8 text", path=label) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TablesError(
            f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})", path=label
        ) from None
    try:
        return ReferenceTables.from_dict(data)
    except TablesError as error:
        raise error.located(path=label) from None


_REQUIRED = object()


class _Fields:
    """One JSON object's fields, read with their types checked and the field named in errors."""

    def __init__(self, data: object, allowed: Sequence[str]) -> None:
        if not isinstance(data, dict):
            raise TablesError(
                f"expected an object with fields {', '.join(allowed)}, got {_kind(data)}"
            )
        for key in data:
            if key not in allowed:
                raise TablesError(
                    f"unknown field; the fields are {', '.join(allowed)}", field=str(key)
                )
        self._data: dict[str, object] = data

    def _get(self, key: str, kind: type | tuple[type, ...], name: str, default: object) -> Any:
        if key not in self._data:
            if default is _REQUIRED:
                raise TablesError("missing", field=key)
            return default
        value = self._data[key]
        # bool is an int in Python; a chart's numbers are never true/false.
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise TablesError(f"expected {name}, got {_kind(value)}", field=key)
        return value

    def text(self, key: str) -> str:
        return str(self._get(key, str, "text", _REQUIRED))

    def optional_text(self, key: str) -> str | None:
        value = self._get(key, (str, type(None)), "text or null", None)
        return None if value is None else str(value)

    def integer(self, key: str, default: object = _REQUIRED) -> int:
        return int(self._get(key, int, "a whole number", default))

    def flag(self, key: str) -> bool:
        return bool(self._get(key, bool, "true or false", False))

    def texts(self, key: str, default: object = _REQUIRED) -> tuple[str, ...]:
        values = self._get(key, list, "a list", default)
        if not all(isinstance(value, str) for value in values):
            raise TablesError("expected a list of text", field=key)
        return tuple(values)

    def die(self, key: str) -> int:
        return self.convert(key, parse_die, self.text(key))

    def convert(self, key: str, convert: Callable[[str], _T], text: str) -> _T:
        """Apply `convert`, naming this field in any error it raises."""
        try:
            return convert(text)
        except TablesError as error:
            raise TablesError(error.reason, field=key) from None
        except InvalidInput as error:
            raise TablesError(error.message, field=key) from None

    def items(self, key: str) -> list[object]:
        return list(self._get(key, list, "a list", _REQUIRED))


def _section(fields: _Fields, key: str, parse: Callable[[object], _T]) -> tuple[_T, ...]:
    entries = []
    for index, item in enumerate(fields.items(key)):
        try:
            entries.append(parse(item))
        except InvalidInput as error:
            name = item.get("name", item.get("word")) if isinstance(item, dict) else None
            entry = f"{key}[{index}]" + (f" ({name})" if isinstance(name, str) else "")
            if isinstance(error, TablesError):
                raise error.located(entry=entry) from None
            raise TablesError(error.message, entry=entry) from None
    return tuple(entries)


def _kind(value: object) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


def _name(text: str, field: str = "name") -> str:
    """A display name with its spacing tidied: "Two-Handed", "Empty Glass Vial"."""
    tidy = " ".join(str(text).split())
    if not tidy:
        raise TablesError("cannot be empty", field=field)
    return tidy


def _tag(text: str, field: str) -> str:
    """A Tag or Word in its canonical form, as `Word` normalises it."""
    try:
        return normalise(text)
    except InvalidInput as error:
        raise TablesError(error.message, field=field) from None


def _tags(texts: Sequence[str], field: str) -> tuple[str, ...]:
    tags = tuple(_tag(text, field) for text in texts)
    if len(set(tags)) != len(tags):
        raise TablesError(f"a Tag is listed twice: {', '.join(tags)}", field=field)
    return tags


def _check_die(sides: int, field: str) -> None:
    if not isinstance(sides, int) or isinstance(sides, bool):
        raise TablesError(f"a die is its number of sides, not {sides!r}", field=field)
    try:
        Dice(1, sides)
    except InvalidInput as error:
        raise TablesError(error.message, field=field) from None


def _check_unique(kind: str, names: Sequence[str], labels: Sequence[str] | None = None) -> None:
    labels = labels or [f"{kind}[{index}]" for index in range(len(names))]
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        key = name.casefold()
        if key in seen:
            raise TablesError(
                f"{name!r} is already {labels[seen[key]]}; names in the {kind} differ",
                entry=f"{labels[index]} ({name})",
            )
        seen[key] = index


def _find(kind: str, entries: Sequence[_T], name: str, key: Callable[[_T], str]) -> _T:
    wanted = " ".join(name.split()).casefold()
    for entry in entries:
        if key(entry).casefold() == wanted:
            return entry
    raise UnknownEntry(kind, name, [key(entry) for entry in entries])
