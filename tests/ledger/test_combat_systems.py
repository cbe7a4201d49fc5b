"""Fights of every game system in one ledger (issue 15): each fight records its system and
variant, old ledgers open with their fights as Words of Power, and the kernel's steps (play,
undo, redo) are chained records like Words of Power's."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from adjudicator.combat.errors import NothingToUndo
from adjudicator.combat.systems import WrongSystem
from adjudicator.combat.systems.base import UnknownVariant
from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham.errors import NotYourFactionsGo
from adjudicator.combat.systems.murdham.state import Fighter
from adjudicator.ledger import migrations, records
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.fights.combats import DiceSpec, start_combat
from adjudicator.ledger.fights.steps import list_combats, load_any, load_combat, load_fight
from adjudicator.ledger.fights.systems import play_fight, redo_fight, undo_fight
from adjudicator.ledger.io.importing import import_ledger
from adjudicator.ledger.io.json_export import to_json
from tests.ledger.helpers import new_ledger


def _fighter(name: str, faction: str) -> Fighter:
    return Fighter(name, faction, 10, 10, 10, 6, 6, "Road", weapon=6)


def test_a_fight_records_its_system_and_variant(tmp_path: Path) -> None:
    book = new_ledger(tmp_path / "c.sqlite")
    wop = start_combat(book, seed=1, rules="wop-draft")
    murdham = start_combat(book, seed=2, system="murdham", rules="fast-slow")
    assert [(i.id, i.system, i.ruleset) for i in list_combats(book)] == [
        (wop.id, "words-of-power", "wop-draft"),
        (murdham.id, "murdham", "fast-slow"),
    ]
    assert records.verify(book).records >= 3
    with pytest.raises(UnknownVariant):
        start_combat(book, seed=3, system="murdham", rules="wop-draft")


def test_steps_of_another_system_are_played_undone_and_redone_in_the_ledger(
    tmp_path: Path,
) -> None:
    book = new_ledger(tmp_path / "c.sqlite")
    chained = records.verify(book).records
    info = start_combat(book, seed=5, system="murdham")
    for command in (
        c.AddZone("Road"),
        c.AddFighter(_fighter("Ann", "Players")),
        c.AddFighter(_fighter("Bob", "Bandits")),
    ):
        play_fight(book, "murdham", command)
    play_fight(book, "murdham", c.Begin(), dice=DiceSpec(entered=(2,)))
    with pytest.raises(NotYourFactionsGo):
        play_fight(book, "murdham", c.TakeTurn("Ann"))
    before = load_fight(book, "murdham").fight.log()
    undone = undo_fight(book, "murdham")
    assert [e.kind for e in undone.events] == ["fight_began", "round_began"]
    redo_fight(book, "murdham")
    stored = load_fight(book, "murdham", info.id)
    assert stored.fight.log() == before and len(stored.steps) == 6
    assert records.verify(book).records == chained + 2 + 6, "fight, system, 6 steps"
    with pytest.raises(WrongSystem, match="Murdham fight, not a Words of Power one"):
        load_combat(book, info.id)
    with pytest.raises(WrongSystem, match="no Words of Power fight in this ledger"):
        load_combat(book)


def test_each_system_s_commands_default_to_its_own_latest_open_fight(tmp_path: Path) -> None:
    """Ours: a Words of Power command goes to the latest open Words of Power fight even with a
    Murdham fight open after it (the table shows it too), and the other way round."""
    book = new_ledger(tmp_path / "c.sqlite")
    wop = start_combat(book, seed=1)
    murdham = start_combat(book, seed=2, system="murdham")
    assert load_combat(book).info.id == wop.id
    assert load_fight(book, "murdham").info.id == murdham.id
    assert load_any(book).info.id == murdham.id


def test_nothing_to_undo_is_refused_and_records_nothing(tmp_path: Path) -> None:
    book = new_ledger(tmp_path / "c.sqlite")
    start_combat(book, seed=5, system="murdham")
    with pytest.raises(NothingToUndo):
        undo_fight(book, "murdham")
    assert load_fight(book, "murdham").steps == ()


def test_a_ledger_from_before_systems_opens_and_its_fights_are_words_of_power(
    tmp_path: Path,
) -> None:
    """Existing ledgers must open: migration 0007 adds the systems' table; fights with no row
    in it are Words of Power, under the ruleset they recorded."""
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    before = [m for m in migrations.MIGRATIONS if m.name < "0007"]
    migrations.apply(conn, before, "2024-01-01T00:00:00Z")
    conn.execute("COMMIT")
    conn.close()
    with open_ledger(path) as book:
        assert migrations.version(book.conn) == len(migrations.MIGRATIONS)
        info = start_combat(book, seed=1)
        assert info.system == "words-of-power"
        assert load_combat(book).info.system == "words-of-power"


def test_a_murdham_fight_survives_export_and_import(tmp_path: Path) -> None:
    """The system is a chained record like the rest: a JSON export restores the fight as the
    same system, variant and log."""
    path = tmp_path / "c.sqlite"
    book = new_ledger(path)
    start_combat(book, seed=9, system="murdham", rules="fast-slow")
    play_fight(book, "murdham", c.AddZone("Road"))
    log = load_fight(book, "murdham").fight.log()
    source = tmp_path / "export.json"
    source.write_text(to_json(book), "utf-8")
    book.close()
    import_ledger(tmp_path / "restored.sqlite", source)
    with open_ledger(tmp_path / "restored.sqlite") as restored:
        stored = load_fight(restored, "murdham")
        assert stored.info.ruleset == "fast-slow" and stored.fight.log() == log
