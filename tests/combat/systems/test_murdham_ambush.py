"""Murdham ambushes (`seeds/002`, "Sneaking in combat"): each test quotes the sentence it
checks. Ambushers are concealed at the start; a bonus turn (round 0) comes before round 1."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.engine import MurdhamFight
from tests.combat.systems.murdham_helpers import dice, fighter, kinds, setup


def ambush(*, starter: str | None = None) -> MurdhamFight:
    """Ann (Players) ambushes from the Woods with Cy beside her; Bob and Dan (Bandits) on the
    Road, next to the Woods."""
    fight = setup(
        fighter("Ann", "Players", "Woods", ambush=True),
        fighter("Cy", "Players", "Woods"),
        fighter("Bob", "Bandits", "Road"),
        fighter("Dan", "Bandits", "Road"),
        zones=("Woods", "Road"),
    )
    fight.play(c.Begin(starter))
    return fight


def test_ambushers_are_concealed_at_the_start_of_the_fight() -> None:
    """ "Characters who launch an ambush are concealed at the start of the fight." They started
    it, so their faction acts first; no initiative die is rolled."""
    fight = ambush()
    assert fight.state.fighter("Ann").concealed and not fight.state.fighter("Cy").concealed
    assert fight.state.round == 0 and fight.state.to_act == "Players"
    assert "Ann joins Players" in fight.log()[4] and "concealed" in fight.log()[4]
    with pytest.raises(err.AmbushRefused, match="started the fight") as refused:
        setup(fighter("Ann", "Players", ambush=True), fighter("Bob", "Bandits")).play(
            c.Begin("Bandits")
        )
    assert "Characters who launch an ambush are concealed" in refused.value.rule


def test_the_concealed_take_a_bonus_turn_before_the_others() -> None:
    """ "Characters who are concealed at the start of the fight can take a bonus turn before
    the others. Follow the normal round procedure, but characters who aren't concealed and are
    unaware of the concealed characters can't take their turn." Ours: their allies know of
    them; then round 1 belongs to the faction that started the fight."""
    fight = ambush()
    assert fight.state.bonus == {"Ann", "Cy"}
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.EndTurn("Ann"))
    with pytest.raises(err.UnawareOfAmbush, match="unaware of the ambush") as refused:
        fight.play(c.TakeTurn("Bob"))
    assert "can't take their turn" in refused.value.rule
    fight.play(c.Pass("Bandits"))
    fight.play(c.TakeTurn("Cy"))
    fight.play(c.EndTurn("Cy"))
    fight.play(c.Pass("Bandits"))
    events = fight.play(c.Pass("Players"))
    assert kinds(events)[-2:] == ["action_phase_ended", "round_began"]
    assert fight.state.round == 1 and fight.state.initiative == "Players"
    assert "started the fight" in fight.log()[-1]
    fight.play(c.TakeTurn("Ann"))  # the bonus turn was extra: Ann acts again in round 1
    fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeTurn("Bob"))


def test_attacked_by_concealed_enemies_the_target_cannot_react_and_the_attacker_shows() -> None:
    """ "Characters attacked by concealed enemies are taken by surprise and can't react."
    "Concealed characters are revealed when they make noise or become visible to the enemy.
    Actions which might reveal a character include: attacking, invoking a power, talking,
    moving without sneaking"."""
    fight = ambush()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Move("Ann", ("Road",)))
    assert not fight.state.fighter("Ann").concealed
    fight = ambush()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Act("Ann", "say", "now!"))
    assert "Ann is revealed (talking)" in fight.log()[-1]
    fight = setup(
        fighter("Ann", "Players", ambush=True), fighter("Bob", "Bandits"), zones=("Road",)
    )
    fight.play(c.Begin())
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Bob"), dice(4))
    assert kinds(events) == [
        "action_taken", "attack_made", "revealed", "damage_rolled", "attack_resolved",
    ]  # fmt: skip
    assert fight.state.pending is None and fight.state.fighter("Bob").hp == 2
    assert not fight.state.fighter("Ann").concealed


def test_without_an_ambush_the_first_round_is_as_before() -> None:
    """ "On the first round, the faction which started the fight automatically has the
    initiative." No one concealed: no bonus turn."""
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"))
    fight.play(c.Begin("Bandits"))
    assert fight.state.round == 1 and fight.state.initiative == "Bandits"
    assert not fight.state.bonus_turn
