"""Every relative link of the README and of docs/ leads somewhere: to a file or folder that
exists and, where it names a section (`page.md#section`), to a heading of that page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
#: Pages that issue 12 has written on a branch beside this one (redesign-ledger); the link is
#: checked like any other once the page is here.
WRITTEN_ELSEWHERE = frozenset({"docs/architecture.md"})

_FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]\n]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)


def links(page: Path) -> list[str]:
    """The link targets of a Markdown page, code blocks and inline code left out."""
    text = _CODE.sub("", _FENCE.sub("", page.read_text("utf-8")))
    return _LINK.findall(text)


def anchors(page: Path) -> set[str]:
    """The section anchors GitHub gives a page's headings (a repeated one gets -1, -2...)."""
    seen: dict[str, int] = {}
    found = set()
    text = _FENCE.sub("", page.read_text("utf-8"))
    for heading in _HEADING.findall(text):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def broken(page: Path, target: str) -> str | None:
    """Why a relative link of `page` leads nowhere, or None where it resolves."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not ours to check
        return None
    path, _, section = target.partition("#")
    file = (page.parent / path).resolve() if path else page
    if not file.exists():
        if file.is_relative_to(ROOT) and file.relative_to(ROOT).as_posix() in WRITTEN_ELSEWHERE:
            return None
        return "no such file"
    if section and file.suffix == ".md" and section not in anchors(file):
        return f"no heading #{section} in {file.name}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    bad = [f"{target}: {why}" for target in links(page) if (why := broken(page, target))]
    assert not bad, f"{page.relative_to(ROOT).as_posix()} has broken links:\n" + "\n".join(bad)


def test_a_missing_page_or_section_is_caught(tmp_path: Path) -> None:
    """The check itself: a link to a page or a heading that is not there is reported."""
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## Two words\n\n[a](#two-words) [b](gone.md) [c](#nowhere)\n")
    assert [broken(page, target) for target in links(page)] == [
        None,
        "no such file",
        "no heading #nowhere in page.md",
    ]
