"""Combatants: units from a character sheet or a quick NPC (rulebook, "Character Creation",
"Attacking", "Magic Items")."""

from dataclasses import replace

import pytest

from adjudicator.combat.errors import UnknownWeapon, UnknownZone
from adjudicator.combat.units import UNARMED, Status, from_character, humanoid, npc, zone
from adjudicator.rules.characters import Hitzone, MagicItem, snazzle
from adjudicator.rules.words import Word

from .helpers import AXE, SWORD


def test_a_character_becomes_a_unit_with_its_zones_weapons_and_words() -> None:
    """Snazzle: "Weapon : Rapier (1d6/1d6), Crossbow (1d6/1d4) / Armor : Leather 3 / HP :
    4/6/6/6"; "Words : Convince, Daze, Steal"."""
    unit = from_character(snazzle(), "Party", hand=(Word("Fire"),))
    assert [(z.name, z.hp, z.armor) for z in unit.hitzones] == [
        ("Head", 4, 3),
        ("Offhand", 6, 3),
        ("Mainhand", 6, 3),
        ("Legs", 6, 3),
    ]
    assert [w.name for w in unit.weapons] == ["Rapier", "Crossbow"]
    assert [str(w) for w in unit.inherent()] == ["[Convince]", "[Daze]", "[Steal]"]
    assert unit.hand == (Word("Fire"),)
    assert unit.fate_weaver and unit.status is Status.OFF_BOARD and unit.space is None


def test_characters_begin_with_their_primary_weapon_drawn() -> None:
    """Alternate draft, "Turns": "All characters on the battle board are assumed to begin
    combat with their primary weapon drawn." """
    unit = from_character(snazzle(), "Party")
    assert unit.held == (("Mainhand", "Rapier"), ("Offhand", None))
    assert unit.hand_holding("Rapier") == "Mainhand"
    assert unit.weapon("unarmed") is UNARMED


def test_a_quick_npc_may_have_more_than_four_hitzones() -> None:
    """ "Larger creatures or those with special Hitzones may utilize the numbers above 4. For
    example, a Lich with a magic amulet might have Hitzone 5 be the amulet." """
    amulet = MagicItem("Amulet", words=(Word("Undeath"),), durability=2)
    zones = (*humanoid(), Hitzone("Amulet", 3, 3, 2, 2, "Amulet", magic_item=True))
    lich = npc("Lich", "Undead", zones, (SWORD,), magic_items=(amulet,), fate_weaver=True)
    assert lich.zone_names[4] == "Amulet"
    assert Word("Undeath") in lich.inherent()
    broken = lich.with_zone(replace(lich.zone("amulet"), armor=0))
    assert Word("Undeath") not in broken.inherent(), "a broken item is unusable"
    assert lich.magic_item("amulet")[1].name == "Amulet"


def test_the_head_is_the_zone_whose_zero_means_down() -> None:
    """ "Players may keep fighting and acting as long as they have Head HP remaining." """
    unit = npc("Orc", "Orcs", humanoid(), (AXE,))
    assert unit.head.name == "Head" and not unit.is_down
    down = unit.with_zone(replace(unit.head, hp=0))
    assert down.is_down
    blob = npc("Ooze", "Foes", (zone("Core", 5), zone("Pseudopod", 3)))
    assert blob.head.name == "Core" and blob.legs is None


def test_a_units_sheet_carries_the_fights_damage_back() -> None:
    """The ledger keeps the character after the fight with its HP and Armor as they are."""
    unit = from_character(snazzle(), "Party")
    hurt = unit.with_zone(replace(unit.zone("Legs"), hp=2, armor=0))
    sheet = hurt.sheet()
    assert sheet is not None and sheet.zone("Legs").hp == 2 and sheet.zone("Legs").broken
    assert npc("Orc", "Orcs", humanoid()).sheet() is None


def test_bad_units_are_refused_with_the_reason() -> None:
    """Names identify zones and weapons in commands, so they must be unique and exist."""
    with pytest.raises(UnknownWeapon):
        npc("Orc", "Orcs", humanoid(), (AXE, AXE))
    with pytest.raises(UnknownWeapon):
        npc("Orc", "Orcs", humanoid(), (AXE,), held=(("Mainhand", "Sword"),))
    with pytest.raises(UnknownZone):
        npc("Orc", "Orcs", humanoid(), (AXE,), held=(("Tail", "Axe"),))
    with pytest.raises(UnknownZone) as raised:
        npc("Orc", "Orcs", humanoid()).zone("Wing")
    assert raised.value.hint is not None and "Head" in raised.value.hint
