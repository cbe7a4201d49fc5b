"""Starting the fight and passing turns: awareness, the surprise round, initiative, turn order,
two-part actions finishing, reinforcements entering.

"Once the Battle Board has become necessary, you must determine who is aware of whom. If only
some characters are aware of the enemies, they may take a full round of actions before
starting combat. Each team will then roll 1d6. The higher number goes first. Once the whole
team has acted, the other team will go. ... Teams may choose their individual turn order
during their first round of combat. Continue to use that same turn order for the remainder.
If both sides are equally aware but there is a clear aggressor, there is no need to roll
initiative." (rulebook, "Initiative")

Decisions where the rulebook is silent:
- "Aware of the enemies" means aware of every enemy on the board. If anyone on the board is
  unaware of an enemy, those aware of all their enemies take the surprise round, in the order
  they choose; then initiative is always rolled. Once initiative is decided, everyone is aware.
- Tied initiative: the tied teams roll again (only they), until no two tie; every roll is
  kept in the event. More than two teams are ordered the same way.
- An opening strike (`OpeningStrike`) comes before the surprise round: "take a surprise
  round after striking and before rolling initiative".
- A team's order is the order its units first act; a unit that never acted yet (revived,
  newly arrived) may act once the recorded ones have. Down units are skipped.
- Reinforcements: a marker names the round they enter; they enter at the start of their
  go in that round, at their space or the nearest empty outer-ring space (clockwise first on
  a tie); with the whole outer ring full they hover on ("new units can't join").
- One round of a spell's effect ends when its caster's next turn starts.
"""

from __future__ import annotations

from adjudicator.combat.actions import complete_pending, flee_ready
from adjudicator.combat.attacks import plan_swing, strike
from adjudicator.combat.board import Space
from adjudicator.combat.checks import default_weapon, ready_weapon, require_no_spell, require_phase
from adjudicator.combat.commands import Begin, EndTurn, OpeningStrike
from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.dispatch import handles
from adjudicator.combat.errors import (
    CannotAct,
    CombatError,
    InitiativeRefused,
    NotUnaware,
    NotYourTurn,
    TurnOrderFixed,
)
from adjudicator.combat.events import (
    ActionCancelled,
    CombatBegan,
    CombatEnded,
    InitiativeDecided,
    InitiativeRolled,
    RoundBegan,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    UnitFled,
    UnitPlaced,
)
from adjudicator.combat.fight_events import DefencesExpired, EffectExpired
from adjudicator.combat.movement import ACTIONS_PER_TURN
from adjudicator.combat.state import CombatState, Phase
from adjudicator.combat.transaction import Transaction
from adjudicator.combat.units import Status, Unit

#: More passes than any fight needs; a guard against a bug looping forever.
_MAX_PASSES = 10_000


def surprise_takers(state: CombatState) -> tuple[str, ...]:
    """Who takes the surprise round: those aware of all their enemies, if anyone is not."""
    on_board = state.standing()

    def aware_of_all(unit: Unit) -> bool:
        return all(
            state.is_aware(unit.name, other.name) for other in on_board if other.team != unit.team
        )

    if all(aware_of_all(unit) for unit in on_board):
        return ()
    return tuple(unit.name for unit in on_board if aware_of_all(unit))


def _two_sides(state: CombatState) -> None:
    if len(state.teams_standing()) < 2:
        raise CombatError(
            "a fight needs units of two teams standing on the board",
            rule="Once the Battle Board has become necessary, you must determine who is aware "
            "of whom.",
        )


@handles(Begin)
def begin(tx: Transaction, cmd: Begin) -> None:
    """Start the fight: the surprise round if some are unaware, else initiative."""
    require_phase(tx.state, Phase.SETUP, doing="beginning the fight")
    state, rules = tx.state, tx.rules
    _two_sides(state)
    takers = surprise_takers(state)
    aggressor = None
    if cmd.aggressor is not None:
        teams = {team.casefold(): team for team in state.teams_standing()}
        aggressor = teams.get(cmd.aggressor.strip().casefold())
        if aggressor is None:
            raise InitiativeRefused(f"no team {cmd.aggressor!r} stands on the board", rule="")
        if not rules.aggressor_skips_initiative:
            raise InitiativeRefused(
                f"the {rules.name} ruleset has no clear-aggressor rule",
                rule="Each team will then roll 1d6. The higher number goes first.",
            )
        if takers:
            raise InitiativeRefused("some units are unaware of their enemies: not equally aware")
    tx.emit(CombatBegan(takers, aggressor))
    if not takers:
        if aggressor is not None:
            order = (aggressor, *(t for t in _teams(tx.state) if t != aggressor))
            tx.emit(InitiativeDecided(order, f"both sides are aware; {aggressor} is the aggressor"))
        else:
            roll_initiative(tx)
        tx.emit(RoundBegan(1))
    advance(tx, cmd.first)


@handles(OpeningStrike)
def opening_strike(tx: Transaction, cmd: OpeningStrike) -> None:
    """ "Treat the first strike as an automatic critical hit. Choose a hitzone and just roll
    damage. Ranged attacks still work as normal. If this attack would initiate combat, take a
    surprise round after striking and before rolling initiative." """
    require_phase(tx.state, Phase.SETUP, doing="an opening strike")
    state, rules = tx.state, tx.rules
    attacker = state.unit(cmd.attacker)
    target = state.unit(cmd.target)
    for unit in (attacker, target):
        if unit.status is not Status.STANDING:
            raise CannotAct(f"{unit.name} is not standing on the board")
    if attacker.team == target.team:
        raise CombatError(f"{target.name} is on {attacker.name}'s own team", rule="")
    if state.is_aware(target.name, attacker.name):
        raise NotUnaware(f"{target.name} is aware of {attacker.name}")
    _two_sides(state)
    weapon, _ = ready_weapon(state, attacker, cmd.weapon or default_weapon(state, attacker))
    swing = plan_swing(state, rules, attacker, target, weapon)
    aim = target.zone(cmd.aim).name if cmd.aim else None
    takers = surprise_takers(state)
    tx.emit(CombatBegan(takers, None, attacker.name))
    strike(
        tx,
        attacker.name,
        target.name,
        [swing],
        "opening strike",
        aim=aim,
        automatic=not swing.ranged,
    )
    if not takers:
        roll_initiative(tx)
        tx.emit(RoundBegan(1))
    advance(tx, cmd.first)


def _teams(state: CombatState) -> tuple[str, ...]:
    """Teams with a unit standing on the board or hovering to join, in joining order."""
    return tuple(
        dict.fromkeys(u.team for u in state.units if u.status in (Status.STANDING, Status.HOVERING))
    )


def roll_initiative(tx: Transaction) -> None:
    """Each team rolls 1d6, highest first; tied teams roll again among themselves."""
    rolls: list[RolledDie] = []

    def rank(group: list[str], purpose: str) -> list[str]:
        faces = {team: tx.roll(6, purpose, team) for team in group}
        rolls.extend(faces.values())
        order: list[str] = []
        for value in sorted({die.value for die in faces.values()}, reverse=True):
            tied = [team for team in group if faces[team].value == value]
            order += tied if len(tied) == 1 else rank(tied, "initiative (tie, rerolled)")
        return order

    order = rank(list(_teams(tx.state)), "initiative")
    tx.emit(InitiativeRolled(tuple(rolls), tuple(order)))


@handles(EndTurn)
def end_turn(tx: Transaction, cmd: EndTurn) -> None:
    require_no_spell(tx.state)
    require_phase(tx.state, Phase.SURPRISE, Phase.ROUNDS, doing="ending a turn")
    turn = tx.state.turn
    if turn is None:
        raise NotYourTurn("no turn is under way")
    tx.emit(TurnEnded(turn.unit))
    advance(tx, cmd.next)


def _eligible(state: CombatState, unit: Unit) -> bool:
    if unit.status is Status.STANDING:
        return True
    arrival = unit.arrival
    return (
        unit.status is Status.HOVERING and arrival is not None and arrival.due_round <= state.round
    )


def _current_team(state: CombatState) -> tuple[str | None, list[str]]:
    """The first team in initiative order with someone still to act this round."""
    teams = state.team_order + tuple(t for t in state.teams if t not in state.team_order)
    for team in teams:
        names = [
            u.name
            for u in state.team_units(team)
            if u.name not in state.acted and _eligible(state, u)
        ]
        if names:
            return team, names
    return None, []


def _pick(state: CombatState, team: str, candidates: list[str], requested: str | None) -> str:
    """Who acts next for the team: their choice in round one, the same order afterwards."""
    ordered = [name for name in state.turn_order if name in candidates]
    fixed = state.phase is Phase.ROUNDS and state.round > 1 and bool(ordered)
    if requested is None:
        return ordered[0] if fixed else candidates[0]
    unit = state.unit(requested)
    if unit.name not in candidates:
        if state.phase is Phase.SURPRISE and unit.name not in state.surprise:
            raise NotYourTurn(f"{unit.name} was not aware of its enemies: no surprise round")
        if state.phase is Phase.ROUNDS and unit.team != team:
            raise NotYourTurn(f"it is team {team}'s go; {unit.name} is on team {unit.team}")
        why = "has already acted this round" if unit.name in state.acted else unit.status.value
        raise NotYourTurn(f"{unit.name} cannot take a turn now: {why}")
    if fixed and unit.name != ordered[0]:
        raise TurnOrderFixed(f"team {team}'s order puts {ordered[0]} next, not {unit.name}")
    return unit.name


def advance(tx: Transaction, requested: str | None) -> None:
    """Start the next unit's turn, passing rounds, surprise and initiative as they end."""
    for _ in range(_MAX_PASSES):
        state = tx.state
        if state.phase is Phase.SURPRISE:
            names = [n for n in state.surprise if n not in state.acted and state.unit(n).standing]
            if not names:
                roll_initiative(tx)
                tx.emit(RoundBegan(1))
                continue
            name = _pick(state, "surprise", names, requested)
        else:
            team, names = _current_team(state)
            if team is None:
                if not _teams(state):
                    tx.emit(CombatEnded("no unit is left to act"))
                    return
                tx.emit(RoundBegan(state.round + 1))
                continue
            name = _pick(state, team, names, requested)
        requested = None
        if start_turn(tx, name):
            return
    raise AssertionError("turn order did not settle")


def entry_space(state: CombatState, unit: Unit) -> Space | None:
    """Where a reinforcement enters: its space, else the nearest empty outer-ring space."""
    assert unit.arrival is not None
    ring = state.board.outer_ring
    start = ring.index(unit.arrival.space)
    for distance in range(len(ring) // 2 + 1):
        for index in ((start + distance) % len(ring), (start - distance) % len(ring)):
            space = ring[index]
            if state.occupant(space) is None and not state.layout.is_blocked(space):
                return space
    return None


def start_turn(tx: Transaction, name: str) -> bool:
    """Begin a unit's turn; False if its go passes with no turn (held outside, fled)."""
    unit = tx.state.unit(name)
    if unit.status is Status.HOVERING:
        space = entry_space(tx.state, unit)
        if space is None:
            tx.emit(TurnSkipped(name, "the outer ring is full; it cannot join yet"))
            return False
        tx.emit(UnitPlaced(name, space, "entering the Battle Board"))
        if not tx.rules.reinforcements_act_on_entry:
            tx.emit(TurnSkipped(name, "entered the board this turn; acts the turn after"))
            return False
    pending = tx.state.unit(name).pending
    if pending is not None and pending.kind == "flee":
        reason = flee_ready(tx.state, tx.state.unit(name))
        if reason is None:
            tx.emit(UnitFled(name), TurnSkipped(name, "fled the fight"))
            return False
        tx.emit(ActionCancelled(name, pending.description, reason))
    for effect in tx.state.effects:
        if effect.caster == name and effect.turns_left <= 1:
            tx.emit(EffectExpired(name, effect.words))
    unit = tx.state.unit(name)
    if unit.defences:
        tx.emit(DefencesExpired(name))
    owed = min(unit.owed_actions, ACTIONS_PER_TURN)
    tx.emit(TurnStarted(name, ACTIONS_PER_TURN - owed, owed))
    if tx.state.unit(name).pending is not None:
        complete_pending(tx, name)
    return True
