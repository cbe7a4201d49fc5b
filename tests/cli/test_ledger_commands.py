"""The ledger's commands through the real CLI: a campaign from `init` to `export` and back."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.language.homonyms import is_homonym
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.decks import senses
from adjudicator.rules.characters import snazzle
from adjudicator.rules.spells import MAX_INTENT_LENGTH
from tests.cli.cold_process import run_cold
from tests.ledger.helpers import sense_options, snapshot

runner = CliRunner()


def run(ledger: Path, *args: str, code: int = 0) -> Any:
    """Run a command on `ledger`; return its JSON (or its output when it prints none)."""
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "400"})
    assert result.exit_code == code, result.output + result.stderr
    if code == 0 and "--json" in args:
        return json.loads(result.stdout)
    return result.stdout if code == 0 else result.stderr


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A campaign with Ann (Snazzle) and Bram (Grum) at the table and session 1 open, built
    once through the CLI; each test gets its own copy."""
    path = tmp_path_factory.mktemp("template") / "campaign.sqlite"
    run(path, "init", "--name", "Shadehill")
    run(path, "player", "add", "Ann")
    run(path, "player", "add", "Bram")
    run(path, "character", "add", "Snazzle", "--player", "Ann", "--snazzle")
    run(
        path, "character", "add", "Grum", "--player", "Bram", "--faction", "Orc",
        "--tags", "Brave, Loud, Hungry", "--words", "Smash, Become, Stone",
        *sense_options("Smash, Become, Stone"), "--armor", "Chainmail",
        "--weapon", "Cleaver=Two-Handed",
    )  # fmt: skip
    run(path, "session", "start", "--title", "The ferry")
    ann = "Fire, Ball, Trap, Zone, Mist"
    run(path, "deck", "submit", "Ann", ann, *sense_options(ann))
    run(path, "deck", "approve", "Ann")
    run(
        path,
        "deck",
        "submit",
        "Bram",
        "Lead, Person, Summon, Metal, Speech",
        "--sense",
        "Lead=the metal",
    )
    run(path, "deck", "approve", "Bram")
    for player in ("Ann",) * 5 + ("Bram",) * 5:
        run(path, "deck", "draw", player, "--for", "killing_blow")
    assert not Path(f"{path}-wal").exists()  # every command closed the ledger cleanly
    return path


@pytest.fixture
def book(template: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(template, path)
    return path


def _commands(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every leaf command under `group` (typer vendors click, so groups are found by shape)."""
    found: list[tuple[str, ...]] = []
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            found += _commands(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


LEDGER_GROUPS = {
    "init",
    "session",
    "player",
    "character",
    "deck",
    "ruling",
    "policy",
    "export",
    "import",
    "ledger",
}
LEDGER_COMMANDS = [c for c in _commands(typer.main.get_command(app)) if c[0] in LEDGER_GROUPS]


def test_the_ledger_commands_are_all_there() -> None:
    names = {" ".join(command) for command in LEDGER_COMMANDS}
    assert names >= {
        "init",
        "session start",
        "session end",
        "session list",
        "player add",
        "character add",
        "character show",
        "character list",
        "character rest",
        "character level-up",
        "character sacrifice-tag",
        "deck submit",
        "deck approve",
        "deck reject",
        "deck shuffle",
        "deck draw",
        "deck status",
        "deck trade",
        "ruling add",
        "ruling show",
        "ruling list",
        "policy announce",
        "policy list",
        "export",
        "import",
        "ledger verify",
        "ledger backup",
    }


@pytest.mark.parametrize("command", LEDGER_COMMANDS, ids=" ".join)
def test_every_ledger_command_has_help_with_an_example_and_a_ledger_option(
    command: tuple[str, ...],
) -> None:
    """ "Every command: help with an example, `--json` where it prints data" (issue 3)"""
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Example: adjudicator " + " ".join(command) in result.stdout
    assert "--ledger" in result.stdout
    if command != ("export",):
        assert "--json" in result.stdout


def test_a_spell_ruled_on_is_recorded_with_its_words_spent(book: Path) -> None:
    hand = run(book, "deck", "status", "--player", "Ann", "--json")["hands"][0]["words"]
    assert [w["text"] for w in hand] == ["Fire", "Ball", "Trap", "Zone", "Mist"]
    ruling = run(
        book,
        "ruling",
        "add",
        "--caster",
        "Snazzle",
        "[Steal] [Fire] [Ball]",
        "steal the fire from the torch into a ball",
        "--approve",
        "--area",
        "the torch",
        "--reason",
        "covered",
        "--json",
    )
    assert (ruling["id"], ruling["verdict"], ruling["session"]) == ("R1", "approved", 1)
    assert [w["text"] for w in ruling["spent"]] == ["Fire", "Ball"]
    assert ruling["implementation"]["area"] == "the torch"
    veto = run(
        book,
        "ruling",
        "add",
        "--caster",
        "Grum",
        "[Smash] [Lead]",
        "lure the guard",
        "--veto",
        "--needs",
        "Guide",
        "--reason",
        "[Lead] was declared the metal",
        "--json",
    )
    assert veto["needs"] == ["Guide"] and veto["spent"] == []
    assert veto["words"][1] == {"text": "Lead", "sense": "the metal", "kind": "drawn"}
    status = run(book, "deck", "status", "--json")
    hands = {h["player"]: [w["text"] for w in h["words"]] for h in status["hands"]}
    assert hands["Ann"] == ["Trap", "Zone", "Mist"] and "Lead" in hands["Bram"]
    shown = run(book, "ruling", "show", "r1")
    assert "steal the fire from the torch into a ball" in shown and "standing" in shown
    listed = run(book, "ruling", "list", "--no-canon", "--json")
    assert [r["id"] for r in listed] == ["R1", "R2"]
    assert [r["id"] for r in run(book, "ruling", "list", "--verdict", "vetoed", "--json")][
        -1
    ] == "R2"


def test_a_policy_announced_openly_supersedes_and_shows_in_the_export(
    book: Path, tmp_path: Path
) -> None:
    run(
        book,
        "ruling",
        "add",
        "--caster",
        "Snazzle",
        "[Steal] [Fire]",
        "steal the fire",
        "--approve",
    )
    policy = run(
        book,
        "policy",
        "announce",
        "Stealing fire needs [Hand]",
        "--supersedes",
        "R1",
        "--concept",
        "Hand",
        "--json",
    )
    assert policy["id"] == "P1" and policy["supersedes"] == ["R1"]
    shown = run(book, "ruling", "show", "R1", "--json")
    assert shown["status"]["status"] == "superseded" and shown["status"]["by_policy"] == "P1"
    assert [p["id"] for p in run(book, "policy", "list", "--json")] == ["P1"]
    out = tmp_path / "log.md"
    run(book, "export", "--format", "md", "--out", str(out))
    text = out.read_text("utf-8")
    assert "### P1" in text and "superseded by [P1](#p1)" in text


def test_characters_change_by_appending_versions(book: Path) -> None:
    shown = run(book, "character", "show", "Grum", "--json")
    assert shown["sheet"]["hitzones"][0]["item"] == "Chainmail"
    assert [w["name"] for w in shown["sheet"]["weapons"]] == ["Cleaver"]
    rested = run(book, "character", "rest", "Grum", "--json")
    assert rested["version"] == 2 and rested["change"] == "rested"
    history = run(book, "character", "show", "Grum", "--history", "--json")["history"]
    assert [v["change"] for v in history] == ["created", "rested"]
    refused = run(book, "character", "sacrifice-tag", "Grum", "Brave", "--resist-death", code=1)
    assert "cannot be sacrificed" in refused
    listed = run(book, "character", "list", "--json")
    assert [c["name"] for c in listed] == ["Snazzle", "Grum"]


def test_a_character_sheet_can_come_from_a_json_file(book: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps(snazzle().to_dict()), "utf-8")
    run(book, "player", "add", "Cleo")
    added = run(
        book,
        "character",
        "add",
        "Snazzle Two",
        "--player",
        "Cleo",
        "--from-json",
        str(sheet),
        "--json",
    )
    assert added["sheet"] == {**snazzle().to_dict(), "name": "Snazzle Two"}


def test_deck_submit_refuses_typos_and_compounds_until_fixed_or_kept(book: Path) -> None:
    """ "Instead of Fireball, we cast [Fire] [Ball]." (rulebook, "Fireball vs [Fire] [Ball]")"""
    run(book, "player", "add", "Cleo")
    before = snapshot(book)
    error = run(book, "deck", "submit", "Cleo", "Fireball, Teleprot, Jump, Fly, Hide", code=1)
    assert "[Fireball] packs 2 Words: did you mean [Fire] [Ball]?" in error
    assert "[Teleprot] is not a word we know: did you mean [Teleport]" in error
    assert "--as-written" in error
    assert snapshot(book) == before
    kept = "Fireball, Teleprot, Jump, Fly, Hide"
    out = run(book, "deck", "submit", "Cleo", kept, "--as-written", *sense_options(kept))
    assert "[Fireball] packs 2 Words" in out
    data = run(book, "deck", "reject", "Cleo", "Fireball", "--note", "two Words", "--json")
    assert data["change"] == "rejected Cleo's [Fireball]: two Words"
    shuffled = run(book, "deck", "shuffle", "--seed", "7", "--json")
    assert shuffled["seed"] == 7 and shuffled["change"] == "shuffled with seed 7"
    traded = run(book, "deck", "trade", "Ann", "Bram", "[Fire]", "--at-rest", "--json")
    assert traded["change"] == "Ann gave Bram [Fire] at a rest"


def test_deck_submit_refuses_a_homonym_without_its_meaning_and_records_nothing(
    book: Path,
) -> None:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one you
    mean." (rulebook, "The Deck")"""
    run(book, "player", "add", "Cleo")
    before = snapshot(book)
    error = run(book, "deck", "submit", "Cleo", "Lead, Mist, Metal, Speech, Summon", code=1)
    meanings = is_homonym("Lead").senses
    assert "[Lead] has" in error and "which one?" in error
    assert "the heavy grey metal" in error
    for number, meaning in enumerate(meanings, start=1):
        assert f"{number}. {meaning}" in " ".join(error.split())
    assert '--sense "Lead=' in error and "your own words" in error
    assert "[Mist]" not in error  # only the homonym is asked about
    assert snapshot(book) == before


def test_deck_submit_records_the_declared_meaning_where_senses_are_listed(book: Path) -> None:
    """ "[Lead] needs to specify if it's 'the element' or 'the act of guiding' when it's
    initially added to the Deck." (rulebook, "Words of Power")"""
    run(book, "player", "add", "Cleo")
    out = run(
        book, "deck", "submit", "Cleo", "Lead, Mist, Metal, Speech, Summon",
        "--sense", "Lead=the element",
    )  # fmt: skip
    assert "Cleo submitted [Lead] (the element) [Mist]" in out
    pending = run(book, "deck", "status", "--player", "Cleo", "--json")["pending"]
    assert {"player": "Cleo", "text": "Lead", "sense": "the element"} in pending
    with open_ledger(book) as ledger:
        assert [(s.word, s.sense, s.player) for s in senses(ledger, "Lead")][-1] == (
            "Lead", "the element", "Cleo",
        )  # fmt: skip


def test_deck_submit_takes_a_word_with_one_meaning_without_a_declaration(book: Path) -> None:
    """Only homonyms need a meaning: "[Stone] [Heart] does not need to literally turn your
    heart into stone" - a plain Word goes in as it is."""
    run(book, "player", "add", "Cleo")
    data = run(book, "deck", "submit", "Cleo", "Mist, Metal, Speech, Summon, Teleport", "--json")
    assert data["change"] == "Cleo submitted [Mist] [Metal] [Speech] [Summon] [Teleport]"


def test_at_a_terminal_deck_submit_offers_the_meanings_to_choose_from(
    book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal the player picks a listed meaning by its number or says it in words."""
    monkeypatch.setattr("adjudicator.cli.ledger_deck._interactive", lambda: True)
    meanings = is_homonym("Lead").senses
    metal = next(n for n, m in enumerate(meanings, start=1) if "grey metal" in m)
    run(book, "player", "add", "Cleo")
    result = runner.invoke(
        app,
        ["deck", "submit", "Cleo", "Lead, Mist, Metal, Speech, Summon", "--ledger", str(book)],
        input=f"{len(meanings) + 1}\n{metal}\n",
        env={"COLUMNS": "400"},
    )
    assert result.exit_code == 0, result.output + result.stderr
    assert f"{metal}. {meanings[metal - 1]}" in result.stderr
    assert "choose 1-" in result.stderr  # a number off the list is asked again
    pending = run(book, "deck", "status", "--player", "Cleo", "--json")["pending"]
    assert pending[0] == {"player": "Cleo", "text": "Lead", "sense": meanings[metal - 1]}
    run(book, "player", "add", "Dov")
    result = runner.invoke(
        app,
        ["deck", "submit", "Dov", "Lead, Mist, Metal, Speech, Summon", "--ledger", str(book)],
        input="the act of guiding\n",
    )
    assert result.exit_code == 0, result.output + result.stderr
    pending = run(book, "deck", "status", "--player", "Dov", "--json")["pending"]
    assert pending[0]["sense"] == "the act of guiding"


def test_the_whole_campaign_round_trips_through_export_and_import(
    book: Path, tmp_path: Path
) -> None:
    run(
        book,
        "ruling",
        "add",
        "--caster",
        "Snazzle",
        "[Steal] [Fire]",
        "steal the fire",
        "--approve",
    )
    exported = tmp_path / "campaign.json"
    run(book, "export", "--format", "json", "--out", str(exported))
    restored = tmp_path / "restored.sqlite"
    report = run(restored, "import", str(exported), "--json")
    assert report["created"] and report["rulings"] == 16
    for fmt in ("md", "html", "json", "csv"):
        assert run(restored, "export", "--format", fmt) == run(book, "export", "--format", fmt)
    assert run(restored, "ledger", "verify", "--json")["head"] == report["head"]


def test_verify_backup_and_info(book: Path, tmp_path: Path) -> None:
    verified = run(book, "ledger", "verify", "--json")
    assert verified["ok"] and verified["integrity"] == "ok"
    copy = tmp_path / "copy.sqlite"
    assert run(book, "ledger", "backup", str(copy), "--json")["integrity"] == "ok"
    assert run(copy, "ledger", "verify", "--json")["head"] == verified["head"]
    info = run(book, "ledger", "info", "--json")
    assert (info["players"], info["characters"], info["canon"], info["sessions"]) == (2, 2, 15, 1)
    refused = run(book, "ledger", "backup", str(copy), code=1)
    assert "already exists" in refused and "--force" in refused


def test_the_environment_names_the_ledger(book: Path) -> None:
    result = runner.invoke(
        app, ["session", "list", "--json"], env={"ADJUDICATOR_LEDGER": str(book)}
    )
    assert result.exit_code == 0 and json.loads(result.stdout)[0]["title"] == "The ferry"


def test_a_missing_ledger_says_how_to_create_one(tmp_path: Path) -> None:
    err = run(tmp_path / "none.sqlite", "ruling", "list", code=1)
    assert (
        "error: no campaign ledger at" in err and "hint: create one with: adjudicator init" in err
    )
    assert not (tmp_path / "none.sqlite").exists()


def _bad_file(tmp_path: Path) -> str:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"format": "adjudicator-ledger", "campaign": "caf\u00e9"}'.encode("latin-1"))
    return str(path)


BAD_INPUT: list[tuple[str, list[str], str]] = [
    (
        "unknown character",
        ["ruling", "add", "--caster", "Zed", "[Steal] [Fire]", "x", "--approve"],
        "no character 'Zed'",
    ),
    (
        "unknown player",
        ["deck", "submit", "Zed", "Jump, Fly, Hide, Climb, Swim"],
        "no player 'Zed'",
    ),
    (
        "unknown player for a character",
        ["character", "add", "X", "--player", "Zed", "--snazzle"],
        "no player 'Zed'",
    ),
    (
        "word not in hand",
        ["ruling", "add", "--caster", "Snazzle", "[Steal] [Summon]", "x", "--approve"],
        "Ann does not hold: [Summon]",
    ),
    (
        "intent over the limit",
        [
            "ruling",
            "add",
            "--caster",
            "Snazzle",
            "[Steal] [Fire]",
            "x" * (MAX_INTENT_LENGTH + 1),
            "--veto",
        ],
        f"the limit is {MAX_INTENT_LENGTH}",
    ),
    (
        "approve and veto",
        ["ruling", "add", "--caster", "Snazzle", "[Steal] [Fire]", "x", "--approve", "--veto"],
        "--approve or --veto",
    ),
    (
        "bad sense",
        ["deck", "submit", "Ann", "Jump, Fly, Hide, Climb, Swim", "--sense", "Jump"],
        "is not WORD=MEANING",
    ),
    ("unknown ruling", ["ruling", "show", "R99"], "no ruling 'R99'"),
    (
        "policy over unknown ruling",
        ["policy", "announce", "x", "--supersedes", "R99"],
        "no ruling 'R99'",
    ),
    (
        "level-up short of words",
        ["character", "level-up", "Snazzle", "--tag", "Lucky", "--discard", "Fire Ball"],
        "a level costs 10 Drawn Words, not 2",
    ),
    ("non-UTF-8 import", ["import", "{bad}"], "not UTF-8 text"),
    ("export into a missing folder", ["export", "--out", "{tmp}/no/such/log.md"], "does not exist"),
    (
        "backup into a missing folder",
        ["ledger", "backup", "{tmp}/no/such/copy.sqlite"],
        "does not exist",
    ),
    ("export over an existing file", ["export", "--out", "{existing}"], "already exists"),
    ("trade outside a rest", ["deck", "trade", "Ann", "Bram", "Fire"], "only during a rest"),
]


@pytest.mark.parametrize(("case", "args", "message"), BAD_INPUT, ids=[c[0] for c in BAD_INPUT])
def test_bad_input_is_a_clear_error_and_writes_nothing(
    book: Path, tmp_path: Path, case: str, args: list[str], message: str
) -> None:
    """ "Bad input ...: each a clear error, nothing written." (issue 3)"""
    existing = tmp_path / "existing.md"
    existing.write_text("keep")
    values = {"bad": _bad_file(tmp_path), "tmp": str(tmp_path), "existing": str(existing)}
    args = [arg.format(**values) if "{" in arg else arg for arg in args]
    before = snapshot(book)
    files = sorted(tmp_path.rglob("*"))
    result = runner.invoke(app, [*args, "--ledger", str(book)], env={"COLUMNS": "400"})
    assert result.exit_code == 1, result.output
    assert message in " ".join(result.stderr.split()) and result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr
    assert snapshot(book) == before
    assert sorted(tmp_path.rglob("*")) == files and existing.read_text() == "keep"


def test_init_refuses_a_missing_folder_and_an_existing_file(tmp_path: Path) -> None:
    err = run(tmp_path / "no" / "c.sqlite", "init", code=1)
    assert "the folder" in err and "does not exist" in err
    taken = tmp_path / "taken.sqlite"
    taken.write_text("mine")
    assert "never overwritten" in run(taken, "init", code=1)
    assert taken.read_text() == "mine"


def test_ledger_commands_never_import_language_models(tmp_path: Path) -> None:
    path = str(tmp_path / "c.sqlite")
    commands = [["init"], ["ruling", "list"], ["export", "--format", "html"], ["ledger", "verify"]]
    ran = run_cold(*([*args, "--ledger", path] for args in commands))
    for args, done in zip(commands, ran, strict=True):
        assert done.heavy == (), args


def test_deck_submit_looks_homonyms_up_without_a_language_model(book: Path) -> None:
    """The homonym check is a dictionary lookup: `deck submit` stays light."""
    run(book, "player", "add", "Cleo")
    hands = ("Lead, Mist, Metal, Speech, Summon", "Mist, Metal, Speech, Summon, Teleport")
    ran = run_cold(*(["deck", "submit", "Cleo", words, "--ledger", str(book)] for words in hands))
    for words, done in zip(hands, ran, strict=True):
        assert done.heavy == (), words
    said = [done.stdout + done.stderr for done in ran]
    assert "include homonyms" in said[0] and "Cleo submitted [Mist]" in said[1]
