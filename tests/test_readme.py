"""The README's examples are real: run in order against a new campaign, each prints what the
README shows (regenerate with `make readme`)."""

import pytest

from adjudicator.language.models import Models
from tests.readme_examples import README, played


def test_every_readme_example_prints_what_the_readme_shows(
    models: Models, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adjudicator.cli._models.shared_models", lambda: models)
    stale = [
        f"$ {example.command}\n--- README\n{example.output}\n--- real\n{output}"
        for example, output in played(README.read_text("utf-8"))
        if output != example.output
    ]
    assert not stale, "README examples are stale (run `make readme`):\n\n" + "\n\n".join(stale)
