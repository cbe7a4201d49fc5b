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
