"""docs/policy.md says what the tool does: its tables name every role and every reason a
Word covers a concept, and each worked example in them is what `spell check` really says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.language.concepts import Role
from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models
from adjudicator.language.report import CoverKind
from adjudicator.rules.words import parse_words

POLICY = Path(__file__).resolve().parents[1] / "docs" / "policy.md"


def _table(header: str) -> list[list[str]]:
    """The rows of the table whose header line starts with `header`, as cells."""
    lines = POLICY.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_roles_table_names_every_role_the_parse_gives() -> None:
    assert {row[0] for row in _table("| role |")} == {role.value for role in Role}


def test_the_cover_table_names_every_reason_a_word_covers() -> None:
    assert {row[0] for row in _table("| why |")} == {kind.value for kind in CoverKind}


EXAMPLES = [row for row in _table("| why |") if re.fullmatch(r"(\[\w+\] ?)+", row[1])]


@pytest.fixture(scope="module")
def checker(models: Models) -> Coverage:
    return Coverage(models)


@pytest.mark.parametrize(
    ("why", "words", "intent", "concept"), EXAMPLES, ids=[r[0] for r in EXAMPLES]
)
def test_each_cover_example_is_covered_for_the_reason_given(
    checker: Coverage, why: str, words: str, intent: str, concept: str
) -> None:
    """ "The Words do not need to be exact" (rulebook, "Words of Power")."""
    report = checker.check(parse_words(words), intent)
    kinds = {
        item.best.kind.value
        for item in report.concepts
        if item.concept.text == concept and item.best is not None
    }
    assert kinds == {why}, report.to_dict()
    assert report.covered
