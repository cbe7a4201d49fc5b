"""Spellwoven's "Optional Combat Rules" (`seeds/003`): "It is the Gamesmaster's decision which
rules are to be included or excluded." The GM chooses them when the fight starts; they are
kept in the variant's name ("spellwoven+encumbrance+wound-limit"), which the fight's opening
event records, so a stored fight replays under the same rules."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Final

from adjudicator.combat.systems.base import UnknownOption
from adjudicator.combat.systems.spellwoven.errors import NotChosen, OptionsClash


@dataclass(frozen=True)
class OptionalRule:
    """One optional rule: its key (`--option`), its heading, and the sentence that rules."""

    key: str
    title: str
    rule: str


AMBUSHES = "ambushes"
OPPORTUNITY = "attack-of-opportunity"
BLACKPOWDER = "blackpowder-weapons"
DISCRETION = "death-at-the-players-discretion"
HEROIC = "heroic-death"
ENCUMBRANCE = "encumbrance"
INCAPACITATION = "intentional-incapacitation"
MAIMING = "maiming"
OUTNUMBERING = "outnumbering"
OVERSWING = "over-swing"
RANGED_FIRST = "ranged-actions-first"
ARROWS_I = "shields-and-arrows-i"
ARROWS_II = "shields-and-arrows-ii"
SHIELD_IN_THE_WAY = "shield-in-the-way"
SITUATIONAL = "situational-modifiers"
WOUND_LIMIT = "wound-limit"

#: The chapter's optional rules, in its order.
RULES: Final[tuple[OptionalRule, ...]] = (
    OptionalRule(
        AMBUSHES,
        "Ambushes",
        "In the case of an ambush, allow the surprised party to Test their Senses. ... Any "
        "Characters who fails their Test of Senses are open to 'free attacks' by the "
        "ambushers. However, only one attack per ambusher is allowed.",
    ),
    OptionalRule(
        OPPORTUNITY,
        "Attack of Opportunity",
        "If a Character decides to disengage from a battle, flee or is otherwise distracted "
        "elsewhere, any nearby Characters can be permitted a free attack of opportunity at the "
        "Gamesmaster's discretion.",
    ),
    OptionalRule(
        BLACKPOWDER,
        "Blackpowder Weapons",
        "1) It takes one full action to load and prime a blackpowder weapon. 2) Any wound "
        "inflicted by a blackpowder weapon is dealt to both the appropriate Wound Slot and "
        "Armour Slot simultaneously.",
    ),
    OptionalRule(
        DISCRETION,
        "Death at the Player's Discretion",
        "You can leave it to the Player's discretion whether or not a Player Character dies due "
        "to a Mortal Blow. In this approach, if the Player doesn't wish their Character to die, "
        "then the Character will be incapacitated",
    ),
    OptionalRule(
        HEROIC,
        "Heroic Death",
        "You can allow Players to trigger a Heroic Death at the point when they would otherwise "
        "be incapacitated or killed.",
    ),
    OptionalRule(
        ENCUMBRANCE,
        "Encumbrance",
        "Add your total Armour Soaks (don't include shields) Every six soaks causes a -1 "
        "Evasion Penalty",
    ),
    OptionalRule(
        INCAPACITATION,
        "Intentional Incapacitation",
        "Whenever a Mortal Wound is rolled, you can give the attacker the option of leaving the "
        "Character incapacitated rather than killed outright (i.e. in effect, reduce the wound "
        "to Felling).",
    ),
    OptionalRule(
        MAIMING,
        "Maiming",
        "If you suffer a number of wounds exceeding your Fortitude (regardless of the wound "
        "severity), then all of your subsequent skill tests except for basic movement (walking, "
        "running) and defensive actions are tested at Disadvantage until fully healed.",
    ),
    OptionalRule(
        OUTNUMBERING,
        "Outnumbering",
        "A Character that is outnumbered by attackers performs all Tests of Skill at a "
        "Disadvantage.",
    ),
    OptionalRule(
        OVERSWING,
        "Over-swing",
        "If you attack with a Very Heavy weapon and miss, then you will leave yourself open, and "
        "the next attack against you will be at Advantage.",
    ),
    OptionalRule(
        RANGED_FIRST,
        "Ranged Actions First",
        "You can decide that all Ranged Attacks are to be declared and resolved before "
        "hand-to-hand attacks.",
    ),
    OptionalRule(
        ARROWS_I,
        "Shields & Arrows I",
        "an arrow can still be caught on a Shield, but the wound is reduced to Shallow, rather "
        "than stopped entirely.",
    ),
    OptionalRule(
        ARROWS_II,
        "Shields & Arrows II",
        "A Character can catch any number of arrows on a shield, but each time they need to "
        "make a Test of Manoeuvre, either Normal or more difficult at the Gamesmaster's "
        "discretion.",
    ),
    OptionalRule(
        SHIELD_IN_THE_WAY,
        "Shield in the Way",
        "If using a Medium or Heavy Shield, your next Attack roll (Test of Skill) after a "
        "successful block with your Shield is at Disadvantage.",
    ),
    OptionalRule(
        SITUATIONAL,
        "Situational Modifiers",
        "If a Player Character is fighting at a strong disadvantage or advantage, the "
        "Gamesmaster can optionally declare any given Skill Test to be at Advantage or at "
        "Disadvantage.",
    ),
    OptionalRule(
        WOUND_LIMIT,
        "Wound Limit",
        "If you suffer twelve wounds (regardless of the severity), you are incapacitated and "
        "cannot move until receiving a successful Healing action",
    ),
)
BY_KEY: Final = {rule.key: rule for rule in RULES}
#: Other spellings a table may type: the chapter numbers the two Shields & Arrows rules I, II.
ALIASES: Final = {"shields-and-arrows-1": ARROWS_I, "shields-and-arrows-2": ARROWS_II}
SEPARATOR = "+"


def slug(text: str) -> str:
    """ "Shields & Arrows II" -> "shields-and-arrows-ii"; "Player's" -> "players"."""
    text = text.strip().casefold().replace("&", " and ").replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def canonical(options: Iterable[str]) -> tuple[str, ...]:
    """The options by key, each once, in the chapter's order; an unknown one is refused with
    the list, and the two Shields & Arrows rules (alternatives) are not chosen together."""
    wanted = set()
    for option in options:
        key = ALIASES.get(slug(option), slug(option))
        if key not in BY_KEY:
            raise UnknownOption(
                f"Spellwoven has no optional rule {option!r}",
                rule="The following are some Optional Rules for combat.",
                hint=f"optional rules: {', '.join(BY_KEY)}",
            )
        wanted.add(key)
    if {ARROWS_I, ARROWS_II} <= wanted:
        raise OptionsClash("Shields & Arrows I and II are two ways to rule one thing")
    return tuple(rule.key for rule in RULES if rule.key in wanted)


def split(variant: str) -> tuple[str, tuple[str, ...]]:
    """ "spellwoven+encumbrance" -> ("spellwoven", ("encumbrance",))."""
    base, *options = variant.split(SEPARATOR)
    return base, canonical(options)


def joined(base: str, options: Iterable[str]) -> str:
    return SEPARATOR.join((base, *canonical(options)))


def titles(options: Iterable[str]) -> str:
    return ", ".join(BY_KEY[key].title for key in options)


def require(chosen: Collection[str], key: str, what: str) -> None:
    """Refuse `what` unless the optional rule `key` is among those `chosen` for this fight,
    naming it."""
    if key not in chosen:
        rule = BY_KEY[key]
        raise NotChosen(
            f"{what}: the optional rule {rule.title} is not chosen for this fight",
            rule=rule.rule,
            hint=f"the Gamesmaster chooses it at the start: combat start --option {key}",
        )
