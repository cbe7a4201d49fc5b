"""How a character changes over play: levels, Specific Fates, magic items, rests, healing.

Every function is pure: it takes a `Character` and returns a new one, or raises an error
that says which rule forbids the change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from adjudicator.errors import AdjudicatorError
from adjudicator.rules.characters import Character, Hitzone, MagicItem, Tag, TagSource
from adjudicator.rules.words import Word, normalise

#: "During any Rest, you may discard 10 Drawn Words to gain a level."
DISCARDS_PER_LEVEL = 10


class ProgressionError(AdjudicatorError):
    """A change to a character that the rules of progression or healing forbid."""


class LevelUpError(ProgressionError):
    """A level-up whose gain is not a new permanent Tag or Word."""

    def __init__(self, gain: Tag | Word, reason: str) -> None:
        self.gain = gain
        self.reason = reason
        super().__init__(f"cannot gain {gain} with a level: {reason}")


class DiscardCountError(ProgressionError):
    """A level-up paid with other than exactly 10 Drawn Words."""

    def __init__(self, discarded: Sequence[Word]) -> None:
        self.discarded = tuple(discarded)
        self.required = DISCARDS_PER_LEVEL
        super().__init__(
            f"a level costs {DISCARDS_PER_LEVEL} Drawn Words, not {len(discarded)}",
            hint="During any Rest, you may discard 10 Drawn Words to gain a level.",
        )


class NotABaseTag(ProgressionError):
    """A Specific Fate claimed for a Tag the slain Fate Weaver did not have."""

    def __init__(self, tag: str, slain: str, base_tags: Sequence[str]) -> None:
        self.tag = tag
        self.slain = slain
        self.base_tags = tuple(base_tags)
        super().__init__(
            f"[{tag}] is not one of {slain}'s base Tags",
            hint=f"choose one of {', '.join(f'[{t}]' for t in base_tags) or '(none given)'}",
        )


class TagNotSacrificeable(ProgressionError):
    """A Tag offered to resist death or heal a Maim that the rules do not accept as payment."""

    def __init__(self, tag: Tag, reason: str) -> None:
        self.tag = tag
        self.reason = reason
        super().__init__(
            f"{tag.describe()} cannot be sacrificed: {reason}",
            hint="sacrifice a Specific Fate or a Tag gained from a level-up",
        )


class TagNotHeld(ProgressionError):
    """A Tag offered as payment that the character does not hold."""

    def __init__(self, tag: Tag, held: Sequence[Tag]) -> None:
        self.tag = tag
        self.held = tuple(held)
        super().__init__(
            f"{tag.describe()} is not one of {len(held)} Tags held",
            hint=f"held: {', '.join(t.describe() for t in held)}" if held else None,
        )


class NotMaimed(ProgressionError):
    """A Maim to heal on a Hitzone that still has HP."""

    def __init__(self, zone: Hitzone) -> None:
        self.zone = zone
        super().__init__(f"{zone.name} is not Maimed ({zone.hp}/{zone.max_hp} HP)")


_UNSACRIFICEABLE = {
    TagSource.FACTION: "a faction's Tags come with level 1",
    TagSource.CREATION: "Tags from level 1 may not be used",
    TagSource.STORY: "Tags from story sources may not be used",
    TagSource.TEMPORARY: "Tags from temporary sources may not be used",
    TagSource.ITEM: "an item's Tags are not the character's own permanent Tags",
}


def level_up(
    character: Character, drawn_words_discarded: Sequence[Word], gain: Tag | Word
) -> Character:
    """Discard 10 Drawn Words for a level: a new permanent Tag or Word and +1 HP on every zone.

    Taken during a Rest (the caller records the Rest). Maimed zones gain the maximum HP but
    stay at 0 until healed; other zones gain the point of HP as well.
    """
    if len(drawn_words_discarded) != DISCARDS_PER_LEVEL:
        raise DiscardCountError(drawn_words_discarded)
    words, tags = character.gained_words, character.gained_tags
    if isinstance(gain, Word):
        if gain in character.words + words:
            raise LevelUpError(gain, "it is already an Inherent Word")
        words = (*words, gain)
    else:
        if gain.source is not TagSource.LEVEL_UP:
            raise LevelUpError(
                gain, f"a level-up Tag has the source 'level_up', not {gain.describe()}"
            )
        if any(tag.text == gain.text for tag in character.base_tags() + tags):
            raise LevelUpError(gain, "it is already one of the character's Tags")
        tags = (*tags, gain)
    zones = tuple(
        replace(zone, max_hp=zone.max_hp + 1, hp=zone.hp if zone.maimed else zone.hp + 1)
        for zone in character.hitzones
    )
    return replace(
        character, level=character.level + 1, hitzones=zones, gained_tags=tags, gained_words=words
    )


def claim_specific_fate(
    character: Character, slain_name: str, slain_base_tags: Iterable[Tag | str], tag: Tag | str
) -> Character:
    """Permanently gain one base Tag of a slain Fate Weaver, noted with the weaver's name."""
    text = tag.text if isinstance(tag, Tag) else normalise(tag)
    base = [t.text if isinstance(t, Tag) else normalise(t) for t in slain_base_tags]
    if text not in base:
        raise NotABaseTag(text, slain_name, base)
    fate = Tag(text, TagSource.SPECIFIC_FATE, fate_of=slain_name)
    return replace(character, gained_tags=(*character.gained_tags, fate))


def sacrifice_tag(character: Character, tag: Tag) -> Character:
    """Give up a Tag for good, as the cost of resisting death or healing a Maim.

    Another Fate Weaver may pay in the patient's place ("Other players may pay the cost and
    heal each other"): sacrifice their Tag and apply `revive` or `mend_maim` to the patient.
    """
    if not tag.sacrificeable:
        raise TagNotSacrificeable(tag, _UNSACRIFICEABLE[tag.source])
    if tag not in character.gained_tags:
        raise TagNotHeld(tag, character.tags())
    return replace(character, gained_tags=tuple(t for t in character.gained_tags if t != tag))


def revive(character: Character) -> Character:
    """Fully heal every Hitzone, Maims included, but not Armor (also a healing spell's effect)."""
    return replace(character, hitzones=tuple(replace(z, hp=z.max_hp) for z in character.hitzones))


def mend_maim(character: Character, zone: str) -> Character:
    """Restore a Maimed Hitzone's HP to maximum; its Armor stays as it is."""
    target = character.zone(zone)
    if not target.maimed:
        raise NotMaimed(target)
    return character.with_zone(replace(target, hp=target.max_hp))


def resist_death(character: Character, tag: Tag) -> Character:
    """Sacrifice a permanent Tag to be fully healed instead of killed."""
    return sacrifice_tag(revive(character), tag)


def heal_maim(character: Character, zone: str, tag: Tag) -> Character:
    """Sacrifice a permanent Tag to heal a Maim: the zone's HP returns to maximum."""
    return sacrifice_tag(mend_maim(character, zone), tag)


def equip(character: Character, item: MagicItem, zone: str) -> Character:
    """Equip a magic item to a Hitzone: "they will overwrite whatever Armor value would normally
    be found there". A magic item already worn there is taken off."""
    target = character.zone(zone)
    replaced = target.item.casefold() if target.magic_item and target.item else None
    kept = tuple(m for m in character.magic_items if m.name.casefold() != replaced)
    worn = replace(
        target,
        item=item.name,
        armor=item.armor,
        max_armor=item.armor,
        magic_item=True,
        item_tags=(),
    )
    zones = tuple(worn if z is target else z for z in character.hitzones)
    return replace(character, hitzones=zones, magic_items=(*kept, item))


def rest(character: Character) -> Character:
    """Six safe hours: armor is repaired and non-Maimed HP healed; magic items stay as they are."""
    return replace(character, hitzones=tuple(_rested(zone) for zone in character.hitzones))


def _rested(zone: Hitzone) -> Hitzone:
    return replace(
        zone,
        hp=zone.hp if zone.maimed else zone.max_hp,
        armor=zone.armor if zone.magic_item else zone.max_armor,
    )
