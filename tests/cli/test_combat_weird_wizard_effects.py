"""Shadow of the Weird Wizard's lasting effects, afflictions, long tasks, obstacles and objects
through the CLI (`seeds/004`): played as a table types them, shown by `combat log` and
`combat board`, and bad input refused with the rule it breaks (exit 1, nothing recorded)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.running import run
from tests.cli.test_combat_weird_wizard import refused, w


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    """Goblin (the Sage's, 0 yd, Defense 13, Health 20) and Fighter (a player's, 1 yd,
    Strength 13, 2d6); begun, the Goblin has acted and it is the Fighter's turn."""
    path = tmp_path / "campaign.sqlite"
    run(path, "init")
    run(path, "combat", "start", "--system", "weird-wizard", "--seed", "4")
    w(path, "add", "Goblin", "--side", "sage", "--at", "0", "--defense", "13", "--health", "20")
    w(path, "add", "Fighter", "--side", "players", "--at", "1", "--str", "13", "--weapon", "2d6")
    w(path, "begin")
    w(path, "turn", "Goblin")
    w(path, "end-turn", "Goblin")
    w(path, "turn", "Fighter")
    return path


def steps(ledger: Path) -> int:
    return len(json.loads(run(ledger, "combat", "log", "--steps", "--json")))


def test_lasting_effects_through_the_cli(ledger: Path) -> None:
    """seeds/004, "Turns": "If multiple effects begin or end at the end of your turn, you
    resolve any harmful effects first, in the order you choose, and then other effects, again
    in the order you choose." "Called Shot: ... On a success, the target becomes Impaired in
    an attribute of your choice until the end of the next turn." "Overcome: ... you can
    attempt to end that effect." """
    w(ledger, "effect", "Fighter", "poison", "--each", "turn", "--damage", "1", "--overcome",
      "strength")  # fmt: skip
    w(ledger, "effect", "Fighter", "regeneration", "--helpful", "--each", "turn", "--heal", "1",
      "--lasts", "end-of-round")  # fmt: skip
    board = run(ledger, "combat", "board")
    assert "effect #1 Fighter poison, harmful, until removed" in board
    assert "effect #2 Fighter regeneration, helpful, until the end of round 1" in board
    out = w(ledger, "attack", "Fighter", "Goblin", "--impair", "agility", "--dice", "19 1 1 2 3")
    assert "2 banes (called shot)" in out
    assert "#3 Goblin impaired in Agility until the end of the next turn" in out
    assert "harmful effects first" in refused(
        ledger, "combat", "weird-wizard", "end-turn", "Fighter", "--order", "2", "--order", "1"
    )
    out = w(ledger, "end-turn", "Fighter", "--order", "1", "--dice", "4 1")
    assert "#1 Fighter's poison: Fighter takes 4 damage (d6=4 (entered))" in out
    assert "#2 Fighter's regeneration: Fighter heals 1 (d6=1 (entered))" in out
    assert "#2 Fighter's regeneration ends (the end of round 1)" in out
    log = run(ledger, "combat", "log")
    run(ledger, "combat", "undo")
    run(ledger, "combat", "redo")
    assert run(ledger, "combat", "log") == log
    w(ledger, "turn", "Goblin")
    out = w(ledger, "end-turn", "Goblin")
    assert "#3 Goblin's impaired ends (the end of Goblin's turn)" in out
    w(ledger, "turn", "Fighter")
    out = w(ledger, "overcome", "Fighter", "1", "--dice", "12")
    assert "#1 Fighter's poison ends (Fighter overcomes it)" in out
    w(ledger, "effect", "Goblin", "on fire", "--each", "round", "--damage", "1")
    out = w(ledger, "remove-effect", "4", "--why", "doused")
    assert "#4 Goblin's on fire ends (doused)" in out
    assert "effect #" not in run(ledger, "combat", "board")


def test_obstacles_objects_and_long_tasks_through_the_cli(ledger: Path) -> None:
    """seeds/004: "Instead, attacks against the target strike the obstacle." "Catch: When a
    tossed object moves into your reach, you can use a reaction to make an Agility roll."
    "Extra Effort: ... you cannot use an action or a reaction to do anything else." """
    w(ledger, "obstacle", "crate", "--defense", "8", "--health", "3")
    odds = json.loads(w(ledger, "odds", "Fighter", "Goblin", "--behind", "crate", "--json"))
    assert odds["hit"]["fraction"] == "4/5"
    out = w(ledger, "attack", "Fighter", "Goblin", "--behind", "crate", "--dice", "8 5 1")
    assert "Fighter's attack on Goblin strikes crate: 6 damage" in out
    assert "crate is destroyed: 3 damage goes on to Goblin" in out
    assert "obstacle crate: Defense 8, 3/3 (destroyed)" in run(ledger, "combat", "board")
    w(ledger, "end-turn", "Fighter")
    w(ledger, "turn", "Goblin")
    out = w(ledger, "effort", "Goblin", "ritual", "--turns", "2")
    assert "Goblin begins 'ritual': 2 turns of actions" in out
    assert "Goblin works on 'ritual': 1/2 turns" in run(ledger, "combat", "board")
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    assert "you cannot use an action or a reaction to do anything else" in refused(
        ledger, "combat", "weird-wizard", "attack", "Fighter", "Goblin", "--dodge"
    )
    assert "focus entirely on the task at hand" in refused(
        ledger, "combat", "weird-wizard", "toss", "Fighter", "Goblin", "rope", "--catcher", "Goblin"
    )
    out = w(ledger, "toss", "Fighter", "Goblin", "rope", "--dice", "12")
    assert "the rope lands near Goblin (no one catches it" in out
    w(ledger, "end-turn", "Fighter")
    w(ledger, "turn", "Goblin")
    out = w(ledger, "abandon", "Goblin")
    assert "Goblin stops 'ritual': all progress is lost (Goblin stops)" in out
    out = w(ledger, "hide", "Goblin", "--dice", "15")
    assert "#1 Goblin hidden until removed (helpful)" in out
    w(ledger, "end-turn", "Goblin")
    w(ledger, "turn", "Fighter")
    out = w(ledger, "find", "Fighter", "--roll", "intellect", "--dice", "11")
    assert "#1 Goblin's hidden ends (found by Fighter)" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("effect", "Goblin", "--affliction", "impaired"), "Some effects begin or end"),
        (("effect", "Goblin", "web", "--resist", "strength", "--dodge"), "Dodge: When"),
        (("end-turn", "Fighter", "--order", "9"), "you resolve any harmful effects first"),
        (("attack", "Fighter", "Goblin", "--called-shot"), "Impaired in an attribute"),
        (("attack", "Fighter", "Goblin", "--behind", "wall", "--disarm"), "strike the obstacle"),
        (("effect", "Goblin", "hex", "--behind", "wall"), "targeted by an effect"),
        (("overcome", "Fighter", "1"), "you can attempt to end that effect"),
        (("end-effect", "Fighter", "1"), "one magical effect you created"),
        (("effort", "Fighter", "ritual"), "the rules will tell you how long it takes"),
        (("toss", "Fighter", "Goblin", "rope", "--catcher", "Fighter"), "moves into your reach"),
        (("attack", "Fighter", "Goblin", "--behind", "moat"), "the Sage places an obstacle"),
        (("remove-effect", "4"), "named by their number"),
        (("attack", "Fighter", "Goblin", "--thrown"), "a weapon that has the Thrown trait"),
        (("throw", "Fighter", "torch", "--to", "20"), "throw it up to 10 yards"),
    ],
)
def test_effects_and_objects_refused_with_their_rule_record_nothing(
    ledger: Path, args: tuple[str, ...], says: str
) -> None:
    w(ledger, "obstacle", "wall", "--defense", "10", "--health", "20")
    w(ledger, "effect", "Fighter", "fear")
    before = steps(ledger)
    message = refused(ledger, "combat", "weird-wizard", *args)
    assert says in message and "rule:" in message
    assert steps(ledger) == before
    assert "--lasts 'forever'" in refused(
        ledger, "combat", "weird-wizard", "effect", "Goblin", "hex", "--lasts", "forever"
    )


def test_throwing_through_the_cli(tmp_path: Path) -> None:
    """seeds/004, "Thrown Attacks": "When you throw a weapon that has the Thrown trait, you
    resolve the effort as a ranged attack." "Throw: ... Typically, an object lands within 2
    yards of the intended spot." """
    path = tmp_path / "campaign.sqlite"
    run(path, "init")
    run(path, "combat", "start", "--system", "weird-wizard", "--seed", "4")
    w(path, "add", "Goblin", "--side", "sage", "--at", "0")
    w(path, "add", "Hunter", "--side", "players", "--at", "4", "--weapon", "1d6", "--thrown", "5")
    assert "1d6 thrown 5" in w(path, "status")
    w(path, "begin")
    w(path, "turn", "Goblin")
    w(path, "end-turn", "Goblin")
    w(path, "turn", "Hunter")
    out = w(path, "attack", "Hunter", "Goblin", "--thrown", "--dice", "15 2")
    assert "Agility roll d20=15" in out and "Hunter has thrown its weapon" in out
    w(path, "end-turn", "Hunter")
    w(path, "turn", "Goblin")
    w(path, "end-turn", "Goblin")
    w(path, "turn", "Hunter")
    out = w(path, "throw", "Hunter", "rock", "--to", "9")
    assert "the rock lands near 9 yd (typically within 2 yards of the spot" in out
