"""Murdham's round (`seeds/002`, "Combat procedure", "Taking a turn", "Morale", "Surrendering",
"Optional rule: fast and slow activations"): each test quotes the sentence it checks."""

from __future__ import annotations

import pytest

from adjudicator.combat.commands import EndCombat
from adjudicator.combat.errors import CombatError, DiceNeeded
from adjudicator.combat.systems import WrongSystem
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.state import Phase, Status, SubPhase
from tests.combat.systems.murdham_helpers import dice, duel, fighter, kinds, setup


def test_the_first_round_belongs_to_the_faction_that_started_the_fight() -> None:
    """ "On the first round, the faction which started the fight automatically has the
    initiative." No die is rolled."""
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"))
    events = fight.play(c.Begin("Bandits"))
    assert fight.state.initiative == fight.state.to_act == "Bandits"
    assert "started the fight" in events[-1].describe()


@pytest.mark.parametrize(("face", "faction"), [(1, "Players"), (2, "Bandits")])
def test_otherwise_a_die_with_a_face_per_faction_decides(face: int, faction: str) -> None:
    """ "Randomly determine which faction has the initiative by rolling a die. For example,
    roll a d2 if there are two factions." Faces number the factions in joining order."""
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"))
    fight.play(c.Begin(), dice(face))
    assert fight.state.initiative == faction
    with pytest.raises(DiceNeeded, match="d2"):
        setup(fighter("Ann", "Players"), fighter("Bob", "Bandits")).play(c.Begin())


def test_three_factions_roll_a_d3() -> None:
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"), fighter("Cy", "Wolves"))
    fight.play(c.Begin(), dice(3))
    assert fight.state.initiative == "Wolves"


def test_factions_alternate_one_character_at_a_time_from_the_initiative() -> None:
    """ "The factions alternate taking turns with one character at a time, starting with the
    faction with the initiative." """
    fight = duel(fighter("Cat", "Players"))
    with pytest.raises(err.NotYourFactionsGo) as refused:
        fight.play(c.TakeTurn("Bob"))
    assert "alternate" in str(refused.value)
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.TurnInProgress):
        fight.play(c.TakeTurn("Cat"))
    fight.play(c.EndTurn("Ann"))
    assert fight.state.to_act == "Bandits"
    with pytest.raises(err.NotYourFactionsGo):
        fight.play(c.TakeTurn("Cat"))
    fight.play(c.TakeTurn("Bob"))
    fight.play(c.EndTurn("Bob"))
    assert fight.state.to_act == "Players"


def test_each_character_takes_one_turn_a_round() -> None:
    """ "Each character can only take turn once per round." """
    fight = duel(fighter("Cat", "Players"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.Pass("Bandits"))
    with pytest.raises(err.AlreadyActed, match="once per round"):
        fight.play(c.TakeTurn("Ann"))


def test_a_faction_with_everyone_done_can_only_pass() -> None:
    """ "A faction who has already taken turn with all its characters can only pass." """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeTurn("Bob"))
    fight.play(c.EndTurn("Bob"))
    with pytest.raises(err.OnlyPass, match="can only pass"):
        fight.play(c.TakeTurn("Ann"))
    fight.play(c.Pass("Players"))


def test_passing_is_allowed_and_all_factions_passing_in_a_row_ends_the_phase() -> None:
    """ "A faction can choose to pass instead of taking turn with a character, and if all
    factions pass consecutively the phase ends." The next round then begins with its
    initiative roll."""
    fight = duel()
    fight.play(c.Pass("Players"))
    fight.play(c.TakeTurn("Bob"))
    fight.play(c.EndTurn("Bob"))
    fight.play(c.Pass("Players"))
    assert fight.state.round == 1, "a turn between the passes: not consecutive"
    events = fight.play(c.Pass("Bandits"), dice(2))
    assert kinds(events) == ["passed", "action_phase_ended", "round_began"]
    assert fight.state.round == 2 and fight.state.initiative == "Bandits"
    assert fight.state.acted == frozenset(), "a new round: every character may act again"


def test_a_turn_moves_two_zones_and_splits_movement_around_actions() -> None:
    """ "During their turn characters can move by 2 zones, perform a bonus action, and perform
    a main action or a second bonus action, in any order. It is possible to split movement
    before and after taking actions." """
    fight = duel(zones=("A", "B", "C", "D"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Move("Ann", ("B",)))
    fight.play(c.Act("Ann", "say"))
    fight.play(c.Move("Ann", ("C",)))
    with pytest.raises(err.TooFar, match="move by 2 zones"):
        fight.play(c.Move("Ann", ("D",)))
    fight.play(c.Act("Ann", "interact"))
    with pytest.raises(err.NoActionLeft):
        fight.play(c.Act("Ann", "equip"))
    assert fight.state.fighter("Ann").zone == "C"


def test_a_second_bonus_action_replaces_the_main_action() -> None:
    """ "... perform a bonus action, and perform a main action or a second bonus action" """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Act("Ann", "equip"))
    fight.play(c.Act("Ann", "consumable"))
    with pytest.raises(err.NoActionLeft, match="main action or a second bonus action"):
        fight.play(c.Act("Ann", "invoke"))
    with pytest.raises(err.NoActionLeft):
        fight.play(c.Attack("Ann", "Bob"))


def test_sprint_is_a_main_action_that_doubles_movement() -> None:
    """ "Sprint to double movement distance." """
    fight = duel(zones=("A", "B", "C", "D", "E"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Act("Ann", "sprint"))
    fight.play(c.Move("Ann", ("B", "C", "D", "E")))
    assert fight.state.fighter("Ann").zone == "E"


def test_dropping_something_is_free_and_a_fragile_item_might_break() -> None:
    """ "Pick up or put down something. Dropping something is free, but the item might be
    damaged if fragile." No action spent, even with none left; whether it breaks is the GM's
    call; a weapon dropped leaves the hand empty (unarmed, d4 impaired)."""
    fight = duel(zones=("A",))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Act("Ann", "equip"))
    fight.play(c.Act("Ann", "consumable"))
    turn = fight.state.turn
    events = fight.play(c.Drop("Ann", "the lantern", fragile=True))
    assert kinds(events) == ["item_dropped"] and fight.state.turn == turn
    assert events[0].describe() == (
        "Ann drops the lantern (free: no action); it is fragile and might be damaged "
        "(the GM's call)"
    )
    events = fight.play(c.Drop("Ann", "her sword", weapon=True))
    assert "unarmed now" in events[0].describe()
    assert fight.state.fighter("Ann").weapon == 0
    with pytest.raises(err.DropRefused, match="holds no weapon") as refused:
        fight.play(c.Drop("Ann", "her sword", weapon=True))
    assert "Dropping something is free" in refused.value.rule
    with pytest.raises(err.DropRefused, match="name what is dropped"):
        fight.play(c.Drop("Ann", "  "))
    with pytest.raises(err.NotAnAction, match="dropping something is free, not an action"):
        fight.play(c.Act("Ann", "drop"))
    with pytest.raises(err.NotTheirTurn):
        fight.play(c.Drop("Bob", "his club"))


def test_moves_follow_the_links_between_zones() -> None:
    fight = duel(zones=("A", "B", "C"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.NoSuchPath):
        fight.play(c.Move("Ann", ("C",)))


@pytest.mark.parametrize("action", ["cast", "defend", "counterspell", "boon", "momentum"])
def test_an_action_of_another_system_is_refused_naming_it(action: str) -> None:
    """Issue 15: "an action another system has ... is refused with the rule it breaks"."""
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.NotAnAction) as refused:
        fight.play(c.Act("Ann", action))
    assert "not of Murdham" in str(refused.value) and "main action" in str(refused.value)
    assert isinstance(refused.value, CombatError)


def test_a_words_of_power_command_is_not_a_murdham_command() -> None:
    with pytest.raises(WrongSystem, match="EndCombat is not a Murdham command") as refused:
        duel().play(EndCombat("done"))
    assert "rules of the system it was started under" in refused.value.rule


def test_the_morale_phase_checks_a_group_reduced_to_half() -> None:
    """ "Groups must make a morale check after being reduced to half or less their original
    number during a fight." "Make a group WIT save: those who fail must surrender or retreat,
    but those who pass aren't subject to morale for the remainder of the stretch." """
    fight = duel(fighter("Cy", "Bandits", wit=8), fighter("Di", "Bandits", wit=12),
                 fighter("Ed", "Bandits", hp=1))  # fmt: skip
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Ed"))
    fight.play(c.TakeHit(), dice(6))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeTurn("Bob"))
    fight.play(c.Attack("Bob", "Ann", hold_back=True), dice(1, 1))
    fight.play(c.EndTurn("Bob"))
    fight.play(c.Pass("Players"))
    fight.play(c.Pass("Bandits"), dice(1))
    assert fight.state.round == 2, "3 of 4 standing: no check"
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", final_blow=False))
    fight.play(c.Dodge("Bob"), dice(20, 6))
    fight.play(c.EndTurn("Ann"))
    assert fight.state.fighter("Bob").status is Status.INCAPACITATED
    fight.play(c.Pass("Bandits"))
    events = fight.play(c.Pass("Players"), dice(9, 11, 1))
    check = [e for e in events if e.kind == "morale_checked"]
    assert len(check) == 1 and "2 of 4 standing" in check[0].describe()
    assert fight.state.fighter("Cy").status is Status.BROKEN, "9 over WIT 8: fails"
    assert fight.state.fighter("Di").status is Status.ACTIVE and "Di" in fight.state.steady


def test_a_lone_character_checks_morale_at_half_health_unless_immune_to_fear() -> None:
    """ "Characters fighting alone must do so after taking damage reducing their health to
    half or less the maximum." "Characters who are immune to fear are also immune to
    morale." """
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.TakeHit(), dice(3))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.Pass("Bandits"))
    events = fight.play(c.Pass("Players"), dice(15))
    assert "fighting alone at 3/6 health" in events[2].describe()
    assert fight.state.fighter("Bob").status is Status.BROKEN
    assert fight.state.phase is Phase.ENDED, "only one faction stands: the fight ends"

    fearless = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits", fearless=True))
    fearless.play(c.Begin("Players"))
    fearless.play(c.TakeTurn("Ann"))
    fearless.play(c.Attack("Ann", "Bob"))
    fearless.play(c.TakeHit(), dice(5))
    fearless.play(c.EndTurn("Ann"))
    fearless.play(c.Pass("Bandits"))
    events = fearless.play(c.Pass("Players"), dice(1))
    assert "morale_checked" not in kinds(events)


def test_surrender_spends_the_turn_and_harm_lets_the_character_fight_again() -> None:
    """ "Characters can spend their turn to surrender ... Their turn is wasted, but they might
    be spared by the enemy. Surrendering characters who are harmed by the enemy can resume
    fighting normally even if they previously failed a morale check." """
    fight = duel(fighter("Cy", "Players"), fighter("Di", "Bandits", fearless=True))
    fight.play(c.Pass("Players"))
    fight.play(c.Surrender("Bob"))
    assert fight.state.fighter("Bob").status is Status.SURRENDERED
    assert fight.state.to_act == "Players"
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob"))
    fight.play(c.TakeHit(), dice(2))
    assert fight.state.fighter("Bob").status is Status.ACTIVE


def test_fast_and_slow_activations_split_the_phase_by_the_threshold() -> None:
    """ "During the fast action sub-phase, only characters whose WIT matches or exceeds the
    fast action threshold can take their turn." "During the slow action sub-phase, the
    characters who haven't taken their turn yet can now do so." """
    fight = setup(fighter("Ann", "Players", wit=12), fighter("Bob", "Bandits", wit=6),
                  variant="fast-slow")  # fmt: skip
    fight.play(c.Begin("Players"), dice(9))
    assert fight.state.threshold == 9
    assert fight.state.sub.value == "fast"
    fight.play(c.Pass("Players"))
    with pytest.raises(err.TooSlow, match="fast action threshold"):
        fight.play(c.TakeTurn("Bob"))
    fight.play(c.Pass("Bandits"))
    assert fight.state.sub is SubPhase.SLOW and fight.state.to_act == "Players"
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.EndTurn("Ann"))
    fight.play(c.TakeTurn("Bob"))


def test_on_the_first_round_the_prepared_act_in_the_fast_sub_phase() -> None:
    """ "As an exception, on the first round only, characters who initiated the fight or were
    prepared for it can always take their turn, no matter what their WIT is." """
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits", wit=3, prepared=True),
                  variant="fast-slow")  # fmt: skip
    fight.play(c.Begin("Bandits"), dice(15))
    fight.play(c.TakeTurn("Bob"))


def test_the_threshold_is_rolled_each_round_right_after_initiative() -> None:
    """ "At the beginning of each round, right after the initiative phase, the GM openly rolls
    a d20. The result is the fast action threshold." """
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"), variant="fast-slow")
    fight.play(c.Begin("Players"), dice(20))
    fight.play(c.Pass("Players"))
    fight.play(c.Pass("Bandits"))
    fight.play(c.Pass("Players"))
    events = fight.play(c.Pass("Bandits"), dice(2, 4))
    assert kinds(events)[-2:] == ["round_began", "threshold_rolled"]
    assert fight.state.threshold == 4 and fight.state.round == 2


def test_the_fight_ends_when_one_faction_is_left_standing() -> None:
    """Ours: the chapter does not say when a fight ends; once at most one faction has a
    character standing (not incapacitated, dead, surrendered or routed), it does."""
    fight = duel()
    fight.play(c.Pass("Players"))
    events = fight.play(c.Surrender("Bob"))
    assert events[-1].describe() == "the fight ends: only Players remain standing"
    assert fight.is_over and fight.state.phase is Phase.ENDED


def test_setting_up_is_checked() -> None:
    fight = setup(fighter("Ann", "Players"))
    with pytest.raises(err.SetupError, match="two factions"):
        fight.play(c.Begin())
    with pytest.raises(err.SetupError, match="already"):
        fight.play(c.AddFighter(fighter("ann", "Bandits")))
    with pytest.raises(err.SetupError, match="no zone"):
        fight.play(c.AddFighter(fighter("Bob", "Bandits", zone="Moon")))
    with pytest.raises(err.SetupError, match="WIT"):
        fight.play(c.AddFighter(fighter("Bob", "Bandits", wit=30)))
    fight.play(c.AddFighter(fighter("Bob", "Bandits")))
    fight.play(c.Begin("Players"))
    with pytest.raises(err.NotInPhase):
        fight.play(c.AddZone("Tower"))


def test_armour_can_t_be_changed_during_a_fight() -> None:
    """ "Armour can't be changed during a fight." The GM sets it before the first round;
    once the fight has begun the same command is refused and nothing is recorded."""
    fight = setup(fighter("Ann", "Players"), fighter("Bob", "Bandits"))
    fight.play(c.SetArmour("Ann", 2))
    assert fight.state.fighter("Ann").armour == 2 and "Ann's armour is 2" in fight.log()[-1]
    with pytest.raises(err.SetupError, match="not 11"):
        fight.play(c.SetArmour("Ann", 11))
    fight.play(c.Begin("Players"))
    for moment in ("between turns", "in a turn"):
        if moment == "in a turn":
            fight.play(c.TakeTurn("Ann"))
        before = len(fight.events)
        with pytest.raises(err.ArmourFixed, match="stays 2") as refused:
            fight.play(c.SetArmour("Ann", 0))
        assert refused.value.rule == "Armour can't be changed during a fight.", moment
        assert len(fight.events) == before and fight.state.fighter("Ann").armour == 2
    fight.play(c.Act("Ann", "equip", "swaps her shield"))
    assert fight.state.fighter("Ann").armour == 2
