"""One way to hold tuned numbers: a frozen dataclass per component, overridden from a file.

"The Words do not need to be exact" (rulebook): how far from exact a Word may be is a set of
numbers calibrated on the dev files; a sweep tries others without editing code, and a
misspelt name is an error, never a silent default.
"""

from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from adjudicator.errors import InvalidInput
from adjudicator.language import homonym_thresholds, sense_thresholds, thresholds
from adjudicator.language.overrides import ConfigError, configured, overridden, read_overrides


def test_each_component_holds_its_numbers_in_one_frozen_dataclass() -> None:
    for defaults in (thresholds.DEFAULT, sense_thresholds.DEFAULT, homonym_thresholds.DEFAULT):
        with pytest.raises(FrozenInstanceError):
            defaults.__setattr__("x", 1)
    assert thresholds.DEFAULT.single_cosine == 0.5 and thresholds.DEFAULT.senses == 3


def test_overrides_give_a_new_instance_and_leave_the_defaults_alone() -> None:
    swept = overridden(thresholds.DEFAULT, {"single_cosine": 0.55, "senses": 2}, "sweep")
    assert (swept.single_cosine, swept.senses) == (0.55, 2)
    assert thresholds.DEFAULT.single_cosine == 0.5
    assert swept.pair_cosine == thresholds.DEFAULT.pair_cosine


def test_a_whole_number_is_a_float_and_a_list_is_a_set() -> None:
    swept = overridden(
        thresholds.DEFAULT, {"single_cosine": 1, "sibling_topics": ["noun.animal"]}, "sweep"
    )
    assert swept.single_cosine == 1.0 and isinstance(swept.single_cosine, float)
    assert swept.sibling_topics == frozenset({"noun.animal"})


def test_an_unknown_setting_is_an_error_naming_it() -> None:
    with pytest.raises(ConfigError, match=r"sweep\.toml: unknown setting 'single_cosin'") as e:
        overridden(thresholds.DEFAULT, {"single_cosin": 0.4}, "sweep.toml")
    assert isinstance(e.value, InvalidInput)
    assert "single_cosine" in str(e.value)  # the known names are listed


@pytest.mark.parametrize(
    ("name", "value", "wanted"),
    [
        ("senses", 2.5, "a whole number"),
        ("senses", True, "a whole number"),
        ("single_cosine", "0.5", "a number"),
        ("sibling_topics", "noun.animal", "a list of strings"),
    ],
)
def test_a_value_of_the_wrong_type_is_an_error(name: str, value: object, wanted: str) -> None:
    with pytest.raises(ConfigError, match=f"{name} must be {wanted}"):
        overridden(thresholds.DEFAULT, {name: value}, "sweep")


def test_json_and_toml_files_are_read(tmp_path: Path) -> None:
    toml = tmp_path / "sweep.toml"
    toml.write_text("min_meanings = 3\nmin_tags = 2\n", encoding="utf-8")
    json_ = tmp_path / "sweep.json"
    json_.write_text('{"flag_margin": 0.1}', encoding="utf-8")
    homonyms = configured(homonym_thresholds.DEFAULT, toml)
    assert (homonyms.min_meanings, homonyms.min_tags, homonyms.min_relations) == (3, 2, 1)
    assert configured(sense_thresholds.DEFAULT, json_).flag_margin == 0.1
    assert configured(sense_thresholds.DEFAULT, None) is sense_thresholds.DEFAULT


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("sweep.yaml", "senses: 2", "a config file is .json or .toml"),
        ("sweep.json", "[1, 2]", "one table of name = value pairs"),
        ("sweep.json", "{senses: 2}", "not JSON"),
        ("sweep.toml", "senses = ", "not TOML"),
    ],
)
def test_a_file_that_is_no_table_of_settings_is_a_clear_error(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        read_overrides(path)


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        read_overrides(tmp_path / "absent.toml")
