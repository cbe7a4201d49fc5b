"""Words in combat and counterspelling (rulebook, "Words in Combat", "Counterspelling")."""

from dataclasses import replace

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.board import Hazard
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    AttackAlreadyMade,
    CounterspellRefused,
    HandsFull,
    NotYourTurn,
    OutOfActions,
    SpellPending,
    SpellRefused,
)
from adjudicator.combat.fight_events import (
    AttackRolled,
    DamageDealt,
    MagicItemSpent,
    SpellCast,
    SpellFailed,
    SpellTookEffect,
    StackClosed,
)
from adjudicator.combat.stack import Delivery, Replacement, SpellRuling
from adjudicator.combat.units import humanoid
from adjudicator.rules.characters import Hitzone, MagicItem
from adjudicator.rules.tables import Weapon
from adjudicator.rules.words import Word

from .helpers import SWORD, dice, fight, fighter, of_kind, setup, space

_NO_TOUCH = SpellRuling(delivery=Delivery.NONE)
BIND_PERSON = SpellRuling(
    "the target is bound in place for a round", ruling_id="r-12", requirements=("touch",)
)


def _monk_and_player(
    ruleset: str = "rulebook",
    zones: tuple[Hitzone, ...] | None = None,
    items: tuple[MagicItem, ...] = (),
) -> Combat:
    """ "The monk begins chanting [Bind] [Person] and trying to land a touch attack!" """
    return fight(
        (
            fighter(
                "Monk",
                "Temple",
                weapons=(),
                fate_weaver=True,
                words=("Bind",),
                hand=("Person", "Sleep"),
            ),
            "C1",
        ),
        (
            fighter(
                "Player", "Party", fate_weaver=True, hand=("Fly",), zones=zones, magic_items=items
            ),
            "C2",
        ),
        ruleset=ruleset,
    )


def _cast(combat: Combat, ruling: SpellRuling = BIND_PERSON) -> None:
    combat.play(c.Cast("Monk", (Word("Bind"), Word("Person")), "hold them still", ruling, "Player"))


def _effect(events: tuple[object, ...]) -> SpellTookEffect:
    found = [e for e in events if isinstance(e, SpellTookEffect)]
    assert len(found) == 1
    return found[0]


def test_casting_takes_an_action_and_consumes_the_drawn_words() -> None:
    """ "Casting any spell takes an action." "Drawn Words, those drawn from the Deck, are
    consumed upon use." """
    combat = _monk_and_player()
    _cast(combat)
    monk = combat.state.unit("Monk")
    assert monk.hand == (Word("Sleep"),) and Word("Bind") in monk.inherent()
    assert combat.state.turn is not None and combat.state.turn.actions_left == 1
    assert combat.state.stack is not None and combat.state.stack.depth == 1


def test_a_spell_needs_two_words_one_of_them_inherent() -> None:
    """ "You must use at least two Words to impart a magical effect. One of these Words must be
    an Inherent Word." """
    combat = _monk_and_player()
    with pytest.raises(SpellRefused):
        combat.play(c.Cast("Monk", (Word("Person"), Word("Sleep")), "sleep", BIND_PERSON, "Player"))
    with pytest.raises(SpellRefused):
        combat.play(c.Cast("Monk", (Word("Bind"),), "bind", BIND_PERSON, "Player"))


def test_an_unmodified_spell_needs_a_landed_1d6_unarmed_attack_as_the_second_action() -> None:
    """ "Without modifiers, casters must land a 1d6 unarmed attack to impart spell effects.
    Casting any spell takes an action. Making the actual attack is generally considered a second
    action." """
    combat = _monk_and_player()
    _cast(combat)
    events = combat.play(c.Resolve(), dice(5))
    rolled = of_kind(events, AttackRolled)[0]
    assert isinstance(rolled, AttackRolled) and rolled.rolls[0].sides == 6
    assert of_kind(events, SpellFailed) and combat.state.stack is None
    turn = combat.state.turn
    assert turn is not None and turn.actions_left == 0 and turn.attacked


def test_a_spells_attack_is_the_turns_one_attack_and_needs_an_empty_hand() -> None:
    """ "Anything requiring an attack roll (spells, grabs, throws) will count as your attack."
    "An unmodified spell is assumed to require touching the target with an empty hand" """
    combat = _monk_and_player()
    combat.play(c.Act("Monk", "kicks dust", attack=True))
    with pytest.raises(AttackAlreadyMade):
        _cast(combat)
    tired = _monk_and_player()
    tired.play(c.Move("Monk", space("C4")))
    tired.play(c.Move("Monk", space("C1")))
    with pytest.raises(OutOfActions):
        _cast(tired)
    staff = Weapon("Staff", 6, 6)
    full = fight(
        (
            fighter(
                "Monk",
                "Temple",
                weapons=(SWORD, staff),
                fate_weaver=True,
                words=("Bind",),
                hand=("Person",),
                held=(("Mainhand", "Sword"), ("Offhand", "Staff")),
            ),
            "C1",
        ),
        (fighter("Player", "Party"), "C2"),
    )
    with pytest.raises(HandsFull):
        full.play(c.Cast("Monk", (Word("Bind"), Word("Person")), "hold", BIND_PERSON, "Player"))


def test_words_cannot_be_used_as_a_reaction() -> None:
    """ "Note : you can't use Words of Power as a reaction." Casting is for one's own turn."""
    combat = _monk_and_player()
    with pytest.raises(NotYourTurn):
        combat.play(c.Cast("Player", (Word("Fly"), Word("Fly")), "fly", BIND_PERSON, "Monk"))


def test_without_a_counterspell_a_spell_has_its_full_effect() -> None:
    """ "Without a counterspell, spells just have their full effect without resistance." The
    approved ruling's damage lands on the zone touched."""
    combat = _monk_and_player()
    _cast(combat, SpellRuling("burning hands", ruling_id="r-3", damage="1d4"))
    events = combat.play(c.Resolve(), dice(2, 3))
    effect = _effect(events)
    assert effect.words == (Word("Bind"), Word("Person")) and effect.ruling.ruling_id == "r-3"
    damage = of_kind(events, DamageDealt)[0]
    assert isinstance(damage, DamageDealt) and (damage.zone, damage.amount) == ("Offhand", 3)


def test_the_monks_bind_person_countered_with_fly_makes_the_player_fly() -> None:
    """ "The monk begins chanting [Bind] [Person] and trying to land a touch attack!" / "I'll
    counterspell with [Fly]." / "His attack lands and you feel lighter than air. You're flying
    for the next round." """
    combat = _monk_and_player()
    _cast(combat)
    combat.play(c.Counter("Player", (Replacement(0, Word("Fly")),)))
    assert combat.state.unit("Player").hand == ()
    events = combat.play(c.Resolve(), dice(3))
    effect = _effect(events)
    assert effect.words == (Word("Fly"), Word("Person")) and effect.target == "Player"
    assert effect.ruling.ruling_id is None, "a countered spell is no longer the approved one"
    closed = of_kind(events, StackClosed)[0]
    assert isinstance(closed, StackClosed) and closed.words_lost == 3
    assert [e.words for e in combat.state.effects] == [(Word("Fly"), Word("Person"))]


def test_counterspells_may_be_countered_and_only_the_last_word_has_effect() -> None:
    """ "Counterspells may be counterspelled. Only the last word on the stack has effect. All
    words in the stack are lost." """
    combat = fight(
        (
            fighter(
                "Monk",
                "Temple",
                weapons=(),
                fate_weaver=True,
                words=("Bind",),
                hand=("Person", "Stone"),
            ),
            "C1",
        ),
        (fighter("Player", "Party", fate_weaver=True, hand=("Fly",)), "C2"),
    )
    _cast(combat)
    combat.play(c.Counter("Player", (Replacement(0, Word("Fly")),)))
    with pytest.raises(CounterspellRefused):
        combat.play(c.Counter("Player", (Replacement(1, Word("Fly")),)))  # its own layer
    combat.play(c.Counter("Monk", (Replacement(0, Word("Stone")),)))
    stack = combat.state.stack
    assert stack is not None and stack.depth == 3
    assert stack.effective_words() == (Word("Stone"), Word("Person"))
    events = combat.play(c.Resolve(), dice(1))
    assert _effect(events).words == (Word("Stone"), Word("Person"))
    closed = of_kind(events, StackClosed)[0]
    assert isinstance(closed, StackClosed) and closed.words_lost == 4
    assert combat.state.unit("Monk").hand == () and combat.state.unit("Player").hand == ()


def test_any_fate_weaver_with_line_of_sight_may_counter_even_unengaged() -> None:
    """ "Fate Weavers may counterspell as long as they have line of sight. They do not need to
    be engaged in the combat." """
    combat = _monk_and_player()
    combat.play(
        c.AddUnit(fighter("Witch", "Coven", fate_weaver=True, hand=("Frog",)), onlooker=True)
    )
    combat.play(c.AddUnit(fighter("Ogre", "Coven", hand=("Rock",)), onlooker=True))
    _cast(combat)
    with pytest.raises(CounterspellRefused) as raised:
        combat.play(c.Counter("Ogre", (Replacement(1, Word("Rock")),)))
    assert "not a Fate Weaver" in raised.value.message
    combat.play(c.Counter("Witch", (Replacement(1, Word("Frog")),)))
    assert combat.state.stack is not None and combat.state.stack.depth == 2


def test_a_downed_fate_weaver_has_no_line_of_sight() -> None:
    """Ours: "line of sight" is the board's standing units, onlookers and hovering arrivals."""
    combat = _monk_and_player()
    combat.play(c.DealDamage("Player", "Head", 4, "a falling bell"))
    _cast_at = c.Cast(
        "Monk", (Word("Bind"), Word("Person")), "hold", SpellRuling(delivery=Delivery.NONE), None
    )
    combat.play(_cast_at)
    with pytest.raises(CounterspellRefused):
        combat.play(c.Counter("Player", (Replacement(0, Word("Fly")),)))


def test_a_counterspeller_always_learns_how_many_words_were_used() -> None:
    """ "If for some reason you're unable to identify the incoming spell, the Storyteller
    should still tell you how many Words total were used." """
    combat = _monk_and_player()
    _cast(combat, SpellRuling("a silent binding", spoken=False))
    stack = combat.state.stack
    assert stack is not None
    view = stack.view("Player")
    assert (view.word_count, view.words) == (2, (None, None))
    assert stack.view("Monk").words == (Word("Bind"), Word("Person"))
    combat.play(c.Counter("Player", (Replacement(1, Word("Fly")),)))
    assert combat.state.stack is not None
    assert combat.state.stack.view("Player").words == (None, Word("Fly"))


def _booted(ruleset: str) -> Combat:
    boots = MagicItem("Jack's Boots", words=(Word("Jump"),), durability=2)
    zones = (*humanoid()[:3], Hitzone("Legs", 6, 6, 2, 2, "Jack's Boots", magic_item=True))
    return _monk_and_player(ruleset, zones, (boots,))


def test_a_magic_item_counters_for_a_point_of_durability() -> None:
    """ "Magic items may be used to counterspell but lose a point of Armor/durability/uses in the
    process and may be destroyed." """
    combat = _booted("rulebook")
    _cast(combat)
    events = combat.play(c.Counter("Player", (Replacement(0, Word("Jump"), "Jack's Boots"),)))
    spent = of_kind(events, MagicItemSpent)[0]
    assert isinstance(spent, MagicItemSpent) and spent.armor_left == 1
    assert combat.state.unit("Player").hand == (Word("Fly"),), "no Drawn Word spent"
    with pytest.raises(CounterspellRefused):
        combat.play(c.Counter("Player", (Replacement(1, Word("Run"), "Jack's Boots"),)))


def test_in_the_draft_a_magic_item_is_destroyed_by_countering() -> None:
    """Draft: "Magic items may be used to counterspell but are destroyed in the process." """
    combat = _booted("wop-draft")
    _cast(combat)
    combat.play(c.Counter("Player", (Replacement(0, Word("Jump"), "Jack's Boots"),)))
    assert combat.state.unit("Player").zone("Legs").broken
    assert Word("Jump") not in combat.state.unit("Player").inherent()


def test_the_storyteller_may_declare_an_incoherent_result_dispelled() -> None:
    """ "If the final result doesn't make any coherent sense, the Storyteller may simply declare
    it dispelled." """
    combat = _monk_and_player()
    _cast(combat)
    combat.play(c.Counter("Player", (Replacement(0, Word("Fly")),)))
    events = combat.play(c.Resolve(dispelled=True))
    assert of_kind(events, SpellFailed) and combat.state.stack is None
    assert not of_kind(events, AttackRolled)


def test_become_evade_countered_into_lead_on_oneself() -> None:
    """ "I'll use [Become] and [Evade] to dodge the next thing that would hit me." "... rather
    than evasive you feel you've become as heavy as lead." """
    combat = fight(
        (fighter("Player", "Party", fate_weaver=True, words=("Become",), hand=("Evade",)), "C1"),
        (fighter("Weaver", "Unknown", fate_weaver=True, hand=("Lead",)), "D5"),
    )
    combat.play(
        c.Cast(
            "Player",
            (Word("Become"), Word("Evade")),
            "dodge the next thing that would hit me",
            SpellRuling(delivery=Delivery.NONE),
            "Player",
        )
    )
    combat.play(c.Counter("Weaver", (Replacement(1, Word("Lead")),)))
    events = combat.play(c.Resolve())
    assert _effect(events).words == (Word("Become"), Word("Lead"))
    assert not of_kind(events, AttackRolled), "a spell on oneself needs no touch"


def test_nothing_else_happens_while_a_spell_is_on_the_stack() -> None:
    """ "you have to announce that you're counterspelling ... before the attack or effect plays
    out." """
    combat = _monk_and_player()
    _cast(combat)
    with pytest.raises(SpellPending):
        combat.play(c.EndTurn())
    with pytest.raises(SpellPending):
        combat.play(c.Move("Monk", space("C4")))
    assert combat.legal_commands() == (c.Resolve(),)


def test_a_fate_weaver_walled_in_by_terrain_cannot_counter() -> None:
    """ "Fate Weavers may counterspell as long as they have line of sight." Sight is read off
    the board: blocking terrain on every way between them hides the caster; units do not."""
    monk = fighter(
        "Monk", "Temple", weapons=(), fate_weaver=True, words=("Bind",), hand=("Person",)
    )
    player = fighter("Player", "Party", fate_weaver=True, hand=("Fly",))
    guard = fighter("Guard", "Party")
    combat = fight((monk, "C1"), (player, "D5"), (guard, "C2"))
    for where in ("C3", "D4", "D6"):
        combat.play(c.PlaceHazard(space(where), Hazard.block()))
    combat.play(c.Cast("Monk", (Word("Bind"), Word("Person")), "hold", _NO_TOUCH, None))
    with pytest.raises(CounterspellRefused, match="terrain blocks every way from D5 to C1"):
        combat.play(c.Counter("Player", (Replacement(0, Word("Fly")),)))
    combat.play(c.ClearHazards(space("C3")))
    combat.play(c.Counter("Player", (Replacement(0, Word("Fly")),)))


def test_a_fate_weaver_unaware_of_the_caster_cannot_counter() -> None:
    """ "Fate Weavers may counterspell as long as they have line of sight": no one sees a
    caster they are unaware of (the surprise round of a hidden Monk)."""
    monk = fighter(
        "Monk", "Temple", weapons=(), fate_weaver=True, words=("Bind",), hand=("Person",)
    )
    player = fighter("Player", "Party", fate_weaver=True, hand=("Fly",))
    combat = setup((monk, "C1"), (player, "C2"))
    combat.play(c.SetAwareness("Player", "Monk", aware=False))
    combat.play(c.Begin())
    combat.play(c.Cast("Monk", (Word("Bind"), Word("Person")), "hold", _NO_TOUCH, None))
    with pytest.raises(CounterspellRefused, match="Player is unaware of Monk"):
        combat.play(c.Counter("Player", (Replacement(0, Word("Fly")),)))


def test_drawn_words_paid_outside_the_fight_are_not_needed_in_hand() -> None:
    """ "Drawn Words, those drawn from the Deck, are consumed upon use": once. A ruling's
    approval that spent [Sleep] lets the cast go without it in hand (`Cast.paid`); a copy still
    in hand (the unit joined before the approval) leaves it; unpaid, it must be held."""
    words = (Word("Bind"), Word("Sleep"))
    combat = _monk_and_player()
    monk = combat.state.unit("Monk")
    assert Word("Sleep") in monk.hand
    events = combat.play(c.Cast("Monk", words, "sleep", _NO_TOUCH, None, paid=(Word("Sleep"),)))
    cast = next(e for e in events if isinstance(e, SpellCast))
    assert cast.consumed == (Word("Sleep"),)
    assert combat.state.unit("Monk").hand == (Word("Person"),)
    combat.undo()
    bare = Combat.from_history(combat.history)
    without = c.Cast("Monk", (Word("Bind"), Word("Fly")), "fly", _NO_TOUCH, None)
    with pytest.raises(SpellRefused):
        bare.play(without)
    events = bare.play(replace(without, paid=(Word("Fly"),)))
    assert next(e for e in events if isinstance(e, SpellCast)).consumed == ()
    assert bare.state.unit("Monk").hand == (Word("Person"), Word("Sleep"))
