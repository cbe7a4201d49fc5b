"""JSON for combat values: one generic `to_dict`/`from_dict` driven by the dataclass fields.

Events, units and the values inside them are frozen dataclasses whose fields are plain
JSON types, enums, tuples, `Space`s, `Hazard`s or classes with their own `to_dict`/
`from_dict` (Words, Hitzones, Weapons, Characters, Spells). `Record` derives both directions
from the type hints, so a new event needs no serialisation code of its own.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Hashable
from typing import Any, Self, Union

from adjudicator.combat.board import Hazard, HazardKind, Space
from adjudicator.errors import InvalidInput


class RecordError(InvalidInput):
    """Stored combat data that does not fit the record it is read as."""


def encode(value: object) -> Any:
    """A JSON-ready form of a field's value."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Space):
        return str(value)
    if isinstance(value, Hazard):
        return {"kind": value.kind.value, "amount": value.amount}
    if isinstance(value, tuple | frozenset):
        items = [encode(item) for item in value]
        return sorted(items, key=repr) if isinstance(value, frozenset) else items
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    raise TypeError(f"cannot encode {type(value).__name__} in a combat record")


def decode(kind: Any, data: Any) -> Any:
    """The value of type `kind` that `encode` turned into `data`."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return data
    if origin in (Union, types.UnionType):
        options = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        if data is None and len(options) < len(typing.get_args(kind)):
            return None
        if len(options) != 1:
            raise TypeError(f"cannot decode the union {kind}")
        return decode(options[0], data)
    if origin in (tuple, frozenset):
        args = typing.get_args(kind)
        _expect(data, list, kind)
        if origin is frozenset:
            return frozenset(decode(args[0], item) for item in data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item) for item in data)
        if len(args) != len(data):
            raise RecordError(f"expected {len(args)} items for {kind}, got {len(data)}")
        return tuple(decode(arg, item) for arg, item in zip(args, data, strict=True))
    if kind is bool:
        return _expect(data, bool, kind)
    if kind is int:
        if isinstance(data, bool):
            raise RecordError(f"expected a whole number, got {data!r}")
        return _expect(data, int, kind)
    if kind is str:
        return _expect(data, str, kind)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(data)
    if kind is Space:
        return Space.parse(_expect(data, str, kind))
    if kind is Hazard:
        _expect(data, dict, kind)
        return Hazard(HazardKind(data["kind"]), int(data.get("amount", 0)))
    from_dict = getattr(kind, "from_dict", None)
    if callable(from_dict):
        return from_dict(data)
    raise TypeError(f"cannot decode {kind} in a combat record")


def _expect(data: Any, kind: type, wanted: Any) -> Any:
    if not isinstance(data, kind):
        raise RecordError(f"expected {wanted}, got {type(data).__name__} {data!r}")
    return data


@functools.cache
def _field_types(cls: Any) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """The init fields of a dataclass with their resolved types (a pure, cached lookup)."""
    return _field_types(typing.cast(Hashable, cls))


class Record:
    """Mixin for frozen dataclasses: JSON `to_dict`/`from_dict` from the field types."""

    def to_dict(self) -> dict[str, Any]:
        return {name: encode(getattr(self, name)) for name, _ in field_types(type(self))}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        if not isinstance(data, dict):
            raise RecordError(f"a {cls.__name__} is stored as an object, not {data!r}")
        values = {}
        for name, kind in field_types(cls):
            if name in data:
                try:
                    values[name] = decode(kind, data[name])
                except (KeyError, TypeError, ValueError) as error:
                    raise RecordError(f"{cls.__name__}.{name}: {error}") from None
        try:
            return cls(**values)
        except TypeError as error:
            raise RecordError(f"cannot read a stored {cls.__name__}: {error}") from None
