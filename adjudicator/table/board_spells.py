"""Spells on the Storyteller's board: the acting unit's approved rulings to cast, and the
counterspells open to each unit while a spell is on the stack.

The engine lists no spells among a turn's legal commands (they need Words and a ruling), so
the table offers them itself, and keeps no rules of its own: each candidate is built from the
ledger's public records and offered only when the engine's own pure check (`engine.resolve`,
nothing played) accepts it. Playing one goes through the calls the CLI makes:
`ledger.combats.cast_ruling` (`combat cast --ruling`) and `ledger.combats.play` with a
`Counter` (`combat counter`).

Decisions where the issue is silent:
- A ruling offered for casting is approved, for the acting unit's character, recorded in the
  fight's session (an approval from an earlier session was that session's casting), still
  standing or distinguished, and not cast already (each ruling is one casting).
- A cast is offered without a target (on the caster itself: no attack roll) and on every
  other unit the engine accepts, once per delivery it accepts (touch, at range, none).
- A counter offered on the board is one Drawn Word from the counterer's hand over one Word of
  the spell; several Words at once, and magic items, are for the API (or `combat counter`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.combat.commands import Cast, Command, Counter
from adjudicator.combat.engine import resolve
from adjudicator.combat.stack import Delivery, Replacement
from adjudicator.errors import AdjudicatorError, InvalidInput
from adjudicator.rules.wording import plural
from adjudicator.rules.words import Word, parse_words

if TYPE_CHECKING:
    from adjudicator.combat.state import CombatState
    from adjudicator.ledger.database import Ledger
    from adjudicator.ledger.fights.combats import Outcome
    from adjudicator.ledger.fights.steps import StoredCombat
    from adjudicator.ledger.rulings import Ruling


def _accepted(stored: StoredCombat, command: Command) -> bool:
    """Whether the engine would play `command` now (a dry run: nothing is recorded)."""
    try:
        resolve(stored.state, stored.combat.rules, command)
    except AdjudicatorError:
        return False
    return True


def _castable(book: Ledger, stored: StoredCombat, character: str) -> list[Ruling]:
    from adjudicator.ledger.fights.spells import where_cast  # lazy: heavy import (sqlite-utils)
    from adjudicator.ledger.rulings import (
        RulingFilter,
        Status,
        Verdict,
        current_statuses,
        list_rulings,
    )  # lazy: heavy import (sqlite-utils)

    wanted = RulingFilter(
        session=stored.info.session, caster=character, verdict=Verdict.APPROVED, canon=False
    )
    statuses = current_statuses(book)
    gone = (Status.OVERRULED, Status.SUPERSEDED)
    return [
        ruling
        for ruling in list_rulings(book, wanted)
        if not (ruling.id in statuses and statuses[ruling.id].status in gone)
        and where_cast(book, ruling.id) is None
    ]


def _cast(state: CombatState, caster: str, ruling: Ruling, target: str | None,
          delivery: Delivery) -> Cast:  # fmt: skip
    """The engine's `Cast` as `cast_ruling` builds it (the Drawn Words were paid at approval)."""
    from adjudicator.ledger.fights.spells import spell_ruling  # lazy: heavy import (sqlite-utils)

    spell = ruling.spell()
    words = tuple(used.word for used in spell.words)
    return Cast(state.unit(caster).name, words, spell.intent, spell_ruling(ruling, delivery),
                target, paid=spell.drawn)  # fmt: skip


def cast_options(book: Ledger, stored: StoredCombat) -> list[dict[str, Any]]:
    """The acting unit's rulings to cast now, each with the targets and deliveries the
    engine accepts; `label` is in the board's "Name key=value" form (see `action_text`)."""
    state = stored.state
    if not stored.is_open or state.stack is not None or state.turn is None:
        return []
    unit = state.unit(state.turn.unit)
    if unit.character is None:
        return []
    offered = []
    for ruling in _castable(book, stored, unit.character.name):
        words = ruling.words_text()
        choices = []
        aims: list[tuple[str | None, Delivery]] = [(None, Delivery.NONE)]
        others = [o.name for o in state.units if o.name != unit.name and o.space is not None]
        aims += [(other, how) for other in others for how in Delivery]
        for target, how in aims:
            if not _accepted(stored, _cast(state, unit.name, ruling, target, how)):
                continue
            label = f"Cast ruling={ruling.id} words={words}"
            if target is not None:
                label += f" on={target} delivery={how.value}"
            body = {"ruling": ruling.id, "target": target, "delivery": how.value}
            choices.append({"label": label, "body": body})
        if choices:
            offered.append({"ruling": ruling.id, "words": words, "intent": ruling.intent,
                            "choices": choices})  # fmt: skip
    return offered


def counter_options(stored: StoredCombat) -> list[dict[str, Any]]:
    """While a spell is on the stack: each unit's one-Word counterspells the engine accepts
    (a Drawn Word of its hand over one Word of the spell), grouped by unit."""
    state = stored.state
    stack = state.stack
    if not stored.is_open or stack is None:
        return []
    spell = stack.effective_words()
    offered = []
    for unit in state.units:
        choices = []
        for word in dict.fromkeys(unit.hand):
            for slot, over in enumerate(spell):
                command = Counter(unit.name, (Replacement(slot, word),))
                if not _accepted(stored, command):
                    continue
                shown = str(over) if spell.count(over) == 1 else f"{over} (Word {slot + 1})"
                label = f"Counter over={shown} with={word} by={unit.name}"
                body = {"unit": unit.name, "words": [word.text], "over": [slot + 1]}
                choices.append({"label": label, "body": body})
        if choices:
            offered.append({"unit": unit.name, "choices": choices})
    return offered


def cast(book: Ledger, body: Mapping[str, Any]) -> Outcome:
    """`combat cast UNIT --ruling R --target T --delivery D` for the acting unit."""
    from adjudicator.ledger.fights.combats import cast_ruling  # lazy: heavy import (sqlite-utils)
    from adjudicator.ledger.fights.steps import load_combat  # lazy: heavy import (sqlite-utils)

    ruling = _text(body, "ruling")
    target = body.get("target")
    if target is not None and (not isinstance(target, str) or not target.strip()):
        raise InvalidInput("target is a unit's name, or null for none")
    raw = body.get("delivery", "touch")
    try:
        delivery = Delivery(str(raw).strip().lower())
    except ValueError:
        raise InvalidInput(f"no delivery {raw!r}", hint="touch, ranged or none") from None
    stored = load_combat(book)
    turn = stored.state.turn
    if turn is None or not stored.is_open:
        raise InvalidInput(f"{stored.info.id} has no unit acting: nobody casts now")
    return cast_ruling(book, turn.unit, ruling, target=target, delivery=delivery,
                       combat_id=stored.info.id)  # fmt: skip


def counter(book: Ledger, body: Mapping[str, Any]) -> Outcome:
    """`combat counter UNIT WORDS --over N ... [--item ITEM]` on the spell on the stack."""
    from adjudicator.ledger.fights.combats import play  # lazy: heavy import (sqlite-utils)

    unit = _text(body, "unit")
    raw = body.get("words")
    if not isinstance(raw, list) or not raw or not all(isinstance(w, str) for w in raw):
        raise InvalidInput('words is a list of counter Words, like ["Fly"]')
    words: tuple[Word, ...] = tuple(w for item in raw for w in parse_words(item))
    over = body.get("over") or list(range(1, len(words) + 1))
    if not isinstance(over, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in over
    ):
        raise InvalidInput("over is a list of Word numbers (1 is the spell's first Word)")
    if len(over) != len(words):
        raise InvalidInput(
            f"{plural(len(words), 'Word')} but {plural(len(over), 'number')} in over"
        )
    item = body.get("item")
    if item is not None and (not isinstance(item, str) or not item.strip()):
        raise InvalidInput("item is a magic item's name, or null for Drawn Words")
    replacements = tuple(
        Replacement(slot - 1, word, item) for slot, word in zip(over, words, strict=True)
    )
    return play(book, Counter(unit, replacements))


def _text(body: Mapping[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{key} is required (text)")
    return value
