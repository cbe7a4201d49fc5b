"""`docs/combat-rules.md` stays honest: every test it names exists, every row names a test or
says it has none, and its list of gaps is exactly the rows without a (full) test.

Issue 7: "`docs/` (Markdown): ... the combat engine's rules coverage table (each rulebook rule
-> the test that checks it)". A test renamed or deleted without updating the table fails here.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "combat-rules.md"

#: A test named in the doc: `tests/<path>.py::<name>`, optionally `Class::name` or `name[id]`.
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::([\w:]+)(?:\[[^\]`]*\])?`")
#: A row of one of the coverage tables: `| 12 | section | rule | tests |`.
ROW = re.compile(r"^\| (\d+) \|")
#: A row number in the gaps lists: `- [12] ...` or `[12], [13]`.
LISTED = re.compile(r"\[(\d+)\]")


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text("utf-8")


def _rows(doc: str) -> dict[int, list[str]]:
    """The coverage rows by number: their cells, split at unescaped pipes."""
    rows: dict[int, list[str]] = {}
    for line in doc.splitlines():
        match = ROW.match(line)
        if match:
            cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
            assert len(cells) == 4, f"a row of the table needs 4 cells: {line}"
            number = int(match.group(1))
            assert number not in rows, f"row {number} appears twice"
            rows[number] = cells
    return rows


def _section(doc: str, heading: str) -> str:
    """The text under `heading` (a `###` heading) up to the next heading."""
    start = doc.index(f"\n{heading}\n")
    rest = doc[start + len(heading) + 2 :]
    following = re.search(r"^#{1,3} ", rest, re.MULTILINE)
    return rest if following is None else rest[: following.start()]


def _resolve(path: str, name: str) -> object:
    """The test function `name` in the file `path`, found by import and getattr."""
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    found: object = module
    for part in name.split("::"):
        found = getattr(found, part)
    return found


def test_the_doc_names_tests(doc: str) -> None:
    assert len(REFERENCE.findall(doc)) > 100


def test_every_test_the_doc_names_exists(doc: str) -> None:
    """Import each test's module and look the test up: a rename or deletion shows here."""
    missing = []
    for path, name in sorted(set(REFERENCE.findall(doc))):
        try:
            found = _resolve(path, name)
        except (ImportError, AttributeError):
            missing.append(f"{path}::{name}")
            continue
        if not (callable(found) and name.split("::")[-1].startswith("test")):
            missing.append(f"{path}::{name} (not a test function)")
    assert not missing, "docs/combat-rules.md names tests that do not exist; update it:\n" + (
        "\n".join(missing)
    )


def test_every_row_quotes_a_rule_and_names_a_test_or_says_it_has_none(doc: str) -> None:
    rows = _rows(doc)
    assert sorted(rows) == list(range(1, len(rows) + 1)), "rows are numbered 1, 2, 3, ..."
    for number, (_, section, rule, tests) in rows.items():
        assert section and rule, f"row {number} needs a section and a rule"
        assert REFERENCE.search(tests) or "**no test**" in tests, (
            f"row {number} names no test and does not say it has none"
        )
        assert not (REFERENCE.search(tests) and "**no test**" in tests), f"row {number}"


def test_the_gap_lists_are_exactly_the_rows_without_a_full_test(doc: str) -> None:
    """The lists at the end cannot drift from the table: each kind of row, each list."""
    rows = _rows(doc)
    kinds = {
        "### Rules with no test": "**no test** (gap)",
        "### Rules only partly tested": "*partly*:",
        "### Guidance with nothing to test": "**no test** (guidance to the table)",
    }
    for heading, marker in kinds.items():
        marked = {number for number, cells in rows.items() if marker in cells[3]}
        listed = {int(found) for found in LISTED.findall(_section(doc, heading))}
        assert listed == marked, heading


def test_the_summary_counts_the_rows(doc: str) -> None:
    rows = _rows(doc)
    guidance = sum("(guidance to the table)" in cells[3] for cells in rows.values())
    assert f"The table has {len(rows)} rows: {len(rows) - guidance} rules" in doc


def test_the_decisions_name_modules_that_exist(doc: str) -> None:
    """ "Decisions where the rulebook is silent" cites each module by its path."""
    decisions = doc[doc.index("## Decisions where the rulebook is silent") :]
    modules = re.findall(r"^### `([\w/]+\.py)`$", decisions, re.MULTILINE)
    assert "adjudicator/ledger/fights/combats.py" in modules and len(modules) > 5
    for module in modules:
        assert (ROOT / module).is_file(), module
