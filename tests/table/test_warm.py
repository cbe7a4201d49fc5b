"""What the table keeps warm between requests: the vectors of texts it encoded, and the
precedent index while the ledger is unchanged; a write by anyone (here another connection,
as the CLI's would be) is seen by the next check. No timing here: the figures are
`benchmarks/bench_serve.py`'s."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from adjudicator.language.models import Models
from adjudicator.ledger import sessions
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.rulings import Proposal, Verdict, add_ruling
from adjudicator.rules.words import parse_words
from adjudicator.table.access import Access, Role
from tests.table.conftest import Table

pytestmark = pytest.mark.models


def test_kept_vectors_are_the_models_own_and_each_text_is_encoded_once(
    table: Table, models: Models, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = table.service.models
    texts = ["make the guard speak the truth", "turn the guard into stone"]
    expected = models.encode(texts)
    asked: list[list[str]] = []
    encode = Models.encode

    def counted(self: Models, wanted: Sequence[str]) -> np.typing.NDArray[np.float32]:
        asked.append(list(wanted))
        return encode(self, wanted)

    monkeypatch.setattr(Models, "encode", counted)
    first = kept.encode(texts)
    again = kept.encode([texts[1], "smash the metal door", texts[0]])
    assert asked == [texts, ["smash the metal door"]]
    np.testing.assert_allclose(first, expected, atol=1e-5)
    np.testing.assert_allclose(again[[0, 2]], expected[[1, 0]], atol=1e-5)


def test_the_index_is_kept_until_the_ledger_changes_and_a_new_ruling_is_seen(
    table: Table,
) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal]
    [Mist] the next": a ruling recorded elsewhere is a precedent for the very next check."""
    service = table.service
    with service.book() as book:
        first = service.read_checks(book)
        assert service.read_checks(book) is first
    intent = "make the guard speak the truth"
    body = {"words": ["Become", "Speech"], "intent": intent}
    storyteller = Access(Role.STORYTELLER)
    before = service.spell_check(storyteller, {**body, "caster": "Grum"})
    assert before["closest_precedents"] == [] or all(
        hit["id"].startswith("C") for hit in before["closest_precedents"]
    )
    with open_ledger(table.ledger) as book:
        proposal = Proposal("Grum", parse_words("Become Speech"), intent, Verdict.APPROVED)
        recorded = add_ruling(book, proposal)
    after = service.spell_check(storyteller, {**body, "caster": "Grum"})
    assert recorded.ruling.id in [hit["id"] for hit in after["closest_precedents"]]
    with service.book() as book:
        assert service.read_checks(book) is not first


def test_any_record_renews_the_kept_index(ledger_file: Path, table: Table) -> None:
    service = table.service
    with service.book() as book:
        first = service.read_checks(book)
    with open_ledger(ledger_file) as book:
        sessions.add_player(book, "Cleo")
    with service.book() as book:
        assert service.read_checks(book) is not first
