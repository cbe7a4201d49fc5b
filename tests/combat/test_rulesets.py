"""Rulesets: the rulebook by default, the alternate draft as a subclass, found by name."""

from dataclasses import replace
from typing import ClassVar

import pytest

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.engine import Combat
from adjudicator.combat.rulesets import (
    DEFAULT_REGISTRY,
    HitKind,
    Rulebook,
    UnknownRuleset,
    WopDraft,
    ruleset,
)
from adjudicator.combat.units import Stance, humanoid, npc, zone
from adjudicator.rules.words import Word

HUMAN = npc("Orc", "Orcs", humanoid())


def test_rulesets_are_found_by_name_and_the_rulebook_is_the_default() -> None:
    """seeds/README.md: the rulebook "is the authority"; the draft is the variant "wop-draft"."""
    assert isinstance(ruleset(), Rulebook) and ruleset().name == "rulebook"
    assert isinstance(ruleset("wop-draft"), WopDraft)
    assert isinstance(ruleset("wop-draft"), Rulebook), "the draft overrides the rulebook's hooks"
    assert DEFAULT_REGISTRY.names() == ("rulebook", "wop-draft")
    with pytest.raises(UnknownRuleset) as raised:
        ruleset("murdham")
    assert raised.value.hint is not None and "wop-draft" in raised.value.hint


def test_a_new_system_plugs_in_as_a_subclass_in_a_new_registry() -> None:
    """Later systems plug in the same way: subclass, override a hook, register by name."""

    class Lenient(Rulebook):
        name: ClassVar[str] = "lenient"

        def holds_on(self, roll: int, damage: int) -> bool:
            return True

    registry = DEFAULT_REGISTRY.with_ruleset(Lenient)
    assert registry.names() == ("rulebook", "wop-draft", "lenient")
    assert DEFAULT_REGISTRY.names() == ("rulebook", "wop-draft"), "registries are values"
    combat = Combat("lenient", registry)
    assert combat.rules.holds_on(1, 6) and combat.state.ruleset == "lenient"


@pytest.mark.parametrize(
    ("name", "order"),
    [
        ("rulebook", ["Head", "Offhand", "Mainhand", "Legs"]),
        ("wop-draft", ["Head", "Mainhand", "Legs", "Offhand"]),
    ],
)
def test_hit_die_numbers_name_the_hitzones(name: str, order: list[str]) -> None:
    """Rulebook: "1 Head, 2 Offhand, 3 Mainhand, 4 Legs"; draft: "Mainhand = 2, Legs = 3,
    Offhand = 4"."""
    rules = ruleset(name)
    assert [rules.read_hit(HUMAN, face, 6).zone for face in (1, 2, 3, 4)] == order


def test_above_the_zones_is_a_miss_and_the_maximum_a_critical() -> None:
    """ "~ Miss", "Max Critical": "Critical hits ... allow the attacker to choose a Hitzone"."""
    rules = ruleset()
    assert rules.read_hit(HUMAN, 5, 6).kind is HitKind.MISS
    assert rules.read_hit(HUMAN, 6, 6).kind is HitKind.CRITICAL
    assert [rules.read_hit(HUMAN, f, 10).kind for f in (5, 9, 10)] == [
        HitKind.MISS,
        HitKind.MISS,
        HitKind.CRITICAL,
    ]
    octopus = npc("Octopus", "Sea", (zone("Head", 8), *(zone(f"Leg{x}", 4) for x in "ABCDEFGH")))
    assert rules.read_hit(octopus, 5, 6).zone == "LegD", "zones above 4 use the numbers above 4"
    assert rules.read_hit(octopus, 9, 12).zone == "LegH"
    assert rules.read_hit(octopus, 6, 6).kind is HitKind.CRITICAL


def test_the_drafts_ladder_starts_at_1d4() -> None:
    """Rulebook "1d6 > 1d8 > 1d10 > 1d12 > 1d20"; draft "1d4 > 1d6 > 1d8 > 1d10 > 1d12 >
    1d20"."""
    assert ruleset().ladder.sides == (6, 8, 10, 12, 20)
    assert ruleset("wop-draft").ladder.sides == (4, 6, 8, 10, 12, 20)


def test_the_rulesets_differ_on_interruption_items_and_dual_wielding() -> None:
    """Rulebook: "a 1d6 roll against the incoming damage amount"; draft: "roll higher on 1d6
    than the HP damage". Rulebook: items "lose a point of Armor/durability/uses"; draft: "are
    destroyed in the process". Rulebook: "If both Attack Rolls were the same number, roll damage
    for both weapons"; draft: "Roll only one damage die unless both hit dice crit"."""
    book, draft = ruleset(), ruleset("wop-draft")
    assert book.holds_on(3, 3) and not draft.holds_on(3, 3) and draft.holds_on(4, 3)
    assert (book.counter_item_armor(3), draft.counter_item_armor(3)) == (2, 0)
    twos = (RolledDie(6, 2, "hit", "A"), RolledDie(6, 2, "hit", "A"))
    sixes = (RolledDie(6, 6, "hit", "A"), RolledDie(8, 8, "hit", "A"))
    assert book.dual_wield_damages_both(twos) and not draft.dual_wield_damages_both(twos)
    assert draft.dual_wield_damages_both(sixes)
    assert book.aggressor_skips_initiative and not draft.aggressor_skips_initiative


def test_stance_words_enhance_for_free_only_in_the_draft() -> None:
    """Draft, "Stances": "Words granted by stances may be used to enhance combat actions
    without consuming an additional action." """
    guard = Stance("Guard", (Word("Block"),), armor_modifier=1)
    unit = npc("Knight", "Party", humanoid(), stances=(guard,))
    in_stance = replace(unit, stance="Guard")
    assert ruleset("wop-draft").enhancement_actions(in_stance, Word("Block")) == 0
    assert ruleset("wop-draft").enhancement_actions(unit, Word("Block")) == 1
    assert ruleset().enhancement_actions(in_stance, Word("Block")) == 1
    assert ruleset("wop-draft").armor_modifier(in_stance) == 1
    assert ruleset().armor_modifier(in_stance) == 0
