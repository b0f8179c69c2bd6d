"""A network page's traffic: the WebRTC glue's events handled and drawn, the messages sent, the
hosted table saved, the host's clock and its bots asked in the bots' worker (:class:`NetLink`, a
base of :class:`parlour.web.netplay.NetPlay`; split from it so that each module compiles in a short
task: decision 0114)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from parlour.engine import ParlourError
from parlour.net import HostSession, Outgoing
from parlour.net.hostbots import Question
from parlour.web import boards, netview, spent
from parlour.web.netlobby import GUEST_KEY, HOST_KEY, ROOM_KEY, TABLES_KEY, parse_tables, with_table
from parlour.web.netmatch import NetMatch

TICK_MS = 1_000
BOT_DELAY_MS = 400
"""A pause before an AI seat moves, so people see the last move land."""


class NetLink(NetMatch):
    """The transport, the saves and the host's bots of a page's network screens."""

    def on_rtc(self, kind: str, conn: str, data: str) -> None:
        """An event of the WebRTC glue: handled, then drawn (in a task of its own when handling
        took long, as a move on the local screen is: :meth:`draw`). A peer's message is always
        drawn in the next task: its check (a guest's of each view, the host's of each move) and
        the drawing are each a task, and the drawing's markup and its putting on the page may be
        two more (:meth:`parlour.web.app.App.render`), whatever the machine's load (issue #17)."""
        began = time.perf_counter()
        try:
            if self.role == "host" and self.host is not None:
                self.host_event(self.host, kind, conn, data)
            elif self.role == "guest":
                self.guest_event(kind, conn, data)
        except ParlourError as err:
            self.app.error = self.t(err.code, **err.params) if err.code else err.message
        self.draw(None if kind == "message" else began)

    def host_event(self, host: HostSession, kind: str, conn: str, data: str) -> None:
        now = netview.now_ms()
        if kind == "offer":
            self.invite, self.making = {"conn": conn, "code": data}, False
        elif kind == "message":
            with spent.part("receive"):
                out = host.receive(conn, data, now)
            self.send_host(out)
        elif kind == "close":
            self.send_host(host.disconnected(conn, now))
        elif kind == "error":
            self.making = False
            self.app.error = self.t("app.net.error", reason=data)

    def guest_event(self, kind: str, conn: str, data: str) -> None:
        guest, now = self.guest, netview.now_ms()
        if kind == "answer":
            self.conn, self.answer, self.making = conn, data, False
        elif kind == "open" and self.room and conn.startswith("r:"):
            self.conn, self.making = conn, False  # the host of the room (a new peer id after its reload)
        if guest is None or conn != self.conn or kind == "answer":
            return
        elif kind == "open":
            self.lost = False
            self.send_guest(guest.hello(now))
        elif kind == "message":
            with spent.part("receive"):  # the host's message decoded and checked
                out = guest.receive(data, now)
            self.send_guest(out)
            self.board_ahead(str(guest.lobby.get("game") or ""))
            if guest.sid:
                self.sid = guest.sid
                seat = (GUEST_KEY.format(sid=guest.sid), json.dumps(guest.saved()))
                if seat != self._saved and self.keep(*seat):  # written when it changed, not every message
                    self._saved = seat
            if len(guest.refusals) > self.refusals_seen:
                self.refusals_seen = len(guest.refusals)
                last = guest.refusals[-1]
                code = str(last.get("code") or "net.error.illegal")
                params = last.get("params")
                reason = self.t(code, **(params if isinstance(params, dict) else {}))
                found = self.current()
                self.refuse(reason, str(last.get("rule") or ""), self.target, found[1] if found else None)
        elif kind == "close":
            guest.disconnected(now)
            self.lost, self.answer = True, ""
        elif kind == "error":
            self.making = False
            self.app.error = self.t("app.net.error", reason=data)

    def board_ahead(self, game_id: str) -> None:
        """Import the table's rules and board as soon as the lobby names the game, a module a task
        (:func:`parlour.web.boards.opening`), not in the first drawing of its match (100-240 ms in
        Pyodide: issue #17), as the host's page does before its lobby (:meth:`parlour.web.app.App.open_step`).
        Whatever needs the game before the last step imports the rest at once. Then the game's
        first-use work (:func:`parlour.web.boards.warm`), in a task of its own."""
        loaded = boards.loaded(game_id)
        if (
            game_id
            and game_id != self._ahead
            and not (loaded and game_id in boards.WARMED)
            and boards.playable(game_id)
        ):
            self._ahead = game_id
            steps = iter(()) if loaded else boards.opening(game_id)

            def step() -> None:
                if next(steps, None) is not None:
                    self.dom.later(0, step)
                else:
                    self.dom.later(0, lambda: boards.warm(game_id))

            self.dom.later(0, step)

    def send_guest(self, out: list[Outgoing]) -> None:
        for _to, text in out:
            self.rtc.send(self.conn, text)

    def send_host(self, out: list[Outgoing]) -> None:
        """Send what the host returned, close connections it turned away, save, run the bots."""
        with spent.part("send"):
            for conn, text in out:
                self.rtc.send(conn, text)
                # A refused token stays connected: the guest drops it and says hello afresh.
                if '"t":"denied"' in text and '"net.error.token"' not in text:
                    self.rtc.close(conn)
        with spent.part("save"):
            self.save()
        self.schedule_bots()

    def save(self) -> None:
        """Keep the hosted table under its own key and in "your tables", when what a reload needs
        changed: a move landed, someone sat down, an option or a phase changed (everything
        :meth:`HostSession.dumps` holds). A message that changed none of it (a bot asked, a tick, a
        refused move) writes nothing: the save of a long game is written once per move, not on
        every message (issue #17)."""
        host = self.host
        if host is None:
            return
        text = host.dumps()
        key = HOST_KEY.format(sid=host.sid)
        if self._saved == (key, text):
            return
        if self.keep(key, text):
            self._saved = (key, text)
            entry = (host.sid, host.game.id, host.phase)
            if self._indexed != entry:
                tables = with_table(self.tables_index(), *entry)
                if self.keep(TABLES_KEY, json.dumps(tables)):
                    self._indexed = entry

    def tables_index(self) -> list[dict[str, str]]:
        return parse_tables(self.dom.storage_get(TABLES_KEY))

    def forget_table(self, sid: str) -> None:
        """Drop a table for good (closed, or its save is damaged): its record, room and index entry."""
        self.dom.storage_remove(HOST_KEY.format(sid=sid))
        self._saved = self._indexed = None  # written afresh whatever is saved next
        self.dom.storage_remove(ROOM_KEY.format(sid=sid))
        self.keep(TABLES_KEY, json.dumps([t for t in self.tables_index() if t["sid"] != sid]))

    def keep(self, key: str, value: str) -> bool:
        """Store ``value``; a refusal (storage full) is told to the player, never swallowed."""
        if self.dom.storage_set(key, value) is False:
            self.app.error = self.t("app.net.not-saved")
            return False
        return True

    def start_ticking(self) -> None:
        if not self._ticking:
            self._ticking = True
            self.dom.every(TICK_MS, self.tick)

    def tick(self) -> None:
        if self.host is None:
            return
        out = self.host.tick(netview.now_ms())
        if out:
            self.send_host(out)
            self.draw()

    def schedule_bots(self) -> None:
        """Ask the worker what the host's bots do at this position, and set the timer for the next bot
        action due, at least :data:`BOT_DELAY_MS` away (for the eye). A timer already set for an
        earlier moment stands (it sets the next one when it fires); one set for a later moment is
        superseded (an answer just came for something due sooner)."""
        host = self.host
        if host is None:
            return
        self.ask_bots(host)
        now = netview.now_ms()
        when = host.next_bot_at(now)
        if when is None:
            return
        at = max(when, now + BOT_DELAY_MS)
        if self._bots_at is not None and self._bots_at <= at:
            return
        self._bots_at = at
        self._bots_timer += 1
        timer = self._bots_timer
        self.dom.later(at - now, lambda: self.bots_step(timer))

    def ask_bots(self, host: HostSession) -> None:
        """Send the host's new questions for its bots to the bot worker; each answer is kept when it
        comes if the table is still where it was asked (else dropped), and the bots' timer set again.
        Without a worker the host answers them itself, on the spot."""
        think = getattr(self.dom, "bot_think", None)
        if not callable(think):
            host.bots_here()
            return
        soon = getattr(self.dom, "soon", None)
        if callable(soon) and not self._asking:
            # In a task of its own: a question carries the bot's legal moves (Wooly Bully's
            # placements), work that need not lengthen the task of the move before it.
            self._asking = True
            soon(lambda: self._ask_now(host, think))
        elif not callable(soon):
            self._ask_now(host, think)

    def _ask_now(self, host: HostSession, think: Callable[..., Any]) -> None:
        """Ask the worker the next bot's question; the next seat's in a task of its own (issue #17:
        a question carries the seat's view and legal moves, and a 6-seat table's first questions
        took 49 ms in one task)."""
        self._asking = False
        if self.host is not host:  # another table opened meanwhile
            return
        soon = getattr(self.dom, "soon", None)
        with spent.part("questions"):
            asked = host.bot_questions(most=1 if callable(soon) else None)
        for question in asked:
            think(question.text, self._bot_replied(host, question))
        if asked and callable(soon) and not self._asking:
            self._asking = True
            soon(lambda: self._ask_now(host, think))

    def _bot_replied(self, host: HostSession, question: Question) -> Callable[[str | None], None]:
        def replied(reply: str | None) -> None:
            if self.host is not host:  # another table opened meanwhile
                return
            # No worker, or it failed on this one: this page answers it (the next goes to the worker).
            with spent.part("answer"):
                kept = host.answer_here(question) if reply is None else host.bot_answer(reply)
            if kept:
                self.schedule_bots()

        return replied

    def bots_step(self, timer: int | None = None) -> None:
        """The bots' timer: let the bot action due now happen (a superseded timer does nothing)."""
        if timer is not None and timer != self._bots_timer:
            return
        self._bots_at = None
        if self.host is None:
            return
        self.app.task_start = time.perf_counter()
        with spent.part("bots"):
            out = self.host.run_bots(netview.now_ms())
        self.send_host(out)
        self.draw()  # a bot's move: its rules in this task, its drawing in the next
