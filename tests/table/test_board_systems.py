"""The table's board shows Words of Power fights only (issue 15): a fight of another game
system started after one does not take the board over, and does not break it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from tests.table.conftest import Table

runner = CliRunner()
pytestmark = pytest.mark.models


def test_the_board_keeps_the_words_of_power_fight_when_a_murdham_one_starts(table: Table) -> None:
    started = runner.invoke(
        app,
        ["combat", "start", "--system", "murdham", "--seed", "1", "--ledger", str(table.ledger)],
    )
    assert started.exit_code == 0, started.output
    code, board = table.get("storyteller", "/api/board")
    assert code == 200 and isinstance(board, dict) and board["acting"] == "Snazzle"
