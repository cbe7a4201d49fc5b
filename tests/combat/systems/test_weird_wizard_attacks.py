"""Shadow of the Weird Wizard's ways to attack beyond the plain hit (`seeds/004`, "Multiple
Attacks"): each test quotes the sentence it checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard.commands import AttackOption
from adjudicator.combat.systems.weird_wizard.engine import WeirdWizardFight
from adjudicator.combat.systems.weird_wizard.state import Combatant, Grip
from tests.combat.systems.weird_helpers import PLAYERS, SAGE, dice, unit


def knights_turn(*more: Combatant, bonus: int = 3) -> WeirdWizardFight:
    """Goblin (0 yd) and Orc (2 yd) of the Sage's, Knight (1 yd, 2d6, +`bonus`d6) between
    them; the Sage's side has acted and it is the Knight's turn."""
    f = WeirdWizardFight()
    for u in (
        unit("Goblin", SAGE, 0),
        unit("Orc", SAGE, 2),
        unit("Knight", PLAYERS, 1, dice=2, bonus=bonus),
        *more,
    ):
        f.play(c.AddCombatant(u))
    f.play(c.Begin())
    for name in (u.name for u in f.state.combatants if u.side is SAGE):
        f.play(c.StartTurn(name))
        f.play(c.EndTurn(name))
    f.play(c.StartTurn("Knight"))
    return f


def test_multiple_attacks_cost_2_dice_of_bonus_damage_each_and_need_a_new_target() -> None:
    """ "When you attack, you can decide to make multiple attacks. To do so, reduce the amount
    of Bonus Damage by 2 dice for each additional attack you wish to make." "For each
    additional attack beyond the first, you choose a different target." """
    f = knights_turn()
    events = f.play(c.Attack("Knight", "Goblin", attacks=2, bonus=1), dice(15, 2, 3, 4))
    assert events[1].describe() == (
        "Knight makes 2 attacks: 2d6 Bonus Damage spent, 1d6 left to divide between them"
    )
    assert f.state.unit("Goblin").damage == 9 and "Knight" in f.state.bonus_used
    with pytest.raises(err.SameTarget, match="you choose a different target"):
        f.play(c.Attack("Knight", "Goblin"))
    with pytest.raises(err.BonusLeft, match="0d6 Bonus Damage is left"):
        f.play(c.Attack("Knight", "Orc", bonus=1))
    events = f.play(c.Attack("Knight", "Orc"), dice(15, 1, 1))
    assert events[0].describe() == "Knight makes an additional attack, on Orc"
    assert f.state.unit("Orc").damage == 2
    with pytest.raises(err.OneAction):
        f.play(c.Attack("Knight", "Orc"))
    f.play(c.EndTurn("Knight"))
    assert f.state.volley is None


def test_without_the_bonus_damage_no_additional_attacks_are_made() -> None:
    """ "If you lack the required number of Bonus Damage, you make no additional attacks." """
    f = knights_turn()
    before = f.state
    with pytest.raises(err.MultipleAttacksRefused, match="need 4d6 Bonus Damage") as refused:
        f.play(c.Attack("Knight", "Goblin", attacks=3))
    assert "you make no additional attacks" in refused.value.broken_rule
    assert f.state == before
    f.play(c.Attack("Knight", "Goblin", attacks=1, bonus=3), dice(15, 1, 1, 1, 1, 1))
    assert f.state.unit("Goblin").damage == 5


def test_the_page_s_multiple_attacks_example_holds_the_bonus_damage_in_reserve() -> None:
    """ "For example, a player has +3d6 Bonus Damage and uses an action to attack. The player
    decides to make two attacks, and thus expends 2d6 Bonus Damage. The player makes the
    first attack. If it results in a success, the player can apply the remaining 1d6 Bonus
    Damage to that attack or hold it in reserve for the second attack." """
    f = knights_turn()
    f.play(c.Attack("Knight", "Goblin", attacks=2), dice(15, 2, 3))
    assert f.state.unit("Goblin").damage == 5 and f.state.volley is not None
    assert f.state.volley.bonus == 1
    f.play(c.Attack("Knight", "Orc", bonus=1), dice(15, 1, 1, 6))
    assert f.state.unit("Orc").damage == 8


def test_the_bonus_damage_is_decided_after_the_roll_a_miss_keeps_it() -> None:
    """ "Of the remaining Bonus Damage, you can divide them between the attacks, making the
    decision about how much Bonus Damage to use after you determine if the attack is a success
    or a failure." (Ours: the Bonus Damage named with an attack is rolled only if it hits.)"""
    f = knights_turn()
    f.play(c.Attack("Knight", "Goblin", attacks=2, bonus=1), dice(3))
    assert f.state.unit("Goblin").damage == 0
    assert f.state.volley is not None and f.state.volley.bonus == 1
    f.play(c.Attack("Knight", "Orc", bonus=1), dice(15, 1, 1, 6))
    assert f.state.unit("Orc").damage == 8


def test_a_disarm_deals_no_damage_and_a_failed_agility_roll_drops_the_weapon() -> None:
    """ "When you attack, you can choose to disarm the target rather than deal damage to it."
    "On a success, the target takes no damage. Instead, the target makes an Agility roll."
    "On a failure, the target drops one object it holds in its hands." (Ours: its weapon; it
    attacks as with an improvised weapon until it takes one up again, with an action.)"""
    f = knights_turn(bonus=0)
    events = f.play(c.Attack("Knight", "Goblin", disarm=True), dice(15, 1, 8))
    assert "1 bane (disarming with a melee weapon)" in events[1].describe()
    assert events[2].describe() == (
        "Goblin resists Knight's disarm: Agility roll d20=8 = 8 vs 10: failure"
    )
    assert events[3].describe() == "Goblin drops its weapon (disarmed by Knight)"
    assert f.state.unit("Goblin").damage == 0 and f.state.unit("Goblin").disarmed
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.WeaponDropped, match="drops one object it holds"):
        f.play(c.Attack("Goblin", "Knight"))
    f.play(c.Rearm("Goblin"))
    assert not f.state.unit("Goblin").disarmed
    held = knights_turn(bonus=0)
    held.play(c.Attack("Knight", "Goblin", disarm=True), dice(15, 1, 12))
    assert not held.state.unit("Goblin").disarmed


@pytest.mark.parametrize(
    ("reach", "improvised", "banes"),
    [(0, False, [-1]), (0, True, [-1, -2]), (10, False, [-3])],
)
def test_disarming_banes_by_the_weapon_used(reach: int, improvised: bool, banes: list[int]) -> None:
    """ "You roll with 1 bane if you use a melee weapon, 2 banes if you use an improvised
    weapon, or 3 banes if you use a ranged weapon." (Ours: an improvised weapon's own bane
    still applies.)"""
    f = knights_turn(unit("Archer", PLAYERS, 5 if reach else 1, reach=reach), bonus=0)
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Archer"))
    disarm = c.Attack("Archer", "Goblin", disarm=True, improvised=improvised)
    events = f.play(disarm, SeededDice(random.Random(1)))
    roll = events[1].roll  # type: ignore[attr-defined]
    assert [m.amount for m in roll.modifiers if m.amount < 0] == banes


def test_only_a_target_of_your_size_or_smaller_holding_something_is_disarmed() -> None:
    """ "The target must be a creature of your Size or smaller." ... "the target drops one
    object it holds in its hands" """
    f = knights_turn(unit("Ogre", SAGE, 1, size="2"), unit("Wolf", SAGE, 2, grip=Grip.NATURAL))
    with pytest.raises(err.DisarmRefused, match="your Size or smaller"):
        f.play(c.Attack("Knight", "Ogre", disarm=True))
    with pytest.raises(err.DisarmRefused, match="holds no weapon in its hands"):
        f.play(c.Attack("Knight", "Wolf", disarm=True))
    with pytest.raises(err.DisarmRefused, match="the target takes no damage"):
        f.play(c.Attack("Knight", "Goblin", disarm=True, bonus=1))
    assert not f.state.turn.acted  # type: ignore[union-attr]


def test_every_2d6_of_bonus_damage_imposes_a_bane_on_the_target_s_roll() -> None:
    """ "For every 2d6 Bonus Damage you have, impose 1 bane on the target's roll." """
    f = knights_turn(bonus=5)
    events = f.play(c.Attack("Knight", "Goblin", disarm=True), dice(15, 1, 14, 6, 5))
    assert "2 banes (Knight's +5d6 Bonus Damage)" in events[2].describe()
    assert "= 8 vs 10: failure" in events[2].describe()


def test_the_attacker_in_reach_may_catch_the_dropped_weapon_with_a_reaction() -> None:
    """ "If you can reach the target, you can use a reaction to catch the object (see
    Reactions)." Catch: "If the object is a weapon, roll with 1 bane. On a success, you catch
    the object." """
    f = knights_turn(bonus=0)
    events = f.play(c.Attack("Knight", "Goblin", disarm=True, catch=True), dice(15, 1, 2, 12, 3))
    assert events[-2].describe() == "Knight reacts: catches at Goblin's weapon"
    assert "1 bane (the object is a weapon)" in events[-1].describe()
    assert "= 9 vs 10: failure" in events[-1].describe() and "Knight" in f.state.reacted
    far = knights_turn(unit("Archer", PLAYERS, 5, reach=10), bonus=0)
    far.play(c.EndTurn("Knight"))
    far.play(c.StartTurn("Archer"))
    with pytest.raises(err.CatchRefused, match="If you can reach the target"):
        far.play(c.Attack("Archer", "Goblin", disarm=True, catch=True))
    with pytest.raises(err.CatchRefused):
        far.play(c.Attack("Archer", "Goblin", catch=True))


def test_the_page_s_disrupting_example_deals_only_the_bonus_damage() -> None:
    """ "When you successfully use an attack option, the weapon contributes nothing to the
    damage dealt by the attack. Only Bonus Damage and any extra damage apply." "For example, a
    player makes a disrupting attack with a sword. The player has +1d6 Bonus Damage. The
    player gets a success, so the attack deals 1d6 damage from the Bonus Damage alone, in
    addition to possibly disrupting the target." """
    f = knights_turn(bonus=1)
    disrupting = c.Attack("Knight", "Goblin", bonus=1, option=AttackOption.DISRUPTING)
    events = f.play(disrupting, dice(12, 4))
    assert events[2].describe() == (
        "Knight's disrupting attack on Goblin succeeds (the weapon deals no damage): 12 is "
        "under Goblin's Will + 5 (15)"
    )
    assert events[3].describe() == "Goblin takes 4 damage from Knight: Bonus Damage d6=4 (entered)"
    assert f.state.unit("Goblin").damage == 4
    plain = knights_turn(bonus=0)
    events = plain.play(c.Attack("Knight", "Goblin", option=AttackOption.PRESSING), dice(12))
    assert plain.state.unit("Goblin").damage == 0 and events[-1].kind == "option_used"


def test_a_disrupting_attack_grants_a_boon_on_the_next_roll_to_attack_the_target() -> None:
    """ "Disrupting Attack: If you get a success on the roll to attack and your roll equals or
    exceeds the target's Will + 5, the target grants 1 boon on the next roll to attack it
    before the start of your next turn." """
    f = knights_turn(unit("Monk", PLAYERS, 1), bonus=0)
    f.play(c.Attack("Knight", "Goblin", option=AttackOption.DISRUPTING), dice(14, 1))
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Monk"))
    events = f.play(c.Attack("Monk", "Goblin"), dice(2, 1, 1))
    assert "1 boon (Knight's disrupting attack)" in events[1].describe()
    assert f.state.boons == ()


def test_a_driving_attack_pushes_the_target_up_to_5_yards() -> None:
    """ "Driving Attack: If you wield a one-handed or two-handed melee weapon or you have a
    shield equipped, and you get a success on the roll to attack a target of your Size + 1 or
    smaller and the result equals or exceeds the target's Strength + 5, you can push the
    target up to 5 yards away from you." """
    f = knights_turn(unit("Ogre", SAGE, 2, size="3"), bonus=0)
    events = f.play(c.Attack("Knight", "Goblin", option=AttackOption.DRIVING, push=3), dice(15))
    assert events[-1].describe() == "Knight pushes Goblin from 0 yd to -3 yd"
    g = knights_turn(unit("Ogre", SAGE, 2, size="3"), bonus=0)
    events = g.play(c.Attack("Knight", "Ogre", option=AttackOption.DRIVING), dice(20))
    assert "larger than Size 2" in events[-1].describe() and g.state.unit("Ogre").position == 2
    with pytest.raises(err.OptionRefused, match="up to 5 yards"):
        knights_turn().play(c.Attack("Knight", "Goblin", option=AttackOption.DRIVING, push=6))
    archer = knights_turn(unit("Archer", PLAYERS, 5, reach=10))
    archer.play(c.EndTurn("Knight"))
    archer.play(c.StartTurn("Archer"))
    with pytest.raises(err.OptionRefused, match="or a shield"):
        archer.play(c.Attack("Archer", "Goblin", option=AttackOption.DRIVING))
    shielded = knights_turn(unit("Archer", PLAYERS, 5, reach=10, shield=True))
    shielded.play(c.EndTurn("Knight"))
    shielded.play(c.StartTurn("Archer"))
    shielded.play(c.Attack("Archer", "Goblin", option=AttackOption.DRIVING), dice(20))
    assert shielded.state.unit("Goblin").position == -5


def test_a_feinting_attack_makes_the_attacker_slippery_until_the_end_of_its_turn() -> None:
    """ "Feinting Attack: If you wield a one-handed or off-handed weapon, and you get a success
    on the roll to attack and the result of your roll equals or exceeds the target's Intellect
    + 5, you gain the Slippery trait until the end of your turn." (Ours: Slippery, leaving an
    enemy's reach triggers no free attack.)"""
    f = knights_turn(bonus=0)
    f.play(c.Attack("Knight", "Goblin", option=AttackOption.FEINTING), dice(15))
    assert f.state.slippery == frozenset({"Knight"})
    with pytest.raises(err.FreeAttackRefused, match="Slippery"):
        f.play(c.Move("Knight", 5, ("Goblin",)))
    f.play(c.EndTurn("Knight"))
    assert f.state.slippery == frozenset()
    two = knights_turn(unit("Brute", PLAYERS, 1, grip=Grip.TWO_HANDED))
    two.play(c.EndTurn("Knight"))
    two.play(c.StartTurn("Brute"))
    with pytest.raises(err.OptionRefused, match="one-handed or off-hand weapon"):
        two.play(c.Attack("Brute", "Goblin", option=AttackOption.FEINTING))


def test_a_guarded_attack_imposes_a_bane_on_the_next_roll_to_attack_the_attacker() -> None:
    """ "Guarded Attack: If you have a shield equipped and you get a success on the roll to
    attack, you impose 1 bane on the next roll to attack you before the start of your next
    turn." """
    with pytest.raises(err.OptionRefused, match="no shield equipped"):
        knights_turn().play(c.Attack("Knight", "Goblin", option=AttackOption.GUARDED))
    f = knights_turn(unit("Guard", PLAYERS, 1, shield=True))
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Guard"))
    f.play(c.Attack("Guard", "Goblin", option=AttackOption.GUARDED), dice(10, 1))
    f.play(c.EndTurn("Guard"))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Guard"), dice(2))
    assert "1 bane (Guard's guarded attack)" in events[1].describe()


def test_a_lunging_attack_reaches_1_yard_further() -> None:
    """ "Lunging Attack: If you wield a one-handed or two-handed melee weapon, you can choose a
    target for your attack as if your reach was 1 yard greater." """
    f = knights_turn(unit("Troll", SAGE, 3), bonus=0)
    with pytest.raises(err.BadTarget, match="beyond reach"):
        f.play(c.Attack("Knight", "Troll"))
    f.play(c.Attack("Knight", "Troll", option=AttackOption.LUNGING), dice(10))
    assert f.state.turn is not None and f.state.turn.acted
    with pytest.raises(err.BadTarget, match=r"beyond reach \(2\)"):
        knights_turn(unit("Troll", SAGE, 4)).play(
            c.Attack("Knight", "Troll", option=AttackOption.LUNGING)
        )
    off = knights_turn(unit("Rogue", PLAYERS, 1, grip=Grip.OFF_HAND))
    off.play(c.EndTurn("Knight"))
    off.play(c.StartTurn("Rogue"))
    with pytest.raises(err.OptionRefused, match="one-handed or two-handed melee weapon"):
        off.play(c.Attack("Rogue", "Goblin", option=AttackOption.LUNGING))


def test_a_pressing_attack_imposes_a_bane_on_the_target_s_next_roll_to_attack() -> None:
    """ "Pressing Attack: If you get a success on the roll to attack and the result equals or
    exceeds the target's Agility + 5, you impose 1 bane on the next roll the target makes to
    attack before the start of your next turn." """
    f = knights_turn(bonus=0)
    events = f.play(c.Attack("Knight", "Goblin", option=AttackOption.PRESSING), dice(16))
    assert events[-1].describe() == (
        "Goblin has 1 bane on its next roll to attack (Knight's pressing attack)"
    )
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Knight"), dice(19, 3))
    assert "1 bane (Knight's pressing attack)" in events[1].describe()
    assert f.state.boons == ()


def rogues_turn(**rogue: Any) -> WeirdWizardFight:
    """The page's rogue: a sword (2d6) in one hand and a dagger (1d6) in the other."""
    return knights_turn(unit("Rogue", PLAYERS, 1, dice=2, off_hand=1, **rogue), bonus=0)


def test_the_page_s_rogue_attacks_with_both_weapons_for_3d6() -> None:
    """ "if one weapon can be wielded in an off-hand grip, you can attack with both weapons at
    the same time. You resolve the attack using the weapon you wield in your main hand. If the
    roll results in a success, add the off-hand weapon's damage as extra damage for the
    attack. Then, apply Bonus Damage, if any." "For example, say your rogue wields a sword in
    one hand and a dagger in the other. You attack. If you get a success, your attack deals
    3d6 damage: 2d6 from the sword and 1d6 from the dagger, plus any Bonus Damage you have
    available." """
    f = rogues_turn(bonus=1)
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Rogue"))
    events = f.play(c.Attack("Rogue", "Goblin", hand=c.Hand.BOTH, bonus=1), dice(15, 6, 1, 2, 3, 4))
    assert events[-1].describe() == (
        "Goblin takes 10 damage from Rogue: d6=1 (entered), d6=2 (entered) + off-hand d6=3 "
        "(entered) + Bonus Damage d6=4 (entered)"
    )


def test_a_rogue_with_two_weapons_attacks_with_either() -> None:
    """ "If you wield two weapons—one in each hand, you can attack with either." "If you wield
    two weapons, you can make additional attacks using either weapon." """
    f = rogues_turn(bonus=2)
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Rogue"))
    f.play(c.Attack("Rogue", "Goblin", attacks=2), dice(15, 1, 1, 1))
    events = f.play(c.Attack("Rogue", "Orc", hand=c.Hand.OFF), dice(15, 1, 5))
    assert events[-1].describe() == "Orc takes 5 damage from Rogue: d6=5 (entered)"


def test_with_both_weapons_an_option_still_adds_the_off_hand_damage() -> None:
    """ "When you successfully use an attack option, the weapon contributes nothing to the
    damage dealt by the attack. Only Bonus Damage and any extra damage apply." (the off-hand
    weapon's damage is extra damage)"""
    f = rogues_turn()
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Rogue"))
    both = c.Attack("Rogue", "Goblin", hand=c.Hand.BOTH, option=AttackOption.DISRUPTING)
    events = f.play(both, dice(15, 1, 4))
    assert events[-1].describe() == "Goblin takes 4 damage from Rogue: off-hand d6=4 (entered)"


def test_two_weapon_attacks_need_an_off_hand_weapon_and_hands_for_it() -> None:
    """ "If you wield two weapons—one in each hand" ... "if one weapon can be wielded in an
    off-hand grip" (ours: a two-handed weapon or a shield leaves no hand for it; both weapons
    strike in melee; a disarming attack has no damage to add)."""
    f = knights_turn()
    with pytest.raises(err.TwoWeaponsRefused, match="wields no off-hand weapon"):
        f.play(c.Attack("Knight", "Goblin", hand=c.Hand.OFF))
    rogue = rogues_turn()
    rogue.play(c.EndTurn("Knight"))
    rogue.play(c.StartTurn("Rogue"))
    with pytest.raises(err.TwoWeaponsRefused, match="no off-hand damage to add"):
        rogue.play(c.Attack("Rogue", "Goblin", hand=c.Hand.BOTH, disarm=True))
    with pytest.raises(err.TwoWeaponsRefused, match="without its weapons"):
        rogue.play(c.Attack("Rogue", "Goblin", hand=c.Hand.OFF, improvised=True))
    with pytest.raises(err.SetupError, match="needs a free hand") as refused:
        knights_turn(unit("Rogue", PLAYERS, 1, off_hand=1, shield=True))
    assert "you can attack with either" in refused.value.broken_rule
    with pytest.raises(err.SetupError, match="needs a free hand"):
        knights_turn(unit("Rogue", PLAYERS, 1, off_hand=1, grip=Grip.TWO_HANDED))
    archer = knights_turn(unit("Archer", PLAYERS, 1, off_hand=1, reach=10), bonus=0)
    archer.play(c.EndTurn("Knight"))
    archer.play(c.StartTurn("Archer"))
    with pytest.raises(err.TwoWeaponsRefused, match="both weapons strike in melee"):
        archer.play(c.Attack("Archer", "Goblin", hand=c.Hand.BOTH))
    events = archer.play(c.Attack("Archer", "Goblin", hand=c.Hand.OFF), dice(15, 1, 3))
    assert "long-range" not in events[1].describe() and "within reach" not in events[1].describe()
