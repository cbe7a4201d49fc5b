"""The table's API, in process (FastAPI's TestClient) with the session's models: who may do
what, spell requests and rulings, the Deck's prompts, the board, and bad input."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.language.models import Models
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import hand_of
from adjudicator.ledger.records import verify
from adjudicator.ledger.spell_requests import list_requests
from adjudicator.precedent.retrieval import PrecedentIndex
from adjudicator.table.access import load_tokens, tokens_path
from tests.table.conftest import Table

runner = CliRunner()
pytestmark = pytest.mark.models

INTENT = "make the guard speak the truth"
MUTE: dict[str, object] = {"words": ["Become", "Speech"], "intent": INTENT}


def test_health_answers_without_a_token(table: Table) -> None:
    response = table.client.get("/api/health")
    assert response.status_code == 200 and response.json()["ok"] is True


def test_spell_check_answers_the_same_json_as_the_cli(
    table: Table, models: Models, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`POST /api/spell-check` and `adjudicator spell check --json` share one function."""
    monkeypatch.setattr("adjudicator.cli._models.shared_models", lambda: models)

    def open_index(book: Any) -> PrecedentIndex:
        return PrecedentIndex(book, models)

    monkeypatch.setattr("adjudicator.cli.precedent.open_index", open_index)
    code, data = table.post("Bram", "/api/spell-check", {**MUTE, "caster": "Grum"})
    assert code == 200
    result = runner.invoke(
        app,
        ["spell", "check", "[Become] [Speech]", INTENT, "--caster", "Grum",
         "--ledger", str(table.ledger), "--json", "--no-server"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert data == json.loads(result.stdout)
    assert isinstance(data, dict) and data["structural_problems"] == []


def test_no_token_or_a_wrong_one_is_401_and_names_the_fix(table: Table) -> None:
    assert table.client.post("/api/spell-check", json=MUTE).status_code == 401
    wrong = table.client.get("/api/state", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401 and "table links" in wrong.json()["hint"]
    assert table.client.get("/?token=nope").status_code == 401


def test_a_player_uses_only_their_own_characters(table: Table) -> None:
    code, data = table.post("Ann", "/api/spell-check", {**MUTE, "caster": "Grum"})
    assert code == 403 and "only for themselves" in str(data)
    code, _ = table.post("Ann", "/api/requests", {**MUTE, "caster": "Grum"})
    assert code == 403


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        (b"[1", 400, "not JSON"),
        (b"[1, 2]", 400, "a JSON object"),
        (b'{"words": 3, "intent": "x", "caster": "Grum"}', 400, "list of Words"),
        (b'{"words": ["Become"], "caster": "Grum"}', 400, "intent is required"),
        (b'{"words": ["Be[come"], "intent": "x", "caster": "Grum"}', 400, ""),
        (b'{"words": ["Become"], "intent": "x", "caster": "Nobody"}', 404, "Nobody"),
        (b"\xff\xfe", 400, "not JSON"),
    ],
)
def test_bad_input_is_a_clear_4xx_never_a_500(
    table: Table, body: bytes, status: int, says: str
) -> None:
    response = table.client.post("/api/spell-check", content=body, headers=table.headers("Bram"))
    assert response.status_code == status, response.text
    assert says in response.json()["error"]


def test_a_body_over_the_limit_is_refused(table: Table) -> None:
    big = json.dumps({"intent": "x" * 70_000, "words": ["Fire"]})
    response = table.client.post("/api/spell-check", content=big, headers=table.headers("Bram"))
    assert response.status_code == 413


def test_a_post_from_another_site_is_refused(table: Table) -> None:
    """Cross-site request forgery: another site's page cannot post to the table."""
    headers = {**table.headers("storyteller"), "Origin": "http://evil.example"}
    response = table.client.post("/api/policies", json={"text": "x"}, headers=headers)
    assert response.status_code == 403
    with open_ledger(table.ledger) as book:
        assert book.db.execute("SELECT count(*) FROM policies").fetchone()[0] == 0


def test_a_request_is_analysed_approved_once_and_the_player_sees_the_ruling(table: Table) -> None:
    """ "The Storyteller articulates the specific implementation or vetoes for insufficient
    Word coverage": the request waits in the queue, analysed, until ruled; a second ruling
    on it is refused as already ruled."""
    code, sent = table.post("Bram", "/api/requests", {**MUTE, "caster": "Grum"})
    assert code == 201 and isinstance(sent, dict) and sent["id"] == "Q1"
    code, seen = table.get("Ann", "/api/state")
    assert code == 200 and isinstance(seen, dict) and seen["requests"] == []  # not Ann's
    assert "rulings" not in seen and [c["name"] for c in seen["characters"]] == ["Snazzle"]
    code, analysis = table.get("storyteller", "/api/requests/Q1/analysis")
    assert code == 200 and isinstance(analysis, dict)
    assert analysis["coverage"]["concepts"] and "neighbours" in analysis
    assert set(analysis["if"]) == {"approved", "vetoed"}
    assert table.get("Bram", "/api/requests/Q1/analysis")[0] == 403
    ruling = {"verdict": "approved", "implementation": {"duration": "one round"}}
    code, refused = table.post("Bram", "/api/requests/Q1/ruling", ruling)
    assert code == 403 and "only the Storyteller" in str(refused)
    code, done = table.post("storyteller", "/api/requests/Q1/ruling", ruling)
    assert code == 201 and isinstance(done, dict) and done["ruling"]["id"] == "R1"
    assert [w["text"] for w in done["spent"]] == ["Speech"]
    code, again = table.post("storyteller", "/api/requests/Q1/ruling", {"verdict": "vetoed"})
    assert code == 409 and "already ruled: R1" in str(again)
    code, state = table.get("Bram", "/api/state")
    assert isinstance(state, dict)
    assert state["requests"][0]["ruling"] == "R1"
    assert state["request_rulings"]["R1"]["implementation"]["duration"] == "one round"
    with open_ledger(table.ledger) as book:
        verify(book)
        assert [w.text for w in hand_of(book, "Bram")] == ["Lead", "Person", "Summon", "Metal"]


def test_a_veto_names_the_missing_words(table: Table) -> None:
    table.post("Bram", "/api/requests", {**MUTE, "caster": "Grum"})
    body = {"verdict": "vetoed", "needs": ["Truth"], "reason": "nothing covers the truth"}
    code, done = table.post("storyteller", "/api/requests/Q1/ruling", body)
    assert code == 201 and isinstance(done, dict)
    assert done["ruling"]["needs"] == ["Truth"] and done["spent"] == []


def test_a_player_drafts_from_their_own_words(table: Table) -> None:
    """ "One of these Words must be an Inherent Word": the draft is built from Grum's
    Inherent Words and Bram's hand."""
    body = {"intent": "make the guard speak", "caster": "Grum"}
    code, drafted = table.post("Bram", "/api/spell-draft", body)
    assert code == 200 and isinstance(drafted, dict) and "Speech" in drafted["words"]
    assert drafted["caster"]["name"] == "Grum"
    assert table.post("Ann", "/api/spell-draft", body)[0] == 403


def test_only_the_storyteller_announces_policy(table: Table) -> None:
    """ "If a mistake was made and the policy needs to change, the Storyteller should state
    that openly before it comes up." """
    policy = {"text": "Conjured metal needs [Summon]", "supersedes": ["C4"], "concept": "Summon"}
    assert table.post("Ann", "/api/policies", policy)[0] == 403
    code, made = table.post("storyteller", "/api/policies", policy)
    assert code == 201 and isinstance(made, dict) and made["supersedes"] == ["C4"]


def test_the_deck_asks_a_homonyms_meaning_as_numbered_choices(table: Table) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which
    one you mean." """
    words = ["Lead", "Mist", "Metal", "Speech", "Summon"]
    code, asked = table.post("Ann", "/api/deck/submit", {"words": words})
    assert code == 200 and isinstance(asked, dict) and asked["submitted"] is False
    lead = next(p for p in asked["prompts"] if p["word"] == "Lead")
    assert lead["kind"] == "homonym" and len(lead["choices"]) >= 2
    senses = {p["word"]: p["choices"][0] for p in asked["prompts"]}
    code, done = table.post("Ann", "/api/deck/submit", {"words": words, "senses": senses})
    assert code == 200 and isinstance(done, dict) and done["submitted"] is True
    assert table.post("Ann", "/api/deck/submit", {"words": words, "player": "Bram"})[0] == 403


def test_the_deck_offers_the_fix_of_a_typo(table: Table) -> None:
    code, asked = table.post("Ann", "/api/deck/submit", {"words": ["Teleprot", "Fire", "Mist"]})
    assert code == 200 and isinstance(asked, dict)
    [typo] = asked["prompts"]
    assert typo["kind"] == "typo" and "Teleport" in typo["choices"]


def test_the_board_lists_the_acting_units_actions_to_whoever_may_take_them(table: Table) -> None:
    code, board = table.get("storyteller", "/api/board")
    assert code == 200 and isinstance(board, dict)
    assert board["acting"] == "Snazzle" and "<svg" in board["svg"]
    assert board["whose"] == "Snazzle's turn, 2 actions left"  # worded, never "action(s)"
    move = next(a for a in board["legal"] if a["label"].startswith("Move unit=Snazzle to=D2"))
    code, bram = table.get("Bram", "/api/board")
    assert isinstance(bram, dict) and bram["may_act"] is False and bram["legal"] == []
    assert table.post("Bram", "/api/combat/play", {"command": move["command"]})[0] == 403
    code, _ = table.post("Ann", "/api/combat/play", {"command": move["command"]})
    assert code == 200  # Snazzle is Ann's character, acting now
    code, after = table.get("Bram", "/api/board")
    assert isinstance(after, dict) and after["units"]["Snazzle"] == "D2"
    assert after["whose"] == "Snazzle's turn, 1 action left"
    code, stale = table.post("storyteller", "/api/combat/play", {"command": move["command"]})
    assert code == 409 and "not legal now" in str(stale)
    assert table.post("Ann", "/api/combat/undo", {})[0] == 403
    assert table.post("storyteller", "/api/combat/undo", {})[0] == 200
    assert table.get("Bram", "/api/board")[1]["units"]["Snazzle"] == "D3"  # type: ignore[index]


def test_links_carry_tokens_kept_beside_the_ledger_for_its_owner_only(table: Table) -> None:
    result = runner.invoke(app, ["table", "links", "--ledger", str(table.ledger), "--json"])
    assert result.exit_code == 0, result.output
    links = json.loads(result.stdout)
    assert links["storyteller"].endswith("?token=" + table.tokens.storyteller)
    assert set(links["players"]) == {"Ann", "Bram"}
    mode = stat.S_IMODE(tokens_path(table.ledger).stat().st_mode)
    assert mode == 0o600


def test_rotated_tokens_stop_the_old_links_at_once(table: Table) -> None:
    old = table.headers("Bram")
    assert table.client.get("/api/state", headers=old).status_code == 200
    result = runner.invoke(app, ["table", "links", "--ledger", str(table.ledger), "--rotate"])
    assert result.exit_code == 0, result.output
    assert table.client.get("/api/state", headers=old).status_code == 401
    fresh = load_tokens(table.ledger, ["Ann", "Bram"])
    new = {"Authorization": f"Bearer {fresh.players['Bram']}"}
    assert table.client.get("/api/state", headers=new).status_code == 200


def test_pages_pick_the_storyteller_or_the_player_view(table: Table) -> None:
    screen = table.client.get("/?token=" + table.tokens.storyteller)
    assert screen.status_code == 200 and "Spell requests" in screen.text
    phone = table.client.get("/?token=" + table.tokens.players["Ann"])
    assert "Draft a spell" in phone.text and "Spell requests" not in phone.text
    assert phone.headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self'" in phone.headers["content-security-policy"]


def test_cli_commands_need_the_local_token(table: Table) -> None:
    body = {"command": "precedent search", "params": {"query": "x"}}
    assert table.post("storyteller", "/api/cli", body)[0] == 403
    response = table.client.post("/api/cli", json=body, headers={"Authorization": "Bearer local-x"})
    assert response.status_code == 403  # this test's app runs no CLI commands


def test_requests_are_stored_as_chained_records(ledger_file: Path) -> None:
    from adjudicator.ledger.spell_requests import request_spell
    from adjudicator.rules.words import parse_words

    with open_ledger(ledger_file) as book:
        request_spell(book, "Bram", "Grum", parse_words("Become Speech"), "make him talk")
        [stored] = list_requests(book)
        assert stored.id == "Q1" and stored.ruling is None
        assert verify(book).records >= 1
