"""Steps every system shares, sent to the system of the fight they name: undo and redo.

`combat undo` takes back the last step of the fight chosen (`--combat`, or the latest open
one), whatever its game system: Words of Power's undo with its campaign effects, the kernel's
for the others.
"""

from __future__ import annotations

from adjudicator.ledger.database import Ledger
from adjudicator.ledger.fights.combats import Outcome, redo, undo
from adjudicator.ledger.fights.steps import StoredFight, load_any
from adjudicator.ledger.fights.systems import FightOutcome, redo_fight, undo_fight


def undo_any(ledger: Ledger, combat_id: str | None = None) -> Outcome | FightOutcome:
    stored = load_any(ledger, combat_id)
    if isinstance(stored, StoredFight):
        return undo_fight(ledger, stored.info.system, stored.info.id)
    return undo(ledger, stored.info.id)


def redo_any(ledger: Ledger, combat_id: str | None = None) -> Outcome | FightOutcome:
    stored = load_any(ledger, combat_id)
    if isinstance(stored, StoredFight):
        return redo_fight(ledger, stored.info.system, stored.info.id)
    return redo(ledger, stored.info.id)
