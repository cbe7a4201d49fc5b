"""`adjudicator spell parse|check|draft` and `adjudicator eval coverage`."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.language.coverage import Coverage
from adjudicator.language.models import Models
from adjudicator.ledger import characters, decks, sessions
from adjudicator.ledger.database import Ledger
from adjudicator.precedent.retrieval import PrecedentIndex
from adjudicator.rules.characters import snazzle
from adjudicator.rules.deck import DrawReason
from tests.ledger.helpers import declared, grum, new_ledger, snapshot

runner = CliRunner()


@pytest.fixture(scope="module")
def checker(models: Models) -> Coverage:
    return Coverage(models)


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch, checker: Coverage) -> Coverage:
    """The commands use the session's models (and the module's coverage checker, with its
    lexicon) instead of loading their own; no ledger comes from the environment."""
    monkeypatch.setattr("adjudicator.cli.spell._checker", lambda: checker)
    monkeypatch.setattr("adjudicator.cli._models.shared_models", lambda: checker.models)

    def open_index(book: Ledger) -> PrecedentIndex:
        return PrecedentIndex(book, checker.models, coverage=checker)

    monkeypatch.setattr("adjudicator.cli.precedent.open_index", open_index)
    monkeypatch.delenv("ADJUDICATOR_LEDGER", raising=False)
    return checker


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann plays Snazzle (Inherent [Convince] [Daze] [Steal]) and holds [Fire] [Ball] [Trap]
    [Zone] [Mist]; Bram plays Grum ([Smash] [Become] [Stone]) and holds [Lead], declared as
    'the metal', [Person] [Summon] [Metal] [Speech]; session 1 is open."""
    path = tmp_path_factory.mktemp("spell") / "campaign.sqlite"
    with new_ledger(path) as ledger:
        sessions.add_player(ledger, "Ann")
        sessions.add_player(ledger, "Bram")
        characters.add_character(ledger, snazzle(), "Ann")
        characters.add_character(ledger, grum(), "Bram")
        sessions.start_session(ledger, "The ferry")
        for player, words, senses in (
            ("Ann", "Fire, Ball, Trap, Zone, Mist", {}),
            ("Bram", "Lead, Person, Summon, Metal, Speech", {"Lead": "the metal"}),
        ):
            decks.submit(ledger, player, declared(words, senses))
            decks.approve(ledger, player, senses=senses)
            for _ in range(5):
                decks.draw(ledger, player, DrawReason.SKILL_CHECK_FULL_SUCCESS)
    return path


@pytest.fixture
def book(campaign: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(campaign, path)
    return path


def spell(book: Path, *args: str, code: int = 0) -> Any:
    """Run `adjudicator spell ...` on `book`; its JSON with --json, else its output."""
    result = runner.invoke(app, ["spell", *args, "--ledger", str(book)], env={"COLUMNS": "200"})
    assert result.exit_code == code, result.output
    return json.loads(result.stdout) if code == 0 and "--json" in args else result.output


def test_commands_other_than_spell_and_eval_never_import_spacy_or_torch() -> None:
    code = "import sys, adjudicator.cli; print('spacy' in sys.modules, 'torch' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "False"]


@pytest.mark.models
def test_spell_parse_lists_concepts_with_roles(shared: Coverage) -> None:
    result = runner.invoke(
        app, ["spell", "parse", "[Decrease] [Speech]", "make this guy stop talking", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    roles = {c["lemma"]: (c["role"], c["needs_word"]) for c in data["concepts"]}
    assert roles["stop"] == ("effect", True)
    assert roles["guy"] == ("recipient", False)
    table = runner.invoke(
        app, ["spell", "parse", "[Fire] [Ball]", "I cast [Fire] [Ball] on the Orc."]
    )
    assert "doesn't *mean* anything" in table.stdout


@pytest.mark.models
def test_spell_check_gives_the_veto_reason(shared: Coverage) -> None:
    result = runner.invoke(app, ["spell", "check", "[Fire] [Ball]", "trap a balloon with fire"])
    assert result.exit_code == 0, result.output
    assert "not covered" in result.stdout
    assert "Nothing covers 'trap': add a Word such as [Trap]" in result.stdout
    data = json.loads(
        runner.invoke(
            app, ["spell", "check", "[Fire] [Ball] [Trap]", "trap a balloon with fire", "--json"]
        ).stdout
    )
    assert data["verdict"] == "covered" and data["missing"] == []
    assert set(data["word_scores"]) == {"Fire", "Ball", "Trap"}


@pytest.mark.models
def test_spell_check_with_a_hand_runs_the_structural_checks(shared: Coverage) -> None:
    args = ["spell", "check", "[Decrease] [Speech]", "make this guy stop talking", "--json"]
    ok = json.loads(
        runner.invoke(app, [*args, "--inherent", "[Decrease]", "--hand", "[Speech]"]).stdout
    )
    assert ok["castable"] is True and ok["structural_problems"] == []
    bad = json.loads(
        runner.invoke(app, [*args, "--inherent", "[Fire]", "--hand", "[Speech]"]).stdout
    )
    assert bad["castable"] is False
    assert any("Inherent" in problem for problem in bad["structural_problems"])


@pytest.mark.models
def test_spell_draft_proposes_the_smallest_spell(shared: Coverage) -> None:
    result = runner.invoke(
        app,
        [
            "spell",
            "draft",
            "make this guy stop talking",
            "--inherent",
            "[Decrease] [Fire]",
            "--hand",
            "[Speech] [Zone]",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["found"] and data["inherent"] == "Decrease" and data["drawn"] == ["Speech"]
    short = runner.invoke(
        app,
        ["spell", "draft", "trap a balloon with fire", "--inherent", "[Fire]", "--hand", "[Ball]"],
    )
    assert "'trap'" in short.stdout and "[Trap]" in short.stdout


@pytest.mark.models
def test_spell_check_with_a_caster_takes_one_inherent_word_and_the_rest_from_the_hand(
    shared: Coverage, book: Path
) -> None:
    """ "You must use at least two Words to impart a magical effect. One of these Words must
    be an Inherent Word." and "Drawn Words, those drawn from the Deck, are consumed upon
    use": Snazzle's Inherent [Daze] with [Trap] from Ann's hand passes, from the ledger
    alone, which the check only reads."""
    before = snapshot(book)
    args = ["check", "[Daze] [Trap]", "daze the guard and trap him", "--caster", "snazzle"]
    data = spell(book, *args, "--json")
    assert data["caster"]["name"] == "Snazzle" and data["caster"]["player"] == "Ann"
    assert [w["text"] for w in data["caster"]["inherent"]] == ["Convince", "Daze", "Steal"]
    assert data["structural_problems"] == [] and data["castable"] is True
    text = spell(book, *args)
    assert "Snazzle (played by Ann): Inherent [Convince] [Daze] [Steal]" in text
    assert "✓ the rules allow these Words" in text
    assert snapshot(book) == before


@pytest.mark.models
def test_spell_check_with_a_caster_names_the_word_not_held(shared: Coverage, book: Path) -> None:
    """ "Drawn Words, those drawn from the Deck, are consumed upon use" and "Inherent Words
    ... cannot be combined with each other": [Summon] is in Bram's hand, not Ann's, and
    Snazzle's [Daze] and [Steal] are both Inherent."""
    data = spell(
        book, "check", "[Daze] [Summon]", "daze the guard and summon a rope", "--caster",
        "Snazzle", "--json",
    )  # fmt: skip
    assert data["castable"] is False
    assert data["structural_problems"] == ["Ann does not hold: [Summon]"]
    text = spell(book, "check", "[Daze] [Steal]", "daze the guard and steal his keys",
                 "--caster", "Snazzle")  # fmt: skip
    assert "✗ Inherent Words cannot be combined with each other: [Daze] [Steal]" in text


@pytest.mark.models
def test_spell_draft_with_a_caster_drafts_from_the_hand(shared: Coverage, book: Path) -> None:
    """ "The important thing is that the player describes a magical intent and provides
    enough Words from their Hand to cover all the concepts involved. They could not trap a
    [Ball] with [Fire], if they did not also have [Trap]." Ann holds [Trap]; Bram does not."""
    data = spell(book, "draft", "--caster", "Snazzle", "trap a balloon with fire", "--json")
    assert data["found"] and data["inherent"] in {"Convince", "Daze", "Steal"}
    assert {"Trap", "Fire"} <= set(data["drawn"])  # the balloon is the recipient: no Word
    assert data["caster"]["player"] == "Ann"
    short = spell(book, "draft", "--caster", "Grum", "trap a balloon with fire")
    assert "Grum (played by Bram)" in short and "Nothing you hold covers" in short
    assert "'trap'" in short and "[Trap]" in short


def test_an_unknown_caster_is_a_clear_error_naming_the_characters(book: Path) -> None:
    """The caster is looked up before any model loads; --caster with --hand would give the
    caster's Words twice, so it is refused."""
    for command in (["check", "[Daze] [Trap]", "trap him"], ["draft", "trap him"]):
        output = spell(book, *command, "--caster", "Nobody", code=1)
        assert "error: no character 'Nobody' in this ledger" in output
        assert "known: Snazzle, Grum" in output
    both = spell(book, "check", "[Daze] [Trap]", "trap him", "--caster", "Snazzle", "--hand",
                 "Trap", code=1)  # fmt: skip
    assert "--caster takes the Inherent Words and the hand from the ledger" in both


@pytest.mark.models
def test_a_homonym_used_in_another_meaning_than_declared_is_flagged(
    shared: Coverage, book: Path
) -> None:
    """ "The Words do not need to be exact but homonyms do not get multiple meanings ...
    [Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's initially
    added to the Deck." Bram declared his [Lead] as the metal: leading the guards away uses
    it otherwise, with the caster's card or the campaign's declaration alike."""
    intent = "lead the guards out of the keep"
    data = spell(book, "check", "[Become] [Lead]", intent, "--caster", "Grum", "--json")
    assert data["structural_problems"] == []  # shown, not blocking: the Storyteller rules
    [flag] = data["sense_flags"]
    assert flag.startswith("[Lead] was declared as 'the metal', but this intent uses it")
    assert "Sense: [Lead] was declared as 'the metal'" in spell(
        book, "check", "[Become] [Lead]", intent, "--caster", "Grum"
    )
    campaign = spell(book, "check", "[Become] [Lead]", intent, "--json")  # no caster
    assert campaign["sense_flags"] == [flag] and "castable" not in campaign
    drafted = spell(book, "draft", "--caster", "Grum", intent, "--json")
    assert "Lead" in drafted["words"] and drafted["sense_flags"] == [flag]


@pytest.mark.models
def test_with_a_ledger_spell_check_uses_the_campaigns_lexicon_and_precedents(
    shared: Coverage, book: Path
) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal]
    [Mist] the next.": the rulebook's ruling that "[Decrease] [Speech] could be used to mute
    a single person" covers 'speech' again, and the closest precedents are shown."""
    args = ["check", "[Decrease] [Speech]", "make this guy stop talking"]
    data = spell(book, *args, "--inherent", "Decrease", "--hand", "Speech", "--json")
    assert data["castable"] is True and data["sense_flags"] == []
    assert data["closest_precedents"][0]["id"] == "C1"
    text = spell(book, *args)
    assert "Closest precedents" in text and "C1 (the rulebook)" in text
    lexicon = spell(book, "check", "[Decrease] [Speech]", "reduce his speech", "--json")
    assert "C1" in lexicon["precedents"]  # the rulings whose confirmed mappings covered


@pytest.mark.models
def test_without_a_ledger_spell_check_reads_none(shared: Coverage, tmp_path: Path) -> None:
    """No --caster and no --ledger: no ledger is opened (none exists here), and the report
    has no campaign parts."""
    result = runner.invoke(
        app, ["spell", "check", "[Decrease] [Speech]", "make this guy stop talking", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["precedents"] == [] and "closest_precedents" not in data


@pytest.mark.models
def test_an_empty_intent_is_a_clear_error(shared: Coverage) -> None:
    result = runner.invoke(app, ["spell", "check", "[Fire] [Ball]", "   "])
    assert result.exit_code == 1
    assert "error:" in result.output and "needs an intent" in result.output


@pytest.mark.models
def test_eval_coverage_scores_binary_and_ranking_files(shared: Coverage, tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    rows = [
        {
            "id": "a",
            "words": ["Decrease", "Speech"],
            "intent": "make this guy stop talking",
            "covered": True,
            "missing": [],
        },
        {
            "id": "b",
            "words": ["Ball", "Fire"],
            "intent": "trap a balloon with fire",
            "covered": False,
            "missing": ["trap"],
        },
        {
            "id": "c",
            "words": ["Create", "Destroy", "Fire", "Water"],
            "intent": "Puts out every flame in the room.",
            "groups": {"technique": ["Create", "Destroy"], "form": ["Fire", "Water"]},
            "gold_words": {"technique": "Destroy", "form": "Fire"},
        },
    ]
    cases.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "pred.jsonl"
    result = runner.invoke(app, ["eval", "coverage", str(cases), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.stdout)
    assert metrics["binary"]["balanced_accuracy"] == 1.0
    assert metrics["binary"]["missing_f1"] == 1.0
    assert set(metrics["ranking"]) == {"top1_form", "top1_technique"}
    predictions = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [p["id"] for p in predictions] == ["a", "b", "c"]
    assert predictions[1]["missing"] == ["trap"]
    assert set(predictions[2]["word_scores"]) == {"Create", "Destroy", "Fire", "Water"}


def test_eval_coverage_rejects_a_case_without_its_fields(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text('{"id": "x", "words": ["Fire"], "intent": "burn"}\n', encoding="utf-8")
    result = runner.invoke(app, ["eval", "coverage", str(cases)])
    assert result.exit_code == 1
    assert "missing covered, missing" in result.output


@pytest.mark.models
def test_spell_check_finds_the_campaign_here_as_every_command_does(
    shared: Coverage, book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the campaign's folder, `spell check` reads ./campaign.sqlite as `deck status` does:
    Bram's [Lead] was declared as the metal ("homonyms do not get multiple meanings"), and
    leading guards is flagged without --ledger. --no-ledger checks without the campaign."""
    monkeypatch.chdir(book.parent)
    args = ["spell", "check", "[Become] [Lead]", "lead the guards out of the keep", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    [flag] = json.loads(result.stdout)["sense_flags"]
    assert flag.startswith("[Lead] was declared as 'the metal'")
    assert "ledger:" not in result.stderr  # ./campaign.sqlite is the default: not announced
    result = runner.invoke(app, [*args, "--no-ledger"])
    assert result.exit_code == 0, result.output
    assert "sense_flags" not in json.loads(result.stdout)
    result = runner.invoke(app, ["spell", "draft", "lead them", "--caster", "Grum", "--no-ledger"])
    assert result.exit_code == 1
    assert "--no-ledger checks without a campaign" in result.stderr


@pytest.mark.models
def test_spell_check_says_which_ledger_the_environment_named(
    shared: Coverage, book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ledger from $ADJUDICATOR_LEDGER that is not ./campaign.sqlite is named on stderr."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("ADJUDICATOR_LEDGER", str(book))
    args = ["spell", "check", "[Become] [Lead]", "lead the guards out of the keep", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"ledger: {book} (from $ADJUDICATOR_LEDGER)" in result.stderr
    assert json.loads(result.stdout)["sense_flags"]


def _check_at(book: Path, columns: int, *args: str) -> str:
    result = runner.invoke(
        app, ["spell", "check", *args, "--ledger", str(book)], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.models
def test_at_80_columns_the_coverage_and_precedent_tables_stack(
    shared: Coverage, book: Path
) -> None:
    """An 80-column terminal gets each concept and precedent stacked, a line per field; a
    wide one gets the tables. The rulebook's "[Decrease] [Speech] could be used to mute a
    single person" is the close precedent either way."""
    args = ("[Decrease] [Speech]", "make this guy stop talking")
    narrow = _check_at(book, 80, *args)
    assert "┃" not in narrow and "│" not in narrow  # no table borders
    assert "   why: " in narrow and "   intent: " in narrow
    assert "C1 (the rulebook)" in narrow
    assert max(len(line) for line in narrow.splitlines()) <= 80
    wide = _check_at(book, 160, *args)
    assert "┃ concept" in wide and "C1 (the rulebook)" in wide


@pytest.mark.models
def test_a_check_with_no_close_precedent_says_so(shared: Coverage, book: Path) -> None:
    """Only precedents scoring 0.30 or more are listed; otherwise the check says there is no
    close precedent instead of listing rulings that share nothing with the spell."""
    args = ("[Swim] [Sing]", "juggle three oranges for the crowd")
    data = json.loads(_check_at(book, 200, *args, "--json"))
    assert data["closest_precedents"] == []
    assert "No close precedent (none scores 0.30 or more)." in _check_at(book, 200, *args)
    close = json.loads(_check_at(book, 200, "[Decrease] [Speech]", "mute him", "--json"))
    assert all(hit["scores"]["total"] >= 0.30 for hit in close["closest_precedents"])
    assert close["closest_precedents"]


def test_the_campaigns_ruling_on_the_same_situation_decides_the_verdict_and_is_named(
    shared: Coverage, book: Path
) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal]
    [Mist] the next.": the rulebook's rulings bind a check of the same situation, and the
    output names the ruling and never says the other verdict as well."""
    mute = spell(book, "check", "[Decrease] [Speech]", "make this guy stop talking", "--json")
    assert (mute["verdict"], mute["binding"]["ruling"]) == ("covered", "C1")
    text = spell(book, "check", "[Decrease] [Speech]", "make this guy stop talking")
    assert "Verdict: covered, as ruled in C1 (the rulebook: " in text
    assert "not covered" not in text
    snare = ("check", "[Fire] [Ball]", "catch the balloon in a snare of flame")
    data = spell(book, *snare, "--json")
    assert (data["verdict"], data["covered"], data["binding"]["ruling"]) == (
        "not covered",
        False,
        "C9",
    )
    assert data["reasons"][0].startswith("not covered: C9 required [Trap]")
    text = spell(book, *snare)
    assert "Verdict: not covered: C9 required [Trap]" in text
    assert "Verdict: covered" not in text
    none = spell(book, "check", "[Swim] [Sing]", "juggle three oranges for the crowd", "--json")
    assert none["binding"] is None
