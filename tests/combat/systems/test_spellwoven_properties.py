"""Random legal Spellwoven fights (issue 15): every command offered is accepted; replay
rebuilds the same state; undo then redo is the identity; events survive JSON."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven.engine import SpellwovenFight
from adjudicator.combat.systems.spellwoven.events import SpellwovenEvent
from adjudicator.combat.systems.spellwoven.legal import legal_commands
from adjudicator.combat.systems.spellwoven.state import Proximity
from adjudicator.combat.systems.spellwoven.wounds import Track
from tests.combat.systems.spellwoven_helpers import hero

SETTINGS = settings(max_examples=15, deadline=None)


def random_fight(seed: int, steps: int) -> SpellwovenFight:
    rng = random.Random(seed)
    fight = SpellwovenFight()
    for i in range(rng.randint(2, 6)):
        side = ("Players", "Outlaws")[i % 2]
        track = Track(
            slots=(rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3), 1, 1),
            soak=(rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2), 0, 0),
            shield=rng.randint(0, 2),
        )
        fight.play(
            c.AddCharacter(
                hero(
                    f"{side[0]}{i}",
                    side,
                    initiative=rng.randint(2, 8),
                    skill=rng.randint(2, 8),
                    menace=rng.randint(2, 8),
                    defence=rng.randint(0, 4),
                    ranged=rng.random() < 0.3,
                    effort=rng.randint(0, 3),
                    feint=rng.random() < 0.3,
                    proximity=rng.choice(list(Proximity)),
                    track=track,
                )
            )
        )
    fight.play(c.Begin(), SeededDice(rng))
    for _ in range(steps):
        options = legal_commands(fight.state)
        if not options:
            break
        fighting = [o for o in options if not isinstance(o, c.Yield)]
        fight.play(rng.choice(fighting if rng.random() < 0.97 else options), SeededDice(rng))
    return fight


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=120))
def test_every_legal_command_is_accepted_and_replay_rebuilds_the_state(
    seed: int, steps: int
) -> None:
    fight = random_fight(seed, steps)
    assert fight.fold(fight.events, None) == fight.state
    stored = [[SpellwovenEvent.read(e.to_dict()) for e in group] for group in fight.history]
    assert SpellwovenFight.from_history(stored).state == fight.state
    assert fight.is_over or legal_commands(fight.state)


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=80))
def test_undo_then_redo_is_the_identity(seed: int, steps: int) -> None:
    fight = random_fight(seed, steps)
    state, log = fight.state, fight.log()
    undone = fight.undo()
    assert fight.state == fight.fold(fight.events, None)
    assert fight.redo() == undone
    assert fight.state == state and fight.log() == log
