"""The Deck of each session and the players' hands, kept as append-only versions.

Storage decision: every change to the Deck (a submission, an approval, a shuffle, a draw, a
trade, Words spent on a spell or a level) appends the whole `Deck.to_dict()` as a new
version of that session's Deck, with a line saying what changed. A Deck is small (tens of
cards) and every rule about it already lives in `rules.deck`, so storing its state whole
keeps the ledger a faithful history with no second copy of the rules in SQL.

A session's first version is written by its first change. Until then its Deck is a new,
empty one that keeps the hands of the previous session's last Deck ("The 'Deck' is the
collection of words that is built at the start of each session"; hands are the players' own).
Homonym meanings declared on the way into the Deck are also recorded in `word_senses`, the
campaign's inventory of declared senses. A Word the homonym detector
(`adjudicator.language.homonyms`) calls a homonym cannot be submitted without one: "If you
submit a word that's a homonym, such as 'lead', be sure to specify which one you mean."
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.errors import InvalidInput
from adjudicator.language.homonyms import is_homonym
from adjudicator.language.inventory import SenseInventory
from adjudicator.ledger import records
from adjudicator.ledger.database import Ledger, guarded, write
from adjudicator.ledger.errors import LedgerError, SessionError, SubmissionFlagged
from adjudicator.ledger.fields import clean_text, limit
from adjudicator.ledger.sessions import (
    Player,
    Session,
    get_player,
    latest_session,
    require_open_session,
)
from adjudicator.rules.deck import Deck, DrawReason, Verdict
from adjudicator.rules.words import Word, format_words

if TYPE_CHECKING:
    from adjudicator.language.homonyms import HomonymInfo
    from adjudicator.rules.vocabulary import Suggestion


class UndeclaredHomonym(LedgerError, InvalidInput):
    """Submitted homonyms without a declared meaning: "If you submit a word that's a homonym,
    such as 'lead', be sure to specify which one you mean" (rulebook, "The Deck"). Nothing is
    recorded until each has one. `homonyms` lists each Word's candidate meanings."""

    def __init__(self, player: str, homonyms: Sequence[HomonymInfo]) -> None:
        lines = []
        for info in homonyms:
            lines.append(f"  [{info.word}] has {len(info.senses)} meanings; which one?")
            lines += [f"    {n}. {sense}" for n, sense in enumerate(info.senses, start=1)]
        first = homonyms[0]
        listed = "\n".join(lines)
        super().__init__(
            f"{player}'s Words include homonyms: say which meaning each one has (\"If you "
            f"submit a word that's a homonym, such as 'lead', be sure to specify which one "
            f'you mean"):\n{listed}',
            hint=f"add --sense WORD=MEANING for each, with a meaning above or your own words: "
            f'--sense "{first.word}={first.senses[0]}"',
        )
        self.player = player
        self.homonyms = tuple(homonyms)


@dataclass(frozen=True)
class DeckVersion:
    """One session's Deck as of its `version` (0: not stored yet, inherited from before)."""

    session: int
    version: int
    deck: Deck
    change: str
    recorded_at: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "version": self.version,
            "change": self.change,
            "recorded_at": self.recorded_at,
            "deck": self.deck.to_dict(),
        }


@dataclass(frozen=True)
class SenseDeclaration:
    """ "If you submit a word that's a homonym, such as 'lead', be sure to specify which one
    you mean": a Word, the meaning declared for it, by whom and when."""

    word: str
    sense: str
    player: str | None
    session: int | None
    declared_at: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "sense": self.sense,
            "player": self.player,
            "session": self.session,
            "declared_at": self.declared_at,
        }


def current_deck(ledger: Ledger, session: int | None = None) -> DeckVersion:
    """The Deck of `session` (default: the open session, else the latest one) as it is now."""
    if session is None:
        latest = latest_session(ledger)
        if latest is None:
            raise SessionError(
                "there is no Deck before the first session", hint="adjudicator session start"
            )
        session = latest.number
    with guarded(ledger.path):
        row = ledger.db.execute(
            "SELECT version, deck, change, recorded_at FROM deck_versions WHERE session = ? "
            "ORDER BY version DESC LIMIT 1",
            (session,),
        ).fetchone()
        if row is not None:
            version, deck, change, recorded_at = row
            return DeckVersion(
                session, version, Deck.from_dict(json.loads(deck)), change, recorded_at
            )
        before = ledger.db.execute(
            "SELECT deck FROM deck_versions WHERE session < ? ORDER BY session DESC, version DESC "
            "LIMIT 1",
            (session,),
        ).fetchone()
    hands = () if before is None else Deck.from_dict(json.loads(before[0])).hands
    return DeckVersion(session, 0, Deck(session=session, hands=hands), "new Deck", None)


def hand_of(ledger: Ledger, player: str) -> tuple[Word, ...]:
    """The Drawn Words `player` holds now."""
    known = get_player(ledger, player)
    latest = latest_session(ledger)
    if latest is None:
        return ()
    return current_deck(ledger, latest.number).deck.hand(known.name)


def save_deck(ledger: Ledger, before: DeckVersion, deck: Deck, change: str) -> DeckVersion:
    """Append `deck` as the next version after `before`. Call inside `write(ledger)`."""
    version = before.version + 1
    now = ledger.now()
    row: dict[str, records.Value] = {
        "session": before.session,
        "version": version,
        "deck": records.canonical_json(deck.to_dict()),
        "change": change,
        "recorded_at": now,
    }
    records.append(ledger, "deck_version", f"session {before.session} Deck v{version}", row)
    return DeckVersion(before.session, version, deck, change, now)


def spend(ledger: Ledger, player: Player, words: Sequence[Word], change: str) -> DeckVersion:
    """Consume Drawn Words from a hand (a spell, a level). Call inside `write(ledger)`."""
    session = require_open_session(ledger, "spending Drawn Words")
    before = current_deck(ledger, session.number)
    return save_deck(ledger, before, before.deck.spend(player.name, words), change)


def _change(
    ledger: Ledger, action: str, apply: Callable[[Deck, Session], tuple[Deck, str]]
) -> DeckVersion:
    """Read the open session's Deck, apply one rules operation, append the result."""
    with write(ledger):
        session = require_open_session(ledger, action)
        before = current_deck(ledger, session.number)
        deck, change = apply(before.deck, session)
        return save_deck(ledger, before, deck, change)


def check_words(ledger: Ledger, words: Sequence[Word]) -> tuple[Suggestion, ...]:
    """Typos, compounds and duplicates against the current Deck, for the Storyteller to weigh."""
    from adjudicator.rules.vocabulary import check_submission  # lazy: heavy import (numpy)

    latest = latest_session(ledger)
    deck_words = () if latest is None else current_deck(ledger, latest.number).deck.words
    return check_submission(words, deck_words)


def doubtful(findings: Sequence[Suggestion]) -> list[str]:
    """The findings that refuse a submission unless kept `as_written`: typos and compounds."""
    from adjudicator.rules.vocabulary import SuggestionKind  # lazy: heavy import (numpy)

    refusing = (SuggestionKind.TYPO, SuggestionKind.COMPOUND)
    return [finding.message for finding in findings if finding.kind in refusing]


def undeclared_homonyms(
    words: Sequence[Word], inventory: SenseInventory | None = None
) -> tuple[HomonymInfo, ...]:
    """The Words without a declared meaning that the homonym detector calls homonyms, each
    with its candidate meanings (most common first). A dictionary lookup: no language model."""

    undeclared = [word for word in words if word.sense is None]
    if not undeclared:
        return ()
    inventory = inventory if inventory is not None else SenseInventory()
    found = (is_homonym(word.text, inventory) for word in undeclared)
    return tuple(info for info in found if info.homonym)


def numbered_senses(
    words: Sequence[Word], inventory: SenseInventory | None = None
) -> tuple[Word, ...]:
    """`words` with each meaning given as a number ("--sense Fire=2") replaced by that
    numbered meaning of the homonym, as `UndeclaredHomonym` and the prompt list them. A
    number for a Word with no listed meanings, or past the last one, is refused."""

    found = []
    for word in words:
        if word.sense is not None and word.sense.isdigit():
            inventory = inventory if inventory is not None else SenseInventory()
            info = is_homonym(word.text, inventory)
            number = int(word.sense)
            if not info.homonym:
                raise InvalidInput(
                    f"[{word.text}] has no numbered meanings to pick from: say its meaning in "
                    "words",
                    hint=f'--sense "{word.text}=what you mean by it"',
                )
            if not 1 <= number <= len(info.senses):
                listed = "; ".join(f"{n}. {s}" for n, s in enumerate(info.senses, start=1))
                raise InvalidInput(
                    f"[{word.text}] has meanings 1-{len(info.senses)}, not {number}: {listed}"
                )
            word = word.with_sense(info.senses[number - 1])
        found.append(word)
    return tuple(found)


def precheck(
    ledger: Ledger, player: str, words: Sequence[Word], *, as_written: bool = False
) -> tuple[Suggestion, ...]:
    """Every refusal of `submit` that needs no homonym meaning, so a player is refused before
    being asked for any: the player, the open session, the Deck's own rules (one submission
    each, 5-10 distinct Words, replacements after a rejection), typos and compounds. Returns
    the findings shown with the submission. Writes nothing."""
    who = get_player(ledger, player)
    session = require_open_session(ledger, "submitting Words")
    current_deck(ledger, session.number).deck.submit_words(who.name, words)
    findings = check_words(ledger, words)
    flagged = doubtful(findings)
    if flagged and not as_written:
        raise SubmissionFlagged(who.name, flagged)
    return findings


def remembered_senses(
    ledger: Ledger, player: str, words: Sequence[Word]
) -> tuple[tuple[Word, ...], tuple[SenseDeclaration, ...]]:
    """`words` with each undeclared Word taking the meaning `player` last declared for it (a
    rejected Word's declaration is gone, see `senses`), and the declarations so used: a player
    who declared [Water] in session 1 means the same by it in session 2 unless they say so."""
    who = get_player(ledger, player)
    latest: dict[str, SenseDeclaration] = {}
    for declaration in senses(ledger):
        if declaration.player == who.name:
            latest[declaration.word] = declaration
    found, used = [], []
    for word in words:
        earlier = latest.get(word.text)
        if word.sense is None and earlier is not None:
            word = word.with_sense(earlier.sense)
            used.append(earlier)
        found.append(word)
    return tuple(found), tuple(used)


def submit(
    ledger: Ledger,
    player: str,
    words: Sequence[Word],
    *,
    as_written: bool = False,
    inventory: SenseInventory | None = None,
) -> DeckVersion:
    """A player's 5-10 Words for the Deck, awaiting approval; their declared senses recorded.

    Likely typos ("Teleprot") and compounds ("Fireball") refuse the submission, so the player
    can fix them before anything is recorded, unless they keep them `as_written`. A homonym
    without a declared meaning refuses it too (`UndeclaredHomonym`, no way around it): "If you
    submit a word that's a homonym, such as 'lead', be sure to specify which one you mean."
    A meaning given as a number picks that listed meaning (`numbered_senses`). A player some
    of whose Words were rejected may submit replacements at once (`Deck.submit_words`).
    """
    words = numbered_senses(words, inventory)
    who = get_player(ledger, player)
    precheck(ledger, who.name, words, as_written=as_written)
    homonyms = undeclared_homonyms(words, inventory)

    def apply(deck: Deck, session: Session) -> tuple[Deck, str]:
        submitted = deck.submit_words(who.name, words)  # the Deck's own rules first
        if homonyms:
            raise UndeclaredHomonym(who.name, homonyms)
        for word in words:
            if word.sense is not None:
                declare_sense(ledger, word, who.name, session.number)
        return submitted, f"{who.name} submitted {_listed(words)}"

    return _change(ledger, "submitting Words", apply)


def approve(
    ledger: Ledger,
    player: str,
    words: Sequence[Word] | None = None,
    senses: Mapping[str, str] | None = None,
) -> DeckVersion:
    """Approve a player's pending Words (all of them when `words` is None), each card joining
    the pile with the meaning declared for it in `senses` (Word text -> meaning), if any."""
    who = get_player(ledger, player)
    given = numbered_senses(tuple(Word(text, meaning) for text, meaning in (senses or {}).items()))
    senses = {word.text: str(word.sense) for word in given}

    def apply(deck: Deck, session: Session) -> tuple[Deck, str]:
        pending = [e.word for e in deck.pending if e.player == who.name]
        chosen = list(pending if words is None else words)
        if not chosen:
            raise InvalidInput(f"{who.name} has no Words awaiting approval")
        stray = [text for text in senses if Word(text) not in chosen]
        if stray:
            raise InvalidInput(f"--sense names Words not being approved: {', '.join(stray)}")
        approved = []
        for word in chosen:
            sense = senses.get(word.text)
            deck = deck.approve(who.name, word, sense=sense)
            if sense is not None:
                declare_sense(ledger, word.with_sense(sense), who.name, session.number)
            approved.append(word.with_sense(sense) if sense else word)
        return deck, f"approved {who.name}'s {_listed(approved)}"

    return _change(ledger, "approving Words", apply)


def reject(
    ledger: Ledger, player: str, words: Sequence[Word], note: str | None = None
) -> DeckVersion:
    """Reject a player's pending Words, with the Storyteller's reason. Nothing of them stays
    behind: their declared meanings no longer count (`senses`), and the player may submit
    other Words in their place at once (`Deck.submit_words`)."""
    who = get_player(ledger, player)
    if not words:
        raise InvalidInput("name the Words to reject")

    def apply(deck: Deck, session: Session) -> tuple[Deck, str]:
        for word in words:
            deck = deck.reject(who.name, word, note=note)
        return deck, f"rejected {who.name}'s {_listed(words)}" + (f": {note}" if note else "")

    return _change(ledger, "rejecting Words", apply)


def shuffle(ledger: Ledger, seed: int) -> DeckVersion:
    """Shuffle the pile with `random.Random(seed)`; the seed is recorded, so it can be replayed."""

    def apply(deck: Deck, session: Session) -> tuple[Deck, str]:
        return deck.shuffle(random.Random(seed)), f"shuffled with seed {seed}"

    return _change(ledger, "shuffling the Deck", apply)


def draw(ledger: Ledger, player: str, reason: DrawReason) -> tuple[DeckVersion, Word]:
    """The top card into a player's hand, for a full Skill Check success or a killing blow."""
    who = get_player(ledger, player)
    drawn: list[Word] = []

    def apply(deck: Deck, session: Session) -> tuple[Deck, str]:
        deck, card = deck.draw(who.name, reason)
        drawn.append(card)
        return deck, f"{who.name} drew {card} ({reason.value})"

    version = _change(ledger, "drawing a Word", apply)
    return version, drawn[0]


def trade(
    ledger: Ledger, giver: str, receiver: str, words: Sequence[Word], *, during_rest: bool
) -> DeckVersion:
    """Give Drawn Words to another player: "Players may also trade Words they've drawn from the
    Deck amongst each other" during a rest."""
    source, target = get_player(ledger, giver), get_player(ledger, receiver)

    def apply(deck: Deck, session: Session) -> tuple[Deck, str]:
        traded = deck.trade(source.name, target.name, words, during_rest=during_rest)
        return traded, f"{source.name} gave {target.name} {_listed(words)} at a rest"

    return _change(ledger, "trading Words", apply)


def declare_sense(ledger: Ledger, word: Word, player: str | None, session: int | None) -> None:
    """Record the meaning declared for a homonym. Call inside `write(ledger)`."""
    if word.sense is None:
        return
    sense = clean_text(word.sense, f"meaning of [{word.text}]", limit("word_sense", "sense"))
    row: dict[str, records.Value] = {
        "word": word.text,
        "sense": sense,
        "player": player,
        "session": session,
        "declared_at": ledger.now(),
    }
    records.append(ledger, "word_sense", f"[{word.text}] = {word.sense}", row)


def senses(ledger: Ledger, word: str | None = None) -> tuple[SenseDeclaration, ...]:
    """Every declared meaning that still stands (of one Word, if given), oldest first.

    A meaning declared with a Word submitted to a session's Deck stands while that session's
    Deck holds the Word with that meaning and not rejected: a rejected submission leaves
    nothing behind, and a meaning changed on approval replaces the one submitted. Meanings
    declared elsewhere (Inherent Words) always stand."""
    query = "SELECT word, sense, player, session, declared_at FROM word_senses"
    params: tuple[str, ...] = ()
    if word is not None:
        query += " WHERE word = ?"
        params = (Word(word).text,)
    with guarded(ledger.path):
        cursor = ledger.db.execute(query + " ORDER BY record", params)
        declared = tuple(SenseDeclaration(*row) for row in cursor)
    decks: dict[int, Deck] = {}
    for number in {d.session for d in declared if d.session is not None and d.player}:
        stored = current_deck(ledger, number)
        if stored.version:
            decks[number] = stored.deck
    return tuple(d for d in declared if _stands(d, decks.get(d.session or 0)))


def _stands(declaration: SenseDeclaration, deck: Deck | None) -> bool:
    """Whether a declaration still holds against its session's Deck (see `senses`)."""
    if deck is None or declaration.player is None:
        return True
    entries = [
        e
        for e in deck.entries
        if e.player == declaration.player and e.word.text == declaration.word
    ]
    if not entries:
        return True
    return any(
        e.verdict is not Verdict.REJECTED and e.word.sense == declaration.sense for e in entries
    )


def deck_history(ledger: Ledger, session: int) -> tuple[DeckVersion, ...]:
    """Every stored version of a session's Deck, oldest first."""
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            "SELECT version, deck, change, recorded_at FROM deck_versions WHERE session = ? "
            "ORDER BY version",
            (session,),
        )
        return tuple(
            DeckVersion(session, v, Deck.from_dict(json.loads(d)), c, t) for v, d, c, t in cursor
        )


def pending_words(deck: Deck, player: str | None = None) -> tuple[tuple[str, Word], ...]:
    """(player, Word) for each submitted Word awaiting review."""
    return tuple(
        (e.player, e.word)
        for e in deck.entries
        if e.verdict is Verdict.PENDING and (player is None or e.player == player)
    )


def _listed(words: Sequence[Word]) -> str:
    return " ".join(f"{w} ({w.sense})" if w.sense else str(w) for w in words) or format_words(())
