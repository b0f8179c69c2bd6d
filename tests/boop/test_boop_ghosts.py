"""Ghost cats: BP-12..BP-19 and BP-D5."""

from __future__ import annotations

import pytest

from parlour.engine import IllegalMove
from parlour.games.boop import GAME

from .helpers import cells, kinds, make, of_kind, play


def test_bp_12_ghosts_block_nothing_and_lines_form_through_them():
    # Orange's ghost sits on c3|d3. A boop carries c3 across it, and b3-c3-d3 lines up through it.
    start = make({"c3": "p"}, ghosts="-/top-c+3", side="o")
    state, events = play(start, "k@b3")
    assert cells(state) == {"b3": "o", "d3": "p"}
    assert state.ghosts == start.ghosts  # ghosts cannot be booped
    state, events = play(make({"b3": "o", "c3": "o"}, ghosts="-/top-c+3"), "k@d3")
    assert of_kind(events, "graduate")[0]["cells"] == ["b3", "c3", "d3"]


def test_bp_13_ghost_entry_is_optional_at_the_end_of_the_turn_on_20_edge_seams():
    state, events = play(make({}), "k@c3")
    assert state.phase == "ghost" and kinds(events) == ["placed"]
    assert [e["move"] for e in GAME.ghost_entries(state)][-1] == "g:-"
    assert {e["entry"].split("-")[0] for e in GAME.ghost_entries(state) if e["entry"]} == {
        "top",
        "right",
        "bottom",
        "left",
    }
    skipped, events = play(state, "g:-")
    assert skipped.ghosts == (-1, -1) and skipped.mover == 1 and of_kind(events, "pass")[0]["step"] == "ghost"
    entered, _ = play(state, "g:left-2")
    assert GAME.info(entered)["players"][0]["ghost"] == {
        "entry": "left-2",
        "step": 0,
        "segment": ["a2", "a3"],
        "heading": "right",
        "leaves_next": False,
    }


def test_bp_13_no_entry_question_while_the_ghost_is_on_the_bed():
    state, events = play(make({}, ghosts="left-2+0/-"), "k@f6")
    assert state.mover == 1 and "ghost-move" in kinds(events)


def test_bp_14_ghost_moves_one_segment_at_the_end_of_each_owners_turn_only():
    state, _ = play(make({}, ghosts="left-2+0/-"), "k@f6")
    assert state.ghosts[0] == GAME.from_position("6/6/6/6/6/6 8k0c/8k0c 8/8 left-2+1/- o place").ghosts[0]
    after_purple, _ = play(state, "k@a6", "g:-")
    assert after_purple.ghosts == state.ghosts  # purple's turn does not move orange's ghost
    later, _ = play(after_purple, "k@f1")
    assert GAME.info(later)["players"][0]["ghost"]["step"] == 2


def test_bp_15_ghost_boops_the_pieces_on_both_sides_of_its_seam_any_colour_and_kind():
    start = make({"c2": "P", "c3": "o"}, ghosts="left-2+1/-")
    state, events = play(start, "k@f6")
    assert cells(state) == {"c1": "P", "c4": "o", "f6": "o"}
    assert [(b["from"], b["to"], b["by"]) for b in of_kind(events, "boop")] == [
        ("c2", "c1", "ghost"),
        ("c3", "c4", "ghost"),
    ]


def test_bp_16_booo_a_blocked_piece_jumps_to_the_first_empty_cell():
    start = make({"c3": "o", "c4": "p", "c5": "o", "c1": "p"}, ghosts="left-2+1/-")
    state, events = play(start, "k@f6")
    # c3 jumps over c4 and c5 to c6; c2 is empty so nothing on that side.
    assert cells(state) == {"c6": "o", "c4": "p", "c5": "o", "c1": "p", "f6": "o"}
    assert of_kind(events, "booo")[0]["over"] == ["c4", "c5"]


def test_bp_17_a_ghost_skips_the_segment_of_another_ghost_and_boops_only_where_it_stops():
    # Purple's ghost (bottom-c+3) is on c4|d4, just ahead of orange's (top-c+1 on c5|d5).
    start = make({"c4": "p", "d4": "p", "c3": "o", "d3": "p"}, ghosts="top-c+1/bottom-c+3")
    state, events = play(start, "k@a6")
    move = of_kind(events, "ghost-move")[0]
    assert move["to"] == ["c3", "d3"] and move["skipped"] == [["c4", "d4"]]
    assert cells(state) == {"c4": "p", "d4": "p", "b3": "o", "e3": "p", "a6": "o"}


def test_bp_17_a_ghost_that_would_skip_past_the_edge_leaves_the_bed():
    state, events = play(make({}, ghosts="top-c+4/bottom-c+0"), "k@a6")
    assert kinds(events)[-2:] == ["ghost-leave", "turn"]
    assert state.ghosts[0] == -1


def test_bp_18_ghost_on_its_last_segment_leaves_returns_to_the_pool_and_waits_a_turn():
    start = make({"c1": "p"}, ghosts="top-c+5/-")
    assert GAME.info(start)["players"][0]["ghost"]["leaves_next"]
    state, events = play(start, "k@a6")
    assert "ghost-leave" in kinds(events) and "boop" not in kinds(events)  # leaving boops nothing (BP-D5)
    assert state.ghosts[0] == -1 and state.mover == 1  # no entry question this turn
    assert cells(state)["c1"] == "p"
    state, _ = play(state, "k@f1", "g:-", "k@f6")
    assert state.phase == "ghost"  # next turn the ghost may come in again


def test_bp_18_a_returned_ghost_cannot_be_placed_the_same_turn():
    start = make({"b3": "o", "c3": "o", "d1": "o", "d2": "o"}, ghosts="top-e+5/-")
    state, _ = play(start, "k@d3")
    assert state.phase == "grad-a"
    state, events = play(state, "x:b3-c3-d3")
    assert "ghost-leave" in kinds(events) and state.mover == 1


def test_bp_19_a_line_the_opponents_ghost_made_waits_for_the_end_of_the_next_turn():
    # Purple's ghost pushes orange's c3 up to c4: b4-c4-d4 is orange's, but it is purple's turn.
    start = make({"b4": "o", "d4": "o", "c3": "o"}, side="p", ghosts="-/left-2+1")
    state, events = play(start, "k@f1")
    assert {"b4", "c4", "d4"} <= set(cells(state)) and not of_kind(events, "graduate")
    assert GAME.info(state)["waiting_lines"] == ["b4-c4-d4"]
    # Orange's turn: nothing happens after the placement; at the end the line graduates.
    state, events = play(state, "k@a1")
    assert state.phase == "ghost" and not of_kind(events, "graduate")
    state, events = play(state, "g:-")
    assert of_kind(events, "graduate")[0]["cells"] == ["b4", "c4", "d4"]
    assert kinds(events) == ["pass", "graduate", "turn"]


def test_bp_19_the_waiting_line_does_not_graduate_if_it_is_gone_at_the_end_of_the_turn():
    # As above, but orange's own ghost (left-3+1, on b3|b4) moves to c3|c4 and pushes c4 up.
    start = make({"b4": "o", "d4": "o", "c3": "o"}, side="p", ghosts="left-3+1/left-2+1")
    state, _ = play(start, "k@f1")
    state, events = play(state, "k@a1")
    assert not of_kind(events, "graduate") and cells(state)["c5"] == "o"
    assert state.mover == 1


def test_bp_19_waiting_line_refused_right_after_the_placement():
    # Purple's ghost (now on c5|c6, it has moved) made b4-c4-d4 last turn; orange's placement made a1-b1-c1.
    state = make(
        {"b4": "o", "c4": "o", "d4": "o", "a1": "o", "b1": "o", "c1": "o", "f6": "o", "f5": "o"},
        ghosts="-/left-5+2",
        phase="grad-a",
        extra="- b4-c4-d4",
    )
    assert "x:b4-c4-d4" not in GAME.legal_moves(state, 0) and "x:a1-b1-c1" in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, "x:b4-c4-d4")
    assert (err.value.code, err.value.rule) == ("boop.illegal.line-waits", "BP-19")


def test_bp_19_bp_8_a_waiting_line_in_a_longer_row_is_one_of_the_triples_to_choose():
    # Purple's ghost made b4-c4-d4 for orange; orange extends it to a row of four with e4.
    # The rulebook: with a row of more than three the player chooses which three (docs/decisions/0013).
    start = make({"b4": "o", "d4": "o", "c3": "o"}, side="p", ghosts="-/left-2+1")
    state, _ = play(start, "k@f1")
    assert GAME.info(state)["waiting_lines"] == ["b4-c4-d4"]
    state, events = play(state, "k@e4")
    assert state.phase == "grad-a" and not of_kind(events, "graduate")
    assert [c["move"] for c in GAME.graduation_choices(state)] == ["x:b4-c4-d4", "x:c4-d4-e4"]
    kept_left, _ = play(state, "x:c4-d4-e4")
    assert {"b4"} <= set(cells(kept_left)) and not {"c4", "d4", "e4"} & set(cells(kept_left))
    kept_right, _ = play(state, "x:b4-c4-d4")
    assert "e4" in cells(kept_right) and not {"b4", "c4", "d4"} & set(cells(kept_right))


def test_bp_19_a_line_the_opponents_placement_made_graduates_right_after_the_boops():
    # The waiting rule speaks of ghosts only (docs/decisions/0015). Orange's placement boops purple's
    # c4 to c5, lining up c5-d5-e5: on purple's turn it graduates after purple's own boops.
    start = make({"c4": "p", "d5": "p", "e5": "p"})
    state, events = play(start, "k@c3", "g:-")
    assert not of_kind(events, "graduate") and GAME.info(state)["waiting_lines"] == []
    state, events = play(state, "k@a1")
    assert of_kind(events, "graduate")[0]["cells"] == ["c5", "d5", "e5"]
    assert state.phase == "ghost" and kinds(events)[-1] == "graduate"  # before purple's ghost question


def test_bp_d5_ghost_entry_boops_nothing():
    start = make({"a2": "p", "a3": "p"})
    state, events = play(start, "k@f6", "g:left-2")
    assert cells(state) == {"a2": "p", "a3": "p", "f6": "o"} and "boop" not in kinds(events)


def test_bp_17_entry_onto_the_other_ghosts_segment_is_refused():
    state, _ = play(make({}, ghosts="-/bottom-c+5"), "k@a1")
    assert "g:top-c" not in GAME.legal_moves(state, 0) and len(GAME.ghost_entries(state)) == 20
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, "g:top-c")
    assert (err.value.code, err.value.rule) == ("boop.illegal.segment-taken", "BP-17")
