"""Words in combat: casting an approved spell, counterspelling it, and resolving the stack.

"Players are able to use Words in combat as usual. Without modifiers, casters must land a 1d6
unarmed attack to impart spell effects. Casting any spell takes an action. Making the actual
attack is generally considered a second action." "As the counterspeller, you have to announce
that you're counterspelling and which Word you'll use before the attack or effect plays out.
You may counterspell as many or as few of the incoming Words as you would like. ... Magic
items may be used to counterspell but lose a point of Armor/durability/uses in the process
and may be destroyed." (rulebook, "Words in Combat", "Counterspelling")

The sequence: `Cast` (one action; the Drawn Words leave the hand; the stack opens) — any
number of `Counter`s — `Resolve` (the touch attack, the second action and the turn's attack;
then the Words with effect, or nothing). While the stack is open nothing else happens.

Decisions where the rulebook is silent:
- Counterspelling costs no action and may come from anyone who sees, on or off the board,
  on either side, engaged or not; it uses Drawn Words from the hand or a Word an equipped,
  unbroken magic item grants (any Word, if the item grants none). Nobody counters the layer
  they put on top themselves ("a spell cast by someone else").
- A spell on oneself needs no touch attack; any other target does, unless the ruling's
  delivery says otherwise (`Delivery.NONE`; `Delivery.RANGED` rolls a ranged attack from 1d6).
- The ruling's effect (its damage, its duration) is the approved one only while no Word was
  countered; a countered spell takes effect as the Storyteller then rules (`Resolve.ruling`),
  and by default as narration with no damage.
"""

from __future__ import annotations

from adjudicator.combat.attacks import Swing, plan_swing, strike
from adjudicator.combat.checks import (
    acting,
    free_hand,
    require_actions,
    require_attack_left,
    shot,
    target_on_board,
)
from adjudicator.combat.commands import Cast, Counter, Resolve
from adjudicator.combat.damage import deal_damage, head_zone
from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.dispatch import handles
from adjudicator.combat.errors import (
    CombatError,
    CounterspellRefused,
    NoSpellPending,
    SpellRefused,
    UnknownWeapon,
)
from adjudicator.combat.events import ActionsSpent
from adjudicator.combat.fight_events import (
    CounterspellAnnounced,
    MagicItemSpent,
    SpellCast,
    SpellFailed,
    SpellTookEffect,
    StackClosed,
)
from adjudicator.combat.rulesets import Ruleset
from adjudicator.combat.stack import Delivery, SpellRuling, SpellStack, StackEntry
from adjudicator.combat.state import CombatState
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import UNARMED, Unit
from adjudicator.rules.dice import Dice, DiceError
from adjudicator.rules.spells import (
    Spell,
    SpellError,
    WordsNotInHand,
    take_from_hand,
    validate_spell,
)
from adjudicator.rules.tables import Weapon
from adjudicator.rules.words import Word, format_words

#: A spell delivered at range: "a 1d6 ... attack" stepped up the ladder by range.
SPELL_SHOT = Weapon("Spell", 6, 4, ranged=True)

_SPEECH = "An unmodified spell is assumed to require touching the target with an empty hand"


def _needs_attack(ruling: SpellRuling, caster: str, target: str | None) -> bool:
    return ruling.delivery is not Delivery.NONE and target is not None and target != caster


def _swing(
    state: CombatState, rules: Ruleset, caster: Unit, target: Unit, delivery: Delivery
) -> Swing:
    if delivery is Delivery.RANGED:
        return Swing(SPELL_SHOT, shot(state, rules, caster, target, SPELL_SHOT).hit_die, True)
    return plan_swing(state, rules, caster, target, UNARMED)


def _damage_dice(text: str) -> Dice | int:
    """A ruling's damage: a number ("2") or dice ("1d6")."""
    if text.strip().isdigit():
        return int(text)
    try:
        return Dice.parse(text)
    except DiceError as error:
        raise CombatError(
            f"the ruling's damage {text!r} is neither a number nor dice: {error}"
        ) from None


@handles(Cast)
def cast(tx: Transaction, cmd: Cast) -> None:
    """Cast a spell the Storyteller approved: one action, Drawn Words consumed, stack opened."""
    state, rules = tx.state, tx.rules
    unit, turn = acting(state, cmd.caster)
    target: Unit | None = None
    if cmd.target is not None:
        target = state.unit(cmd.target)
        if target.name != unit.name:
            target = target_on_board(state, target.name, unit)
    if cmd.ruling.damage is not None:
        _damage_dice(cmd.ruling.damage)
    if cmd.ruling.rounds < 1:
        raise CombatError(f"a spell lasts at least one round, not {cmd.ruling.rounds}", rule="")
    if target is not None and _needs_attack(cmd.ruling, unit.name, target.name):
        require_attack_left(turn)
        require_actions(
            turn,
            2,
            'casting (one action) and the attack to impart it ("generally considered a second '
            'action")',
        )
        _swing(state, rules, unit, target, cmd.ruling.delivery)
        if cmd.ruling.delivery is Delivery.TOUCH:
            free_hand(state, unit, None, f'a touch: "{_SPEECH}"')
    else:
        require_actions(turn, 1, "casting a spell")
    in_hand = list(unit.hand)
    paid_elsewhere = []
    for word in cmd.paid:
        if word in in_hand:
            in_hand.remove(word)
        else:
            paid_elsewhere.append(word)
    try:
        spell = validate_spell(
            cmd.words, cmd.intent, inherent=unit.inherent(), hand=unit.hand + tuple(paid_elsewhere)
        )
    except SpellError as error:
        raise SpellRefused(error.message, hint=error.hint) from None
    words = format_words(tuple(w.word for w in spell.words))
    stack = SpellStack(unit.name, target.name if target else None, spell, cmd.ruling)
    tx.emit(ActionsSpent(unit.name, 1, f"casts {words}"), SpellCast(stack, _consumed(unit, spell)))


def _consumed(unit: Unit, spell: Spell) -> tuple[Word, ...]:
    """The spell's Drawn Words that leave the unit's hand now: those it still holds (the rest
    were paid outside the fight, `Cast.paid`)."""
    hand = list(unit.hand)
    consumed = []
    for word in spell.drawn:
        if word in hand:
            hand.remove(word)
            consumed.append(word)
    return tuple(consumed)


@handles(Counter)
def counter(tx: Transaction, cmd: Counter) -> None:
    """Announce a counterspell: Words (from the hand or a magic item) over Words below."""
    state, rules = tx.state, tx.rules
    stack = state.stack
    if stack is None:
        raise NoSpellPending("no spell is on the stack to counter")
    unit = state.unit(cmd.unit)
    if not unit.fate_weaver:
        raise CounterspellRefused(f"{unit.name} is not a Fate Weaver")
    if not state.sees(unit):
        raise CounterspellRefused(f"{unit.name} is {unit.status.value}: no line of sight")
    blind = state.cannot_see(unit, state.unit(stack.caster))
    if blind is not None:
        raise CounterspellRefused(f"{unit.name} cannot see {stack.caster}: {blind}")
    if unit.name == stack.top:
        raise CounterspellRefused(
            f"the top of the stack is {unit.name}'s own",
            rule="Drawn Words and magic items may be used to alter a spell cast by someone else.",
        )
    if not cmd.replacements:
        raise CounterspellRefused("a counterspell names at least one Word")
    count = len(stack.cast_words)
    slots = [r.slot for r in cmd.replacements]
    if len(set(slots)) != len(slots) or not all(0 <= slot < count for slot in slots):
        raise CounterspellRefused(
            f"each counter Word replaces a different one of the {count} Words, numbered 1 to "
            f"{count}",
            rule="You may counterspell as many or as few of the incoming Words as you would like.",
        )
    drawn = tuple(r.word for r in cmd.replacements if r.item is None)
    try:
        take_from_hand(unit.hand, drawn, player=unit.name)
    except WordsNotInHand as error:
        raise CounterspellRefused(error.message, hint=error.hint) from None
    spent: list[MagicItemSpent] = []
    armor: dict[str, int] = {}
    for replacement in cmd.replacements:
        if replacement.item is None:
            continue
        try:
            item, zone = unit.magic_item(replacement.item)
        except UnknownWeapon as error:
            raise CounterspellRefused(error.message) from None
        left = armor.get(item.name, zone.armor)
        if left == 0:
            raise CounterspellRefused(f"{unit.name}'s {item.name} is broken")
        if item.words and replacement.word not in item.words:
            raise CounterspellRefused(
                f"{item.name} grants {format_words(item.words)}, not {replacement.word}"
            )
        armor[item.name] = rules.counter_item_armor(left)
        spent.append(MagicItemSpent(unit.name, item.name, zone.name, armor[item.name]))
    tx.emit(CounterspellAnnounced(StackEntry(unit.name, cmd.replacements), drawn), *spent)


@handles(Resolve)
def resolve(tx: Transaction, cmd: Resolve) -> None:
    """The attack that imparts the spell, then "Only the last word on the stack has effect.
    All words in the stack are lost."; or the Storyteller's "declare it dispelled"."""
    state, rules = tx.state, tx.rules
    stack = state.stack
    if stack is None:
        raise NoSpellPending("no spell is on the stack to resolve")
    words, lost = stack.effective_words(), stack.words_lost()
    if cmd.dispelled:
        tx.emit(
            SpellFailed(stack.caster, words, "the Storyteller declares it dispelled"),
            StackClosed(lost),
        )
        return
    ruling = cmd.ruling
    if ruling is None:
        ruling = stack.ruling
        if stack.countered:
            ruling = SpellRuling(
                text=f"countered into {format_words(words)}; the Storyteller narrates it",
                delivery=stack.ruling.delivery,
                spoken=stack.ruling.spoken,
            )
    zone: str | None = None
    target = state.unit(stack.target) if stack.target else None
    if target is not None and _needs_attack(stack.ruling, stack.caster, target.name):
        caster = state.unit(stack.caster)
        swing = _swing(state, rules, caster, target, stack.ruling.delivery)
        tx.emit(ActionsSpent(caster.name, 1, "the attack that imparts the spell", attack=True))
        automatic = not swing.ranged and not state.is_aware(target.name, caster.name)
        style = "spell touch" if not swing.ranged else "spell at range"
        zone = strike(
            tx,
            caster.name,
            target.name,
            [swing],
            style,
            aim=cmd.aim,
            automatic=automatic,
            damage=False,
        )
        if zone is None:
            tx.emit(SpellFailed(stack.caster, words, "the attack missed"), StackClosed(lost))
            return
    tx.emit(SpellTookEffect(stack.caster, stack.target, words, ruling, zone))
    if ruling.damage is not None and target is not None:
        amount, rolls = _roll_damage(tx, ruling.damage, stack.caster)
        deal_damage(
            tx,
            target.name,
            zone or (target.zone(cmd.aim).name if cmd.aim else head_zone(tx, target.name)),
            amount,
            f"{stack.caster}'s {format_words(words)}",
            attacker=stack.caster,
            rolls=rolls,
        )
    tx.emit(StackClosed(lost))


def _roll_damage(tx: Transaction, text: str, roller: str) -> tuple[int, tuple[RolledDie, ...]]:
    dice = _damage_dice(text)
    if isinstance(dice, int):
        return dice, ()
    rolls = tx.roll_many(dice.count, dice.sides, "spell damage", roller)
    return sum(r.value for r in rolls), rolls
