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
from parlour.games.ghosts_galore.moves import FLIP, HIDDEN, PASS, TAKE, Pencil, take
from parlour.games.ghosts_galore.scoring import CATEGORIES
from parlour.games.ghosts_galore.tiles import tile_set


def new(players=3, seed="t"):
    return GAME.setup(players, {}, seed)


def draft_moves(state, player):
    return GAME.legal_moves(state, player)


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


def test_gg2_hidden_tile_may_be_pencilled_and_turned_out_of_turn_without_a_move():
    """Pencilling is the owner's private note: checked by the rules, but no ply, no event, no state."""
    state = new(3)
    assert GAME.to_act(state) == (0,)
    view = GAME.view(state, 2)
    assert GAME.pencil(view, 4, 1) == Pencil(4, 1)
    assert GAME.pencil(view, 8, 3) == Pencil(8, 3)  # moved and turned again
    assert "provisional" not in GAME.encode_state(state) and "provisional" not in view
    assert all(m.action in (FLIP, PASS, TAKE, HIDDEN) for m in GAME.legal_moves(state, 0))
    assert GAME.legal_moves(state, 2) == []  # nothing for the match record out of turn
    assert GAME.decode_pencil(GAME.encode_pencil(Pencil(8, 3))) == Pencil(8, 3)
    assert GAME.encode_pencil(Pencil(8, 3)) == "c3 r3"


def test_gg2_a_tile_taken_onto_the_pencilled_cell_lifts_the_hidden_tile():
    state = new(2)
    pencil = GAME.pencil(GAME.view(state, 0), 0, 0)
    state = play(state, 0, Move(FLIP))
    assert GAME.pencil_kept(GAME.view(state, 0), pencil) == pencil
    state = play(state, 0, take(state.pending, 0, 2))
    assert GAME.pencil_kept(GAME.view(state, 0), pencil) is None
    with pytest.raises(IllegalMove) as err:
        GAME.pencil(GAME.view(state, 0), 0, 1)
    assert err.value.code == "ghosts-galore.illegal.cell-taken" and err.value.rule == "GG-2"


@pytest.mark.parametrize(
    ("cell", "rot", "error", "code"),
    [(9, 0, IllegalMove, "not-a-cell"), (-1, 0, IllegalMove, "not-a-cell"), (0, 4, IllegalMove, "bad-rotation"),
     (1.5, 0, MalformedMove, None), (True, 0, MalformedMove, None), (0, 1.0, MalformedMove, None),
     ("b2", 0, MalformedMove, None), (None, 0, MalformedMove, None)],
)  # fmt: skip
def test_gg2_a_pencil_off_the_board_or_of_the_wrong_type_is_refused(cell, rot, error, code):
    view = GAME.view(new(2), 1)
    with pytest.raises(error) as err:
        GAME.pencil(view, cell, rot)
    if code:
        assert err.value.code == f"ghosts-galore.illegal.{code}"
    with pytest.raises(IllegalMove):
        GAME.pencil(GAME.view(new(2), None), 0, 0)  # a spectator has no hidden tile


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
        GAME.pencil(GAME.view(state, 1), first_free(state, 1), 0)
    assert err.value.code == "ghosts-galore.illegal.preplace-late"
    kept = Pencil(first_free(state, 1), 2)
    assert (
        GAME.pencil_kept(GAME.view(state, 1), kept) == kept
    )  # a pencil on the last cell stays as a reminder
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
    state = play(play(state, 0, Move(FLIP)), 0, Move(PASS))
    other = replace(
        state,
        stack=tuple(reversed(state.stack)),
        future=tuple(reversed(state.future)),
        hidden=(state.hidden[0], state.hidden[2], state.hidden[1], state.hidden[3]),
    )
    for viewer in (0, None):
        view = GAME.view(state, viewer)
        assert canonical_json(view) == canonical_json(GAME.view(other, viewer))
        assert not {"stack", "future", "rng"} & set(view)
        assert view["stack_count"] == len(state.stack)
    assert "rng" not in GAME.encode_state(state)  # all shuffling is done at setup


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


def test_gg_d1_live_scores_leave_the_pencilled_hidden_tile_out_for_opponents():
    state = new(2, seed="live")
    for _ in range(3):
        state = finish_round(state)
    before = GAME.scores(state)
    cell = first_free(state, 0)
    pencil = GAME.pencil(GAME.view(state, 0), cell, 0)
    mine = GAME.score_for(state, 0, viewer=0, pencil=pencil)
    theirs = GAME.score_for(state, 0, viewer=1)
    assert theirs.total == before[0] == GAME.score_for(state, 0, viewer=0).total
    with_hidden = [p if c != cell else (state.hidden[0], 0) for c, p in enumerate(state.grids[0])]
    from parlour.games.ghosts_galore.board import resolve
    from parlour.games.ghosts_galore.scoring import count_werewolves, score_board

    wolves = [count_werewolves(resolve(state.grids[1]))]
    assert mine.to_json() == score_board(resolve(with_hidden), 2, wolves).to_json()


def test_gg_d1_live_scores_leave_placed_hidden_tiles_out_until_the_game_is_over():
    """The rulebook: live scoring does not count the hidden tile until the game is over, so a
    hidden tile placed in round 9 moves no public score until the last one lands."""
    state = new(3, seed="live-9")
    for _ in range(8):
        state = finish_round(state)
    before = GAME.scores(state)
    state = play(state, 1, Move(HIDDEN, rot=1))
    assert GAME.scores(state) == before
    own = [p for p in state.grids[1]]
    from parlour.games.ghosts_galore.board import resolve
    from parlour.games.ghosts_galore.scoring import score_board

    assert (
        GAME.score_for(state, 1, viewer=1).total
        == score_board(resolve(own), 3, [GAME.score_for(state, p).werewolves for p in (0, 2)]).total
    )  # its owner sees it count
    assert GAME.score_for(state, 1, viewer=0).total == before[1]
    state = play(play(state, 2, Move(HIDDEN)), 0, Move(HIDDEN))
    assert GAME.scores(state) == list(GAME.outcome(state).scores)


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
    moves = [Move(FLIP), Move(PASS), take(17, 4, 3), Move(HIDDEN, rot=1)]
    for move in moves:
        assert GAME.decode_move(json.loads(json.dumps(GAME.encode_move(move)))) == move
    assert GAME.encode_move(take(17, 4, 3)) == "take 17 b2 r3"


def test_out_of_turn_and_bad_rotation_are_refused_without_change():
    state = new(3)
    before = GAME.state_hash(state)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, Move(FLIP))
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, take(0, 0, rot=5))
    assert err.value.code == "ghosts-galore.illegal.bad-rotation"
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, take(state.stack[1], 0))
    assert err.value.code == "ghosts-galore.illegal.tile-not-available"
    assert GAME.state_hash(state) == before


# --- replay and round trips -------------------------------------------------------------------


class PencilBot:
    """Random draft moves; now and then it pencils its hidden tile somewhere, as a person might.
    The pencil never reaches the match: replay and invariants must hold all the same."""

    def __init__(self):
        self.pencil = None

    def choose(self, game, view, player, legal, rng):
        if view["round"] <= 8 and rng.random() < 0.3:
            free = [c for c, p in enumerate(view["grids"][player]) if p is None]
            self.pencil = game.pencil(view, rng.choice(free), rng.below(4))
        self.pencil = game.pencil_kept(view, self.pencil)
        return BOTS["random"]().choose(game, view, player, legal, rng)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_replay_is_exact_every_state_hash_equal(seed, players):
    match = play_match(GAME, [PencilBot() for _ in range(players)], seed)
    again = load_match(match.dumps(), games)
    assert [GAME.state_hash(s) for s in again.states] == [GAME.state_hash(s) for s in match.states]
    assert again.outcome() == match.outcome()
    for state in match.states[:: max(1, len(match.states) // 6)]:
        assert GAME.decode_state(json.loads(json.dumps(GAME.encode_state(state)))) == state
        for viewer in [None, *range(players)]:
            json.dumps(GAME.view(state, viewer))


def test_undo_stops_at_a_flip():
    match = Match.new(GAME, 2, seed=5)
    match.play(0, Move(FLIP))
    assert not match.can_undo()
    match.play(0, Move(PASS))
    assert match.can_undo()  # passing revealed nothing new


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_invariants_hold_at_every_ply_of_random_games(seed, players):
    bots = [PencilBot() for _ in range(players)]
    match = play_match(GAME, bots, seed)
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
        GAME.decode_state(GAME.encode_state(state))  # every reachable state passes the whole-state check


# --- exact types and whole-state checks ----------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"rot": 1.5},
        {"rot": True},
        {"cell": 4.0},
        {"cell": False},
        {"tile": "3"},
        {"tile": None},
        {"rot": "1"},
    ],
)
def test_gg3_a_move_with_a_non_integer_tile_cell_or_rotation_is_refused_before_any_record(fields):
    args = {"tile": 3, "cell": 4, "rot": 1, **fields}
    with pytest.raises(MalformedMove) as err:
        Move(TAKE, **args)
    assert err.value.code == "ghosts-galore.malformed"
    match = Match.new(GAME, 2, seed=1)
    with pytest.raises(MalformedMove):
        match.play(0, "take 3 b2 r1")  # a notation string is JSON, not a move: the caller decodes it
    assert match.plies == () and load_match(match.dumps(), games).plies == ()


@pytest.mark.parametrize(
    ("action", "fields"),
    [("flip", {"rot": 2}), ("pass", {"cell": 3}), ("hidden", {"tile": 4}), ("dance", {})],
)
def test_gg3_an_unknown_action_or_a_stray_field_is_malformed(action, fields):
    with pytest.raises(MalformedMove):
        Move(action, **fields)


@pytest.mark.parametrize(
    ("cell", "rot", "code"),
    [(9, 0, "not-a-cell"), (-1, 0, "not-a-cell"), (4, 4, "bad-rotation"), (4, -1, "bad-rotation")],
)
def test_gg3_a_cell_off_the_board_is_not_a_cell_and_a_rotation_is_0_to_3(cell, rot, code):
    state = play(new(2), 0, Move(FLIP))
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, take(state.pending, cell, rot))
    assert err.value.code == f"ghosts-galore.illegal.{code}"
    if code == "not-a-cell":
        assert err.value.params["cell"] == str(cell) and "not a cell" in err.value.message


@pytest.mark.parametrize("seat", ["0", None, 7, -1, True, 1.0])
def test_gg1_a_seat_is_an_exact_integer_of_the_game(seat):
    state = new(2)
    for call in (
        lambda: GAME.apply(state, seat, Move(FLIP)),
        lambda: GAME.legal_moves(state, seat),
        lambda: GAME.score_for(state, seat),
    ):
        with pytest.raises(IllegalMove) as err:
            call()
        assert err.value.code == "ghosts-galore.illegal.no-such-player"
    if seat is not None:
        with pytest.raises(IllegalMove):
            GAME.view(state, seat)
    else:
        assert GAME.view(state, None)["you"] is None  # None is the spectator


def _encoded(players=3, rounds=2, seed="decode"):
    state = new(players, seed)
    for _ in range(rounds):
        state = finish_round(state)
    return GAME.encode_state(play(state, GAME.to_act(state)[0], Move(FLIP)))


def _mutations():
    def tile_999(d):
        d["stack"][0] = 999

    def seven_players(d):
        d["players"] = 7

    def bool_players(d):
        d["players"] = True

    def float_round(d):
        d["round"] = 3.0

    def twice(d):
        d["table"] = [d["stack"][0]]

    def taken_not_bool(d):
        d["taken"][1] = 0

    def bad_rotation(d):
        d["grids"][0][next(i for i, p in enumerate(d["grids"][0]) if p)][1] = 4

    def lost_tile(d):
        d["stack"].pop()

    def extra_tile_on_a_board(d):
        d["grids"][1][next(i for i, p in enumerate(d["grids"][1]) if p is None)] = [d["stack"].pop(), 0]

    def hidden_on_the_board(d):
        d["grids"][2][next(i for i, p in enumerate(d["grids"][2]) if p)][0] = d["hidden"][2]

    def wrong_turn(d):
        d["turn"] = (d["turn"] + 1) % d["players"]

    def missing_field(d):
        del d["future"]

    def extra_field(d):
        d["provisional"] = [None, None, None]

    def short_grid(d):
        d["grids"][0] = d["grids"][0][:8]

    return [tile_999, seven_players, bool_players, float_round, twice, taken_not_bool, bad_rotation, lost_tile,
            extra_tile_on_a_board, hidden_on_the_board, wrong_turn, missing_field, extra_field, short_grid]  # fmt: skip


@pytest.mark.parametrize("mutate", _mutations(), ids=lambda f: f.__name__)
def test_decode_state_refuses_a_state_no_rule_allows(mutate):
    data = json.loads(json.dumps(_encoded()))
    assert GAME.decode_state(json.loads(json.dumps(data))) is not None
    mutate(data)
    with pytest.raises(ValueError, match="not a Ghosts Galore state"):
        GAME.decode_state(data)


@pytest.mark.parametrize("data", [None, [], "state", {"players": 3}])
def test_decode_state_refuses_what_is_not_a_state_at_all(data):
    with pytest.raises(ValueError):
        GAME.decode_state(data)
