"""The Storyteller's commands during and after a fight: reinforcements, declaring the dead,
damage and moves by ruling, removing units, ending the fight, resting.

"Storytellers are encouraged to treat Maimed enemies as dead (including drawing Words), for
the sake of brevity." "Players who were out of position or enemy reinforcements that wish to
join the fight should spend at least one turn hovering outside the space they wish to enter
from. A marker should be placed in the turn tracker to transparently note when reinforcements
will actually join combat." "Any time the player can ensure their safety for 6 hours, they
can rest. ... This repairs armor, and heals non-Maimed HP." (rulebook)

Decisions where the rulebook is silent:
- The killer who draws the Word is the one named, else the last unit to damage the slain.
  Slaying a Fate Weaver also offers its base Tags as a Specific Fate.
- A reinforcement's turns count rounds: declared in round r for n turns, it enters in round
  r + n (n at least 1), at the start of its go.
- Resting is for outside the fight (before it begins or after it ends).
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.combat.checks import require_phase
from adjudicator.combat.commands import (
    DealDamage,
    DeclareDead,
    EndCombat,
    Reinforce,
    Relocate,
    Remove,
    Rest,
)
from adjudicator.combat.damage import deal_damage
from adjudicator.combat.dispatch import handles
from adjudicator.combat.errors import (
    CombatError,
    IllegalMove,
    InvalidTarget,
    NotMaimed,
    NotOnOuterRing,
    ReinforcementRefused,
    RestNotSafe,
    SpaceTaken,
)
from adjudicator.combat.events import CombatEnded, ReinforcementDeclared, UnitFled, UnitPlaced
from adjudicator.combat.fight_events import (
    BindEnded,
    Rested,
    SpecificFateOffered,
    UnitDeclaredDead,
    WordOwed,
)
from adjudicator.combat.state import Phase
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import Arrival, Status, Unit
from adjudicator.rules import progression


def _on_board(tx: Transaction, name: str) -> Unit:
    unit = tx.state.unit(name)
    if unit.space is None:
        raise InvalidTarget(f"{unit.name} is {unit.status.value}, not on the board")
    return unit


@handles(Reinforce)
def reinforce(tx: Transaction, cmd: Reinforce) -> None:
    require_phase(tx.state, Phase.SURPRISE, Phase.ROUNDS, doing="sending reinforcements")
    state = tx.state
    unit = state.unit(cmd.unit)
    if unit.status is not Status.OFF_BOARD:
        raise ReinforcementRefused(f"{unit.name} is {unit.status.value}, not waiting off the board")
    space = state.board.space(cmd.space)
    if space not in state.board.outer_ring:
        raise NotOnOuterRing(f"{space} is not on the outer ring", rule=ReinforcementRefused.rule)
    if cmd.turns < 1:
        raise ReinforcementRefused(f"{unit.name} must hover at least one turn, not {cmd.turns}")
    tx.emit(ReinforcementDeclared(unit.name, Arrival(space, state.round + cmd.turns)))


@handles(DeclareDead)
def declare_dead(tx: Transaction, cmd: DeclareDead) -> None:
    """ "Once the Storyteller declares them as down, you can rest easy that they'll stay down." """
    unit = _on_board(tx, cmd.unit)
    if not unit.is_down and not any(zone.maimed for zone in unit.hitzones):
        raise NotMaimed(f"{unit.name} has no Maimed Hitzone")
    killer = tx.state.unit(cmd.killer).name if cmd.killer else unit.last_hit_by
    for bind in tx.state.binds_of(unit.name):
        tx.emit(BindEnded(bind, f"{unit.name} is dead"))
    tx.emit(UnitDeclaredDead(unit.name, killer))
    if killer is None:
        return
    tx.emit(WordOwed(killer, f"the killing blow on {unit.name}"))
    if unit.fate_weaver:
        tags = tuple(t.text for t in unit.character.base_tags()) if unit.character else ()
        tx.emit(SpecificFateOffered(killer, unit.name, tags))


@handles(DealDamage)
def deal(tx: Transaction, cmd: DealDamage) -> None:
    """Damage by ruling: a spell's effect, a hazard, a falling chandelier."""
    require_phase(tx.state, Phase.SURPRISE, Phase.ROUNDS, doing="dealing damage")
    unit = _on_board(tx, cmd.unit)
    if cmd.amount < 1:
        raise CombatError(f"damage is at least 1, not {cmd.amount}")
    deal_damage(tx, unit.name, unit.zone(cmd.zone).name, cmd.amount, cmd.source)


@handles(Relocate)
def relocate(tx: Transaction, cmd: Relocate) -> None:
    unit = _on_board(tx, cmd.unit)
    space = tx.state.board.space(cmd.space)
    other = tx.state.occupant(space)
    if other is not None and other.name != unit.name:
        raise SpaceTaken(f"{space} already holds {other.name}")
    if tx.state.layout.is_blocked(space):
        raise IllegalMove(f"a hazard blocks {space}", rule="hazards that may ... block movement")
    for bind in tx.state.binds_of(unit.name):
        tx.emit(BindEnded(bind, f"{unit.name} was moved away"))
    tx.emit(UnitPlaced(unit.name, space, "moved by the Storyteller"))


@handles(Remove)
def remove(tx: Transaction, cmd: Remove) -> None:
    """ "Magic, carried by allies, sliding down a trash chute, or mounting a horse are all
    alternative ways you might escape." """
    unit = tx.state.unit(cmd.unit)
    if unit.status in (Status.DEAD, Status.FLED):
        raise InvalidTarget(f"{unit.name} is already {unit.status.value}")
    for bind in tx.state.binds_of(unit.name):
        tx.emit(BindEnded(bind, f"{unit.name} left"))
    tx.emit(UnitFled(unit.name, cmd.reason))


@handles(EndCombat)
def end_combat(tx: Transaction, cmd: EndCombat) -> None:
    """ "The goal is to progress the narrative to a point that you no longer need the board." """
    require_phase(tx.state, Phase.SETUP, Phase.SURPRISE, Phase.ROUNDS, doing="ending the fight")
    tx.emit(CombatEnded(cmd.reason))


@handles(Rest)
def rest(tx: Transaction, cmd: Rest) -> None:
    if tx.state.in_combat:
        raise RestNotSafe("no one can rest in the middle of a fight")
    unit = tx.state.unit(cmd.unit)
    if unit.status is Status.DEAD:
        raise InvalidTarget(f"{unit.name} is dead")
    sheet = unit.sheet()
    if sheet is not None:
        zones = progression.rest(sheet).hitzones
    else:  # the same rule as progression.rest, for a quick NPC without a sheet
        zones = tuple(
            replace(
                z,
                hp=z.hp if z.maimed else z.max_hp,
                armor=z.armor if z.magic_item else z.max_armor,
            )
            for z in unit.hitzones
        )
    tx.emit(Rested(unit.name, zones))
