"""Shadow of the Weird Wizard through the CLI (issue 15): the page's worked example of Bonus
Damage played as a table types it, the shared commands on such a fight, and bad input refused
with the rule it breaks (exit 1, nothing recorded)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from tests.cli.running import run

runner = CliRunner()


def refused(ledger: Path, *args: str) -> str:
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "200"})
    assert result.exit_code == 1, f"{args}: {result.output}"
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit), result.exception
    return " ".join(result.output.split())


def w(ledger: Path, *args: str) -> str:
    return run(ledger, "combat", "weird-wizard", *args, columns=200)


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite"
    run(path, "init")
    run(path, "combat", "start", "--system", "weird-wizard", "--seed", "4")
    w(path, "add", "Goblin", "--side", "sage", "--at", "0", "--defense", "13", "--health", "20")
    w(path, "add", "Fighter", "--side", "players", "--at", "1", "--str", "13", "--weapon",
      "2d6", "--bonus", "2")  # fmt: skip
    return path


GOLDEN = "".join(
    (
        "   1. Shadow of the Weird Wizard fight created\n",
        "   2. Goblin (sage): Str 10 Agi 10 Int 10 Will 10, Defense 13, Health 20, 1d6,"
        " at 0 yd joins\n",
        "   3. Fighter (players): Str 13 Agi 10 Int 10 Will 10, Defense 10, Health 10,"
        " 2d6, +2d6 Bonus Damage, at 1 yd joins\n",
        "   4. the fight begins\n",
        "   5. round 1: the Sage's side acts first, then the players\n",
        "   6. Goblin takes a turn\n",
        "   7. Goblin's turn ends\n",
        "   8. Fighter takes a turn\n",
        "   9. Fighter uses an action: attack (Goblin)\n",
        "  10. Fighter attacks Goblin: Strength roll d20=12 +3 = 15 vs Defense 13: success\n",
        "  11. Goblin takes 14 damage from Fighter: d6=3 (entered), d6=4 (entered) +"
        " Bonus Damage d6=5 (entered), d6=2 (entered)\n",
    )
)


def test_the_page_s_bonus_damage_example_plays_through_the_cli(ledger: Path) -> None:
    """seeds/004, "Using Bonus Damage": "For example, a level 3 fighter has +2d6 Bonus Damage.
    The fighter succeeds on a roll to attack with a sword, which normally deals 2d6 damage,
    but, because of the Bonus Damage, the fighter can deal up to 4d6 damage instead." """
    w(ledger, "begin")
    w(ledger, "turn", "Goblin")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    w(ledger, "attack", "Fighter", "Goblin", "--bonus", "2", "--dice", "12 3 4 5 2")
    assert run(ledger, "combat", "log", columns=200) == GOLDEN
    message = refused(ledger, "combat", "weird-wizard", "attack", "Fighter", "Goblin")
    assert "used its action" in message


def test_shared_commands_on_a_weird_wizard_fight(ledger: Path) -> None:
    w(ledger, "begin")
    w(ledger, "turn", "Goblin")
    log = run(ledger, "combat", "log")
    run(ledger, "combat", "undo")
    run(ledger, "combat", "redo")
    assert run(ledger, "combat", "log") == log
    board = run(ledger, "combat", "board")
    assert "   0 yd | Goblin (sage) 0/20" in board and "Goblin's turn: 10 yards" in board
    odds = json.loads(w(ledger, "odds", "Fighter", "Goblin", "--json"))
    assert odds["hit"]["fraction"] == "11/20"
    assert "weird-wizard: weird-wizard" in run(ledger, "combat", "list")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("combat", "weird-wizard", "turn", "Fighter"), "take their turns first"),
        (("combat", "weird-wizard", "act", "Goblin", "sprint"), "an action of Murdham"),
        (("combat", "murdham", "turn", "Goblin"), "no Murdham fight in this ledger"),
        (("combat", "attack", "Goblin", "Fighter"), "no Words of Power fight in this ledger"),
        (("combat", "weird-wizard", "add", "Orc", "--side", "sage"), "before the first round"),
        (("combat", "weird-wizard", "initiative", "Goblin"), "take the initiative"),
    ],
)
def test_bad_input_is_refused_with_the_rule_and_records_nothing(
    ledger: Path, args: tuple[str, ...], says: str
) -> None:
    w(ledger, "begin")
    if args[2:3] == ("act",):
        w(ledger, "turn", "Goblin")
    before = len(json.loads(run(ledger, "combat", "log", "--steps", "--json")))
    assert says in refused(ledger, *args)
    assert len(json.loads(run(ledger, "combat", "log", "--steps", "--json"))) == before


def test_the_page_s_multiple_attacks_example_plays_through_the_cli(tmp_path: Path) -> None:
    """seeds/004, "Multiple Attacks": "For example, a player has +3d6 Bonus Damage and uses an
    action to attack. The player decides to make two attacks, and thus expends 2d6 Bonus
    Damage. The player makes the first attack. If it results in a success, the player can
    apply the remaining 1d6 Bonus Damage to that attack or hold it in reserve for the second
    attack." """
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "weird-wizard", "--seed", "4")
    w(ledger, "add", "Goblin", "--side", "sage", "--at", "0", "--health", "20")
    w(ledger, "add", "Orc", "--side", "sage", "--at", "2", "--health", "20")
    w(ledger, "add", "Fighter", "--side", "players", "--at", "1", "--weapon", "2d6",
      "--bonus", "3")  # fmt: skip
    w(ledger, "begin")
    for name in ("Goblin", "Orc"):
        w(ledger, "turn", name)
        w(ledger, "end-turn", name)
    w(ledger, "turn", "Fighter")
    out = w(ledger, "attack", "Fighter", "Goblin", "--attacks", "2", "--dice", "14 2 3")
    assert "Fighter makes 2 attacks: 2d6 Bonus Damage spent, 1d6 left to divide" in out
    assert "Goblin takes 5 damage from Fighter" in out
    message = refused(ledger, "combat", "weird-wizard", "attack", "Fighter", "Goblin")
    assert "you choose a different target" in message
    out = w(ledger, "attack", "Fighter", "Orc", "--bonus", "1", "--dice", "14 1 2 6")
    assert "Fighter makes an additional attack, on Orc" in out
    assert "Orc takes 9 damage from Fighter: d6=1 (entered), d6=2 (entered) + Bonus" in out
    assert "used its action" in refused(ledger, "combat", "weird-wizard", "attack", "Fighter",
                                        "Orc")  # fmt: skip


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("attack", "Fighter", "Goblin", "--attacks", "3"), "you make no additional attacks"),
        (("attack", "Fighter", "Goblin", "--bonus", "3"), "some or all of your Bonus Damage"),
        (("attack", "Fighter", "Goblin", "--disarm", "--bonus", "1"), "takes no damage"),
        (("attack", "Fighter", "Goblin", "--catch"), "use a reaction to catch the object"),
        (("attack", "Fighter", "Ogre", "--disarm"), "of your Size or smaller"),
        (("rearm", "Fighter"), "drops one object it holds in its hands"),
    ],
)
def test_bad_attacks_are_refused_with_the_rule_and_record_nothing(
    ledger: Path, args: tuple[str, ...], says: str
) -> None:
    w(ledger, "add", "Ogre", "--side", "sage", "--at", "2", "--size", "2")
    w(ledger, "begin")
    w(ledger, "turn", "Ogre")
    w(ledger, "end-turn", "Ogre")
    w(ledger, "turn", "Goblin")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    before = len(json.loads(run(ledger, "combat", "log", "--steps", "--json")))
    message = refused(ledger, "combat", "weird-wizard", *args)
    assert says in message and "rule:" in message
    assert len(json.loads(run(ledger, "combat", "log", "--steps", "--json"))) == before


def test_a_disarm_through_the_cli(ledger: Path) -> None:
    """seeds/004, "Disarming": "On a success, the target takes no damage. Instead, the target
    makes an Agility roll. For every 2d6 Bonus Damage you have, impose 1 bane on the target's
    roll. On a failure, the target drops one object it holds in its hands." """
    w(ledger, "begin")
    w(ledger, "turn", "Goblin")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    odds = json.loads(w(ledger, "odds", "Fighter", "Goblin", "--disarm", "--json"))
    assert [m["source"] for m in odds["modifiers"]] == ["disarming with a melee weapon"]
    assert odds["drops"]["fraction"] == "0" and 0 < odds["disarms"]["probability"] < 1
    out = w(ledger, "attack", "Fighter", "Goblin", "--disarm", "--catch", "--dice", "19 2 9 4 15 1")
    assert "1 bane (Fighter's +2d6 Bonus Damage)" in out
    assert "Goblin drops its weapon (disarmed by Fighter)" in out
    assert "Fighter tries to catch Goblin's weapon" in out
    assert "Goblin (sage): Str 10 Agi 10 Int 10 Will 10, Defense 13, Health 20, 1d6 (dropped)" in (
        w(ledger, "status")
    )


def test_attack_options_through_the_cli(ledger: Path) -> None:
    """seeds/004, "Attack Options": "For example, a player makes a disrupting attack with a
    sword. The player has +1d6 Bonus Damage. The player gets a success, so the attack deals
    1d6 damage from the Bonus Damage alone, in addition to possibly disrupting the target." """
    w(ledger, "begin")
    w(ledger, "turn", "Goblin")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    odds = json.loads(w(ledger, "odds", "Fighter", "Goblin", "--option", "disrupting", "--json"))
    # Strength 13 (+3) must reach Defense 13 to hit, Will 10 + 5 = 15 to disrupt.
    assert odds["hit"]["fraction"] == "11/20" and odds["effect"]["fraction"] == "9/20"
    assert odds["drops"]["fraction"] == "0"
    out = w(ledger, "attack", "Fighter", "Goblin", "--option", "disrupting", "--bonus", "1",
            "--dice", "14 5")  # fmt: skip
    assert "Fighter's disrupting attack on Goblin succeeds (the weapon deals no damage)" in out
    assert "Goblin has 1 boon on the next roll to attack it" in out
    assert "Goblin takes 5 damage from Fighter: Bonus Damage d6=5 (entered)" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--option", "guarded"), "If you have a shield equipped"),
        (("--option", "driving", "--push", "7"), "push the target up to 5 yards"),
        (("--option", "driving", "--disarm"), "rather than deal damage"),
        (("--option", "lunging", "--improvised"), "one-handed or two-handed melee weapon"),
    ],
)
def test_attack_options_refused_with_their_rule_record_nothing(
    ledger: Path, args: tuple[str, ...], says: str
) -> None:
    w(ledger, "begin")
    w(ledger, "turn", "Goblin")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    before = len(json.loads(run(ledger, "combat", "log", "--steps", "--json")))
    message = refused(ledger, "combat", "weird-wizard", "attack", "Fighter", "Goblin", *args)
    assert says in message and "rule:" in message
    assert len(json.loads(run(ledger, "combat", "log", "--steps", "--json"))) == before
    assert "--option 'riposte'" in refused(
        ledger, "combat", "weird-wizard", "attack", "Fighter", "Goblin", "--option", "riposte"
    )


def test_unarmed_attacks_through_the_cli(ledger: Path) -> None:
    """seeds/004, "Unarmed Attacks": "On a success, the target becomes held by you until the
    end of your next turn." "If you are held by being grabbed or pinned, you can attempt to
    escape" ... "Withstand: When a creature rolls against your Strength ... you can use a
    reaction to either impose 1 bane on the roll" """
    w(ledger, "begin")
    w(ledger, "turn", "Goblin")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    out = w(ledger, "unarmed", "Fighter", "grab", "Goblin", "--with", "strength", "--dice", "9")
    assert "Strength roll d20=9 +3 = 12 vs Goblin's Agility 10: success" in out
    assert "Goblin is held by Knight" not in out and "Goblin is held by Fighter" in out
    assert "Goblin is held by Fighter" in w(ledger, "status")
    w(ledger, "end-turn", "Fighter")
    w(ledger, "turn", "Goblin")
    assert "Goblin is held by Fighter" in refused(
        ledger, "combat", "weird-wizard", "move", "Goblin", "3"
    )
    out = w(ledger, "unarmed", "Goblin", "escape", "Fighter", "--against", "strength",
            "--withstand", "--dice", "14 4")  # fmt: skip
    assert "Fighter reacts: withstand: 1 bane on the escape" in out
    assert "= 10 vs Fighter's Strength 13: failure" in out
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    out = w(ledger, "unarmed", "Fighter", "wrestle", "Goblin", "--effect", "prone", "--dice", "15")
    assert "Goblin falls prone (wrestled down by Fighter)" in out
    assert "[prone]" in run(ledger, "combat", "board")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("unarmed", "Fighter", "drag", "Goblin", "--to", "4"), "a creature you have grabbed"),
        (("unarmed", "Fighter", "shove", "Goblin", "--dodge"), "something rolls against your"),
        (("unarmed", "Fighter", "grab", "Goblin", "--withstand"), "rolls against your Strength"),
        (("unarmed", "Fighter", "shove", "Ogre"), "no more than 2 higher than yours"),
        (("unarmed", "Fighter", "trip", "Goblin", "--against", "will"), "choice of Strength"),
        (("unarmed", "Fighter", "escape", "Goblin"), "the creature that has you held"),
        (("stand", "Fighter"), "stands up by spending half its Speed"),
        (("release", "Fighter", "Goblin"), "release the target"),
    ],
)
def test_unarmed_attacks_refused_with_their_rule_record_nothing(
    ledger: Path, args: tuple[str, ...], says: str
) -> None:
    w(ledger, "add", "Ogre", "--side", "sage", "--at", "2", "--size", "4")
    w(ledger, "begin")
    for name in ("Ogre", "Goblin"):
        w(ledger, "turn", name)
        w(ledger, "end-turn", name)
    w(ledger, "turn", "Fighter")
    before = len(json.loads(run(ledger, "combat", "log", "--steps", "--json")))
    message = refused(ledger, "combat", "weird-wizard", *args)
    assert says in message and "rule:" in message
    assert len(json.loads(run(ledger, "combat", "log", "--steps", "--json"))) == before
    assert "way 'punch'" in refused(
        ledger, "combat", "weird-wizard", "unarmed", "Fighter", "punch", "Goblin"
    )
    assert "--effect 'choke'" in refused(
        ledger, "combat", "weird-wizard", "unarmed", "Fighter", "wrestle", "Goblin", "--effect",
        "choke",
    )  # fmt: skip


def test_the_page_s_rogue_with_two_weapons_plays_through_the_cli(tmp_path: Path) -> None:
    """seeds/004, "Attacking with Two Weapons": "For example, say your rogue wields a sword in
    one hand and a dagger in the other. You attack. If you get a success, your attack deals
    3d6 damage: 2d6 from the sword and 1d6 from the dagger, plus any Bonus Damage you have
    available." """
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "weird-wizard", "--seed", "4")
    w(ledger, "add", "Goblin", "--side", "sage", "--at", "0", "--health", "20")
    w(ledger, "add", "Rogue", "--side", "players", "--at", "1", "--weapon", "2d6",
      "--off-hand", "1d6")  # fmt: skip
    w(ledger, "begin")
    w(ledger, "turn", "Goblin")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Rogue")
    odds = json.loads(w(ledger, "odds", "Rogue", "Goblin", "--hand", "both", "--json"))
    assert odds["hit"]["fraction"] == "11/20" and odds["drops"]["fraction"] == "0"
    out = w(ledger, "attack", "Rogue", "Goblin", "--hand", "both", "--dice", "12 3 4 5")
    assert (
        "Goblin takes 12 damage from Rogue: d6=3 (entered), d6=4 (entered) + off-hand d6=5" in out
    )
    assert "Rogue (players): Str 10 Agi 10 Int 10 Will 10, Defense 10, Health 10, 2d6 and " \
        "off-hand 1d6, at 1 yd" in w(ledger, "status")  # fmt: skip


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("attack", "Fighter", "Goblin", "--hand", "off"), "you can attack with either"),
        (("add", "Rogue", "--side", "players", "--off-hand", "1d6", "--shield"), "with either"),
        (("add", "Rogue", "--side", "players", "--off-hand", "d"), "--off-hand 'd'"),
        (("attack", "Fighter", "Goblin", "--hand", "left"), "--hand 'left'"),
    ],
)
def test_two_weapon_attacks_refused_with_their_rule_record_nothing(
    ledger: Path, args: tuple[str, ...], says: str
) -> None:
    if args[0] == "attack":
        w(ledger, "begin")
        w(ledger, "turn", "Goblin")
        w(ledger, "end-turn", "Goblin")
        w(ledger, "turn", "Fighter")
    before = len(json.loads(run(ledger, "combat", "log", "--steps", "--json")))
    assert says in refused(ledger, "combat", "weird-wizard", *args)
    assert len(json.loads(run(ledger, "combat", "log", "--steps", "--json"))) == before
