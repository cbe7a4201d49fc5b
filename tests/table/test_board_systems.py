"""The table's board shows the campaign's current fight, whatever its game system: a
Words of Power fight drawn with its legal actions, another system's (Murdham here) as its
status in text, a line per character and whose turn it is, read only (its commands are the
CLI's)."""

from __future__ import annotations

import pytest

from tests.table.campaign import murdham_fight
from tests.table.conftest import Table

pytestmark = pytest.mark.models


def test_the_board_shows_the_current_murdham_fight_as_text_and_whose_turn(table: Table) -> None:
    murdham_fight(table.ledger)
    code, board = table.get("storyteller", "/api/board")
    assert code == 200 and isinstance(board, dict)
    assert board["combat"] == "F2" and board["system"] == "murdham"
    assert board["title"] == "F2: The ferry ramp" and board["system_title"] == "Murdham"
    assert board["acting"] == "Grum" and "Grum's turn: 2 zones of movement" in board["whose"]
    assert [line.split(" (")[0] for line in board["roster"]] == ["Grum", "Bandit"]
    assert "[Deck]" in board["text"] and board["legal"] == [] and board["can_undo"] is False
    bram, ann = (table.get(who, "/api/board")[1] for who in ("Bram", "Ann"))
    assert isinstance(bram, dict) and isinstance(ann, dict)
    assert bram["may_act"] is True and ann["may_act"] is False  # Grum is Bram's


def test_the_board_keeps_a_words_of_power_fight_drawn(table: Table) -> None:
    code, board = table.get("storyteller", "/api/board")
    assert code == 200 and isinstance(board, dict)
    assert board["system"] == "words-of-power" and "<svg" in board["svg"]
