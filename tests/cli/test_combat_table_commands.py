"""What the engine could do and the CLI could not (issue 14), done as a Storyteller types it.

Each test runs `adjudicator combat ...` with typer's CliRunner against a real ledger file:

    adjudicator init --name Crypt
    adjudicator player add Ann
    adjudicator character add Pink --player Ann --from-json pink.json  # level 2, [Lucky]
    adjudicator combat start --seed 7
    adjudicator combat add --character Pink --team Party --hold Rapier
    adjudicator combat add --npc Knight --team Party --weapon Sword=1d6/1d6 \\
        --weapon Dagger=1d6/1d4 --hold Sword --hold Offhand=Dagger
    adjudicator combat add --npc Lich --team Crypt --weapon Staff=1d6/1d6 --words "[Raise]" \\
        --tag Undying --tag Ancient
    adjudicator combat add --npc Orc --team Crypt --weapon Axe
    adjudicator combat place Pink D3      # and Knight D4, Orc D5, Lich D6
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from adjudicator.combat.engine import HANDLERS
from adjudicator.rules.characters import MagicItem, Tag, TagSource, snazzle
from tests.cli.test_combat_commands import COMBAT_COMMANDS, RULING, SETUP, _build, _hand, run
from tests.ledger.helpers import snapshot

SETUP_CRYPT: list[tuple[str, ...]] = [
    ("init", "--name", "Crypt"),
    ("player", "add", "Ann"),
    ("combat", "start", "--seed", "7"),
    ("combat", "add", "--character", "Pink", "--team", "Party", "--hold", "Rapier"),
    ("combat", "add", "--npc", "Knight", "--team", "Party", "--weapon", "Sword=1d6/1d6",
     "--weapon", "Dagger=1d6/1d4", "--hold", "Sword", "--hold", "Offhand=Dagger"),
    ("combat", "add", "--npc", "Lich", "--team", "Crypt", "--weapon", "Staff=1d6/1d6",
     "--words", "[Raise]", "--tag", "Undying", "--tag", "Ancient"),
    ("combat", "add", "--npc", "Orc", "--team", "Crypt", "--weapon", "Axe"),
    *[("combat", "place", name, where) for name, where in (
        ("Pink", "D3"), ("Knight", "D4"), ("Orc", "D5"), ("Lich", "D6"),
    )],
]  # fmt: skip

#: The fight begun by initiative: the Party is the aggressor and the Knight acts first.
BEGIN = ("combat", "initiative", "--aggressor", "Party", "--first", "Knight")


def _pink_sheet(folder: Path) -> Path:
    """Snazzle's sheet at level 2 with the level-up Tag [Lucky], as a JSON file."""
    lucky = Tag("Lucky", TagSource.LEVEL_UP)
    sheet = replace(snazzle(), name="Pink", level=2, gained_tags=(lucky,))
    path = folder / "pink.json"
    path.write_text(json.dumps(sheet.to_dict()), "utf-8")
    return path


@pytest.fixture(scope="module")
def crypt_setup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The crypt fight set up but not begun (no initiative yet)."""
    folder = tmp_path_factory.mktemp("crypt")
    path = folder / "campaign.sqlite"
    steps = list(SETUP_CRYPT)
    character = ("character", "add", "Pink", "--player", "Ann", "--from-json")
    steps.insert(2, (*character, str(_pink_sheet(folder))))
    return _build(path, steps)


@pytest.fixture
def crypt(crypt_setup: Path, tmp_path: Path) -> Path:
    """The crypt fight, begun: the Knight to act."""
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(crypt_setup, path)
    run(path, *BEGIN)
    return path


@pytest.fixture
def unbegun(crypt_setup: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(crypt_setup, path)
    return path


def _units(path: Path) -> dict[str, dict[str, Any]]:
    return {u["name"]: u for u in run(path, "combat", "status", "--json")["units"]}


def _hp(path: Path, unit: str) -> dict[str, int]:
    zones = _units(path)[unit]["hitzones"]
    assert isinstance(zones, list)
    return {z["name"]: z["hp"] for z in zones}


# --- hands ------------------------------------------------------------------------------------


def test_an_npc_holds_two_weapons_and_dual_wields_them(crypt: Path) -> None:
    """ "If dual wielding weapons (including unarmed), you may use a full round to roll one
    Attack Roll for each." "You take the higher result, including misses." "If not, only roll
    damage for the higher." """
    assert _units(crypt)["Knight"]["held"] == {"Mainhand": "Sword", "Offhand": "Dagger"}
    out = run(crypt, "combat", "attack", "Knight", "Orc", "--dual", "--weapon", "Sword",
              "--weapon", "Dagger", "--dice", "2 4 3")  # fmt: skip
    assert "Knight attacks Orc (dual, Sword and Dagger): d6=2 (entered), d6=4 (entered)" in out
    assert "Orc takes 3 damage (d4=3 (entered)) from Knight's Dagger to the Legs" in out
    assert "Knight spends 2 actions" in out


def test_drawing_stowing_and_dropping_through_the_cli(crypt: Path) -> None:
    """ "Stowing or retrieving items from the Pouch requires one action" (an NPC's weapon is as
    quick as the Pouch). "Stopping an action (dropping a weapon) does not cost an action." """
    dropped = run(crypt, "combat", "drop", "Knight", "Offhand")
    assert "Knight drops Dagger from the Offhand (dropped)" in dropped
    assert "Knight's turn, 2 actions left" in dropped
    stowed = run(crypt, "combat", "stow", "Knight", "Mainhand")
    assert "Knight spends 1 action: stowing Sword" in stowed
    assert "Knight stows Sword from the Mainhand" in stowed
    drawn = run(crypt, "combat", "draw", "Knight", "Sword", "--hand", "Offhand")
    assert "Knight draws Sword into the Offhand" in drawn
    assert "0 actions left" in drawn
    assert _units(crypt)["Knight"]["held"] == {"Mainhand": None, "Offhand": "Sword"}


def test_a_grab_with_full_hands_names_the_commands_that_free_one(crypt: Path) -> None:
    """ "Grab attacks can be made only with an empty hand." The hint's command works, and the
    binder lets go for free: "Stopping an action ... does not cost an action." """
    before = snapshot(crypt)
    err = run(crypt, "combat", "grab", "Knight", "Orc", "--dice", "2 5 3", code=1)
    assert "error: Knight has no free hand for a grab" in err
    hint = " ".join(err.split())
    assert "drop Sword from the Mainhand for free (adjudicator combat drop Knight Mainhand)" in hint
    assert "Grab attacks can be made only with an empty hand." in hint
    assert snapshot(crypt) == before
    run(crypt, "combat", "drop", "Knight", "Mainhand")
    grabbed = run(crypt, "combat", "grab", "Knight", "Orc", "--dice", "2 5 3")
    assert "Knight's Mainhand binds Orc's Offhand" in grabbed
    released = run(crypt, "combat", "release", "Knight")
    assert "no longer bound (Knight lets go)" in released
    assert "Knight's turn, 1 action left" in released


def test_a_one_motion_action_costs_an_action(crypt: Path) -> None:
    """ "You can use an item, retrieve an item, draw a weapon, defend, or anything else that's
    one motion." """
    out = run(crypt, "combat", "act", "Knight", "pulls the lever")
    assert "Knight spends 1 action: pulls the lever" in out and "Knight: pulls the lever" in out


# --- the opening strike -----------------------------------------------------------------------


def test_an_opening_strike_is_an_automatic_critical_before_the_surprise_round(
    unbegun: Path,
) -> None:
    """ "Treat the first strike as an automatic critical hit. Choose a hitzone and just roll
    damage." "If this attack would initiate combat, take a surprise round after striking and
    before rolling initiative." """
    run(unbegun, "combat", "aware", "Orc", "Knight", "--unaware")
    out = run(unbegun, "combat", "opening-strike", "Knight", "Orc", "--aim", "Legs", "--dice", "4")
    lines = out.splitlines()
    began = next(i for i, line in enumerate(lines) if "combat begins with Knight's strike" in line)
    struck = next(i for i, line in enumerate(lines) if "automatic critical on the Legs" in line)
    assert began < struck and "surprise round for Pink, Knight, Lich" in lines[began]
    assert "Orc takes 4 damage (d6=4 (entered)) from Knight's Sword to the Legs" in out
    assert _hp(unbegun, "Orc")["Legs"] == 2
    assert "initiative" not in out, "initiative is rolled after the surprise round"


def test_an_opening_strike_needs_an_unaware_target(unbegun: Path) -> None:
    """ "If a character (or specific Hitzone) is unaware of an incoming threat ... there is no
    need to roll a melee attack roll." """
    before = snapshot(unbegun)
    err = run(unbegun, "combat", "opening-strike", "Knight", "Orc", "--dice", "4", code=1)
    assert "error: Orc is aware of Knight" in err
    assert snapshot(unbegun) == before


# --- resisting death, healing a Maim ----------------------------------------------------------


def test_a_quick_npc_boss_resists_death_and_heals_a_maim_with_its_tags(crypt: Path) -> None:
    """ "Fate Weavers may resist death or heal a Maim at the cost of one permanent Tag." "Upon
    taking damage that would kill, the player must declare which Tag they are sacrificing
    (permanently) to instead be fully healed (including Maims but not Armor)." "Resisting death
    or healing a Maim in combat both require one action." """
    run(crypt, "combat", "deal", "Lich", "Legs", "6", "--source", "a falling pillar")
    down = run(crypt, "combat", "deal", "Lich", "Head", "4", "--source", "a falling pillar")
    assert "Lich is down (Head at 0 HP)" in down
    resisted = run(crypt, "combat", "resist-death", "Lich", "Undying")
    assert "Lich resists death, sacrificing [Undying] (level-up)" in resisted
    assert "Lich owes 1 action of the next turn: resisting death" in resisted
    assert _hp(crypt, "Lich") == {"Head": 4, "Offhand": 6, "Mainhand": 6, "Legs": 6}
    run(crypt, "combat", "deal", "Lich", "Head", "4")
    err = run(crypt, "combat", "resist-death", "Lich", "Undying", code=1)
    assert "error: Lich holds no Tag [Undying]" in err and "[Ancient] (level-up)" in err
    run(crypt, "combat", "resist-death", "Lich", "Ancient")
    assert _units(crypt)["Lich"]["status"] == "standing"


def test_a_maim_is_healed_on_the_payers_turn_for_a_tag(crypt: Path) -> None:
    """ "When healing a Maim, HP for the limb is restored to maximum but Armor remains
    destroyed." "Maims do not need to be healed in reaction." """
    run(crypt, "combat", "deal", "Lich", "Legs", "6")
    err = run(crypt, "combat", "heal-maim", "Lich", "Legs", "Undying", code=1)
    assert "Lich cannot act now" in err, "a Maim is healed on the payer's own turn"
    run(crypt, "combat", "end-turn", "--next", "Pink")
    run(crypt, "combat", "end-turn", "--next", "Lich")
    healed = run(crypt, "combat", "heal-maim", "Lich", "Legs", "Undying")
    assert "Lich's Legs is healed to 6 HP for [Undying] (level-up)" in healed
    assert "Lich's turn, 1 action left" in healed


def test_a_character_resists_death_and_its_sheet_loses_the_tag(crypt: Path) -> None:
    """ "This tag must either be Specific or gained from level ups." The sacrificed Tag is
    gone from the sheet when the fight ends ("permanently")."""
    run(crypt, "combat", "deal", "Pink", "Head", "3")  # her Leather's 3 Armor first
    run(crypt, "combat", "deal", "Pink", "Head", "4")
    err = run(crypt, "combat", "resist-death", "Pink", "Charismatic", code=1)
    assert "Tags from level 1 may not be used" in err
    out = run(crypt, "combat", "resist-death", "Pink", "Lucky")
    assert "Pink resists death, sacrificing [Lucky] (level-up)" in out
    assert _hp(crypt, "Pink")["Head"] == 4
    run(crypt, "combat", "end", "--reason", "the crypt is sealed")
    sheet = run(crypt, "character", "show", "Pink", "--json")["sheet"]
    assert sheet["gained_tags"] == []
    assert sheet["hitzones"][0]["armor"] == 0, "fully healed, but not Armor"


def test_an_npc_without_tags_cannot_resist_death(crypt: Path) -> None:
    """A quick NPC has no sheet: only the Tags it joined with (`--tag`) can pay."""
    run(crypt, "combat", "deal", "Orc", "Head", "4")
    err = run(crypt, "combat", "resist-death", "Orc", "Strong", code=1)
    assert "error: Orc holds no Tag [Strong]" in err and "Orc's Tags: none" in err
    assert _units(crypt)["Lich"]["tags"] == ["Undying", "Ancient"]


# --- the Storyteller's rulings mid-fight ------------------------------------------------------


def test_the_storyteller_relocates_and_removes_units(crypt: Path) -> None:
    """ "Magic, carried by allies, sliding down a trash chute, or mounting a horse are all
    alternative ways you might escape with Maimed legs." """
    moved = run(crypt, "combat", "relocate", "Orc", "D8")
    assert "Orc is moved by the Storyteller at D8" in moved
    removed = run(crypt, "combat", "remove", "Lich", "--reason", "slides down the trash chute")
    assert "Lich leaves the board: slides down the trash chute" in removed
    assert _units(crypt)["Lich"]["status"] == "fled"


def test_a_formation_is_recorded_and_deployed_through_the_cli(tmp_path: Path) -> None:
    """ "This means that a character marching in D5 is not guaranteed to be in D5 when combat
    starts, just that they're relatively behind whoever is in C3." """
    path = tmp_path / "campaign.sqlite"
    for step in (
        ("init", "--name", "March"),
        ("combat", "start", "--seed", "1"),
        ("combat", "add", "--npc", "Knight", "--team", "Party"),
        ("combat", "add", "--npc", "Pink", "--team", "Party"),
        ("combat", "formation", "Party", "Knight=C3", "Pink=D5"),
    ):
        run(path, *step)
    out = run(path, "combat", "deploy", "Party", "--orientation", "flipped")
    assert "Knight is in formation at C1" in out and "Pink is in formation at D1" in out


# --- stances (wop-draft) ----------------------------------------------------------------------


def test_stances_through_the_cli_in_the_draft(tmp_path: Path) -> None:
    """ "You begin combat in a neutral stance." "As part of a movement or by consuming a move
    action and staying still, you may change stances." (alternate draft, "Stances")"""
    path = tmp_path / "campaign.sqlite"
    for step in (
        ("init", "--name", "Draft"),
        ("combat", "start", "--seed", "1", "--ruleset", "wop-draft"),
        ("combat", "add", "--npc", "Monk", "--team", "Temple", "--stance", "Crane=[Evade] -1",
         "--stance", "Turtle=+1"),
        ("combat", "add", "--npc", "Orc", "--team", "Raiders"),
        ("combat", "place", "Monk", "D1"),
        ("combat", "place", "Orc", "D5"),
        ("combat", "initiative", "--dice", "6 1"),
    ):  # fmt: skip
        run(path, *step)
    assert _units(path)["Monk"]["stance"] is None
    out = run(path, "combat", "stance", "Monk", "Crane")
    assert "Monk spends 1 action: changes stance" in out and "takes the Crane stance" in out
    moved = run(path, "combat", "move", "Monk", "D2", "--stance", "Turtle")
    assert "Monk takes the Turtle stance" in moved and "Monk moves D1→D2" in moved
    assert _units(path)["Monk"]["stance"] == "Turtle"


def test_the_rulebook_has_no_stances(crypt: Path) -> None:
    err = run(crypt, "combat", "stance", "Knight", "Crane", code=1)
    assert "error: the rulebook ruleset has no Stances" in err


# --- the ruleset's ladder, magic items --------------------------------------------------------


def test_a_1d4_ranged_weapon_follows_the_rulesets_ladder(tmp_path: Path) -> None:
    """ "1d4 > 1d6 > 1d8 > 1d10 > 1d12 > 1d20" (the draft) against the rulebook's "1d6 > 1d8 >
    1d10 > 1d12 > 1d20": the ladder is the ruleset's."""
    path = tmp_path / "campaign.sqlite"
    sling = ("--weapon", "Sling=1d4/1d4 ranged")
    run(path, "init", "--name", "Ladders")
    run(path, "combat", "start", "--seed", "1")
    before = snapshot(path)
    err = run(path, "combat", "add", "--npc", "Slinger", "--team", "A", *sling, code=1)
    assert "its hit die 1d4 is not on the rulebook ladder 1d6 > 1d8 > 1d10 > 1d12 > 1d20" in err
    assert snapshot(path) == before
    run(path, "combat", "start", "--seed", "1", "--ruleset", "wop-draft")
    run(path, "combat", "add", "--npc", "Slinger", "--team", "A", *sling)
    run(path, "combat", "add", "--npc", "Orc", "--team", "B")
    run(path, "combat", "place", "Slinger", "D1")
    run(path, "combat", "place", "Orc", "D7")
    odds = run(path, "combat", "odds", "Slinger", "Orc", "--json")
    assert odds["hit_die"] == 4, "range 2 is free: the sling's own 1d4"


def test_a_magic_item_without_durability_provides_only_one_armor(tmp_path: Path) -> None:
    """ "Assume that any magic item without a listed durability ... provides only 1 armor." """
    path = tmp_path / "campaign.sqlite"
    run(path, "init", "--name", "Items")
    run(path, "player", "add", "Ann")
    sheet = snazzle().to_dict()
    sheet["magic_items"] = [MagicItem("Boots", ()).to_dict()]
    legs = sheet["hitzones"][3]
    legs.update(item="Boots", magic_item=True, armor=5, max_armor=5, item_tags=[])
    source = tmp_path / "sheet.json"
    source.write_text(json.dumps(sheet), "utf-8")
    before = snapshot(path)
    err = run(path, "character", "add", "Pink", "--player", "Ann", "--from-json", str(source),
              code=1)  # fmt: skip
    assert "the Legs wears it with 5 Armor" in err and "provides only 1 armor" in err
    assert snapshot(path) == before
    legs.update(armor=1, max_armor=1)
    source.write_text(json.dumps(sheet), "utf-8")
    run(path, "character", "add", "Pink", "--player", "Ann", "--from-json", str(source))


# --- a ruling approved before the caster joins; sight on the board ----------------------------


@pytest.fixture(scope="module")
def approved_first(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temple fight with the Sage's ruling approved before the Sage joins it, and the Monk
    at D5 walled in by blocking terrain on every space around it."""
    path = tmp_path_factory.mktemp("approved") / "campaign.sqlite"
    start = SETUP.index(("combat", "start", "--seed", "7", "--title", "The temple steps"))
    hazards = [("combat", "hazard", space, "block") for space in ("C3", "D4", "D6")]
    return _build(path, [*SETUP[:start], RULING, *SETUP[start:], *hazards])


@pytest.fixture
def approved(approved_first: Path, tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    shutil.copyfile(approved_first, path)
    return path


def test_a_ruling_approved_before_the_caster_joins_can_be_cast(approved: Path) -> None:
    """ "Drawn Words, those drawn from the Deck, are consumed upon use": the approval of the
    casting spent [Person] once; the cast on the board spends nothing more."""
    assert "Person" not in _hand(approved, "Bram")
    assert "Person" not in _units(approved)["Sage"]["hand"]
    hand = _hand(approved, "Bram")
    run(approved, "combat", "end-turn", "--next", "Sage")
    cast = run(approved, "combat", "cast", "Sage", "--ruling", "R1", "--target", "Orc", "--json")
    assert cast["effects"] == [], "the ruling's approval already spent its Drawn Words"
    assert _hand(approved, "Bram") == hand
    resolved = run(approved, "combat", "resolve", "--dice", "2")
    assert "[Bind] [Person] takes effect on Orc" in resolved


def test_a_unit_that_cannot_see_the_caster_cannot_counter(approved: Path) -> None:
    """ "Fate Weavers may counterspell as long as they have line of sight." The Monk at D5 is
    walled in by blocking terrain; Pink at D3 sees the Sage at D2."""
    run(approved, "combat", "end-turn", "--next", "Sage")
    run(approved, "combat", "cast", "Sage", "--ruling", "R1", "--target", "Orc")
    before = snapshot(approved)
    err = run(approved, "combat", "counter", "Monk", "[Fly]", code=1)
    assert "error: Monk cannot see Sage: terrain blocks every way from D5 to D2" in err
    assert "as long as they have line of sight" in " ".join(err.split())
    assert snapshot(approved) == before
    run(approved, "combat", "counter", "Pink", "[Bind]")


def test_entry_points_and_hazards_through_the_cli(tmp_path: Path) -> None:
    """ "Instead, the enemy will begin on the board and you'll have to choose entry points on
    the outer ring." "The Storyteller may choose to fill some spaces with hazards"."""
    path = tmp_path / "campaign.sqlite"
    run(path, "init", "--name", "Raid")
    run(path, "combat", "start", "--seed", "1")
    run(path, "combat", "add", "--npc", "Scout", "--team", "Raiders")
    err = run(path, "combat", "place", "Scout", "C2", "--entry", code=1)
    assert "error: C2 is not on the outer ring" in err
    entered = run(path, "combat", "place", "Scout", "D7", "--entry")
    assert "Scout is entering at the entry point at D7" in entered
    run(path, "combat", "hazard", "C2", "block")
    cleared = run(path, "combat", "hazard", "C2", "--clear")
    assert "hazards cleared from C2" in cleared


#: A row of the doc's list of engine commands: | `Attack` | `adjudicator combat attack` | ...
COMMAND_ROW = re.compile(r"^\| `(\w+)` \| `adjudicator ([\w -]+?)(?: --[\w-]+)?` \|", re.M)


def test_every_engine_command_is_on_the_command_line() -> None:
    """Issue 14: "`docs/combat-rules.md` lists no rule that the engine implements and the CLI
    cannot reach": each command the engine resolves has a command line, listed in the doc."""
    doc = (Path(__file__).parents[2] / "docs" / "combat-rules.md").read_text("utf-8")
    listed = dict(COMMAND_ROW.findall(doc))
    assert set(listed) == {command.__name__ for command in HANDLERS}
    cli = {" ".join(command) for command in COMBAT_COMMANDS}
    missing = {name: line for name, line in listed.items() if line not in cli}
    assert not missing, f"no such command line: {missing}"
