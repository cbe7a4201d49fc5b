"""Random legal Spellwoven fights (issue 15), with random choices of the optional rules, an
ambush before the first round and recuperation after the last: every command offered is
accepted; replay rebuilds the same state; undo then redo is the identity; events survive
JSON."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven.engine import SpellwovenFight
from adjudicator.combat.systems.spellwoven.errors import CooperationRefused
from adjudicator.combat.systems.spellwoven.events import SpellwovenEvent
from adjudicator.combat.systems.spellwoven.legal import ambush_commands, legal_commands
from adjudicator.combat.systems.spellwoven.options import (
    ARROWS_I,
    ARROWS_II,
    BLACKPOWDER,
    DISCRETION,
    HEROIC,
    MAIMING,
    OVERSWING,
    RULES,
)
from adjudicator.combat.systems.spellwoven.state import Proximity
from adjudicator.combat.systems.spellwoven.wounds import Track
from tests.combat.systems.spellwoven_helpers import hero

SETTINGS = settings(max_examples=15, deadline=None)


def random_options(rng: random.Random) -> tuple[str, ...]:
    """Half the fights play without optional rules; the rest with a random choice of them."""
    if rng.random() < 0.5:
        return ()
    keys = [rule.key for rule in RULES if rule.key != ARROWS_II or rng.random() < 0.5]
    if ARROWS_II in keys:
        keys.remove(ARROWS_I)
    return tuple(key for key in keys if rng.random() < 0.5)


def random_fight(seed: int, steps: int) -> SpellwovenFight:
    rng = random.Random(seed)
    chosen = random_options(rng)
    fight = SpellwovenFight("+".join(("spellwoven", *chosen)))
    for i in range(rng.randint(2, 6)):
        side = ("Players", "Outlaws")[i % 2]
        track = Track(
            slots=(rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3), 1, 1),
            soak=(rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2), 0, 0),
            shield=rng.randint(0, 2),
        )
        npc = rng.random() < 0.3
        spared = DISCRETION in chosen and not npc and rng.random() < 0.5
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
                    npc=npc,
                    presence=rng.choice((None, 1, 2)),
                    fortitude=rng.randint(1, 3) if MAIMING in chosen else None,
                    very_heavy=OVERSWING in chosen and rng.random() < 0.5,
                    blackpowder=BLACKPOWDER in chosen and rng.random() < 0.3,
                    spared=spared,
                ),
                dies=HEROIC in chosen and not npc and not spared and rng.random() < 0.3,
            )
        )
    for _ in range(rng.randint(0, 6)):  # an ambush, if the Gamesmaster chose the rule
        ambush = ambush_commands(fight.state)
        if not ambush:
            break
        fight.play(rng.choice(ambush), SeededDice(rng))
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


def test_a_character_back_by_a_heroic_death_mid_round_is_no_cooperation_partner() -> None:
    """The fight hypothesis found (seed 664): P2, felled and back by a Heroic Death in the
    same round, is out of the round's order; cooperating with it was offered and crashed.
    It is no longer offered, and asking for it is refused with a reason."""
    fight = random_fight(664, 35)  # the step before the crash
    state = fight.state
    out = [u.name for u in state.characters if u.standing and u.name not in state.order]
    assert out == ["P2"]
    assert not any(isinstance(o, c.Cooperate) and "P2" in o.units for o in legal_commands(state))
    with pytest.raises(CooperationRefused, match="not in this round's order"):
        fight.play(c.Cooperate(("P0", "P2")))
