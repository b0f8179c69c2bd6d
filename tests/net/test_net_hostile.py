"""Hostile or broken peers: their messages are dropped with a log line, the host never crashes and the
game never changes except by a legal move of the sender's own seat."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.net import MAX_FROM_GUEST, MAX_FROM_HOST, GuestSession, HostSession
from parlour.net.wire import encode
from toygame import GAME

from .kit import Table, seated_table, step


def snapshot(host: HostSession) -> tuple[Any, ...]:
    assert host.match is not None
    return (GAME.state_hash(host.match.state), host.match.plies, host.phase, [s.pid for s in host.seats])


def anna_to_act() -> Table:
    table = seated_table()
    step(table)  # the host's move: now seat 1 (Anna) is to act
    return table


def test_an_oversized_message_is_dropped_before_parsing():
    table = anna_to_act()
    before = snapshot(table.host)
    huge = '{"v":1,"t":"move","s":99,"ply":1,"seat":1,"m":"' + "x" * 10_000_000 + '"}'
    started = time.perf_counter()
    assert table.host.receive(table.conn_of(table.anna), huge, 0) == []
    assert time.perf_counter() - started < 0.5
    assert snapshot(table.host) == before and "oversized" in table.host.log[-1]


@pytest.mark.parametrize(
    "text",
    [
        "[" * 4_000 + "]" * 4_000,
        '{"v":1,"t":"move","s":9,"m":' + "[{" * 1_000 + "}]" * 1_000 + "}",
        "[" * 8_000,
    ],
)
def test_a_message_nested_deep_is_dropped_before_json_recurses_into_it(monkeypatch, text):
    """In Pyodide ``json.loads`` of a deep nest overflowed the stack: a fatal error of the host's page."""
    table = anna_to_act()
    before = snapshot(table.host)
    monkeypatch.setattr(json, "loads", lambda *_a, **_k: pytest.fail("parsed"))
    assert table.host.receive(table.conn_of(table.anna), text, 0) == []
    assert snapshot(table.host) == before and "nested too deep" in table.host.log[-1]


def test_the_depth_check_leaves_strings_out_and_lets_every_real_message_through():
    from parlour.net.wire import MAX_NESTING, too_deep

    assert not too_deep(json.dumps({"m": "[[[[{{{{" * 100, "r": [[1, [2, {"a": [3]}]]] * 30}))
    assert not too_deep("[" * MAX_NESTING + "]" * MAX_NESTING)
    assert too_deep("[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1))
    assert too_deep('["\\"' + "[" * 80 + "]" * 80 + "]")  # an escaped backslash ends the string


@pytest.mark.parametrize(
    "text",
    [
        "",
        "null",
        "[]",
        "{}",
        "not json at all",
        "[" * 8_000,
        '{"v":1}',
        '{"v":2,"t":"move","s":50,"ply":1,"seat":1,"m":"take1"}',
        '{"v":true,"t":"move","s":50,"ply":1,"seat":1,"m":"take1"}',
        '{"v":1,"t":"move","s":true,"ply":1,"seat":1,"m":"take1"}',
        '{"v":1,"t":"move","s":-1,"ply":1,"seat":1,"m":"take1"}',
        '{"v":1,"t":"move","s":50,"ply":"1","seat":1,"m":"take1"}',
        '{"v":1,"t":"move","s":50,"ply":1,"seat":1.0,"m":"take1"}',
        '{"v":1,"t":"explode","s":50}',
        '{"v":1,"t":"__init__","s":50}',
        '{"v":1,"t":"commit","s":50,"c":"zz"}',
        '{"v":1,"t":"move","s":NaN,"ply":1,"seat":1,"m":"take1"}',
    ],
)
def test_malformed_messages_are_dropped_with_a_log_line(text):
    table = anna_to_act()
    before = snapshot(table.host)
    lines = len(table.host.log)
    assert table.host.receive(table.conn_of(table.anna), text, 0) == []
    assert snapshot(table.host) == before
    assert len(table.host.log) == lines + 1 and "dropped" in table.host.log[-1]


def test_a_move_claiming_another_seat_is_dropped():
    table = anna_to_act()
    before = snapshot(table.host)
    boris = table.boris
    forged = encode("move", boris.seq_out + 1, ply=1, seat=1, m="take1")
    assert table.host.receive(table.conn_of(boris), forged, 0) == []
    assert snapshot(table.host) == before and "seat 1 from seat 2" in table.host.log[-1]


def test_a_hello_with_a_stolen_or_guessed_token_is_denied():
    table = anna_to_act()
    before, members = snapshot(table.host), set(table.host.members)
    out = table.host.receive("evil", encode("hello", 1, name="Eve", want="play", token="0" * 32), 0)
    assert [json.loads(text)["code"] for _, text in out] == ["net.error.token"]
    assert snapshot(table.host) == before and set(table.host.members) == members


def test_a_replayed_message_is_dropped():
    table = anna_to_act()
    [(_, text)] = table.anna.move("take1")
    conn = table.conn_of(table.anna)
    table.net.inject(conn, text)
    table.net.run()
    after = snapshot(table.host)
    assert len(table.host.match.plies) == 2
    assert table.host.receive(conn, text, 0) == []
    assert snapshot(table.host) == after and "replayed" in table.host.log[-1]


def test_an_out_of_turn_move_is_refused_with_the_reason_and_changes_nothing():
    table = anna_to_act()
    before = snapshot(table.host)
    table.send(table.boris, table.boris.move("take1"))
    assert snapshot(table.host) == before
    assert table.boris.refusals[-1]["code"] == "engine.not-your-turn"


def test_an_illegal_move_is_refused_with_the_rule():
    table = anna_to_act()
    before = snapshot(table.host)
    table.send(table.anna, table.anna.move({"nonsense": [1, 2, 3]}))
    assert snapshot(table.host) == before
    assert table.anna.refusals[-1]["code"] == "toy.malformed"


def test_messages_before_hello_or_a_second_hello_are_dropped():
    table = anna_to_act()
    before = snapshot(table.host)
    assert table.host.receive("stranger", encode("move", 5, ply=1, seat=1, m="take1"), 0) == []
    assert "before hello" in table.host.log[-1]
    hello = encode("hello", 99, name="Anna again", want="play")
    assert table.host.receive(table.conn_of(table.anna), hello, 0) == []
    assert snapshot(table.host) == before and "second hello" in table.host.log[-1]


def test_a_flood_of_joins_is_capped():
    table = seated_table()
    for i in range(200):
        table.host.receive(f"flood{i}", encode("hello", 1, name="x", want="watch"), 0)
    assert len(table.host.members) <= 64
    out = table.host.receive("one-more", encode("hello", 1, name="x", want="watch"), 0)
    assert json.loads(out[0][1])["code"] == "net.error.full"


def test_asking_for_fresh_views_too_often_is_throttled():
    table = anna_to_act()
    conn = table.conn_of(table.anna)
    answered = [bool(table.host.receive(conn, encode("sync", 100 + i), 10 * i)) for i in range(50)]
    assert answered.count(True) == 1


def test_a_broken_host_message_never_crashes_a_guest():
    table = anna_to_act()
    anna = table.anna
    view = dict(anna.table)
    for text in ["", "{}", "[" * 10_000, encode("update", anna.seq_in + 1, ply="x"), encode("lobby", 10**6)]:
        anna.receive(text, 0)
    assert anna.table["view"] == view["view"]
    assert anna.receive("x" * (MAX_FROM_HOST + 1), 0) == []


# --- fuzzing ----------------------------------------------------------------------------------

# Cheap strategies (pools of nasty values) keep thousands of examples within seconds.
odd_values = [None, True, False, 0, -1, 1, 2**53, 2**70, -(2**70), 1.5, 1e308, "", "1", "take1", "x" * 300]
odd_values += [[], {}, [[[[]]]], {"a": {"b": [1, None]}}, ["take1"], {"seat": 1}, "\u0000\ud800"]
odd_values += [{"t": 5}, {"k": "take1", "t": -1}, {"t": True}]
json_values = st.sampled_from(odd_values)
hex64 = st.sampled_from(["0" * 64, "f" * 64, "a" * 63, "A" * 64, "0" * 65])
fields = {
    "v": st.sampled_from([1, 1, 1, 1, 2, 0, True, "1", None]),
    "t": st.sampled_from(["hello", "seat", "ready", "commit", "reveal", "move", "sync", "bye", "x", ""]),
    "s": st.integers(-3, 30) | st.sampled_from([2**53, 2**60, True, "7", None]),
    "ply": st.integers(-1, 30) | json_values,
    "seat": st.integers(-2, 70) | json_values,
    "m": st.sampled_from(["take1", "take2", "take3", "reveal", "take9"]) | json_values,
    "name": st.sampled_from(["Eve", "", "\u202eevE", "\x00\x07", "x" * 500]) | json_values,
    "want": st.sampled_from(["play", "watch", "rule"]) | json_values,
    "token": st.sampled_from(["TOKEN", "0" * 32, ""]) | json_values,
    "colour": st.sampled_from(["red", "teal", "pink", "mauve"]) | json_values,
    "ready": st.booleans() | json_values,
    "c": hex64 | json_values,
    "r": hex64 | json_values,
}
structured = st.fixed_dictionaries({}, optional=fields).map(lambda d: json.dumps(d))
raw = st.text(max_size=40) | st.sampled_from(["", "{", "[" * 5_000, '{"v":1,"t":"move"}', "\ufeff{}"])
attack = st.tuples(st.sampled_from(["anna", "boris", "wanda", "stranger"]), structured | raw)


def consistent(host: HostSession) -> None:
    """The seats and the peers agree, and the match replays to its state."""
    for seat in host.seats:
        if seat.kind in ("guest", "host"):
            assert host.members[str(seat.pid)].seat == seat.index
    for member in host.members.values():
        if member.seat is not None:
            assert host.seats[member.seat].pid == member.pid
    if host.match is not None:
        again = type(host.match).replay(GAME, host.match.record)
        assert GAME.state_hash(again.state) == GAME.state_hash(host.match.state)


# 500 and 300 examples (were 2,000 and 1,000: 45 s of the suite's CPython part on 2 cores, decision 0008).
# A started match's handling is also fuzzed by test_net_fuzz.py, seeded, with 10,000 messages or more
# across the four real games (the seated player's own, a spectator's, strangers'; damaged host messages
# to a guest); what only these two have, the lobby's messages and any text, keeps hundreds of examples.
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(started=st.booleans(), attacks=st.lists(attack, min_size=1, max_size=6))
def test_fuzzed_messages_never_crash_the_host_or_change_the_game_unlawfully(started, attacks):
    table = anna_to_act() if started else seated_table(start=False)
    host = table.host
    conns = {name: table.conn_of(getattr(table, name)) for name in ("anna", "boris", "wanda")}
    conns["stranger"] = "stranger"
    seat_of = {conns["anna"]: 1, conns["boris"]: 2, conns["wanda"]: None}
    tokens = {pid: m.token for pid, m in host.members.items()}
    for who, text in attacks:
        text = text.replace("TOKEN", tokens[table.boris.pid] if who == "anna" else "")
        plies = host.match.plies if host.match else ()
        out = host.receive(conns[who], text, 0)
        for to, reply in out:
            assert isinstance(to, str) and len(reply) <= MAX_FROM_HOST and json.loads(reply)["v"] == 1
        assert not [line for line in host.log if "internal error" in line] and host.last_resort == 0
        if host.match is not None and started:
            new = host.match.plies[len(plies) :]
            assert host.match.plies[: len(plies)] == plies
            assert all(p.player == seat_of.get(conns[who]) for p in new)
        consistent(host)
    assert {pid: m.token for pid, m in host.members.items() if pid in tokens} == {
        pid: t for pid, t in tokens.items() if pid in host.members
    }


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(structured | raw | st.just("x" * (MAX_FROM_GUEST + 1)), min_size=1, max_size=5))
def test_fuzzed_host_messages_never_crash_a_guest(texts):
    guest = GuestSession(entropy="g", name="G")
    guest.hello(0)
    guest.receive(encode("welcome", 1, sid="s", pid="p1", token="t", seat=None, game="toy"), 0)
    for text in texts:
        for to, reply in guest.receive(text, 0):
            assert to == "host" and json.loads(reply)["v"] == 1
    assert guest.last_resort == 0


def test_a_peer_on_another_protocol_version_is_told_so():
    table = seated_table()
    hello = json.dumps({"v": 2, "t": "hello", "s": 1, "name": "Future", "want": "play"})
    [(_, reply)] = table.host.receive("future", hello, 0)
    assert json.loads(reply)["code"] == "net.error.version" and "future" not in table.host.conns


def test_a_kicked_player_cannot_come_back_with_its_token():
    table = anna_to_act()
    stored = table.boris.saved()
    table.net.host_out(table.host.kick(table.boris.pid))
    table.net.run()
    assert table.boris.denied == "net.error.kicked" and table.host.phase == "paused"
    table.net.guests.pop(table.conn_of(table.boris))
    again = GuestSession(entropy="x", name="Boris", saved=stored)
    table.net.connect(again)
    table.net.run()
    # Told it was sent away (not "join afresh", which is what an unknown token leads to).
    assert again.status == "denied" and again.denied == "net.error.kicked"
    assert again.pid is None or again.pid == stored["pid"]
