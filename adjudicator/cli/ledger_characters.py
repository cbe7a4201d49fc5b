"""`adjudicator character ...`: characters kept in the ledger, one version per change."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from adjudicator.cli import _output
from adjudicator.cli._ledger import SenseOption, console, opened, parse_senses
from adjudicator.cli._meanings import declare_meanings
from adjudicator.cli._options import JsonOption, LedgerOption
from adjudicator.cli._output import print_json
from adjudicator.cli.render import character_sheet
from adjudicator.errors import InvalidInput
from adjudicator.ledger.errors import FileRefused
from adjudicator.rules.characters import Character, Inventory, Tag, TagSource
from adjudicator.rules.characters import snazzle as sample
from adjudicator.rules.tables import Faction, load_tables
from adjudicator.rules.words import Word, format_words, parse_words, with_senses

if TYPE_CHECKING:
    from adjudicator.ledger.characters import CharacterVersion, Purpose

app = typer.Typer(
    help="Characters: add, show, rest, level up, sacrifice Tags.", no_args_is_help=True
)


def _interactive() -> bool:
    """Whether a person is at the keyboard to choose a homonym's meaning (stdin a terminal)."""
    return sys.stdin.isatty()


NameArgument = Annotated[str, typer.Argument(help="The character's name.", show_default=False)]


def _print(version: CharacterVersion, as_json: bool, headline: str) -> None:
    if as_json:
        print_json(version.to_dict())
        return

    console().print(headline)
    _output.console().print(character_sheet(version.character))


@app.command("add")
def add_command(
    name: NameArgument,
    player: Annotated[str, typer.Option("--player", help="Whose character it is.")],
    snazzle: Annotated[
        bool, typer.Option("--snazzle", help="Use the rulebook's sample sheet (Snazzle's).")
    ] = False,
    from_json: Annotated[
        Path | None,
        typer.Option(
            "--from-json",
            help="Read the sheet from a JSON file (Character.to_dict).",
            dir_okay=False,
        ),
    ] = None,
    faction: Annotated[
        str | None,
        typer.Option(
            "--faction",
            help='A Reference faction ("Orc") or your own: "Nezbereth: Superstitious, Cultured".',
        ),
    ] = None,
    tags: Annotated[
        str | None,
        typer.Option("--tags", help='The three creation Tags: "Charismatic, Cheater, Musician".'),
    ] = None,
    words: Annotated[
        str | None,
        typer.Option("--words", help='The three Inherent Words: "[Convince] [Daze] [Steal]".'),
    ] = None,
    armor: Annotated[
        str | None, typer.Option("--armor", help="Reference armor worn on every Hitzone (Leather).")
    ] = None,
    weapon: Annotated[
        list[str] | None,
        typer.Option(
            "--weapon", help='A Reference weapon, or NAME=PROFILE: "Rapier=One-Handed". Repeatable.'
        ),
    ] = None,
    pouch: Annotated[
        str | None, typer.Option("--pouch", help='Pouch items: "Harp, Cloak".')
    ] = None,
    pack: Annotated[str | None, typer.Option("--pack", help="Pack items, comma-separated.")] = None,
    sense: SenseOption = None,
    as_written: Annotated[
        bool,
        typer.Option("--as-written", help="Keep --words that look like typos or compounds."),
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a player's character.

    The sheet comes from flags, from a JSON file, or is the rulebook's sample (--snazzle).
    Inherent Words given with --words go through the Deck's checks: likely typos and compounds
    are refused until fixed or kept with --as-written, and a homonym needs its meaning
    (--sense, as for `deck submit`; the player's earlier meaning is used again).

    Example: adjudicator character add Snazzle --player Ann --snazzle

    With flags: --faction Orc --tags "Brave, Loud, Shy" --words "Smash, Metal, Mist" --armor Leather
    """
    from dataclasses import replace

    from adjudicator.ledger.characters import (
        add_character,
        check_inherent_words,
    )  # lazy: heavy import (sqlite-utils)

    sheet = _sheet(name, snazzle, from_json, faction, tags, words, armor, weapon or [], pouch, pack)
    if sense and words is None:
        raise InvalidInput("--sense declares the meaning of --words: give it with --words")
    with opened(ledger) as book:
        if words is not None:
            given = with_senses(sheet.words, parse_senses(sense))
            given = check_inherent_words(  # refusals come before any meaning is asked
                book, player, given, as_written=as_written, meanings=False
            )
            given = declare_meanings(book, player, given, ask=_interactive())
            sheet = replace(
                sheet, words=check_inherent_words(book, player, given, as_written=as_written)
            )
        version = add_character(book, sheet, player)
    _print(version, as_json, f"Added {version.name} for {version.player}.")


def _sheet(
    name: str,
    snazzle: bool,
    from_json: Path | None,
    faction: str | None,
    tags: str | None,
    words: str | None,
    armor: str | None,
    weapons: list[str],
    pouch: str | None,
    pack: str | None,
) -> Character:
    """The character the flags describe, under `name`."""
    from dataclasses import replace

    built = [
        flag
        for flag, given in (("--faction", faction), ("--tags", tags), ("--words", words))
        if given
    ]
    sources = sum([snazzle, from_json is not None, bool(built)])
    if sources != 1:
        raise InvalidInput(
            "give the sheet one way: --snazzle, --from-json FILE, or --faction/--tags/--words",
            hint="with flags, all three of --faction, --tags and --words are needed",
        )
    tables = load_tables()
    if snazzle:
        character = sample()
    elif from_json is not None:
        character = _read_sheet(from_json)
    else:
        missing = [flag for flag in ("--faction", "--tags", "--words") if flag not in built]
        if missing:
            raise InvalidInput(f"a character from flags also needs {', '.join(missing)}")
        assert faction is not None and tags is not None and words is not None
        own_name, colon, own_tags = faction.partition(":")
        chosen = (
            Faction(own_name.strip(), tuple(w.text for w in parse_words(own_tags)))
            if colon
            else tables.faction(faction.strip())
        )
        character = Character(
            name=name,
            faction=chosen,
            creation_tags=tuple(Tag(w.text, TagSource.CREATION) for w in parse_words(tags)),
            words=parse_words(words),
        )
    character = replace(character, name=name)
    if armor:
        suit = tables.armor(armor)
        character = replace(
            character, hitzones=tuple(z.with_armor(suit) for z in character.hitzones)
        )
    if weapons:
        armed = []
        for spec in weapons:
            own, equals, profile = spec.partition("=")
            reference = tables.weapon(profile.strip() if equals else spec.strip())
            armed.append(reference.named(own.strip()) if equals else reference)
        character = replace(character, weapons=character.weapons + tuple(armed))
    if pouch is not None or pack is not None:
        items = Inventory(
            pouch=_items(pouch) if pouch is not None else character.inventory.pouch,
            pack=_items(pack) if pack is not None else character.inventory.pack,
            kits=character.inventory.kits,
        )
        character = replace(character, inventory=items)
    return character


def _items(text: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in text.split(",") if item.strip())


def _read_sheet(path: Path) -> Character:
    import json

    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise FileRefused(f"no file {path}") from None
    except UnicodeDecodeError as error:
        raise FileRefused(f"{path} is not UTF-8 text (byte offset {error.start})") from None
    except json.JSONDecodeError as error:
        raise FileRefused(
            f"{path} line {error.lineno} column {error.colno}: not JSON: {error.msg}"
        ) from None
    except OSError as error:
        raise FileRefused(f"cannot read {path}: {error.strerror or error}") from None
    if not isinstance(data, dict):
        raise FileRefused(f"{path}: a character sheet is a JSON object")
    return Character.from_dict(data)


@app.command("show")
def show_command(
    name: NameArgument,
    version: Annotated[
        int | None, typer.Option("--version", min=1, help="An earlier version.")
    ] = None,
    history: Annotated[
        bool, typer.Option("--history", help="List every version and its change.")
    ] = False,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a character's sheet as it is now (or as of an earlier version).

    Example: adjudicator character show Snazzle --history
    """
    from adjudicator.ledger import characters  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        current = characters.get_character(book, name, version)
        versions = characters.history(book, name) if history else ()
    if as_json:
        data = current.to_dict()
        if history:
            data["history"] = [
                {
                    "version": v.version,
                    "change": v.change,
                    "session": v.session,
                    "recorded_at": v.recorded_at,
                }
                for v in versions
            ]
        print_json(data)
        return
    _print(
        current, False, f"{current.name} (played by {current.player}), version {current.version}"
    )
    if history:
        table = Table(
            "version", "change", "session", "recorded", title="History", title_justify="left"
        )
        for v in versions:
            table.add_row(str(v.version), v.change, str(v.session or "—"), v.recorded_at)
        console().print(table)


@app.command("list")
def list_command(ledger: LedgerOption = None, as_json: JsonOption = False) -> None:
    """List the characters with their player, level and Inherent Words.

    Example: adjudicator character list
    """
    from adjudicator.ledger.characters import characters  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        listed = characters(book)
    if as_json:
        print_json([version.to_dict() for version in listed])
        return
    if not listed:
        console().print("No characters yet: adjudicator character add NAME --player PLAYER ...")
        return
    table = Table("character", "player", "level", "Inherent Words", "version")
    for v in listed:
        table.add_row(
            v.name,
            v.player,
            str(v.character.level),
            format_words(v.character.inherent_words()),
            str(v.version),
        )
    console().print(table)


@app.command("rest")
def rest_command(
    name: NameArgument, ledger: LedgerOption = None, as_json: JsonOption = False
) -> None:
    """Rest six safe hours: armor is repaired and non-Maimed HP healed.

    Example: adjudicator character rest Snazzle
    """
    from adjudicator.ledger.characters import rest  # lazy: heavy import (sqlite-utils)

    with opened(ledger) as book:
        version = rest(book, name)
    _print(version, as_json, f"{version.name} rested (version {version.version}).")


@app.command("level-up")
def level_up_command(
    name: NameArgument,
    discard: Annotated[
        str, typer.Option("--discard", help="The 10 Drawn Words discarded from the player's hand.")
    ],
    tag: Annotated[str | None, typer.Option("--tag", help="Gain this permanent Tag.")] = None,
    word: Annotated[str | None, typer.Option("--word", help="Gain this Inherent Word.")] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Discard 10 Drawn Words during a rest to gain a level: a new Tag or Inherent Word.

    Example: adjudicator character level-up Snazzle --tag Lucky --discard "Fire, Ball, ... (10)"
    """
    from adjudicator.ledger.characters import level_up  # lazy: heavy import (sqlite-utils)

    if (tag is None) == (word is None):
        raise InvalidInput("a level gains one thing: give --tag or --word")
    gain: Tag | Word = Tag(tag, TagSource.LEVEL_UP) if tag is not None else Word(str(word))
    with opened(ledger) as book:
        version = level_up(book, name, parse_words(discard), gain)
    _print(
        version, as_json, f"{version.name} is now level {version.character.level}, gaining {gain}."
    )


@app.command("sacrifice-tag")
def sacrifice_tag_command(
    name: NameArgument,
    tag: Annotated[str, typer.Argument(help="The permanent Tag to give up.", show_default=False)],
    resist_death: Annotated[
        bool, typer.Option("--resist-death", help="To be fully healed instead of killed.")
    ] = False,
    heal_maim: Annotated[
        str | None, typer.Option("--heal-maim", help="To heal the Maim on this Hitzone.")
    ] = None,
    ledger: LedgerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Give up a permanent Tag (a Specific Fate or a level-up Tag), to resist death or heal a Maim.

    Example: adjudicator character sacrifice-tag Snazzle Lucky --resist-death
    """
    from adjudicator.ledger.characters import sacrifice  # lazy: heavy import (sqlite-utils)

    if resist_death and heal_maim is not None:
        raise InvalidInput("one Tag pays for one thing: --resist-death or --heal-maim")
    purpose: Purpose = "resist_death" if resist_death else "heal_maim" if heal_maim else "sacrifice"
    with opened(ledger) as book:
        version = sacrifice(book, name, tag, purpose, heal_maim)
    _print(version, as_json, f"{version.name} {version.change}.")
