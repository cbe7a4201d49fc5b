"""Murdham through the CLI (issue 15): the chapter's worked example played as a table types
it, the shared commands (start, log, board, undo, redo, list) on a Murdham fight, and bad input
refused with the rule it breaks (exit 1, no traceback, nothing recorded)."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from tests.cli.running import run

runner = CliRunner()

#: The characters of the chapter's "Example" (WIT as given; the rest is ours).
CAST = (
    ("Balthasar", "Players", "12"),
    ("Sybilla", "Players", "6"),
    ("Theobald", "Players", "9"),
    ("Bandit 1", "Bandits", "8"),
    ("Bandit 2", "Bandits", "8"),
    ("Leader", "Bandits", "10"),
)


def refused(ledger: Path, *args: str) -> str:
    """The command's error output; it must fail with exit 1 and no traceback."""
    result = runner.invoke(app, [*args, "--ledger", str(ledger)], env={"COLUMNS": "200"})
    assert result.exit_code == 1, f"{args}: {result.output}"
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit), result.exception
    return " ".join(result.output.split())


def steps(ledger: Path) -> int:
    return len(json.loads(run(ledger, "combat", "log", "--steps", "--json")))


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """A ledger with the example's fight set up: one zone, the six characters."""
    ledger = tmp_path / "campaign.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--ruleset", "fast-slow", "--seed", "1")
    run(ledger, "combat", "murdham", "zone", "Road")
    for name, faction, wit in CAST:
        weapon = "d8" if name in ("Theobald", "Leader") else "d6"
        run(ledger, "combat", "murdham", "add", name, "--faction", faction, "--zone", "Road",
            "--wit", wit, "--agi", "12", "--weapon", weapon)  # fmt: skip
    return ledger


def m(ledger: Path, *args: str) -> str:
    return run(ledger, "combat", "murdham", *args)


GOLDEN = """\
   1. Murdham fight created (fast-slow)
   2. zone Road
   3. Balthasar joins Players: WIT 12 AGI 12 STR 10, HP 6/6, armour 0, d6, in Road
   4. Sybilla joins Players: WIT 6 AGI 12 STR 10, HP 6/6, armour 0, d6, in Road
   5. Theobald joins Players: WIT 9 AGI 12 STR 10, HP 6/6, armour 0, d8, in Road
   6. Bandit 1 joins Bandits: WIT 8 AGI 12 STR 10, HP 6/6, armour 0, d6, in Road
   7. Bandit 2 joins Bandits: WIT 8 AGI 12 STR 10, HP 6/6, armour 0, d6, in Road
   8. Leader joins Bandits: WIT 10 AGI 12 STR 10, HP 6/6, armour 0, d8, in Road
   9. the fight begins
  10. round 1: Players have the initiative (initiative d2=1 (entered))
  11. fast action threshold d20=9 (entered): the fast sub-phase begins
  12. Theobald takes a turn
  13. Theobald uses a main action: attack
  14. Theobald attacks Bandit 1 (melee, d8)
  15. Bandit 1 reacts: dodge; AGI save d20=7 (entered) vs 12: passes
  16. Theobald's attack on Bandit 1 misses (dodged)
  17. the attack is resolved
  18. Theobald's turn ends
  19. Leader takes a turn
  20. Leader uses a main action: distract (taunts Balthasar)
  21. Leader's turn ends
  22. Players pass
  23. Bandits pass
  24. the slow sub-phase begins
  25. Sybilla takes a turn
  26. Sybilla's turn ends
  27. Bandit 2 takes a turn
  28. Bandit 2's turn ends
  29. Balthasar takes a turn
  30. Balthasar's turn ends
  31. Bandits pass
  32. Players pass
  33. every faction passed: the action phase ends; the morale phase
  34. round 2: Bandits have the initiative (initiative d2=2 (entered))
  35. fast action threshold d20=14 (entered): the fast sub-phase begins
"""


def test_the_chapter_s_worked_example_plays_through_the_cli(example: Path) -> None:
    """seeds/002, "Example": "Balthasar (WIT 12), Sybilla (WIT 6), and Theobald (WIT 9) are
    fighting against two bandits (WIT 8) and their leader (WIT 10). The Players have the
    initiative." """
    ledger = example
    # "The GM rolls a d20 to determine the fast action threshold: the result is 9."
    m(ledger, "begin", "--dice", "1 9")
    # "Sybilla and the two bandits can't, because their WIT is lower than 9."
    assert "WIT 6 is under the threshold 9" in refused(
        ledger, "combat", "murdham", "turn", "Sybilla"
    )
    # "They choose Theobald to go first: he decides to attack one of the two bandits."
    m(ledger, "turn", "Theobald")
    m(ledger, "attack", "Theobald", "Bandit 1")
    # "The bandit chooses to react to the attack by dodging (note that they can do so even if
    # they can't take their turn during the fast action phase)."
    m(ledger, "dodge", "Bandit 1", "--dice", "7")
    m(ledger, "end-turn", "Theobald")
    # "After the attack is resolved, it's the enemies' turn and the bandit leader acts."
    assert "under the threshold" in refused(ledger, "combat", "murdham", "turn", "Bandit 2")
    m(ledger, "turn", "Leader")
    m(ledger, "act", "Leader", "distract", "--note", "taunts Balthasar")
    m(ledger, "end-turn", "Leader")
    # "Balthasar could then act, but the Players decide to pass instead. The bandits must pass
    # because they have no characters left who can act, and therefore the sub-phase ends."
    m(ledger, "pass", "Players")
    m(ledger, "pass", "Bandits")
    # "The slow action sub-phase begins. All characters who haven't acted yet can take a turn:
    # Balthasar, Sybilla, and one of the bandits, the one who didn't react to the attack. The
    # Players again start because they have the initiative."
    m(ledger, "turn", "Sybilla")
    m(ledger, "end-turn", "Sybilla")
    assert "once per round" in refused(ledger, "combat", "murdham", "turn", "Bandit 1")
    # "Sybilla goes first, followed by the bandit, and ending with Balthasar."
    m(ledger, "turn", "Bandit 2")
    m(ledger, "end-turn", "Bandit 2")
    m(ledger, "turn", "Balthasar")
    m(ledger, "end-turn", "Balthasar")
    # "Both factions must pass because they have no characters left, and the action phase
    # ends." (Then the next round: its initiative d2 and its threshold.)
    assert "can only pass" in refused(ledger, "combat", "murdham", "turn", "Leader")
    m(ledger, "pass", "Bandits")
    m(ledger, "pass", "Players", "--dice", "2 14")
    log = run(ledger, "combat", "log", columns=200)
    assert log == GOLDEN


def test_undo_and_redo_are_the_shared_commands_and_record_steps(example: Path) -> None:
    """Issue 15: "`combat log`, undo/redo" for every system; undo then redo is the identity."""
    m(example, "begin", "--starter", "Bandits")
    m(example, "turn", "Leader")
    log = run(example, "combat", "log")
    undone = run(example, "combat", "undo")
    assert "undone: Leader takes a turn" in undone
    assert "Leader takes a turn" not in run(example, "combat", "log")
    run(example, "combat", "redo")
    assert run(example, "combat", "log") == log
    recorded = [s["action"] for s in json.loads(run(example, "combat", "log", "--steps", "--json"))]
    assert recorded[-2:] == ["undo", "redo"]


def test_the_board_pictures_the_zones_and_the_round(example: Path) -> None:
    """Issue 15: "`combat board` (a picture that fits the system's space)": zones, links."""
    m(example, "begin", "--dice", "2 5")
    board = run(example, "combat", "board")
    assert "[Road]  → no neighbour" in board
    assert "Balthasar (Players) 6/6" in board
    assert "round 1: Bandits have the initiative; Bandits to act" in board
    assert "fast sub-phase, threshold 5" in board
    data = json.loads(run(example, "combat", "board", "--json"))
    assert data["zones"][0]["fighters"][:2] == ["Balthasar", "Sybilla"]
    assert "--svg" in refused(example, "combat", "board", "--svg", str(example.parent / "b.svg"))


def test_zones_link_and_characters_move_between_them(tmp_path: Path) -> None:
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--seed", "3")
    for zone in ("Gate", "Yard", "Hall"):
        m(ledger, "zone", zone)
    m(ledger, "link", "Gate", "Yard")
    m(ledger, "link", "Yard", "Hall")
    m(ledger, "add", "Ann", "--faction", "Players", "--zone", "Gate", "--weapon", "d6")
    m(ledger, "add", "Bob", "--faction", "Bandits", "--zone", "Gate", "--str", "12")
    m(ledger, "begin", "--starter", "Players")
    m(ledger, "turn", "Ann")
    out = m(ledger, "move", "Ann", "Yard", "Hall", "--opportunity", "Bob", "--dice", "3 1")
    assert "Bob reacts: opportunity attack on Ann" in out and "Ann moves Gate → Yard → Hall" in out
    assert "[Hall]  → Yard" in run(ledger, "combat", "board")
    odds = json.loads(m(ledger, "odds", "Ann", "Bob", "--json"))
    assert odds["drops"]["fraction"] == "1/6"
    listed = run(ledger, "combat", "list")
    assert "murdham: murdham" in listed


def test_a_blast_through_the_cli(tmp_path: Path) -> None:
    """seeds/002, "Blast attacks hit a zone and target all characters in it and on its
    borders." and "Attacks with multiple targets can only be countered by a single target.",
    as a table types them."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--seed", "3")
    m(ledger, "zone", "Gate")
    m(ledger, "zone", "Yard")
    m(ledger, "link", "Gate", "Yard")
    m(ledger, "add", "Ann", "--faction", "Players", "--zone", "Gate", "--weapon", "d6")
    for name in ("Bob", "Dan"):
        m(ledger, "add", name, "--faction", "Bandits", "--zone", "Yard", "--weapon", "d6")
    m(ledger, "add", "Cy", "--faction", "Players", "--zone", "Yard", "--weapon", "d6")
    m(ledger, "begin", "--starter", "Players")
    m(ledger, "turn", "Cy")
    out = m(ledger, "blast", "Cy", "--border", "Ann")
    assert "Cy blasts Yard (melee, d6); targets: Bob, Dan, Ann" in out
    assert "Bob reacts: counter" in m(ledger, "counter", "Bob", "--dice", "2 1")
    message = refused(ledger, "combat", "murdham", "counter", "Dan", "--dice", "2 1")
    assert "can only be countered by a single target" in message
    m(ledger, "take-hit", "--dice", "3")
    out = m(ledger, "take-hit", "--dice", "5")
    assert "Cy hits Ann: d6=5 (entered) - armour 0 = 5 damage" in out
    state = json.loads(m(ledger, "status", "--json"))
    assert state["steps"] == 13


def test_an_ambush_through_the_cli(tmp_path: Path) -> None:
    """seeds/002, "Characters who launch an ambush are concealed at the start of the fight."
    and "Characters who are concealed at the start of the fight can take a bonus turn before
    the others.", as a table types them; the unaware are refused a turn, nothing recorded."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--seed", "3")
    m(ledger, "zone", "Road")
    m(ledger, "add", "Ann", "--faction", "Players", "--zone", "Road", "--ambush")
    m(ledger, "add", "Bob", "--faction", "Bandits", "--zone", "Road")
    out = m(ledger, "begin")
    assert "the ambush: a bonus turn before the others, Players first; only Ann" in out
    assert "concealed" in m(ledger, "status")
    m(ledger, "turn", "Ann")
    out = m(ledger, "attack", "Ann", "Bob", "--dice", "4 3")
    assert "Ann is revealed (attacking)" in out and "Ann hits Bob" in out
    m(ledger, "end-turn", "Ann")
    before = steps(ledger)
    message = refused(ledger, "combat", "murdham", "turn", "Bob")
    assert "characters who aren't concealed and are unaware" in message
    assert steps(ledger) == before
    m(ledger, "pass", "Bandits")
    out = m(ledger, "pass", "Players")
    assert "round 1: Players have the initiative (started the fight)" in out


def test_armour_is_set_before_the_fight_and_never_during_it(tmp_path: Path) -> None:
    """seeds/002, "Armour can't be changed during a fight.": `armour` sets it in setting up;
    once the fight has begun it is refused (exit 1, nothing recorded)."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--seed", "3")
    m(ledger, "zone", "Road")
    m(ledger, "add", "Ann", "--faction", "Players", "--zone", "Road", "--armour", "1")
    m(ledger, "add", "Bob", "--faction", "Bandits", "--zone", "Road")
    assert "Ann's armour is 2" in m(ledger, "armour", "Ann", "2")
    m(ledger, "begin", "--starter", "Players")
    m(ledger, "turn", "Ann")
    before = steps(ledger)
    message = refused(ledger, "combat", "murdham", "armour", "Ann", "0")
    assert "Ann's armour stays 2" in message and "Armour can't be changed during" in message
    assert steps(ledger) == before
    state = json.loads(m(ledger, "status", "--json"))
    assert [f["armour"] for f in state["fighters"]] == [2, 0]


def test_a_shove_through_the_cli(tmp_path: Path) -> None:
    """seeds/002, "They can also shove the grabbed character, freeing them but forcing them to
    move by half a zone and/or pushing them into a hazard in their zone.", as a table types
    it; a shove past a neighbouring zone is refused, nothing recorded."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--seed", "3")
    for zone in ("Road", "Ford", "Hill"):
        m(ledger, "zone", zone)
    m(ledger, "link", "Road", "Ford")
    m(ledger, "link", "Ford", "Hill")
    m(ledger, "add", "Ann", "--faction", "Players", "--zone", "Road", "--weapon", "d6")
    m(ledger, "add", "Bob", "--faction", "Bandits", "--zone", "Road", "--str", "5")
    m(ledger, "begin", "--starter", "Players")
    m(ledger, "turn", "Ann")
    m(ledger, "attack", "Ann", "Bob", "--grapple")
    assert "is grabbed by Ann" in m(ledger, "take-hit", "--dice", "12")
    m(ledger, "end-turn", "Ann")
    m(ledger, "pass", "Bandits")
    m(ledger, "pass", "Players", "--dice", "1")
    m(ledger, "turn", "Ann")
    before = steps(ledger)
    message = refused(ledger, "combat", "murdham", "shove", "Ann", "Bob", "--into", "Hill")
    assert "Hill is more than half a zone from Road" in message
    assert steps(ledger) == before
    out = m(ledger, "shove", "Ann", "Bob", "--into", "Ford", "--hazard", "the ford's current")
    assert "Ann shoves Bob free, half a zone: into Ford, into the ford's current" in out


def duel_ledger(tmp_path: Path, *zones: str) -> Path:
    """A ledger with a Murdham fight begun: Ann (Players, d6) and Bob (Bandits, d6) in the
    first zone, zones linked in a row, the Players' initiative."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--seed", "3")
    for zone in zones:
        m(ledger, "zone", zone)
    for a, b in pairwise(zones):
        m(ledger, "link", a, b)
    m(ledger, "add", "Ann", "--faction", "Players", "--zone", zones[0], "--weapon", "d6")
    m(ledger, "add", "Bob", "--faction", "Bandits", "--zone", zones[0], "--weapon", "d6")
    m(ledger, "begin", "--starter", "Players")
    return ledger


def test_an_attack_stunt_through_the_cli(tmp_path: Path) -> None:
    """seeds/002, "The attacker can propose an alternative effect to the target instead of
    inflicting damage ... The target can either accept the proposed effect or resolve the
    attack as normal. It isn't possible to react if the effect is accepted.", as a table
    types it: a reaction before the answer is refused, nothing recorded."""
    ledger = duel_ledger(tmp_path, "Road")
    m(ledger, "turn", "Ann")
    out = m(ledger, "attack", "Ann", "Bob", "--stunt", "forces him to yield")
    assert "Ann proposes a stunt to Bob instead of damage: forces him to yield" in out
    assert "Ann proposes a stunt to Bob: forces him to yield (accept-stunt or refuse-stunt)" in (
        run(ledger, "combat", "board")
    )
    before = steps(ledger)
    message = refused(ledger, "combat", "murdham", "dodge", "Bob", "--dice", "3")
    assert "Bob has yet to accept or refuse" in message and "accept-stunt" in message
    assert steps(ledger) == before
    out = m(ledger, "accept-stunt", "Bob")
    assert "Bob accepts Ann's stunt: forces him to yield (no damage)" in out
    assert "Bob (Bandits) 6/6 [stunt: forces him to yield]" in run(ledger, "combat", "board")
    m(ledger, "end-turn", "Ann")
    m(ledger, "turn", "Bob")
    m(ledger, "attack", "Bob", "Ann", "--stunt", "cuts her ear")
    # Ann took her turn this round, so she cannot react: refused, the damage comes at once.
    out = m(ledger, "refuse-stunt", "Ann", "--dice", "4")
    assert "Ann refuses Bob's stunt: the attack resolves as normal" in out
    assert "Bob hits Ann: d6=4 (entered) - armour 0 = 4 damage" in out
    log = run(ledger, "combat", "log", columns=200)
    assert "Bob accepts Ann's stunt" in log and "Ann refuses Bob's stunt" in log


def test_a_chase_through_the_cli(tmp_path: Path) -> None:
    """seeds/002, "Chases over long distances can be resolved with the fleeing character
    making a group AGI save: those who pass escape, those who fail are reached by the
    pursuers.", as a table types it, with its exact odds."""
    ledger = duel_ledger(tmp_path, "Road", "Ford")
    odds = json.loads(m(ledger, "chase-odds", "Bob", "--json"))
    assert odds["escapes"]["Bob"]["fraction"] == "1/2" and odds["pace"] == "even"
    assert "none escape: 0 (0.0%)" in m(ledger, "chase-odds", "Bob", "--faster")
    message = refused(ledger, "combat", "murdham", "chase", "Bob")
    assert "name the pursuers" in message and "group AGI save" in message
    out = m(ledger, "chase", "Bob", "--pursuer", "Ann", "--dice", "7")
    assert "chase: Bob flees from Ann; group AGI save: Bob AGI save d20=7 (entered) vs 10" in out
    assert "the fight ends: only Players remain standing" in out
    board = run(ledger, "combat", "board")
    assert "escaped: Bob" in board and "Bob (Bandits)" not in board
    assert "passes; Bob escapes (out of the fight)" in run(ledger, "combat", "log", columns=200)


def test_sneaking_hiding_dropping_and_a_non_lethal_counter_through_the_cli(
    tmp_path: Path,
) -> None:
    """seeds/002: "Hiding later during the fight requires being out of sight for a while or a
    major distraction." "Concealed characters who want to sneak around ... halve their speed
    ... and must pass an AGI save to avoid detection." "Concealed characters are revealed when
    they make noise or become visible to the enemy." "Dropping something is free" and
    non-lethal attacks "can be used to counter", as a table types them."""
    ledger = duel_ledger(tmp_path, "Road", "Ford")
    m(ledger, "pass", "Players")
    m(ledger, "turn", "Bob")
    m(ledger, "attack", "Bob", "Ann")
    out = m(ledger, "counter", "Ann", "--disarm", "--dice", "2 18")
    assert "Ann reacts: counter (disarm)" in out
    assert out.index("Bob hits Ann: d6=2") < out.index("Bob drops their weapon")
    m(ledger, "end-turn", "Bob")
    m(ledger, "pass", "Players")
    m(ledger, "pass", "Bandits", "--dice", "1")
    message = refused(ledger, "combat", "murdham", "conceal", "Ann")
    assert "--out-of-sight or --distraction" in message
    out = m(ledger, "conceal", "Ann", "--distraction", "--note", "the barn burns")
    assert "Ann hides (a major distraction: the barn burns) and is concealed" in out
    m(ledger, "turn", "Ann")
    out = m(ledger, "drop", "Ann", "the lantern", "--fragile")
    assert "Ann drops the lantern (free: no action); it is fragile" in out
    out = m(ledger, "move", "Ann", "Ford", "--sneak", "--dice", "9")
    assert "Ann sneaks Road → Ford at half speed; AGI save d20=9 (entered) vs 10: passes" in out
    assert "[Ford]  → Road\n    Ann (Players) 4/6 [concealed, acting]" in (
        run(ledger, "combat", "board")
    )
    out = m(ledger, "reveal", "Ann", "--why", "walks right in front of Bob")
    assert "Ann is revealed (walks right in front of Bob)" in out
    assert "Ann is not concealed" in refused(
        ledger, "combat", "murdham", "reveal", "Ann", "--why", "sneezes"
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        # an action another system has
        (("combat", "murdham", "act", "Ann", "cast"), "'cast' is an action of Words of Power"),
        (("combat", "attack", "Ann", "Bob"), "no Words of Power fight in this ledger: F1 is a Mu"),
        (("combat", "attack", "Ann", "Bob", "--combat", "F1"), "F1 is a Murdham fight, not a"),
        (("combat", "murdham", "act", "Ann", "boon"), "Shadow of the Weird Wizard"),
        # what this system forbids now
        (("combat", "murdham", "turn", "Bob"), "The factions alternate taking turns"),
        (("combat", "murdham", "move", "Ann", "Moon"), "there is no zone 'Moon'"),
        (("combat", "murdham", "attack", "Ann", "Bob", "--ranged"), "within the indicated range"),
        (("combat", "murdham", "dodge", "Bob"), "there is no attack to react to"),
        (("combat", "murdham", "blast", "Ann", "--challenging"), "They can't miss"),
        (("combat", "murdham", "blast", "Ann", "Road", "--ranged"), "within the indicated range"),
        (("combat", "murdham", "pass", "Bandits"), "it is Players's go"),
        (("combat", "murdham", "zone", "Tower"), "before the first round"),
        (("combat", "murdham", "begin"), "it has begun already"),
        (("combat", "murdham", "armour", "Ann", "3"), "Armour can't be changed during a fight"),
        (("combat", "murdham", "shove", "Ann", "Bob"), "They can also shove the grabbed"),
        (("combat", "murdham", "attack", "Ann", "Bob", "--barrier"), "Barriers completely block"),
        (
            (
                "combat",
                "murdham",
                "add",
                "Cy",
                "--faction",
                "Players",
                "--zone",
                "Road",
                "--ambush",
            ),
            "before the first round",
        ),
        (("combat", "murdham", "pass", "Players", "--dice", "4"), "1 dice entered"),
        (("combat", "redo"), "no undone step to redo"),
        (("combat", "murdham", "accept-stunt", "Bob"), "no stunt waits for an answer"),
        (("combat", "murdham", "chase", "Bob", "--pursuer", "Bob"), "on the same side"),
        (("combat", "murdham", "chase", "Bob", "--faster", "--slower"), "not both"),
        (("combat", "murdham", "drop", "Ann", "a sword", "--weapon"), "holds no weapon"),
        (("combat", "murdham", "conceal", "Bob", "--out-of-sight", "--distraction"), "one of"),
    ],
)
def test_bad_input_is_refused_with_the_rule_and_records_nothing(
    tmp_path: Path, args: tuple[str, ...], says: str
) -> None:
    """Issue 15: "Bad input: an action another system has, or one this system forbids now, is
    refused with the rule it breaks"; exit 1, no traceback, the ledger untouched."""
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--system", "murdham", "--seed", "3")
    m(ledger, "zone", "Road")
    m(ledger, "add", "Ann", "--faction", "Players", "--zone", "Road")
    m(ledger, "add", "Bob", "--faction", "Bandits", "--zone", "Road")
    m(ledger, "begin", "--starter", "Players")
    if (
        args[2:3] in (("act",), ("attack",), ("move",), ("blast",), ("shove",), ("drop",))
        or args[1] == "attack"
    ):
        m(ledger, "turn", "Ann")
    before = steps(ledger)
    message = refused(ledger, *args)
    assert says in message
    assert "rule:" in message or "error:" in message
    assert steps(ledger) == before
    run(ledger, "ledger", "verify")


def test_start_refuses_an_unknown_system_or_a_variant_of_another(tmp_path: Path) -> None:
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    assert "there is no game system 'chess'" in refused(
        ledger, "combat", "start", "--system", "chess"
    )
    message = refused(ledger, "combat", "start", "--system", "murdham", "--ruleset", "wop-draft")
    assert "Murdham has no variant 'wop-draft'" in message and "fast-slow" in message
    out = run(ledger, "combat", "start", "--system", "words-of-power", "--ruleset", "wop-draft")
    assert "F1 started under the wop-draft ruleset" in out


def test_a_murdham_verb_on_a_words_of_power_fight_is_refused(tmp_path: Path) -> None:
    ledger = tmp_path / "c.sqlite"
    run(ledger, "init")
    run(ledger, "combat", "start", "--seed", "1")
    message = refused(ledger, "combat", "murdham", "zone", "Road")
    assert "there is no Murdham fight in this ledger: F1 is a Words of Power fight" in message
    named = refused(ledger, "combat", "murdham", "zone", "Road", "--combat", "F1")
    assert "F1 is a Words of Power fight, not a Murdham one" in named


def test_every_murdham_step_ends_with_the_shared_bundle() -> None:
    """Like Words of Power's steps: `--dice/--seed` where the step rolls, then `--combat`,
    `--ledger`, `--json`, last (issue 12's one options bundle)."""
    import typer

    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    combat = root.commands["combat"]
    assert isinstance(combat, typer.core.TyperGroup)
    group = combat.commands["murdham"]
    assert isinstance(group, typer.core.TyperGroup)
    where = ["combat", "ledger", "as_json"]
    for name, command in group.commands.items():
        params = [param.name for param in command.params]
        if name in ("status", "odds", "chase-odds"):
            continue
        tail = ["dice", "seed", *where] if "dice" in params else where
        assert params[-len(tail) :] == tail, name
