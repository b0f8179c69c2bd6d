"""The network screens' controller (parlour.web.netplay) on CPython: two pages' NetPlay objects wired
by an in-memory stand-in for the WebRTC glue, driven the way the page's clicks and channel events
drive them. Real data channels are tested in tests/browser/test_net_manual.py."""

from __future__ import annotations

import json
import re
from collections import deque
from typing import Any

import pytest

from parlour.i18n import translate
from parlour.web import match_log, netlobby, netplay, netview, router
from parlour.web.settings import Settings

GAME_IDS = {"boop", "boo", "wooly-bully", "ghosts-galore"}


class Wire:
    """In-memory data channels between pages. The host's invite code names the table; each
    answer code names the guest's page, and accepting it links a new host connection to it."""

    def __init__(self) -> None:
        self.links: dict[tuple[int, str], tuple[Any, str]] = {}  # (id(rtc), conn) -> (other rtc, its conn)
        self.answering: list[Any] = []
        self.queue: deque[tuple[Any, str, str, str]] = deque()
        self.count = 0

    def run(self) -> None:
        while self.queue:
            rtc, kind, conn, data = self.queue.popleft()
            rtc.handler(kind, conn, data)


class FakeRtc:
    def __init__(self, wire: Wire) -> None:
        self.wire = wire
        self.handler: Any = None
        self.sent: list[tuple[str, str]] = []
        self.received: list[str] = []
        self.rooms: list[tuple[str, list[str], str, str]] = []

    def listen(self, fn: Any) -> None:
        self.handler = fn

    def offer(self, ice: list[Any]) -> None:
        self.wire.queue.append((self, "offer", "t1", "o.t1"))

    def forget(self) -> None:
        pass

    def join_room(self, room: str, relays: list[str], ice: list[Any], role: str, sid: str) -> None:
        self.rooms.append((room, relays, role, sid))

    def answer(self, code: str, ice: list[Any]) -> None:
        self.wire.answering.append(self)
        self.wire.queue.append((self, "answer", "t1", f"a.t1.{len(self.wire.answering) - 1}"))

    def accept(self, code: str) -> None:
        guest = self.wire.answering[int(code.split(".")[2])]
        self.wire.count += 1
        conn = f"t1-{self.wire.count}"
        self.wire.links[(id(self), conn)] = (guest, "t1")
        self.wire.links[(id(guest), "t1")] = (self, conn)
        self.wire.queue.append((self, "open", conn, ""))
        self.wire.queue.append((guest, "open", "t1", ""))

    def send(self, conn: str, text: str) -> bool:
        if (id(self), conn) not in self.wire.links:
            return False
        self.sent.append((conn, text))
        other, its = self.wire.links[(id(self), conn)]
        other.received.append(text)
        self.wire.queue.append((other, "message", its, text))
        return True

    def close(self, conn: str) -> None:
        link = self.wire.links.pop((id(self), conn), None)
        if link is not None:
            other, its = link
            self.wire.links.pop((id(other), its), None)
            self.wire.queue.append((other, "close", its, ""))


class FakeDom:
    def __init__(self, storage: dict[str, str] | None = None) -> None:
        self.storage = {} if storage is None else storage
        self.fields: dict[str, str] = {}
        self.timers: list[Any] = []
        self.said: list[str] = []

    def storage_get(self, key: str) -> str | None:
        return self.storage.get(key)

    full = False
    """Simulates a browser whose storage is full: every write is refused."""

    def storage_set(self, key: str, value: str) -> bool:
        if self.full:
            return False
        self.storage[key] = value
        return True

    def storage_remove(self, key: str) -> None:
        self.storage.pop(key, None)

    def page_url(self) -> str:
        return "http://127.0.0.1:8000/"

    def reduced_motion(self) -> bool:
        return True

    def value_of(self, element_id: str) -> str:
        return self.fields.get(element_id, "")

    def later(self, ms: int, fn: Any) -> None:
        self.timers.append(fn)

    def every(self, ms: int, fn: Any) -> None:
        pass

    def set_hash(self, fragment: str) -> None:
        self.hash = fragment

    def replace_hash(self, fragment: str) -> None:
        self.hash = fragment

    def announce(self, text: str) -> None:
        self.said.append(text)


class FakeApp:
    """What NetPlay needs of the app: words, settings, the dom, an error line and render()."""

    def __init__(self, wire: Wire, storage: dict[str, str] | None = None) -> None:
        self.dom = FakeDom(storage)
        self.settings = Settings()
        self.error = ""
        self.end_closed = False
        self.folded: set[str] = set()
        self.screens: list[str] = []
        self.rtc = FakeRtc(wire)
        self.net = netplay.NetPlay(self, self.rtc)

    def t(self, key: str, **params: Any) -> str:
        return translate("en", key, **params)

    def render(self) -> None:
        self.screens.append(self.net.screen())

    def panels_folded(self) -> set[str]:
        return self.folded

    def run_timers(self) -> None:
        while self.dom.timers:
            self.dom.timers.pop(0)()


def join(wire: Wire, host: FakeApp, guest: FakeApp, name: str, want: str = "play") -> None:
    """Invite → the guest opens the link → answer code → the host pastes it."""
    wire.run()
    link = netlobby.invite_link(host.dom.page_url(), host.net.invite["code"], host.net.host.sid)
    route = router.parse(link.split("#", 1)[1], GAME_IDS)
    assert route.screen == "join"
    guest.net.open_join(route.params)
    guest.dom.fields.update({"net-name": name, "net-want": want})
    guest.net.on_action("net-answer", "", "")
    wire.run()
    host.dom.fields["answer-code"] = guest.net.answer
    host.net.on_action("net-accept", "", "")
    wire.run()


def table(wire: Wire) -> tuple[FakeApp, FakeApp]:
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    join(wire, host, guest, "Anna")
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.on_action("net-start", "", "")
    wire.run()
    return host, guest


def legal_cell(app: FakeApp) -> str:
    screen = app.net.screen()
    assert 'id="boop-grid" class="legal"' in screen  # the bed takes a piece now
    start = screen.index('class="cell open"')
    return screen[start:].split('data-arg="', 1)[1].split('"', 1)[0]


def test_ice_servers_come_one_a_line_and_none_means_lan_only():
    text = "stun:stun.example.org:3478\nturn:turn.example.org:3478 anna s3cret\nnonsense\n\n"
    assert netlobby.parse_ice(text) == [
        {"urls": "stun:stun.example.org:3478"},
        {"urls": "turn:turn.example.org:3478", "username": "anna", "credential": "s3cret"},
    ]
    assert netlobby.parse_ice("") == []


def test_an_invite_link_carries_the_offer_and_session_in_the_fragment():
    link = netlobby.invite_link("http://10.0.0.2:8000/", "o.ab12c.u.p.f.h10.0.0.2:5000", "0123456789ab")
    route = router.parse(link.split("#", 1)[1], GAME_IDS)
    assert (route.screen, route.params) == (
        "join",
        {"o": "o.ab12c.u.p.f.h10.0.0.2:5000", "s": "0123456789ab"},
    )
    assert route.fragment() == "#/join?o=o.ab12c.u.p.f.h10.0.0.2%3A5000&s=0123456789ab"
    assert router.parse("#/boop/host", GAME_IDS) == router.Route("host", "boop")


def test_a_guest_joins_sits_readies_and_both_boards_show_the_first_move():
    wire = Wire()
    host, guest = table(wire)
    assert host.net.host.phase == "playing" and guest.net.guest.phase == "playing"
    assert 'data-screen="net-guest"' in guest.net.screen() and "boop-bed" in guest.net.screen()
    mover = host if host.net.host.local()["act"] == [host.net.host.members["h"].seat] else guest
    cell = legal_cell(mover)
    mover.net.board_act("cell", cell)
    wire.run()
    for app in (host, guest):
        assert f'data-cell="{cell}"' in app.net.screen()
    # The guest's own token came to it; the host's secrets never did.
    token = json.loads(guest.dom.storage[f"parlour.net.guest.{host.net.host.sid}"])["token"]
    assert any(token in text for text in guest.rtc.received)
    assert not any(host.net.host.entropy in text for text in guest.rtc.received)


def test_a_guest_page_writes_its_seat_token_when_it_changes_not_on_every_message():
    """Issue #17: a guest's page wrote its token to storage on every message it received; it is
    written when it changes (a reload still finds it: the same token, kept)."""
    wire = Wire()
    host, guest = table(wire)
    key = f"parlour.net.guest.{host.net.host.sid}"
    kept = guest.dom.storage[key]
    writes: list[str] = []
    store = guest.dom.storage_set
    guest.dom.storage_set = lambda k, v: bool(writes.append(k) or store(k, v))  # type: ignore[method-assign]
    for _ in range(3):
        host_turn(wire, host)
        guest.net.board_act("cell", legal_cell(guest))
        wire.run()
        answer_questions(wire, guest)
    assert len(host.net.host.match.plies) >= 6 and len(guest.rtc.received) > 6
    assert key not in writes and guest.dom.storage[key] == kept
    assert json.loads(kept) == guest.net.guest.saved()


def test_a_move_out_of_turn_is_refused_and_shown_to_the_guest():
    wire = Wire()
    host, guest = table(wire)
    assert host.net.host.local()["act"] == [0], "orange (the host's seat) starts"
    guest.net.board_act("cell", "a1")  # the board takes no input out of turn...
    wire.run()
    assert len(host.net.host.match.plies) == 0
    guest.net.send_guest(guest.net.guest.move("k@a1"))  # ...so send it as a hostile page would
    wire.run()
    # Beside the board, in the live region too; not in the page's banner.
    assert '<span id="refusal">It is not your turn.</span>' in guest.net.screen()
    assert guest.dom.said[-1] == translate("en", "engine.not-your-turn") and guest.error == ""
    assert len(host.net.host.match.plies) == 0


def test_a_refused_cell_is_marked_beside_the_board_with_its_rule_link_on_both_pages():
    """The shared match screen at a network table: the host's own refusal and one the host sends
    back to a guest both show beside the board, mark the cell, keep the focus there and link the
    rule into the rules help (never a code in the sentence)."""
    wire = Wire()
    host, guest = table(wire)
    host.net.board_act("cell", "a1")
    wire.run()
    answer_questions(wire, host)  # orange's turn ends: purple (Anna) to move
    for page in (guest, host):  # Anna taps the occupied a1, then the host on its next turn
        page.net.board_act("cell", "a1")
        wire.run()
        screen = page.net.screen()
        feedback = screen.split('id="feedback"', 1)[1].split("</div>", 1)[0]
        assert 'id="refusal"' in feedback and "(BP-" not in feedback
        assert 'href="#/boop/rules?rule=BP-2"' in feedback
        cell = re.search(r'<g [^>]*id="cell-a1"[^>]*>', screen)
        assert cell and "refused" in cell.group(0)
        assert page.net.ui.get("focus") == "cell-a1"
        page.net.board_act("cell", legal_cell(page))  # a legal move clears it
        wire.run()
        assert 'id="refusal"' not in page.net.screen()
        answer_questions(wire, page)


def test_a_guest_page_reopened_with_a_new_invite_gets_its_seat_back():
    wire = Wire()
    host, guest = table(wire)
    guest.rtc.close(guest.net.conn)
    wire.run()
    assert host.net.host.lobby()["peers"][1]["state"] == "reconnecting"
    again = FakeApp(wire, guest.dom.storage)  # the same browser's storage, a new page
    join(wire, host, again, "Anna")
    assert again.net.guest.seat == 1
    assert [p["state"] for p in host.net.host.lobby()["peers"]] == ["connected", "connected"]


def test_a_host_page_reloaded_restores_its_table_from_storage():
    wire = Wire()
    host, _guest = table(wire)
    host.net.board_act("cell", legal_cell(host))  # orange, the host, starts
    wire.run()
    plies = len(host.net.host.match.plies)
    reloaded = FakeApp(wire, host.dom.storage)
    reloaded.net.open_host("boop")
    restored = reloaded.net.host
    assert restored.sid == host.net.host.sid and restored.phase == "playing"
    assert len(restored.match.plies) == plies
    assert restored.lobby()["peers"][1]["state"] == "reconnecting"


def test_a_table_of_another_game_or_a_damaged_save_starts_afresh():
    wire = Wire()
    app = FakeApp(wire, {netlobby.LEGACY_HOST_KEY: "{not json"})
    app.net.open_host("boop")
    assert app.net.host.phase == "lobby" and app.net.host.game.id == "boop"
    assert json.loads(app.dom.storage[netlobby.HOST_KEY.format(sid=app.net.host.sid)])["game"] == "boop"
    assert netlobby.LEGACY_HOST_KEY not in app.dom.storage


def test_a_guest_who_leaves_the_lobby_frees_its_seat_and_forgets_its_token():
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    join(wire, host, guest, "Anna")
    sid = host.net.host.sid
    assert f"parlour.net.guest.{sid}" in guest.dom.storage
    guest.net.on_action("net-leave", "", "")
    wire.run()
    assert [s["kind"] for s in host.net.host.lobby()["seats"]] == ["host", "open"]
    assert [p["pid"] for p in host.net.host.lobby()["peers"]] == ["h"]
    assert f"parlour.net.guest.{sid}" not in guest.dom.storage


def host_turn(wire: Wire, host: FakeApp) -> None:
    """The host (orange) takes every decision of its turn: a cell, then graduation or ghost."""
    seat = host.net.host.members["h"].seat
    while host.net.host.local()["act"] == [seat]:
        screen = host.net.screen()
        if 'id="no-ghost"' in screen:
            host.net.board_act("ghost", "g:-")
        elif 'data-action="graduate"' in screen:
            arg = screen.split('data-action="graduate"', 1)[1].split('data-arg="', 1)[1].split('"', 1)[0]
            host.net.board_act("graduate", arg)
        else:
            host.net.board_act("cell", legal_cell(host))
        wire.run()


def answer_questions(wire: Wire, app: FakeApp) -> None:
    """The page answers what its turn still asks after placing (graduation, ghost: never)."""
    while True:
        screen = app.net.screen()
        if 'id="no-ghost"' in screen:
            app.net.board_act("ghost", "g:-")
        elif 'data-action="graduate"' in screen:
            arg = screen.split('data-action="graduate"', 1)[1].split('data-arg="', 1)[1].split('"', 1)[0]
            app.net.board_act("graduate", arg)
        else:
            return
        wire.run()


def gone_for_good(wire: Wire, host: FakeApp, guest: FakeApp) -> None:
    guest.rtc.close(guest.net.conn)
    wire.run()
    grace = host.net.host.grace_ms
    host.net.send_host(host.net.host.tick(netview.now_ms() + grace + 1))
    wire.run()


def test_the_host_chooses_that_the_computer_takes_the_seat_of_a_player_gone_for_good():
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    host.net.on_action("net-on-gone", "", "ai")
    join(wire, host, guest, "Anna")
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.on_action("net-start", "", "")
    wire.run()
    host_turn(wire, host)  # orange (the host) moves; purple is Anna's
    gone_for_good(wire, host, guest)
    assert host.net.host.seats[1].kind == "ai" and host.net.host.phase == "playing"
    plies = len(host.net.host.match.plies)
    host.run_timers()  # the AI's turn comes after a short pause
    assert len(host.net.host.match.plies) > plies
    assert 'data-state="gone"' in host.net.screen()


def test_a_paused_match_goes_on_when_the_host_gives_the_seat_to_the_computer():
    wire = Wire()
    host, guest = table(wire)  # on_gone is "pause" by default
    host_turn(wire, host)
    gone_for_good(wire, host, guest)
    assert host.net.host.phase == "paused"
    screen = host.net.screen()
    assert 'id="net-give-ai-1"' in screen and "Anna has left" in screen
    plies = len(host.net.host.match.plies)
    host.net.on_action("net-give-ai", "1", "")
    host.run_timers()
    assert host.net.host.phase == "playing" and len(host.net.host.match.plies) > plies


def test_a_seated_guest_picks_a_colour_nobody_else_has():
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    join(wire, host, guest, "Anna")
    screen = guest.net.screen()
    host_colour = host.net.host.seats[0].colour
    assert 'id="net-colour"' in screen and f'value="{host_colour}"' not in screen
    guest.net.on_action("net-colour", "", "teal")
    wire.run()
    assert host.net.host.seats[1].colour == "teal"
    assert guest.net.guest.lobby["seats"][1]["colour"] == "teal"
    assert '<option value="teal" selected>' in guest.net.screen()


def test_the_host_picks_the_games_options_and_every_guest_sees_them():
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    join(wire, host, guest, "Anna")
    assert 'id="net-opt-first"' in host.net.screen()
    host.net.on_action("net-option", "first", "purple")
    wire.run()
    assert host.net.host.options["first"] == "purple"
    assert guest.net.guest.lobby["options"] == {"first": "purple"}
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.on_action("net-start", "", "")
    wire.run()
    assert host.net.host.local()["act"] == [1], "purple, Anna's seat, starts"


def test_room_relays_are_websocket_addresses_and_the_room_link_names_no_offer():
    assert netlobby.parse_relays("ws://127.0.0.1:7000\nhttps://nope\n wss://relay.example.org ") == [
        "ws://127.0.0.1:7000",
        "wss://relay.example.org",
    ]
    link = netlobby.room_link("http://10.0.0.2:8000/", "Zx-9_abcdEFGHijkl", "0123456789ab")
    route = router.parse(link.split("#", 1)[1], GAME_IDS)
    assert (route.screen, route.params) == ("join", {"r": "Zx-9_abcdEFGHijkl", "s": "0123456789ab"})


def test_a_host_opens_a_room_on_its_relays_and_goes_back_to_it_after_a_reload():
    wire = Wire()
    host = FakeApp(wire)
    host.dom.storage["parlour.net.relays"] = "ws://127.0.0.1:7000"
    host.net.open_host("boop")
    host.net.on_action("net-room", "", "")
    room, relays, role, sid = host.rtc.rooms[-1]
    assert (relays, role, sid) == (["ws://127.0.0.1:7000"], "host", host.net.host.sid) and len(room) >= 16
    assert f"#/join?r={room}&amp;s={sid}" in host.net.screen()
    reloaded = FakeApp(wire, host.dom.storage)
    reloaded.net.open_host("boop")
    assert reloaded.rtc.rooms == [(room, relays, "host", sid)]


def test_each_hosted_table_keeps_its_own_record_and_a_reload_returns_to_it():
    """Issue #15: opening another game's host page no longer overwrites the first table."""
    wire = Wire()
    host, _guest = table(wire)  # a boop. match under way
    first = host.net.host
    assert host.dom.hash == f"#/boop/host?s={first.sid}"
    other = FakeApp(wire, host.dom.storage)  # another tab of the same browser
    other.net.open_host("boo")
    second = other.net.host
    assert second.sid != first.sid and second.game.id == "boo"
    assert json.loads(host.dom.storage[netlobby.HOST_KEY.format(sid=first.sid)])["phase"] == "playing"
    # The first tab reloads: its address names its table, which comes back as it was.
    reloaded = FakeApp(wire, host.dom.storage)
    reloaded.net.open_host("boop", first.sid)
    assert reloaded.net.host.sid == first.sid and reloaded.net.host.phase == "playing"
    tables = netlobby.parse_tables(host.dom.storage[netlobby.TABLES_KEY])
    assert [(t["sid"], t["game"]) for t in tables] == [(first.sid, "boop"), (second.sid, "boo")]
    # "Your tables" lists the other one, to go back to.
    screen = reloaded.net.screen()
    assert 'id="net-tables"' in screen and f'href="#/boo/host?s={second.sid}"' in screen


def test_an_unfinished_table_is_never_replaced_unasked():
    wire = Wire()
    host, _guest = table(wire)
    sid = host.net.host.sid
    again = FakeApp(wire, host.dom.storage)
    again.net.open_host("boop")  # the plain host address: the unfinished table comes back
    assert again.net.host.sid == sid
    fresh = FakeApp(wire, host.dom.storage)
    fresh.net.open_host("boop", netlobby.NEW_TABLE)  # "Host a new table": a new one, the old one kept
    assert fresh.net.host.sid != sid and netlobby.HOST_KEY.format(sid=sid) in host.dom.storage
    assert f'href="#/boop/host?s={sid}"' in fresh.net.screen()
    # Closing a table is what drops it.
    again.net.on_action("net-close-table", "", "")
    assert netlobby.HOST_KEY.format(sid=sid) not in host.dom.storage
    assert sid not in {t["sid"] for t in netlobby.parse_tables(host.dom.storage[netlobby.TABLES_KEY])}


def test_a_storage_refusal_is_told_to_the_player():
    wire = Wire()
    host, _guest = table(wire)
    host.dom.full = True
    host.net.board_act("cell", legal_cell(host))
    assert host.error == translate("en", "app.net.not-saved")
    guest = FakeApp(wire)
    guest.dom.full = True
    join(wire, host, guest, "Boris", "watch")
    assert guest.error == translate("en", "app.net.not-saved")


def test_a_guest_whose_token_was_dropped_joins_afresh_and_is_told():
    """Away more than the grace time in the lobby: the host forgot the seat; the page must not be
    denied forever but join again as a new player (issue #15)."""
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    join(wire, host, guest, "Anna")
    old = json.loads(guest.dom.storage[netlobby.GUEST_KEY.format(sid=host.net.host.sid)])
    guest.rtc.close(guest.net.conn)
    wire.run()
    hs = host.net.host
    hs.tick(netview.now_ms() + hs.grace_ms + 1)  # gone: in the lobby its seat opens, its token is void
    assert old["pid"] not in hs.members
    again = FakeApp(wire, guest.dom.storage)
    join(wire, host, again, "Anna")
    g = again.net.guest
    assert g.status == "connected" and g.pid != old["pid"] and g.seat == 1 and g.rejoined
    assert 'id="net-rejoined"' in again.net.screen()
    kept = json.loads(again.dom.storage[netlobby.GUEST_KEY.format(sid=hs.sid)])
    assert kept["token"] == g.token != old["token"]


def test_a_guest_sees_at_once_that_the_host_left_it_out_of_the_shuffle():
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    join(wire, host, guest, "Anna")
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.host._participants = lambda: ["h"]  # a modified host page
    host.net.on_action("net-start", "", "")
    wire.run()
    screen = guest.net.screen()
    assert 'id="net-problems"' in screen and translate("en", "net.verify.left-out") in screen


def test_a_stalled_shuffle_names_who_held_it_up():
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boop")
    join(wire, host, guest, "Anna")
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    guest.rtc.send = lambda conn, text: True  # Anna's page stops answering
    host.net.on_action("net-start", "", "")
    wire.run()
    hs = host.net.host
    host.net.send_host(hs.tick(netview.now_ms() + 60_000))
    wire.run()
    assert hs.phase == "lobby"
    assert "Anna" in host.net.screen() and 'id="net-stalled"' in host.net.screen()


@pytest.mark.parametrize("game_id", sorted(GAME_IDS))
def test_every_network_board_names_the_players_as_they_named_themselves_in_the_lobby(game_id):
    """Boards, status, log and end dialog name each seat by the name given in the lobby (the host's
    own field, the guest's join form) and the computer by its level in the page's language: never
    "Player 2" (Ghosts Galore's trains did)."""
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host(game_id)
    host.net.on_action("net-name", "", "Hanna")
    if game_id != "boop":
        host.net.on_action("net-players", "", "3")
        host.net.on_action("net-seat-kind", "2", "ai:easy")
    join(wire, host, guest, "Anna")
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.on_action("net-start", "", "")
    wire.run()
    assert host.dom.storage[netlobby.NAME_KEY] == "Hanna"
    for app in (host, guest):
        screen = app.net.screen()
        words = re.sub(r"<[^>]+>", " ", screen)
        assert not re.search(r"Player \d", words), game_id
        board = screen.split('id="board">', 1)[1].split('id="feedback"', 1)[0]
        if game_id == "ghosts-galore":  # the other trains are a side panel beside the board
            board += screen.split('id="trains-panel"', 1)[1].split('id="score-panel"', 1)[0]
        status = screen.split('id="status"', 1)[1].split("</p>", 1)[0]
        if game_id != "boop":  # boards that name every seat
            assert "Hanna" in board and "Anna" in board and "Computer (easy)" in board, game_id
        if game_id != "boo":  # Boo!'s players all act at once: its board says what to do
            wolf = game_id == "wooly-bully" and app is guest  # may act out of turn
            wanted = "Hanna: " if app is host else "Anna, out of turn: " if wolf else "Hanna to move"
            assert wanted in status, (game_id, status)


def test_the_keyboard_moves_the_focus_over_a_network_board_and_it_stays_after_a_move():
    """The arrows move the board's cursor at a network table as at home (the page's own board
    memory carries the focus), and after a move the focus returns to the cursor's cell."""
    wire = Wire()
    host, _guest = table(wire)
    host.net.ui["key_on"] = ("cell", "c3")
    host.net.board_act("key", "ArrowRight")
    assert host.net.ui.get("focus") == "cell-d3"
    host.net.ui.pop("focus")
    host.net.board_act("cell", "d3")  # Enter on the focused cell clicks it
    wire.run()
    assert len(host.net.host.match.plies) == 1 and host.net.ui.get("cursor") == "d3"
    host.net.ui["key_on"] = ("cell", "d3")
    host.net.board_act("key", "ArrowUp")  # the cursor is remembered across the move
    assert host.net.ui.get("focus") == "cell-d4"


def test_a_finished_network_game_opens_the_end_dialog_once_which_closes_and_reopens():
    """The shared end dialog at a network table: it opens with the focus in it (the host's
    rematch inside it), "Look at the board" closes it and "Show the result" brings it back."""
    import random

    wire = Wire()
    host = FakeApp(wire)
    host.net.open_host("boop")
    hs = host.net.host
    host.net.on_action("net-seat-kind", "1", "ai:random")
    host.net.on_action("net-start", "", "")
    rng = random.Random(7)
    while hs.phase != "over":
        if hs.local()["act"] == [0]:
            state = hs.match.state
            hs.play(hs.game.encode_move(rng.choice(hs.game.legal_moves(state, 0))), netview.now_ms())
        else:
            hs.run_bots(netview.now_ms() + 10_000)
    screen = host.net.screen()
    assert 'id="end-screen"' in screen and host.net.ui.pop("focus") == "net-rematch"
    assert screen.count('id="net-rematch"') == 1, "the rematch is in the dialog only"
    host.end_closed = True  # "Look at the board" (the app's end-close)
    screen = host.net.screen()
    assert 'id="end-screen"' not in screen and 'id="end-open"' in screen and 'id="net-rematch"' in screen
    assert "focus" not in host.net.ui, "it opens once: a redraw does not open it again"


def test_a_hosts_bot_thinks_in_the_bot_worker_and_without_one_on_the_page():
    """The host page hands its bot's question to the bot worker (decision 0028): nothing is played
    until the answer comes, however often the timers fire; when the worker fails, the page's own
    bot answers that question and the game goes on."""
    from parlour.web import bots

    wire = Wire()
    host = FakeApp(wire)
    asked: list[tuple[str, Any]] = []
    host.dom.bot_think = lambda request, on_reply: asked.append((request, on_reply))  # type: ignore[attr-defined]
    host.net.open_host("boop")
    hs = host.net.host
    assert hs.bots_elsewhere
    host.net.on_action("net-seat-kind", "1", "ai:easy")
    host.net.on_action("net-start", "", "")

    def hanna_moves() -> int:
        while hs.local()["act"] == [0]:
            host.net.send_host(hs.play(hs.local()["legal"][0], netview.now_ms()))
        return len(hs.match.plies)

    ply = hanna_moves()
    assert len(asked) == 1
    host.run_timers()
    assert len(hs.match.plies) == ply and len(asked) == 1, "no move, and not asked twice, before the answer"
    while asked:  # the bot's move, and its choice after it (boop.'s follow-ups) if it has one
        request, on_reply = asked.pop()
        on_reply(bots.think(request))  # what the worker's Python answers
        host.run_timers()
    assert len(hs.match.plies) > ply and hs.match.plies[ply].player == 1
    drawn = host.screens[-1]  # the page was drawn again after the bot's move
    assert "Host: " in drawn.split('id="status"', 1)[1].split("</p>", 1)[0], "the host's turn"
    ply = hanna_moves()
    assert len(asked) == 1
    request, on_reply = asked.pop()
    on_reply(None)  # the worker failed on this question: this page's bot answers it
    host.run_timers()
    assert hs.match.plies[ply].player == 1
    assert hs.bots_elsewhere, "the next question goes to the worker again (a new one if it died)"


def test_a_network_log_says_each_move_and_shows_its_moment_read_only_with_a_way_back():
    """Decisions 0074-0075: the guest's log names the host's move in words ("Host: Orange places a
    kitten on a6", the player by the name given in the lobby); clicking an entry draws the board
    as this seat saw it then, read-only, until "Back to the game" (or Esc) returns to the live game;
    a moment the page never saw (before it joined) is not a button."""
    wire = Wire()
    host, guest = table(wire)
    host_turn(wire, host)
    first = host.net.host.match.plies[0].move
    guest.net.board_act("cell", legal_cell(guest))
    wire.run()
    answer_questions(wire, guest)
    host_turn(wire, host)
    second = host.net.host.match.plies[2].move  # Anna's kitten
    cell = first.split("@")[1]
    screen = guest.net.screen()
    # The words say the move; its notation is only the entry's tooltip, not shown (decision 0099).
    entry = (
        f'title="{first}" data-notation="{first}"><span>1. Host: Orange places a kitten on {cell}</span></'
    )
    assert entry in screen and "<code>" not in screen
    assert f"3. Anna: Purple places a kitten on {second.split('@')[1]}" in screen
    assert 'id="back-to-game"' not in screen
    # A screen reader hears each ply as the log says it, the other player's too.
    assert f"Host: Orange places a kitten on {cell}" in guest.dom.said
    assert f"Anna: Purple places a kitten on {second.split('@')[1]}" in " ".join(host.dom.said)
    for app in (guest, host):
        app.net.show_moment("replay", "1")
        screen = app.net.screen()
        assert "Showing the position after move 1." in screen and 'id="back-to-game"' in screen
        assert 'class="legal"' not in screen, "a moment of the log takes no move"
        assert screen.count('class="piece') == 1, "one kitten on the bed after move 1"
        assert 'class="current" id="log-0"' in screen and 'id="end-screen"' not in screen
        app.net.show_moment("live", "")
        screen = app.net.screen()
        assert "Showing the position" not in screen and 'id="back-to-game"' not in screen
        assert app.net.ui.get("focus") == "replay-6"
    # Each moment's events play once: opening a past moment plays its move, a ply arriving while
    # it is on show does not play it again, nor does coming back to the live game.
    guest.settings = guest.settings.with_(animations="on")
    view = guest.net.current()[1]
    guest.net.show_moment("replay", "3")
    assert guest.net.fresh(view) and not guest.net.fresh(view)
    guest.net.show_moment("live", "")
    assert not guest.net.fresh(view)
    view.table = {**view.table, "ply": 7}  # the next ply arrives: it plays
    assert guest.net.fresh(view)
    # The guest keeps what it saw: nothing new was asked of the host for it.
    sent = [json.loads(text)["t"] for _conn, text in guest.rtc.sent]
    assert sent.count("sync") == 0 and guest.net.guest.views.keys() >= {1, 2, 3, 4, 5, 6}
    # A page that did not see a moment (it joined later) lists it but cannot show it again.
    del guest.net.guest.views[2]
    screen = guest.net.screen()
    assert 'id="replay-2"' not in screen
    assert re.search(
        r'<p title="[^"]+" data-notation="[^"]+"><span>2\. Host: Orange keeps the ghost cat', screen
    )
    guest.net.show_moment("replay", "2")
    assert guest.net.replay is None
    guest.net.log_key("3", "ArrowUp")  # Up along the log skips it
    assert guest.net.ui["focus"] == "replay-1"


@pytest.mark.parametrize("game_id", sorted(GAME_IDS))
def test_every_games_network_log_says_the_hosts_move_in_the_guests_language(game_id):
    """Decision 0074 in all four games: the guest's log entry for the host's first move is the
    game's own sentence for it (as the local log says it), in the guest's language, with the host's
    lobby name; never the name alone."""
    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    guest.t = lambda key, **params: translate("uk", key, **params)  # type: ignore[method-assign]
    host.net.open_host(game_id)
    host.net.on_action("net-name", "", "Hanna")
    join(wire, host, guest, "Anna")
    guest.net.on_action("net-ready", "1", "")
    wire.run()
    host.net.on_action("net-start", "", "")
    wire.run()
    hs = host.net.host
    state = hs.match.state
    move = {"k": "hand", "t": 0} if game_id == "boo" else hs.local()["legal"][0]
    host.net.send_host(hs.play(move, netview.now_ms()))
    wire.run()
    key, params = hs.game.describe_move(state, 0, hs.game.decode_move(hs.match.plies[0].move))
    sentence = translate("uk", key, **{**match_log.worded(guest.t, dict(params)), "player": "Hanna"})
    entry = guest.net.screen().split('id="log-0"', 1)[1].split("</span>", 1)[0]
    assert sentence in entry and "Hanna" in entry and len(entry) > len("1. Hanna") + 10, entry
    # A second ply, then each page's board shows the moment after the first, read-only.
    if game_id == "boo":
        guest.net.send_guest(guest.net.guest.move({"k": "hand", "t": 0}))
    elif hs.local()["act"] and hs.local()["act"][0] == 0:
        host.net.send_host(hs.play(hs.local()["legal"][0], netview.now_ms()))
    else:
        guest.net.send_guest(guest.net.guest.move(guest.net.guest.table["legal"][0]))
    wire.run()
    assert len(hs.match.plies) == 2
    for app in (host, guest):
        app.net.show_moment("replay", "1")
        screen = app.net.screen()
        assert app.net.replay == 1 and 'id="back-to-game"' in screen, game_id
        assert 'class="current" id="log-0"' in screen
        app.net.show_moment("live", "")
        assert 'id="back-to-game"' not in app.net.screen()


def test_a_hosts_bots_are_asked_one_seat_a_task():
    """Each bot's question (its seat's view and legal moves) goes to the worker in a task of its own
    (issue #17: a Boo! table's first questions, every seat's at once, held one task 49 ms)."""
    wire = Wire()
    host = FakeApp(wire)
    asked: list[str] = []
    tasks: list[Any] = []
    host.dom.bot_think = lambda request, on_reply: asked.append(request)  # type: ignore[attr-defined]
    host.dom.soon = tasks.append  # type: ignore[attr-defined]
    host.net.open_host("boo")
    host.net.on_action("net-players", "", "4")
    for seat in (0, 1, 2, 3):
        host.net.on_action("net-seat-kind", str(seat), "ai:easy")
    host.net.on_action("net-start", "", "")
    hs = host.net.host
    bots = len([s for s in hs.game.to_act(hs.match.state) if hs.seats[s].kind == "ai"])
    assert bots == 4, "every seat's bot may act at the start"
    each = []
    while tasks:
        before = len(asked)
        tasks.pop(0)()
        each.append(len(asked) - before)
    assert each == [1, 1, 1, 1, 0], "one question a task, each seat's once"
    assert len({json.loads(text)["seat"] for text in asked}) == 4


def css_font_size(css: str, selector: str) -> str:
    """The ``font-size`` of the first rule of app.css whose selector list holds ``selector``."""
    for rule in re.finditer(r"([^{}]+)\{([^{}]*)\}", css):
        if selector in [s.strip() for s in rule[1].split(",")]:
            found = re.search(r"font-size:\s*([^;]+);", rule[2])
            if found:
                return found[1].strip()
    raise AssertionError(f"no font-size for {selector}")


def test_the_lobby_lays_out_the_match_screens_small_print_unseen_on_both_pages():
    """Each new size of a font is a synchronous ask to the browser process in the first frame that
    lays text out in it: 8-95 ms of Boo!'s first network frame on a busy machine (issue #17,
    decision 0112). Both lobbies lay out the match screen's two small sizes, hidden and unread."""
    from pathlib import Path

    wire = Wire()
    host, guest = FakeApp(wire), FakeApp(wire)
    host.net.open_host("boo")
    join(wire, host, guest, "Anna")
    for app in (host, guest):
        screen = app.net.screen()
        assert 'data-phase="lobby"' in screen and netplay.FONT_WARM in screen
    assert 'class="visually-hidden font-warm" aria-hidden="true"' in netplay.FONT_WARM
    css = (Path(__file__).parents[2] / "web" / "assets" / "app.css").read_text()
    warm = [css_font_size(css, ".font-warm span"), css_font_size(css, ".font-warm span + span")]
    # Boo!'s legend and its players' counts: what the castle's first frame met new.
    assert warm == [css_font_size(css, ".boo-legend"), css_font_size(css, ".boo-players .counts")]
