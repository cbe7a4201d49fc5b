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
from adjudicator.combat.record import RecordError
from adjudicator.combat.state import CombatState

#: Every event class by its `kind`.
EVENT_TYPES: Final[Mapping[str, type[e.Event]]] = e.EVENT_KINDS


def event_from_dict(data: Mapping[str, Any]) -> e.Event:
    """The event that `Event.to_dict` stored."""
    kind = data.get("event")
    cls = EVENT_TYPES.get(str(kind))
    if cls is None:
        raise RecordError(f"unknown combat event {kind!r}", hint=f"known: {', '.join(EVENT_TYPES)}")
    return cls.from_dict({k: v for k, v in data.items() if k != "event"})


def replay(events: Iterable[e.Event], start: CombatState | None = None) -> CombatState:
    """Fold events into a state, from an empty combat unless `start` is given."""
    state = CombatState() if start is None else start
    for event in events:
        state = event.apply(state)
    return state
