"""Rule findings from checking the engine against the English and Russian rulebooks (issue 11):
"Booo!" names its colour, reveals are final, the trace time is the match's, bad input changes nothing,
and an action from before the current visitor is refused as stale, over the network too."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from helpers.tables import sit_down
from parlour.__main__ import main as parlour_main
from parlour.engine import CorruptMatch, IllegalMove, MalformedMove, Match, MatchRecord, NotYourTurn
from parlour.games.boo import BOTS, GAME, BooMove
from parlour.games.boo.castle import COLOURS, components
from parlour.games.boo.route import Move, Route
from parlour.games.boo.rules import BooState
from parlour.games.boo.solver import shortest_route
from parlour.games.boo.stats import castle_stats
from parlour.net import GuestSession, HostSession
from parlour.net.loopback import Loopback


def new(players: int = 3, seed: str = "f", **options) -> BooState:
    return Match.new(GAME, players, options, seed).state


def best(state: BooState, seat: int) -> Route:
    route = shortest_route(state.problem(seat))
    assert route is not None
    return route


def test_bo13_booo_announces_the_starting_colour_and_the_route_must_start_with_it():
    """BO-13: "announces 'Booo' and his move's starting colour"."""
    state = new()
    route = best(state, 1)
    other = next(c for c in range(6) if c != route.colour)
    pressed, events = GAME.apply(state, 1, BooMove("booo", 100, colour=other))
    assert pressed.announced == other and events[0].data["colour"] == COLOURS[other]
    assert all(m.route is None or m.route.colour == other for m in GAME.legal_moves(pressed, 1))
    wrong, events = GAME.apply(pressed, 1, BooMove("claim", 900, route))
    assert (events[0].data["code"], events[0].data["rule"]) == ("boo.route.not-announced", "BO-13")
    assert wrong.captured == state.captured and wrong.announced is None and wrong.locked_until[1] > 900
    right, _ = GAME.apply(
        GAME.apply(state, 1, BooMove("booo", 100, colour=route.colour))[0], 1, BooMove("claim", 900, route)
    )
    assert right.captured[1] == (1,)
    with pytest.raises(MalformedMove):
        GAME.decode_move({"k": "booo", "t": 5})


def test_bo15_booo_in_a_colour_in_front_of_you_is_a_wrong_claim_at_once():
    """BO-15, BO-16."""
    state = replace(new(), markers=(1, -1, -1, -1, -1, -1))
    nxt, events = GAME.apply(state, 1, BooMove("booo", 50, colour=0))
    assert events[0].kind == "claim-wrong" and events[0].data["code"] == "boo.route.forbidden-colour"
    assert nxt.claimant is None and nxt.locked_until[1] == 50 + nxt.lockout_ms


def test_bo16_bo_d1_the_match_itself_ends_the_trace_time_as_not_shown():
    """BO-16, BO-D1: a claimant who walks away cannot stall the game."""
    state = new(trace_ms=5000)
    assert GAME.due(state) is None
    pressed, _ = GAME.apply(state, 2, BooMove("booo", 1000, colour=best(state, 2).colour))
    seat, move = GAME.due(pressed)
    assert (seat, move.t, move.route, move.visitor) == (2, 6000, None, state.visitor)
    after, events = GAME.apply(pressed, seat, move)
    assert (events[0].data["code"], events[0].data["rule"]) == ("boo.route.not-shown", "BO-16")
    assert after.claimant is None and tuple(GAME.to_act(after)) == (0, 1, 2)


def test_bo17_the_end_of_round_reveal_cannot_be_undone():
    """BO-17, BO-D3: nothing that reveals may be undone."""
    match = Match.new(GAME, 3, {}, "reveal")
    match.play(0, BooMove("hand", 10))
    assert match.can_undo()
    events = match.play(1, BooMove("hand", 20))
    assert any(e.kind == "visitor-discarded" and e.irreversible for e in events)
    assert not match.can_undo()
    with pytest.raises(IllegalMove):
        match.undo()


@pytest.mark.parametrize(
    "move",
    [
        BooMove("jump", 10),
        BooMove("claim", 10, {"colour": "red", "steps": ["e5"]}),  # type: ignore[arg-type]
        BooMove("hand", None),  # type: ignore[arg-type]
        BooMove("hand", True),  # type: ignore[arg-type]
        BooMove("hand", -1),
        BooMove("hand", 10, colour=1),
        BooMove("booo", 10),
        BooMove("booo", 10, colour=6),
        BooMove("claim", 10, Route(True, (Move((4, 3)),))),  # type: ignore[arg-type]
        BooMove("claim", 10, Route(0, ((4, 3),))),  # type: ignore[arg-type]
        BooMove("claim", 10, Route(0, (Move((4, 30)),))),
        BooMove("hand", 10, visitor="1"),  # type: ignore[arg-type]
        "hand",
    ],
)
def test_every_malformed_move_is_refused_and_changes_nothing(move):
    match = Match.new(GAME, 3, {}, "bad")
    before = match.dumps()
    with pytest.raises(MalformedMove):
        match.play(0, move)
    assert match.dumps() == before and len(match.states) == 1
    Match.replay(GAME, MatchRecord.loads(match.dumps()))


def test_seats_are_exact_integers():
    match = Match.new(GAME, 3, {}, "seat")
    for seat in (True, 1.0, "1", -1, 3):
        with pytest.raises(NotYourTurn):
            GAME.apply(match.state, seat, BooMove("hand", 5))
        with pytest.raises(IllegalMove):
            match.play(seat, BooMove("hand", 5))
        with pytest.raises(NotYourTurn):
            GAME.legal_moves(match.state, seat)
    assert match.plies == ()
    data = GAME.encode_state(GAME.apply(match.state, 0, BooMove("booo", 5, colour=0))[0])
    assert GAME.decode_state(data).claimant == 0
    for bad in ({"claimant": True}, {"first": True}, {"markers": [0, 0, 0, 0, 0, 7]}, {"hands": [1, 0, 0]}):
        with pytest.raises(ValueError):
            GAME.decode_state({**data, **bad})


def test_states_from_outside_are_checked_as_a_whole():
    data = GAME.encode_state(new())
    assert GAME.decode_state(data) == new()
    for bad in (
        {"visitor": 2},  # visitor 2 also in the stack
        {"stack": [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]},
        {"arrangement": [1, 1, 2, 3, 4, 5, 6, 7, 8]},
        {"ghost": "b2"},  # a corridor
        {"announced": "red"},  # a colour announced with no claimant
        {"round": 0},
        {"extra": 1},
    ):
        with pytest.raises(ValueError):
            GAME.decode_state({**data, **bad})


def test_a_replayed_moves_recorded_time_equals_the_time_inside_it():
    match = Match.new(GAME, 2, {}, "time")
    match.play(0, BooMove("hand", 700))
    assert match.plies[-1].t == 700
    with pytest.raises(IllegalMove):
        match.play(1, BooMove("hand", 800), t=900)
    data = json.loads(match.dumps())
    data["moves"][0][2] = 701
    with pytest.raises(CorruptMatch):
        Match.replay(GAME, MatchRecord.from_json(data))


def test_an_action_for_a_visitor_who_is_gone_is_refused_as_stale_without_penalty():
    """BO-D1: two valid claims arrive nearly together; the second is not judged on the next visitor."""
    state = new()
    first = BooMove("claim", 100, best(state, 0), visitor=state.visitor)
    second = BooMove("claim", 120, best(state, 1), visitor=state.visitor)
    after, _ = GAME.apply(state, 0, first)
    assert after.visitor == 2
    with pytest.raises(IllegalMove) as info:
        GAME.apply(after, 1, second)
    assert (info.value.code, info.value.rule) == ("boo.illegal.stale", "BO-D1")
    assert after.locked_until[1] == 0


def test_bo13_a_second_booo_while_someone_traces_is_refused_in_words_without_penalty():
    """BO-13: the first "Booo!" heard is traced; a second one is refused saying someone was first."""
    state = new()
    after, _ = GAME.apply(state, 0, BooMove("booo", 100, colour=0, visitor=state.visitor))
    with pytest.raises(NotYourTurn) as info:
        GAME.apply(after, 1, BooMove("booo", 120, colour=1, visitor=state.visitor))
    assert (info.value.code, info.value.rule) == ("boo.illegal.claimed", "BO-13")
    assert after.locked_until[1] == 0 and after.claimant == 0


def test_stats_refuse_zero_samples_with_a_clear_message(capsys):
    with pytest.raises(ValueError):
        castle_stats(components(), samples=0)
    with pytest.raises(SystemExit):
        parlour_main(["boo", "stats", "--samples", "0"])
    assert "at least 1" in capsys.readouterr().err


def boo_table() -> tuple[Loopback, GuestSession, GuestSession]:
    host = HostSession(GAME, BOTS, entropy="boo", name="Hanna", players=3, host_seat=None, now=10_000)
    host.set_seat(0, "ai", "easy")
    anna = GuestSession(entropy="a", name="Anna", seat=1)
    boris = GuestSession(entropy="b", name="Boris", seat=2)
    return sit_down(host, [anna, boris], now=10_000), anna, boris


def test_network_near_simultaneous_claims_second_refused_as_stale_without_penalty():
    """BO-D1 over the network: the host judges the first; the second was made for that visitor too."""
    net, anna, boris = boo_table()
    net.advance(500)
    state = GAME.decode_state(anna.table["view"])
    claims = {
        g: BooMove("claim", 0, best(state, s), visitor=state.visitor) for g, s in ((anna, 1), (boris, 2))
    }
    to_host = {g: g.move(GAME.encode_move(m)) for g, m in claims.items()}  # both sent on the same view
    net.guest_out(anna, to_host[anna])
    net.guest_out(boris, to_host[boris])
    net.run()
    host_state = net.host.match.state
    assert host_state.captured[1] == (1,) and host_state.captured[2] == ()
    assert host_state.locked_until[2] == 0 and boris.refusals[-1]["code"] == "boo.illegal.stale"


def test_network_trace_time_runs_out_on_the_host_clock():
    """BO-16, BO-D1: the claimant's page never answers; the host's tick ends the claim."""
    net, anna, _ = boo_table()
    state = GAME.decode_state(anna.table["view"])
    net.guest_out(anna, anna.move({"k": "booo", "t": 0, "c": "white", "v": state.visitor}))
    net.run()
    host = net.host
    assert host.match.state.claimant == 1
    deadline = host.match.state.deadline
    assert host.next_bot_at(net.now) <= host.started_at + deadline
    net.advance(deadline - host.clock(net.now) - 1)
    assert host.tick(net.now) == [] and host.match.state.claimant == 1
    net.advance(1)
    net.host_out(host.tick(net.now))
    net.run()
    last = host.match.events[-1][0]
    assert (last.kind, last.data["code"]) == ("claim-wrong", "boo.route.not-shown")
    assert host.match.plies[-1].t == deadline
    assert GAME.decode_state(anna.table["view"]).claimant is None
