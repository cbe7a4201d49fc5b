"""Shadow of the Weird Wizard's combat page (`seeds/004`): each test quotes the sentence it
checks. Attribute rolls: d20 + (score - 10), boons and banes as the best of d6s."""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard.rolls import damage_chance, success_chance
from tests.combat.systems.weird_helpers import PLAYERS, SAGE, dice, fight, unit


def test_the_sage_s_combatants_take_their_turns_first() -> None:
    """ "Each round, all the combatants under the Sage control take their turns first, acting
    in any order the Sage chooses." "Once all combatants under the Sage's control have taken
    their turns, the players take their turns." """
    f = fight(unit("Orc", SAGE, 0))
    with pytest.raises(err.OutOfOrder, match="take their turns first"):
        f.play(c.StartTurn("Fighter"))
    f.play(c.StartTurn("Orc"))
    f.play(c.EndTurn("Orc"))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))


def test_each_combatant_completes_its_turn_before_another_starts() -> None:
    """ "Each combatant must complete its turn before another can take its turn." """
    f = fight(unit("Orc", SAGE, 0))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.TurnInProgress, match="complete its turn"):
        f.play(c.StartTurn("Orc"))


def test_the_round_ends_when_all_have_taken_a_turn() -> None:
    """ "The round ends when all combatants have taken a turn." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    events = f.play(c.EndTurn("Fighter"))
    assert [e.kind for e in events] == ["turn_ended", "round_ended", "round_began"]
    assert f.state.round == 2 and f.state.done == frozenset()


def test_a_turn_is_one_action_and_a_move_before_after_or_during_it() -> None:
    """ "On each of its turns, a combatant can move and use an action before, after, or during
    its move." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    f.play(c.Move("Goblin", -3))
    f.play(c.Act("Goblin", "find"))
    f.play(c.Move("Goblin", -10))
    with pytest.raises(err.OneAction):
        f.play(c.Defend("Goblin"))
    with pytest.raises(err.TooFar):
        f.play(c.Move("Goblin", -12))


def test_run_triples_speed() -> None:
    """ "Run: Triple your Speed score until the end of your turn." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    f.play(c.Act("Goblin", "run"))
    f.play(c.Move("Goblin", -30))
    assert f.state.unit("Goblin").position == -30


def test_the_ambushed_take_no_actions_on_their_first_turns() -> None:
    """ "If an ambush happens, the ambushed can take no actions on their first turns." """
    f = fight(ambushed=("Fighter",))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    with pytest.raises(err.Ambushed, match="no actions"):
        f.play(c.Attack("Fighter", "Goblin"))
    f.play(c.Move("Fighter", 3))
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    f.play(c.Act("Fighter", "find"))


def test_one_reaction_a_round() -> None:
    """ "Each combatant can act out of turn just once each round by using a reaction." """
    f = fight()
    f.play(c.TakeInitiative("Fighter"))
    f.play(c.StartTurn("Fighter"))
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.ReactionUsed, match="just once each round"):
        f.play(c.Attack("Goblin", "Fighter", dodge=True))


def test_taking_the_initiative_acts_before_the_enemies() -> None:
    """ "If you're aware of your enemies when a new round starts, you can use a reaction to
    take the initiative, which lets you take your turn immediately before your enemies take
    theirs." """
    f = fight()
    f.play(c.TakeInitiative("Fighter"))
    with pytest.raises(err.OutOfOrder):
        f.play(c.StartTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.InitiativeRefused):
        fight(ambushed=("Fighter",)).play(c.TakeInitiative("Fighter"))


def test_an_attack_is_strength_against_defense_and_damage_adds_to_the_total() -> None:
    """ "Attribute Roll: Make an attribute roll against the target's Defense. You use Strength
    for melee weapons and Agility for ranged weapons." "If the result of your roll is a
    success, you roll the weapon's damage dice. The target adds the sum of the roll to its
    damage total." """
    f = fight(unit("Orc", SAGE, 5))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Orc"))
    f.play(c.EndTurn("Orc"))
    f.play(c.StartTurn("Fighter"))
    events = f.play(c.Attack("Fighter", "Goblin"), dice(10, 4))
    assert "Strength roll d20=10 = 10 vs Defense 10: success" in events[1].describe()
    assert f.state.unit("Goblin").damage == 4


def test_a_miss_deals_nothing() -> None:
    """ "If the result of your roll was a failure, you miss or fail to land an appreciable
    blow." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Fighter"), dice(9))
    assert "failure" in events[-1].describe() and f.state.unit("Fighter").damage == 0


def test_ranged_attacks_use_agility_and_reach_twice_the_range_with_a_bane() -> None:
    """ "Long-Range Shooting: When you make a ranged attack, you can target a creature beyond
    your weapon's range, but no more than twice its range. You roll to attack with 1 bane." """
    f = fight(unit("Archer", SAGE, -15, agility=12, reach=10))
    f.play(c.StartTurn("Archer"))
    events = f.play(c.Attack("Archer", "Fighter"), dice(10, 3))
    roll = events[1].describe()
    assert "Agility roll d20=10 +2 -best of d6 [3] = 9" in roll and "long-range shooting" in roll
    far = fight(unit("Archer", SAGE, -30, reach=10))
    far.play(c.StartTurn("Archer"))
    with pytest.raises(err.BeyondRange, match="twice its range"):
        far.play(c.Attack("Archer", "Fighter"))


def test_a_surrounded_target_grants_a_boon_to_melee() -> None:
    """ "Surrounded Target: When you make a melee attack against a target in the reach of at
    least one ally, you roll with 1 boon." """
    f = fight(unit("Orc", SAGE, 2))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Fighter"), dice(5, 6, 1))
    assert "1 boon (surrounded target: Orc in reach)" in events[1].describe()
    assert "= 11 vs Defense 10: success" in events[1].describe()


def test_shooting_within_reach_of_an_enemy_takes_a_bane() -> None:
    """ "Within Reach of an Enemy: If you make a ranged attack while in the reach of at least
    one enemy, you roll with 1 bane." """
    f = fight(unit("Archer", SAGE, 1, reach=10))
    f.play(c.StartTurn("Archer"))
    events = f.play(c.Attack("Archer", "Fighter"), dice(15, 2, 3))
    assert "ranged attack within reach of an enemy" in events[1].describe()


@pytest.mark.parametrize(
    ("flag", "amount"),
    [
        ("called_shot", -2),
        ("high_ground", 1),
        ("submerged", -1),
        ("obscured", -1),
        ("invisible", -3),
        ("partial_cover", -1),
        ("improvised", -1),
    ],
)
def test_circumstances_give_boons_and_banes_each_named(flag: str, amount: int) -> None:
    """ "Called Shot ... imposes 2 banes"; "High Ground ... 1 boon"; "Submerged ... 1 bane";
    "Obscurement ... 1 bane"; "Invisible ... 3 banes"; "Partial cover imposes 1 bane";
    improvised weapons: "you roll with 1 bane"."""
    f = fight()
    f.play(c.StartTurn("Goblin"))
    aim = {"impair": "agility"} if flag == "called_shot" else {}
    attack = c.Attack("Goblin", "Fighter", **{flag: True}, **aim)  # type: ignore[arg-type]
    events = f.play(attack, dice(1, *([1] * abs(amount))))
    assert events[1].roll.modifiers[0].amount == amount  # type: ignore[attr-defined]


def test_help_gives_a_boon_on_the_next_roll_and_it_lapses() -> None:
    """ "Help: Choose one creature within 5 yards of you. The target has 1 boon on its next
    attribute roll before the start of your next turn." """
    f = fight(unit("Orc", SAGE, 3))
    f.play(c.StartTurn("Orc"))
    f.play(c.Help("Orc", "Goblin"))
    f.play(c.EndTurn("Orc"))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Fighter"), dice(8, 2, 1))
    assert "1 boon (helped)" in events[1].describe()
    assert f.state.boons == ()
    far = fight(unit("Orc", SAGE, 9))
    far.play(c.StartTurn("Orc"))
    with pytest.raises(err.BadTarget, match="within 5 yards"):
        far.play(c.Help("Orc", "Goblin"))


def test_hinder_gives_a_bane() -> None:
    """ "Hinder: Choose one creature within 5 yards of you. The target has 1 bane on its next
    attribute roll before the start of your next turn." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Help("Goblin", "Fighter", hinder=True))
    assert "Fighter has 1 bane" in events[-1].describe()


def test_defend_turns_the_first_hit_into_a_miss_on_a_luck_roll() -> None:
    """ "Defend: Until the end of your next turn, the first time any creature succeeds on a
    roll to attack you, make a luck roll. On a success, you turn the creature's success into a
    failure." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    f.play(c.Defend("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    events = f.play(c.Attack("Fighter", "Goblin"), dice(15, 12))
    assert "the hit becomes a miss" in events[-1].describe()
    assert f.state.unit("Goblin").damage == 0 and not f.state.defended("Goblin")


def test_dodge_is_a_reaction_imposing_a_bane() -> None:
    """ "Dodge: When a creature attacks you ... you can use a reaction to either impose 1 bane
    on the roll" """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Fighter", dodge=True), dice(12, 3))
    assert events[1].describe() == "Fighter reacts: dodge: 1 bane on the attack"
    assert "Fighter" in f.state.reacted and "failure" in events[2].describe()


def test_cover_ally_switches_the_target() -> None:
    """ "Cover Ally: When an enemy attacks an ally within your reach, you can use a reaction to
    switch the enemy's target from that ally to yourself." """
    f = fight(unit("Rogue", PLAYERS, 2), unit("Monk", PLAYERS, 9))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.CoverAllyRefused):
        f.play(c.Attack("Goblin", "Fighter", covered_by="Monk"))
    f.play(c.Attack("Goblin", "Fighter", covered_by="Rogue"), dice(15, 5))
    assert f.state.unit("Rogue").damage == 5 and f.state.unit("Fighter").damage == 0


def test_a_free_attack_when_an_enemy_leaves_reach() -> None:
    """ "Free Attack: If an enemy willingly moves out of your reach without retreating, you can
    use a reaction to attack it using a melee weapon" """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Move("Goblin", -5, ("Fighter",)), dice(10, 3))
    assert [e.kind for e in events] == ["reacted", "attack_rolled", "damage_dealt", "moved"]
    assert f.state.unit("Goblin").damage == 3
    g = fight()
    g.play(c.StartTurn("Goblin"))
    with pytest.raises(err.FreeAttackRefused, match="does not move out"):
        g.play(c.Move("Goblin", 1, ("Fighter",)))


def test_bonus_damage_once_a_round_with_a_weapon() -> None:
    """ "Once per round, when you get a success on a roll to attack with a weapon or natural
    weapon (though not improvised weapons or unarmed attacks), you can roll some or all of
    your Bonus Damage along with the weapon's damage." """
    f = fight(unit("Knight", PLAYERS, 1, dice=2, bonus=2))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Knight"))
    with pytest.raises(err.BonusRefused):
        f.play(c.Attack("Knight", "Goblin", improvised=True, bonus=1), dice(20, 6, 6))
    f.play(c.Attack("Knight", "Goblin", bonus=2), dice(15, 1, 1, 2, 3, 4))
    assert f.state.unit("Goblin").damage == 10 and "Knight" in f.state.bonus_used


def test_stabilize_heals_an_incapacitated_creature_in_reach() -> None:
    """ "Stabilize: You tend to one incapacitated creature in your reach. The target heals 1d6
    damage." """
    f = fight(unit("Orc", SAGE, 0), unit("Rogue", PLAYERS, 1))
    f.play(c.StartTurn("Goblin"))
    f.play(c.Attack("Goblin", "Fighter"), dice(20, 1, 6))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Orc"))
    f.play(c.Attack("Orc", "Fighter"), dice(20, 1, 6))
    assert f.state.unit("Fighter").incapacitated
    f.play(c.EndTurn("Orc"))
    f.play(c.StartTurn("Rogue"))
    f.play(c.Stabilize("Rogue", "Fighter"), dice(3))
    assert f.state.unit("Fighter").damage == 9


@pytest.mark.parametrize("action", ["sprint", "counterspell", "momentum"])
def test_an_action_of_another_system_is_refused_naming_it(action: str) -> None:
    f = fight()
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.NotAnAction, match="not of Shadow of the Weird Wizard"):
        f.play(c.Act("Goblin", action))


def test_exact_odds_of_a_roll_with_boons_and_of_damage() -> None:
    assert success_chance(0, 0, 10) == Fraction(11, 20)
    assert success_chance(0, 1, 10) > success_chance(0, 0, 10) > success_chance(0, -1, 10)
    assert success_chance(0, -3, 25) == 0
    assert damage_chance(2, 12) == Fraction(1, 36)
    assert damage_chance(4, 4) == 1
