"""Shadow of the Weird Wizard's actions on effects and objects, Extra Effort, Catch and total
cover (`seeds/004`, "Actions", "Reactions", "Cover"): each test quotes the sentence it
checks."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard.commands import Lasting
from adjudicator.combat.systems.weird_wizard.engine import WeirdWizardFight
from adjudicator.combat.systems.weird_wizard.state import Affliction, Combatant, Each
from tests.combat.systems.weird_helpers import PLAYERS, SAGE, dice, fight, unit


def test_overcome_ends_a_harmful_effect_on_a_roll() -> None:
    """ "Overcome: Some ongoing harmful effects enable you to overcome them, typically by
    making an attribute roll or a luck roll. If such an effect affects you, you can attempt to
    end that effect." """
    f = fight()
    f.play(c.Afflict("Goblin", "net", affliction=Affliction.HELD, overcome="strength"))
    f.play(c.Afflict("Goblin", "curse", overcome="luck"))
    f.play(c.Afflict("Goblin", "fear"))
    f.play(c.Afflict("Fighter", "net", overcome="strength"))
    f.play(c.StartTurn("Goblin"))
    for number, says in ((3, "no harmful effect on Goblin"), (4, "no harmful effect on Goblin")):
        with pytest.raises(err.OvercomeRefused, match=says):
            f.play(c.Overcome("Goblin", number))
    events = f.play(c.Overcome("Goblin", 1), dice(12))
    assert events[0].describe() == "Goblin uses an action: overcome (#1 net)"
    assert "Strength roll d20=12 = 12 vs 10: success" in events[1].describe()
    assert events[2].describe() == "#1 Goblin's net ends (Goblin overcomes it)"
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Overcome("Goblin", 2), dice(9))
    assert events[1].describe() == "Goblin resists curse: luck roll d20=9 (entered): failure"
    assert [e.number for e in f.state.effects] == [2, 3, 4]


def test_end_a_magical_effect_the_creature_created() -> None:
    """ "End a Magical Effect: You end one magical effect you created with a magical talent,
    spell, or object, provided you can see the creature, object, or space affected by your
    magic." (Whether it can see is the Sage's call.)"""
    f = fight()
    f.play(c.Afflict("Fighter", "hex", by="Goblin", magical=True))
    f.play(c.Afflict("Fighter", "trip wire", by="Goblin"))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.EndEffectRefused, match="not a magical effect Goblin created"):
        f.play(c.EndMagic("Goblin", 2))
    events = f.play(c.EndMagic("Goblin", 1))
    assert events[-1].describe() == "#1 Fighter's hex ends (Goblin ends its magic)"
    f.play(c.EndTurn("Goblin"))
    f.play(c.Afflict("Goblin", "ward", helpful=True, by="Goblin", magical=True))
    f.play(c.StartTurn("Fighter"))
    with pytest.raises(err.EndEffectRefused):
        f.play(c.EndMagic("Fighter", 3))


def test_extra_effort_spends_the_turns_a_task_takes_and_nothing_else() -> None:
    """ "Extra Effort: Some tasks require more time or energy than what can be done by using
    an action. ... While you are spending this extra time, you focus entirely on the task at
    hand, and thus you cannot use an action or a reaction to do anything else." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.ExtraEffort, match="2 turns or more"):
        f.play(c.Effort("Goblin", "ritual", turns=1))
    events = f.play(c.Effort("Goblin", "ritual", turns=2))
    assert events[1].describe() == "Goblin begins 'ritual': 2 turns of actions"
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    with pytest.raises(err.ExtraEffort, match="cannot use an action or a reaction"):
        f.play(c.Attack("Fighter", "Goblin", dodge=True))
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.ExtraEffort, match="cannot use an action or a reaction"):
        f.play(c.Defend("Goblin"))
    with pytest.raises(err.ExtraEffort, match="spending its time on 'ritual'"):
        f.play(c.Effort("Goblin", "dance", turns=3))
    events = f.play(c.Effort("Goblin", "ritual"))
    assert events[-1].describe() == "Goblin completes 'ritual'"
    assert not f.state.tasks


def goblin_at_work() -> WeirdWizardFight:
    """Goblin has begun a 3-turn ritual on its turn."""
    f = fight()
    f.play(c.StartTurn("Goblin"))
    f.play(c.Effort("Goblin", "ritual", turns=3))
    return f


def test_a_task_s_progress_is_lost_when_it_stops_or_is_forced_to() -> None:
    """ "If you stop to perform some other activity, or you are forced to do so, all the
    progress you have made toward completing the task is lost unless the rules or the Sage
    says otherwise." (Ours: a turn that ends without working on it stops it too.)"""
    stops = goblin_at_work()
    events = stops.play(c.Abandon("Goblin"))
    assert events[0].describe() == "Goblin stops 'ritual': all progress is lost (Goblin stops)"
    forced = goblin_at_work()
    events = forced.play(c.Afflict("Goblin", affliction=Affliction.STUNNED))
    assert events[-1].describe() == (
        "Goblin stops 'ritual': all progress is lost (forced to stop: Goblin becomes stunned)"
    )
    idle = goblin_at_work()
    idle.play(c.EndTurn("Goblin"))
    idle.play(c.StartTurn("Fighter"))
    idle.play(c.EndTurn("Fighter"))
    idle.play(c.StartTurn("Goblin"))
    events = idle.play(c.EndTurn("Goblin"))
    assert "its turn ends without working on it" in events[0].describe()
    for f in (stops, forced, idle):
        assert not f.state.tasks


def covered() -> WeirdWizardFight:
    """Goblin (defending) behind a crate (Defense 8, Health 3); Fighter's turn."""
    f = fight()
    f.play(c.PlaceObstacle("crate", 8, 3))
    f.play(c.StartTurn("Goblin"))
    f.play(c.Defend("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    return f


def test_attacks_on_a_target_with_total_cover_strike_the_obstacle() -> None:
    """ "A target has total cover from enemies if they have no line of sight to it because the
    target is completely behind an obstacle. Such a target cannot be directly attacked or
    targeted by an effect unless the rules say otherwise. Instead, attacks against the target
    strike the obstacle. If the obstacle is destroyed as a result, any additional damage
    dealt by that attack or effect is applied to whatever was behind the obstacle." """
    f = covered()
    events = f.play(c.Attack("Fighter", "Goblin", behind="crate"), dice(8, 5))
    assert events[1].describe() == (
        "Fighter attacks crate: Strength roll d20=8 = 8 vs Defense 8: success"
    )
    assert events[2].describe() == (
        "Fighter's attack on Goblin strikes crate: 5 damage (d6=5 (entered))"
    )
    assert events[3].describe() == "crate is destroyed: 2 damage goes on to Goblin"
    assert f.state.unit("Goblin").damage == 2 and f.state.obstacle("crate").destroyed
    assert f.state.defended("Goblin")
    with pytest.raises(err.TotalCover, match="crate is destroyed"):
        covered_again(f)
    holds = covered()
    holds.play(c.Attack("Fighter", "Goblin", behind="crate"), dice(8, 2))
    assert holds.state.obstacle("crate").damage == 2 and holds.state.unit("Goblin").damage == 0
    for refused in (
        c.Attack("Fighter", "Goblin", behind="crate", disarm=True),
        c.Attack("Fighter", "Goblin", behind="crate", dodge=True),
        c.Afflict("Goblin", "hex", behind="crate"),
    ):
        with pytest.raises(err.TotalCover):
            covered().play(refused)


def covered_again(f: WeirdWizardFight) -> None:
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Fighter"))
    f.play(c.Attack("Fighter", "Goblin", behind="crate"))


def tossing(*more: Combatant) -> WeirdWizardFight:
    """Goblin (0 yd) and Orc (4 yd), the Sage's, have acted; Rogue (6 yd) tosses to Fighter
    (1 yd)."""
    f = fight(unit("Orc", SAGE, 4), unit("Rogue", PLAYERS, 6), *more)
    for name in ("Goblin", "Orc"):
        f.play(c.StartTurn(name))
        f.play(c.EndTurn(name))
    f.play(c.StartTurn("Rogue"))
    return f


def test_a_tossed_object_moving_into_reach_may_be_caught_with_an_agility_roll() -> None:
    """ "Catch: When a tossed object moves into your reach, you can use a reaction to make an
    Agility roll. If the object is a weapon, roll with 1 bane. On a success, you catch the
    object. On a failure, you miss it and the object lands somewhere nearby." """
    f = tossing()
    events = f.play(c.Toss("Rogue", "Fighter", "rope", catcher="Fighter"), dice(12, 11))
    assert [e.describe() for e in events[2:]] == [
        "Fighter reacts: catch: tries to catch the rope",
        "Fighter tries to catch the rope: Agility roll d20=11 = 11 vs 10: success",
        "Fighter catches the rope Rogue tossed",
    ]
    weapon = tossing()
    events = weapon.play(c.Toss("Rogue", "Fighter", "dagger", weapon=True, catcher="Fighter"),
                         dice(12, 11, 3))  # fmt: skip
    assert "1 bane (the object is a weapon)" in events[3].describe()
    assert events[-1].describe() == (
        "the dagger lands near Fighter (Fighter misses it; the Sage chooses where)"
    )
    intercepted = tossing()
    events = intercepted.play(c.Toss("Rogue", "Fighter", "key", catcher="Orc"), dice(12, 15))
    assert events[-1].describe() == "Orc catches the key Rogue tossed"
    with pytest.raises(err.CatchRefused, match="does not move into Troll's reach"):
        tossing(unit("Troll", PLAYERS, 9)).play(c.Toss("Rogue", "Fighter", "key", catcher="Troll"))


def test_a_toss_is_an_agility_roll_within_the_throwing_range() -> None:
    """ "Toss: You can also toss an object to another creature within the ranges described
    above. Make an Agility roll. On a success, the target can attempt to catch the object (see
    Catch). On a failure, the object falls to the ground in a space of the Sage's choosing
    within a few yards of the intended target." "If you hold the object to be thrown in one
    hand, you can throw it up to 10 yards from you. If you must hold the object in two hands,
    you can throw it up to 5 yards. Aerodynamic objects ... travel up to twice as far." """
    f = tossing()
    events = f.play(c.Toss("Rogue", "Fighter", "rope", catcher="Fighter"), dice(5))
    assert events[-1].describe() == (
        "the rope lands near Fighter (the toss fails; the Sage chooses where)"
    )
    assert "Fighter" not in f.state.reacted
    far = tossing(unit("Wizard", PLAYERS, 20))
    with pytest.raises(err.TossRefused, match="14 yards away; 10 at most"):
        far.play(c.Toss("Rogue", "Wizard", "ball"))
    with pytest.raises(err.TossRefused, match="14 yards away; 10 at most"):
        far.play(c.Toss("Rogue", "Wizard", "ball", two_hands=True, aerodynamic=True))
    far.play(c.Toss("Rogue", "Wizard", "ball", aerodynamic=True), dice(12))
    with pytest.raises(err.TossRefused, match="5 at most"):
        tossing(unit("Bard", PLAYERS, 12)).play(c.Toss("Rogue", "Bard", "chest", two_hands=True))


def test_hide_until_found_or_revealed() -> None:
    """ "Hide: ... Make an Agility roll. On a success, you become hidden until you are found or
    you do something that would reveal you to other creatures." "Find: You search the area
    within 5 yards of you for a hidden creature ... The Sage might decide that you must also
    get a success on the Sage's choice of an Intellect roll or luck roll" (ours: an attack
    reveals the attacker)."""
    f = fight(unit("Orc", SAGE, 9))
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Hide("Goblin"), dice(12))
    assert events[-1].describe() == "#1 Goblin hidden until removed (helpful)"
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Orc"))
    f.play(c.Hide("Orc"), dice(15))
    f.play(c.EndTurn("Orc"))
    f.play(c.StartTurn("Fighter"))
    events = f.play(c.Find("Fighter", roll="luck"), dice(14))
    assert events[-1].describe() == "#1 Goblin's hidden ends (found by Fighter)"
    assert f.state.hidden("Orc") is not None
    f.play(c.EndTurn("Fighter"))
    f.play(c.StartTurn("Goblin"))
    f.play(c.EndTurn("Goblin"))
    f.play(c.StartTurn("Orc"))
    with pytest.raises(err.HideRefused, match="hidden already"):
        f.play(c.Hide("Orc"))
    f.play(c.Move("Orc", 2))
    events = f.play(c.Attack("Orc", "Fighter"), dice(2, 1))
    assert events[-1].describe() == "#2 Orc's hidden ends (Orc attacks)"


def test_steal_is_agility_against_agility_with_a_boon_when_hidden() -> None:
    """ "Steal: If you have one hand free, you can attempt to take something from one creature
    within your reach ... Make an Agility roll against the target's Agility. If you are hidden
    from the target, you roll with 1 boon. On a success, you steal the object. On a failure,
    you don't and if the result is less than the target's Intellect score, the target notices
    the attempt. A target that notices the attempt also foils being hidden." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Steal("Goblin", "Fighter", "key"), dice(10))
    assert events[-1].describe() == "Goblin steals Fighter's key"
    hidden = fight()
    hidden.play(c.Afflict("Goblin", "hidden", helpful=True))
    hidden.play(c.StartTurn("Goblin"))
    events = hidden.play(c.Steal("Goblin", "Fighter", "key", dodge=True), dice(3))
    assert "Fighter reacts: dodge" in events[1].describe()
    assert "[1 boon (Goblin is hidden); 1 bane (Fighter dodges (reaction))]" in events[2].describe()
    assert [e.describe() for e in events[3:]] == [
        "Fighter notices Goblin's attempt",
        "#1 Goblin's hidden ends (Fighter notices the attempt)",
    ]
    knight = fight(unit("Knight", SAGE, 2, shield=True))
    knight.play(c.StartTurn("Knight"))
    with pytest.raises(err.StealRefused, match="no hand free"):
        knight.play(c.Steal("Knight", "Fighter", "key"))


def test_effects_need_a_fight_under_way() -> None:
    """Ours: the Sage puts effects on creatures and removes them while the fight goes on."""
    f = WeirdWizardFight()
    f.play(c.AddCombatant(unit("Goblin", SAGE)))
    f.play(c.PlaceObstacle("wall", 10, 20))
    with pytest.raises(err.NotInPhase):
        f.play(c.Afflict("Goblin", "fire", each=Each.ROUND, damage=1, lasting=Lasting.ROUNDS))
    with pytest.raises(err.SetupError, match="name of its own"):
        f.play(c.PlaceObstacle("Wall", 10, 20))


def test_a_thrown_weapon_is_a_ranged_attack_and_leaves_the_hand() -> None:
    """ "Thrown Attacks: When you throw a weapon that has the Thrown trait, you resolve the
    effort as a ranged attack. You can also throw objects that are neither weapons nor have
    the Thrown trait, in which case the range is as described above, and you treat the attack
    as using an improvised weapon." """
    f = fight(unit("Hunter", SAGE, 8, thrown=5))
    f.play(c.StartTurn("Hunter"))
    events = f.play(c.Attack("Hunter", "Fighter", thrown=True), dice(14, 2, 3))
    assert "Agility roll d20=14" in events[1].describe()
    assert "1 bane (long-range shooting)" in events[1].describe()
    assert events[-1].describe() == "Hunter has thrown its weapon: it holds it no more"
    assert f.state.unit("Hunter").disarmed and f.state.unit("Fighter").damage == 3
    plain = fight(unit("Orc", SAGE, 12))
    plain.play(c.StartTurn("Orc"))
    with pytest.raises(err.ThrowRefused, match="no Thrown trait"):
        plain.play(c.Attack("Orc", "Fighter", thrown=True))
    with pytest.raises(err.ThrowRefused, match="11 yards away; 10 at most"):
        plain.play(c.Attack("Orc", "Fighter", thrown=True, improvised=True))
    plain.play(c.Move("Orc", 10))
    events = plain.play(c.Attack("Orc", "Fighter", thrown=True, improvised=True), dice(15, 1, 2))
    assert "1 bane (improvised weapon)" in events[1].describe()
    assert not plain.state.unit("Orc").disarmed and plain.state.unit("Fighter").damage == 2


def test_a_throw_lands_near_the_spot_within_the_throwing_range() -> None:
    """ "Throw: You throw something you hold. If you hold the object to be thrown in one hand,
    you can throw it up to 10 yards from you. ... Typically, an object lands within 2 yards of
    the intended spot." """
    f = fight()
    f.play(c.StartTurn("Goblin"))
    with pytest.raises(err.TossRefused, match="12 yards away; 10 at most"):
        f.play(c.Throw("Goblin", "torch", -12))
    events = f.play(c.Throw("Goblin", "torch", -8))
    assert events[-1].describe() == (
        "the torch lands near -8 yd (typically within 2 yards of the spot; the Sage chooses where)"
    )


def test_a_spell_cast_with_a_reaction_spends_the_reaction() -> None:
    """ "Cast a Spell: ... Some spells have special rules for their casting, such as using a
    reaction instead of an action." "Use a Talent or Trait: ... Some talents and traits
    require the use of a reaction instead of an action." (Which do is the Sage's call.)"""
    f = fight()
    f.play(c.StartTurn("Goblin"))
    events = f.play(c.Act("Fighter", "cast", "shield", reaction=True))
    assert events[0].describe() == "Fighter reacts: cast (shield)"
    with pytest.raises(err.ReactionUsed):
        f.play(c.Act("Fighter", "talent", reaction=True))
    with pytest.raises(err.NotAnAction, match="using a reaction instead of an action"):
        f.play(c.Act("Goblin", "run", reaction=True))
