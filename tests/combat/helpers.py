"""Builders for combat tests: quick fighters, a started fight, entered dice."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.combat import commands as c
from adjudicator.combat.board import Space
from adjudicator.combat.dice_source import EnteredDice
from adjudicator.combat.engine import Combat
from adjudicator.combat.events import Event
from adjudicator.combat.units import Stance, Unit, humanoid, npc
from adjudicator.rules.characters import Hitzone, MagicItem
from adjudicator.rules.tables import Weapon
from adjudicator.rules.words import Word

SWORD = Weapon("Sword", 6, 6)
AXE = Weapon("Axe", 6, 6)
DAGGER = Weapon("Dagger", 6, 4)
CROSSBOW = Weapon("Crossbow", 6, 4, ranged=True)
SHORT_BOW = Weapon("Short Bow", 6, 4, ranged=True, range_limit=8)


def fighter(
    name: str,
    team: str,
    *,
    weapons: Sequence[Weapon] = (SWORD,),
    armor: Sequence[int] = (0, 0, 0, 0),
    hp: Sequence[int] = (4, 6, 6, 6),
    held: Sequence[tuple[str, str | None]] | None = None,
    fate_weaver: bool = False,
    words: Iterable[str] = (),
    hand: Iterable[str] = (),
    zones: Sequence[Hitzone] | None = None,
    magic_items: Sequence[MagicItem] = (),
    stances: Sequence[Stance] = (),
) -> Unit:
    return npc(
        name,
        team,
        tuple(zones) if zones is not None else humanoid(hp, armor),
        tuple(weapons),
        held=held,
        fate_weaver=fate_weaver,
        words=tuple(Word(w) for w in words),
        hand=tuple(Word(w) for w in hand),
        magic_items=magic_items,
        stances=stances,
    )


def dice(*values: int) -> EnteredDice:
    return EnteredDice(values)


def space(name: str) -> Space:
    return Space.parse(name)


def setup(*placed: tuple[Unit, str], ruleset: str = "rulebook") -> Combat:
    """A combat with the units added and placed, not begun."""
    combat = Combat(ruleset)
    for unit, where in placed:
        combat.play(c.AddUnit(unit))
        combat.play(c.Place(unit.name, space(where)))
    return combat


def fight(
    *placed: tuple[Unit, str],
    ruleset: str = "rulebook",
    first: str | None = None,
) -> Combat:
    """A begun combat in which the first unit's team goes first (no initiative dice where the
    ruleset allows a clear aggressor; else the first team rolls 6, the others 1 and up)."""
    combat = setup(*placed, ruleset=ruleset)
    team = placed[0][0].team
    if combat.rules.aggressor_skips_initiative:
        combat.play(c.Begin(aggressor=team, first=first))
    else:
        teams = list(dict.fromkeys(unit.team for unit, _ in placed))
        combat.play(
            c.Begin(first=first), dice(*[6 if t == team else i + 1 for i, t in enumerate(teams)])
        )
    return combat


def kinds(events: Iterable[Event]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: Iterable[Event], kind: type[Event]) -> list[Event]:
    return [event for event in events if isinstance(event, kind)]


def end_turns(combat: Combat, until: str) -> None:
    """End turns until it is `until`'s turn (no dice: nothing pending may need a roll)."""
    for _ in range(50):
        turn = combat.state.turn
        if turn is not None and turn.unit == until:
            return
        combat.play(c.EndTurn())
    raise AssertionError(f"{until}'s turn never came")
