"""`SpellwovenFight`: a Spellwoven fight on the shared kernel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from adjudicator.combat.systems.base import RuledFight, RuledSystem

# The handler modules are imported for their functions: `@handles` registers each one (and
# the events they emit register their kinds).
from adjudicator.combat.systems.spellwoven import actions, optional, rounds  # noqa: F401
from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import options as o
from adjudicator.combat.systems.spellwoven.events import SpellwovenEvent, WovenFightCreated
from adjudicator.combat.systems.spellwoven.state import Phase, SpellwovenState
from adjudicator.combat.systems.spellwoven.transaction import Tx

NAME = "spellwoven"


class SpellwovenFight(RuledFight[SpellwovenState, SpellwovenEvent]):
    """One Spellwoven fight: its history of commands, undo and redo."""

    blank = SpellwovenState
    event = SpellwovenEvent
    created = WovenFightCreated
    ended = Phase.ENDED
    commands = c.WovenCommand
    handlers = c.HANDLERS
    transaction = Tx

    def settle(self, tx: Tx) -> None:
        rounds.after_action(tx)


class SpellwovenSystem(RuledSystem):
    """Spellwoven's combat chapter, `seeds/003_d1913d31e52d05b9.txt`."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Spellwoven"
    source: ClassVar[str] = "seeds/003_d1913d31e52d05b9.txt"
    fight_class: ClassVar[type[RuledFight[Any, Any]]] = SpellwovenFight
    variants: ClassVar[tuple[str, ...]] = (NAME,)

    def variant(self, name: str | None) -> str:
        """The variant, with the optional rules its name carries ("spellwoven+encumbrance")."""
        if name is None:
            return super().variant(None)
        base, options = o.split(name)
        return o.joined(super().variant(base), options)

    def with_options(self, variant: str, options: Sequence[str]) -> str:
        """ "It is the Gamesmaster's decision which rules are to be included or excluded."
        The optional rules chosen, by key, kept in the variant's name."""
        base, chosen = o.split(self.variant(variant))
        return o.joined(base, (*chosen, *options))
