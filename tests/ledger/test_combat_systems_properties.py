"""Random legal Murdham fights kept in a real ledger file: the fight folded back from its
chained steps is the fight played, through undos and redos (issue 15's property, stored)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.engine import MurdhamFight
from adjudicator.combat.systems.murdham.legal import legal_commands
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.fights.combats import DiceSpec, start_combat
from adjudicator.ledger.fights.steps import load_fight
from adjudicator.ledger.fights.systems import play_fight, redo_fight, undo_fight
from tests.combat.systems.murdham_helpers import fighter
from tests.ledger.helpers import new_ledger


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(min_value=0, max_value=2**32))
def test_a_stored_random_fight_folds_back_to_the_fight_played(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    book = new_ledger(tmp_path / f"{seed}.sqlite")
    info = start_combat(
        book, seed=seed, system="murdham", rules=rng.choice(("murdham", "fast-slow"))
    )
    play_fight(book, "murdham", c.AddZone("Road"))
    for i in range(4):
        faction = ("Players", "Bandits")[i % 2]
        play_fight(book, "murdham", c.AddFighter(fighter(f"{faction[0]}{i}", faction, hp=3)))
    play_fight(book, "murdham", c.Begin())
    for step in range(25):
        options = legal_commands(_fight(book, info.id).state)
        if not options:
            break
        play_fight(book, "murdham", rng.choice(options), dice=DiceSpec(seed=step))
        if rng.random() < 0.2:
            undo_fight(book, "murdham")
            if rng.random() < 0.5:
                redo_fight(book, "murdham")
    fight = _fight(book, info.id)
    assert MurdhamFight.from_history(fight.history).state == fight.state
    book.close()


def _fight(book: Ledger, combat: str) -> MurdhamFight:
    fight = load_fight(book, "murdham", combat).fight
    assert isinstance(fight, MurdhamFight)
    return fight
