"""The counterspell stack as a value (rulebook, "Counterspelling")."""

from adjudicator.combat.stack import (
    DEFAULT_PARTS,
    Enhancement,
    Part,
    Replacement,
    SpellRuling,
    SpellStack,
    StackEntry,
)
from adjudicator.rules.spells import validate_spell
from adjudicator.rules.words import Word

SPELL = validate_spell(
    (Word("Bind"), Word("Person")), "hold them", inherent=(Word("Bind"),), hand=(Word("Person"),)
)


def test_the_last_word_put_in_each_slot_has_effect_and_every_word_is_lost() -> None:
    """ "Counterspells may be counterspelled. Only the last word on the stack has effect. All
    words in the stack are lost." """
    stack = SpellStack("Monk", "Player", SPELL, SpellRuling())
    stack = stack.push(StackEntry("Player", (Replacement(0, Word("Fly")),)))
    stack = stack.push(
        StackEntry("Monk", (Replacement(0, Word("Stone")), Replacement(1, Word("Wall"))))
    )
    assert stack.depth == 3 and stack.countered and stack.top == "Monk"
    assert stack.effective_words() == (Word("Stone"), Word("Wall"))
    assert stack.words_lost() == 5
    assert str(stack).endswith("=> [Stone] [Wall]")


def test_the_combat_words_name_the_part_they_improve() -> None:
    """ "[Block] would let you roll 2d6 ... when defending. [Precision] might let you roll two
    Attack Rolls." """
    assert DEFAULT_PARTS["Block"] is Part.DEFENCE and DEFAULT_PARTS["Precision"] is Part.HIT
    assert Enhancement(Word("Power")).resolved_part() is Part.DAMAGE
    assert Enhancement(Word("Dance")).resolved_part() is None
    assert Enhancement(Word("Dance"), Part.HIT).resolved_part() is Part.HIT
