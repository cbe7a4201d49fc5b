"""Shadow of the Weird Wizard's lasting effects and afflictions (`seeds/004`, "Turns", "End of
the Round", "Called Shot", "Guarded Attack", "Wrestle", "Reactions"): each test quotes the
sentence it checks."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard.commands import AttackOption, Lasting, UnarmedWay
from adjudicator.combat.systems.weird_wizard.effect_events import EffectEnded
from adjudicator.combat.systems.weird_wizard.engine import WeirdWizardFight
from adjudicator.combat.systems.weird_wizard.state import Affliction, Each
from tests.combat.systems.test_weird_wizard_unarmed import brawl, next_round, wrestling
from tests.combat.systems.weird_helpers import SAGE, dice, fight, unit

A = Affliction


def kinds(events: tuple[Any, ...]) -> list[str]:
    return [e.kind for e in events]


def numbers(events: tuple[Any, ...]) -> list[int]:
    """The numbers of the effects the events resolve, in order."""
    return [e.number for e in events if e.kind.startswith("effect_")]


def goblins_turn_with_three_effects() -> WeirdWizardFight:
    """Goblin's turn; on it a helpful regeneration (#1), a harmful poison (#2), both at the
    end of each of its turns, and stunned until the end of this turn (#3)."""
    f = fight()
    f.play(c.StartTurn("Goblin"))
    f.play(c.Afflict("Goblin", "regeneration", Lasting.END_OF_ROUND, helpful=True,
                     each=Each.TURN, heal=1))  # fmt: skip
    f.play(c.Afflict("Goblin", "poison", each=Each.TURN, damage=1))
    f.play(c.Afflict("Goblin", affliction=A.STUNNED, lasting=Lasting.END_OF_TURN))
    return f


def test_at_the_end_of_a_turn_harmful_effects_resolve_first_in_the_order_chosen() -> None:
    """ "Some effects begin or end at the end of a turn. If multiple effects begin or end at
    the end of your turn, you resolve any harmful effects first, in the order you choose, and
    then other effects, again in the order you choose." """
    f = goblins_turn_with_three_effects()
    events = f.play(c.EndTurn("Goblin"), dice(4, 3))
    assert kinds(events) == ["effect_occurred", "effect_ended", "effect_occurred", "turn_ended"]
    assert numbers(events) == [2, 3, 1]
    assert events[0].describe() == "#2 Goblin's poison: Goblin takes 4 damage (d6=4 (entered))"
    assert events[2].describe() == "#1 Goblin's regeneration: Goblin heals 3 (d6=3 (entered))"
    assert f.state.unit("Goblin").damage == 1
    chosen = goblins_turn_with_three_effects()
    events = chosen.play(c.EndTurn("Goblin", order=(3, 2)), dice(4, 3))
    assert numbers(events) == [3, 2, 1]
    wrong = goblins_turn_with_three_effects()
    before = wrong.state
    with pytest.raises(err.EffectOrder, match="you resolve any harmful effects first"):
        wrong.play(c.EndTurn("Goblin", order=(1, 2)), dice(4, 3))
    with pytest.raises(err.EffectOrder, match="#9 does not begin, occur or end now"):
        wrong.play(c.EndTurn("Goblin", order=(9,)), dice(4, 3))
    assert wrong.state == before


def test_an_effect_ends_at_the_end_of_the_turn_its_duration_names() -> None:
    """ "Some effects begin or end at the end of a turn": until the end of this turn, of the
    next turn, of its creature's next turn, of its creator's ("your") next turn."""
    f = fight(unit("Orc", SAGE, 5))
    f.play(c.StartTurn("Goblin"))
    for name, target, lasting in (
        ("dazzled", "Fighter", Lasting.END_OF_TURN),
        ("shaken", "Fighter", Lasting.NEXT_TURN),
        ("marked", "Goblin", Lasting.ITS_NEXT_TURN),
        ("hexed", "Fighter", Lasting.CREATOR_NEXT_TURN),
        ("slowed", "Fighter", Lasting.ITS_NEXT_TURN),
    ):
        f.play(c.Afflict(target, name, lasting, by="Goblin"))
    assert [line.split("#", 1)[1].split(" (")[0] for line in f.log()[-5:]] == [
        "1 Fighter dazzled until the end of this turn",
        "2 Fighter shaken until the end of the next turn",
        "3 Goblin marked until the end of Goblin's next turn",
        "4 Fighter hexed until the end of Goblin's next turn",
        "5 Fighter slowed until the end of Fighter's next turn",
    ]
    ended: dict[str, list[int]] = {}
    for name in ("Goblin", "Orc", "Fighter", "Goblin"):
        if f.state.turn is None:
            f.play(c.StartTurn(name))
        events = f.play(c.EndTurn(name))
        ended[f"{name} {f.state.round}"] = [e.number for e in events if isinstance(e, EffectEnded)]
    assert ended == {"Goblin 1": [1], "Orc 1": [2], "Fighter 2": [5], "Goblin 2": [3, 4]}
    assert not f.state.effects


def round_one_with_fires(*order: int) -> tuple[Any, ...]:
    """Fire on Fighter (#1) and Goblin (#3), Goblin's blessing until the end of the round
    (#2), fire on Orc (#4): the round ends with Fighter's turn."""
    f = fight(unit("Orc", SAGE, 5))
    f.play(c.Afflict("Fighter", "on fire", each=Each.ROUND, damage=1))
    f.play(c.Afflict("Goblin", "blessing", Lasting.END_OF_ROUND, helpful=True))
    f.play(c.Afflict("Goblin", "on fire", each=Each.ROUND, damage=1))
    f.play(c.Afflict("Orc", "on fire", each=Each.ROUND, damage=1))
    for name in ("Goblin", "Orc"):
        f.play(c.StartTurn(name))
        f.play(c.EndTurn(name))
    f.play(c.StartTurn("Fighter"))
    return f.play(c.EndTurn("Fighter", order=order), dice(1, 2, 3))


def test_at_the_end_of_the_round_the_sage_s_creatures_resolve_first_harmful_first() -> None:
    """ "Certain effects occur or are resolved at the end of the round ... First, the Sage
    handles all combatants not controlled by the players. Each combatant resolves all harmful
    effects first, in any order, and then any remaining effects, again in any order. Then,
    the players do the same for their characters, after which the combat continues with the
    start of another round." """
    events = round_one_with_fires()
    assert kinds(events) == [
        "turn_ended", "round_ended", "effect_occurred", "effect_ended", "effect_occurred",
        "effect_occurred", "round_began",
    ]  # fmt: skip
    assert numbers(events) == [3, 2, 4, 1]
    assert events[3].describe() == "#2 Goblin's blessing ends (the end of round 1)"
    assert numbers(round_one_with_fires(4, 3)) == [4, 3, 2, 1]
    with pytest.raises(err.EffectOrder, match="First, the Sage handles all combatants"):
        round_one_with_fires(1, 3)
    with pytest.raises(err.EffectOrder, match="Each combatant resolves all harmful effects"):
        round_one_with_fires(2, 3)
    with pytest.raises(err.EffectOrder, match="cannot resolve before"):
        round_one_with_fires(3, 4, 2)


def test_an_effect_lasting_rounds_ends_at_the_end_of_its_last_round() -> None:
    """ "Certain effects occur or are resolved at the end of the round (sometimes expressed as
    \u201cthe end of each round\u201d)": an effect for 2 rounds ends as the second ends."""
    f = fight()
    f.play(c.Afflict("Goblin", "blessing", Lasting.ROUNDS, 2, helpful=True))
    assert "until the end of round 2" in f.log()[-1]
    for number in (1, 2):
        f.play(c.StartTurn("Goblin"))
        f.play(c.EndTurn("Goblin"))
        f.play(c.StartTurn("Fighter"))
        events = f.play(c.EndTurn("Fighter"))
        assert ("effect_ended" in kinds(events)) is (number == 2)


def test_an_effect_is_refused_when_its_terms_do_not_hold() -> None:
    """What an effect says of itself must hold together: Impaired names its attribute, a
    helpful effect bestows no affliction, one that occurs each turn or round deals damage or
    heals."""
    f = fight()
    for bad, says in (
        (c.Afflict("Goblin"), "a name or an affliction"),
        (c.Afflict("Goblin", affliction=A.IMPAIRED), "Impaired names its attribute"),
        (c.Afflict("Goblin", affliction=A.STUNNED, attribute="will"), "only Impaired"),
        (c.Afflict("Goblin", "boon", helpful=True, affliction=A.HELD), "bestows no affliction"),
        (c.Afflict("Goblin", "fire", each=Each.ROUND), "deals damage or heals"),
        (c.Afflict("Goblin", "fire", damage=1), "deals damage or heals"),
        (c.Afflict("Goblin", "hex", Lasting.CREATOR_NEXT_TURN), "names its creator"),
        (c.Afflict("Goblin", "hex", overcome="charisma"), "--overcome is a roll"),
    ):
        with pytest.raises(err.EffectRefused, match=says):
            f.play(bad)
    with pytest.raises(err.UnknownEffect):
        f.play(c.RemoveEffect(7))
    assert not f.state.effects


def test_a_called_shot_impairs_the_target_until_the_end_of_the_next_turn() -> None:
    """ "Called Shot: When you attack, you aim for a specific place on the target's body.
    Doing so imposes 2 banes on your roll. On a success, the target becomes Impaired in an
    attribute of your choice until the end of the next turn." (Impaired, as the core rules
    have it: 1 bane on rolls with the attribute, 1 boon on rolls against it.)"""
    f = fight(unit("Orc", SAGE, 2))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Fighter", called_shot=True, impair="agility"),
                    dice(18, 1, 4))  # fmt: skip
    assert "2 banes (called shot)" in events[1].describe()
    assert events[2].describe() == (
        "#1 Fighter impaired in Agility until the end of the next turn (harmful; by Goblin)"
    )
    assert f.state.unit("Fighter").damage == 4
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Orc"))
    events = f.play(c.Unarmed("Orc", UnarmedWay.TRIP, "Fighter", against="agility"), dice(9, 4))
    assert "1 boon (Fighter is impaired in Agility)" in events[1].describe()
    events = f.play(c.EndTurn("Orc"))
    assert events[0].describe() == "#1 Fighter's impaired ends (the end of Orc's turn)"
    miss = fight()
    miss.play(c.StartTurn("Goblin"))
    with pytest.raises(err.CalledShotRefused, match="one thing"):
        miss.play(c.Attack("Goblin", "Fighter", called_shot=True))
    with pytest.raises(err.CalledShotRefused, match="not an attribute"):
        miss.play(c.Attack("Goblin", "Fighter", called_shot=True, impair="luck"))
    miss.play(c.Attack("Goblin", "Fighter", called_shot=True, impair="will"), dice(9, 1, 1))
    assert not miss.state.effects


def test_impaired_puts_a_bane_on_the_creature_s_own_rolls_with_the_attribute() -> None:
    """ "the target becomes Impaired in an attribute of your choice" (Impaired, as the core
    rules have it: 1 bane on rolls with the attribute)."""
    f = fight()
    f.play(c.Afflict("Goblin", affliction=A.IMPAIRED, attribute="strength"))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Fighter"), dice(11, 2))
    assert "1 bane (Goblin is impaired in Strength)" in events[1].describe()
    assert not events[1].roll.success  # type: ignore[attr-defined]


def test_a_called_shot_at_an_object_damages_the_object_instead() -> None:
    """ "If you aim for an object the target wears or carries and you get a success, the
    object takes the damage instead." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Attack("Goblin", "Fighter", called_shot=True, at_object="lantern"),
                    dice(18, 1, 1, 4))  # fmt: skip
    assert events[-1].describe() == (
        "Fighter's lantern takes 4 damage from Goblin instead of Fighter (d6=4 (entered))"
    )
    assert f.state.unit("Fighter").damage == 0 and not f.state.effects


def guarded(**knight: Any) -> WeirdWizardFight:
    """Knight (a player's, shield) has made a guarded attack on Goblin this turn."""
    f = brawl(shield=True, **knight)
    f.play(c.Attack("Knight", "Goblin", option=AttackOption.GUARDED), dice(15))
    assert f.state.boons
    return f


@pytest.mark.parametrize("affliction", [A.CONFUSED, A.HELD, A.STUNNED, A.UNCONSCIOUS])
def test_a_guarded_attack_s_benefit_ends_early_if_the_attacker_becomes_afflicted(
    affliction: Affliction,
) -> None:
    """ "Guarded Attack: If you have a shield equipped and you get a success on the roll to
    attack, you impose 1 bane on the next roll to attack you before the start of your next
    turn. This benefit ends early if you become confused, held, stunned, or unconscious." """
    f = guarded()
    events = f.play(c.Afflict("Knight", affliction=affliction))
    assert events[-1].describe() == (
        f"Knight's guarded attack no longer imposes its bane (Knight becomes {affliction.value})"
    )
    assert not f.state.boons
    weakened = guarded()
    weakened.play(c.Afflict("Knight", affliction=A.WEAKENED))
    assert weakened.state.boons


def test_a_guarded_attack_s_benefit_ends_when_the_attacker_is_incapacitated() -> None:
    """ "This benefit ends early if you become ... unconscious" (ours: incapacitated counts)."""
    f = guarded(health=3)
    f.play(c.Afflict("Knight", "poison", each=Each.TURN, damage=1))
    events = f.play(c.EndTurn("Knight"), dice(5))
    assert "guard_ended" in kinds(events)


def test_a_pinned_creature_is_confused_held_and_weakened() -> None:
    """ "A pinned creature is confused, held, weakened, and cannot stand up until the effect
    ends." (Confused and weakened, as the core rules have them: no reactions; 1 bane on its
    Strength and Agility rolls, 1 boon on rolls against them; Intellect and Will rolls with
    1 bane.)"""
    f = wrestling(c.Wrestling.BOTH_PRONE, 15)
    next_round(f, "Goblin", "Knight")
    f.play(c.Unarmed("Knight", UnarmedWay.WRESTLE, "Goblin", effect=c.Wrestling.PIN), dice(15))
    assert f.state.afflicted("Goblin") == {A.CONFUSED, A.HELD, A.WEAKENED}
    next_round(f, "Goblin")
    events = f.play(c.Unarmed("Goblin", UnarmedWay.ESCAPE, "Knight", attribute="strength"),
                    dice(12, 3))  # fmt: skip
    assert "1 bane (Goblin is weakened)" in events[1].describe()
    next_round(f, "Knight")
    with pytest.raises(err.Afflicted, match="Goblin is confused: it cannot use reactions"):
        f.play(c.Unarmed("Knight", UnarmedWay.STRIKE, "Goblin", dodge=True))
    wrestle = c.Unarmed("Knight", UnarmedWay.WRESTLE, "Goblin", against="agility",
                        effect=c.Wrestling.DAMAGE)  # fmt: skip
    events = f.play(wrestle, dice(2, 1))
    assert "1 boon (Goblin is weakened)" in events[1].describe()


@pytest.mark.parametrize("affliction", [A.CONFUSED, A.IMPAIRED, A.STUNNED, A.WEAKENED])
def test_the_pin_holder_releases_its_pin_when_it_becomes_afflicted(
    affliction: Affliction,
) -> None:
    """ "Also, you release a target automatically if you become confused, impaired, stunned,
    or weakened." (The grab ends as well if it becomes confused or stunned: "The effect also
    ends if you ... become confused, controlled, stunned, or unconscious.")"""
    f = wrestling(c.Wrestling.BOTH_PRONE, 15)
    next_round(f, "Goblin", "Knight")
    f.play(c.Unarmed("Knight", UnarmedWay.WRESTLE, "Goblin", effect=c.Wrestling.PIN), dice(15))
    attribute = "will" if affliction is A.IMPAIRED else ""
    events = f.play(c.Afflict("Knight", affliction=affliction, attribute=attribute))
    assert not f.state.pinned("Goblin")
    grab_ends = affliction in (A.CONFUSED, A.STUNNED)
    assert f.state.held("Goblin") is not grab_ends
    assert events[-1].kind == ("grab_ended" if grab_ends else "pin_ended")


@pytest.mark.parametrize("affliction", [A.CONFUSED, A.CONTROLLED, A.STUNNED, A.UNCONSCIOUS])
def test_a_grab_ends_when_the_grabber_becomes_afflicted(affliction: Affliction) -> None:
    """ "The effect also ends if you move away from the target without dragging it (see Drag
    below) or you become confused, controlled, stunned, or unconscious." """
    f = brawl()
    f.play(c.Unarmed("Knight", UnarmedWay.GRAB, "Goblin"), dice(15))
    events = f.play(c.Afflict("Knight", affliction=affliction))
    assert events[-1].describe() == (
        f"Knight's grab on Goblin ends (Knight becomes {affliction.value})"
    )
    assert not f.state.held("Goblin")


def test_afflictions_limit_actions_reactions_and_speed() -> None:
    """Ours, as the core rules have them: a stunned creature cannot use actions or reactions
    and its Speed is 0; a confused one cannot use reactions; a weakened one's Speed is
    halved; an unconscious one's attribute rolls fail and rolls against it have 3 boons."""
    f = fight()
    f.play(c.Afflict("Goblin", affliction=A.STUNNED, lasting=Lasting.ITS_NEXT_TURN))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.Afflicted, match="stunned: it cannot use actions"):
        f.play(c.Defend("Goblin"))
    with pytest.raises(err.Afflicted, match="0 yards of Speed left"):
        f.play(c.Move("Goblin", -1))
    f.play(c.EndTurn("Goblin"))
    f.play(c.Afflict("Goblin", affliction=A.WEAKENED))
    f.play(c.Afflict("Goblin", affliction=A.UNCONSCIOUS, lasting=Lasting.END_OF_TURN))
    f.play(c.StartTurn("Fighter"))
    with pytest.raises(err.Afflicted, match="Goblin is unconscious: it cannot use reactions"):
        f.play(c.Attack("Fighter", "Goblin", dodge=True))
    events = f.play(c.Attack("Fighter", "Goblin", disarm=True), dice(9, 1, 2))
    assert "3 boons (Goblin is unconscious)" in events[1].describe()
    assert "fails automatically (Goblin is unconscious)" in events[2].describe()
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    f.play(c.Move("Goblin", -5))
    with pytest.raises(err.Afflicted, match="weakened: 0 yards of Speed left"):
        f.play(c.Move("Goblin", -6))


def test_dodge_gives_a_boon_to_an_agility_roll_to_resist_a_harmful_effect() -> None:
    """ "Dodge: When a creature attacks you, something rolls against your Agility, or you make
    an Agility roll to resist a harmful effect, you can use a reaction to either impose 1 bane
    on the roll or roll with 1 boon." """
    f = fight()
    events = f.play(c.Afflict("Fighter", "web", affliction=A.HELD, resist="agility",
                              dodge=True), dice(8, 2))  # fmt: skip
    assert events[0].describe() == "Fighter reacts: dodge: 1 boon to resist web"
    assert "+best of d6 [2] = 10 vs 10: success [1 boon (Fighter dodges" in events[1].describe()
    assert not f.state.effects and "Fighter" in f.state.reacted
    with pytest.raises(err.ResistRefused, match="Dodge"):
        f.play(c.Afflict("Goblin", "web", resist="strength", dodge=True))
    disarm = fight()
    disarm.play(c.StartTurn("Goblin"))
    events = disarm.play(c.Attack("Goblin", "Fighter", disarm=True, dodge_disarm=True),
                         dice(15, 1, 8, 3))  # fmt: skip
    assert "Fighter reacts: dodge: 1 boon to resist the disarm" in kinds_and_text(events)
    assert not disarm.state.unit("Fighter").disarmed
    covered = fight()
    events = covered.play(c.Afflict("Fighter", "web", resist="agility", cover=True), dice(8, 2))
    assert "1 boon (partial cover)" in events[0].describe() and not covered.state.effects


def test_withstand_gives_a_boon_to_a_strength_roll_to_resist_a_harmful_effect() -> None:
    """ "Withstand: When a creature rolls against your Strength or you make a Strength roll to
    resist a harmful effect, you can use a reaction to either impose 1 bane on the roll or
    roll with 1 boon." """
    f = fight()
    events = f.play(c.Afflict("Fighter", "poison", each=Each.ROUND, damage=1,
                              resist="strength", withstand=True), dice(7, 2))  # fmt: skip
    assert events[0].describe() == "Fighter reacts: withstand: 1 boon to resist poison"
    assert "= 9 vs 10: failure" in events[1].describe()
    assert events[2].kind == "effect_began"
    with pytest.raises(err.ReactionUsed):
        f.play(c.Afflict("Fighter", "poison", resist="strength", withstand=True))
    with pytest.raises(err.ResistRefused, match="Withstand"):
        f.play(c.Afflict("Goblin", "poison", resist="agility", withstand=True))


def kinds_and_text(events: tuple[Any, ...]) -> str:
    return "\n".join(e.describe() for e in events)


def test_an_unconscious_creature_is_one_that_counts_for_what_its_onset_ends() -> None:
    """ "you become confused, controlled, stunned, or unconscious" (ours: incapacitated
    counts as unconscious: its grabs end, as they did)."""
    f = brawl(unit("Orc", SAGE, 2))
    f.play(c.Unarmed("Knight", UnarmedWay.GRAB, "Goblin"), dice(15))
    f.play(c.Afflict("Knight", "poison", each=Each.TURN, damage=3))
    f.play(c.EndTurn("Knight"), dice(6, 6, 6))
    assert not f.state.held("Goblin")


def test_effects_that_deal_damage_can_end_the_fight() -> None:
    """ "Certain effects occur or are resolved at the end of the round": damage at the end of
    the round counts like any (ours: a side with no one standing loses)."""
    f = fight()
    f.play(c.Afflict("Fighter", "poison", each=Each.ROUND, damage=3))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    f.play(c.EndTurn("Fighter"), dice(6, 6, 6))
    assert f.is_over and f.state.ended == "the players' side is down"


def test_a_grab_on_a_creature_held_by_an_effect_succeeds_automatically() -> None:
    """ "You succeed automatically against a held creature." (held by a net as by a grab)"""
    f = brawl()
    f.play(c.Afflict("Goblin", "net", affliction=A.HELD))
    events = f.play(c.Unarmed("Knight", UnarmedWay.GRAB, "Goblin"))
    assert [e.kind for e in events] == ["action_used", "grabbed"]
