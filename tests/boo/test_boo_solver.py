"""The solver (BO-D3) is exact: it agrees with a brute-force search on small castles."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.engine import Rng
from parlour.games.boo.castle import (
    ALL_ROOMS,
    EDGE_SIDES,
    INNER_SIDES,
    OPEN,
    Tile,
    build_castle,
    castle_from_tiles,
    components,
    is_room,
)
from parlour.games.boo.route import Specials, check_route
from parlour.games.boo.solver import (
    INF,
    Problem,
    all_routes,
    has_route,
    lower_bounds,
    shortest_route,
    shortest_routes,
    start_bound,
)

from .castles import B, R, W, brute_force, castle, specials, tile

CORRIDOR = {"n-c", "w-c", "c-e", "c-s", "east:e", "south:s"}


@st.composite
def small_problems(draw, colours=(W, R, B)):
    shape = draw(st.sampled_from([(1, 1), (2, 1), (1, 2)]))
    tiles = []
    for i in range(shape[0] * shape[1]):
        sides = {}
        for name in (*INNER_SIDES, *EDGE_SIDES):
            choices = (*colours, OPEN, OPEN) if name in CORRIDOR else colours
            sides[name] = draw(st.sampled_from(choices))
        tiles.append(Tile(i + 1, sides))
    c = castle_from_tiles(tiles, shape[0])
    rooms = [cell for cell in (c.cell(i) for i in range(c.width * c.height)) if is_room(cell)]
    ghost, visitor = draw(st.lists(st.sampled_from(rooms), min_size=2, max_size=2, unique=True))
    tokens = draw(st.lists(st.sampled_from(rooms), max_size=4, unique=True))
    split = draw(st.integers(0, len(tokens)))
    sp = Specials(frozenset(tokens[:split]), frozenset(tokens[split:]))
    forbidden = frozenset(draw(st.lists(st.sampled_from(colours), max_size=2)))
    return Problem(c, ghost, visitor, sp, forbidden)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_problems())
def test_bo_d3_all_routes_equal_brute_force(p):
    """BO-D3."""
    expected = set(brute_force(p))
    found = all_routes(p)
    assert len(found) == len(set(found))
    assert set(found) == expected
    shortest = shortest_routes(p)
    if expected:
        best = min(len(r.steps) for r in expected)
        assert set(shortest) == {r for r in expected if len(r.steps) == best}
        assert has_route(p)
    else:
        assert shortest == [] and shortest_route(p) is None and not has_route(p)


@settings(max_examples=40, deadline=None)
@given(small_problems(colours=(W, R, B, 3, 4, 5)))
def test_bo_d3_every_route_returned_is_valid(p):
    """BO-D3."""
    for r in all_routes(p, limit=500):
        check_route(p.castle, p.ghost, p.visitor, p.specials, p.forbidden, r)


def test_bo_d3_no_route_means_none():
    """BO-D3."""
    # Every wall red, red forbidden: nothing leaves the ghost's room.
    c = castle(tile(R), tile(R, tile_id=2))
    p = Problem(c, (0, 0), (5, 2), specials(), frozenset({R}))
    assert all_routes(p) == [] and shortest_routes(p) == [] and set(brute_force(p)) == set()


def test_bo_d3_shortest_routes_are_the_fewest_steps():
    """BO-D3."""
    c = castle(tile(W))
    routes = shortest_routes(Problem(c, (0, 0), (2, 2)))
    assert {len(r.steps) for r in routes} == {4}
    # Four ways through the open centre (b1 or a2, then b3 or c2), two round the edge through c1 or a3.
    assert len(routes) == 6


def test_bo_d3_limit_and_length_cap_are_honoured():
    """BO-D3."""
    c = castle(tile(W), tile(W, tile_id=2))
    p = Problem(c, (0, 0), (5, 2))
    every = all_routes(p)
    assert len(every) > 5
    assert all_routes(p, limit=5) == every[:5]
    best = min(len(r.steps) for r in every)
    capped = all_routes(p, max_steps=best + 1)
    assert set(capped) == {r for r in every if len(r.steps) <= best + 1}


def test_bo_d3_breadth_first_bound_is_the_exact_shortest_length_on_the_full_castle():
    """BO-D3: the claim the solver rests on (a shortest path never repeats a cell in one colour),
    checked on every room pair of real castles with random forbidden colours."""
    comps = components()
    rng = Rng.from_seed("exact")
    rooms = comps.special_rooms
    sp = Specials(frozenset(rooms[:2]), frozenset(rooms[2:]))
    for _ in range(2):
        c = build_castle(tuple(rng.shuffled([t.id for t in comps.tiles])))
        for visitor in ALL_ROOMS:
            forbidden = frozenset(rng.shuffled(range(6))[: rng.below(4)])
            bounds = lower_bounds(Problem(c, visitor, visitor, sp, forbidden))
            for ghost in ALL_ROOMS:
                if ghost == visitor:
                    continue
                p = Problem(c, ghost, visitor, sp, forbidden)
                bound = start_bound(c.index(ghost), bounds, forbidden)
                route = shortest_route(p, bounds)
                if bound >= INF:
                    assert route is None
                else:
                    assert route is not None and len(route.steps) == bound
                    check_route(c, ghost, visitor, sp, forbidden, route)
