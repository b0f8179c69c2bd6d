"""Winning and the order of a turn: BP-20, BP-21, BP-D1, BP-D2."""

from __future__ import annotations

from parlour.games.boop import GAME

from .helpers import cells, kinds, make, of_kind, play


def test_bp_20_three_cats_in_a_row_win():
    start = make({"b3": "O", "c3": "O"}, pool_cats=(1, 0))
    state, events = play(start, "c@d3")
    assert GAME.outcome(state).winners == (0,) and GAME.outcome(state).reason == "boop.end.line"
    assert of_kind(events, "win")[0]["cells"] == ["b3", "c3", "d3"]
    assert cells(state)["d3"] == "O"  # a winning line is not graduated (BP-D2)
    assert GAME.to_act(state) == () and GAME.legal_moves(state, 0) == []


def test_bp_20_all_eight_cats_on_the_bed_win():
    cats = {"a1": "O", "c1": "O", "e1": "O", "a4": "O", "c4": "O", "e4": "O", "b6": "O"}
    start = make(cats, pool_cats=(1, 0))
    assert start.reserve[0] == 0
    state, events = play(start, "c@f6")
    assert GAME.outcome(state).reason == "boop.end.all-cats" and of_kind(events, "win")[0]["cells"] == []


def test_bp_21_win_checked_only_after_the_ghost_acted_a_broken_line_does_not_win():
    # The placement makes b4-c4-d4 of cats, then orange's ghost moves to c4|d4 and breaks it.
    start = make({"b4": "O", "c4": "O"}, pool_cats=(1, 0), ghosts="top-c+1/-")
    state, events = play(start, "c@d4")
    assert GAME.outcome(state) is None and state.mover == 1
    assert "ghost-move" in kinds(events) and "win" not in kinds(events)


def test_bp_21_a_line_the_ghost_completes_wins():
    start = make({"b2": "O", "c3": "O", "d3": "O"}, ghosts="left-2+2/-")
    state, events = play(start, "k@f6")
    assert cells(state)["d4"] == "O"
    assert GAME.outcome(state).winners == (0,)
    assert kinds(events)[-1] == "win"


def test_bp_d1_order_place_boops_graduate_ghost_then_win_check():
    start = make({"b1": "o", "c1": "o", "d2": "p", "c3": "o"}, ghosts="left-2+1/-")
    _state, events = play(start, "k@d1")
    assert kinds(events) == ["placed", "blocked", "boop", "graduate", "ghost-move", "boop", "turn"]
    assert of_kind(events, "boop")[0]["from"] == "d2" and of_kind(events, "boop")[1]["from"] == "c3"


def test_bp_d1_each_decision_is_its_own_move_and_the_mover_keeps_acting():
    start = make({"b3": "o", "c3": "o", "d1": "o", "d2": "o"})
    state, _ = play(start, "k@d3")
    assert (state.phase, GAME.to_act(state)) == ("grad-a", (0,))
    state, _ = play(state, "x:b3-c3-d3")
    assert (state.phase, GAME.to_act(state)) == ("ghost", (0,))
    state, _ = play(state, "g:-")
    assert (state.phase, GAME.to_act(state)) == ("place", (1,))


def test_bp_d2_a_line_of_the_opponents_cats_made_in_my_turn_wins_only_at_the_end_of_theirs():
    # Orange's cat boops purple's cat from c4 to c5: purple's c5-d5-e5 stands, but it is orange's turn.
    start = make({"c4": "P", "d5": "P", "e5": "P"}, pool_cats=(1, 0))
    state, events = play(start, "c@c3", "g:-")
    assert cells(state)["c5"] == "P" and GAME.outcome(state) is None and state.mover == 1
    state, events = play(state, "k@a1")  # no ghost question: the win is already certain
    assert GAME.outcome(state).winners == (1,) and of_kind(events, "win")[0]["cells"] == ["c5", "d5", "e5"]


def test_bp_d2_graduation_and_wins_are_judged_for_the_mover_only():
    # Orange's placement boops a purple kitten into line c5-d5-e5: it does not graduate on orange's turn.
    start = make({"c4": "p", "d5": "p", "e5": "p"})
    state, events = play(start, "k@c3")
    assert not of_kind(events, "graduate") and {"c5", "d5", "e5"} <= set(cells(state))
