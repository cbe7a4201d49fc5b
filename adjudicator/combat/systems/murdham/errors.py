"""Murdham commands the chapter refuses: one `CombatError` subclass per rule, quoting it.

Every rule is a sentence of `seeds/002_1ab7c72903844ff3.txt` (Murdham's combat chapter) or,
where the chapter is silent, a ruling of ours named as such.
"""

from __future__ import annotations

from adjudicator.combat.errors import CombatError


class MurdhamError(CombatError):
    """A command the Murdham chapter refuses."""


class NotInPhase(MurdhamError):
    rule = (
        "A round is divided in the following phases: Initiative phase, Action phase, Morale phase."
    )


class NotYourFactionsGo(MurdhamError):
    rule = (
        "The factions alternate taking turns with one character at a time, starting with "
        "the faction with the initiative."
    )


class AlreadyActed(MurdhamError):
    rule = "Each character can only take turn once per round."


class OnlyPass(MurdhamError):
    rule = "A faction who has already taken turn with all its characters can only pass."


class TooSlow(MurdhamError):
    rule = (
        "During the fast action sub-phase, only characters whose WIT matches or exceeds "
        "the fast action threshold can take their turn."
    )


class NotStanding(MurdhamError):
    rule = (
        "our ruling: an incapacitated, dead, surrendered, routed or escaped character takes no "
        "turn "
        '("Their turn is wasted"; "those who fail must surrender or retreat")'
    )


class TurnInProgress(MurdhamError):
    rule = "our ruling: one character's turn at a time; end it before the next one"


class NotTheirTurn(MurdhamError):
    rule = "During their turn characters can move by 2 zones, perform a bonus action, and ..."


class TooFar(MurdhamError):
    rule = "During their turn characters can move by 2 zones."


class NoSuchPath(MurdhamError):
    rule = "our ruling: a move goes zone to neighbouring zone, along the links the GM set"


class NoActionLeft(MurdhamError):
    rule = (
        "During their turn characters can move by 2 zones, perform a bonus action, and "
        "perform a main action or a second bonus action, in any order."
    )


class NotAnAction(MurdhamError):
    rule = (
        "During their turn characters can move by 2 zones, perform a bonus action, and "
        "perform a main action or a second bonus action (Main actions: Sprint, Attack, Invoke, "
        "distract, Interact, Pick up; Bonus actions: Equip, Use a consumable, Say a few words)"
    )


class AttackPending(MurdhamError):
    rule = (
        "The choice must be made before rolling for damage but after the WIT save to hit, if "
        "required."
    )


class NoAttackPending(MurdhamError):
    rule = (
        "Targets of an attack may attempt to dodge, counter, or hide behind a nearby "
        "character as a reaction."
    )


class CannotReact(MurdhamError):
    rule = (
        "Alternatively, characters can take their turn outside of the normal order to "
        "perform a reaction in response to a specific trigger."
    )


class UnawareCannotReact(MurdhamError):
    rule = "Targets who are unaware of their attacker can't react."


class NotNearby(MurdhamError):
    rule = "Melee attacks. Target a nearby character."


class IllegalShot(MurdhamError):
    rule = (
        "Targeting a character beyond half range while moving, or a character who is not "
        "visible, is not possible at all."
    )


class OutOfRange(MurdhamError):
    rule = "Ranged attacks. Target a visible character within the indicated range."


class IndirectTooClose(MurdhamError):
    rule = (
        "Indirect ranged attacks ... can only target beyond half range. ... Attacking while "
        "moving isn't possible."
    )


class FinalBlowRefused(MurdhamError):
    rule = (
        "If the attacker targets a nearby incapacitated character, they may choose to "
        "deliver a final blow and kill them."
    )


class BadTarget(MurdhamError):
    rule = "Attacking an enemy is a main action."


class GuardRefused(MurdhamError):
    rule = (
        "A character who is nearby the target of an attack can react by guarding them. "
        "They become the new target of the attack."
    )


class HideRefused(MurdhamError):
    rule = (
        "Hide behind a nearby character. Choose a nearby character, who must agree with the "
        "action. This character becomes the new target of the attack."
    )


class OpportunityRefused(MurdhamError):
    rule = (
        "Characters can make an opportunity attack as a reaction against nearby enemies "
        "moving out of their position."
    )


class SetupError(MurdhamError):
    rule = "our ruling: the GM sets the zones and the characters before the first round"


class NonLethalRefused(MurdhamError):
    rule = (
        "Disarm. A nearby target must pass a STR save ... Grapple. A nearby target must pass "
        "a STR save or be grabbed by the attacker."
    )


class Entangled(MurdhamError):
    rule = "Grabbed characters are entangled for as long as their enemy keeps hold of them."


class BlastRefused(MurdhamError):
    rule = (
        "Blast attacks hit a zone and target all characters in it and on its borders. Melee "
        "blast attacks hit the attacker's zone and don't target the attacker themselves. They "
        "can't miss. Ranged blast attacks hit any zone within range"
    )


class OneCounter(MurdhamError):
    rule = "Attacks with multiple targets can only be countered by a single target."


class NoOneOutsideTheBlast(MurdhamError):
    rule = (
        "Blast attacks hit a zone and target all characters in it and on its borders. (Ours: "
        "everyone nearby a target is a target too, so no one guards it or is hidden behind.)"
    )


class UnawareOfAmbush(MurdhamError):
    rule = (
        "Characters who are concealed at the start of the fight can take a bonus turn before "
        "the others. Follow the normal round procedure, but characters who aren't concealed "
        "and are unaware of the concealed characters can't take their turn."
    )


class AmbushRefused(MurdhamError):
    rule = (
        "Characters who launch an ambush are concealed at the start of the fight. (Ours: "
        "they started the fight, so their faction has the initiative.)"
    )


class ArmourFixed(MurdhamError):
    rule = "Armour can't be changed during a fight."


class BarrierBlocks(MurdhamError):
    rule = (
        "Barriers completely block attacks. If a character peaks behind cover to attack, they "
        "can be still countered and the barrier only counts as cover."
    )


class ShoveRefused(MurdhamError):
    rule = (
        "They can also shove the grabbed character, freeing them but forcing them to move by "
        "half a zone and/or pushing them into a hazard in their zone."
    )


class StuntRefused(MurdhamError):
    rule = (
        "The attacker can propose an alternative effect to the target instead of inflicting "
        "damage (cutting a limb, forcing a surrender, etc.). This must be done before the "
        "target decides whether to react but after the WIT save to hit, and the alternative "
        "effect must make sense and be approved by the GM."
    )


class StuntAwaitsAnswer(MurdhamError):
    rule = (
        "The target can either accept the proposed effect or resolve the attack as normal. It "
        "isn't possible to react if the effect is accepted."
    )


class NoDamageToHoldBack(MurdhamError):
    rule = (
        "Non-lethal attacks don't inflict damage but instead force the target to pass a save "
        "or suffer negative consequences. They can be dodged and countered and can be used to "
        "counter."
    )


class ChaseRefused(MurdhamError):
    rule = (
        "Chases over long distances can be resolved with the fleeing character making a group "
        "AGI save: those who pass escape, those who fail are reached by the pursuers. If the "
        "fleeing characters can move faster or keep the speed for longer, the save is not "
        "required. If the opposite is true, escaping is impossible."
    )


class DropRefused(MurdhamError):
    rule = (
        "Pick up or put down something. Dropping something is free, but the item might be "
        "damaged if fragile."
    )


class SneakRefused(MurdhamError):
    rule = (
        "Concealed characters who want to sneak around during a fight follow the rules "
        "detailed in the Sneaking section: they halve their speed, must have the opportunity "
        "to move silently and out of sight, and must pass an AGI save to avoid detection."
    )


class HideLaterRefused(MurdhamError):
    rule = (
        "Hiding later during the fight requires being out of sight for a while or a major "
        "distraction."
    )


class RevealRefused(MurdhamError):
    rule = "Concealed characters are revealed when they make noise or become visible to the enemy."
