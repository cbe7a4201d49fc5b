"""Game systems on the shared kernel, found by name in `DEFAULT_SYSTEMS`.

Words of Power (variants "rulebook" and "wop-draft"), Murdham (variants "murdham" and
"fast-slow"), Spellwoven ("spellwoven") and Shadow of the Weird Wizard
("weird-wizard"). A new system is a `GameSystem`
added with `DEFAULT_SYSTEMS.with_system(...)`.
"""

from __future__ import annotations

from adjudicator.combat.systems.base import (
    GameSystem,
    SystemFight,
    SystemRegistry,
    UnknownSystem,
    WrongSystem,
)
from adjudicator.combat.systems.murdham.engine import MurdhamSystem
from adjudicator.combat.systems.spellwoven.engine import SpellwovenSystem
from adjudicator.combat.systems.weird_wizard.engine import WeirdWizardSystem
from adjudicator.combat.systems.words_of_power import WordsOfPower

DEFAULT_SYSTEMS = SystemRegistry(
    (WordsOfPower(), MurdhamSystem(), SpellwovenSystem(), WeirdWizardSystem())
)


def system(name: str, registry: SystemRegistry = DEFAULT_SYSTEMS) -> GameSystem:
    """The game system called `name`: "words-of-power" or "murdham"."""
    return registry.get(name)


__all__ = [
    "DEFAULT_SYSTEMS",
    "GameSystem",
    "SystemFight",
    "SystemRegistry",
    "UnknownSystem",
    "WrongSystem",
    "system",
]
