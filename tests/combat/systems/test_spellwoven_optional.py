"""Spellwoven's "Optional Combat Rules" (`seeds/003`): the Gamesmaster chooses them when the
fight starts, and each test quotes the paragraph of the rule it checks."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.base import UnknownOption
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven.edges import ATTACK, DEFENSIVE, defence, edges
from adjudicator.combat.systems.spellwoven.edges import outnumbered as is_outnumbered
from adjudicator.combat.systems.spellwoven.engine import SpellwovenFight, SpellwovenSystem
from adjudicator.combat.systems.spellwoven.events import CharacterAdded, SpellwovenEvent
from adjudicator.combat.systems.spellwoven.options import (
    AMBUSHES,
    ARROWS_I,
    ARROWS_II,
    BLACKPOWDER,
    DISCRETION,
    ENCUMBRANCE,
    HEROIC,
    INCAPACITATION,
    MAIMING,
    OPPORTUNITY,
    OUTNUMBERING,
    OVERSWING,
    RANGED_FIRST,
    SHIELD_IN_THE_WAY,
    SITUATIONAL,
    WOUND_LIMIT,
)
from adjudicator.combat.systems.spellwoven.state import (
    LIMIT,
    MAIMED,
    OPEN,
    SHIELD_WAY,
    UNLOADED,
    Proximity,
)
from adjudicator.combat.systems.spellwoven.wounds import Track
from tests.combat.systems.spellwoven_helpers import dice, fight, hero, unbegun

#: Bob first (Initiative 11), then Ann (5).
BOB_FIRST = (10, 10, 10, 1, 1, 1)
#: Ann 11, Bob 5, Cy 6 (Ann, Bob, Cy joined in that order): Ann, Cy, Bob.
ANN_CY_BOB = (1, 1, 1, 10, 10, 10, 5, 9, 9)


def test_the_gamesmaster_chooses_the_optional_rules_when_the_fight_starts() -> None:
    """ "The following are some Optional Rules for combat. It is the Gamesmaster's decision
    which rules are to be included or excluded." Chosen when the fight starts, recorded in its
    opening event; an unknown one is refused with the list; a fight without them stores the
    events it always stored."""
    system = SpellwovenSystem()
    chosen = ["Wound Limit", "encumbrance", "Shields & Arrows II", "wound-limit"]
    variant = system.with_options("spellwoven", chosen)
    assert variant == "spellwoven+encumbrance+shields-and-arrows-ii+wound-limit"
    f = SpellwovenFight(variant)
    assert f.events[0].to_dict() == {"event": "fight_created", "variant": variant}
    assert f.state.options == (ENCUMBRANCE, ARROWS_II, WOUND_LIMIT)
    stored = [[SpellwovenEvent.read(e.to_dict()) for e in group] for group in f.history]
    assert SpellwovenFight.from_history(stored).state.options == f.state.options
    with pytest.raises(UnknownOption, match="no optional rule 'flanking'") as refused:
        system.with_options("spellwoven", ["flanking"])
    assert "ambushes, attack-of-opportunity, blackpowder-weapons" in str(refused.value.hint)
    with pytest.raises(err.OptionsClash):
        system.with_options("spellwoven", ["shields-and-arrows-1", "shields-and-arrows-2"])
    plain = fight()
    assert plain.state.options == ()
    with pytest.raises(err.NotChosen, match="reduce the wound to Felling"):
        plain.play(c.Attack("Ann", "Bob", pull=True))
    added = next(e for e in plain.events if isinstance(e, CharacterAdded))
    assert "conditions" not in added.to_dict()["character"]
    tested = plain.play(c.Attack("Ann", "Bob"), dice(9, 9, 8))[0].to_dict()
    assert "edge" not in tested["test"]


def test_ambushes_give_one_free_attack_per_ambusher_on_those_who_fail_their_senses() -> None:
    """ "In the case of an ambush, allow the surprised party to Test their Senses. Usually, this
    is at Normal Difficulty (Difficulty 1), but the pass condition is at the Gamesmaster's
    discretion. Any Characters who fails their Test of Senses are open to 'free attacks' by the
    ambushers. However, only one attack per ambusher is allowed. A 'free attack' is a bonus
    attack that is directed against Quickness Defence as normal." """
    f = unbegun(hero("Cy", "Players"), options=(AMBUSHES,))
    f.play(c.Senses("Ann", 4), dice(9, 9, 8))
    f.play(c.Senses("Cy", 4), dice(4, 9, 9))
    assert f.state.surprised == {"Ann"}
    with pytest.raises(err.FreeAttackRefused, match="Cy has not failed"):
        f.play(c.FreeAttack("Bob", "Cy"))
    events = f.play(c.FreeAttack("Bob", "Ann"), dice(1, 2, 3, 4, 9, 9))
    assert "vs Ann's Quickness Defence 2: success" in events[0].describe()
    assert f.state.unit("Ann").track.wounds == (1, 0, 0, 0, 0)
    assert events[-1].describe() == (
        "Bob on Ann: an ambusher's one free attack (Ambushes); Initiative unchanged"
    )
    with pytest.raises(err.FreeAttackRefused, match="only one attack per ambusher"):
        f.play(c.FreeAttack("Bob", "Ann"))
    f.play(c.Begin(), dice(*ANN_CY_BOB))
    with pytest.raises(err.NotInPhase):
        f.play(c.Senses("Cy", 4))
    with pytest.raises(err.NotChosen, match="Test their Senses"):
        unbegun().play(c.Senses("Ann", 4))


def test_an_attack_of_opportunity_falls_on_one_who_disengages_or_flees() -> None:
    """ "If a Character decides to disengage from a battle, flee or is otherwise distracted
    elsewhere, any nearby Characters can be permitted a free attack of opportunity at the
    Gamesmaster's discretion. This 'free attack' is directed against Quickness Defence as
    normal." """
    f = fight(options=(OPPORTUNITY,))
    f.play(c.Act("Ann", "waits"))
    events = f.play(c.Move("Bob", "nearby"))
    assert events[1].describe().startswith("Bob leaves the fray: Ann may make a free attack")
    f.play(c.FreeAttack("Ann", "Bob"), dice(1, 2, 3, 4, 9, 9))
    assert f.state.unit("Bob").track.wounds == (1, 0, 0, 0, 0)
    assert f.state.score("Ann") == 11 and f.state.change == ()  # not an Action
    with pytest.raises(err.FreeAttackRefused, match="disengage from a battle"):
        f.play(c.FreeAttack("Ann", "Bob"))
    # fleeing: the fight waits for the free attack before it ends
    fled = fight(options=(OPPORTUNITY,))
    fled.play(c.Act("Ann", "waits"))
    fled.play(c.Yield("Bob", "fled"))
    assert not fled.is_over
    fled.play(c.FreeAttack("Ann", "Bob"), dice(9, 9, 8))
    assert fled.is_over
    # "otherwise distracted elsewhere": the Gamesmaster's ruling
    distracted = fight(options=(OPPORTUNITY,))
    with pytest.raises(err.FreeAttackRefused, match="not just left the fray"):
        distracted.play(c.FreeAttack("Ann", "Bob"))
    distracted.play(c.FreeAttack("Ann", "Bob", distracted=True), dice(9, 9, 8))
    with pytest.raises(err.NotChosen, match="disengage from a battle"):
        fight().play(c.FreeAttack("Ann", "Bob"))


def test_a_blackpowder_weapon_takes_a_full_action_to_load_and_wounds_through_armour() -> None:
    """ "1) It takes one full action to load and prime a blackpowder weapon. 2) Any wound
    inflicted by a blackpowder weapon is dealt to both the appropriate Wound Slot and Armour
    Slot simultaneously." """
    pistol = hero("Ann", "Players", ranged=True, blackpowder=True)
    bob = hero("Bob", "Outlaws", track=Track(soak=(0, 1, 0, 0, 0)))
    f = fight(ann=pistol, bob=bob, options=(BLACKPOWDER,))
    events = f.play(c.Attack("Ann", "Bob"), dice(1, 2, 3, 3, 4, 9))
    assert "a Deep wound, dealt to armour soak and wound slot both" in events[1].describe()
    track = f.state.unit("Bob").track
    assert track.soaked == (0, 1, 0, 0, 0) and track.wounds == (0, 1, 0, 0, 0)
    assert f.state.unit("Ann").has(UNLOADED)
    f.play(c.Act("Bob", "waits"))
    with pytest.raises(err.Unloaded, match="one full action to load and prime"):
        f.play(c.Attack("Ann", "Bob"))
    f.play(c.Load("Ann"))
    assert not f.state.unit("Ann").has(UNLOADED) and f.state.change == ()
    with pytest.raises(err.NotChosen, match="load and prime a blackpowder weapon"):
        unbegun(ann=pistol)


def test_death_at_the_players_discretion_leaves_a_spared_character_incapacitated() -> None:
    """ "You can leave it to the Player's discretion whether or not a Player Character dies due
    to a Mortal Blow. In this approach, if the Player doesn't wish their Character to die, then
    the Character will be incapacitated, but will recover in the normal course of healing."
    "The exact preference may differ for each Player." """
    ann = hero("Ann", "Players", spared=True)
    f = fight(hero("Cy", "Players"), ann=ann, options=(DISCRETION,), initiative=(10, 10, 10,
              1, 1, 1, 5, 9, 9))  # fmt: skip
    assert f.state.order == ("Bob", "Cy", "Ann")
    f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, 1, 1, 2))
    assert f.state.unit("Ann").status == "incapacitated"
    f.play(c.Act("Cy", "waits"))
    f.play(c.Attack("Bob", "Cy"), dice(1, 2, 3, 1, 1, 2))
    assert f.state.unit("Cy").status == "dead" and f.is_over
    f.play(c.Recuperate("Ann", 3))
    assert f.state.unit("Ann").track.wounds == (0, 0, 0, 1, 0)
    with pytest.raises(err.NotChosen, match="Player's discretion"):
        unbegun(ann=ann)
    with pytest.raises(err.NotChosen, match="Non-Player Character"):
        unbegun(bob=hero("Bob", "Outlaws", spared=True, npc=True), options=(DISCRETION,))


def test_a_heroic_death_fights_on_with_three_more_successes_and_dies_at_the_end() -> None:
    """ "You can allow Players to trigger a Heroic Death at the point when they would otherwise
    be incapacitated or killed. When triggered, your Character becomes almost supernaturally
    animated and can take any injury (within sensible reason) until the end of the combat.
    They also get a bonus +3 successes to all dice rolls for the remainder of the battle.
    However, the Character is doomed to die at the end of the conflict." """
    f = fight(options=(HEROIC,), initiative=BOB_FIRST)
    with pytest.raises(err.HeroicDeathRefused, match="would otherwise be incapacitated"):
        f.play(c.HeroicDeath("Ann"))
    events = f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, 1, 2, 3))
    assert "Ann may trigger a Heroic Death now" in events[2].describe()
    assert not f.is_over  # the Player chooses before the fight ends
    f.play(c.HeroicDeath("Ann"))
    assert f.state.unit("Ann").standing
    events = f.play(c.Attack("Ann", "Bob"), dice(9, 9, 8, 9, 9, 8))
    assert "[9, 9, 8] + 3 (Heroic Death) = 3 successes" in events[0].describe()
    assert f.state.unit("Bob").track.wounds == (0, 0, 1, 0, 0)
    f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, 1, 1, 2))
    assert f.state.unit("Ann").status == "last stand (Heroic Death)"
    events = f.play(c.EndFight("the outlaws run"))
    assert events[0].describe() == "Ann dies a Heroic Death at the end of the conflict"
    assert f.state.unit("Ann").status == "dead (a Heroic Death)"
    with pytest.raises(err.NotChosen, match="Heroic Death"):
        fight().play(c.HeroicDeath("Ann"))


def test_under_heroic_death_a_character_dies_only_by_it_or_by_the_players_wish() -> None:
    """ "If you are using Heroic Deaths in your game, and a Player doesn't trigger a Heroic
    Death, then a Character cannot die unless Heroic Death is triggered. Instead, a Character
    is merely incapacitated and will eventually recover, or simply dies outright (if the
    Player wants that outcome" """
    f = unbegun(hero("Cy", "Outlaws", npc=True), options=(HEROIC,))
    f.play(c.AddCharacter(hero("Dee", "Players"), dies=True))
    spared = {u.name: u.spared for u in f.state.characters}
    assert spared == {"Ann": True, "Bob": True, "Cy": False, "Dee": False}
    f.play(c.Begin(), dice(10, 10, 10, 5, 9, 9, 1, 1, 1, 5, 5, 9))  # Cy 11, Dee 7, Bob 6, Ann 5
    f.play(c.Attack("Cy", "Ann"), dice(1, 2, 3, 1, 1, 2))
    f.play(c.Attack("Dee", "Cy"), dice(9, 9, 8))  # the next Action: Ann's chance has passed
    assert f.state.unit("Ann").status == "incapacitated"
    with pytest.raises(err.HeroicDeathRefused):
        f.play(c.HeroicDeath("Ann"))


def test_encumbrance_takes_one_off_quickness_defence_for_every_six_soaks() -> None:
    """ "Wearing a lot of armour will eventually make you encumbered and easier to hit. You
    can rule that this results in a Quickness Defence penalty. Add your total Armour Soaks
    (don't include shields) Every six soaks causes a -1 Evasion Penalty" "6 slots = -1 | 12 =
    -2 | 18 slots = -3" (ours: it stands in for the five-slot Evasion Penalty)."""
    state = fight(options=(ENCUMBRANCE,)).state
    for soak, penalty in (
        ((3, 2, 0, 0, 0), 0),
        ((3, 3, 0, 0, 0), 1),
        ((3, 3, 3, 2, 0), 1),
        ((3, 3, 3, 3, 0), 2),
        ((3, 3, 3, 3, 3), 2),
    ):
        worn = hero("A", "x", defence=5, track=Track(soak=soak, shield=3))
        assert defence(worn, state) == 5 - penalty
    assert defence(hero("A", "x", defence=5, track=Track(soak=(3, 2, 0, 0, 0)))) == 4
    assert defence(hero("A", "x", defence=1, track=Track(soak=(3, 3, 3, 3, 0))), state) == 0


def test_intentional_incapacitation_pulls_a_mortal_wound_to_felling() -> None:
    """ "Whenever a Mortal Wound is rolled, you can give the attacker the option of leaving the
    Character incapacitated rather than killed outright (i.e. in effect, reduce the wound to
    Felling). ... If it seems likely that a blow could still kill by accident, then you can
    require a Test of Quickness (difficulty level at the Gamesmaster's discretion) to 'pull'
    the blow and avoid causing death." """
    f = fight(hero("Cy", "Outlaws"), options=(INCAPACITATION,), initiative=ANN_CY_BOB)
    events = f.play(c.Attack("Ann", "Bob", pull=True), dice(1, 2, 3, 1, 1, 2))
    assert "the Mortal wound becomes Felling" in events[1].describe()
    assert f.state.unit("Bob").status == "incapacitated"
    assert f.state.unit("Bob").track.wounds == (0, 0, 0, 1, 0)
    f.play(c.Act("Cy", "waits"))
    pull = c.Attack("Ann", "Cy", pull=True, pull_skill=3, pull_difficulty=2)
    events = f.play(pull, dice(1, 2, 3, 1, 1, 2, 9, 9, 8))
    assert "Quickness (pull the blow) 3d10(3) [9, 9, 8]" in events[1].describe()
    assert "the blow is not pulled" in events[1].describe()
    assert f.state.unit("Cy").status == "dead"


def test_maiming_puts_skill_tests_at_disadvantage_past_fortitude_until_fully_healed() -> None:
    """ "If you suffer a number of wounds exceeding your Fortitude (regardless of the wound
    severity), then all of your subsequent skill tests except for basic movement (walking,
    running) and defensive actions are tested at Disadvantage until fully healed." """
    ann = hero("Ann", "Players", fortitude=1)
    f = fight(ann=ann, options=(MAIMING,), initiative=BOB_FIRST)
    f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, 4, 9, 9))
    assert not f.state.unit("Ann").has(MAIMED)  # one wound does not exceed Fortitude 1
    f.play(c.Test("Ann", "talk", 5, 1), dice(9, 9, 8))
    events = f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, 4, 9, 9))
    assert "Ann has more wounds than their Fortitude: Maimed" in events[-2].describe()
    events = f.play(c.Test("Ann", "talk", 5, 1), dice(1, 9, 9, 8))
    assert "at Disadvantage (Disadvantage: Maimed) [1, 9, 9, 8; 1 dropped]" in (
        events[0].describe()
    )
    assert edges(f.state, f.state.unit("Ann"), DEFENSIVE) == ()
    assert edges(f.state, f.state.unit("Ann"), ATTACK) == ((-1, "Maimed"),)
    f.play(c.EndFight())
    events = f.play(c.Recuperate("Ann", 3))
    assert events[-1].describe() == "Ann is fully healed: no longer Maimed"
    with pytest.raises(err.NotChosen, match="exceeding your Fortitude"):
        unbegun(ann=ann)


def test_an_outnumbered_character_tests_at_disadvantage() -> None:
    """ "A Character that is outnumbered by attackers performs all Tests of Skill at a
    Disadvantage." """
    f = fight(hero("Cy", "Outlaws"), options=(OUTNUMBERING,), initiative=ANN_CY_BOB)
    assert is_outnumbered(f.state, f.state.unit("Ann"))
    assert not is_outnumbered(f.state, f.state.unit("Bob"))
    events = f.play(c.Attack("Ann", "Bob"), dice(1, 2, 9, 9))
    assert "at Disadvantage (Disadvantage: outnumbered) [1, 2, 9, 9; 1 dropped]" in (
        events[0].describe()
    )
    assert "failure" in events[0].describe()
    f.play(c.Move("Cy", "nearby"))
    assert not is_outnumbered(f.state, f.state.unit("Ann"))


def test_a_very_heavy_weapon_that_misses_leaves_its_wielder_open() -> None:
    """ "If you attack with a Very Heavy weapon and miss, then you will leave yourself open, and
    the next attack against you will be at Advantage." """
    maul = hero("Ann", "Players", very_heavy=True)
    f = fight(ann=maul, options=(OVERSWING,))
    events = f.play(c.Attack("Ann", "Bob"), dice(9, 9, 8))
    assert "left open" in events[1].describe() and f.state.unit("Ann").has(OPEN)
    events = f.play(c.Attack("Bob", "Ann"), dice(9, 9, 2, 3, 9, 9, 8))
    assert "at Advantage (Advantage: Ann over-swung) [9, 9, 2, 3; 9 dropped] = 2 successes" in (
        events[1].describe()
    )
    assert not f.state.unit("Ann").has(OPEN)
    f.play(c.Attack("Ann", "Bob"), dice(1, 2, 3, 9, 9, 8))
    f.play(c.Attack("Bob", "Ann"), dice(9, 9, 8))  # only the next attack: three dice again
    with pytest.raises(err.NotChosen, match="Very Heavy weapon and miss"):
        unbegun(ann=maul)


def test_ranged_attacks_come_before_hand_to_hand() -> None:
    """ "You can decide that all Ranged Attacks are to be declared and resolved before
    hand-to-hand attacks. This effectively splits the Attack Phase into two sub-phases. 1.
    Ranged attacks. 2. Hand-to-hand combat." """
    archer = hero("Cy", "Outlaws", ranged=True, proximity=Proximity.DISTANT)
    rolls = (1, 1, 1, 5, 9, 9, 10, 10, 10)  # Ann 11, Bob 6, Cy 5
    assert fight(archer, options=(RANGED_FIRST,), initiative=rolls).state.order == (
        "Cy",
        "Ann",
        "Bob",
    )
    assert fight(archer, initiative=rolls).state.order == ("Ann", "Bob", "Cy")


def test_an_arrow_caught_on_a_shield_still_leaves_a_shallow_wound() -> None:
    """ "Shields tend not to be as useful against arrows as might be imagined. ... You can
    implement a rule that an arrow can still be caught on a Shield, but the wound is reduced to
    Shallow, rather than stopped entirely." """
    archer = hero("Ann", "Players", ranged=True, proximity=Proximity.DISTANT)
    shielded = hero("Bob", "Outlaws", track=Track(shield=2))
    f = fight(ann=archer, bob=shielded, options=(ARROWS_I,))
    events = f.play(c.Attack("Ann", "Bob", shield=True), dice(1, 2, 3, 2, 3, 4))
    assert "punches through Bob's shield: reduced to Shallow" in events[2].describe()
    track = f.state.unit("Bob").track
    assert track.shield_used == 1 and track.wounds == (1, 0, 0, 0, 0)
    plain = fight(ann=archer, bob=shielded)
    plain.play(c.Attack("Ann", "Bob", shield=True), dice(1, 2, 3, 2, 3, 4))
    assert plain.state.unit("Bob").track.wounds == (0, 0, 0, 0, 0)


def test_catching_arrows_on_a_shield_takes_a_test_of_manoeuvre_each_time() -> None:
    """ "Shields & Arrows II. A Character can catch catch any number of arrows on a shield, but
    each time they need to make a Test of Manoeuvre, either Normal or more difficult at the
    Gamesmaster's discretion." """
    archer = hero("Ann", "Players", ranged=True, proximity=Proximity.DISTANT)
    f = fight(ann=archer, bob=hero("Bob", "Outlaws", track=Track(shield=1)), options=(ARROWS_II,))
    events = f.play(c.Attack("Ann", "Bob", shield=True), dice(1, 2, 3, 2, 3, 4, 4, 9, 9))
    assert "Bob: Manoeuvre (Shields & Arrows II) 3d10(5) [4, 9, 9] = 1 success" in (
        events[1].describe()
    )
    assert "arrow caught on the shield (its soak kept)" in events[2].describe()
    assert f.state.unit("Bob").track.shield_used == 0 and f.state.change == (("Ann", 1),)
    f.play(c.Act("Bob", "waits"))
    hard = c.Attack("Ann", "Bob", shield=True, catch_difficulty=2)
    f.play(hard, dice(1, 2, 3, 2, 3, 4, 4, 9, 9))
    assert f.state.unit("Bob").track.wounds == (0, 0, 1, 0, 0)


def test_a_medium_shield_that_blocks_puts_the_next_attack_at_disadvantage() -> None:
    """ "Shields help deflect blows, but a shield also makes it harder to attack cleanly. If
    using a light shield there is no penalty to attack rolls. If using a Medium or Heavy
    Shield, your next Attack roll (Test of Skill) after a successful block with your Shield is
    at Disadvantage." """
    medium = hero("Ann", "Players", track=Track(shield=2))
    f = fight(ann=medium, options=(SHIELD_IN_THE_WAY,), initiative=BOB_FIRST)
    f.play(c.Attack("Bob", "Ann", shield=True), dice(1, 2, 3, 4, 9, 9))
    assert f.state.unit("Ann").has(SHIELD_WAY)
    events = f.play(c.Attack("Ann", "Bob"), dice(1, 2, 9, 9))
    assert "at Disadvantage (Disadvantage: Shield in the Way) [1, 2, 9, 9; 1 dropped]" in (
        events[1].describe()
    )
    light = fight(ann=hero("Ann", "Players", track=Track(shield=1)), options=(SHIELD_IN_THE_WAY,),
                  initiative=BOB_FIRST)  # fmt: skip
    light.play(c.Attack("Bob", "Ann", shield=True), dice(1, 2, 3, 4, 9, 9))
    assert not light.state.unit("Ann").has(SHIELD_WAY)


def test_situational_modifiers_are_the_gamesmasters_word_on_a_player_characters_test() -> None:
    """ "If a Player Character is fighting at a strong disadvantage or advantage, the
    Gamesmaster can optionally declare any given Skill Test to be at Advantage or at
    Disadvantage." """
    f = fight(options=(SITUATIONAL,))
    events = f.play(c.Attack("Ann", "Bob", edge=1), dice(9, 9, 2, 3, 9, 9, 8))
    assert "at Advantage (Advantage: the Gamesmaster's call)" in events[0].describe()
    assert "success" in events[0].describe()
    npc = fight(bob=hero("Bob", "Outlaws", npc=True), options=(SITUATIONAL,), initiative=BOB_FIRST)
    with pytest.raises(err.NotChosen, match="Non-Player Character"):
        npc.play(c.Attack("Bob", "Ann", edge=-1))
    with pytest.raises(err.NotChosen, match="strong disadvantage or advantage"):
        fight().play(c.Test("Ann", "talk", 5, 1, edge=-1))


def test_twelve_wounds_incapacitate_until_a_successful_healing_action() -> None:
    """ "If you suffer twelve wounds (regardless of the severity), you are incapacitated and
    cannot move until receiving a successful Healing action" """
    ann = hero("Ann", "Players", track=Track(slots=(10, 3, 2, 1, 1)))
    f = fight(hero("Cy", "Players"), ann=ann, options=(WOUND_LIMIT,), initiative=(10, 10, 10,
              1, 1, 1, 5, 9, 9))  # fmt: skip
    for menace in [(4, 9, 9)] * 10 + [(3, 4, 9)]:  # Bob, Cy, Ann: ten Shallow wounds, a Deep
        f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, *menace))
        f.play(c.Act("Cy", "waits"))
        f.play(c.Act("Ann", "waits"))
    assert not f.state.unit("Ann").has(LIMIT)
    events = f.play(c.Attack("Bob", "Ann"), dice(1, 2, 3, 3, 4, 9))
    assert "Ann has suffered twelve wounds: incapacitated" in events[2].describe()
    assert f.state.unit("Ann").status == "incapacitated"
    f.play(c.Heal("Cy", "Ann", 5), dice(4, 9, 9))  # one success: the Deep wound stays
    ann_now = f.state.unit("Ann")
    assert ann_now.wound_count == 12 and ann_now.standing and "Ann" in f.state.order
