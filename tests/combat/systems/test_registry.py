"""The kernel's plugin registry: game systems found by name, each with its variants; Words of
Power is one system whose variants are its rulesets (issue 15)."""

from __future__ import annotations

import pytest

from adjudicator.combat.engine import Combat
from adjudicator.combat.fight import FightHistory
from adjudicator.combat.rulesets import UnknownRuleset
from adjudicator.combat.systems import DEFAULT_SYSTEMS, UnknownSystem, system
from adjudicator.combat.systems.base import UnknownVariant
from adjudicator.combat.systems.murdham.engine import MurdhamFight, MurdhamSystem
from adjudicator.combat.systems.words_of_power import WordsOfPower
from adjudicator.errors import AdjudicatorError


def test_systems_are_found_by_name_with_their_variants() -> None:
    """seeds/README.md: Words of Power (rulebook and its draft "wop-draft") and Murdham."""
    assert DEFAULT_SYSTEMS.names() == ("words-of-power", "murdham", "spellwoven", "weird-wizard")
    assert system(" Murdham ").variants == ("murdham", "fast-slow")
    assert system("words-of-power").variants == ("rulebook", "wop-draft")


def test_an_unknown_system_or_variant_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownSystem) as raised:
        system("chess")
    assert raised.value.hint is not None and "murdham" in raised.value.hint
    assert isinstance(raised.value, AdjudicatorError)
    with pytest.raises(UnknownVariant) as wrong:
        MurdhamSystem().variant("wop-draft")
    assert wrong.value.hint is not None and "fast-slow" in wrong.value.hint
    with pytest.raises(UnknownRuleset):
        WordsOfPower().variant("fast-slow")


def test_words_of_power_fights_are_the_engine_s_combat_under_a_ruleset() -> None:
    """No change in behaviour: the system's fight is `Combat` itself, on the shared kernel."""
    fight = system("words-of-power").new_fight("wop-draft")
    assert isinstance(fight, Combat)
    assert issubclass(Combat, FightHistory)
    assert fight.variant == "wop-draft" and fight.state.ruleset == "wop-draft"
    again = system("words-of-power").fight_from_history(fight.history)
    assert again.log() == fight.log()


def test_each_system_s_fight_rebuilds_from_its_stored_events() -> None:
    for game in DEFAULT_SYSTEMS.systems:
        for variant in game.variants:
            fight = game.new_fight(variant)
            data = [[event.to_dict() for event in group] for group in [fight.events]]
            groups = [[game.event_from_dict(e) for e in group] for group in data]
            rebuilt = game.fight_from_history(groups)
            assert rebuilt.variant == variant and rebuilt.log() == fight.log()
    assert isinstance(MurdhamSystem().new_fight(), MurdhamFight)


def test_a_new_system_plugs_in_as_a_value() -> None:
    class Other(MurdhamSystem):
        name = "other"

    registry = DEFAULT_SYSTEMS.with_system(Other())
    assert registry.names()[-1] == "other" and len(registry.names()) == 5
    assert "other" not in DEFAULT_SYSTEMS.names(), "registries are values"
