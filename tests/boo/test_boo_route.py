"""Routes on hand-built castles: what a player may trace and why a wrong route fails (BO-9..BO-15)."""

from __future__ import annotations

import pytest

from parlour.engine import IllegalMove, MalformedMove
from parlour.games.boo.castle import OPEN, STONE, Castle, parse_cell
from parlour.games.boo.route import Change, Jump, Move, Route, check_route
from parlour.games.boo.solver import Problem, all_routes

from .castles import B, G, R, W, Y, castle, specials, tile

A1, B1, C1, A3, C3 = (parse_cell(c) for c in ("a1", "b1", "c1", "a3", "c3"))


def route(colour: int, *steps: str) -> Route:
    return Route.from_json(
        {"colour": ["white", "red", "blue", "green", "yellow", "purple"][colour], "steps": list(steps)}
    )


def failure(c, ghost, visitor, r, sp=None, forbidden=()) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        check_route(c, ghost, visitor, sp or specials(), forbidden, r)
    return info.value


def test_bo9_route_goes_through_walls_of_one_colour():
    """BO-9."""
    c = castle(tile(W, nw_n=R, n_ne=R))
    check_route(c, A1, C1, specials(), (), route(R, "b1", "c1"))
    err = failure(c, A1, C1, route(W, "b1", "c1"))
    assert (err.code, err.rule, err.params["wall"]) == ("boo.route.wrong-colour", "BO-9", "red")


def test_bo9_two_colours_without_a_transition_is_no_route():
    """BO-9."""
    c = castle(tile(W, nw_n=R, n_ne=B))
    routes = all_routes(Problem(c, A1, C1))
    assert routes and all(r.colours == (W,) for r in routes)
    err = failure(c, A1, C1, route(R, "b1", "c1"))
    assert err.code == "boo.route.wrong-colour"


def test_bo9_moves_are_orthogonal_never_diagonal():
    """BO-9."""
    c = castle(tile(W))
    err = failure(c, A1, C3, route(W, "b2", "c3"))
    assert (err.code, err.rule) == ("boo.route.not-adjacent", "BO-9")


def test_bo9_outer_rim_is_stone():
    """BO-9."""
    c = castle(tile(W))
    assert c.side(parse_cell("c1"), (3, 0)) == STONE
    err = failure(c, C1, A1, route(W, "d1"))
    assert (err.code, err.rule) == ("boo.route.off-board", "BO-9")
    walled = Castle(2, 1, {((0, 0), (1, 0)): STONE})
    err = failure(walled, (0, 0), (1, 0), route(W, "b1"))
    assert (err.code, err.rule) == ("boo.route.stone", "BO-9")


def test_bo9_corridor_to_room_sides_are_always_walls():
    """BO-9."""
    c = castle(tile(G), tile(G, tile_id=2))
    for room in ("a1", "c1", "d1", "f1", "a3", "f3"):
        cell = parse_cell(room)
        for nb, side in c.links[c.index(cell)]:
            assert side != OPEN, (room, c.cell(nb))


def test_bo9_a_route_may_pass_a_cell_twice_and_ends_on_arrival():
    """BO-9: the rulebook forbids no room or corridor twice; the visitor is scared on arrival."""
    c = castle(tile(W))
    loop = route(W, "b1", "b2", "b1", "c1")
    assert check_route(c, A1, C1, specials(), (), loop) == loop
    passing = route(W, "a2", "a1", "b1", "c1")
    assert check_route(c, A1, C1, specials(), (), passing) == passing
    assert check_route(c, A1, C1, specials(), (), route(W, "b1", "c1", "c2")) == route(W, "b1", "c1")
    assert failure(c, A1, C3, route(W, "b1")).code == "boo.route.not-at-visitor"
    assert failure(c, A1, C3, route(W)).code == "boo.route.empty"


def test_bo10_trapdoor_jump_keeps_the_colour():
    """BO-10."""
    # Left tile all red, right tile all blue: only the trapdoors join them, so a red route must jump.
    c = castle(tile(R, east_ne=Y, east_e=Y, east_se=Y), tile(B, tile_id=2))
    sp = specials(trapdoors=(parse_cell("c3"), parse_cell("d1")))
    ok = route(R, "c2", "c3", "*d1")
    check_route(c, parse_cell("c1"), parse_cell("d1"), sp, (), ok)
    assert ok.last_colour == R and ok.jumps == 1
    err = failure(c, parse_cell("c1"), parse_cell("f1"), route(R, "c2", "c3", "*d1", "e1", "f1"), sp)
    assert (err.code, err.params["colour"]) == ("boo.route.wrong-colour", "red")


def test_bo10_bo12_two_secret_passages_in_a_row():
    """BO-10, BO-12: "players can use several special tokens during one move"."""
    c = castle(tile(R), tile(R, tile_id=2))
    d1, d3 = parse_cell("d1"), parse_cell("d3")
    sp = specials(trapdoors=(A3, A1, d1))
    twice = route(R, "*a1", "*d1", "e1", "f1")
    assert check_route(c, A3, parse_cell("f1"), sp, (), twice) == twice
    assert check_route(c, A3, d1, sp, (), route(R, "*a1", "*d1")) == route(R, "*a1", "*d1")
    assert route(R, "*d1") in all_routes(Problem(c, A3, d1, sp))
    assert route(R, "*a1", "*d1") in all_routes(Problem(c, A3, d1, sp))
    assert failure(c, A3, d3, route(R, "*a1", "*d3"), sp).code == "boo.route.jump-target"


def test_bo10_jump_only_from_and_to_trapdoor_rooms():
    """BO-10."""
    c = castle(tile(R), tile(R, tile_id=2))
    sp = specials(trapdoors=(parse_cell("c3"), parse_cell("d1")))
    assert failure(c, A1, parse_cell("d1"), route(R, "*d1"), sp).code == "boo.route.no-trapdoor"
    err = failure(c, parse_cell("c1"), parse_cell("d3"), route(R, "c2", "c3", "*d3"), sp)
    assert (err.code, err.rule) == ("boo.route.jump-target", "BO-10")


def test_bo11_transition_changes_colour_from_that_room_on():
    """BO-11."""
    c = castle(tile(W, nw_n=R, n_ne=R, ne_e=B, e_se=B))
    sp = specials(transitions=(C1,))
    r = route(R, "b1", "c1", "!blue", "c2", "c3")
    check_route(c, A1, C3, sp, (), r)
    assert (r.colour, r.last_colour, r.colours) == (R, B, (R, B))
    assert failure(c, A1, C3, r).code == "boo.route.no-transition"
    # A change to the colour in use changes nothing; changes in a row count as the last one.
    assert check_route(c, A1, C3, sp, (), route(R, "b1", "c1", "!red", "!green", "!blue", "c2", "c3")) == r


def test_bo11_colour_may_change_at_once_in_the_ghosts_own_transition_room():
    """BO-11: the ghost "goes through" the room it starts in."""
    c = castle(tile(W, ne_e=B, e_se=B))
    sp = specials(transitions=(C1,))
    start = route(R, "!blue", "c2", "c3")
    assert check_route(c, C1, C3, sp, (), start) == start and start.last_colour == B
    err = failure(c, C1, C3, start, sp, forbidden=(R,))
    assert (err.code, err.rule) == ("boo.route.forbidden-colour", "BO-15")


def test_bo12_a_route_may_use_several_special_tokens():
    """BO-12."""
    # Corridors walled in yellow cut the tile up: from a3 (red walls) the only way on is the trapdoor
    # to a1, red to the transition in c1, then blue to c3.
    t = tile(W, w_sw=R, sw_s=R, nw_n=R, n_ne=R, ne_e=B, e_se=B, s_se=B, n_c=Y, w_c=Y, c_e=Y, c_s=Y)
    c = castle(t)
    sp = specials(trapdoors=(A3, A1), transitions=(C1,))
    expected = route(R, "*a1", "b1", "c1", "!blue", "c2", "c3")
    assert all_routes(Problem(c, A3, C3, sp)) == [expected]
    assert (expected.jumps, expected.changes, expected.last_colour) == (1, 1, B)
    assert all_routes(Problem(c, A3, C3, specials(trapdoors=(A3, A1)))) == []


def test_bo15_forbidden_colour_is_never_used_in_any_part():
    """BO-15."""
    c = castle(tile(W, nw_n=R, n_ne=R, ne_e=B, e_se=B))
    sp = specials(transitions=(C1,))
    r = route(R, "b1", "c1", "!blue", "c2", "c3")
    err = failure(c, A1, C3, r, sp, forbidden=(R,))
    assert (err.code, err.rule) == ("boo.route.forbidden-colour", "BO-15")
    err = failure(c, A1, C3, r, sp, forbidden=(B,))
    assert (err.code, err.rule, err.params["step"]) == ("boo.route.forbidden-colour", "BO-15", 3)
    allowed = all_routes(Problem(c, A1, C3, sp, frozenset({B})))
    assert allowed and all(B not in x.colours for x in allowed)
    assert any(B in x.colours for x in all_routes(Problem(c, A1, C3, sp)))


def test_route_json_round_trip_and_notation():
    r = Route(R, (Move((1, 0)), Jump((3, 0)), Change(B), Move((4, 0))))
    assert r.to_json() == {"colour": "red", "steps": ["b1", "*d1", "!blue", "e1"], "last": "blue"}
    assert Route.from_json(r.to_json()) == r
    assert Route.from_json({"colour": "red", "steps": ["b1", "*d1", "!blue", "e1"]}) == r
    assert r.cells((0, 0)) == [(0, 0), (1, 0), (3, 0), (4, 0)]


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"colour": "red"},
        {"colour": "pink", "steps": []},
        {"colour": "red", "steps": ["z9"]},
        {"colour": "red", "steps": [3]},
        {"colour": "red", "steps": ["!pink"]},
        {"colour": "red", "steps": "b1"},
        {"colour": "red", "steps": ["b1"], "last": "blue"},
        {"colour": "red", "steps": ["b1"], "first": "red"},
    ],
)
def test_malformed_routes_are_refused(data):
    with pytest.raises(MalformedMove):
        Route.from_json(data)


def test_bo11_after_a_change_the_route_may_cross_its_own_path():
    """BO-11."""
    c = castle(tile(W, nw_w=R, n_ne=R, ne_e=B, s_se=B))
    sp = specials(transitions=(C1,))
    r = route(R, "a2", "b2", "b1", "c1", "!blue", "c2", "b2", "b3", "c3")
    assert check_route(c, A1, C3, sp, (), r) == r
    again = route(R, "a2", "b2", "b1", "b2", "b1", "c1", "!blue", "c2", "b2", "b3", "c3")
    assert check_route(c, A1, C3, sp, (), again) == again
