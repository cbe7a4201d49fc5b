"""The fold: a fight's state is its events applied in order, and events read back from JSON.

`replay(events)` rebuilds the state from nothing; replaying a prefix gives the state at any
point of the fight. `EVENT_TYPES` names every kind of event (each class registers itself where
it is defined), so stored events come back as the same objects (`event_from_dict`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

# fight_events is imported for its classes: defining them registers their kinds.
from adjudicator.combat import events as e
from adjudicator.combat import fight_events  # noqa: F401
from adjudicator.combat.fight import fold
from adjudicator.combat.state import CombatState

#: Every event class by its `kind`.
EVENT_TYPES: Final[Mapping[str, type[e.Event]]] = e.EVENT_KINDS


def event_from_dict(data: Mapping[str, Any]) -> e.Event:
    """The event that `Event.to_dict` stored."""
    return e.Event.read(data)


def replay(events: Iterable[e.Event], start: CombatState | None = None) -> CombatState:
    """Fold events into a state, from an empty combat unless `start` is given."""
    return fold(events, CombatState() if start is None else start)
