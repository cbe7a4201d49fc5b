"""Spellwoven commands the combat chapter refuses: one `CombatError` subclass per rule."""

from __future__ import annotations

from adjudicator.combat.errors import CombatError


class SpellwovenError(CombatError):
    """A command the Spellwoven combat chapter (`seeds/003`) refuses."""


class SetupError(SpellwovenError):
    rule = "our ruling: the Gamesmaster sets the characters before the first Action Round"


class NotInPhase(SpellwovenError):
    rule = "Combat is divided into a succession of Action Rounds."


class NotTheirAction(SpellwovenError):
    rule = "The Character with the highest Initiative goes first, then next highest, then next."


class OutOfRange(SpellwovenError):
    rule = "Attack: Pick an opponent who is within range."


class TooFar(SpellwovenError):
    rule = (
        "It takes one action to move from Nearby to Engaged; one action to move from Distant "
        "to Nearby; and two actions to move from Distant to Engaged (or vice versa)."
    )


class NoEffort(SpellwovenError):
    rule = "Effort can be spent to add bonus successes, as per usual."


class FeintUsed(SpellwovenError):
    rule = (
        "Feint is a Talent in Mastery-at-Arms. It allows a Player to re-roll any one attack "
        "per Combat, but the second roll must be used."
    )


class BadTarget(SpellwovenError):
    rule = "Attack: Pick an opponent who is within range."


class NoShield(SpellwovenError):
    rule = "Shields that lose all their soaks are considered destroyed"


class NotAnAction(SpellwovenError):
    rule = "our ruling: the actions are the chapter's (Move, Talk, Use a Talent, Attack)"


class FirstAidRefused(SpellwovenError):
    rule = (
        "Characters can use their Healing Skill to attempt to staunch or reduce the severity "
        "of a wound. ... The Healing Skill can only be applied to a Character once every "
        "twenty-four hours."
    )


class CooperationRefused(SpellwovenError):
    rule = (
        "This option is available to Player Characters. ... You can only cooperate if you "
        "have an Initiative value of 5 or higher."
    )


class NotChosen(SpellwovenError):
    """An action an optional rule allows, when the Gamesmaster has not chosen that rule (the
    error quotes the rule's own sentence)."""

    rule = "It is the Gamesmaster's decision which rules are to be included or excluded."


class OptionsClash(SpellwovenError):
    rule = (
        "Shields & Arrows I. ... an arrow can still be caught on a Shield, but the wound is "
        "reduced to Shallow ... Shields & Arrows II. A Character can catch any number of arrows "
        "on a shield, but each time they need to make a Test of Manoeuvre"
    )


class Unloaded(SpellwovenError):
    rule = "It takes one full action to load and prime a blackpowder weapon."


class FreeAttackRefused(SpellwovenError):
    rule = (
        "Any Characters who fails their Test of Senses are open to 'free attacks' by the "
        "ambushers. However, only one attack per ambusher is allowed."
    )


class HeroicDeathRefused(SpellwovenError):
    rule = (
        "You can allow Players to trigger a Heroic Death at the point when they would otherwise "
        "be incapacitated or killed."
    )


class TalkRefused(SpellwovenError):
    rule = (
        "Talk: Social Skills can be used to talk down a situation, create a distraction, trick "
        "an opponent, intrigue an opponent, or prevaricate until help arrives. Use an "
        "opponent's Presence Defence as a Difficulty."
    )


class RecuperationRefused(SpellwovenError):
    rule = (
        "Characters heal naturally overtime. ... Bedrest: With bedrest Wounds heal naturally by "
        "sliding up the scale by one level every three days."
    )
