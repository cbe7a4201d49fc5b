"""Fights on the Battle Board kept in the ledger: starting one and playing each step of it.

A combat (F1, F2, ...) records its session, ruleset and seed. Each step is an append-only,
hash-chained record: a `command` (the engine command as JSON and the events it produced), an
`enhance` (a combat Word declared for the unit's next attack or defence), an `undo` or a
`redo` (naming the step taken back or played again). Nothing is ever deleted: the fight as it
stands is the fold of its steps (`load_combat`), and the engine's `Combat` is rebuilt from the
events of the commands in effect, the undone ones waiting on its redo stack.

This module plays the steps: start a combat, add a character, play a command, cast a ruling,
enhance, undo, redo. `steps` stores the steps and folds them, `effects` carries
their campaign effects (Words spent and drawn, sheets written back), and `spells` makes
a ruling the engine's spell.

Storage decisions (the issue leaves them to us):
- Dice: entered faces, an explicit seed (`random.Random(seed)`), or by default
  `random.Random(f"{combat seed}:{step}")`; every die's own seed is in its event anyway.
- Drawn Words a character's unit uses up leave its player's hand in the ledger, in the same
  transaction as the step: counterspells and enhancements spend them.
- "Drawn Words ... are consumed upon use": a spell's are consumed when it is cast, and a
  ruling is the Storyteller's word on one casting. `ruling add --approve` records that
  casting and spends its Drawn Words then (once); `combat cast --ruling` plays the same
  casting on the board, so it spends nothing more in the ledger and needs none of them in
  the unit's hand: the engine's `Cast.paid`. Copies still in the unit's hand (it joined
  before the approval) leave it, so the fight's hand matches the player's. Approving first
  and adding the character after therefore works, and so does the other order. Each ruling
  is one casting: casting it again while a cast of it stands is refused (a new casting is a
  new ruling). A unit's hand in the fight is its player's hand when it joined; Words drawn
  later reach the fight only through a new unit.
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
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adjudicator.combat import commands as c
from adjudicator.combat.attacks import resolve_enhancements
from adjudicator.combat.board import Hazard, Space
from adjudicator.combat.checks import acting, require_actions
from adjudicator.combat.dice_source import DiceSource, EnteredDice, SeededDice
from adjudicator.combat.errors import (
    CombatError,
    EnhancementRefused,
    NothingToRedo,
    NothingToUndo,
)
from adjudicator.combat.events import Event
from adjudicator.combat.rulesets import ruleset
from adjudicator.combat.stack import Delivery, Enhancement, Part, StackEntry
from adjudicator.combat.state import CombatState
from adjudicator.combat.systems import DEFAULT_SYSTEMS
from adjudicator.combat.systems.words_of_power import NAME as WOP
from adjudicator.combat.units import Stance, from_character, held_weapons
from adjudicator.ledger import records
from adjudicator.ledger.characters import get_character
from adjudicator.ledger.database import Ledger, guarded, write
from adjudicator.ledger.decks import hand_of
from adjudicator.ledger.fields import clean_text, limit
from adjudicator.ledger.fights.effects import campaign_effects, reverse_effects, sync_sheets
from adjudicator.ledger.fights.spells import RulingNotCastable, spell_ruling, where_cast
from adjudicator.ledger.fights.steps import (
    CombatInfo,
    Effect,
    Step,
    StepAction,
    StoredCombat,
    append_step,
    load_combat,
)
from adjudicator.ledger.rulings import Status, get_ruling, status_of
from adjudicator.ledger.sessions import open_session
from adjudicator.rules.wording import plural
from adjudicator.rules.words import Word, format_words


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


def start_combat(
    ledger: Ledger,
    *,
    seed: int,
    rules: str | None = None,
    title: str | None = None,
    system: str = WOP,
    options: Sequence[str] = (),
) -> CombatInfo:
    """A new combat, F<n>, in the open session (if any), under a game system and its variant
    (ruleset) found by name, with the optional rules chosen (`options`, kept in the variant's
    name); a system other than Words of Power is recorded beside it."""
    game = DEFAULT_SYSTEMS.get(system)
    name = ruleset(rules or "rulebook").name if game.name == WOP else game.variant(rules)
    name = game.with_options(name, options)
    title = clean_text(title, "combat title", limit("combat", "title"))
    if not 0 <= seed < 2**63:
        raise CombatError(f"a combat's seed is a whole number from 0 to 2**63 - 1, not {seed}")
    with write(ledger):
        with guarded(ledger.path):
            cursor = ledger.db.execute("SELECT coalesce(max(number), 0) + 1 FROM combats")
            number = int(cursor.fetchone()[0])
        session = open_session(ledger)
        in_session = None if session is None else session.number
        info = CombatInfo(
            f"F{number}", number, in_session, name, seed, title, ledger.now(), game.name
        )
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
        if game.name != WOP:
            records.append(
                ledger, "combat_system", info.id, {"combat": info.id, "system": game.name}
            )
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
    effects = campaign_effects(ledger, stored, events) + sync_sheets(ledger, stored, before)
    body = {"type": type(command).__name__, **command.to_dict()}
    step = append_step(
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


def play_built(
    ledger: Ledger,
    build: Callable[[CombatState], c.Command],
    *,
    combat_id: str | None = None,
    dice: DiceSpec = DiceSpec(),
) -> Outcome:
    """Play the command `build` makes from the fight as it stands (a Tag named by its text
    becomes the Tag the unit holds), checked and recorded like `play`."""
    with write(ledger):
        stored = load_combat(ledger, combat_id)
        return _play(ledger, stored, build(stored.state), dice, None)


def add_character(
    ledger: Ledger,
    character: str,
    team: str,
    *,
    combat_id: str | None = None,
    name: str | None = None,
    hold: Sequence[tuple[str, str]] = (),
    stances: Sequence[Stance] = (),
    onlooker: bool = False,
) -> Outcome:
    """Bring a campaign character into the fight with its player's hand of Drawn Words,
    holding the weapons `hold` names (hand, weapon), else its first in the Mainhand."""
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
        held = held_weapons(version.character.hitzones, version.character.weapons, hold)
        unit = from_character(
            version.character,
            team,
            name=name,
            hand=hand_of(ledger, version.player),
            held=held,
            stances=stances,
        )
        return _play(ledger, stored, c.AddUnit(unit, onlooker), DiceSpec(), None)


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
        where = where_cast(ledger, ruling.id)
        if where is not None:
            raise RulingNotCastable(
                f"{ruling.id} was already cast ({where}); each ruling is one casting",
                hint="a new casting is put to the Storyteller again: adjudicator ruling add",
            )
        words = tuple(used.word for used in spell.words)
        command = c.Cast(
            unit.name,
            words,
            spell.intent,
            spell_ruling(ruling, delivery),
            target,
            paid=spell.drawn,
        )
        summary = f"{unit.name} casts {ruling.id} {format_words(words)}" + (
            f" on {target}" if target else ""
        )
        return _play(ledger, stored, command, dice, summary)


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
        require_actions(turn, cost, f"an action enhanced by {plural(len(used), 'Word')}")
        enhancement = Enhancement(word, used[-1].part)
        number = len(stored.steps) + 1
        step = append_step(
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
        effects = reverse_effects(ledger, stored.info, entry) + sync_sheets(ledger, stored, before)
        number = len(stored.steps) + 1
        step = append_step(
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
            effects = campaign_effects(ledger, stored, events) + sync_sheets(ledger, stored, before)
        number = len(stored.steps) + 1
        step = append_step(
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


# --- enhancements declared before the action -------------------------------------------------


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
