"""The fold: a fight's state is its events applied in order, and events read back from JSON.

`replay(events)` rebuilds the state from nothing; replaying a prefix gives the state at any
point of the fight. `EVENT_TYPES` names every kind of event, so stored events come back as
the same objects (`event_from_dict`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final

from adjudicator.combat import events as e
from adjudicator.combat import fight_events as f
from adjudicator.combat.record import RecordError
from adjudicator.combat.state import CombatState

_ALL: tuple[type[e.Event], ...] = (
    e.CombatCreated,
    e.UnitAdded,
    e.UnitPlaced,
    e.FormationSet,
    e.AwarenessSet,
    e.HazardPlaced,
    e.HazardsCleared,
    e.CombatBegan,
    e.InitiativeRolled,
    e.InitiativeDecided,
    e.RoundBegan,
    e.TurnStarted,
    e.TurnSkipped,
    e.TurnEnded,
    e.ActionsSpent,
    e.ActionsOwed,
    e.CombatEnded,
    e.UnitMoved,
    e.ActionBegun,
    e.ActionCompleted,
    e.ActionCancelled,
    e.InterruptionRolled,
    e.WeaponDrawn,
    e.WeaponStowed,
    e.WeaponDropped,
    e.Acted,
    e.StanceChanged,
    e.UnitFled,
    e.ReinforcementDeclared,
    f.AttackRolled,
    f.DefenceDeclared,
    f.DefenceRolled,
    f.DefencesExpired,
    f.EnhancementUsed,
    f.DamageDealt,
    f.ItemBroken,
    f.ZoneMaimed,
    f.UnitDown,
    f.UnitDeclaredDead,
    f.WordOwed,
    f.SpecificFateOffered,
    f.BindContested,
    f.BindEstablished,
    f.BindEnded,
    f.DeathResisted,
    f.MaimHealed,
    f.Rested,
    f.SpellCast,
    f.CounterspellAnnounced,
    f.MagicItemSpent,
    f.SpellTookEffect,
    f.SpellFailed,
    f.StackClosed,
    f.EffectExpired,
)

#: Every event class by its `kind`.
EVENT_TYPES: Final[Mapping[str, type[e.Event]]] = MappingProxyType({c.kind: c for c in _ALL})


def event_from_dict(data: Mapping[str, Any]) -> e.Event:
    """The event that `Event.to_dict` stored."""
    kind = data.get("event")
    cls = EVENT_TYPES.get(str(kind))
    if cls is None:
        raise RecordError(f"unknown combat event {kind!r}", hint=f"known: {', '.join(EVENT_TYPES)}")
    return cls.from_dict({k: v for k, v in data.items() if k != "event"})


def replay(events: Iterable[e.Event], start: CombatState | None = None) -> CombatState:
    """Fold events into a state, from an empty combat unless `start` is given."""
    state = CombatState() if start is None else start
    for event in events:
        state = event.apply(state)
    return state
