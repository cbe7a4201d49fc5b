"""Events, commands and handlers register where they are defined (issue 12: "events and commands
register themselves ... with a check that kinds are unique (keep the explicit stored `kind`);
handlers by `@handles(Command)`")."""

from dataclasses import dataclass
from typing import ClassVar, TypeVar

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.dispatch import HANDLERS, Handler, complete_table, handles
from adjudicator.combat.engine import HANDLERS as ENGINE_HANDLERS
from adjudicator.combat.events import EVENT_KINDS, Event
from adjudicator.combat.history import EVENT_TYPES
from adjudicator.combat.registry import RegistrationError, Registry
from adjudicator.combat.transaction import Transaction
from adjudicator.errors import AdjudicatorError

T = TypeVar("T")

#: The kinds fights are stored under in existing ledgers: renaming one would orphan them.
STORED_KINDS = """
combat_created unit_added unit_placed formation_set awareness_set hazard_placed hazards_cleared
combat_began initiative_rolled initiative_decided round_began turn_started turn_skipped
turn_ended actions_spent actions_owed combat_ended unit_moved action_begun action_completed
action_cancelled interruption_rolled weapon_drawn weapon_stowed weapon_dropped acted
stance_changed unit_fled reinforcement_declared attack_rolled defence_declared defence_rolled
defences_expired enhancement_used damage_dealt item_broken zone_maimed unit_down
unit_declared_dead word_owed specific_fate_offered bind_contested bind_established bind_ended
death_resisted maim_healed rested spell_cast counterspell_announced magic_item_spent
spell_took_effect spell_failed stack_closed effect_expired
""".split()  # noqa: SIM905


def _subclasses(cls: type[T]) -> list[type[T]]:
    found: list[type[T]] = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def test_every_event_class_is_registered_under_its_stored_kind() -> None:
    """Each event class is found by the `kind` its stored JSON names, and only by that."""
    events = _subclasses(Event)
    assert len(events) == len(EVENT_TYPES) == 54
    assert all(EVENT_TYPES[cls.kind] is cls for cls in events)
    assert EVENT_TYPES is EVENT_KINDS


def test_the_stored_kinds_are_the_ones_existing_ledgers_hold() -> None:
    """ "keep the explicit stored `kind`": registration by definition renames nothing."""
    assert list(EVENT_TYPES) == STORED_KINDS


def test_two_events_with_one_kind_are_refused_when_the_second_is_defined() -> None:
    """A second class claiming a stored kind fails at its definition, not at replay."""
    with pytest.raises(RegistrationError, match="'unit_added' is registered twice") as raised:

        @dataclass(frozen=True)
        class Impostor(Event):
            kind: ClassVar[str] = "unit_added"

    assert "events.UnitAdded" in raised.value.message and "Impostor" in raised.value.message
    assert EVENT_TYPES["unit_added"].__name__ == "UnitAdded"
    assert isinstance(raised.value, AdjudicatorError)


def test_an_event_without_a_kind_of_its_own_is_refused() -> None:
    """An event that inherits its kind would be stored under another event's name."""
    with pytest.raises(RegistrationError, match="sets no kind of its own"):

        @dataclass(frozen=True)
        class Nameless(Event):
            pass


def test_every_command_has_exactly_one_handler() -> None:
    """Each command class is registered, and the engine resolves each with its handler."""
    commands = _subclasses(c.Command)
    assert set(commands) == set(c.COMMAND_TYPES.values())
    assert set(ENGINE_HANDLERS) == set(commands) == set(HANDLERS)
    assert all(
        HANDLERS[command].__module__.startswith("adjudicator.combat.") for command in commands
    )


def test_a_second_handler_for_a_command_is_refused() -> None:
    with pytest.raises(RegistrationError, match="Attack is registered twice"):

        @handles(c.Attack)
        def another_attack(tx: Transaction, cmd: c.Attack) -> None:
            """Not the rulebook's attack."""

    assert HANDLERS[c.Attack].__name__ == "attack"


def test_a_command_without_a_handler_is_named_at_import() -> None:
    """`complete_table` is what engine.py runs as it is imported."""
    partial: Registry[type[c.Command], Handler] = Registry("the handler")
    partial.add(c.Move, HANDLERS[c.Move])
    with pytest.raises(RegistrationError, match=r"no handler for the combat command\(s\) \S+Flee"):
        complete_table([c.Move, c.Flee], partial)
    assert list(complete_table([c.Move], partial)) == [c.Move]
