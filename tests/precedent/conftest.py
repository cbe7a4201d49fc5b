"""Fixtures: a ledger with a table seated and session 1 open (as in tests/ledger)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.ledger.database import Ledger
from tests.ledger.helpers import new_ledger, seat_table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Ledger]:
    with new_ledger(tmp_path / "campaign.sqlite") as opened:
        seat_table(opened)
        yield opened
