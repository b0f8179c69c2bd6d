"""A network page redraws only the regions a move changed (issues #17 and #11: no main-thread task over
50 ms while playing), as the local match screen does (decision 0087): a peer's move on the host's page,
and the host's on a guest's, replaces the board's parts it changed, the prompt and the players panel,
and inserts the log's new entry; the page, each change made on it, is the screen drawn whole.

The two pages are the app's own (:class:`parlour.web.app.App` with its :class:`NetPlay`) around a
host and a guest session seated at the fake network table of ``tests/helpers/tables.py``."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from tests.web.test_regions import RegionDom, one_element

from helpers.tables import sit_down
from parlour import games
from parlour.net import GuestSession, HostSession
from parlour.net.loopback import Loopback
from parlour.web import app as app_mod
from parlour.web import netlobby, netplay, netview
from parlour.web.markup import reuse_kept
from parlour.web.redraw import Change


class Rtc:
    """No data channel: the fake table carries the messages, the page only draws."""

    def listen(self, fn: Any) -> None:
        pass

    def offer(self, ice: list[Any]) -> None:
        pass

    def join_room(self, *args: Any) -> None:
        pass

    def send(self, conn: str, text: str) -> bool:
        return True

    def close(self, conn: str) -> None:
        pass


class NetDom(RegionDom):
    """The page as a string (regions changed in it), with what a network page asks of the browser."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.whole = 0
        self.writes: list[str] = []

    def render(self, html: str, home: str = "") -> None:
        self.whole += 1
        super().render(html, home)

    def storage_set(self, key: str, value: str) -> bool:
        self.writes.append(key)
        self.storage[key] = value
        return True

    def value_of(self, element_id: str) -> str:
        return ""

    def every(self, ms: int, fn: Any) -> None:
        pass


def page(fragment: str, **net: Any) -> tuple[app_mod.App, NetDom]:
    """The app's page at ``fragment``, its network controller set to ``net`` (a session of the table)."""
    dom = NetDom(fragment)
    app = app_mod.App(dom)
    app.net = netplay.NetPlay(app, Rtc())
    app.start()
    dom.run_timers()  # the game's package loads
    for name, value in net.items():
        setattr(app.net, name, value)
    dom.timers.clear()  # the host's own bots' timers: the test moves every seat itself
    app.render()
    return app, dom


def table(
    gid: str, players: int
) -> tuple[Loopback, list[GuestSession], app_mod.App, NetDom, app_mod.App, NetDom]:
    """A started table of ``gid``: the host at seat 0 and ``players - 1`` guests; the host's page
    and the first guest's page, both drawn."""
    game = games.load(gid)
    host = HostSession(game, games.module(gid).BOTS, entropy=f"{gid}-regions", name="Hanna", players=players)
    guests = [GuestSession(entropy=f"g{i}", name=f"Guest {i}") for i in range(1, players)]
    net = sit_down(host, guests, now=1_000)
    host_app, host_dom = page(f"#/{gid}/host?s={host.sid}", host=host, game=game, role="host")
    guest_app, guest_dom = page(f"#/join?o=x&s={host.sid}", guest=guests[0], role="guest", sid=host.sid)
    return net, guests, host_app, host_dom, guest_app, guest_dom


def random_ply(net: Loopback, anna: GuestSession, pick: random.Random) -> None:
    """One ply of a random game between the host's seat 0 and Anna's, a second after the last (a
    peer's moves are rate-limited in time), delivered both ways."""
    host = net.host
    net.now += 1_000
    if host.local()["act"] == [0]:
        net.host_out(host.play(pick.choice(host.local()["legal"]), net.now))
    else:
        net.guest_out(anna, anna.move(pick.choice(anna.table["legal"])))
    net.run()


def bots_lobby(route: str) -> tuple[NetDom, app_mod.App, list[Any]]:
    """A host's lobby page at ``route`` (its game's package loaded), both seats easy bots; its
    deferred tasks (``dom.soon``) are kept in the list returned, for the test to run."""
    dom = NetDom(route)
    tasks: list[Any] = []
    dom.soon = tasks.append  # type: ignore[attr-defined]
    app = app_mod.App(dom)
    app.net = netplay.NetPlay(app, Rtc())
    app.start()
    dom.run_timers()  # the game's package loads
    while tasks:
        tasks.pop(0)()
    for seat in ("0", "1"):
        app.net.on_action("net-seat-kind", seat, "ai:easy")
    return dom, app, tasks


def drawn(dom: NetDom, app: app_mod.App) -> list[Change]:
    """The changes of the page's last redraw, after checking it drew no whole screen and that the
    page now is the screen drawn whole; each replaced or inserted region is one element."""
    whole = dom.whole
    app.render()
    assert dom.whole == whole, "a move drew the whole screen"
    assert dom.html == app.shown
    for change in dom.changed[-1]:
        if change.kind in ("replace", "after", "before"):
            assert one_element(change.new_id or change.target, reuse_kept(change.markup, set())[0])
    return dom.changed[-1]


def targets(changes: list[Change]) -> set[str]:
    return {c.new_id or c.target for c in changes if c.kind != "attrs"}


def test_a_peers_boop_move_redraws_its_pieces_rows_the_turn_and_one_log_entry_on_both_pages():
    """The bed's rows, its pieces and the pools are regions (the board is never replaced whole):
    a placement inserts its piece alone and redraws the pieces it booped (issue #17)."""
    net, (anna,), host_app, host_dom, guest_app, guest_dom = table("boop", 2)
    host = net.host
    for n in range(16):  # 8 moves each, turn about
        legal = host.local()["legal"] if host.local()["act"] == [0] else []
        if legal:
            move = legal[n % len(legal)]
            net.host_out(host.play(move, net.now))
        else:
            mine = anna.table["legal"]
            move = mine[n % len(mine)]
            net.guest_out(anna, anna.move(move))
        net.run()
        by_peer = drawn(guest_dom if legal else host_dom, guest_app if legal else host_app)
        own = drawn(host_dom if legal else guest_dom, host_app if legal else guest_app)
        ply = len(host.match.plies)
        if ply == 1:  # the log's first entry replaces "no moves yet"
            continue
        for changes in (by_peer, own):
            board = {i for i in targets(changes) if i.startswith(("boop-", "pool-"))}
            assert targets(changes) - board <= {"turn", f"log-{ply - 1}", f"log-{ply - 2}"}
            assert f"log-{ply - 1}" in targets(changes)
            if "@" in move:  # a placement: its piece drawn alone (or all, when none stayed put)
                assert {f"boop-at-{move.split('@')[1]}", "boop-pieces"} & board
            assert 'id="screen-title"' not in "".join(c.markup for c in changes)  # the header stays
            assert 'id="net-peers"' not in "".join(c.markup for c in changes)  # nor the side panels
            assert 'id="boop-bed"' not in "".join(
                c.markup for c in changes if c.kind != "attrs"
            )  # the bed stays
    for app in (host_app, guest_app):  # the log's entries kept between redraws: as drawn afresh
        for lang in ("en", "uk"):
            app.settings = replace(app.settings, lang=lang)
            app.render()
            kept = app.shown
            app.net._log_words.clear()
            app.net._log_markup.clear()
            app.render()
            assert app.shown == kept and kept.count('<li id="log-') == 16


@pytest.mark.parametrize("first", ["host", "guest"])
def test_a_peers_hand_in_boo_redraws_its_zone_the_players_and_the_log_alone(first):
    """Boo! at a network table of four (issue #11): a player's raised hand is drawn on the other
    pages as their zone (or the prompt), the players panel and the log's new entry, under 5 KB of a
    table of over 40 KB, never the castle."""
    net, (anna, boris, _cleo), host_app, host_dom, guest_app, guest_dom = table("boo", 4)
    host = net.host
    assert len(host_app.shown or "") > 40_000 and len(guest_app.shown or "") > 40_000
    hand = {"k": "hand", "t": 0}  # the host stamps it with its match clock
    net.now += 2_000
    net.guest_out(boris, boris.move(hand))  # the log's first entry replaces "no moves yet"
    net.run()
    for dom, app in ((host_dom, host_app), (guest_dom, guest_app)):
        drawn(dom, app)
    net.now += 1_000
    if first == "host":
        net.host_out(host.play(hand, net.now))
    else:
        net.guest_out(anna, anna.move(hand))
    net.run()
    assert [ply.move["k"] for ply in host.match.plies] == ["hand", "hand"]
    seat = 0 if first == "host" else 1
    for dom, app in ((host_dom, host_app), (guest_dom, guest_app)):
        changes = drawn(dom, app)
        assert "log-1" in targets(changes) and "boo-players" in targets(changes)
        assert targets(changes) <= {f"boo-zone-{seat}", "boo-prompt", "boo-players", "log-0", "log-1"}
        assert sum(len(c.markup) for c in changes) < 5_000, targets(changes)


def test_a_host_page_writes_its_table_once_a_move_not_on_every_message():
    net, _guests, host_app, host_dom, _guest_app, _guest_dom = table("boop", 2)
    host = net.host
    host_app.net.save()
    key = netlobby.HOST_KEY.format(sid=host.sid)
    host_dom.writes.clear()
    host_app.net.send_host([])  # a message that changed nothing the table keeps: nothing written
    host_app.net.tick()
    assert host_dom.writes == []
    legal = host.local()["legal"]
    host_app.net.send_host(host.play(legal[0], 0))
    assert host_dom.writes == [key]
    assert HostSession.loads(host_dom.storage[key], now=0).match.plies == host.match.plies


def test_a_bots_move_on_a_host_page_is_drawn_in_the_next_task():
    """Decision 0066 on a network page: a bot's move (its rules, the views cut and sent, the save)
    is one task and its drawing the next; meanwhile the page still shows the move before it."""
    dom, app, tasks = bots_lobby("#/boop/host?s=new")
    app.net.on_action("net-start", "", "")
    app.render()
    host = app.net.host
    for _ in range(6):
        before = len(host.match.plies)
        while len(host.match.plies) == before:
            dom.timers.pop(0)()  # the bots' timer: the move due is played
        assert app.draw_pending and dom.html.count('<li id="log-') == before
        while tasks:
            tasks.pop(0)()
        assert not app.draw_pending and dom.html == app.shown
        assert dom.html.count('<li id="log-') == len(host.match.plies)


def test_the_end_dialog_opens_without_drawing_the_screen_whole_on_both_pages():
    """The end of a game: the dialog is inserted, the header and the match frame made inert and
    <main>'s phase set, attributes alone (a 100 KB+ screen drawn whole took 140-190 ms)."""
    net, (anna,), host_app, host_dom, guest_app, guest_dom = table("boop", 2)
    host = net.host
    pick = random.Random(5)
    while host.match.outcome() is None and len(host.match.plies) < 600:
        random_ply(net, anna, pick)
        if host.match.outcome() is None:
            host_app.render()
            guest_app.render()
    assert host.match.outcome() is not None
    for dom, app in ((host_dom, host_app), (guest_dom, guest_app)):
        changes = drawn(dom, app)
        assert 'id="end-screen"' in dom.html and 'data-phase="over"' in dom.html
        assert {c.target for c in changes if c.kind == "attrs"} >= {"bar", "match", "main"}
        assert "end-screen" in {c.new_id for c in changes if c.kind == "after"}
        assert '<div class="play match" id="match" inert>' in dom.html


def test_a_ghosts_galore_tile_laid_is_inserted_alone_and_the_scores_redraw_their_rows():
    """Each train's rows and tiles and each row of the score table are regions: a tile laid is
    inserted alone, never the whole train (15-30 KB a move before) or the whole score table."""
    net, guests, host_app, host_dom, guest_app, guest_dom = table("ghosts-galore", 3)
    host, pick = net.host, random.Random(3)
    inserted, trains, scores = 0, 0, 0
    while host.match.outcome() is None and len(host.match.plies) < 300:
        net.now += 1_000
        acts = host.local()["act"]
        if 0 in acts and host.local()["legal"]:
            net.host_out(host.play(pick.choice(host.local()["legal"]), net.now))
        else:
            guest = next(g for g in guests if g.seat in acts and g.table.get("legal"))
            net.guest_out(guest, guest.move(pick.choice(guest.table["legal"])))
        net.run()
        for dom, app in ((host_dom, host_app), (guest_dom, guest_app)):
            changes = drawn(dom, app)
            inserted += sum(c.new_id.startswith("gg-tile-") for c in changes)
            trains += sum(c.kind == "replace" and c.target.startswith("gg-train-") for c in changes)
            scores += host.match.outcome() is None and "score-panel" in targets(changes)
    assert host.match.outcome() is not None
    assert inserted >= 2 * 8 * 3  # every tile laid, on both pages
    assert trains <= 2 * 3 * 2 and scores == 0  # a train whole only when its hidden tile is laid


def test_a_wooly_bully_host_draws_its_seat_from_the_state_it_holds_as_a_guest_would(monkeypatch):
    """The host's page does not read its own view back (15-30 ms a move in the browser, issue #17):
    its field is the one a page reading the same view draws, at every move."""
    net, (anna,), host_app, _host_dom, _guest_app, _guest_dom = table("wooly-bully", 2)
    host, pick = net.host, random.Random(4)
    read = type(host.game).from_view
    reads: list[int] = []
    monkeypatch.setattr(type(host.game), "from_view", lambda self, view: reads.append(1) or read(self, view))
    for _ in range(12):
        net.now += 1_000
        if 0 in host.local()["act"] and host.local()["legal"]:
            net.host_out(host.play(pick.choice(host.local()["legal"]), net.now))
        elif anna.table["legal"]:
            net.guest_out(anna, anna.move(pick.choice(anna.table["legal"])))
        net.run()
        host_app.render()  # the move drawn (its events animated)
        host_app.render()
        held = host_app.shown
        assert not reads, "the host read its own view back"
        netview._LAST_VIEW = None
        monkeypatch.setattr(type(host.game), "seen_by", None, raising=False)
        host_app.render()  # from the view read back, as a guest's page does
        assert reads and host_app.shown == held
        monkeypatch.undo()
        monkeypatch.setattr(
            type(host.game), "from_view", lambda self, view: reads.append(1) or read(self, view)
        )
        reads.clear()


def test_a_hosts_start_makes_the_matchs_first_screen_in_a_task_of_its_own():
    """The Start click deals the match (its rules, the views sent, the save); the match's first
    screen is made in the next task, as a local match's is after its route changes (issue #17:
    Boo!'s first screen, 35 ms of markup, made the click's task 50 ms). Meanwhile the page still
    shows the lobby and input waits."""
    dom, app, tasks = bots_lobby("#/boo/host?s=new")
    app.render()
    assert 'id="net-start"' in dom.html and 'data-phase="lobby"' in dom.html
    dom.click("net-start")
    assert app.net.host.match is not None, "the match is dealt in the click's task"
    assert app.draw_pending and 'data-phase="lobby"' in dom.html, "its screen waits for the next task"
    while tasks:
        tasks.pop(0)()
    assert 'data-phase="playing"' in dom.html and dom.html == app.shown
