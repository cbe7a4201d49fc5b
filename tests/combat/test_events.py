"""Events: frozen facts, one log line each, JSON both ways (DESIGN.md, "Combat")."""

import dataclasses
import json

import pytest

from adjudicator.combat.events import Event, RoundBegan
from adjudicator.combat.history import EVENT_TYPES, event_from_dict
from adjudicator.combat.skirmish import play_random_fight


def _events() -> list[Event]:
    found: list[Event] = []
    for seed in range(3):
        for ruleset in ("rulebook", "wop-draft"):
            found += play_random_fight(seed, ruleset, max_rounds=8).combat.events
    return found


EVENTS = _events()


def test_events_are_frozen() -> None:
    event = RoundBegan(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.round = 4  # type: ignore[misc]


def test_every_event_is_one_line_of_the_log() -> None:
    """ "an exact human-readable log (one line per event)" """
    for event in EVENTS:
        line = event.describe()
        assert line and "\n" not in line, event


def test_every_event_round_trips_through_json() -> None:
    """Each event comes back from its JSON as the same value, with its kind named."""
    kinds = set()
    for event in EVENTS:
        data = json.loads(json.dumps(event.to_dict()))
        assert data["event"] == event.kind and event_from_dict(data) == event
        kinds.add(event.kind)
    assert len(kinds) >= 30, sorted(set(EVENT_TYPES) - kinds)
