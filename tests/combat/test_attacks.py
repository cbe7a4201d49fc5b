"""Attacks: reach, the hit-zone table, damage, defending, dual wielding, flanking, ranged shots
and enhancements (rulebook, "Attacking", "Ranged Attacks", "Special Cases", "Enhancing Combat
Actions")."""

import pytest

from adjudicator.combat import commands as c
from adjudicator.combat.engine import Combat
from adjudicator.combat.errors import (
    AttackAlreadyMade,
    CannotAct,
    EnhancementRefused,
    FullTurnNeeded,
    IllegalShot,
    NotFlanked,
    OutOfActions,
    OutOfReach,
)
from adjudicator.combat.events import ActionsSpent, WeaponDropped
from adjudicator.combat.fight_events import (
    AttackRolled,
    DamageDealt,
    DefenceRolled,
    DefencesExpired,
    ItemBroken,
    UnitDown,
    ZoneMaimed,
)
from adjudicator.combat.stack import Enhancement
from adjudicator.combat.units import Status, humanoid
from adjudicator.rules.characters import Hitzone, MagicItem
from adjudicator.rules.tables import Weapon
from adjudicator.rules.words import Word

from .helpers import (
    CROSSBOW,
    DAGGER,
    SHORT_BOW,
    SWORD,
    dice,
    end_turns,
    fight,
    fighter,
    kinds,
    of_kind,
    space,
)


def _duel(
    foe_at: str = "C2", armor: tuple[int, ...] = (0, 0, 0, 0), hp: tuple[int, ...] = (4, 6, 6, 6)
) -> Combat:
    orc = fighter("Orc", "Orcs", armor=armor, hp=hp)
    return fight((fighter("Ann", "Party"), "C1"), (orc, foe_at))


def _rolled(events: tuple[object, ...]) -> AttackRolled:
    found = [e for e in events if isinstance(e, AttackRolled)]
    assert len(found) == 1
    return found[0]


def _damage(events: tuple[object, ...]) -> list[DamageDealt]:
    return [e for e in events if isinstance(e, DamageDealt)]


@pytest.mark.parametrize("where", ["C2", "C4", "B1", "D8", "D1", "D2"])
def test_melee_weapons_can_attack_any_adjacent_space_even_on_other_rings(where: str) -> None:
    """ "Melee weapons can attack any adjacent space, even on other rings." """
    combat = _duel(where)
    events = combat.play(c.Attack("Ann", "Orc"), dice(5))
    assert _rolled(events).result == "miss"


def test_melee_weapons_cannot_reach_a_space_that_is_not_adjacent() -> None:
    """ "Melee weapons can attack any adjacent space" — and no other."""
    combat = _duel("C3")
    with pytest.raises(OutOfReach) as raised:
        combat.play(c.Attack("Ann", "Orc"), dice(1, 1))
    assert "any adjacent space" in raised.value.message


@pytest.mark.parametrize(
    ("face", "zone"), [(1, "Head"), (2, "Offhand"), (3, "Mainhand"), (4, "Legs")]
)
def test_the_hit_die_picks_the_hitzone(face: int, zone: str) -> None:
    """ "| 1 | Head | 2 | Offhand | 3 | Mainhand | 4 | Legs |" """
    events = _duel().play(c.Attack("Ann", "Orc"), dice(face, 1))
    assert (_rolled(events).result, _rolled(events).zone) == ("zone", zone)
    assert _damage(events)[0].zone == zone


def test_above_the_hitzones_is_a_miss() -> None:
    """ "| ~ | Miss |" """
    events = _duel().play(c.Attack("Ann", "Orc"), dice(5))
    assert _rolled(events).result == "miss" and not _damage(events)


def test_a_critical_lets_the_attacker_choose_the_hitzone() -> None:
    """ "Critical hits do not do additional damage but allow the attacker to choose a
    Hitzone." (Ours: with no zone named, the Head.)"""
    aimed = _duel().play(c.Attack("Ann", "Orc", aim="legs"), dice(6, 3))
    assert (_rolled(aimed).result, _damage(aimed)[0].zone, _damage(aimed)[0].amount) == (
        "critical",
        "Legs",
        3,
    )
    default = _duel().play(c.Attack("Ann", "Orc"), dice(6, 3))
    assert _damage(default)[0].zone == "Head"


def test_damage_strikes_armor_first_and_the_excess_is_lost() -> None:
    """ "This damage is first applied to any Armor in that Hitzone. If an attack deals more
    damage than Armor is left, the extra damage is lost. When Armor reaches 0, the item in that
    zone is considered broken and unusable." """
    combat = _duel(armor=(2, 0, 0, 0))
    events = combat.play(c.Attack("Ann", "Orc"), dice(1, 5))
    damage = _damage(events)[0]
    assert (damage.armor_lost, damage.hp_lost) == (2, 0)
    assert of_kind(events, ItemBroken)
    head = combat.state.unit("Orc").head
    assert (head.armor, head.hp) == (0, 4) and head.broken


def test_an_unarmored_zone_takes_hp_damage_and_is_maimed_at_zero() -> None:
    """ "If an attack hits a zone with 0 Armor, it deals damage to the HP of the Hitzone it
    covered. When a Hitzone reaches 0 HP, it is considered Maimed and becomes unusable (excess
    damage on the Maiming hit is again discarded)." """
    combat = _duel(hp=(4, 3, 6, 6))
    events = combat.play(c.Attack("Ann", "Orc"), dice(2, 5))
    damage = _damage(events)[0]
    assert (damage.zone, damage.hp_lost) == ("Offhand", 3)
    assert of_kind(events, ZoneMaimed)
    assert combat.state.unit("Orc").zone("Offhand").maimed


def test_a_hit_on_a_maimed_zone_goes_to_the_head() -> None:
    """ "If an attack hits an already Maimed zone, damage is diverted to Head HP." """
    combat = _duel(armor=(3, 0, 0, 0))
    combat.play(c.DealDamage("Orc", "Legs", 6, "a trap"))
    events = combat.play(c.Attack("Ann", "Orc"), dice(4, 2))
    damage = _damage(events)[0]
    assert (damage.zone, damage.diverted_from, damage.armor_lost, damage.hp_lost) == (
        "Head",
        "Legs",
        0,
        2,
    ), "straight to Head HP, past the helmet"


def test_a_head_at_zero_is_down_and_stops_acting() -> None:
    """ "Players may keep fighting and acting as long as they have Head HP remaining." """
    combat = _duel()
    events = combat.play(c.Attack("Ann", "Orc"), dice(1, 6))
    assert _damage(events)[0].hp_lost == 4, "the excess is discarded"
    assert of_kind(events, UnitDown)
    assert combat.state.unit("Orc").status is Status.DOWN
    with pytest.raises(CannotAct):
        combat.play(c.Attack("Orc", "Ann"))


def test_a_maimed_hand_drops_its_weapon() -> None:
    """ "Maiming a boss should feel like ... (chopped off mainhand, dropped weapon ...)"."""
    combat = fight((fighter("Ann", "Party"), "C1"), (fighter("Orc", "Orcs", hp=(4, 6, 1, 6)), "C2"))
    events = combat.play(c.Attack("Ann", "Orc"), dice(3, 2))
    assert of_kind(events, WeaponDropped)
    assert combat.state.unit("Orc").held_in("Mainhand") is None


def test_only_one_attack_per_turn() -> None:
    """ "You can only attack once." """
    combat = _duel()
    combat.play(c.Attack("Ann", "Orc"), dice(5))
    with pytest.raises(AttackAlreadyMade):
        combat.play(c.Attack("Ann", "Orc"), dice(5))


# --- ranged attacks: the rulebook's Pink example, through the engine ----------------------------


def _pinks_board(weapon: Weapon = CROSSBOW) -> Combat:
    """ranged_distance.png: "Blue D1, Orange C1, Black D2, Pink D3, White D4, Purple D5, Red D7"."""
    return fight(
        (fighter("Pink", "Party", weapons=(weapon,)), "D3"),
        (fighter("Blue", "Foes"), "D1"),
        (fighter("Orange", "Foes"), "C1"),
        (fighter("Black", "Foes"), "D2"),
        (fighter("White", "Foes"), "D4"),
        (fighter("Purple", "Foes"), "D5"),
        (fighter("Red", "Foes"), "D7"),
    )


@pytest.mark.parametrize("target", ["White", "Black"])
def test_pink_cannot_shoot_white_or_black_adjacent_on_the_same_ring(target: str) -> None:
    """ "Pink is unable to shoot either White or Black because they are adjacent on the same
    ring." """
    with pytest.raises(IllegalShot) as raised:
        _pinks_board().play(c.Attack("Pink", target), dice(1, 1))
    assert "cannot be made adjacently on the same ring" in raised.value.message


@pytest.mark.parametrize(("target", "die"), [("Red", 10), ("Orange", 8), ("Blue", 12)])
def test_pinks_shots_step_up_the_hit_die_but_not_the_damage_die(target: str, die: int) -> None:
    """ "So, Pink's hit die on this attack roll would be 1d10 but her damage die would still be
    1d4." / "If she wanted to hit Orange, the range comes out as 3 ... 1d8" / "If Pink wanted to
    shoot Blue ... it comes out to 8. So it would be a 1d12 hit die" """
    combat = _pinks_board()
    events = combat.play(c.Attack("Pink", target), dice(1, 4))
    assert _rolled(events).rolls[0].sides == die
    assert _damage(events)[0].rolls[0].sides == 4


def test_pink_reaches_red_along_ring_d_on_an_empty_board_for_1d8() -> None:
    """ "If Pink and Red were the only units on the board ... With a range of 4, her hit die
    would only increase once to 1d8." """
    combat = fight(
        (fighter("Pink", "Party", weapons=(CROSSBOW,)), "D3"), (fighter("Red", "Foes"), "D7")
    )
    assert _rolled(combat.play(c.Attack("Pink", "Red"), dice(7))).rolls[0].sides == 8


def test_a_weapons_maximum_range_is_a_hit_die() -> None:
    """ "Some weapons may have a maximum range, expressed as a Hit Die." """
    combat = _pinks_board(SHORT_BOW)  # its range limit is 1d8
    assert _rolled(combat.play(c.Attack("Pink", "Orange"), dice(7))).rolls[0].sides == 8
    combat.undo()
    with pytest.raises(IllegalShot) as raised:
        combat.play(c.Attack("Pink", "Red"), dice(1, 1))
    assert "maximum range" in raised.value.message


# --- defending ----------------------------------------------------------------------------------


def _defended() -> Combat:
    combat = fight((fighter("Orc", "Orcs"), "C2"), (fighter("Ann", "Party"), "C1"))
    combat.play(c.Defend("Orc", "Offhand"))
    combat.play(c.EndTurn())
    return combat


def test_a_block_equal_to_the_attack_roll_diverts_the_hit_to_the_defending_zone() -> None:
    """ "To defend, you must declare which Hitzone you'll be defending with. If an attack comes
    in before your next turn, roll 1d6 to oppose the incoming Attack Roll. If the block roll is
    equal to or higher than the Attack Roll, divert damage to whichever zone was used to
    defend." """
    combat = _defended()
    events = combat.play(c.Attack("Ann", "Orc"), dice(4, 4, 2))
    defence = of_kind(events, DefenceRolled)[0]
    assert isinstance(defence, DefenceRolled) and defence.held
    assert _damage(events)[0].zone == "Offhand"
    assert combat.state.unit("Orc").defences == (), "a defence is spent on one attack"


def test_a_failed_block_leaves_the_hit_where_it_fell() -> None:
    combat = _defended()
    events = combat.play(c.Attack("Ann", "Orc"), dice(4, 3, 2))
    assert _damage(events)[0].zone == "Legs"


def test_a_successful_block_of_a_miss_still_takes_damage() -> None:
    """ "If the attack would have missed but you succeeded, you still take damage." """
    events = _defended().play(c.Attack("Ann", "Orc"), dice(5, 6, 2))
    assert _rolled(events).result == "miss"
    assert _damage(events)[0].zone == "Offhand"


def test_critical_hits_can_be_blocked() -> None:
    """ "You can block critical hits." """
    events = _defended().play(c.Attack("Ann", "Orc", aim="Head"), dice(6, 6, 2))
    assert _rolled(events).result == "critical" and _damage(events)[0].zone == "Offhand"


def test_a_defence_lasts_until_the_defenders_next_turn() -> None:
    """ "If an attack comes in before your next turn" """
    combat = _defended()
    events = combat.play(c.EndTurn())
    assert of_kind(events, DefencesExpired) and combat.state.unit("Orc").defences == ()


def test_block_rolls_two_dice_and_keeps_the_higher_for_an_extra_action() -> None:
    """ "[Block] would let you roll 2d6 instead of 1d6 and take the higher, when defending.";
    "Applying this Word consumes an additional action." """
    combat = fight(
        (fighter("Orc", "Orcs", words=("Block",)), "C2"), (fighter("Ann", "Party"), "C1")
    )
    events = combat.play(c.Defend("Orc", "Offhand", Enhancement(Word("Block"))))
    assert sum(e.actions for e in events if isinstance(e, ActionsSpent)) == 2
    combat.play(c.EndTurn())
    events = combat.play(c.Attack("Ann", "Orc"), dice(4, 1, 5, 2))
    defence = of_kind(events, DefenceRolled)[0]
    assert isinstance(defence, DefenceRolled) and [r.value for r in defence.rolls] == [1, 5]
    assert defence.held and _damage(events)[0].zone == "Offhand"


# --- dual wielding and flanking ------------------------------------------------------------------


def _dual(ruleset: str = "rulebook") -> Combat:
    return fight(
        (
            fighter(
                "Ann",
                "Party",
                weapons=(SWORD, DAGGER),
                held=(("Mainhand", "Sword"), ("Offhand", "Dagger")),
            ),
            "C1",
        ),
        (fighter("Orc", "Orcs"), "C2"),
        ruleset=ruleset,
    )


def _dual_attack() -> c.Attack:
    return c.Attack("Ann", "Orc", ("Sword", "Dagger"), c.AttackStyle.DUAL)


def test_dual_wielding_takes_the_higher_attack_roll_including_misses() -> None:
    """ "If dual wielding weapons (including unarmed), you may use a full round to roll one
    Attack Roll for each. They must be rolled together. You take the higher result, including
    misses." """
    events = _dual().play(_dual_attack(), dice(2, 5))
    rolled = _rolled(events)
    assert [r.value for r in rolled.rolls] == [2, 5] and rolled.kept == 1
    assert rolled.result == "miss" and not _damage(events)


def test_dual_wielding_deals_only_the_higher_weapons_damage() -> None:
    """ "If not, only roll damage for the higher." """
    events = _dual().play(_dual_attack(), dice(1, 3, 4))
    damage = _damage(events)
    assert [(d.zone, d.source, d.rolls[0].sides) for d in damage] == [
        ("Mainhand", "Ann's Dagger", 4)
    ]


def test_equal_dual_wield_rolls_deal_both_weapons_damage() -> None:
    """ "If both Attack Rolls were the same number, roll damage for both weapons." Draft: "Roll
    only one damage die unless both hit dice crit." """
    events = _dual().play(_dual_attack(), dice(4, 4, 5, 3))
    assert [d.source for d in _damage(events)] == ["Ann's Sword", "Ann's Dagger"]
    draft = _dual("wop-draft").play(_dual_attack(), dice(4, 4, 5))
    assert len(_damage(draft)) == 1


def test_dual_wielding_takes_the_whole_turn() -> None:
    """ "you may use a full round" """
    combat = _dual()
    combat.play(c.Defend("Ann", "Legs"))
    with pytest.raises(FullTurnNeeded):
        combat.play(_dual_attack(), dice(1, 1, 1))


FLANKS = [("C4", "C2"), ("B2", "D6"), ("B2", "D5"), ("B2", "D4")]
NOT_FLANKS = [("D6", "C4"), ("D6", "D4")]


def _around_c3(attacker: str, ally: str) -> Combat:
    return fight(
        (fighter("Ann", "Party"), attacker),
        (fighter("Bob", "Party"), ally),
        (fighter("Orc", "Orcs"), "C3"),
    )


@pytest.mark.parametrize(("attacker", "ally"), FLANKS + [(b, a) for a, b in FLANKS])
def test_c3_is_flanked_by_c4_c2_b2_d6_b2_d5_and_b2_d4(attacker: str, ally: str) -> None:
    """ "Example : You are in C3. You would be flanked by C4/C2, B2/D6, B2/D5, B2/D4" — and
    "flankers may use a full round to roll two Attack Rolls instead of one. Both Hit Dice must
    be rolled together. You may choose either result. Roll only one damage die." """
    combat = _around_c3(attacker, ally)
    events = combat.play(c.Attack("Ann", "Orc", style=c.AttackStyle.FLANK), dice(5, 2, 4))
    rolled = _rolled(events)
    assert len(rolled.rolls) == 2 and rolled.kept == 1 and rolled.zone == "Offhand"
    assert len(_damage(events)) == 1 and _damage(events)[0].amount == 4


@pytest.mark.parametrize(("attacker", "ally"), NOT_FLANKS + [(b, a) for a, b in NOT_FLANKS])
def test_c3_is_not_flanked_by_d6_c4_or_d6_d4(attacker: str, ally: str) -> None:
    """ "but not by D6/C4 or D6/D4." """
    with pytest.raises(NotFlanked):
        _around_c3(attacker, ally).play(
            c.Attack("Ann", "Orc", style=c.AttackStyle.FLANK), dice(1, 1, 1)
        )


def test_a_flanker_may_keep_either_roll() -> None:
    """ "You may choose either result." """
    combat = _around_c3("C4", "C2")
    events = combat.play(c.Attack("Ann", "Orc", style=c.AttackStyle.FLANK, keep=0), dice(5, 2))
    assert _rolled(events).result == "miss"


# --- enhancements, unarmed, unaware ------------------------------------------------------------


def test_precision_rolls_two_attack_rolls_for_an_extra_action() -> None:
    """ "[Precision] might let you roll two Attack Rolls."; "Applying this Word consumes an
    additional action." """
    combat = fight(
        (fighter("Ann", "Party", words=("Precision",)), "C1"), (fighter("Orc", "Orcs"), "C2")
    )
    events = combat.play(
        c.Attack("Ann", "Orc", enhancements=(Enhancement(Word("Precision")),)), dice(5, 3, 2)
    )
    assert [r.value for r in _rolled(events).rolls] == [5, 3] and _rolled(events).zone == "Mainhand"
    assert combat.state.turn is not None and combat.state.turn.actions_left == 0


def test_a_drawn_word_is_consumed_by_enhancing_and_power_adds_a_damage_die() -> None:
    """ "In general, you should roll an extra die for the part of the action that you're
    improving." Drawn Words "are consumed upon use". (Ours: the higher damage die counts.)"""
    combat = fight((fighter("Ann", "Party", hand=("Power",)), "C1"), (fighter("Orc", "Orcs"), "C2"))
    events = combat.play(
        c.Attack("Ann", "Orc", enhancements=(Enhancement(Word("Power")),)), dice(4, 2, 5)
    )
    assert _damage(events)[0].amount == 5 and len(_damage(events)[0].rolls) == 2
    assert combat.state.unit("Ann").hand == ()


def test_enhancements_must_be_held_and_fit_the_action() -> None:
    """ "[Block] would let you roll 2d6 ... when defending." """
    combat = fight(
        (fighter("Ann", "Party", words=("Block",)), "C1"), (fighter("Orc", "Orcs"), "C2")
    )
    with pytest.raises(EnhancementRefused):
        combat.play(c.Attack("Ann", "Orc", enhancements=(Enhancement(Word("Block")),)), dice(1, 1))
    with pytest.raises(EnhancementRefused):
        combat.play(c.Attack("Ann", "Orc", enhancements=(Enhancement(Word("Power")),)), dice(1, 1))
    with pytest.raises(EnhancementRefused):  # a Word with no part to improve named
        combat.play(c.Defend("Ann", "Head", Enhancement(Word("Dance"))))
    with pytest.raises(OutOfActions):
        combat.play(c.Move("Ann", space("C4")))
        combat.play(c.Defend("Ann", "Head", Enhancement(Word("Block"))))


def test_unarmed_attacks_only_damage_unarmored_or_bound_zones() -> None:
    """ "Unarmed attacks are 1d6 / 1d4 and can only damage unarmored or bound hitzones." """
    combat = fight(
        (fighter("Ann", "Party", weapons=()), "C1"),
        (fighter("Orc", "Orcs", armor=(2, 0, 0, 0)), "C2"),
    )
    events = combat.play(c.Attack("Ann", "Orc"), dice(1, 3))
    damage = _damage(events)[0]
    assert damage.rolls[0].sides == 4 and (damage.armor_lost, damage.hp_lost) == (0, 0)
    combat.play(c.EndTurn())
    end_turns(combat, "Ann")
    events = combat.play(c.Attack("Ann", "Orc"), dice(2, 3))
    assert _damage(events)[0].hp_lost == 3


def test_an_unaware_target_takes_an_automatic_critical_but_ranged_attacks_roll() -> None:
    """ "Treat the first strike as an automatic critical hit. Choose a hitzone and just roll
    damage. Ranged attacks still work as normal." """
    combat = fight(
        (fighter("Ann", "Party"), "C1"),
        (fighter("Cyd", "Party", weapons=(CROSSBOW,)), "D5"),
        (fighter("Orc", "Orcs"), "C2"),
    )
    combat.play(c.SetAwareness("Orc", "Ann", False))
    combat.play(c.SetAwareness("Orc", "Cyd", False))
    events = combat.play(c.Attack("Ann", "Orc", aim="Mainhand"), dice(2))
    assert _rolled(events).rolls == () and _damage(events)[0].zone == "Mainhand"
    assert combat.state.is_aware("Orc", "Ann"), "only the first strike"
    end_turns(combat, "Cyd")
    events = combat.play(c.Attack("Cyd", "Orc"), dice(5))
    assert _rolled(events).rolls and _rolled(events).result == "miss"


def test_a_lichs_amulet_is_hitzone_five() -> None:
    """ "a Lich with a magic amulet might have Hitzone 5 be the amulet." """
    amulet = MagicItem("Amulet", durability=2)
    zones = (*humanoid(), Hitzone("Amulet", 2, 2, 2, 2, "Amulet", magic_item=True))
    combat = fight(
        (fighter("Ann", "Party"), "C1"),
        (fighter("Lich", "Undead", zones=zones, magic_items=(amulet,)), "C2"),
    )
    events = combat.play(c.Attack("Ann", "Lich"), dice(5, 2))
    assert _rolled(events).zone == "Amulet" and "item_broken" in kinds(events)


def test_a_thrown_weapon_follows_the_ranged_rules_and_leaves_the_hand() -> None:
    """ "Anything requiring an attack roll (spells, grabs, throws) will count as your attack." """
    combat = fight(
        (fighter("Ann", "Party", weapons=(DAGGER,)), "D3"), (fighter("Orc", "Orcs"), "D7")
    )
    events = combat.play(c.Attack("Ann", "Orc", thrown=True), dice(7))
    assert _rolled(events).rolls[0].sides == 8
    assert of_kind(events, WeaponDropped) and combat.state.unit("Ann").held_in("Mainhand") is None
