"""Murdham attacks and reactions (`seeds/002`, "Attacking" to "Protection from attacks"):
each test quotes the sentence it checks. Saves are a d20 equal or under the score."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.engine import MurdhamFight
from adjudicator.combat.systems.murdham.events import FighterAdded
from adjudicator.combat.systems.murdham.state import Status
from tests.combat.systems.murdham_helpers import dice, duel, fighter, kinds


def test_an_attack_hits_automatically_in_normal_situations() -> None:
    """ "In normal situations, attacks hit and inflict damage to the target automatically." """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Bob"))
    assert "WIT save" not in events[-1].describe() and fight.state.pending is not None
    fight.play(c.TakeHit(), dice(4))
    assert fight.state.fighter("Bob").hp == 2


@pytest.mark.parametrize(("face", "hits"), [(10, True), (11, False)])
def test_challenging_circumstances_need_a_wit_save_to_hit(face: int, hits: bool) -> None:
    """ "Attacks made in challenging circumstances require passing a WIT save to hit." """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Bob", challenging=True), dice(face))
    assert "WIT save d20=" in events[-1].describe()
    assert (fight.state.pending is not None) is hits


def test_unarmed_attacks_deal_d4_impaired_the_lower_of_two_dice() -> None:
    """ "Unarmed attacks inflict d4 impaired damage." (Impaired: the lower of two dice.)"""
    fight = duel(fighter("Cy", "Players", weapon=0))
    fight.play(c.TakeTurn("Cy"))
    fight.play(c.Attack("Cy", "Bob"))
    events = fight.play(c.TakeHit(), dice(4, 2))
    assert (
        events[0].describe()
        == "Cy hits Bob: d4=4 (entered), d4=2 (entered), lower 2 - armour 0 = 2 damage"
    )


def test_holding_back_and_concealment_impair_damage() -> None:
    """ "The attacker may choose to voluntarily hold back an attack to inflict impaired
    damage." "Concealment partially obscures vision to the target. Damage is impaired." """
    for attack in (c.Attack("Ann", "Bob", hold_back=True), c.Attack("Ann", "Bob", concealed=True)):
        fight = duel()
        fight.play(c.TakeTurn("Ann"))
        fight.play(attack)
        fight.play(c.TakeHit(), dice(6, 3))
        assert fight.state.fighter("Bob").hp == 3


def test_armour_reduces_damage_and_cover_adds_one() -> None:
    """ "Cover offers physical protection. The target's armour value is increased by 1" """
    fight = duel(fighter("Cy", "Bandits", armour=1))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Cy", cover=True))
    events = fight.play(c.TakeHit(), dice(5))
    assert fight.state.fighter("Cy").hp == 3 and "armour 2" in events[0].describe()


def test_a_final_blow_kills_a_nearby_incapacitated_character() -> None:
    """ "If the attacker targets a nearby incapacitated character, they may choose to deliver a
    final blow and kill them." """
    fight = duel(fighter("Cy", "Bandits", fearless=True))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.FinalBlowRefused):
        fight.play(c.Attack("Ann", "Bob", final_blow=True))
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.TakeHit(), dice(6))
    assert fight.state.fighter("Bob").status is Status.INCAPACITATED
    fight.play(c.EndTurn("Ann"))
    fight.play(c.Pass("Bandits"))
    fight.play(c.Pass("Players"), dice(1))
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Bob", final_blow=True))
    assert events[-1].describe() == "Ann delivers a final blow: Bob is dead"
    assert fight.state.fighter("Bob").status is Status.DEAD


def test_melee_targets_a_nearby_character_and_unseen_ones_need_a_save() -> None:
    """ "Melee attacks. Target a nearby character. Hitting a target who is not visible requires
    passing a WIT save or the attack misses and inflicts no damage." """
    fight = duel(fighter("Cy", "Bandits", "Ford"), zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.NotNearby, match="nearby"):
        fight.play(c.Attack("Ann", "Cy"))
    events = fight.play(c.Attack("Ann", "Bob", visible=False), dice(15))
    assert "the target is not visible" in events[-1].describe()
    assert "misses" in events[-1].describe() and fight.state.pending is None


@pytest.mark.parametrize(("where", "save"), [("B", False), ("C", False), ("D", True), ("E", True)])
def test_ranged_attacks_need_a_save_beyond_half_range(where: str, save: bool) -> None:
    """ "Ranged attacks. Target a visible character within the indicated range. Hitting
    targets beyond half range or while moving requires passing a WIT save" (range 4: half is
    2 zones)."""
    zones = ("A", "B", "C", "D", "E", "F")
    fight = duel(fighter("Cy", "Bandits", where), zones=zones)
    fight = _with_reach(fight, 4)
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Cy", mode="ranged"), dice(1) if save else dice())
    assert ("beyond half range" in events[-1].describe()) is save


def _with_reach(fight: MurdhamFight, reach: int) -> MurdhamFight:
    """The same fight, Ann holding a bow of `reach` zones (rebuilt from its events)."""
    groups = [
        tuple(
            replace(e, fighter=replace(e.fighter, reach=reach))
            if isinstance(e, FighterAdded) and e.fighter.name == "Ann"
            else e
            for e in group
        )
        for group in fight.history
    ]
    return MurdhamFight.from_history(groups)


def test_ranged_attacks_beyond_range_or_unseen_or_far_while_moving_are_impossible() -> None:
    """ "Targeting a character beyond half range while moving, or a character who is not
    visible, is not possible at all." """
    zones = ("A", "B", "C", "D", "E", "F", "G")
    fight = _with_reach(duel(fighter("Cy", "Bandits", "E"), zones=zones), 4)
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.IllegalShot, match="not possible at all"):
        fight.play(c.Attack("Ann", "Cy", mode="ranged", visible=False))
    fight.play(c.Move("Ann", ("B",)))
    with pytest.raises(err.IllegalShot):
        fight.play(c.Attack("Ann", "Cy", mode="ranged"))
    far = _with_reach(duel(fighter("Cy", "Bandits", "G"), zones=zones), 4)
    far.play(c.TakeTurn("Ann"))
    with pytest.raises(err.OutOfRange, match="within the indicated range"):
        far.play(c.Attack("Ann", "Cy", mode="ranged"))


def test_moving_then_shooting_within_half_range_needs_a_save() -> None:
    """ "Hitting targets beyond half range or while moving requires passing a WIT save" """
    zones = ("A", "B", "C", "D")
    fight = _with_reach(duel(fighter("Cy", "Bandits", "C"), zones=zones), 4)
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Move("Ann", ("B",)))
    events = fight.play(c.Attack("Ann", "Cy", mode="ranged"), dice(2))
    assert "while moving" in events[-1].describe()


def test_indirect_attacks_only_beyond_half_range_always_save_never_moving() -> None:
    """ "Indirect ranged attacks. Can be directed at targets which aren't directly visible and
    over obstacles, but can only target beyond half range. A WIT save to hit is always
    required. Attacking while moving isn't possible." """
    zones = ("A", "B", "C", "D", "E")
    fight = _with_reach(duel(fighter("Cy", "Bandits", "D"), fighter("Di", "Bandits", "B"),
                             zones=zones), 4)  # fmt: skip
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.IndirectTooClose):
        fight.play(c.Attack("Ann", "Di", mode="indirect"))
    events = fight.play(c.Attack("Ann", "Cy", mode="indirect", visible=False), dice(3))
    assert "indirect attacks always need one" in events[-1].describe()
    fight.undo()
    fight.play(c.Move("Ann", ("B",)))
    with pytest.raises(err.IndirectTooClose, match="while moving"):
        fight.play(c.Attack("Ann", "Cy", mode="indirect"))


def test_dodge_is_an_agi_save_and_a_pass_is_a_miss() -> None:
    """ "Dodge. Make an AGI save, and on a pass the attack misses." """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    events = fight.play(c.Dodge("Bob"), dice(10))
    assert kinds(events) == ["reacted", "attack_missed", "attack_resolved"]
    assert fight.state.fighter("Bob").hp == 6
    fight.undo()
    fight.play(c.Dodge("Bob"), dice(11, 2))
    assert fight.state.fighter("Bob").hp == 4


def test_a_reaction_is_the_character_s_turn_for_the_round() -> None:
    """ "Alternatively, characters can take their turn outside of the normal order to perform
    a reaction in response to a specific trigger." (The worked example: the bandit who
    dodged does not act in the slow sub-phase.)"""
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.Dodge("Bob"), dice(1))
    fight.play(c.EndTurn("Ann"))
    with pytest.raises(err.OnlyPass):
        fight.play(c.TakeTurn("Bob"))


def test_a_character_who_acted_cannot_react() -> None:
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeTurn("Bob"))
    events = fight.play(c.Attack("Bob", "Ann"), dice(2))
    assert "damage_rolled" in kinds(events), "no one may react: damage at once"


def test_unaware_targets_cannot_react() -> None:
    """ "Targets who are unaware of their attacker can't react." """
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", unaware=True))
    with pytest.raises(err.UnawareCannotReact, match="unaware"):
        fight.play(c.Dodge("Bob"))
    lone = duel()
    lone.play(c.TakeTurn("Ann"))
    events = lone.play(c.Attack("Ann", "Bob", unaware=True), dice(3))
    assert "damage_rolled" in kinds(events)


@pytest.mark.parametrize(
    ("theirs", "mine", "ann", "bob"),
    [
        (6, 2, 6, 0),  # Bob suffers more: hit first, dropped, his blow never lands
        (1, 6, 0, 6),  # Ann suffers more: dropped first, her blow never lands
        (3, 3, 3, 3),  # a tie: both hit at once
    ],
)
def test_counter_both_roll_and_whoever_suffers_most_is_hit_first(
    theirs: int, mine: int, ann: int, bob: int
) -> None:
    """ "Counter. Perform a suitable attack against the attacker. Both characters roll for
    damage at the same time. Whoever suffers the most damage, after reductions, is hit
    first. In case of a tie both characters are hit at the same time." """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.Counter("Bob"), dice(theirs, mine))
    assert (fight.state.fighter("Ann").hp, fight.state.fighter("Bob").hp) == (ann, bob)


def test_guarding_makes_the_guard_the_target_without_its_own_dodge() -> None:
    """ "A character who is nearby the target of an attack can react by guarding them. They
    become the new target of the attack. Since they have spent their reaction to guard, they
    can't normally counter or dodge." """
    fight = duel(fighter("Cy", "Bandits", armour=1), fighter("Di", "Players"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    with pytest.raises(err.GuardRefused):
        fight.play(c.Guard("Di"))
    events = fight.play(c.Guard("Cy"), dice(4))
    assert "Cy becomes the target" in events[0].describe()
    assert fight.state.fighter("Cy").hp == 3 and fight.state.fighter("Bob").hp == 6
    assert fight.state.pending is None


def test_hiding_behind_a_nearby_character_passes_the_attack_on() -> None:
    """ "Hide behind a nearby character. Choose a nearby character, who must agree with the
    action. This character becomes the new target of the attack. They can perform their own
    reaction." """
    fight = duel(fighter("Cy", "Bandits"), fighter("Di", "Bandits", "Ford"), zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    with pytest.raises(err.HideRefused):
        fight.play(c.Hide("Bob", "Di"))
    fight.play(c.Hide("Bob", "Cy"))
    assert fight.state.pending is not None and fight.state.pending.target == "Cy"
    fight.play(c.Dodge("Cy"), dice(3))
    assert fight.state.fighter("Cy").hp == fight.state.fighter("Bob").hp == 6


def test_reactions_come_after_the_save_to_hit_and_before_damage() -> None:
    """ "The choice must be made before rolling for damage but after the WIT save to hit, if
    required." """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Bob", challenging=True), dice(2))
    assert kinds(events)[-1] == "attack_made" and fight.state.pending is not None
    with pytest.raises(err.AttackPending):
        fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeHit(), dice(1))
    with pytest.raises(err.NoAttackPending):
        fight.play(c.Dodge("Bob"))


def test_an_opportunity_attack_interrupts_a_move_out_of_the_zone() -> None:
    """ "Characters can make an opportunity attack as a reaction against nearby enemies moving
    out of their position. The target's movement is interrupted and the attack is resolved,
    after which their turn resumes." """
    fight = duel(zones=("Road", "Ford", "Hill"))
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Move("Ann", ("Ford", "Hill"), ("Bob",)), dice(3))
    assert kinds(events) == ["reacted", "damage_rolled", "moved"]
    assert fight.state.fighter("Ann").zone == "Hill" and fight.state.fighter("Ann").hp == 3
    fight.play(c.EndTurn("Ann"))
    with pytest.raises(err.OnlyPass):
        fight.play(c.TakeTurn("Bob"))


def test_a_mover_dropped_by_an_opportunity_attack_stops_and_cannot_react() -> None:
    """ "It isn't normally possible to react to an opportunity attack, since the target is
    already spending the turn to act" """
    fight = duel(zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Move("Ann", ("Ford",), ("Bob",)), dice(6))
    assert fight.state.fighter("Ann").zone == "Road"
    assert fight.state.fighter("Ann").status is Status.INCAPACITATED


def test_opportunity_attacks_only_from_nearby_enemies_who_may_react() -> None:
    fight = duel(fighter("Cy", "Players"), zones=("Road", "Ford"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.OpportunityRefused):
        fight.play(c.Move("Ann", ("Ford",), ("Cy",)))


def test_attacking_a_friend_is_refused() -> None:
    """ "Attack an enemy." """
    fight = duel(fighter("Cy", "Players"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.BadTarget, match="main action"):
        fight.play(c.Attack("Ann", "Cy"))


def test_barriers_block_attacks_and_a_peeking_attacker_has_only_cover() -> None:
    """ "Barriers completely block attacks. If a character peaks behind cover to attack, they
    can be still countered and the barrier only counts as cover." (Cover: "The target's armour
    value is increased by 1".)"""
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    before = len(fight.events)
    with pytest.raises(err.BarrierBlocks, match="behind a barrier") as refused:
        fight.play(c.Attack("Ann", "Bob", barrier=True))
    assert "Barriers completely block attacks." in refused.value.rule
    assert len(fight.events) == before and not fight.state.turn.main  # type: ignore[union-attr]
    fight.play(c.Attack("Ann", "Bob", peeking=True))
    events = fight.play(c.Counter("Bob"), dice(2, 4))
    assert [e.describe() for e in events if e.kind == "damage_rolled"] == [
        "Bob hits Ann: d6=4 (entered) - armour 1 = 3 damage",
        "Ann hits Bob: d6=2 (entered) - armour 0 = 2 damage",
    ]
    assert fight.state.fighter("Ann").hp == 3 and fight.state.fighter("Bob").hp == 4
