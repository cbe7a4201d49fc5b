"""Random legal fights: a stock skirmish played to the end by a seeded random policy.

Used by the property tests (every state along the way must keep the invariants) and by the
benchmark (1,000 fights). Players pick among `legal_commands()`, preferring attacks; Fate
Weavers sometimes cast a two-Word spell with a touch and counter each other's; the
Storyteller declares Maimed NPCs dead, lets downed characters resist death while they have a
Tag to give, sends a reinforcement, and ends the fight when one side is left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from adjudicator.combat import commands as c
from adjudicator.combat.board import Hazard, Space
from adjudicator.combat.dice_source import SeededDice
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import CombatError
from adjudicator.combat.stack import Replacement, SpellRuling
from adjudicator.combat.state import Phase
from adjudicator.combat.units import Stance, Status, Unit, from_character, humanoid, npc
from adjudicator.rules.characters import (
    HUMANOID_HITZONES,
    Character,
    Inventory,
    Tag,
    TagSource,
)
from adjudicator.rules.tables import ArmorProfile, Faction, Weapon
from adjudicator.rules.words import Word

#: Rounds after which a fight that has not ended is called off.
MAX_ROUNDS = 40

_WEIGHTS: dict[type[c.Command], float] = {
    c.Attack: 8.0,
    c.Grab: 1.0,
    c.Move: 2.0,
    c.Defend: 1.0,
    c.Draw: 2.0,
    c.Stow: 0.2,
    c.Drop: 0.1,
    c.BreakFree: 3.0,
    c.Release: 0.5,
    c.Flee: 0.1,
    c.EndTurn: 0.5,
}

SWORD = Weapon("Sword", 6, 6)
BOW = Weapon("Bow", 6, 4, ranged=True, range_limit=12)
AXE = Weapon("Axe", 6, 6)
DAGGER = Weapon("Dagger", 6, 4)


def _hero(name: str, words: tuple[str, ...], weapons: tuple[Weapon, ...], level: int) -> Character:
    leather = ArmorProfile("Leather", 3)
    scars = ("Scarred", "Grim", "Weathered")
    gained = tuple(Tag(scars[i], TagSource.LEVEL_UP) for i in range(level - 1))
    return Character(
        name=name,
        faction=Faction("Human", ("Resourceful", "Greedy")),
        creation_tags=tuple(Tag(t, TagSource.CREATION) for t in ("Brave", "Loyal", "Curious")),
        words=tuple(Word(w) for w in words),
        hitzones=tuple(z.with_armor(leather) for z in HUMANOID_HITZONES),
        weapons=weapons,
        inventory=Inventory(pouch=tuple(w.name for w in weapons)),
        level=level,
        gained_tags=gained,
    )


def stock_units() -> tuple[Unit, ...]:
    """Two heroes and an archer against three orcs, a shaman, and an orc waiting to join."""
    stance = Stance("Guard", (Word("Block"),), 1)
    return (
        from_character(
            _hero("Astra", ("Strike", "Fire", "Bind"), (SWORD, DAGGER), 3),
            "Party",
            hand=(Word("Ball"), Word("Person"), Word("Fly")),
            held=(("Mainhand", "Sword"), ("Offhand", "Dagger")),
            stances=(stance,),
        ),
        from_character(
            _hero("Brom", ("Power", "Stone", "Heart"), (AXE,), 2),
            "Party",
            hand=(Word("Wall"), Word("Sleep")),
            stances=(stance,),
        ),
        from_character(_hero("Cyra", ("Precision", "Wind", "See"), (BOW, DAGGER), 1), "Party"),
        npc("Orc 1", "Orcs", humanoid(armor=(1, 2, 2, 1)), (AXE,)),
        npc("Orc 2", "Orcs", humanoid(armor=(1, 2, 2, 1)), (AXE,)),
        npc("Orc Archer", "Orcs", humanoid(), (BOW, DAGGER)),
        npc(
            "Shaman",
            "Orcs",
            humanoid(),
            (DAGGER,),
            fate_weaver=True,
            words=(Word("Curse"),),
            hand=(Word("Flesh"), Word("Fear"), Word("Slow")),
            held=(("Mainhand", None), ("Offhand", "Dagger")),
        ),
        npc("Orc 3", "Orcs", humanoid(armor=(1, 2, 2, 1)), (AXE,)),
    )


_PLACES = {
    "Astra": "C1",
    "Brom": "C2",
    "Cyra": "B1",
    "Orc 1": "D5",
    "Orc 2": "C3",
    "Orc Archer": "D7",
    "Shaman": "D4",
}


def setup_skirmish(ruleset: str = "rulebook", rng: random.Random | None = None) -> Combat:
    """A fresh combat with the stock units placed and a slowing hazard, not yet begun."""
    combat = Combat(ruleset)
    for unit in stock_units():
        combat.play(c.AddUnit(unit))
    for name, space in _PLACES.items():
        combat.play(c.Place(name, Space.parse(space)))
    combat.play(c.PlaceHazard(Space.parse("D1"), Hazard.slow()))
    combat.play(c.PlaceHazard(Space.parse("D6"), Hazard.damage(1)))
    if rng is not None and rng.random() < 0.3:
        combat.play(c.SetAwareness("Orc 1", "Astra", False))
    return combat


@dataclass(frozen=True)
class FightResult:
    """The fight played, how many commands it took, and the kinds of the ones refused (the
    policy's spells and counters may be refused; listed legal commands never are)."""

    combat: Combat
    commands: int
    refused: tuple[str, ...]


def play_random_fight(
    seed: int, ruleset: str = "rulebook", max_rounds: int = MAX_ROUNDS
) -> FightResult:
    """Set up the stock skirmish and play it to the end with a policy seeded by `seed`."""
    rng = random.Random(seed)
    dice = SeededDice(random.Random(rng.getrandbits(64)))
    combat = setup_skirmish(ruleset, rng)
    combat.play(c.Begin(), dice)
    played = 0
    refused: list[str] = []
    while combat.state.phase is not Phase.ENDED:
        state = combat.state
        if len(state.teams_standing()) < 2 or state.round > max_rounds:
            combat.play(
                c.EndCombat("one side is left" if state.round <= max_rounds else "called off")
            )
            break
        command = _storyteller(combat, rng) or _player(combat, rng)
        try:
            combat.play(command, dice)
            played += 1
        except CombatError:
            refused.append(type(command).__name__)
            combat.play(c.EndTurn(), dice) if combat.state.stack is None else combat.play(
                c.Resolve(dispelled=True), dice
            )
    return FightResult(combat, played, tuple(refused))


def _storyteller(combat: Combat, rng: random.Random) -> c.Command | None:
    state = combat.state
    for unit in state.units:
        if unit.space is None or unit.status not in (Status.STANDING, Status.DOWN):
            continue
        maimed = unit.is_down or any(zone.maimed for zone in unit.hitzones)
        if unit.character is None and maimed:
            return c.DeclareDead(unit.name)
        if unit.status is Status.DOWN and unit.character is not None:
            tags = [t for t in unit.character.gained_tags if t.sacrificeable]
            if tags:
                return c.ResistDeath(unit.name, tags[0])
            return c.DeclareDead(unit.name)
    waiting = state.unit("Orc 3")
    if state.round == 2 and waiting.status is Status.OFF_BOARD and state.stack is None:
        return c.Reinforce("Orc 3", Space.parse("D1"), 1)
    return None


def _player(combat: Combat, rng: random.Random) -> c.Command:
    state = combat.state
    stack = state.stack
    if stack is not None:
        for unit in state.units:
            if (
                unit.fate_weaver
                and unit.hand
                and unit.name != stack.top
                and state.sees(unit)
                and state.cannot_see(unit, state.unit(stack.caster)) is None
                and rng.random() < 0.35
            ):
                return c.Counter(unit.name, (Replacement(0, unit.hand[0]),))
        return c.Resolve()
    turn = state.turn
    assert turn is not None
    unit = state.unit(turn.unit)
    if unit.fate_weaver and unit.hand and not turn.attacked and rng.random() < 0.3:
        spell = _spell(combat, unit)
        if spell is not None:
            return spell
    legal = combat.legal_commands()
    weights = [
        _WEIGHTS.get(type(cmd), 1.0) * (4.0 if type(cmd) is c.EndTurn and turn.attacked else 1.0)
        for cmd in legal
    ]
    return rng.choices(legal, weights)[0]


def _spell(combat: Combat, unit: Unit) -> c.Command | None:
    state = combat.state
    if unit.space is None:
        return None
    for enemy in state.standing():
        if enemy.team == unit.team or enemy.space is None:
            continue
        if state.board.is_adjacent(unit.space, enemy.space):
            words = (unit.inherent_words[0], unit.hand[0])
            ruling = SpellRuling(text="a harmful hex", damage="1d4", ruling_id="skirmish-1")
            return c.Cast(unit.name, words, "hurt the one I touch", ruling, enemy.name)
    return None
