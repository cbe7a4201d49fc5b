"""The README's and the guide's examples are real: each story (the README; the guide's pages in
reading order) runs once against a new campaign, and each example prints what its page shows
(regenerate with `make readme`)."""

from pathlib import Path

import pytest

from adjudicator.language.models import Models
from tests.readme_examples import GUIDE, GUIDE_PAGES, ROOT, STORIES, examples, played


@pytest.mark.parametrize("story", STORIES, ids=["readme", "guide"])
def test_every_example_prints_what_its_page_shows(
    story: tuple[Path, ...], models: Models, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adjudicator.cli._models.shared_models", lambda: models)
    stale = [
        f"{story[run.page].relative_to(ROOT)}: $ {run.example.command}\n"
        f"--- shown\n{run.example.output}\n--- real\n{run.output}"
        for run in played([page.read_text("utf-8") for page in story])
        if run.output != run.example.output
    ]
    assert not stale, "examples are stale (run `make readme`):\n\n" + "\n\n".join(stale)


def test_every_guide_page_with_examples_is_played() -> None:
    """A page left out of the guide's reading order would have its examples never checked."""
    with_examples = {page for page in GUIDE.glob("*.md") if examples(page.read_text("utf-8"))}
    assert with_examples <= set(GUIDE_PAGES)
    assert all(page.is_file() for page in GUIDE_PAGES)
