"""Spellwoven's combat chapter (`seeds/003`): each test quotes the sentence it checks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven.actions import defence
from adjudicator.combat.systems.spellwoven.rolls import chance_at_least, successes
from adjudicator.combat.systems.spellwoven.state import Proximity
from adjudicator.combat.systems.spellwoven.wounds import Track, level_of, mark, place
from tests.combat.systems.spellwoven_helpers import dice, fight, hero


def test_initiative_is_the_skill_plus_successes_on_3d10() -> None:
    """ "Roll 3d10 against Manoeuvre. Count up successes. Add these successes to Manoeuvre
    Skill Rank to obtain Initiative." "1s count for two successes" (1, 3, 8 against 4: 7)."""
    f = fight(initiative=(1, 3, 8, 4, 4, 6))
    assert dict(f.state.initiative) == {"Ann": 5 + 3, "Bob": 5 + 2}
    assert successes((1, 3, 8), 4) == 3 and successes((1, 1, 10), 8) == 4


def test_highest_initiative_acts_first_then_the_next() -> None:
    """ "The Character with the highest Initiative goes first, then next highest, then
    next." """
    f = fight(initiative=(10, 10, 10, 1, 1, 1))
    assert f.state.order == ("Bob", "Ann")
    with pytest.raises(err.NotTheirAction, match="highest Initiative goes first"):
        f.play(c.Act("Ann", "waits"))
    f.play(c.Act("Bob", "waits"))
    f.play(c.Act("Ann", "waits"))


def test_ties_are_broken_by_opposing_d10_lowest_first() -> None:
    """ "Resolve ties by using opposing d10 rolls (whoever rolls lowest acts first)." """
    f = fight(initiative=(10, 10, 10, 10, 10, 10, 7, 3))
    assert f.state.order == ("Bob", "Ann")
    assert "ties: Ann d10=7" in f.events[-1].describe()


def test_success_adds_one_and_failure_takes_one_next_round() -> None:
    """ "if a Character succeeds on their action, their Initiative score gains +1, and 2) if a
    Character fails on their action, their Initiative score decreases by -1 on the next
    round." "An action that required no skill test does not modify the Initiative score." """
    f = fight(hero("Cy", "Players"), initiative=(1, 1, 1, 10, 10, 10, 5, 9, 9))
    assert f.state.order == ("Ann", "Cy", "Bob")
    f.play(c.Attack("Ann", "Bob"), dice(1, 2, 3, 9, 9, 9))
    f.play(c.Act("Cy", "waits"))
    f.play(c.Attack("Bob", "Ann"), dice(9, 9, 9))
    assert dict(f.state.initiative) == {"Ann": 12, "Bob": 4, "Cy": 6}


def test_initiative_cannot_drop_below_zero() -> None:
    """ "Initiative cannot drop below zero." """
    f = fight(bob=hero("Bob", "Outlaws", initiative=0), initiative=(1, 1, 1, 5, 5, 5))
    assert f.state.score("Bob") == 0
    f.play(c.Act("Ann", "waits"))
    f.play(c.Attack("Bob", "Ann"), dice(9, 9, 9))
    assert f.state.score("Bob") == 0


def test_an_attack_lands_when_successes_equal_or_beat_quickness_defence() -> None:
    """ "Test a Fighting Skill using the opponent's Quickness Defence as Difficulty. If you
    equal or beat the Quickness Defence, the blow lands." """
    f = fight()
    events = f.play(c.Attack("Ann", "Bob"), dice(5, 5, 7, 9, 9, 9))
    assert "= 2 successes vs Bob's Quickness Defence 2: success" in events[0].describe()
    miss = fight()
    events = miss.play(c.Attack("Ann", "Bob"), dice(5, 7, 8))
    assert "failure" in events[0].describe() and len(events) == 2


@pytest.mark.parametrize(
    ("count", "level"),
    [(0, "Glance"), (1, "Shallow"), (2, "Deep"), (3, "Grievous"), (4, "Felling"), (5, "Mortal")],
)
def test_menace_successes_climb_the_wound_ladder(count: int, level: str) -> None:
    """ "Glance No successes, Shallow One success, Deep Two successes, Grievous Three
    successes, Felling Four successes, Mortal Five Successes" """
    from adjudicator.combat.systems.spellwoven.wounds import LADDER

    assert LADDER[level_of(count)] == level


def test_a_glance_is_not_tracked() -> None:
    """ "Note that Glancing Wounds are not tracked, as they represent mere bumps and
    scrapes." """
    f = fight()
    events = f.play(c.Attack("Ann", "Bob"), dice(1, 2, 3, 9, 9, 8))
    assert "a Glance is not tracked" in events[1].describe()
    assert f.state.unit("Bob").track.wounds == (0, 0, 0, 0, 0)


def test_wounds_overflow_to_the_next_free_level() -> None:
    """ "If you don't have any slots left for a given Wound level, the Wound flows onto the next
    category. If that Wound has no spaces left, the Wound flows onto the next Category and so
    forth." The chapter's example: two Shallow, three Deep, two Grievous marked."""
    track = Track(slots=(4, 3, 2, 1, 1), wounds=(2, 3, 2, 0, 0))
    assert place(track, 1, shield=False, pierce=False).at == 1
    assert place(track, 2, shield=False, pierce=False).at == 4, "Deep flows to Felling"
    assert place(track, 3, shield=False, pierce=False).at == 4
    assert place(track, 5, shield=False, pierce=False).at == 5


def test_a_missing_category_flows_on() -> None:
    """ "Non-Player Characters might lack Shallow, and/or Deep and/or Grievous Wound Slots. A
    wound dealt to a 'missing' category flows onto the next level." """
    minor = Track(slots=(3, 0, 0, 1, 1))
    assert place(minor, 2, shield=False, pierce=False).at == 4


def test_armour_soak_is_marked_first_and_never_overflows() -> None:
    """ "Armour Soaks act like extra levels of Wound Slots, except that they (1) do not
    overflow, and (2) must be marked off before Wounds are taken." """
    track = Track(soak=(1, 0, 0, 0, 0))
    first = place(track, 1, shield=False, pierce=False)
    assert first.to == "soak"
    track = mark(track, first)
    second = place(track, 1, shield=False, pierce=False)
    assert second.to == "wound" and second.at == 1
    assert place(Track(soak=(3, 0, 0, 0, 0)), 2, shield=False, pierce=False).to == "wound"


def test_a_triplet_ignores_armour_and_shields() -> None:
    """ "If the attacking Character rolls a triplet (all dice are the same value) on either
    the Fighting Skill or their Menace check, and the attack is successful, then all armour
    and/or shields are ignored." """
    f = fight(bob=hero("Bob", "Outlaws", track=Track(soak=(3, 3, 3, 0, 0), shield=2)))
    events = f.play(c.Attack("Ann", "Bob", shield=True), dice(4, 4, 4, 1, 9, 9))
    assert "armour and shields are ignored" in events[1].describe()
    assert f.state.unit("Bob").track.wounds == (0, 1, 0, 0, 0)


def test_a_shield_catches_any_blow() -> None:
    """ "Shields can be used to catch any blow from any Wound Level." "You simply declare that
    you will catch the blow on the shield, and mark it off against the Shield" """
    f = fight(bob=hero("Bob", "Outlaws", track=Track(shield=1)))
    f.play(c.Attack("Ann", "Bob", shield=True), dice(1, 2, 3, 1, 1, 2))
    assert f.state.unit("Bob").track.shield_used == 1
    assert f.state.unit("Bob").track.wounds == (0, 0, 0, 0, 0)
    f.play(c.Act("Bob", "waits"))
    with pytest.raises(err.NoShield):
        f.play(c.Attack("Ann", "Bob", shield=True))


def test_a_felling_wound_incapacitates_and_a_mortal_one_kills() -> None:
    """ "A single Felling Wound incapacitates a Character, so that they can take no more
    actions" "A single Mortal Wound results in death." """
    f = fight(hero("Cy", "Outlaws"), initiative=(1, 1, 1, 10, 10, 10, 5, 9, 9))
    f.play(c.Attack("Ann", "Bob"), dice(1, 2, 3, 1, 1, 9))
    assert f.state.unit("Bob").status == "incapacitated"
    assert "Bob" not in (f.state.next_up(),)
    f.play(c.Act("Cy", "waits"))
    f.play(c.Attack("Ann", "Cy"), dice(1, 2, 3, 1, 1, 2))
    assert f.state.unit("Cy").status == "dead" and f.is_over


def test_effort_adds_successes() -> None:
    """ "Effort can be spent to add bonus successes, as per usual." """
    f = fight(ann=hero("Ann", "Players", effort=2))
    f.play(c.Attack("Ann", "Bob", effort=1, wound_effort=1), dice(5, 9, 9, 4, 9, 9))
    assert f.state.unit("Ann").effort == 0
    assert f.state.unit("Bob").track.wounds == (0, 1, 0, 0, 0)
    with pytest.raises(err.NoEffort):
        fight().play(c.Attack("Ann", "Bob", effort=1))


def test_feint_rerolls_one_missed_attack_per_combat() -> None:
    """ "Feint ... allows a Player to re-roll any one attack per Combat, but the second roll
    must be used." """
    f = fight(ann=hero("Ann", "Players", feint=True))
    events = f.play(c.Attack("Ann", "Bob", feint=True), dice(9, 9, 8, 9, 9, 9))
    assert "Feint re-roll" in events[1].describe() and not f.state.unit("Ann").feint
    f.play(c.Act("Bob", "waits"))
    with pytest.raises(err.FeintUsed, match="one attack per Combat"):
        f.play(c.Attack("Ann", "Bob", feint=True))


def test_moving_between_proximities_takes_actions() -> None:
    """ "It takes one action to move from Nearby to Engaged; one action to move from Distant
    to Nearby; and two actions to move from Distant to Engaged (or vice versa)." """
    f = fight(ann=hero("Ann", "Players", proximity=Proximity.DISTANT))
    with pytest.raises(err.TooFar, match="two actions"):
        f.play(c.Move("Ann", "engaged"))
    f.play(c.Move("Ann", "nearby"))
    assert f.state.unit("Ann").proximity is Proximity.NEARBY


def test_hand_to_hand_needs_both_engaged_and_bows_reach_further() -> None:
    """ "Attack: Pick an opponent who is within range." (Ours: hand-to-hand needs both
    Engaged; a bow reaches "within bowshot".)"""
    f = fight(ann=hero("Ann", "Players", proximity=Proximity.NEARBY))
    with pytest.raises(err.OutOfRange):
        f.play(c.Attack("Ann", "Bob"))
    archer = fight(ann=hero("Ann", "Players", proximity=Proximity.DISTANT, ranged=True))
    archer.play(c.Attack("Ann", "Bob"), dice(9, 9, 9))


def test_heavy_armour_lowers_quickness_defence() -> None:
    """ "For every five slots of armour worn (excluding shields) Quickness Defence is reduced by
    1. This penalty cannot reduce Quickness Defence below zero." """
    assert defence(hero("A", "x", defence=3, track=Track(soak=(3, 2, 1, 0, 0)))) == 2
    assert defence(hero("A", "x", defence=0, track=Track(soak=(3, 3, 3, 1, 0)))) == 0


def test_surrendering_or_fleeing_is_defeat() -> None:
    """ "Defeat comes when a Character suffers either a Felling or Mortal blow, or choses to
    surrender or flee." """
    f = fight()
    f.play(c.Act("Ann", "waits"))
    events = f.play(c.Yield("Bob", "fled"))
    assert events[-1].describe() == "the fight ends: only Players stand"


def test_an_action_of_another_system_is_refused_naming_it() -> None:
    with pytest.raises(err.NotAnAction, match="an action of Murdham"):
        fight().play(c.Act("Ann", "sprint"))


def test_exact_odds_of_successes() -> None:
    """3d10 against 5: no success on (5/10)^3 of the rolls."""
    assert chance_at_least(5, 1) == 1 - Fraction(125, 1000)
    assert chance_at_least(10, 6) == Fraction(1, 1000)
    assert chance_at_least(0, 1, effort=1) == 1
