"""Where a task's time went, for benchmarks only (issue #17: name each task over 50 ms).

:mod:`parlour.web.dom` times each call from the page into Python (an event, a timer, a message of
the WebRTC glue) as a task, and the app times the parts of it (``with spent.part("markup"):``).
Nothing is timed unless a benchmark asked (``window.parlourTasks``): :data:`ON` stays false and a
part costs one call.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

ON = [False]
"""Whether tasks are timed (set by :mod:`parlour.web.dom` when a benchmark asks)."""

_parts: dict[str, float] = {}
"""The current task's parts: ms by name (a part inside another is counted in both)."""


@contextmanager
def _timed(name: str) -> Iterator[None]:
    began = time.perf_counter()
    try:
        yield
    finally:
        _parts[name] = _parts.get(name, 0.0) + (time.perf_counter() - began) * 1000


_collecting = [0.0]


def _collection(phase: str, info: dict[str, int]) -> None:
    """The garbage collector's own time, as part ``gc<generation>`` of the task it fell in: a full
    collection walks every object the match keeps, and would otherwise inflate whichever part ran."""
    if not ON[0]:
        return
    if phase == "start":
        _collecting[0] = time.perf_counter()
    else:
        name = f"gc{info.get('generation', 0)}"
        _parts[name] = _parts.get(name, 0.0) + (time.perf_counter() - _collecting[0]) * 1000


def timing(on: bool) -> None:
    """Time tasks' parts, the collector's included (a benchmark asked), or stop."""
    ON[0] = on
    if on and _collection not in gc.callbacks:
        gc.callbacks.append(_collection)
    elif not on and _collection in gc.callbacks:
        gc.callbacks.remove(_collection)


def part(name: str) -> Any:
    """Time the block as part ``name`` of the current task (when tasks are timed)."""
    return _timed(name) if ON[0] else nullcontext()


def take() -> str:
    """The current task's parts as ``name=ms`` words, largest first, and forget them."""
    out = " ".join(f"{k}={v:.1f}" for k, v in sorted(_parts.items(), key=lambda kv: -kv[1]))
    _parts.clear()
    return out
