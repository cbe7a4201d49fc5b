"""Shadow of the Weird Wizard's unarmed attacks and Withstand (`seeds/004`, "Unarmed
Attacks", "Reactions"): each test quotes the sentence it checks."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard.commands import UnarmedWay, Wrestling
from adjudicator.combat.systems.weird_wizard.engine import WeirdWizardFight
from adjudicator.combat.systems.weird_wizard.state import Combatant, Grip
from tests.combat.systems.weird_helpers import PLAYERS, SAGE, dice, unit

STRIKE, SHOVE, TRIP, GRAB = UnarmedWay.STRIKE, UnarmedWay.SHOVE, UnarmedWay.TRIP, UnarmedWay.GRAB
DRAG, WRESTLE, ESCAPE = UnarmedWay.DRAG, UnarmedWay.WRESTLE, UnarmedWay.ESCAPE


def brawl(*more: Combatant, strength: int = 13, bonus: int = 0, **knight: Any) -> WeirdWizardFight:
    """Goblin (the Sage's, 0 yd) and Knight (a player's, 1 yd, Strength `strength`); the
    Sage's side has acted and it is the Knight's turn."""
    f = WeirdWizardFight()
    for u in (
        unit("Goblin", SAGE, 0),
        unit("Knight", PLAYERS, 1, strength=strength, bonus=bonus, **knight),
        *more,
    ):
        f.play(c.AddCombatant(u))
    f.play(c.Begin())
    for name in (u.name for u in f.state.combatants if u.side is SAGE):
        f.play(c.StartTurn(name))
        f.play(c.EndTurn(name))
    f.play(c.StartTurn("Knight"))
    return f


def next_round(f: WeirdWizardFight, *turns: str) -> None:
    """End the Knight's turn and play the next round's turns named (each one ended but the
    last)."""
    f.play(c.EndTurn(f.state.turn.unit if f.state.turn else "Knight"))
    for name in turns[:-1]:
        f.play(c.StartTurn(name))
        f.play(c.EndTurn(name))
    f.play(c.StartTurn(turns[-1]))


def test_an_unarmed_strike_counts_as_an_improvised_weapon_and_deals_1_to_a_larger_target() -> None:
    """ "Making an unarmed attack counts as using an improvised weapon. However, if the target
    is larger than you, it takes 1 damage if you get a success rather than 1d6 damage." """
    f = brawl()
    events = f.play(c.Unarmed("Knight", STRIKE, "Goblin"), dice(15, 2, 4))
    assert events[0].describe() == "Knight uses an action: strike (Goblin)"
    assert "1 bane (improvised weapon)" in events[1].describe()
    assert f.state.unit("Goblin").damage == 4
    big = brawl(unit("Ogre", SAGE, 2, size="2"))
    events = big.play(c.Unarmed("Knight", STRIKE, "Ogre"), dice(15, 2))
    assert events[-1].describe() == "Ogre takes 1 damage from Knight"
    assert big.state.unit("Ogre").damage == 1


def test_unarmed_attacks_do_not_benefit_from_bonus_damage_and_may_be_additional_attacks() -> None:
    """ "Unarmed attacks do not benefit from expending Bonus Damage." "You can substitute an
    unarmed attack for each additional attack you make." """
    f = brawl(unit("Orc", SAGE, 2), bonus=3)
    f.play(c.Attack("Knight", "Goblin", attacks=2), dice(1))
    events = f.play(c.Unarmed("Knight", STRIKE, "Orc"), dice(15, 1, 6))
    assert events[0].describe() == "Knight makes an additional attack, on Orc"
    assert f.state.unit("Orc").damage == 6
    assert f.state.volley is not None and f.state.volley.bonus == 1
    with pytest.raises(err.OneAction):
        f.play(c.Unarmed("Knight", STRIKE, "Goblin"))


def test_a_shove_pushes_by_the_strength_modifier_half_as_far_a_larger_target() -> None:
    """ "Make a Strength roll against the target's Strength." "On a success, you push the
    target a number of yards away from you equal to your Strength modifier (minimum 1). If the
    target is larger than you, it moves half the distance (minimum 0) instead." """
    f = brawl()
    events = f.play(c.Unarmed("Knight", SHOVE, "Goblin"), dice(8))
    assert "Strength roll d20=8 +3 = 11 vs Goblin's Strength 10: success" in events[1].describe()
    assert events[2].describe() == "Knight pushes Goblin from 0 yd to -3 yd"
    weak = brawl(strength=8)
    weak.play(c.Unarmed("Knight", SHOVE, "Goblin"), dice(15))
    assert weak.state.unit("Goblin").position == -1
    big = brawl(unit("Ogre", SAGE, 2, size="2"))
    big.play(c.Unarmed("Knight", SHOVE, "Ogre"), dice(15))
    assert big.state.unit("Ogre").position == 3
    miss = brawl()
    miss.play(c.Unarmed("Knight", SHOVE, "Goblin"), dice(6))
    assert miss.state.unit("Goblin").position == 0


def test_a_shove_has_a_boon_for_a_shield_and_a_run_up_and_a_critical_knocks_prone() -> None:
    """ "You roll with 1 boon if you have a shield equipped and 1 boon if you move at least 5
    yards before you make the attempt." "On a critical success, the target falls prone at the
    end of the movement." """
    f = brawl(shield=True)
    f.play(c.Move("Knight", 6), dice())
    f.play(c.Move("Knight", 1), dice())
    events = f.play(c.Unarmed("Knight", SHOVE, "Goblin"), dice(14, 3, 5))
    roll = events[1].describe()
    assert "1 boon (shield equipped); 1 boon (moved 10 yards first)" in roll
    assert "= 22" in roll and "critical success" in roll
    assert events[-1].describe() == "Goblin falls prone (Knight's shove, a critical success)"
    assert f.state.unit("Goblin").prone and f.state.unit("Goblin").position == -3


@pytest.mark.parametrize("way", [SHOVE, TRIP])
def test_shove_and_trip_choose_a_creature_in_reach_no_more_than_2_sizes_larger(
    way: UnarmedWay,
) -> None:
    """ "Choose one creature in your reach whose Size is no more than 2 higher than yours." """
    f = brawl(
        unit("Giant", SAGE, 2, size="4"), unit("Orc", SAGE, 5), unit("Troll", SAGE, 2, size="3")
    )
    before = f.state
    with pytest.raises(err.UnarmedRefused, match="no more than 2 higher than yours"):
        f.play(c.Unarmed("Knight", way, "Giant"))
    with pytest.raises(err.BadTarget, match="4 yards away"):
        f.play(c.Unarmed("Knight", way, "Orc"))
    assert f.state == before
    f.play(c.Unarmed("Knight", way, "Troll"), dice(15))


def test_a_trip_knocks_prone_and_a_critical_drops_the_speed_to_0() -> None:
    """ "Make an Agility roll against the target's choice of Strength or Agility. If you have
    a shield equipped, you roll with 1 boon. On a success, the target falls prone. On a
    critical success, the target's Speed drops to 0 until the start of your next turn." """
    f = brawl(agility=12, shield=True)
    events = f.play(c.Unarmed("Knight", TRIP, "Goblin", against="agility"), dice(17, 1))
    assert "Agility roll d20=17 +2 +best of d6 [1] = 20 vs Goblin's Agility 10" in (
        events[1].describe()
    )
    assert events[2].describe() == "Goblin falls prone (tripped by Knight)"
    assert events[3].describe() == "Goblin's Speed is 0 until the start of Knight's next turn"
    next_round(f, "Goblin")
    with pytest.raises(err.Prone, match="standing up takes 5 yards of Speed; Goblin has 0"):
        f.play(c.Stand("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Knight"))
    assert f.state.halted == ()
    with pytest.raises(err.UnarmedRefused, match="target's choice of Strength or Agility"):
        f.play(c.Unarmed("Knight", TRIP, "Goblin", against="will"))
    with pytest.raises(err.UnarmedRefused, match="Make an Agility roll"):
        f.play(c.Unarmed("Knight", TRIP, "Goblin", attribute="strength"))


def test_a_prone_creature_stands_up_with_half_its_speed_and_is_easier_to_hit_in_reach() -> None:
    """Ours, as the core rules have prone (the page only makes creatures fall prone): 1 boon to
    attack a prone creature within reach, 1 bane to attack while prone; standing up takes half
    the Speed, before moving."""
    f = brawl()
    f.play(c.Unarmed("Knight", TRIP, "Goblin"), dice(15))
    next_round(f, "Goblin")
    with pytest.raises(err.Prone, match="stands up before it moves"):
        f.play(c.Move("Goblin", 3))
    events = f.play(c.Attack("Goblin", "Knight"), dice(1, 1))
    assert "1 bane (Goblin attacks while prone)" in events[1].describe()
    f.play(c.Stand("Goblin"))
    assert f.state.turn is not None and f.state.turn.moved == 5
    assert not f.state.unit("Goblin").prone
    with pytest.raises(err.Prone, match="not prone"):
        f.play(c.Stand("Goblin"))
    f2 = brawl()
    f2.play(c.Unarmed("Knight", TRIP, "Goblin"), dice(15))
    next_round(f2, "Goblin", "Knight")
    events = f2.play(c.Attack("Knight", "Goblin"), dice(1, 1))
    assert "1 boon (Goblin is prone, in reach)" in events[1].describe()


def test_a_grab_holds_the_target_until_the_end_of_the_grabber_s_next_turn() -> None:
    """ "If you have a hand free, you can try to grab a creature. Choose one creature in your
    reach whose Size is no more than 1 higher than yours. Make a Strength or Agility roll
    against the target's Agility." "On a success, the target becomes held by you until the end
    of your next turn." """
    f = brawl()
    events = f.play(c.Unarmed("Knight", GRAB, "Goblin", attribute="agility"), dice(10))
    assert "Agility roll d20=10 = 10 vs Goblin's Agility 10: success" in events[1].describe()
    assert events[2].describe() == ("Goblin is held by Knight until the end of Knight's next turn")
    next_round(f, "Goblin")
    with pytest.raises(err.Held, match="Goblin is held by Knight"):
        f.play(c.Move("Goblin", -3))
    next_round(f, "Knight")
    assert f.state.held("Goblin")
    f.play(c.EndTurn("Knight"))
    assert not f.state.held("Goblin")


@pytest.mark.parametrize(
    ("knight", "says"),
    [
        ({"grip": Grip.TWO_HANDED}, "has no hand free"),
        ({"shield": True}, "has no hand free"),
    ],
)
def test_a_grab_needs_a_hand_free_and_a_target_no_more_than_1_size_larger(
    knight: dict[str, Any], says: str
) -> None:
    """ "If you have a hand free, you can try to grab a creature. Choose one creature in your
    reach whose Size is no more than 1 higher than yours." (Ours: a two-handed weapon, or a
    weapon and a shield, fill both hands.)"""
    f = brawl(unit("Troll", SAGE, 2, size="3"), **knight)
    before = f.state
    with pytest.raises(err.UnarmedRefused, match=says) as refused:
        f.play(c.Unarmed("Knight", GRAB, "Goblin"))
    assert "If you have a hand free" in refused.value.broken_rule
    with pytest.raises(err.UnarmedRefused, match="no more than 1 higher"):
        f.play(c.Unarmed("Knight", GRAB, "Troll"))
    assert f.state == before
    free = brawl(grip=Grip.NATURAL, shield=True)
    free.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    assert free.state.held("Goblin")


def test_a_grab_on_a_held_creature_succeeds_and_an_action_extends_it() -> None:
    """ "You succeed automatically against a held creature." "If you have a target grabbed,
    you can use an action to extend the duration of the grab until the end of your next
    turn." """
    f = brawl()
    f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    next_round(f, "Goblin", "Knight")
    events = f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice())
    assert [e.kind for e in events] == ["action_used", "grabbed"]
    f.play(c.EndTurn("Knight"))
    assert f.state.held("Goblin")


def test_a_grab_ends_when_released_or_when_the_grabber_moves_away() -> None:
    """ "The affliction ends early if you release the target, which you can do freely by
    letting it go. The effect also ends if you move away from the target without dragging
    it" """
    f = brawl()
    f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    events = f.play(c.Move("Knight", 5), dice())
    assert (
        events[0].describe() == "Knight's grab on Goblin ends (Knight moves away without dragging)"
    )
    f2 = brawl()
    f2.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    f2.play(c.Release("Knight", "Goblin"))
    assert not f2.state.held("Goblin")
    with pytest.raises(err.UnarmedRefused, match="Knight does not hold Goblin"):
        f2.play(c.Release("Knight", "Goblin"))


def test_a_drag_moves_the_grabbed_creature_with_the_grabber() -> None:
    """ "Make a Strength roll against the Strength of a creature held by your successful grab.
    On a success, you move as normal and the creature moves with you, and you maintain the
    grab. On a failure, you can move, but if you do so the grab ends." """
    f = brawl()
    with pytest.raises(err.UnarmedRefused, match="has not grabbed Goblin"):
        f.play(c.Unarmed("Knight", DRAG, "Goblin", to=5))
    f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    next_round(f, "Goblin", "Knight")
    with pytest.raises(err.TooFar, match="10 yards of Speed left, not 11"):
        f.play(c.Unarmed("Knight", DRAG, "Goblin", to=12))
    events = f.play(c.Unarmed("Knight", DRAG, "Goblin", to=5), dice(8))
    assert "vs Goblin's Strength 10: success" in events[1].describe()
    assert events[2].describe() == "Knight drags Goblin from 0 yd to 4 yd"
    assert f.state.unit("Knight").position == 5 and f.state.held("Goblin")
    failed = brawl()
    failed.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    next_round(failed, "Goblin", "Knight")
    events = failed.play(c.Unarmed("Knight", DRAG, "Goblin", to=5), dice(2))
    assert events[-1].describe() == "Knight fails to drag Goblin: if Knight moves, the grab ends"
    assert failed.state.unit("Knight").position == 1 and failed.state.held("Goblin")
    events = failed.play(c.Move("Knight", 0), dice())
    assert events[0].describe() == "Knight's grab on Goblin ends (Knight moves after a failed drag)"
    assert not failed.state.held("Goblin")


def wrestling(effect: Wrestling, *faces: int) -> WeirdWizardFight:
    f = brawl()
    f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    next_round(f, "Goblin", "Knight")
    f.play(c.Unarmed("Knight", WRESTLE, "Goblin", effect=effect), dice(*faces))
    return f


def test_a_wrestle_lets_the_grabber_choose_its_effect() -> None:
    """ "Make a Strength or Agility roll against the target's choice of Strength or Agility.
    On a success, you can choose one of the following effects: The target falls prone and the
    grab ends. You and the target fall prone and you maintain the grab. The target takes 1d6
    damage and you maintain the grab." """
    prone = wrestling(Wrestling.PRONE, 15)
    assert prone.state.unit("Goblin").prone and not prone.state.held("Goblin")
    both = wrestling(Wrestling.BOTH_PRONE, 15)
    assert both.state.unit("Goblin").prone and both.state.unit("Knight").prone
    assert both.state.held("Goblin")
    hurt = wrestling(Wrestling.DAMAGE, 15, 5)
    assert hurt.state.unit("Goblin").damage == 5 and hurt.state.held("Goblin")
    missed = wrestling(Wrestling.DAMAGE, 2)
    assert missed.state.unit("Goblin").damage == 0
    f = brawl()
    f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    next_round(f, "Goblin", "Knight")
    with pytest.raises(err.UnarmedRefused, match="names its effect"):
        f.play(c.Unarmed("Knight", WRESTLE, "Goblin"))


def test_a_pin_needs_both_prone_and_holds_the_target_down() -> None:
    """ "If you and the target are both prone, you pin the target and maintain the grab. A
    pinned creature is confused, held, weakened, and cannot stand up until the effect ends.
    The target remains pinned until you release it, which you can do at any time, or if you
    stand up or use an action to do anything other than wrestle the target." (Confused and
    weakened: `test_a_pinned_creature_is_confused_held_and_weakened`.)"""
    f = wrestling(Wrestling.BOTH_PRONE, 15)
    with pytest.raises(err.UnarmedRefused, match="both prone"):
        wrestling(Wrestling.PIN, 15)
    next_round(f, "Goblin", "Knight")
    f.play(c.Unarmed("Knight", WRESTLE, "Goblin", effect=Wrestling.PIN), dice(15))
    assert f.state.pinned("Goblin")
    next_round(f, "Goblin")
    with pytest.raises(err.Prone, match="cannot stand up until the effect ends"):
        f.play(c.Stand("Goblin"))
    next_round(f, "Knight")
    f.play(c.Unarmed("Knight", WRESTLE, "Goblin", effect=Wrestling.DAMAGE), dice(2, 1))
    assert f.state.pinned("Goblin")
    f.play(c.Stand("Knight"))
    assert not f.state.pinned("Goblin") and f.state.held("Goblin")


def test_a_pin_ends_when_the_holder_uses_its_action_on_anything_else() -> None:
    """ "The target remains pinned until you release it ... or use an action to do anything
    other than wrestle the target." """
    f = wrestling(Wrestling.BOTH_PRONE, 15)
    next_round(f, "Goblin", "Knight")
    f.play(c.Unarmed("Knight", WRESTLE, "Goblin", effect=Wrestling.PIN), dice(15))
    next_round(f, "Goblin", "Knight")
    f.play(c.Defend("Knight"))
    assert not f.state.pinned("Goblin")


def test_the_held_escape_on_a_roll_against_the_holder_s_strength_or_agility() -> None:
    """ "If you are held by being grabbed or pinned, you can attempt to escape by making a
    Strength or Agility roll against the Strength or Agility (your choice) of the creature
    that has you held. On a success, you end the held affliction." """
    f = brawl()
    f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    next_round(f, "Goblin")
    events = f.play(c.Unarmed("Goblin", ESCAPE, "Knight", against="agility"), dice(10))
    assert events[1].describe() == (
        "Goblin tries to escape Knight's grab: Strength roll d20=10 = 10 vs Knight's Agility "
        "10: success"
    )
    assert events[2].describe() == "Knight's grab on Goblin ends (Goblin escapes)"
    f.play(c.Move("Goblin", -4), dice())
    with pytest.raises(err.UnarmedRefused, match="Goblin does not hold Knight"):
        brawl().play(c.Unarmed("Knight", ESCAPE, "Goblin"))


def test_an_escape_s_critical_success_may_grab_back_with_a_reaction() -> None:
    """ "If you get a critical success, you can also use a reaction to attempt to grab the
    creature that grabbed you, provided that creature is an eligible target." """
    f = brawl()
    f.play(c.Unarmed("Knight", GRAB, "Goblin"), dice(15))
    next_round(f, "Goblin")
    events = f.play(c.Unarmed("Goblin", ESCAPE, "Knight", grab_back=True), dice(20, 12))
    assert [e.describe() for e in events[2:4]] == [
        "Knight's grab on Goblin ends (Goblin escapes)",
        "Goblin reacts: grabs back at Knight",
    ]
    assert f.state.held("Knight") and "Goblin" in f.state.reacted
    armed = brawl(unit("Brute", SAGE, 0, grip=Grip.TWO_HANDED))
    armed.play(c.Unarmed("Knight", GRAB, "Brute"), dice(15))
    next_round(armed, "Goblin", "Brute")
    with pytest.raises(err.UnarmedRefused, match="Brute has no hand free"):
        armed.play(c.Unarmed("Brute", ESCAPE, "Knight", grab_back=True))


def test_withstand_imposes_a_bane_on_a_roll_against_the_creature_s_strength() -> None:
    """ "Withstand: When a creature rolls against your Strength ... you can use a reaction to
    either impose 1 bane on the roll or roll with 1 boon." "Each combatant can act out of
    turn just once each round by using a reaction." """
    f = brawl(unit("Squire", PLAYERS, 1))
    events = f.play(c.Unarmed("Knight", SHOVE, "Goblin", withstand=True), dice(9, 3))
    assert events[1].describe() == "Goblin reacts: withstand: 1 bane on the shove"
    assert "= 9 vs Goblin's Strength 10: failure [1 bane (Goblin withstands (reaction))]" in (
        events[2].describe()
    )
    assert "Goblin" in f.state.reacted
    f.play(c.EndTurn("Knight"))
    f.play(c.StartTurn("Squire"))
    with pytest.raises(err.ReactionUsed, match="Goblin has used its reaction this round"):
        f.play(c.Unarmed("Squire", SHOVE, "Goblin", withstand=True))


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (c.Unarmed("Knight", GRAB, "Goblin", withstand=True), "Goblin's Agility, not its Strength"),
        (c.Unarmed("Knight", STRIKE, "Goblin", withstand=True), "Goblin's Defense"),
        (c.Unarmed("Knight", SHOVE, "Goblin", dodge=True), "Goblin's Strength, not its Agility"),
    ],
)
def test_withstand_and_dodge_answer_only_a_roll_against_their_attribute(
    command: c.Unarmed, says: str
) -> None:
    """ "Withstand: When a creature rolls against your Strength" ... "Dodge: When a creature
    attacks you, something rolls against your Agility" (a grab rolls against Agility: Dodge,
    not Withstand)."""
    f = brawl()
    before = f.state
    with pytest.raises(err.ResistRefused, match=says):
        f.play(command)
    assert f.state == before
    f.play(c.Unarmed("Knight", GRAB, "Goblin", dodge=True), dice(15, 1))
    assert "Goblin" in f.state.reacted


def test_withstand_answers_a_trip_or_escape_against_strength() -> None:
    """ "Withstand: When a creature rolls against your Strength" (a trip against the target's
    choice of Strength; an escape against the holder's Strength)."""
    f = brawl()
    f.play(c.Unarmed("Knight", TRIP, "Goblin", against="strength", withstand=True), dice(15, 1))
    assert "Goblin" in f.state.reacted
