"""Lasting effects at the end of a turn and of a round (`seeds/004`, "Turns", "End of the
Round"): which are due, the order they resolve in, and what resolving one does.

"If multiple effects begin or end at the end of your turn, you resolve any harmful effects
first, in the order you choose, and then other effects, again in the order you choose."
At the end of the round: "First, the Sage handles all combatants not controlled by the
players. Each combatant resolves all harmful effects first, in any order, and then any
remaining effects, again in any order. Then, the players do the same for their characters".

The order chosen is a list of effect numbers (`end-turn --order`); the effects it names go
first within their place, the others follow by number. A combatant's effects at the end of
the round are the effects on it; the combatants of a side go in the order their effects are
first named, then in the order they joined.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from adjudicator.combat.systems.weird_wizard import errors as err
from adjudicator.combat.systems.weird_wizard.effect_events import (
    EffectEnded,
    EffectOccurred,
    TaskEnded,
)
from adjudicator.combat.systems.weird_wizard.state import (
    Each,
    Effect,
    Ends,
    Side,
    Turn,
    WeirdState,
)
from adjudicator.combat.systems.weird_wizard.transaction import Tx

Key = tuple[int, ...]


class Order:
    """The effect numbers a player or the Sage names for the order of resolution, and which
    of them were used (a number due at neither end is refused)."""

    def __init__(self, numbers: tuple[int, ...]) -> None:
        if len(set(numbers)) != len(numbers):
            raise err.EffectOrder(f"an effect is named twice in the order {list(numbers)}")
        self.numbers = numbers
        self.used: set[int] = set()

    def sort(self, due: list[Effect], group: Callable[[Effect], Key], rule: str) -> list[Effect]:
        """`due` in the order to resolve: by `group` (the rules' order), then as named, then
        by number; refused if the order named puts a later group first."""
        place = {n: i for i, n in enumerate(self.numbers)}
        named = [e for e in sorted(due, key=lambda e: place.get(e.number, -1)) if e.number in place]
        for earlier, later in itertools.pairwise(named):
            if group(earlier) > group(later):
                raise err.EffectOrder(
                    f"#{earlier.number} ({earlier.unit} {earlier.name}) cannot resolve before "
                    f"#{later.number} ({later.unit} {later.name})",
                    rule=rule,
                )
        self.used |= {e.number for e in named}
        last = len(self.numbers)
        return sorted(due, key=lambda e: (group(e), place.get(e.number, last), e.number))

    def check_all_used(self) -> None:
        unused = [n for n in self.numbers if n not in self.used]
        if unused:
            raise err.EffectOrder(
                f"effect {', '.join(f'#{n}' for n in unused)} does not begin, occur or end now"
            )


def ends_at_turn_end(e: Effect, turn: Turn) -> bool:
    return e.ends is Ends.TURN and e.after < turn.number and e.whose in ("", turn.unit)


def due_at_turn_end(state: WeirdState, turn: Turn) -> list[Effect]:
    return [
        e
        for e in state.effects
        if ends_at_turn_end(e, turn) or (e.each is Each.TURN and e.unit == turn.unit)
    ]


def turn_end(tx: Tx, turn: Turn, order: Order) -> None:
    """Resolve the effects that end or occur at the end of `turn`: harmful first."""
    due = due_at_turn_end(tx.state, turn)
    for e in order.sort(due, lambda e: (0 if e.harmful else 1,), err.TURN_ORDER):
        resolve(
            tx,
            e,
            occurs=e.each is Each.TURN and e.unit == turn.unit,
            ends=ends_at_turn_end(e, turn),
            why=f"the end of {turn.unit}'s turn",
        )


def round_end(tx: Tx, order: Order) -> None:
    """Resolve the effects that end or occur at the end of the round: the Sage's side's
    creatures first, each one's harmful effects first."""
    state = tx.state
    number = state.round
    due = [
        e
        for e in state.effects
        if (e.ends is Ends.ROUND and e.after <= number) or e.each is Each.ROUND
    ]
    for e in order.sort(due, round_group(state, order.numbers), err.ROUND_ORDER):
        resolve(
            tx,
            e,
            occurs=e.each is Each.ROUND,
            ends=e.ends is Ends.ROUND and e.after <= number,
            why=f"the end of round {number}",
        )


def round_group(state: WeirdState, numbers: tuple[int, ...]) -> Callable[[Effect], Key]:
    """The place of an effect at the end of the round: its creature's side (the Sage's
    first), its creature (as first named, else as joined), harmful before the rest."""
    joined = [u.name for u in state.combatants]
    first: list[str] = []
    for n in numbers:
        unit = next((e.unit for e in state.effects if e.number == n), None)
        if unit is not None and unit not in first:
            first.append(unit)

    def group(e: Effect) -> Key:
        side = 0 if state.unit(e.unit).side is Side.SAGE else 1
        rank = first.index(e.unit) if e.unit in first else len(first) + joined.index(e.unit)
        return (side, rank, 0 if e.harmful else 1)

    return group


def resolve(tx: Tx, e: Effect, *, occurs: bool, ends: bool, why: str) -> None:
    """What an effect does as it occurs (its damage or healing), then its end."""
    if occurs and (e.damage or e.heal):
        dice = e.damage or e.heal
        rolls = tx.roll_many(dice, 6, "healing" if e.heal else "damage", e.name)
        tx.emit(EffectOccurred(e.number, e.unit, e.name, rolls, healing=bool(e.heal)))
    if ends:
        tx.emit(EffectEnded(e.number, e.unit, e.name, why))


def unworked_task(tx: Tx, turn: Turn) -> None:
    """Ours: a turn that ends with no action spent on the task under way stops it."""
    task = tx.state.task_of(turn.unit)
    if task is not None and task.last != turn.number:
        tx.emit(TaskEnded(turn.unit, task.name, False, "its turn ends without working on it"))
