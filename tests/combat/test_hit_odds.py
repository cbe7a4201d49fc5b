"""Exact hit-zone odds of an attack roll (rulebook, "Attacking": the hit-die table)."""

from fractions import Fraction

from adjudicator.combat.hit_odds import hit_odds
from adjudicator.combat.rulesets import ruleset
from adjudicator.combat.units import humanoid, npc, zone

from .helpers import CROSSBOW, fight, fighter

HUMAN = npc("Orc", "Orcs", humanoid())


def test_a_d6_against_a_humanoid_is_one_sixth_each_way() -> None:
    """ "| 1 | Head | 2 | Offhand | 3 | Mainhand | 4 | Legs | ~ | Miss | Max | Critical |" """
    odds = hit_odds(ruleset().numbered_zones(HUMAN), 6)
    sixth = Fraction(1, 6)
    assert odds.as_dict() == {
        "Head": sixth,
        "Offhand": sixth,
        "Mainhand": sixth,
        "Legs": sixth,
        "miss": sixth,
        "critical": sixth,
    }
    assert sum(odds.as_dict().values()) == 1 and odds.hit == Fraction(5, 6)


def test_a_bigger_die_misses_more_often() -> None:
    """Range steps the hit die up: "1d6 > 1d8 > 1d10 > 1d12 > 1d20"; the faces above the
    zones and below the maximum miss."""
    assert hit_odds(ruleset().numbered_zones(HUMAN), 10).miss == Fraction(5, 10)
    assert hit_odds(ruleset().numbered_zones(HUMAN), 20).critical == Fraction(1, 20)


def test_creatures_with_more_zones_use_the_numbers_above_four() -> None:
    """ "a Lich with a magic amulet might have Hitzone 5 be the amulet. An octopus boss might
    have 9 hitzones" """
    lich = (*ruleset().numbered_zones(HUMAN), "Amulet")
    assert hit_odds(lich, 6).miss == 0 and dict(hit_odds(lich, 6).zones)["Amulet"] == Fraction(1, 6)
    octopus = npc("Octopus", "Sea", (zone("Head", 8), *(zone(f"Leg{x}", 4) for x in "ABCDEFGH")))
    odds = hit_odds(ruleset().numbered_zones(octopus), 6)
    assert [name for name, _ in odds.zones] == ["Head", "LegA", "LegB", "LegC", "LegD"]
    assert odds.critical == Fraction(1, 6) and odds.miss == 0


def test_the_draft_numbers_the_zones_its_own_way() -> None:
    """Draft: "Mainhand = 2, Legs = 3, Offhand = 4"."""
    odds = hit_odds(ruleset("wop-draft").numbered_zones(HUMAN), 6)
    assert [name for name, _ in odds.zones] == ["Head", "Mainhand", "Legs", "Offhand"]


def test_the_odds_of_an_attack_at_its_range() -> None:
    """Pink shooting Red around White and Black: "Pink's hit die on this attack roll would be
    1d10"."""
    combat = fight(
        (fighter("Pink", "Party", weapons=(CROSSBOW,)), "D3"),
        (fighter("Black", "Foes"), "D2"),
        (fighter("White", "Foes"), "D4"),
        (fighter("Red", "Foes"), "D7"),
    )
    odds = combat.odds("Pink", "Red")
    assert odds.sides == 10 and odds.miss == Fraction(1, 2)
    assert odds.lines()[0].startswith("Head") and "10.0%" in odds.lines()[0]
    assert combat.odds("Red", "Pink").sides == 6, "a sword in melee keeps its own die"
