"""Properties of whole random fights, played to the end by `skirmish.play_random_fight`.

- a unit is in at most one space (and a space holds at most one unit);
- HP and Armor never go below 0;
- replaying the log rebuilds the same state, also from JSON;
- undo then redo is the identity;
- every die in the log is on its die, and a seeded one reproduces from its seed;
- the policy's listed legal commands are never refused.
"""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.engine import Combat
from adjudicator.combat.events import Event
from adjudicator.combat.history import event_from_dict, replay
from adjudicator.combat.skirmish import FightResult, play_random_fight
from adjudicator.combat.state import CombatState

seeds = st.integers(min_value=0, max_value=2**32)
rulesets = st.sampled_from(["rulebook", "wop-draft"])
SETTINGS = settings(max_examples=12, deadline=None)


def _fight(seed: int, ruleset: str) -> FightResult:
    """A random legal fight of up to 12 rounds."""
    return play_random_fight(seed, ruleset, 12)


def _dice(event: Event) -> list[RolledDie]:
    found = []
    for value in vars(event).values():
        items = value if isinstance(value, tuple) else (value,)
        found += [v for v in items if isinstance(v, RolledDie)]
    return found


def _check(state: CombatState) -> None:
    spaces = [u.space for u in state.units if u.space is not None]
    assert len(spaces) == len(set(spaces)), "one unit per space"
    for unit in state.units:
        for zone in unit.hitzones:
            assert 0 <= zone.hp <= zone.max_hp and 0 <= zone.armor <= zone.max_armor


@SETTINGS
@given(seeds, rulesets)
def test_every_state_of_a_fight_keeps_units_in_one_space_and_hp_and_armor_at_or_above_zero(
    seed: int, ruleset: str
) -> None:
    """ "a unit in at most one space"; "HP and armor never below 0" (excess damage is lost)."""
    result = _fight(seed, ruleset)
    state = CombatState()
    for event in result.combat.events:
        state = event.apply(state)
        _check(state)


@SETTINGS
@given(seeds, rulesets)
def test_replaying_the_log_rebuilds_the_same_state(seed: int, ruleset: str) -> None:
    """ "CombatState is a fold of the event list (replay(events) -> state)." """
    result = _fight(seed, ruleset)
    combat = result.combat
    assert replay(combat.events) == combat.state
    stored = json.loads(json.dumps(combat.to_dict()))
    assert Combat.from_dict(stored).state == combat.state
    assert [event_from_dict(e.to_dict()) for e in combat.events] == list(combat.events)


@SETTINGS
@given(seeds, rulesets, st.integers(min_value=1, max_value=40))
def test_undo_then_redo_is_the_identity(seed: int, ruleset: str, steps: int) -> None:
    """Undoing any number of commands and redoing them gives back the same fight."""
    result = _fight(seed, ruleset)
    combat = result.combat
    steps = min(steps, len(combat.history) - 1)
    state, history = combat.state, combat.history
    for _ in range(steps):
        combat.undo()
    for _ in range(steps):
        combat.redo()
    assert combat.state == state and combat.history == history


@SETTINGS
@given(seeds, rulesets)
def test_every_die_in_the_log_is_on_its_die_and_reproduces(seed: int, ruleset: str) -> None:
    """Each die is recorded "with where it came from": its seed reproduces its face."""
    result = _fight(seed, ruleset)
    dice = [d for e in result.combat.events for d in _dice(e)]
    assert dice
    for die in dice:
        assert 1 <= die.value <= die.sides
        assert die.seed is not None and die.reproduces()


@SETTINGS
@given(seeds, rulesets)
def test_listed_legal_commands_are_never_refused(seed: int, ruleset: str) -> None:
    """Only the policy's own spells and counterspells may be refused."""
    result = _fight(seed, ruleset)
    assert set(result.refused) <= {"Cast", "Counter"}
    assert result.combat.state.phase.value == "ended"


def test_short_fights_from_scattered_seeds_end_cleanly() -> None:
    """A quick sweep beyond hypothesis: short fights from many seeds end cleanly."""
    for seed in random.Random(0).sample(range(10**6), 8):
        assert play_random_fight(seed, max_rounds=4).combat.state.phase.value == "ended"
