"""Hostile messages by the ten thousand, across all four games (issue #15), seeded and reproducible.

For each game an honest match is played twice over the loopback, with the same moves at the same
times: once clean, once with a hostile peer sending junk before every ply from the seated player's
own connection (so it reaches the deep checks: stale plies, malformed moves, other seats, moves out
of phase), from a spectator and from connections that never said hello. Meanwhile a bystanding
guest is fed damaged copies of the host's messages. The test asserts:

* no message reaches a last-resort catch, on the host or on a guest;
* no refused message changes anything: the state, the plies, the phase and the seats are the same
  after each one as before it;
* the honest match finishes, its record is the clean run's, it replays to the same state, and every
  honest guest's check of it (:meth:`GuestSession.verify`) is empty.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from helpers.tables import sit_down
from parlour import games
from parlour.engine import Match, Rng
from parlour.net import GuestSession, HostSession
from parlour.net.guest import check_view
from parlour.net.wire import encode, view_hash

SEED = "fuzz-15"
JUNK_PER_PLY = 30
"""Hostile messages to the host before every ply (and a quarter as many damaged host messages)."""
MIN_MESSAGES = 10_000

NASTY: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**70,
    "",
    "\ud800",
    "x" * 5_000,
    "\x00\x1b[2J",
    [],
    [[[[[]]]]],
    {},
    {"k": "snap"},
    {"t": True},
    {"__class__": "x"},
    [None, 1, "a"],
    "null",
    "🦇" * 10,
]
"""Values no game takes as a move, nor as any field of a guest message."""
TYPES = ["hello", "seat", "ready", "commit", "reveal", "move", "sync", "bye", "nope", "", "__init__"]


def junk_text(rng: Rng, seq: int, ply: int, seat: int, old_moves: list[Any], lawful: Any) -> str:
    """One hostile message (text), never a lawful move: a wrong ply, another seat, a move that is
    not one, a field of the wrong type, or no JSON object at all."""
    roll = rng.below(12)
    if roll == 0:
        return rng.choice(["", "{", "[" * 5_000, "{}", "null", '{"v":1,"t":"move"}', "x" * 9_000])
    if roll == 1:  # a lone surrogate, in a hello's token or a move
        return '{"v":1,"t":"hello","s":1,"name":"E","want":"play","token":"\\udc80"}'
    fields: dict[str, Any] = {"ply": ply, "seat": seat, "m": rng.choice(NASTY)}
    if roll in (2, 3):  # a move whose ply is not the current one
        fields["ply"] = rng.choice([ply - 1, ply + 1, ply + 7, 10**7, -1])
        move = rng.choice(old_moves) if old_moves else None
        # (Wooly Bully re-judges a late move on the current state: a lawful one is no junk.)
        if move is not None and not lawful(move):
            fields["m"] = move
    elif roll == 4:  # another seat's move
        fields["seat"] = rng.choice([1 - seat if seat in (0, 1) else 0, 63, 64, True])
        if old_moves:
            fields["m"] = rng.choice(old_moves)
    elif roll == 5 and old_moves:  # an earlier position's move, now out of turn or illegal
        move = rng.choice(old_moves)
        if not lawful(move):
            fields["m"] = move
    elif roll == 6:  # the move field left out
        fields.pop("m")
    elif roll >= 7:  # another message type with one field of the wrong kind
        kind = rng.choice(TYPES)
        bad = {rng.choice(["name", "want", "seat", "colour", "token", "ready", "c", "r"]): rng.choice(NASTY)}
        return encode(kind, seq if rng.below(5) else rng.choice([0, seq - 1, True]), **bad)
    return encode("move", seq, **fields)


def damaged(rng: Rng, text: str) -> str:
    """A host message with one field replaced by something nasty (its hash redone half the time, so
    the guest's own check of the view is what has to refuse it)."""
    msg = json.loads(text)
    key = rng.choice(sorted(msg))
    msg[key] = rng.choice(NASTY)
    if "view" in msg and rng.below(2):
        if isinstance(msg["view"], dict) and msg["view"]:
            inner = rng.choice(sorted(msg["view"]))
            msg["view"][inner] = rng.choice(NASTY)
        with contextlib.suppress(TypeError, ValueError):
            msg["hash"] = view_hash(msg["view"])
    return json.dumps(msg)


def picture(host: HostSession) -> tuple[Any, ...]:
    """What a refused message must leave exactly as it was."""
    assert host.match is not None
    return (
        id(host.match.state),
        len(host.match.plies),
        host.phase,
        tuple((s.kind, s.pid) for s in host.seats),
    )


def play(game_id: str, hostile: bool) -> tuple[HostSession, list[GuestSession], int]:
    mod = games.module(game_id)
    turn_based = getattr(mod.GAME, "net_send_legal", True)
    host = HostSession(mod.GAME, mod.BOTS, entropy=f"{SEED}-{game_id}", players=2, host_seat=None)
    host.set_seat(0, "ai")
    if not turn_based:
        host.set_seat(1, "ai")
    player = GuestSession(
        entropy="p", name="Player", seat=1, want="play" if turn_based else "watch", view_check=check_view
    )
    watcher = GuestSession(entropy="w", name="Watcher", want="watch", view_check=check_view)
    bystander = GuestSession(entropy="b", name="Bystander", want="watch", view_check=check_view)
    net = sit_down(host, [player], [watcher])
    conn = next(c for c, g in net.guests.items() if g is player)
    watcher_conn = next(c for c, g in net.guests.items() if g is watcher)
    rng = Rng.from_seed(f"{SEED}:{game_id}")
    bystander.hello(0)
    sent = 0
    old_moves: list[Any] = []
    for i in range(3_000):
        if host.phase != "playing" or host.match is None:
            break
        if hostile:
            ply = len(host.match.plies)
            state, seat = host.match.state, player.seat if player.seat is not None else 1

            def lawful(move: Any, state: Any = state, seat: int = seat) -> bool:
                """Whether the rules would take ``move`` now (then it is not junk: Wooly Bully
                allows some moves out of turn that its legal-move list leaves out)."""
                try:
                    host.game.apply(state, seat, host.game.decode_move(move))
                except Exception:
                    return False
                return True

            before_hash = host.game.state_hash(host.match.state)
            for n in range(JUNK_PER_PLY):
                if n % 8 == 7:
                    target, text = f"eve{i}-{n}", junk_text(rng, 1, ply, 1, old_moves, lawful)
                elif n % 8 == 6:
                    watcher.seq_out += 1
                    target = watcher_conn
                    text = junk_text(rng, watcher.seq_out, ply, 1, old_moves, lawful)
                else:
                    player.seq_out += 1
                    target = conn
                    text = junk_text(rng, player.seq_out, ply, seat, old_moves, lawful)
                if '"t":"bye"' in text:
                    continue  # leaving is lawful: not junk
                before = picture(host)
                members = len(host.members)
                net.host_out(host.receive(target, text, net.now))
                sent += 1
                assert picture(host) == before, text[:200]
                assert len(host.members) == members or '"t":"hello"' in text
            net.run()
            assert host.game.state_hash(host.match.state) == before_hash
            # The bystander gets damaged copies of what the player was sent.
            for text in list(net.inbox[net._names[id(player)]])[-4:]:
                bystander.receive(damaged(rng, text), net.now)
                sent += 1
        net.advance(5_000)  # (both runs alike) junk moves spent the player's move allowance; it refills
        if host.bots_to_move(net.now) or not turn_based:
            net.play_bots(limit=1)
        else:
            legal = player.table["legal"]
            assert legal, "the guest must be offered moves when nobody else may act"
            old_moves = legal
            net.guest_out(player, player.move(Rng.from_seed(f"{SEED}:{i}").choice(legal)))
            net.run()
            net.advance(1_000)
            net.run()
    assert host.last_resort == 0
    for guest in (player, watcher, bystander):
        assert guest.last_resort == 0
    return host, [player, watcher], sent


@pytest.mark.parametrize("game_id", [g.id for g in games.GAMES])
def test_hostile_messages_change_nothing_and_the_honest_match_replays(game_id, fuzz_counts):
    if not games.available(game_id):
        pytest.skip(f"{game_id} is not in this build")
    clean, _, _ = play(game_id, hostile=False)
    host, honest, sent = play(game_id, hostile=True)
    fuzz_counts[game_id] = sent
    assert host.phase == "over" and host.match is not None and clean.match is not None
    assert host.match.record == clean.match.record
    replayed = Match.replay(host.game, host.match.record)
    assert host.game.state_hash(replayed.state) == host.game.state_hash(host.match.state)
    for guest in honest:
        assert guest.verify(host.game) == []
        assert guest.problems == []


@pytest.fixture(scope="module")
def fuzz_counts() -> Any:
    counts: dict[str, int] = {}
    yield counts
    if len(counts) == len(games.GAMES):
        assert sum(counts.values()) >= MIN_MESSAGES, counts
