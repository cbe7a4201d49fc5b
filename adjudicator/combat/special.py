"""Special cases of the rulebook: grabs and binds, resisting death and healing a Maim.

"Grab attacks can be made only with an empty hand. Grabs do not deal damage, but can start a
bind. Grabbing can only be used on opponents on the same ring as you. The grabber must first
land an attack roll. After determining where they grab, an opposed 1d6 roll is used to
determine if the part is bound. A bound enemy must win another opposed roll before they can
either use that body part or move away. Whatever (probably body part) is doing the binding
is also considered bound. Successfully breaking a bind does not consume an action but
failing does." "Resisting death or healing a Maim in combat both require one action."
(rulebook, "Special Cases")

Decisions where the rulebook is silent:
- Opposed rolls: the one acting (grabbing, breaking free) must roll higher; a tie keeps
  things as they are (`Ruleset.wins_opposed`).
- A grab lands like an unarmed attack (1d6); a defence can divert it to the defending zone,
  which is then the part grabbed. The binder lets go for free ("Stopping an action ... does
  not cost an action"); breaking free needs an action in hand, since failing costs one.
- Resisting death is allowed to a unit that is down (Head at 0) and not declared dead. Its
  action comes from whoever pays: from their turn if it is theirs, else owed from their next
  turn (resisting happens "upon taking damage", out of turn). Healing a Maim is done on the
  payer's turn ("Maims do not need to be healed in reaction"). Another Fate Weaver paying must
  be adjacent ("close enough to lay hands on the fallen"). Outside a fight neither costs an
  action.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.attacks import Swing, strike
from adjudicator.combat.checks import (
    acting,
    free_hand,
    require_actions,
    require_attack_left,
    target_on_board,
)
from adjudicator.combat.commands import BreakFree, Grab, HealMaim, Release, ResistDeath
from adjudicator.combat.damage import make_aware
from adjudicator.combat.dispatch import handles
from adjudicator.combat.errors import (
    DeathNotResistible,
    GrabRefused,
    NotBound,
    NotMaimed,
    OutOfReach,
    TagRefused,
)
from adjudicator.combat.events import ActionsOwed, ActionsSpent
from adjudicator.combat.fight_events import (
    BindContested,
    BindEnded,
    BindEstablished,
    DeathResisted,
    MaimHealed,
)
from adjudicator.combat.state import Bind, CombatState
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import UNARMED, Status, Unit
from adjudicator.rules import progression
from adjudicator.rules.characters import Hitzone, Tag
from adjudicator.rules.words import Word

_LAY_HANDS = (
    "Other players may pay the cost and heal each other, if they are close enough to lay hands "
    "on the fallen."
)


@handles(Grab)
def grab(tx: Transaction, cmd: Grab) -> None:
    state, rules = tx.state, tx.rules
    unit, turn = acting(state, cmd.unit)
    target = target_on_board(state, cmd.target, unit)
    require_attack_left(turn)
    require_actions(turn, 1, "a grab")
    hand = free_hand(state, unit, cmd.hand, "a grab")
    assert unit.space is not None and target.space is not None
    if unit.space.ring != target.space.ring:
        raise GrabRefused(f"{target.name} at {target.space} is not on {unit.name}'s ring")
    if not state.board.is_adjacent(unit.space, target.space):
        raise OutOfReach(f"{target.name} at {target.space} is out of {unit.name}'s reach")
    aim = target.zone(cmd.aim).name if cmd.aim else None
    if not rules.grab_needs_attack_roll and aim is None:
        raise GrabRefused(
            "name the part to grab",
            rule="The grabber must immediately win an opposed roll to establish the bind.",
        )
    tx.emit(ActionsSpent(unit.name, 1, f"grabs at {target.name}", attack=True))
    zone: str | None
    if rules.grab_needs_attack_roll:
        automatic = not state.is_aware(target.name, unit.name) or (
            aim is not None and aim in state.bound_zones(target.name)
        )
        swing = Swing(UNARMED, UNARMED.hit_die, False)
        zone = strike(
            tx, unit.name, target.name, [swing], "grab", aim=aim, automatic=automatic, damage=False
        )
        if zone is None:
            return
    else:
        zone = aim
        make_aware(tx, target.name, unit.name)
    assert zone is not None
    mine = tx.roll(6, "grab (opposed)", unit.name)
    theirs = tx.roll(6, "resisting a grab", target.name)
    won = rules.wins_opposed(mine.value, theirs.value)
    tx.emit(BindContested(unit.name, target.name, zone, mine, theirs, won, "grabs"))
    if won:
        tx.emit(BindEstablished(Bind(unit.name, hand, target.name, zone)))


@handles(BreakFree)
def break_free(tx: Transaction, cmd: BreakFree) -> None:
    unit, turn = acting(tx.state, cmd.unit)
    binds = [
        b
        for b in tx.state.binds
        if b.held == unit.name
        and (cmd.zone is None or b.held_zone.casefold() == cmd.zone.casefold())
    ]
    if not binds:
        raise NotBound(f"nothing binds {unit.name}" + (f"'s {cmd.zone}" if cmd.zone else ""))
    require_actions(turn, 1, "trying to break free (failing costs an action)")
    bind = binds[0]
    mine = tx.roll(6, "breaking free", unit.name)
    theirs = tx.roll(6, "holding on", bind.holder)
    won = tx.rules.wins_opposed(mine.value, theirs.value)
    tx.emit(BindContested(unit.name, bind.holder, bind.held_zone, mine, theirs, won, "breaks free"))
    if won:
        tx.emit(BindEnded(bind, f"{unit.name} broke free"))
    else:
        tx.emit(ActionsSpent(unit.name, 1, "fails to break free"))


@handles(Release)
def release(tx: Transaction, cmd: Release) -> None:
    """The binder lets go: stopping an action is free."""
    unit, _ = acting(tx.state, cmd.unit)
    held = [b for b in tx.state.binds if b.holder == unit.name]
    if not held:
        raise NotBound(f"{unit.name} binds nothing to let go of")
    for bind in held:
        tx.emit(BindEnded(bind, f"{unit.name} lets go"))


def held_tag(unit: Unit, text: str) -> Tag:
    """The Tag called `text` that the unit holds, preferring one that may be sacrificed: a
    character's from its sheet, a quick NPC's from the unit."""
    wanted = Word(text).text
    held = unit.character.tags() if unit.character is not None else unit.tags
    matches = [tag for tag in held if tag.text == wanted]
    if not matches:
        known = ", ".join(tag.describe() for tag in held) or "none"
        raise TagRefused(
            f"{unit.name} holds no Tag [{wanted}]", hint=f"{unit.name}'s Tags: {known}"
        )
    return next((tag for tag in matches if tag.sacrificeable), matches[0])


def _payer(state: CombatState, patient: Unit, name: str | None) -> Unit:
    payer = patient if name is None else state.unit(name)
    if not payer.fate_weaver:
        raise TagRefused(
            f"{payer.name} is not a Fate Weaver",
            rule="Fate Weavers may resist death or heal a Maim at the cost of one permanent Tag.",
        )
    if payer.character is None and not payer.tags:
        raise TagRefused(
            f"{payer.name} has no permanent Tag to give",
            hint="a quick NPC boss is given permanent Tags when it joins (combat add --tag)",
        )
    if payer.name != patient.name and state.in_combat:
        if payer.status is not Status.STANDING or payer.space is None or patient.space is None:
            raise OutOfReach(
                f"{payer.name} is not on the board beside {patient.name}", rule=_LAY_HANDS
            )
        if not state.board.is_adjacent(payer.space, patient.space):
            raise OutOfReach(f"{payer.name} is not beside {patient.name}", rule=_LAY_HANDS)
    return payer


def _sacrifice(payer: Unit, tag: Tag) -> None:
    """Check that the payer may give up `tag` (a sheet's, or a quick NPC boss's own)."""
    sheet = payer.sheet()
    try:
        if sheet is not None:
            progression.sacrifice_tag(sheet, tag)
        elif not tag.sacrificeable:
            raise progression.TagNotSacrificeable(
                tag, "this tag must either be Specific or gained from level ups"
            )
        elif tag not in payer.tags:
            raise progression.TagNotHeld(tag, payer.tags)
    except progression.ProgressionError as error:
        raise TagRefused(error.message, hint=error.hint) from None


def _healed(unit: Unit) -> tuple[Hitzone, ...]:
    sheet = unit.sheet()
    if sheet is not None:
        return progression.revive(sheet).hitzones
    return tuple(replace(zone, hp=zone.max_hp) for zone in unit.hitzones)


@handles(ResistDeath)
def resist_death(tx: Transaction, cmd: ResistDeath) -> None:
    """ "Upon taking damage that would kill, the player must declare which Tag they are
    sacrificing (permanently) to instead be fully healed (including Maims but not Armor)." """
    state = tx.state
    unit = state.unit(cmd.unit)
    if unit.status is not Status.DOWN:
        raise DeathNotResistible(f"{unit.name} is {unit.status.value}, not down (Head at 0 HP)")
    payer = _payer(state, unit, cmd.payer)
    _sacrifice(payer, cmd.tag)
    hitzones = _healed(unit)
    _pay_action(tx, payer.name, "resisting death")
    tx.emit(DeathResisted(unit.name, payer.name, cmd.tag, hitzones))


@handles(HealMaim)
def heal_maim(tx: Transaction, cmd: HealMaim) -> None:
    """ "When healing a Maim, HP for the limb is restored to maximum but Armor remains
    destroyed." """
    state = tx.state
    payer_name = cmd.payer or cmd.unit
    if state.in_combat:
        acting(state, payer_name)
    unit = state.unit(cmd.unit)
    zone = unit.zone(cmd.zone)
    if not zone.maimed:
        raise NotMaimed(f"{unit.name}'s {zone.name} is not Maimed ({zone.hp}/{zone.max_hp} HP)")
    payer = _payer(state, unit, cmd.payer)
    _sacrifice(payer, cmd.tag)
    sheet = unit.sheet()
    healed = (
        progression.mend_maim(sheet, zone.name).zone(zone.name)
        if sheet is not None
        else replace(zone, hp=zone.max_hp)
    )
    _pay_action(tx, payer.name, f"healing {unit.name}'s {zone.name}")
    tx.emit(MaimHealed(unit.name, zone.name, healed.hp, payer.name, cmd.tag))


def _pay_action(tx: Transaction, payer: str, doing: str) -> None:
    """One action in a fight: from the payer's own turn, else owed from their next one."""
    state = tx.state
    if not state.in_combat:
        return
    turn = state.turn
    if turn is not None and turn.unit == payer:
        require_actions(turn, 1, doing)
        tx.emit(ActionsSpent(payer, 1, doing))
    else:
        tx.emit(ActionsOwed(payer, 1, doing))
