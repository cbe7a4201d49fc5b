"""`GameSystem`: a game's combat rules as a plugin, found by name in a `SystemRegistry`.

The kernel (`fight.FightHistory`: commands → events, fold, undo/redo/replay, recorded dice)
is shared; a system brings its own commands, events, state and variants. Words of Power is
one system with two variants (its rulesets); Murdham is another. The ledger stores each
fight with its system and variant and rebuilds it through `fight_from_history`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from adjudicator.combat.dice_source import DiceSource
from adjudicator.combat.errors import CombatError
from adjudicator.combat.fight import Fact


class UnknownSystem(CombatError):
    """A game system name the registry does not hold."""


class UnknownVariant(CombatError):
    """A variant (ruleset) that the chosen system does not have."""


class WrongSystem(CombatError):
    """A command of one game system sent to a fight of another."""

    rule = "our ruling: a fight is played by the rules of the system it was started under"


class SystemFight(Protocol):
    """What the ledger and the CLI use of any system's fight."""

    @property
    def variant(self) -> str: ...

    @property
    def events(self) -> tuple[Any, ...]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def phase_name(self) -> str: ...

    @property
    def round_number(self) -> int: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def play(self, command: Any, dice: DiceSource | None = None) -> tuple[Any, ...]: ...

    def undo(self) -> tuple[Any, ...]: ...

    def redo(self) -> tuple[Any, ...]: ...

    def log(self) -> tuple[str, ...]: ...


class GameSystem:
    """A game's combat rules: its name, variants, fights and how its events are read back."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The source document of its combat chapter (seeds/README.md).
    source: ClassVar[str] = ""
    #: Its variants by name, the default first.
    variants: ClassVar[tuple[str, ...]] = ()

    def variant(self, name: str | None) -> str:
        """The variant called `name` (None: the default), or `UnknownVariant`."""
        if name is None:
            return self.variants[0]
        wanted = name.strip().casefold()
        for known in self.variants:
            if known.casefold() == wanted:
                return known
        raise UnknownVariant(
            f"{self.title} has no variant {name!r}",
            hint=f"variants of {self.name}: {', '.join(self.variants)}",
        )

    def new_fight(self, variant: str | None = None) -> SystemFight:
        raise NotImplementedError

    def fight_from_history(self, groups: Sequence[Sequence[Any]]) -> SystemFight:
        """A fight rebuilt from its stored event groups (facts: no rule is re-checked)."""
        raise NotImplementedError

    def event_from_dict(self, data: Mapping[str, Any]) -> Fact:
        raise NotImplementedError


@dataclass(frozen=True)
class SystemRegistry:
    """Game systems by name; `with_system` gives a new registry (no global registration)."""

    systems: tuple[GameSystem, ...]

    def names(self) -> tuple[str, ...]:
        return tuple(system.name for system in self.systems)

    def get(self, name: str) -> GameSystem:
        wanted = name.strip().casefold()
        for system in self.systems:
            if system.name.casefold() == wanted:
                return system
        raise UnknownSystem(
            f"there is no game system {name!r}", hint=f"systems: {', '.join(self.names())}"
        )

    def with_system(self, system: GameSystem) -> SystemRegistry:
        kept = tuple(s for s in self.systems if s.name != system.name)
        return SystemRegistry((*kept, system))
