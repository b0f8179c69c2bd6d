"""A modified host page trying to choose the seed (issue #15): every guest detects it, at once.

(A) leaving a seated guest out of the drawing: that guest refuses to play along and reports it;
(B) aborting a drawing after seeing the reveals and announcing the same round again: a guest never
reveals for a round at or below one it already revealed for, and says so.
"""

from __future__ import annotations

from typing import Any

from helpers.tables import sit_down
from parlour.net import GuestSession, HostSession
from parlour.net.fairness import SALT_ID, SeedLog, commitment
from parlour.net.lobby import GUEST, HOST_PID, LOBBY, SEEDING
from parlour.net.loopback import Loopback
from parlour.net.wire import encode
from toygame import GAME

from .kit import BOTS, messages, play_to_end, seated_table


class LeavesOutHost(HostSession):
    """Attack A: the drawing's participant list leaves out the guest at seat 2."""

    def _participants(self) -> list[str]:
        return [HOST_PID] + [str(s.pid) for s in self.seats if s.kind == GUEST and s.index != 2]


class RerunsRoundHost(HostSession):
    """Attack B: once every reveal is in, abort (as if a guest had gone) and announce the same round
    again, hoping the guests reveal the same values so the host can grind its own against them."""

    aborts = 1
    seen: list[dict[str, str]]

    def _maybe_begin(self, now: int) -> list[Any]:
        log = self.seedlog
        if log.all_revealed() and self.aborts:
            self.aborts -= 1
            self.seen = [*getattr(self, "seen", []), dict(log.reveals)]
            self.phase, self.seedlog = LOBBY, SeedLog()
            self.round -= 1  # the next start() announces the same round again
            return self._broadcast_lobby()
        return super()._maybe_begin(now)


def hostile_table(cls: type[HostSession]) -> tuple[Loopback, GuestSession, GuestSession]:
    host = cls(GAME, BOTS, entropy="evil", name="Mallory", players=3, options={"pile": 21})
    anna = GuestSession(entropy="anna", name="Anna", seat=1)
    boris = GuestSession(entropy="boris", name="Boris", seat=2)
    return sit_down(host, [anna, boris], start=False), anna, boris


def test_attack_a_a_seated_guest_left_out_of_the_drawing_refuses_and_reports_it_at_once():
    net, anna, boris = hostile_table(LeavesOutHost)
    net.host_out(net.host.start(net.now))
    net.run()
    # Boris sees the problem at the start of the match, not only at its end ...
    assert {p.code for p in boris.problems} == {"net.verify.left-out"}
    # ... and never committed to a drawing he was not part of.
    sent = [m for m in net.host.log if "commit" in m]
    assert boris.pid not in net.host.seedlog.commits and not sent
    assert anna.problems == []
    play_to_end_loop(net)
    assert "net.verify.left-out" in {p.code for p in boris.verify(GAME)}


def play_to_end_loop(net: Loopback) -> None:
    host = net.host
    for _ in range(200):
        if host.phase != "playing" or host.match is None:
            return
        seat = host.game.to_act(host.match.state)[0]
        if seat == 0:
            net.host_out(host.play(host.local()["legal"][0], net.now))
        else:
            guest = next(g for g in net.guests.values() if g.seat == seat)
            net.guest_out(guest, guest.move(guest.table["legal"][0]))
        net.run()


def test_attack_b_a_round_announced_again_is_refused_without_revealing_anything_new():
    net, anna, boris = hostile_table(RerunsRoundHost)
    host = net.host
    net.host_out(host.start(net.now))
    net.run()
    assert host.phase == LOBBY and host.round == 0 and len(host.seen) == 1
    net.host_out(host.start(net.now))  # "round 1" again
    net.run()
    assert host.phase == SEEDING
    for guest in (anna, boris):
        assert [p.code for p in guest.problems] == ["net.verify.round"]
        # Not even a commitment went out for the re-run round: nothing to grind against.
        assert guest.pid not in host.seedlog.commits
        # The problem is there while the table is still drawing, not only at the end.
        assert guest.phase == SEEDING


def test_each_drawing_uses_fresh_values_and_the_round_survives_a_reload():
    table = seated_table(start=False)
    host, anna = table.host, table.anna
    net = table.net
    # An honest abort: Boris leaves after the reveals were asked for.
    net.host_out(host.start(net.now))
    first = [m for m in messages(table, anna) if m["t"] == "commits"]
    net.run()
    assert host.phase == "playing"
    first_value = host.seedlog.reveals[anna.pid]
    play_to_end(table)
    net.host_out(host.rematch())
    net.run()
    for guest in (table.anna, table.boris):
        table.send(guest, guest.set_ready())
    net.host_out(host.start(net.now))
    net.run()
    assert host.round == 2 and host.seedlog.reveals[anna.pid] != first_value
    assert anna.saved()["revealed"] == 2 and anna.problems == [] and first is not None
    # A reloaded page remembers the round it revealed for and refuses to go back.
    again = GuestSession(entropy="other", name="Anna", saved=anna.saved())
    assert again.revealed == 2
    again.hello(0)
    again.receive(encode("welcome", 1, sid=host.sid, pid=anna.pid, token="t", seat=1, game="toy"), 0)
    again.receive(encode("lobby", 2, **{**host.lobby(), "phase": "seeding"}), 0)
    assert again.receive(encode("seed", 3, who=["h", str(anna.pid)], round=2), 0) == []
    assert [p.code for p in again.problems] == ["net.verify.round"]


def test_commitments_that_are_not_the_participants_are_refused():
    guest = GuestSession(entropy="g", name="G", seat=1)
    guest.hello(0)
    guest.receive(encode("welcome", 1, sid="s", pid="p1", token="t", seat=1, game="toy"), 0)
    seats = [{"kind": "host", "pid": "h"}, {"kind": "guest", "pid": "p1"}]
    guest.receive(encode("lobby", 2, phase="seeding", game="toy", seats=seats, peers=[]), 0)
    [(_, _commit)] = guest.receive(encode("seed", 3, who=["h", "p1"], round=1), 0)
    mine = commitment(guest._value(), "p1")
    extra = {"h": "0" * 64, "p1": mine, "p9": "1" * 64}
    assert guest.receive(encode("commits", 4, c=extra, salt=commitment("x", SALT_ID)), 0) == []
    assert [p.code for p in guest.problems] == ["net.verify.commit"] and guest.revealed == 0


def test_a_host_that_forgets_a_token_cannot_rerun_a_round_through_the_fresh_join():
    """Attack B by the back door: deny the guest's token so it joins afresh, then announce round 1
    again. The guest keeps the round it revealed for (and its values now name its new peer id)."""
    net, anna, _boris = hostile_table(RerunsRoundHost)
    host = net.host
    net.host_out(host.start(net.now))
    net.run()
    first = host.seen[0][str(anna.pid)]
    token = next(m for m in host.members.values() if m.pid == anna.pid)
    token.token = "forgotten"  # the host pretends not to know Anna any more
    conn = next(c for c, g in net.guests.items() if g is anna)
    net.disconnect(conn)
    net.connect(anna)
    net.run()
    assert anna.rejoined and anna.revealed == 1 and anna.status == "connected"
    assert anna._value() != first  # a new peer id: even the same round would give a new value
    # Round 1 announced again to the rejoined guest: refused, nothing sent.
    assert anna.seq_in is not None
    again = encode("seed", anna.seq_in + 1, who=["h", str(anna.pid)], round=1)
    assert anna.receive(again, net.now) == []
    assert "net.verify.round" in {p.code for p in anna.problems}
