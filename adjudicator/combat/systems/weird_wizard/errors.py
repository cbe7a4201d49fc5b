"""Weird Wizard commands the combat page refuses: one `CombatError` subclass per rule."""

from __future__ import annotations

from adjudicator.combat.errors import CombatError


class WeirdWizardError(CombatError):
    """A command the Weird Wizard combat page (`seeds/004`) refuses."""


class SetupError(WeirdWizardError):
    rule = "our ruling: the Sage sets the combatants before the first round"


class NotInPhase(WeirdWizardError):
    rule = "our ruling: a fight is set up, then fought in rounds, then over"


class OutOfOrder(WeirdWizardError):
    rule = (
        "Each round, all the combatants under the Sage control take their turns first ... "
        "Once all combatants under the Sage's control have taken their turns, the players "
        "take their turns."
    )


class TurnInProgress(WeirdWizardError):
    rule = "Each combatant must complete its turn before another can take its turn."


class NotTheirTurn(WeirdWizardError):
    rule = (
        "On each of its turns, a combatant can move and use an action before, after, or "
        "during its move."
    )


class OneAction(WeirdWizardError):
    rule = (
        "On each of its turns, a combatant can move and use an action before, after, or "
        "during its move."
    )


class Ambushed(WeirdWizardError):
    rule = "If an ambush happens, the ambushed can take no actions on their first turns."


class TooFar(WeirdWizardError):
    rule = "Run: Triple your Speed score until the end of your turn."


class ReactionUsed(WeirdWizardError):
    rule = "Each combatant can act out of turn just once each round by using a reaction."


class InitiativeRefused(WeirdWizardError):
    rule = (
        "If you're aware of your enemies when a new round starts, you can use a reaction to "
        "take the initiative, which lets you take your turn immediately before your enemies "
        "take theirs."
    )


class BadTarget(WeirdWizardError):
    rule = (
        "Choose a Target: Pick a target within reach for a melee attack or within the range "
        "of your weapon for a ranged attack."
    )


class BeyondRange(WeirdWizardError):
    rule = (
        "When you make a ranged attack, you can target a creature beyond your weapon's range, "
        "but no more than twice its range."
    )


class CoverAllyRefused(WeirdWizardError):
    rule = (
        "When an enemy attacks an ally within your reach, you can use a reaction to switch "
        "the enemy's target from that ally to yourself."
    )


class BonusRefused(WeirdWizardError):
    rule = (
        "Once per round, when you get a success on a roll to attack with a weapon or natural "
        "weapon (though not improvised weapons or unarmed attacks), you can roll some or all "
        "of your Bonus Damage along with the weapon's damage."
    )


class NotAnAction(WeirdWizardError):
    rule = (
        "our ruling: the actions are the page's (Attack, Cast a Spell, Defend, ... Do "
        "Something Else)"
    )


class FreeAttackRefused(WeirdWizardError):
    rule = (
        "If an enemy willingly moves out of your reach without retreating, you can use a "
        "reaction to attack it using a melee weapon, natural weapon, improvised weapon, or "
        "unarmed attack."
    )


class MultipleAttacksRefused(WeirdWizardError):
    rule = (
        "When you attack, you can decide to make multiple attacks. To do so, reduce the amount "
        "of Bonus Damage by 2 dice for each additional attack you wish to make. If you lack the "
        "required number of Bonus Damage, you make no additional attacks."
    )


class SameTarget(WeirdWizardError):
    rule = "For each additional attack beyond the first, you choose a different target."


class BonusLeft(WeirdWizardError):
    rule = (
        "Of the remaining Bonus Damage, you can divide them between the attacks, making the "
        "decision about how much Bonus Damage to use after you determine if the attack is a "
        "success or a failure."
    )


DISARMING = (
    "When you attack, you can choose to disarm the target rather than deal damage to it. The "
    "target must be a creature of your Size or smaller."
)


class DisarmRefused(WeirdWizardError):
    rule = DISARMING


class CatchRefused(WeirdWizardError):
    rule = (
        "On a failure, the target drops one object it holds in its hands. If you can reach the "
        "target, you can use a reaction to catch the object (see Reactions)."
    )


class WeaponDropped(WeirdWizardError):
    rule = "On a failure, the target drops one object it holds in its hands."


class OptionRefused(WeirdWizardError):
    rule = (
        "You can use an attack option when you use an action to attack if you meet the "
        "requirements (if any), but before you roll the dice."
    )


DRIVING = (
    "If you wield a one-handed or two-handed melee weapon or you have a shield equipped, and "
    "you get a success on the roll to attack a target of your Size + 1 or smaller and the "
    "result equals or exceeds the target's Strength + 5, you can push the target up to 5 "
    "yards away from you."
)
FEINTING = (
    "If you wield a one-handed or off-handed weapon, and you get a success on the roll to "
    "attack and the result of your roll equals or exceeds the target's Intellect + 5, you gain "
    "the Slippery trait until the end of your turn."
)
GUARDED = (
    "If you have a shield equipped and you get a success on the roll to attack, you impose 1 "
    "bane on the next roll to attack you before the start of your next turn."
)
LUNGING = (
    "If you wield a one-handed or two-handed melee weapon, you can choose a target for your "
    "attack as if your reach was 1 yard greater."
)


UNARMED = (
    "There are several ways to make an unarmed attack, each of which is described below. "
    "Unarmed attacks do not benefit from expending Bonus Damage."
)
SHOVE = (
    "Choose one creature in your reach whose Size is no more than 2 higher than yours. Make a "
    "Strength roll against the target's Strength."
)
TRIP = (
    "Choose one creature in your reach whose Size is no more than 2 higher than yours. Make an "
    "Agility roll against the target's choice of Strength or Agility."
)
GRAB = (
    "If you have a hand free, you can try to grab a creature. Choose one creature in your reach "
    "whose Size is no more than 1 higher than yours. Make a Strength or Agility roll against "
    "the target's Agility."
)
DRAG = (
    "You attempt to pull a creature you have grabbed. Make a Strength roll against the "
    "Strength of a creature held by your successful grab. On a success, you move as normal "
    "and the creature moves with you, and you maintain the grab."
)
WRESTLE = (
    "You attempt to wrestle down a creature you have grabbed. Make a Strength or Agility roll "
    "against the target's choice of Strength or Agility."
)
PIN = "If you and the target are both prone, you pin the target and maintain the grab."
ESCAPE = (
    "If you are held by being grabbed or pinned, you can attempt to escape by making a "
    "Strength or Agility roll against the Strength or Agility (your choice) of the creature "
    "that has you held."
)
GRAB_BACK = (
    "If you get a critical success, you can also use a reaction to attempt to grab the "
    "creature that grabbed you, provided that creature is an eligible target."
)
WITHSTAND = (
    "Withstand: When a creature rolls against your Strength or you make a Strength roll to "
    "resist a harmful effect, you can use a reaction to either impose 1 bane on the roll or "
    "roll with 1 boon."
)
DODGE = (
    "Dodge: When a creature attacks you, something rolls against your Agility, or you make an "
    "Agility roll to resist a harmful effect, you can use a reaction to either impose 1 bane "
    "on the roll or roll with 1 boon."
)


class UnarmedRefused(WeirdWizardError):
    rule = UNARMED


class ResistRefused(WeirdWizardError):
    rule = WITHSTAND


class Held(WeirdWizardError):
    rule = (
        "On a success, the target becomes held by you until the end of your next turn. "
        "(Held, as the core rules have it: the creature's Speed is 0.)"
    )


class Prone(WeirdWizardError):
    rule = (
        "our ruling, as the core rules have it: a prone creature stands up by spending half "
        "its Speed before it moves; a pinned creature cannot stand up until the effect ends"
    )


class TwoWeaponsRefused(WeirdWizardError):
    rule = (
        "If you wield two weapons—one in each hand, you can attack with either. Alternatively, "
        "if one weapon can be wielded in an off-hand grip, you can attack with both weapons at "
        "the same time. You resolve the attack using the weapon you wield in your main hand. "
        "If the roll results in a success, add the off-hand weapon's damage as extra damage "
        "for the attack."
    )


class UnknownEffect(WeirdWizardError):
    rule = "our ruling: the effects in force are named by their number (see the board)"


class UnknownObstacle(WeirdWizardError):
    rule = "our ruling: the Sage places an obstacle (its Defense and Health) before it is used"


class Afflicted(WeirdWizardError):
    rule = (
        "our ruling, as the core rules have the afflictions: a stunned or unconscious "
        "creature cannot use actions or reactions, a confused one cannot use reactions; a "
        "held, stunned or unconscious creature's Speed is 0, a weakened one's is halved"
    )


class EffectRefused(WeirdWizardError):
    rule = (
        "Some effects begin or end at the end of a turn. ... Certain effects occur or are "
        "resolved at the end of the round (sometimes expressed as \u201cthe end of each "
        "round\u201d)."
    )


TURN_ORDER = (
    "Some effects begin or end at the end of a turn. If multiple effects begin or end at the "
    "end of your turn, you resolve any harmful effects first, in the order you choose, and "
    "then other effects, again in the order you choose."
)
ROUND_ORDER = (
    "First, the Sage handles all combatants not controlled by the players. Each combatant "
    "resolves all harmful effects first, in any order, and then any remaining effects, again "
    "in any order. Then, the players do the same for their characters"
)


class EffectOrder(WeirdWizardError):
    rule = TURN_ORDER


class OvercomeRefused(WeirdWizardError):
    rule = (
        "Some ongoing harmful effects enable you to overcome them, typically by making an "
        "attribute roll or a luck roll. If such an effect affects you, you can attempt to end "
        "that effect."
    )


class EndEffectRefused(WeirdWizardError):
    rule = (
        "You end one magical effect you created with a magical talent, spell, or object, "
        "provided you can see the creature, object, or space affected by your magic."
    )


CALLED_SHOT = (
    "When you attack, you aim for a specific place on the target's body. Doing so imposes 2 "
    "banes on your roll. On a success, the target becomes Impaired in an attribute of your "
    "choice until the end of the next turn. If you aim for an object the target wears or "
    "carries and you get a success, the object takes the damage instead."
)


class CalledShotRefused(WeirdWizardError):
    rule = CALLED_SHOT


class TotalCover(WeirdWizardError):
    rule = (
        "A target has total cover from enemies if they have no line of sight to it because the "
        "target is completely behind an obstacle. Such a target cannot be directly attacked or "
        "targeted by an effect unless the rules say otherwise. Instead, attacks against the "
        "target strike the obstacle."
    )


class ExtraEffort(WeirdWizardError):
    rule = (
        "Some tasks require more time or energy than what can be done by using an action. When "
        "you try to accomplish such a task, the rules will tell you how long it takes."
    )


TOSS = (
    "You can also toss an object to another creature within the ranges described above. Make "
    "an Agility roll. On a success, the target can attempt to catch the object (see Catch)."
)
THROW = (
    "If you hold the object to be thrown in one hand, you can throw it up to 10 yards from "
    "you. If you must hold the object in two hands, you can throw it up to 5 yards. "
    "Aerodynamic objects intended for throwing, such as balls or grenades, travel up to twice "
    "as far."
)
CATCH = (
    "Catch: When a tossed object moves into your reach, you can use a reaction to make an "
    "Agility roll. If the object is a weapon, roll with 1 bane."
)


class TossRefused(WeirdWizardError):
    rule = TOSS


class StealRefused(WeirdWizardError):
    rule = (
        "If you have one hand free, you can attempt to take something from one creature within "
        "your reach that carries on its person one object you can see, but is not carried in "
        "the creature's hands."
    )


class HideRefused(WeirdWizardError):
    rule = (
        "You attempt to hide from creatures that lack line of sight to you. ... On a success, "
        "you become hidden until you are found or you do something that would reveal you to "
        "other creatures."
    )


class ThrowRefused(WeirdWizardError):
    rule = (
        "When you throw a weapon that has the Thrown trait, you resolve the effort as a ranged "
        "attack. You can also throw objects that are neither weapons nor have the Thrown trait, "
        "in which case the range is as described above, and you treat the attack as using an "
        "improvised weapon."
    )
