"""`adjudicator combat ...` through the real CLI: a scripted fight stored in a temp ledger, and
illegal actions refused with the rule they break, leaving the ledger exactly as it was.

The scripted fight, as a Storyteller types it (the demo can run these in-process with the
root Typer command; every die is entered by hand, so the story is always the same):

    adjudicator init --name Shadehill
    adjudicator player add Ann
    adjudicator player add Bram
    adjudicator character add Pink --player Ann --faction Orc --tags "Keen, Quiet, Quick" \\
        --words "Strike, Hide, Seek" --sense Strike=1 --sense Hide=1 --sense "Seek=to search" \\
        --weapon "Crossbow=Ranged"
    adjudicator character add Sage --player Bram --faction Orc --tags "Wise, Calm, Old" \\
        --words "Bind, Mend, Ward" --sense "Bind=to tie up" --sense "Mend=to repair" \\
        --sense "Ward=a protective spell"
    adjudicator session start --title "The temple steps"
    adjudicator deck submit Ann "Fire, Ball, Power, Bind, Mist" --sense "Fire=flames" \\
        --sense "Ball=a round object" --sense "Power=strength" --sense "Bind=to tie up"
    adjudicator deck approve Ann
    adjudicator deck submit Bram "Person, Stone, Fly, Lead, Summon, Heart" \\
        --sense "Lead=the metal" --sense "Stone=rock" --sense "Fly=to travel through the air" \\
        --sense "Heart=the seat of feelings"
    adjudicator deck approve Bram
    adjudicator deck draw Ann --for success        # five times: Fire Ball Power Bind Mist
    adjudicator deck draw Bram --for success       # five times: Person Stone Fly Lead Summon
    adjudicator combat start --seed 7 --title "The temple steps"
    adjudicator combat add --character Pink --team Party --hold Crossbow
    adjudicator combat add --npc Knight --team Party --armor 2/2/2/2 --weapon "Sword=1d6/1d6"
    adjudicator combat add --character Sage --team Party
    adjudicator combat add --npc Red --team Temple --weapon "Crossbow=Ranged"
    adjudicator combat add --npc Orc --team Temple --weapon Axe
    adjudicator combat add --npc Monk --team Temple --hand "[Fly]"
    adjudicator combat place Pink D3      # and Knight D4, Sage D2, Red D7, Orc D1, Monk D5
    adjudicator combat initiative --aggressor Party --first Pink
    adjudicator combat odds Pink Red                    # around her allies: 1d10
    adjudicator combat enhance Pink Power               # [Power]: a second damage die
    adjudicator combat attack Pink Red --dice "3 2 4"   # Mainhand, 4 damage; Ann spends [Power]
    adjudicator combat end-turn --next Knight
    adjudicator combat attack Knight Monk --dice "4 6"  # the Monk's Legs are Maimed
    adjudicator combat end-turn --next Sage
    adjudicator ruling add --caster Sage "[Bind] [Person]" "hold the orc still" --approve \\
        --duration "one round" --requirements "touch with an empty hand; spoken aloud" \\
        --note "the orc is bound in place until the Sage's next turn"
    adjudicator combat cast Sage --ruling R1 --target Orc
    adjudicator combat counter Monk "[Fly]" --over 1
    adjudicator combat counter Pink "[Bind]" --over 1   # three deep; Ann spends [Bind]
    adjudicator combat resolve --effect "the orc is bound in place" --dice 2
    adjudicator combat end-turn
    adjudicator combat attack Red Pink --dice "4 3"     # Pink's Legs: 6 -> 3
    adjudicator combat end-turn
    adjudicator combat end-turn
    adjudicator combat end-turn                         # round 2
    adjudicator combat attack Pink Red --dice "1 4"     # Red is down
    adjudicator combat dead Red                         # Ann draws [Heart] at once
    adjudicator combat board --svg temple.svg
    adjudicator combat end --reason "the temple guards surrender"
    adjudicator combat rest Pink
    adjudicator combat log
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.cli import app
from tests.ledger.helpers import snapshot

runner = CliRunner()

SETUP: list[tuple[str, ...]] = [
    ("init", "--name", "Shadehill"),
    ("player", "add", "Ann"),
    ("player", "add", "Bram"),
    ("character", "add", "Pink", "--player", "Ann", "--faction", "Orc", "--tags",
     "Keen, Quiet, Quick", "--words", "Strike, Hide, Seek", "--sense", "Strike=1", "--sense",
     "Hide=1", "--sense", "Seek=to search", "--weapon", "Crossbow=Ranged"),
    ("character", "add", "Sage", "--player", "Bram", "--faction", "Orc", "--tags",
     "Wise, Calm, Old", "--words", "Bind, Mend, Ward", "--sense", "Bind=to tie up", "--sense",
     "Mend=to repair", "--sense", "Ward=a protective spell"),
    ("session", "start", "--title", "The temple steps"),
    ("deck", "submit", "Ann", "Fire, Ball, Power, Bind, Mist", "--sense", "Fire=flames",
     "--sense", "Ball=a round object", "--sense", "Power=strength", "--sense", "Bind=to tie up"),
    ("deck", "approve", "Ann"),
    ("deck", "submit", "Bram", "Person, Stone, Fly, Lead, Summon, Heart", "--sense",
     "Lead=the metal", "--sense", "Stone=rock", "--sense", "Fly=to travel through the air",
     "--sense", "Heart=the seat of feelings"),
    ("deck", "approve", "Bram"),
    *[("deck", "draw", "Ann", "--for", "success")] * 5,
    *[("deck", "draw", "Bram", "--for", "success")] * 5,
    ("combat", "start", "--seed", "7", "--title", "The temple steps"),
    ("combat", "add", "--character", "Pink", "--team", "Party", "--hold", "Crossbow"),
    ("combat", "add", "--npc", "Knight", "--team", "Party", "--armor", "2/2/2/2", "--weapon",
     "Sword=1d6/1d6"),
    ("combat", "add", "--character", "Sage", "--team", "Party"),
    ("combat", "add", "--npc", "Red", "--team", "Temple", "--weapon", "Crossbow=Ranged"),
    ("combat", "add", "--npc", "Orc", "--team", "Temple", "--weapon", "Axe"),
    ("combat", "add", "--npc", "Monk", "--team", "Temple", "--hand", "[Fly]"),
    *[("combat", "place", name, where) for name, where in (
        ("Pink", "D3"), ("Knight", "D4"), ("Sage", "D2"), ("Red", "D7"), ("Orc", "D1"),
        ("Monk", "D5"),
    )],
    ("combat", "initiative", "--aggressor", "Party", "--first", "Pink"),
]  # fmt: skip

RULING = (
    "ruling", "add", "--caster", "Sage", "[Bind] [Person]", "hold the orc still", "--approve",
    "--duration", "one round", "--requirements", "touch with an empty hand; spoken aloud",
    "--note", "the orc is bound in place until the Sage's next turn",
)  # fmt: skip

#: Pink's turn to the Sage's cast, which waits on the stack for counterspells.
TO_THE_CAST: list[tuple[str, ...]] = [
    ("combat", "enhance", "Pink", "Power"),
    ("combat", "attack", "Pink", "Red", "--dice", "3 2 4"),
    ("combat", "end-turn", "--next", "Knight"),
    ("combat", "attack", "Knight", "Monk", "--dice", "4 6"),
    ("combat", "end-turn", "--next", "Sage"),
    RULING,
    ("combat", "cast", "Sage", "--ruling", "R1", "--target", "Orc"),
]


def run(ledger: Path, *args: str, code: int = 0) -> Any:
    """Run a command on `ledger`; its JSON with --json, else its output (stderr on failure)."""
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "400"})
    assert result.exit_code == code, f"{args}: {result.output}{result.stderr}"
    if code == 0 and "--json" in args:
        return json.loads(result.stdout)
    return result.stdout if code == 0 else result.stderr


def _build(path: Path, steps: list[tuple[str, ...]]) -> Path:
    for step in steps:
        run(path, *step)
    return path


@pytest.fixture(scope="module")
def begun(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The table seated, the fight set up and begun: Pink to act."""
    return _build(tmp_path_factory.mktemp("begun") / "campaign.sqlite", SETUP)


@pytest.fixture(scope="module")
def at_cast(begun: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Sage's [Bind] [Person] on the stack."""
    path = tmp_path_factory.mktemp("cast") / "campaign.sqlite"
    shutil.copyfile(begun, path)
    return _build(path, TO_THE_CAST)


@pytest.fixture
def fight(begun: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(begun, path)
    return path


@pytest.fixture
def casting(at_cast: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(at_cast, path)
    return path


def _hand(path: Path, player: str) -> list[str]:
    status = run(path, "deck", "status", "--player", player, "--json")
    return [word["text"] for word in status["hands"][0]["words"]]


def test_a_scripted_fight_runs_through_the_cli(fight: Path, tmp_path: Path) -> None:
    """Two teams, ranged and melee, a Maim, a spell from an approved ruling imparted by a touch
    attack, a counterspell stack three deep, a kill that draws a Word, the end and a rest."""
    odds = run(fight, "combat", "odds", "Pink", "Red", "--json")
    assert odds["hit_die"] == 10 and odds["zones"]["Head"]["fraction"] == "1/10"
    assert "cost 6, range 6, 2 increases" in odds["note"]
    for step in TO_THE_CAST[:2]:
        run(fight, *step)
    assert _hand(fight, "Ann") == ["Fire", "Ball", "Bind", "Mist"], "[Power] was spent"
    for step in TO_THE_CAST[2:-1]:
        run(fight, *step)
    bram = _hand(fight, "Bram")
    assert "Person" not in bram, "the ruling's approval spent [Person]"
    cast = run(fight, *TO_THE_CAST[-1], "--json")
    assert cast["effects"] == [] and _hand(fight, "Bram") == bram, "and the cast nothing more"
    units = {u["name"]: u for u in run(fight, "combat", "status", "--json")["units"]}
    assert "Person" not in units["Sage"]["hand"], "the Sage joined holding it; the cast took it"
    run(fight, "combat", "counter", "Monk", "[Fly]", "--over", "1")
    countered = run(fight, "combat", "counter", "Pink", "[Bind]", "--over", "1", "--json")
    assert countered["effects"][0] == {
        "kind": "spent",
        "who": "Ann",
        "words": [{"text": "Bind", "sense": None}],
        "note": "Pink's counterspell",
    }
    status = run(fight, "combat", "status", "--json")
    assert status["stack"].endswith("=> [Bind] [Person]")
    resolved = run(
        fight, "combat", "resolve", "--effect", "the orc is bound in place", "--dice", "2"
    )
    assert "Sage attacks Orc (spell touch, Unarmed): d6=2 (entered) → hits the Offhand" in resolved
    assert "[Bind] [Person] takes effect on Orc: the orc is bound in place" in resolved
    assert "the stack closes; 4 Words are lost" in resolved
    for step in (
        ("combat", "end-turn"),
        ("combat", "attack", "Red", "Pink", "--dice", "4 3"),
        ("combat", "end-turn"),
        ("combat", "end-turn"),
        ("combat", "end-turn"),
        ("combat", "attack", "Pink", "Red", "--dice", "1 4"),
    ):
        run(fight, *step)
    dead = run(fight, "combat", "dead", "Red")
    assert "Pink draws a Word from the Deck: the killing blow on Red" in dead
    assert "campaign: Ann: drew [Heart]" in dead
    assert _hand(fight, "Ann")[-1] == "Heart"
    picture = tmp_path / "temple.svg"
    board = run(fight, "combat", "board", "--svg", str(picture))
    assert "Pink" in board and "D3" in board and picture.read_text("utf-8").startswith("<svg")
    ended = run(fight, "combat", "end", "--reason", "the temple guards surrender", "--json")
    assert [(e["kind"], e["who"]) for e in ended["effects"]] == [("sheet", "Pink")]
    sheet = run(fight, "character", "show", "Pink", "--json")["sheet"]
    assert [z["hp"] for z in sheet["hitzones"]] == [4, 6, 6, 3]
    run(fight, "combat", "rest", "Pink")
    sheet = run(fight, "character", "show", "Pink", "--json")["sheet"]
    assert [z["hp"] for z in sheet["hitzones"]] == [4, 6, 6, 6]
    log = run(fight, "combat", "log")
    for line in (
        "Pink enhances the damage with [Power] (consumed)",
        "Pink attacks Red (single, Crossbow): d10=3 (entered) → hits the Mainhand",
        "Knight attacks Monk (single, Sword): d6=4 (entered) → hits the Legs",
        "Monk's Legs is Maimed",
        "Sage casts [Bind] [Person] on Orc: hold the orc still (ruling R1); 2 Words on the stack",
        "counterspell by Monk: [Fly] over Word 1",
        "counterspell by Pink: [Bind] over Word 1",
        "Red is down (Head at 0 HP)",
        "combat ends: the temple guards surrender",
        "Pink rests: HP 4/6/6/6, Armor repaired",
    ):
        assert line in log, line
    assert run(fight, "ledger", "verify", "--json")["ok"]


def test_undo_and_redo_are_records_in_the_log(fight: Path) -> None:
    """ "Undo and redo of the last command" (issue 6): an undo is a new record, never a delete."""
    run(fight, "combat", "attack", "Pink", "Red", "--dice", "3 2")
    undone = run(fight, "combat", "undo", "--json")
    assert undone["action"] == "undo" and undone["command"]["type"] == "Undo"
    assert "undone: Pink attacks Red (single, Crossbow)" in " ".join(undone["log"])
    steps = run(fight, "combat", "log", "--steps", "--json")
    assert [s["action"] for s in steps[-2:]] == ["command", "undo"]
    assert "Pink attacks Red" not in run(fight, "combat", "log")
    redone = run(fight, "combat", "redo", "--json")
    assert redone["events"] == steps[-2]["events"]
    assert "d10=3 (entered)" in run(fight, "combat", "log")
    assert "error: F1 has no undone step to redo" in run(fight, "combat", "redo", code=1)


def _refusals() -> list[tuple[str, list[str], str, str]]:
    """(case, command, what the error says, the rulebook sentence it quotes)."""
    return [
        (
            "a shot into an adjacent space on the same ring",
            ["combat", "attack", "Pink", "Knight"],
            "Pink cannot shoot Knight",
            "Ranged attacks cannot be made adjacently on the same ring.",
        ),
        (
            "acting out of turn",
            ["combat", "attack", "Orc", "Sage", "--dice", "1 1"],
            "Orc cannot act now: it is Pink's turn",
            "Once the whole team has acted, the other team will go.",
        ),
        (
            "a melee attack out of reach",
            ["combat", "attack", "Pink", "Orc", "--weapon", "Unarmed"],
            "Orc at D1 is not adjacent to Pink at D3",
            "Melee weapons can attack any adjacent space, even on other rings.",
        ),
        (
            "a die not entered",
            ["combat", "attack", "Pink", "Red", "--dice", "3"],
            "die 2 is missing: Pink rolls a d4 for damage (Crossbow)",
            "Every die is rolled from a seeded RNG recorded with the event or entered by hand.",
        ),
        (
            "resting in the middle of a fight",
            ["combat", "rest", "Pink"],
            "no one can rest in the middle of a fight",
            "Any time the player can ensure their safety for 6 hours, they can rest.",
        ),
        (
            "reinforcing with a unit already on the board",
            ["combat", "reinforce", "Pink", "D6"],
            "Pink is standing, not waiting off the board",
            "should spend at least one turn hovering outside the space they wish to enter from",
        ),
        (
            "declaring an unhurt unit dead",
            ["combat", "dead", "Orc"],
            "Orc has no Maimed Hitzone",
            "Storytellers are encouraged to treat Maimed enemies as dead",
        ),
    ]


@pytest.mark.parametrize(
    ("case", "args", "message", "rule"), _refusals(), ids=[r[0] for r in _refusals()]
)
def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing(
    fight: Path, case: str, args: list[str], message: str, rule: str
) -> None:
    before = snapshot(fight)
    err = run(fight, *args, code=1)
    assert f"error: {message}" in err
    assert rule in " ".join(err.split())
    assert snapshot(fight) == before


def _stack_refusals() -> list[tuple[str, list[str], str, str]]:
    return [
        (
            "a counterspell from someone who is no Fate Weaver",
            ["combat", "counter", "Knight", "[Fly]"],
            "Knight is not a Fate Weaver",
            "Fate Weavers may counterspell as long as they have line of sight.",
        ),
        (
            "countering one's own top layer",
            ["combat", "counter", "Sage", "[Stone]"],
            "the top of the stack is Sage's own",
            "may be used to alter a spell cast by someone else.",
        ),
        (
            "a counter Word not in hand",
            ["combat", "counter", "Pink", "[Zone]"],
            "Pink does not hold: [Zone]",
            "Fate Weavers may counterspell as long as they have line of sight.",
        ),
        (
            "acting while a spell waits on the stack",
            ["combat", "end-turn"],
            "Sage's spell is on the stack",
            "you have to announce that you're counterspelling and which Word you'll use before "
            "the attack or effect plays out.",
        ),
        (
            "a second casting of the same ruling",
            ["combat", "cast", "Sage", "--ruling", "R1", "--target", "Orc"],
            "R1 was already cast (F1 step",
            "the spell will not be cast.",
        ),
    ]


@pytest.mark.parametrize(
    ("case", "args", "message", "rule"),
    _stack_refusals(),
    ids=[r[0] for r in _stack_refusals()],
)
def test_an_illegal_counterspell_is_refused_with_its_rule_and_changes_nothing(
    casting: Path, case: str, args: list[str], message: str, rule: str
) -> None:
    before = snapshot(casting)
    err = run(casting, *args, code=1)
    assert f"error: {message}" in err
    assert rule in " ".join(err.split())
    assert snapshot(casting) == before


def test_a_vetoed_ruling_is_not_a_spell(fight: Path) -> None:
    """ "If an intent cannot be fulfilled by the Words provided (as judged by the Storyteller),
    the spell will not be cast." """
    run(
        fight, "ruling", "add", "--caster", "Sage", "[Bind] [Person]", "hold every orc", "--veto",
        "--needs", "Zone",
    )  # fmt: skip
    before = snapshot(fight)
    err = run(fight, "combat", "cast", "Pink", "--ruling", "R1", "--target", "Orc", code=1)
    assert "error: R1 was vetoed: there is no spell to cast" in err
    assert snapshot(fight) == before


def test_the_board_draws_the_rings_and_writes_an_svg(fight: Path, tmp_path: Path) -> None:
    run(fight, "combat", "hazard", "C2", "block")
    run(fight, "combat", "add", "--npc", "<Imp & Co>", "--team", "Temple")
    run(fight, "combat", "reinforce", "<Imp & Co>", "D6")
    data = run(fight, "combat", "board", "--json")
    spaces = {s["space"]: s for s in data["spaces"]}
    assert len(spaces) == 15 and spaces["D3"]["occupant"] == "Pink"
    assert spaces["C2"]["hazards"] == ["block"] and spaces["A1"]["occupant"] is None
    assert data["hovering"] == [{"unit": "<Imp & Co>", "space": "D6", "round": 2}]
    out = tmp_path / "board.svg"
    text = run(fight, "combat", "board", "--svg", str(out))
    assert "C2 [block]" in text and "marker: <Imp & Co> enters at D6 in round 2" in text
    svg = out.read_text("utf-8")
    assert svg.count("<circle") >= 4 + 6 and 'class="hazard-block"' in svg
    assert "&lt;Imp &amp; Co&gt;" in svg and "<Imp" not in svg
    assert ">D1<" in svg and ">Orc<" in svg
    refused = run(fight, "combat", "board", "--svg", str(out), code=1)
    assert "already exists" in refused and "--force" in refused
    run(fight, "combat", "board", "--svg", str(out), "--force")


def test_status_list_and_log_print_json(fight: Path) -> None:
    status = run(fight, "combat", "status", "--json")
    assert status["id"] == "F1" and status["turn"]["unit"] == "Pink"
    units = {u["name"]: u for u in status["units"]}
    assert units["Pink"]["hand"] == ["Fire", "Ball", "Power", "Bind", "Mist"]
    assert units["Monk"]["fate_weaver"] and not units["Knight"]["fate_weaver"]
    listed = run(fight, "combat", "list", "--json")
    assert [(c["id"], c["phase"]) for c in listed] == [("F1", "rounds")]
    log = run(fight, "combat", "log", "--json")
    assert log[0]["event"] == "combat_created" and log[-1]["text"] == "Pink's turn (2 actions)"


def test_seeded_dice_roll_without_dice_entered(fight: Path) -> None:
    """Without --dice the combat's seed rolls, and every die records the seed that rolls it."""
    shot = run(fight, "combat", "attack", "Pink", "Red", "--seed", "3", "--json")
    rolled = next(e for e in shot["events"] if e["event"] == "attack_rolled")
    assert rolled["rolls"][0]["seed"] is not None and shot["dice"] == "seed 3"


def test_bad_npc_specs_are_clear_errors(fight: Path) -> None:
    assert "--hp '4/6' is not N/N/N/N" in run(
        fight, "combat", "add", "--npc", "Imp", "--team", "T", "--hp", "4/6", code=1
    )
    assert "--character NAME or --npc NAME" in run(fight, "combat", "add", "--team", "T", code=1)
    added = run(
        fight, "combat", "add", "--npc", "Lich", "--team", "Temple", "--zone", "Amulet=2+1",
        "--weapon", "Bow=1d6/1d4 ranged max 1d10", "--words", "[Raise]", "--json",
    )  # fmt: skip
    unit = added["events"][0]["unit"]
    assert [z["name"] for z in unit["hitzones"]][-1] == "Amulet" and unit["fate_weaver"]
    assert unit["weapons"][0]["range_limit"] == "1d10"


def _commands(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            found += _commands(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


COMBAT_COMMANDS = [c for c in _commands(typer.main.get_command(app)) if c[0] == "combat"]


def test_the_combat_commands_are_all_there() -> None:
    names = {command[1] for command in COMBAT_COMMANDS}
    assert names >= {
        "start", "add", "place", "initiative", "move", "attack", "defend", "grab", "cast",
        "counter", "enhance", "flee", "reinforce", "end-turn", "undo", "redo", "log", "board",
        "odds",
    }  # fmt: skip


@pytest.mark.parametrize("command", COMBAT_COMMANDS, ids=" ".join)
def test_every_combat_command_has_help_with_an_example_and_json(command: tuple[str, ...]) -> None:
    """ "Every command: help with an example, `--json` where it prints data" (issue 3)"""
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Example: adjudicator " + " ".join(command) in result.stdout
    assert "--ledger" in result.stdout and "--json" in result.stdout


def test_moves_defences_grabs_and_flight_through_the_cli(fight: Path) -> None:
    """ "It takes a full turn to move to a new ring." "Grabbing can only be used on opponents on
    the same ring as you." "To flee, a unit must spend a full turn waiting on the outer ring at
    the point they will exit." """
    moved = run(fight, "combat", "move", "Pink", "C2")
    assert "Pink spends 2 actions: moves to C2" in moved
    run(fight, "combat", "end-turn", "--next", "Knight")
    defended = run(fight, "combat", "defend", "Knight", "Offhand")
    assert "Knight defends with the Offhand" in defended
    run(fight, "combat", "end-turn", "--next", "Sage")
    grabbed = run(fight, "combat", "grab", "Sage", "Orc", "--dice", "2 5 3")
    assert "Sage's Mainhand binds Orc's Offhand" in grabbed
    run(fight, "combat", "end-turn")
    fled = run(fight, "combat", "flee", "Red")
    assert "Red spends 2 actions: waits at D7 to flee" in fled
    run(fight, "combat", "end-turn")
    freed = run(fight, "combat", "break-free", "Orc", "--dice", "6 1")
    assert "Orc" in freed and "bind" in freed
    board = run(fight, "combat", "board", "--json")
    assert {s["space"]: s["occupant"] for s in board["spaces"]}["C2"] == "Pink"
