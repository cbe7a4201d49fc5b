"""A combat's chained steps in the ledger: the values they are read as, and their fold.

`combats` and `combat_steps` rows are read here and each step appended here (`append_step`);
`fold` replays the steps into the engine's `Combat`, the undone commands on its redo stack, with
the enhancements declared and not yet used. What the steps do is `combats`' business.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.combat.engine import Combat
from adjudicator.combat.events import CombatCreated, CombatEnded, Event, TurnEnded
from adjudicator.combat.fight_events import EnhancementUsed
from adjudicator.combat.history import event_from_dict
from adjudicator.combat.record import RecordError
from adjudicator.combat.stack import Enhancement
from adjudicator.combat.state import CombatState, Phase
from adjudicator.combat.systems import DEFAULT_SYSTEMS, SystemFight, WrongSystem
from adjudicator.combat.systems.words_of_power import NAME as WOP
from adjudicator.ledger import records
from adjudicator.ledger.database import Ledger, guarded
from adjudicator.ledger.errors import LedgerError, UnknownName
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
    #: The game system (issue 15); `ruleset` is its variant.
    system: str = WOP

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "system": self.system,
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
    #: The system's events (Words of Power's `Event`s, or another system's).
    events: tuple[Any, ...]
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


_INFO = (
    "SELECT id, number, session, ruleset, seed, title, created_at, "
    f"coalesce(s.system, '{WOP}') FROM combats LEFT JOIN combat_systems s ON s.combat = id"
)


def list_combats(ledger: Ledger) -> tuple[CombatInfo, ...]:
    """Every combat, oldest first."""
    with guarded(ledger.path):
        return tuple(CombatInfo(*row) for row in ledger.db.execute(_INFO + " ORDER BY number"))


def words_of_power_combats(ledger: Ledger) -> tuple[CombatInfo, ...]:
    """The Words of Power fights, oldest first (the ones the table shows)."""
    return tuple(info for info in list_combats(ledger) if info.system == WOP)


def get_combat_info(ledger: Ledger, combat_id: str) -> CombatInfo:
    wanted = combat_id.strip().upper()
    with guarded(ledger.path):
        row = ledger.db.execute(_INFO + " WHERE combats.id = ?", (wanted,)).fetchone()
    if row is None:
        raise UnknownName("combat", wanted, [info.id for info in list_combats(ledger)])
    return CombatInfo(*row)


def _steps(ledger: Ledger, combat_id: str, system: str = WOP) -> tuple[Step, ...]:
    with guarded(ledger.path):
        cursor = ledger.db.execute(
            "SELECT step, action, summary, command, events, effects, dice, recorded_at "
            "FROM combat_steps WHERE combat = ? ORDER BY step",
            (combat_id,),
        )
        rows = cursor.fetchall()
    read = event_from_dict if system == WOP else DEFAULT_SYSTEMS.get(system).event_from_dict
    return tuple(
        Step(
            combat_id,
            number,
            StepAction(action),
            summary,
            json.loads(command),
            tuple(read(e) for e in json.loads(events)),
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
    """Every Words of Power combat as it stands, oldest first."""
    return tuple(
        fold(info, _steps(ledger, info.id)) for info in list_combats(ledger) if info.system == WOP
    )


@dataclass(frozen=True)
class StoredFight:
    """A fight of another game system read from the ledger: its steps and the fold of them
    (commands in effect, and the undone ones on the fight's redo stack)."""

    info: CombatInfo
    steps: tuple[Step, ...]
    fight: SystemFight = field(compare=False)
    applied: tuple[Step, ...]
    redo: tuple[Step, ...]

    @property
    def is_open(self) -> bool:
        return not self.fight.is_over


def fold_fight(info: CombatInfo, steps: Sequence[Step]) -> StoredFight:
    """Any system's fight as its steps leave it: the kernel's undo and redo, as `fold`."""
    applied: list[Step] = []
    redo: list[Step] = []
    for step in steps:
        if step.action is StepAction.COMMAND:
            applied.append(step)
            redo.clear()
            continue
        source, target = (applied, redo) if step.action is StepAction.UNDO else (redo, applied)
        if not source or source[-1].number != step.command.get("step"):
            raise RecordError(f"{info.id} step {step.number} does not follow its combat's steps")
        target.append(source.pop())
    game = DEFAULT_SYSTEMS.get(info.system)
    created = game.new_fight(info.ruleset).events
    groups: list[Sequence[Any]] = [created, *(step.events for step in applied)]
    waiting = [step.events for step in reversed(redo)]
    fight = game.fight_from_history([*groups, *waiting])
    for _ in waiting:
        fight.undo()
    return StoredFight(info, tuple(steps), fight, tuple(applied), tuple(redo))


def load_any(ledger: Ledger, combat_id: str | None = None) -> StoredCombat | StoredFight:
    """A fight of any system by id, or by default the latest open one (else the latest)."""
    if combat_id is not None:
        return _fold_any(ledger, get_combat_info(ledger, combat_id))
    latest: StoredCombat | StoredFight | None = None
    for info in reversed(list_combats(ledger)):
        stored = _fold_any(ledger, info)
        if stored.is_open:
            return stored
        latest = latest or stored
    if latest is None:
        raise LedgerError("there is no combat in this ledger yet", hint="adjudicator combat start")
    return latest


def load_every(ledger: Ledger) -> tuple[StoredCombat | StoredFight, ...]:
    """Every fight of every system as it stands, oldest first."""
    return tuple(_fold_any(ledger, info) for info in list_combats(ledger))


def _fold_any(ledger: Ledger, info: CombatInfo) -> StoredCombat | StoredFight:
    steps = _steps(ledger, info.id, info.system)
    return fold(info, steps) if info.system == WOP else fold_fight(info, steps)


def load_combat(ledger: Ledger, combat_id: str | None = None) -> StoredCombat:
    """A Words of Power combat by id, or by default the latest open one (else the latest);
    a fight of another system is refused with `WrongSystem`."""
    stored = _load_system(ledger, WOP, combat_id)
    assert isinstance(stored, StoredCombat)
    return stored


def load_fight(ledger: Ledger, system: str, combat_id: str | None = None) -> StoredFight:
    """A fight of another `system` by id, or by default its latest open one (else latest)."""
    stored = _load_system(ledger, DEFAULT_SYSTEMS.get(system).name, combat_id)
    assert isinstance(stored, StoredFight)
    return stored


def _load_system(ledger: Ledger, system: str, combat_id: str | None) -> StoredCombat | StoredFight:
    """The fight a command of `system` plays on: the one named, which must be of that
    system, or that system's latest open fight (else its latest)."""
    game = DEFAULT_SYSTEMS.get(system)
    if combat_id is not None:
        info = get_combat_info(ledger, combat_id)
        if info.system != game.name:
            other = DEFAULT_SYSTEMS.get(info.system)
            raise WrongSystem(
                f"{info.id} is a {other.title} fight, not a {game.title} one",
                hint=_hint(other.name),
            )
        return _fold_any(ledger, info)
    every = list_combats(ledger)
    infos = [info for info in every if info.system == game.name]
    if not infos:
        if every:
            other = DEFAULT_SYSTEMS.get(every[-1].system)
            raise WrongSystem(
                f"there is no {game.title} fight in this ledger: {every[-1].id} is a "
                f"{other.title} fight",
                hint=_hint(other.name),
            )
        raise LedgerError("there is no combat in this ledger yet", hint="adjudicator combat start")
    latest: StoredCombat | StoredFight | None = None
    for info in reversed(infos):
        stored = _fold_any(ledger, info)
        if stored.is_open:
            return stored
        latest = latest or stored
    assert latest is not None
    return latest


def _hint(system: str) -> str:
    verbs = "adjudicator combat ..." if system == WOP else f"adjudicator combat {system} ..."
    return f"play it with {verbs}, or name another fight with --combat"


def append_step(
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
    """Record the next step of a combat as a chained `combat_step`. Call inside `write(ledger)`."""
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
