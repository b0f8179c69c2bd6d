"""The engine core on CPython: determinism, JSON round trips, undo, corrupt input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import (
    CorruptMatch,
    IllegalMove,
    Match,
    MatchRecord,
    Ply,
    Rng,
    decode_link,
    encode_link,
    load_match,
)
from parlour.engine.bots import RandomBot, play_match
from parlour.engine.game import canonical_json
from toygame import GAME


def games(game_id: str):
    if game_id != "toy":
        raise KeyError(game_id)
    return GAME


def test_rng_is_the_same_sequence_for_the_same_seed():
    a, b = Rng.from_seed("abc"), Rng.from_seed("abc")
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert [Rng.from_seed("abd").below(1000) for _ in range(5)] != [
        Rng.from_seed("abc").below(1000) for _ in range(5)
    ]


def test_rng_known_values_never_change():
    # SplitMix64 reference outputs for seed 0: saves made today must replay on every later build.
    rng = Rng(0)
    assert rng.next64() == 0xE220A8397B1DCDAF
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_rng_shuffle_is_a_permutation_and_uniform_enough():
    rng = Rng.from_seed(7)
    counts = [0] * 4
    for _ in range(4000):
        counts[rng.below(4)] += 1
    assert all(850 < c < 1150 for c in counts)
    assert sorted(rng.shuffled(range(20))) == list(range(20))


def test_setup_is_deterministic_from_the_seed():
    a = Match.new(GAME, 3, seed="s1")
    b = Match.new(GAME, 3, seed="s1")
    assert GAME.state_hash(a.state) == GAME.state_hash(b.state)
    assert GAME.state_hash(Match.new(GAME, 3, seed="s2").state) != GAME.state_hash(a.state)


def test_unknown_or_bad_options_are_refused():
    with pytest.raises(ValueError, match="no option"):
        Match.new(GAME, 2, {"piles": 3})
    with pytest.raises(ValueError, match="one of"):
        Match.new(GAME, 2, {"pile": 8})
    with pytest.raises(ValueError, match="players"):
        Match.new(GAME, 5)


def test_illegal_move_is_refused_with_reason_and_changes_nothing():
    match = Match.new(GAME, 2, seed=1)
    before = GAME.state_hash(match.state)
    with pytest.raises(IllegalMove) as err:
        match.play(1, "take1")
    assert err.value.code == "engine.not-your-turn"
    assert GAME.state_hash(match.state) == before and match.plies == ()


def test_a_seat_is_an_exact_integer_for_every_game():
    """``True == 1`` in Python: a game whose turn check is ``player in to_act`` would take it as seat
    1, and the record (``true`` in its JSON) would not load. The match refuses it for every game."""
    match = Match.new(GAME, 2, seed=1)
    seat = GAME.to_act(match.state)[0]
    for bad in (bool(seat), float(seat)):
        with pytest.raises(IllegalMove) as err:
            match.play(bad, "take1")  # type: ignore[arg-type]
        assert err.value.code == "engine.not-your-turn"
    assert match.plies == ()
    match.play(seat, "take1")
    assert load_match(match.dumps(), games).plies == match.plies


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_replaying_the_move_list_reproduces_the_match(seed, players):
    match = play_match(GAME, [RandomBot()] * players, seed)
    text = match.dumps()
    again = load_match(text, games)
    assert [GAME.state_hash(s) for s in again.states] == [GAME.state_hash(s) for s in match.states]
    assert again.outcome() == match.outcome()
    assert json.loads(text) == json.loads(again.dumps())


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=80, deadline=None)
@given(
    moves=st.lists(st.tuples(st.integers(0, 5), JSON_VALUES, st.none() | st.integers(0, 10**9)), max_size=6),
    meta=st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=3),
    options=st.dictionaries(st.text(max_size=5), JSON_VALUES, max_size=3),
    seed=st.integers() | st.text(max_size=8),
)
def test_a_records_text_is_its_canonical_json(moves, meta, options, seed):
    """The text is made from each ply's own (kept) text: it is still exactly the canonical JSON."""
    plies = tuple(Ply(p, m, t) for p, m, t in moves)
    record = MatchRecord("ghosts-galore", 3, options, seed, plies, meta)
    assert record.dumps() == canonical_json(record.to_json())
    assert MatchRecord.loads(record.dumps()) == record


def test_writing_a_record_after_a_move_works_out_the_new_move_alone(monkeypatch):
    """A match's record is written after every move (saved, sent to the bots' worker): the work
    does not grow with the match (issue #17), each ply's text is made once."""
    import parlour.engine.match as match_module

    match = play_match(GAME, [RandomBot()] * 2, 7)
    assert len(match.plies) >= 6
    rebuilt = Match.replay(GAME, MatchRecord.loads(match.dumps()))
    for ply in rebuilt.plies[:-1]:
        assert ply.dumped  # written before: the match so far was saved
    made: list[object] = []
    monkeypatch.setattr(
        match_module, "canonical_json", lambda data: made.append(data) or canonical_json(data)
    )
    rebuilt.undo()
    rebuilt.play(match.plies[-1].player, GAME.decode_move(match.plies[-1].move), match.plies[-1].t)
    assert rebuilt.dumps() == rebuilt.dumps() == match.dumps()
    # The new move, and the record's few fields (game, options, players, seed): never the old moves.
    assert len(made) <= 5 and [match.plies[-1].to_json()] == [m for m in made if isinstance(m, list)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_share_link_round_trip(seed):
    match = play_match(GAME, [RandomBot(), RandomBot()], seed)
    link = encode_link(match.record)
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode_link(link) == match.record


def test_undo_takes_back_the_last_move_but_not_a_reveal():
    match = Match.new(GAME, 2, seed=3)
    start = GAME.state_hash(match.state)
    match.play(0, "take2")
    assert match.undo().move == "take2"
    assert GAME.state_hash(match.state) == start and match.plies == ()
    match.play(0, "reveal")
    assert not match.can_undo()
    with pytest.raises(IllegalMove):
        match.undo()


def test_view_hides_other_players_secrets_until_revealed():
    match = Match.new(GAME, 3, seed=9)
    view = GAME.view(match.state, 1)
    assert view["secrets"][1] is not None and view["secrets"][0] is None and view["secrets"][2] is None
    assert "rng" not in view
    match.play(0, "reveal")
    assert GAME.view(match.state, 1)["secrets"][0] == match.state.secrets[0]
    assert GAME.view(match.state, None)["secrets"][2] is None


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        "{}",
        '{"v": 2}',
        '{"v":1,"game":"toy","players":2,"options":{},"seed":1,"moves":[[0]]}',
        '{"v":1,"game":"chess","players":2,"options":{},"seed":1,"moves":[]}',
        '{"v":1,"game":"toy","players":9,"options":{},"seed":1,"moves":[]}',
        '{"v":1,"game":"toy","players":2,"options":{"pile":4},"seed":1,"moves":[]}',
        '{"v":1,"game":"toy","players":2,"options":{},"seed":1,"moves":[[1,"take1"]]}',
        '{"v":1,"game":"toy","players":2,"options":{},"seed":1,"moves":[[0,"take9"]]}',
        '{"v":1,"game":"toy","players":2,"options":{},"seed":true,"moves":[]}',
        "[" * 100_000,
    ],
)
def test_corrupt_saves_are_reported_not_crashed_on(text):
    with pytest.raises(CorruptMatch) as err:
        load_match(text, games)
    assert err.value.code.startswith("match.corrupt")


@pytest.mark.parametrize("link", ["", "%%%", "AAAA", encode_link(MatchRecord("toy", 2, {}, 1))[:-3] + "xyz"])
def test_corrupt_links_are_reported_not_crashed_on(link):
    with pytest.raises(CorruptMatch):
        load_match(link, games, link=True)


def test_replay_error_names_the_bad_move():
    text = '{"v":1,"game":"toy","players":2,"options":{},"seed":1,"moves":[[0,"take1"],[0,"take1"]]}'
    with pytest.raises(CorruptMatch) as err:
        load_match(text, games)
    assert err.value.params["index"] == 2


def test_a_yes_no_option_takes_true_and_false_and_nothing_else():
    from parlour.engine import Option

    opt = Option("hand_limit", False, "toy.option.hand-limit")
    assert opt.check(True) is True and opt.check(False) is False
    with pytest.raises(ValueError, match="true or false"):
        opt.check(1)


@pytest.mark.parametrize("bad", [True, 7.0, 15.0, "15"])
def test_a_numbered_option_refuses_a_bool_a_float_and_text_that_equal_a_choice(bad: object):
    # ``True == 1`` and ``15.0 == 15`` in Python: a count must still be an int, or a record or a
    # save would carry a bool or a float.
    with pytest.raises(ValueError, match="one of"):
        Match.new(GAME, 2, {"pile": bad})
    assert Match.new(GAME, 2, {"pile": 7}).record.options["pile"] == 7


@pytest.mark.parametrize(
    "options", [{"tokens": True}, {"tokens": 2.0}, {"trapdoors": True}, {"route_number": False}]
)
def test_boo_options_refuse_bools_and_floats(options: dict[str, object]):
    from parlour.games.boo.rules import GAME as BOO

    with pytest.raises(ValueError, match="one of"):
        Match.new(BOO, 3, options)
