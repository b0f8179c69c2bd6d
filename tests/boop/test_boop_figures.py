"""Every figure of the rulebook (мал. 1а, 1б, 2..8) as a scenario built from the position notation."""

from __future__ import annotations

from parlour.games.boop import GAME

from .helpers import cells, kinds, make, of_kind, play


def test_figure_1a_bp3_placed_kitten_boops_every_neighbour_one_cell_away():
    # An orange kitten lands among four kittens: none forms a line, all are pushed away (мал. 1а).
    start = GAME.from_position("6/6/1p4/3o2/2po2/6 6k0c/6k0c 8/8 -/- o place")
    state, events = play(start, "k@c3")
    assert cells(state) == {"c3": "o", "a5": "p", "e3": "o", "c1": "p", "e1": "o"}
    assert not of_kind(events, "graduate")
    assert [(b["from"], b["to"]) for b in of_kind(events, "boop")] == [
        ("c2", "c1"),
        ("d2", "e1"),
        ("d3", "e3"),
        ("b4", "a5"),
    ]


def test_figure_1b_bp4_bp5_boop_off_the_bed_and_no_chain_reaction():
    # a1 is pushed off the bed into purple's pool; c3 moves to d4 but kitten (a) on e5 stays (мал. 1б).
    start = make({"a1": "p", "c3": "p", "e5": "o"})
    state, events = play(start, "k@b2")
    assert cells(state) == {"b2": "o", "d4": "p", "e5": "o"}
    assert state.pool_kittens == (7 - 1 + 0, 7)  # orange placed one; purple got a1 back
    assert of_kind(events, "returned") == [{"from": "a1", "player": 1, "colour": "purple", "piece": "kitten"}]


def test_figure_2_bp6_two_in_a_row_cannot_be_pushed_by_a_third_in_line():
    # Purple places on b2 in line with orange c3-d4: c3 is blocked by d4; kitten (b) on b3 moves (мал. 2).
    start = make({"c3": "o", "d4": "o", "b3": "o"}, side="p")
    state, events = play(start, "k@b2")
    assert cells(state) == {"b2": "p", "c3": "o", "d4": "o", "b4": "o"}
    assert of_kind(events, "blocked")[0]["cell"] == "c3"
    # Had orange placed there instead, b2-c3-d4 would be three orange kittens in a row.
    state, events = play(make({"c3": "o", "d4": "o", "b3": "o"}), "k@b2")
    assert of_kind(events, "graduate")[0]["cells"] == ["b2", "c3", "d4"]


def test_figure_3_bp8_three_kittens_in_a_row_graduate_into_three_cats():
    start = make({"b3": "o", "c3": "o", "e5": "p"})
    state, events = play(start, "k@d3")
    assert cells(state) == {"e5": "p"}
    assert state.pool_cats[0] == 3 and state.reserve[0] == 5 and state.pool_kittens[0] == 5
    grad = of_kind(events, "graduate")[0]
    assert grad["kittens"] == ["b3", "c3", "d3"] and grad["from_reserve"] == 3


def test_figure_4_bp8_several_lines_the_player_chooses_one_and_the_rest_stay():
    start = make({"b3": "o", "c3": "o", "d1": "o", "d2": "o"})
    state, _ = play(start, "k@d3")
    assert state.phase == "grad-a"
    assert sorted(GAME.legal_moves(state, 0)) == ["x:b3-c3-d3", "x:d1-d2-d3"]
    state, events = play(state, "x:d1-d2-d3")
    assert cells(state) == {"b3": "o", "c3": "o"}
    assert of_kind(events, "graduate")[0]["cells"] == ["d1", "d2", "d3"]


def test_figure_5_bp8_a_line_with_a_cat_graduates_whole_kittens_become_cats():
    start = make({"b3": "O", "c3": "o"})
    assert start.reserve[0] == 7 and start.pool_kittens[0] == 6
    state, events = play(start, "k@d3")
    assert cells(state) == {}
    assert state.pool_cats[0] == 3 and state.reserve[0] == 5
    grad = of_kind(events, "graduate")[0]
    assert grad["cats"] == ["b3"] and grad["kittens"] == ["c3", "d3"] and grad["from_reserve"] == 2


def test_figure_6_bp13_ghost_enters_between_two_edge_cells_and_boops_nothing():
    start = make({"c6": "p", "d6": "o", "c5": "p"})
    state, _ = play(start, "k@a1")
    assert state.phase == "ghost"
    entries = [e["entry"] for e in GAME.ghost_entries(state) if e["entry"]]
    assert len(entries) == 20 and "top-c" in entries
    state, events = play(state, "g:top-c")
    assert kinds(events) == ["ghost-enter", "turn"]
    assert of_kind(events, "ghost-enter")[0]["segment"] == ["c6", "d6"]
    assert cells(state) == {"a1": "o", "c6": "p", "d6": "o", "c5": "p"}  # мал. 6а: nobody moves


def test_figure_7_bp15_ghost_boops_perpendicular_to_its_seam_never_diagonally():
    # Orange's ghost moves from c5|d5 to c4|d4: c4 goes left, d4 right; c3, d5 (diagonal) stay.
    start = make({"c4": "p", "d4": "o", "c3": "p", "d5": "o", "c5": "p"}, ghosts="top-c+1/-")
    state, events = play(start, "k@a1")
    assert cells(state) == {"a1": "o", "b4": "p", "e4": "o", "c3": "p", "d5": "o", "c5": "p"}
    move = of_kind(events, "ghost-move")[0]
    assert move["from"] == ["c5", "d5"] and move["to"] == ["c4", "d4"]


def test_figure_8_bp16_booo_jumps_over_the_blocking_run_or_off_the_bed():
    # c4 is pushed left over b4 to a4; d4 is pushed right over e4 and f4, off the bed into its pool.
    start = make({"c4": "p", "b4": "o", "d4": "p", "e4": "o", "f4": "p"}, ghosts="top-c+1/-")
    state, events = play(start, "k@a1")
    assert cells(state) == {"a1": "o", "a4": "p", "b4": "o", "e4": "o", "f4": "p"}
    jumps = of_kind(events, "booo")
    assert (jumps[0]["from"], jumps[0]["to"], jumps[0]["over"]) == ("c4", "a4", ["b4"])
    assert (jumps[1]["from"], jumps[1]["to"], jumps[1]["over"]) == ("d4", None, ["e4", "f4"])
    assert state.pool_kittens[1] == start.pool_kittens[1] + 1
