"""`is_homonym`, what `deck submit` asks of each Word.

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you mean"
(rulebook, "The Deck").
"""

import time

import pytest

from adjudicator.language.homonyms import HomonymInfo, is_homonym
from adjudicator.language.inventory import SenseInventory


@pytest.fixture(scope="module")
def inventory() -> SenseInventory:
    return SenseInventory()


def test_lead_is_a_homonym_with_the_metal_and_guiding_among_its_meanings(
    inventory: SenseInventory,
) -> None:
    info = is_homonym("Lead", inventory)
    assert info.homonym
    assert any("metallic element" in sense for sense in info.senses)
    assert any("take somebody somewhere" in sense for sense in info.senses)
    assert len(info.senses) == len(info.meanings) >= 2


def test_summon_is_not_a_homonym(inventory: SenseInventory) -> None:
    assert is_homonym("Summon", inventory) == HomonymInfo("Summon", False)


@pytest.mark.parametrize("word", ["Pen", "Bat", "Well", "Pupil"])
def test_words_with_unrelated_common_meanings_are_homonyms(
    word: str, inventory: SenseInventory
) -> None:
    assert is_homonym(word, inventory).homonym


@pytest.mark.parametrize("word", ["Teleport", "Heal", "Levitate", "Courage", "Anger"])
def test_words_with_one_core_meaning_are_not(word: str, inventory: SenseInventory) -> None:
    assert not is_homonym(word, inventory).homonym


def test_the_answer_is_a_plain_value_for_the_deck_commands(inventory: SenseInventory) -> None:
    data = is_homonym("Lead", inventory).to_dict()
    assert data["word"] == "Lead" and data["homonym"] is True
    assert data["senses"] == list(is_homonym("Lead", inventory).senses)


def test_a_lookup_is_a_dictionary_read_once_the_inventory_is_loaded(
    inventory: SenseInventory,
) -> None:
    is_homonym("Lead", inventory)
    start = time.perf_counter()
    for _ in range(1000):
        is_homonym("Lead", inventory)
        is_homonym("Summon", inventory)
    assert time.perf_counter() - start < 0.5
