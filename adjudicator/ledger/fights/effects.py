"""What a fight's steps do to the campaign outside it, written in the same transaction.

Drawn Words a unit uses up leave its player's hand; a killing blow draws for the killer's
player (or leaves the Word owed); an undo gives spent Words back and puts a drawn one back on
the pile; the fight's end writes each character's Hitzones and gained Tags back to its sheet.
Each change is returned as an `Effect` for the step's record.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from adjudicator.combat.errors import CombatError
from adjudicator.combat.events import Event, UnitAdded
from adjudicator.combat.fight_events import (
    CounterspellAnnounced,
    EnhancementUsed,
    SpellCast,
    WordOwed,
)
from adjudicator.combat.state import CombatState, Phase
from adjudicator.combat.units import Unit
from adjudicator.ledger.characters import append_sheet, get_character
from adjudicator.ledger.database import Ledger
from adjudicator.ledger.decks import current_deck, save_deck, spend
from adjudicator.ledger.fights.steps import Applied, CombatInfo, Effect, EffectKind, StoredCombat
from adjudicator.ledger.sessions import get_player, open_session
from adjudicator.rules.deck import DrawReason, Hand
from adjudicator.rules.spells import take_from_hand
from adjudicator.rules.words import Word, format_words


def _owner(ledger: Ledger, state: CombatState, name: str) -> str | None:
    """The player whose hand a unit uses: its character's player (quick NPCs have none)."""
    unit = state.unit(name)
    return None if unit.character is None else get_character(ledger, unit.character.name).player


def campaign_effects(
    ledger: Ledger, stored: StoredCombat, events: Iterable[Event]
) -> tuple[Effect, ...]:
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


def reverse_effects(ledger: Ledger, info: CombatInfo, entry: Applied) -> tuple[Effect, ...]:
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


def sync_sheets(ledger: Ledger, stored: StoredCombat, before: CombatState) -> tuple[Effect, ...]:
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
