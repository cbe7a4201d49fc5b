"""Building Weird Wizard fights for tests."""

from __future__ import annotations

from adjudicator.combat.dice_source import EnteredDice
from adjudicator.combat.systems.weird_wizard import commands as c
from adjudicator.combat.systems.weird_wizard.engine import WeirdWizardFight
from adjudicator.combat.systems.weird_wizard.state import Combatant, Grip, Side

SAGE, PLAYERS = Side.SAGE, Side.PLAYERS


def unit(
    name: str,
    side: Side,
    at: int = 0,
    *,
    strength: int = 10,
    agility: int = 10,
    defense: int = 10,
    health: int = 10,
    speed: int = 10,
    dice: int = 1,
    reach: int = 0,
    bonus: int = 0,
    size: str = "1",
    grip: Grip = Grip.ONE_HANDED,
    shield: bool = False,
    intellect: int = 10,
    will: int = 10,
    off_hand: int = 0,
    thrown: int = 0,
) -> Combatant:
    return Combatant(
        name, side, strength, agility, intellect, will, defense, health, at, speed, dice,
        reach, bonus, size=size, grip=grip, shield=shield, off_hand=off_hand, thrown=thrown,
    )  # fmt: skip


def fight(*units: Combatant, ambushed: tuple[str, ...] = ()) -> WeirdWizardFight:
    """Goblin (the Sage's) and Fighter (a player's) in reach, and any more; begun."""
    f = WeirdWizardFight()
    for u in (unit("Goblin", SAGE, 0), unit("Fighter", PLAYERS, 1), *units):
        f.play(c.AddCombatant(u))
    f.play(c.Begin(ambushed))
    return f


def dice(*faces: int) -> EnteredDice:
    return EnteredDice(faces)
