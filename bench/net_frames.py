"""Where a network table's frames go: a host's page of hard bots and a watching guest's page, traced
in Chromium (the DevTools timeline's events) while the match plays, and each page's tasks read back:
the longest tasks with their browser work by name (style recalculation and how many elements it
visited, layout and how many objects, pre-paint, paint, layerize, script), whether a style or layout
ran inside script (forced: a read of geometry after a write), and the rendering work of every frame
(median, p95, max).

The tasks over 50 ms that ``bench/host_bots.py`` finds with little Python in them are the
browser's own rendering of the page (issue #17); this says what that rendering spends. The page
plays as in ``bench/host_bots.py --guest`` (it reuses its table), inside a network namespace.
With ``--against DIR`` each game is first traced on another built site in the same run (before).
``--keep DIR`` writes each raw trace there (open it in Chromium's performance panel);
``--invalidations`` also traces why each element was restyled or laid out (slow: read its parts only).

    python bench/net_frames.py [--seconds 40] [--games wooly-bully,boo] [--against DIR] [--keep DIR]
                               [--no-settle]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(Path(__file__).resolve().parent), str(ROOT), str(ROOT / "pysrc")]


from harness import in_network_namespace, serve  # noqa: E402
from host_bots import RESET, settled, watcher  # noqa: E402
from play_latency import INSTRUMENT, each_game  # noqa: E402

CATEGORIES = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "blink.user_timing",
    "v8.execute",
]
INVALIDATIONS = "disabled-by-default-devtools.timeline.invalidationTracking"
"""Why each element was restyled or laid out (``--invalidations``): an event for each, which slows the
page down several times over: read the parts with it, the times without it."""

RENDERING = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "UpdateLayer", "Commit")
"""The browser's own work for a frame (its self time is summed as the frame's rendering)."""

SCRIPT = ("FunctionCall", "EvaluateScript", "v8.callFunction", "TimerFire", "FireAnimationFrame",
          "EventDispatch", "RunMicrotasks", "v8.run")  # fmt: skip
"""Script: a style or layout inside one is forced (it read geometry or style after a change)."""


def tree(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One thread's complete events nested by time: each gets ``kids`` and ``self`` (µs)."""
    roots: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for e in sorted(events, key=lambda e: (e["ts"], -e.get("dur", 0))):
        e["kids"], e["self"] = [], e.get("dur", 0)
        end = e["ts"] + e.get("dur", 0)
        while stack and stack[-1]["ts"] + stack[-1].get("dur", 0) < end:
            stack.pop()
        if stack:
            stack[-1]["kids"].append(e)
            stack[-1]["self"] -= e.get("dur", 0)
        else:
            roots.append(e)
        stack.append(e)
    return roots


def walk(e: dict[str, Any], in_script: bool = False) -> Any:
    """Each event under ``e`` (``e`` too) with whether a script event holds it."""
    yield e, in_script
    inner = in_script or e["name"] in SCRIPT
    for k in e["kids"]:
        yield from walk(k, inner)


def task_parts(task: dict[str, Any]) -> dict[str, Any]:
    """A task's self time by event name (ms), the elements its style recalculations visited, the
    objects its layouts laid out, and which of them were forced."""
    by: Counter[str] = Counter()
    out: dict[str, Any] = {"style_elements": 0, "layout_objects": [], "forced": []}
    for e, in_script in walk(task):
        if e is task:
            continue
        by[e["name"]] += e["self"]
        args = e.get("args", {})
        if e["name"] == "UpdateLayoutTree":
            out["style_elements"] += int(args.get("elementCount", 0) or 0)
        if e["name"] == "Layout":
            begin = args.get("beginData", {})
            out["layout_objects"].append([begin.get("dirtyObjects"), begin.get("totalObjects")])
        if e["name"] in ("UpdateLayoutTree", "Layout") and in_script:
            out["forced"].append([e["name"], round(e.get("dur", 0) / 1000, 1)])
    out["self_ms"] = {k: round(v / 1000, 1) for k, v in by.most_common(10) if v >= 300}
    out["rendering_ms"] = round(sum(by[k] for k in RENDERING) / 1000, 1)
    return out


def read(trace: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each page's (host, guest) tasks on its main thread, from a trace of the whole browser."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    # Each page marks itself (``performance.mark``) once tracing runs: its process is its role.
    role = {
        e["pid"]: e["name"][len("bench-") :] for e in events if e.get("name") in ("bench-host", "bench-guest")
    }
    per: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in mains:
            per[(e["pid"], e["tid"])].append(e)
    out: dict[str, dict[str, Any]] = {}
    for (pid, _), evs in per.items():
        name = role.get(pid, "")
        if name not in ("host", "guest"):
            continue
        tasks = [t for t in tree(evs) if t.get("dur", 0) > 0]
        out[name] = summary(tasks)
    return out


def summary(tasks: list[dict[str, Any]]) -> dict[str, Any]:
    """The longest tasks broken down, and the spread of every task's rendering work."""
    parts = [(t, task_parts(t)) for t in tasks]
    rendering = sorted(p["rendering_ms"] for _, p in parts if p["rendering_ms"] > 0)
    elements = sorted(p["style_elements"] for _, p in parts if p["style_elements"])
    longest = sorted(parts, key=lambda tp: -tp[0]["dur"])[:6]
    # The tasks that restyled most (a whole subtree: a screen, `inert`): element counts do not
    # depend on the machine's load, so before and after compare even on a busy machine.
    restyled = sorted(parts, key=lambda tp: -tp[1]["style_elements"])[:3]
    t0 = min((t["ts"] for t in tasks), default=0)

    def brief(t: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
        return {
            "at_s": round((t["ts"] - t0) / 1e6, 1),
            "ms": round(t["dur"] / 1000, 1),
            "rendering_ms": p["rendering_ms"],
            "style_elements": p["style_elements"],
            "layout_objects": p["layout_objects"][:4],
            "forced": p["forced"][:4],
            "self_ms": p["self_ms"],
        }

    def spread(values: list[float]) -> dict[str, float]:
        if not values:
            return {}
        return {
            "count": len(values),
            "median": round(statistics.median(values), 1),
            "p95": round(values[int(0.95 * (len(values) - 1))], 1),
            "max": round(values[-1], 1),
        }

    return {
        "tasks_over_50ms": sum(1 for t in tasks if t["dur"] > 50_000),
        "tasks_over_30ms": sum(1 for t in tasks if t["dur"] > 30_000),
        "rendering_ms": spread(rendering),
        "style_elements": spread([float(x) for x in elements]),
        "forced": sum(len(p["forced"]) for _, p in parts),
        "longest": [brief(t, p) for t, p in longest],
        "most_restyled": [brief(t, p) for t, p in restyled],
    }


def trace_one(
    browser: Any,
    url: str,
    gid: str,
    seconds: float,
    keep: str,
    tag: str,
    categories: list[str],
    settle: bool = True,
) -> dict[str, Any]:
    """A host's table of hard bots with a guest watching, traced from Start for ``seconds``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INSTRUMENT)
    page = context.new_page()
    page.goto(url + f"#/{gid}/host?s=new")
    page.wait_for_selector("#net-host-name", timeout=180_000)
    page.wait_for_function("window.parlourBots.start().then(() => true)", timeout=180_000)
    guest, _first = watcher(browser, page)  # (the page, its first screen's long tasks)
    for select in page.locator("select[id^=net-seat-]").all():
        select.select_option("ai:hard")
    page.wait_for_selector("#net-start:not([disabled])")
    waited = settled([page, guest]) if settle else None  # as host_bots: play, not a first visit's work
    for each in (page, guest):
        each.evaluate(RESET)
    browser.start_tracing(categories=categories)
    page.evaluate("performance.mark('bench-host')")
    guest.evaluate("performance.mark('bench-guest')")
    page.click("#net-start")
    page.wait_for_selector("[data-phase=playing]", timeout=60_000)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not page.locator("[data-phase=over]").count():
        page.wait_for_timeout(250)
    guest.wait_for_timeout(500)
    raw = browser.stop_tracing()
    plies = page.locator("#move-log li").count()
    longtasks = {"host": page.evaluate("window.benchLong"), "guest": guest.evaluate("window.benchLong")}
    context.close()
    guest.context.close()
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / f"{gid}-{tag}.json").write_bytes(raw)
    out: dict[str, Any] = {"settled_s": waited, "plies": plies, **read(json.loads(raw))}
    for name, long in longtasks.items():
        if name in out:
            out[name]["longtask_api_ms"] = sorted((round(ms) for _, ms in long), reverse=True)[:6]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--games", default="")
    parser.add_argument(
        "--against", default="", help="another built site traced first in the same run (before)"
    )
    parser.add_argument("--keep", default="", help="a folder for the raw traces")
    parser.add_argument("--invalidations", action="store_true", help="also trace why each was restyled")
    parser.add_argument("--no-settle", action="store_true", help="press Start at once (host_bots.settled)")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ.setdefault("PARLOUR_QUIET", "1")
    if not args.inside:
        in_network_namespace(__file__, "a guest")
    other = serve(Path(args.against).resolve()) if args.against else None
    categories = CATEGORIES + ([INVALIDATIONS] if args.invalidations else [])

    def measure(browser: Any, url: str, gid: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if other is not None:
            out["against"] = trace_one(
                browser, other[0], gid, args.seconds, args.keep, "against", categories, not args.no_settle
            )
        out["this"] = trace_one(
            browser, url, gid, args.seconds, args.keep, "this", categories, not args.no_settle
        )
        return out

    try:
        each_game(args.games, measure)
    finally:
        if other is not None:
            other[1].shutdown()


if __name__ == "__main__":
    main()
