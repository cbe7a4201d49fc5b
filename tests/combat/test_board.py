"""The Battle Board: its graph, hazards, movement, ranged attacks and flanking.

Golden cases come from the rulebook (`seeds/001_aa0c654548bc39bc.txt`, chapter "3. Combat")
and from `seeds/README.md`, which reads the board and the ranged example from the images.
"""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.combat.board import (
    EMPTY_LAYOUT,
    Board,
    Hazard,
    HazardKind,
    Layout,
    NotAdjacent,
    Space,
    UnknownSpace,
)
from adjudicator.combat.flanking import (
    Side,
    are_opposite,
    flanking_pairs,
    is_flanked,
    side_of,
)
from adjudicator.combat.movement import (
    NoPath,
    SpaceOccupied,
    cheapest_path,
    legal_moves,
    path_cost,
    reachable,
    step_cost,
)
from adjudicator.combat.ranged import (
    AdjacentOnSameRing,
    BeyondLadder,
    BeyondMaximumRange,
    NoClearPath,
    RangedAttackError,
    RangedShot,
    possible_shots,
    ranged_shot,
)
from adjudicator.errors import InvalidInput
from adjudicator.rules.dice import DiceError

BOARD = Board()

#: The adjacency exactly as `seeds/README.md` prints it ("same ring | other rings").
README_TABLE = """
A1: B1 B2
B1: A1 B2 | C1 C2 C4          B2: A1 B1 | C2 C3 C4
C1: C2 C4 | B1 | D8 D1 D2     C2: C1 C3 | B1 B2 | D2 D3 D4
C3: C2 C4 | B2 | D4 D5 D6     C4: C1 C3 | B1 B2 | D6 D7 D8
D1: D8 D2 | C1                D2: D1 D3 | C1 C2
D3: D2 D4 | C2                D4: D3 D5 | C2 C3
D5: D4 D6 | C3                D6: D5 D7 | C3 C4
D7: D6 D8 | C4                D8: D7 D1 | C4 C1
"""


def readme_adjacency() -> dict[str, set[str]]:
    table: dict[str, set[str]] = {}
    for token in README_TABLE.replace("|", " ").split():
        if token.endswith(":"):
            current = table.setdefault(token[:-1], set())
        else:
            current.add(token)
    return table


# The units of `ranged_distance.png`, as seeds/README.md places them.
BLUE, ORANGE, BLACK, PINK, WHITE, PURPLE, RED = "D1", "C1", "D2", "D3", "D4", "D5", "D7"
EVERY_UNIT = (BLUE, ORANGE, BLACK, PINK, WHITE, PURPLE, RED)

all_spaces = st.sampled_from(BOARD.spaces)
space_sets = st.frozensets(all_spaces)


def names(values: object) -> set[str]:
    assert isinstance(values, tuple | frozenset | set | list)
    return {str(v) for v in values}


# --- the board -------------------------------------------------------------------------------


def test_the_adjacency_is_exactly_the_table_read_from_the_image() -> None:
    """seeds/README.md, "The Battle Board, read from the image": the whole table, both ways."""
    table = readme_adjacency()
    assert set(table) == names(BOARD.spaces)
    for space, neighbours in table.items():
        assert names(BOARD.neighbours(space)) == neighbours, space
    edges = {frozenset((a, b)) for a, ns in table.items() for b in ns}
    assert {frozenset(map(str, e)) for e in BOARD.edges} == edges
    assert all(a in table[b] for a, ns in table.items() for b in ns), "README table symmetric"


@given(all_spaces, all_spaces)
def test_adjacency_is_symmetric(a: Space, b: Space) -> None:
    """ "Each space on the board describes only its relative position to the others." """
    assert BOARD.is_adjacent(a, b) == BOARD.is_adjacent(b, a)
    assert not BOARD.is_adjacent(a, a)


def test_the_rings_hold_one_two_four_and_eight_spaces() -> None:
    """seeds/README.md: "Rings A (1 space), B (2), C (4), D (8)." """
    assert [len(BOARD.ring(r)) for r in "ABCD"] == [1, 2, 4, 8]
    assert [BOARD.ring_index(r + "1") for r in "ABCD"] == [0, 1, 2, 3]
    assert len(BOARD.spaces) == 15


def test_the_outer_ring_is_ring_d() -> None:
    """ "you'll have to choose entry points on the outer ring" (rulebook, "Battle Board")."""
    assert names(BOARD.outer_ring) == {f"D{n}" for n in range(1, 9)}


def test_wide_d_spaces_touch_one_c_space_and_narrow_ones_two() -> None:
    """seeds/README.md: "D1/D3/D5/D7 are wide and touch one C space; D2/D4/D6/D8 straddle a C
    divider and touch two."
    """
    for n in range(1, 9):
        assert len(BOARD.inner_neighbours(f"D{n}")) == (1 if n % 2 else 2)


def test_neighbours_split_into_same_ring_and_cross_ring() -> None:
    """ "It takes half of a turn to move one space on the same ring ... a full turn to move to a
    new ring": the board tells the two kinds of neighbour apart.
    """
    assert names(BOARD.same_ring_neighbours("C3")) == {"C2", "C4"}
    assert names(BOARD.cross_ring_neighbours("C3")) == {"B2", "D4", "D5", "D6"}
    assert names(BOARD.inner_neighbours("C3")) == {"B2"}
    assert names(BOARD.outer_neighbours("C3")) == {"D4", "D5", "D6"}
    assert names(BOARD.same_ring_neighbours("B1")) == {"B2"}
    assert BOARD.same_ring_neighbours("A1") == ()
    for space in BOARD.spaces:
        split = BOARD.same_ring_neighbours(space) + BOARD.cross_ring_neighbours(space)
        assert sorted(split) == sorted(BOARD.neighbours(space))


def test_d5_is_behind_c3() -> None:
    """ "a character marching in D5 is ... relatively behind whoever is in C3" (rulebook)."""
    assert names(BOARD.behind("C3")) == {"D5"}
    assert BOARD.is_adjacent("D5", "C3")
    assert names(BOARD.inner_neighbours("D5")) == {"C3"}


@pytest.mark.parametrize("text", ["c3", "C3", " C3 ", "\tc3\n"])
def test_spaces_are_read_case_insensitively(text: str) -> None:
    """seeds/README.md names spaces "A1", "B1" .. "D8"; players type them any way."""
    assert Space.parse(text) == Space("C", 3)
    assert str(Space.parse(text)) == "C3"


@pytest.mark.parametrize("text", ["E1", "C5", "A2", "D0", "D9", "", "C", "3C", "CC", "B-1"])
def test_an_unknown_space_is_an_error_listing_the_valid_ones(text: str) -> None:
    """seeds/README.md: the board has exactly the spaces A1, B1-B2, C1-C4 and D1-D8."""
    with pytest.raises(UnknownSpace) as raised:
        Space.parse(text)
    assert isinstance(raised.value, InvalidInput)
    assert raised.value.hint is not None
    assert "A1, B1, B2, C1, C2, C3, C4, D1" in raised.value.hint
    with pytest.raises(UnknownSpace):
        BOARD.neighbours(text)


def test_spaces_sort_from_the_centre_outwards() -> None:
    """ "Use narrative to determine who is close enough to A1, the central point of this
    conflict" (rulebook): board order runs A1, B1, B2, C1 ... D8.
    """
    assert [str(s) for s in BOARD.spaces][:4] == ["A1", "B1", "B2", "C1"]
    assert BOARD.spaces == tuple(sorted(BOARD.spaces))


# --- hazards ---------------------------------------------------------------------------------


def test_hazards_are_placed_and_cleared_as_new_layouts() -> None:
    """ "The Storyteller may choose to fill some spaces with hazards that may speed up, slow
    down, or block movement." (rulebook, "Movement")
    """
    layout = EMPTY_LAYOUT.place("C3", Hazard.block()).place("d5", Hazard.slow())
    layout = layout.place("D5", Hazard.damage(1))
    assert layout.is_blocked("C3") and not layout.is_blocked("D5")
    assert layout.is_slowed("D5") and layout.damage_at("D5") == 1
    assert names(layout.hazards_at("D5")) == {"slow", "damage 1"}
    assert not EMPTY_LAYOUT.is_blocked("C3"), "placing returns a new layout"
    assert not layout.clear("C3").is_blocked("C3")
    assert layout == Layout.of({"C3": Hazard.block(), "D5": [Hazard.slow(), Hazard.damage(1)]})


def test_a_damage_hazard_needs_an_amount_and_others_none() -> None:
    """ "He may also decide it only deals 1 damage." (rulebook, the [Metal] [Mist] hazard)"""
    with pytest.raises(InvalidInput):
        Hazard(HazardKind.DAMAGE)
    with pytest.raises(InvalidInput):
        Hazard(HazardKind.SLOW, 2)


# --- movement --------------------------------------------------------------------------------


def test_a_step_along_a_ring_costs_one_action_and_onto_a_new_ring_two() -> None:
    """ "It takes half of a turn to move one space on the same ring that you're on ... It takes
    a full turn to move to a new ring." (rulebook, "Movement")
    """
    assert step_cost(BOARD, "D1", "D2") == 1
    assert step_cost(BOARD, "B1", "B2") == 1
    assert step_cost(BOARD, "D1", "C1") == 2
    assert step_cost(BOARD, "A1", "B2") == 2


def test_a_step_between_spaces_that_do_not_touch_is_refused() -> None:
    """seeds/README.md: D1 touches D8, D2 and C1 only."""
    with pytest.raises(NotAdjacent):
        step_cost(BOARD, "D1", "D3")


def test_two_steps_along_a_ring_fill_a_turn() -> None:
    """ "Thus, you can move two spaces on the same ring, if you do not also take another
    action." (rulebook, "Movement")
    """
    moves = {str(m.end): m.cost for m in legal_moves(BOARD, "D1")}
    assert moves == {"D2": 1, "D8": 1, "D3": 2, "D7": 2, "C1": 2}
    assert {str(m.end) for m in legal_moves(BOARD, "D1", budget=1)} == {"D2", "D8"}


def test_units_move_through_friends_but_not_hostiles() -> None:
    """ "You may move through friendly units but not hostiles." (rulebook, "Movement")"""
    through_friend = cheapest_path(BOARD, "D1", "D3", friends=["D2"])
    assert [str(s) for s in through_friend.spaces] == ["D1", "D2", "D3"]
    around_hostile = cheapest_path(BOARD, "D1", "D3", hostiles=["D2"])
    assert [str(s) for s in around_hostile.spaces] == ["D1", "C1", "C2", "D3"]
    assert around_hostile.cost == 5


def test_a_unit_cannot_stop_on_an_occupied_space() -> None:
    """ "If a space is occupied, use a different but reasonably accessible one." (rulebook)"""
    with pytest.raises(SpaceOccupied):
        cheapest_path(BOARD, "D1", "D2", friends=["D2"])
    with pytest.raises(SpaceOccupied):
        cheapest_path(BOARD, "D1", "D2", hostiles=["D2"])
    assert "D2" not in {str(m.end) for m in legal_moves(BOARD, "D1", friends=["D2"])}


def test_defeated_enemies_do_not_block_spaces() -> None:
    """ "Defeated enemies do not block spaces." (rulebook, "Movement"): only standing
    hostiles are passed as hostiles.
    """
    standing = legal_moves(BOARD, "D1", hostiles=["D2"])
    defeated = legal_moves(BOARD, "D1", hostiles=[])
    assert "D3" not in {str(m.end) for m in standing}
    assert "D3" in {str(m.end) for m in defeated}


def test_a_slow_hazard_adds_one_action_per_step_into_it() -> None:
    """ "hazards that may ... slow down ... movement" (rulebook): our rule is +1 action for
    each step into a slowed space.
    """
    slow = Layout.of({"D2": Hazard.slow()})
    assert step_cost(BOARD, "D1", "D2", slow) == 2
    assert step_cost(BOARD, "D2", "D3", slow) == 1
    assert cheapest_path(BOARD, "D1", "D2", layout=slow).cost == 2
    assert {str(m.end) for m in legal_moves(BOARD, "D1", layout=slow)} == {"D2", "D8", "D7", "C1"}


def test_a_block_hazard_is_impassable() -> None:
    """ "hazards that may ... block movement" (rulebook, "Movement")."""
    wall = Layout.of({"D2": Hazard.block()})
    assert [str(s) for s in cheapest_path(BOARD, "D1", "D3", layout=wall).spaces] == [
        "D1",
        "C1",
        "C2",
        "D3",
    ]
    with pytest.raises(NoPath):
        cheapest_path(BOARD, "D1", "D2", layout=wall)


def test_a1_between_fighters_in_b1_and_b2_is_guaranteed_safe() -> None:
    """ "the healer should be nestled in A1 between our fighters in B1 and B2 so that they are
    guaranteed safe from harm" (rulebook, "Battle Board").
    """
    assert names(BOARD.neighbours("A1")) == {"B1", "B2"}
    for start in BOARD.spaces:
        if str(start) in {"A1", "B1", "B2"}:
            continue
        assert Space("A", 1) not in reachable(BOARD, start, hostiles=["B1", "B2"]), start
        assert Space("A", 1) in reachable(BOARD, start, hostiles=["B1"]), start
    with pytest.raises(NoPath):
        cheapest_path(BOARD, "D5", "A1", hostiles=["B1", "B2"])


@given(all_spaces, all_spaces, space_sets, space_sets, space_sets)
def test_movement_avoids_hostiles_and_costs_the_sum_of_its_steps(
    start: Space,
    goal: Space,
    hostiles: frozenset[Space],
    friends: frozenset[Space],
    slow: frozenset[Space],
) -> None:
    """ "You may move through friendly units but not hostiles." (rulebook, "Movement")"""
    layout = Layout.of(dict.fromkeys(slow, Hazard.slow()))
    try:
        path = cheapest_path(BOARD, start, goal, hostiles=hostiles, friends=friends, layout=layout)
    except (NoPath, SpaceOccupied):
        return
    assert path.start == start and path.end == goal
    assert not set(path.spaces[1:]) & (hostiles - {start})
    assert path.cost == path_cost(BOARD, path.spaces, layout)


# --- ranged attacks --------------------------------------------------------------------------


@pytest.mark.parametrize("target", [WHITE, BLACK])
def test_pink_cannot_shoot_white_or_black_adjacent_on_the_same_ring(target: str) -> None:
    """ "Pink is unable to shoot either White or Black because they are adjacent on the same
    ring." / "Ranged attacks cannot be made adjacently on the same ring." (rulebook)
    """
    with pytest.raises(AdjacentOnSameRing) as raised:
        ranged_shot(BOARD, PINK, target, EVERY_UNIT)
    assert "adjacently on the same ring" in raised.value.message
    with pytest.raises(AdjacentOnSameRing):
        ranged_shot(BOARD, PINK, target, [PINK, target])


def test_pink_shoots_red_around_white_and_black_at_cost_six_for_1d10() -> None:
    """ "Pink wants to attack Red. She's blocked by White and Black adjacently. ... This shot
    has a total cost of 6. ... (6 - 2) / 2 = 2 ... 1d6 (base) > 1d8 > 1d10" and "her damage
    die would still be 1d4": range changes the hit die only.
    """
    shot = ranged_shot(BOARD, PINK, RED, EVERY_UNIT)
    assert [str(s) for s in shot.path] == ["D3", "C2", "C3", "C4", "D7"]
    assert [step_cost(BOARD, a, b) for a, b in pairwise(shot.path)] == [2, 1, 1, 2]
    assert (shot.cost, shot.range, shot.steps, shot.hit_die) == (6, 6, 2, 10)
    assert shot.base_die == 6
    assert "damage" not in {f for f in RangedShot.__dataclass_fields__}


def test_pink_shoots_red_on_an_empty_board_along_ring_d_for_1d8() -> None:
    """ "If Pink and Red were the only units on the board, she would have a much simpler shot
    by traversing only the ring she's on. With a range of 4, her hit die would only increase
    once to 1d8."
    """
    shot = ranged_shot(BOARD, PINK, RED, [PINK, RED])
    assert all(s.ring == "D" for s in shot.path)
    assert (shot.cost, shot.range, shot.steps, shot.hit_die) == (4, 4, 1, 8)


def test_pink_shoots_orange_at_range_three_rounded_up_to_four_for_1d8() -> None:
    """ "If she wanted to hit Orange, the range comes out as 3. We should always round up on
    range, so we would still increase the hit die 1 time to 1d8."
    """
    shot = ranged_shot(BOARD, PINK, ORANGE, EVERY_UNIT)
    assert [str(s) for s in shot.path] == ["D3", "C2", "C1"]
    assert (shot.cost, shot.range, shot.steps, shot.hit_die) == (3, 4, 1, 8)


def test_pink_shoots_blue_around_orange_at_range_eight_for_1d12() -> None:
    """ "If Pink wanted to shoot Blue, she could do it. The path does not need to be straight.
    She would have to count the range going around Orange, which comes out to 8. So it would
    be a 1d12 hit die, but it is possible."
    """
    shot = ranged_shot(BOARD, PINK, BLUE, EVERY_UNIT)
    assert [str(s) for s in shot.path] == ["D3", "C2", "C3", "C4", "D8", "D1"]
    assert (shot.cost, shot.range, shot.steps, shot.hit_die) == (7, 8, 3, 12)


def test_pink_may_shoot_orange_blue_purple_or_red() -> None:
    """ "She may shoot Orange, Blue, Purple, or Red." (rulebook, "Ranged Attacks")"""
    others = [u for u in EVERY_UNIT if u != PINK]
    shots = possible_shots(BOARD, PINK, others, EVERY_UNIT)
    assert {str(s.target) for s in shots} == {ORANGE, BLUE, PURPLE, RED}
    assert ranged_shot(BOARD, PINK, PURPLE, EVERY_UNIT).hit_die == 10


def test_the_first_two_range_are_free() -> None:
    """ "The first 2 are free." A shot across one ring change keeps the base hit die."""
    shot = ranged_shot(BOARD, "D3", "C2", ["D3", "C2"])
    assert (shot.cost, shot.range, shot.steps, shot.hit_die) == (2, 2, 0, 6)


def test_units_of_either_side_block_a_shot() -> None:
    """ "The path from attacker to target must not be blocked by units (including allies)"."""
    with pytest.raises(NoClearPath):
        ranged_shot(BOARD, "A1", "D5", ["A1", "B1", "B2", "D5"])
    assert ranged_shot(BOARD, "A1", "D5", ["A1", "D5"]).cost == 6  # A1→B2→C3→D5


def test_terrain_blocks_a_shot() -> None:
    """ "... must not be blocked by units (including allies) or terrain." """
    walls = Layout.of({"B1": Hazard.block(), "B2": Hazard.block()})
    with pytest.raises(NoClearPath):
        ranged_shot(BOARD, "A1", "D5", ["A1", "D5"], layout=walls)


def test_slow_hazards_do_not_lengthen_a_shot() -> None:
    """ "Changing rings costs 2 and moving spaces on the same ring only costs 1." Our choice:
    a slowing hazard hampers walking, not a shot's range.
    """
    mud = Layout.of({s: Hazard.slow() for s in ("D1", "D2", "D8")})
    assert ranged_shot(BOARD, PINK, RED, [PINK, RED], layout=mud).cost == 4


def test_a_shot_past_the_top_of_the_ladder_is_refused() -> None:
    """ "1d6 > 1d8 > 1d10 > 1d12 > 1d20": range 12 needs a fifth increase, past 1d20."""
    occupied = ["D1", "C1", "C3", "C4", "D2"]
    with pytest.raises(BeyondLadder) as raised:
        ranged_shot(BOARD, "D1", "A1", occupied)
    assert (raised.value.range, raised.value.steps) == (12, 5)


def test_a_weapon_s_maximum_range_caps_the_hit_die() -> None:
    """ "Some weapons may have a maximum range, expressed as a Hit Die." """
    with pytest.raises(BeyondMaximumRange) as raised:
        ranged_shot(BOARD, PINK, RED, EVERY_UNIT, max_range_die=8)
    assert (raised.value.hit_die, raised.value.max_range_die) == (10, 8)
    assert ranged_shot(BOARD, PINK, RED, EVERY_UNIT, max_range_die=10).hit_die == 10
    with pytest.raises(DiceError):
        ranged_shot(BOARD, PINK, RED, EVERY_UNIT, max_range_die=7)


def test_the_hit_die_increases_from_the_weapon_s_own_hit_die() -> None:
    """ "Each weapon in Words of Power lists a Hit Die ... The Hit Die will increase based on
    the range of the shot."
    """
    assert ranged_shot(BOARD, PINK, RED, EVERY_UNIT, hit_die=8).hit_die == 12


def test_a_unit_cannot_shoot_its_own_space() -> None:
    """ "The path from attacker to target" needs two ends."""
    with pytest.raises(RangedAttackError):
        ranged_shot(BOARD, PINK, PINK, EVERY_UNIT)


def reference_cost(start: Space, goal: Space, occupied: frozenset[Space]) -> int | None:
    """Bellman-Ford relaxation, independent of the Dijkstra under test."""
    cost: dict[Space, int] = {start: 0}
    for _ in BOARD.spaces:
        for here in list(cost):
            if here != start and here in occupied:
                continue
            for there in BOARD.neighbours(here):
                total = cost[here] + (1 if there.ring == here.ring else 2)
                if total < cost.get(there, total + 1):
                    cost[there] = total
    return cost.get(goal)


@given(all_spaces, all_spaces, space_sets)
def test_a_ranged_path_is_the_cheapest_clear_one(
    attacker: Space, target: Space, occupied: frozenset[Space]
) -> None:
    """ "The path from attacker to target must not be blocked by units (including allies) or
    terrain. ... Round up to the nearest even number." Checked against a brute-force search.
    """
    try:
        shot = ranged_shot(BOARD, attacker, target, occupied)
    except (AdjacentOnSameRing, NoClearPath, BeyondLadder) as refused:
        if isinstance(refused, NoClearPath):
            assert reference_cost(attacker, target, occupied) is None
        return
    except RangedAttackError:
        assert attacker == target
        return
    assert shot.path[0] == attacker and shot.path[-1] == target
    assert not set(shot.path[1:-1]) & occupied, "never through an occupied space"
    assert shot.range % 2 == 0 and shot.cost <= shot.range <= shot.cost + 1
    assert shot.cost == sum(step_cost(BOARD, a, b) for a, b in pairwise(shot.path))
    assert shot.cost == reference_cost(attacker, target, occupied)
    assert shot.steps == max(0, (shot.range - 2) // 2)


# --- flanking --------------------------------------------------------------------------------


def test_c3_is_flanked_by_c4_c2_b2_d6_b2_d5_and_b2_d4() -> None:
    """ "Example : You are in C3. You would be flanked by C4/C2, B2/D6, B2/D5, B2/D4, but not
    by D6/C4 or D6/D4." (rulebook, "Special Cases") — these four pairs and no others.
    """
    pairs = {frozenset(map(str, p)) for p in flanking_pairs(BOARD, "C3")}
    expected = {frozenset(p.split("/")) for p in ("C4/C2", "B2/D6", "B2/D5", "B2/D4")}
    assert pairs == expected
    for pair in expected:
        assert is_flanked(BOARD, "C3", pair)


@pytest.mark.parametrize("pair", [("D6", "C4"), ("D6", "D4")])
def test_c3_is_not_flanked_by_d6_c4_or_d6_d4(pair: tuple[str, str]) -> None:
    """ "... but not by D6/C4 or D6/D4." (rulebook, "Special Cases")"""
    assert not are_opposite(BOARD, "C3", *pair)
    assert not is_flanked(BOARD, "C3", pair)


def test_flanking_needs_allies_on_both_opposite_sides() -> None:
    """ "Flanking is when allies are on opposite sides of an enemy space." """
    assert not is_flanked(BOARD, "C3", ["C4"])
    assert not is_flanked(BOARD, "C3", ["C4", "D6", "D4", "D5"])
    assert is_flanked(BOARD, "C3", ["C4", "D6", "C2"])
    assert not is_flanked(BOARD, "C3", ["C1", "A1"]), "allies must be adjacent to the enemy"


def test_sides_are_along_the_ring_inward_or_outward() -> None:
    """The definition behind the rulebook's flanking example: C4 along, B2 in, D6 out of C3."""
    assert side_of(BOARD, "C3", "C4") is Side.ALONG
    assert side_of(BOARD, "C3", "B2") is Side.INWARD
    assert side_of(BOARD, "C3", "D6") is Side.OUTWARD
    with pytest.raises(NotAdjacent):
        side_of(BOARD, "C3", "C1")


def test_the_centre_cannot_be_flanked_and_ring_d_only_along_it() -> None:
    """Consequences of "opposite sides" as derived from the C3 example: A1's neighbours are all
    outward, and D spaces have nothing further out.
    """
    assert flanking_pairs(BOARD, "A1") == ()
    for n in range(1, 9):
        pairs = flanking_pairs(BOARD, f"D{n}")
        assert len(pairs) == 1 and all(s.ring == "D" for s in pairs[0])
    assert {frozenset(map(str, p)) for p in flanking_pairs(BOARD, "B1")} == {
        frozenset({"A1", c}) for c in ("C1", "C2", "C4")
    }


@given(all_spaces, all_spaces, all_spaces)
def test_being_opposite_is_symmetric_between_the_two_flankers(
    space: Space, a: Space, b: Space
) -> None:
    """ "allies are on opposite sides": which ally stands where does not matter."""
    if BOARD.is_adjacent(space, a) and BOARD.is_adjacent(space, b):
        assert are_opposite(BOARD, space, a, b) == are_opposite(BOARD, space, b, a)
