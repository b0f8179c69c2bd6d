"""Notation (BP-D6): exact examples, malformed moves and bad positions."""

from __future__ import annotations

import pytest

from parlour.engine import IllegalMove, MalformedMove, Match
from parlour.games.boop import GAME

from .helpers import make, play

START = "6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place"


def test_bp_d6_start_position_and_cell_names():
    state = Match.new(GAME, 2, seed=0).state
    assert GAME.position(state) == START
    placed, _ = play(state, "k@a1", "g:-", "k@f6")
    assert GAME.position(placed).split()[0] == "5p/6/6/6/6/o5"


def test_bp_d6_move_notation_examples():
    for text in ("k@c3", "c@f6", "x:c3-d4-e5", "x:c3", "x:-", "g:top-c", "g:left-5", "g:-"):
        assert GAME.decode_move(text) == text
    assert GAME.decode_move("x:e5-c3-d4") == "x:c3-d4-e5"  # cells kept in one order


def test_bp_d6_ghost_entry_names_and_their_segments():
    names = {e["entry"]: e["segment"] for e in GAME.ghost_entries(play(make({}), "k@a1")[0]) if e["entry"]}
    assert names["top-c"] == ["c6", "d6"] and names["bottom-a"] == ["a1", "b1"]
    assert names["left-2"] == ["a2", "a3"] and names["right-5"] == ["f5", "f6"]


def test_bp_d6_pending_phase_flags_and_held_lines_are_written():
    state, _ = play(make({"b3": "o", "c3": "o", "d1": "o", "d2": "o"}), "k@d3")
    text = GAME.position(state)
    assert text.endswith("o grad-a")
    state, _ = play(state, "x:b3-c3-d3")
    assert GAME.position(state).endswith("o ghost g -")
    won, _ = play(make({"b3": "O", "c3": "O"}, pool_cats=(1, 0)), "c@d3")
    assert GAME.position(won).endswith("o win-line")


@pytest.mark.parametrize(
    "move",
    [
        "",
        "k@",
        "k@g1",
        "k@a7",
        "q@a1",
        "x:",
        "x:a1-a2",
        "x:a1-a1-a2",
        "g:top-f",
        "g:middle-a",
        "g:",
        3,
        None,
        ["k@a1"],
        "k@a1 ",
    ],
)
def test_bp_d6_malformed_moves_are_refused_as_malformed(move):
    with pytest.raises(MalformedMove) as err:
        GAME.decode_move(move)
    assert err.value.code == "boop.malformed" and err.value.rule == "BP-D6"
    state = make({})
    before = GAME.state_hash(state)
    with pytest.raises(MalformedMove):
        GAME.apply(state, 0, move)
    assert GAME.state_hash(state) == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "6/6/6/6/6 8k0c/8k0c 8/8 -/- o place",
        "7/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place",
        "x5/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place",
        "o5/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place",
        "6/6/6/6/6/6 8k0c/8k0c 8/8 -/- x place",
        "6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o dance",
        "6/6/6/6/6/6 8k0c/8k0c 8/8 top-f+0/- o place",
        "6/6/6/6/6/6 8k0c/8k0c 8/8 top-c+0/bottom-c+5 o place",
        "6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place q -",
        "6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place - a1-b2-d4",
    ],
)
def test_bp_d6_bad_positions_raise_value_error(text):
    with pytest.raises(ValueError):
        GAME.from_position(text)
    with pytest.raises(ValueError):
        GAME.decode_state({"position": text})


def test_not_your_turn_and_game_over_are_refused():
    state = make({})
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, "k@a1")
    assert err.value.code == "engine.not-your-turn"
    won, _ = play(make({"b3": "O", "c3": "O"}, pool_cats=(1, 0)), "c@d3")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(won, 0, "k@a1")
    assert err.value.code == "engine.game-over"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # A graduation phase with nothing to choose, or with one compulsory choice (made at once).
        ("6/6/6/6/6/o5 7k0c/8k0c 8/8 -/- o grad-a", "grad-a with nothing to graduate"),
        ("6/6/6/6/1ooo2/6 5k0c/8k0c 8/8 -/- o grad-a", "single compulsory graduation"),
        ("6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o grad-b", "grad-b without a choice"),
        # The ghost question while the ghost is on the bed, or in the turn it came back (BP-13, BP-18).
        ("6/6/6/6/6/o5 7k0c/8k0c 8/8 top-c+1/- o ghost", "ghost is on the bed"),
        ("6/6/6/6/6/o5 7k0c/8k0c 8/8 -/- o ghost r -", "the turn the ghost came back"),
        # Wins with nothing to show for them (BP-20), and flags on a finished game.
        ("6/6/6/6/6/o5 7k0c/8k0c 8/8 -/- o win-line", "no three cats in a row"),
        ("6/6/6/6/6/o5 7k0c/8k0c 8/8 -/- o win-all-cats", "all 8 of the winner's cats"),
        ("6/6/6/OOO3/6/6 5k0c/8k0c 5/8 -/- o win-line g -", "no flags"),
        # A turn that begins with flags set, or after the other player has already won.
        ("6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place g -", "flags are reset"),
        ("6/6/6/PPP3/6/6 8k0c/5k0c 8/5 -/- o place", "has won"),
        # Waiting lines (BP-19) that are not lines, or that no ghost made.
        ("6/6/6/6/1ooo2/6 5k0c/8k0c 8/8 -/left-5+2 o place - b3-c3-d3", "not a line of the mover's"),
        ("6/6/6/6/1ooo2/6 5k0c/8k0c 8/8 -/- o place - b2-c2-d2", "ghost, which has not moved"),
        ("6/6/6/6/1ooo2/6 5k0c/8k0c 8/8 -/left-5+2 o place - b2-c2-d2,b2-c2-d2", "listed twice"),
        # Non-canonical spellings: one text per position.
        ("33/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place", "canonical"),
        ("6/6/6/6/6/1o22 7k0c/8k0c 8/8 -/- p place", "canonical"),
        ("6/6/6/6/6/6 8k0c/8k0c 8/8 -/- o place - -", "canonical"),
        ("6/6/6/6/6/6  8k0c/8k0c 8/8 -/- o place", "canonical"),
        ("6/6/6/6/6/6 8k0c/8k0c 08/8 -/- o place", "canonical"),
    ],
)
def test_bp_d6_positions_no_rule_allows_are_refused_with_the_reason(text, reason):
    with pytest.raises(ValueError, match=reason):
        GAME.from_position(text)
    with pytest.raises(ValueError, match=reason):
        GAME.decode_state({"position": text})


def test_bp_d6_a_view_is_decoded_only_when_its_fields_match_its_position():
    state, _ = play(make({"b3": "o", "c3": "o", "d1": "o", "d2": "o"}), "k@d3")
    view = GAME.view(state, 1)
    assert GAME.decode_state(view) == state
    for field, lie in (("phase", "ghost"), ("mover", 1), ("pieces", {}), ("extra", 1)):
        with pytest.raises(ValueError, match="do not match"):
            GAME.decode_state({**view, field: lie})
