"""Whole networked games of the toy game through the loopback: lobby, play, reconnection, host reload."""

from __future__ import annotations

import pytest

from helpers.tables import sit_down
from parlour.engine import IllegalMove
from parlour.net import GuestSession, HostSession
from parlour.net.loopback import Loopback
from toygame import GAME

from .kit import BOTS, lookup, messages, pick, play_to_end, seated_table, step


def test_a_whole_game_ends_with_the_same_result_for_everyone_and_verifies():
    table = seated_table()
    play_to_end(table)
    host = table.host
    assert host.phase == "over" and host.match is not None
    outcome = host.match.outcome()
    assert outcome is not None
    for guest in (table.anna, table.boris, table.wanda):
        assert guest.phase == "over"
        assert guest.table["outcome"] == outcome.to_json()
        assert guest.table["ply"] == len(host.match.plies)
        assert guest.verify(GAME) == []
    # Every guest's log has one entry per ply, by the seat that moved.
    assert [entry[0] for entry in table.anna.log] == [p.player for p in host.match.plies]


def test_each_guest_sees_its_own_seat_and_only_its_own_secret():
    table = seated_table()
    state = table.host.match.state
    assert table.anna.seat == 1 and table.boris.seat == 2 and table.wanda.seat is None
    assert table.anna.table["view"]["secrets"] == [None, state.secrets[1], None]
    assert table.boris.table["view"]["secrets"] == [None, None, state.secrets[2]]
    assert table.wanda.table["view"]["secrets"] == [None, None, None]
    assert table.host.local()["view"]["secrets"] == [state.secrets[0], None, None]


def test_only_the_seat_to_act_is_offered_moves():
    table = seated_table()
    assert table.host.local()["legal"] and table.anna.table["legal"] == []
    assert table.anna.table["act"] == [0]
    step(table)
    assert table.anna.table["legal"] == ["take1", "take2", "take3", "reveal"]
    assert table.boris.table["legal"] == [] and table.wanda.table["legal"] == []


def test_a_guest_who_drops_and_comes_back_gets_the_current_view_and_plays_on():
    table = seated_table()
    step(table)  # host moves; Anna (seat 1) is to act
    table.net.disconnect(table.conn_of(table.anna))
    table.net.run()
    assert table.anna.status == "reconnecting"
    peers = {p["pid"]: p["state"] for p in table.boris.lobby["peers"]}
    assert peers[table.anna.pid] == "reconnecting"
    assert not step(table)  # nobody else may move for Anna
    table.net.advance(5_000)
    table.net.run()
    table.net.connect(table.anna)
    table.net.run()
    assert table.anna.status == "connected" and table.anna.seat == 1
    assert table.anna.table["ply"] == 1 and table.anna.table["legal"]
    assert {p["pid"]: p["state"] for p in table.boris.lobby["peers"]}[table.anna.pid] == "connected"
    play_to_end(table)
    assert table.host.phase == "over"
    assert table.anna.verify(GAME) == []


def test_a_guest_reloading_the_page_comes_back_to_its_seat_from_storage():
    table = seated_table()
    step(table)
    stored = table.anna.saved()
    table.net.disconnect(table.conn_of(table.anna))
    table.net.run()
    reloaded = GuestSession(entropy="fresh", name="Anna", saved=stored)
    table.anna = reloaded
    table.net.connect(reloaded)
    table.net.run()
    assert reloaded.seat == 1 and reloaded.pid == stored["pid"]
    assert reloaded.table["view"]["secrets"][1] == table.host.match.state.secrets[1]
    play_to_end(table)
    assert table.host.phase == "over" and reloaded.verify(GAME) == []


def test_a_peer_gone_for_good_pauses_the_match_until_the_host_gives_the_seat_to_the_ai():
    table = seated_table()
    step(table)
    table.net.disconnect(table.conn_of(table.anna))
    table.net.run()
    table.net.advance(table.host.grace_ms)
    table.net.run()
    assert table.host.phase == "paused"
    seats = table.boris.lobby["seats"]
    assert table.boris.lobby["phase"] == "paused"
    assert {p["pid"]: p["state"] for p in table.boris.lobby["peers"]}[table.anna.pid] == "gone"
    with pytest.raises(IllegalMove):
        table.host.play("take1", table.net.now)
    table.net.host_out(table.host.give_seat_to_ai(1, table.net.now))
    table.net.run()
    seats = table.boris.lobby["seats"]
    assert table.host.phase == "playing" and seats[1]["kind"] == "ai"
    assert table.host.bots_to_move(table.net.now) == [1]
    step(table)
    assert table.host.match.plies[-1].player == 1


def test_with_ai_on_gone_the_ai_takes_the_seat_and_the_player_may_take_it_back():
    table = seated_table(on_gone="ai")
    step(table)
    table.net.disconnect(table.conn_of(table.anna))
    table.net.run()
    table.net.advance(table.host.grace_ms + 1)
    table.net.run()
    assert table.host.phase == "playing" and table.host.seats[1].kind == "ai"
    step(table)
    assert table.host.match.plies[-1].player == 1
    table.net.connect(table.anna)
    table.net.run()
    assert table.host.seats[1].kind == "guest" and table.anna.seat == 1
    play_to_end(table)
    assert table.host.phase == "over" and table.anna.verify(GAME) == []


def test_the_host_reloads_and_everyone_reconnects_and_finishes_the_game():
    table = seated_table()
    for _ in range(4):
        step(table)
    saved = table.host.dumps()
    before = GAME.state_hash(table.host.match.state)
    for conn in list(table.net.guests):
        table.net.guests.pop(conn).disconnected(table.net.now)
    restored = HostSession.loads(saved, lookup, now=table.net.now)
    assert GAME.state_hash(restored.match.state) == before
    assert {m.state for pid, m in restored.members.items() if pid != "h"} == {"reconnecting"}
    old = table.net
    table.net = Loopback(restored, now=old.now)
    table.net.inbox, table.net._names = old.inbox, old._names
    for guest in (table.anna, table.boris, table.wanda):
        table.net.connect(guest)
    table.net.run()
    assert table.anna.seat == 1 and table.boris.seat == 2 and table.wanda.seat is None
    assert table.anna.table["ply"] == 4
    play_to_end(table)
    assert restored.phase == "over"
    for guest in (table.anna, table.boris, table.wanda):
        assert guest.verify(GAME) == []


def test_a_damaged_host_save_is_reported():
    table = seated_table()
    with pytest.raises(ValueError, match="damaged"):
        HostSession.loads(table.host.dumps()[:-5], lookup, now=0)
    with pytest.raises(ValueError):
        HostSession.loads('{"kind":"something else"}', lookup, now=0)


def lose_next_messages_to(table, guest) -> None:
    conn = table.conn_of(guest)
    table.net.queue = type(table.net.queue)(m for m in table.net.queue if m[1] != conn)


def test_a_move_made_on_a_stale_view_is_refused_and_a_fresh_view_sent():
    table = seated_table()
    table.net.host_out(table.host.play("take1", table.net.now))
    lose_next_messages_to(table, table.anna)
    table.net.run()
    assert table.anna.table["ply"] == 0
    table.send(table.anna, table.anna.move("take1"))
    assert table.anna.refusals[-1]["code"] == "net.error.stale"
    assert len(table.host.match.plies) == 1
    assert table.anna.table["ply"] == 1
    assert table.anna.table["view"] == GAME.view(table.host.match.state, 1)
    table.send(table.anna, table.anna.move("take1"))
    assert len(table.host.match.plies) == 2 and table.host.match.plies[-1].player == 1


def test_a_sequence_gap_makes_the_guest_ask_for_a_fresh_view():
    table = seated_table()
    table.net.host_out(table.host.play("take2", table.net.now))
    lose_next_messages_to(table, table.anna)
    table.net.run()
    # The next thing Anna hears (Wanda's connection dropping) shows her something was lost.
    table.net.disconnect(table.conn_of(table.wanda))
    table.net.run()
    assert any("gap" in line for line in table.anna.notes)
    assert table.anna.table["ply"] == 1 and table.anna.table["view"]["pile"] == 19
    assert len(table.anna.log) == 1 and table.anna.log[0][0] == 0
    assert [m["t"] for m in messages(table, table.anna)][-1] == "view"


def test_a_mangled_view_is_detected_by_its_hash_and_replaced():
    table = seated_table()
    anna_conn = table.conn_of(table.anna)
    table.net.host_out(table.host.play("take1", table.net.now))
    mangled = []
    for frm, to, text in table.net.queue:
        if to == anna_conn and '"t":"update"' in text:
            text = text.replace('"pile":20', '"pile":2')
        mangled.append((frm, to, text))
    table.net.queue = type(table.net.queue)(mangled)
    table.net.run()
    assert table.anna.table["view"]["pile"] == 20
    assert table.anna.table["view"] == GAME.view(table.host.match.state, 1)
    assert any("hash" in line for line in table.anna.notes)


def test_lobby_seats_colours_ready_and_start():
    host = HostSession(GAME, BOTS, entropy="lobby", players=3)
    net = Loopback(host)
    anna = GuestSession(entropy="a", name="Anna\x00\x07 ", colour="teal")
    boris = GuestSession(entropy="b", name="Boris", seat=1)
    net.connect(anna)
    net.run()
    assert anna.seat == 1 and host.seats[1].colour == "teal" and host.seats[1].name == "Anna"
    net.connect(boris)
    net.run()
    assert boris.seat == 2  # the seat asked for was taken: the next open one
    net.guest_out(boris, boris.pick_seat(1))
    net.run()
    assert boris.refusals[-1]["code"] == "net.error.seat-taken"
    net.guest_out(boris, boris.pick_seat(2, colour="teal"))
    net.run()
    assert boris.refusals[-1]["code"] == "net.error.colour-taken"
    net.guest_out(boris, boris.pick_seat(2, colour="pink"))
    net.run()
    assert boris.lobby["seats"][2]["colour"] == "pink"
    assert host.can_start() == "net.error.not-ready"
    with pytest.raises(IllegalMove):
        host.start(net.now)
    for guest in (anna, boris):
        net.guest_out(guest, guest.set_ready())
    net.run()
    assert host.can_start() is None
    net.host_out(host.set_options({"pile": 7}))
    net.run()
    assert anna.lobby["options"] == {"pile": 7}
    assert host.can_start() == "net.error.not-ready"  # changed options: everyone says ready again
    net.guest_out(boris, boris.pick_seat(None))
    net.run()
    assert boris.seat is None and host.can_start() == "net.error.seats-open"
    net.host_out(host.set_seat(2, "ai"))
    net.guest_out(anna, anna.set_ready())
    net.run()
    net.host_out(host.start(net.now))
    net.run()
    assert host.phase == "playing" and anna.table["view"]["pile"] == 7 and boris.table["ply"] == 0


def test_players_joining_after_the_start_watch():
    table = seated_table()
    late = GuestSession(entropy="late", name="Late", want="play")
    table.net.connect(late)
    table.net.run()
    assert late.seat is None and late.table["view"]["secrets"] == [None, None, None]


def test_a_guest_leaving_the_lobby_frees_its_seat():
    table = seated_table(start=False)
    table.send(table.anna, table.anna.leave())
    assert table.host.seats[1].kind == "open" and table.anna.pid not in table.host.members
    assert table.boris.lobby["seats"][1]["kind"] == "open"


def test_a_participant_lost_while_drawing_the_seed_sends_everyone_back_to_the_lobby():
    table = seated_table(start=False)
    table.net.host_out(table.host.start(table.net.now))
    # Anna's connection breaks before her commitment reaches the host.
    table.net.disconnect(table.conn_of(table.anna))
    table.net.run()
    assert table.host.phase == "seeding"
    table.net.advance(table.host.grace_ms)
    table.net.run()
    assert table.host.phase == "lobby" and table.boris.phase == "lobby"
    assert table.host.seats[1].kind == "open"


def test_the_host_can_kick_a_spectator():
    table = seated_table()
    wanda_pid = table.wanda.pid
    table.net.host_out(table.host.kick(wanda_pid))
    table.net.run()
    assert table.wanda.status == "denied" and table.wanda.denied == "net.error.kicked"
    assert wanda_pid not in table.host.members


def test_an_all_ai_table_plays_itself():
    host = HostSession(GAME, BOTS, entropy="ai", players=2, host_seat=None)
    host.set_seat(0, "ai")
    host.set_seat(1, "ai")
    watcher = GuestSession(entropy="w", name="W", want="watch")
    net = sit_down(host, watchers=[watcher])
    net.play_bots()
    assert host.phase == "over" and watcher.verify(GAME) == []


def test_the_host_sees_its_own_illegal_move_refused_with_the_reason():
    table = seated_table()
    with pytest.raises(IllegalMove) as err:
        table.host.play("take9", table.net.now)
    assert err.value.code == "toy.malformed"
    table.net.host_out(table.host.play(pick(table.host.local()["legal"], 0), table.net.now))
    with pytest.raises(IllegalMove) as err:
        table.host.play("take1", table.net.now)
    assert err.value.code == "engine.not-your-turn"


def test_kicking_a_participant_while_the_seed_is_drawn_returns_to_the_lobby():
    table = seated_table(start=False)
    table.net.host_out(table.host.start(table.net.now))
    table.net.host_out(table.host.kick(table.boris.pid))
    table.net.run()
    assert table.host.phase == "lobby" and table.host.seats[2].kind == "open"
    assert table.anna.phase == "lobby" and table.boris.denied == "net.error.kicked"


def test_a_rematch_goes_back_to_the_lobby_with_the_same_table():
    table = seated_table()
    play_to_end(table)
    first = table.host.match.record.seed
    table.net.host_out(table.host.rematch())
    table.net.run()
    assert table.host.phase == "lobby" and table.anna.phase == "lobby" and table.anna.seat == 1
    assert table.anna.table == {} and table.anna.record is None
    assert table.host.can_start() == "net.error.not-ready"
    for guest in (table.anna, table.boris):
        table.send(guest, guest.set_ready())
    table.net.host_out(table.host.start(table.net.now))
    table.net.run()
    assert table.host.phase == "playing" and table.host.match.record.seed != first
    play_to_end(table)
    assert table.anna.verify(GAME) == [] and table.wanda.verify(GAME) == []


def test_a_hostile_guest_cannot_change_a_whole_game():
    """The same table plays the same game with and without Boris sending junk before every ply."""
    from parlour.net.wire import encode

    reference = seated_table(seed="hostile")
    play_to_end(reference)

    table = seated_table(seed="hostile")
    boris, conn = table.boris, table.conn_of(table.boris)
    replayable: list[str] = []
    for _ in range(200):
        host = table.host
        if host.phase != "playing":
            break
        ply = len(host.match.plies)
        actor = GAME.to_act(host.match.state)[0]
        junk = ["", "{", "[" * 9_000, "x" * 100_000, *replayable[-2:]]
        if actor != 2:
            boris.seq_out += 1
            junk.append(encode("move", boris.seq_out, ply=ply, seat=actor, m="take1"))  # forged seat
            boris.seq_out += 1
            junk.append(encode("move", boris.seq_out, ply=ply, seat=2, m="take1"))  # out of turn
        boris.seq_out += 1
        junk.append(encode("move", boris.seq_out, ply=ply + 5, seat=2, m="take3"))  # from the future
        boris.seq_out += 1
        junk.append(encode("commit", boris.seq_out, c="0" * 64))  # out of phase
        for text in junk:
            table.net.inject(conn, text)
        table.net.inject(f"evil{ply}", encode("hello", 1, name="Eve", want="play", token="f" * 32))
        table.net.run()
        replayable = junk[-2:]
        table.net.advance(1_000)  # junk moves spend Boris's own move allowance (5 a second)
        step(table)
    assert table.host.match.record == reference.host.match.record
    assert table.anna.verify(GAME) == [] and table.boris.verify(GAME) == []
    assert table.wanda.verify(GAME) == []
    assert sum("dropped" in line for line in table.host.log) > 50
