"""Boo! at the table in Chromium (the built site): tap → route redraw while tracing, and the longest
main-thread task while one person sits with 5 bots (hard) for a few rounds. Prints JSON.

* ``tap_redraw_ms``: a tap on a cell (pointerdown) to the next frame after the route was redrawn,
  p50/p95/max over ``--taps`` taps (forward and back along a row), hot-seat, 2 people;
* ``long_tasks_ms``: Long Tasks API entries while 1 person and 5 hard bots play for ``--seconds``
  (the bots plan on the page's clock), with how many plies were played meanwhile, and each call
  into Python over 30 ms with its parts (``python_over_30ms``: the collector's are ``gc0``-``gc2``);
* ``starts``: with ``--starts N``, the same table started N times (a page each): the longest task
  of each start (the click on Start and the match's first drawing) and its animation frame's
  script, forced style and layout, and rendering times; the app's first notes (ms making the
  markup, ms drawing it: the first screen's two tasks).

With ``--against DIR`` (another built site: main before a change) every figure is taken on it as
well, before this site's, in the same run.

    python bench/boo_table.py [--taps 60] [--seconds 40] [--starts 0] [--against DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "pysrc")]

from harness import CHROMIUM_ARGS, build, serve_dist  # noqa: E402
from parlour.engine import Match, encode_link  # noqa: E402
from parlour.games.boo import GAME  # noqa: E402
from parlour.games.boo.castle import cell_name  # noqa: E402
from play_latency import spread  # noqa: E402

LONG = """window.benchLong = []; window.parlourRedraws = []; window.benchFrames = [];
new PerformanceObserver((l) => l.getEntries().forEach((e) => window.benchFrames.push({
  ms: Math.round(e.duration),
  script_ms: Math.round(e.scripts.reduce((a, s) => a + s.duration, 0)),
  layout_ms: Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
  forced_ms: Math.round(e.scripts.reduce((a, s) => a + (s.forcedStyleAndLayoutDuration || 0), 0)),
  by: e.scripts.map((s) => s.invoker + " " + Math.round(s.duration)).slice(0, 3),
  // What had just happened (the observer runs right after the frame): the log's latest words.
  after: (document.querySelector("#move-log > li:last-child")?.textContent || "").trim().slice(0, 80),
}))).observe({ type: "long-animation-frame" });
new PerformanceObserver((l) => l.getEntries().forEach((e) => window.benchLong.push(e.duration)))
  .observe({ type: "longtask" });"""

TAP = """async (cell) => {
  const el = document.getElementById("cell-" + cell);
  const t0 = performance.now();
  el.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, pointerId: 1, pointerType: "mouse", button: 0, isPrimary: true }));
  await new Promise((r) => requestAnimationFrame(() => r()));
  return performance.now() - t0;
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def taps(page: Any, url: str, count: int) -> dict[str, float]:
    match = Match.new(GAME, 2, {"trace_ms": 30000}, "bench", {"seats": ["human", "human"]})
    page.goto(url + f"#/boo/play?m={encode_link(match.record)}")
    page.wait_for_selector("svg.boo-castle", timeout=120_000)
    page.click("#boo-booo-0")
    page.click("#boo-colour-0-white")
    page.wait_for_selector("#boo-show")
    x, y = match.state.ghost
    side = [cell_name((x, y + (1 if y < 8 else -1))), cell_name((x, y))]
    times = [float(page.evaluate(TAP, side[i % 2])) for i in range(count)]
    return {
        "taps": count,
        "p50": round(statistics.median(times), 1),
        "p95": round(percentile(times, 0.95), 1),
        "max": round(max(times), 1),
    }


def five_bots(page: Any, url: str) -> None:
    """The setup of 1 person and 5 hard bots, with the long tasks and frames observed from here."""
    page.add_init_script("window.parlourTasks = [];")  # the app names each call into Python (spent)
    page.goto(url + "#/boo")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    page.select_option("#player-count", "6")
    for seat in range(1, 6):
        page.select_option(f"#seat-{seat}", "hard")
    page.evaluate(LONG)


def with_bots(page: Any, url: str, seconds: float) -> dict[str, Any]:
    five_bots(page, url)
    page.click("#start")
    page.wait_for_selector("svg.boo-castle")
    page.wait_for_timeout(int(seconds * 1000))
    long = [float(x) for x in page.evaluate("window.benchLong")]
    plies = page.locator("#move-log > li").count()
    noted = [[float(x) for x in line.split()] for line in page.evaluate("window.parlourRedraws")]
    frames: list[dict[str, Any]] = page.evaluate("window.benchFrames")
    # Each call into Python over 30 ms: ms, what, its parts (parlour.web.spent; gc0-gc2 the collector).
    python = [
        " ".join(t.split(" ")[1:])
        for t in page.evaluate("window.parlourTasks")
        if float(t.split(" ")[1]) > 30
    ]
    return {
        "seconds": seconds,
        "plies": plies,
        "long_tasks": len(long),
        "longest_ms": round(max(long), 1) if long else 0.0,
        "over_50ms": sum(1 for x in long if x > 50),
        "redraws": spread(noted),
        "longest_frames": sorted(frames, key=lambda f: -f["ms"])[:6],
        "python_over_30ms": python,
    }


def starts(browser: Any, url: str, count: int) -> dict[str, Any]:
    """The 5-bot table started ``count`` times, a page each (one browser context: warm starts):
    the longest task from the click on Start until the castle has stood for a second."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    each = []
    for _ in range(count):
        page = context.new_page()
        five_bots(page, url)
        page.evaluate("window.parlourTasks.length = 0")
        page.click("#start")
        page.wait_for_selector("svg.boo-castle")
        page.wait_for_timeout(1000)
        long = [float(x) for x in page.evaluate("window.benchLong")]
        # Each call into Python over 5 ms since the click: ms, what, its parts (parlour.web.spent).
        python = [
            " ".join(t.split(" ")[1:])
            for t in page.evaluate("window.parlourTasks")
            if float(t.split(" ")[1]) > 5
        ]
        frames: list[dict[str, Any]] = page.evaluate("window.benchFrames")
        worst = max(frames, key=lambda f: f["ms"], default={})
        # The app's notes on each drawing (markup and draw ms, drawn and screen chars, ...): the
        # start's first screen is made, then drawn, in the first two (dom.note_redraw).
        notes = [[float(x) for x in line.split()][:2] for line in page.evaluate("window.parlourRedraws")]
        each.append(
            {
                "longest_ms": round(max(long, default=0.0), 1),
                "frame": worst,
                "markup_draw_ms": notes[:3],
                "python": python,
            }
        )
        page.close()
    context.close()
    longest = [e["longest_ms"] for e in each]
    return {
        "starts": count,
        "longest_ms": {"median": statistics.median(longest), "max": max(longest)},
        "over_50ms": sum(1 for x in longest if x > 50),
        "each": each,
    }


def measure(browser: Any, url: str, args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {}
    if args.taps:
        page = browser.new_page(viewport={"width": 820, "height": 1180})
        report["tap_redraw_ms"] = taps(page, url, args.taps)
        page.close()
    if args.seconds:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        report["five_bots"] = with_bots(page, url, args.seconds)
        page.close()
    if args.starts:
        report["starts"] = starts(browser, url, args.starts)
    return report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--starts", type=int, default=0, help="times the 5-bot table is started")
    parser.add_argument("--against", default="", help="another built site measured first (before)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve_dist()
    servers = [server]
    if args.against:
        other = build.make_server(0, Path(args.against).resolve())
        threading.Thread(target=other.serve_forever, daemon=True).start()
        servers.append(other)
    report: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            if args.against:
                report["against"] = measure(browser, f"http://127.0.0.1:{other.server_address[1]}/", args)
            report["this"] = measure(browser, url, args)
            browser.close()
    finally:
        for each in servers:
            each.shutdown()
    print(json.dumps(report if args.against else report["this"], indent=2))


if __name__ == "__main__":
    main()
