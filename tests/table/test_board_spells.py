"""Spells on the Storyteller's board, through the API over a real ledger: the acting unit's
approved ruling offered as "Cast R1 ...", then a counterspell offered while it is on the
stack; both played through the calls `combat cast --ruling` and `combat counter` make, and
refused to a player's token."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import hand_of
from adjudicator.ledger.records import verify
from adjudicator.table.service import action_text
from tests.table.conftest import Table

pytestmark = pytest.mark.models

SPELL: dict[str, object] = {
    "caster": "Grum",
    "words": ["Become", "Speech"],
    "intent": "make the guard speak the truth",
}


def board(table: Table, who: str = "storyteller") -> dict[str, Any]:
    code, data = table.get(who, "/api/board")
    assert code == 200 and isinstance(data, dict)
    return data


def approve_and_reach_grums_turn(table: Table) -> dict[str, Any]:
    """Bram asks, the Storyteller approves (R1), and turns end until Grum acts."""
    assert table.post("Bram", "/api/requests", SPELL)[0] == 201
    ruling = {"verdict": "approved", "implementation": {"duration": "one round"}}
    assert table.post("storyteller", "/api/requests/Q1/ruling", ruling)[0] == 201
    for _ in range(4):
        seen = board(table)
        if seen["acting"] == "Grum":
            return seen
        assert seen["cast"] == [], "only the acting unit's own rulings are offered"
        end = next(a for a in seen["legal"] if a["label"] == "EndTurn")
        assert table.post("storyteller", "/api/combat/play", {"command": end["command"]})[0] == 200
    raise AssertionError("Grum never acted")


def test_the_acting_units_approved_ruling_is_offered_as_a_cast_with_its_targets(
    table: Table,
) -> None:
    """ "Casting any spell takes an action." The approved ruling R1 is Grum's spell: on his
    turn the Storyteller's board offers it, with a target picker of the units the engine
    accepts; a player's board offers no spells."""
    seen = approve_and_reach_grums_turn(table)
    [offer] = seen["cast"]
    assert offer["ruling"] == "R1" and offer["words"] == "[Become] [Speech]"
    texts = [choice["text"] for choice in offer["choices"]]
    assert texts[0] == "Cast R1 [Become] [Speech]"  # no target: no attack roll
    assert "Cast R1 [Become] [Speech] on Orc without an attack roll" in texts
    # The Orc stands at D7, out of Grum's reach at D4: no touch is offered on it.
    assert "Cast R1 [Become] [Speech] on Orc by touch" not in texts
    assert board(table, "Bram")["cast"] == [] and board(table, "Bram")["counter"] == []


def test_a_cast_and_a_counterspell_from_the_board_spend_nothing_twice(table: Table) -> None:
    """ "Fate Weavers may counterspell as long as they have line of sight." and "Counterspells
    may be counterspelled." After Grum casts R1 on the Orc, the Orc's [Fly] is offered over
    each Word, then Grum's Words over the Orc's; the Drawn Word R1 spent at approval is not
    spent again, and only the Storyteller's token may cast or counter."""
    seen = approve_and_reach_grums_turn(table)
    wanted = "Cast R1 [Become] [Speech] on Orc without an attack roll"
    choice = next(c for c in seen["cast"][0]["choices"] if c["text"] == wanted)
    code, refused = table.post("Bram", "/api/combat/cast", choice["body"])
    assert code == 403 and "only the Storyteller may cast a spell" in str(refused)
    code, cast = table.post("storyteller", "/api/combat/cast", choice["body"])
    assert code == 200 and isinstance(cast, dict)
    assert "Grum casts R1 [Become] [Speech] on Orc" in cast["summary"]

    after = board(table)
    assert after["cast"] == [] and [a["label"] for a in after["legal"]] == ["Resolve"]
    [orc] = after["counter"]
    texts = [c["text"] for c in orc["choices"]]
    assert texts == ["Counter [Become] with [Fly] by Orc", "Counter [Speech] with [Fly] by Orc"]
    over_speech = orc["choices"][1]["body"]
    assert over_speech == {"unit": "Orc", "words": ["Fly"], "over": [2]}
    code, refused = table.post("Ann", "/api/combat/counter", over_speech)
    assert code == 403 and "only the Storyteller may counterspell" in str(refused)
    code, countered = table.post("storyteller", "/api/combat/counter", over_speech)
    assert code == 200 and isinstance(countered, dict)
    # The Orc's own layer is on top (and its hand is empty): now Grum may answer it.
    [grum] = board(table)["counter"]
    assert grum["unit"] == "Grum" and "Counter [Fly] with [Summon] by Grum" in [
        c["text"] for c in grum["choices"]
    ]

    code, again = table.post("storyteller", "/api/combat/cast", choice["body"])
    assert code == 400 and "already cast" in str(again)
    with open_ledger(table.ledger) as book:
        verify(book)
        assert [w.text for w in hand_of(book, "Bram")] == ["Lead", "Person", "Summon", "Metal"]


@pytest.mark.parametrize(
    ("path", "body", "says"),
    [
        ("/api/combat/cast", {}, "ruling is required"),
        ("/api/combat/cast", {"ruling": "R1", "delivery": "sideways"}, "no delivery"),
        ("/api/combat/cast", {"ruling": "R1", "target": 3}, "target is a unit"),
        ("/api/combat/cast", {"ruling": "R99"}, "R99"),
        ("/api/combat/counter", {"unit": "Orc"}, "words is a list"),
        ("/api/combat/counter", {"unit": "Orc", "words": ["Fly"], "over": [1, 2]}, "number(s)"),
        ("/api/combat/counter", {"unit": "Orc", "words": ["Fly"]}, "no spell"),
    ],
)
def test_bad_spell_actions_are_a_clear_4xx(
    table: Table, path: str, body: dict[str, object], says: str
) -> None:
    code, data = table.post("storyteller", path, body)
    assert 400 <= code < 500 and says in str(data), data


def test_spell_buttons_read_as_a_player_says_them() -> None:
    assert action_text("Cast ruling=R1 words=[Fire] [Ball] on=Big Orc delivery=ranged",
                       "Sage") == "Cast R1 [Fire] [Ball] on Big Orc at range"  # fmt: skip
    assert action_text("Counter over=[Ball] with=[Fly] by=Sage", "Sage") == (
        "Counter [Ball] with [Fly] by Sage"
    )
    assert action_text("Move unit=Snazzle to=C1", "Snazzle") == "Move to C1"
