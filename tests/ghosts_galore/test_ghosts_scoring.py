"""Scoring GG-S1..GG-S13 and the tie-break GG-T on hand-built grids (points worked out in the comments)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.ghosts_galore.board import DEAD, DOOR, OPEN, neighbour, trace
from parlour.games.ghosts_galore.scoring import (
    CATEGORIES,
    dragon_points,
    golem_points,
    score_all,
    score_board,
    winners,
    wisp_points,
)
from parlour.games.ghosts_galore.tiles import tile_set

from .grids import BRIDGE, CURVE, DOUBLE, STRAIGHT, blank, grid, tile


def points(g, players=2, others=()):
    return score_board(g, players, others).by_category()


# --- monsters ---------------------------------------------------------------------------------


def test_gg_s1_dragons_follow_the_table():
    assert [dragon_points(n) for n in range(9)] == [-5, 1, 4, 9, 16, 25, 36, 49, 64]
    # No dragon at all: −5. Three dragons on two tiles: 3² = 9.
    assert points(grid(a1=blank(CURVE)))["dragons"] == -5
    g = grid(a1=tile(CURVE, "dragon", "dragon"), c3=tile(STRAIGHT, "dragon"))
    assert points(g)["dragons"] == 9


def test_gg_s2_ghosts_score_six_each_on_a_track_with_three_or_more():
    # Row 1: three straights W–E form one track a1→c1 with 3 ghosts: 3 × 6 = 18.
    # c3 holds 2 ghosts on a track of their own: 2 × 3 = 6. Total 24.
    g = grid(
        a1=(tile(STRAIGHT, "ghost"), 1),
        b1=(tile(STRAIGHT, "ghost"), 1),
        c1=(tile(STRAIGHT, "ghost"), 1),
        c3=tile(CURVE, "ghost", "ghost"),
    )
    assert points(g)["ghosts"] == 24


def test_gg_s2_ghosts_on_the_other_piece_of_a_bridge_are_on_another_track():
    # a2, b2 (bridge), c2 in a row: the W–E track holds the ghosts of a2 and c2 and of the bridge's
    # E–W piece (piece 1 unrotated): 3 ghosts → 18. A ghost on the bridge's N–S piece is alone: 3.
    g = grid(
        a2=(tile(STRAIGHT, "ghost"), 1),
        b2=tile(BRIDGE, ("ghost", 1), ("ghost", 0)),
        c2=(tile(STRAIGHT, "ghost"), 1),
    )
    assert points(g)["ghosts"] == 18 + 3


def test_gg_s3_only_golems_without_a_golem_beside_them_count():
    assert [golem_points(n) for n in range(6)] == [0, 4, 10, 18, 28, 40]
    # a1 and b1 are side neighbours: neither counts. c3 (1 golem) and a3 (2 golems) stand alone:
    # 3 lone golems → 18.
    g = grid(
        a1=tile(CURVE, "golem"),
        b1=tile(CURVE, "golem"),
        c3=tile(CURVE, "golem"),
        a3=tile(CURVE, "golem", "golem"),
        b2=blank(STRAIGHT),
    )
    assert points(g)["golems"] == 18


def test_gg_s3_diagonal_golems_do_not_disturb_each_other():
    # a1 and b2 touch only at a corner: both count, 2 golems → 10.
    assert points(grid(a1=tile(CURVE, "golem"), b2=tile(CURVE, "golem")))["golems"] == 10


def test_gg_s4_satyrs_score_the_kinds_on_their_track():
    # Row 1 is one track (three W–E straights) holding satyr, ghost, dragon, satyr: kinds
    # {satyr, ghost, dragon} = 3, so each of the 2 satyrs scores 3 → 6. The satyr on c3's own
    # track scores 1 (itself). Total 7.
    g = grid(
        a1=(tile(STRAIGHT, "satyr", "ghost"), 1),
        b1=(tile(STRAIGHT, "dragon"), 1),
        c1=(tile(STRAIGHT, "satyr"), 1),
        c3=tile(CURVE, "satyr"),
    )
    assert points(g)["satyrs"] == 7


def test_gg_s5_skeletons_count_diamond_symbols_not_values():
    # Diamond symbols: [3] and [1, 1] → 3 symbols. 2 skeletons × 3 = 6 (the values, 5, do not matter).
    g = grid(a1=tile(CURVE, "skeleton", diamonds=(3,)), b1=tile(CURVE, "skeleton", diamonds=(1, 1)))
    assert points(g)["skeletons"] == 6
    assert points(g)["diamonds"] == 5


def test_gg_s6_slimes_count_turns_a_double_curve_twice():
    # Turns: curve 1 + double curve 2 + straight 0 + bridge 0 = 3. Two slimes → 6.
    g = grid(a1=tile(CURVE, "slime"), b1=tile(DOUBLE, "slime"), c1=blank(STRAIGHT), a2=blank(BRIDGE))
    assert points(g)["slimes"] == 6


def test_gg_s7_bats_need_a_bat_on_a_side_neighbouring_tile():
    # a1 and b1 are side neighbours: 5 + 5. b3 is beside c3: b3's bat 5, and c3's two bats 5 + 5.
    # All five bats score: 25.
    g = grid(
        a1=tile(CURVE, "bat"),
        b1=tile(CURVE, "bat"),
        c3=tile(CURVE, "bat", "bat"),
        b3=tile(CURVE, "bat"),
    )
    assert points(g)["bats"] == 25
    # Two bats on one tile are not neighbours of each other; a1's bat has no bat beside it: 0.
    alone = grid(c3=tile(CURVE, "bat", "bat"), a1=tile(CURVE, "bat"))
    assert points(alone)["bats"] == 0


def test_gg_s8_werewolves_four_each_and_a_bonus_for_the_most():
    two = grid(a1=tile(CURVE, "werewolf", "werewolf"))
    one = grid(a1=tile(CURVE, "werewolf"))
    none = grid(a1=blank(CURVE))
    # Three players with 2, 2 and 1: the tied leaders both get +10 → 18, 18; the third 4.
    assert [s.by_category()["werewolves"] for s in score_all([two, two, one])] == [18, 18, 4]
    # Two players: the bonus is +5 → 9 and 0.
    assert [s.by_category()["werewolves"] for s in score_all([one, none])] == [9, 0]
    # Nobody has a werewolf: nobody gets a bonus.
    assert [s.by_category()["werewolves"] for s in score_all([none, none, none])] == [0, 0, 0]


def test_gg_s9_wisps_score_by_how_many_you_have():
    # 3 wisps × 3 = 9; 4 × 4 = 16; 6 × 4 = 24; 7 × 5 = 35.
    assert [wisp_points(n) for n in (0, 3, 4, 6, 7)] == [0, 9, 16, 24, 35]
    g = grid(a1=tile(CURVE, "wisp", "wisp", "wisp"), b2=tile(CURVE, "wisp"))
    assert points(g)["wisps"] == 16


def test_gg_s10_diamonds_add_their_values():
    g = grid(a1=tile(CURVE, diamonds=(3, 2)), c3=tile(STRAIGHT, diamonds=(1,)))
    assert points(g)["diamonds"] == 6


# --- doors and tracks -------------------------------------------------------------------------


def test_gg_s11_bone_route_scores_two_per_segment():
    # a1 curve W–S (r2) and a2 curve N–W (r3): bone door → a1 → a2 → bone door, 2 segments → 4.
    g = grid(a1=(blank(CURVE), 2), a2=(blank(CURVE), 3))
    assert points(g)["bone-doors"] == 4
    # The long way: a1 straight W–E, b1 curve W–S, b2 curve N–W, a2 straight E–W: 4 segments → 8.
    g = grid(a1=(blank(STRAIGHT), 1), b1=(blank(CURVE), 2), b2=(blank(CURVE), 3), a2=(blank(STRAIGHT), 1))
    sheet = score_board(g, 2)
    assert sheet.by_category()["bone-doors"] == 8
    assert [t.category for t in sheet.tracks] == ["bone-doors"] and sheet.tracks[0].track.segments == 4


def test_gg_s12_tooth_route_scores_two_per_segment():
    # c2 curve E–S (r1), c3 curve N–E (r0): tooth → c2 → c3 → tooth, 2 segments → 4.
    g = grid(c2=(blank(CURVE), 1), c3=blank(CURVE))
    assert points(g)["tooth-doors"] == 4 and points(g)["other-tracks"] == 0


def test_gg_s13_other_door_to_door_tracks_score_one_per_segment():
    # Column a, three N–S straights: the plain door north of a1 to the plain door south of a3, 3 segments → 3.
    g = grid(a1=blank(STRAIGHT), a2=blank(STRAIGHT), a3=blank(STRAIGHT))
    assert points(g)["other-tracks"] == 3


def test_gg_s13_a_track_touching_both_special_doors_is_an_other_track():
    # Row 2 of W–E straights runs from the bone door (west of a2) to the tooth door (east of c2):
    # not a bone route, not a tooth route: 3 segments × 1 = 3.
    g = grid(a2=(blank(STRAIGHT), 1), b2=(blank(STRAIGHT), 1), c2=(blank(STRAIGHT), 1))
    assert points(g)["other-tracks"] == 3
    assert points(g)["bone-doors"] == points(g)["tooth-doors"] == 0


def test_gg_s13_tracks_reaching_one_door_or_none_score_nothing():
    # a1 N–S straight from the plain door north of a1 runs into a2, a W–E straight with no track
    # at its north side: a dead end, so the track reaches one door only → 0. a2's own track goes
    # from the bone door to b2's west side, which has a N–S straight: another dead end → 0.
    # b2's N–S straight ends at b1 (free) and b3 (free): no door at all.
    g = grid(a1=blank(STRAIGHT), a2=(blank(STRAIGHT), 1), b2=blank(STRAIGHT))
    sheet = score_board(g, 2)
    assert sheet.by_category()["other-tracks"] == sheet.by_category()["bone-doors"] == 0
    assert sorted((e.cell, e.side) for e in sheet.dead_ends) == [(0, 2), (3, 1)]


def test_bridge_crosses_without_joining():
    # Row 2: a2 straight W–E, b2 bridge, c2 straight W–E: bone door → tooth door, 3 segments (other: 3).
    # Column b: b1 straight N–S, the bridge's N–S piece, b3 straight N–S: plain → plain, 3 segments (3).
    # Two separate tracks of 3, not one crossing of 5: other-tracks 6.
    g = grid(
        a2=(blank(STRAIGHT), 1),
        b2=blank(BRIDGE),
        c2=(blank(STRAIGHT), 1),
        b1=blank(STRAIGHT),
        b3=blank(STRAIGHT),
    )
    tracks = trace(g)
    assert sorted(t.segments for t in tracks) == [3, 3]
    assert points(g)["other-tracks"] == 6


def test_double_curve_carries_two_tracks():
    # b2 double curve unrotated: N–E and S–W. b1 N–S straight → b2 N–E → c2 W–E straight: plain door
    # north of b1 to the tooth door east of c2, 3 segments → 3. a2 W–E straight → b2 W–S → b3 N–S
    # straight: bone door to the plain door south of b3, 3 segments → 3. One slime: 2 turns → 2.
    g = grid(
        b1=blank(STRAIGHT),
        b2=tile(DOUBLE, "slime"),
        c2=(blank(STRAIGHT), 1),
        a2=(blank(STRAIGHT), 1),
        b3=blank(STRAIGHT),
    )
    p = points(g)
    assert p["other-tracks"] == 6 and p["slimes"] == 2
    assert sorted(t.doors for t in trace(g)) == [("bone", "plain"), ("plain", "tooth")]


def test_a_loop_has_no_ends_and_scores_no_track_points():
    # a1 curve E–S (r1), b1 curve S–W (r2), b2 curve W–N (r3), a2 curve N–E (r0): a closed loop of 4.
    # Ghosts on it: 3 → 6 each = 18; a satyr on it sees {satyr, ghost} → 2.
    g = grid(
        a1=(tile(CURVE, "ghost"), 1),
        b1=(tile(CURVE, "ghost"), 2),
        b2=(tile(CURVE, "ghost", "satyr"), 3),
        a2=(blank(CURVE), 0),
    )
    (loop,) = trace(g)
    assert loop.is_loop and loop.segments == 4
    p = points(g)
    assert p["ghosts"] == 18 and p["satyrs"] == 2
    assert p["other-tracks"] == p["bone-doors"] == p["tooth-doors"] == 0
    assert score_board(g, 2).dead_ends == ()


def test_partial_grid_tracks_facing_a_free_cell_are_open_not_dead():
    g = grid(a1=blank(STRAIGHT))
    (track,) = trace(g)
    assert sorted(e.kind for e in track.ends) == [DOOR, OPEN]
    assert score_board(g, 2).dead_ends == ()


# --- tie-break --------------------------------------------------------------------------------


def test_gg_t_fewer_dead_ends_breaks_a_tie_then_the_win_is_shared():
    # All three boards score −5 (no dragon, nothing else). A has a dead end (a1's south end meets
    # a2's W–E straight); B and C have none.
    a = grid(a1=blank(STRAIGHT), a2=(blank(STRAIGHT), 1))
    b = grid(a1=blank(STRAIGHT), a2=blank(STRAIGHT))
    sheets = score_all([a, b])
    assert [s.total for s in sheets] == [-5, -5]
    assert winners(sheets) == ((1,), "ghosts-galore.end.fewer-dead-ends")
    assert winners(score_all([a, b, b])) == ((1, 2), "ghosts-galore.end.shared")
    rich = grid(a1=tile(CURVE, "dragon"))
    assert winners(score_all([a, rich])) == ((1,), "ghosts-galore.end.highest-score")


# --- properties -------------------------------------------------------------------------------

placements = st.tuples(st.integers(0, len(tile_set()) - 1), st.integers(0, 3))
full_grids = st.lists(placements, min_size=9, max_size=9, unique_by=lambda p: p[0]).map(
    lambda ps: tuple((tile_set()[t], r) for t, r in ps)
)
partial_grids = st.lists(st.one_of(st.none(), placements), min_size=9, max_size=9).map(
    lambda ps: tuple(None if p is None else (tile_set()[p[0]], p[1]) for p in ps)
)


@settings(max_examples=80, deadline=None)
@given(g=st.one_of(full_grids, partial_grids), players=st.integers(2, 5))
def test_score_is_the_sum_of_the_thirteen_categories(g, players):
    sheet = score_board(g, players, [1] * (players - 1))
    assert len(sheet.points) == len(CATEGORIES) == 13
    assert sheet.total == sum(sheet.by_category().values())
    assert sheet.to_json()["total"] == sheet.total


@settings(max_examples=60, deadline=None)
@given(g=full_grids, cell=st.integers(0, 8))
def test_rotating_a_tile_four_times_changes_nothing(g, cell):
    turned = g
    for _ in range(4):
        t, r = turned[cell]
        turned = tuple((t, (r + 1) % 4) if c == cell else p for c, p in enumerate(turned))
    assert turned == g
    assert score_board(turned, 3).to_json() == score_board(g, 3).to_json()
    t, r = g[cell]
    assert t.pieces_rotated(r + 4) == t.pieces_rotated(r)


@settings(max_examples=60, deadline=None)
@given(g=full_grids)
def test_dead_ends_are_the_unmatched_track_ends_between_tiles(g):
    # Count independently: every inside edge where exactly one of the two tiles shows a track end.
    expected = 0
    for cell, (t, r) in enumerate(g):
        for side in range(4):
            other = neighbour(cell, side)
            if other is None or t.ends[r][side] < 0:
                continue
            u, q = g[other]
            expected += u.ends[q][(side + 2) % 4] < 0
    assert len(score_board(g, 2).dead_ends) == expected
    assert all(e.kind == DEAD for e in score_board(g, 2).dead_ends)
    # On a full grid no track end is open: every end is a door or a dead end (or it is a loop).
    assert all(e.kind != OPEN for t in trace(g) for e in t.ends)
