"""Starting the fight and the order of turns (rulebook, "Initiative", "Special Cases")."""

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.errors import (
    InitiativeRefused,
    NotUnaware,
    NotYourTurn,
    TurnOrderFixed,
)
from adjudicator.combat.events import CombatBegan, InitiativeRolled, TurnStarted
from adjudicator.combat.fight_events import AttackRolled, DamageDealt
from adjudicator.combat.state import Phase
from adjudicator.combat.units import Unit

from .helpers import dice, fight, fighter, of_kind, setup


def _two_on_two() -> list[tuple[Unit, str]]:
    return [
        (fighter("Ann", "Party"), "C1"),
        (fighter("Bob", "Party"), "C2"),
        (fighter("Orc", "Orcs"), "D5"),
        (fighter("Goblin", "Orcs"), "D6"),
    ]


def test_each_team_rolls_1d6_and_the_higher_goes_first() -> None:
    """ "Each team will then roll 1d6. The higher number goes first." """
    combat = setup(*_two_on_two())
    events = combat.play(c.Begin(), dice(2, 5))
    rolled = of_kind(events, InitiativeRolled)[0]
    assert isinstance(rolled, InitiativeRolled)
    assert [(r.roller, r.value) for r in rolled.rolls] == [("Party", 2), ("Orcs", 5)]
    assert rolled.order == ("Orcs", "Party")
    assert combat.state.turn is not None and combat.state.turn.unit == "Orc"


def test_tied_teams_roll_again() -> None:
    """Ours, where the rulebook is silent: a tie is rolled again by the tied teams."""
    combat = setup(*_two_on_two())
    events = combat.play(c.Begin(), dice(4, 4, 1, 3))
    rolled = of_kind(events, InitiativeRolled)[0]
    assert isinstance(rolled, InitiativeRolled)
    assert [r.value for r in rolled.rolls] == [4, 4, 1, 3]
    assert rolled.rolls[2].purpose == "initiative (tie, rerolled)"
    assert rolled.order == ("Orcs", "Party")


def test_the_whole_team_acts_before_the_other_team() -> None:
    """ "Once the whole team has acted, the other team will go." """
    combat = fight(*_two_on_two())
    order = []
    for _ in range(8):
        assert combat.state.turn is not None
        order.append(combat.state.turn.unit)
        combat.play(c.EndTurn())
    assert order == ["Ann", "Bob", "Orc", "Goblin"] * 2
    with pytest.raises(NotYourTurn):
        combat.play(c.Move("Orc", combat.state.board.space("D4")))


def test_teams_choose_their_order_in_round_one_and_keep_it() -> None:
    """ "Teams may choose their individual turn order during their first round of combat.
    Continue to use that same turn order for the remainder." """
    combat = fight(*_two_on_two(), first="Bob")
    assert combat.state.turn is not None and combat.state.turn.unit == "Bob"
    combat.play(c.EndTurn())  # Ann
    combat.play(c.EndTurn(next="Goblin"))
    combat.play(c.EndTurn())  # Orc
    with pytest.raises(TurnOrderFixed) as raised:
        combat.play(c.EndTurn(next="Ann"))  # round 2: Bob went first for the Party
    assert "Continue to use that same turn order" in raised.value.message
    combat.play(c.EndTurn())
    assert combat.state.round == 2 and combat.state.turn is not None
    assert combat.state.turn.unit == "Bob"
    with pytest.raises(NotYourTurn):
        combat.play(c.EndTurn(next="Orc"))  # Ann has yet to act for the Party
    combat.play(c.EndTurn())
    with pytest.raises(TurnOrderFixed):
        combat.play(c.EndTurn(next="Orc"))  # the Orcs' order is Goblin, then Orc
    assert combat.state.turn_order == ("Bob", "Ann", "Goblin", "Orc")


def test_a_clear_aggressor_needs_no_initiative_roll() -> None:
    """ "If both sides are equally aware but there is a clear aggressor, there is no need to
    roll initiative." """
    combat = setup(*_two_on_two())
    events = combat.play(c.Begin(aggressor="Orcs"))
    assert not of_kind(events, InitiativeRolled)
    assert combat.state.team_order == ("Orcs", "Party")


def test_an_aggressor_cannot_skip_the_roll_when_some_are_unaware_or_in_the_draft() -> None:
    """The shortcut holds only when "both sides are equally aware"; the draft lacks it."""
    combat = setup(*_two_on_two())
    combat.play(c.SetAwareness("Orc", "Ann", False))
    with pytest.raises(InitiativeRefused):
        combat.play(c.Begin(aggressor="Party"))
    draft = setup(*_two_on_two(), ruleset="wop-draft")
    with pytest.raises(InitiativeRefused):
        draft.play(c.Begin(aggressor="Party"))


def test_only_the_aware_take_a_full_round_before_initiative() -> None:
    """ "If only some characters are aware of the enemies, they may take a full round of
    actions before starting combat. Each team will then roll 1d6." """
    combat = setup(*_two_on_two())
    combat.play(c.SetAwareness("Orc", "Bob", False))
    combat.play(c.SetAwareness("Goblin", "Bob", False))
    events = combat.play(c.Begin())
    began = of_kind(events, CombatBegan)[0]
    assert isinstance(began, CombatBegan)
    assert began.surprise == ("Ann", "Bob")
    assert combat.state.phase is Phase.SURPRISE
    combat.play(c.EndTurn())
    events = combat.play(c.EndTurn(), dice(6, 1))
    assert of_kind(events, InitiativeRolled) and combat.state.round == 1
    assert combat.state.unaware == frozenset(), "after initiative everyone is aware"
    started = of_kind(events, TurnStarted)[0]
    assert isinstance(started, TurnStarted) and started.unit == "Ann"


def test_an_opening_strike_on_the_unaware_is_an_automatic_critical_then_a_surprise_round() -> None:
    """ "there is no need to roll a melee attack roll. Treat the first strike as an automatic
    critical hit. Choose a hitzone and just roll damage. ... If this attack would initiate
    combat, take a surprise round after striking and before rolling initiative." """
    combat = setup(*_two_on_two())
    combat.play(c.Place("Ann", combat.state.board.space("C3")))
    for foe in ("Orc", "Goblin"):
        combat.play(c.SetAwareness(foe, "Ann", False))
        combat.play(c.SetAwareness(foe, "Bob", False))
    events = combat.play(c.OpeningStrike("Ann", "Orc", aim="Legs"), dice(5))
    rolled = of_kind(events, AttackRolled)[0]
    assert isinstance(rolled, AttackRolled)
    assert rolled.rolls == () and rolled.result == "critical" and rolled.zone == "Legs"
    damage = of_kind(events, DamageDealt)[0]
    assert isinstance(damage, DamageDealt) and (damage.zone, damage.hp_lost) == ("Legs", 5)
    assert combat.state.phase is Phase.SURPRISE
    assert combat.state.is_aware("Orc", "Ann") and not combat.state.is_aware("Goblin", "Ann")
    with pytest.raises(NotUnaware):
        setup(*_two_on_two()).play(c.OpeningStrike("Ann", "Orc"))


def test_down_units_are_skipped() -> None:
    """ "Players may keep fighting and acting as long as they have Head HP remaining." """
    combat = fight(*_two_on_two())
    combat.play(c.DealDamage("Bob", "Head", 4, "a falling rock"))
    combat.play(c.EndTurn())  # Ann ends; Bob is down
    assert combat.state.turn is not None and combat.state.turn.unit == "Orc"
