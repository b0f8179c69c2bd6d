"""Properties over random games: tiles conserved, one colour per pasture, incremental areas and
scores equal a fresh recount, replay exact, JSON round trips, views independent of secrets."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import IllegalMove, Match, Rng, canonical_json
from parlour.games.wooly_bully import GAME
from parlour.games.wooly_bully.board import areas_from_scratch, neighbour, rotated_edges
from parlour.games.wooly_bully.bots import RandomBot, ShepherdBot, WolfBot
from parlour.games.wooly_bully.play import play_match
from parlour.games.wooly_bully.state import WoolyState
from parlour.games.wooly_bully.tiles import COLOURS, bag_ids, shepherd_id, village_id

OPTION_NAMES = [o.name for o in GAME.options]
games = st.tuples(
    st.integers(0, 2**32),
    st.integers(2, 4),
    st.fixed_dictionaries({name: st.booleans() for name in OPTION_NAMES}),
    st.sampled_from(["random", "easy", "mixed"]),
)


def random_match(seed: int, players: int, options: dict[str, bool], kind: str) -> Match[WoolyState, object]:
    def bot(i: int):
        if kind == "random":
            return RandomBot()
        if kind == "easy":
            return ShepherdBot()
        return (WolfBot, RandomBot, ShepherdBot)[i % 3]()

    return play_match(GAME, [bot(i) for i in range(players)], seed, options)


def tiles_everywhere(state: WoolyState) -> Counter[int]:
    count: Counter[int] = Counter()
    for hand in state.hands:
        count.update(hand)
    count.update(state.bag)
    count.update(state.discards)
    for _rot, stack in state.board.cells.values():
        count.update(stack)
    return count


def area_keys(state: WoolyState) -> list[tuple[object, ...]]:
    return sorted(
        (a.terrain, a.sheep, a.open, a.wolves, a.hunters, a.regions, tuple(sorted(a.borders)))
        for a in state.board.areas.values()
    )


def check_invariants(state: WoolyState) -> None:
    # Tile count conserved: every bag tile, the village and each revealed shepherd, once.
    expected = Counter(bag_ids()) + Counter([village_id()])
    expected.update(shepherd_id(state.colours[p]) for p in range(state.players) if state.revealed[p])
    assert tiles_everywhere(state) == expected
    # WB-3/WB-6: every touching edge matches, so no pasture ever holds two colours.
    cells = state.board.cells
    for pos, (rot, stack) in cells.items():
        for d in range(4):
            other = cells.get(neighbour(pos, d))
            if other is not None:
                assert rotated_edges(stack[0], rot)[d] == rotated_edges(other[1][0], other[0])[(d + 2) % 4]
    for area in state.board.areas.values():
        assert area.terrain in range(6)
    # The incremental areas equal a fresh flood fill, and so do the scores.
    board = state.board
    incremental = sorted(
        (a.terrain, a.sheep, a.closed, board.wolfed(a)) for a in board.areas.values() if a.is_pasture
    )
    scratch = areas_from_scratch(cells)
    assert incremental == sorted((s.terrain, s.sheep, s.closed, s.wolfed) for s in scratch)
    for colour in range(len(COLOURS)):
        fresh = [s.sheep for s in scratch if s.terrain == colour and s.closed and not s.wolfed]
        assert board.score(colour) == max(fresh, default=0)
        assert board.score(colour, every_pasture=True) == sum(fresh)


@settings(max_examples=14, deadline=None)
@given(games)
def test_invariants_hold_in_every_state_of_random_games(game):
    match = random_match(*game)
    assert match.outcome() is not None
    for state in [*match.states[:: max(1, len(match.states) // 12)], match.state]:
        check_invariants(state)


@settings(max_examples=12, deadline=None)
@given(games)
def test_replay_reproduces_every_state_hash_and_json_round_trips(game):
    match = random_match(*game)
    again = Match.replay(GAME, match.record)
    assert [GAME.state_hash(s) for s in again.states] == [GAME.state_hash(s) for s in match.states]
    assert again.outcome() == match.outcome()
    for state in match.states[:: max(1, len(match.states) // 6)]:
        data = GAME.encode_state(state)
        back = GAME.decode_state(data)
        assert canonical_json(GAME.encode_state(back)) == canonical_json(data)
        assert area_keys(back) == area_keys(state)
        for p in range(state.players):
            canonical_json(GAME.view(state, p))


def hidden_twin(state: WoolyState, player: int, rng: Rng) -> WoolyState:
    """The same game as ``player`` sees it, with everything hidden from them changed:
    other hands redealt from the same pool (same sizes), the bag reordered, and unrevealed rivals'
    colours swapped among the colours ``player`` cannot rule out."""
    others = [p for p in range(state.players) if p != player]
    pool = [t for p in others for t in state.hands[p]] + list(state.bag)
    pool = rng.shuffled(pool)
    hands = list(state.hands)
    for p in others:
        size = len(hands[p])
        hands[p], pool = tuple(sorted(pool[:size])), pool[size:]
    secret = [p for p in others if not state.revealed[p]]
    shown = {state.colours[p] for p in range(state.players) if p == player or state.revealed[p]}
    free = [c for c in range(len(COLOURS)) if c not in shown]
    picks = rng.shuffled(free)[: len(secret)]
    colours = list(state.colours)
    for p, c in zip(secret, picks, strict=True):
        colours[p] = c
    return state.with_(hands=tuple(hands), bag=tuple(pool), colours=tuple(colours))


@settings(max_examples=12, deadline=None)
@given(games, st.integers(0, 2**32))
def test_wb_d1_a_view_is_the_same_whatever_the_hidden_information(game, seed):
    match = random_match(*game)
    rng = Rng.from_seed(seed)
    changed = 0
    for state in match.states[:: max(1, len(match.states) // 8)]:
        if state.ended:
            continue
        for player in [*range(state.players), None]:
            seat = player if player is not None else -1
            twin = hidden_twin(state, seat, rng)
            changed += GAME.state_hash(twin) != GAME.state_hash(state)
            assert canonical_json(GAME.view(twin, player)) == canonical_json(GAME.view(state, player))
    assert changed, "the twins must really differ for the test to mean anything"


@settings(max_examples=8, deadline=None)
@given(games)
def test_a_held_state_seen_by_a_seat_is_the_state_read_back_from_its_view(game):
    """The host's page draws its seat's view from the state it holds (``seen_by``, issue #17):
    exactly what a guest gets from the same view, for every seat and a watcher, at every ply."""
    match = random_match(*game)
    for state in [*match.states[:: max(1, len(match.states) // 12)], match.state]:
        for seat in (*range(state.players), None):
            fast, read = GAME.seen_by(state, seat), GAME.from_view(GAME.view(state, seat))
            assert GAME.encode_state(fast) == GAME.encode_state(read)
            assert fast.board.cells == read.board.cells and fast.placed == read.placed
            assert GAME.view(fast, seat) == GAME.view(state, seat)
            if seat is not None and seat in GAME.to_act(state):
                assert GAME.legal_moves(fast, seat) == GAME.legal_moves(read, seat)


def test_wb_d1_secret_values_are_absent_from_a_serialised_view():
    state = GAME.setup(4, GAME.check_options({}), "secrets")
    text = canonical_json(GAME.view(state, 0))
    for p in (1, 2, 3):
        assert COLOURS[state.colours[p]] not in text
    assert canonical_json(list(state.bag[:6]))[1:-1] not in text
    assert canonical_json(list(state.hands[1])) not in text


def test_revealing_on_a_taken_square_is_refused():
    state = GAME.setup(2, GAME.check_options({}), "taken")
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, GAME.decode_move("reveal@0,0"))
    assert err.value.code == "wooly-bully.illegal.occupied"


moves_text = st.one_of(
    st.builds(
        lambda t, x, y, r: f"{t}@{x},{y}/{r}",
        st.integers(0, 120),
        st.integers(-4, 4),
        st.integers(-4, 4),
        st.integers(0, 3),
    ),
    st.builds(lambda x, y: f"reveal@{x},{y}", st.integers(-4, 4), st.integers(-4, 4)),
    st.builds(lambda t: f"discard:{t}", st.integers(0, 120)),
    st.sampled_from(["pass", "leave"]),
)


@settings(max_examples=10, deadline=None)
@given(games, st.lists(st.tuples(st.integers(-1, 4), moves_text), min_size=1, max_size=30))
def test_any_move_is_played_or_refused_with_a_reason_and_nothing_else(game, attempts):
    match = random_match(*game)
    for state in match.states[:: max(1, len(match.states) // 5)]:
        before = GAME.state_hash(state)
        for player, text in attempts:
            try:
                new, _ = GAME.apply(state, player, GAME.decode_move(text))
            except IllegalMove:
                continue
            check_invariants(new)
        assert GAME.state_hash(state) == before


def test_wb13_a_seat_that_passed_and_then_left_is_no_longer_passing():
    """WB-13/WB-14: with the bag empty a seat passed, then left out of turn; every later state must
    still decode (it once kept the seat in ``passed`` and the saved match could not be loaded)."""
    options = {name: name == "hungry_wolf" for name in OPTION_NAMES}
    match = random_match(692, 4, options, "random")
    assert any(p in s.left for s in match.states for p in range(4))
    for state in match.states:
        assert not set(state.passed) & set(state.left)
        GAME.decode_state(GAME.encode_state(state))
