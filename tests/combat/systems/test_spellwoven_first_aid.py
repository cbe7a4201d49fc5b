"""Spellwoven's First Aid and Cooperation (`seeds/003`, "Realing & First Aid", "Order of
Actions: Cooperation"): each test quotes the sentence it checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.combat.systems.spellwoven import commands as c
from adjudicator.combat.systems.spellwoven import errors as err
from adjudicator.combat.systems.spellwoven.events import FirstAidGiven
from adjudicator.combat.systems.spellwoven.state import Proximity
from adjudicator.combat.systems.spellwoven.wounds import Track, moved, reduced, worst_first
from tests.combat.systems.spellwoven_helpers import dice, fight, hero

#: Bob 11 first, then Cy 6, then Ann 5 (Initiative skill 5: 3d10 against 5).
BOB_CY_ANN = (10, 10, 10, 1, 1, 1, 5, 9, 9)


def test_first_aid_takes_the_action_and_happens_last_in_the_round() -> None:
    """ "The Character attempting the first aid tests against their Healing Skill and counts
    successes. Healing takes a full action during an Action Round, always happens last in the
    round" """
    f = fight(hero("Cy", "Players"), initiative=BOB_CY_ANN)
    assert f.state.order == ("Bob", "Cy", "Ann")
    f.play(c.Attack("Bob", "Ann"), dice(1, 9, 9, 2, 3, 9))
    assert f.state.unit("Ann").track.wounds == (0, 1, 0, 0, 0)
    events = f.play(c.Heal("Cy", "Ann", 6))
    assert events[0].describe() == "Cy tends Ann: first aid, last in the round"
    assert f.state.unit("Ann").track.wounds == (0, 1, 0, 0, 0) and "Cy" in f.state.acted
    events = f.play(c.Act("Ann", "waits"), dice(1, 9, 9))
    kinds = [e.kind for e in events]
    assert kinds.index("first_aid_given") < kinds.index("round_ended")
    given = events[kinds.index("first_aid_given")]
    assert isinstance(given, FirstAidGiven)
    assert given.describe().endswith("= 2 successes: Deep to Shallow")
    assert f.state.unit("Ann").track.wounds == (1, 0, 0, 0, 0)
    # a successful Action: Cy's Initiative gains +1 ("if a Character succeeds on their action")
    assert dict(f.state.initiative)["Cy"] == 7


def test_each_success_reduces_one_wound_by_one_severity() -> None:
    """ "One success: Reduce one wound by one severity (flows until there is a free space)"
    "Shallow Wounds healed in this way will heal entirely." "So, two successes could be used
    to remove two Shallow wounds entirely, or remove one Shallow Wound and reduce a Deep Wound
    to Shallow, or reduce two Grievous Wounds to Deep etc. There is no benefit from scoring
    more successes than a Character has wounds." """
    hurt = Track(slots=(3, 3, 2, 1, 1), wounds=(2, 1, 2, 0, 0))
    assert worst_first(hurt, (1, 1), 2) == (1, 1)  # two Shallow wounds removed entirely
    assert worst_first(hurt, (1, 2), 2) == (1, 2)  # one Shallow, and a Deep to Shallow
    assert worst_first(hurt, (), 2) == (3, 3)  # else the most severe first: two Grievous
    assert worst_first(hurt, (), 9) == (3, 3, 2, 1, 1)  # no benefit beyond the wounds
    assert reduced(hurt, 1) == 0 and reduced(hurt, 3) == 2
    full = Track(slots=(1, 1, 1, 1, 1), wounds=(1, 1, 1, 0, 0))
    assert reduced(full, 3) == 3  # no free Deep slot: it flows up, back where it was
    assert moved(hurt, 3, 2).wounds == (2, 2, 1, 0, 0)


def test_first_aid_keeps_a_mortally_wounded_character_down() -> None:
    """ "Healing can stop a Character from dying ... but it does not allow a mortally wounded
    Character to jump up and keep fighting." A Mortal wound reduced is a Felling one."""
    dying = Track(slots=(3, 3, 2, 1, 1), wounds=(0, 0, 0, 0, 1))
    after = moved(dying, 5, reduced(dying, 5))
    assert not after.dead and after.felled


def test_first_aid_is_applied_to_a_character_once() -> None:
    """ "The Healing Skill can only be applied to a Character once every twenty-four
    hours." """
    f = fight(hero("Cy", "Players"), initiative=BOB_CY_ANN)
    f.play(c.Act("Bob", "waits"))
    f.play(c.Heal("Cy", "Ann", 6))
    f.play(c.Act("Ann", "waits"), dice(1, 9, 9))
    f.play(c.Act("Bob", "waits"))
    with pytest.raises(err.FirstAidRefused, match="Ann has had first aid already") as refused:
        f.play(c.Heal("Cy", "Ann", 6))
    assert "once every twenty-four hours" in refused.value.rule


def test_first_aid_is_given_at_the_patient_s_side() -> None:
    """ "Characters can use their Healing Skill to attempt to staunch or reduce the severity
    of a wound." Ours: at the patient's side, the same Proximity."""
    far = hero("Ann", "Players", proximity=Proximity.DISTANT)
    f = fight(hero("Cy", "Players"), ann=far, initiative=BOB_CY_ANN)
    f.play(c.Act("Bob", "waits"))
    with pytest.raises(err.FirstAidRefused, match="Cy is engaged, Ann distant"):
        f.play(c.Heal("Cy", "Ann", 6))


def test_a_healer_felled_before_the_round_ends_gives_no_first_aid() -> None:
    """ "... and at the Gamesmaster's discretion might be disrupted if the Healing Character
    takes an injury whilst trying to apply first aid." Ours: a healer felled, killed or gone
    before the end of the round gives none."""
    f = fight(hero("Cy", "Players"), initiative=(10, 10, 10, 1, 9, 9, 1, 1, 1))
    assert f.state.order == ("Cy", "Bob", "Ann")
    f.play(c.Heal("Cy", "Ann", 6))
    f.play(c.Attack("Bob", "Cy"), dice(1, 9, 9, 1, 1, 9))
    assert f.state.unit("Cy").status == "incapacitated"
    events = f.play(c.Act("Ann", "waits"))
    given = next(e for e in events if isinstance(e, FirstAidGiven))
    assert given.describe() == "Cy's first aid on Ann is disrupted: Cy is incapacitated"


def test_cooperating_characters_act_on_the_highest_initiative_and_lose_five() -> None:
    """ "Any number of Players at the table can opt to Cooperate together. In this
    situation: 1) all Characters involved act on the highest Initiative score among them, and
    2) at the end of the round each cooperating Character loses -5 Initiative." """
    f = fight(
        hero("Cy", "Players"),
        hero("Dee", "Players"),
        initiative=(1, 1, 1, 1, 9, 9, 5, 9, 9, 10, 10, 10),
    )
    assert f.state.order == ("Ann", "Bob", "Cy", "Dee")
    f.play(c.Cooperate(("Cy", "Ann")))
    assert f.state.order == ("Cy", "Ann", "Bob", "Dee") and f.state.next_up() == "Cy"
    for name in ("Cy", "Ann", "Bob", "Dee"):
        f.play(c.Act(name, "waits"))
    assert dict(f.state.initiative) == {"Ann": 6, "Bob": 7, "Cy": 1, "Dee": 5}
    assert f.state.order == ("Bob", "Ann", "Dee", "Cy")


@pytest.mark.parametrize(
    ("who", "says"),
    [
        (("Ann", "Low"), "Low has Initiative 3"),
        (("Ann", "Npc"), "Npc is a Non-Player Character"),
        (("Ann",), "two characters or more"),
        (("Ann", "Bob"), "on one side"),
    ],
)
def test_cooperation_needs_player_characters_with_initiative_five_or_more(
    who: tuple[str, ...], says: str
) -> None:
    """ "This option is available to Player Characters. ... You can only cooperate if you
    have an Initiative value of 5 or higher." """
    low = hero("Low", "Players", initiative=3)
    npc = replace(hero("Npc", "Players"), npc=True)
    f = fight(low, npc, initiative=(1, 1, 1, 1, 9, 9, 10, 10, 10, 5, 9, 9))
    with pytest.raises(err.CooperationRefused, match=says):
        f.play(c.Cooperate(who))
    f.play(c.Act("Ann", "waits"))
    with pytest.raises(err.CooperationRefused, match="acted, cooperated or fallen"):
        f.play(c.Cooperate(("Ann", "Npc")))
