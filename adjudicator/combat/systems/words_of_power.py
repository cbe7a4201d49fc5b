"""Words of Power as a `GameSystem`: the engine's `Combat`, its rulesets as the variants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from adjudicator.combat.engine import Combat
from adjudicator.combat.events import Event
from adjudicator.combat.history import event_from_dict
from adjudicator.combat.rulesets import DEFAULT_REGISTRY
from adjudicator.combat.systems.base import GameSystem

NAME = "words-of-power"


class WordsOfPower(GameSystem):
    """The rulebook's chapter 3 (`seeds/001`), with the alternate draft (`seeds/000`)."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Words of Power"
    source: ClassVar[str] = "seeds/001_aa0c654548bc39bc.txt"
    variants: ClassVar[tuple[str, ...]] = DEFAULT_REGISTRY.names()

    def variant(self, name: str | None) -> str:
        """A ruleset's name; an unknown one is the rulesets' own `UnknownRuleset`."""
        return DEFAULT_REGISTRY.get(name or self.variants[0]).name

    def new_fight(self, variant: str | None = None) -> Combat:
        return Combat(self.variant(variant))

    def fight_from_history(self, groups: Sequence[Sequence[Event]]) -> Combat:
        return Combat.from_history(groups)

    def event_from_dict(self, data: Mapping[str, Any]) -> Event:
        return event_from_dict(data)
