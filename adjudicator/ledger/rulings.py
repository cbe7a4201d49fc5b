"""Rulings: the Storyteller's verdict on a spell, recorded once and never changed.

A ruling holds the caster, the session, the Words with their declared senses, the intent,
the concept->Word mapping as confirmed (empty until the language layer fills it), the
verdict, the Words the Storyteller said were missing, the implementation, the reason, the
time, and for the rulebook's own examples a citation. Its status (standing, distinguished,
overruled, superseded) is derived from status records that point at it: "If a mistake was
made and the policy needs to change, the Storyteller should state that openly."

`add_ruling` makes the structural checks of `rules.spells` first (the caster exists, exactly
one Inherent Word of theirs, the rest in their player's hand) and, on an approved cast,
spends the Drawn Words in the same transaction. A veto spends nothing: "If an intent cannot
be fulfilled by the Words provided ... the spell will not be cast."
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.errors import InvalidInput
from adjudicator.ledger import records
from adjudicator.ledger.characters import get_character
from adjudicator.ledger.database import Ledger, guarded, read, write
from adjudicator.ledger.decks import current_deck, spend
from adjudicator.ledger.errors import UnknownName
from adjudicator.ledger.fields import MAX_TITLE, clean_text, limit, shown_text
from adjudicator.ledger.sessions import get_player, require_open_session
from adjudicator.rules.spells import (
    MAX_INTENT_LENGTH,
    IntentTooLong,
    MissingIntent,
    Spell,
    SpellWord,
    WordsNotInHand,
    validate_spell,
)
from adjudicator.rules.words import Word, WordKind, format_words


class Verdict(enum.Enum):
    """The Storyteller's ruling on a spell."""

    APPROVED = "approved"
    VETOED = "vetoed"


class Status(enum.Enum):
    """Where a ruling stands as precedent, like case law."""

    STANDING = "standing"
    DISTINGUISHED = "distinguished"
    OVERRULED = "overruled"
    SUPERSEDED = "superseded"


@dataclass(frozen=True)
class Implementation:
    """ "The Storyteller articulates the specific implementation": area, duration, damage,
    requirements, and anything else in free text."""

    area: str | None = None
    duration: str | None = None
    damage: str | None = None
    requirements: str | None = None
    note: str | None = None

    def __post_init__(self) -> None:
        for name in ("area", "duration", "damage", "requirements", "note"):
            object.__setattr__(
                self, name, clean_text(getattr(self, name), name, limit("ruling", name))
            )

    def to_dict(self) -> dict[str, str | None]:
        return {
            "area": self.area,
            "duration": self.duration,
            "damage": self.damage,
            "requirements": self.requirements,
            "note": self.note,
        }

    def items(self) -> tuple[tuple[str, str], ...]:
        """The parts that were given, as (label, text)."""
        return tuple((name, text) for name, text in self.to_dict().items() if text is not None)


@dataclass(frozen=True)
class RulingWord:
    """A Word as a ruling used it: its declared sense and whether it was Inherent or Drawn
    (unknown, None, for the rulebook's examples)."""

    word: Word
    kind: WordKind | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**self.word.to_dict(), "kind": None if self.kind is None else self.kind.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RulingWord:
        kind = data.get("kind")
        return cls(
            Word(str(data["text"]), data.get("sense")), None if kind is None else WordKind(kind)
        )


@dataclass(frozen=True)
class Ruling:
    """A recorded ruling, as stored; its current status comes from `status_of`."""

    id: str
    canon: bool
    session: int | None
    caster: str | None
    words: tuple[RulingWord, ...]
    intent: str
    verdict: Verdict
    mapping: dict[str, tuple[str, ...]] = field(default_factory=dict)
    needs: tuple[Word, ...] = ()
    implementation: Implementation = Implementation()
    reason: str | None = None
    citation: str | None = None
    recorded_at: str = ""
    record: int = 0

    @property
    def plain_words(self) -> tuple[Word, ...]:
        return tuple(used.word for used in self.words)

    def words_text(self) -> str:
        return format_words(self.plain_words)

    def spell(self) -> Spell:
        """The spell an approved ruling lets its caster cast (combat casts it from here)."""
        if self.verdict is not Verdict.APPROVED:
            raise InvalidInput(f"{self.id} was vetoed: there is no spell to cast")
        kinds = [used.kind for used in self.words]
        if any(kind is None for kind in kinds):
            raise InvalidInput(f"{self.id} is a rulebook example, not a caster's spell")
        return Spell(tuple(SpellWord(u.word, u.kind) for u in self.words if u.kind), self.intent)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "canon": self.canon,
            "session": self.session,
            "caster": self.caster,
            "words": [used.to_dict() for used in self.words],
            "intent": self.intent,
            "mapping": {concept: list(words) for concept, words in self.mapping.items()},
            "verdict": self.verdict.value,
            "needs": [word.text for word in self.needs],
            "implementation": self.implementation.to_dict(),
            "reason": self.reason,
            "citation": self.citation,
            "recorded_at": self.recorded_at,
        }


@dataclass(frozen=True)
class StatusRecord:
    """A ruling's status and what changed it (a later ruling or a policy), with why."""

    ruling: str
    status: Status
    by_ruling: str | None = None
    by_policy: str | None = None
    reason: str | None = None
    recorded_at: str | None = None

    @property
    def by(self) -> str | None:
        return self.by_ruling or self.by_policy

    def describe(self) -> str:
        text = self.status.value
        if self.by:
            text += f" by {self.by}"
        return text + (f": {self.reason}" if self.reason else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status.value,
            "by_ruling": self.by_ruling,
            "by_policy": self.by_policy,
            "reason": self.reason,
            "recorded_at": self.recorded_at,
        }


@dataclass(frozen=True)
class StatusChange:
    """A change to an earlier ruling's status that a new ruling makes (overrule, distinguish,
    supersede); the status record points at the new ruling."""

    ruling: str
    status: Status
    reason: str | None = None


@dataclass(frozen=True)
class Proposal:
    """A spell put to the Storyteller and their ruling on it, before it is recorded."""

    caster: str
    words: tuple[Word, ...]
    intent: str
    verdict: Verdict
    needs: tuple[Word, ...] = ()
    implementation: Implementation = Implementation()
    reason: str | None = None
    mapping: Mapping[str, Sequence[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Recorded:
    """What `add_ruling` recorded: the ruling, the Drawn Words it spent, the statuses changed."""

    ruling: Ruling
    spent: tuple[Word, ...]
    statuses: tuple[StatusRecord, ...]


#: Called inside the transaction that records a ruling, after it and its status changes
#: (the precedent index stores the ruling's intent vector this way, in the same commit).
OnRecorded = Callable[[Ledger, Ruling], None]


@dataclass(frozen=True)
class Checked:
    """A proposal whose structure the rules accept: the session it goes to, the player whose
    hand pays, and the spell with each Word resolved (Inherent or Drawn, declared sense)."""

    session: int
    caster: str
    player: str
    spell: Spell

    @property
    def words(self) -> tuple[RulingWord, ...]:
        return tuple(RulingWord(used.word, used.kind) for used in self.spell.words)


def check_structure(ledger: Ledger, proposal: Proposal) -> Checked:
    """The structural checks of `add_ruling`, read-only: run them before slower checks
    (coverage, precedent) so a typo in the caster's name fails fast and writes nothing."""
    with read(ledger):
        return _checked(ledger, proposal)


def _checked(ledger: Ledger, proposal: Proposal) -> Checked:
    if proposal.needs and proposal.verdict is Verdict.APPROVED:
        raise InvalidInput("missing Words (--needs) go with a veto, not an approval")
    intent = _intent(proposal.intent, proposal.words)
    session = require_open_session(ledger, "recording a ruling")
    caster = get_character(ledger, proposal.caster)
    owner = get_player(ledger, caster.player)
    hand = current_deck(ledger, session.number).deck.hand(owner.name)
    try:
        spell = validate_spell(
            proposal.words, intent, inherent=caster.character.inherent_words(), hand=hand
        )
    except WordsNotInHand as error:
        raise WordsNotInHand(error.words, player=owner.name) from None
    return Checked(session.number, caster.name, owner.name, spell)


def add_ruling(
    ledger: Ledger,
    proposal: Proposal,
    *,
    changes: Sequence[StatusChange] = (),
    on_recorded: OnRecorded | None = None,
) -> Recorded:
    """Check a spell's structure against the caster and their hand, record the ruling, and
    on an approved cast spend its Drawn Words, all in one transaction."""
    reason = clean_text(proposal.reason, "reason", limit("ruling", "reason"))
    with write(ledger):
        checked = _checked(ledger, proposal)
        spell = checked.spell
        owner = get_player(ledger, checked.player)
        ruling = append_ruling(
            ledger,
            canon=False,
            session=checked.session,
            caster=checked.caster,
            words=checked.words,
            intent=spell.intent,
            verdict=proposal.verdict,
            mapping=proposal.mapping,
            needs=proposal.needs,
            implementation=proposal.implementation,
            reason=reason,
        )
        statuses = tuple(
            append_status(
                ledger, change.ruling, change.status, by_ruling=ruling.id, reason=change.reason
            )
            for change in changes
        )
        spent: tuple[Word, ...] = ()
        if proposal.verdict is Verdict.APPROVED and spell.drawn:
            spent = spell.drawn
            spend(
                ledger,
                owner,
                spent,
                f"{ruling.id}: {checked.caster} cast {spell}, spending {format_words(spent)}",
            )
        if on_recorded is not None:
            on_recorded(ledger, ruling)
    return Recorded(ruling, spent, statuses)


def _intent(intent: str, words: Sequence[Word]) -> str:
    """The intent trimmed: required, and at most `spells.MAX_INTENT_LENGTH` characters."""
    if "\x00" in intent:
        raise InvalidInput("the intent contains a NUL character")
    text = intent.strip()
    if not text:
        raise MissingIntent(words)
    if len(text) > MAX_INTENT_LENGTH:
        raise IntentTooLong(len(text))
    return text


def append_ruling(
    ledger: Ledger,
    *,
    canon: bool,
    session: int | None,
    caster: str | None,
    words: Sequence[RulingWord],
    intent: str,
    verdict: Verdict,
    mapping: Mapping[str, Sequence[str]] | None = None,
    needs: Sequence[Word] = (),
    implementation: Implementation = Implementation(),
    reason: str | None = None,
    citation: str | None = None,
) -> Ruling:
    """Record a ruling with the next id (R1, R2, ...; C1, C2, ... for canon) and no checks
    against hands. Call inside `write(ledger)`; `add_ruling` is the checked way in."""
    if not words:
        raise InvalidInput("a ruling names at least one Word")
    intent = _intent(intent, [used.word for used in words])
    concepts = _mapping(mapping or {}, [used.word for used in words])
    citation = clean_text(citation, "citation", limit("ruling", "citation"))
    prefix = "C" if canon else "R"
    with guarded(ledger.path):
        number = ledger.db.execute(
            "SELECT coalesce(max(number), 0) + 1 FROM rulings WHERE canon = ?", (int(canon),)
        ).fetchone()[0]
    ruling = Ruling(
        id=f"{prefix}{number}",
        canon=canon,
        session=session,
        caster=caster,
        words=tuple(words),
        intent=intent,
        verdict=verdict,
        mapping=concepts,
        needs=tuple(needs),
        implementation=implementation,
        reason=reason,
        citation=citation,
        recorded_at=ledger.now(),
    )
    record = records.append(ledger, "ruling", ruling.id, _row(ruling, number))
    return replace(ruling, record=record.seq)


def _mapping(
    mapping: Mapping[str, Sequence[str]], words: Sequence[Word]
) -> dict[str, tuple[str, ...]]:
    """The confirmed concept -> Words mapping, each Word one of the ruling's own."""
    used = {word.text for word in words}
    result: dict[str, tuple[str, ...]] = {}
    for concept, mapped in mapping.items():
        name = clean_text(concept, "concept", MAX_TITLE)
        if name is None:
            raise InvalidInput("a concept in the mapping cannot be empty")
        texts = tuple(Word(text).text for text in mapped)
        stray = [text for text in texts if text not in used]
        if stray:
            raise InvalidInput(
                f"the mapping of {name!r} names Words the ruling does not use: {stray}"
            )
        result[name] = texts
    return result


def _row(ruling: Ruling, number: int) -> dict[str, records.Value]:
    parts = ruling.implementation
    return {
        "id": ruling.id,
        "number": number,
        "canon": int(ruling.canon),
        "session": ruling.session,
        "caster": ruling.caster,
        "words": records.canonical_json([used.to_dict() for used in ruling.words]),
        "intent": ruling.intent,
        "mapping": records.canonical_json({c: list(w) for c, w in ruling.mapping.items()}),
        "verdict": ruling.verdict.value,
        "needs": records.canonical_json([word.text for word in ruling.needs]),
        "area": parts.area,
        "duration": parts.duration,
        "damage": parts.damage,
        "requirements": parts.requirements,
        "note": parts.note,
        "reason": ruling.reason,
        "citation": ruling.citation,
        "recorded_at": ruling.recorded_at,
    }


_COLUMNS = (
    "id, canon, session, caster, words, intent, mapping, verdict, needs, area, duration, "
    "damage, requirements, note, reason, citation, recorded_at, record"
)


class _Reader:
    """Builds `Ruling`s from rows, sharing one `Word` per (text, sense) and one
    `Implementation` per distinct tuple: a log of 100,000 rulings reuses a few thousand."""

    def __init__(self) -> None:
        self.words: dict[tuple[str, str | None, str | None], RulingWord] = {}
        self.needs: dict[str, Word] = {}
        self.parts: dict[tuple[str | None, ...], Implementation] = {}

    def used(self, item: Mapping[str, Any]) -> RulingWord:
        key = (item["text"], item.get("sense"), item.get("kind"))
        found = self.words.get(key)
        if found is None:
            found = self.words[key] = RulingWord.from_dict(item)
        return found

    def need(self, text: str) -> Word:
        found = self.needs.get(text)
        if found is None:
            found = self.needs[text] = Word(text)
        return found

    def ruling(self, row: Sequence[Any]) -> Ruling:
        (rid, canon, session, caster, words, intent, mapping, verdict, needs) = row[:9]
        area, duration, damage, requirements, note, reason, citation, recorded_at, record = row[9:]
        key = (area, duration, damage, requirements, note)
        parts = self.parts.get(key)
        if parts is None:
            parts = self.parts[key] = Implementation(
                *(shown_text(text, limit("ruling", "note")) for text in key)
            )
        return Ruling(
            id=rid,
            canon=bool(canon),
            session=session,
            caster=caster,
            words=tuple(self.used(item) for item in json.loads(words)),
            intent=shown_text(intent, limit("ruling", "intent")) or "",
            verdict=_VERDICTS[verdict],
            mapping={c: tuple(w) for c, w in json.loads(mapping).items()}
            if mapping != "{}"
            else {},
            needs=tuple(self.need(text) for text in json.loads(needs)) if needs != "[]" else (),
            implementation=parts,
            reason=shown_text(reason, limit("ruling", "reason")),
            citation=shown_text(citation, limit("ruling", "citation")),
            recorded_at=recorded_at,
            record=record,
        )


_VERDICTS = {verdict.value: verdict for verdict in Verdict}


def _ruling(row: Sequence[Any]) -> Ruling:
    return _Reader().ruling(row)


def get_ruling(ledger: Ledger, ruling_id: str) -> Ruling:
    """The ruling with this id ("R12", "r12" and "C3" all work)."""
    wanted = ruling_id.strip().upper()
    with guarded(ledger.path):
        row = ledger.db.execute(
            f"SELECT {_COLUMNS} FROM rulings WHERE id = ?", (wanted,)
        ).fetchone()
    if row is None:
        with guarded(ledger.path):
            known = ledger.db.execute("SELECT id FROM rulings ORDER BY record").fetchall()
        raise UnknownName("ruling", wanted, [r[0] for r in known])
    return _ruling(row)


@dataclass(frozen=True)
class RulingFilter:
    """Which rulings to list or export; None means any. A Word matches the rulings that used
    it and those whose veto said it was missing."""

    session: int | None = None
    caster: str | None = None
    word: str | None = None
    verdict: Verdict | None = None
    canon: bool | None = None

    def where(self) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        if self.session is not None:
            clauses.append("session = ?")
            params.append(self.session)
        if self.caster is not None:
            clauses.append("caster = ? COLLATE NOCASE")
            params.append(" ".join(self.caster.split()))
        if self.word is not None:
            clauses.append(
                "(EXISTS (SELECT 1 FROM json_each(rulings.words) "
                "WHERE json_extract(json_each.value, '$.text') = ?) "
                "OR EXISTS (SELECT 1 FROM json_each(rulings.needs) WHERE json_each.value = ?))"
            )
            params += [Word(self.word).text] * 2
        if self.verdict is not None:
            clauses.append("verdict = ?")
            params.append(self.verdict.value)
        if self.canon is not None:
            clauses.append("canon = ?")
            params.append(int(self.canon))
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def iter_rulings(ledger: Ledger, where: RulingFilter = RulingFilter()) -> Iterator[Ruling]:
    """Rulings in the order they were recorded, filtered."""
    clause, params = where.where()
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            f"SELECT {_COLUMNS} FROM rulings{clause} ORDER BY record", params
        )
        reader = _Reader()
        for row in cursor:
            yield reader.ruling(row)


def list_rulings(ledger: Ledger, where: RulingFilter = RulingFilter()) -> tuple[Ruling, ...]:
    return tuple(iter_rulings(ledger, where))


# -- status --------------------------------------------------------------------------------------


def append_status(
    ledger: Ledger,
    ruling_id: str,
    status: Status,
    *,
    by_ruling: str | None = None,
    by_policy: str | None = None,
    reason: str | None = None,
) -> StatusRecord:
    """Record a ruling's new status, pointing at what changed it. Call inside `write(ledger)`."""
    target = get_ruling(ledger, ruling_id)
    if target.id in (by_ruling, by_policy):
        raise InvalidInput(f"{target.id} cannot change its own status")
    if status is not Status.STANDING and by_ruling is None and by_policy is None:
        raise InvalidInput(f"a ruling becomes {status.value} by a later ruling or a policy")
    note = clean_text(reason, "status reason", limit("ruling_status", "reason"))
    record = StatusRecord(target.id, status, by_ruling, by_policy, note, ledger.now())
    row = {
        "ruling": target.id,
        "status": status.value,
        "by_ruling": by_ruling,
        "by_policy": by_policy,
        "reason": note,
        "recorded_at": record.recorded_at,
    }
    records.append(ledger, "ruling_status", f"{target.id} {status.value}", row)
    return record


def change_status(
    ledger: Ledger,
    ruling_id: str,
    status: Status,
    *,
    by_ruling: str | None = None,
    by_policy: str | None = None,
    reason: str | None = None,
) -> StatusRecord:
    """`append_status` in a transaction of its own."""
    with write(ledger):
        return append_status(
            ledger, ruling_id, status, by_ruling=by_ruling, by_policy=by_policy, reason=reason
        )


def _status(row: Sequence[Any]) -> StatusRecord:
    ruling, status, by_ruling, by_policy, reason, recorded_at = row
    return StatusRecord(ruling, Status(status), by_ruling, by_policy, reason, recorded_at)


def status_history(ledger: Ledger, ruling_id: str) -> tuple[StatusRecord, ...]:
    """Every status record of a ruling, oldest first."""
    target = get_ruling(ledger, ruling_id)
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            "SELECT ruling, status, by_ruling, by_policy, reason, recorded_at "
            "FROM ruling_statuses WHERE ruling = ? ORDER BY record",
            (target.id,),
        )
        return tuple(_status(row) for row in cursor)


def status_of(ledger: Ledger, ruling_id: str) -> StatusRecord:
    """A ruling's current status: its latest status record, or standing."""
    history = status_history(ledger, ruling_id)
    return history[-1] if history else StatusRecord(ruling_id.strip().upper(), Status.STANDING)


def current_statuses(ledger: Ledger) -> dict[str, StatusRecord]:
    """The current status of every ruling that has a status record (others are standing)."""
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            "SELECT ruling, status, by_ruling, by_policy, reason, recorded_at "
            "FROM ruling_statuses ORDER BY record"
        )
        return {row[0]: _status(row) for row in cursor}
