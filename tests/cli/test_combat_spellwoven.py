"""Spellwoven through the CLI (issue 15): the chapter's "Worked Combat Example" (the four
outlaws against Tobias and Gunnafrew) played as a table types it, the shared commands on such
a fight, and bad input refused with the rule it breaks (exit 1, nothing recorded)."""

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


def s(ledger: Path, *args: str) -> str:
    return run(ledger, "combat", "spellwoven", *args, columns=250)


@pytest.fixture
def outlaws(tmp_path: Path) -> Path:
    """ "A group of four outlaws have stepped out of the greenwood on either side of a country
    road." Prowess 4, 4, 5 and 8; Gunnafrew (Manoeuvre 5, Polearms 5, quarterstaff Menace 4,
    Quickness Defence 3) and Tobias (Quickness 3, Two-handed 8, battle-axe Menace 7,
    Quickness Defence 1, three armour soaks on Shallow, the Feint Talent)."""
    ledger = tmp_path / "campaign.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "spellwoven", "--seed", "5")
    bow = ("--skill", "5", "--menace", "4", "--weapon", "bow", "--ranged")
    s(ledger, "add", "Outlaw 1", "--side", "Outlaws", "--initiative", "4", *bow,
      "--proximity", "nearby")  # fmt: skip
    s(ledger, "add", "Outlaw 2", "--side", "Outlaws", "--initiative", "4", *bow,
      "--proximity", "nearby")  # fmt: skip
    s(ledger, "add", "Outlaw 3", "--side", "Outlaws", "--initiative", "5", "--skill", "4",
      "--menace", "5", "--weapon", "short sword")  # fmt: skip
    s(ledger, "add", "Leader", "--side", "Outlaws", "--initiative", "8", "--skill", "5",
      "--menace", "6", "--weapon", "longsword", "--soak", "0/1/1/0/0")  # fmt: skip
    s(ledger, "add", "Gunnafrew", "--side", "Players", "--initiative", "5", "--skill", "5",
      "--menace", "4", "--defence", "3", "--weapon", "quarterstaff", "--effort", "3")  # fmt: skip
    s(ledger, "add", "Tobias", "--side", "Players", "--initiative", "3", "--skill", "8",
      "--menace", "7", "--defence", "1", "--weapon", "battle-axe", "--soak", "3/0/0/0/0",
      "--feint")  # fmt: skip
    return ledger


GOLDEN = "".join(
    (
        "   1. Spellwoven fight created\n",
        "   2. Outlaw 1 (Outlaws): initiative skill 4, bow skill 5 Menace 4 (ranged),"
        " Quickness Defence 2, Effort 0, nearby; Shallow 0/3, Deep 0/3, Grievous 0/2,"
        " Felling 0/1, Mortal 0/1 joins\n",
        "   3. Outlaw 2 (Outlaws): initiative skill 4, bow skill 5 Menace 4 (ranged),"
        " Quickness Defence 2, Effort 0, nearby; Shallow 0/3, Deep 0/3, Grievous 0/2,"
        " Felling 0/1, Mortal 0/1 joins\n",
        "   4. Outlaw 3 (Outlaws): initiative skill 5, short sword skill 4 Menace 5,"
        " Quickness Defence 2, Effort 0, engaged; Shallow 0/3, Deep 0/3, Grievous 0/2,"
        " Felling 0/1, Mortal 0/1 joins\n",
        "   5. Leader (Outlaws): initiative skill 8, longsword skill 5 Menace 6,"
        " Quickness Defence 2, Effort 0, engaged; Shallow 0/3, Deep 0/3 (soak 1/1),"
        " Grievous 0/2 (soak 1/1), Felling 0/1, Mortal 0/1 joins\n",
        "   6. Gunnafrew (Players): initiative skill 5, quarterstaff skill 5 Menace 4,"
        " Quickness Defence 3, Effort 3, engaged; Shallow 0/3, Deep 0/3, Grievous 0/2,"
        " Felling 0/1, Mortal 0/1 joins\n",
        "   7. Tobias (Players): initiative skill 3, battle-axe skill 8 Menace 7,"
        " Quickness Defence 1, Effort 0, Feint, engaged; Shallow 0/3 (soak 3/3), Deep"
        " 0/3, Grievous 0/2, Felling 0/1, Mortal 0/1 joins\n",
        "   8. Outlaw 1's Initiative: Initiative 3d10(4) [4, 4, 6] = 2 successes: 6\n",
        "   9. Outlaw 2's Initiative: Initiative 3d10(4) [1, 3, 8] = 3 successes: 7\n",
        "  10. Outlaw 3's Initiative: Initiative 3d10(5) [6, 7, 10] = 0 successes: 5\n",
        "  11. Leader's Initiative: Initiative 3d10(8) [1, 1, 10] = 4 successes: 12\n",
        "  12. Gunnafrew's Initiative: Initiative 3d10(5) [2, 3, 4] = 3 successes: 8\n",
        "  13. Tobias's Initiative: Initiative 3d10(3) [8, 8, 10] = 0 successes: 3\n",
        "  14. Action Round 1: Leader 12, Gunnafrew 8, Outlaw 2 7, Outlaw 1 6, Outlaw"
        " 3 5, Tobias 3\n",
        "  15. Leader: longsword skill 3d10(5) [3, 4, 6] = 2 successes vs Gunnafrew's"
        " Quickness Defence 3: failure\n",
        "  16. Leader: attacks Gunnafrew, a failure: Initiative -1 next round\n",
        "  17. Gunnafrew: quarterstaff skill 3d10(5) [4, 4, 4] = 3 successes (a"
        " triplet) vs Leader's Quickness Defence 2: success\n",
        "  18. Leader is hit: Menace 3d10(4) [2, 4, 8] = 2 successes: Deep; a triplet:"
        " armour and shields are ignored; a Deep wound\n",
        "  19. Gunnafrew: attacks Leader, a success: Initiative +1 next round\n",
        "  20. Outlaw 2: bow skill 3d10(5) [2, 3, 5] = 3 successes vs Tobias's"
        " Quickness Defence 1: success\n",
        "  21. Tobias is hit: Menace 3d10(4) [3, 6, 9] = 1 success: Shallow; a Shallow"
        " blow soaked by armour\n",
        "  22. Outlaw 2: attacks Tobias, a success: Initiative +1 next round\n",
        "  23. Outlaw 1: bow skill 3d10(5) [1, 5, 6] = 3 successes vs Tobias's"
        " Quickness Defence 1: success\n",
        "  24. Tobias is hit: Menace 3d10(4) [4, 7, 9] = 1 success: Shallow; a Shallow"
        " blow soaked by armour\n",
        "  25. Outlaw 1: attacks Tobias, a success: Initiative +1 next round\n",
        "  26. Outlaw 3: short sword skill 3d10(4) [7, 8, 9] = 0 successes vs Tobias's"
        " Quickness Defence 1: failure\n",
        "  27. Outlaw 3: attacks Tobias, a failure: Initiative -1 next round\n",
        "  28. Tobias: battle-axe skill 3d10(8) [8, 9, 10] = 1 success vs Outlaw 3's"
        " Quickness Defence 2: failure\n",
        "  29. Tobias: Feint re-roll: battle-axe skill 3d10(8) [1, 5, 7] = 4 successes"
        " vs Outlaw 3's Quickness Defence 2: success\n",
        "  30. Outlaw 3 is hit: Menace 3d10(7) [1, 1, 4] = 5 successes: Mortal; a Mortal wound\n",
        "  31. Tobias: attacks Outlaw 3, a success: Initiative +1 next round\n",
        "  32. everyone has acted: the Action Round ends\n",
        "  33. Action Round 2: Leader 11, Gunnafrew 9, Outlaw 2 8, Outlaw 1 7, Tobias 4\n",
        "  34. Leader: takes out a hunting-horn (no skill test: Initiative unchanged)\n",
        "  35. Gunnafrew spends 2 Effort\n",
        "  36. Gunnafrew: quarterstaff skill 3d10(5) [3, 6, 7] + 1 Effort = 2"
        " successes vs Leader's Quickness Defence 2: success\n",
        "  37. Leader is hit: Menace 3d10(4) [3, 4, 4] + 1 Effort = 4 successes:"
        " Felling; a Felling wound\n",
        "  38. Gunnafrew: attacks Leader, a success: Initiative +1 next round\n",
        "  39. Outlaw 2 fled: out of the fight\n",
        "  40. Outlaw 2: fled (no skill test: Initiative unchanged)\n",
        "  41. Outlaw 1 fled: out of the fight\n",
        "  42. Outlaw 1: fled (no skill test: Initiative unchanged)\n",
        "  43. the fight ends: only Players stand\n",
    )
)


def test_the_chapter_s_worked_example_plays_through_the_cli(outlaws: Path) -> None:
    """seeds/003, "Worked Combat Example", every roll as the chapter gives it."""
    ledger = outlaws
    # "The GM rolls 4, 4, 6 against 4 (2+4=6); 1, 3 8 against 4 (1s count for two successes,
    # so 3 + 4 = 7); 6, 7 10 against 5 (0+5=5) and 1, 1, 10 against 8 (4+8=12)." Sara: "a 2,
    # 3 and 4 against my Manoeuvre of 5 ... an Initiative of 8." Jeremy: "8, 8 and 10. No
    # successes for me. I'll act on an Initiative of 3."
    s(ledger, "begin", "--dice", "4 4 6 1 3 8 6 7 10 1 1 10 2 3 4 8 8 10")
    # "The outlaw leader has a One-Handed Slash Skill of 5. The Gamesmaster rolls a 3, 4 and 6.
    # That's two successes. Gunnafrew has a Quickness Defence of 3. ... The attack does not
    # succeed ... The outlaw leader's Initiative drops by one"
    s(ledger, "attack", "Leader", "Gunnafrew", "--dice", "3 4 6")
    # "My Polearms Skill is 5. I've rolled a 4, 4 and 4." "You hit. Also, a triplet will bypass
    # armour." "My Quarter-staff has a Menace of 4. I roll a 2, 4 and 8. Two successes... so
    # that's a Deep Wound."
    s(ledger, "attack", "Gunnafrew", "Leader", "--dice", "4 4 4 2 4 8")
    # "The outlaws acting on 7 and 6 both have bows, and opt to shoot at Tobias. These both hit
    # and cause one Shallow Wound each." "Tobias has three armour soaks on Shallow."
    s(ledger, "attack", "Outlaw 2", "Tobias", "--dice", "2 3 5 3 6 9")
    s(ledger, "attack", "Outlaw 1", "Tobias", "--dice", "1 5 6 4 7 9")
    # "The final outlaw uses a short sword to close and attack Tobias, but missed."
    s(ledger, "attack", "Outlaw 3", "Tobias", "--dice", "7 8 9")
    # "I have a Two-handed skill of 8. ... I've rolled a 8, 9 and 10." "I'm going to use Feint
    # and roll again." "A 1, 5 and 7. That would be four successes (2+1+1)." "Rolling on a
    # Menace of 7. ... 1, 1 and 4. That's five successes." "Mortal Wound!"
    s(ledger, "attack", "Tobias", "Outlaw 3", "--feint", "--dice", "8 9 10 1 5 7 1 1 4")
    # "Instead of attacking, she takes out a hunting-horn."
    s(ledger, "act", "Leader", "takes out a hunting-horn")
    # "3, 6 and 7... against Skill 5" "spend a point of Effort and increase that to two
    # successes" "I roll a 3, 4 and 4 against a Menace of 4. That's three successes." "spend
    # another point of Effort and increase the successes from three to four" "The Felling blow
    # lands, and the Outlaw Leader falls to the ground, unconscious."
    s(ledger, "attack", "Gunnafrew", "Leader", "--effort", "1", "--wound-effort", "1",
      "--dice", "3 6 7 3 4 4")  # fmt: skip
    # "The two archers decide to cut and run."
    s(ledger, "yield", "Outlaw 2", "--flee")
    s(ledger, "yield", "Outlaw 1", "--flee")
    log = run(ledger, "combat", "log", columns=250)
    assert log == GOLDEN


def test_shared_commands_on_a_spellwoven_fight(outlaws: Path) -> None:
    s(outlaws, "begin", "--dice", "4 4 6 1 3 8 6 7 10 1 1 10 2 3 4 8 8 10")
    log = run(outlaws, "combat", "log")
    run(outlaws, "combat", "undo")
    assert "Action Round 1" not in run(outlaws, "combat", "log")
    run(outlaws, "combat", "redo")
    assert run(outlaws, "combat", "log") == log
    board = run(outlaws, "combat", "board", columns=200)
    assert "  nearby | Outlaw 1 (Outlaws, fighting); Outlaw 2 (Outlaws, fighting)" in board
    assert "to act: Leader" in board
    odds = json.loads(s(outlaws, "odds", "Leader", "Gunnafrew", "--json"))
    assert 0 < odds["hit"]["probability"] < 1
    assert "spellwoven: spellwoven" in run(outlaws, "combat", "list")


def test_first_aid_and_cooperation_through_the_cli(tmp_path: Path) -> None:
    """seeds/003, "Healing takes a full action during an Action Round, always happens last in
    the round" and "all Characters involved act on the highest Initiative score among them",
    as a table types them."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "spellwoven", "--seed", "5")
    s(ledger, "add", "Ann", "--side", "Players", "--initiative", "5")
    s(ledger, "add", "Bob", "--side", "Outlaws", "--initiative", "5", "--npc")
    s(ledger, "add", "Cy", "--side", "Players", "--initiative", "5")
    out = s(ledger, "begin", "--dice", "10 10 10 1 1 1 5 9 9")
    assert "Action Round 1: Bob 11, Cy 6, Ann 5" in out
    assert "Non-Player Character" in refused(
        ledger, "combat", "spellwoven", "cooperate", "Ann", "Bob"
    )
    assert "Ann, Cy cooperate" in s(ledger, "cooperate", "Ann", "Cy")
    s(ledger, "attack", "Bob", "Ann", "--dice", "1 9 9 2 3 9")
    assert "Ann tends themself: first aid" in s(ledger, "heal", "Ann", "Ann", "--skill", "6")
    out = s(ledger, "act", "Cy", "waits", "--dice", "1 9 9 3 7")
    assert "Ann's first aid on Ann: Healing 3d10(6) [1, 9, 9] = 2 successes: Deep to" in out
    # Ann: 5, +1 for the first aid, -5 for cooperating; Cy: 6 - 5; the tie by d10s
    assert "Action Round 2: Bob 12, Ann 1, Cy 1 (ties: Ann d10=3" in out
    status = json.loads(s(ledger, "status", "--json"))
    assert status["steps"] == 8


def test_optional_rules_are_chosen_when_the_fight_starts(tmp_path: Path) -> None:
    """seeds/003, "Optional Combat Rules": "It is the Gamesmaster's decision which rules are to
    be included or excluded." Chosen with `combat start --option`, kept with the fight; an
    unknown one is refused with the list, and Words of Power has none."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    out = " ".join(refused(ledger, "combat", "start", "--system", "spellwoven", "--option",
                           "flanking").split())  # fmt: skip
    assert "no optional rule 'flanking'" in out
    assert "optional rules: ambushes, attack-of-opportunity, blackpowder-weapons" in out
    assert "has no optional rules" in refused(ledger, "combat", "start", "--option", "maiming")
    out = run(ledger, "combat", "start", "--system", "spellwoven", "--seed", "3",
              "--option", "encumbrance", "--option", "Wound Limit")  # fmt: skip
    assert "F1 started: spellwoven (spellwoven+encumbrance+wound-limit)" in out
    assert "spellwoven: spellwoven+encumbrance+wound-limit" in run(ledger, "combat", "list")
    s(ledger, "add", "Ann", "--side", "Players")
    assert "optional rules: Encumbrance, Wound Limit" in run(ledger, "combat", "board")
    status = json.loads(s(ledger, "status", "--json"))
    assert status["options"] == ["encumbrance", "wound-limit"]


def test_the_optional_rules_play_through_the_cli(tmp_path: Path) -> None:
    """seeds/003, "Ambushes", "Heroic Death", "Attack of Opportunity", Talk and "Natural
    Recuperation", as a table types them: Bob's ambush fells Ann, who triggers a Heroic Death
    (+3 successes to all dice rolls); Bob is talked at, disengages and takes a free attack of
    opportunity; the fight ends and Ann dies; Bob rests."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "spellwoven", "--seed", "5", "--option",
        "ambushes", "--option", "attack-of-opportunity", "--option", "heroic-death")  # fmt: skip
    s(ledger, "add", "Ann", "--side", "Players", "--initiative", "5")
    s(ledger, "add", "Bob", "--side", "Outlaws", "--npc", "--presence", "1", "--initiative", "5")
    s(ledger, "add", "Cy", "--side", "Players", "--initiative", "5")
    assert "a failure: open to free attacks" in s(ledger, "senses", "Ann", "--skill", "4",
                                                   "--dice", "9 9 8")  # fmt: skip
    out = s(ledger, "free-attack", "Bob", "Ann", "--dice", "1 2 3 1 2 3")
    assert "Ann may trigger a Heroic Death now" in out
    assert "Ann triggers a Heroic Death" in s(ledger, "heroic-death", "Ann")
    out = s(ledger, "begin", "--dice", "10 10 10 10 10 10 5 9 9")
    assert "Action Round 1: Ann 8, Cy 6, Bob 5" in out  # Ann: 5 + 0 + 3 (Heroic Death)
    out = s(ledger, "talk", "Ann", "Bob", "--skill", "5", "--dice", "9 9 9")
    assert "vs Bob's Presence Defence 1: success" in out
    s(ledger, "act", "Cy", "waits")
    out = s(ledger, "move", "Bob", "nearby")
    assert "Ann, Cy may make a free attack of opportunity" in out
    out = s(ledger, "free-attack", "Ann", "Bob", "--dice", "9 9 8 9 9 8")
    assert "Bob is hit: Menace 3d10(4) [9, 9, 8] + 3 (Heroic Death) = 3 successes" in out
    assert "before the next Action: Cy may attack Bob" in run(ledger, "combat", "board")
    assert "Ann dies a Heroic Death" in s(ledger, "end", "--reason", "Bob runs")
    assert "Bob recuperates 3 days of bedrest" in s(ledger, "recuperate", "Bob", "--days", "3")
    log = run(ledger, "combat", "log", columns=250)
    assert "Bob on Ann: an ambusher's one free attack (Ambushes)" in log
    assert "Ann on Bob: a free attack of opportunity; Initiative unchanged" in log
    run(ledger, "combat", "undo")
    assert "recuperates" not in run(ledger, "combat", "log", columns=250)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("combat", "spellwoven", "attack", "Tobias", "Leader"), "it is Leader's Action"),
        (("combat", "spellwoven", "act", "Leader", "sprint"), "an action of Murdham"),
        (("combat", "spellwoven", "move", "Leader", "distant"), "two actions"),
        (("combat", "spellwoven", "attack", "Leader", "Outlaw 1"), "not an opponent"),
        (("combat", "spellwoven", "attack", "Leader", "Tobias", "--feint"), "Feint"),
        (("combat", "spellwoven", "attack", "Leader", "Tobias", "--effort", "2"), "Effort"),
        (("combat", "weird-wizard", "turn", "Leader"), "no Shadow of the Weird Wizard fight"),
        (("combat", "spellwoven", "begin"), "rolled once"),
        (("combat", "spellwoven", "heal", "Leader", "Outlaw 1", "--skill", "5"), "patient's side"),
        (
            ("combat", "spellwoven", "heal", "Leader", "Leader", "--skill", "5", "--wound", "bad"),
            "no tracked wound level 'bad'",
        ),
        (("combat", "spellwoven", "cooperate", "Tobias", "Gunnafrew"), "Tobias has Initiative 3"),
        (
            ("combat", "spellwoven", "free-attack", "Leader", "Tobias"),
            "Attack of Opportunity is not chosen for this fight",
        ),
        (("combat", "spellwoven", "attack", "Leader", "Gunnafrew", "--pull"), "to Felling"),
        (("combat", "spellwoven", "heroic-death", "Tobias"), "Heroic Death is not chosen"),
        (("combat", "spellwoven", "load", "Leader"), "Blackpowder Weapons is not chosen"),
        (("combat", "spellwoven", "attack", "Leader", "Gunnafrew", "--advantage"), "Situational"),
        (("combat", "spellwoven", "talk", "Leader", "Tobias", "--skill", "5"), "Presence Defence"),
        (("combat", "spellwoven", "recuperate", "Tobias", "--days", "3"), "end the fight first"),
    ],
)
def test_bad_input_is_refused_with_the_rule_and_records_nothing(
    outlaws: Path, args: tuple[str, ...], says: str
) -> None:
    s(outlaws, "begin", "--dice", "4 4 6 1 3 8 6 7 10 1 1 10 2 3 4 8 8 10")
    before = len(json.loads(run(outlaws, "combat", "log", "--steps", "--json")))
    assert says in refused(outlaws, *args)
    assert len(json.loads(run(outlaws, "combat", "log", "--steps", "--json"))) == before
