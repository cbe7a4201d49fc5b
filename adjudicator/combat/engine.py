"""`Combat`: a fight as a history of commands, each a group of events, with undo and redo.

Like python-chess's `Board.push`/`pop`: `play(command)` checks the command against the
current state and appends its events; `undo()` takes the last command's events back and
`redo()` plays the same events again (the same dice, no new rolls). The state is the fold of
the events (`history.replay`), kept per command so undo is instant; `state_at(n)` replays any
prefix. The history serialises to JSON (`to_dict`) and comes back with `from_dict`, which is
how the ledger stores a fight.

    combat = Combat()                       # the rulebook; Combat("wop-draft") for the draft
    combat.play(AddUnit(npc(...)))
    combat.play(Begin(), SeededDice(random.Random(7)))
    combat.legal_commands()                 # what the acting unit may do
    combat.log()                            # one line per event
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

# The handler modules are imported for their functions: `@handles` registers each one.
from adjudicator.combat import (  # noqa: F401
    actions,
    attacks,
    counterspell,
    initiative,
    setup,
    special,
    storyteller,
)
from adjudicator.combat import commands as c
from adjudicator.combat.dice_source import DiceSource, NoDice
from adjudicator.combat.dispatch import Handler, complete_table
from adjudicator.combat.errors import CombatError
from adjudicator.combat.events import CombatCreated, Event
from adjudicator.combat.fight import FightHistory
from adjudicator.combat.history import event_from_dict, replay
from adjudicator.combat.hit_odds import HitOdds, attack_odds
from adjudicator.combat.legal import legal_commands
from adjudicator.combat.record import RecordError
from adjudicator.combat.rulesets import DEFAULT_REGISTRY, Ruleset, RulesetRegistry
from adjudicator.combat.state import CombatState, Phase
from adjudicator.combat.transaction import Transaction

#: Which function resolves each kind of command: registered by `@handles` beside each
#: function, checked here, at import, to leave no command without one.
HANDLERS: Final[Mapping[type[c.Command], Handler]] = complete_table(c.COMMAND_TYPES.values())


def resolve(
    state: CombatState, rules: Ruleset, command: c.Command, dice: DiceSource | None = None
) -> tuple[Event, ...]:
    """The events `command` produces from `state`, or the `CombatError` that refuses it.

    Pure apart from the dice: nothing is changed; `Combat.play` commits the result.
    """
    return _run(state, rules, command, dice).events_tuple()


def _run(
    state: CombatState, rules: Ruleset, command: c.Command, dice: DiceSource | None
) -> Transaction:
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise CombatError(f"{type(command).__name__} is not a combat command")
    source = NoDice() if dice is None else dice
    tx = Transaction(state, rules, source)
    handler(tx, command)
    source.finish()
    return tx


class Combat(FightHistory[CombatState, Event]):
    """One fight: its ruleset, its history of commands (each a group of events), redo stack."""

    def __init__(self, ruleset: str = "rulebook", registry: RulesetRegistry = DEFAULT_REGISTRY):
        self.rules = registry.get(ruleset)
        super().__init__((CombatCreated(self.rules.name),))

    def fold(self, events: Iterable[Event], start: CombatState | None) -> CombatState:
        return replay(events, start)

    @property
    def variant(self) -> str:
        """The ruleset: Words of Power's variant (`systems.words_of_power`)."""
        return self.rules.name

    @property
    def is_over(self) -> bool:
        return self.state.phase is Phase.ENDED

    @property
    def phase_name(self) -> str:
        return self.state.phase.value

    @property
    def round_number(self) -> int:
        return self.state.round

    # --- commands ---------------------------------------------------------------------------

    def play(self, command: c.Command, dice: DiceSource | None = None) -> tuple[Event, ...]:
        """Check and apply a command; its events, or a `CombatError` and no change."""
        tx = _run(self.state, self.rules, command, dice)
        events = tx.events_tuple()
        self._append(events, tx.state)
        return events

    def preview(self, command: c.Command, dice: DiceSource | None = None) -> CombatState:
        """The state the command would lead to, without playing it."""
        return replay(resolve(self.state, self.rules, command, dice), self.state)

    def legal_commands(self) -> tuple[c.Command, ...]:
        return legal_commands(self.state, self.rules)

    def odds(self, attacker: str, target: str, weapon: str | None = None) -> HitOdds:
        """Exact hit-zone odds of an attack from where the two stand now."""
        return attack_odds(self.state, self.rules, attacker, target, weapon)

    # --- storage ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.rules.name,
            "history": [[event.to_dict() for event in group] for group in self._groups],
        }

    @classmethod
    def from_history(
        cls,
        groups: Sequence[Sequence[Event]],
        registry: RulesetRegistry = DEFAULT_REGISTRY,
    ) -> Combat:
        """A combat rebuilt from its stored events (they are facts: no rule is re-checked)."""
        if not groups or not groups[0] or not isinstance(groups[0][0], CombatCreated):
            raise RecordError("a combat's history starts with its combat_created event")
        first = groups[0][0]
        combat = cls(first.ruleset, registry)
        for group in groups[1:]:
            combat._commit(tuple(group))
        return combat

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], registry: RulesetRegistry = DEFAULT_REGISTRY
    ) -> Combat:
        history = data.get("history")
        if not isinstance(history, list):
            raise RecordError("a stored combat has a 'history' list")
        groups = [[event_from_dict(event) for event in group] for group in history]
        return cls.from_history(groups, registry)
