"""The draft and the hidden tile (GG-1..GG-5), views, errors, live scoring (GG-D1..GG-D3) and replay."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import IllegalMove, MalformedMove, Match, NotYourTurn, canonical_json, load_match
from parlour.engine.bots import play_match
from parlour.games.ghosts_galore import BOTS, GAME, Move
from parlour.games.ghosts_galore.rules import FLIP, HIDDEN, PASS, PREPLACE, TAKE, take
from parlour.games.ghosts_galore.scoring import CATEGORIES
from parlour.games.ghosts_galore.tiles import tile_set


def new(players=3, seed="t"):
    return GAME.setup(players, {}, seed)


def draft_moves(state, player):
    return [m for m in GAME.legal_moves(state, player) if m.action != PREPLACE]


def first_free(state, player):
    return next(c for c, p in enumerate(state.grids[player]) if p is None)


def play(state, player, move):
    state, _ = GAME.apply(state, player, move)
    return state


def simple_turn(state):
    """The player to act takes the flipped tile, else flips, else takes the first tile on offer."""
    (player, *_) = GAME.to_act(state)
    if state.round == 9:
        return play(state, player, Move(HIDDEN))
    if state.pending is not None:
        return play(state, player, take(state.pending, first_free(state, player)))
    if any(m.action == FLIP for m in GAME.legal_moves(state, player)):
        return play(state, player, Move(FLIP))
    return play(state, player, take(GAME.available(state)[0], first_free(state, player)))


def finish_round(state):
    r = state.round
    while state.round == r:
        state = simple_turn(state)
    return state


def games(game_id):
    if game_id != GAME.id:
        raise KeyError(game_id)
    return GAME


# --- GG-1 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_gg1_every_board_ends_with_nine_distinct_tiles(players):
    match = play_match(GAME, [BOTS["random"]() for _ in range(players)], f"gg1:{players}")
    state = match.state
    assert match.outcome() is not None
    ids = [p[0] for g in state.grids for p in g if p is not None]
    assert len(ids) == 9 * players and len(set(ids)) == len(ids)
    for player in range(players):
        assert state.hidden[player] in {p[0] for p in state.grids[player] if p is not None}


def test_gg1_tiles_have_track_types_monsters_and_diamonds():
    tiles = tile_set()
    assert {t.track for t in tiles} == {"straight", "curve", "double-curve", "bridge"}
    assert all(len(t.monsters) <= 3 for t in tiles)
    assert {m.kind for t in tiles for m in t.monsters} == {
        "dragon", "ghost", "golem", "satyr", "skeleton", "slime", "bat", "werewolf", "wisp",
    }  # fmt: skip
    assert all(0 <= m.piece < len(t.pieces) for t in tiles for m in t.monsters)
    assert any(t.diamonds for t in tiles) and all(1 <= v <= 3 for t in tiles for v in t.diamonds)


# --- GG-2 -------------------------------------------------------------------------------------


def test_gg2_hidden_tile_is_dealt_and_seen_only_by_its_owner():
    state = new(3)
    assert len(set(state.hidden)) == 3
    assert GAME.view(state, 1)["hidden"] == [None, state.hidden[1], None]
    assert GAME.view(state, None)["hidden"] == [None, None, None]


def test_gg2_hidden_tile_may_be_preplaced_and_turned_out_of_turn_privately():
    state = new(3)
    assert GAME.to_act(state) == (0,)
    state, events = GAME.apply(state, 2, Move(PREPLACE, cell=4, rot=1))
    assert state.provisional[2] == (4, 1)
    assert events[0].to == frozenset({2}) and events[0].seen_by(0) is None
    assert GAME.view(state, 2)["provisional"][2] == [4, 1]
    assert GAME.view(state, 0)["provisional"] == [None, None, None]
    state = play(state, 2, Move(PREPLACE, cell=8, rot=3))
    assert state.provisional[2] == (8, 3)
    assert state.grids[2] == (None,) * 9  # still only provisional


def test_gg2_a_tile_taken_onto_the_provisional_cell_lifts_the_hidden_tile():
    state = new(2)
    state = play(state, 0, Move(PREPLACE, cell=0, rot=0))
    state = play(state, 0, Move(FLIP))
    state, events = GAME.apply(state, 0, take(state.pending, 0, 2))
    assert state.provisional[0] is None
    assert [e.kind for e in events if e.to == frozenset({0})] == ["hidden-lifted"]


def test_gg2_hidden_tile_goes_into_the_last_free_cell_in_round_nine():
    state = new(2)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, Move(HIDDEN))
    assert err.value.code == "ghosts-galore.illegal.hidden-early" and err.value.rule == "GG-2"
    for _ in range(8):
        state = finish_round(state)
    assert state.round == 9 and set(GAME.to_act(state)) == {0, 1}
    assert all(sum(p is None for p in g) == 1 for g in state.grids)
    assert GAME.legal_moves(state, 1) == [Move(HIDDEN, rot=r) for r in range(4)]
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, Move(PREPLACE, cell=first_free(state, 1)))
    assert err.value.code == "ghosts-galore.illegal.preplace-late"
    last = first_free(state, 1)
    state = play(state, 1, Move(HIDDEN, rot=3))  # any order in round 9
    assert state.grids[1][last] == (state.hidden[1], 3)
    assert GAME.outcome(state) is None
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, Move(HIDDEN))
    state = play(state, 0, Move(HIDDEN))
    assert GAME.outcome(state) is not None and GAME.to_act(state) == ()


# --- GG-3 -------------------------------------------------------------------------------------


def test_gg3_the_first_player_flips_the_top_tile_then_takes_or_passes():
    state = new(3)
    assert draft_moves(state, 0) == [Move(FLIP)]
    top = state.stack[0]
    state, events = GAME.apply(state, 0, Move(FLIP))
    assert state.pending == top and events[0].irreversible
    moves = draft_moves(state, 0)
    assert Move(PASS) in moves and {m.tile for m in moves if m.action == TAKE} == {top}
    assert len(moves) == 1 + 9 * 4  # pass, or any free cell with any rotation
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, Move(FLIP))
    assert err.value.code == "ghosts-galore.illegal.already-flipped"


def test_gg3_pass_leaves_the_tile_face_up_and_the_next_player_takes_it_or_flips():
    state = new(3)
    state = play(play(state, 0, Move(FLIP)), 0, Move(PASS))
    assert len(state.table) == 1 and state.pending is None and GAME.to_act(state) == (1,)
    assert GAME.view(state, 2)["table"] == list(state.table)
    moves = draft_moves(state, 1)
    assert Move(FLIP) in moves and {m.tile for m in moves if m.action == TAKE} == set(state.table)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, Move(PASS))
    assert err.value.code == "ghosts-galore.illegal.pass-unflipped"
    state = play(state, 1, take(state.table[0], 4, 1))
    assert state.table == () and state.grids[1][4] is not None


def test_gg3_a_player_who_passed_comes_round_again_and_one_who_took_is_done():
    state = new(3)
    state = play(play(state, 0, Move(FLIP)), 0, Move(PASS))
    state = play(state, 1, Move(FLIP))
    state = play(state, 1, take(state.pending, 0))
    assert GAME.to_act(state) == (2,)
    state = play(state, 2, Move(FLIP))
    state = play(state, 2, Move(PASS))
    assert GAME.to_act(state) == (0,)  # player 1 has taken: skipped
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, Move(FLIP))


def test_gg3_after_flipping_you_cannot_take_a_table_tile_instead():
    state = new(3)
    state = play(play(state, 0, Move(FLIP)), 0, Move(PASS))
    on_table = state.table[0]
    state = play(state, 1, Move(FLIP))
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, take(on_table, 0))
    assert err.value.code == "ghosts-galore.illegal.take-flipped" and err.value.rule == "GG-3"


def test_gg3_every_player_places_exactly_one_tile_each_round_anywhere_with_any_rotation():
    state = new(4)
    for r in range(1, 9):
        state = finish_round(state)
        assert [sum(p is not None for p in g) for g in state.grids] == [r] * 4
    state = new(2)
    state = play(state, 0, Move(FLIP))
    state = play(state, 0, take(state.pending, 8, 3))
    assert state.grids[0][8] == (state.grids[0][8][0], 3)


def test_gg3_a_taken_cell_is_refused():
    state = new(2)
    state = play(state, 0, Move(FLIP))
    state = play(state, 0, take(state.pending, 4))
    state = play(state, 1, take(state.stack[0], 4))
    state = play(state, 1, Move(FLIP))
    state = play(state, 1, take(state.pending, 0))
    before = GAME.state_hash(state)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, take(GAME.available(state)[0], 4))
    assert err.value.code == "ghosts-galore.illegal.cell-taken" and err.value.params["cell"] == "b2"
    assert GAME.state_hash(state) == before


# --- GG-4 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_gg4_each_round_stack_holds_players_plus_four(players):
    state = new(players)
    assert len(state.stack) == players + 4
    assert [len(s) for s in state.future] == [players + 4] * 7


def test_gg4_the_last_player_sees_everything_left_and_takes_any_one():
    state = new(3)
    state = play(state, 0, Move(FLIP))
    state = play(state, 0, take(state.pending, 0))
    state = play(state, 1, Move(FLIP))
    passed = state.pending
    state = play(state, 1, Move(PASS))
    state = play(state, 2, Move(FLIP))
    state, events = GAME.apply(state, 2, take(state.pending, 0))
    # Only player 1 is left: 7 − 3 flipped = 4 tiles in the stack, plus the passed one on the table.
    assert GAME.to_act(state) == (1,) and state.is_last_look()
    look = next(e for e in events if e.kind == "last-look")
    assert look.to == frozenset({1}) and look.seen_by(1)["tiles"] == sorted(state.stack)
    assert "tiles" not in look.seen_by(0)
    assert GAME.view(state, 1)["last_look"] == sorted(state.stack)
    assert GAME.view(state, 0)["last_look"] is None
    assert set(GAME.available(state)) == {*state.stack, passed}
    assert Move(FLIP) not in GAME.legal_moves(state, 1)
    deepest = state.stack[-1]  # not the top: the last player may take any of them
    leftovers = {t for t in state.stack if t != deepest} | {passed}
    state = play(state, 1, take(deepest, 0))
    assert state.round == 2 and state.table == () and len(state.stack) == 7
    rest = finish_round(finish_round(state))
    seen_later = (
        {p[0] for g in rest.grids for p in g if p is not None}
        | set(rest.stack)
        | {t for s in rest.future for t in s}
    )
    assert not leftovers & seen_later  # unchosen tiles leave the game


def test_gg4_in_a_two_player_game_the_second_player_is_last_at_once():
    state = new(2)
    state = play(state, 0, Move(FLIP))
    state = play(state, 0, take(state.pending, 0))
    assert state.is_last_look() and len(GAME.available(state)) == 5


# --- GG-5 -------------------------------------------------------------------------------------


def test_gg5_the_first_player_rotates_each_round():
    state = new(3)
    firsts = []
    for _ in range(8):
        firsts.append(GAME.to_act(state)[0])
        assert draft_moves(state, firsts[-1]) == [Move(FLIP)]
        state = finish_round(state)
    assert firsts == [0, 1, 2, 0, 1, 2, 0, 1]
    assert list(GAME.to_act(state)) == [2, 0, 1]  # round 9: everyone, starting from its first player


# --- views (GG-D3) ----------------------------------------------------------------------------


def test_gg_d3_views_carry_no_stack_order_no_future_stacks_no_other_hidden_tile_and_no_rng():
    state = new(4, seed="views")
    state = play(state, 3, Move(PREPLACE, cell=2, rot=1))
    state = play(play(state, 0, Move(FLIP)), 0, Move(PASS))
    other = replace(
        state,
        stack=tuple(reversed(state.stack)),
        future=tuple(reversed(state.future)),
        hidden=(state.hidden[0], state.hidden[2], state.hidden[1], state.hidden[3]),
        provisional=(None, None, None, (2, 1)),
    )
    for viewer in (0, None):
        view = GAME.view(state, viewer)
        assert canonical_json(view) == canonical_json(GAME.view(other, viewer))
        assert not {"stack", "future", "rng"} & set(view)
        assert view["stack_count"] == len(state.stack)
    assert "rng" not in GAME.encode_state(state)  # all shuffling is done at setup
    assert GAME.view(state, 3)["provisional"][3] == [2, 1]


def test_gg_d3_last_look_view_shows_the_stack_sorted_so_its_order_stays_secret():
    state = new(2)
    state = play(state, 0, Move(FLIP))
    state = play(state, 0, take(state.pending, 0))
    shuffled = replace(state, stack=tuple(reversed(state.stack)))
    assert GAME.view(state, 1) == GAME.view(shuffled, 1)


def test_gg_d3_view_shows_placed_hidden_tiles_once_revealed():
    state = new(2)
    for _ in range(8):
        state = finish_round(state)
    state = play(state, 0, Move(HIDDEN))
    assert GAME.view(state, 1)["hidden"][0] == state.hidden[0]
    assert GAME.view(state, 0)["hidden"][1] is None


# --- live scoring (GG-D1) and the end screen (GG-D2) ------------------------------------------


def test_gg_d1_live_scores_leave_the_hidden_tile_out_for_opponents():
    state = new(2, seed="live")
    for _ in range(3):
        state = finish_round(state)
    before = GAME.scores(state)
    cell = first_free(state, 0)
    state = play(state, 0, Move(PREPLACE, cell=cell, rot=0))
    assert GAME.scores(state) == before  # the public live score ignores it
    mine = GAME.score_for(state, 0, viewer=0)
    theirs = GAME.score_for(state, 0, viewer=1)
    assert theirs.total == before[0]
    with_hidden = [p if c != cell else (state.hidden[0], 0) for c, p in enumerate(state.grids[0])]
    from parlour.games.ghosts_galore.board import resolve
    from parlour.games.ghosts_galore.scoring import count_werewolves, score_board

    wolves = [count_werewolves(resolve(state.grids[1]))]
    assert mine.to_json() == score_board(resolve(with_hidden), 2, wolves).to_json()


def test_gg_d2_end_screen_breakdown_has_every_category_the_scored_tracks_and_dead_ends():
    match = play_match(GAME, [BOTS["hard"](), BOTS["easy"](), BOTS["random"]()], "end-screen")
    outcome = match.outcome()
    sheets = GAME.score_sheets(match.state)
    assert [float(s.total) for s in sheets] == list(outcome.scores)
    for sheet in sheets:
        data = json.loads(json.dumps(sheet.to_json()))
        assert list(data["categories"]) == list(CATEGORIES)
        assert sum(data["categories"].values()) == data["total"]
        assert sum(t["points"] for t in data["tracks"]) == sum(
            data["categories"][c] for c in ("bone-doors", "tooth-doors", "other-tracks")
        )
        assert all(len(d) == 2 for d in data["dead_ends"])
    assert outcome.reason.startswith("ghosts-galore.end.")


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [None, 3, [], "", "flip ", "FLIP", "take", "take 1 b2", "take 999 b2 r0", "take -1 b2 r0", "take 1 d2 r0",
     "take 1 b4 r0", "take 1 b2 r4", "take 1 b2 90", "take x b2 r0", "preplace b2", "hidden", "hidden r9",
     "pass pass", "x" * 100],
)  # fmt: skip
def test_malformed_moves_are_refused(data):
    with pytest.raises(MalformedMove) as err:
        GAME.decode_move(data)
    assert err.value.code == "ghosts-galore.malformed"


def test_moves_round_trip_through_their_notation():
    moves = [Move(FLIP), Move(PASS), take(17, 4, 3), Move(PREPLACE, cell=8, rot=2), Move(HIDDEN, rot=1)]
    for move in moves:
        assert GAME.decode_move(json.loads(json.dumps(GAME.encode_move(move)))) == move
    assert GAME.encode_move(take(17, 4, 3)) == "take 17 b2 r3"


def test_out_of_turn_and_bad_rotation_are_refused_without_change():
    state = new(3)
    before = GAME.state_hash(state)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, Move(FLIP))
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, Move(PREPLACE, cell=0, rot=5))
    assert err.value.code == "ghosts-galore.illegal.bad-rotation"
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, take(state.stack[1], 0))
    assert err.value.code == "ghosts-galore.illegal.tile-not-available"
    assert GAME.state_hash(state) == before


# --- replay and round trips -------------------------------------------------------------------


class ChaosBot:
    """Random draft moves, with provisional hidden-tile moves mixed in now and then."""

    def choose(self, game, view, player, legal, rng):
        pre = [m for m in legal if m.action == PREPLACE]
        if pre and rng.random() < 0.15:
            return rng.choice(pre)
        return BOTS["random"]().choose(game, view, player, legal, rng)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_replay_is_exact_every_state_hash_equal(seed, players):
    match = play_match(GAME, [ChaosBot() for _ in range(players)], seed)
    again = load_match(match.dumps(), games)
    assert [GAME.state_hash(s) for s in again.states] == [GAME.state_hash(s) for s in match.states]
    assert again.outcome() == match.outcome()
    for state in match.states[:: max(1, len(match.states) // 6)]:
        assert GAME.decode_state(json.loads(json.dumps(GAME.encode_state(state)))) == state
        for viewer in [None, *range(players)]:
            json.dumps(GAME.view(state, viewer))


def test_undo_stops_at_a_flip():
    match = Match.new(GAME, 2, seed=5)
    match.play(0, Move(PREPLACE, cell=3, rot=1))
    assert match.can_undo()
    match.undo()
    match.play(0, Move(FLIP))
    assert not match.can_undo()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_invariants_hold_at_every_ply_of_random_games(seed, players):
    match = play_match(GAME, [ChaosBot() for _ in range(players)], seed)
    for state in match.states:
        placed = [p[0] for g in state.grids for p in g if p is not None]
        in_hand = [h for i, h in enumerate(state.hidden) if not state.hidden_placed(i)]
        pending = [] if state.pending is None else [state.pending]
        everywhere = placed + in_hand + list(state.stack) + [t for s in state.future for t in s]
        everywhere += list(state.table) + pending
        assert len(everywhere) == len(set(everywhere))  # no tile is in two places
        if state.round <= 8:
            done = state.round - 1
            assert [sum(p is not None for p in g) for g in state.grids] == [done + t for t in state.taken]
            assert len(state.stack) + len(state.table) + len(pending) + sum(state.taken) == players + 4
            assert GAME.to_act(state) == (state.turn,) and not state.taken[state.turn]
        for p in range(players):
            spot = state.provisional[p]
            assert spot is None or state.grids[p][spot[0]] is None  # a pencilled spot is always free
