"""Bad input gets the engine's own error and loses nothing: exact types for seats, squares,
rotations and options; decoded states checked as a whole; views that guests can turn back into a
state; out-of-turn races re-judged on the current state (WB-7, WB-D1, WB-D2)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import IllegalMove, MalformedMove, Match, MatchRecord, NotYourTurn, Rng
from parlour.games.wooly_bully import BOTS, GAME
from parlour.games.wooly_bully import moves as mv
from parlour.games.wooly_bully.play import play_match
from parlour.games.wooly_bully.state import Turn
from parlour.games.wooly_bully.valid import BadState
from wooly_bully.wooly_helpers import BLACK, DEEP_FOREST, RED, WOLVES, built, tid

VCAP_B = tid("village-cap", BLACK)
CAP_B = tid("cap", BLACK)


def opening():
    return built(hands=[[VCAP_B], [WOLVES[0]]])


# --- exact types ----------------------------------------------------------------------------------
def test_wb_3_a_rotation_of_four_or_more_is_refused_even_where_the_tile_would_fit():
    state = opening()
    assert GAME.apply(state, 0, mv.place(VCAP_B, (-1, 0), 0))
    for rot in (4, 5, -1, 1.0, True):
        with pytest.raises(MalformedMove) as err:
            GAME.apply(state, 0, mv.Move("place", VCAP_B, (-1, 0), rot))  # type: ignore[arg-type]
        assert err.value.code == "wooly-bully.malformed"
    match = Match.new(GAME, 2, {}, "x")
    with pytest.raises(IllegalMove):
        match.play(0, mv.Move("place", VCAP_B, (-1, 0), 4))
    assert match.plies == ()


@pytest.mark.parametrize("seat", ["0", None, True, 0.0, 2, -1])
def test_wb_d2_a_seat_is_a_whole_number_of_the_game(seat):
    state = opening()
    with pytest.raises(NotYourTurn) as err:
        GAME.apply(state, seat, mv.place(VCAP_B, (-1, 0), 0))
    assert err.value.code == "engine.not-your-turn"
    if seat is not None:
        with pytest.raises(NotYourTurn):
            GAME.view(state, seat)


@pytest.mark.parametrize(
    "move",
    [
        mv.Move("place", VCAP_B, [-1, 0], 0),  # type: ignore[arg-type]
        mv.Move("place", VCAP_B, (-1, 0, 0), 0),  # type: ignore[arg-type]
        mv.Move("place", VCAP_B, (-1.0, 0), 0),  # type: ignore[arg-type]
        mv.Move("place", str(VCAP_B), (-1, 0), 0),  # type: ignore[arg-type]
        mv.Move("place", 999, (-1, 0), 0),
        mv.Move("reveal", -1, "a1", 0),  # type: ignore[arg-type]
        mv.Move("fly"),
        "leave",
    ],
)
def test_wb_3_squares_are_pairs_of_whole_numbers_and_tiles_exist(move):
    with pytest.raises(MalformedMove):
        GAME.apply(opening(), 0, move)


@pytest.mark.parametrize("value", [1, 0, "true", None, 1.0])
def test_variants_are_yes_or_no_and_nothing_else(value):
    with pytest.raises(ValueError):
        GAME.check_options({"hand_limit": value})
    assert GAME.check_options({"hand_limit": True})["hand_limit"] is True
    record = MatchRecord("wooly-bully", 2, {"hand_limit": value}, "s")
    with pytest.raises(Exception) as err:
        Match.replay(GAME, record)
    assert type(err.value).__name__ == "CorruptMatch"


def test_variant_labels_are_plain_yes_no_options_for_the_setup_screen():
    # No choices: the setup screen draws a labelled checkbox, never "….hand-limit.False".
    assert all(o.choices == () and o.default is False for o in GAME.options)


# --- decoded states ------------------------------------------------------------------------------
def a_state_json():
    match = play_match(GAME, [BOTS["easy"](), BOTS["easy"](), BOTS["easy"]()], "decode", None)
    return GAME.encode_state(match.states[30])


def _mutations():
    return {
        "mismatched edges": lambda d: d["cells"][1].__setitem__(2, (d["cells"][1][2] + 1) % 4),
        "empty turns": lambda d: d.__setitem__("turns", []),
        "tile 999": lambda d: d["bag"].__setitem__(0, 999),
        "tile -1": lambda d: d["bag"].__setitem__(0, -1),
        "colours 9,9,9": lambda d: d.__setitem__("colours", [9, 9, 9]),
        "shared colour": lambda d: d.__setitem__("colours", [0, 0, 1]),
        "tile twice": lambda d: d["bag"].append(d["bag"][0]),
        "tile lost": lambda d: d["bag"].pop(),
        "a bool for a seat": lambda d: d["turns"][0].__setitem__(0, True),
        "a string rotation": lambda d: d["cells"][1].__setitem__(2, "1"),
        "a float coordinate": lambda d: d["cells"][1].__setitem__(0, float(d["cells"][1][0])),
        "option 1": lambda d: d["options"].__setitem__("hand_limit", 1),
        "unknown end": lambda d: d.__setitem__("ended", "because"),
        "a marker in the bag": lambda d: d["bag"].__setitem__(0, 73),
        "free bonus": lambda d: d["bonus"].__setitem__(0, 6),
        "wolf on a meadow": lambda d: d["cells"][1][3].append(WOLVES[0]),
        "village moved": lambda d: d["cells"][0].__setitem__(0, 5),
    }


@pytest.mark.parametrize("name", sorted(_mutations()))
def test_a_decoded_state_no_rule_allows_is_refused_with_a_reason(name):
    data = a_state_json()
    assert GAME.encode_state(GAME.decode_state(copy.deepcopy(data))) == data
    bad = copy.deepcopy(data)
    if name == "wolf on a meadow" and WOLVES[0] not in bad["bag"]:
        pytest.skip("the wolf is already out")
    if name == "wolf on a meadow":
        bad["bag"].remove(WOLVES[0])
    _mutations()[name](bad)
    with pytest.raises(ValueError) as err:
        GAME.decode_state(bad)
    assert isinstance(err.value, BadState) and "not a wooly-bully state" in str(err.value)


# --- views for guests ------------------------------------------------------------------------------
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(0, 120))
def test_wb_d1_every_view_turns_back_into_a_state_that_gives_the_same_view(seed, players, plies):
    match = play_match(GAME, [BOTS["random"]() for _ in range(players)], f"v{seed}", None, 5_000)
    state = match.states[min(plies, len(match.states) - 1)]
    for seat in (*range(players), None):
        view = json.loads(json.dumps(GAME.view(state, seat)))
        back = GAME.from_view(view)
        assert json.loads(json.dumps(GAME.view(back, seat))) == view
        if seat is not None and not state.ended:
            assert GAME.legal_moves(back, seat) == GAME.legal_moves(state, seat)


def test_wb_d1_a_guest_page_draws_a_view_with_colour_names():
    from parlour.web.netview import view_state

    state = opening()
    view = json.loads(json.dumps(GAME.view(state, 1)))
    assert "red" in view["colours"] or "black" in view["colours"] or any(view["colours"])
    assert view_state(GAME, view).board.cells == state.board.cells


def test_a_view_that_shows_another_hand_is_refused():
    view = GAME.view(opening(), 0)
    view["hands"][1] = [WOLVES[0]]
    with pytest.raises(BadState):
        GAME.from_view(view)


# --- races on the network (WB-D2) --------------------------------------------------------------------
def net_table():
    from helpers.tables import sit_down
    from parlour.net import GuestSession, HostSession

    host = HostSession(GAME, BOTS, entropy="race", name="Hanna", players=2)
    anna = GuestSession(entropy="anna", name="Anna", seat=1)
    return host, sit_down(host, [anna]), anna


def test_wb_d2_a_tile_overtaken_by_an_out_of_turn_wolf_is_rejudged_not_refused_as_stale():
    host, net, anna = net_table()
    assert host.match is not None
    # Put the race in place: Anna (seat 1) to play a tile; the host (seat 0) holds a wolf.
    cells = [((20, 0), DEEP_FOREST, 0)]
    raced = built(cells, hands=[[WOLVES[0]], [VCAP_B]], colours=[RED, BLACK], turn=1)
    host.match.states[-1] = raced
    net.host_out(host._catch_up(host.members[next(p for p in host.members if p != "h")]))
    net.run()
    ply = anna.table["ply"]
    assert mv.encode(mv.place(VCAP_B, (-1, 0), 0)) in anna.table["legal"]
    sent = anna.move(mv.encode(mv.place(VCAP_B, (-1, 0), 0)))  # made on ply `ply`...
    net.host_out(host.play(mv.encode(mv.place(WOLVES[0], (21, 0), 0)), net.now))  # ...a wolf lands first
    net.run()
    assert len(host.match.plies) == ply + 1
    net.guest_out(anna, sent)
    net.run()
    assert len(host.match.plies) == ply + 2, "the tile still fits, so it is played"
    assert host.match.state.board.top((-1, 0)) == VCAP_B


def test_wb_d2_a_move_whose_turn_moved_on_is_refused_saying_why():
    then = built(hands=[[VCAP_B], [CAP_B]], turn=0)
    now = then.with_(turns=(Turn(1),), rotation=1)
    with pytest.raises(IllegalMove) as err:
        GAME.rejudge(then, now, 0, mv.place(VCAP_B, (-1, 0), 0))
    assert err.value.code == "wooly-bully.illegal.stale-turn"
    GAME.rejudge(then, now, 1, mv.LEAVE)  # free actions are for any moment
    GAME.rejudge(then, then, 0, mv.place(VCAP_B, (-1, 0), 0))


def test_bots_asked_out_of_turn_answer_nothing_or_a_free_action():
    state = opening()
    for level, factory in BOTS.items():
        bot = factory()
        move = bot.choose(GAME, GAME.view(state, 1), 1, GAME.legal_moves(state, 1), Rng.from_seed("o"))
        assert move is None or move.kind in ("place", "reveal", "leave"), level
        if move is not None and move.kind == "place":
            assert move.tile in state.hands[1]
