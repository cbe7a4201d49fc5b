"""A ledger ruling as a spell in a fight: the engine's `SpellRuling` and where it was cast.

The ruling's free-text implementation gives the spell's damage dice and duration in rounds;
each ruling is one casting, so `where_cast` finds a cast of it that still stands.
"""

from __future__ import annotations

import re

from adjudicator.combat.errors import CombatError
from adjudicator.combat.stack import Delivery, SpellRuling
from adjudicator.ledger.database import Ledger, guarded
from adjudicator.ledger.fights.steps import load_combat
from adjudicator.ledger.rulings import Ruling
from adjudicator.rules.dice import Dice, DiceError


class RulingNotCastable(CombatError):
    """A ruling that is no spell to cast now: vetoed, overruled, not the caster's, cast."""

    rule = (
        "If an intent cannot be fulfilled by the Words provided (as judged by the Storyteller), "
        "the spell will not be cast."
    )


def spell_ruling(ruling: Ruling, delivery: Delivery = Delivery.TOUCH) -> SpellRuling:
    """The engine's `SpellRuling` for a ledger ruling: its implementation as the effect.

    Free-text damage becomes the dice (or number) it names, "2 rounds" a two-round duration;
    the delivery is the Storyteller's call (touch unless a modifier says otherwise).
    """
    parts = ruling.implementation
    requirements = tuple(
        r.strip() for r in re.split(r"[;,]", parts.requirements or "") if r.strip()
    )
    return SpellRuling(
        text=parts.note or ruling.intent,
        ruling_id=ruling.id,
        area=parts.area,
        duration=parts.duration,
        damage=_damage(parts.damage),
        requirements=requirements,
        delivery=delivery,
        rounds=_rounds(parts.duration),
    )


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _rounds(duration: str | None) -> int:
    found = re.search(r"\b(\d+|one|two|three|four|five|six)\s+(rounds?|turns?)\b", duration or "")
    if found is None:
        return 1
    text = found.group(1).lower()
    return max(1, int(text) if text.isdigit() else _NUMBERS[text])


def _damage(text: str | None) -> str | None:
    """The dice ("1d6", "d4" as "1d4") or number a free-text damage names, if any."""
    found = re.search(r"\b(\d*)d(\d+)\b|\b(\d+)\b", text or "")
    if found is None:
        return None
    expression = found.group(3) or f"{found.group(1) or 1}d{found.group(2)}"
    if "d" in expression:
        try:
            Dice.parse(expression)
        except DiceError:
            return None
    return expression


def where_cast(ledger: Ledger, ruling_id: str) -> str | None:
    """Where a cast of the ruling stands (a combat and step), if one does."""
    with guarded(ledger.path):
        rows = ledger.db.execute(
            "SELECT combat, step FROM combat_steps WHERE json_extract(command, '$.type') = 'Cast' "
            "AND json_extract(command, '$.ruling.ruling_id') = ?",
            (ruling_id,),
        ).fetchall()
    for combat_id in dict.fromkeys(row[0] for row in rows):
        stored = load_combat(ledger, combat_id)
        standing = {a.step.number for a in stored.applied}
        for cid, number in rows:
            if cid == combat_id and number in standing:
                return f"{combat_id} step {number}"
    return None
