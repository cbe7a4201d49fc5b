"""Spellwoven's Talk, Talents, stacked armour and Natural Recuperation (`seeds/003`, "Take an
Action", "Armour", "Natural Recuperation"): each test quotes the sentence it checks."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven.engine import SpellwovenFight
from adjudicator.combat.systems.spellwoven.wounds import Armour, Track, slid, stacked
from tests.combat.systems.spellwoven_helpers import dice, fight, hero


def test_talk_tests_a_social_skill_against_the_opponents_presence_defence() -> None:
    """ "Talk: Social Skills can be used to talk down a situation, create a distraction, trick
    an opponent, intrigue an opponent, or prevaricate until help arrives. Use an opponent's
    Presence Defence as a Difficulty." """
    f = fight(bob=hero("Bob", "Outlaws", presence=2))
    events = f.play(c.Talk("Ann", "Bob", 5), dice(4, 5, 9))
    assert events[0].describe() == (
        "Ann: talk 3d10(5) [4, 5, 9] = 2 successes vs Bob's Presence Defence 2: success"
    )
    assert events[-1].describe() == "Ann: talks to Bob, a success: Initiative +1 next round"
    with pytest.raises(err.TalkRefused, match="no Presence Defence"):
        fight().play(c.Talk("Ann", "Bob", 5))
    with pytest.raises(err.TalkRefused, match="not an opponent"):
        fight(hero("Cy", "Players", presence=2), initiative=(1, 1, 1, 10, 10, 10, 5, 9, 9)).play(
            c.Talk("Ann", "Cy", 5)
        )


def test_a_distraction_makes_the_opponent_act_last_or_lose_the_turn() -> None:
    """ "You could create a distraction, causing an opponent to act last in the Action Round,
    or maybe even lose their turn entirely (at Gamesmaster's discretion)." """
    bob = hero("Bob", "Outlaws", presence=1)
    f = fight(hero("Cy", "Players"), bob=bob, initiative=(1, 1, 1, 5, 9, 9, 10, 10, 10))
    assert f.state.order == ("Ann", "Bob", "Cy")
    events = f.play(c.Talk("Ann", "Bob", 5, distract=True), dice(4, 9, 9))
    assert events[1].describe() == "Bob is distracted: acts last in the Action Round"
    assert f.state.order == ("Ann", "Cy", "Bob") and f.state.next_up() == "Cy"
    f.play(c.Act("Cy", "waits"))
    f.play(c.Act("Bob", "waits"))
    # the Gamesmaster rules this one costs Bob the turn
    events = f.play(c.Talk("Ann", "Bob", 5, distract=True, lose_turn=True), dice(4, 9, 9))
    assert events[1].describe() == "Bob is distracted: loses their Action this round"
    events = f.play(c.Act("Cy", "waits"))
    assert events[-1].describe().startswith("Action Round 3")
    assert f.state.score("Bob") == 6  # no test, no Action: Initiative unchanged
    with pytest.raises(err.TalkRefused, match="what a distraction may do"):
        f.play(c.Talk("Ann", "Bob", 5, lose_turn=True))


def test_a_talent_used_as_an_action_is_a_test_of_skill() -> None:
    """ "Use a Talent: You may have access to Talents that can be used as Actions during
    combat. How to use a Talent is described in the relevant Mastery-at-Arms or Skulduggery
    sections." (Those sections are not in this chapter: the Talent's effect is the
    Gamesmaster's; Feint, the one it describes, has its own test.)"""
    f = fight()
    events = f.play(c.Test("Ann", "Talent: Disarm", 5, 2), dice(1, 9, 9))
    assert events[-1].describe() == "Ann: Talent: Disarm, a success: Initiative +1 next round"
    f.play(c.Act("Bob", "Talent: Intimidating Shout"))
    assert f.state.score("Ann") == 12 and f.state.score("Bob") == 5


def test_armour_pieces_stack_their_soak_to_at_most_three_a_level() -> None:
    """ "Soak slots 'stack' from any armour worn." "Soak cannot exceed 3 per Wound Level."
    "If you were wearing all three items, then you would have a Shallow Wound Soak of 3 (2 + 1
    + 3, but tops out at three), a Deep Wound Soak of 2 (1 + 1), a Grievous Wound Soak of 1
    (1 from Scale TUnic), and an Felling Wound slot of 1 (1 from Scale Tunic) and no Mortal
    Wound soak." """
    cloak = Armour("Heavy Fur Cloak", (2, 1, 0, 0, 0))
    scale = Armour("Scale Tunic", (1, 1, 1, 1, 0))
    quilted = Armour("Quilted Tunic", (3, 0, 0, 0, 0))
    assert stacked((cloak, scale, quilted)) == (3, 2, 1, 1, 0)
    f = SpellwovenFight()
    f.play(c.AddCharacter(hero("Ann", "Players"), (cloak, scale, quilted)))
    ann = f.state.unit("Ann")
    assert ann.track.soak == (3, 2, 1, 1, 0)
    assert "wears Heavy Fur Cloak, Scale Tunic, Quilted Tunic" in f.log()[-1]
    with pytest.raises(err.SetupError, match="armour soak 0"):
        f.play(c.AddCharacter(hero("Bob", "Outlaws", track=Track(soak=(4, 0, 0, 0, 0)))))


def test_every_wound_slides_up_one_level_as_it_heals() -> None:
    """ "Characters heal naturally overtime. ... Bedrest: With bedrest Wounds heal naturally by
    sliding up the scale by one level every three days. Felling wounds become Grievous,
    Grievous become Deep, and Deep become Shallow. Shallow disappear entirely." (A Mortal wound
    that did not kill becomes Felling: ours.)"""
    hurt = Track(wounds=(2, 3, 2, 1, 0))
    assert slid(hurt).wounds == (3, 2, 1, 0, 0)
    assert slid(slid(hurt)).wounds == (2, 1, 0, 0, 0)
    assert slid(Track(wounds=(0, 0, 0, 1, 1)), spared=True).wounds == (0, 0, 1, 1, 0)


def test_bedrest_light_and_heavy_activity_take_three_five_and_seven_days() -> None:
    """ "Make the change to a Character Sheet at dawn after the third night." "Light activity:
    Under light activity (no heavy labour or fighting), the healing process takes five days."
    "Heavy Activity: Under heavy activity (may involve fighting or hard labour), the healing
    process takes seven days." """
    f = fight(initiative=(10, 10, 10, 1, 1, 1))
    f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, 2, 3, 4))
    with pytest.raises(err.RecuperationRefused, match="after the fight"):
        f.play(c.Recuperate("Ann", 3))
    f.play(c.EndFight("the outlaws run"))

    def after(days: int, activity: str = "bedrest") -> tuple[int, ...]:
        f.play(c.Recuperate("Ann", days, activity))
        return f.state.unit("Ann").track.wounds

    assert after(2) == (0, 0, 1, 0, 0)  # two nights: not yet
    assert after(1) == (0, 1, 0, 0, 0)
    assert after(5, "light") == (1, 0, 0, 0, 0)
    assert after(6, "heavy") == (1, 0, 0, 0, 0)
    assert after(1, "heavy") == (0, 0, 0, 0, 0)
    healed = "Ann recuperates 1 day of heavy activity: every wound slides up one level"
    assert healed in f.log()[-1]
    with pytest.raises(err.RecuperationRefused, match="no activity 'sleep'"):
        f.play(c.Recuperate("Ann", 3, "sleep"))
    dead = fight()
    dead.play(c.Attack("Ann", "Bob"), dice(1, 2, 3, 1, 1, 2))
    with pytest.raises(err.RecuperationRefused, match="Bob is dead"):
        dead.play(c.Recuperate("Bob", 3))
