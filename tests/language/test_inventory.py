"""The shipped homonym sense inventory: provenance, lazy loading, and what it says of [Lead].

"Homonyms do not get multiple meanings ... [Lead] needs to specify if it's 'the element' or
'the act of guiding' when it's initially added to the Deck" (rulebook, "Words of Power").
"""

import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.language.inventory import (
    InventoryError,
    SenseInventory,
    key_of,
    regular_bases,
)


@pytest.fixture(scope="module")
def inventory() -> SenseInventory:
    return SenseInventory()


def test_the_inventory_names_its_source_hashes_and_license(inventory: SenseInventory) -> None:
    provenance = inventory.provenance
    assert provenance["source"]["name"] == "WordNet 3.0"
    files = provenance["source"]["files"]
    assert {"data.noun", "index.verb", "noun.exc", "cntlist.rev"} <= set(files)
    assert all(len(digest) == 64 for digest in files.values())
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in provenance["license"]
    assert provenance["settings"]["common_ratio"] > 0


def test_lead_needs_to_specify_the_element_or_the_act_of_guiding(
    inventory: SenseInventory,
) -> None:
    descriptions = " | ".join(m.description for m in inventory.meanings("Lead"))
    assert "metallic element" in descriptions
    assert "take somebody somewhere" in descriptions


def test_a_word_with_one_core_meaning_is_not_in_the_inventory(inventory: SenseInventory) -> None:
    assert inventory.meanings("Summon") == ()
    assert "Summon" not in inventory


def test_regular_forms_read_as_their_homonym(inventory: SenseInventory) -> None:
    assert inventory.lemma_of("Leads") == "lead"
    assert inventory.meanings("leads") == inventory.meanings("LEAD")


def test_suffix_rules_give_morphys_base_forms() -> None:
    assert "wind" in regular_bases("winds")
    assert "guide" in regular_bases("guided")
    assert regular_bases("a") == []
    assert key_of("  Lead ") == "lead"


def test_nothing_is_read_until_a_word_is_looked_up() -> None:
    inventory = SenseInventory(Path("/nonexistent/senses.json.gz"))
    with pytest.raises(InventoryError, match="cannot be read") as caught:
        inventory.meanings("Lead")
    assert caught.value.hint is not None and "build_senses.py" in caught.value.hint


def test_looking_up_a_homonym_loads_neither_spacy_nor_torch() -> None:
    code = (
        "import sys; from adjudicator.language.homonyms import is_homonym; "
        "assert is_homonym('Lead').homonym; "
        "print(sorted(m for m in ('torch', 'spacy', 'sentence_transformers') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
