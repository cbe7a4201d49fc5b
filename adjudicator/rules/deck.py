"""The Deck: Words submitted and approved each session, drawn, held, spent and traded.

"The 'Deck' is the collection of words that is built at the start of each session. Each
player should submit 5-10 words to the Storyteller, who will aggregate and approve."
(rulebook, "The Deck"). A `Deck` is a frozen value: every operation returns a new one, so a
caller can chain several (two trades making a swap) and keep the result only if all succeed.
Randomness comes only from a `random.Random` passed in.

Decisions where the rulebook is silent:
- A submission's 5-10 Words are distinct; the same Word from two players is allowed (the
  Storyteller sees it as a duplicate, see `vocabulary`, and decides).
- One submission per player per build. The first build is at the start of the session; when
  the last card is drawn the Deck is emptied and a new build opens, so everyone may submit
  again: "When the Deck is emptied, take a moment to have everyone generate additional words."
- A player some of whose Words the Storyteller rejected may submit again at once, to replace
  them: the 5-10 then counts the player's Words of this build that were not rejected.
- Approving puts the card at the bottom of the pile; shuffle to mix it in.
- `next_session` starts an empty Deck (it "is built at the start of each session"); hands,
  which are the players' own, carry over.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudicator.errors import AdjudicatorError, InvalidInput
from adjudicator.rules.spells import take_from_hand
from adjudicator.rules.words import Word, format_words

MIN_SUBMISSION = 5
MAX_SUBMISSION = 10
MAX_PLAYER_NAME = 80


class DeckError(AdjudicatorError):
    """A Deck operation the rules do not allow."""


class SubmissionSizeError(DeckError):
    """ "Each player should submit 5-10 words to the Storyteller." """

    def __init__(self, words: Sequence[Word]) -> None:
        super().__init__(
            f"a submission is {MIN_SUBMISSION} to {MAX_SUBMISSION} Words, got {len(words)}",
            hint="each player submits 5-10 Words per session",
        )
        self.words = tuple(words)


class DuplicateInSubmission(DeckError):
    """The same Word twice in one player's submission."""

    def __init__(self, words: Sequence[Word]) -> None:
        super().__init__(f"submitted more than once: {format_words(tuple(words))}")
        self.words = tuple(words)


class AlreadySubmitted(DeckError):
    """A second submission from a player before the Deck has been emptied."""

    def __init__(self, player: str) -> None:
        super().__init__(
            f"{player} has already submitted Words for this Deck",
            hint="players submit again when the Deck is emptied, or at once to replace Words "
            "the Storyteller rejected",
        )
        self.player = player


class ReplacementSizeError(DeckError):
    """ "Each player should submit 5-10 words": Words submitted to replace rejected ones count
    with the player's Words of this build that were not rejected."""

    def __init__(self, player: str, kept: int, words: Sequence[Word]) -> None:
        total = kept + len(words)
        super().__init__(
            f"{player} keeps {kept} Word{'s' * (kept != 1)} in this Deck; with "
            f"{len(words)} more that is {total}, and a player submits "
            f"{MIN_SUBMISSION} to {MAX_SUBMISSION} Words",
            hint=f"submit {max(1, MIN_SUBMISSION - kept)} to {MAX_SUBMISSION - kept} Words "
            "to replace the rejected ones",
        )
        self.player = player
        self.kept = kept
        self.words = tuple(words)


class NotPending(DeckError):
    """Approving or rejecting a Word that is not awaiting the Storyteller's review."""

    def __init__(self, player: str, word: Word) -> None:
        super().__init__(f"{player} has no {word} awaiting review")
        self.player = player
        self.word = word


class DrawRefused(DeckError):
    """ "Players ... will draw from the Deck any time they fully succeed at a Skill Check or
    land the killing blow on an enemy." Nothing else draws."""

    def __init__(self, reason: object) -> None:
        super().__init__(
            f"{reason!r} does not draw a Word",
            hint="only a full success at a Skill Check (full-success) or a killing blow "
            "(killing-blow) draws one",
        )
        self.reason = reason


class EmptyDeck(DeckError):
    """ "When the Deck is emptied, take a moment to have everyone generate additional words." """

    def __init__(self) -> None:
        super().__init__(
            "the Deck is empty",
            hint="have everyone generate additional Words: each player submits 5-10 more",
        )


class NotAtRest(DeckError):
    """Trading Words outside a declared rest."""

    def __init__(self, action: str) -> None:
        super().__init__(
            f"{action} only during a rest", hint="declare a rest: 6 hours of ensured safety"
        )


class DrawReason(enum.Enum):
    """The only events that draw a Word (a Maimed enemy treated as dead is a killing blow)."""

    SKILL_CHECK_FULL_SUCCESS = "skill_check_full_success"
    KILLING_BLOW = "killing_blow"

    @classmethod
    def parse(cls, text: str) -> DrawReason:
        """Read a reason as people type it: "killing-blow", "kill", "full-success", "success"
        (or the value itself); anything else is refused."""
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        aliases = {"kill": "killing_blow", "full_success": "skill_check_full_success",
                   "success": "skill_check_full_success"}  # fmt: skip
        try:
            return cls(aliases.get(key, key))
        except ValueError:
            raise DrawRefused(text) from None


class Verdict(enum.Enum):
    """The Storyteller's review of a submitted Word."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Submission:
    """One player's 5-10 distinct Words for the Deck, homonyms with their declared meaning.

    "If you submit a word that's a homonym, such as 'lead', be sure to specify which one you
    mean": give it as `Word("Lead", sense="the metal")`.
    """

    player: str
    words: tuple[Word, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _player(self.player))
        object.__setattr__(self, "words", tuple(self.words))
        if not MIN_SUBMISSION <= len(self.words) <= MAX_SUBMISSION:
            raise SubmissionSizeError(self.words)
        repeated = [word for i, word in enumerate(self.words) if word in self.words[:i]]
        if repeated:
            raise DuplicateInSubmission(repeated)

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "words": [word.to_dict() for word in self.words]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Submission:
        return cls(str(data["player"]), tuple(Word.from_dict(w) for w in data["words"]))


@dataclass(frozen=True)
class Entry:
    """A submitted Word: who submitted it, in which build, and the Storyteller's verdict."""

    word: Word
    player: str
    build: int
    verdict: Verdict = Verdict.PENDING
    note: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _player(self.player))
        if self.build < 1:
            raise InvalidInput(f"builds count from 1, got {self.build}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word.to_dict(),
            "player": self.player,
            "build": self.build,
            "verdict": self.verdict.value,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entry:
        return cls(
            Word.from_dict(data["word"]),
            str(data["player"]),
            int(data["build"]),
            Verdict(data["verdict"]),
            data.get("note"),
        )


@dataclass(frozen=True)
class Hand:
    """The Drawn Words one player (or enemy Fate Weaver) holds."""

    player: str
    words: tuple[Word, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _player(self.player))
        object.__setattr__(self, "words", tuple(self.words))

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "words": [word.to_dict() for word in self.words]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        return cls(str(data["player"]), tuple(Word.from_dict(w) for w in data["words"]))


@dataclass(frozen=True)
class Deck:
    """One session's Deck: submitted Words and verdicts, the pile (top first), and the hands."""

    session: int = 1
    build: int = 1
    entries: tuple[Entry, ...] = ()
    pile: tuple[Word, ...] = ()
    hands: tuple[Hand, ...] = ()

    def __post_init__(self) -> None:
        if self.session < 1 or self.build < 1:
            raise InvalidInput(f"session and build count from 1, got {self.session}, {self.build}")
        players = [hand.player for hand in self.hands]
        if len(set(players)) != len(players):
            raise InvalidInput("each player has one hand")

    # -- building ---------------------------------------------------------------------------

    @property
    def words(self) -> tuple[Word, ...]:
        """The Words already in this session's Deck: submitted and not rejected."""
        return tuple(e.word for e in self.entries if e.verdict is not Verdict.REJECTED)

    @property
    def pending(self) -> tuple[Entry, ...]:
        """Submitted Words awaiting the Storyteller's approval."""
        return tuple(e for e in self.entries if e.verdict is Verdict.PENDING)

    def submit(self, submission: Submission) -> Deck:
        """Add a player's Words for review; one submission per player until the Deck empties."""
        if any(e.player == submission.player and e.build == self.build for e in self.entries):
            raise AlreadySubmitted(submission.player)
        added = tuple(Entry(word, submission.player, self.build) for word in submission.words)
        return replace(self, entries=self.entries + added)

    def submit_words(self, player: str, words: Sequence[Word]) -> Deck:
        """A player's Words for review: their submission, or, after the Storyteller rejected
        some of their Words in this build, Words that replace them (the player's kept and new
        Words together are 5-10). Anyone else who already submitted is refused."""
        name = _player(player)
        mine = [e for e in self.entries if e.player == name and e.build == self.build]
        if not mine:
            return self.submit(Submission(name, tuple(words)))
        if all(e.verdict is not Verdict.REJECTED for e in mine):
            raise AlreadySubmitted(name)
        kept = [e.word for e in mine if e.verdict is not Verdict.REJECTED]
        words = tuple(words)
        repeated = [w for i, w in enumerate(words) if w in words[:i] or w in kept]
        if repeated:
            raise DuplicateInSubmission(repeated)
        if not MIN_SUBMISSION <= len(kept) + len(words) <= MAX_SUBMISSION or not words:
            raise ReplacementSizeError(name, len(kept), words)
        added = tuple(Entry(word, name, self.build) for word in words)
        return replace(self, entries=self.entries + added)

    def approve(self, player: str, word: Word, *, sense: str | None = None) -> Deck:
        """Approve a submitted Word, recording its declared meaning; the card joins the pile."""
        index, entry = self._pending(player, word)
        card = entry.word.with_sense(sense) if sense is not None else entry.word
        approved = replace(entry, word=card, verdict=Verdict.APPROVED)
        return replace(self, entries=_put(self.entries, index, approved), pile=(*self.pile, card))

    def reject(self, player: str, word: Word, *, note: str | None = None) -> Deck:
        """Reject a submitted Word, with the Storyteller's reason if given."""
        index, entry = self._pending(player, word)
        rejected = replace(entry, verdict=Verdict.REJECTED, note=note)
        return replace(self, entries=_put(self.entries, index, rejected))

    def shuffle(self, rng: random.Random) -> Deck:
        """The pile in an order drawn from `rng` (never the global generator)."""
        pile = list(self.pile)
        rng.shuffle(pile)
        return replace(self, pile=tuple(pile))

    def next_session(self) -> Deck:
        """A new, empty Deck for the next session; the hands carry over."""
        return Deck(session=self.session + 1, hands=self.hands)

    # -- drawing and holding ----------------------------------------------------------------

    def draw(self, player: str, reason: DrawReason) -> tuple[Deck, Word]:
        """The top card into `player`'s hand, for a full Skill Check success or a killing blow.

        Drawing the last card empties the Deck and opens a new build for submissions.
        """
        if not isinstance(reason, DrawReason):
            raise DrawRefused(reason)
        if not self.pile:
            raise EmptyDeck()
        card, pile = self.pile[0], self.pile[1:]
        player = _player(player)
        deck = replace(
            self._with_hand(player, (*self.hand(player), card)),
            pile=pile,
            build=self.build if pile else self.build + 1,
        )
        return deck, card

    def hand(self, player: str) -> tuple[Word, ...]:
        """The Drawn Words `player` holds (none if they never drew)."""
        name = _player(player)
        return next((hand.words for hand in self.hands if hand.player == name), ())

    def spend(self, player: str, words: Sequence[Word]) -> Deck:
        """Consume Drawn Words: a spell's (`Spell.drawn`), those played on a Skill Check, or the
        10 discarded for a level (counted by `progression.level_up`)."""
        left, _ = take_from_hand(self.hand(player), words, player=player)
        return self._with_hand(player, left)

    def trade(self, giver: str, receiver: str, words: Sequence[Word], *, during_rest: bool) -> Deck:
        """Give Drawn Words to another player: "Players may also trade Words they've drawn
        from the Deck amongst each other" during a rest. A swap is two trades."""
        if not during_rest:
            raise NotAtRest("Words can be traded")
        if _player(giver) == _player(receiver):
            raise InvalidInput(f"{giver} cannot trade with themselves")
        if not words:
            raise InvalidInput("a trade needs at least one Word")
        left, cards = take_from_hand(self.hand(giver), words, player=giver)
        given = self._with_hand(giver, left)
        return given._with_hand(receiver, (*given.hand(receiver), *cards))

    def _with_hand(self, player: str, words: Sequence[Word]) -> Deck:
        name = _player(player)
        hands = [hand for hand in self.hands if hand.player != name]
        index = next((i for i, hand in enumerate(self.hands) if hand.player == name), len(hands))
        hands.insert(index, Hand(name, tuple(words)))
        return replace(self, hands=tuple(hands))

    def _pending(self, player: str, word: Word) -> tuple[int, Entry]:
        name = _player(player)
        for index, entry in enumerate(self.entries):
            if entry.player == name and entry.word == word and entry.verdict is Verdict.PENDING:
                return index, entry
        raise NotPending(name, word)

    # -- storage ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "build": self.build,
            "entries": [entry.to_dict() for entry in self.entries],
            "pile": [word.to_dict() for word in self.pile],
            "hands": [hand.to_dict() for hand in self.hands],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deck:
        return cls(
            session=int(data["session"]),
            build=int(data["build"]),
            entries=tuple(Entry.from_dict(entry) for entry in data["entries"]),
            pile=tuple(Word.from_dict(word) for word in data["pile"]),
            hands=tuple(Hand.from_dict(hand) for hand in data["hands"]),
        )


def _player(name: str) -> str:
    """A player's (or enemy Fate Weaver's) name, trimmed; empty or overlong names are refused."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidInput("a player needs a name")
    if len(cleaned) > MAX_PLAYER_NAME:
        raise InvalidInput(f"{cleaned[:20]}…: a name is at most {MAX_PLAYER_NAME} characters")
    return cleaned


def _put(entries: tuple[Entry, ...], index: int, entry: Entry) -> tuple[Entry, ...]:
    return (*entries[:index], entry, *entries[index + 1 :])
