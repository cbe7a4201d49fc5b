"""Spells on the Storyteller's board, through the API over a real ledger: the acting unit's
approved ruling offered as "Cast R1 ...", then a counterspell offered while it is on the
stack; both played through the calls `combat cast --ruling` and `combat counter` make, and
refused to a player's token. And the odds of the dice a request involves, in its analysis."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.language.models import Models
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import hand_of
from adjudicator.ledger.records import verify
from adjudicator.table.odds import TOUCH_RULE
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
        ("/api/combat/counter", {"unit": "Orc", "words": ["Fly"], "over": [1, 2]}, "2 numbers"),
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


def test_the_analysis_gives_the_touch_attacks_exact_odds_in_a_fight(table: Table) -> None:
    """ "Without modifiers, casters must land a 1d6 unarmed attack to impart spell effects."
    Grum fights in F1: his request's analysis gives the engine's exact odds of that touch
    against each unit on the board, enemies first."""
    from adjudicator.ledger.fights.steps import load_combat

    assert table.post("Bram", "/api/requests", SPELL)[0] == 201
    code, analysis = table.get("storyteller", "/api/requests/Q1/analysis")
    assert code == 200 and isinstance(analysis, dict)
    odds = analysis["odds"]
    assert odds["combat"] == "F1" and odds["unit"] == "Grum" and odds["rule"] == TOUCH_RULE
    assert [t["target"] for t in odds["targets"]] == ["Orc", "Snazzle"]
    orc = odds["targets"][0]
    with open_ledger(table.ledger) as book:
        engine = load_combat(book).combat.odds("Grum", "Orc", "Unarmed")
    assert orc["hit_die"] == 6 and orc["hit"]["fraction"] == str(engine.hit)
    assert {k: v["fraction"] for k, v in orc["outcomes"].items()} == {
        k: str(v) for k, v in engine.as_dict().items()
    }
    assert orc["outcomes"]["critical"]["fraction"] == "1/6"


def test_no_dice_no_odds_outside_a_fight(tmp_path: Path, models: Models) -> None:
    """Skill checks are for "a non-magical, non-combat action", and "Without a counterspell,
    spells just have their full effect without resistance": out of a fight a spell request
    rolls no die, and the analysis says nothing of odds."""
    from adjudicator.ledger.spell_requests import request_spell
    from adjudicator.rules.words import parse_words
    from adjudicator.table.access import Access, Role, load_tokens
    from adjudicator.table.service import TableConfig, TableService
    from tests.table.campaign import build_campaign

    path = build_campaign(tmp_path / "calm.sqlite", fight=False)
    with open_ledger(path) as book:
        request_spell(book, "Bram", "Grum", parse_words("Become Speech"), "make him talk")
    config = TableConfig(ledger=path, tokens=load_tokens(path, []), models=models)
    analysis = TableService(config).analysis(Access(Role.STORYTELLER), "Q1")
    assert analysis["odds"] is None
