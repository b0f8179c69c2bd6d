"""What a redraw puts back (:mod:`parlour.web.dom`, run here against a stand-in ``js``): the log's
scroll in the next frame, not inside the drawing's task, where setting it makes the browser lay the
page out (issue #17); and the page's language left alone when it did not change (rewriting it made
Chromium restyle every element of the page)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest


class Log:
    """A scrolling log: ``height`` of content, ``shown`` of it in view."""

    def __init__(self, element_id: str, height: float, top: float = 0.0) -> None:
        self.id, self.scrollHeight, self.clientHeight, self.scrollTop = element_id, height, 200.0, top

    def at_end(self) -> bool:
        return self.scrollTop + self.clientHeight >= self.scrollHeight - 4


class Root:
    def __init__(self, page: Page) -> None:
        self.page = page

    def querySelectorAll(self, selector: str) -> list[Log]:
        assert selector == "[data-keep-scroll][id]"
        return list(self.page.logs.values())


class Element:
    """The document's root element: counts the writes of its ``lang``."""

    def __init__(self) -> None:
        self._lang, self.lang_writes = "en", 0

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self.lang_writes += 1
        self._lang = value


class Focusable:
    """An element that takes the focus, noting whether it was asked to scroll into view."""

    def __init__(self, page: Page, element_id: str) -> None:
        self.page, self.id, self.tagName = page, element_id, "BUTTON"

    def focus(self, options: dict[str, bool] | None = None) -> None:
        self.page.activeElement = self
        self.page.focus_scrolled.append((self.id, not (options or {}).get("preventScroll")))

    def isSameNode(self, other: Any) -> bool:
        return self is other

    def closest(self, _selector: str) -> None:
        return None  # the title has no action: a key there is the board's


class Body:
    """The page's body: where the focus is when the focused element went with a redraw."""

    tagName = "BODY"

    def isSameNode(self, other: Any) -> bool:
        return self is other

    def closest(self, _selector: str) -> None:
        return None


class Key:
    """A keydown event."""

    def __init__(self, key: str, target: Any) -> None:
        self.key, self.target = key, target
        self.ctrlKey = self.metaKey = self.altKey = False

    def preventDefault(self) -> None:
        pass


class Page:
    """The page's logs and buttons by id, what has the focus, the callbacks waiting for the next
    animation frame and the window's scrolls."""

    def __init__(self) -> None:
        self.logs: dict[str, Log] = {}
        self.buttons: dict[str, Focusable] = {}
        self.activeElement: Any = None
        self.focus_scrolled: list[tuple[str, bool]] = []
        self.window_scrolls: list[tuple[int, int]] = []
        self.frame: list[Callable[..., None]] = []
        self.documentElement = Element()
        self.title = "Parlour"
        self.body = Body()
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}

    def addEventListener(self, kind: str, fn: Callable[[Any], None], _options: Any = None) -> None:
        self.listeners.setdefault(kind, []).append(fn)

    def dispatch(self, kind: str, event: Any) -> None:
        for fn in self.listeners.get(kind, []):
            fn(event)

    def getElementById(self, element_id: str) -> Any:
        return self.logs.get(element_id) or self.buttons.get(element_id)

    def scrollTo(self, x: int, y: int) -> None:
        self.window_scrolls.append((x, y))

    def next_frame(self) -> None:
        waiting = list(self.frame)
        self.frame.clear()
        for fn in waiting:
            fn(16.0)


class Function:
    """JavaScript's ``Function`` for :data:`parlour.web.dom.WITHIN_JS`, the one body the page makes
    (its JavaScript is run in node by ``test_the_within_filter_in_javascript``)."""

    @staticmethod
    def new(*params_and_body: str) -> Callable[[str, Callable[[Any], None]], Callable[[Any], None]]:
        from parlour.web.dom import WITHIN_JS

        assert params_and_body == ("selector", "handler", WITHIN_JS)

        def within(selector: str, handler: Callable[[Any], None]) -> Callable[[Any], None]:
            def listener(event: Any) -> None:
                el = event.target
                if el is not None and hasattr(el, "closest") and el.closest(selector) is not None:
                    handler(event)

            return listener

        return within


class Proxy:
    def __init__(self, fn: Callable[..., None]) -> None:
        self.fn = fn

    def __call__(self, *args: Any) -> None:
        self.fn(*args)

    def destroy(self) -> None:
        pass


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Page]]:
    doc = Page()
    js = types.ModuleType("js")
    js.document = doc  # type: ignore[attr-defined]
    js.requestAnimationFrame = doc.frame.append  # type: ignore[attr-defined]
    js.window = doc  # type: ignore[attr-defined]
    js.JSON = types.SimpleNamespace(parse=json.loads)  # type: ignore[attr-defined]
    js.Function = Function  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "parlour.web.dom", raising=False)
    import parlour.web.dom as dom

    yield dom, doc
    sys.modules.pop("parlour.web.dom")  # it holds the stand-in js: not for later tests


def redraw(dom: Any, doc: Page, replaced: dict[str, float]) -> None:
    """What :func:`parlour.web.dom.redraw` does to the logs: hold their scroll, replace the ones
    named (a new element scrolled to its top, this much content), put the scroll back."""
    root = Root(doc)
    held = dom._scroll_positions(root)
    for element_id, height in replaced.items():
        doc.logs[element_id] = Log(element_id, height)
    dom._restore_scroll(root, held)


def test_the_log_follows_its_newest_entry_in_the_next_frame_even_after_two_redraws(page):
    dom, doc = page
    doc.logs["move-log"] = Log("move-log", 1000.0, top=800.0)  # at its newest entry
    redraw(dom, doc, {"move-log": 1040.0})
    assert doc.logs["move-log"].scrollTop == 0, "not put back inside the drawing's task"
    redraw(dom, doc, {"move-log": 1080.0})  # a second drawing before the frame (a bot's move)
    doc.next_frame()
    log = doc.logs["move-log"]
    assert log.at_end() and log.scrollTop == 1080.0
    assert not doc.frame, "one frame puts everything back"


def test_a_log_scrolled_back_stays_where_the_player_put_it(page):
    dom, doc = page
    doc.logs["move-log"] = Log("move-log", 1000.0, top=120.0)
    redraw(dom, doc, {"move-log": 1040.0})
    redraw(dom, doc, {})
    doc.next_frame()
    assert doc.logs["move-log"].scrollTop == 120.0
    # A new log (none before it) starts at its newest entry.
    redraw(dom, doc, {"net-log": 900.0})
    doc.next_frame()
    assert doc.logs["net-log"].at_end() and doc.logs["move-log"].scrollTop == 120.0


class BrowserLog(Log):
    """A log whose offset the browser keeps between 0 and its content less its box, as Chromium
    does, and that tells the page when its offset changed (the browser's scroll event)."""

    def __init__(self, dom: Any, element_id: str, height: float, top: float = 0.0) -> None:
        self.dom = dom
        super().__init__(element_id, height, top)

    @property
    def scrollTop(self) -> float:
        return self._top

    @scrollTop.setter
    def scrollTop(self, value: float) -> None:
        old = getattr(self, "_top", None)
        self._top = max(0.0, min(float(value), self.scrollHeight - self.clientHeight))
        if old is not None and old != self._top:  # the scroll event, to whoever listens
            getattr(self.dom, "_scrolled", lambda _el: None)(self)

    def resize(self, height: float) -> None:
        """The box changes height: a taller box may leave no room for the offset (it is cut down)."""
        self.clientHeight = height
        self.scrollTop = self._top

    def hasAttribute(self, name: str) -> bool:
        return name == "data-keep-scroll"


def test_a_log_following_its_newest_entry_still_follows_after_the_window_changes(page):
    """A tablet turned (or a window resized) changes the log's box: its newest entries may go out
    of view with no scroll at all. That is not the player scrolling back: the log follows on."""
    dom, doc = page
    log = doc.logs["move-log"] = BrowserLog(dom, "move-log", 1000.0, top=800.0)
    redraw(dom, doc, {})
    doc.next_frame()
    assert log.at_end() and log.scrollTop == 800.0
    log.resize(300.0)  # turned: a taller box, the offset cut down to 700
    log.resize(120.0)  # and back, smaller than before: the offset stays at 700, the end hidden
    log.scrollHeight = 1040.0  # the next move's entry
    redraw(dom, doc, {})
    doc.next_frame()
    assert log.at_end() and log.scrollTop == 920.0, "the newest entry is in view"
    log.scrollTop = 300.0  # now the player scrolls back to read an old move
    log.scrollHeight = 1080.0
    redraw(dom, doc, {})
    doc.next_frame()
    assert log.scrollTop == 300.0, "a log the player scrolled back stays put"
    log.scrollTop = 960.0  # and down to the newest entry again: it follows again
    log.scrollHeight = 1120.0
    redraw(dom, doc, {})
    doc.next_frame()
    assert log.at_end() and log.scrollTop == 1000.0


class Entry(Focusable):
    """A log entry's button: focusing it scrolls its log to it (as the browser does)."""

    def __init__(self, page: Page, element_id: str, log: Log, top: float) -> None:
        super().__init__(page, element_id)
        self.log, self.top = log, top

    def closest(self, selector: str) -> Any:
        return self.log if selector == "[data-keep-scroll][id]" else None

    def focus(self, options: dict[str, bool] | None = None) -> None:
        super().focus(options)
        self.log.scrollTop = self.top


def test_an_entry_focused_in_a_log_that_followed_its_end_stays_in_view(page):
    """ "Show earlier moves" draws older entries and focuses the newest of them: the log, which
    followed its newest entry, must not be put back at its end over them in the next frame."""
    dom, doc = page
    doc.logs["move-log"] = Log("move-log", 1000.0, top=800.0)  # at its newest entry
    redraw(dom, doc, {"move-log": 2000.0})  # earlier entries drawn above
    doc.buttons["replay-40"] = Entry(doc, "replay-40", doc.logs["move-log"], 950.0)
    dom.focus("replay-40")
    doc.next_frame()
    assert doc.logs["move-log"].scrollTop == 950.0 and doc.activeElement is doc.buttons["replay-40"]


def test_the_pages_language_is_written_only_when_it_changes(page):
    dom, doc = page
    dom.set_language("en", "Parlour")
    assert doc.documentElement.lang_writes == 0
    dom.set_language("uk", "Парлор")
    assert doc.documentElement.lang == "uk" and doc.title == "Парлор"
    assert doc.documentElement.lang_writes == 1


def test_a_new_screen_has_its_title_focused_and_goes_to_its_top_in_the_next_frame(page):
    dom, doc = page
    doc.buttons["screen-title"] = Focusable(doc, "screen-title")
    dom.focus("screen-title")
    # Focusing here would make the browser work out the whole new screen's style in this task.
    assert doc.activeElement is None and doc.focus_scrolled == [] and doc.window_scrolls == []
    doc.next_frame()
    assert doc.activeElement is doc.buttons["screen-title"]
    assert doc.focus_scrolled == [("screen-title", False)] and doc.window_scrolls == [(0, 0)]


@pytest.mark.parametrize("button", ["play-again", "net-rematch", "end-close"])
def test_the_end_dialogs_first_button_is_focused_in_the_next_frame_and_the_window_stays(page, button):
    """The end dialog opens with a match's last move: focusing its first button ("Play again"; a
    network table's "Rematch" on the host's page, "See the board" on a guest's) inside that task
    made Chromium work out the page's style there (9-10 ms of a local end's task; 38-50 ms of a
    network host's, issue #17)."""
    dom, doc = page
    doc.buttons["cell-3"] = Focusable(doc, "cell-3")
    doc.buttons["cell-3"].focus()  # where the last move was made, now under the inert board
    doc.buttons[button] = Focusable(doc, button)
    dom.focus(button)
    assert doc.activeElement is doc.buttons["cell-3"], "not inside the drawing's task"
    doc.next_frame()
    assert doc.activeElement is doc.buttons[button]
    assert doc.focus_scrolled[-1] == (button, False) and doc.window_scrolls == []
    # Any other control (the board's cursor) is focused at once, as before.
    dom.focus("cell-3")
    assert doc.activeElement is doc.buttons["cell-3"] and not doc.frame


def test_a_redrawn_button_gets_the_focus_back_where_it_was_and_a_lost_one_goes_to_the_cursor(page):
    dom, doc = page
    root = Root(doc)
    doc.buttons["cell-3"] = Focusable(doc, "cell-3")
    doc.buttons["cell-3"].focus()
    held = {"focus": "cell-3", "tag": "BUTTON", "typed": None, "scrolled": {}, "frames": {}}
    doc.buttons["cell-3"] = Focusable(doc, "cell-3")  # redrawn: a new element with the same id
    dom._settle(doc, root, held, "cursor")
    assert doc.activeElement is doc.buttons["cell-3"] and doc.focus_scrolled[-1] == ("cell-3", False)
    dom._settle(doc, root, held, "cursor")  # drawn again, not replaced: focus is left alone
    assert len(doc.focus_scrolled) == 2
    del doc.buttons["cell-3"]  # gone (a decision's button after the choice): the board's cursor
    doc.activeElement = doc.body
    doc.buttons["cursor"] = Focusable(doc, "cursor")
    dom._settle(doc, root, held, "cursor")
    assert doc.activeElement is doc.body, "not inside the drawing's task"
    doc.next_frame()
    assert doc.activeElement is doc.buttons["cursor"] and doc.focus_scrolled[-1] == ("cursor", False)


def test_a_screen_drawn_whole_with_its_title_focused_focuses_it_in_the_next_frame_where_it_was(page):
    """A screen drawn whole while its title had the focus (a rules help opened from a screen whose
    title had it): focusing the new title inside the drawing's task made the browser work out the
    whole new screen's style there (33-43 ms of a help's, issue #17). In the next frame, without
    going to the top (the screen drawn again where the reader is), unless the screen is new."""
    dom, doc = page
    root = Root(doc)
    held = {"focus": "screen-title", "tag": "H1", "typed": None, "scrolled": {}, "frames": {}}
    doc.activeElement = doc.body  # the old title went with the old markup
    doc.buttons["screen-title"] = Focusable(doc, "screen-title")
    dom._settle(doc, root, held, "status")
    assert doc.activeElement is doc.body and doc.focus_scrolled == [], "not inside the drawing's task"
    doc.next_frame()
    assert doc.activeElement is doc.buttons["screen-title"] and doc.window_scrolls == []
    assert doc.focus_scrolled == [("screen-title", False)]
    doc.activeElement = doc.body
    doc.buttons["screen-title"] = Focusable(doc, "screen-title")
    dom._settle(doc, root, held, "status")
    dom.focus("screen-title")  # a new screen: its title, and the window at its top
    doc.next_frame()
    assert doc.activeElement is doc.buttons["screen-title"] and doc.window_scrolls == [(0, 0)]


def test_the_start_buttons_focus_goes_to_the_title_not_the_cursor_and_not_over_a_players_click(page):
    dom, doc = page
    root = Root(doc)
    held = {"focus": "start", "tag": "BUTTON", "typed": None, "scrolled": {}, "frames": {}}
    doc.activeElement = doc.body  # the Start button went with the old screen
    for element_id in ("cursor", "screen-title", "hand-0"):
        doc.buttons[element_id] = Focusable(doc, element_id)
    dom._settle(doc, root, held, "cursor")
    dom.focus("screen-title")  # the new screen's heading wins over the cursor
    doc.next_frame()
    assert doc.activeElement is doc.buttons["screen-title"] and len(doc.focus_scrolled) == 1
    # A lost focus waits for the frame; a player who clicked a button meanwhile keeps it there.
    dom._settle(doc, root, held, "cursor")
    doc.buttons["hand-0"].focus()
    doc.next_frame()
    assert doc.activeElement is doc.buttons["hand-0"]


def test_a_key_pressed_before_the_frame_acts_where_the_focus_is_going(page):
    dom, doc = page
    doc.buttons["screen-title"] = Focusable(doc, "screen-title")
    pressed: list[tuple[str, str]] = []
    dom.listen(lambda kind, action, arg, value, key: pressed.append((kind, key)))
    dom.focus("screen-title")
    doc.dispatch("keydown", Key("ArrowDown", doc.body))
    assert doc.activeElement is doc.buttons["screen-title"], "the key found the title focused"
    assert pressed == [("key", "ArrowDown")]
    doc.next_frame()
    assert doc.focus_scrolled == [("screen-title", False)], "focused once"
    # Focus put somewhere before the frame (a click, a test's focus() under a stopped clock) stays.
    doc.buttons["hand-0"] = Focusable(doc, "hand-0")
    dom.focus("screen-title")
    doc.buttons["hand-0"].focus()
    doc.dispatch("keydown", Key("ArrowUp", doc.buttons["hand-0"]))
    doc.next_frame()
    assert doc.activeElement is doc.buttons["hand-0"] and pressed[-1] == ("key", "ArrowUp")


class Tasks(list[str]):
    """``window.parlourTasks`` as a benchmark sets it."""

    def push(self, line: str) -> None:
        self.append(line)


def test_a_benchmark_gets_each_task_named_with_its_parts_and_nothing_otherwise(page, monkeypatch):
    """``bench/host_bots.py`` names each task over 50 ms by the Python it ran (issue #17)."""
    from parlour.web import spent

    dom, doc = page
    monkeypatch.setattr(spent, "ON", [False])
    clock = iter(range(0, 10_000, 10))
    js, timers = sys.modules["js"], []
    js.performance = types.SimpleNamespace(now=lambda: float(next(clock)))  # type: ignore[attr-defined]
    js.setTimeout = lambda fn, _ms: timers.append(fn)  # type: ignore[attr-defined]

    def bots_step() -> None:
        with spent.part("bots"):
            pass
        with spent.part("markup"), spent.part("board"):
            dom.timed(lambda: None, "nested")()  # a handler the drawing calls: part of this task

    dom.later(0, bots_step)
    timers.pop()()
    assert not spent.take(), "not timed unless a benchmark asks"
    doc.parlourTasks = Tasks()  # type: ignore[attr-defined]
    dom.listen(lambda *_a: None)
    dom.later(0, bots_step)
    timers.pop()()
    (line,) = doc.parlourTasks  # type: ignore[attr-defined]
    start, ms, name, *parts = line.split()
    assert float(start) >= 0 and float(ms) >= 0
    assert name.endswith("bots_step")
    assert sorted(p.split("=")[0] for p in parts if not p.startswith("gc")) == ["board", "bots", "markup"]
    spent.timing(False)


def test_python_run_outside_any_timed_call_is_not_named_in_the_next_task(page, monkeypatch):
    """Python the page runs outside a timed call (boot.js's ``settle()``, a full collection) is not
    counted as a part of the next task timed, which it would name wrongly."""
    from parlour.web import spent

    dom, doc = page
    monkeypatch.setattr(spent, "ON", [True])
    clock = iter(range(0, 10_000, 10))
    js = sys.modules["js"]
    js.performance = types.SimpleNamespace(now=lambda: float(next(clock)))  # type: ignore[attr-defined]
    doc.parlourTasks = Tasks()  # type: ignore[attr-defined]
    with spent.part("settle-outside"):
        pass

    def step() -> None:
        with spent.part("markup"):
            pass

    dom.timed(step, "step")()
    (line,) = doc.parlourTasks  # type: ignore[attr-defined]
    assert [p.split("=")[0] for p in line.split()[3:] if not p.startswith("gc")] == ["markup"]


def test_a_garbage_collection_is_named_as_a_part_of_the_task_it_fell_in(monkeypatch):
    """A full collection walks every object a long match keeps: named, it is not taken for the
    part it interrupted (issue #17)."""
    import gc

    from parlour.web import spent

    monkeypatch.setattr(spent, "ON", [False])
    spent.take()
    gc.collect()
    assert not spent.take()
    spent.timing(True)
    try:
        gc.collect()
        assert [p.split("=")[0] for p in spent.take().split()] == ["gc2"]
    finally:
        spent.timing(False)
    gc.collect()
    assert not spent.take()


class Tagged:
    """An element with attributes (a region the end dialog makes inert), on the page or taken off it."""

    def __init__(self, **attrs: str) -> None:
        self.attrs, self.isConnected = dict(attrs), True

    @property
    def attributes(self) -> list[Any]:
        return [types.SimpleNamespace(name=name) for name in self.attrs]

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def isSameNode(self, other: Any) -> bool:
        return self is other


def test_the_rest_is_made_inert_in_a_task_after_the_frame_that_shows_the_end_dialog(page, monkeypatch):
    """Making the header and the match frame inert makes Chromium work out the style of every element
    under them again (2,300 on a long Wooly Bully table: 35-55 ms of the frame that draws the end
    dialog, issue #17): the dialog is drawn in one frame, the rest made inert after it."""
    from parlour.web.redraw import Change

    dom, doc = page
    tasks: list[Callable[[], None]] = []
    monkeypatch.setattr(sys.modules["js"], "setTimeout", lambda fn, _ms: tasks.append(fn), raising=False)
    bar, match, gone, reopened = Tagged(**{"class": "bar"}), Tagged(), Tagged(), Tagged()
    inert = (("inert", ""),)
    dom._change(
        [Change("attrs", "bar", attrs=(("class", "bar top"), *inert))]
        + [Change("attrs", i, attrs=inert) for i in ("match", "gone", "reopened")],
        [bar, match, gone, reopened],
        [],
    )
    assert bar.attrs == {"class": "bar top"}, "its other attributes at once, not inert in this task"
    assert not any(el.hasAttribute("inert") for el in (match, gone, reopened))
    gone.isConnected = False  # replaced meanwhile (a screen drawn whole)
    dom._change([Change("attrs", "reopened", attrs=(("class", "x"),))], [reopened], [])  # closed again
    doc.next_frame()
    assert not any(el.hasAttribute("inert") for el in (bar, match)), "the dialog's frame draws it alone"
    assert len(tasks) == 1
    tasks.pop()()
    assert bar.attrs == {"class": "bar top", "inert": ""} and match.hasAttribute("inert")
    assert not gone.hasAttribute("inert") and reopened.attrs == {"class": "x"}
    # Already inert: nothing waits, and taking it away is at once.
    dom._change([Change("attrs", "match", attrs=inert)], [match], [])
    dom._change([Change("attrs", "match", attrs=())], [match], [])
    assert not doc.frame and not tasks and match.attrs == {}


class Lit:
    """A board element a decision's button lights (``classList.toggle("hl", on)``)."""

    def __init__(self) -> None:
        self.lit = False
        self.classList = types.SimpleNamespace(toggle=self.toggle)

    def toggle(self, name: str, on: bool) -> None:
        assert name == "hl"
        self.lit = on


class Hovered:
    """An element under the pointer: a decision's button (``data-highlights``) or anything else."""

    def __init__(self, highlights: str | None) -> None:
        self.highlights = highlights

    def closest(self, selector: str) -> Hovered | None:
        assert selector == "[data-highlights]"
        return self if self.highlights is not None else None

    def getAttribute(self, name: str) -> str | None:
        return self.highlights if name == "data-highlights" else None


def test_a_pointer_crossing_the_board_enters_python_only_over_a_decisions_buttons(page, monkeypatch):
    """A mouseover or mouseout anywhere but a decision's button stays in JavaScript: the castle drawn
    under the pointer that pressed Start had its mouseover run Python in the frame laying it out
    (14 ms at load 9, issue #17, decision 0112). The button still lights its cells, and unlights."""
    from parlour.web import spent

    dom, doc = page
    monkeypatch.setattr(spent, "ON", [True])
    js = sys.modules["js"]
    js.performance = types.SimpleNamespace(now=lambda: 0.0)  # type: ignore[attr-defined]
    doc.parlourTasks = Tasks()  # type: ignore[attr-defined]  # each call into Python, named
    cells = {"cell-1": Lit(), "cell-2": Lit()}
    doc.getElementById = lambda element_id: cells.get(element_id)  # type: ignore[method-assign]
    dom.listen(lambda *_a: None)
    for kind in ("mouseover", "mouseout", "focusin", "focusout", "mouseover"):
        doc.dispatch(kind, types.SimpleNamespace(target=Hovered(None)))  # a cell, the castle
    doc.dispatch("mouseover", types.SimpleNamespace(target=None))
    assert not doc.parlourTasks, "Python entered for an element lighting nothing"  # type: ignore[attr-defined]
    button = Hovered("cell-1 cell-2")
    doc.dispatch("mouseover", types.SimpleNamespace(target=button))
    assert cells["cell-1"].lit and cells["cell-2"].lit
    doc.dispatch("mouseout", types.SimpleNamespace(target=button))
    assert not cells["cell-1"].lit and not cells["cell-2"].lit
    assert [line.split()[2] for line in doc.parlourTasks] == ["listen.highlight.handler"] * 2  # type: ignore[attr-defined]
    spent.timing(False)


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's JavaScript here")
def test_the_within_filter_in_javascript(page):
    """:data:`parlour.web.dom.WITHIN_JS` as the browser runs it: the handler is called for a target
    inside the selector's element, not for one outside, a target without ``closest`` or none."""
    dom, _doc = page
    script = f"""
    const within = new Function("selector", "handler", {json.dumps(dom.WITHIN_JS)});
    const seen = [];
    const listener = within("[data-highlights]", (e) => seen.push(e.name));
    const inside = {{ closest: (s) => (s === "[data-highlights]" ? {{}} : null) }};
    const outside = {{ closest: () => null }};
    for (const [name, target] of [["in", inside], ["out", outside], ["text", {{}}], ["none", null]]) {{
      listener({{ name, target }});
    }}
    console.log(JSON.stringify(seen));
    """
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == ["in"]
