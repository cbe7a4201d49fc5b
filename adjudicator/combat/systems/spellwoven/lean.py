"""Records that grew fields for the optional rules: a field added later is left out of the
stored JSON while it holds its default, so a fight played without the optional rules stores
exactly the events it stored before they existed (and old fights read back unchanged)."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from adjudicator.combat.record import Record


class Lean(Record):
    """A `Record` whose `later` fields are stored only when they differ from their default."""

    later: ClassVar[frozenset[str]] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        for item in dataclasses.fields(self):  # type: ignore[arg-type]
            if item.name not in self.later:
                continue
            if item.default_factory is not dataclasses.MISSING:
                default = item.default_factory()
            else:
                default = item.default
            if getattr(self, item.name) == default:
                data.pop(item.name, None)
        return data
