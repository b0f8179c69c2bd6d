"""What a redraw changes on the page: the screen's markup compared with what the page shows, region
by region (:func:`parlour.web.markup.region`), as the fewest page changes (issue #17: a whole screen
costs Chromium tens of ms to parse and lay out, a move changes a few regions of it).

Pure functions on strings, so the same comparison is tested on CPython; :func:`parlour.web.dom.redraw`
applies the changes. A region's element keeps its node when only its own attributes changed; regions
added or removed among their siblings (a tile laid, a log entry) are inserted or removed alone."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple


class Change(NamedTuple):
    """One change to the page. ``kind``: ``replace`` the element ``target`` by ``markup``;
    ``remove`` it; ``after``/``before``: put ``markup`` (the region ``new_id``) beside ``target``;
    ``attrs``: give ``target`` exactly the attributes ``attrs`` (its children stay; ``markup`` is
    its new opening tag)."""

    kind: str
    target: str
    markup: str = ""
    new_id: str = ""
    attrs: tuple[tuple[str, str], ...] = ()


_MARK = re.compile(r"<!--r:([\w-]+)-->")
_HEAD = re.compile(r"<[\w-]+\b[^>]*>")
_ATTR = re.compile(r'\s([^\s="/>]+)(?:="([^"]*)")?')


@functools.lru_cache(maxsize=128)
def split_regions(html: str) -> tuple[str, dict[str, str]] | None:
    """``html``'s shape (each outermost region left as its opening mark) and those regions' elements
    by id, in order; ``None`` when two share an id (nothing could tell them apart). The result is
    shared: never change it.

    Scanned with ``str.find`` for each region's closing mark: a regular expression with a
    back-reference tried at every character was most of a redraw's Python time on a 120 KB screen
    (issue #17). Kept for the last few markups split: what a redraw compares against is what the
    redraw before made (the same strings, their hashes kept by Python), so each is split once, not
    twice (issue #17 again: splitting was the largest part of a boop. network redraw's Python)."""
    parts: dict[str, str] = {}
    shape: list[str] = []
    count, pos, start = 0, 0, 0
    while (at := html.find("<!--r:", pos)) >= 0:
        mark = _MARK.match(html, at)
        if mark is None:
            pos = at + 1
            continue
        close = html.find(f"<!--/r:{mark[1]}-->", mark.end())
        if close < 0:  # an opening mark without its end is text of the shape
            pos = at + 1
            continue
        count += 1
        parts[mark[1]] = html[mark.end() : close]
        shape += (html[start:at], mark[0])
        pos = start = close + len(mark[1]) + 10
    shape.append(html[start:])
    return ("".join(shape), parts) if count == len(parts) else None


def replaced(html: str, element_id: str, element: str) -> str | None:
    """``html`` with the region ``element_id``'s element replaced by ``element`` (what a page
    showing ``html`` shows once that region alone is redrawn); ``None`` when it has no such region."""
    mark, close = f"<!--r:{element_id}-->", f"<!--/r:{element_id}-->"
    start = html.find(mark)
    end = html.find(close, start)
    if start < 0 or end < 0:
        return None
    return html[: start + len(mark)] + element + html[end:]


_REF = re.compile(r"&(?:(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6}));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _char(ref: re.Match[str]) -> str:
    name, number, hexa = ref.groups()
    return _NAMED[name] if name else chr(int(number, 10) if number else int(hexa, 16))


def _plain(code: int) -> bool:
    """A character reference that stands for its code point alone (``html.unescape`` maps
    control characters and some others otherwise)."""
    return 0x20 <= code < 0x7F or 0xA0 <= code < 0xD800 or 0xE000 <= code < 0xFDD0 or 0xFDF0 <= code < 0xFFFE


def unescape(text: str) -> str:
    """What ``html.unescape`` gives, without importing ``html`` for the references the app's own
    markup holds (:func:`parlour.web.markup.esc`'s five and plain numeric ones): importing it
    (its table of 2,000 entities) was a page's first attribute change, 60-260 ms of one task in
    Pyodide on a network page (issue #17). Any other reference is left to ``html.unescape``."""
    if "&" not in text:
        return text
    refs = list(_REF.finditer(text))
    left = _REF.sub("", text)
    numbers = (int(r[2], 10) if r[2] else int(r[3], 16) for r in refs if not r[1])
    if "&" in left or not all(_plain(code) for code in numbers):
        from html import unescape as full  # a reference the app's markup never makes

        return full(text)
    return _REF.sub(_char, text)


def attributes(head: str) -> tuple[tuple[str, str], ...]:
    """The attributes of an opening tag, values unescaped (a bare attribute has ``""``)."""
    return tuple(
        (m[1], unescape(m[2] or "")) for m in _ATTR.finditer(head[: -1 if head.endswith(">") else None])
    )


def _touches(html: str, dirty: frozenset[str]) -> bool:
    return any(f'id="{element_id}"' in html for element_id in dirty)


def changes(shown: str, new: str, dirty: frozenset[str] = frozenset()) -> list[Change] | None:
    """The page changes that turn a page showing ``shown`` into ``new`` (``[]``: nothing changed);
    ``None`` when the screen's shape changed (draw it whole). ``dirty`` names elements changed on
    the page since ``shown`` was drawn (a board's patch): what holds one is drawn again."""
    out: list[Change] = []
    return out if _diff(shown, new, dirty, "", out) else None


def _diff(old: str, new: str, dirty: frozenset[str], element_id: str, out: list[Change]) -> bool:
    """Add to ``out`` what turns ``old`` into ``new`` (the region ``element_id``'s element, or the
    whole screen for ``""``); ``False``, ``out`` as it was, when only replacing all of it would do."""
    start = len(out)
    if _diff_into(old, new, dirty, element_id, out):
        return True
    del out[start:]
    return False


def _diff_into(old: str, new: str, dirty: frozenset[str], element_id: str, out: list[Change]) -> bool:
    if old == new and not _touches(old, dirty):
        return True
    before, after = split_regions(old), split_regions(new)
    if before is None or after is None or _touches(before[0], dirty):
        return False
    (shape, parts), (new_shape, new_parts) = before, after
    if element_id and shape != new_shape:  # the element's own attributes: set them, keep its children
        head, new_head = _HEAD.match(shape), _HEAD.match(new_shape)
        if head is None or new_head is None:
            return False
        if head[0] != new_head[0]:
            out.append(Change("attrs", element_id, new_head[0], attrs=attributes(new_head[0])))
            shape, new_shape = shape[head.end() :], new_shape[new_head.end() :]
    if shape != new_shape and not _siblings(shape, new_shape, new_parts, out):
        return False
    for rid, element in new_parts.items():
        if rid not in parts:
            continue  # inserted whole by _siblings
        old_element = parts[rid]
        if (old_element != element or _touches(old_element, dirty)) and not _diff(
            old_element, element, dirty, rid, out
        ):
            out.append(Change("replace", rid, element))
    return True


def _siblings(shape: str, new_shape: str, new_parts: dict[str, str], out: list[Change]) -> bool:
    """Shapes that differ only by regions removed or added (in the same order otherwise): those
    removed and inserted beside a neighbour region; ``False`` for any other difference."""
    if _MARK.sub("", shape) != _MARK.sub("", new_shape):
        return False
    old_ids, new_ids = _MARK.findall(shape), _MARK.findall(new_shape)
    kept = set(old_ids) & set(new_ids)
    if [i for i in old_ids if i in kept] != [i for i in new_ids if i in kept]:
        return False  # moved around: not worth it
    out.extend(Change("remove", i) for i in old_ids if i not in kept)
    # Each run of new regions, mark right after mark, goes beside a kept region it touches: the page
    # has that one already (not one inserted by the same redraw: the page finds every target first).
    marks = list(_MARK.finditer(new_shape))
    run: list[str] = []
    for k, mark in enumerate(marks):
        if mark[1] in kept:
            continue
        run.append(mark[1])
        follow = marks[k + 1] if k + 1 < len(marks) and marks[k + 1].start() == mark.end() else None
        if follow is not None and follow[1] not in kept:
            continue  # the run goes on
        first = marks[k + 1 - len(run)]
        prev = marks[k - len(run)] if k >= len(run) else None
        if prev is not None and prev[1] in kept and prev.end() == first.start():
            out.extend(Change("after", prev[1], new_parts[rid], rid) for rid in reversed(run))
        elif follow is not None:
            out.extend(Change("before", follow[1], new_parts[rid], rid) for rid in run)
        else:
            return False
        run = []
    return True


_NEXT = re.compile(r"<!--/r:([\w-]+)--><!--r:([\w-]+)-->")
"""A region closed and the next begun at once: two sibling regions, side by side."""


def in_pieces(
    element: str, size: int, keep: frozenset[str] = frozenset(), free: int = 0
) -> tuple[str, list[list[Change]]]:
    """``element`` put on the page a piece at a time, no piece much over ``size`` characters: the
    first piece is ``element`` with regions held back (the last of each run of sibling regions
    first: a field's tiles), and each later piece inserts some of those, in the order they stand,
    each after the sibling before it (on the page by then). A region holding an element of ``keep``
    (a kept layer, moved in rather than parsed: ``free`` characters of the first piece) stays in
    the first piece. Small: one piece."""
    held: list[tuple[int, str, str, str]] = []  # where it stood, its id, the sibling before, markup
    first = element
    for m in reversed(list(_NEXT.finditer(element))):
        if len(first) - free <= size:
            break
        before, rid = m[1], m[2]
        close = f"<!--/r:{rid}-->"
        start = m.start() + len(f"<!--/r:{before}-->")  # its own opening mark
        end = first.find(close, start)
        if end < 0 or first[start : m.end()] != f"<!--r:{rid}-->":
            continue
        body = first[m.end() : end]
        if any(f'id="{k}"' in body for k in keep):
            continue
        held.append((start, rid, before, body))
        first = first[:start] + first[end + len(close) :]
    groups: list[list[tuple[int, str, str, str]]] = []
    total = size
    for row in sorted(held):
        if total + len(row[3]) > size:
            groups.append([])
            total = 0
        groups[-1].append(row)
        total += len(row[3])
    # The page finds every target before it changes anything (dom.redraw): a run of regions goes
    # after the one before the run, last first, as a redraw inserts a run (_siblings).
    pieces: list[list[Change]] = []
    for group in groups:
        anchor: dict[str, str] = {}
        runs: dict[str, list[Change]] = {}
        for _, rid, before, body in group:
            anchor[rid] = anchor.get(before, before)
            runs.setdefault(anchor[rid], []).append(Change("after", anchor[rid], body, rid))
        pieces.append([change for run in runs.values() for change in reversed(run)])
    return first, pieces


def inserted(html: str, change: Change) -> str:
    """``html`` as a page showing it shows it once ``change`` (a region put ``after`` another) is
    made. A target ``html`` has no region of is an error (never an insertion at a wrong place)."""
    close = f"<!--/r:{change.target}-->"
    at = html.find(close)
    if at < 0:
        raise ValueError(f"no region {change.target!r} to put {change.new_id!r} after")
    at += len(close)
    rid = change.new_id
    return f"{html[:at]}<!--r:{rid}-->{change.markup}<!--/r:{rid}-->{html[at:]}"
