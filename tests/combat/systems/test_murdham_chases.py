"""Murdham chases (`seeds/002`, "Chases"): a long chase resolved by the fleeing characters'
group AGI save, or by the faster side. Each test quotes the sentence it checks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.odds import chase_odds, chase_odds_of
from adjudicator.combat.systems.murdham.state import Phase, Status
from tests.combat.systems.murdham_helpers import dice, duel, fighter, kinds, setup


def test_a_long_chase_is_a_group_agi_save_those_who_pass_escape() -> None:
    """ "Chases over long distances can be resolved with the fleeing character making a group
    AGI save: those who pass escape, those who fail are reached by the pursuers." The escaped
    leave the fight; the reached stand where the pursuers reach them (ours: the first
    pursuer's zone, unless the GM names one)."""
    fight = duel(fighter("Dan", "Bandits", "Ford"), zones=("Road", "Ford"))
    events = fight.play(c.Chase(("Bob", "Dan"), ("Ann",)), dice(10, 11))
    assert kinds(events) == ["chase_resolved"]
    saves = events[0].saves  # type: ignore[attr-defined]
    assert [(name, score, die.value) for name, score, die in saves] == [
        ("Bob", 10, 10),
        ("Dan", 10, 11),
    ]
    assert events[0].describe() == (
        "chase: Bob, Dan flee from Ann; group AGI save: Bob AGI save d20=10 (entered) vs 10: "
        "passes; Dan AGI save d20=11 (entered) vs 10: fails; Bob escapes (out of the fight); "
        "Dan is reached by the pursuers in Road"
    )
    assert fight.state.fighter("Bob").status is Status.ESCAPED
    assert fight.state.fighter("Dan").status is Status.ACTIVE
    assert fight.state.fighter("Dan").zone == "Road", "reached: nearby Ann"
    assert fight.state.phase is Phase.ACTION, "Dan still stands"
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.BadTarget, match="Bob is escaped"):
        fight.play(c.Attack("Ann", "Bob"))


def test_the_faster_side_decides_without_a_save() -> None:
    """ "If the fleeing characters can move faster or keep the speed for longer, the save is
    not required. If the opposite is true, escaping is impossible." Which side is faster is
    the GM's call."""
    faster = duel(fighter("Dan", "Bandits", "Ford"), zones=("Road", "Ford"))
    events = faster.play(c.Chase(("Bob", "Dan"), ("Ann",), "faster"))
    assert kinds(events) == ["chase_resolved", "fight_ended"], "no die is rolled"
    assert (
        "the fleeing are faster: no save; Bob, Dan escape (out of the fight)"
        in events[0].describe()
    )
    assert faster.state.ended == "only Players remain standing"
    slower = duel(fighter("Dan", "Bandits", "Ford"), zones=("Road", "Ford"))
    events = slower.play(c.Chase(("Bob", "Dan"), ("Ann",), "slower", zone="Ford"))
    assert "escaping is impossible; Bob, Dan are reached by the pursuers in Ford" in (
        events[0].describe()
    )
    assert [f.zone for f in slower.state.fighters] == ["Road", "Ford", "Ford"]
    assert all(f.status is Status.ACTIVE for f in slower.state.fighters)


def test_a_chase_follows_a_failed_morale_check() -> None:
    """ "those who fail must surrender or retreat": a broken character may flee after the
    fight is over (the chapter's "Chases" resolve the retreat)."""
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.TakeHit(), dice(3))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.Pass("Bandits"))
    fight.play(c.Pass("Players"), dice(15))
    assert fight.state.phase is Phase.ENDED
    fight.play(c.Chase(("Bob",), ("Ann",)), dice(4))
    assert fight.state.fighter("Bob").status is Status.ESCAPED


def test_who_may_flee_and_who_may_give_chase() -> None:
    """ "Chases over long distances can be resolved with the fleeing character making a group
    AGI save": ours, between turns; the standing or broken flee (not the incapacitated, not
    one held), the standing enemies pursue."""
    fight = duel(fighter("Cy", "Players"), fighter("Dan", "Bandits", hp=1))
    with pytest.raises(err.ChaseRefused, match="same side"):
        fight.play(c.Chase(("Bob",), ("Dan",)))
    with pytest.raises(err.ChaseRefused, match="name the pursuers"):
        fight.play(c.Chase(("Bob",), ()))
    with pytest.raises(err.ChaseRefused, match="no pace 'crawl'"):
        fight.play(c.Chase(("Bob",), ("Ann",), "crawl"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.TurnInProgress):
        fight.play(c.Chase(("Bob",), ("Ann",)), dice(1))
    fight.play(c.Attack("Ann", "Dan"))
    with pytest.raises(err.AttackPending):
        fight.play(c.Chase(("Bob",), ("Ann",)), dice(1))
    fight.play(c.TakeHit(), dice(3))
    fight.play(c.EndTurn("Ann"))
    with pytest.raises(err.ChaseRefused, match="Dan is incapacitated and cannot flee"):
        fight.play(c.Chase(("Dan",), ("Ann",)))
    with pytest.raises(err.ChaseRefused, match="Dan is incapacitated and cannot give chase"):
        fight.play(c.Chase(("Ann",), ("Dan",)))
    fight.play(c.TakeTurn("Bob"))
    fight.play(c.Attack("Bob", "Cy", nonlethal="grapple"))
    fight.play(c.TakeHit(), dice(20))
    fight.play(c.EndTurn("Bob"))
    with pytest.raises(err.Entangled, match="Bob keeps hold of Cy"):
        fight.play(c.Chase(("Cy",), ("Bob",)))
    with pytest.raises(err.NotInPhase):
        setup(fighter("Ann", "Players"), fighter("Bob", "Bandits")).play(
            c.Chase(("Bob",), ("Ann",))
        )


def test_the_go_passes_on_when_the_faction_whose_go_it_is_escapes() -> None:
    """ "The factions alternate taking turns": with three factions, one that escapes while it
    is its go hands it to the next faction still in the fight."""
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"), fighter("Wo", "Wolves"))
    fight.play(c.Begin("Players"))
    fight.play(c.Pass("Players"))
    assert fight.state.to_act == "Bandits"
    fight.play(c.Chase(("Bob",), ("Ann",), "faster"))
    assert fight.state.to_act == "Wolves" and fight.state.phase is Phase.ACTION


def test_chase_odds_are_the_group_save_s_exact_odds() -> None:
    """Exact odds of "a group AGI save: those who pass escape": each save is AGI/20; play
    every face pair of two d20 through the engine and count who escapes."""
    seen: Counter[int] = Counter()
    for a, b in product(range(1, 21), repeat=2):
        fight = duel(fighter("Dan", "Bandits", agi=5))
        fight.play(c.Chase(("Bob", "Dan"), ("Ann",)), dice(a, b))
        seen[sum(f.status is Status.ESCAPED for f in fight.state.fighters)] += 1
    odds = chase_odds_of(duel(fighter("Dan", "Bandits", agi=5)).state, ("Bob", "Dan"), "even")
    assert dict(odds.escaped) == {n: Fraction(k, 400) for n, k in seen.items()}
    assert dict(odds.each) == {"Bob": Fraction(1, 2), "Dan": Fraction(1, 4)}
    assert odds.all_escape == Fraction(1, 8) and odds.none_escape == Fraction(3, 8)
    assert chase_odds((("Bob", 10),), "faster").all_escape == 1
    assert chase_odds((("Bob", 10),), "slower").none_escape == 1
    with pytest.raises(err.ChaseRefused):
        chase_odds((("Bob", 10),), "crawl")
