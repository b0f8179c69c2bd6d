"""Property tests over random legal games: invariants, replay, round trips (BP-10, BP-12, BP-D6)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import IllegalMove, Match, Rng, load_match
from parlour.games.boop import GAME
from parlour.games.boop.board import ENTRIES, LINES, STEPS, cell_name, segment_id
from parlour.games.boop.rules import graduable_lines
from parlour.games.boop.state import Position


def random_match(seed: int, first: str = "orange") -> Match:
    match = Match.new(GAME, 2, {"first": first}, seed)
    rng = Rng.from_seed(seed)
    while GAME.outcome(match.state) is None:
        player = GAME.to_act(match.state)[0]
        match.play(player, rng.choice(GAME.legal_moves(match.state, player)))
        assert len(match.plies) < 2000
    return match


def check_invariants(state) -> None:
    assert set(state.board) <= {0, 1, 2, 3, 4}
    for p in (0, 1):
        kittens_on_bed = state.board.count(2 * p + 1)
        cats_on_bed = state.board.count(2 * p + 2)
        # BP-10: always 8 active pieces, on the bed or in the pool.
        assert kittens_on_bed + cats_on_bed + state.pool_kittens[p] + state.pool_cats[p] == 8
        # Every graduated kitten left the game and brought one reserve cat into play.
        graduated = 8 - state.reserve[p]
        assert kittens_on_bed + state.pool_kittens[p] + graduated == 8
        assert cats_on_bed + state.pool_cats[p] + state.reserve[p] == 8
    # BP-12: ghosts live on segments, never in a cell, and never two on one segment.
    on_bed = [g for g in state.ghosts if g != -1]
    assert all(0 <= g < len(ENTRIES) * STEPS for g in on_bed)
    assert len({segment_id(*divmod(g, STEPS)) for g in on_bed}) == len(on_bed)


def games(game_id: str):
    if game_id != "boop":
        raise KeyError(game_id)
    return GAME


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), first=st.sampled_from(["orange", "purple", "random"]))
def test_bp_10_bp12_invariants_hold_in_every_state_of_random_games(seed, first):
    match = random_match(seed, first)
    for state in match.states:
        check_invariants(state)
    outcome = GAME.outcome(match.state)
    assert outcome is not None and len(outcome.winners) == 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_replaying_the_move_list_reproduces_every_state_hash(seed):
    match = random_match(seed)
    again = load_match(match.dumps(), games)
    assert [GAME.state_hash(s) for s in again.states] == [GAME.state_hash(s) for s in match.states]
    assert json.loads(again.dumps()) == json.loads(match.dumps())


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_bp_d6_position_and_move_notation_round_trip_exactly(seed):
    match = random_match(seed)
    for state, ply in zip(match.states, [*match.plies, None], strict=True):
        text = GAME.position(state)
        assert GAME.from_position(text) == state
        assert GAME.position(GAME.from_position(text)) == text
        assert GAME.decode_state(json.loads(json.dumps(GAME.encode_state(state)))) == state
        assert GAME.decode_state(GAME.view(state, None)) == state
        for move in GAME.legal_moves(state, state.mover):
            assert GAME.decode_move(GAME.encode_move(move)) == move
        if ply is not None:
            assert ply.move in GAME.legal_moves(state, ply.player)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_apply_never_changes_its_input_state(seed):
    match = random_match(seed)
    for i, state in enumerate(match.states[:-1]):
        before = GAME.position(state)
        GAME.apply(state, match.plies[i].player, match.plies[i].move)
        assert GAME.position(state) == before


ALL_MOVES = (
    [f"{k}@{f}{r}" for k in "kc" for f in "abcdef" for r in "123456"]
    + ["x:" + "-".join(cell_name(c) for c in line) for line in LINES]
    + [f"x:{f}{r}" for f in "abcdef" for r in "123456"]
    + ["x:-", "g:-"]
    + [f"g:{e}" for e in ENTRIES]
)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_well_formed_move_is_either_legal_or_refused_with_a_reason_and_rule(seed):
    match = random_match(seed)
    for state in match.states[:-1:3]:
        legal = set(GAME.legal_moves(state, state.mover))
        before = GAME.position(state)
        for move in ALL_MOVES:
            if move in legal:
                continue
            try:
                GAME.apply(state, state.mover, move)
            except IllegalMove as err:
                assert err.code.startswith("boop.illegal.") and err.rule.startswith("BP-")
            else:
                raise AssertionError(f"{move} was accepted in {before}")
        assert GAME.position(state) == before


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_views_and_events_are_plain_json(seed):
    match = random_match(seed)
    for state, events in zip(match.states[1:], match.events, strict=True):
        assert json.loads(json.dumps(GAME.view(state, 0))) == GAME.view(state, 0)
        for event in events:
            data = event.seen_by(None)
            assert data is not None and json.loads(json.dumps(data)) == data


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_a_position_from_a_link_resumes_and_replays_to_the_same_end(seed, cut):
    """Exact replay: decode any position of a game, play the remaining moves: same states, same end."""
    match = random_match(seed)
    i = int(cut * (len(match.plies) - 1))
    state = GAME.from_position(GAME.position(match.states[i]))
    for ply, expected in zip(match.plies[i:], match.states[i + 1 :], strict=True):
        state, _ = GAME.apply(state, ply.player, ply.move)
        assert GAME.state_hash(state) == GAME.state_hash(expected)
    assert GAME.outcome(state) == GAME.outcome(match.state)


PHASES = ["place", "grad-a", "ghost", "grad-b", "win-line", "win-all-cats", "win-no-pieces"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_every_position_accepted_is_playable_to_the_end(seed, data):
    """A tampered position (other side, phase, flags, waiting lines) is refused or leads to a game
    the rules can play: whoever acts has a legal move, and random play finishes without error."""
    match = random_match(seed)
    state = data.draw(st.sampled_from(match.states))
    side = data.draw(st.sampled_from("op"))
    own = GAME.position(state).split()[5]
    phase = data.draw(st.sampled_from([own, own, own, *PHASES]))
    lines = [
        "-".join(cell_name(c) for c in LINES[i]) for p in (0, 1) for i in graduable_lines(Position(state), p)
    ]
    held = data.draw(st.sampled_from(["-", "-", *lines]))
    flags = data.draw(st.sampled_from(["-", "-", "-", "g", "r", "gr"]))
    tail = "" if (flags, held) == ("-", "-") else f" {flags} {held}"
    text = " ".join([*GAME.position(state).split()[:4], side, phase]) + tail
    try:
        decoded = GAME.from_position(text)
    except ValueError:
        return
    assert GAME.position(decoded) == text
    rng = Rng.from_seed(seed)
    for _ in range(400):
        if GAME.outcome(decoded) is not None:
            break
        player = GAME.to_act(decoded)[0]
        moves = GAME.legal_moves(decoded, player)
        assert moves, f"nothing to do in {GAME.position(decoded)}"
        decoded, _ = GAME.apply(decoded, player, rng.choice(moves))
    assert GAME.outcome(decoded) is not None
