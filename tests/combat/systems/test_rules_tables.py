"""`docs/combat-murdham.md`, `combat-spellwoven.md` and `combat-weird-wizard.md` stay
honest: every test they name exists, every row names a test or says why it has none, and
the gaps list is exactly the rows without a (full) test."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]
DOCS = [
    ROOT / "docs" / f"combat-{system}.md" for system in ("murdham", "spellwoven", "weird-wizard")
]
REFERENCE = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
ROW = re.compile(r"^\| (\d+) \|(.*)$", re.MULTILINE)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_test_the_doc_names_exists(doc: Path) -> None:
    text = doc.read_text("utf-8")
    missing = []
    for path, name in sorted(set(REFERENCE.findall(text))):
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        if not callable(getattr(module, name, None)) or not name.startswith("test"):
            missing.append(f"{path}::{name}")
    assert not missing, f"{doc.name} names tests that do not exist:\n" + "\n".join(missing)
    assert len(set(REFERENCE.findall(text))) > 25


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_the_gaps_list_the_rows_without_a_full_test(doc: Path) -> None:
    text = doc.read_text("utf-8")
    rows = {int(number): rest for number, rest in ROW.findall(text)}
    assert sorted(rows) == list(range(1, len(rows) + 1))
    without = {n for n, rest in rows.items() if "**no test**" in rest or "*partly*" in rest}
    gaps = text[text.index("## Gaps") : text.index("## Beyond")]
    listed = {int(n) for n in re.findall(r"\[(\d+)\]", gaps)}
    assert listed == without
    for n, rest in rows.items():
        assert REFERENCE.search(rest) or "**no test**" in rest, f"row {n} names no test"
