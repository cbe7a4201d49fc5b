"""Rulesets: the rules that differ between versions of the game, as named hooks on a class.

Like python-chess's variants, a ruleset is a class whose methods the engine calls at each
point where versions differ; a new version subclasses one and overrides only what changes.
`Rulebook` is the rulebook (`seeds/001`), the default. `WopDraft` is the alternate draft of
the combat chapter (`seeds/000`): hitzones numbered Mainhand 2 / Legs 3 / Offhand 4, a die
ladder from 1d4, magic items destroyed when used to counterspell, Stances, interruption only
on a roll higher than the damage, both damage dice only when both dual-wield rolls crit, no
initiative shortcut for a clear aggressor, grabs without an attack roll, and reinforcements
acting the turn after they join. Rulesets are found by name in a `RulesetRegistry`, a value
(no global registration): `ruleset("wop-draft")`, or `DEFAULT_REGISTRY.with_ruleset(Mine)`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from adjudicator.combat.dice_source import RolledDie
from adjudicator.combat.errors import CombatError
from adjudicator.combat.units import Unit
from adjudicator.rules.dice import HIT_DIE_LADDER, Ladder
from adjudicator.rules.words import Word


class HitKind(enum.Enum):
    ZONE = "zone"
    MISS = "miss"
    CRITICAL = "critical"


@dataclass(frozen=True)
class HitResult:
    """What a hit-die face strikes: a zone, nothing, or a critical (the attacker's pick)."""

    kind: HitKind
    zone: str | None = None


class UnknownRuleset(CombatError):
    """A ruleset name the registry does not hold."""


class Ruleset:
    """The hooks, with the rulebook's answers. Instances hold no state."""

    name: ClassVar[str] = "rulebook"
    title: ClassVar[str] = "Words of Power rulebook"
    #: "1d6 > 1d8 > 1d10 > 1d12 > 1d20"
    ladder: ClassVar[Ladder] = HIT_DIE_LADDER
    #: "1 Head, 2 Offhand, 3 Mainhand, 4 Legs" — the numbers of a humanoid's Hitzones.
    zone_numbers: ClassVar[tuple[str, ...]] = ("Head", "Offhand", "Mainhand", "Legs")
    #: "If both sides are equally aware but there is a clear aggressor, there is no need to
    #: roll initiative."
    aggressor_skips_initiative: ClassVar[bool] = True
    #: "The grabber must first land an attack roll."
    grab_needs_attack_roll: ClassVar[bool] = True
    #: "Units should act on the turn they enter the Battle Board."
    reinforcements_act_on_entry: ClassVar[bool] = True
    has_stances: ClassVar[bool] = False

    def numbered_zones(self, unit: Unit) -> tuple[str, ...]:
        """The unit's Hitzones in hit-die order: the humanoid four by `zone_numbers`, then the
        rest ("Larger creatures or those with special Hitzones may utilize the numbers above
        4") in the order listed."""
        names = unit.zone_names
        by_name = {name.casefold(): name for name in names}
        wanted = [name.casefold() for name in self.zone_numbers]
        if not all(name in by_name for name in wanted):
            return names
        rest = tuple(name for name in names if name.casefold() not in wanted)
        return tuple(by_name[name] for name in wanted) + rest

    def read_hit(self, unit: Unit, value: int, sides: int) -> HitResult:
        """The hit-die table: a face numbering a zone hits it; "Max" is a critical; "~" (above
        the zones, below max) is a miss."""
        if value == sides:
            return HitResult(HitKind.CRITICAL)
        zones = self.numbered_zones(unit)
        if value <= len(zones):
            return HitResult(HitKind.ZONE, zones[value - 1])
        return HitResult(HitKind.MISS)

    def holds_on(self, roll: int, damage: int) -> bool:
        """ "they must make a 1d6 roll against the incoming damage amount to resist being
        interrupted": ours — the roll holds on when it is at least the HP damage taken, as a
        defender wins ties everywhere else in the chapter ("equal to or higher")."""
        return roll >= damage

    def defence_holds(self, block: int, attack: int) -> bool:
        """ "If the block roll is equal to or higher than the Attack Roll, divert damage"."""
        return block >= attack

    def wins_opposed(self, actor: int, resister: int) -> bool:
        """Opposed 1d6 (binding, breaking free): "Only the highest number on either side
        matters"; ours — a tie leaves things as they are, so the one acting must roll higher."""
        return actor > resister

    def counter_item_armor(self, armor: int) -> int:
        """ "Magic items may be used to counterspell but lose a point of Armor/durability/uses
        in the process and may be destroyed."""
        return max(0, armor - 1)

    def dual_wield_damages_both(self, rolls: Sequence[RolledDie]) -> bool:
        """ "If both Attack Rolls were the same number, roll damage for both weapons." """
        return len({roll.value for roll in rolls}) == 1

    def enhancement_actions(self, unit: Unit, word: Word) -> int:
        """ "Applying this Word consumes an additional action." """
        return 1

    def armor_modifier(self, unit: Unit) -> int:
        """Armor added to each armored Hitzone (the draft's Stances); none in the rulebook."""
        return 0


class Rulebook(Ruleset):
    """The rulebook, `seeds/001_aa0c654548bc39bc.txt`: the default."""


class WopDraft(Rulebook):
    """The alternate draft of the combat chapter, `seeds/000_56b53a3312448f78.txt`."""

    name: ClassVar[str] = "wop-draft"
    title: ClassVar[str] = "Words of Power alternate combat draft"
    #: "1d4 > 1d6 > 1d8 > 1d10 > 1d12 > 1d20"
    ladder: ClassVar[Ladder] = Ladder((4, 6, 8, 10, 12, 20))
    #: "Mainhand = 2, Legs = 3, Offhand = 4" (the Head keeps 1).
    zone_numbers: ClassVar[tuple[str, ...]] = ("Head", "Mainhand", "Legs", "Offhand")
    aggressor_skips_initiative: ClassVar[bool] = False
    #: "The grabber must immediately win an opposed roll to establish the bind."
    grab_needs_attack_roll: ClassVar[bool] = False
    #: "Units should act the turn after they join, as it's assumed they spent 2 movement to
    #: cross into the outer range."
    reinforcements_act_on_entry: ClassVar[bool] = False
    has_stances: ClassVar[bool] = True

    def holds_on(self, roll: int, damage: int) -> bool:
        """ "they must roll higher on 1d6 than the HP damage to resist interruption" """
        return roll > damage

    def counter_item_armor(self, armor: int) -> int:
        """ "Magic items may be used to counterspell but are destroyed in the process." """
        return 0

    def dual_wield_damages_both(self, rolls: Sequence[RolledDie]) -> bool:
        """ "Roll only one damage die unless both hit dice crit." """
        return all(roll.is_max for roll in rolls)

    def enhancement_actions(self, unit: Unit, word: Word) -> int:
        """ "Words granted by stances may be used to enhance combat actions without consuming
        an additional action." """
        stance = unit.current_stance()
        return 0 if stance is not None and word in stance.words else 1

    def armor_modifier(self, unit: Unit) -> int:
        """ "You gain any words, armor modifier, and tags granted by the stance"; "Armor
        modifiers do not apply if a hitzone is unarmored" (the caller checks that)."""
        stance = unit.current_stance()
        return 0 if stance is None else stance.armor_modifier


@dataclass(frozen=True)
class RulesetRegistry:
    """Rulesets by name; extend it with `with_ruleset` to get a new registry."""

    rulesets: tuple[type[Ruleset], ...]

    def names(self) -> tuple[str, ...]:
        return tuple(cls.name for cls in self.rulesets)

    def get(self, name: str) -> Ruleset:
        wanted = name.strip().casefold()
        for cls in self.rulesets:
            if cls.name.casefold() == wanted:
                return cls()
        raise UnknownRuleset(
            f"there is no ruleset {name!r}", hint=f"rulesets: {', '.join(self.names())}"
        )

    def with_ruleset(self, cls: type[Ruleset]) -> RulesetRegistry:
        kept = tuple(c for c in self.rulesets if c.name != cls.name)
        return RulesetRegistry((*kept, cls))


DEFAULT_REGISTRY = RulesetRegistry((Rulebook, WopDraft))


def ruleset(name: str = "rulebook", registry: RulesetRegistry = DEFAULT_REGISTRY) -> Ruleset:
    """The ruleset called `name`: "rulebook" (the default) or "wop-draft"."""
    return registry.get(name)
