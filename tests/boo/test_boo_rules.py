"""The rules of Boo!, one test (or more) per rule of the digest (BO-1..BO-20, BO-D1, BO-D2)."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from parlour.engine import IllegalMove, MalformedMove, Match, NotYourTurn
from parlour.games.boo import GAME, BooMove
from parlour.games.boo.castle import ALL_ROOMS, CENTRAL_ROOMS, COLOURS, components
from parlour.games.boo.route import Route
from parlour.games.boo.rules import RESERVE, BooState
from parlour.games.boo.solver import Problem, all_routes, shortest_route


def new(players: int = 3, seed: str = "r", **options) -> BooState:
    return Match.new(GAME, players, options, seed).state


def route_for(state: BooState, player: int) -> Route:
    route = shortest_route(state.problem(player))
    assert route is not None, "scenario needs a route"
    return route


def claim(state: BooState, player: int, t: int, route: Route | None = None):
    return GAME.apply(state, player, BooMove("claim", t, route or route_for(state, player)))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def wrong_route(state: BooState, player: int) -> tuple[BooState, Route]:
    """The state with ``player`` holding the starting colour of a route they would otherwise have."""
    route = route_for(state, player)
    return replace(
        state, markers=tuple(player if c == route.colour else h for c, h in enumerate(state.markers))
    ), route


def test_bo1_castle_is_nine_tiles_in_a_random_arrangement():
    """BO-1."""
    a, b = new(seed="a"), new(seed="b")
    ids = sorted(t.id for t in components().tiles)
    assert sorted(a.arrangement) == ids == list(range(1, 10))
    assert a.arrangement != b.arrangement
    castle = a.castle
    assert (castle.width, castle.height, len(castle.rooms())) == (9, 9, 36)


def test_bo2_six_wall_markers_start_in_the_reserve():
    """BO-2."""
    state = new()
    assert len(state.markers) == len(COLOURS) == 6
    assert all(h == RESERVE for h in state.markers)


def test_bo3_visitors_show_a_coat_of_arms_and_a_portrait_per_route_number():
    """BO-3."""
    comps = components()
    assert len(comps.visitors) == 15
    for token in comps.visitors:
        assert len(token) == 4
        for arms, portrait in token:
            assert arms in comps.arms and portrait in comps.portraits


def test_bo4_special_tokens_first_game_any_ratio_fewer_or_other_rooms():
    """BO-4."""
    rooms = components().special_rooms
    first = new()
    assert set(first.trapdoors) == set(rooms[:2]) and set(first.transitions) == set(rooms[2:])
    all_trap = new(trapdoors=4)
    assert set(all_trap.trapdoors) == set(rooms) and all_trap.transitions == ()
    none = new(trapdoors=0)
    assert set(none.transitions) == set(rooms)
    fewer = new(tokens=2, trapdoors=1)
    assert len(fewer.trapdoors) == 1 and len(fewer.transitions) == 1
    moved = [new(seed=str(i), token_rooms="random") for i in range(5)]
    assert any(set(s.trapdoors + s.transitions) != set(rooms) for s in moved)
    assert all(len(set(s.trapdoors + s.transitions)) == 4 for s in moved)
    # More trapdoors than tokens: every token shows its trapdoor (no setup error, no crash).
    capped = new(tokens=1, trapdoors=2)
    assert len(capped.trapdoors) == 1 and capped.transitions == ()
    assert new(tokens=0).trapdoors == () == new(tokens=0).transitions


@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 12), (4, 12), (5, 15), (6, 15)])
def test_bo5_visitor_stack_by_player_count(players, size):
    """BO-5."""
    state = new(players)
    assert (state.visitor, *state.stack) == tuple(range(1, size + 1))
    with pytest.raises(ValueError):
        Match.new(GAME, 7)


def test_bo6_ghost_starts_in_the_central_tile_and_the_route_number_holds_all_game():
    """BO-6."""
    starts = {new(seed=str(i)).ghost for i in range(12)}
    assert starts <= set(CENTRAL_ROOMS) and len(starts) > 1
    assert {new(seed=str(i)).route_number for i in range(12)} <= {1, 2, 3, 4}
    assert new(route_number=3).route_number == 3
    assert new(ghost_room="f6").ghost == (5, 5)


def test_bo7_visitor_goes_to_the_room_of_its_arms_and_portrait():
    """BO-7."""
    for k in (1, 2, 3, 4):
        state = new(route_number=k)
        arms, portrait = components().visitors[0][k - 1]
        column, row = components().arms.index(arms), components().portraits.index(portrait)
        assert state.visitor_room == (3 * (column // 2) + 2 * (column % 2), 3 * (row // 2) + 2 * (row % 2))


def test_bo8_everyone_searches_at_once_first_player_first():
    """BO-8."""
    state = new(4)
    assert tuple(GAME.to_act(state)) == (0, 1, 2, 3)
    state, _ = claim(state, 2, 1000)
    assert tuple(GAME.to_act(state)) == (1, 2, 3, 0)


def test_bo9_to_bo12_claims_are_checked_by_the_route_rules():
    """BO-9, BO-10, BO-11, BO-12."""
    state = new()
    good = route_for(state, 0)
    bad = Route(good.colour, good.steps[:-1])
    _nxt, events = claim(state, 0, 500, bad)
    wrong = events[0]
    assert wrong.kind == "claim-wrong" and wrong.data["code"] == "boo.route.not-at-visitor"
    assert wrong.data["rule"] == "BO-9"


def test_bo13_bo14_valid_claim_moves_the_ghost_and_takes_visitor_and_last_colour_marker():
    """BO-13, BO-14."""
    state = new()
    room, route = state.visitor_room, route_for(state, 1)
    nxt, events = claim(state, 1, 4200, route)
    assert kinds(events)[:4] == ["claim", "ghost-moved", "visitor-taken", "marker-taken"]
    assert nxt.ghost == room and nxt.captured[1] == (1,)
    assert nxt.markers[route.last_colour] == 1 and nxt.walls_of(1) == (route.last_colour,)
    assert nxt.visitor == 2 and "visitor-placed" in kinds(events)


def test_bo14_the_marker_is_taken_from_whoever_holds_it():
    """BO-14."""
    state = new()
    route = route_for(state, 1)
    state = replace(
        state, markers=tuple(2 if c == route.last_colour else h for c, h in enumerate(state.markers))
    )
    nxt, events = claim(state, 1, 100, route)
    taken = next(e for e in events if e.kind == "marker-taken")
    assert taken.data["from"] == 2 and nxt.markers[route.last_colour] == 1 and nxt.walls_of(2) == ()


def test_bo15_a_player_never_uses_their_own_colours():
    """BO-15."""
    state, route = wrong_route(new(), 0)
    nxt, events = claim(state, 0, 100, route)
    assert events[0].kind == "claim-wrong"
    assert (events[0].data["code"], events[0].data["rule"]) == ("boo.route.forbidden-colour", "BO-15")
    assert nxt.visitor == state.visitor and nxt.captured == state.captured
    for r in all_routes(nxt.problem(0), limit=200):
        assert route.colour not in r.colours


def test_bo16_bo_d2_wrong_claim_restarts_the_search_and_locks_the_claimant_out():
    """BO-16, BO-D2."""
    state, route = wrong_route(new(lockout_ms=3000), 0)
    nxt, events = claim(state, 0, 1000, route)
    assert "search-restarts" in kinds(events) and nxt.search_started == 1000
    assert nxt.locked_until[0] == 4000
    with pytest.raises(IllegalMove) as info:
        GAME.apply(nxt, 0, BooMove("claim", 3999, route_for(nxt, 0)))
    assert (info.value.code, info.value.rule) == ("boo.illegal.locked-out", "BO-D2")
    later, _ = GAME.apply(nxt, 0, BooMove("claim", 4000, route_for(nxt, 0)))
    assert later.captured[0] == (1,)
    other, _ = claim(nxt, 1, 1001)
    assert other.captured[1] == (1,)


def test_bo17_more_than_half_raised_hands_end_the_search():
    """BO-17."""
    state = new(4)
    visitor_room = state.visitor_room
    for seat, t in ((0, 10), (1, 20)):
        state, events = GAME.apply(state, seat, BooMove("hand", t))
        assert state.visitor == 1, "half is not more than half"
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, 1, BooMove("hand", 30))
    assert info.value.rule == "BO-17"
    state, events = GAME.apply(state, 1, BooMove("lower", 30))
    before, _ = GAME.apply(state, 1, BooMove("hand", 40))
    state, events = GAME.apply(before, 3, BooMove("hand", 50))
    assert "visitor-discarded" in kinds(events)
    # BO-D3: the reveal shows each seat its shortest route (none here is forbidden anything).
    reveal = next(e for e in events if e.kind == "visitor-discarded").data["reveal"]
    assert reveal == [route_for(before, p).to_json() for p in range(4)]
    assert state.ghost == visitor_room and state.discarded == (1,) and state.visitor == 2
    assert state.hands == (False,) * 4 and all(c == () for c in state.captured)


def test_bo17_claiming_after_raising_a_hand_is_allowed():
    """BO-17."""
    state = new(3)
    state, _ = GAME.apply(state, 0, BooMove("hand", 10))
    state, _ = claim(state, 0, 20)
    assert state.captured[0] == (1,)


def test_bo18_first_player_passes_clockwise_after_every_round():
    """BO-18."""
    state = new(3)
    firsts = [state.first]
    for r in range(4):
        state, _ = GAME.apply(state, 0, BooMove("hand", 100 * r))
        state, _ = GAME.apply(state, 1, BooMove("hand", 100 * r + 1))
        firsts.append(state.first)
    assert firsts == [0, 1, 2, 0, 1]


def test_bo19_four_wall_markers_win_at_once():
    """BO-19."""
    base = new(3, seed="walls")
    for held in combinations(range(6), 3):
        state = replace(base, markers=tuple(0 if c in held else RESERVE for c in range(6)))
        route = shortest_route(state.problem(0))
        if route is not None:
            break
    assert route is not None
    end, events = claim(state, 0, 100, route)
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "boo.end.walls"
    assert GAME.to_act(end) == () and events[-1].kind == "game-over"


def test_bo19_five_visitors_win_at_once():
    """BO-19."""
    state = replace(new(3), captured=((2, 3, 4, 5), (), ()), stack=tuple(range(6, 13)))
    end, _ = claim(state, 0, 100)
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "boo.end.visitors"
    with pytest.raises(IllegalMove):
        Match(GAME, Match.new(GAME, 3).record, [end], []).play(1, BooMove("hand", 200))


def test_bo20_empty_stack_highest_total_wins():
    """BO-20."""
    state = replace(
        new(3), stack=(), captured=((5,), (6, 7), ()), markers=(0, 1, RESERVE, RESERVE, RESERVE, RESERVE)
    )
    state = replace(state, round=5, last_win=(3, 2, -1))
    route = route_for(state, 2)
    end, _ = claim(state, 2, 100, route)
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.reason == "boo.end.stack"
    totals = [end.total(p) for p in range(3)]
    assert outcome.scores == tuple(float(t) for t in totals)
    # Seat 2 scores 2 (visitor + marker). Taking seat 1's marker ties everyone at 2, and seat 2 won last.
    assert outcome.winners == ((2,) if route.last_colour == 1 else (1,))


def test_bo20_tie_goes_to_the_tied_player_who_most_recently_won_a_visitor():
    """BO-20."""
    state = replace(new(3), stack=(), captured=((5, 6), (7, 8), (9,)), last_win=(4, 7, 9))
    state, _ = GAME.apply(state, 0, BooMove("hand", 10))
    end, _events = GAME.apply(state, 1, BooMove("hand", 20))
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "boo.end.stack"
    shared = replace(new(2), stack=())
    shared, _ = GAME.apply(shared, 0, BooMove("hand", 10))
    shared, _ = GAME.apply(shared, 1, BooMove("hand", 20))
    result = GAME.outcome(shared)
    assert result is not None and result.winners == (0, 1)


def test_bo_d1_shared_device_button_freezes_the_others_and_limits_the_time():
    """BO-D1."""
    state = new(3, trace_ms=5000)
    pressed, events = GAME.apply(state, 2, BooMove("booo", 1000, colour=route_for(state, 2).colour))
    assert kinds(events) == ["booo"] and tuple(GAME.to_act(pressed)) == (2,)
    with pytest.raises(NotYourTurn):
        GAME.apply(pressed, 0, BooMove("claim", 1001, route_for(pressed, 0)))
    with pytest.raises(IllegalMove):
        GAME.apply(pressed, 2, BooMove("hand", 1001))
    ok, _ = claim(pressed, 2, 6000)
    assert ok.captured[2] == (1,)
    late, events = claim(pressed, 2, 6001)
    assert events[0].data["code"] == "boo.route.too-late" and late.locked_until[2] == 6001 + 5000
    assert tuple(GAME.to_act(late)) == (0, 1, 2)
    _blank, events = GAME.apply(pressed, 2, BooMove("claim", 2000, None))
    assert (events[0].data["code"], events[0].data["rule"]) == ("boo.route.not-shown", "BO-16")


def test_bo_d1_actions_are_taken_in_time_order():
    """BO-D1."""
    state, _ = GAME.apply(new(), 0, BooMove("hand", 500))
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, 1, BooMove("hand", 499))
    assert info.value.code == "boo.illegal.time"
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, BooMove("claim", 600, None))


def test_bo_d3_legal_moves_offer_hands_button_and_the_shortest_claims():
    """BO-D3."""
    state = new()
    moves = GAME.legal_moves(state, 0)
    assert {m.kind for m in moves} == {"hand", "booo", "claim"}
    best = min(len(m.route.steps) for m in moves if m.route)
    assert best == len(route_for(state, 0).steps)
    for m in moves:
        GAME.apply(state, 0, m)


@pytest.mark.parametrize(
    "data",
    [
        None,
        "hand",
        {"k": "jump", "t": 1},
        {"k": "hand"},
        {"k": "hand", "t": -1},
        {"k": "hand", "t": True},
        {"k": "hand", "t": 1, "x": 2},
        {"k": "claim", "t": 1},
        {"k": "claim", "t": 1, "route": {"colour": "red"}},
    ],
)
def test_malformed_moves_are_refused(data):
    with pytest.raises(MalformedMove):
        GAME.decode_move(data)


def test_state_and_moves_round_trip_through_json():
    state, _ = claim(new(), 0, 10)
    assert GAME.decode_state(GAME.encode_state(state)) == state
    move = BooMove("claim", 7, route_for(state, 1))
    assert GAME.decode_move(GAME.encode_move(move)) == move
    assert GAME.view(state, 1) == GAME.encode_state(state) == GAME.view(state, None)
    with pytest.raises(ValueError):
        GAME.decode_state({"players": 2})


def test_scores_are_walls_plus_visitors():
    state, _ = claim(new(), 0, 10)
    assert GAME.scores(state) == [2.0, 0.0, 0.0]
    assert state.ghost in ALL_ROOMS


def test_problem_is_the_players_search():
    state = new()
    p = state.problem(1)
    assert isinstance(p, Problem) and p.ghost == state.ghost and p.visitor == state.visitor_room


def test_bo14_the_marker_taken_is_the_routes_last_colour_after_a_transition():
    """BO-14."""
    for seed in range(60):
        state = new(seed=f"last-{seed}")
        changed = [r for r in all_routes(state.problem(0), limit=300) if r.colour != r.last_colour]
        if changed:
            break
    route = changed[0]
    end, _ = claim(state, 0, 10, route)
    assert end.markers[route.last_colour] == 0 and end.markers[route.colour] == RESERVE


def test_move_log_lines_name_the_player_and_colour():
    state = new()
    route = route_for(state, 1)
    key, params = GAME.describe_move(state, 1, BooMove("claim", 5, route))
    # The colour is a catalogue key: the log says it in the player's language.
    assert key == "boo.log.claim" and params == {"player": 1, "colour": f"boo.colour.{COLOURS[route.colour]}"}
    assert GAME.notation(BooMove("booo", 1500, colour=2)) == "booo blue @1.5s"
    assert GAME.describe_move(state, 2, BooMove("hand", 5))[0] == "boo.log.hand"
    assert GAME.describe_move(state, 2, BooMove("claim", 5, None))[0] == "boo.log.give-up"
