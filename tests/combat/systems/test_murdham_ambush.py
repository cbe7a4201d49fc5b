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


def test_hiding_later_needs_being_out_of_sight_or_a_major_distraction() -> None:
    """ "Hiding later during the fight requires being out of sight for a while or a major
    distraction." Which one holds is the GM's call (the command records it); concealed again,
    the character takes an enemy by surprise: "Characters attacked by concealed enemies are
    taken by surprise and can't react." """
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"))
    fight.play(c.Begin("Players"))
    with pytest.raises(err.HideLaterRefused, match="'a nap' is neither") as refused:
        fight.play(c.Conceal("Ann", "a nap"))
    assert "out of sight for a while or a major distraction" in refused.value.rule
    events = fight.play(c.Conceal("Ann", "out-of-sight", "behind the mill"))
    assert events[0].describe() == (
        "Ann hides (out of sight for a while: behind the mill) and is concealed"
    )
    assert fight.state.fighter("Ann").concealed
    with pytest.raises(err.HideLaterRefused, match="concealed already"):
        fight.play(c.Conceal("Ann", "distraction"))
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Bob"), dice(2))
    assert kinds(events) == [
        "action_taken", "attack_made", "revealed", "damage_rolled", "attack_resolved",
    ]  # fmt: skip


def test_a_sneaking_character_halves_speed_and_saves_agi_to_stay_unseen() -> None:
    """ "Concealed characters who want to sneak around during a fight follow the rules
    detailed in the Sneaking section: they halve their speed, must have the opportunity to
    move silently and out of sight, and must pass an AGI save to avoid detection." Ours: a
    zone costs two of movement; the opportunity is the GM's call; a failed save reveals."""
    fight = setup(
        fighter("Ann", "Players", "Woods", ambush=True, agi=12),
        fighter("Bob", "Bandits", "Woods"),
        zones=("Woods", "Road", "Hill"),
    )
    fight.play(c.Begin())
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.SneakRefused, match="2 zones take 4 of movement") as refused:
        fight.play(c.Move("Ann", ("Road", "Hill"), sneak=True), dice(5))
    assert "they halve their speed" in refused.value.rule
    with pytest.raises(err.SneakRefused, match="cannot see Ann"):
        fight.play(c.Move("Ann", ("Road",), ("Bob",), sneak=True), dice(5))
    events = fight.play(c.Move("Ann", ("Road",), sneak=True), dice(12))
    assert events[0].describe() == (
        "Ann sneaks Woods → Road at half speed; AGI save d20=12 (entered) vs 12: passes: unseen"
    )
    assert fight.state.fighter("Ann").concealed and fight.state.turn.movement == 0  # type: ignore[union-attr]
    fight.play(c.Act("Ann", "sprint"))
    events = fight.play(c.Move("Ann", ("Hill",), sneak=True), dice(13))
    assert kinds(events) == ["sneaked", "revealed"]
    assert "Ann is revealed (detected while sneaking)" in events[1].describe()
    assert fight.state.fighter("Ann").zone == "Hill"
    with pytest.raises(err.SneakRefused, match="Ann is not concealed"):
        fight.play(c.Move("Ann", ("Road",), sneak=True), dice(5))


def test_the_gm_reveals_a_concealed_character_who_is_seen_or_heard() -> None:
    """ "Concealed characters are revealed when they make noise or become visible to the
    enemy. Actions which might reveal a character include: ... walking right in front of the
    enemy, etc." What the engine does not see is the GM's call: `reveal` records it."""
    fight = ambush()
    events = fight.play(c.Reveal("Ann", "walks right in front of the enemy"))
    assert events[0].describe() == "Ann is revealed (walks right in front of the enemy)"
    assert not fight.state.fighter("Ann").concealed
    with pytest.raises(err.RevealRefused, match="Ann is not concealed") as refused:
        fight.play(c.Reveal("Ann", "sneezes"))
    assert "make noise or become visible to the enemy" in refused.value.rule
    with pytest.raises(err.RevealRefused, match="say what gives them away"):
        ambush().play(c.Reveal("Ann", " "))
