"""Overriding a component's tuned numbers from a file, for sweeps (`eval ... --config FILE`).

Each component holds its numbers in one frozen dataclass (`CoverageThresholds`,
`SenseThresholds`, `HomonymThresholds`), passed in with its defaults. A sweep writes the
values it tries into a JSON or TOML file of `name = value` pairs; `overridden` checks every
name and type against the dataclass and returns a new instance, so a typo is an error
naming the key, never a silently ignored setting.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from adjudicator.errors import InvalidInput

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class ConfigError(InvalidInput):
    """An overrides file that cannot be used: unreadable, not a table, or a setting that the
    component does not have or with a value of the wrong type."""


T = TypeVar("T", bound="DataclassInstance")


def read_overrides(path: Path) -> dict[str, Any]:
    """The `name = value` pairs of a JSON (`.json`) or TOML (`.toml`) file."""
    suffix = path.suffix.lower()
    if suffix not in (".json", ".toml"):
        raise ConfigError(f"{path}: a config file is .json or .toml, not {suffix or 'no suffix'!r}")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: a folder, not a config file") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 (byte {error.start})") from None
    try:
        data: Any = json.loads(text) if suffix == ".json" else tomllib.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not TOML ({error})") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a config file holds one table of name = value pairs")
    return data


def overridden(defaults: T, overrides: dict[str, Any], source: str) -> T:
    """`defaults` with `overrides` applied; each name must be a field of it and each value of
    the field's type (an int for an int, a number for a float, a list of strings for a set)."""
    known = {f.name: getattr(defaults, f.name) for f in fields(defaults)}
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        if name not in known:
            raise ConfigError(
                f"{source}: unknown setting {name!r} for {type(defaults).__name__} "
                f"(known: {', '.join(sorted(known))})"
            )
        changes[name] = _value(name, value, known[name], source)
    return replace(defaults, **changes)


def _value(name: str, value: Any, default: Any, source: str) -> Any:
    """The value in the field's own type, or a `ConfigError` saying which type it wants."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        wanted = "true or false"
    elif isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        wanted = "a whole number"
    elif isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        wanted = "a number"
    elif isinstance(default, frozenset):
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return frozenset(value)
        wanted = "a list of strings"
    else:  # pragma: no cover - every field of the three dataclasses is one of the above
        wanted = type(default).__name__
    raise ConfigError(f"{source}: {name} must be {wanted}, got {value!r}")


def configured(defaults: T, path: Path | None) -> T:
    """`defaults`, overridden by the file at `path` if one is given."""
    if path is None:
        return defaults
    return overridden(defaults, read_overrides(path), str(path))
