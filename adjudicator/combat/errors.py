"""Illegal combat commands: one `CombatError` subclass per rule, each quoting the rule it breaks.

A command that raises any of these has changed nothing: the engine only commits the events of
a command that ran to the end. `rule` is the rulebook sentence (chapter 3 of
`seeds/001_aa0c654548bc39bc.txt`, or a ruling of ours named as such) the command breaks.
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.errors import AdjudicatorError


class CombatError(AdjudicatorError):
    """A combat command the rules refuse; `rule` quotes the rule, `detail` says what was wrong."""

    rule: ClassVar[str] = ""

    def __init__(self, detail: str, *, rule: str | None = None, hint: str | None = None) -> None:
        self.detail = detail
        self.broken_rule = self.rule if rule is None else rule
        text = f'{detail} — rule: "{self.broken_rule}"' if self.broken_rule else detail
        super().__init__(text, hint=hint)


# --- the fight as a whole ---------------------------------------------------------------------


class WrongPhase(CombatError):
    """A command for another stage of the fight (setting up, fighting, after the fight)."""

    rule = "Once the Battle Board has become necessary, you must determine who is aware of whom."


class UnknownUnit(CombatError):
    """A unit name the combat does not know."""


class DuplicateUnit(CombatError):
    """Two units with the same name: names are how commands and the log refer to units."""

    rule = "one name, one unit (our rule: the log names units, so names must be unique)"


class UnknownZone(CombatError):
    """A Hitzone the unit does not have."""


class UnknownWeapon(CombatError):
    """A weapon the unit does not carry."""


class NothingToUndo(CombatError):
    """Undo with no command left to take back."""


class NothingToRedo(CombatError):
    """Redo with no undone command to play again."""


class DiceNeeded(CombatError):
    """A command needs a die that was neither rolled nor entered."""

    rule = "Every die is rolled from a seeded RNG recorded with the event or entered by hand."

    def __init__(self, sides: int, purpose: str, roller: str, entered: int) -> None:
        self.sides = sides
        self.purpose = purpose
        self.roller = roller
        self.entered = entered
        super().__init__(
            f"die {entered + 1} is missing: {roller} rolls a d{sides} for {purpose}",
            hint="enter one more die, or roll with a seeded generator",
        )


class UnusedDice(CombatError):
    """More dice entered than the command rolls; nothing is applied so that none is misread."""

    rule = "Every die is rolled from a seeded RNG recorded with the event or entered by hand."


class EnteredDieOutOfRange(CombatError):
    """An entered die showing a face the die does not have."""

    rule = "Every die is rolled from a seeded RNG recorded with the event or entered by hand."


# --- setup -------------------------------------------------------------------------------------


class SpaceTaken(CombatError):
    """Two units in one space."""

    rule = "If a space is occupied, use a different but reasonably accessible one."


class NotOnOuterRing(CombatError):
    """An entry point, exit or reinforcement's approach that is not on the outer ring."""

    rule = (
        "Instead, the enemy will begin on the board and you'll have to choose entry points on "
        "the outer ring."
    )


class InitiativeRefused(CombatError):
    """Initiative decided in a way the rules do not allow."""

    rule = (
        "If both sides are equally aware but there is a clear aggressor, there is no need to "
        "roll initiative."
    )


class NotUnaware(CombatError):
    """An opening strike on a target that saw it coming."""

    rule = (
        "If a character (or specific Hitzone) is unaware of an incoming threat and making no "
        "attempt to avoid it ... there is no need to roll a melee attack roll."
    )


# --- turns -------------------------------------------------------------------------------------


class NotYourTurn(CombatError):
    """A unit acting out of turn."""

    rule = (
        "Each team will then roll 1d6. The higher number goes first. Once the whole team has "
        "acted, the other team will go."
    )


class TurnOrderFixed(CombatError):
    """A team changing its turn order after the first round."""

    rule = (
        "Teams may choose their individual turn order during their first round of combat. "
        "Continue to use that same turn order for the remainder."
    )


class OutOfActions(CombatError):
    """An action costing more than the unit has left this turn."""

    rule = "In one turn, you can generally do two actions."


class FullTurnNeeded(CombatError):
    """An action that takes a whole turn, begun after the turn's first action."""

    rule = "you may use a full round to roll one Attack Roll for each"


class AttackAlreadyMade(CombatError):
    """A second attack roll in one turn."""

    rule = (
        "You can only attack once. Anything requiring an attack roll (spells, grabs, throws) "
        "will count as your attack."
    )


class CannotAct(CombatError):
    """A unit that is down, dead, fled or not on the board trying to act."""

    rule = "Players may keep fighting and acting as long as they have Head HP remaining."


class SpellPending(CombatError):
    """Anything but counterspells and the resolution while a spell is on the stack."""

    rule = (
        "As the counterspeller, you have to announce that you're counterspelling and which "
        "Word you'll use before the attack or effect plays out."
    )


# --- movement, items ---------------------------------------------------------------------------


class IllegalMove(CombatError):
    """A move that passes hostiles or blocking terrain, or ends on a unit."""

    rule = (
        "You may move through friendly units but not hostiles. Defeated enemies do not block "
        "spaces."
    )


class ZoneUnusable(CombatError):
    """Using a Maimed Hitzone (a hand, the legs)."""

    rule = "When a Hitzone reaches 0 HP, it is considered Maimed and becomes unusable."


class BoundPart(CombatError):
    """Using or moving a bound part without first breaking free."""

    rule = (
        "A bound enemy must win another opposed roll before they can either use that body "
        "part or move away. Whatever (probably body part) is doing the binding is also "
        "considered bound."
    )


class HandsFull(CombatError):
    """A draw, grab, unarmed strike or touch with no free hand."""

    rule = "Grab attacks can be made only with an empty hand."


class WeaponNotReady(CombatError):
    """Attacking with, stowing or drawing a weapon that is not where the command says."""

    rule = (
        "You can use an item, retrieve an item, draw a weapon, defend, or anything else that's "
        "one motion."
    )


class CannotFlee(CombatError):
    """Fleeing from off the outer ring, with the turn already begun, or without legs."""

    rule = (
        "To flee, a unit must spend a full turn waiting on the outer ring at the point they "
        "will exit."
    )


class ReinforcementRefused(CombatError):
    """A reinforcement that does not hover for a turn or approach from the outer ring."""

    rule = (
        "Players who were out of position or enemy reinforcements that wish to join the fight "
        "should spend at least one turn hovering outside the space they wish to enter from."
    )


class NotInRuleset(CombatError):
    """A rule of another ruleset (a Stance under the rulebook)."""


# --- attacks -----------------------------------------------------------------------------------


class OutOfReach(CombatError):
    """A melee attack on a space that is not adjacent."""

    rule = "Melee weapons can attack any adjacent space, even on other rings."


class IllegalShot(CombatError):
    """A ranged attack the ranged rules forbid; `cause` is the board's own error."""

    rule = (
        "Ranged attacks cannot be made adjacently on the same ring. The path from attacker to "
        "target must not be blocked by units (including allies) or terrain."
    )


class InvalidTarget(CombatError):
    """A target that is not standing on the board."""

    rule = "Defeated enemies do not block spaces."


class NotFlanked(CombatError):
    """A flanking attack on a unit the attacker and an ally do not flank."""

    rule = "Flanking is when allies are on opposite sides of an enemy space."


class NotDualWielding(CombatError):
    """A dual-wield attack without two weapons (or empty hands) ready."""

    rule = (
        "If dual wielding weapons (including unarmed), you may use a full round to roll one "
        "Attack Roll for each."
    )


class GrabRefused(CombatError):
    """A grab at a unit on another ring or out of reach."""

    rule = "Grabbing can only be used on opponents on the same ring as you."


class NotBound(CombatError):
    """Breaking free or releasing with no bind to break."""

    rule = "Successfully breaking a bind does not consume an action but failing does."


class EnhancementRefused(CombatError):
    """A Word that cannot enhance this action, or that the unit does not have."""

    rule = (
        "Words that are directly relevant to combat, such as [Block] [Strike] [Slash] [Power] "
        "[Precision], may be used individually to enhance basic combat actions. Applying this "
        "Word consumes an additional action."
    )


# --- Words, death, rest ------------------------------------------------------------------------


class SpellRefused(CombatError):
    """A spell whose Words the rules refuse (too few, no Inherent Word, not in hand)."""

    rule = (
        "You must use at least two Words to impart a magical effect. One of these Words must "
        "be an Inherent Word."
    )


class CounterspellRefused(CombatError):
    """A counterspell from someone who may not, or with Words they do not have."""

    rule = (
        "Drawn Words and magic items may be used to alter a spell cast by someone else. Fate "
        "Weavers may counterspell as long as they have line of sight."
    )


class NoSpellPending(CombatError):
    """A counterspell or resolution with no spell on the stack."""

    rule = "Counterspells may be counterspelled. Only the last word on the stack has effect."


class DeathNotResistible(CombatError):
    """Resisting death for a unit that is not down, or was declared dead."""

    rule = (
        "Upon taking damage that would kill, the player must declare which Tag they are "
        "sacrificing (permanently) to instead be fully healed (including Maims but not Armor)."
    )


class TagRefused(CombatError):
    """A Tag that may not be sacrificed, or is not held."""

    rule = (
        "Fate Weavers may resist death or heal a Maim at the cost of one permanent Tag. This "
        "tag must either be Specific or gained from level ups."
    )


class NotMaimed(CombatError):
    """Declaring dead, or healing, a unit or zone that is not Maimed."""

    rule = "Storytellers are encouraged to treat Maimed enemies as dead (including drawing Words)."


class RestNotSafe(CombatError):
    """A rest in the middle of a fight."""

    rule = "Any time the player can ensure their safety for 6 hours, they can rest."
