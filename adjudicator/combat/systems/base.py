"""`GameSystem`: a game's combat rules as a plugin, found by name in a `SystemRegistry`.

The kernel (`fight.FightHistory`: commands → events, fold, undo/redo/replay, recorded dice)
is shared; a system brings its own commands, events, state and variants. Words of Power is
one system with two variants (its rulesets); Murdham is another. The ledger stores each
fight with its system and variant and rebuilds it through `fight_from_history`.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self, TypeVar

from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.errors import CombatError
from adjudicator.combat.fight import Fact, FightEvent, FightHistory, Transaction, fold
from adjudicator.combat.record import Record, RecordError
from adjudicator.combat.registry import complete_table


class UnknownSystem(CombatError):
    """A game system name the registry does not hold."""


class UnknownVariant(CombatError):
    """A variant (ruleset) that the chosen system does not have."""


class UnknownOption(CombatError):
    """An optional rule that the chosen system does not offer."""


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


class PhasedState(Protocol):
    """What `RuledFight` reads of a system's state: its phase and its round."""

    @property
    def phase(self) -> enum.Enum: ...

    @property
    def round(self) -> int: ...


PS = TypeVar("PS", bound=PhasedState)
FE = TypeVar("FE", bound=FightEvent[Any])


class RuledFight(FightHistory[PS, FE]):
    """A system's fight on the kernel: what every `GameSystem` with a `fight_class` shares.

    A subclass names its state class (`blank`, the state before any event), the base of its
    events (`event`) and its opening event (`created`, built from the variant and carrying
    it), the phase that ends it (`ended`), the base of its commands (`commands`) with their
    `handlers` and the `transaction` they resolve in, and what follows every command
    (`settle`). Its system is set by the `GameSystem` that names it as `fight_class`.
    """

    #: The system whose variants it accepts (set by `RuledSystem.__init_subclass__`).
    system: ClassVar[type[GameSystem]]
    #: The state of a fight with no event yet.
    blank: ClassVar[type[Any]]
    #: The base class of its events (`FightEvent.read` finds a stored one).
    event: ClassVar[type[FightEvent[Any]]]
    #: The event class that opens its history: built from the variant, it carries `variant`.
    created: ClassVar[type[Any]]
    #: The phase of a finished fight.
    ended: ClassVar[enum.Enum]
    #: The base class of its commands; every subclass has a handler (checked at import).
    commands: ClassVar[type[Record]]
    #: The function that resolves each command class (`Handlers`, filled by `@handles`).
    handlers: ClassVar[Mapping[type[Any], Callable[[Any, Any], None]]]
    #: The transaction its handlers take: built from the state and the dice.
    transaction: ClassVar[type[Transaction[Any, Any]]]

    def __init__(self, variant: str | None = None) -> None:
        self._variant = self.system().variant(variant)
        super().__init__((self.created(self._variant),))

    def fold(self, events: Iterable[FE], start: PS | None) -> PS:
        state: PS = fold(events, self.blank() if start is None else start)
        return state

    @abstractmethod
    def settle(self, tx: Any) -> None:
        """What follows every command of this system (the fight ends when one side is left)."""

    def resolve(self, command: Any, dice: DiceSource | None) -> tuple[tuple[FE, ...], PS]:
        """The events `command` produces from the current state and the state they lead to,
        or the system's error that refuses it (nothing changes)."""
        handler = self.handlers.get(type(command))
        if handler is None:
            raise WrongSystem(f"{type(command).__name__} is not a {self.system.title} command")
        source = NoDice() if dice is None else dice
        tx = self.transaction(self.state, source)
        handler(tx, command)
        self.settle(tx)
        source.finish()
        return tuple(tx.events), tx.state

    @property
    def variant(self) -> str:
        return self._variant

    @property
    def is_over(self) -> bool:
        return self.state.phase is self.ended

    @property
    def phase_name(self) -> str:
        return str(self.state.phase.value)

    @property
    def round_number(self) -> int:
        return self.state.round

    def play(self, command: Any, dice: DiceSource | None = None) -> tuple[FE, ...]:
        """Check and apply a command; its events, or the system's error and no change."""
        events, state = self.resolve(command, dice)
        self._append(events, state)
        return events

    @classmethod
    def from_history(cls, groups: Sequence[Sequence[FE]]) -> Self:
        if not groups or not groups[0] or not isinstance(groups[0][0], cls.created):
            raise RecordError(
                f"a {cls.system.title} fight's history starts with its {cls.created.kind} event"
            )
        fight = cls(groups[0][0].variant)
        for group in groups[1:]:
            fight._commit(tuple(group))
        return fight


class GameSystem(ABC):
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

    def with_options(self, variant: str, options: Sequence[str]) -> str:
        """The variant with the optional rules the Gamesmaster chose when the fight starts,
        recorded in its name (so its opening event replays them); none here."""
        if options:
            raise UnknownOption(
                f"{self.title} has no optional rules here, not {', '.join(options)}",
                hint="start the fight without --option",
            )
        return variant

    @abstractmethod
    def new_fight(self, variant: str | None = None) -> SystemFight:
        """A new fight in `variant` (None: the default)."""

    @abstractmethod
    def fight_from_history(self, groups: Sequence[Sequence[Any]]) -> SystemFight:
        """A fight rebuilt from its stored event groups (facts: no rule is re-checked)."""

    @abstractmethod
    def event_from_dict(self, data: Mapping[str, Any]) -> Fact:
        """One stored event read back."""


class RuledSystem(GameSystem):
    """A system whose fight is a `RuledFight` (`fight_class`): its fights need no code of
    the system's own, and the fight class learns its system here."""

    fight_class: ClassVar[type[RuledFight[Any, Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fight_class = cls.__dict__.get("fight_class")
        if fight_class is not None:
            fight_class.system = cls
            commands = fight_class.commands.__subclasses__()
            complete_table(commands, fight_class.handlers, f"the {cls.title} command")

    def new_fight(self, variant: str | None = None) -> SystemFight:
        return self.fight_class(self.variant(variant))

    def fight_from_history(self, groups: Sequence[Sequence[Any]]) -> SystemFight:
        return self.fight_class.from_history(groups)

    def event_from_dict(self, data: Mapping[str, Any]) -> Fact:
        return self.fight_class.event.read(data)


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
