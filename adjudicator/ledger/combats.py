"""Fights on the Battle Board kept in the ledger: a chained row per combat, one per step of it.

A combat (F1, F2, ...) records its session, ruleset and seed. Each step is an append-only,
hash-chained record: a `command` (the engine command as JSON and the events it produced), an
`enhance` (a combat Word declared for the unit's next attack or defence), an `undo` or a
`redo` (naming the step taken back or played again). Nothing is ever deleted: the fight as it
stands is the fold of its steps (`load_combat`), and the engine's `Combat` is rebuilt from the
events of the commands in effect, the undone ones waiting on its redo stack.

Storage decisions (the issue leaves them to us):
- Dice: entered faces, an explicit seed (`random.Random(seed)`), or by default
  `random.Random(f"{combat seed}:{step}")`; every die's own seed is in its event anyway.
- Drawn Words a character's unit uses up leave its player's hand in the ledger, in the same
  transaction as the step: counterspells and enhancements spend them. A spell is cast from an
  approved ruling, and `ruling add --approve` already spent its Drawn Words, so `cast` spends
  nothing more; each ruling is one casting, and casting it again while a cast of it stands is
  refused (a new casting is a new ruling). A unit's hand in the fight is its player's hand
  when it joined; Words drawn later reach the fight only through a new unit.
- A killing blow (`WordOwed`) draws for the killer's player at once: the Storyteller's
  `dead` command is the confirmation. Without an open session or with an empty pile the
  Word stays owed, recorded as such, for `adjudicator deck draw`.
- When the fight ends (and after each rest once it has), each character's Hitzones and
  gained Tags in the fight are written back as a new version of its sheet; undoing the end
  writes back the ones it joined with.
- Undo and redo carry their campaign effects: an undo refunds the Words its step spent and
  returns a drawn Word to the top of the pile (refused if it has left the hand since); a
  redo spends and draws again.
- Several characters of one player cannot fight in one combat: they would share one hand.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.combat import commands as c
from adjudicator.combat.attacks import resolve_enhancements
from adjudicator.combat.board import Hazard, Space
from adjudicator.combat.checks import acting, require_actions
from adjudicator.combat.dice_source import DiceSource, EnteredDice, SeededDice
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    CombatError,
    EnhancementRefused,
    NothingToRedo,
    NothingToUndo,
)
from adjudicator.combat.events import CombatCreated, CombatEnded, Event, TurnEnded, UnitAdded
from adjudicator.combat.fight_events import (
    CounterspellAnnounced,
    EnhancementUsed,
    SpellCast,
    WordOwed,
)
from adjudicator.combat.history import event_from_dict
from adjudicator.combat.record import RecordError
from adjudicator.combat.rulesets import ruleset
from adjudicator.combat.stack import Delivery, Enhancement, Part, SpellRuling, StackEntry
from adjudicator.combat.state import CombatState, Phase
from adjudicator.combat.units import Unit, from_character
from adjudicator.ledger import records
from adjudicator.ledger.characters import _append as append_sheet
from adjudicator.ledger.characters import get_character
from adjudicator.ledger.database import Ledger, guarded, write
from adjudicator.ledger.decks import current_deck, hand_of, save_deck, spend
from adjudicator.ledger.errors import LedgerError, UnknownName
from adjudicator.ledger.fields import MAX_TITLE, clean_text
from adjudicator.ledger.rulings import Ruling, Status, get_ruling, status_of
from adjudicator.ledger.sessions import get_player, open_session
from adjudicator.rules.deck import DrawReason, Hand
from adjudicator.rules.dice import Dice, DiceError
from adjudicator.rules.spells import take_from_hand
from adjudicator.rules.words import Word, format_words


class StepAction(enum.Enum):
    COMMAND = "command"
    ENHANCE = "enhance"
    UNDO = "undo"
    REDO = "redo"


class EffectKind(enum.Enum):
    """What a step did to the campaign outside the fight."""

    SPENT = "spent"  # Drawn Words left a player's hand
    REFUNDED = "refunded"  # an undo gave them back
    DREW = "drew"  # a killing blow drew a Word from the Deck
    RETURNED = "returned"  # an undo put it back on top of the pile
    OWED = "owed"  # a Word owed that the Deck could not deal now
    SHEET = "sheet"  # a character's sheet written back as a new version


@dataclass(frozen=True)
class Effect:
    """One change a combat step made to the campaign: whose, which Words, and why."""

    kind: EffectKind
    who: str
    words: tuple[Word, ...] = ()
    note: str = ""

    def describe(self) -> str:
        words = f" {format_words(self.words)}" if self.words else ""
        note = f" ({self.note})" if self.note else ""
        return f"{self.who}: {self.kind.value}{words}{note}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "who": self.who,
            "words": [word.to_dict() for word in self.words],
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Effect:
        return cls(
            EffectKind(data["kind"]),
            str(data["who"]),
            tuple(Word.from_dict(w) for w in data.get("words", ())),
            str(data.get("note", "")),
        )


@dataclass(frozen=True)
class CombatInfo:
    """A combat's own record: F1, the session it began in, its ruleset, its dice seed."""

    id: str
    number: int
    session: int | None
    ruleset: str
    seed: int
    title: str | None
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "session": self.session,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "title": self.title,
            "created_at": self.created_at,
        }


@dataclass(frozen=True)
class Step:
    """One stored step of a combat, as recorded."""

    combat: str
    number: int
    action: StepAction
    summary: str
    command: Mapping[str, Any]
    events: tuple[Event, ...]
    effects: tuple[Effect, ...]
    dice: str | None
    recorded_at: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.number,
            "action": self.action.value,
            "summary": self.summary,
            "command": dict(self.command),
            "events": [event.to_dict() for event in self.events],
            "effects": [effect.to_dict() for effect in self.effects],
            "dice": self.dice,
            "recorded_at": self.recorded_at,
        }


@dataclass(frozen=True)
class Applied:
    """A command or enhancement in effect, with the campaign effects of its latest playing."""

    step: Step
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class PendingEnhancement:
    """A combat Word declared for the unit's next attack or defence this turn."""

    unit: str
    enhancement: Enhancement
    step: int


@dataclass(frozen=True)
class StoredCombat:
    """A combat read from the ledger: its record, its steps, and the fold of them.

    `combat` is the rebuilt engine (its redo stack holds the undone commands); `applied` and
    `redo` are the steps in effect and those waiting to be redone (last first to redo).
    """

    info: CombatInfo
    steps: tuple[Step, ...]
    combat: Combat = field(compare=False)
    applied: tuple[Applied, ...]
    redo: tuple[Applied, ...]
    pending: tuple[PendingEnhancement, ...]

    @property
    def state(self) -> CombatState:
        return self.combat.state

    @property
    def is_open(self) -> bool:
        return self.state.phase is not Phase.ENDED

    def pending_for(self, unit: str) -> tuple[Enhancement, ...]:
        name = self.state.unit(unit).name
        return tuple(p.enhancement for p in self.pending if p.unit == name)


@dataclass(frozen=True)
class Outcome:
    """What one step did: the events it added (or took back) and its campaign effects."""

    info: CombatInfo
    step: Step
    events: tuple[Event, ...]
    effects: tuple[Effect, ...]
    state: CombatState
    first_event: int

    def lines(self) -> tuple[str, ...]:
        """The step's lines of the log; an undo's are the events it took back."""
        if self.step.action is StepAction.UNDO:
            return tuple(f"undone: {event.describe()}" for event in self.events)
        return tuple(
            f"{i:>4}. {event.describe()}" for i, event in enumerate(self.events, self.first_event)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "combat": self.info.id,
            **self.step.to_dict(),
            "events": [event.to_dict() for event in self.events],
            "log": list(self.lines()),
            "phase": self.state.phase.value,
            "turn": None if self.state.turn is None else self.state.turn.to_dict(),
        }


@dataclass(frozen=True)
class DiceSpec:
    """Where a command's dice come from: faces entered by hand, a seed, or the combat's own."""

    entered: tuple[int, ...] | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.entered is not None and self.seed is not None:
            raise CombatError("dice are entered by hand or rolled from a seed, not both", rule="")

    def source(self, info: CombatInfo, step: int) -> DiceSource:
        if self.entered is not None:
            return EnteredDice(self.entered)
        seed: int | str = self.seed if self.seed is not None else f"{info.seed}:{step}"
        return SeededDice(random.Random(seed))

    def label(self, info: CombatInfo, step: int) -> str:
        if self.entered is not None:
            return "entered " + " ".join(str(v) for v in self.entered)
        return f"seed {self.seed}" if self.seed is not None else f"seed {info.seed}:{step}"


class RulingNotCastable(CombatError):
    """A ruling that is no spell to cast now: vetoed, overruled, not the caster's, cast."""

    rule = (
        "If an intent cannot be fulfilled by the Words provided (as judged by the Storyteller), "
        "the spell will not be cast."
    )


# --- reading -----------------------------------------------------------------------------------

_INFO = "SELECT id, number, session, ruleset, seed, title, created_at FROM combats"


def list_combats(ledger: Ledger) -> tuple[CombatInfo, ...]:
    """Every combat, oldest first."""
    with guarded(ledger.path):
        return tuple(CombatInfo(*row) for row in ledger.db.execute(_INFO + " ORDER BY number"))


def get_combat_info(ledger: Ledger, combat_id: str) -> CombatInfo:
    wanted = combat_id.strip().upper()
    with guarded(ledger.path):
        row = ledger.db.execute(_INFO + " WHERE id = ?", (wanted,)).fetchone()
    if row is None:
        raise UnknownName("combat", wanted, [info.id for info in list_combats(ledger)])
    return CombatInfo(*row)


def _steps(ledger: Ledger, combat_id: str) -> tuple[Step, ...]:
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            "SELECT step, action, summary, command, events, effects, dice, recorded_at "
            "FROM combat_steps WHERE combat = ? ORDER BY step",
            (combat_id,),
        )
        rows = cursor.fetchall()
    return tuple(
        Step(
            combat_id,
            number,
            StepAction(action),
            summary,
            json.loads(command),
            tuple(event_from_dict(e) for e in json.loads(events)),
            tuple(Effect.from_dict(e) for e in json.loads(effects)),
            dice,
            recorded_at,
        )
        for number, action, summary, command, events, effects, dice, recorded_at in rows
    )


def fold(info: CombatInfo, steps: Sequence[Step]) -> StoredCombat:
    """The combat as its steps leave it: undo takes back the last step in effect, redo plays
    the last undone one again; pending enhancements are those not yet used nor lapsed."""
    applied: list[Applied] = []
    redo: list[Applied] = []
    for step in steps:
        if step.action in (StepAction.COMMAND, StepAction.ENHANCE):
            applied.append(Applied(step, step.effects))
            redo.clear()
            continue
        source, target = (applied, redo) if step.action is StepAction.UNDO else (redo, applied)
        if not source or source[-1].step.number != step.command.get("step"):
            raise RecordError(f"{info.id} step {step.number} does not follow its combat's steps")
        moved = source.pop()
        target.append(
            moved if step.action is StepAction.UNDO else Applied(moved.step, step.effects)
        )
    created: tuple[Event, ...] = (CombatCreated(info.ruleset),)
    groups = [created] + [a.step.events for a in applied if a.step.action is StepAction.COMMAND]
    waiting = [a.step.events for a in reversed(redo) if a.step.action is StepAction.COMMAND]
    combat = Combat.from_history(groups + waiting)
    for _ in waiting:
        combat.undo()
    return StoredCombat(info, tuple(steps), combat, tuple(applied), tuple(redo), _pending(applied))


def _pending(applied: Sequence[Applied]) -> tuple[PendingEnhancement, ...]:
    pending: list[PendingEnhancement] = []
    for entry in applied:
        step = entry.step
        if step.action is StepAction.ENHANCE:
            enhancement = Enhancement.from_dict(dict(step.command["enhancement"]))
            pending.append(PendingEnhancement(str(step.command["unit"]), enhancement, step.number))
            continue
        for event in step.events:
            if isinstance(event, CombatEnded):
                pending.clear()
            elif isinstance(event, EnhancementUsed | TurnEnded):
                pending = [p for p in pending if p.unit != event.unit]
    return tuple(pending)


def load_all(ledger: Ledger) -> tuple[StoredCombat, ...]:
    """Every combat as it stands, oldest first."""
    return tuple(fold(info, _steps(ledger, info.id)) for info in list_combats(ledger))


def load_combat(ledger: Ledger, combat_id: str | None = None) -> StoredCombat:
    """A combat by id, or by default the latest open one (else the latest of all)."""
    if combat_id is not None:
        info = get_combat_info(ledger, combat_id)
        return fold(info, _steps(ledger, info.id))
    latest: StoredCombat | None = None
    for info in reversed(list_combats(ledger)):
        stored = fold(info, _steps(ledger, info.id))
        if stored.is_open:
            return stored
        latest = latest or stored
    if latest is None:
        raise LedgerError("there is no combat in this ledger yet", hint="adjudicator combat start")
    return latest


# --- writing -----------------------------------------------------------------------------------


def start_combat(
    ledger: Ledger, *, seed: int, rules: str = "rulebook", title: str | None = None
) -> CombatInfo:
    """A new combat, F<n>, in the open session (if any), under a ruleset found by name."""
    name = ruleset(rules).name
    title = clean_text(title, "combat title", MAX_TITLE)
    if not 0 <= seed < 2**63:
        raise CombatError(f"a combat's seed is a whole number from 0 to 2**63 - 1, not {seed}")
    with write(ledger):
        with guarded(ledger.path):
            cursor = ledger.db.execute("SELECT coalesce(max(number), 0) + 1 FROM combats")
            number = int(cursor.fetchone()[0])
        session = open_session(ledger)
        in_session = None if session is None else session.number
        info = CombatInfo(f"F{number}", number, in_session, name, seed, title, ledger.now())
        row: dict[str, records.Value] = {
            "id": info.id,
            "number": number,
            "session": info.session,
            "ruleset": name,
            "seed": seed,
            "title": title,
            "created_at": info.created_at,
        }
        records.append(ledger, "combat", info.id, row)
    return info


def play(
    ledger: Ledger,
    command: c.Command,
    *,
    combat_id: str | None = None,
    dice: DiceSpec = DiceSpec(),
    summary: str | None = None,
) -> Outcome:
    """Check a command against the fight and, if the rules allow it, record its events and
    their campaign effects in one transaction; else raise and record nothing."""
    with write(ledger):
        stored = load_combat(ledger, combat_id)
        return _play(ledger, stored, command, dice, summary)


def _play(
    ledger: Ledger,
    stored: StoredCombat,
    command: c.Command,
    dice: DiceSpec,
    summary: str | None,
) -> Outcome:
    command = _with_enhancements(stored, command)
    number = len(stored.steps) + 1
    before = stored.state
    events = stored.combat.play(command, dice.source(stored.info, number))
    effects = _effects(ledger, stored, events) + _sync_sheets(ledger, stored, before)
    body = {"type": type(command).__name__, **command.to_dict()}
    step = _append(
        ledger,
        stored.info,
        number,
        StepAction.COMMAND,
        summary or describe_command(command),
        body,
        events,
        effects,
        dice.label(stored.info, number),
    )
    first = len(stored.combat.events) - len(events) + 1
    return Outcome(stored.info, step, events, effects, stored.state, first)


def add_character(
    ledger: Ledger,
    character: str,
    team: str,
    *,
    combat_id: str | None = None,
    name: str | None = None,
    hold: str | None = None,
    onlooker: bool = False,
) -> Outcome:
    """Bring a campaign character into the fight with its player's hand of Drawn Words."""
    with write(ledger):
        stored = load_combat(ledger, combat_id)
        version = get_character(ledger, character)
        for unit in stored.state.units:
            if unit.character is None:
                continue
            other = get_character(ledger, unit.character.name)
            if other.player == version.player:
                raise CombatError(
                    f"{unit.name} already fights with {version.player}'s hand of Drawn Words",
                    rule="one hand per player (our rule: two units cannot spend one hand)",
                )
        held = None
        if hold is not None:
            weapon = next(
                (w.name for w in version.character.weapons if w.name.casefold() == hold.casefold()),
                None,
            )
            if weapon is None:
                known = ", ".join(w.name for w in version.character.weapons) or "none"
                raise CombatError(f"{version.name} carries no {hold!r} (weapons: {known})")
            held = (("Mainhand", weapon), ("Offhand", None))
        unit = from_character(
            version.character,
            team,
            name=name,
            hand=hand_of(ledger, version.player),
            held=held,
        )
        return _play(ledger, stored, c.AddUnit(unit, onlooker), DiceSpec(), None)


def spell_ruling(ruling: Ruling, delivery: Delivery = Delivery.TOUCH) -> SpellRuling:
    """The engine's `SpellRuling` for a ledger ruling: its implementation as the effect.

    Free-text damage becomes the dice (or number) it names, "2 rounds" a two-round duration;
    the delivery is the Storyteller's call (touch unless a modifier says otherwise).
    """
    parts = ruling.implementation
    requirements = tuple(
        r.strip() for r in re.split(r"[;,]", parts.requirements or "") if r.strip()
    )
    return SpellRuling(
        text=parts.note or ruling.intent,
        ruling_id=ruling.id,
        area=parts.area,
        duration=parts.duration,
        damage=_damage(parts.damage),
        requirements=requirements,
        delivery=delivery,
        rounds=_rounds(parts.duration),
    )


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _rounds(duration: str | None) -> int:
    found = re.search(r"\b(\d+|one|two|three|four|five|six)\s+(rounds?|turns?)\b", duration or "")
    if found is None:
        return 1
    text = found.group(1).lower()
    return max(1, int(text) if text.isdigit() else _NUMBERS[text])


def _damage(text: str | None) -> str | None:
    """The dice ("1d6", "d4" as "1d4") or number a free-text damage names, if any."""
    found = re.search(r"\b(\d*)d(\d+)\b|\b(\d+)\b", text or "")
    if found is None:
        return None
    expression = found.group(3) or f"{found.group(1) or 1}d{found.group(2)}"
    if "d" in expression:
        try:
            Dice.parse(expression)
        except DiceError:
            return None
    return expression


def cast_ruling(
    ledger: Ledger,
    caster: str,
    ruling_id: str,
    *,
    target: str | None = None,
    delivery: Delivery = Delivery.TOUCH,
    combat_id: str | None = None,
    dice: DiceSpec = DiceSpec(),
) -> Outcome:
    """Cast the spell an approved ruling allows: its Words, intent and implementation."""
    with write(ledger):
        stored = load_combat(ledger, combat_id)
        ruling = get_ruling(ledger, ruling_id)
        spell = ruling.spell()  # refuses a veto or a rulebook example
        status = status_of(ledger, ruling.id)
        if status.status in (Status.OVERRULED, Status.SUPERSEDED):
            raise RulingNotCastable(
                f"{ruling.id} is {status.describe()}: it is no longer a spell to cast",
                rule="If a mistake was made and the policy needs to change, the Storyteller "
                "should state that openly before it comes up.",
                hint="cast the ruling that replaced it, or record a new one",
            )
        unit = stored.state.unit(caster)
        if (
            unit.character is None
            or unit.character.name.casefold() != (ruling.caster or "").casefold()
        ):
            raise RulingNotCastable(
                f"{ruling.id} is {ruling.caster}'s spell; {unit.name} cannot cast it",
                rule="One of these Words must be an Inherent Word.",
            )
        where = _cast_of(ledger, ruling.id)
        if where is not None:
            raise RulingNotCastable(
                f"{ruling.id} was already cast ({where}); each ruling is one casting",
                hint="a new casting is put to the Storyteller again: adjudicator ruling add",
            )
        words = tuple(used.word for used in spell.words)
        command = c.Cast(unit.name, words, spell.intent, spell_ruling(ruling, delivery), target)
        summary = f"{unit.name} casts {ruling.id} {format_words(words)}" + (
            f" on {target}" if target else ""
        )
        return _play(ledger, stored, command, dice, summary)


def _cast_of(ledger: Ledger, ruling_id: str) -> str | None:
    """Where a cast of the ruling stands (a combat and step), if one does."""
    with guarded(ledger.path):
        rows = ledger.db.execute(
            "SELECT combat, step FROM combat_steps WHERE json_extract(command, '$.type') = 'Cast' "
            "AND json_extract(command, '$.ruling.ruling_id') = ?",
            (ruling_id,),
        ).fetchall()
    for combat_id in dict.fromkeys(row[0] for row in rows):
        stored = fold(get_combat_info(ledger, combat_id), _steps(ledger, combat_id))
        standing = {a.step.number for a in stored.applied}
        for cid, number in rows:
            if cid == combat_id and number in standing:
                return f"{combat_id} step {number}"
    return None


def enhance(
    ledger: Ledger,
    unit: str,
    word: Word,
    part: Part | None = None,
    *,
    combat_id: str | None = None,
) -> Outcome:
    """Declare a combat Word for the unit's next attack or defence this turn ("Applying this
    Word consumes an additional action"); it is spent when that action is taken."""
    with write(ledger):
        stored = load_combat(ledger, combat_id)
        state = stored.state
        actor, turn = acting(state, unit)
        wanted = (*stored.pending_for(actor.name), Enhancement(word, part))
        used = resolve_enhancements(stored.combat.rules, actor, wanted, set(Part))
        kinds = {u.part is Part.DEFENCE for u in used}
        if len(kinds) > 1 or sum(u.part is Part.DEFENCE for u in used) > 1:
            raise EnhancementRefused(
                "one action takes these Words: an attack (hit, damage) or a defence (one [Block])"
            )
        cost = 1 + sum(u.actions for u in used)  # the action itself, then one per Word
        require_actions(turn, cost, f"an action enhanced by {len(used)} Word(s)")
        enhancement = Enhancement(word, used[-1].part)
        number = len(stored.steps) + 1
        step = _append(
            ledger,
            stored.info,
            number,
            StepAction.ENHANCE,
            f"{actor.name} enhances the next action with {word} ({used[-1].part.value})",
            {"type": "Enhance", "unit": actor.name, "enhancement": enhancement.to_dict()},
            (),
            (),
            None,
        )
        return Outcome(stored.info, step, (), (), state, len(stored.combat.events) + 1)


def undo(ledger: Ledger, combat_id: str | None = None) -> Outcome:
    """Take back the last step in effect, as a new record; its spent Words come back."""
    with write(ledger):
        stored = load_combat(ledger, combat_id)
        if not stored.applied:
            raise NothingToUndo(f"{stored.info.id} has no step to undo")
        entry = stored.applied[-1]
        before = stored.state
        events: tuple[Event, ...] = ()
        if entry.step.action is StepAction.COMMAND:
            events = stored.combat.undo()
        effects = _reverse(ledger, stored.info, entry) + _sync_sheets(ledger, stored, before)
        number = len(stored.steps) + 1
        step = _append(
            ledger,
            stored.info,
            number,
            StepAction.UNDO,
            f"undo step {entry.step.number}: {entry.step.summary}",
            {"type": "Undo", "step": entry.step.number},
            (),
            effects,
            None,
        )
        return Outcome(stored.info, step, events, effects, stored.state, 0)


def redo(ledger: Ledger, combat_id: str | None = None) -> Outcome:
    """Play the last undone step again with the same dice; its Words are spent again."""
    with write(ledger):
        stored = load_combat(ledger, combat_id)
        if not stored.redo:
            raise NothingToRedo(f"{stored.info.id} has no undone step to redo")
        entry = stored.redo[-1]
        before = stored.state
        events: tuple[Event, ...] = ()
        effects: tuple[Effect, ...] = ()
        if entry.step.action is StepAction.COMMAND:
            events = stored.combat.redo()
            effects = _effects(ledger, stored, events) + _sync_sheets(ledger, stored, before)
        number = len(stored.steps) + 1
        step = _append(
            ledger,
            stored.info,
            number,
            StepAction.REDO,
            f"redo step {entry.step.number}: {entry.step.summary}",
            {"type": "Redo", "step": entry.step.number},
            (),
            effects,
            None,
        )
        first = len(stored.combat.events) - len(events) + 1
        return Outcome(stored.info, step, events, effects, stored.state, first)


def _append(
    ledger: Ledger,
    info: CombatInfo,
    number: int,
    action: StepAction,
    summary: str,
    command: Mapping[str, Any],
    events: Sequence[Event],
    effects: Sequence[Effect],
    dice: str | None,
) -> Step:
    now = ledger.now()
    row: dict[str, records.Value] = {
        "combat": info.id,
        "step": number,
        "action": action.value,
        "summary": summary,
        "command": records.canonical_json(dict(command)),
        "events": records.canonical_json([event.to_dict() for event in events]),
        "effects": records.canonical_json([effect.to_dict() for effect in effects]),
        "dice": dice,
        "recorded_at": now,
    }
    records.append(ledger, "combat_step", f"{info.id} step {number}", row)
    return Step(info.id, number, action, summary, command, tuple(events), tuple(effects), dice, now)


def describe_command(command: c.Command) -> str:
    """A command in one line for the step's summary: its name and its plain arguments."""
    if isinstance(command, c.AddUnit):
        return f"AddUnit {command.unit.name} team={command.unit.team}"
    if isinstance(command, c.Counter):
        return f"Counter {StackEntry(command.unit, command.replacements)}"
    args = []
    for item in dataclasses.fields(command):
        value = getattr(command, item.name)
        if isinstance(value, enum.Enum):
            value = value.value
        if isinstance(value, str | int | Space | Hazard) and not isinstance(value, bool):
            args.append(f"{item.name}={value}")
    return " ".join([type(command).__name__, *args])


# --- enhancements and campaign effects ----------------------------------------------------------


def _with_enhancements(stored: StoredCombat, command: c.Command) -> c.Command:
    """An attack or defence with the Words its unit declared for it (`enhance`)."""
    if isinstance(command, c.Attack) and stored.state.has_unit(command.attacker):
        pending = stored.pending_for(command.attacker)
        return replace(command, enhancements=command.enhancements + pending) if pending else command
    if isinstance(command, c.Defend) and stored.state.has_unit(command.unit):
        pending = stored.pending_for(command.unit)
        if pending and command.enhancement is None:
            return replace(command, enhancement=pending[0])
    return command


def _owner(ledger: Ledger, state: CombatState, name: str) -> str | None:
    """The player whose hand a unit uses: its character's player (quick NPCs have none)."""
    unit = state.unit(name)
    return None if unit.character is None else get_character(ledger, unit.character.name).player


def _effects(ledger: Ledger, stored: StoredCombat, events: Iterable[Event]) -> tuple[Effect, ...]:
    """Spend the Drawn Words the events used up and draw the Words they owe, in the ledger."""
    found: list[Effect] = []
    state = stored.state
    cid = stored.info.id
    for event in events:
        if isinstance(event, WordOwed):
            player = _owner(ledger, state, event.unit)
            if player is not None:
                found.append(_draw(ledger, player, f"{cid}: {event.reason}"))
            continue
        used = _used_words(event)
        if used is None:
            continue
        who, words, why = used
        player = _owner(ledger, state, who)
        if player is None:
            continue
        change = f"{cid}: {who}'s {why} spends {format_words(words)}"
        spend(ledger, get_player(ledger, player), words, change)
        found.append(Effect(EffectKind.SPENT, player, words, f"{who}'s {why}"))
    return tuple(found)


def _used_words(event: Event) -> tuple[str, tuple[Word, ...], str] | None:
    """Who used up which Drawn Words in an event, and on what; None if no Word was used up.

    A spell cast from a ruling used none here: the ruling's approval already spent them."""
    if isinstance(event, CounterspellAnnounced) and event.consumed:
        return event.entry.counterer, event.consumed, "counterspell"
    if isinstance(event, EnhancementUsed) and event.consumed:
        return event.unit, (event.word,), "enhancement"
    if isinstance(event, SpellCast) and event.consumed and event.stack.ruling.ruling_id is None:
        return event.stack.caster, event.consumed, "spell"
    return None


def _draw(ledger: Ledger, player: str, reason: str) -> Effect:
    session = open_session(ledger)
    if session is None:
        return Effect(EffectKind.OWED, player, note=f"{reason}; no session is open")
    before = current_deck(ledger, session.number)
    if not before.deck.pile:
        return Effect(EffectKind.OWED, player, note=f"{reason}; the Deck is empty")
    deck, card = before.deck.draw(player, DrawReason.KILLING_BLOW)
    save_deck(ledger, before, deck, f"{player} drew {card} ({reason})")
    return Effect(EffectKind.DREW, player, (card,), reason)


def _reverse(ledger: Ledger, info: CombatInfo, entry: Applied) -> tuple[Effect, ...]:
    """Undo a step's Words: spent ones back to the hand, a drawn one back on the pile."""
    found: list[Effect] = []
    why = f"{info.id}: undo step {entry.step.number}"
    for effect in reversed(entry.effects):
        if effect.kind not in (EffectKind.SPENT, EffectKind.DREW):
            continue
        session = open_session(ledger)
        if session is None:
            raise CombatError(
                f"undoing step {entry.step.number} gives back {format_words(effect.words)}, "
                "and Words go back to a hand only in an open session",
                rule="",
                hint="adjudicator session start",
            )
        before = current_deck(ledger, session.number)
        deck = before.deck
        hand = deck.hand(effect.who)
        if effect.kind is EffectKind.SPENT:
            hand = hand + effect.words
            kind, change = EffectKind.REFUNDED, f"{why} gives {effect.who} back"
        else:
            hand = take_from_hand(hand, effect.words, player=effect.who)[0]
            deck = replace(deck, pile=effect.words + deck.pile)
            kind, change = EffectKind.RETURNED, f"{why} puts back on the pile {effect.who}'s"
        hands = tuple(Hand(h.player, hand) if h.player == effect.who else h for h in deck.hands)
        if all(h.player != effect.who for h in hands):
            hands = (*hands, Hand(effect.who, hand))
        save_deck(
            ledger, before, replace(deck, hands=hands), f"{change} {format_words(effect.words)}"
        )
        found.append(Effect(kind, effect.who, effect.words, why))
    return tuple(found)


def _sync_sheets(ledger: Ledger, stored: StoredCombat, before: CombatState) -> tuple[Effect, ...]:
    """Write back each character's Hitzones and gained Tags when the fight ends (the fight's),
    or when an undo takes the end back (the ones it joined with)."""
    after = stored.state
    if before.phase is not Phase.ENDED and after.phase is not Phase.ENDED:
        return ()
    joined = {e.unit.name: e.unit for e in stored.combat.events if isinstance(e, UnitAdded)}
    found: list[Effect] = []
    for unit in after.units:
        if unit.character is None:
            continue
        source: Unit = unit if after.phase is Phase.ENDED else joined[unit.name]
        assert source.character is not None
        current = get_character(ledger, unit.character.name)
        sheet = replace(
            current.character,
            hitzones=source.hitzones,
            gained_tags=source.character.gained_tags,
        )
        if sheet == current.character:
            continue
        why = (
            f"{stored.info.id}: after the fight"
            if after.phase is Phase.ENDED
            else f"{stored.info.id}: the end of the fight undone"
        )
        zones = "/".join(f"{z.hp}" for z in sheet.hitzones)
        append_sheet(ledger, current.name, current.player, current.version, sheet, why)
        found.append(Effect(EffectKind.SHEET, current.name, note=f"{why}; HP {zones}"))
    return tuple(found)
