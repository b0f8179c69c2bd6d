"""The app: routes, screens, settings and local matches, wired to the page by :mod:`parlour.web.dom`.

:class:`App` holds what the person is doing; every change ends in :meth:`App.render`, which draws
the whole screen from that state (screens are pure functions, see :mod:`parlour.web.screens`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from parlour import games
from parlour.engine import CorruptMatch, IllegalMove, MatchRecord, ParlourError, decode_link
from parlour.i18n import catalogue, translate
from parlour.web import boards, markup, redraw, router, screens, spent
from parlour.web import settings as settings_mod
from parlour.web.saves import Saves

if TYPE_CHECKING:
    from parlour.web import teach
    from parlour.web.bots import BotDriver
    from parlour.web.context import BoardContext, Refusal
    from parlour.web.session import LocalSession

# The picker needs none of a match's modules (session, play, bots, embed, teach, and what they
# import): each is imported where it is first used, and a start without the memory snapshot imports
# them after the picker is interactive (parlour.web.boot.LATER_STEPS, decision 0004).

KEPT_UI = ("cursor", "home", "view")
EDITABLE = ("boop",)
"""Games with a position editor (:mod:`parlour.web.editor`), linked from their setup screen."""
"""What a board remembers across moves: the keyboard cursor (and where focus returns), and the pan
and zoom of a growing field."""
OPENING_FOCUS = ("screen-title", "status")
"""Where focus goes when a match's screen opens (its heading) or a hand is shown (the status): a
decision's own ``focus`` (the turn's one move) takes it instead."""
NET_SCREENS = ("host", "join")
"""The network screens: their board's memory is the network page's (:class:`parlour.web.netplay.NetPlay`)."""
AI_DELAY_MS = 350
GAME_SCREENS = ("setup", "play", "rules", "host")
"""Screens that need the game's rules and board loaded."""
LOADING_PAINT_MS = 30
OPEN_SLICE_MS = 40.0
"""A game's opening (:meth:`App.open_step`) runs another import step in the same task only while
the task, within this long (ms), has room for one as long as the longest step of that opening so
far; then it lets the page paint its figure (decision 0110). A step a task made a first opening
15-20 tasks, each waiting for a timer (4 ms, clamped, from the fifth on) and drawing the loading
screen again, however quick its step; a plain "until 25 ms have gone" put a 10 ms and a 40 ms step
in one task."""
OPEN_STEP_MS = 25.0
"""How long the next step of an opening may take, assumed before it is known: the longest a module
of the size decision 0113 allows (14 KB of shipped source) compiles in, quiet. Without it, a quick
first step (``web.session``, 15 ms) took the next, the match screen's (38 ms), into its task."""
SPLIT_MS = 8.0
"""A person's action whose rules took longer than this (ms) is drawn in the next task, so that the
rules and the drawing are two tasks of under 50 ms rather than one over (issue #17, decision 0066);
a quicker one is drawn at once (one task: the least latency). A bot's move is always drawn apart."""
PUT_MS = 10.0
"""A drawing whose task had already taken longer than this (ms) when its markup was made and compared
with the page's puts its changes on the page in the next task: making the markup (Python) and the
page taking it (parsing, the nodes replaced) are each up to half of a redraw (issue #17)."""
"""How long the "Loading <game>" screen has to be painted before the (blocking) import starts."""
"""A pause before an AI moves, so a person sees their own move land first."""


def default_level(levels: Iterable[str]) -> str:
    """The computer a new match's other seats start with, so Start opens a match at once: the middle
    level where a game has one, else its easier one (a newcomer's first match should be winnable,
    and the harder level is one choice away); a person only when the game has no bot at all."""
    from parlour.web.session import HUMAN

    offered = set(levels)
    return next((lv for lv in ("medium", "easy", "hard") if lv in offered), HUMAN)


class App:
    """One per page. ``dom`` is the browser bridge (a module with the functions of :mod:`parlour.web.dom`)."""

    def __init__(self, dom: Any) -> None:
        self.dom = dom
        self.settings = settings_mod.load(dom.storage_get(settings_mod.STORAGE_KEY), dom.languages())
        self.route = router.Route("picker")
        self.sessions: dict[str, LocalSession] = {}
        self.slots: dict[str, str] = {}
        """The save slot of each game's match in memory (see :mod:`parlour.web.saves`)."""
        self.setups: dict[str, dict[str, Any]] = {}
        self.ui: dict[str, Any] = {}
        self.replay: int | None = None
        self.earlier: tuple[LocalSession, int] | None = None
        """The match whose log the player asked to show from an earlier ply ("Show earlier moves"),
        and that ply (:func:`parlour.web.match_log.log_first`); any other match's log shows its newest."""
        self.last_events: list[Any] = []
        self.share_open = False
        """The share panel is open: it shows the link to the current moment, redrawn on every render."""
        self.copied = False
        self.more_open = False
        """The match screen's "More" (Share, Embed, New game, Rules folded on a phone) is open."""
        self.end_closed = False
        """The end dialog was dismissed to look at the board (it can be reopened)."""
        self.folded: set[str] | None = None
        """Side panels folded away; ``None`` until first drawn (then folded on a narrow screen)."""
        self.embedding: tuple[str, bool] | None = None
        """The "Embed this moment" dialog when open: its fragment, and whether it was copied."""
        self.drafts: Any = None
        """The position editor's draft (:class:`parlour.web.editor.Draft`), made on first use."""
        self.embed_opener = "embed"
        self.embed_step = 0
        """The id of the button that opened the dialog: focus goes back to it when it closes."""
        self.error = ""
        self.broken: tuple[str, str] | None = None
        """A saved match that could not be resumed: the error said and its "GAME/SLOT" (to delete)."""
        self.unreadable: set[tuple[str, str]] = set()
        """Saved matches (game, slot) found damaged on resuming: the picker lists them as damaged."""
        self.refused: Refusal | None = None
        """Why the last action on the board was refused (shown beside the board, not in the banner)."""
        self.revealed: int | None = None
        """The seat that confirmed it holds the device (privacy screen); forgotten when a turn ends."""
        self.update_waiting = False
        self.ai_pending = False
        self.clock_timer = 0
        """The latest real-time timer set (older ones do nothing when they fire)."""
        self.driver: BotDriver | None = None
        """Bots think in a worker when the page has one (:mod:`parlour.web.bots`): :attr:`bot_driver`."""
        self.net: Any = None
        """The network screens' controller (:class:`parlour.web.netplay.NetPlay`), made on first use."""
        self.patching: dict[str, str] | None = None
        """Markup by element id that the last board action changed, if the board can say (then the
        rest of the screen is not redrawn)."""
        self.kept: set[tuple[str, str]] = set()
        """The kept layers on the page now (:func:`parlour.web.markup.kept`): id and key."""
        self.shown: str | None = None
        """The markup the page shows (regions compared with it on the next redraw), ``None`` when
        unknown; with ``dirty``, the ids of elements a board's patch changed since."""
        self.dirty: set[str] = set()
        self.prepared: set[tuple[str, str]] = set()
        """Kept layers parsed off the page for the next drawing (:meth:`prepare_kept`)."""
        self.screen_changed = False
        """This event opened a screen (:meth:`go` drew it) or changed the address (the browser's
        route event opens the new screen in a later task): its handler draws nothing more, which
        would make a screen again for nothing (the one it leaves, or the one just made)."""
        self.made: str | None = None
        """The screen's markup made by the task that parsed its kept layers, drawn by the next
        (:meth:`flush`) rather than made again; forgotten at any change (:meth:`show`, :meth:`render`)."""
        self.draw_pending = False
        """A change is applied and its drawing waits for the next task (:meth:`show`): the page still
        shows the state before it, so input is held (:attr:`held`) until it is drawn."""
        self.held: list[tuple[str, str, str, str, str]] = []
        """Input that arrived while a drawing was pending, acted on in order once the page shows the
        state it acts on (as the browser itself queues input behind a long task)."""
        self.making = False
        """A rules help's lessons are being made a few a task (:func:`parlour.web.teach_draw.make_lessons`):
        the drawing pending waits for them (the first screen of a start too)."""
        self.split_ms = SPLIT_MS
        self.apart = False
        """The action just handled began a screen much larger than the one shown (a network
        table's match after its lobby): drawn in the next task whatever the action took, as a bot's
        move is (issue #17: Boo!'s first screen, 35 ms of markup, was made in the Start click's task)."""
        self.put_ms = PUT_MS
        self.putting: tuple[str, str, Any, dict[str, Any], float, float] | None = None
        """A drawing made and waiting for the next task to be put on the page (:meth:`render`): the
        markup, where focus goes, the changes planned, the screen's hints, and for the notes the ms
        its markup took and the task's ms before it."""
        self.again = False
        """The state changed while a drawing made earlier waited to be put on the page."""
        self.diff_ms = 0.0
        """How long the last redraw compared the markup with the page's (benchmarks' notes)."""
        self.task_start = 0.0
        """When the current task's work began (``perf_counter``): the benchmarks' notes say how much
        of a task came before its drawing."""
        self.lessons: dict[str, teach.Live] = {}
        """The rules help's live examples and exercises (:mod:`parlour.web.teach`), made on opening it
        and kept while the reader follows links within it (a caption's rule link, the contents)."""
        self.lessons_of: tuple[str, str] = ("", "")
        """The game and language the lessons were made for."""
        self.loading: tuple[str, str] | None = None
        """The game whose package is being loaded and the address that asked for it (see :meth:`go`)."""
        self.openings: dict[str, Iterator[float]] = {}
        """Games being opened a module a task (:func:`parlour.web.boards.opening`), by id."""
        self.step_ms: dict[str, float] = {}
        """The longest import step (ms) of each game's opening so far (:meth:`open_step`)."""
        self.opened: dict[str, float] = {}
        """The share of each such game's modules imported so far (the loading screen's figure)."""
        self.up = False
        """Whether the page has been told the app is up (:meth:`render`)."""
        self.failed: str | None = None
        """The game whose opening raised (an import, a saved match, its first screen): its screen says
        so with the way back to the picker, until the address changes (:meth:`fail`)."""
        self.fresh = False
        """A game's screen was asked for and not yet made once: an error making it is its opening's."""

    @property
    def bot_driver(self) -> BotDriver:
        """The bots' driver, made when a bot first thinks (its module is not the picker's)."""
        if self.driver is None:
            from parlour.web.bots import BotDriver

            self.driver = BotDriver(getattr(self.dom, "bot_think", None))
        return self.driver

    # --- words ------------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return translate(self.settings.lang, key, **params)

    # --- start and events -------------------------------------------------------------------
    def start(self) -> None:
        self.dom.listen(self.on_event)
        self.update_waiting = self.dom.update_waiting()
        self.task_start = time.perf_counter()
        self.go(self.dom.location_hash())
        self.flush()  # the first screen is drawn now; the page is told the app is up (render)

    def on_event(self, kind: str, action: str, arg: str, value: str, key: str) -> None:
        """An event from the page; held while the page does not show the current state yet (a
        drawing pending: :meth:`show`), so every action acts on the state the player sees."""
        if self.draw_pending or self.held:
            self.held.append((kind, action, arg, value, key))
            return
        self.handle(kind, action, arg, value, key)

    def handle(self, kind: str, action: str, arg: str, value: str, key: str) -> None:
        self.task_start, self.screen_changed, self.apart = time.perf_counter(), False, False
        try:
            if kind == "route":
                self.go(self.dom.location_hash())
                return
            if kind == "near":  # lessons of the rules help near the view now: drawn whole
                from parlour.web import teach_draw

                teach_draw.near(self, action.split())
                return
            if kind == "update":
                self.update_waiting = True
            elif kind == "key":
                self.on_key(action, arg, key)
            elif kind == "change":
                self.on_change(action, arg, value)
            else:
                self.on_click(action, arg)
        except ParlourError as err:
            self.error = self.t(err.code, **err.params) if err.code else err.message
        if self.screen_changed:
            self.screen_changed, self.patching = False, None
            return
        parts, self.patching = self.patching, None
        if parts and kind in ("click", "key") and self.patch(parts):
            return
        self.show(self.apart or (time.perf_counter() - self.task_start) * 1000 > self.split_ms)

    def show(self, apart: bool = False) -> None:
        """Draw the current state: now, or (``apart``) in the next task, the work done so far (a
        move's rules) and the drawing then being two tasks (issue #17). Until that drawing, input
        is held; a drawing already pending draws whatever is current by then."""
        soon = getattr(self.dom, "soon", None)
        self.made = None  # the state changed: a screen made before it is out of date
        if self.draw_pending:
            self.again = self.again or self.putting is not None  # drawn again once it is on the page
            return
        if not apart or soon is None:
            self.render(split=True)
            return
        self.draw_pending = True
        soon(self.flush)

    def flush(self) -> None:
        """The pending drawing (:meth:`show`); then the input held meanwhile, one event a task."""
        if not self.draw_pending or self.making:
            return
        self.draw_pending = False
        self.task_start = time.perf_counter()
        made, self.made = self.made, None
        try:
            if self.putting is None:
                self.render(made, split=True)
            else:
                self.put_drawing()
                if self.again:  # what changed meanwhile is drawn in a task of its own
                    self.again = False
                    self.show(apart=True)
        finally:  # whatever happened, held input is not left waiting for ever
            if self.held and not self.draw_pending:
                self.dom.soon(self.release)

    def release(self) -> None:
        """Act on the oldest input held while a drawing was pending."""
        if self.draw_pending or not self.held:
            return  # a drawing came first: it releases the rest when it is done
        try:
            self.handle(*self.held.pop(0))
        finally:
            if self.held and not self.draw_pending:
                self.dom.soon(self.release)

    def patch(self, parts: dict[str, str]) -> bool:
        """Redraw only the board's elements that changed (:meth:`Board.patch`, e.g. a route being
        traced): a whole screen costs tens of ms in the browser. ``False`` when it could not be done."""
        patch = getattr(self.dom, "patch", None)
        if patch is None or not patch(parts):
            return False
        self.dirty.update(parts)
        target = self.screen_ui().pop("focus", None)
        if target:
            self.dom.focus(target)
        return True

    def go(self, fragment: str) -> None:
        route = router.parse(fragment, set(games.BY_ID))
        self.loading, self.failed, self.fresh = None, None, route.screen in GAME_SCREENS
        try:
            self.open(route, fragment)
        except Exception:
            if not self.fresh:
                raise
            self.fail(route.game)

    def fail(self, gid: str) -> None:
        """A step of opening ``gid`` raised: its screen says so (:meth:`failing`), drawn now."""
        self.failing(gid)
        self.screen_changed = True
        self.render()

    def failing(self, gid: str) -> None:
        """A step of opening ``gid`` raised (the exception being handled): the screen says so in the
        person's language with the way back to the picker, focused, instead of the loading screen
        standing for ever. Nothing saved is touched (a match that failed to resume stays for a
        later version to open). The error goes to the console for whoever reports it."""
        import traceback

        traceback.print_exc()
        self.loading, self.failed, self.fresh = None, gid, False
        self.openings.pop(gid, None)
        self.screen_ui()["focus"] = "open-failed-back"
        self.dom.announce(screens.failed_words(self.t, gid))

    def open(self, route: router.Route, fragment: str) -> None:
        """Open the screen of ``route`` (:meth:`go`): a game not loaded yet is loaded first."""
        game = route.screen in GAME_SCREENS and boards.playable(route.game)
        net = route.screen in NET_SCREENS and (game or route.screen == "join") and not boards.net_loaded()
        if (game and not boards.loaded(route.game)) or net:
            # Its rules and board are compiled on first use (a start not restored from the memory
            # snapshot, decision 0085), and a network screen's modules when it opens before the idle
            # steps brought them (0114): name that phase, paint it, then load a module a task, the
            # share done shown between (decision 0038), and open it.
            self.loading = (route.game, fragment)
            if route.game not in self.openings:
                self.openings[route.game] = boards.opening(route.game, route.screen)
                self.opened[route.game] = 0.0
                self.dom.later(LOADING_PAINT_MS, lambda: self.open_step(route.game))
                # Heard once: the screen's figure moves every step, outside any live region.
                self.dom.announce(screens.loading_said(self.t, route.game))
            self.render()
            self.screen_changed = True
            return
        self.route = route
        if route.screen in GAME_SCREENS and route.game not in boards.WARMED and boards.loaded(route.game):
            self.dom.later(0, lambda: boards.warm(route.game))  # its first-use work, in a task of its own
        if self.route.screen != "play":
            for session in self.sessions.values():
                session.pause_clock()  # time away from a real-time match does not count
        self.replay, self.ui, self.last_events = None, {}, []
        self.share_open, self.copied, self.end_closed, self.more_open = False, False, False, False
        self.embedding = None
        self.refused, self.revealed = None, None
        if self.route.screen != "rules":
            self.lessons, self.lessons_of = {}, ("", "")
        if self.route.screen == "play":
            with spent.part("open"):
                self.open_match()
        elif self.route.screen == "host" and boards.playable(self.route.game):
            self.net_play().open_host(self.route.game, self.route.params.get("s", ""))
        elif self.route.screen == "join":
            self.net_play().open_join(self.route.params)
        if self.route.screen == "rules" and self.route.params.get("rule"):
            self.ui["focus"] = f"rule-{self.route.params['rule']}"  # the rule the link pointed at
        elif self.route.screen == "rules" and self.route.params.get("at"):
            self.ui["focus"] = f"help-{self.route.params['at']}"  # a section of the help's contents
        self.screen_ui().setdefault("focus", "screen-title")  # a new screen: its heading has the focus
        if self.route.screen == "rules" and boards.playable(self.route.game):
            from parlour.web import teach_draw

            if teach_draw.make_lessons(self):  # a few a task; the screen is drawn after them
                self.screen_changed = True
                return
        # A match's first screen is the largest a change makes (a 6-seat Boo! table: 49 KB, 12-31 ms
        # of Python at load 3-5): it is made in a task of its own, after the match is opened.
        slow = (time.perf_counter() - self.task_start) * 1000 > self.split_ms
        self.show(slow or self.route.screen == "play")
        self.screen_changed = True

    def navigate(self, fragment: str) -> None:
        """Change the address to ``fragment``; its route event (a later task) opens that screen."""
        opened = fragment != self.dom.location_hash()  # else the browser sends no event
        self.dom.set_hash(fragment)
        self.screen_changed = self.screen_changed or opened

    def net_play(self) -> Any:
        if self.net is None:
            from parlour.web import netplay, rtc  # the WebRTC bridge loads only for network play

            self.net = netplay.NetPlay(self, rtc)
        return self.net

    # --- matches ----------------------------------------------------------------------------
    def bots(self, gid: str) -> dict[str, Any]:
        return dict(games.module(gid).BOTS)

    def saves(self, gid: str) -> Saves:
        dom = self.dom
        return Saves(gid, dom.storage_get, dom.storage_set, dom.storage_remove)

    def open_match(self) -> None:
        """The play route: a shared link (``?m=``) opens as a match of its own (saved in a new slot,
        so no saved match is replaced); ``?s=SLOT`` a saved match; else the match in memory, else
        the newest saved one."""
        from parlour.web.session import LocalSession

        gid = self.route.game
        link = self.route.params.get("m")
        wanted = self.route.params.get("s")
        if link is not None:
            try:
                record = decode_link(link)
                if record.game != gid:
                    raise CorruptMatch("the link is of another game", code="match.corrupt.game")
                self.sessions[gid] = LocalSession.resume(games.load(gid), record, self.bots(gid))
            except CorruptMatch as err:
                self.error = self.t(err.code, **err.params)
                self.dom.replace_hash(f"#/{gid}")
                self.route = router.Route("setup", gid)
                return
            self.slots[gid] = new_slot()
            self.save(gid)
            self.dom.replace_hash(f"#/{gid}/play")
        elif wanted is not None and wanted != self.slots.get(gid):
            self.sessions.pop(gid, None)
            self.resume(gid, wanted)
            self.dom.replace_hash(f"#/{gid}/play")
        # A damaged match asked for is not swapped for another: the setup screen says why.
        if gid not in self.sessions and self.delete_offer() != f"{gid}/{wanted}":
            newest = self.saves(gid).newest()
            if newest is not None:
                self.resume(gid, newest)
        if gid not in self.sessions:
            self.route = router.Route("setup", gid)
            self.dom.replace_hash(f"#/{gid}")
            return
        self.schedule_ai()

    def resume(self, gid: str, slot: str) -> None:
        """Load the saved match of ``slot``; a damaged one is kept and said to be, with why and
        a way to delete it (:attr:`broken`): bad input loses nothing."""
        from parlour.web.session import LocalSession

        saves = self.saves(gid)
        stored = saves.record(slot)
        if not stored:
            return
        try:
            session = LocalSession.resume(games.load(gid), MatchRecord.loads(stored), self.bots(gid))
        except CorruptMatch as err:
            self.error = self.t("app.cannot-resume", reason=self.t(err.code, **err.params))
            self.unreadable.add((gid, slot))
            self.broken = (self.error, f"{gid}/{slot}")
            return
        session.load_notes(saves.notes(slot))
        self.sessions[gid], self.slots[gid] = session, slot

    def delete_offer(self) -> str:
        """The "GAME/SLOT" the error banner offers to delete: while it says that match is damaged."""
        return self.broken[1] if self.broken is not None and self.broken[0] == self.error else ""

    def delete_save(self, arg: str) -> None:
        """Delete a saved match the player chose to ("GAME/SLOT": one that cannot be resumed); the
        focus goes to what is left of that game's saves on the picker."""
        gid, _, slot = arg.partition("/")
        if gid not in games.BY_ID or not slot:
            return
        self.saves(gid).delete(slot)
        self.unreadable.discard((gid, slot))
        if self.broken is not None and self.broken[1] == arg:
            self.error, self.broken = "", None
        self.dom.announce(self.t("app.save-deleted"))
        if self.route.screen == "picker":
            left = self.saved_matches(gid)
            shown = len(left) > 1 or any(m.damaged for m in left)
            self.ui["focus"] = f"saved-sum-{gid}" if shown else f"resume-{gid}" if left else f"play-{gid}"
        else:
            self.ui["focus"] = "screen-title"

    def save(self, gid: str) -> None:
        """Keep the match in its own slot (a finished match is forgotten)."""
        session = self.sessions[gid]
        slot = self.slots.setdefault(gid, new_slot())
        if session.outcome() is None:
            kept = self.saves(gid).put(slot, session.dumps(), session.dumps_notes())
            if not kept:  # quota full or storage refused: say so rather than lose the game silently
                self.error = self.t("app.not-saved")
        else:
            self.saves(gid).delete(slot)

    def new_match(self, gid: str, start: str = "") -> None:
        """A new match as set up; ``start``: from that position (boop.'s editor, decision 0063)."""
        from parlour.web.session import LocalSession, Seat

        setup = self.setup_for(gid)
        seats = [Seat(s) for s in setup["seats"]]
        seed = f"{time.time_ns()}"
        game = games.load(gid)
        options = {**setup["options"], "start": start} if start else setup["options"]
        self.sessions[gid] = LocalSession.new(game, seats, self.bots(gid), options, seed)
        self.slots[gid] = new_slot()
        self.save(gid)

    def setup_for(self, gid: str) -> dict[str, Any]:
        from parlour.web.session import HUMAN

        if gid not in self.setups:
            game = games.load(gid)
            seats = [HUMAN] + [default_level(self.bots(gid))] * (game.min_players - 1)
            self.setups[gid] = {"seats": seats, "options": {o.name: o.default for o in game.options}}
        return self.setups[gid]

    def played(self, events: list[Any]) -> None:
        gid = self.route.game
        self.last_events = events
        session = self.sessions[gid]
        # A real-time board's memory across plies: a route being traced, a colour being picked,
        # what a visitor's end showed (Boo!'s board drops each when it no longer fits), the seat
        # whose own action this was (its next control takes the focus once drawn).
        kept = (*KEPT_UI, "trace", "picking", "shown", "after") if session.realtime else KEPT_UI
        if session.match.plies and session.seats[session.match.plies[-1].player].is_ai:
            # A bot acted out of turn (a wolf) while the person was choosing: their choice stays
            # (the board drops it by itself if it no longer fits).
            kept = (*kept, *getattr(boards.board(gid), "KEEP_UI", ()))
        self.ui = {k: v for k, v in self.ui.items() if k in kept}
        self.refused, self.copied = None, False
        session.interrupt = None  # an out-of-turn action done: the device goes back
        if session.outcome() is not None:
            self.end_closed = False
            self.ui["focus"] = "play-again"  # the end dialog opens: focus goes into it
        if self.revealed not in self.sessions[gid].acting():
            self.revealed = None  # the turn ended: the next player's secrets wait for the privacy screen
        with spent.part("save"):
            self.save(gid)
        with spent.part("announce"):
            self.announce_last()
        with spent.part("bots"):
            self.schedule_ai()

    def announce_last(self) -> None:
        from parlour.web.match_log import announcement

        session = self.sessions[self.route.game]
        said = announcement(self.t, self.context(session), boards.board(session.game.id))
        if said:
            self.dom.announce(said)

    def schedule_ai(self) -> None:
        session = self.sessions.get(self.route.game)
        if session is not None and session.realtime:
            self.schedule_clock(session)
            return
        if session is None or self.ai_pending or session.ai_to_act() is None:
            return
        self.ai_pending = True
        self.dom.later(AI_DELAY_MS, self.ai_step)

    def ai_step(self) -> None:
        self.ai_pending = False
        session = self.sessions.get(self.route.game)
        if self.route.screen != "play" or session is None or self.replay is not None:
            return
        gid = self.route.game
        self.bot_driver.think(session, lambda result: self.ai_played(gid, session, result[2]))

    def ai_played(self, gid: str, session: LocalSession, events: list[Any]) -> None:
        """An AI's move has been played: its bot thought in the worker (the page stayed live, the
        person may have left the match meanwhile) or, without a worker, here."""
        if self.sessions.get(gid) is not session:
            return
        if self.route.screen == "play" and self.route.game == gid:
            self.task_start = time.perf_counter()
            self.played(events)
            self.show(apart=True)  # its rules in this task, its drawing in the next
        else:
            self.save(gid)

    def schedule_clock(self, session: LocalSession) -> None:
        """A real-time match: wake when the next bot action or deadline falls due, or when a
        lock-out ends (its "Booo!" button comes back). The bots' next actions are planned in the
        worker; the clock is set again when their plans come back (decision 0027)."""
        if self.route.screen != "play" or self.replay is not None or session.outcome() is not None:
            return
        gid = self.route.game

        def planned() -> None:
            if self.sessions.get(gid) is session:
                self.set_clock(session)

        self.bot_driver.plan(session, planned)
        if not session.plan_here:
            self.set_clock(session)  # while the worker plans: the trace deadline and lock-outs

    def set_clock(self, session: LocalSession) -> None:
        """The timer for the next thing due in a real-time match, from the plans known now."""
        if self.route.screen != "play" or self.replay is not None or session.outcome() is not None:
            return
        now = now_ms()
        clock = session.clock(now)
        wakes = [w for w in [session.next_due(now)] if w is not None]
        wakes += [now + u - clock for u in session.state.locked_until if u > clock]
        if not wakes:
            return
        self.clock_timer += 1
        timer = self.clock_timer
        self.dom.later(max(0, min(wakes) - now) + 5, lambda: self.clock_step(timer, session))

    def clock_step(self, timer: int, due: LocalSession) -> None:
        session = self.sessions.get(self.route.game)
        if (
            timer != self.clock_timer
            or session is None
            or session is not due  # the player went to another game meanwhile
            or self.route.screen != "play"
            or self.replay is not None
        ):
            return
        self.task_start = time.perf_counter()
        with spent.part("rules"):
            played = session.run_due(now_ms())
        if played:
            self.played(played[-1][2])
        else:
            self.schedule_clock(session)
        self.show(apart=bool(played))  # a bot's move: its rules in this task, its drawing in the next

    # --- input ------------------------------------------------------------------------------
    def on_click(self, action: str, arg: str) -> None:
        from parlour.web.match_log import LOG_SHOWN
        from parlour.web.play import has_seat_zones

        gid = self.route.game
        if self.route.screen == "editor" and gid in EDITABLE:
            self.editor_click(action, arg)
            return
        if action.startswith("L:"):
            self.lesson_act(action, arg, "")
        elif action.startswith("net-"):
            self.net_play().on_action(action, arg, "")
        elif action in ("replay", "live") and self.route.screen in NET_SCREENS:
            self.net_play().show_moment(action, arg)  # a network table's log (decision 0075)
        elif action == "log-earlier" and self.route.screen in NET_SCREENS:
            self.net_play().show_earlier()
        elif action == "embed" and self.route.screen in NET_SCREENS:
            moment = self.net_play().moment(arg)  # as the table saw it (decision 0077)
            if moment is not None:
                self.embedding = (moment, False)
                self.embed_opener = f"embed-{arg}" if arg.isdigit() else "embed"
                self.ui["focus"] = "embed-title"
        elif action == "dismiss":
            self.error, self.broken = "", None
        elif action == "delete-save":
            self.delete_save(arg)
        elif action == "interrupt":  # a person acts out of turn on a shared device, or hands it back
            session = self.sessions.get(gid)
            if session is not None and not has_seat_zones(boards.board(gid)):  # no hand-over in Boo!
                seat = int(arg) if arg.isdigit() else None
                session.interrupt = seat if seat in session.interrupters() else None
                self.revealed, self.refused = None, None
                self.ui = {k: v for k, v in self.ui.items() if k in KEPT_UI}
        elif action == "reveal":
            self.revealed = int(arg)
            self.ui["focus"] = "status"
        elif action == "bench-move":
            self.bench_move(int(arg) if arg.isdigit() else 0)
        elif action == "update":
            self.dom.apply_update()
        elif action == "start":
            self.new_match(gid)
            self.navigate(f"#/{gid}/play")
        elif action in ("new-game",):
            self.navigate(f"#/{gid}")
        elif action == "play-again":  # from the same start position, when the match had one
            self.new_match(gid, str(self.sessions[gid].match.record.options.get("start", "")))
            self.go(f"#/{gid}/play")
        elif action == "undo":
            self.sessions[gid].undo()
            self.last_events, self.ui, self.refused, self.revealed = [], {}, None, None
            self.end_closed = False
            self.save(gid)
        elif action == "share":
            self.share_open, self.copied = not self.share_open, False
            self.ui["focus"] = "copy" if self.share_open else "share"
        elif action == "more":  # a phone's folded controls: open shows them and focus goes in
            self.more_open = not self.more_open
            self.ui["focus"] = "share" if self.more_open else "more"
        elif action == "copy":
            self.dom.copy(self.share_link(gid))
            self.copied = True
            self.dom.announce(self.t("app.copied"))
        elif action == "fold":
            folded = self.panels_folded()
            folded.symmetric_difference_update({arg})
            self.screen_ui()["focus"] = f"fold-{arg}"
        elif action == "end-close":
            self.end_closed = True
            self.screen_ui()["focus"] = "end-open"
        elif action == "end-open":
            self.end_closed = False
            self.screen_ui()["focus"] = "end-close" if self.route.screen in NET_SCREENS else "play-again"
        elif action == "embed":
            # Not before: a game's opening leaves the embed's modules to the idle steps (0110).
            from parlour.web import embedlink

            session = self.sessions[gid]
            if arg.isdigit():  # a log line's own button: the moment after that move
                step = min(int(arg), len(session.match.plies))
            else:
                step = self.replay if self.replay is not None else len(session.match.plies)
            self.embedding = (embedlink.moment_fragment(gid, session.link(), step), False)
            self.embed_step = step
            self.embed_opener = f"embed-{arg}" if arg.isdigit() else "embed"
            self.ui["focus"] = "embed-title"
        elif action == "embed-copy" and self.embedding is not None:
            from parlour.web import embedlink

            self.dom.copy(embedlink.snippet(self.dom.page_url(), self.embedding[0], self.embed_title()))
            self.embedding = (self.embedding[0], True)
        elif action == "embed-close":
            self.embedding = None
            self.ui["focus"] = self.embed_opener
        elif action == "replay":  # a log entry: the position after that move (decision 0072)
            match = self.sessions[gid].match
            step = int(arg)
            self.replay = step if 0 < step < len(match.plies) else None
            if self.replay is not None and getattr(self.dom, "narrow", lambda: False)():
                self.ui["reveal"] = "turn"  # the log is below the board: show the moment and the way back
            # The move plays once onto the board, as it did live (each event animates once).
            self.last_events = list(match.events[step - 1]) if 0 < step <= len(match.events) else []
        elif action == "live":
            self.replay = None
            self.schedule_ai()
        elif action == "log-earlier" and gid in self.sessions:
            first = self.log_first(self.sessions[gid])
            self.earlier = (self.sessions[gid], max(0, first - LOG_SHOWN))
            self.ui["focus"] = f"replay-{first}"  # the newest of the moves it shows: read on up from there
        else:
            self.board_act(action, arg)

    # --- the position editor (#/boop/editor) ----------------------------------------------------
    def draft(self) -> Any:
        """The position being set up: kept while the app is open, or the one in the address."""
        from parlour.web import editor

        pos = self.route.params.get("pos")
        if pos is not None and pos != self.ui.get("draft_from"):
            self.ui["draft_from"] = pos
            try:
                self.drafts = editor.Draft.of(editor.GAME.from_position(pos))
            except ValueError:
                self.drafts = editor.Draft()
                self.error = self.t("embed.error.position", text=pos[:60])
        if self.drafts is None:
            self.drafts = editor.Draft()
        return self.drafts

    def editor_click(self, action: str, arg: str) -> None:
        from parlour.web import editor, embedlink

        draft = self.draft()
        if editor.act(draft, action, arg):
            if action == "cell":
                self.ui["focus"] = f"cell-{arg}"
            elif action == "ed-copy-pos":
                self.dom.copy_text(draft.text())
            elif action == "ed-copy-snippet":
                self.dom.copy_text(
                    embedlink.snippet(self.dom.page_url(), editor.fragment(draft), self.t("game.boop.name"))
                )
            elif action == "ed-play" and editor.problem(draft) is None:
                self.new_match(self.route.game, draft.text())  # the setup's players, from here
                self.navigate(f"#/{self.route.game}/play")
        elif action == "dismiss":
            self.error = ""

    def lesson_act(self, action: str, arg: str, key: str) -> None:
        """A click or key on one of the rules help's lessons; focus goes where the lesson says."""
        from parlour.web import teach

        if self.route.screen == "rules":
            focus, said = teach.act(self.lessons, action, arg, key)
            if focus:
                self.ui["focus"] = focus
            if said:
                self.dom.announce(said)

    def on_key(self, action: str, arg: str, key: str) -> None:
        if self.route.screen == "editor" and self.route.game in EDITABLE:
            from parlour.web import editor

            target = editor.key(self.draft(), key, arg if action == "cell" else "")
            if target:
                self.ui["focus"] = target
            return
        if action.startswith("L:"):
            self.lesson_act(action, arg, key)
            return
        if key == "Escape" and self.embedding is not None:
            self.embedding = None
            self.ui["focus"] = self.embed_opener
            return
        if key == "Escape" and self.replay is not None:
            self.replay = None
            return
        if self.route.screen in NET_SCREENS and self.net is not None:
            if key == "Escape" and self.net.replay is not None:
                self.net.show_moment("live", "")
                return
            if action in ("replay", "embed") and arg.isdigit() and key in ("ArrowUp", "ArrowDown"):
                self.net.log_key(arg, key, action)
                return
        session = self.sessions.get(self.route.game)
        over = session is not None and session.outcome() is not None
        if self.route.screen in NET_SCREENS:
            over = self.net is not None and bool(self.net.ended)
        if key == "Escape" and self.route.screen in ("play", *NET_SCREENS) and over and not self.end_closed:
            self.on_click("end-close", "")
            return
        if action in ("replay", "embed") and arg.isdigit() and key in ("ArrowUp", "ArrowDown") and session:
            # The log is one Tab stop: the arrows move along its entries (Enter shows one).
            from parlour.web.match_log import LOG_SHOWN

            step = min(max(int(arg) + (1 if key == "ArrowDown" else -1), 1), len(session.match.plies))
            first = self.log_first(session)
            if step <= first:  # up past the oldest move drawn: the log shows earlier ones
                self.earlier = (session, max(0, first - LOG_SHOWN))
            self.ui["focus"] = f"{action}-{step}"
            return
        if self.route.screen in ("play", *NET_SCREENS):
            self.screen_ui()["key_on"] = (action, arg)  # which of the board's elements has the key
            self.board_act("key", key)

    def on_change(self, action: str, arg: str, value: str) -> None:
        from parlour.web.session import HUMAN

        gid = self.route.game
        if action.startswith("ed-") and self.route.screen == "editor":
            from parlour.web import editor

            editor.change(self.draft(), action, arg, value)
            return
        if action.startswith("net-"):
            self.net_play().on_action(action, arg, value)
        elif action == "lang":
            self.settings = self.settings.with_(lang=value)
            self.dom.storage_set(settings_mod.STORAGE_KEY, self.settings.dumps())
        elif action == "animations":
            self.settings = self.settings.with_(animations=value)
            self.dom.storage_set(settings_mod.STORAGE_KEY, self.settings.dumps())
        elif action == "view":  # a board's pan and zoom (assets/panzoom.js), wherever it is drawn
            if self.route.screen in ("host", "join"):
                self.net_play().ui["view"] = value
            else:
                self.ui["view"] = value
        elif action == "seat":
            self.setup_for(gid)["seats"][int(arg)] = value
        elif action == "player-count":
            seats = self.setup_for(gid)["seats"]
            n = int(value)
            self.setup_for(gid)["seats"] = (seats + [HUMAN] * n)[:n]
        elif action == "option":
            game = games.load(gid)
            opt = next(o for o in game.options if o.name == arg)
            chosen: Any = (
                bool(value)
                if not opt.choices and isinstance(opt.default, bool)
                else next((c for c in opt.choices if str(c) == value), opt.default)
            )
            self.setup_for(gid)["options"][arg] = chosen

    def board_act(self, action: str, arg: str) -> None:
        if self.route.screen in ("host", "join"):
            self.net_play().board_act(action, arg)
            return
        gid = self.route.game
        board = boards.board(gid)
        session = self.sessions.get(gid)
        if board is None or session is None or self.route.screen != "play":
            return
        ctx = self.context(session)
        if self.passing(board, ctx) is not None:
            return  # the privacy screen covers the board: nothing on it may be acted on
        if not ctx.interactive and ctx.private is None:
            return
        try:
            move = board.act(ctx, action, arg)  # may change the seat's private notes, even out of turn
            self.ui = ctx.ui
            if ctx.private is not None:
                self.save(gid)
            if move is None or not ctx.interactive:
                if move is None and hasattr(board, "patch"):
                    self.patching = board.patch(ctx)  # only what changed is redrawn (a traced step)
                return
            if isinstance(move, tuple):  # a real-time board names the seat that acted
                events = session.play_at(move[0], move[1], now_ms())
            else:
                player = session.human_to_act()
                assert player is not None
                # A board gives its move as JSON (as the network carries it): the game decodes it.
                events = session.play(player, session.game.decode_move(move))
        except IllegalMove as err:
            self.refuse(err, ctx.ui.pop("target", None) or f"{action}-{arg}")
            return
        self.error = ""
        self.played(events)

    def open_step(self, gid: str) -> None:
        """Import the next modules of a game being opened, as many as fit in :data:`OPEN_SLICE_MS`
        of a task, and show the share done; once all are in, open the address that asked for it, in
        a task of its own. A game no longer wanted (the person went elsewhere) stops loading at the
        next step that leaves nothing half made."""
        steps = self.openings.get(gid)
        if steps is None:
            return
        wanted = self.loading is not None and self.loading[0] == gid
        if not wanted and (gid not in games.BY_ID or games.BY_ID[gid].package not in games.OPENING):
            del self.openings[gid]
            return
        self.task_start = time.perf_counter()
        try:
            share = next(steps, None)
            self.step_ms[gid] = max(self.step_ms.get(gid, 0.0), self.elapsed_ms())
            # While the person waits for it, another step runs in the same task while the slice
            # has room for one as long as the longest so far, and at least OPEN_STEP_MS (steps
            # from source are 20-60 ms at load: each stays a task of its own); the screen asked
            # for is made in a task of its own, after "100 %" is shown.
            while share is not None and share < 1 and wanted:
                began = self.elapsed_ms()
                if began + max(self.step_ms[gid], OPEN_STEP_MS) >= OPEN_SLICE_MS:
                    break
                self.opened[gid] = share
                share = next(steps, None)
                self.step_ms[gid] = max(self.step_ms[gid], self.elapsed_ms() - began)
        except Exception:
            del self.openings[gid]
            if not wanted:
                raise  # loaded while idle: the person asks for it later and is told then
            self.fail(gid)
            return
        if share is not None:
            self.opened[gid] = share
            self.dom.later(0, lambda: self.open_step(gid))
            if wanted:
                self.render()
            return
        del self.openings[gid]
        if self.loading is not None and self.loading[0] == gid:
            # The address now, not the one that asked: the browser changes the address at once but
            # tells of it (hashchange) in a task of its own, which may come after this one. Going
            # to the old address would open the game over the screen the person went to (a share
            # link's match replacing the address with its own), the hashchange then finding that.
            with spent.part("opened"):
                self.go(self.dom.location_hash())

    def elapsed_ms(self) -> float:
        """How long the current task's work has run (since :attr:`task_start`), in ms."""
        return (time.perf_counter() - self.task_start) * 1000

    def bench_move(self, pick: int) -> None:
        """The person's move chosen by ``bench/play_latency.py``: the ``pick``-th (modulo their number)
        of the legal moves of the seat the device acts for, played the way a board's move is (a
        real-time game's stamped by the match clock). No screen offers it: the benchmark adds the
        ``data-action="bench-move"`` button it clicks, so a whole game of any board can be played
        without the benchmark knowing the board. Nothing illegal can pass: the session checks."""
        session = self.sessions.get(self.route.game)
        if session is None or self.route.screen != "play" or self.replay is not None:
            return
        player = session.human_to_act()
        with spent.part("legal"):  # the benchmark's own choosing: a person's tap does none of it
            legal = session.game.legal_moves(session.state, player) if player is not None else []
        if player is None or not legal:
            return
        move = legal[pick % len(legal)]
        with spent.part("rules"):
            if session.realtime:
                events = session.play_at(player, session.game.encode_move(move), now_ms())
            else:
                events = session.play(player, move)
        self.error = ""
        self.played(events)

    def refuse(self, err: IllegalMove, target: str) -> None:
        """Show why an action was refused beside the board, on the element acted on, and say it."""
        from parlour.web.context import Refusal

        reason = self.t(err.code, **err.params) if err.code else err.message
        self.refused = Refusal(reason, err.rule or "", target)
        # A board may send focus on to the control of the decision due (its "refocus"), else it
        # stays on the element acted on.
        self.ui["focus"] = self.ui.pop("refocus", None) or target
        self.dom.announce(reason)

    def log_first(self, session: LocalSession) -> int:
        """The first ply the match's log draws now (:func:`parlour.web.match_log.log_first`)."""
        from parlour.web.match_log import log_first

        return log_first(len(session.match.plies), self.replay, self.earlier_of(session))

    def earlier_of(self, session: LocalSession) -> int | None:
        """The ply ``session``'s log was asked to draw from ("Show earlier moves"); ``None``: its
        newest moves (the request was for another match, or none was made)."""
        return self.earlier[1] if self.earlier is not None and self.earlier[0] is session else None

    def passing(self, board: Any, ctx: BoardContext) -> int | None:
        """The seat the device must be passed to before the board is drawn (privacy screen)."""
        from parlour.web.context import is_private, privacy_seat

        return privacy_seat(ctx.session, is_private(board, ctx), self.revealed)

    # --- drawing ----------------------------------------------------------------------------
    def context(self, session: LocalSession) -> BoardContext:
        from parlour.web.context import BoardContext, is_private

        state = session.match.state_at(self.replay) if self.replay is not None else session.state
        human = session.human_to_act()
        people = [i for i, s in enumerate(session.seats) if not s.is_ai]
        viewer: int | None = human if human is not None else (people[0] if people else 0)
        # Private notes belong to the person at the device: the one acting, or the only person.
        noting = self.replay is None and (human is not None or len(people) == 1) and bool(people)
        if session.realtime:
            self.ui["clock"] = session.clock(now_ms())
        ctx = BoardContext(
            session=session,
            t=self.t,
            state=state,
            viewer=viewer,
            events=self.last_events,
            animate=self.settings.animate(self.dom.reduced_motion()),
            speed=self.settings.speed(self.dom.reduced_motion()),
            replay=self.replay,
            ui=self.ui,
            private=session.notes_of(viewer) if noting and viewer is not None else None,
            earlier=self.earlier_of(session),
        )
        board = boards.board(session.game.id)
        if len(people) > 1 and board is not None and is_private(board, ctx) and human != self.revealed:
            # Several people share the device: nobody's secrets are drawn until they say they hold it.
            ctx.viewer, ctx.private = None, None
        return ctx

    def saved_matches(self, gid: str) -> list[screens.SavedMatch]:
        """The game's saved matches, newest first, as the picker lists them."""
        saves, out = self.saves(gid), []
        for slot in saves.slots():
            try:
                record = MatchRecord.loads(saves.record(slot) or "")
            except CorruptMatch:
                out.append(screens.SavedMatch(slot, 0, damaged=True))
                continue
            out.append(screens.SavedMatch(slot, len(record.plies), (gid, slot) in self.unreadable))
        return out

    def panels_folded(self) -> set[str]:
        """The side panels folded away: on a narrow screen they start folded below the board
        (a network table's connection panels too; who is at the table stays open)."""
        if self.folded is None:
            narrow = getattr(self.dom, "narrow", lambda: False)()
            self.folded = (
                {"log", "score", "trains", "net-invite", "net-room", "net-tables"} if narrow else set()
            )
        return self.folded

    def screen_ui(self) -> dict[str, Any]:
        """The memory of the board on screen (focus, cursor): a network table's, else the app's."""
        if self.route.screen in NET_SCREENS and self.net is not None:
            ui: dict[str, Any] = self.net.ui
            return ui
        return self.ui

    def share_link(self, gid: str) -> str:
        """The link to the match as it stands now (a later move makes a new link)."""
        return f"{self.dom.page_url()}#/{gid}/play?m={self.sessions[gid].link()}"

    def share_text(self, gid: str) -> str:
        return self.share_link(gid) if self.share_open and gid in self.sessions else ""

    def picker_entries(self) -> list[screens.PickerEntry]:
        entries = []
        for info in games.GAMES:
            playable = boards.playable(info.id)
            saved = self.saved_matches(info.id) if playable else []
            entries.append(screens.PickerEntry(info, playable, bool(saved), saved))
        return entries

    def screen(self) -> str:
        r, t = self.route, self.t
        if self.loading is not None:
            return screens.loading_game(t, self.loading[0], self.opened.get(self.loading[0], 0.0))
        if self.failed is not None:
            return screens.open_failed(t, self.failed)
        if r.screen == "picker":
            return screens.picker(t, self.picker_entries())
        if r.screen == "settings":
            net = {k: self.dom.storage_get(f"parlour.net.{k}") or "" for k in ("ice", "relays")}
            return screens.settings(t, self.settings, **net)
        if r.screen in ("setup", "play", "rules", "host") and not boards.playable(r.game):
            return screens.missing(t)
        if r.screen == "rules":
            from parlour.web import teach

            prefix = f"{r.game}.help."
            keys = [k for k in catalogue("en") if k.startswith(prefix)]
            board = boards.board(r.game)
            hook = getattr(board, "help_examples", None)
            figures = hook(t) if callable(hook) else {}
            if self.lessons_of != (r.game, self.settings.lang):
                self.lessons_of = (r.game, self.settings.lang)
                motion = self.settings.animate(self.dom.reduced_motion())
                # Drawn still until each nears the view, where the page can tell (decision 0039).
                still = getattr(self.dom, "observe_near", None) is not None
                self.lessons = teach.lessons(board, r.game, self.settings.lang, motion, still)
            figures = teach.figures(self.lessons, prefix, dict(figures))
            rule_ids = getattr(board, "HELP_RULES", None)
            sections = [(name, [prefix + k for k in ks]) for name, ks in getattr(board, "HELP", ())]
            return screens.rules(t, r.game, keys, figures, r.params.get("rule", ""), rule_ids, sections)
        if r.screen == "setup":
            setup = self.setup_for(r.game)
            return screens.setup(
                t,
                games.load(r.game),
                list(self.bots(r.game)),
                setup["seats"],
                setup["options"],
                editor=r.game in EDITABLE,
            )
        if r.screen == "editor":
            if r.game not in EDITABLE:
                return screens.missing(t)
            from parlour.web import editor

            return editor.screen(t, self.draft(), self.dom.page_url())
        if r.screen in ("host", "join"):
            from parlour.web import embedlink

            screen = str(self.net_play().screen())
            if self.embedding is not None:
                frag, copied = self.embedding
                url = self.dom.page_url()
                screen += embedlink.embed_dialog(t, url, frag, self.embed_title(), copied, net=True)
            return screen
        if r.screen == "play":
            from parlour.web.context import decision_of, privacy_screen, seat_name
            from parlour.web.play import game_screen

            session = self.sessions[r.game]
            board = boards.board(r.game)
            assert board is not None
            ctx = self.context(session)
            seat = self.passing(board, ctx)
            if seat is not None:
                name = seat_name(t, r.game, seat, session)
                return game_screen(
                    t, ctx, privacy_screen(t, name, seat), self.share_text(r.game), passing=name, board=board
                )
            ctx.refused = self.refused
            decision = decision_of(board, ctx)
            if decision is not None and decision.focus and self.ui.get("focus") in OPENING_FOCUS:
                self.ui["focus"] = decision.focus  # the screen opens on the turn's one move
            screen = game_screen(
                t,
                ctx,
                board.render(ctx),
                self.share_text(r.game),
                decision,
                board=board,
                end_closed=self.end_closed,
                copied=self.copied,
                folded=frozenset(self.panels_folded()),
                more_open=self.more_open,
            )
            if self.embedding is not None:
                # Only here: a game's opening leaves the embed's module to the idle steps (0110).
                from parlour.web import embedlink
                from parlour.web.urls import quote

                frag, copied = self.embedding
                edit = ""
                if r.game in EDITABLE:  # set this moment up in the position editor
                    state = session.match.state_at(min(self.embed_step, len(session.match.plies)))
                    position = games.load(r.game).position(state)  # type: ignore[attr-defined]
                    edit = f"#/{r.game}/editor?pos={quote(position, safe='/')}"
                screen += embedlink.embed_dialog(
                    t, self.dom.page_url(), frag, self.embed_title(), copied, edit
                )
            return screen
        return screens.missing(t)

    def first_screen(self) -> str:
        """:meth:`screen`; the first time a game's screen is made, an error making it is its
        opening's (a saved match its board cannot draw): the screen then says so (:meth:`fail`)."""
        if not self.fresh or self.loading is not None:
            return self.screen()
        try:
            made = self.screen()
        except Exception:
            self.failing(self.route.game)
            return self.screen()
        self.fresh = False
        return made

    def embed_title(self) -> str:
        """The embed's iframe title: the name of its game (a fragment names it first)."""
        frag = self.embedding[0] if self.embedding is not None else ""
        return self.t(f"game.{frag.split('&', 1)[0].removeprefix('game=')}.name")

    def render(self, made: str | None = None, split: bool = False) -> None:
        """Draw the current state; ``made``: its screen's markup, made already in the task before
        (:meth:`prepare_kept`; a match's first screen is 50 KB, tens of ms to make in Pyodide).
        With ``split`` (a drawing of :meth:`show`, whose task began at :attr:`task_start`), the
        changes (or the whole screen) made after more than :attr:`put_ms` of the task go on the
        page in the next task (input held meanwhile, as in :meth:`show`), so that neither the
        making nor the putting makes the task long (issue #17, decision 0009)."""
        if self.putting is not None:
            self.put_drawing()  # one made before goes on the page first: the page takes them in order
        self.again = False  # this drawing is of the state as it is now
        self.made = None
        self.dom.set_language(self.settings.lang, self.t("app.title"))
        started = time.perf_counter()
        if made is None:
            with spent.part("markup"):
                made = (
                    screens.banner(self.t, self.update_waiting, self.error, self.delete_offer())
                    + self.first_screen()
                )
        html, made_at = made, time.perf_counter()
        self.diff_ms = 0.0
        before = (started - self.task_start) * 1000 if self.task_start else 0.0
        prepared = self.prepare_kept(html)
        ui = self.screen_ui()
        if prepared:
            self.made = html  # the next task draws this very screen, unless the state changes first
            note = getattr(self.dom, "note_redraw", None)
            if note is not None:  # benchmarks: where a redraw's time went
                note(
                    (made_at - started) * 1000,
                    (time.perf_counter() - made_at) * 1000,
                    prepared,
                    len(html),
                    0.0,
                    before,
                )
            return  # the screen is drawn in the next task
        planned = self.plan(html)
        self.last_events = []  # each event animates once: later redraws (a selection) show it still
        # Where focus goes when the element it was on is gone: the board's own home (boop.'s
        # cursor), else the status, the next decision in words (never the page's body).
        self.putting = (
            html,
            str(ui.get("home") or "status"),
            planned,
            ui,
            (made_at - started) * 1000,
            before,
        )
        soon = getattr(self.dom, "soon", None)
        late = (time.perf_counter() - self.task_start) * 1000 > self.put_ms
        changing = planned is None or bool(planned)  # a screen drawn whole, or regions that changed
        if split and late and changing and soon is not None and not self.prepared and not self.draw_pending:
            self.draw_pending = True
            soon(self.flush)
            return
        self.put_drawing()

    def put_drawing(self) -> None:
        """Put the drawing :meth:`render` made on the page: its changes, or the whole screen."""
        assert self.putting is not None
        html, home, planned, ui, markup_ms, before = self.putting
        self.putting = None
        started = time.perf_counter()
        with spent.part("draw"):
            changes = self.draw(html, home, planned)
        self.shown, self.dirty = html, set()
        note = getattr(self.dom, "note_redraw", None)
        if note is not None:  # benchmarks: where a redraw's time went
            size = len(html) if changes is None else sum(len(c.markup) for c in changes)
            put_ms = (time.perf_counter() - started) * 1000
            note(markup_ms, self.diff_ms + put_ms, size, len(html), self.diff_ms, before)
        target = ui.pop("focus", None)
        if target:  # the board moved the keyboard cursor: focus follows it
            with spent.part("focus"):
                self.dom.focus(target)
        shown = ui.pop("reveal", None)
        if shown and hasattr(self.dom, "reveal"):  # scrolled to the top of that region
            self.dom.reveal(shown)
        observe = getattr(self.dom, "observe_near", None)
        if observe is not None and self.route.screen == "rules":
            observe()  # the still lessons on the page now: each said ("near") as it nears the view
        if not self.up and self.loading is None:
            # The app is up once the screen the address asks for is drawn, not a game's loading
            # screen: tests read the page then, and the page starts its bots' worker, the service
            # worker and the next start's snapshot only then, not competing with the game's opening.
            self.up = True
            self.dom.loaded()

    def prepare_kept(self, html: str) -> int:
        """A screen with kept layers not yet on the page (Boo!'s castle walls, about 60% of its
        first screen): parse them off the page in this task and draw the screen around them in the
        next (:meth:`show`; input held meanwhile, the page showing the screen before), so neither
        task parses all of it (issue #17, decision 0066). The characters parsed; 0: nothing to do."""
        prepare = getattr(self.dom, "prepare", None)
        if prepare is None or getattr(self.dom, "soon", None) is None or self.draw_pending:
            return 0
        new = {
            key: element
            for key, element in markup.kept_elements(html).items()
            if key not in self.kept and key not in self.prepared
        }
        if not new:
            return 0
        with spent.part("prepare"):
            prepare({element_id: element for (element_id, _), element in new.items()})
        self.prepared = set(new)
        self.show(apart=True)
        return sum(map(len, new.values()))

    def plan(self, html: str) -> list[redraw.Change] | None:
        """The changes that turn the page into ``html`` when the screen keeps its shape
        (:func:`parlour.web.redraw.changes`), ``None`` when it is to be drawn whole."""
        if getattr(self.dom, "redraw", None) is None or self.shown is None:
            return None
        started = time.perf_counter()
        with spent.part("diff"):
            changes = redraw.changes(self.shown, html, frozenset(self.dirty))
        self.diff_ms = (time.perf_counter() - started) * 1000
        return changes

    def draw(self, html: str, home: str, changes: list[redraw.Change] | None) -> list[redraw.Change] | None:
        """Put ``html`` on the page: only the ``changes`` (:meth:`plan`) when there are some, else
        the whole screen; the changes made, ``None`` when drawn whole. Kept layers drawn already
        are moved, never drawn again."""
        apply: Any = getattr(self.dom, "redraw", None)
        drawn = self.kept | self.prepared  # on the page, or parsed off it for this drawing
        self.prepared = set()
        if changes is not None:
            lean: list[redraw.Change] = []
            reused: list[str] = []
            for change in changes:
                markup_, moved, _ = markup.reuse_kept(change.markup, drawn)
                lean.append(change._replace(markup=markup_))
                reused += moved
            if not changes or apply(lean, home, reused):
                self.kept = markup.kept_in(html)
                return changes
        keeping = getattr(self.dom, "render_keeping", None)
        whole, reused, self.kept = markup.reuse_kept(html, drawn if keeping else set())
        # A static layer drawn already (the castle) stays on the page: neither made nor laid out again.
        if not (reused and keeping is not None and keeping(whole, home, reused)):
            self.dom.render(html, home)
        return None


def new_slot() -> str:
    """A new save slot's id: the time in ms, so ids sort by age and never repeat on one device."""
    return f"{time.time_ns() // 1_000_000:x}"


def now_ms() -> int:
    """Wall-clock milliseconds (``Date.now()`` in the browser): what real-time matches count from."""
    return int(time.time() * 1000)


def start() -> App:
    """Start the app in the page (called by ``web/main.py``)."""
    from parlour.web import dom

    app = App(dom)
    app.start()
    return app
