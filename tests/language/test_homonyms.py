"""`is_homonym`, what `deck submit` asks of each Word.

"If you submit a word that's a homonym, such as 'lead', be sure to specify which one you mean"
(rulebook, "The Deck").
"""

import gzip
import json
from pathlib import Path

import pytest

from adjudicator.language.everyday import EverydayLexicon
from adjudicator.language.homonym_thresholds import DEFAULT, HomonymThresholds
from adjudicator.language.homonyms import (
    HomonymInfo,
    established,
    inventory_homonym,
    is_homonym,
)
from adjudicator.language.inventory import FORMAT, InventoryError, Meaning, SenseInventory


@pytest.fixture(scope="module")
def inventory() -> SenseInventory:
    return SenseInventory()


def test_lead_is_a_homonym_with_the_metal_and_guiding_among_its_meanings(
    inventory: SenseInventory,
) -> None:
    info = is_homonym("Lead", inventory)
    assert info.homonym
    assert info.senses == ("the heavy grey metal", "to guide someone")
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
    inventory: SenseInventory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`deck submit` stays light: after the first lookup nothing is read or decompressed again
    (the speed itself is measured by benchmarks/bench_rules.py, not here)."""
    is_homonym("Lead", inventory)

    def no_more_reading(*_: object) -> bytes:
        raise AssertionError("the inventory was read again")

    monkeypatch.setattr("adjudicator.language.inventory.gzip.decompress", no_more_reading)
    for word in ("Lead", "Summon", "Bat", "Fire"):
        is_homonym(word, inventory)


# -- which meanings count ---------------------------------------------------------------------


def _meaning(description: str, share: float, **evidence: object) -> dict[str, object]:
    return {"description": description, "pos": "n", "share": share, **evidence}


@pytest.fixture
def small_inventory(tmp_path: Path) -> SenseInventory:
    """Two words as the build ships them: a true homonym and a word with a figure of speech."""
    words = {
        "bank": [
            _meaning("sloping land beside a river", 0.5, tags=20, relations=0),
            _meaning("a financial institution", 0.3, tags=0, relations=12),
            _meaning("a flight manoeuvre", 0.2, tags=0, relations=0),
        ],
        "ocean": [
            _meaning("a large body of water", 0.76, tags=8, relations=10),
            _meaning("anything apparently limitless", 0.24, tags=0, relations=0),
        ],
    }  # fmt: skip
    path = tmp_path / "senses.json.gz"
    path.write_bytes(gzip.compress(json.dumps({"format": FORMAT, "words": words}).encode()))
    return SenseInventory(path)


def test_a_figure_of_speech_does_not_make_a_word_a_homonym(
    small_inventory: SenseInventory,
) -> None:
    """ "The Words do not need to be exact but homonyms do not get multiple meanings. [Stone]
    [Heart] does not need to literally turn your heart into stone. It can be used in the
    metaphorical sense" (rulebook, "Words of Power"): a meaning that no corpus uses and that
    WordNet builds nothing on ("an ocean of debt") is a metaphor of the other, not a second
    word to declare."""
    assert inventory_homonym("Ocean", small_inventory) == HomonymInfo("Ocean", False)


def test_a_homonym_offers_only_its_established_meanings_most_common_first(
    small_inventory: SenseInventory,
) -> None:
    """ "[Lead] needs to specify if it's 'the element' or 'the act of guiding'": the player is
    offered the meanings a player would think of, the most common first."""
    info = inventory_homonym("Bank", small_inventory)
    assert info.homonym
    assert info.senses == ("sloping land beside a river", "a financial institution")


def test_a_meaning_counts_when_the_corpus_uses_it_or_wordnet_builds_on_it() -> None:
    """A meaning a player would think of: the sense-tagged corpus uses it, or WordNet builds
    other concepts on it (its kinds, parts, wholes, topic terms)."""
    assert not established(Meaning("a figure of speech", "n", 0.2))
    assert established(Meaning("used", "n", 0.2, tags=DEFAULT.min_tags))
    assert established(Meaning("with kinds", "n", 0.2, relations=DEFAULT.min_relations))
    strict = HomonymThresholds(min_tags=5)
    assert not established(Meaning("rare", "n", 0.2, tags=4), strict)


@pytest.mark.parametrize("word", ["Ocean", "Wolf"])
def test_shipped_words_whose_other_meaning_is_a_figure_of_speech_are_not_homonyms(
    word: str, inventory: SenseInventory
) -> None:
    """ "It can be used in the metaphorical sense" (rulebook): "a wolf" for a womaniser or "an
    ocean" of anything limitless is the word used as a metaphor."""
    assert inventory.meanings(word)  # WordNet lists a second meaning...
    assert not is_homonym(word, inventory).homonym  # ...that no player needs to rule out


def test_lead_offers_the_element_and_the_act_of_guiding(inventory: SenseInventory) -> None:
    """ "[Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's
    initially added to the Deck" (rulebook, "Words of Power")."""
    info = is_homonym("Lead", inventory)
    assert [m.description for m in info.meanings] == list(info.senses)
    assert "metal" in info.senses[0] and "guide" in info.senses[1]


# -- everyday meanings (issue 17) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "first", "other"),
    [
        ("Blade", "edge of a weapon or knife", "grass"),
        ("Light", "brightness", "not heavy"),
        ("Bat", "flying night animal", "club"),
        ("Lead", "metal", "guide"),
        ("Seal", "sea mammal", "close something"),
        ("Spring", "season", "water source"),
        ("Bow", "weapon that shoots arrows", "bend at the waist"),
    ],
)
def test_a_homonym_offers_the_everyday_meanings_players_mean_most_common_first(
    word: str, first: str, other: str, inventory: SenseInventory
) -> None:
    """Issue 17: "a homonym is a word with two unrelated everyday meanings a player could
    confuse (Lead, Bat, Seal, Spring, Bow) ... the meanings offered are the ones players mean
    (Blade: the edge)", not WordNet's rare senses ("Light: of the military or industry")."""
    info = is_homonym(word, inventory)
    assert info.homonym
    assert first in info.senses[0]
    assert any(other in sense for sense in info.senses[1:])
    assert not any("military" in sense for sense in info.senses)


@pytest.mark.parametrize("word", ["Fire", "Stone", "Wall", "Shadow", "Bridge"])
def test_related_senses_of_one_concept_ask_for_no_meaning(
    word: str, inventory: SenseInventory
) -> None:
    """Issue 17: "related senses of one concept (fire as flames or as gunfire) are not"
    homonyms; "[Stone] [Heart] ... can be used in the metaphorical sense to resist influence"
    (rulebook, "Words of Power")."""
    assert inventory.meanings(word)  # WordNet lists several meanings...
    assert is_homonym(word, inventory) == HomonymInfo(word, False)  # ...none to declare


@pytest.mark.parametrize("word", ["Volcano", "Void", "Linger", "Cling", "Hunter", "Telescope"])
def test_everyday_words_the_inventory_splits_ask_for_no_meaning(
    word: str, inventory: SenseInventory
) -> None:
    """Related senses of one concept are no homonyms (issue 17), and a player putting
    [Volcano] in the Deck has nothing to declare: the inventory gives each of these two
    established meanings (its rule alone would ask), the labelled lexicon answers first."""
    assert inventory_homonym(word, inventory).homonym
    assert is_homonym(word, inventory) == HomonymInfo(word, False)


def test_a_regular_form_reads_as_its_labelled_word(inventory: SenseInventory) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one
    you mean": "Bats" is the plural of a labelled homonym."""
    assert is_homonym("Bats", inventory).senses == is_homonym("Bat", inventory).senses


def test_an_unlabelled_word_falls_back_to_the_inventory_most_used_first(
    small_inventory: SenseInventory, tmp_path: Path
) -> None:
    """A Word nobody labelled gets the inventory's established meanings, the one the corpus
    uses most first."""
    empty = tmp_path / "everyday.json"
    empty.write_text(json.dumps({"words": {}}), encoding="utf-8")
    info = is_homonym("Bank", small_inventory, lexicon=EverydayLexicon(empty))
    assert info.senses == ("sloping land beside a river", "a financial institution")


def test_a_labelled_homonym_without_meanings_offers_the_inventorys(
    small_inventory: SenseInventory, tmp_path: Path
) -> None:
    path = tmp_path / "everyday.json"
    labels = {"bank": {"homonym": True, "senses": []}, "ocean": {"homonym": False, "senses": []}}
    path.write_text(json.dumps({"words": labels}), encoding="utf-8")
    lexicon = EverydayLexicon(path)
    assert is_homonym("Bank", small_inventory, lexicon=lexicon).senses[0].startswith("sloping")
    assert not is_homonym("Ocean", small_inventory, lexicon=lexicon).homonym


def test_a_broken_lexicon_is_a_clear_error(tmp_path: Path, inventory: SenseInventory) -> None:
    broken = tmp_path / "everyday.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(InventoryError, match="everyday-meanings lexicon") as caught:
        is_homonym("Lead", inventory, lexicon=EverydayLexicon(broken))
    assert caught.value.hint is not None and "build_everyday.py" in caught.value.hint


def test_the_shipped_lexicon_is_current() -> None:
    """The lexicon is built from training/ by models/build_everyday.py; a stale copy would
    answer from labels nobody wrote."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, str(root / "models/build_everyday.py"), "--check"],
        capture_output=True, text=True, cwd=root,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
