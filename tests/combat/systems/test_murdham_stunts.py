"""Murdham attack stunts (`seeds/002`, "Attack stunts"): the effect proposed instead of damage,
accepted (no damage, no reaction) or refused (the attack resolves as normal). Each test quotes
the sentence it checks."""

from __future__ import annotations

import pytest

from adjudicator.combat.systems.murdham import commands as c
from adjudicator.combat.systems.murdham import errors as err
from adjudicator.combat.systems.murdham.legal import legal_commands
from adjudicator.combat.systems.murdham.state import Status
from tests.combat.systems.murdham_helpers import dice, duel, fighter, kinds

HAND = "cuts off his sword hand"


@pytest.mark.parametrize(("face", "proposed"), [(10, True), (11, False)])
def test_a_stunt_comes_after_the_save_to_hit_and_before_any_reaction(
    face: int, proposed: bool
) -> None:
    """ "The attacker can propose an alternative effect to the target instead of inflicting
    damage (cutting a limb, forcing a surrender, etc.). This must be done before the target
    decides whether to react but after the WIT save to hit" (WIT 10: 10 hits, 11 misses and
    there is nothing to propose)."""
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    events = fight.play(c.Attack("Ann", "Bob", challenging=True, stunt=HAND), dice(face))
    assert ("stunt_proposed" in kinds(events)) is proposed
    if not proposed:
        assert fight.state.pending is None
        return
    assert kinds(events)[-2:] == ["attack_made", "stunt_proposed"]
    assert events[-1].describe() == (
        f"Ann proposes a stunt to Bob instead of damage: {HAND} (the GM approves it)"
    )
    assert legal_commands(fight.state) == (c.AcceptStunt("Bob"), c.RefuseStunt("Bob"))
    for reaction in (c.Dodge("Bob"), c.Counter("Bob"), c.Guard("Cy"), c.TakeHit()):
        with pytest.raises(err.StuntAwaitsAnswer, match="has yet to accept or refuse") as refused:
            fight.play(reaction, dice(5))
        assert "accept the proposed effect or resolve the attack" in refused.value.rule


def test_an_accepted_stunt_replaces_the_damage_and_no_one_reacts() -> None:
    """ "The target can either accept the proposed effect or resolve the attack as normal. It
    isn't possible to react if the effect is accepted." The effect is recorded; its
    consequences are the GM's call."""
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", stunt=HAND))
    events = fight.play(c.AcceptStunt("Bob"))
    assert kinds(events) == ["stunt_accepted", "attack_resolved"]
    assert events[0].describe() == f"Bob accepts Ann's stunt: {HAND} (no damage)"
    assert fight.state.pending is None and fight.state.fighter("Bob").hp == 6
    assert fight.state.stunts == (("Bob", HAND, "Ann"),)
    assert "Bob" not in fight.state.acted, "accepting is no reaction: Bob keeps his turn"
    with pytest.raises(err.NoAttackPending):
        fight.play(c.Dodge("Bob"), dice(5))


def test_a_refused_stunt_resolves_the_attack_as_normal() -> None:
    """ "The target can either accept the proposed effect or resolve the attack as normal."
    Refused, the target may react (a dodge here), or take the damage."""
    fight = duel()
    fight.play(c.TakeTurn("Ann"))
    fight.play(c.Attack("Ann", "Bob", stunt=HAND))
    events = fight.play(c.RefuseStunt("Bob"))
    assert kinds(events) == ["stunt_refused"]
    assert events[0].describe() == "Bob refuses Ann's stunt: the attack resolves as normal"
    assert fight.state.pending is not None and not fight.state.pending.stunt
    assert c.Dodge("Bob") in legal_commands(fight.state)
    fight.play(c.TakeHit(), dice(4))
    assert fight.state.fighter("Bob").hp == 2 and fight.state.stunts == ()
    # An unaware target cannot react: refused, the damage is rolled at once.
    unaware = duel()
    unaware.play(c.TakeTurn("Ann"))
    unaware.play(c.Attack("Ann", "Bob", unaware=True, stunt=HAND))
    events = unaware.play(c.RefuseStunt("Bob"), dice(6))
    assert kinds(events)[:3] == ["stunt_refused", "damage_rolled", "attack_resolved"]
    assert unaware.state.fighter("Bob").status is Status.INCAPACITATED


def test_only_the_target_answers_a_stunt_and_only_damage_is_replaced() -> None:
    """ "The target can either accept the proposed effect or resolve the attack as normal."
    and "propose an alternative effect to the target instead of inflicting damage": a
    non-lethal attack inflicts none, a final blow kills."""
    fight = duel(fighter("Cy", "Bandits"))
    fight.play(c.TakeTurn("Ann"))
    with pytest.raises(err.StuntRefused, match="no stunt waits"):
        fight.play(c.AcceptStunt("Bob"))
    with pytest.raises(err.StuntRefused, match="a non-lethal attack deals none"):
        fight.play(c.Attack("Ann", "Bob", nonlethal="grapple", stunt=HAND))
    with pytest.raises(err.StuntRefused, match="a final blow kills"):
        fight.play(c.Attack("Ann", "Bob", final_blow=True, stunt=HAND))
    fight.play(c.Attack("Ann", "Bob", stunt=HAND))
    with pytest.raises(err.StuntRefused, match="proposed to Bob, not Cy"):
        fight.play(c.RefuseStunt("Cy"))
