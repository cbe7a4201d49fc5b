"""The legal commands of the acting unit: built from the same checks as the handlers."""

import random

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.combat import commands as c
from adjudicator.combat.board import Space
from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.ranged import possible_shots, shots_from
from adjudicator.combat.skirmish import setup_skirmish
from adjudicator.combat.state import BOARD

from .helpers import fight, fighter, space

spaces = st.sampled_from(BOARD.spaces)


@given(spaces, st.frozensets(spaces), st.sampled_from([6, 8]))
def test_one_search_finds_the_same_shots_as_one_search_per_target(
    origin: Space, others: frozenset[Space], die: int
) -> None:
    """ "The path from attacker to target must not be blocked by units (including allies)":
    `shots_from` (one path search) agrees with `possible_shots` (one per target)."""
    occupied = others - {origin}
    one = shots_from(BOARD, origin, occupied, occupied, hit_die=die)
    assert one == possible_shots(BOARD, origin, occupied, occupied, hit_die=die)


def test_every_listed_command_is_accepted() -> None:
    """Whatever `legal_commands` lists, `play` accepts (many states of random fights)."""
    rng = random.Random(5)
    for ruleset in ("rulebook", "wop-draft"):
        combat = setup_skirmish(ruleset)
        dice = SeededDice(random.Random(1))
        combat.play(c.Begin(), dice)
        for _ in range(120):
            legal = combat.legal_commands()
            if not legal:
                break
            for command in legal:
                combat.preview(command, dice)
            combat.play(rng.choice(legal), dice)


def test_the_listing_follows_the_turn() -> None:
    """Two actions, one attack, a whole turn to flee, and nothing while a spell waits."""
    combat = fight((fighter("Ann", "Party"), "D3"), (fighter("Orc", "Orcs"), "C2"))
    legal = combat.legal_commands()
    assert c.Flee("Ann") in legal and c.EndTurn() in legal
    assert c.Attack("Ann", "Orc", ("Sword",)) in legal
    assert c.Move("Ann", space("C3")) in legal, "a ring change"
    assert c.Move("Ann", space("D5")) in legal
    combat.play(c.Move("Ann", space("D4")))
    legal = combat.legal_commands()
    assert c.Flee("Ann") not in legal
    assert c.Move("Ann", space("C3")) in legal, "begun with one action, finished next turn"
    assert c.Move("Ann", space("D6")) not in legal
    assert not [x for x in legal if isinstance(x, c.Attack) and x.style is not c.AttackStyle.SINGLE]


def test_nothing_is_listed_before_the_fight() -> None:
    combat = setup_skirmish()
    assert combat.legal_commands() == ()
