"""Peer-to-peer play in the browser: the host's table and the guest's page, over WebRTC.

:class:`NetPlay` drives a :class:`parlour.net.HostSession` or :class:`parlour.net.GuestSession`
with the events of the data channels (``rtc``: :mod:`parlour.web.rtc`, or a fake in tests) and
draws the lobby and the game's own board from the per-player view the session holds: every game
with a board gets network play without code of its own (moves in, views out).

Signalling is manual (decision 0060): the host's invite is a link carrying its connection offer
(and a QR code of it); the guest's page answers with a short code the host pastes. Seat tokens are
kept in the guest's storage per session, and the host's whole session in the host's storage, so
either side can reload and come back.

The controller's parts are modules of their own, each compiling in a short task (decision 0114):
:mod:`parlour.web.netview` (the table as this page sees it), :mod:`parlour.web.netlobby` (the
lobby's markup, links, storage keys), :mod:`parlour.web.netmatch` (the match screen) and
:mod:`parlour.web.netlink` (the traffic, the saves, the host's bots); this one holds the routes, the
lobby screens and the input.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from parlour import games
from parlour.engine import IllegalMove
from parlour.net import GuestSession, HostSession
from parlour.net.lobby import GONE, GUEST, HOST_PID, HOST_SEAT, LOBBY, OVER, PAUSED
from parlour.web import boards, netview, spent
from parlour.web.markup import button, esc, tag
from parlour.web.netlink import NetLink
from parlour.web.netlobby import (
    GUEST_KEY,
    HOST_KEY,
    ICE_KEY,
    LEGACY_HOST_KEY,
    NAME_KEY,
    NEW_TABLE,
    RELAYS_KEY,
    ROOM_KEY,
    TABLES_KEY,
    guest_join,
    guest_lobby,
    header,
    host_lobby,
    invite_link,
    invite_panel,
    parse_tables,
    peers_panel,
    problems_notice,
    room_link,
    room_panel,
    stalled_notice,
    tables_panel,
    verification,
    with_table,
)
from parlour.web.netview import Table, checked_view, context, held_view

KEPT_UI = ("cursor", "home", "trace", "names", "view", "shown")
"""What a board remembers across moves at a network table (as :data:`parlour.web.app.KEPT_UI`)."""


FONT_WARM = '<span class="visually-hidden font-warm" aria-hidden="true"><span>a</span> <span>a</span></span>'
"""Text in the two sizes the match screen's small print uses (.85 and .9 rem: Boo!'s legend and
players' counts, a log's events) and no lobby does, laid out unseen and unread on the lobby: each
size of a font is a strike the renderer asks the browser process for, synchronously, the first
time it lays text out in it. In the match's first frame those asks waited 8-95 ms on a busy
machine (issue #17, decision 0112); on the lobby they are made while nobody plays."""


class NetPlay(NetLink):
    """The network screens of one page: hosting a table (``#/GAME/host``) or joining one
    (``#/join?o=OFFER&s=SID``). ``app`` is the :class:`parlour.web.app.App` (words, storage,
    rendering); ``rtc`` the WebRTC bridge."""

    def __init__(self, app: Any, rtc: Any) -> None:
        super().__init__(app, rtc)
        rtc.listen(self.on_rtc)

    def open_room(self) -> None:
        """Host: join the session's room (a new one the first time) and wait for guests there."""
        host = self.host
        assert host is not None
        room = self.host_room() or secrets.token_urlsafe(12)
        self.keep(ROOM_KEY.format(sid=host.sid), room)
        self.room = room
        self.rtc.join_room(room, self.relays(), self.ice(), "host", host.sid)

    # --- routes ---------------------------------------------------------------------------------
    def tables(self) -> list[dict[str, str]]:
        """The tables this browser hosts (moving an earlier version's single save into the index)."""
        tables = parse_tables(self.dom.storage_get(TABLES_KEY))
        legacy = self.dom.storage_get(LEGACY_HOST_KEY)
        if legacy:
            try:
                data = json.loads(legacy)
                sid = HostSession.loads(legacy, now=netview.now_ms()).sid
                if self.keep(HOST_KEY.format(sid=sid), legacy):
                    tables = with_table(tables, sid, str(data["game"]), str(data["phase"]))
                    self.keep(TABLES_KEY, json.dumps(tables))
                    self.dom.storage_remove(LEGACY_HOST_KEY)
            except (ValueError, KeyError, TypeError):
                self.dom.storage_remove(LEGACY_HOST_KEY)
        return tables

    def restore(self, sid: str, game_id: str) -> HostSession | None:
        """A kept table of ``game_id``, or ``None`` (a damaged save is dropped from the index)."""
        stored = self.dom.storage_get(HOST_KEY.format(sid=sid))
        try:
            restored = HostSession.loads(stored, now=netview.now_ms()) if stored else None
        except ValueError:
            restored = None
        if restored is None:
            self.forget_table(sid)
            return None
        return restored if restored.game.id == game_id else None

    def open_host(self, game_id: str, sid: str = "") -> None:
        """``#/GAME/host?s=SID``: a table this browser hosts, restored from storage after a reload.
        Without a session id: the latest kept table of the game, else a new one; ``s=new``: a new
        one. The address then names the table, so a reload comes back to this very table."""
        self.role = "host"
        if self.host is not None and self.host.game.id == game_id and sid in ("", self.host.sid):
            self.dom.replace_hash(f"#/{game_id}/host?s={self.host.sid}")
            self.ensure_invite()
            return
        if self.host is not None:  # another table in this page: the old one's guests reconnect later
            for conn in list(self.host.conns):
                self.rtc.close(conn)
        self.game = games.load(game_id)
        self.host = None
        tables = self.tables()
        if sid and sid != NEW_TABLE:
            self.host = self.restore(sid, game_id)
        elif not sid:
            for entry in reversed(tables):
                if entry["game"] == game_id:
                    self.host = self.restore(entry["sid"], game_id)
                    if self.host is not None:
                        break
        if self.host is None:
            bots = dict(games.module(game_id).BOTS)
            name = self.dom.storage_get(NAME_KEY) or self.t("net.seat.host")
            self.host = HostSession(
                self.game, bots, entropy=secrets.token_hex(32), name=name, now=netview.now_ms()
            )
            self.save()
        self.dom.replace_hash(f"#/{game_id}/host?s={self.host.sid}")
        # The host's bots think in the page's bot worker when it has one (decision 0028).
        self.host.bots_elsewhere = callable(getattr(self.dom, "bot_think", None))
        self.start_ticking()
        self.schedule_bots()
        self.ensure_invite()
        if self.host_room():  # a reloaded host goes back to its room: guests find it there
            self.open_room()

    def ensure_invite(self) -> None:
        """The table's invite link, made (or restored, after a reload) as the host's page opens."""
        if self.invite is None and not self.making:
            self.making = True
            self.rtc.offer(self.ice())

    def open_join(self, params: dict[str, str]) -> None:
        """``#/join?o=OFFER&s=SID``: the guest's page for one invite."""
        self.role = "guest"
        offer, sid, room = params.get("o", ""), params.get("s", ""), params.get("r", "")
        if offer != self.offer or room != self.room:
            self.offer, self.room, self.sid, self.answer, self.lost = offer, room, sid, "", False
            if self.conn:
                self.rtc.close(self.conn)
            self.conn = ""

    def screen(self) -> str:
        t = self.t
        phase = self.host.phase if self.role == "host" and self.host is not None else ""
        if self.role == "guest" and self.guest is not None:
            phase = self.guest.phase or ""
        begun = phase not in ("", LOBBY)
        if self.begun is not None and begun != self.begun:
            self.ui["focus"] = "screen-title"  # the game begins (or a rematch's lobby): a new screen
            self.earlier = None  # a new game's log draws its newest moves
        self.begun = begun
        if self.role == "host" and self.host is not None:
            return self.host_screen()
        if self.role == "guest":
            return self.guest_screen()
        return tag("main", esc(t("app.not-found")), id="main")

    def lobby_screen(self, game_id: str, status: str, middle: str, side: str, **data: object) -> str:
        """The lobby (and a guest's page before it is seated): the setup beside the side panels."""
        line = tag("p", esc(status), class_="status", id="status", aria_live="polite")
        layout = tag(
            "div",
            tag("div", line + middle, class_="play-main") + tag("aside", side, class_="side"),
            class_="play",
        )
        return header(self.t, game_id) + tag("main", layout + FONT_WARM, id="main", **data)

    def host_screen(self) -> str:
        host = self.host
        assert host is not None and self.game is not None
        t = self.t
        with spent.part("view"):  # the host's own seat's view, and the state it stands for
            local = host.local()
            if host.match is not None and "view" in local:
                held_view(host.game, local["view"], host.match.state, host.members["h"].seat)
        log_from = int(str(local.get("log_from") or 0))
        log, says = list(local.get("log") or []), list(local.get("says") or [])
        view = Table(host.lobby(), local, host.members["h"].seat, log, log_from, says)
        link = invite_link(self.dom.page_url(), self.invite["code"], host.sid) if self.invite else ""
        room = self.host_room() if self.room else ""
        data = {"data_screen": "net-host", "data_phase": host.phase, "data_sid": host.sid}
        folded = None if host.phase == LOBBY else frozenset(self.app.panels_folded())
        with spent.part("side"):
            side = (
                peers_panel(t, view.lobby, "h", folded)
                + invite_panel(t, self.invite, link, self.making, folded)
                + room_panel(t, room_link(self.dom.page_url(), room, host.sid) if room else "", folded)
                + tables_panel(t, self.tables(), host.sid, host.game.id, folded)
                + self.settings_panel()
            )
        if host.phase == LOBBY:
            levels = [lv for lv in dict(games.module(host.game.id).BOTS) if lv != "random"]
            middle = stalled_notice(t, view.lobby, True) + host_lobby(t, host, levels)
            return self.lobby_screen(host.game.id, t(f"net.phase.{LOBBY}"), middle, side, **data)
        ending = self.end_open(view)
        rematch = button(t("app.net.rematch"), "net-rematch", class_="primary", id="net-rematch")
        return self.match_screen(
            self.game, view, "", self.host_controls(rematch=not ending), rematch, side, **data
        )

    def host_controls(self, rematch: bool = True) -> str:
        """The host's own buttons beside a game: give a gone player's seat to the computer, a
        rematch once it is over (in the end dialog while that is open), close the table."""
        host = self.host
        assert host is not None
        t = self.t
        out = ""
        if host.phase == PAUSED:
            for seat in host.seats:
                member = host.members.get(str(seat.pid))
                if seat.kind == GUEST and member is not None and member.state == GONE:
                    out += tag("span", esc(t("net.gone.ask", name=seat.name)), class_="ask")
                    out += button(t("net.gone.ai"), "net-give-ai", seat.index, id=f"net-give-ai-{seat.index}")
        if host.phase == OVER and rematch:
            out += button(t("app.net.rematch"), "net-rematch", id="net-rematch")
        out += button(t("app.net.close-table"), "net-close-table", id="net-close-table")
        return out

    def guest_screen(self) -> str:
        t = self.t
        guest = self.guest
        game_id = str(guest.lobby.get("game", "")) if guest else ""
        top = header(t, game_id) if game_id else header(t, "boop")
        notes = ""
        if self.lost:
            again = button(t("app.net.reconnect"), "net-answer", id="net-reconnect")
            notes += tag("p", esc(t("app.net.lost")) + " " + again, class_="notice", id="net-lost")
        if guest is not None and guest.rejoined:
            notes += tag("p", esc(t("app.net.rejoined")), class_="notice", id="net-rejoined", role="status")
        if guest is not None:
            notes += problems_notice(t, guest)
        if guest is not None and guest.status == "denied":
            notes += tag(
                "p", esc(t(guest.denied or "net.peer.denied")), class_="notice error", id="net-denied"
            )
        if guest is None or guest.status == "connecting" or not guest.lobby:
            name = self.dom.storage_get(NAME_KEY) or ""
            waiting = "app.net.finding-host" if self.room else "app.net.making-answer"
            body = notes + guest_join(t, name, self.answer, self.making, waiting) + self.settings_panel()
            return top + tag("main", body, id="main", data_screen="net-join", data_phase="joining")
        view = Table(guest.lobby, guest.table, guest.seat, guest.log, guest.log_from, guest.says)
        game = games.load(game_id)
        data = {
            "data_screen": "net-guest",
            "data_phase": guest.phase or "",
            "data_seat": "" if guest.seat is None else guest.seat,
        }
        if guest.phase in (LOBBY, "", None):
            middle = notes + stalled_notice(t, guest.lobby, False) + guest_lobby(t, guest)
            status = t(f"net.phase.{guest.phase or LOBBY}")
            return self.lobby_screen(game_id, status, middle, peers_panel(t, guest.lobby, guest.pid), **data)
        if guest.phase == OVER and guest.record is not None:
            notes += verification(t, self.check_end(guest, game))
        folded = frozenset(self.app.panels_folded())
        side = peers_panel(t, guest.lobby, guest.pid, folded)
        return self.match_screen(game, view, notes, "", "", side, **data)

    def on_action(self, action: str, arg: str, value: str) -> None:
        """A ``net-*`` click or change on a network screen."""
        now = netview.now_ms()
        host, guest = self.host, self.guest
        if action == "net-ice":
            self.dom.storage_set(ICE_KEY, value)
        elif action == "net-relays":
            self.dom.storage_set(RELAYS_KEY, value)
        elif action == "net-room" and host is not None:
            self.open_room()
        elif action == "net-invite" and host is not None:
            self.ensure_invite()
        elif action == "net-accept" and self.invite is not None:
            self.rtc.accept(self.dom.value_of("answer-code").strip())
        elif action == "net-answer":
            self.join()
        elif host is not None and self.role == "host":
            self.host_action(host, action, arg, value, now)
        elif guest is not None and self.role == "guest":
            if action == "net-sit":
                self.send_guest(guest.pick_seat(int(arg) if arg else None))
            elif action == "net-colour" and guest.seat is not None:
                self.send_guest(guest.pick_seat(guest.seat, value))
            elif action == "net-ready":
                self.send_guest(guest.set_ready(bool(arg)))
            elif action == "net-leave":
                self.send_guest(guest.leave())
                self.rtc.close(self.conn)
                self.dom.storage_remove(GUEST_KEY.format(sid=self.sid))
                self.guest, self.answer, self.conn, self._saved = None, "", "", None
                self.dom.set_hash("#/")

    def host_action(self, host: HostSession, action: str, arg: str, value: str, now: int) -> None:
        if action == "net-name" and host.phase == LOBBY and value.strip():
            # The host's name at the table, as a guest gives theirs when joining (kept for next time).
            name = value.strip()[:40]
            self.dom.storage_set(NAME_KEY, name)
            host.members[HOST_PID].name = name
            seat = host.members[HOST_PID].seat
            if seat is not None:
                self.send_host(host.set_seat(seat, HOST_SEAT))
        elif action == "net-seat-kind":
            kind, _, level = value.partition(":")
            if kind != GUEST:
                self.send_host(host.set_seat(int(arg), kind, level))
        elif action == "net-option":
            opt = next(o for o in host.game.options if o.name == arg)
            chosen = (
                bool(value)
                if not opt.choices and isinstance(opt.default, bool)
                else next((c for c in opt.choices or () if str(c) == value), opt.default)
            )
            self.send_host(host.set_options({**host.options, arg: chosen}))
        elif action == "net-players" and value.isdigit():
            self.send_host(host.set_players(int(value)))
        elif action == "net-on-gone" and value in ("pause", "ai"):
            host.on_gone = value
            self.save()
        elif action == "net-start":
            self.send_host(host.start(now))
            self.app.apart = True  # the match's first screen, made in a task of its own
        elif action == "net-give-ai":
            self.send_host(host.give_seat_to_ai(int(arg), now))
        elif action == "net-rematch":
            self.send_host(host.rematch())
        elif action == "net-close-table":
            for conn in list(host.conns):
                self.rtc.close(conn)
            self.forget_table(host.sid)
            self.rtc.forget()  # a new table, a new link: the old one must not lead here
            self.host, self.invite = None, None
            self.open_host(host.game.id, NEW_TABLE)

    def join(self) -> None:
        """The guest's "Join": start a session and answer the invite's offer."""
        name = self.dom.value_of("net-name").strip() or self.t("app.net.guest")
        want = self.dom.value_of("net-want") or "play"
        self.dom.storage_set(NAME_KEY, name)
        saved = None
        stored = self.dom.storage_get(GUEST_KEY.format(sid=self.sid)) if self.sid else None
        if stored:
            try:
                saved = json.loads(stored)
            except ValueError:
                saved = None
        self.guest = GuestSession(
            entropy=secrets.token_hex(32),
            name=name,
            want="watch" if want == "watch" else "play",
            saved=saved,
            view_check=checked_view,  # a view no rule allows is refused: "the host sent something invalid"
        )
        self.making, self.answer, self.lost = True, "", False
        if self.room:
            self.conn = ""
            self.rtc.join_room(self.room, self.relays(), self.ice(), "guest", self.sid)
        else:
            self.rtc.answer(self.offer, self.ice())

    def board_act(self, action: str, arg: str) -> None:
        """A click or key on the board: a move goes to the host (or is played, on the host). A
        refusal, the board's, the host's own rules' or one the host sends back, is shown beside
        the board on the element acted on, as in a local match."""
        found = self.current()
        board = boards.board(found[0].id) if found else None
        if found is None or board is None or not found[1].table:
            return
        game, view = found
        ctx = context(self.t, game, view, self.ui, private=self.notes(view), clock=self.match_clock(game))
        if not ctx.interactive and ctx.private is None:
            return
        target = f"{action}-{arg}"
        try:
            move = board.act(ctx, action, arg)  # may change this seat's private notes, even out of turn
        except IllegalMove as err:
            self.ui = ctx.ui
            self.refused_move(err, ctx.ui.pop("target", None) or target, view)
            return
        self.ui = ctx.ui
        if ctx.private is not None:
            self.save_notes()
        if move is None or not ctx.interactive:
            if move is None and hasattr(board, "patch"):
                self.app.patching = board.patch(ctx)  # only what changed is redrawn (a traced step)
            return
        if isinstance(move, tuple):  # a real-time board names the seat: here it is always this page's
            move = move[1]
        target = str(self.ui.pop("target", None) or target)
        self.ui = {k: v for k, v in self.ui.items() if k in KEPT_UI}
        self.refused = None
        if self.host is not None and self.role == "host":
            try:
                self.send_host(self.host.play(move, netview.now_ms()))
            except IllegalMove as err:
                self.refused_move(err, target, view)
        elif self.guest is not None:
            self.target = target
            self.send_guest(self.guest.move(move))
