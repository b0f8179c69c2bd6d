"""The state of a page's network screens and the table's match screen: the board drawn from this
seat's view, the log and its moments, refusals, the end dialog, a guest's check of the finished
match (:class:`NetMatch`, the base of :class:`parlour.web.netplay.NetPlay`; split from it so that
each module compiles in a short task: decision 0114)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, cast

from parlour import games
from parlour.engine import JSON, Game, IllegalMove
from parlour.net import GuestSession, HostSession
from parlour.net.fairness import Problem, finish
from parlour.net.lobby import HOST_PID, LOBBY, OVER, PAUSED, PLAYING
from parlour.web import boards, match_log, netview, play, spent
from parlour.web.context import Decision, Refusal, decision_of
from parlour.web.markup import button, tag
from parlour.web.netlobby import (
    ICE_KEY,
    NOTES_KEY,
    RELAYS_KEY,
    ROOM_KEY,
    ice_settings,
    parse_ice,
    parse_relays,
    title,
)
from parlour.web.netview import (
    NetBoardContext,
    Table,
    context,
    events_of,
    log_items,
    names_of,
    status_text,
    turn_of,
    view_state,
)
from parlour.web.session import LocalSession

CHECK_SLICE_MS = 12
"""A guest's check of a finished match runs in tasks of about this long (issue #17: none over 50 ms)."""


class NetMatch:
    """What a page's network screens hold (the hosted table or the guest's session, the invite, what
    was drawn last) and the table's match screen once its game has begun."""

    def __init__(self, app: Any, rtc: Any) -> None:
        self.app, self.dom, self.rtc = app, app.dom, rtc
        self.role = ""
        self.host: HostSession | None = None
        self.guest: GuestSession | None = None
        self.game: Game[Any, Any] | None = None
        self.invite: dict[str, str] | None = None
        self.making = False
        self.conn = ""
        self.offer = ""
        self.sid = ""
        self.answer = ""
        self.room = ""
        self.lost = False
        self.ui: dict[str, Any] = {}
        self._notes: dict[str, Any] | None = None
        self.shown_ply = -1
        self.shown_replay: int | None = None
        self.replay: int | None = None
        self.announced = -1
        """The ply last said in the live region (a new one is said once)."""
        """The moment of the log on show (plies played then; decision 0072), read-only; ``None``:
        the live game. Drawn from the view this page received then (decision 0075)."""
        self.refused: Refusal | None = None
        """Why this page's last action on the board was refused (shown beside the board)."""
        self.refused_at = -1
        """The ply the refusal was made on: a later ply clears it."""
        self.target = ""
        """The element the last move sent was made on (a refusal from the host points there)."""
        self.ended = ""
        """The finished game whose end dialog was opened (it opens once per game)."""
        self.begun: bool | None = None
        """Whether the table's game had begun at the last drawing (the lobby is another screen)."""
        self._bots_at: int | None = None
        """When the bots' timer set last falls due (epoch ms), if it has not yet."""
        self._asking = False
        """The bots' questions are to be sent in a task already set (:meth:`ask_bots`)."""
        self._bots_timer = 0
        """Counts the bots' timers set: one superseded by an earlier one does nothing when it fires."""
        self.refusals_seen = 0
        self._saved: tuple[str, str] | None = None
        """The key and text of the hosted table (or a guest's seat token) last written to storage:
        the same is not written again."""
        self._indexed: tuple[str, str, str] | None = None
        """The "your tables" entry last written for it (sid, game, phase)."""
        self._verified: tuple[Any, list[Problem] | None] | None = None
        """The finished match the guest checks (its record, problems known) and what it found
        (``None`` while the check runs, a slice a task: :meth:`check_end`)."""
        self._log_words: dict[Any, Any] = {}
        self._log_markup: dict[Any, Any] = {}
        """The log's entries worded and drawn, kept between redraws (:func:`log_items`, :func:`play.log_panel`)."""
        self.earlier: tuple[object, int] | None = None
        """The table (its session) whose log the player asked to show from an earlier ply ("Show
        earlier moves"), and that ply; otherwise the log draws its newest moves (decision 0006)."""
        self._ticking = False
        self._ahead = ""
        """The game whose board :meth:`board_ahead` set to import."""
        self._wake_at: int | None = None
        """When the redraw set for the end of a lock-out falls due (epoch ms), if one is set."""

    def t(self, key: str, **params: Any) -> str:
        return str(self.app.t(key, **params))

    def ice(self) -> list[dict[str, Any]]:
        return parse_ice(self.dom.storage_get(ICE_KEY) or "")

    def relays(self) -> list[str]:
        return parse_relays(self.dom.storage_get(RELAYS_KEY) or "")

    def settings_panel(self) -> str:
        return ice_settings(
            self.t, self.dom.storage_get(ICE_KEY) or "", self.dom.storage_get(RELAYS_KEY) or ""
        )

    def host_room(self) -> str:
        """The host's room id, when it has opened one for this session."""
        host = self.host
        return "" if host is None else self.dom.storage_get(ROOM_KEY.format(sid=host.sid)) or ""

    def fresh(self, view: Table) -> bool:
        """Whether the moment on show is drawn for the first time, its events given to the board:
        each moment's once (a live ply when it arrives, a past moment when it is opened; not a ply
        arriving while a past moment is on show, nor the live ply again on coming back to it)."""
        ply = int(view.table.get("ply", -1)) if view.table else -1
        if self.replay is None:
            fresh = ply != self.shown_ply
            self.shown_ply = ply
        else:
            fresh = self.replay != self.shown_replay
        self.shown_replay = self.replay
        return fresh

    def end_open(self, view: Table) -> bool:
        """Whether the end dialog shows: a game that has just ended opens it (once, with the focus
        in it); the player may close it to look at the board and reopen it (the app's end-close
        and end-open)."""
        over = view.lobby.get("phase") == OVER and bool(view.table.get("outcome"))
        key = f"{self.session_id()}:{view.table.get('ply')}" if over else ""
        if key != self.ended:
            self.ended = key
            if over:
                self.app.end_closed = False
                self.ui["focus"] = "net-rematch" if self.role == "host" else "end-close"
        return over and not self.app.end_closed

    def match_screen(
        self,
        game: Game[Any, Any],
        view: Table,
        notes: str,
        actions: str,
        again: str,
        side: str,
        **data: object,
    ) -> str:
        """A table whose game has begun, on the shared match screen (:func:`parlour.web.play.layout`):
        the status naming the decision with its buttons, the board, refusals beside it, the
        controls, the side panels beside the board or folded below it, and the end dialog.
        ``notes`` (connection state) open the turn region; ``actions`` are the table's own controls;
        ``again`` the end dialog's way to play again (the host's rematch)."""
        t = self.t
        board = boards.board(game.id)
        turn = turn_of(game, view)
        decision: Decision | None = None
        markup = ""
        past = self.past_view(view, self.replay) if self.replay is not None else None
        if past is None:
            self.replay = None
        if board is not None and view.table:
            clock = self.match_clock(game)
            fresh = self.fresh(view)
            animate = fresh and bool(self.app.settings.animate(self.dom.reduced_motion()))
            with spent.part("context"):
                ctx = context(t, game, view, self.ui, animate, self.notes(view), clock, fresh)
            self.wake_when_unlocked(view, game, clock)
            ctx.speed = float(self.app.settings.speed(self.dom.reduced_motion()))
            if self.refused is not None and view.table.get("ply") != self.refused_at:
                self.refused = None  # the game moved on
            ctx.refused = self.refused
            if past is not None and self.replay is not None:  # a moment of the log, read-only
                entry = self.replay - 1 - view.log_from
                events = view.log[entry][1] if 0 <= entry < len(view.log) else []
                ctx.state, ctx.replay, ctx.private, ctx.refused = (
                    view_state(game, past),
                    self.replay,
                    None,
                    None,
                )
                ctx.events = events_of(list(events)) if fresh else []
            with spent.part("board"):
                markup = str(board.render(ctx))
            decision = decision_of(board, ctx)
        else:  # the fair shuffle before the first view: nothing to draw yet
            names = names_of(t, view.lobby)
            ctx = NetBoardContext(
                session=cast(LocalSession, None),
                t=t,
                state=None,
                viewer=view.seat,
                net_game=game,
                names=names,
            )
        ending = self.end_open(view) and self.replay is None
        dialog = play.end_screen(t, ctx, board, turn.outcome, again) if ending else ""
        result = play.result_button(t) if turn.outcome is not None and not dialog else ""
        if view.table:  # "Embed this moment": the moment on show as the table saw it (decision 0077)
            actions += button(t("embed.moment.button"), "embed", id="embed")
        controls = tag(
            "div", result + actions + play.rules_link(t, game.id), class_="controls", id="controls"
        )
        folded = frozenset(self.app.panels_folded())
        shown = self.replayable(view)
        with spent.part("log"):
            first = self.log_start(view)
            items = (
                log_items(t, board, ctx, view, view.log_from, shown, self._log_words, first)
                if board is not None and view.table
                else []
            )
            self.announce_ply(view, items)
            log = play.log_panel(
                t, ctx, board, "log" not in folded, items=items, memo=self._log_markup, oldest=view.log_from
            )
        if ctx.state is not None and hasattr(board, "score_details"):  # a board's breakdown, as locally
            log = (
                play.board_panels(ctx, board, folded)  # first, as locally (play.game_screen)
                + play.score_panel(t, ctx, "score" not in folded, board)
                + log
            )
        with spent.part("layout"):
            return play.layout(
                t,
                title(t, game.id),
                play.turn_region(
                    t, ctx, decision, text=status_text(t, ctx, view, turn, decision), notes=notes
                ),
                markup,
                play.feedback(t, ctx),
                controls,
                "",
                log + side,
                dialog,
                **data,
            )

    def announce_ply(self, view: Table, items: list[match_log.LogItem]) -> None:
        """A new ply is said in the live region as the log says it (its words and the events this
        seat saw), as after a move at home: a screen reader hears the other players' moves too."""
        plies = int(view.table.get("ply", 0)) if view.table else -1
        if plies == self.announced:
            return
        if 0 <= self.announced < plies and items and items[-1].index == plies - 1:
            self.dom.announce(" ".join((items[-1].words, *items[-1].lines)))
        self.announced = plies

    def past_view(self, view: Table, step: int) -> JSON | None:
        """What this page's seat saw after ply ``step`` (plies played then), or ``None``: the host
        cuts it from its match; a guest kept the views it received (decision 0075: nothing new is
        sent). The newest moment is the live game itself (``None``)."""
        plies = int(view.table.get("ply", 0)) if view.table else 0
        if not 0 < step < plies or view.lobby.get("phase") not in (PLAYING, PAUSED, OVER):
            return None
        host = self.host
        if self.role == "host" and host is not None and host.match is not None:
            if step >= len(host.match.states):
                return None
            return cast(JSON, host.game.view(host.match.states[step], host.members[HOST_PID].seat))
        if self.role == "guest" and self.guest is not None:
            return self.guest.views.get(step)
        return None

    def moment(self, arg: str) -> str | None:
        """The embed fragment of the moment after ply ``arg`` (a log entry's), else of the moment on
        show: the position as everyone at the table saw it, made from this page's
        own view of it alone (decision 0077); ``None`` when this page never saw that moment."""
        found = self.current()
        if found is None or not found[1].table:
            return None
        game, view = found
        plies = int(view.table.get("ply", 0))
        step = int(arg) if arg.isdigit() else (plies if self.replay is None else self.replay)
        seen = view.table.get("view") if step == plies else self.past_view(view, step)
        if seen is None:
            return None
        from parlour.web import embedlink  # only for an embed dialog (as the app's, decision 0110)

        return embedlink.table_fragment(game, seen, step, self.t)

    def replayable(self, view: Table) -> Callable[[int], bool]:
        """Which moments of the log this page can show again: the host every one; a guest those
        whose view it received (not the plies before it joined); the newest is the live game."""
        plies = int(view.table.get("ply", 0)) if view.table else 0
        if self.role == "host":
            return lambda step: 0 < step <= plies
        kept = self.guest.views if self.guest is not None else {}
        return lambda step: step == plies or (0 < step < plies and step in kept)

    def show_moment(self, action: str, arg: str) -> None:
        """A log entry clicked (``replay``: the moment after that ply, read-only) or "Back to the
        game" (``live``), as on a local match's screen (decision 0072)."""
        found = self.current()
        if action == "replay" and arg.isdigit() and found is not None:
            step = int(arg)
            self.replay = step if self.past_view(found[1], step) is not None else None
        else:
            self.replay = None
            if found is not None and found[1].table:  # the focus stays in the log, on the newest entry
                self.ui["focus"] = f"replay-{found[1].table.get('ply')}"

    def log_start(self, view: Table) -> int:
        """The first ply the table's log draws: its newest :data:`~parlour.web.match_log.LOG_SHOWN`,
        earlier ones when asked or when the moment on show is older (as a local match's log,
        decision 0006: a long game's log no longer grows every redraw), never before the log this
        page has (``log_from``)."""
        asked = self.earlier
        earlier = asked[1] if asked is not None and asked[0] is self.session() else None
        plies = max(view.log_from + len(view.log), int(view.table.get("ply", 0)) if view.table else 0)
        return max(view.log_from, match_log.log_first(plies, self.replay, earlier))

    def session(self) -> object:
        """The session this page draws (the hosted table's or the guest's)."""
        return self.host if self.role == "host" else self.guest

    def show_earlier(self, first: int | None = None) -> None:
        """ "Show earlier moves": the log draws :data:`~parlour.web.match_log.LOG_SHOWN` more, and the
        focus goes to the newest of them (read on up from there), as on a local match's screen."""
        found = self.current()
        if found is None:
            return
        first = self.log_start(found[1]) if first is None else first
        self.earlier = (self.session(), max(found[1].log_from, first - match_log.LOG_SHOWN))
        self.ui["focus"] = f"replay-{first}"

    def log_key(self, arg: str, key: str, action: str = "replay") -> None:
        """Up and Down along the log's entries (one Tab stop): the focus moves to the next
        entry this page can show (to its ``action``'s button: show it, or embed it); up past the
        oldest drawn, the log draws earlier ones."""
        found = self.current()
        if found is None or not arg.isdigit():
            return
        shown = self.replayable(found[1])
        plies = int(found[1].table.get("ply", 0)) if found[1].table else 0
        way = 1 if key == "ArrowDown" else -1
        step = int(arg) + way
        while 0 < step <= plies and not shown(step):
            step += way
        if 0 < step <= plies:
            first = self.log_start(found[1])
            if step <= first:
                self.show_earlier(first)
            self.ui["focus"] = f"{action}-{step}"

    def match_clock(self, game: Game[Any, Any]) -> int | None:
        """A real-time match's time now: the host's own clock, or on a guest's page the host's time
        in the latest view counted on (``None``: not a real-time match, or not started)."""
        if not getattr(game, "realtime", False):
            return None
        if self.role == "host" and self.host is not None:
            return None if self.host.started_at is None else self.host.clock(netview.now_ms())
        if self.role == "guest" and self.guest is not None:
            return self.guest.clock(netview.now_ms())
        return None

    def wake_when_unlocked(self, view: Table, game: Game[Any, Any], clock: int | None) -> None:
        """Draw again when this page's seat's lock-out ends (its "Booo!" button comes back): no
        message arrives then, the time alone has passed."""
        if clock is None or view.seat is None or not view.table or view.lobby.get("phase") != PLAYING:
            return
        until = getattr(view_state(game, view.table["view"]), "locked_until", ())
        if view.seat >= len(until) or until[view.seat] <= clock:
            return
        at = netview.now_ms() + until[view.seat] - clock
        if self._wake_at is not None and netview.now_ms() < self._wake_at <= at:
            return  # a redraw is already set for then or sooner (it sets the next one if needed)
        self._wake_at = at
        self.dom.later(until[view.seat] - clock + 20, self.woken)

    def woken(self) -> None:
        self._wake_at = None
        self.app.render()

    def check_end(self, guest: GuestSession, game: Game[Any, Any]) -> list[Problem] | None:
        """What the guest's check of its finished match found, ``None`` while it runs. It replays
        the whole game, once per match: in slices of :data:`CHECK_SLICE_MS`, each a task of its own
        (``dom.soon``), so that a long match's check holds no task over 50 ms (issue #17); the screen
        says it is checking until then, and is drawn again when done. At once without ``soon``."""
        key = (guest.record, len(guest.problems))
        if self._verified is not None and self._verified[0] == key:
            return self._verified[1]
        soon = getattr(self.dom, "soon", None)
        steps = guest.verify_steps(game)
        if soon is None:
            self._verified = (key, finish(steps))
            return self._verified[1]
        self._verified = (key, None)

        def step() -> None:
            if self._verified is None or self._verified[0] != key:
                return  # another match, or more found meanwhile: checked afresh
            until = time.perf_counter() + CHECK_SLICE_MS / 1000
            try:
                with spent.part("check"):
                    next(steps)
                    while time.perf_counter() < until:
                        next(steps)
            except StopIteration as done:
                self._verified = (key, done.value)
                self.draw(None)
                return
            soon(step)

        soon(step)
        return None

    def refused_move(self, err: IllegalMove, target: str, view: Table) -> None:
        """The board's or the rules' own refusal, worded in the page's language."""
        reason = self.t(err.code, **err.params) if err.code else err.message
        self.refuse(reason, err.rule or "", target, view)

    def refuse(self, reason: str, rule: str, target: str, view: Table | None = None) -> None:
        """Show why a move was refused beside the board, mark the element acted on, keep the focus
        there and say it in the live region."""
        self.refused = Refusal(reason, rule, target)
        self.refused_at = int(view.table.get("ply", -1)) if view is not None and view.table else -1
        refocus = self.ui.pop("refocus", None)  # the decision due's control, if the board names it
        if refocus or target:
            self.ui["focus"] = refocus or target
        self.dom.announce(reason)

    def session_id(self) -> str:
        if self.role == "host" and self.host is not None:
            return str(self.host.sid)
        return str(self.guest.sid if self.guest is not None and self.guest.sid else self.sid)

    def notes(self, view: Table) -> dict[str, Any] | None:
        """This page's seat's private notes during a match (``None`` for a spectator or in the lobby).
        They live in this page and its storage only: no message ever carries them (decision 0044)."""
        phase = view.lobby.get("phase")
        key = NOTES_KEY.format(sid=self.session_id())
        if phase == LOBBY:  # a rematch starts with a clean slate
            if self._notes:
                self.dom.storage_remove(key)
            self._notes = None
            return None
        if view.seat is None or phase not in (PLAYING, PAUSED):
            return None
        if self._notes is None:
            try:
                stored = json.loads(self.dom.storage_get(key) or "{}")
            except ValueError:
                stored = {}
            saved = stored if isinstance(stored, dict) and stored.get("seat") == view.seat else {}
            self._notes = dict(saved.get("notes") or {})
        return self._notes

    def save_notes(self) -> None:
        found = self.current()
        if found is None or self._notes is None:
            return
        key = NOTES_KEY.format(sid=self.session_id())
        self.dom.storage_set(key, json.dumps({"seat": found[1].seat, "notes": self._notes}))

    def current(self) -> tuple[Game[Any, Any], Table] | None:
        """The game and what this page shows of the table, for the host or the guest."""
        if self.role == "host" and self.host is not None:
            local = self.host.local()
            return self.host.game, Table(self.host.lobby(), local, self.host.members["h"].seat)
        if self.role == "guest" and self.guest is not None and self.guest.lobby.get("game"):
            game = games.load(str(self.guest.lobby["game"]))
            guest = self.guest
            return game, Table(guest.lobby, guest.table, guest.seat, guest.log, guest.log_from)
        return None

    def draw(self, began: float | None = None) -> None:
        """Draw what changed, the way the local match screen draws a move (decision 0066): at once
        when the work before it was quick (``began``: when it started), else in the next task, so
        that a peer's or a bot's move (its rules, the views cut for every peer, the check of a view
        the host sent) and its drawing are two tasks under 50 ms rather than one over (issue #17).
        ``None``: always apart (a bot's move). The app holds the player's input until it is drawn."""
        show = getattr(self.app, "show", None)
        if show is None:  # an app without split drawing
            self.app.render()
            return
        if began is not None:
            self.app.task_start = began
        split = float(getattr(self.app, "split_ms", 0.0))
        show(began is None or (time.perf_counter() - began) * 1000 > split)
