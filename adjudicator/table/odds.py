"""The dice a spell request involves, for the Storyteller's analysis: exact odds from the
library, or nothing when no die will be rolled.

"Without modifiers, casters must land a 1d6 unarmed attack to impart spell effects." (Words
in Combat). So a caster fighting on the Battle Board rolls the touch attack: its odds against
each other unit on the board are the engine's (`Combat.odds`, as `combat odds` prints them).

Decisions where the issue is silent:
- Outside a fight a spell rolls no die: skill checks are for "a non-magical, non-combat
  action", and "Without a counterspell, spells just have their full effect without
  resistance." So no skill-check odds are shown for a spell request.
- The odds are those of the unmodified touch (1d6 unarmed) from where the units stand; a
  delivery the Storyteller rules later ([Blast]: at range) is chosen when casting.
- Enemies come first; allies follow (a spell may be meant for a friend).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from adjudicator.combat.units import UNARMED, Status

if TYPE_CHECKING:
    from adjudicator.ledger.database import Ledger

TOUCH_RULE = "Without modifiers, casters must land a 1d6 unarmed attack to impart spell effects."


def request_odds(book: Ledger, caster: str) -> dict[str, Any] | None:
    """The touch attack's exact hit odds if `caster` fights in the open combat, else None."""
    from adjudicator.ledger.fights.steps import (  # lazy: heavy import (sqlite-utils)
        load_combat,
        words_of_power_combats,
    )

    if not words_of_power_combats(book):
        return None
    stored = load_combat(book)
    if not stored.is_open:
        return None
    state = stored.state
    unit = next(
        (u for u in state.units
         if u.character is not None and u.character.name.casefold() == caster.casefold()),
        None,
    )  # fmt: skip
    if unit is None or unit.status is not Status.STANDING or unit.space is None:
        return None
    others = [o for o in state.standing() if o.name != unit.name and o.space is not None]
    others.sort(key=lambda o: o.team == unit.team)
    targets = []
    for other in others:
        odds = stored.combat.odds(unit.name, other.name, UNARMED.name)
        targets.append({
            "target": other.name,
            "enemy": other.team != unit.team,
            "hit_die": odds.sides,
            "hit": _fraction(odds.hit),
            "outcomes": {name: _fraction(p) for name, p in odds.as_dict().items()},
        })  # fmt: skip
    return {
        "combat": stored.info.id,
        "unit": unit.name,
        "roll": f"the 1d{UNARMED.hit_die} unarmed touch that imparts the spell",
        "rule": TOUCH_RULE,
        "targets": targets,
    }


def _fraction(p: Fraction) -> dict[str, Any]:
    return {"fraction": str(p), "probability": float(p)}
