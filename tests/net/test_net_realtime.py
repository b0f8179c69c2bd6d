"""Real-time games over the network: the host's clock and order of arrival decide, never a peer's
claimed time (Boo! BO-D1: "in network play the host's order of arrival decides")."""

from __future__ import annotations

from helpers.tables import sit_down
from parlour.net import GuestSession, HostSession
from parlour.net.loopback import Loopback

from .snapgame import BOTS, GAME


def snap_table(start_at: int = 50_000) -> tuple[Loopback, GuestSession]:
    host = HostSession(GAME, BOTS, entropy="snap", players=2, host_seat=None, now=start_at)
    host.set_seat(0, "ai")
    anna = GuestSession(entropy="a", name="Anna", seat=1)
    return sit_down(host, [anna], now=start_at), anna


def test_a_real_time_bot_acts_when_the_match_clock_reaches_its_plan():
    net, anna = snap_table()
    host = net.host
    assert host.bots_to_move(net.now) == []
    assert host.next_bot_at(net.now) == net.now + 3_000
    net.advance(2_999)
    assert host.bots_to_move(net.now) == []
    net.advance(1)
    assert host.bots_to_move(net.now) == [0]
    net.host_out(host.run_bots(net.now))
    net.run()
    assert host.match.outcome().winners == (0,)
    assert host.match.plies[-1].t == 3_000 and anna.table["outcome"]["winners"] == [0]


def test_a_guest_counts_the_host_match_clock_on_from_its_latest_view():
    """A guest's page has no match clock of its own: each real-time view carries the host's match
    time as sent, and the guest counts on from it (a lock-out's end, a trace's time left)."""
    net, anna = snap_table()
    assert anna.clock(net.now) == 0
    net.advance(1_500)
    assert anna.clock(net.now) == 1_500  # no message since: counted on from the view
    net.guest_out(anna, anna.move({"k": "wave", "t": 0}))
    net.run()
    assert anna.table["view"]["now"] == 1_500 and anna.clock(net.now + 250) == 1_750
    fresh = GuestSession(entropy="b", name="Boris")
    net.connect(fresh)  # a snapshot (joining, or after a gap) carries the clock too
    net.advance(400)
    net.run()
    assert fresh.clock(net.now) == 1_900
    assert GuestSession(entropy="c", name="Cleo").clock(net.now) is None  # no view yet


def test_a_guest_claiming_an_early_time_is_stamped_with_the_host_clock():
    net, anna = snap_table()
    net.advance(1_200)
    net.guest_out(anna, anna.move({"k": "snap", "t": 0}))  # claims to have snapped at once
    net.run()
    ply = net.host.match.plies[-1]
    assert ply.player == 1 and ply.move == {"k": "snap", "t": 1_200} and ply.t == 1_200
    assert anna.table["outcome"]["winners"] == [1]
    assert anna.verify(GAME) == []


def test_the_first_to_reach_the_host_wins_even_against_a_bot_due_now():
    net, anna = snap_table()
    net.advance(3_000)
    assert net.host.bots_to_move(net.now) == [0]
    net.guest_out(anna, anna.move({"k": "snap", "t": 2_000}))
    net.run()
    assert net.host.match.outcome().winners == (1,) and net.host.bots_to_move(net.now) == []


def test_the_match_clock_survives_a_host_reload():
    net, _ = snap_table(start_at=1_000_000)
    net.advance(1_000)
    saved = net.host.dumps()
    restored = HostSession.loads(saved, lambda gid: (GAME, BOTS), now=net.now)
    assert restored.clock(net.now + 500) == 1_500
    assert restored.next_bot_at(net.now) == 1_000_000 + 3_000


def test_a_real_time_move_made_on_a_slightly_old_view_is_judged_not_refused():
    net, anna = snap_table()
    net.advance(500)
    stale = anna.move({"k": "wave", "t": 0})  # made on the view of ply 0
    net.host_out(net.host.run_bots(net.now))
    net.host.match.play(0, GAME.decode_move({"k": "wave", "t": 400}))  # someone else acted meanwhile
    net.guest_out(anna, stale)
    net.run()
    assert [p.player for p in net.host.match.plies] == [0, 1] and anna.refusals == []
