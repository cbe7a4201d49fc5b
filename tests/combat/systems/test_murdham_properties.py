"""Random legal Murdham fights (issue 15): every command `legal_commands` offers is accepted;
replay rebuilds the same state; undo then redo is the identity; events survive JSON."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.engine import MurdhamFight
from adjudicator.combat.systems.murdham.events import FightBegan, MurdhamEvent
from adjudicator.combat.systems.murdham.legal import legal_commands
from adjudicator.combat.systems.murdham.state import MurdhamState, Phase
from tests.combat.systems.murdham_helpers import fighter, setup

SETTINGS = settings(max_examples=15, deadline=None)
ZONES = ("Gate", "Yard", "Hall")


def random_fight(seed: int, variant: str, steps: int) -> MurdhamFight:
    """A fight of 2 or 3 factions in three zones, played `steps` random legal commands on."""
    rng = random.Random(seed)
    factions = ("Players", "Bandits", "Wolves")[: rng.choice((2, 3))]
    people = []
    for i in range(rng.randint(len(factions), 6)):
        faction = factions[i % len(factions)]
        people.append(
            fighter(
                f"{faction[0]}{i}",
                faction,
                rng.choice(ZONES),
                wit=rng.randint(3, 18),
                agi=rng.randint(3, 18),
                hp=rng.randint(1, 8),
                armour=rng.randint(0, 2),
                weapon=rng.choice((0, 4, 6, 8)),
                reach=rng.choice((0, 0, 2)),
                fearless=rng.random() < 0.2,
                prepared=rng.random() < 0.3,
                # "Characters who launch an ambush": the first faction's, sometimes.
                ambush=faction == factions[0] and rng.random() < 0.2,
            )
        )
    fight = setup(*people, zones=ZONES, variant=variant)
    fight.play(c.Begin(rng.choice((None, factions[0]))), SeededDice(rng))
    for _ in range(steps):
        options = legal_commands(fight.state)
        if not options:
            break
        if rng.random() < 0.05:
            armour_stays(fight, rng.choice(people).name, rng.randint(0, 10))
        fighting = [o for o in options if not isinstance(o, c.Surrender)]
        fight.play(rng.choice(fighting if fighting and rng.random() < 0.95 else options),
                   SeededDice(rng))  # fmt: skip
    return fight


def armour_stays(fight: MurdhamFight, unit: str, armour: int) -> None:
    """ "Armour can't be changed during a fight.": refused at any moment, nothing recorded."""
    before = fight.state
    with pytest.raises(err.ArmourFixed):
        fight.play(c.SetArmour(unit, armour))
    assert fight.state == before


seeds = st.integers(min_value=0, max_value=2**32)
variants = st.sampled_from(("murdham", "fast-slow"))


@SETTINGS
@given(seeds, variants, st.integers(min_value=0, max_value=80))
def test_every_legal_command_is_accepted_and_replay_rebuilds_the_state(
    seed: int, variant: str, steps: int
) -> None:
    fight = random_fight(seed, variant, steps)
    assert fight.fold(fight.events, None) == fight.state
    # "Armour can't be changed during a fight.": no event after the first changes any.
    armour = {f.name: f.armour for f in fight.state.fighters}
    state = MurdhamState()
    for event in fight.events:
        state = event.apply(state)
        if isinstance(event, FightBegan) or state.phase is not Phase.SETUP:
            assert {f.name: f.armour for f in state.fighters} == armour
    stored = [[MurdhamEvent.read(e.to_dict()) for e in group] for group in fight.history]
    assert MurdhamFight.from_history(stored).state == fight.state


@SETTINGS
@given(seeds, variants, st.integers(min_value=1, max_value=60))
def test_undo_then_redo_is_the_identity(seed: int, variant: str, steps: int) -> None:
    fight = random_fight(seed, variant, steps)
    state, log = fight.state, fight.log()
    undone = fight.undo()
    assert fight.state == fight.fold(fight.events, None)
    assert fight.redo() == undone
    assert fight.state == state and fight.log() == log


@SETTINGS
@given(seeds, variants)
def test_the_legal_commands_end_fights_without_getting_stuck(seed: int, variant: str) -> None:
    """Every state of a running fight offers some command, and a fight played long enough
    keeps its rounds moving."""
    fight = random_fight(seed, variant, 150)
    assert fight.is_over or legal_commands(fight.state)
