"""Wooly Bully rules WB-1..WB-16 and decisions WB-D1..WB-D3, on built boards."""

from __future__ import annotations

import json

import pytest

from parlour.engine import IllegalMove, MalformedMove, Match, canonical_json
from parlour.games.wooly_bully import GAME
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.board import Board
from parlour.games.wooly_bully.state import Turn
from parlour.games.wooly_bully.tiles import COLOURS, TERRAINS, VILLAGE, bag_ids, shepherd_id, tile
from wooly_bully.wooly_helpers import BLACK, BLUE, DEEP_FOREST, HUNTERS, RED, WOLVES, YELLOW, S, built, tid

CAP_B = tid("cap", BLACK)  # black pasture on N, forest elsewhere, 1 sheep
CAP2_B = tid("cap-2", BLACK)
VCAP_B = tid("village-cap", BLACK)  # N black, E village, S+W forest


def closed_black_pasture() -> list:
    """Village at (0,0); a black village-cap west of it and a black cap above that: 2 sheep, closed."""
    return [((-1, 0), VCAP_B, 0), ((-1, -1), CAP_B, 2)]


def play(state, player, text):
    return GAME.apply(state, player, GAME.decode_move(text))


# --- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_wb_1_each_player_draws_a_secret_colour_of_their_own(players):
    state = GAME.setup(players, GAME.check_options({}), "wb1")
    assert len(set(state.colours)) == players
    for p in range(players):
        view = GAME.view(state, p)
        assert view["colours"][p] == COLOURS[state.colours[p]]
        assert all(c is None for q, c in enumerate(view["colours"]) if q != p)


def test_wb_1_only_two_to_four_players():
    with pytest.raises(ValueError):
        Match.new(GAME, 1)
    with pytest.raises(ValueError):
        Match.new(GAME, 5)


@pytest.mark.parametrize("players", [2, 4])
def test_wb_2_hands_of_four_and_the_village_in_the_middle(players):
    state = GAME.setup(players, GAME.check_options({}), 7)
    assert all(len(h) == 4 for h in state.hands)
    assert len(state.bag) == len(bag_ids()) - 4 * players
    assert tile(state.board.top((0, 0))).kind == "village" and len(state.board.cells) == 1


# --- laying tiles --------------------------------------------------------------------------------
def test_wb_3_the_first_tile_must_touch_the_village_with_a_village_edge():
    state = GAME.setup(3, GAME.check_options({}), 11)
    for seed in range(20):
        state = GAME.setup(3, GAME.check_options({}), seed)
        for m in GAME.legal_moves(state, state.turns[0].seat):
            if m.kind == "place":
                assert abs(m.pos[0]) + abs(m.pos[1]) == 1
                assert VILLAGE in tile(m.tile).edges
    state = built(hands=[[CAP_B], []])
    assert GAME.legal_moves(state, 0) == [mv.PASS, mv.LEAVE]
    with pytest.raises(IllegalMove) as err:
        play(state, 0, f"{CAP_B}@0,-1/0")
    assert err.value.rule == "WB-3" and err.value.code == "wooly-bully.illegal.edges"


def test_wb_3_a_tile_must_touch_a_placed_tile():
    state = built(hands=[[VCAP_B], []])
    with pytest.raises(IllegalMove) as err:
        play(state, 0, f"{VCAP_B}@5,5/0")
    assert err.value.code == "wooly-bully.illegal.not-touching"


def test_wb_3_edges_match_with_rotation():
    # Above the black cap at (-1,-1) (turned so its pasture faces south... its north is forest).
    state = built(closed_black_pasture(), hands=[[CAP2_B], []])
    moves = [m for m in GAME.legal_moves(state, 0) if m.kind == "place"]
    above = [m for m in moves if m.pos == (-1, -2)]
    # Forest faces north there, so the cap must turn its black edge away: any rotation but 2.
    assert {m.rot for m in above} == {0, 1, 3}
    with pytest.raises(IllegalMove) as err:
        play(state, 0, f"{CAP2_B}@-1,-2/2")
    assert err.value.rule == "WB-3"
    new, _ = play(state, 0, f"{CAP2_B}@-1,-2/0")
    assert new.board.top((-1, -2)) == CAP2_B


def test_wb_3_an_occupied_square_is_refused():
    state = built(closed_black_pasture(), hands=[[CAP2_B], []])
    with pytest.raises(IllegalMove) as err:
        play(state, 0, f"{CAP2_B}@-1,-1/0")
    assert err.value.code == "wooly-bully.illegal.occupied"


def test_wb_4_draws_as_many_tiles_as_the_tile_touches():
    cells = [((40, 0), DEEP_FOREST, 0), ((42, 0), WOLVES[0], 0), ((41, -1), HUNTERS[0], 0)]
    state = built(cells, hands=[[CAP_B], []])
    before = len(state.bag)
    new, events = play(state, 0, f"{CAP_B}@41,0/2")  # touches three: forest W, E and N
    assert len(new.hands[0]) == 3 and len(new.bag) == before - 3
    drew = next(e for e in events if e.kind == "drew")
    assert drew.seen_by(1) == {"kind": "drew", "player": 0, "count": 3, "rule": "WB-4"} and drew.irreversible
    assert new.turns[0].seat == 1, "laying and drawing ends the turn"


def test_wb_4_an_empty_bag_gives_what_is_left():
    straight = tid("straight", BLACK)
    state = built(closed_black_pasture(), hands=[[CAP2_B, straight], []])
    state = state.with_(bag=state.bag[:1])
    new, _ = play(state, 0, f"{CAP2_B}@-1,-2/0")
    assert new.hands[0] == tuple(sorted((straight, state.bag[0]))) and new.bag == ()


def test_wb_5_a_hole_may_stay_empty_and_a_pasture_facing_it_is_not_closed():
    # A black cap facing south into a hole ringed by forest.
    cells = [
        ((10, 9), CAP_B, 2),
        ((11, 10), DEEP_FOREST, 0),
        ((10, 11), HUNTERS[1], 0),
        ((9, 10), HUNTERS[0], 0),
    ]
    state = built(cells, hands=[[CAP2_B], []], colours=[BLACK, RED])
    assert state.board.area_at((10, 9), 2).open == 1
    assert GAME.sheep_points(state, 0) == 0
    # The hole can still be filled: then the pasture closes with the sheep of both caps.
    new, events = play(state, 0, f"{CAP2_B}@10,10/0")
    assert len(next(e for e in events if e.kind == "drew").data["tiles"]) == 4
    assert GAME.sheep_points(new, 0) == S(CAP_B, CAP2_B)


def test_wb_6_a_pasture_never_holds_two_colours():
    state = built(closed_black_pasture(), hands=[[tid("cap", YELLOW)], []])
    with pytest.raises(IllegalMove):
        play(state, 0, f"{tid('cap', YELLOW)}@-1,-2/2")
    with pytest.raises(AssertionError):
        board = Board.build([((0, 0), 0, (CAP_B,)), ((0, 1), 0, (tid("cap", YELLOW),))])
        board._union((0, 0, 0), (0, 1, 0))


# --- wolves and hunters -------------------------------------------------------------------------------
def test_wb_7_a_wolf_may_be_played_out_of_turn_by_any_player():
    state = built(closed_black_pasture(), hands=[[CAP2_B], [WOLVES[0]]], colours=[RED, YELLOW])
    assert list(GAME.to_act(state)) == [0, 1]
    legal = GAME.legal_moves(state, 1)
    assert mv.place(WOLVES[0], (-1, -2)) in legal
    new, events = play(state, 1, f"{WOLVES[0]}@-1,-2/0")
    assert new.turns[0].seat == 0, "the wolf does not take the turn"
    assert events[0].kind == "tile-placed" and events[0].data["player"] == 1


def test_wb_7_only_wolves_and_hunters_go_out_of_turn():
    state = built(closed_black_pasture(), hands=[[], [CAP2_B]])
    assert all(m.kind in ("leave", "reveal") for m in GAME.legal_moves(state, 1))
    with pytest.raises(IllegalMove) as err:
        play(state, 1, f"{CAP2_B}@-1,-2/0")
    assert err.value.code == "wooly-bully.illegal.not-your-turn"


def test_wb_8_a_wolf_spoils_every_pasture_bordering_its_forest():
    state = built(closed_black_pasture(), hands=[[], [WOLVES[0]]], colours=[BLACK, RED])
    assert GAME.sheep_points(state, 0) == S(VCAP_B, CAP_B)
    new, _ = play(state, 1, f"{WOLVES[0]}@-1,-2/0")
    assert GAME.sheep_points(new, 0) == 0


def test_wb_8_a_wolf_must_extend_a_forest():
    state = built(closed_black_pasture(), hands=[[], [WOLVES[0]]])
    with pytest.raises(IllegalMove):
        play(state, 1, f"{WOLVES[0]}@1,0/0")  # beside the village
    with pytest.raises(IllegalMove):
        play(state, 1, f"{WOLVES[0]}@-1,-1/0")  # on a landscape tile


def test_wb_9_a_hunter_on_the_wolf_cancels_it():
    cells = [*closed_black_pasture(), ((-1, -2), WOLVES[0], 0)]
    state = built(cells, hands=[[], [HUNTERS[0]]], colours=[BLACK, RED])
    assert GAME.sheep_points(state, 0) == 0
    new, _ = play(state, 1, f"{HUNTERS[0]}@-1,-2/0")
    assert new.board.cells[(-1, -2)][1] == (WOLVES[0], HUNTERS[0])
    assert GAME.sheep_points(new, 0) == S(VCAP_B, CAP_B)


def test_wb_9_after_a_hunter_no_wolf_enters_that_forest():
    cells = [*closed_black_pasture(), ((-1, -2), HUNTERS[0], 0)]
    state = built(cells, hands=[[], [WOLVES[0]]], colours=[BLACK, RED])
    spots = {m.pos for m in GAME.legal_moves(state, 1) if m.kind == "place"}
    assert spots and not spots & {(-1, -3), (-2, -2), (0, -2)}
    with pytest.raises(IllegalMove) as err:
        play(state, 1, f"{WOLVES[0]}@-1,-3/0")
    assert err.value.rule == "WB-9" and err.value.code == "wooly-bully.illegal.hunted-forest"


def test_wb_9_a_hunter_goes_on_the_wolf_not_beside_it():
    cells = [*closed_black_pasture(), ((-1, -2), WOLVES[0], 0)]
    state = built(cells, hands=[[], [HUNTERS[0]]])
    with pytest.raises(IllegalMove) as err:
        play(state, 1, f"{HUNTERS[0]}@-1,-3/0")
    assert err.value.code == "wooly-bully.illegal.wolf-in-forest"
    with pytest.raises(IllegalMove) as err:
        play(state, 1, f"{HUNTERS[0]}@-1,-1/0")
    assert err.value.code == "wooly-bully.illegal.not-on-wolf"


def test_wb_10_a_hunter_on_a_wolf_ringed_by_four_tiles_draws_four_even_out_of_turn():
    ring = [
        ((30, -1), DEEP_FOREST, 0),
        ((31, 0), WOLVES[1], 0),
        ((30, 1), WOLVES[2], 0),
        ((29, 0), HUNTERS[1], 0),
    ]
    state = built([((30, 0), WOLVES[0], 0), *ring], hands=[[], [HUNTERS[0]]])
    new, events = play(state, 1, f"{HUNTERS[0]}@30,0/0")
    assert len(new.hands[1]) == 4
    assert next(e for e in events if e.kind == "drew").data["player"] == 1


def test_wb_11_joined_forests_keep_the_wolf_active_and_shut_out_new_wolves():
    cells = [((20, 0), WOLVES[0], 0), ((22, 0), HUNTERS[0], 0), ((20, 1), CAP_B, 2), ((20, 2), CAP2_B, 0)]
    state = built(cells, hands=[[DEEP_FOREST], [WOLVES[1], HUNTERS[1]]], colours=[BLACK, RED])
    assert GAME.sheep_points(state, 0) == 0, "the wolf spoils the pasture"
    joined, _ = play(state, 0, f"{DEEP_FOREST}@21,0/0")
    assert GAME.sheep_points(joined, 0) == 0, "the hunter does not kill the wolf"
    with pytest.raises(IllegalMove) as err:
        play(joined, 1, f"{WOLVES[1]}@21,-1/0")
    assert err.value.code == "wooly-bully.illegal.hunted-forest"
    saved, _ = play(joined, 1, f"{HUNTERS[1]}@20,0/0")
    assert GAME.sheep_points(saved, 0) == S(CAP_B, CAP2_B)


# --- revealing and leaving -------------------------------------------------------------------------
def test_wb_12_revealing_out_of_turn_lays_the_shepherd_draws_and_gives_an_extra_turn():
    state = built([((50, 0), CAP_B, 2)], hands=[[], [CAP2_B]], colours=[RED, BLACK])
    assert mv.reveal((50, 1)) in GAME.legal_moves(state, 1)
    new, events = play(state, 1, "reveal@50,1")
    assert new.board.top((50, 1)) == shepherd_id(BLACK) and new.revealed[1]
    assert [t.seat for t in new.turns] == [1, 0], "the extra turn comes at once, then player 0 goes on"
    assert GAME.view(new, 0)["colours"][1] == "black"
    assert any(e.kind == "revealed" and e.irreversible for e in events)
    assert len(new.hands[1]) == 2, "drew one for the one touched tile"
    after, _ = play(new, 1, f"{CAP2_B}@50,2/0")
    assert after.turns[0].seat == 0
    with pytest.raises(IllegalMove) as err:
        play(after, 1, "reveal@51,0")
    assert err.value.code == "wooly-bully.illegal.already-revealed"


def test_wb_12_revealing_in_ones_own_turn_gives_three_plays_in_a_row():
    cells = [*closed_black_pasture(), ((50, 0), CAP_B + 1, 2)]
    state = built(cells, hands=[[CAP2_B, tid("cap", YELLOW)], []], colours=[YELLOW, RED])
    a, _ = play(state, 0, "reveal@50,1")
    assert [t.seat for t in a.turns] == [0, 0]
    b, _ = play(a, 0, f"{CAP2_B}@-1,-2/0")
    assert b.turns[0].seat == 0
    c, _ = play(b, 0, f"{tid('cap', YELLOW)}@50,2/0")
    assert c.turns[0].seat == 1


def test_wb_12_the_shepherd_must_fit_like_any_tile():
    state = built(closed_black_pasture(), hands=[[], []], colours=[RED, YELLOW])
    assert not [m for m in GAME.legal_moves(state, 0) if m.kind == "reveal"]
    with pytest.raises(IllegalMove):
        play(state, 0, "reveal@-1,-2")


def test_wb_13_leaving_bonuses_are_6_3_1_and_the_last_player_plays_out_their_hand():
    hands = [[], [], [], [CAP2_B, WOLVES[0]]]
    state = built(closed_black_pasture(), hands=hands, players=4, colours=[BLACK, YELLOW, RED, BLUE])
    state = state.with_(bag=())
    s, ev = play(state, 1, "leave")
    assert s.bonus[1] == 6 and ev[0].data == {"player": 1, "bonus": 6, "order": 1}
    s, _ = play(s, 0, "leave")
    s, _ = play(s, 2, "leave")
    assert s.bonus[:3] == (3, 6, 1)
    assert s.final and list(GAME.to_act(s)) == [3]
    s, _ = play(s, 3, f"{CAP2_B}@-1,-2/0")
    assert not s.ended
    s, _ = play(s, 3, f"{WOLVES[0]}@-2,-2/0")
    assert s.ended == "wooly-bully.end.hand-played-out" and s.bonus[3] == 0


def test_wb_13_the_last_player_draws_as_usual_while_the_bag_lasts():
    # The rulebook lets the last player "play every tile left in hand" and says nothing of stopping
    # the draws of WB-4, so they go on (decision 0035): leaving at once is no sure win.
    state = built(closed_black_pasture(), hands=[[], [CAP2_B]], players=2, colours=[RED, BLACK])
    s, _ = play(state, 0, "leave")
    assert s.final and list(GAME.to_act(s)) == [1]
    bag = len(s.bag)
    s, events = play(s, 1, f"{CAP2_B}@-1,-2/0")
    assert len(s.bag) == bag - 1 and any(e.kind == "drew" for e in events)
    assert not s.ended and list(GAME.to_act(s)) == [1]


def test_wb_13_the_last_player_may_stop_and_gets_no_bonus():
    state = built(closed_black_pasture(), hands=[[CAP2_B], [CAP2_B + 1]], players=2)
    s, _ = play(state, 0, "leave")
    s, _ = play(s, 1, "leave")
    assert s.bonus == (6, 0) and s.ended == "wooly-bully.end.all-left"


def test_wb_13_a_player_who_left_acts_no_more():
    state = built(closed_black_pasture(), hands=[[CAP2_B], [WOLVES[0]], [CAP_B + 1]], players=3)
    s, _ = play(state, 1, "leave")
    assert 1 not in GAME.to_act(s) and GAME.legal_moves(s, 1) == []
    with pytest.raises(IllegalMove) as err:
        play(s, 1, f"{WOLVES[0]}@-1,-2/0")
    assert err.value.rule == "WB-13"


def test_wb_14_the_game_ends_when_everyone_has_left():
    state = built(hands=[[VCAP_B], [VCAP_B + 1]])
    s, _ = play(state, 1, "leave")
    s, _ = play(s, 0, "leave")
    assert GAME.outcome(s) is not None and GAME.to_act(s) == ()


def test_wb_3_a_player_whose_tiles_fit_nowhere_draws_one_and_passes():
    state = built(hands=[[DEEP_FOREST], [CAP_B]])
    assert GAME.legal_moves(state, 0) == [mv.PASS, mv.LEAVE]
    bag = len(state.bag)
    s, events = play(state, 0, "pass")
    assert not s.ended and s.turns[0].seat == 1
    assert len(s.hands[0]) == 2 and len(s.bag) == bag - 1
    assert [e.kind for e in events][:2] == ["passed", "drew"]


def test_wb_14_the_game_ends_when_nobody_can_play():
    state = built(hands=[[DEEP_FOREST], [CAP_B]])
    state = state.with_(bag=())
    assert GAME.legal_moves(state, 0) == [mv.PASS, mv.LEAVE]
    s, events = play(state, 0, "pass")
    assert s.ended == "wooly-bully.end.none-can-play"
    assert events[-1].kind == "game-over"


def test_wb_14_passing_extra_turns_alone_does_not_end_the_game():
    meadow = tid("meadow", YELLOW)
    state = built([((20, 0), DEEP_FOREST, 0)], hands=[[meadow], [CAP_B]], colours=[YELLOW, RED])
    state = state.with_(turns=(Turn(0), Turn(0)), bag=())
    s, _ = play(state, 0, "pass")
    s, _ = play(s, 0, "pass")
    assert not s.ended and s.turns[0].seat == 1


def test_wb_14_with_the_bag_empty_a_seat_that_can_still_lay_must_lay_or_leave():
    # Player 1's landscape fits nowhere but a wolf does: no pass, so no round of passes ends the
    # game while someone can still lay ("when all players have left or cannot play further").
    cells = [((20, 0), DEEP_FOREST, 0)]
    meadows = [tid("meadow", YELLOW), tid("meadow", RED)]
    state = built(cells, hands=[[meadows[0]], [WOLVES[0], meadows[1]]], colours=[YELLOW, RED])
    state = state.with_(bag=())
    s, _ = play(state, 0, "pass")
    assert not s.ended and s.turns[0].seat == 1
    assert mv.PASS not in GAME.legal_moves(s, 1)
    assert {mv.place(WOLVES[0], (21, 0)), mv.LEAVE} <= set(GAME.legal_moves(s, 1))
    with pytest.raises(IllegalMove) as err:
        play(s, 1, "pass")
    assert err.value.rule == "WB-14" and err.value.code == "wooly-bully.illegal.must-lay"
    s, _ = play(s, 1, f"{WOLVES[0]}@21,0/0")
    assert s.ended == "wooly-bully.end.none-can-play"


# --- scoring ------------------------------------------------------------------------------------------
def test_wb_15_each_player_scores_the_best_closed_wolf_free_pasture_plus_bonuses():
    state = built(closed_black_pasture(), hands=[[CAP2_B], []], colours=[BLACK, RED])
    assert GAME.sheep_points(state, 0) == S(VCAP_B, CAP_B) and GAME.sheep_points(state, 1) == 0
    s, _ = play(state, 1, "leave")
    s, _ = play(s, 0, "leave")
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.scores == (float(S(VCAP_B, CAP_B)), 6.0)
    assert outcome.winners == ((0,) if S(VCAP_B, CAP_B) > 6 else (1,))


def test_wb_15_the_biggest_closed_pasture_counts_not_their_sum():
    two_caps = tid("two-caps", BLACK)  # N and S black caps, 1 sheep each, fenced apart
    cells = [*closed_black_pasture(), ((60, 0), two_caps, 0), ((60, -1), CAP2_B, 2), ((60, 1), CAP2_B - 4, 0)]
    # (60,-1): cap-2 turned so black faces south (2 sheep) + (60,0) north cap (1) = 3
    # (60, 1): cap turned 0, black faces north onto (60,0)'s south cap (1) = 2
    state = built(cells, colours=[BLACK, RED])
    north = tile(two_caps).regions[0].sheep
    south = tile(two_caps).regions[1].sheep
    counts = sorted([S(CAP2_B) + north, S(CAP2_B - 4) + south, S(VCAP_B, CAP_B)], reverse=True)
    assert state.board.scoring_pastures(BLACK) == counts
    assert GAME.sheep_points(state, 0) == counts[0]


def test_wb_16_closed_means_no_edge_faces_an_empty_square():
    state = built([((-1, 0), VCAP_B, 0)], colours=[BLACK, RED])
    area = state.board.area_at((-1, 0), 0)
    assert area.open == 1 and not area.closed and GAME.sheep_points(state, 0) == 0
    state = built(closed_black_pasture(), colours=[BLACK, RED])
    assert state.board.area_at((-1, 0), 0).closed


# --- digital play decisions ----------------------------------------------------------------------------
def test_wb_d1_a_view_holds_own_colour_and_hand_others_hand_sizes_and_the_bag_size_only():
    state = GAME.setup(3, GAME.check_options({}), "d1")
    view = GAME.view(state, 1)
    assert view["hands"][1] == list(state.hands[1]) and view["hands"][0] is None and view["hands"][2] is None
    assert view["hand_sizes"] == [4, 4, 4]
    assert view["bag_size"] == len(state.bag) and "bag" not in view
    assert "rng" not in json.dumps(view)
    spectator = GAME.view(state, None)
    assert spectator["colours"] == [None, None, None] and spectator["hands"] == [None] * 3


def test_wb_d1_colours_show_to_all_at_the_end():
    state = built(hands=[[], [VCAP_B]], colours=[BLACK, RED])
    s, _ = play(state, 0, "leave")
    assert GAME.view(s, None)["colours"] == [None, None]
    s, _ = play(s, 1, "leave")
    assert s.ended and GAME.view(s, None)["colours"] == ["black", "red"]


def test_wb_d2_every_player_still_in_may_act_the_turn_holder_first():
    state = built(hands=[[VCAP_B], [VCAP_B + 1], [VCAP_B + 2]], players=3, turn=1)
    assert list(GAME.to_act(state)) == [1, 0, 2]
    s, _ = play(state, 0, "leave")
    assert list(GAME.to_act(s)) == [1, 2]


def test_wb_d2_out_of_turn_actions_replay_in_the_order_they_were_made():
    state = built(closed_black_pasture(), hands=[[CAP2_B], [WOLVES[0]]])
    a, _ = play(state, 1, f"{WOLVES[0]}@-1,-2/0")
    a, _ = play(a, 0, f"{CAP2_B}@-2,-1/0")
    b, _ = play(state, 0, f"{CAP2_B}@-2,-1/0")
    b, _ = play(b, 1, f"{WOLVES[0]}@-1,-2/0")
    assert a.board.cells == b.board.cells
    assert a.hands != b.hands, "who drew which tiles depends on the order, so the record keeps it"


def test_wb_d3_the_board_is_unbounded_and_every_legal_square_is_listed():
    state = built([((-40, 70), DEEP_FOREST, 0)], hands=[[CAP_B], []])
    lays = [m for m in GAME.legal_moves(state, 0) if m.kind == "place"]
    far = {m.pos for m in lays if m.pos[0] < -30}
    assert far == {(-41, 70), (-39, 70), (-40, 69), (-40, 71)}
    assert all(GAME.apply(state, 0, m)[0].board.top(m.pos) == CAP_B for m in lays)


# --- bad input -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["", "place", "17@x,1/0", "17@1,1/4", "reveal", "discard:", 17, None, ["pass"]]
)
def test_malformed_moves_are_refused(text):
    with pytest.raises(MalformedMove):
        GAME.decode_move(text)


def test_moves_round_trip_through_their_notation():
    for text in ("17@3,-2/1", "reveal@-1,0", "discard:60", "pass", "leave"):
        assert GAME.encode_move(GAME.decode_move(text)) == text


def test_an_illegal_move_changes_nothing():
    state = built(closed_black_pasture(), hands=[[CAP2_B], [WOLVES[0]]])
    before = canonical_json(GAME.encode_state(state))
    for player, text in [
        (0, f"{WOLVES[0]}@-1,-2/0"),
        (1, f"{CAP2_B}@-1,-2/0"),
        (0, "discard:4"),
        (0, "pass"),
    ]:
        with pytest.raises(IllegalMove):
            play(state, player, text)
    assert canonical_json(GAME.encode_state(state)) == before


def test_describe_move_names_a_catalogue_key():
    state = built(closed_black_pasture(), hands=[[CAP2_B], []])
    key, params = GAME.describe_move(state, 0, GAME.decode_move(f"{CAP2_B}@-1,-2/0"))
    assert key == "wooly-bully.log.place" and params["design"] == "cap-2"
    assert TERRAINS[tile(CAP2_B).edges[0]] == "black"
