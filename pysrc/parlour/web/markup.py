"""Tiny helpers to build HTML and SVG as text, escaped by default.

Screens are pure functions from state to markup; the app puts the text into the page in one step,
so the same code renders in the browser and in tests on CPython.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(value: object) -> str:
    """Text safe inside an element or a double-quoted attribute: what ``html.escape`` gives, without
    importing ``html`` (its entity table, 2,000 names, compiled from source on a first start: issue
    #17, decision 0004)."""
    return str(value).translate(_ESCAPES)


def attrs(**values: object) -> str:
    """``attrs(data_action="go", hidden=True, id=None)`` → `` data-action="go" hidden``.

    Underscores become dashes (``aria_label`` → ``aria-label``); a trailing underscore is dropped
    (``class_``); ``None`` and ``False`` leave the attribute out; ``True`` writes it bare.
    """
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        out.append(f" {key}" if value is True else f' {key}="{esc(value)}"')
    return "".join(out)


def tag(name: str, body: str = "", **values: object) -> str:
    """An element with escaped attributes; ``body`` is markup, already safe."""
    return f"<{name}{attrs(**values)}>{body}</{name}>"


def button(label: str, action: str, arg: object = None, **values: object) -> str:
    """A button the app's one click handler dispatches by its ``data-action``."""
    return tag("button", esc(label), type="button", data_action=action, data_arg=arg, **values)


def kept(element_id: str, key: str, body: str) -> str:
    """A ``<g>`` whose ``body`` stays the same while ``key`` does (a board's static layer: the castle's
    walls). The page keeps the drawn element from one screen to the next instead of drawing it
    again (:func:`reuse_kept`); the markup is whole, so anything that reads it needs nothing else."""
    return f'<g id="{element_id}"><!--keep:{element_id}:{key}-->{body}<!--/keep:{element_id}--></g>'


_KEEP_MARK = re.compile(r"<!--keep:([\w-]+):([\w-]+)-->")


def _kept(html: str) -> Iterator[tuple[int, int, str, str]]:
    """Each :func:`kept` body of ``html``: where its opening mark starts, where its closing mark
    ends, its id and its key. Each closing mark found with ``str.find``: a lazy ``.*?`` up to it
    tried the closing mark at every character of the castle's 40 KB (a third of a redraw's
    comparison in Pyodide, issue #17)."""
    pos = 0
    while (mark := _KEEP_MARK.search(html, pos)) is not None:
        close = f"<!--/keep:{mark[1]}-->"
        end = html.find(close, mark.end())
        if end < 0:
            pos = mark.end()
            continue
        yield mark.start(), end + len(close), mark[1], mark[2]
        pos = end + len(close)


def reuse_kept(html: str, shown: set[tuple[str, str]]) -> tuple[str, list[str], set[tuple[str, str]]]:
    """``html`` with the bodies of the :func:`kept` elements already ``shown`` (same id and key on
    the screen now) left out, the ids of those, and every kept element of ``html`` (shown next)."""
    reused: list[str] = []
    found: set[tuple[str, str]] = set()
    out, at = [], 0
    for start, end, element_id, key in _kept(html):
        found.add((element_id, key))
        if (element_id, key) in shown:
            reused.append(element_id)
            out.append(html[at:start])
            at = end
    return ("".join(out) + html[at:] if reused else html), reused, found


def labelled(label: str, control: str) -> str:
    """A labelled form control (``control`` is markup), laid out as one row of a form."""
    return tag("label", tag("span", esc(label)) + control, class_="field")


def region(element_id: str, element: str) -> str:
    """``element`` (one element whose id is ``element_id``, or nothing) marked as a region of the
    screen: a redraw compares it with what the page shows and replaces only the regions that changed
    (:func:`changed_regions`). Regions nest; what lies outside every region is the screen's shape."""
    return f"<!--r:{element_id}-->{element}<!--/r:{element_id}-->" if element else ""


_FIRST_ID = re.compile(r'<[\w-]+\b[^>]*?\sid="([\w-]+)"')


def region_of(element: str) -> str:
    """:func:`region` named by the id on ``element``'s own tag; ``element`` unmarked without one."""
    m = _FIRST_ID.match(element)
    return region(m[1], element) if m else element


def kept_elements(html: str) -> dict[tuple[str, str], str]:
    """Every :func:`kept` element of ``html`` by id and key, with its whole markup."""
    return {(i, key): f'<g id="{i}">{html[start:end]}</g>' for start, end, i, key in _kept(html)}


def kept_in(html: str) -> set[tuple[str, str]]:
    """Every :func:`kept` element of ``html``: id and key."""
    return {(i, key) for _start, _end, i, key in _kept(html)}
