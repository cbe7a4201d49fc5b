"""Grabs and binds, resisting death, healing a Maim, the dead (rulebook, "Special Cases",
"Attacking", "4. Resting and Healing")."""

from dataclasses import replace

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    BoundPart,
    DeathNotResistible,
    GrabRefused,
    HandsFull,
    NotMaimed,
    TagRefused,
)
from adjudicator.combat.events import ActionsOwed, ActionsSpent
from adjudicator.combat.fight_events import (
    AttackRolled,
    BindEnded,
    DamageDealt,
    SpecificFateOffered,
    UnitDeclaredDead,
    WordOwed,
)
from adjudicator.combat.state import Bind
from adjudicator.combat.units import Status, from_character
from adjudicator.rules.characters import (
    HUMANOID_HITZONES,
    Character,
    Tag,
    TagSource,
)
from adjudicator.rules.tables import ArmorProfile, Faction
from adjudicator.rules.words import Word

from .helpers import AXE, SWORD, dice, end_turns, fight, fighter, of_kind, space


def _grapple(ruleset: str = "rulebook", orc_armor: tuple[int, ...] = (0, 0, 0, 0)) -> Combat:
    return fight(
        (fighter("Ann", "Party"), "C1"),
        (fighter("Orc", "Orcs", weapons=(AXE,), armor=orc_armor), "C2"),
        (fighter("Bob", "Party", weapons=()), "B1"),
        ruleset=ruleset,
    )


def _spent(events: tuple[object, ...]) -> int:
    return sum(e.actions for e in events if isinstance(e, ActionsSpent))


def test_a_grab_lands_an_attack_roll_then_wins_an_opposed_roll_to_bind() -> None:
    """ "The grabber must first land an attack roll. After determining where they grab, an
    opposed 1d6 roll is used to determine if the part is bound." """
    combat = _grapple()
    events = combat.play(c.Grab("Ann", "Orc"), dice(3, 5, 2))
    assert combat.state.binds == (Bind("Ann", "Offhand", "Orc", "Mainhand"),)
    assert not of_kind(events, DamageDealt), "Grabs do not deal damage"
    assert combat.state.turn is not None and combat.state.turn.attacked


def test_a_missed_grab_or_a_tied_contest_binds_nothing() -> None:
    """ "Only the highest number on either side matters." (Ours: a tie leaves it unbound.)"""
    missed = _grapple()
    missed.play(c.Grab("Ann", "Orc"), dice(5))
    assert missed.state.binds == ()
    tied = _grapple()
    tied.play(c.Grab("Ann", "Orc"), dice(2, 4, 4))
    assert tied.state.binds == ()


def test_grabs_need_an_empty_hand_and_a_foe_on_the_same_ring() -> None:
    """ "Grab attacks can be made only with an empty hand." "Grabbing can only be used on
    opponents on the same ring as you." """
    full = fight(
        (
            fighter(
                "Ann",
                "Party",
                weapons=(SWORD, AXE),
                held=(("Mainhand", "Sword"), ("Offhand", "Axe")),
            ),
            "C1",
        ),
        (fighter("Orc", "Orcs"), "C2"),
    )
    with pytest.raises(HandsFull):
        full.play(c.Grab("Ann", "Orc"), dice(1, 6, 1))
    across = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs"), "B1"))
    with pytest.raises(GrabRefused) as raised:
        across.play(c.Grab("Ann", "Orc"), dice(1, 6, 1))
    assert "same ring" in raised.value.message


def test_a_bound_part_cannot_be_used_nor_the_bound_move_away() -> None:
    """ "A bound enemy must win another opposed roll before they can either use that body part
    or move away." """
    combat = _grapple()
    combat.play(c.Grab("Ann", "Orc"), dice(3, 5, 2))
    end_turns(combat, "Orc")
    with pytest.raises(BoundPart):
        combat.play(c.Attack("Orc", "Ann", ("Axe",)), dice(1, 1))  # in the bound Mainhand
    with pytest.raises(BoundPart):
        combat.play(c.Move("Orc", space("C3")))
    combat.play(c.Defend("Orc", "Legs"))


def test_the_binder_is_bound_too_and_lets_go_for_free() -> None:
    """ "Whatever (probably body part) is doing the binding is also considered bound." and
    "Stopping an action ... does not cost an action." """
    combat = _grapple()
    combat.play(c.Grab("Ann", "Orc"), dice(3, 5, 2))
    with pytest.raises(BoundPart):
        combat.play(c.Move("Ann", space("C4")))
    assert "Offhand" in combat.state.bound_zones("Ann")
    events = combat.play(c.Release("Ann"))
    assert of_kind(events, BindEnded) and _spent(events) == 0 and combat.state.binds == ()


def test_breaking_free_costs_nothing_on_success_and_an_action_on_failure() -> None:
    """ "Successfully breaking a bind does not consume an action but failing does." """
    combat = _grapple()
    combat.play(c.Grab("Ann", "Orc"), dice(3, 5, 2))
    end_turns(combat, "Orc")
    failed = combat.play(c.BreakFree("Orc"), dice(2, 5))
    assert _spent(failed) == 1 and combat.state.binds
    won = combat.play(c.BreakFree("Orc"), dice(6, 2))
    assert _spent(won) == 0 and combat.state.binds == ()


def test_strikes_on_a_bound_zone_need_no_attack_roll_and_fists_hurt_past_armor() -> None:
    """ "If a character (or specific Hitzone) is unaware ... (... bound), there is no need to
    roll a melee attack roll." "Unarmed attacks deal HP damage to bound hitzones, even if they
    are armored." """
    combat = _grapple(orc_armor=(0, 0, 3, 0))
    combat.play(c.Grab("Ann", "Orc"), dice(3, 5, 2))
    end_turns(combat, "Bob")
    events = combat.play(c.Attack("Bob", "Orc", aim="Mainhand"), dice(3))
    rolled = of_kind(events, AttackRolled)[0]
    assert isinstance(rolled, AttackRolled) and rolled.rolls == ()
    damage = of_kind(events, DamageDealt)[0]
    assert isinstance(damage, DamageDealt) and (damage.armor_lost, damage.hp_lost) == (0, 3)


def test_the_drafts_grab_names_the_part_and_rolls_no_attack() -> None:
    """Draft: "The grabber must immediately win an opposed roll to establish the bind." """
    combat = _grapple("wop-draft")
    with pytest.raises(GrabRefused):
        combat.play(c.Grab("Ann", "Orc"), dice(5, 2))
    events = combat.play(c.Grab("Ann", "Orc", aim="Legs"), dice(5, 2))
    assert not of_kind(events, AttackRolled)
    assert combat.state.binds == (Bind("Ann", "Offhand", "Orc", "Legs"),)


# --- death and healing ---------------------------------------------------------------------------


def _knight(name: str = "Knight") -> Character:
    return Character(
        name=name,
        faction=Faction("Human", ("Resourceful", "Greedy")),
        creation_tags=tuple(Tag(t, TagSource.CREATION) for t in ("Brave", "Loyal", "Proud")),
        words=(Word("Shield"), Word("Oath"), Word("Light")),
        hitzones=tuple(z.with_armor(ArmorProfile("Chainmail", 4)) for z in HUMANOID_HITZONES),
        weapons=(SWORD,),
        level=2,
        gained_tags=(Tag("Scarred", TagSource.LEVEL_UP),),
    )


def _knights_fight() -> Combat:
    return fight(
        (fighter("Orc", "Orcs"), "C2"),
        (from_character(_knight(), "Party"), "C1"),
        (from_character(_knight("Squire"), "Party"), "B1"),
    )


def test_resisting_death_heals_fully_but_not_armor_for_a_permanent_tag_and_an_action() -> None:
    """ "Upon taking damage that would kill, the player must declare which Tag they are
    sacrificing (permanently) to instead be fully healed (including Maims but not Armor)."
    "Resisting death or healing a Maim in combat both require one action." """
    combat = _knights_fight()
    combat.play(c.DealDamage("Knight", "Legs", 4, "a spear"))
    combat.play(c.DealDamage("Knight", "Legs", 6, "a spear"))
    combat.play(c.DealDamage("Knight", "Head", 4, "a club"))
    combat.play(c.DealDamage("Knight", "Head", 4, "a club"))
    assert combat.state.unit("Knight").status is Status.DOWN
    events = combat.play(c.ResistDeath("Knight", Tag("Scarred", TagSource.LEVEL_UP)))
    assert of_kind(events, ActionsOwed), "out of turn: paid from the next turn"
    knight = combat.state.unit("Knight")
    assert knight.status is Status.STANDING
    assert [(z.hp, z.armor) for z in knight.hitzones] == [(4, 0), (6, 4), (6, 4), (6, 0)]
    assert knight.character is not None and knight.character.gained_tags == ()
    end_turns(combat, "Knight")
    assert combat.state.turn is not None and combat.state.turn.actions_left == 1


def test_only_the_downed_resist_death_and_only_with_a_permanent_tag() -> None:
    """ "This tag must either be Specific or gained from level ups. Tags from level 1, story,
    or temporary sources may not be used." """
    combat = _knights_fight()
    with pytest.raises(DeathNotResistible):
        combat.play(c.ResistDeath("Knight", Tag("Scarred", TagSource.LEVEL_UP)))
    combat.play(c.DealDamage("Knight", "Head", 8, "a club"))
    combat.play(c.DealDamage("Knight", "Head", 4, "a club"))
    with pytest.raises(TagRefused):
        combat.play(c.ResistDeath("Knight", Tag("Brave", TagSource.CREATION)))


def test_another_fate_weaver_beside_the_fallen_may_pay() -> None:
    """ "Other players may pay the cost and heal each other, if they are close enough to lay
    hands on the fallen." """
    combat = _knights_fight()
    combat.play(c.DealDamage("Knight", "Head", 8, "a club"))
    combat.play(c.DealDamage("Knight", "Head", 4, "a club"))
    combat.play(c.ResistDeath("Knight", Tag("Scarred", TagSource.LEVEL_UP), payer="Squire"))
    squire = combat.state.unit("Squire").character
    assert squire is not None and squire.gained_tags == ()
    knight = combat.state.unit("Knight").character
    assert knight is not None and knight.gained_tags != ()


def test_healing_a_maim_takes_an_action_and_a_tag() -> None:
    """ "When healing a Maim, HP for the limb is restored to maximum but Armor remains
    destroyed." """
    combat = fight((from_character(_knight(), "Party"), "C1"), (fighter("Orc", "Orcs"), "C3"))
    combat.play(c.DealDamage("Knight", "Legs", 4, "a spear"))
    combat.play(c.DealDamage("Knight", "Legs", 6, "a spear"))
    with pytest.raises(NotMaimed):
        combat.play(c.HealMaim("Knight", "Head", Tag("Scarred", TagSource.LEVEL_UP)))
    events = combat.play(c.HealMaim("Knight", "Legs", Tag("Scarred", TagSource.LEVEL_UP)))
    assert _spent(events) == 1
    legs = combat.state.unit("Knight").zone("Legs")
    assert (legs.hp, legs.armor) == (6, 0)


def test_a_maimed_enemy_declared_dead_owes_the_killer_a_word() -> None:
    """ "Storytellers are encouraged to treat Maimed enemies as dead (including drawing
    Words)"; "If you kill another Fate Weaver, you may choose any one of their base Tags"."""
    combat = fight(
        (fighter("Ann", "Party"), "C1"),
        (fighter("Shaman", "Orcs", fate_weaver=True, hp=(4, 2, 6, 6)), "C2"),
    )
    with pytest.raises(NotMaimed):
        combat.play(c.DeclareDead("Shaman"))
    combat.play(c.Attack("Ann", "Shaman"), dice(2, 3))
    events = combat.play(c.DeclareDead("Shaman"))
    dead = of_kind(events, UnitDeclaredDead)[0]
    assert isinstance(dead, UnitDeclaredDead) and dead.killer == "Ann"
    owed = of_kind(events, WordOwed)[0]
    assert isinstance(owed, WordOwed) and owed.unit == "Ann"
    assert of_kind(events, SpecificFateOffered)
    shaman = combat.state.unit("Shaman")
    assert shaman.status is Status.DEAD and shaman.space is None


def test_a_quick_npc_boss_pays_with_its_own_permanent_tags() -> None:
    """ "Fate Weavers may resist death or heal a Maim at the cost of one permanent Tag. This
    tag must either be Specific or gained from level ups." A quick NPC boss carries its Tags
    on the unit; a story Tag cannot pay, a level-up one can, once."""
    undying, cursed = Tag("Undying", TagSource.LEVEL_UP), Tag("Cursed", TagSource.STORY)
    lich = replace(
        fighter("Lich", "Crypt", fate_weaver=True, words=("Raise",)), tags=(undying, cursed)
    )
    combat = fight((fighter("Knight", "Party"), "D4"), (lich, "D5"))
    combat.play(c.DealDamage("Lich", "Head", 4, "a falling pillar"))
    with pytest.raises(TagRefused, match="Cursed"):
        combat.play(c.ResistDeath("Lich", cursed))
    events = combat.play(c.ResistDeath("Lich", undying))
    assert of_kind(events, ActionsOwed) and combat.state.unit("Lich").tags == (cursed,)
    assert combat.state.unit("Lich").status is Status.STANDING
    combat.play(c.DealDamage("Lich", "Head", 4, "a second pillar"))
    with pytest.raises(TagRefused):
        combat.play(c.ResistDeath("Lich", undying))
