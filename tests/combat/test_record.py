"""Combat values as JSON: every event, unit and spell value round-trips exactly."""

import json

import pytest

from adjudicator.combat.board import Hazard, Space
from adjudicator.combat.events import HazardPlaced, UnitAdded
from adjudicator.combat.history import EVENT_TYPES, event_from_dict
from adjudicator.combat.record import RecordError, decode, encode
from adjudicator.combat.stack import Delivery, SpellRuling
from adjudicator.combat.units import from_character
from adjudicator.rules.characters import snazzle


def test_a_unit_from_a_character_round_trips_through_json() -> None:
    """The ledger stores a combat's events as JSON; a unit inside one must come back equal."""
    unit = from_character(snazzle(), "Party")
    event = UnitAdded(unit)
    data = json.loads(json.dumps(event.to_dict()))
    assert data["event"] == "unit_added"
    assert event_from_dict(data) == event


def test_values_inside_events_keep_their_types() -> None:
    """Spaces, hazards, enums and optional fields decode to the same values."""
    event = HazardPlaced(Space.parse("C3"), Hazard.damage(2))
    assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    ruling = SpellRuling("a cone of silence", "r-9", delivery=Delivery.NONE, rounds=3)
    assert SpellRuling.from_dict(json.loads(json.dumps(ruling.to_dict()))) == ruling
    assert decode(tuple[int, ...], encode((1, 2))) == (1, 2)
    assert decode(str | None, None) is None


def test_every_event_kind_is_registered_once() -> None:
    """`event_from_dict` reads every kind of event the engine writes."""
    assert len(EVENT_TYPES) == len(set(EVENT_TYPES))
    assert all(cls.kind == kind for kind, cls in EVENT_TYPES.items())


def test_unknown_or_malformed_stored_events_are_errors() -> None:
    """Stored data that is not an event is refused with a reason, not half-read."""
    with pytest.raises(RecordError):
        event_from_dict({"event": "teleported"})
    with pytest.raises(RecordError):
        event_from_dict({"event": "hazard_placed", "space": 3, "hazard": {"kind": "slow"}})
    with pytest.raises(RecordError):
        decode(int, True)
