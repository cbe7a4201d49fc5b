"""Precedent through the real CLI: the rulebook's [Metal] [Mist] scenario end to end, search,
and the evaluation command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from tests.ledger.helpers import sense_options, snapshot

pytestmark = pytest.mark.models

runner = CliRunner()

MIST = "fill the corridor with a mist of metal shards that shreds whoever moves through it"
REWORDED = "choke the hallway with a haze of steel splinters that slices anyone walking in it"


def run(ledger: Path, *args: str, code: int = 0) -> Any:
    """Run a command on `ledger`; its JSON with --json, else its output (stderr on error)."""
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "300"})
    assert result.exit_code == code, result.output + result.stderr
    if code == 0 and "--json" in args:
        return json.loads(result.stdout)
    return result.stdout if code == 0 else result.stdout + result.stderr


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann plays Vex and Bram plays Grum, both with [Metal] as an Inherent Word; each holds
    [Mist] and [Summon]; session 1 is open."""
    path = tmp_path_factory.mktemp("precedent") / "campaign.sqlite"
    run(path, "init", "--name", "Shadehill")
    for player, character in (("Ann", "Vex"), ("Bram", "Grum")):
        run(path, "player", "add", player)
        run(
            path, "character", "add", character, "--player", player, "--faction", "Orc",
            "--tags", "Brave, Loud, Hungry", "--words", "Metal, Smash, Stone",
            "--sense", "Stone=rock", "--armor", "Chainmail", "--weapon", "Axe",
        )  # fmt: skip
    run(path, "session", "start")
    for player, words in (("Ann", "Mist, Summon, Zone, Ball, Trap"),
                          ("Bram", "Mist, Summon, Speech, Lead, Person")):  # fmt: skip
        run(path, "deck", "submit", player, words, *sense_options(words))
        run(path, "deck", "approve", player)
    for player in ("Ann",) * 5 + ("Bram",) * 5:
        run(path, "deck", "draw", player, "--for", "killing_blow")
    return path


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(template, path)
    return path


def test_the_metal_mist_rule_end_to_end(book: Path, tmp_path: Path) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal] [Mist]
    the next. If a mistake was made and the policy needs to change, the Storyteller should
    state that openly before it comes up." Approve [Metal] [Mist]; a later veto demanding
    [Summon] for the same intent reworded is refused as stricter, and nothing is written;
    announcing the policy first lets it through; the export shows the policy."""
    approved = run(book, "ruling", "add", "--caster", "Vex", "[Metal] [Mist]", MIST,
                   "--approve", "--area", "the corridor", "--damage", "1", "--json")  # fmt: skip
    assert approved["id"] == "R1" and approved["checks"]["precedent"]["conflict"] is None
    before = snapshot(book)
    refused = run(book, "ruling", "add", "--caster", "Grum", "[Metal] [Mist]", REWORDED,
                  "--veto", "--needs", "Summon", code=1)  # fmt: skip
    text = " ".join(refused.split())
    assert "Stricter than precedent R1" in text and "error: stricter than precedent" in text
    assert "R1 (session 1) [Metal] [Mist] approved" in text  # its session, Words, verdict
    assert "shreds whoever moves" in text  # its intent
    assert "rule: If [Metal] [Mist] was enough one day" in text and "confidence" in text
    assert "hint: rule anyway with --overrule" in text
    assert snapshot(book) == before
    run(book, "policy", "announce", "Conjuring metal from nothing now needs [Summon]",
        "--supersedes", "R1", "--concept", "Summon")  # fmt: skip
    vetoed = run(book, "ruling", "add", "--caster", "Grum", "[Metal] [Mist]", REWORDED,
                 "--veto", "--needs", "Summon", "--json")  # fmt: skip
    assert vetoed["id"] == "R2" and vetoed["checks"]["precedent"]["conflict"] is None
    released = {f["precedent"]: f["released"] for f in vetoed["checks"]["precedent"]["findings"]}
    assert released["R1"] == "superseded by policy P1"
    out = tmp_path / "log.md"
    run(book, "export", "--format", "md", "--out", str(out))
    log = out.read_text("utf-8")
    assert "### P1" in log and "Conjuring metal from nothing now needs" in log
    assert "superseded by [P1](#p1)" in log and "| Supersedes | [R1](#r1) |" in log
    assert run(book, "ledger", "verify", "--json")["ok"]
    index = run(book, "precedent", "index", "--json")
    assert index["ok"] and index["missing_vectors"] == 0 and index["rulings"] == 17


def test_search_ranks_rulings_and_shows_why(book: Path) -> None:
    """`precedent search "query" [--words ...] [--limit N]`: canon included, with each
    component of the score."""
    hits = run(book, "precedent", "search", "a mist of metal that shreds whoever moves",
               "--words", "[Metal] [Mist]", "--limit", "3", "--json")  # fmt: skip
    assert len(hits) == 3 and hits[0]["id"] == "C4"
    assert set(hits[0]["scores"]) == {"total", "semantic", "lexical", "words"}
    shown = run(book, "precedent", "search", "stop this guy talking", "--limit", "2")
    assert "C1" in shown and "meaning" in shown


def test_checks_can_be_skipped_openly_and_answers_need_a_conflict(book: Path) -> None:
    """Without models, `--no-checks` records and says so; `--overrule` with nothing to
    overrule is an error, not a silent no-op."""
    out = run(book, "ruling", "add", "--caster", "Vex", "[Metal] [Zone]", "a zone of iron",
              "--veto", "--no-checks")  # fmt: skip
    assert "Recorded without coverage, sense or precedent checks" in out
    err = run(book, "ruling", "add", "--caster", "Vex", "[Metal] [Zone]", "a zone of iron",
              "--veto", "--no-checks", "--overrule", "x", code=1)  # fmt: skip
    assert "not with --no-checks" in err


def test_eval_precedent_scores_a_cases_file(tmp_path: Path) -> None:
    """`adjudicator eval precedent FILE.jsonl --out PRED.jsonl` prints macro-F1, the
    false-accusation rate and precedent-in-top-3, and writes one prediction a line."""
    cases = [
        {"id": "a", "ledger": [{"id": "r1", "session": 1, "words": ["Open", "Lock"],
                                "intent": "spring the lock on the paymaster's coffer",
                                "verdict": "approved"}],
         "policies": [], "conflict": "stricter", "precedent": "r1",
         "proposal": {"session": 2, "words": ["Open", "Lock"], "verdict": "vetoed",
                      "intent": "unlock the paymaster's coffer", "required_words": ["Key"]}},
        {"id": "b", "ledger": [{"id": "r1", "session": 1, "words": ["Ball", "Fire"],
                                "intent": "trap a balloon with fire", "verdict": "vetoed",
                                "required_words": ["Trap"]}],
         "policies": [{"id": "p1", "session": 2, "text": "Fire snares need no [Trap]",
                       "supersedes": ["r1"]}], "conflict": None, "precedent": None,
         "proposal": {"session": 3, "words": ["Ball", "Fire"], "verdict": "approved",
                      "intent": "snare the balloon inside a cage of flame"}},
    ]  # fmt: skip
    path, out = tmp_path / "cases.jsonl", tmp_path / "pred.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in cases), "utf-8")
    result = runner.invoke(
        app, ["eval", "precedent", str(path), "--out", str(out)], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 0, result.output + result.stderr
    assert "conflict macro-F1:      1.000" in result.stdout
    assert "false accusations:      0.000" in result.stdout
    assert "precedent in top 3:     1.000" in result.stdout
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert lines[0] == {"id": "a", "conflict": "stricter", "precedent": "r1", "ranked": ["r1"]}
    assert lines[1]["conflict"] is None


def test_without_models_ruling_add_names_the_fix(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "A missing model package is a clear error naming the install command, never a
    download attempt and never a silent fallback to something weaker." (DESIGN.md)"""
    from adjudicator.cli import _models
    from adjudicator.language.models import ENCODER, Models, ModelSpec, load_manifest

    manifest = load_manifest()
    manifest[ENCODER] = ModelSpec(ENCODER, "no-such-encoder", "no_such_encoder", "1.0", ())
    monkeypatch.setattr(_models, "shared_models", lambda: Models(manifest))
    before = snapshot(book)
    err = run(book, "ruling", "add", "--caster", "Vex", "[Metal] [Mist]", MIST, "--approve",
              code=1)  # fmt: skip
    text = " ".join(err.split())
    assert "error: the checks of `ruling add` need the language models" in text
    assert "pip install 'no-such-encoder==1.0'" in text and "--no-checks" in text
    assert snapshot(book) == before
