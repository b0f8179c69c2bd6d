"""The faster solver (decision 0068) gives exactly what the plain one gives: the same bounds, the
same shortest routes in the same order, the same end-of-round reveal, on small castles of every
shape and on the full castle in play."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.engine import Match
from parlour.games.boo import GAME, BooMove, solver
from parlour.games.boo.castle import ALL_ROOMS, COLOURS
from parlour.games.boo.solver import INF, Problem, has_route, lower_bounds, shortest_route, shortest_routes

from .plain_solver import plain_lower_bounds, plain_shortest_route, plain_shortest_routes
from .test_boo_properties import random_match
from .test_boo_solver import small_problems


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_problems(colours=(0, 1, 2, 3, 4, 5)), st.sampled_from([1, 4, 1000]))
def test_the_fast_solver_equals_the_plain_one_on_small_castles(p, limit):
    plain = plain_lower_bounds(p)
    assert lower_bounds(p) == plain
    start = p.castle.index(p.ghost)
    cut = lower_bounds(p, until=start)
    shortest = min((plain[(start * 6 + c) * 2 + 1] for c in p.allowed), default=INF)
    # Stopped at the ghost's room: exact up to the shortest length, nothing wrong beyond it.
    assert all(c == b for c, b in zip(cut, plain, strict=True) if b <= shortest)
    assert all(c in (b, INF) for c, b in zip(cut, plain, strict=True))
    solver._kept.clear()
    assert shortest_routes(p, limit) == plain_shortest_routes(p, limit)
    assert shortest_routes(p, limit) == plain_shortest_routes(p, limit)  # a second time: from the kept bounds
    assert shortest_route(p) == plain_shortest_route(p)
    assert has_route(p) == bool(plain_shortest_routes(p, 1))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.integers(0, 10**6), st.sampled_from(["standard", "random"]))
def test_every_seat_s_search_and_the_reveal_in_play_equal_the_plain_solver(players, seed, rooms):
    """Positions from random games on the full castle (walls in front of players, special tokens):
    each seat's shortest routes, and the reveal when more than half the hands go up."""
    match = random_match(players, seed, {"token_rooms": rooms}, max_plies=60)
    state = match.state
    if state.winners is not None:
        return
    for seat in range(players):
        p = state.problem(seat)
        assert shortest_routes(p, limit=8) == plain_shortest_routes(p, limit=8)
    up = replace(state, hands=tuple(s < players // 2 for s in range(players)), claimant=None, announced=None)
    _, events = GAME.apply(up, players - 1, BooMove("hand", state.now, visitor=state.visitor))
    reveal = next(e.data["reveal"] for e in events if e.kind == "visitor-discarded")
    plain = [plain_shortest_route(up.problem(seat)) for seat in range(players)]
    assert reveal == [r and r.to_json() for r in plain]


def test_every_room_pair_of_a_castle_has_the_plain_solver_s_shortest_routes():
    match = Match.new(GAME, 4, None, "pairs")
    state = match.state
    for forbidden in (frozenset(), frozenset({COLOURS.index("red"), COLOURS.index("blue")})):
        for ghost in ALL_ROOMS[::3]:
            for visitor in ALL_ROOMS:
                if ghost == visitor:
                    continue
                p = Problem(state.castle, ghost, visitor, state.specials, forbidden)
                assert shortest_routes(p, limit=4) == plain_shortest_routes(p, limit=4)
