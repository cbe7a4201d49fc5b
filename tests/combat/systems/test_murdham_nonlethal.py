"""Murdham's non-lethal attacks (`seeds/002`, "Non-lethal attacks"): disarm and grapple, the
STR saves they force, and grabs. Each test quotes the sentence it checks."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.engine import MurdhamFight
from tests.combat.systems.murdham_helpers import dice, duel, fighter, kinds


@pytest.mark.parametrize(("face", "disarmed"), [(10, False), (11, True)])
def test_disarm_forces_a_str_save_or_the_weapon_drops(face: int, disarmed: bool) -> None:
    """ "Disarm. A nearby target must pass a STR save or drop a weapon chosen by the
    attacker." (STR 10: 10 passes, 11 fails.)"""
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="disarm"))
    events = fight.play(c.TakeHit(), dice(face))
    assert kinds(events) == ["nonlethal_resolved", "attack_resolved"]
    assert (fight.state.fighter("Bob").weapon == 0) is disarmed
    assert fight.state.fighter("Bob").hp == 6, "Non-lethal attacks don't inflict damage"


def test_non_lethal_attacks_target_a_nearby_character() -> None:
    fight = duel(fighter("Cy", "Bandits", "Ford"), zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.NonLethalRefused, match="nearby"):
        fight.play(c.Attack("Ann", "Cy", nonlethal="grapple"))
    with pytest.raises(err.NotAnAction):
        fight.play(c.Attack("Ann", "Bob", nonlethal="tickle"))


def test_non_lethal_attacks_can_be_dodged() -> None:
    """ "They can be dodged and countered and can be used to counter." (dodged, here)"""
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    events = fight.play(c.Dodge("Bob"), dice(4))
    assert "attack_missed" in kinds(events) and fight.state.grabs == ()


def test_a_countered_non_lethal_attack_resolves_last() -> None:
    """ "Since they inflict no damage they are always resolved last in case of a counter." """
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    events = fight.play(c.Counter("Bob"), dice(2, 15))
    assert kinds(events)[1:] == ["damage_rolled", "nonlethal_resolved", "attack_resolved"]
    assert fight.state.fighter("Ann").hp == 4 and fight.state.held_by("Bob") == "Ann"
    dropped = duel(fighter("Cy", "Bandits"))
    dropped.play(c.TakeTurn("Ann"))
    dropped.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    events = dropped.play(c.Counter("Bob"), dice(6))
    assert "nonlethal_resolved" not in kinds(events), "a dropped attacker's grapple never lands"


def test_a_grabbed_character_is_entangled() -> None:
    """ "Grapple. A nearby target must pass a STR save or be grabbed by the attacker. Grabbed
    characters are entangled for as long as their enemy keeps hold of them." """
    fight = duel(fighter("Cy", "Bandits"), zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    fight.play(c.TakeHit(), dice(15))
    assert fight.state.held_by("Bob") == "Ann"
    fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeTurn("Bob"))
    with pytest.raises(err.Entangled, match="entangled"):
        fight.play(c.Move("Bob", ("Ford",)))


def test_a_grabber_moves_with_the_grabbed_and_attacks_them_keeping_hold() -> None:
    """ "Characters who are grabbing another character can move together with them and attack
    them while keeping hold" """
    fight = duel(fighter("Cy", "Bandits"), zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    fight.play(c.TakeHit(), dice(15))
    fight.play(c.Move("Ann", ("Ford",)))
    assert fight.state.fighter("Bob").zone == "Ford"
    fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeTurn("Cy"))
    fight.play(c.EndTurn("Cy"))
    fight.play(c.Pass("Players"))
    fight.play(c.Pass("Bandits"), dice(1))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.TakeHit(), dice(1))
    assert fight.state.held_by("Bob") == "Ann" and fight.state.fighter("Bob").hp == 5


def test_doing_anything_else_frees_the_grabbed_character() -> None:
    """ "... but doing anything else automatically frees the grabbed character." """
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    fight.play(c.TakeHit(), dice(15))
    events = fight.play(c.Act("Ann", "say"))
    assert kinds(events)[0] == "released" and fight.state.held_by("Bob") is None


def test_hiding_behind_a_grabbed_enemy_who_has_no_option() -> None:
    """ "Finally, they can hide behind the grabbed character as a reaction to an attack. The
    grabbed character has no option but become the new target of the attack." "Hide behind a
    nearby ally or a grabbed enemy." """
    fight = duel(fighter("Cy", "Bandits"), fighter("Di", "Players"), fighter("Ed", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    fight.play(c.TakeHit(), dice(15))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.Pass("Bandits"))
    fight.play(c.Pass("Players"), dice(2))
    fight.play(c.TakeTurn("Ed"))
    fight.play(c.EndTurn("Ed"))
    fight.play(c.Pass("Players"))
    fight.play(c.TakeTurn("Cy"))
    fight.play(c.Attack("Cy", "Ann"))
    with pytest.raises(err.HideRefused, match="ally or a grabbed enemy"):
        fight.play(c.Hide("Ann", "Ed"))
    events = fight.play(c.Hide("Ann", "Bob"), dice(5))
    assert "damage_rolled" in kinds(events), "Bob cannot react: the blow lands at once"
    assert fight.state.fighter("Bob").hp == 1 and fight.state.fighter("Ann").hp == 6


def grabbed_next_round() -> MurdhamFight:
    """Ann grabbed Bob on the Road (Ford next to it) in round 1; round 2, Ann's turn."""
    fight = duel(fighter("Cy", "Bandits"), zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    fight.play(c.TakeHit(), dice(15))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.Pass("Bandits"))
    fight.play(c.Pass("Players"), dice(1))
    fight.play(c.TakeTurn("Ann"))
    return fight


def test_a_shove_frees_the_grabbed_half_a_zone_away_or_into_a_hazard() -> None:
    """ "They can also shove the grabbed character, freeing them but forcing them to move by
    half a zone and/or pushing them into a hazard in their zone." Ours: a main action; the GM
    names the neighbouring zone the half zone carries them into, if any, and the hazard."""
    fight = grabbed_next_round()
    events = fight.play(c.Shove("Ann", "Bob", into="Ford", hazard="the river"))
    assert kinds(events) == ["action_taken", "shoved"]
    assert events[-1].describe() == "Ann shoves Bob free, half a zone: into Ford, into the river"
    assert fight.state.held_by("Bob") is None and fight.state.fighter("Bob").zone == "Ford"
    assert fight.state.turn is not None and fight.state.turn.main
    stays = grabbed_next_round()
    stays.play(c.Shove("Ann", "Bob", hazard="the campfire"))
    assert stays.state.fighter("Bob").zone == "Road" and stays.state.held_by("Bob") is None


def test_only_the_character_held_is_shoved_and_no_further_than_half_a_zone() -> None:
    """ "They can also shove the grabbed character ... to move by half a zone": refused for
    one not held, beyond a neighbouring zone, or with no main action left; nothing recorded."""
    fight = grabbed_next_round()
    before = len(fight.events)
    with pytest.raises(err.ShoveRefused, match="keeps no hold of Cy") as refused:
        fight.play(c.Shove("Ann", "Cy"))
    assert "shove the grabbed character" in refused.value.rule
    with pytest.raises(err.ShoveRefused, match="more than half a zone"):
        fight.play(c.Shove("Ann", "Bob", into="Road"))
    assert len(fight.events) == before and fight.state.held_by("Bob") == "Ann"
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.TakeHit(), dice(1))
    with pytest.raises(err.NoActionLeft):
        fight.play(c.Shove("Ann", "Bob"))


def test_a_non_lethal_attack_can_be_used_to_counter_and_resolves_last() -> None:
    """ "They can be dodged and countered and can be used to counter. Since they inflict no
    damage they are always resolved last in case of a counter." The attack's damage lands
    first; a counterer it drops never grapples (our ruling, as for every counter)."""
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    events = fight.play(c.Counter("Bob", nonlethal="grapple"), dice(2, 15))
    assert kinds(events) == ["reacted", "damage_rolled", "nonlethal_resolved", "attack_resolved"]
    assert events[0].describe() == "Bob reacts: counter (grapple)"
    assert fight.state.fighter("Bob").hp == 4 and fight.state.held_by("Ann") == "Bob"
    assert fight.state.fighter("Ann").hp == 6, "a grapple inflicts no damage"
    dropped = duel(fighter("Cy", "Bandits"))
    dropped.play(c.TakeTurn("Ann"))
    dropped.play(c.Attack("Ann", "Bob"))
    events = dropped.play(c.Counter("Bob", nonlethal="disarm"), dice(6))
    assert "nonlethal_resolved" not in kinds(events) and dropped.state.fighter("Ann").weapon == 6


def test_a_non_lethal_attack_countered_by_another_resolves_both() -> None:
    """ "Since they inflict no damage they are always resolved last in case of a counter.":
    neither inflicts damage, so both are resolved (the attack's save first) and both stand."""
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", nonlethal="grapple"))
    events = fight.play(c.Counter("Bob", nonlethal="disarm"), dice(15, 15))
    assert kinds(events)[1:] == ["nonlethal_resolved", "nonlethal_resolved", "attack_resolved"]
    assert fight.state.held_by("Bob") == "Ann" and fight.state.fighter("Ann").weapon == 0
    assert fight.state.fighter("Ann").hp == fight.state.fighter("Bob").hp == 6


def test_a_non_lethal_counter_needs_a_nearby_attacker_and_holds_nothing_back() -> None:
    """ "Disarm. A nearby target must pass a STR save ..." and "Non-lethal attacks don't
    inflict damage": a ranged attacker is out of a grapple's reach; nothing to hold back."""
    fight = duel(fighter("Cy", "Bandits", "Ford"), fighter("Di", "Players", "Ford", reach=2),
                 zones=("Road", "Ford"))  # fmt: skip
    fight.play(c.TakeTurn("Di"))
    fight.play(c.Attack("Di", "Bob", mode="ranged"))
    with pytest.raises(err.NonLethalRefused, match="not nearby Bob"):
        fight.play(c.Counter("Bob", nonlethal="grapple"))
    near = duel()
    near.play(c.TakeTurn("Ann"))
    near.play(c.Attack("Ann", "Bob"))
    with pytest.raises(err.NoDamageToHoldBack, match="no damage to hold back"):
        near.play(c.Counter("Bob", hold_back=True, nonlethal="disarm"))
    with pytest.raises(err.NotAnAction, match="no non-lethal attack 'tickle'"):
        near.play(c.Counter("Bob", nonlethal="tickle"))
