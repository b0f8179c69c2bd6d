"""Moves in words on a network table (decision 0074): the host sends each peer the move as that
peer's seat may know it (``Game.describe_move_for``), never the move itself, and a peer refuses
words that are not the protocol's."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.tables import sit_down
from parlour.engine import JSON, Game, IllegalMove, Rng, canonical_json
from parlour.engine.bots import RandomBot, play_match
from parlour.games.boop import GAME as BOOP
from parlour.games.ghosts_galore import GAME as GHOSTS
from parlour.games.wooly_bully import GAME as WOOLY
from parlour.games.wooly_bully.bots import ShepherdBot, WolfBot
from parlour.games.wooly_bully.play import play_match as play_wooly
from parlour.games.wooly_bully.tiles import COLOURS
from parlour.net import GuestSession, HostSession
from parlour.net.guest import check_host_message
from parlour.net.wire import MAX_WORDS_PARAMS, encode, words_problem
from toygame import GAME as TOY
from toygame import SecretNim

from .kit import BOTS, Table, messages, play_to_end, seated_table, step


def words_for(host: HostSession, ply: int, seat: int | None) -> JSON:
    """What the rules let ``seat`` know of ply ``ply`` (0-based), as the wire carries it."""
    match = host.match
    assert match is not None
    said = host.game.describe_move_for(
        match.states[ply], match.plies[ply].player, host.game.decode_move(match.plies[ply].move), seat
    )
    return None if said is None else [said[0], dict(said[1])]


def boris_reveals(seat: int, legal: list[Any], ply: int) -> Any:
    return "reveal" if seat == 2 and "reveal" in legal else legal[ply % len(legal)]


@pytest.fixture(scope="module")
def table() -> Table:
    table = seated_table(seed="words")
    for _ in range(4):
        step(table, boris_reveals)
    # Anna drops and comes back mid-game: her snapshot carries the words so far.
    table.net.disconnect(table.conn_of(table.anna))
    table.net.run()
    table.net.connect(table.anna)
    table.net.run()
    play_to_end(table, boris_reveals)
    assert table.host.phase == "over"
    return table


@pytest.mark.parametrize("who", ["anna", "boris", "wanda"])
def test_every_peer_gets_each_move_in_words_as_its_seat_may_know_them(table: Table, who: str):
    guest: GuestSession = getattr(table, who)
    host = table.host
    assert host.match is not None
    plies = len(host.match.plies)
    updates = views = 0
    for msg in messages(table, guest):
        if msg["t"] == "update":
            assert msg["say"] == words_for(host, msg["ply"] - 1, guest.seat)
            updates += 1
        elif msg["t"] == "view":
            assert msg["says"] == [words_for(host, i, guest.seat) for i in range(msg["ply"])]
            assert len(msg["says"]) == len(msg["log"])
            views += 1
    assert updates >= plies - 4 and (views >= 1 or who != "anna")
    # What the page lists: one entry of words per ply, beside what the seat saw of its events.
    assert guest.says == [words_for(host, i, guest.seat) for i in range(plies)]
    assert len(guest.says) == len(guest.log) == plies
    reveal = next(i for i, p in enumerate(host.match.plies) if p.move == "reveal")
    key, params = guest.says[reveal]
    assert key == "toy.log.move" and params["move"] == "reveal" and params["player"] == 2
    assert params["secret"] == host.match.state.secrets[2]  # public once revealed, to everyone


class QuietNim(SecretNim):
    """Secret Nim without its own word on which moves are public: the engine's default."""

    describe_move_for = Game.describe_move_for  # type: ignore[assignment]


def test_a_game_with_hidden_information_says_no_move_it_has_not_declared_public():
    quiet = QuietNim()
    state = quiet.setup(2, quiet.check_options({}), "q")
    assert quiet.describe_move_for(state, 0, "take1", 1) is None
    assert quiet.describe_move_for(state, 0, "take1", 0) is None
    # A game of open information (no view of its own) says every move to everyone.
    boop = BOOP.setup(2, BOOP.check_options({}), "b")
    move = BOOP.legal_moves(boop, 0)[0]
    assert BOOP.describe_move_for(boop, 0, move, 1) == BOOP.describe_move(boop, 0, move)
    assert BOOP.describe_move_for(boop, 0, move, None) == BOOP.describe_move(boop, 0, move)
    # Over the wire: the peers learn who moved and the events they saw, no words.
    host = HostSession(quiet, BOTS, entropy="quiet", name="Hanna", players=2)
    anna = GuestSession(entropy="anna-q", name="Anna", seat=1)
    net = sit_down(host, [anna])
    for _ in range(3):
        seat = quiet.to_act(host.match.state)[0]
        if seat == 0:
            net.host_out(host.play("take1", net.now))
        else:
            net.guest_out(anna, anna.move("take1"))
        net.run()
    assert anna.says == [None, None, None] and [e[0] for e in anna.log] == [0, 1, 0]
    assert all(e[1] for e in anna.log)  # the events still say what happened


def forged(guest: GuestSession, last: dict[str, Any], **fields: Any) -> str:
    body = {k: v for k, v in last.items() if k not in ("v", "t", "s")} | fields
    return encode(last["t"], int(guest.seq_in or 0) + 1, **body)


BAD_WORDS = [
    ["boop.log.orange.place-kitten", {}],  # another game's sentence
    ["toy.log.move"],
    ["toy.log.move", [], 1],
    ["toy..move", {}],
    ["Toy.log.move", {}],
    ["toy", {}],
    ["toy.log.move", []],
    ["toy.log.move", {"count": "3"}],
    ["toy.log.move", {"count": True}],
    ["toy.log.move", {"Bad-Name": 1}],
    ["toy.log.move", {"a": "x" * 3_000}],
    ["toy.log.move", {f"p{i}": i for i in range(MAX_WORDS_PARAMS + 1)}],
    "toy.log.move",
    7,
]


@pytest.mark.parametrize("bad", BAD_WORDS, ids=[str(i) for i in range(len(BAD_WORDS))])
def test_words_that_are_not_the_protocols_are_refused_with_the_message(bad: Any):
    assert words_problem(bad, "toy")
    table = seated_table(seed="forged")
    step(table)
    step(table)
    anna = table.anna
    updates = [m for m in messages(table, anna) if m["t"] == "update"]
    last = updates[-1]
    log, table_before = list(anna.log), dict(anna.table)
    anna.receive(forged(anna, last, say=bad, ply=last["ply"] + 1), 0)
    assert anna.log == log and anna.table == table_before
    assert "bad update: say" in anna.notes[-1]
    view = json.loads(forged(anna, last, say=None))
    snapshot = {**view, "t": "view", "log": anna.log, "says": [bad] * len(anna.log), "log_from": 0}
    assert check_host_message(snapshot, "toy").startswith("says")
    # The same messages with words of the protocol are taken.
    assert check_host_message({**snapshot, "says": [None] * len(anna.log)}, "toy") == ""
    assert check_host_message({**snapshot, "says": [None]}, "toy") == "says is not one entry per log entry"
    anna.receive(
        forged(anna, last, say=["toy.log.move", {"move": "take1", "player": 1}], ply=last["ply"] + 1), 0
    )
    assert len(anna.log) == len(log) + 1 and anna.says[-1] == ["toy.log.move", {"move": "take1", "player": 1}]


def test_a_host_of_an_earlier_build_sends_no_words_and_its_log_still_reads():
    table = seated_table(seed="old")
    step(table)
    anna = table.anna
    last = [m for m in messages(table, anna) if m["t"] == "update"][-1]
    old = {k: v for k, v in last.items() if k != "say"}
    anna.receive(forged(anna, old, ply=last["ply"] + 1), 0)
    assert anna.says[-1] is None and len(anna.says) == len(anna.log)


# --- no words leak: a twin that differs only in what the viewer may not see ----------------------
def checked_words(game: Any, before: Any, twin: Any, player: int, move: Any, viewer: int | None) -> int:
    """1 when ``twin`` is a real twin of ``before`` for ``viewer`` (same view before and after the
    move, different state) and the words ``viewer`` gets are the same in both; 0 when the twin says
    nothing (the move is not possible in it, or the move itself shows what differs)."""
    assert canonical_json(game.view(twin, viewer)) == canonical_json(game.view(before, viewer))
    if game.state_hash(twin) == game.state_hash(before):
        return 0
    try:
        after_twin = game.apply(twin, player, move)[0]
    except IllegalMove:
        return 0
    after = game.apply(before, player, move)[0]
    if canonical_json(game.view(after_twin, viewer)) != canonical_json(game.view(after, viewer)):
        return 0  # the move shows the difference to everyone (a reveal): the words may too
    said, said_twin = (game.describe_move_for(s, player, move, viewer) for s in (before, twin))
    assert said == said_twin, (move, viewer)
    return 1


def wooly_twin(state: Any, viewer: int | None, player: int, move: Any, rng: Rng) -> Any:
    """Everything ``viewer`` cannot see dealt again: the other hands (the mover keeps the tile it
    plays), the bag, and unrevealed rivals' colours among those the viewer cannot rule out."""
    others = [p for p in range(state.players) if p != viewer]
    pool = [t for p in others for t in state.hands[p]] + list(state.bag)
    keep = move.tile if move.kind in ("place", "discard") and player in others else None
    if keep is not None:
        pool.remove(keep)
    pool = rng.shuffled(pool)
    hands = list(state.hands)
    for p in others:
        size = len(hands[p]) - (p == player and keep is not None)
        dealt, pool = list(pool[:size]), pool[size:]
        hands[p] = tuple(sorted(dealt + ([keep] if p == player and keep is not None else [])))
    secret = [p for p in others if not state.revealed[p]]
    shown = {state.colours[p] for p in range(state.players) if p == viewer or state.revealed[p]}
    free = rng.shuffled([c for c in range(len(COLOURS)) if c not in shown])
    colours = list(state.colours)
    for p, c in zip(secret, free, strict=False):
        colours[p] = c
    return state.with_(hands=tuple(hands), bag=tuple(pool), colours=tuple(colours))


def ghosts_twin(state: Any, viewer: int | None, player: int, move: Any, rng: Rng) -> Any:
    """Everything ``viewer`` cannot see dealt again: the stack's order and, unless it is their last
    look (GG-4), its tiles, the stacks to come, and other players' hidden tiles not yet placed. A
    tile the mover takes from the stack on their last look stays there."""
    looking = state.is_last_look() and viewer == state.turn
    others = [i for i in range(state.players) if i != viewer and not state.hidden_placed(i)]
    kept = [move.tile] if move.action == "take" and move.tile in state.stack else []
    stack = [t for t in state.stack if t not in kept]
    pool = [state.hidden[i] for i in others] + [t for s in state.future for t in s]
    pool = rng.shuffled(pool + ([] if looking else stack))
    hidden = list(state.hidden)
    for i in others:
        hidden[i], pool = pool[0], pool[1:]
    if not looking:
        stack, pool = pool[: len(stack)], pool[len(stack) :]
    future = []
    for s in state.future:
        future.append(tuple(pool[: len(s)]))
        pool = pool[len(s) :]
    stack = rng.shuffled(kept + list(stack))
    return replace(state, stack=tuple(stack), future=tuple(future), hidden=tuple(hidden))


def twins_agree(game: Any, match: Any, twin_of: Any, seed: int) -> int:
    rng, checked = Rng.from_seed(seed), 0
    plies = match.plies
    for i in range(0, len(plies), max(1, len(plies) // 25)):
        before, ply = match.states[i], plies[i]
        move = game.decode_move(ply.move)
        for viewer in [*range(before.players), None]:
            twin = twin_of(before, viewer, ply.player, move, rng)
            checked += checked_words(game, before, twin, ply.player, move, viewer)
    return checked


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_wb_d1_the_words_of_a_move_tell_no_hand_bag_or_hidden_colour(seed, players):
    bots = [(WolfBot, RandomBot, ShepherdBot)[i % 3]() for i in range(players)]
    match = play_wooly(WOOLY, bots, seed, {})
    assert twins_agree(WOOLY, match, wooly_twin, seed) > 0, "the twins must really differ"


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5))
def test_gg_d3_the_words_of_a_move_tell_no_stack_and_no_hidden_tile_before_it_is_placed(seed, players):
    match = play_match(GHOSTS, [RandomBot() for _ in range(players)], seed)
    assert twins_agree(GHOSTS, match, ghosts_twin, seed) > 0, "the twins must really differ"


def test_the_toy_game_words_name_a_secret_only_once_it_is_revealed():
    state = TOY.setup(3, TOY.check_options({}), "s")
    for viewer in (0, 1, 2, None):
        said = TOY.describe_move_for(state, 1, "take2", viewer)
        assert said is not None and "secret" not in said[1]
        revealed = TOY.describe_move_for(state, 1, "reveal", viewer)
        assert revealed is not None and revealed[1]["secret"] == state.secrets[1]
