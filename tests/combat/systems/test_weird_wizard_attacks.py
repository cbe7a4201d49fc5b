"""Shadow of the Weird Wizard's ways to attack beyond the plain hit (`seeds/004`, "Multiple
Attacks"): each test quotes the sentence it checks."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard.engine import WeirdWizardFight
from adjudicator.combat.systems.weird_wizard.state import Combatant
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
