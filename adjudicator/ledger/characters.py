"""Characters in the ledger: each change appends a new version of the whole sheet.

A version stores `Character.to_dict()` as canonical JSON, so `Character.from_dict` gives back
exactly the character that was stored. The rules of change (rests, levels, sacrificed Tags)
are `rules.progression`'s; this module records their results, and a level-up spends the 10
Drawn Words from the player's hand in the same transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from adjudicator.ledger import decks, records
from adjudicator.ledger.database import Ledger, guarded, write
from adjudicator.ledger.decks import declare_sense, spend
from adjudicator.ledger.errors import AlreadyRecorded, LedgerError, SubmissionFlagged, UnknownName
from adjudicator.ledger.sessions import get_player, open_session, require_open_session
from adjudicator.rules import progression
from adjudicator.rules.characters import Character, Tag
from adjudicator.rules.words import Word

if TYPE_CHECKING:
    from adjudicator.language.inventory import SenseInventory

Purpose = Literal["sacrifice", "resist_death", "heal_maim"]


@dataclass(frozen=True)
class CharacterVersion:
    """A character as of one version, with whose it is and what changed."""

    name: str
    player: str
    version: int
    character: Character
    change: str
    session: int | None
    recorded_at: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "player": self.player,
            "version": self.version,
            "change": self.change,
            "session": self.session,
            "recorded_at": self.recorded_at,
            "sheet": self.character.to_dict(),
        }


_SELECT = """
SELECT c.name, c.player, v.version, v.sheet, v.change, v.session, v.recorded_at
FROM characters c JOIN character_versions v ON v.character = c.name
"""


def _version(row: tuple[Any, ...]) -> CharacterVersion:
    name, player, version, sheet, change, session, recorded_at = row
    character = Character.from_dict(json.loads(sheet))
    return CharacterVersion(name, player, version, character, change, session, recorded_at)


def characters(ledger: Ledger) -> tuple[CharacterVersion, ...]:
    """Every character as it is now, in the order they were added."""
    query = _SELECT + (
        " WHERE v.version = (SELECT max(version) FROM character_versions WHERE character = c.name)"
        " ORDER BY c.record"
    )
    with guarded(ledger.path):
        return tuple(_version(row) for row in ledger.db.execute(query))


def get_character(ledger: Ledger, name: str, version: int | None = None) -> CharacterVersion:
    """A character (ignoring case) as it is now, or as of `version`."""
    wanted = " ".join(name.split())
    with guarded(ledger.path):
        if version is None:
            row = ledger.db.execute(
                _SELECT + " WHERE c.name = ? ORDER BY v.version DESC LIMIT 1", (wanted,)
            ).fetchone()
        else:
            row = ledger.db.execute(
                _SELECT + " WHERE c.name = ? AND v.version = ?", (wanted, version)
            ).fetchone()
    if row is None:
        known = [c.name for c in characters(ledger)]
        if version is not None and any(k.casefold() == wanted.casefold() for k in known):
            raise UnknownName(f"version of {wanted}", str(version), [])
        raise UnknownName("character", wanted, known)
    return _version(row)


def history(ledger: Ledger, name: str) -> tuple[CharacterVersion, ...]:
    """Every version of a character, oldest first."""
    current = get_character(ledger, name)
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            _SELECT + " WHERE c.name = ? ORDER BY v.version", (current.name,)
        )
        return tuple(_version(row) for row in cursor)


def check_inherent_words(
    ledger: Ledger,
    player: str,
    words: Sequence[Word],
    *,
    as_written: bool = False,
    meanings: bool = True,
    inventory: SenseInventory | None = None,
) -> tuple[Word, ...]:
    """Inherent Words go through the Deck's checks before they go on a sheet: likely typos
    ("Teleprot") and compounds ("Fireball") are refused unless kept `as_written`, and a homonym
    needs its meaning ("If you submit a word that's a homonym, such as 'lead', be sure to
    specify which one you mean"), a number picking a listed one; `meanings=False` leaves that
    last check out (the refusals that come before a player is asked). Returns the Words with
    their meanings; writes nothing."""
    from adjudicator.rules.vocabulary import check_submission  # lazy: heavy import (numpy)

    who = get_player(ledger, player)
    words = decks.numbered_senses(words, inventory)
    flagged = decks.doubtful(check_submission(words))
    if flagged and not as_written:
        raise SubmissionFlagged(who.name, flagged, into="on the character sheet")
    homonyms = decks.undeclared_homonyms(words, inventory) if meanings else ()
    if homonyms:
        raise decks.UndeclaredHomonym(who.name, homonyms)
    return tuple(words)


def add_character(ledger: Ledger, character: Character, player: str) -> CharacterVersion:
    """Add a player's character; its sheet becomes version 1. The meanings declared for its
    Inherent Words join the campaign's declared senses (`decks.senses`), as the player's."""
    with write(ledger):
        owner = get_player(ledger, player)
        with guarded(ledger.path):
            taken = ledger.db.execute(
                "SELECT name FROM characters WHERE name = ?", (character.name,)
            ).fetchone()
        if taken is not None:
            raise AlreadyRecorded("character", character.name)
        now = ledger.now()
        row = {"name": character.name, "player": owner.name, "created_at": now}
        records.append(ledger, "character", character.name, row)
        for word in character.words:
            declare_sense(ledger, word, owner.name, None)
        return append_sheet(ledger, character.name, owner.name, 0, character, "created")


def append_sheet(
    ledger: Ledger, name: str, player: str, previous: int, character: Character, change: str
) -> CharacterVersion:
    """Append the next version of a character's sheet. Call inside `write(ledger)`."""
    session = open_session(ledger)
    number = None if session is None else session.number
    now = ledger.now()
    version = previous + 1
    row: dict[str, records.Value] = {
        "character": name,
        "version": version,
        "sheet": records.canonical_json(character.to_dict()),
        "change": change,
        "session": number,
        "recorded_at": now,
    }
    records.append(ledger, "character_version", f"{name} v{version}", row)
    return CharacterVersion(name, player, version, character, change, number, now)


def change_character(
    ledger: Ledger, name: str, change: str, transform: Callable[[Character], Character]
) -> CharacterVersion:
    """Apply a rules change to a character's current sheet and append the result."""
    with write(ledger):
        current = get_character(ledger, name)
        updated = transform(current.character)
        if updated.name != current.character.name:
            raise LedgerError(f"a change to {current.name}'s sheet cannot rename them")
        return append_sheet(ledger, current.name, current.player, current.version, updated, change)


def rest(ledger: Ledger, name: str) -> CharacterVersion:
    """Six safe hours: "This repairs armor, and heals non-Maimed HP"."""
    return change_character(ledger, name, "rested", progression.rest)


def level_up(
    ledger: Ledger, name: str, discarded: Sequence[Word], gain: Tag | Word
) -> CharacterVersion:
    """ "During any Rest, you may discard 10 Drawn Words to gain a level": the Words leave the
    player's hand and the character gains a permanent Tag or Word, in one transaction."""
    with write(ledger):
        require_open_session(ledger, "levelling up (the discarded Words come from the Deck)")
        current = get_character(ledger, name)
        owner = get_player(ledger, current.player)
        updated = progression.level_up(current.character, discarded, gain)
        change = f"levelled up to {updated.level}, gaining {gain}"
        spend(
            ledger, owner, discarded, f"{current.name} discarded {len(discarded)} Words to level up"
        )
        return append_sheet(ledger, current.name, current.player, current.version, updated, change)


def sacrifice(
    ledger: Ledger, name: str, tag: str, purpose: Purpose = "sacrifice", zone: str | None = None
) -> CharacterVersion:
    """Give up a permanent Tag: plainly, to resist death (fully healed, Armor aside), or to heal
    the Maim on `zone`. "This tag must either be Specific or gained from level ups." """
    current = get_character(ledger, name)
    held = _held_tag(current.character, tag)

    def transform(character: Character) -> Character:
        if purpose == "resist_death":
            return progression.resist_death(character, held)
        if purpose == "heal_maim":
            if zone is None:
                raise UnknownName("Hitzone", "(none given)", [z.name for z in character.hitzones])
            return progression.heal_maim(character, zone, held)
        return progression.sacrifice_tag(character, held)

    what = {"sacrifice": "sacrificed", "resist_death": "resisted death with"}.get(
        purpose, f"healed the Maim on {zone} with"
    )
    return change_character(ledger, name, f"{what} {held.describe()}", transform)


def _held_tag(character: Character, text: str) -> Tag:
    """The Tag called `text` on the sheet, preferring one that may be sacrificed."""
    wanted = Word(text).text
    matches = [tag for tag in character.tags() if tag.text == wanted]
    if not matches:
        raise UnknownName(f"Tag of {character.name}", wanted, [t.text for t in character.tags()])
    return next((tag for tag in matches if tag.sacrificeable), matches[0])
