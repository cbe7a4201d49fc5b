"""Characters: the sample sheet, creation rules, Hitzones, inventory, magic items, storage form."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rules.characters import (
    HUMANOID_HITZONES,
    Character,
    CharacterDataError,
    CountError,
    DuplicateError,
    Hitzone,
    HitzoneError,
    Inventory,
    InventoryFull,
    ItemNotFound,
    Kit,
    MagicItem,
    MagicItemError,
    Storage,
    Tag,
    TagSource,
    TagSourceError,
    UnknownHitzone,
    Weapon,
    snazzle,
)
from adjudicator.rules.progression import equip
from adjudicator.rules.tables import ArmorProfile, Faction, load_tables
from adjudicator.rules.words import Word

HUMANOID_NAMES = ["Head", "Offhand", "Mainhand", "Legs"]
ORC = Faction("Orc", ("Strong", "Prideful"))
JACKS_BOOTS = MagicItem("Jack's Boots", words=(Word("Jump"),))


def creation(*texts: str) -> tuple[Tag, ...]:
    return tuple(Tag(text, TagSource.CREATION) for text in texts)


def grunk(**changes: object) -> Character:
    """A plain level-1 Orc to change one thing at a time."""
    base = Character(
        name="Grunk",
        faction=ORC,
        creation_tags=creation("Loud", "Loyal", "Hungry"),
        words=(Word("Smash"), Word("Shout"), Word("Climb")),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


# --- the rulebook's sample character (golden) ------------------------------------------------


def test_snazzle_is_the_sample_character_as_printed() -> None:
    """ "Name : Snazzle / Faction : Nezbereth (Superstitious, Cultured) / Tags : Charismatic,
    Cheater, Musician / Words : Convince, Daze, Steal / Pouch : Rapier, Crossbow, Harp, Cloak /
    Pack : Empty Glass Vial / Weapon : Rapier (1d6/1d6), Crossbow (1d6/1d4) / Armor : Leather 3 /
    HP : 4/6/6/6" """
    sheet = snazzle()
    assert sheet.name == "Snazzle"
    assert sheet.faction == Faction("Nezbereth", ("Superstitious", "Cultured"))
    assert [str(t) for t in sheet.creation_tags] == ["[Charismatic]", "[Cheater]", "[Musician]"]
    assert sheet.inherent_words() == (Word("Convince"), Word("Daze"), Word("Steal"))
    assert sheet.inventory == Inventory(
        pouch=("Rapier", "Crossbow", "Harp", "Cloak"), pack=("Empty Glass Vial",)
    )
    assert [str(w) for w in sheet.weapons] == ["Rapier (1d6/1d6)", "Crossbow (1d6/1d4)"]
    assert [w.ranged for w in sheet.weapons] == [False, True]
    assert [(z.name, z.hp, z.max_hp) for z in sheet.hitzones] == [
        ("Head", 4, 4),
        ("Offhand", 6, 6),
        ("Mainhand", 6, 6),
        ("Legs", 6, 6),
    ]
    assert {(z.item, z.armor, z.max_armor, z.magic_item) for z in sheet.hitzones} == {
        ("Leather", 3, 3, False)
    }
    assert sheet.level == 1
    assert (sheet.gained_tags, sheet.gained_words, sheet.magic_items) == ((), (), ())
    assert [t.describe() for t in sheet.tags()] == [
        "[Superstitious] (faction)",
        "[Cultured] (faction)",
        "[Charismatic] (creation)",
        "[Cheater] (creation)",
        "[Musician] (creation)",
    ]


def test_snazzles_weapons_and_armor_fit_the_reference_charts() -> None:
    """The sample's Rapier is a One-Handed weapon, its Crossbow a Ranged one, its armor Leather."""
    tables = load_tables()
    rapier, crossbow = snazzle().weapons
    assert rapier == tables.weapon("One-Handed").named("Rapier")
    assert crossbow == tables.weapon("Ranged").named("Crossbow")
    assert snazzle().hitzones == tuple(
        z.with_armor(tables.armor("Leather")) for z in HUMANOID_HITZONES
    )


# --- Tags ------------------------------------------------------------------------------------


def test_tags_are_normalised_like_words() -> None:
    """Tags are words; "strong" and "STRONG" are the same [Strong]."""
    assert Tag("  strong ", TagSource.STORY) == Tag("STRONG", TagSource.STORY)
    assert str(Tag("strong", TagSource.STORY)) == "[Strong]"


def test_a_specific_fate_notes_the_weaver() -> None:
    """ "Note the name of the weaver alongside it. This is a Specific Fate." """
    fate = Tag("Strong", TagSource.SPECIFIC_FATE, fate_of="Astra of the Shadehill Guard")
    assert fate.describe() == "[Strong] (Specific Fate of Astra of the Shadehill Guard)"
    with pytest.raises(TagSourceError):
        Tag("Strong", TagSource.SPECIFIC_FATE)
    with pytest.raises(TagSourceError):
        Tag("Strong", TagSource.LEVEL_UP, fate_of="Astra")


def test_only_specific_and_level_up_tags_are_sacrificeable() -> None:
    """ "This tag must either be Specific or gained from level ups." """
    sacrificeable = {
        s
        for s in TagSource
        if Tag("x", s, "A" if s.name == "SPECIFIC_FATE" else None).sacrificeable
    }
    assert sacrificeable == {TagSource.LEVEL_UP, TagSource.SPECIFIC_FATE}


def test_faction_tags_come_with_the_faction() -> None:
    """ "Players should choose a Faction from the Storyteller's list and make sure to note the
    Tags that come with it." """
    assert grunk().faction_tags() == (
        Tag("Strong", TagSource.FACTION),
        Tag("Prideful", TagSource.FACTION),
    )


# --- creation rules --------------------------------------------------------------------------


def test_a_character_has_three_creation_tags() -> None:
    """ "They then come up with 3 Tags that describe their character in a meaningful way." """
    with pytest.raises(CountError) as caught:
        grunk(creation_tags=creation("Loud", "Loyal"))
    assert (caught.value.expected, len(caught.value.got)) == (3, 2)


def test_a_character_has_three_inherent_words() -> None:
    """ "The next step is to choose 3 Inherent Words that the character will always have access
    to." """
    with pytest.raises(CountError) as caught:
        grunk(words=(Word("Smash"), Word("Shout"), Word("Climb"), Word("Eat")))
    assert (caught.value.expected, len(caught.value.got)) == (3, 4)


def test_creation_tags_have_the_creation_source() -> None:
    with pytest.raises(TagSourceError):
        grunk(creation_tags=(*creation("Loud", "Loyal"), Tag("Hungry", TagSource.LEVEL_UP)))
    with pytest.raises(TagSourceError):
        grunk(gained_tags=(Tag("Hungry", TagSource.CREATION),))


def test_duplicates_are_refused() -> None:
    with pytest.raises(DuplicateError):
        grunk(creation_tags=creation("Loud", "loud", "Loyal"))
    with pytest.raises(DuplicateError):
        grunk(words=(Word("Smash"), Word("Shout"), Word("smash")))
    with pytest.raises(DuplicateError):
        grunk(hitzones=(Hitzone("Head", 4, 4), Hitzone("head", 6, 6)))
    with pytest.raises(DuplicateError):
        grunk(level=2, gained_words=(Word("Climb"),))


def test_a_level_holds_one_gain_per_level_after_the_first() -> None:
    """ "You begin play at level 1. Each time you gain a level, you get to choose a new
    permanent tag or word." """
    with pytest.raises(Exception, match="level 1 cannot hold"):
        grunk(gained_words=(Word("Roar"),))
    assert grunk(level=2, gained_words=(Word("Roar"),)).level == 2


# --- Hitzones --------------------------------------------------------------------------------


def test_humanoids_begin_with_four_hitzones() -> None:
    """ "Humanoid characters should begin with Hitzones Head/Offhand/Mainhand/Legs with HP values
    4/6/6/6." Hit-die results 1-4 strike them in that order."""
    assert [z.name for z in grunk().hitzones] == HUMANOID_NAMES
    assert [z.max_hp for z in grunk().hitzones] == [4, 6, 6, 6]


def test_hit_die_results_strike_hitzones_in_order() -> None:
    """ "1 | Head / 2 | Offhand / 3 | Mainhand / 4 | Legs / ~ | Miss" """
    struck = [grunk().zone_at(result) for result in (1, 2, 3, 4)]
    assert [zone.name if zone else None for zone in struck] == HUMANOID_NAMES
    assert grunk().zone_at(5) is None


def test_a_zone_at_zero_hp_is_maimed() -> None:
    """ "When a Hitzone reaches 0 HP, it is considered Maimed and becomes unusable." """
    assert Hitzone("Legs", 6, 0).maimed
    assert not Hitzone("Legs", 6, 1).maimed


def test_an_item_at_zero_armor_is_broken() -> None:
    """ "When Armor reaches 0, the item in that zone is considered broken and unusable." """
    assert Hitzone("Head", 4, 4, armor=0, max_armor=3, item="Leather").broken
    assert not Hitzone("Head", 4, 4, armor=1, max_armor=3, item="Leather").broken
    assert not Hitzone("Head", 4, 4).broken


def test_hitzone_values_stay_in_range() -> None:
    with pytest.raises(HitzoneError):
        Hitzone("Head", 4, 5)
    with pytest.raises(HitzoneError):
        Hitzone("Head", 4, -1)
    with pytest.raises(HitzoneError):
        Hitzone("Head", 4, 4, armor=4, max_armor=3, item="Leather")
    with pytest.raises(HitzoneError):
        Hitzone("Head", 4, 4, armor=3, max_armor=3)


def test_zones_are_found_by_name_ignoring_case() -> None:
    assert grunk().zone("legs").name == "Legs"
    with pytest.raises(UnknownHitzone) as caught:
        grunk().zone("Tail")
    assert caught.value.known == ("Head", "Offhand", "Mainhand", "Legs")


# --- items and their Tags --------------------------------------------------------------------


def test_armor_tags_are_available_while_the_armor_is() -> None:
    """Tags "are considered available as long as the source is available. Faction, character
    creation, level-ups, armor, and magic items are the most common sources of Tags." """
    plate = ArmorProfile("Plate", 6, ("Heavy", "Restricted"))
    armored = grunk(hitzones=tuple(z.with_armor(plate) for z in HUMANOID_HITZONES))
    assert armored.item_tags() == (Tag("Heavy", TagSource.ITEM), Tag("Restricted", TagSource.ITEM))
    broken = tuple(replace(z, armor=0) for z in armored.hitzones)
    assert replace(armored, hitzones=broken).item_tags() == ()


def test_magic_items_grant_inherent_words() -> None:
    """ "Words that you begin with, gain from leveling up, or gain access to from an equipped
    magic item are considered Inherent Words." """
    character = equip(grunk(level=2, gained_words=(Word("Roar"),)), JACKS_BOOTS, "Legs")
    assert character.inherent_words() == tuple(
        map(Word, ("Smash", "Shout", "Climb", "Roar", "Jump"))
    )


def test_a_broken_magic_item_grants_nothing() -> None:
    """ "When Armor reaches 0, the item in that zone is considered broken and unusable." """
    item = MagicItem("Amulet", words=(Word("Jump"),), tags=("Lucky",))
    character = equip(grunk(), item, "Head")
    assert Tag("Lucky", TagSource.ITEM) in character.tags()
    broken = character.with_zone(replace(character.zone("Head"), armor=0))
    assert Word("Jump") not in broken.inherent_words()
    assert Tag("Lucky", TagSource.ITEM) not in broken.tags()


def test_a_magic_item_is_worn_on_exactly_one_zone() -> None:
    with pytest.raises(MagicItemError):
        grunk(magic_items=(JACKS_BOOTS,))
    with pytest.raises(DuplicateError):
        equip(equip(grunk(), JACKS_BOOTS, "Legs"), JACKS_BOOTS, "Head")


# --- inventory -------------------------------------------------------------------------------


def test_the_pouch_holds_four_items() -> None:
    """ "You may have up to 4 items in the pouch." """
    full = snazzle().inventory
    with pytest.raises(InventoryFull) as caught:
        full.add("Lute")
    assert (caught.value.storage, caught.value.capacity) == (Storage.POUCH, 4)


def test_the_pack_holds_ten_items_kits_included() -> None:
    """ "The Pack may have up to 10 items"; a kit takes one of its places."""
    inventory = Inventory(pack=tuple(f"Rock {i}" for i in range(9))).add_to_kit("Pick", "Tools")
    with pytest.raises(InventoryFull) as caught:
        inventory.add("Rope", Storage.PACK)
    assert caught.value.capacity == 10
    assert inventory.add_to_kit("File", "tools").kits == (Kit("Tools", ("Pick", "File")),)


def test_retrieving_costs_one_two_or_four_actions() -> None:
    """ "Items in the Pouch require a single action to stow or retrieve. Items in the Pack
    require two actions. Small items may be grouped into "kits" ... but will require 4 actions
    to access." """
    inventory = snazzle().inventory.add_to_kit("Lockpick", "Thieves' Tools")
    assert inventory.retrieve_cost("harp") == 1
    assert inventory.retrieve_cost("Empty Glass Vial") == 2
    assert inventory.retrieve_cost("Thieves' Tools") == 2
    assert inventory.retrieve_cost("lockpick") == 4


def test_retrieving_what_is_not_carried_lists_what_is() -> None:
    with pytest.raises(ItemNotFound) as caught:
        snazzle().inventory.retrieve_cost("Lute")
    assert caught.value.carried == ("Rapier", "Crossbow", "Harp", "Cloak", "Empty Glass Vial")


# --- storage form ----------------------------------------------------------------------------


def test_snazzle_round_trips_through_json() -> None:
    sheet = equip(snazzle(), JACKS_BOOTS, "Legs")
    assert Character.from_dict(json.loads(json.dumps(sheet.to_dict()))) == sheet


def test_bad_stored_data_is_a_character_data_error() -> None:
    data = snazzle().to_dict()
    del data["hitzones"][0]["hp"]
    with pytest.raises(CharacterDataError, match="hp"):
        Character.from_dict(data)
    data = snazzle().to_dict()
    data["creation_tags"][0]["source"] = "birthright"
    with pytest.raises(CharacterDataError, match="birthright"):
        Character.from_dict(data)


TEXT = st.text(alphabet="abcdefghijklmnop", min_size=1, max_size=8)
ZONE_NAMES = ("Head", "Offhand", "Mainhand", "Legs", "Tail", "Wing")


@st.composite
def hitzones(draw: st.DrawFn, name: str) -> Hitzone:
    max_hp = draw(st.integers(1, 12))
    zone = Hitzone(name, max_hp, draw(st.integers(0, max_hp)))
    if draw(st.booleans()):
        armor = ArmorProfile(
            draw(TEXT), draw(st.integers(1, 13)), tuple(draw(st.sets(TEXT, max_size=2)))
        )
        zone = zone.with_armor(armor)
        zone = replace(zone, armor=draw(st.integers(0, zone.max_armor)))
    return zone


@st.composite
def characters(draw: st.DrawFn) -> Character:
    """Any valid character: armored and maimed zones, level-ups, fates, magic items."""
    level = draw(st.integers(1, 6))
    gains = draw(st.integers(0, level - 1))
    word_gains = draw(st.integers(0, gains))
    words = draw(
        st.lists(TEXT, min_size=3 + word_gains, max_size=3 + word_gains, unique_by=str.lower)
    )
    size = 3 + gains - word_gains
    tags = draw(st.lists(TEXT, min_size=size, max_size=size, unique_by=str.lower))
    names = draw(st.lists(st.sampled_from(ZONE_NAMES), min_size=1, max_size=6, unique=True))
    fates = draw(st.lists(st.tuples(TEXT, TEXT), max_size=2, unique_by=lambda f: f[0].lower()))
    character = Character(
        name=draw(TEXT),
        faction=Faction(draw(TEXT), ("Proud", "Quiet")),
        creation_tags=creation(*tags[:3]),
        words=tuple(map(Word, words[:3])),
        hitzones=tuple(draw(hitzones(name)) for name in names),
        weapons=tuple(
            draw(
                st.lists(
                    st.builds(Weapon, TEXT, st.integers(2, 12), st.integers(2, 12)), max_size=2
                )
            )
        ),
        inventory=Inventory(pouch=tuple(draw(st.lists(TEXT, max_size=4)))),
        level=level,
        gained_tags=tuple(Tag(t, TagSource.LEVEL_UP) for t in tags[3:])
        + tuple(Tag(t, TagSource.SPECIFIC_FATE, fate_of=who) for t, who in fates),
        gained_words=tuple(map(Word, words[3:])),
    )
    if draw(st.booleans()):
        item = MagicItem(
            draw(TEXT), (Word(draw(TEXT)),), durability=draw(st.none() | st.integers(1, 5))
        )
        character = equip(character, item, draw(st.sampled_from(names)))
    return character


@given(characters())
def test_any_character_round_trips_through_json(character: Character) -> None:
    """Every value the ledger stores comes back equal from its JSON form."""
    assert Character.from_dict(json.loads(json.dumps(character.to_dict()))) == character


def test_a_magic_item_without_durability_cannot_be_worn_as_five_armor() -> None:
    """ "Assume that any magic item without a listed durability ... provides only 1 armor." and
    "they will overwrite whatever Armor value would normally be found there": a sheet read
    from JSON whose zone wears such an item with 5 Armor is refused."""
    boots = MagicItem("Boots", (Word("Jump"),))
    worn = Hitzone("Legs", 6, 6, 5, 5, "Boots", magic_item=True)
    zones = (*HUMANOID_HITZONES[:3], worn)
    with pytest.raises(MagicItemError, match="provides only 1 armor"):
        replace(snazzle(), hitzones=zones, magic_items=(boots,))
    one = (*zones[:3], replace(worn, armor=1, max_armor=1))
    assert replace(snazzle(), hitzones=one, magic_items=(boots,)).zone("Legs").armor == 1
