"""A scripted fight through the engine's API: two teams, a ranged shot and melee, a Maim, a
spell cast from an approved ruling with a touch attack, a counterspell stack three deep, a
kill that owes a Word, the end of the fight and a rest. Every die is entered by hand."""

import json

from adjudicator.combat import commands as c
from adjudicator.combat.engine import Combat
from adjudicator.combat.fight_events import (
    AttackRolled,
    DamageDealt,
    SpellTookEffect,
    StackClosed,
    WordOwed,
    ZoneMaimed,
)
from adjudicator.combat.history import replay
from adjudicator.combat.stack import Replacement, SpellRuling
from adjudicator.combat.state import Phase
from adjudicator.combat.units import Status, from_character
from adjudicator.rules.characters import snazzle
from adjudicator.rules.words import Word

from .helpers import AXE, CROSSBOW, dice, fighter, of_kind, space

#: The ledger's approved ruling for the Sage's spell, as the engine receives it.
APPROVED = SpellRuling(
    text="the orc is bound in place until the Sage's next turn",
    ruling_id="ruling-0042",
    area="one creature",
    duration="one round",
    requirements=("touch with an empty hand", "spoken aloud"),
)


def _one(events: tuple[object, ...], kind: type) -> object:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, found
    return found[0]


def test_a_scripted_fight_from_the_first_shot_to_the_rest() -> None:
    combat = Combat()
    pink = from_character(
        snazzle(), "Party", name="Pink", held=(("Mainhand", "Crossbow"), ("Offhand", None))
    )
    roster = [
        (pink, "D3"),
        (fighter("Knight", "Party", armor=(2, 2, 2, 2)), "D4"),
        (
            fighter(
                "Sage", "Party", weapons=(), fate_weaver=True, words=("Bind",), hand=("Person",)
            ),
            "D2",
        ),
        (fighter("Red", "Temple", weapons=(CROSSBOW,)), "D7"),
        (fighter("Orc", "Temple", weapons=(AXE,)), "D1"),
        (fighter("Monk", "Temple", weapons=(), fate_weaver=True, hand=("Fly",)), "D5"),
    ]
    for unit, where in roster:
        combat.play(c.AddUnit(unit))
        combat.play(c.Place(unit.name, space(where)))
    combat.play(
        c.AddUnit(fighter("Witch", "Coven", fate_weaver=True, hand=("Stone",)), onlooker=True)
    )
    combat.play(c.Begin(aggressor="Party", first="Pink"))

    # Pink shoots Red around her allies: D3→C2→C3→C4→D7 costs 6, a 1d10 hit die, 1d4 damage.
    events = combat.play(c.Attack("Pink", "Red"), dice(3, 2))
    shot = _one(events, AttackRolled)
    assert isinstance(shot, AttackRolled) and shot.rolls[0].sides == 10 and shot.zone == "Mainhand"
    hurt = _one(events, DamageDealt)
    assert isinstance(hurt, DamageDealt) and hurt.rolls[0].sides == 4 and hurt.hp_lost == 2
    combat.play(c.EndTurn(next="Knight"))

    # The Knight maims the Monk's legs in melee along ring D.
    events = combat.play(c.Attack("Knight", "Monk"), dice(4, 6))
    maim = _one(events, ZoneMaimed)
    assert isinstance(maim, ZoneMaimed) and (maim.unit, maim.zone) == ("Monk", "Legs")
    combat.play(c.EndTurn())

    # The Sage casts the approved [Bind] [Person] on the Orc; the Monk counters [Bind] with
    # [Fly]; the Witch, watching from off the board, counters that with [Stone].
    combat.play(
        c.Cast("Sage", (Word("Bind"), Word("Person")), "hold the orc still", APPROVED, "Orc")
    )
    assert combat.state.unit("Sage").hand == ()
    combat.play(c.Counter("Monk", (Replacement(0, Word("Fly")),)))
    combat.play(c.Counter("Witch", (Replacement(0, Word("Stone")),)))
    stack = combat.state.stack
    assert stack is not None and stack.depth == 3
    assert stack.view("Orc").words == (Word("Stone"), Word("Person"))
    petrified = SpellRuling("the orc is turned to stone for a round", duration="one round")
    events = combat.play(c.Resolve(ruling=petrified), dice(2))
    effect = _one(events, SpellTookEffect)
    assert isinstance(effect, SpellTookEffect)
    assert (effect.words, effect.target, effect.zone) == (
        (Word("Stone"), Word("Person")),
        "Orc",
        "Offhand",
    )
    closed = _one(events, StackClosed)
    assert isinstance(closed, StackClosed) and closed.words_lost == 4
    assert combat.state.turn is not None and combat.state.turn.attacked
    combat.play(c.EndTurn())

    # The Temple's go: Red misses, the Orc is stone, the lamed Monk's fist meets mail.
    assert combat.state.turn is not None and combat.state.turn.unit == "Red"
    combat.play(c.Attack("Red", "Pink"), dice(9))
    combat.play(c.EndTurn())
    combat.play(c.EndTurn())
    events = combat.play(c.Attack("Monk", "Knight"), dice(1, 3))
    fist = _one(events, DamageDealt)
    assert isinstance(fist, DamageDealt) and (fist.armor_lost, fist.hp_lost) == (0, 0)
    combat.play(c.EndTurn())

    # Round 2, the same order: Pink drops Red; the Storyteller declares Red dead.
    assert combat.state.round == 2 and combat.state.turn is not None
    assert combat.state.turn.unit == "Pink"
    assert [e.turns_left for e in combat.state.effects] == [1], "until the Sage's next turn"
    combat.play(c.Attack("Pink", "Red"), dice(1, 4))
    assert combat.state.unit("Red").status is Status.DOWN
    events = combat.play(c.DeclareDead("Red"))
    owed = _one(events, WordOwed)
    assert isinstance(owed, WordOwed) and owed.unit == "Pink"
    combat.play(c.EndTurn())
    combat.play(c.EndTurn())
    assert combat.state.turn is not None and combat.state.turn.unit == "Sage"
    assert combat.state.effects == (), "one round of [Stone] [Person] is over"
    combat.play(c.EndCombat("the temple's guards surrender"))
    combat.play(c.Rest("Knight"))

    state = combat.state
    assert state.phase is Phase.ENDED and state.unit("Red").status is Status.DEAD
    assert state.unit("Monk").zone("Legs").maimed
    assert [z.armor for z in state.unit("Knight").hitzones] == [2, 2, 2, 2]
    assert replay(combat.events) == state
    assert Combat.from_dict(json.loads(json.dumps(combat.to_dict()))).state == state
    log = "\n".join(combat.log())
    for line in (
        "Pink attacks Red (single, Crossbow): d10=3 (entered) → hits the Mainhand",
        "Monk's Legs is Maimed",
        "Sage casts [Bind] [Person] on Orc: hold the orc still (ruling ruling-0042); "
        "2 Words on the stack",
        "counterspell by Monk: [Fly] over Word 1",
        "counterspell by Witch: [Stone] over Word 1",
        "[Stone] [Person] takes effect on Orc: the orc is turned to stone for a round",
        "the stack closes; 4 Words are lost",
        "Pink draws a Word from the Deck: the killing blow on Red",
        "Sage's [Stone] [Person] ends",
        "combat ends: the temple's guards surrender",
    ):
        assert line in log, line
    assert len(of_kind(combat.events, AttackRolled)) == 6
