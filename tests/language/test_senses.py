"""Which meaning of a homonym an intent uses, and the spell check of declared meanings.

"Homonyms do not get multiple meanings ... [Lead] needs to specify if it's 'the element' or
'the act of guiding' when it's initially added to the Deck", so "[Lead] [Person] cannot both
lure a person and petrify them" (rulebook, "Words of Power").
"""

import pytest

from adjudicator.language.models import Models
from adjudicator.language.senses import (
    SenseChoice,
    SenseExample,
    SenseModel,
    SenseVerdict,
    check_declared_sense,
    choose_sense,
    find_word,
)
from adjudicator.rules.words import Word

METAL = Word("Lead", sense="the heavy grey metal")
PERSON = Word("Person")

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def model(models: Models) -> SenseModel:
    return SenseModel(models)


def test_lead_declared_as_the_metal_cannot_lure_a_person(models: Models, model: SenseModel) -> None:
    check = check_declared_sense(
        METAL, "lure the merchant into the dark alley", [METAL, PERSON], models, model=model
    )
    assert check.verdict is SenseVerdict.DIFFERENT and check.flagged
    assert check.message.startswith("[Lead] was declared as 'the heavy grey metal', but this")


def test_lead_declared_as_the_metal_may_weigh_something_down(
    models: Models, model: SenseModel
) -> None:
    check = check_declared_sense(
        METAL, "make his boots as heavy as lead so he sinks", [METAL, Word("Boot")], models,
        model=model,
    )  # fmt: skip
    assert check.verdict is SenseVerdict.CONSISTENT and not check.flagged


def test_lead_person_cannot_both_lure_a_person_and_petrify_them(
    models: Models, model: SenseModel
) -> None:
    check = check_declared_sense(
        METAL,
        "lure the guard into the courtyard, then turn his body into solid lead",
        [METAL, PERSON],
        models,
        model=model,
    )
    assert check.verdict is SenseVerdict.BOTH
    assert "'the heavy grey metal'" in check.message and len(check.used) == 2
    assert check.to_dict()["flagged"] is True


def test_a_word_with_no_declaration_is_not_checked(models: Models, model: SenseModel) -> None:
    check = check_declared_sense(Word("Lead"), "guide the lost child home", [], models, model=model)
    assert check.verdict is SenseVerdict.UNCHECKED and not check.flagged


def test_the_intent_need_not_contain_the_word(models: Models, model: SenseModel) -> None:
    guide = Word("Lead", sense="to guide someone")
    check = check_declared_sense(
        guide, "guide the lost child home", [guide, PERSON], models, model=model
    )
    assert check.verdict is SenseVerdict.CONSISTENT


def test_choose_sense_reads_the_card_descriptions_zero_shot(
    models: Models, model: SenseModel
) -> None:
    choice = choose_sense(
        "Bass",
        {"declared": "a low-pitched sound", "other": "a freshwater fish"},
        "conjure a fat striped bass for our dinner",
        models,
        words=("Bass", "Summon"),
        model=model,
    )
    assert choice.key == "other"
    assert abs(sum(choice.scores.values()) - 1.0) < 1e-6
    assert choice.to_dict()["sense"] == "other"


def test_earlier_rulings_teach_a_campaigns_own_meaning(models: Models, model: SenseModel) -> None:
    senses = {"a": "a thing", "b": "another thing"}
    text = "the crane lifted the crate onto the ship"
    examples = [
        SenseExample("crane", "the crane swung the beam over the dock", "b"),
        SenseExample("crane", "a crane hoisted the steel girders", "b"),
        SenseExample("crane", "the crane waded through the marsh catching frogs", "a"),
        SenseExample("crane", "a flock of cranes flew south", "a"),
    ]
    choice = choose_sense("crane", senses, text, models, examples=examples, model=model)
    assert isinstance(choice, SenseChoice) and choice.key == "b"


def test_find_word_matches_regular_forms() -> None:
    assert find_word("the bells ring and rings again", "Ring") == (10, 14)
    assert find_word("Guide the lost child home", "Lead") is None
