"""Limits and loose ends of issue #15, one CPython test each: move floods, stale-move snapshots,
snapshots of very long games, oversized error texts, fields the schema let through, ready flags,
a seed drawing that stalls, and a guest whose token the host no longer knows."""

from __future__ import annotations

import json

import pytest

from helpers.tables import sit_down
from parlour.engine import MalformedMove
from parlour.engine.errors import MAX_MALFORMED_TEXT
from parlour.net import GuestSession, HostSession, hostguests, hosttable
from parlour.net import host as host_mod
from parlour.net.loopback import Loopback
from parlour.net.wire import MAX_FROM_HOST, encode

from .kit import messages, seated_table, step
from .snapgame import BOTS as SNAP_BOTS
from .snapgame import GAME as SNAP


def snap_table() -> tuple[Loopback, GuestSession]:
    """Snap! (a real-time toy): the guest may 'wave', a lawful move that changes nothing, at any time."""
    host = HostSession(SNAP, SNAP_BOTS, entropy="snap", players=2, host_seat=0)
    guest = GuestSession(entropy="g", name="Gail", seat=1)
    watcher = GuestSession(entropy="w", name="Will", want="watch")
    return sit_down(host, [guest], [watcher]), guest


def test_a_flood_of_lawful_no_op_moves_is_cut_to_the_rate_limit():
    net, guest = snap_table()
    host = net.host
    conn = next(c for c, g in net.guests.items() if g is guest)
    out = []
    for _ in range(3_000):  # 3,000 waves at one instant
        out += host.receive(conn, guest.move({"k": "wave", "t": 0})[0][1], net.now)
    assert len(host.match.plies) == hostguests.MOVE_BURST
    refused = [json.loads(t) for c, t in out if '"t":"refused"' in t]
    assert len(refused) == 3_000 - hostguests.MOVE_BURST
    assert {r["code"] for r in refused} == {"net.error.too-fast"}
    # Broadcasts only for the accepted ones; refusals go to the sender alone.
    assert all(c == conn for c, t in out if '"t":"refused"' in t)
    assert sum('"t":"update"' in t for c, t in out) == 2 * hostguests.MOVE_BURST  # player and watcher
    # Then one move per MOVE_RATE_MS.
    net.advance(hostguests.MOVE_RATE_MS)
    host.receive(conn, guest.move({"k": "wave", "t": 0})[0][1], net.now)
    host.receive(conn, guest.move({"k": "wave", "t": 0})[0][1], net.now)
    assert len(host.match.plies) == hostguests.MOVE_BURST + 1


def test_stale_moves_get_a_fresh_view_at_most_once_a_second():
    table = seated_table()
    step(table)  # the host moved: Anna's turn at ply 1
    anna, conn = table.anna, table.conn_of(table.anna)
    before = len(messages(table, anna))
    for _ in range(50):
        anna.seq_out += 1
        table.net.inject(conn, encode("move", anna.seq_out, ply=0, seat=1, m="take1"))
    table.net.run()
    got = [m["t"] for m in messages(table, anna)[before:]]
    assert got.count("refused") == 50 and got.count("view") == 1
    table.net.advance(1_000)  # a second later, a stale move gets a fresh view again
    anna.seq_out += 1
    table.net.inject(conn, encode("move", anna.seq_out, ply=0, seat=1, m="take1"))
    table.net.run()
    assert [m["t"] for m in messages(table, anna)[before:]].count("view") == 2


def test_a_snapshot_of_a_very_long_game_stays_within_the_limit_and_the_guest_rejoins(monkeypatch):
    budget = 4_000
    monkeypatch.setattr(hosttable, "SNAPSHOT_BUDGET", budget)
    net, guest = snap_table()
    host = net.host
    for _ in range(400):  # a long game: 400 plies of waves, at a human pace
        net.advance(hostguests.MOVE_RATE_MS)
        net.guest_out(guest, guest.move({"k": "wave", "t": 0}))
        net.run()
    assert len(host.match.plies) == 400
    conn = next(c for c, g in net.guests.items() if g is guest)
    net.disconnect(conn)
    back = GuestSession(entropy="x", name="Gail", saved=guest.saved())
    net.connect(back)
    net.run()
    text = next(t for t in reversed(net.inbox[net._names[id(back)]]) if '"t":"view"' in t)
    view = json.loads(text)
    assert len(text.encode()) <= budget <= MAX_FROM_HOST
    assert view["log_from"] > 0 and view["log_from"] + len(view["log"]) == 400
    assert back.table["ply"] == 400 and back.log_from == view["log_from"] and back.seat == 1
    net.guest_out(back, back.move({"k": "snap", "t": 0}))
    net.run()
    # The record of the long game comes in parts, each within the budget, and checks out.
    texts = net.inbox[net._names[id(back)]]
    assert sum('"t":"moves"' in t for t in texts) > 1
    assert all(len(t.encode()) <= budget for t in texts)
    assert host.phase == "over" and back.verify(SNAP) == []
    assert back.record is not None and len(back.record.plies) == 401


def test_a_malformed_move_error_quotes_at_most_a_short_piece_of_the_input():
    err = MalformedMove(f"not a move: {'x' * 1_000_000!r}", code="toy.malformed", move="y" * 1_000_000)
    assert len(err.message) <= MAX_MALFORMED_TEXT and len(err.params["move"]) <= MAX_MALFORMED_TEXT
    table = seated_table()
    step(table)
    anna, conn = table.anna, table.conn_of(table.anna)
    anna.seq_out += 1
    table.net.inject(conn, encode("move", anna.seq_out, ply=1, seat=1, m="z" * 8_000))
    assert all(len(line) <= hosttable.MAX_NOTE for line in table.host.log)


@pytest.mark.parametrize(
    "text",
    [
        '{"v":1,"t":"hello","s":1,"name":"Eve","want":"play","token":"\\ud800"}',
        '{"v":1,"t":"hello","s":1,"name":"\\udfff","want":"play"}',
        '{"v":1,"t":"move","s":9,"ply":1,"seat":1}',
    ],
)
def test_fields_the_schema_used_to_let_through_are_refused_without_a_crash(text):
    table = seated_table()
    step(table)
    conn = "new" if '"hello"' in text else table.conn_of(table.anna)
    plies = len(table.host.match.plies)
    assert table.host.receive(conn, text, 0) == []
    assert table.host.last_resort == 0 and len(table.host.match.plies) == plies
    assert "dropped" in table.host.log[-1]


def test_resending_the_same_seat_does_not_clear_anyones_ready_flag():
    table = seated_table(start=False)
    host = table.host
    assert all(m.ready for m in host.members.values() if m.seat not in (None, 0))
    table.send(table.wanda, table.wanda.pick_seat(None))  # a spectator says "just watching" again
    table.send(table.anna, table.anna.pick_seat(1))  # Anna picks her own seat again
    assert host.can_start() is None
    table.send(table.anna, table.anna.pick_seat(1, "purple"))  # a real change: everyone again
    assert host.can_start() == "net.error.not-ready"


def test_a_stalled_seed_drawing_times_out_naming_who_held_it_up():
    table = seated_table(start=False)
    host, net = table.host, table.net
    boris_conn = table.conn_of(table.boris)
    net.host_out(host.start(net.now))
    # Boris's page commits and then never reveals.
    net.guests[boris_conn].receive = lambda text, now: []  # type: ignore[method-assign]
    net.run()
    assert host.phase == "seeding"
    net.advance(host_mod.SEED_TIMEOUT_MS - 1)
    assert host.phase == "seeding"
    net.advance(1)
    net.run()
    assert host.phase == "lobby" and host.stalled == [table.boris.pid]
    assert table.anna.lobby["stalled"] == [table.boris.pid]
    assert not host.members[str(table.boris.pid)].ready and host.members[str(table.anna.pid)].ready
    # The host may remove the seat that stalls the table.
    net.host_out(host.set_seat(2, "ai"))
    net.run()
    assert host.members[str(table.boris.pid)].seat is None and host.seats[2].kind == "ai"


def test_a_guest_whose_token_the_host_forgot_joins_afresh():
    table = seated_table(start=False)
    net = table.net
    anna = table.anna
    old = anna.saved()
    net.disconnect(table.conn_of(anna))
    net.advance(table.host.grace_ms)  # gone from the lobby: forgotten
    assert old["pid"] not in table.host.members
    back = GuestSession(entropy="again", name="Anna", seat=1, saved=old)
    net.connect(back)
    net.run()
    assert back.status == "connected" and back.rejoined and back.pid != old["pid"] and back.seat == 1
    assert back.token != old["token"] and back.denied is None
