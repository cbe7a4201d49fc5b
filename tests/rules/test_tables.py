"""The Reference tables: the packaged charts, a campaign's own file, and the errors for bad ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import AdjudicatorError
from adjudicator.rules.dice import HIT_DIE_LADDER
from adjudicator.rules.tables import (
    ArmorProfile,
    Faction,
    ReferenceTables,
    TablesError,
    UnknownEntry,
    Weapon,
    WordUsage,
    load_tables,
)
from adjudicator.rules.words import Word

PACKAGED = Path(__file__).parents[2] / "adjudicator" / "rules" / "data" / "reference.json"


@pytest.fixture(scope="module")
def tables() -> ReferenceTables:
    return load_tables()


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def packaged_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PACKAGED.read_text(encoding="utf-8"))
    return data


# --- the packaged charts, golden against the rulebook's Reference -----------------------------


def test_factions_are_the_reference_chart(tables: ReferenceTables) -> None:
    """Reference, "Factions": Orc (Strong, Prideful), Human (Resourceful, Greedy), Elf (Ageless,
    Foreign), Dwarf (Stonewise, Stubborn)."""
    assert tables.factions == (
        Faction("Orc", ("Strong", "Prideful")),
        Faction("Human", ("Resourceful", "Greedy")),
        Faction("Elf", ("Ageless", "Foreign")),
        Faction("Dwarf", ("Stonewise", "Stubborn")),
    )


def test_weapons_by_size_are_the_reference_chart(tables: ReferenceTables) -> None:
    """Reference, "Weapons by Size": Small 1d6/1d4 Concealable, One-Handed 1d6/1d6,
    Two-Handed 1d8/1d10, Ranged 1d6/1d4."""
    assert tables.weapons_by_size == (
        Weapon("Small", 6, 4, tag="Concealable"),
        Weapon("One-Handed", 6, 6),
        Weapon("Two-Handed", 8, 10),
        Weapon("Ranged", 6, 4, ranged=True),
    )


def test_weapons_specific_are_the_reference_chart(tables: ReferenceTables) -> None:
    """Reference, "Weapons Specific": Mace, Claw, Crossbow, Axe and Glaive with their Word,
    Tag and Range Limit."""
    assert tables.weapons_specific == (
        Weapon("Mace", 6, 6, word=Word("Sunder")),
        Weapon("Claw", 6, 4, tag="Clumsy"),
        Weapon("Crossbow", 6, 4, word=Word("Sunder"), range_limit=8, ranged=True),
        Weapon("Axe", 6, 6, word=Word("Rend")),
        Weapon("Glaive", 8, 10, word=Word("Cover")),
    )


def test_weapon_words_keep_their_example_of_usage(tables: ReferenceTables) -> None:
    """Reference: "Sunder | Deal 2x damage to Armor, 1/2 damage to HP" and the rest of the
    chart, Clumsy included."""
    assert tables.weapon_words == (
        WordUsage("Sunder", "Deal 2x damage to Armor, 1/2 damage to HP"),
        WordUsage("Rend", "Deal 2x damage to HP, 1/2 damage to Armor"),
        WordUsage("Cover", "Defend another unit with a +1d6 bonus to the roll"),
        WordUsage(
            "Clumsy", "This counts as an open hand but receives a +1d6 penalty to any actions"
        ),
    )


def test_armor_is_the_reference_chart(tables: ReferenceTables) -> None:
    """Reference, "Armor": Cloth 1 Nimble, Leather 3, Chainmail 4 Noisy, Plate 6 Heavy
    Restricted, Shield 13 Block."""
    assert tables.armors == (
        ArmorProfile("Cloth", 1, ("Nimble",)),
        ArmorProfile("Leather", 3),
        ArmorProfile("Chainmail", 4, ("Noisy",)),
        ArmorProfile("Plate", 6, ("Heavy", "Restricted")),
        ArmorProfile("Shield", 13, ("Block",)),
    )


def test_range_limit_is_a_hit_die_on_the_ladder(tables: ReferenceTables) -> None:
    """ "Some weapons may have a maximum range, expressed as a Hit Die." """
    crossbow = tables.weapon("Crossbow")
    assert crossbow.range_limit == 8
    assert HIT_DIE_LADDER.within(10, crossbow.range_limit) is False
    assert HIT_DIE_LADDER.within(8, crossbow.range_limit) is True


def test_the_packaged_file_is_what_to_dict_writes(tables: ReferenceTables) -> None:
    """The file a campaign starts from is the tables' own JSON form, so it round-trips."""
    assert tables.to_dict() == packaged_data()
    assert ReferenceTables.from_dict(tables.to_dict()) == tables


# --- lookups ---------------------------------------------------------------------------------


def test_lookups_ignore_case(tables: ReferenceTables) -> None:
    assert tables.faction("ORC").name == "Orc"
    assert tables.weapon("two-handed").hit_die == 8
    assert tables.weapon("glaive").word == Word("Cover")
    assert tables.armor("plate").durability == 6
    assert tables.usage("sunder").word == "Sunder"


def test_unknown_name_lists_the_known_ones(tables: ReferenceTables) -> None:
    with pytest.raises(UnknownEntry) as caught:
        tables.faction("Gnome")
    assert caught.value.name == "Gnome"
    assert caught.value.known == ("Orc", "Human", "Elf", "Dwarf")
    assert "Dwarf" in (caught.value.hint or "")


def test_weapon_lookup_searches_both_weapon_charts(tables: ReferenceTables) -> None:
    assert tables.weapon("Small").tag == "Concealable"
    assert tables.weapon("Axe").word == Word("Rend")
    with pytest.raises(UnknownEntry) as caught:
        tables.weapon("Halberd")
    assert "One-Handed" in caught.value.known and "Glaive" in caught.value.known


def test_weapon_named_keeps_the_profile() -> None:
    """ "Weapon : Rapier (1d6/1d6)": a One-Handed profile under the character's own name."""
    rapier = Weapon("One-Handed", 6, 6).named("Rapier")
    assert (rapier.name, rapier.hit_die, rapier.damage_die) == ("Rapier", 6, 6)
    assert str(rapier) == "Rapier (1d6/1d6)"


# --- a campaign's own file -------------------------------------------------------------------


def test_a_campaign_file_replaces_the_charts(tmp_path: Path) -> None:
    """ "These charts are purely examples of what the Storyteller could generate ... Make your
    charts fit your game." """
    data = packaged_data()
    data["factions"] = [{"name": "Nezbereth", "tags": ["superstitious", "CULTURED"]}]
    data["armors"].append({"name": "Dragonhide", "durability": 8, "tags": ["Fireproof"]})
    tables = load_tables(write(tmp_path, data))
    assert tables.faction("nezbereth").tags == ("Superstitious", "Cultured")
    assert tables.armor("Dragonhide").tags == ("Fireproof",)


def test_optional_fields_may_be_left_out(tmp_path: Path) -> None:
    data = {
        "factions": [],
        "weapons_by_size": [{"name": "Huge", "hit_die": "d12", "damage_die": "1d12"}],
        "weapons_specific": [],
        "weapon_words": [],
        "armors": [{"name": "Hide", "durability": 2}],
    }
    tables = load_tables(write(tmp_path, data))
    assert tables.weapon("huge") == Weapon("Huge", 12, 12)
    assert tables.armor("hide").tags == ()


# --- malformed files: a specific error naming the file, the entry and the field --------------


def broken(tmp_path: Path, edit: Any) -> TablesError:
    data = packaged_data()
    edit(data)
    path = write(tmp_path, data)
    with pytest.raises(TablesError) as caught:
        load_tables(path)
    assert caught.value.path == str(path)
    assert str(path) in str(caught.value)
    return caught.value


def test_a_bad_die_names_the_entry_and_field(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d["weapons_specific"][2].update(hit_die="1d1"))
    assert error.entry == "weapons_specific[2] (Crossbow)"
    assert error.field == "hit_die"


def test_several_dice_are_not_a_chart_die(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d["weapons_by_size"][0].update(damage_die="2d4"))
    assert (error.entry, error.field) == ("weapons_by_size[0] (Small)", "damage_die")


def test_a_range_limit_must_be_on_the_ladder_above_the_hit_die(tmp_path: Path) -> None:
    """ "Some weapons may have a maximum range, expressed as a Hit Die": at or above its own."""
    error = broken(tmp_path, lambda d: d["weapons_specific"][2].update(range_limit="1d4"))
    assert (error.entry, error.field) == ("weapons_specific[2] (Crossbow)", "range_limit")


def test_only_a_ranged_weapon_has_a_range_limit(tmp_path: Path) -> None:
    """ "Some weapons may have a maximum range" — the ranged ones."""
    error = broken(tmp_path, lambda d: d["weapons_specific"][0].update(range_limit="1d8"))
    assert (error.entry, error.field) == ("weapons_specific[0] (Mace)", "range_limit")


def test_a_faction_has_two_tags(tmp_path: Path) -> None:
    """ "Faction : Nezbereth (Superstitious, Cultured)": a faction comes with two Tags."""
    error = broken(tmp_path, lambda d: d["factions"][1]["tags"].append("Curious"))
    assert (error.entry, error.field) == ("factions[1] (Human)", "tags")


def test_a_tag_must_be_a_word(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d["armors"][2].update(tags=["Very Noisy"]))
    assert (error.entry, error.field) == ("armors[2] (Chainmail)", "tags")


def test_an_unknown_field_is_named(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d["armors"][0].update(durabilty=2))
    assert (error.entry, error.field) == ("armors[0] (Cloth)", "durabilty")


def test_a_missing_field_is_named(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d["armors"][4].pop("durability"))
    assert (error.entry, error.field, error.reason) == (
        "armors[4] (Shield)",
        "durability",
        "missing",
    )


def test_a_mistyped_field_is_named(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d["armors"][1].update(durability="3"))
    assert (error.entry, error.field) == ("armors[1] (Leather)", "durability")


def test_a_missing_section_is_named(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d.pop("weapon_words"))
    assert (error.entry, error.field) == (None, "weapon_words")


def test_duplicate_names_are_an_error(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d["weapons_specific"].append(dict(d["weapons_by_size"][1])))
    assert error.entry == "weapons_specific[5] (One-Handed)"
    assert "weapons_by_size[1]" in error.reason


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    error = broken(tmp_path, lambda d: d.update(format=2))
    assert error.field == "format"


def test_a_file_that_is_not_json_says_where(tmp_path: Path) -> None:
    path = tmp_path / "campaign.json"
    path.write_text('{"factions": [,]}', encoding="utf-8")
    with pytest.raises(TablesError, match="line 1, column 15") as caught:
        load_tables(path)
    assert caught.value.path == str(path)


def test_a_missing_file_is_a_tables_error(tmp_path: Path) -> None:
    with pytest.raises(TablesError) as caught:
        load_tables(tmp_path / "nowhere.json")
    assert isinstance(caught.value, AdjudicatorError)
    assert "nowhere.json" in str(caught.value)


def test_a_top_level_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TablesError, match="expected an object"):
        load_tables(write(tmp_path, ["Orc"]))


# --- properties ------------------------------------------------------------------------------

LADDER = st.sampled_from(HIT_DIE_LADDER.sides)
NAMES = st.text(alphabet="abcdefgh -", min_size=1, max_size=12).filter(lambda s: s.strip())
TAGS = st.text(alphabet="abcdefgh", min_size=1, max_size=8)


@st.composite
def weapons(draw: st.DrawFn) -> Weapon:
    ranged = draw(st.booleans())
    hit_die = draw(LADDER if ranged else st.integers(2, 20))
    limit = draw(st.none() | LADDER.filter(lambda s: s >= hit_die)) if ranged else None
    return Weapon(
        draw(NAMES),
        hit_die,
        draw(st.integers(2, 20)),
        word=draw(st.none() | TAGS.map(Word)),
        tag=draw(st.none() | TAGS),
        range_limit=limit,
        ranged=ranged,
    )


@given(weapons())
def test_weapon_round_trips_through_json(weapon: Weapon) -> None:
    assert Weapon.from_dict(json.loads(json.dumps(weapon.to_dict()))) == weapon


@given(NAMES, st.integers(1, 30), st.lists(TAGS, max_size=3, unique_by=str.lower))
def test_armor_round_trips_through_json(name: str, durability: int, tags: list[str]) -> None:
    armor = ArmorProfile(name, durability, tuple(tags))
    assert ArmorProfile.from_dict(json.loads(json.dumps(armor.to_dict()))) == armor


def test_a_ranged_weapon_may_have_any_hit_die_the_ruleset_checks_the_ladder() -> None:
    """ "1d4 > 1d6 > 1d8 > 1d10 > 1d12 > 1d20" (the alternate draft): the ladder is the
    ruleset's, so a weapon's profile accepts a 1d4 sling; a fight under the rulebook's "1d6 >
    1d8 > 1d10 > 1d12 > 1d20" refuses it when the unit joins (tests/cli)."""
    sling = Weapon("Sling", 4, 4, ranged=True, range_limit=8)
    assert (sling.hit_die, sling.range_limit) == (4, 8)
    with pytest.raises(TablesError, match="at or above the hit die"):
        Weapon("Sling", 6, 4, ranged=True, range_limit=4)
