"""`spell check` and `ruling add` read their intent once (issue 12, "one pass per intent"):
coverage, the judge, the sense checks and precedent share one parse and one transformer
pass, and the vector precedent compares and stores is that reading's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.language import intent as reading_module
from adjudicator.language import walker
from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models
from adjudicator.precedent.retrieval import PrecedentIndex
from adjudicator.precedent.ruling_checks import RulingChecks
from adjudicator.rules.words import parse_words
from tests.language.test_intent import Counted
from tests.ledger.helpers import new_ledger, seat_table

pytestmark = pytest.mark.models


@pytest.fixture
def checks(tmp_path: Path, models: Models) -> Iterator[RulingChecks]:
    with new_ledger(tmp_path / "campaign.sqlite") as ledger:
        seat_table(ledger)
        yield RulingChecks(PrecedentIndex(ledger, models, coverage=Coverage(models)))


def test_findings_read_the_intent_once(
    checks: RulingChecks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal]
    [Mist] the next": the closest precedent is found from the same reading that coverage
    used."""
    parses, passes = Counted(walker.parse), Counted(reading_module.forward)
    monkeypatch.setattr(walker, "parse", parses)
    monkeypatch.setattr(reading_module, "forward", passes)
    intent = "a haze of metal that shreds whoever walks through it"
    reading = checks.index.coverage.read(intent)
    found = checks.findings(parse_words("Metal Mist"), reading)
    assert (parses.calls, passes.calls) == (1, 1)
    assert found.reading.vector is reading.vector
    assert found.coverage.analysis is reading.analysis(parse_words("Metal Mist"))
    assert [hit.precedent.id for hit in found.neighbours][:1] == ["C4"]
