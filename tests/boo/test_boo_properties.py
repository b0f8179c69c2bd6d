"""Property tests over random games: invariants, exact replay, JSON round trips."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.engine import CorruptMatch, IllegalMove, MalformedMove, Match, MatchRecord, Rng
from parlour.games.boo import GAME, BooMove, BooState
from parlour.games.boo.route import Route
from parlour.games.boo.rules import RESERVE, WIN_VISITORS, WIN_WALLS, stack_size


def random_match(players: int, seed: int, options: dict, max_plies: int = 120) -> Match:
    """Random actions at increasing times: hands, lowering, the button, good claims and bad ones."""
    rng = Rng.from_seed(seed)
    match = Match.new(GAME, players, options, seed)
    t = 0
    for _ in range(max_plies):
        if match.outcome() is not None:
            break
        t += rng.below(4000)
        seat = rng.choice(list(GAME.to_act(match.state)))
        moves = GAME.legal_moves(match.state, seat)
        good = [m.route for m in moves if m.route is not None]
        if good and rng.random() < 0.2:
            # A wrong claim: a good route stopped one step short of the visitor.
            wrong = Route(good[0].colour, good[0].steps[:-1])
            moves.append(BooMove("claim", 0, wrong))
        move = rng.choice(moves)
        if move.kind in ("claim", "booo") and t < match.state.locked_until[seat]:
            t = match.state.locked_until[seat]
        match.play(seat, replace(move, t=t), t=t)
    return match


def check_invariants(state: BooState) -> None:
    size = stack_size(state.players)
    seen = [v for c in state.captured for v in c] + list(state.discarded) + list(state.stack)
    if state.visitor is not None:
        seen.append(state.visitor)
    assert sorted(seen) == list(range(1, size + 1)), "every visitor is somewhere, once"
    assert state.stack == tuple(sorted(state.stack)), "the stack stays in ascending order"
    assert all(h == RESERVE or 0 <= h < state.players for h in state.markers)
    walls = [len(state.walls_of(p)) for p in range(state.players)]
    if state.winners is None:
        assert max(walls) < WIN_WALLS and max(len(c) for c in state.captured) < WIN_VISITORS
        assert state.visitor is not None and state.visitor_room != state.ghost
    assert 2 * sum(state.hands) <= state.players or state.winners is not None
    assert state.now >= state.search_started


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 6),
    st.integers(0, 10**6),
    st.fixed_dictionaries(
        {"trapdoors": st.integers(0, 4), "token_rooms": st.sampled_from(["standard", "random"])}
    ),
)
def test_random_games_keep_invariants_and_replay_exactly(players, seed, options):
    match = random_match(players, seed, options)
    for state in match.states:
        check_invariants(state)
    record = MatchRecord.loads(match.dumps())
    again = Match.replay(GAME, record)
    assert [GAME.state_hash(s) for s in again.states] == [GAME.state_hash(s) for s in match.states]
    assert all(p.t is not None for p in record.plies)
    assert [p.t for p in record.plies] == sorted(p.t for p in record.plies)
    for state in match.states[:: max(1, len(match.states) // 5)]:
        assert GAME.decode_state(GAME.encode_state(state)) == state
    outcome = match.outcome()
    if outcome is not None:
        assert outcome.scores == tuple(float(match.state.total(p)) for p in range(players))


def test_a_record_that_does_not_replay_is_corrupt_and_a_bad_move_changes_nothing():
    match = random_match(3, 5, {}, max_plies=6)
    before = GAME.state_hash(match.state)
    with pytest.raises(MalformedMove):
        GAME.decode_move({"k": "claim", "t": 1, "route": {"colour": "red", "steps": ["x0"]}})
    with pytest.raises(IllegalMove):
        match.play(0, BooMove("hand", -1), t=-1)
    assert GAME.state_hash(match.state) == before
    data = json.loads(match.dumps())
    data["moves"].append([0, {"k": "hand", "t": 0}, 0])
    with pytest.raises(CorruptMatch):
        Match.replay(GAME, MatchRecord.from_json(data))
