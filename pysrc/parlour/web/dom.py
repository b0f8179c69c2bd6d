"""The only module that touches the browser (through Pyodide's ``js`` bridge).

Everything the app needs from the page is a small function here, so the rest of :mod:`parlour.web`
stays pure Python and testable on CPython.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from parlour.web import spent

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # Pyodide before 0.28 turns JavaScript's null into None
    jsnull = None

_keep: list[Any] = []
"""Proxies handed to JavaScript must outlive the call that made them."""


def _some(value: Any) -> bool:
    """Whether a value from JavaScript is an object (neither undefined nor null)."""
    return value is not None and value is not jsnull


def _proxy(fn: Callable[..., Any], label: str = "") -> Any:
    p = create_proxy(timed(fn, label))
    _keep.append(p)
    return p


_depth = [0]
"""Calls from the page into Python under way (a focus inside a drawing calls a handler at once)."""


def timed(fn: Callable[..., Any], label: str = "") -> Callable[..., Any]:
    """``fn`` as the page calls it: a task of its own, timed with its parts (:mod:`parlour.web.spent`)
    into ``window.parlourTasks`` when a benchmark set it: start and ms (the page's clock), ``label``
    (else ``fn``'s name) and the parts, so each long task can be named."""
    name = label or fn.__qualname__.replace(".<locals>", "")

    def run(*args: Any) -> Any:
        if not spent.ON[0] or _depth[0]:
            return fn(*args)
        _depth[0] += 1
        spent.take()  # parts of Python run outside any timed call (boot.js's settle) are not this task's
        began = float(js.performance.now())
        try:
            return fn(*args)
        finally:
            _depth[0] -= 1
            out = getattr(js.window, "parlourTasks", None)
            if _some(out):
                out.push(f"{began:.1f} {float(js.performance.now()) - began:.1f} {name} {spent.take()}")

    return run


def _still() -> Any:
    """Focus options that do not scroll: scrolling the element into view makes the browser lay the
    page out at once, inside the drawing's task."""
    return js.JSON.parse('{"preventScroll":true}')


def render(html: str, home: str = "") -> None:
    """Replace the app's markup, keeping keyboard focus on the element with the same id; when that
    element is gone (a decision's button after the choice), focus goes to ``home`` (the board's
    keyboard cursor), never back to the top of the page."""
    doc = js.document
    root = doc.getElementById("app")
    with spent.part("hold"):
        held = _hold(doc, root, [root])
    with spent.part("html"):  # the old screen out, the new one parsed and in
        root.innerHTML = html
    root.setAttribute("aria-busy", "false")
    with spent.part("settle"):
        _put_back(doc, root, held, home)


def redraw(changes: list[Any], home: str, reused: list[str]) -> bool:
    """Make only these changes (:class:`parlour.web.redraw.Change`: regions replaced, removed,
    inserted, an element's attributes set) instead of drawing the whole screen, keeping what
    :func:`render` keeps (focus, typed text, a log's scroll, frames) and moving the kept layers
    ``reused`` into the new markup; ``False``, nothing done, when an element is not on the page
    (the app then draws the whole screen)."""
    doc = js.document
    targets = [doc.getElementById(c.target) for c in changes]
    kept = [_kept_node(doc, element_id) for element_id in reused]
    if not all(_some(el) for el in targets + kept):
        return False
    root = doc.getElementById("app")
    with spent.part("hold"):
        held = _hold(
            doc, root, [el for c, el in zip(changes, targets, strict=True) if c.kind in ("replace", "remove")]
        )
    with spent.part("html"):  # the regions out, their new markup parsed and in
        _change(changes, targets, kept)
    for element_id, el in zip(reused, kept, strict=True):
        empty = doc.getElementById(element_id)
        if _some(empty):
            empty.replaceWith(el)
    with spent.part("settle"):
        _put_back(doc, root, held, home)
    return True


def _change(changes: list[Any], targets: list[Any], kept: list[Any]) -> None:
    """:func:`redraw`'s changes made on the page, the kept layers taken out first."""
    for el in kept:
        el.remove()  # out of the old markup before it is replaced: the node lives on
    for change, el in zip(changes, targets, strict=True):
        if change.kind == "replace":
            el.outerHTML = change.markup
        elif change.kind == "remove":
            el.remove()
        elif change.kind == "attrs":
            names = dict(change.attrs)
            if "inert" not in names:
                _inert_due[:] = [due for due in _inert_due if not due.isSameNode(el)]
            for name in [str(a.name) for a in el.attributes]:
                if name not in names:
                    el.removeAttribute(name)
            for name, value in change.attrs:
                if name == "inert" and not el.hasAttribute(name):
                    _inert_later(el)
                elif el.getAttribute(name) != value:
                    el.setAttribute(name, value)
        else:  # a region inserted beside its neighbour
            el.insertAdjacentHTML("afterend" if change.kind == "after" else "beforebegin", change.markup)


_inert_due: list[Any] = []
"""Elements to make inert once the frame showing the dialog that asked for it is drawn
(:func:`_inert_later`)."""


def _inert_later(el: Any) -> None:
    """Make ``el`` inert in a task after the next frame, not in the drawing's: an element made inert
    has its whole subtree's style worked out again (every piece on the board: 2,300 elements, 35-55
    ms of the frame that shows a Wooly Bully table's end dialog, issue #17). That frame draws the
    dialog; the next works out the rest's style, which changes nothing a player sees. An element
    replaced or removed meanwhile, or told to stop being inert, is left as it is."""
    if not _inert_due:
        after_frame(_inert_now)
    _inert_due.append(el)


def _inert_now() -> None:
    waiting = list(_inert_due)
    _inert_due.clear()
    for el in waiting:
        if el.isConnected:
            el.setAttribute("inert", "")


_prepared: dict[str, Any] = {}
"""Kept layers parsed off the page a task ahead of the screen that shows them (:func:`prepare`)."""


def prepare(parts: dict[str, str]) -> None:
    """Parse these kept layers (``<g>`` elements of an SVG: the castle's walls) off the page, so that
    the next task draws the screen around them without parsing them (a match's first screen in
    two tasks, decision 0066): :func:`redraw` and :func:`render_keeping` put them in."""
    doc = js.document
    _prepared.clear()
    for element_id, markup in parts.items():
        box = doc.createElementNS("http://www.w3.org/2000/svg", "svg")
        box.innerHTML = markup
        el = box.firstElementChild
        if _some(el):
            _prepared[element_id] = el


def _kept_node(doc: Any, element_id: str) -> Any:
    """A kept layer's node: the one on the page, else the one :func:`prepare` made."""
    el = doc.getElementById(element_id)
    return el if _some(el) else _prepared.pop(element_id, None)


def _hold(doc: Any, root: Any, replaced: list[Any]) -> dict[str, Any]:
    """What a redraw of the ``replaced`` elements must not lose: the focused element's id and typed
    text, the logs' scroll, the live frames inside them."""
    active = doc.activeElement
    focus_id = str(active.id) if _some(active) and active.id else ""
    # Text being typed (a name, a pasted code) survives a redraw that arrives meanwhile.
    typing = focus_id and str(active.tagName) in ("INPUT", "TEXTAREA") and not active.readOnly
    frames: dict[str, Any] = {}
    for el in replaced:
        frames.update(_hold_frames(doc, el))
    return {
        "focus": focus_id,
        "tag": str(active.tagName) if focus_id else "",
        "typed": (str(active.value), active.selectionStart, active.selectionEnd) if typing else None,
        "scrolled": _scroll_positions(root),
        "frames": frames,
    }


_settled = [0.0]
"""How long the last redraw's settling took (scroll, focus: they make the browser lay out the page)."""


def _put_back(doc: Any, root: Any, held: dict[str, Any], home: str) -> None:
    started = time.perf_counter()
    _settle(doc, root, held, home)
    _settled[0] = (time.perf_counter() - started) * 1000


def _settle(doc: Any, root: Any, held: dict[str, Any], home: str) -> None:
    _restore_scroll(root, held["scrolled"])
    _put_back_frames(root, held["frames"])
    focus_id, typed = held["focus"], held["typed"]
    if focus_id:
        el = doc.getElementById(focus_id)
        if not _some(el):
            # Gone (the Start button, a decision's button after the choice): the board's cursor
            # takes the focus in the next frame, when the new markup's style is worked out anyway;
            # focusing it here would force that style inside the drawing's task (issue #11).
            if home:
                _focus_later(home)
            return
        if focus_id in IN_THE_FRAME and not el.isSameNode(doc.activeElement):
            # A screen drawn whole with its title focused (the help opened from a screen whose
            # title had the focus): focusing it here would work out the whole new screen's style
            # in this task, 33-43 ms of a rules help's at load 4-7 (issue #17). Where it was.
            _focus_later(focus_id, top=False)
            return
        # Focusing the element that has focus (it was not redrawn) would still restyle the page.
        if not el.isSameNode(doc.activeElement):
            # The same id is where it was: scrolling it into view would lay the page out here.
            el.focus(_still())
            if typed is not None and str(el.tagName) == held["tag"]:
                el.value = typed[0]
                with contextlib.suppress(Exception):  # inputs without a caret (checkboxes)
                    el.setSelectionRange(typed[1], typed[2])


def render_keeping(html: str, home: str, reused: list[str]) -> bool:
    """:func:`render`, moving the elements with the ``reused`` ids (kept layers: ``html`` has them
    empty) from the old markup into the new; ``False``, nothing done, when one is not on the page."""
    doc = js.document
    held = [_kept_node(doc, element_id) for element_id in reused]
    if not all(_some(el) for el in held):
        return False
    for el in held:
        el.remove()  # out of the old markup before it is replaced: the node lives on
    render(html, home)
    with spent.part("kept"):
        for element_id, el in zip(reused, held, strict=True):
            empty = doc.getElementById(element_id)
            if _some(empty):
                empty.replaceWith(el)
    return True


_scroll_due: dict[str, tuple[float, bool]] = {}
"""Scroll offsets a redraw is to put back in the next frame (:func:`_restore_scroll`), by id."""
_following: dict[str, bool] = {}
"""Whether each log was at its end when it last scrolled (:func:`_scrolled`), by id."""


def _at_end(el: Any) -> bool:
    return bool(el.scrollTop + el.clientHeight >= el.scrollHeight - 4)


def _scrolled(el: Any) -> None:
    """A log scrolled (the player, or the browser keeping its offset in a resized box): whether it
    follows its newest entry is decided here, not at the next redraw. A smaller box (a tablet
    turned, a window made smaller) hides the newest entries with no scroll at all, and the log
    must follow on; only a scroll away from the end stops it."""
    # The page's own scroll has the document as its target: no attributes, nothing to note.
    if _some(el) and hasattr(el, "hasAttribute") and el.hasAttribute("data-keep-scroll") and el.id:
        _following[str(el.id)] = _at_end(el)


def _scroll_positions(root: Any) -> dict[str, tuple[float, bool]]:
    """Scroll offsets of the elements marked ``data-keep-scroll``, and whether each was at its end
    (one still waiting to be put back keeps the offset it waits for: the page's is not the player's)."""
    out = {}
    for el in root.querySelectorAll("[data-keep-scroll][id]"):
        key = str(el.id)
        if key in _scroll_due:
            out[key] = _scroll_due[key]
            continue
        # At its end now, or at its end when it last scrolled (a new match's short log follows
        # whatever the last one's player did).
        out[key] = (float(el.scrollTop), _at_end(el) or _following.get(key, False))
    return out


def _restore_scroll(root: Any, scrolled: dict[str, tuple[float, bool]]) -> None:
    """A log that was at its newest entry follows the newest entry; one scrolled back stays put.
    Put back in the next animation frame: a scroll offset set (or read) here makes the browser lay
    the page out inside the drawing's task (8-15 ms on a Boo! table, issue #17); the frame lays it
    out anyway, and the player sees nothing before that frame."""
    waiting = bool(_scroll_due)
    for el in root.querySelectorAll("[data-keep-scroll][id]"):
        _scroll_due[str(el.id)] = scrolled.get(str(el.id), (0.0, True))
    if _scroll_due and not waiting:
        _in_next_frame(_scroll_now)


_frame: list[Callable[[], None]] = []
"""What waits for the next animation frame (:func:`_in_next_frame`)."""


def _in_next_frame(fn: Callable[[], None]) -> None:
    """Run ``fn`` in the next animation frame, before the browser lays the page out for it: what
    needs the layout (a scroll) costs nothing more there, and the drawing's task stays short."""
    if not _frame:
        js.requestAnimationFrame(create_proxy_once(_run_frame))
    _frame.append(fn)


def _run_frame() -> None:
    waiting = list(_frame)
    _frame.clear()
    for fn in waiting:
        fn()


def _scroll_now() -> None:
    doc = js.document
    due = dict(_scroll_due)
    _scroll_due.clear()
    for element_id, (top, at_end) in due.items():
        el = doc.getElementById(element_id)
        if _some(el):
            el.scrollTop = el.scrollHeight if at_end else top
            _following[element_id] = at_end  # already there: no scroll event tells it


def _hold_frames(doc: Any, root: Any) -> dict[str, Any]:
    """Frames marked ``data-keep`` (an embed's live preview), moved aside with ``moveBefore``, which
    keeps them running: re-creating one would start it again. Browsers without ``moveBefore`` get
    the new frame instead."""
    held: dict[str, Any] = {}
    if not hasattr(doc.body, "moveBefore"):
        return held
    for el in root.querySelectorAll("iframe[data-keep][id]"):
        with contextlib.suppress(Exception):
            doc.body.moveBefore(el, jsnull)
            held[str(el.id)] = el
    return held


def _put_back_frames(root: Any, held: dict[str, Any]) -> None:
    """Each held frame takes the place of the new one with its id; a new address that differs only
    after ``#`` reaches the running embed as a ``hashchange`` (no reload)."""
    for frame_id, old in held.items():
        new = root.querySelector(f'iframe[id="{frame_id}"]')
        if not _some(new):
            old.remove()
            continue
        try:
            new.parentNode.moveBefore(old, new)
        except Exception:
            old.remove()
            continue
        if old.getAttribute("src") != new.getAttribute("src"):
            old.setAttribute("src", new.getAttribute("src"))
        new.remove()


IN_THE_FRAME = ("screen-title", "play-again", "net-rematch", "end-close")
"""Ids focused in the next frame, not at once: each arrives with much new markup (a new screen's
title; the end dialog's first button: "Play again", a network host's "Rematch", a guest's "See the
board"), whose style focusing would make the browser work out inside the drawing's task (30-50 ms
for a Boo! table's first screen, issue #11; 9-10 ms of a local end's task, 38-50 ms of a network
host's, issue #17). The frame works that style out anyway."""


def focus(element_id: str) -> None:
    """Give ``element_id`` the keyboard focus. A new screen's title and the end dialog get it in the
    next frame (:data:`IN_THE_FRAME`), and for a new screen the window goes to its top then. A key
    pressed before that frame acts where the focus is going (:func:`listen`)."""
    if element_id in IN_THE_FRAME:
        _focus_later(element_id)
        return
    el = js.document.getElementById(element_id)
    if _some(el):
        _focus_due.clear()  # the board moved its cursor: that is where the focus goes
        box = el.closest("[data-keep-scroll][id]") if hasattr(el, "closest") else None
        if _some(box):  # focus scrolls a log to its element: no offset put back over it in the frame
            _scroll_due.pop(str(box.id), None)
        if not el.isSameNode(js.document.activeElement):  # focused already: a restyle for nothing
            el.focus()


_focus_due: list[tuple[str, Any, bool]] = []
"""The element to focus in the next frame (:func:`_focus_later`): its id, where the focus was
when it was promised, and whether a new screen's title takes the window to its top."""


def _focus_later(element_id: str, top: bool = True) -> None:
    """Focus ``element_id`` (without scrolling) in the next frame, unless the player puts the focus
    somewhere else meanwhile; a later call in the same task wins (a new screen's title over the
    board's cursor). ``top``: a new screen's title, the window goes to the top; not for a title
    that had the focus already (the screen drawn again where the reader is)."""
    if not _focus_due:
        _in_next_frame(_focus_now)
    _focus_due[:] = [(element_id, js.document.activeElement, top)]


def _focus_now() -> None:
    """Give the focus :func:`_focus_later` promised (now, if a key came before the frame)."""
    if not _focus_due:
        return
    (element_id, was, top), doc = _focus_due.pop(), js.document
    el, active = doc.getElementById(element_id), doc.activeElement
    moved = _some(active) and not active.isSameNode(doc.body) and not active.isSameNode(was)
    if not _some(el) or el.isSameNode(active) or moved:  # a click or a tap took it elsewhere
        return
    if element_id == "screen-title" and top:
        js.window.scrollTo(0, 0)  # a new screen starts at its top, whatever was scrolled
    el.focus(_still())


def reveal(element_id: str) -> None:
    """Scroll the page so the element's top is at the top of the window (focus stays where it is)."""
    el = js.document.getElementById(element_id)
    if _some(el):
        el.scrollIntoView(True)


def patch(parts: dict[str, str]) -> bool:
    """Replace only the elements with these ids by their new markup (a board's small change: the
    route being traced) instead of the whole screen; ``False``, nothing changed, when one is missing."""
    doc = js.document
    found = [doc.getElementById(element_id) for element_id in parts]
    if not all(_some(el) for el in found):
        return False
    for el, markup in zip(found, parts.values(), strict=True):
        el.outerHTML = markup
    return True


def note_redraw(
    markup_ms: float, draw_ms: float, drawn: int, screen: int, diff_ms: float = 0.0, before_ms: float = 0.0
) -> None:
    """Benchmarks only (``window.parlourRedraws`` set by them): a redraw's time making the markup
    in Python, putting it on the page (parsing, and any layout a scroll restore forces), the
    characters put on the page and the whole screen's, the part of drawing spent settling
    (scroll and focus put back: the layout they force), the part spent comparing the markup with
    the page's (:func:`parlour.web.redraw.changes`, Python) and the time the same task spent
    before the redraw (a move's rules, when they are drawn in the same task)."""
    out = getattr(js.window, "parlourRedraws", None)
    if _some(out):
        out.push(
            f"{markup_ms:.1f} {draw_ms:.1f} {drawn} {screen} {_settled[0]:.1f} {diff_ms:.1f} {before_ms:.1f}"
        )


def copy(text: str) -> None:
    """Put ``text`` on the clipboard (Clipboard API; the page shows its own confirmation). Refused
    quietly (no permission, not a secure context): the field showing the text stays selectable."""
    with contextlib.suppress(Exception):
        js.navigator.clipboard.writeText(text)


def set_language(lang: str, title: str) -> None:
    """Set the page's language and title where they changed. Every redraw calls this: writing
    ``lang`` on the root, even the same value, makes Chromium restyle every element of the page
    (their ``:lang()``), 25-40 ms on a Wooly Bully field (issue #17)."""
    doc = js.document
    if str(doc.documentElement.lang) != lang:
        doc.documentElement.lang = lang
    if str(doc.title) != title:
        doc.title = title


def announce(text: str) -> None:
    """Say ``text`` through the polite live region (screen readers read it; nothing is shown)."""
    js.document.getElementById("live").textContent = text


HIGHLIGHTS = "[data-highlights]"
"""The elements whose hover or focus lights board elements (a decision's buttons, :func:`listen`)."""

WITHIN_JS = "return (event) => { const el = event.target; if (el && el.closest && el.closest(selector)) handler(event); };"
"""The body of a JavaScript function of ``selector`` and ``handler``: a listener that calls ``handler``
only for an event whose target is, or is inside, an element matching ``selector``."""


def listen(on_event: Callable[[str, str, str, str, str], None]) -> None:
    """Call ``on_event(kind, action, arg, value, key)`` for clicks, changes and keys on elements
    with a ``data-action``, for hash changes (``kind="route"``) and for a waiting update."""

    def data(el: Any, name: str) -> str:
        # dataset raises AttributeError for a missing key under Pyodide; getAttribute gives null.
        value = el.getAttribute(f"data-{name}") if _some(el) else None
        return str(value) if _some(value) else ""

    def target_of(event: Any) -> Any:
        el = event.target
        found = el.closest("[data-action]") if _some(el) and hasattr(el, "closest") else None
        return found if _some(found) else None

    def marked(el: Any, name: str) -> bool:
        # ``data-press`` and ``data-drag`` on an element or on a group around its actions (Boo!'s
        # grid of cells while a route is traced: one attribute set, not 81 cells drawn again).
        return _some(el) and _some(el.closest(f"[data-{name}]"))

    def on_click(event: Any) -> None:
        el = target_of(event)
        if el is not None and marked(el, "press") and int(event.detail or 0) > 0:
            return  # a pointer already acted on pointerdown (keyboard clicks have detail 0)
        if el is not None and el.tagName not in ("SELECT", "INPUT"):
            on_event("click", data(el, "action"), data(el, "arg"), "", "")

    dragging: dict[int, str] = {}
    """Pointers held down on a ``data-drag`` element, and the last such element each passed over."""

    def on_down(event: Any) -> None:
        # ``data-press`` elements act when touched, not on release: several people can press at
        # the same moment (a click needs a lone pointer; multi-touch would swallow it).
        el = target_of(event)
        if el is None or not marked(el, "press") or el.hasAttribute("disabled"):
            return
        if event.pointerType != "mouse" or event.button == 0:
            if marked(el, "drag"):
                dragging[int(event.pointerId)] = data(el, "arg")
                with contextlib.suppress(Exception):
                    el.releasePointerCapture(event.pointerId)  # touch captures by default
            on_event("click", data(el, "action"), data(el, "arg"), "", "")

    def on_move(event: Any) -> None:
        pid = int(event.pointerId)
        if pid not in dragging:
            return
        hit = js.document.elementFromPoint(event.clientX, event.clientY)
        el = hit.closest("[data-action]") if _some(hit) else None
        if marked(el, "drag") and data(el, "arg") != dragging[pid]:
            dragging[pid] = data(el, "arg")
            on_event("click", data(el, "action"), data(el, "arg"), "", "")

    def on_up(event: Any) -> None:
        dragging.pop(int(event.pointerId), None)

    def on_change(event: Any) -> None:
        el = target_of(event)
        if el is not None:
            value = ("1" if el.checked else "") if el.type == "checkbox" else el.value
            on_event("change", data(el, "action"), data(el, "arg"), value, "")

    def on_key(event: Any) -> None:
        typed = event.target
        if _focus_due:
            # A key before the frame that focuses a new screen's title or the board's cursor: the
            # focus goes there now and the key acts there (Tab too: it moves on from there).
            _focus_now()
            typed = js.document.activeElement
        found = typed.closest("[data-action]") if _some(typed) and hasattr(typed, "closest") else None
        el = found if _some(found) else None
        key = event.key
        if key != "Escape" and str(getattr(typed, "tagName", "")) in ("INPUT", "SELECT", "TEXTAREA"):
            return  # keys typed into a field are the field's (an answer code holds "-"); Esc still closes
        if el is not None and marked(el, "drag") and key == "Enter":
            event.preventDefault()  # on a traced route Enter shows it (a tap there starts a drag)
            on_event("key", data(el, "action"), data(el, "arg"), "", key)
            return
        if el is not None and el.tagName not in ("BUTTON", "SELECT", "INPUT", "A") and key in ("Enter", " "):
            event.preventDefault()
            on_event("click", data(el, "action"), data(el, "arg"), "", "")
            return
        if key in (
            "ArrowUp",
            "ArrowDown",
            "ArrowLeft",
            "ArrowRight",
            "Escape",
            "r",
            "R",
            "c",
            "C",
            "Backspace",
            "+",
            "=",
            "-",
        ):
            if key in ("+", "=", "-") and (event.ctrlKey or event.metaKey or event.altKey):
                return  # Ctrl and + is the browser's own zoom
            if key.startswith("Arrow"):
                event.preventDefault()
            on_event("key", data(el, "action"), data(el, "arg"), "", key)

    def highlight(on: bool) -> Callable[[Any], None]:
        # A decision's button lights up the board elements it would choose (data-highlights).
        def handler(event: Any) -> None:
            el = event.target
            found = el.closest("[data-highlights]") if _some(el) and hasattr(el, "closest") else None
            if not _some(found):
                return
            for name in str(found.getAttribute("data-highlights")).split():
                target = js.document.getElementById(name)
                if _some(target):
                    target.classList.toggle("hl", on)

        return handler

    spent.timing(_some(getattr(js.window, "parlourTasks", None)))
    doc = js.document
    within = js.Function.new("selector", "handler", WITHIN_JS)
    for kind, on in (("mouseover", True), ("focusin", True), ("mouseout", False), ("focusout", False)):
        # Python only where a decision's button lights the board: a pointer crossing anything else
        # (every cell of a board) stays in JavaScript. A screen drawn under a resting pointer (a
        # network host's first match screen, the castle where Start was) has its mouseover in the
        # frame that first lays it out: 14 ms of Python there at load 9 (issue #17, decision 0112).
        doc.addEventListener(kind, within(HIGHLIGHTS, _proxy(highlight(on))))
    doc.addEventListener("click", _proxy(on_click))
    doc.addEventListener("pointerdown", _proxy(on_down))
    doc.addEventListener("pointermove", _proxy(on_move))
    doc.addEventListener("pointerup", _proxy(on_up))
    doc.addEventListener("pointercancel", _proxy(on_up))
    doc.addEventListener("change", _proxy(on_change))
    doc.addEventListener("keydown", _proxy(on_key))
    # A log's scroll does not bubble: caught on its way down (capture).
    doc.addEventListener(
        "scroll", _proxy(lambda e: _scrolled(e.target)), js.JSON.parse('{"capture":true,"passive":true}')
    )
    js.window.addEventListener("hashchange", _proxy(lambda _e: on_event("route", "", "", "", "")))

    def near(entries: Any, _observer: Any = None) -> None:
        ids = [str(e.target.getAttribute("data-lesson")) for e in entries if e.isIntersecting]
        if ids:
            on_event("near", " ".join(ids), "", "", "")

    # A still lesson is said to be near a screen's height before it scrolls into view, so it is
    # drawn whole by the time it is seen (decision 0039); a page with no observer says all of them.
    watch = getattr(js, "IntersectionObserver", None)
    margin = js.JSON.parse('{"rootMargin":"100% 0px"}')
    _near[:] = [watch.new(_proxy(near), margin) if watch is not None else None, on_event]
    js.window.addEventListener("parlour-update", _proxy(lambda _e: on_event("update", "", "", "", "")))


_near: list[Any] = []
"""The observer that says when still lessons near the view, and the handler it tells (both made
by :func:`listen`; no observer in a browser without one)."""


def observe_near() -> None:
    """Watch the still lessons now on the page (``data-still``; a redraw makes new elements):
    :func:`listen`'s handler hears ``near`` with the ids of those near the view (of them all, in
    the next task, where the browser has no ``IntersectionObserver``)."""
    if not _near:
        return
    observer, on_event = _near
    still = list(js.document.querySelectorAll("[data-still]"))
    if observer is None:
        ids = " ".join(str(el.getAttribute("data-lesson")) for el in still)
        if ids:
            later(0, lambda: on_event("near", ids, "", "", ""))
        return
    observer.disconnect()
    for el in still:
        observer.observe(el)


def update_waiting() -> bool:
    return bool(getattr(js.window, "parlourUpdateWaiting", False))


def apply_update() -> None:
    js.window.parlourUpdate()


def later(ms: int, fn: Callable[[], None]) -> None:
    """Run ``fn`` after ``ms`` milliseconds (lets the page paint before long work such as an AI move)."""
    js.setTimeout(create_proxy_once(fn), ms)


def soon(fn: Callable[[], None]) -> None:
    """Run ``fn`` in a task of its own as soon as the page is free, ahead of timers (a change's
    drawing after its rules: decision 0066): ``scheduler.postTask`` at user-blocking priority where
    the browser has it, else ``setTimeout(0)``."""
    scheduler = getattr(js, "scheduler", None)
    if _some(scheduler) and hasattr(scheduler, "postTask"):
        scheduler.postTask(create_proxy_once(fn), js.JSON.parse('{"priority":"user-blocking"}'))
        return
    js.setTimeout(create_proxy_once(fn), 0)


def after_frame(fn: Callable[[], None]) -> None:
    """Run ``fn`` in a task of its own once the page's next frame is drawn: what it puts on the
    page is laid out in a frame of its own, not with what the task before it put (decision 0106)."""
    js.requestAnimationFrame(create_proxy_once(lambda: later(0, fn)))


def every(ms: int, fn: Callable[[], None]) -> None:
    """Run ``fn`` every ``ms`` milliseconds for the life of the page (the network host's clock tick)."""
    js.setInterval(_proxy(lambda *_a: fn(), fn.__qualname__), ms)


def bot_think(request: str, on_reply: Callable[[str | None], None]) -> None:
    """Hand a bot's search to the worker (``window.parlourBots``, assets/boot.js); ``on_reply`` gets
    its answer, or ``None`` when there is no worker (the bot then thinks on the page)."""
    bots = getattr(js.window, "parlourBots", None)
    if not _some(bots):
        on_reply(None)
        return
    # JsPromise.then makes (and later frees) the proxies of the two callbacks.
    bots.think(request).then(
        timed(lambda reply: on_reply(str(reply)), "bot-reply"), lambda _error: on_reply(None)
    )


def value_of(element_id: str) -> str:
    """The current value of a form field (read at the moment of a click, typed text included)."""
    el = js.document.getElementById(element_id)
    return str(el.value) if _some(el) else ""


def create_proxy_once(fn: Callable[[], None]) -> Any:
    holder: list[Any] = []
    call = timed(fn)

    def run(*_args: Any) -> None:
        try:
            call()
        finally:
            holder[0].destroy()

    holder.append(create_proxy(run))
    return holder[0]


def location_hash() -> str:
    return str(js.location.hash)


def set_hash(fragment: str) -> None:
    js.location.hash = fragment


def replace_hash(fragment: str) -> None:
    """Change the fragment without a history entry (and without a hashchange event)."""
    js.history.replaceState(None, "", fragment)


def page_url() -> str:
    return str(js.location.href).split("#")[0]


def languages() -> list[str]:
    return [str(x) for x in js.navigator.languages] or [str(js.navigator.language)]


def narrow() -> bool:
    """Whether the window is too narrow for side panels beside the board (the CSS breakpoint)."""
    return bool(js.window.matchMedia("(max-width: 899px)").matches)


def reduced_motion() -> bool:
    return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def storage_get(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
    except Exception:  # storage can be refused (private mode, embeds): then nothing is kept
        return None
    return str(value) if _some(value) else None


def storage_set(key: str, value: str) -> bool:
    """Keep ``value``; ``False`` when the browser refused (quota full, private mode, embeds): callers
    that keep something a player would miss tell the player it could not be saved."""
    try:
        js.localStorage.setItem(key, value)
    except Exception:
        return False
    return True


def storage_remove(key: str) -> None:
    with contextlib.suppress(Exception):
        js.localStorage.removeItem(key)


def loaded() -> None:
    """Tell tests and the loading screen that the app is up."""
    js.document.body.dataset.ready = "1"
    js.window.dispatchEvent(js.Event.new("parlour-ready"))
