"""Progression and healing: levels, Specific Fates, rests, resisting death and healing Maims."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rules.characters import Character, MagicItem, Tag, TagSource, snazzle
from adjudicator.rules.progression import (
    DiscardCountError,
    LevelUpError,
    NotABaseTag,
    NotMaimed,
    TagNotHeld,
    TagNotSacrificeable,
    claim_specific_fate,
    equip,
    heal_maim,
    level_up,
    mend_maim,
    resist_death,
    rest,
    revive,
    sacrifice_tag,
)
from adjudicator.rules.words import Word
from tests.rules.test_characters import JACKS_BOOTS, characters, grunk

TEN = tuple(
    map(Word, ["Fire", "Ball", "Trap", "Metal", "Mist", "Zone", "Still", "Blast", "Jump", "Steal"])
)
BRAVE = Tag("Brave", TagSource.LEVEL_UP)
ASTRA_STRONG = Tag("Strong", TagSource.SPECIFIC_FATE, fate_of="Astra")


def hurt(character: Character, **hp: int) -> Character:
    """The character with some zones' HP set and every worn item's Armor broken."""
    zones = tuple(replace(z, hp=hp.get(z.name.lower(), z.hp), armor=0) for z in character.hitzones)
    return replace(character, hitzones=zones)


def veteran() -> Character:
    """Snazzle after one level-up (a Tag) and one slain Fate Weaver."""
    leveled = level_up(snazzle(), TEN, BRAVE)
    return claim_specific_fate(leveled, "Astra", ["Strong", "Prideful", "Loyal"], "strong")


# --- levels ----------------------------------------------------------------------------------


def test_a_level_costs_ten_drawn_words() -> None:
    """ "During any Rest, you may discard 10 Drawn Words to gain a level." """
    assert level_up(snazzle(), TEN, BRAVE).level == 2
    for count in (0, 9, 11):
        with pytest.raises(DiscardCountError) as caught:
            level_up(snazzle(), (TEN * 2)[:count], BRAVE)
        assert (len(caught.value.discarded), caught.value.required) == (count, 10)


def test_a_level_gives_a_new_permanent_tag_or_word() -> None:
    """ "Each time you gain a level, you get to choose a new permanent tag or word." """
    with_tag = level_up(snazzle(), TEN, BRAVE)
    assert with_tag.gained_tags == (BRAVE,)
    with_word = level_up(snazzle(), TEN, Word("Charm"))
    assert with_word.gained_words == (Word("Charm"),)
    assert Word("Charm") in with_word.inherent_words()


def test_a_level_gain_must_be_new() -> None:
    """ "you get to choose a new permanent tag or word" """
    with pytest.raises(LevelUpError):
        level_up(snazzle(), TEN, Word("steal"))
    with pytest.raises(LevelUpError):
        level_up(snazzle(), TEN, Tag("Cheater", TagSource.LEVEL_UP))
    with pytest.raises(LevelUpError):
        level_up(snazzle(), TEN, Tag("Brave", TagSource.STORY))


def test_a_level_gives_one_hp_to_every_hitzone() -> None:
    """ "You always get +1HP for all hitzones." """
    leveled = level_up(snazzle(), TEN, BRAVE)
    assert [(z.hp, z.max_hp) for z in leveled.hitzones] == [(5, 5), (7, 7), (7, 7), (7, 7)]


def test_a_maimed_zone_gains_max_hp_but_stays_maimed() -> None:
    """ "Maims do not need to be healed in reaction" — levelling up does not heal one."""
    legs = level_up(hurt(snazzle(), legs=0), TEN, BRAVE).zone("Legs")
    assert (legs.hp, legs.max_hp) == (0, 7)


@given(characters(), st.booleans())
def test_level_up_adds_exactly_one_max_hp_to_every_zone(character: Character, tag: bool) -> None:
    """ "You always get +1HP for all hitzones." """
    gain: Tag | Word = Tag("Zzz", TagSource.LEVEL_UP) if tag else Word("Zzz")
    leveled = level_up(character, TEN, gain)
    assert leveled.level == character.level + 1
    assert [z.max_hp for z in leveled.hitzones] == [z.max_hp + 1 for z in character.hitzones]


# --- Specific Fates --------------------------------------------------------------------------


def test_slaying_a_fate_weaver_grants_one_of_their_base_tags() -> None:
    """ "If you kill another Fate Weaver, you may choose any one of their base Tags to
    permanently gain. Note the name of the weaver alongside it." """
    assert veteran().gained_tags == (BRAVE, ASTRA_STRONG)
    assert ASTRA_STRONG in veteran().tags()


def test_a_specific_fate_is_one_of_the_slain_weavers_base_tags() -> None:
    """ "choose any one of their base Tags" """
    with pytest.raises(NotABaseTag) as caught:
        claim_specific_fate(snazzle(), "Astra", ["Strong", "Prideful"], "Greedy")
    assert caught.value.base_tags == ("Strong", "Prideful")


def test_a_slain_characters_base_tags_are_faction_and_creation_tags() -> None:
    """A slain character's base Tags: its faction's and its three from creation."""
    slain = snazzle()
    fated = claim_specific_fate(
        level_up(snazzle(), TEN, BRAVE), "Snazzle", slain.base_tags(), "Cultured"
    )
    assert fated.gained_tags[-1] == Tag("Cultured", TagSource.SPECIFIC_FATE, fate_of="Snazzle")
    with pytest.raises(NotABaseTag):
        claim_specific_fate(snazzle(), "Snazzle", slain.base_tags(), "Brave")


# --- resisting death and healing Maims -------------------------------------------------------


def test_resisting_death_fully_heals_but_not_armor() -> None:
    """ "Upon taking damage that would kill, the player must declare which Tag they are
    sacrificing (permanently) to instead be fully healed (including Maims but not Armor)." """
    dying = hurt(veteran(), head=0, legs=0, offhand=2)
    saved = resist_death(dying, ASTRA_STRONG)
    assert [(z.hp, z.max_hp) for z in saved.hitzones] == [(5, 5), (7, 7), (7, 7), (7, 7)]
    assert [z.armor for z in saved.hitzones] == [0, 0, 0, 0]
    assert saved.gained_tags == (BRAVE,)


def test_only_specific_or_level_up_tags_pay_for_life() -> None:
    """ "This tag must either be Specific or gained from level ups. Tags from level 1, story, or
    temporary sources may not be used." """
    story = replace(veteran(), gained_tags=(*veteran().gained_tags, Tag("Hero", TagSource.STORY)))
    refused = [
        *story.base_tags(),
        Tag("Hero", TagSource.STORY),
        Tag("Hero", TagSource.TEMPORARY),
        Tag("Heavy", TagSource.ITEM),
    ]
    for tag in refused:
        with pytest.raises(TagNotSacrificeable) as caught:
            resist_death(story, tag)
        assert caught.value.tag == tag
    assert resist_death(story, BRAVE).gained_tags == (ASTRA_STRONG, Tag("Hero", TagSource.STORY))


def test_a_level_one_character_pays_with_a_specific_fate_not_a_creation_tag() -> None:
    """ "A level 1 character dies. He gives up the Tag [Cleric] to continue his life." Since
    "Tags from level 1 ... may not be used", a level 1 character pays with a Specific Fate."""
    cleric = Tag("Cleric", TagSource.SPECIFIC_FATE, fate_of="Brother Amon")
    dead = hurt(replace(snazzle(), gained_tags=(cleric,)), head=0)
    assert resist_death(dead, cleric).zone("Head").hp == 4
    with pytest.raises(TagNotSacrificeable, match="level 1"):
        resist_death(dead, snazzle().creation_tags[0])


def test_a_tag_not_held_cannot_be_sacrificed() -> None:
    with pytest.raises(TagNotHeld) as caught:
        resist_death(snazzle(), BRAVE)
    assert caught.value.held == snazzle().tags()


def test_healing_a_maim_restores_hp_but_not_armor() -> None:
    """ "When healing a Maim, HP for the limb is restored to maximum but Armor remains
    destroyed." """
    maimed = hurt(veteran(), mainhand=0, legs=3)
    healed = heal_maim(maimed, "mainhand", BRAVE)
    assert (healed.zone("Mainhand").hp, healed.zone("Mainhand").armor) == (7, 0)
    assert healed.zone("Legs").hp == 3
    assert healed.gained_tags == (ASTRA_STRONG,)


def test_healing_a_maim_needs_a_maim() -> None:
    with pytest.raises(NotMaimed) as caught:
        heal_maim(veteran(), "Legs", BRAVE)
    assert caught.value.zone.name == "Legs"


def test_another_weaver_may_pay_the_cost() -> None:
    """ "Other players may pay the cost and heal each other, if they are close enough to lay
    hands on the fallen." """
    fallen = hurt(snazzle(), head=0)
    ally = veteran()
    ally_after = sacrifice_tag(ally, ASTRA_STRONG)
    assert revive(fallen).zone("Head").hp == 4
    assert ally_after.gained_tags == (BRAVE,)
    assert mend_maim(hurt(snazzle(), legs=0), "legs").zone("Legs").hp == 6


# --- magic items ------------------------------------------------------------------------------


def test_an_equipped_magic_item_overwrites_the_zones_armor() -> None:
    """ "To activate either of these items, they must be equipped to a Hitzone. For combat
    purposes, this means that they will overwrite whatever Armor value would normally be found
    there." """
    character = equip(snazzle(), MagicItem("Helm of Wits", durability=5), "Head")
    head = character.zone("Head")
    assert (head.item, head.armor, head.max_armor, head.magic_item) == ("Helm of Wits", 5, 5, True)
    assert character.zone("Legs").item == "Leather"


def test_a_magic_item_without_durability_gives_one_armor() -> None:
    """ "Assume that any magic item without a listed durability ... provides only 1 armor." """
    legs = equip(snazzle(), JACKS_BOOTS, "Legs").zone("Legs")
    assert (legs.armor, legs.max_armor) == (1, 1)


def test_equipping_over_a_magic_item_takes_it_off() -> None:
    character = equip(equip(grunk(), JACKS_BOOTS, "Legs"), MagicItem("Winged Boots"), "Legs")
    assert [m.name for m in character.magic_items] == ["Winged Boots"]
    assert Word("Jump") not in character.inherent_words()


# --- rest ------------------------------------------------------------------------------------


def test_rest_repairs_armor_and_heals_non_maimed_hp() -> None:
    """ "This repairs armor, and heals non-Maimed HP." """
    rested = rest(hurt(snazzle(), head=1, legs=0))
    assert [(z.hp, z.armor) for z in rested.hitzones] == [(4, 3), (6, 3), (6, 3), (0, 3)]
    assert rested.zone("Legs").maimed


def test_rest_does_not_repair_magic_items() -> None:
    """ "Magic items are not automatically repaired during rests." """
    booted = equip(snazzle(), MagicItem("Jack's Boots", (Word("Jump"),), durability=2), "Legs")
    rested = rest(hurt(booted))
    assert (rested.zone("Legs").armor, rested.zone("Head").armor) == (0, 3)


@given(characters())
def test_rest_keeps_hp_and_armor_within_bounds(character: Character) -> None:
    """Rest never heals a Maim, never repairs a magic item, and never goes past a maximum."""
    rested = rest(character)
    for before, after in zip(character.hitzones, rested.hitzones, strict=True):
        assert 0 <= after.hp <= after.max_hp and 0 <= after.armor <= after.max_armor
        assert after.maimed == before.maimed
        assert after.hp == (0 if before.maimed else before.max_hp)
        assert after.armor == (before.armor if before.magic_item else before.max_armor)
    assert rest(rested) == rested
