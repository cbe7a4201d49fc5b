"""Rich renderings of rules values shared by commands and the demo."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table

from adjudicator.rules.characters import Character
from adjudicator.rules.words import format_words


def character_sheet(character: Character) -> Group:
    """A character sheet laid out like the rulebook's "2. Character Creation" example."""
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column()
    faction_tags = ", ".join(tag.text for tag in character.faction_tags())
    facts.add_row("Name", f"{character.name} (level {character.level})")
    facts.add_row("Faction", f"{character.faction.name} ({faction_tags})")
    facts.add_row(
        "Tags",
        ", ".join(
            tag.describe() for tag in character.tags() if tag not in character.faction_tags()
        ),
    )
    facts.add_row("Words", format_words(character.inherent_words()))
    facts.add_row("Pouch", ", ".join(character.inventory.pouch) or "—")
    facts.add_row("Pack", ", ".join(character.inventory.pack) or "—")
    facts.add_row(
        "Weapons",
        ", ".join(f"{w.name} (1d{w.hit_die}/1d{w.damage_die})" for w in character.weapons) or "—",
    )
    zones = Table("hit", "Hitzone", "HP", "Armor", "item", title="Hitzones", title_justify="left")
    for number, zone in enumerate(character.hitzones, start=1):
        state = " [red]maimed[/]" if zone.maimed else ""
        zones.add_row(
            str(number),
            zone.name,
            f"{zone.hp}/{zone.max_hp}{state}",
            f"{zone.armor}/{zone.max_armor}",
            zone.item or "—",
        )
    return Group(facts, zones)
