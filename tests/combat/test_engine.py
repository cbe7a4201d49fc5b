"""The engine: commands become events; state is their fold; undo, redo, replay, log, JSON.

DESIGN.md, "Combat": "State changes only through commands that append events; state is a fold
of events, so undo, replay and an exact log come free."
"""

import json
import random

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.engine import Combat, resolve
from adjudicator.combat.errors import CombatError, NothingToRedo, NothingToUndo, OutOfReach
from adjudicator.combat.events import CombatCreated
from adjudicator.combat.history import replay
from adjudicator.combat.record import RecordError

from .helpers import dice, fight, fighter, space


def _fight() -> Combat:
    return fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C2"))


def test_an_illegal_command_changes_nothing() -> None:
    """ "Every illegal action is refused with the rule it breaks, and changes nothing." """
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "C3"))
    combat.play(c.Move("Ann", space("C4")))
    combat.undo()
    state, events = combat.state, combat.events
    with pytest.raises(OutOfReach) as raised:
        combat.play(c.Attack("Ann", "Orc"), dice(1, 1))
    assert combat.state == state and combat.events == events
    assert combat.can_redo, "a refused command leaves the redo stack alone"
    assert raised.value.broken_rule.startswith("Melee weapons can attack any adjacent space")


def test_undo_takes_back_the_last_command_and_redo_replays_the_same_dice() -> None:
    """Undo/redo of the last command (python-chess's push/pop)."""
    combat = _fight()
    before = combat.state
    played = combat.play(c.Attack("Ann", "Orc"), SeededDice(random.Random(3)))
    after = combat.state
    assert combat.undo() == played and combat.state == before
    assert combat.redo() == played and combat.state == after
    with pytest.raises(NothingToRedo):
        combat.redo()
    combat.undo()
    combat.play(c.Defend("Ann", "Head"))
    assert not combat.can_redo, "a new command clears what was undone"
    empty = Combat()
    with pytest.raises(NothingToUndo):
        empty.undo()


def test_the_state_is_the_fold_of_the_events_at_every_point() -> None:
    """ "CombatState is a fold of the event list": replaying any prefix gives that moment."""
    combat = _fight()
    combat.play(c.Move("Ann", space("C4")))
    events = combat.events
    assert replay(events) == combat.state
    assert isinstance(events[0], CombatCreated)
    placed = next(i for i, e in enumerate(events) if e.kind == "round_began")
    assert combat.state_at(placed).round == 0 and combat.state_at(placed + 1).round == 1
    assert combat.state_at(len(events)) == combat.state


def test_the_log_has_one_numbered_line_per_event() -> None:
    combat = _fight()
    combat.play(c.Attack("Ann", "Orc"), dice(2, 5))
    log = combat.log()
    assert len(log) == len(combat.events)
    assert all("\n" not in line for line in log)
    assert log[0] == "   1. combat created under the 'rulebook' ruleset"
    assert any(
        "Ann attacks Orc (single, Sword): d6=2 (entered) → hits the Offhand" in line for line in log
    )
    assert any("Orc takes 5 damage (d6=5 (entered))" in line for line in log)


def test_a_combat_round_trips_through_json() -> None:
    """The ledger stores the history as JSON and rebuilds the same fight from it."""
    combat = _fight()
    combat.play(c.Attack("Ann", "Orc"), SeededDice(random.Random(11)))
    data = json.loads(json.dumps(combat.to_dict()))
    again = Combat.from_dict(data)
    assert again.state == combat.state and again.history == combat.history
    again.undo()
    assert again.state == combat.state_at(len(combat.events) - len(combat.history[-1]))
    with pytest.raises(RecordError):
        Combat.from_dict({"history": [[{"event": "unit_added", "unit": {}}]]})
    with pytest.raises(RecordError):
        Combat.from_dict({"history": []})


def test_preview_and_resolve_change_nothing() -> None:
    combat = _fight()
    before = combat.events
    future = combat.preview(c.Move("Ann", space("C4")))
    assert future.unit("Ann").space == space("C4") and combat.events == before
    events = resolve(combat.state, combat.rules, c.Move("Ann", space("C4")))
    assert events and combat.events == before
    with pytest.raises(CombatError):
        resolve(combat.state, combat.rules, c.Command())
