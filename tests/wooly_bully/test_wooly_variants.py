"""The variants WB-V1..WB-V5, alone and together."""

from __future__ import annotations

import pytest

from parlour.engine import IllegalMove, Match
from parlour.games.wooly_bully import GAME
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.bots import RandomBot, ShepherdBot
from parlour.games.wooly_bully.play import play_match
from wooly_bully.wooly_helpers import BLACK, DEEP_FOREST, HUNTERS, RED, WOLVES, YELLOW, S, built, tid

CAP_B, CAP_Y, CAP_R = tid("cap", BLACK), tid("cap", YELLOW), tid("cap", RED)
CAP2_B = tid("cap-2", BLACK)
# A gap at (41, 0) between forests on three sides: a tile there touches three.
THREE = [((40, 0), DEEP_FOREST, 0), ((42, 0), HUNTERS[2], 0), ((41, -1), HUNTERS[0], 0)]
TWO_CAPS_B = tid("two-caps", BLACK)


def play(state, player, text):
    return GAME.apply(state, player, GAME.decode_move(text))


def test_variants_are_game_options_off_by_default():
    assert {o.name: o.default for o in GAME.options} == {
        "hand_limit": False,
        "single_draw": False,
        "all_pastures": False,
        "hungry_wolf": False,
        "multi_play": False,
    }
    with pytest.raises(ValueError):
        Match.new(GAME, 2, {"hand_limit": "yes"})


def test_wb_v1_hand_limit_makes_the_player_discard_down_to_three_at_the_end_of_the_turn():
    state = built(THREE, hands=[[CAP_B, CAP_Y, CAP_R], [WOLVES[0]]], options={"hand_limit": True})
    s, _ = play(state, 0, f"{CAP_B}@41,0/2")  # draws three: five in hand
    assert len(s.hands[0]) == 5 and s.turns[0].discarding and s.turns[0].seat == 0
    legal = GAME.legal_moves(s, 0)
    assert {m.kind for m in legal} <= {"discard", "leave", "reveal", "place"}
    assert all(m.kind != "place" or m.tile in WOLVES + HUNTERS for m in legal)
    with pytest.raises(IllegalMove) as err:
        play(s, 0, f"{CAP_Y}@39,0/0")
    assert err.value.rule == "WB-V1"
    s, events = play(s, 0, f"discard:{CAP_Y}")
    assert s.turns[0].seat == 0 and events[0].data == {"player": 0, "tile": CAP_Y}
    s, _ = play(s, 0, f"discard:{s.hands[0][0]}")
    assert len(s.hands[0]) == 3 and s.turns[0].seat == 1 and len(s.discards) == 2


def test_wb_v1_without_the_limit_hands_grow():
    state = built(THREE, hands=[[CAP_B, CAP_Y, CAP_R], []])
    s, _ = play(state, 0, f"{CAP_B}@41,0/2")
    assert len(s.hands[0]) == 5 and s.turns[0].seat == 1
    with pytest.raises(IllegalMove) as err:
        play(s, 1, f"discard:{CAP_Y}")
    assert err.value.code == "wooly-bully.illegal.no-discard"


def test_wb_v2_single_draw_gives_one_tile_and_one_extra_turn_instead_of_more_tiles():
    # "Когда нужно взять более одной плитки, вместо этого делайте дополнительный ход" (decision 0035).
    state = built(THREE, hands=[[CAP_B, CAP_Y, CAP_R], []], options={"single_draw": True})
    s, events = play(state, 0, f"{CAP_B}@41,0/2")
    assert len(s.hands[0]) == 3, "one tile drawn instead of three"
    assert [t.seat for t in s.turns] == [0], "one extra turn"
    assert any(e.kind == "extra-turn" and e.data["count"] == 1 for e in events)
    s, _ = play(s, 0, f"{CAP_Y}@39,0/0")
    assert s.turns[0].seat == 1


def test_wb_v2_is_about_the_end_of_a_turn_so_wolves_out_of_turn_draw_as_usual():
    wolfish = [((40, 0), DEEP_FOREST, 0), ((42, 0), WOLVES[1], 0), ((41, -1), WOLVES[2], 0)]
    state = built(wolfish, hands=[[CAP_B], [WOLVES[0], CAP_Y]], options={"single_draw": True})
    s, _ = play(state, 1, f"{WOLVES[0]}@41,0/0")
    assert [t.seat for t in s.turns] == [0], "the turn player is not interrupted"
    assert len(s.hands[1]) == 1 + 3


def test_wb_v3_every_closed_pasture_of_the_colour_scores():
    vcap = tid("village-cap", BLACK)
    cells = [
        ((-1, 0), vcap, 0),
        ((-1, -1), CAP_B, 2),
        ((60, 0), TWO_CAPS_B, 0),
        ((60, -1), CAP2_B, 2),
        ((60, 1), tid("fenced-corner", BLACK), 3),
    ]
    plain = built(cells, colours=[BLACK, RED])
    every = built(cells, colours=[BLACK, RED], options={"all_pastures": True})
    counts = plain.board.scoring_pastures(BLACK)
    assert len(counts) == 3
    assert GAME.sheep_points(plain, 0) == max(counts)
    assert GAME.sheep_points(every, 0) == sum(counts)


def test_wb_v4_hungry_wolf_may_eat_a_hunter():
    cells = [((-1, 0), tid("village-cap", BLACK), 0), ((-1, -1), CAP_B, 2), ((-1, -2), HUNTERS[0], 0)]
    plain = built(cells, hands=[[], [WOLVES[0]]], colours=[BLACK, RED])
    with pytest.raises(IllegalMove) as err:
        play(plain, 1, f"{WOLVES[0]}@-1,-2/0")
    assert err.value.rule == "WB-V4"
    assert mv.place(WOLVES[0], (-1, -2)) not in GAME.legal_moves(plain, 1)
    hungry = built(cells, hands=[[], [WOLVES[0]]], colours=[BLACK, RED], options={"hungry_wolf": True})
    assert mv.place(WOLVES[0], (-1, -2)) in GAME.legal_moves(hungry, 1)
    s, _ = play(hungry, 1, f"{WOLVES[0]}@-1,-2/0")
    assert s.board.cells[(-1, -2)][1] == (HUNTERS[0], WOLVES[0])
    assert GAME.sheep_points(s, 0) == 0
    assert GAME.sheep_points(hungry, 0) == S(tid("village-cap", BLACK), CAP_B)


def test_wb_v5_several_tiles_a_turn_after_the_first_with_no_more_draws():
    state = built(THREE, hands=[[CAP_B, CAP_Y, CAP_R], []], options={"multi_play": True})
    s, _ = play(state, 0, f"{CAP_B}@41,0/2")  # touches three: draw three, lay two more
    assert len(s.hands[0]) == 5 and s.turns[0].seat == 0 and s.turns[0].quota == 3
    bag = len(s.bag)
    s, _ = play(s, 0, f"{CAP_Y}@39,0/0")
    assert s.turns[0].seat == 0 and len(s.bag) == bag
    s, _ = play(s, 0, f"{CAP_R}@43,0/0")
    assert s.turns[0].seat == 1 and len(s.bag) == bag and len(s.hands[0]) == 3


def test_wb_v5_with_hand_limit_discards_after_all_the_plays():
    hand = [CAP_B, CAP_Y, CAP_R, tid("meadow", RED)]
    state = built(THREE, hands=[hand, []], options={"multi_play": True, "hand_limit": True})
    s, _ = play(state, 0, f"{CAP_B}@41,0/2")
    assert not s.turns[0].discarding and len(s.hands[0]) == 6
    s, _ = play(s, 0, f"{CAP_Y}@39,0/0")
    s, _ = play(s, 0, f"{CAP_R}@43,0/0")
    assert s.turns[0].seat == 0 and s.turns[0].discarding and len(s.hands[0]) == 4
    s, _ = play(s, 0, f"discard:{s.hands[0][0]}")
    assert s.turns[0].seat == 1 and len(s.hands[0]) == 3


def test_wb_v5_the_turn_ends_early_when_nothing_more_fits():
    meadow = tid("meadow", RED)
    state = built(THREE, hands=[[CAP_B, meadow], [CAP_Y]], options={"multi_play": True})
    state = state.with_(bag=state.bag[:0])
    s, _ = play(state, 0, f"{CAP_B}@41,0/2")
    assert s.turns[0].seat == 1


@pytest.mark.parametrize(
    "options",
    [
        {
            "hand_limit": True,
            "single_draw": True,
            "all_pastures": True,
            "hungry_wolf": True,
            "multi_play": True,
        },
        {"hand_limit": True, "multi_play": True},
        {"single_draw": True, "hungry_wolf": True},
    ],
)
def test_wb_v1_to_v5_combine_in_whole_games(options):
    for seed in range(4):
        match = play_match(GAME, [ShepherdBot(), RandomBot(), ShepherdBot()], f"combo:{seed}", options)
        outcome = match.outcome()
        assert outcome is not None and len(outcome.scores or ()) == 3
        if options.get("hand_limit"):
            assert all(len(h) <= 3 for h in match.state.hands) or match.state.ended
