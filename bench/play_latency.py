"""A whole game of each playable game against the hard bot in Chromium: the longest main-thread
task while playing (Long Tasks API) and tap → redraw p95 (a click to the next frame after the screen
changed), the bots thinking in their worker (``--on-page`` adds the same game with them on the page).

The person's moves are real clicks on a button the benchmark adds to the page
(``data-action="bench-move"``): the app plays the n-th of the legal moves of the person's seat
(``App.bench_move``, n random), the path a board's move takes, so every game is played to its end
without the benchmark knowing its board. A click that changes nothing (not the person's turn) is
not a tap. Each game runs to its end screen or for ``--seconds``. With ``--against DIR`` each game
is first played on another built site (main's ``dist/`` copied before a change): a before and after
on the same machine, minutes apart. Prints JSON; read the ratios.

    python bench/play_latency.py [--seconds 300] [--games boop,ghosts-galore] [--against DIR] [--on-page]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "pysrc")]

from harness import CHROMIUM_ARGS, build, serve, serve_dist  # noqa: E402

INSTRUMENT = """
window.benchLong = [];
window.benchFrom = 0;  // tasks that began before the game (its start, delivered late) are not the game's
window.parlourTasks = [];  // the app notes each call into Python: start, ms, what, its parts (parlour.web.spent)
window.parlourRedraws = [];  // the app notes each redraw: markup ms, drawing ms, characters drawn, screen's
window.benchTaps = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => {
  if (e.startTime >= window.benchFrom) window.benchLong.push([e.startTime - window.benchFrom, e.duration]);
})).observe({ type: "longtask" });
window.benchFrames = [];
// Where a long frame's time went: scripts (Python runs inside them; the style and layout they forced)
// against the frame's own style and layout.
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.benchFrames.push({
  ms: Math.round(e.duration),
  script_ms: Math.round(e.scripts.reduce((a, s) => a + s.duration, 0)),
  forced_ms: Math.round(e.scripts.reduce((a, s) => a + (s.forcedStyleAndLayoutDuration || 0), 0)),
  layout_ms: Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
  by: e.scripts.map((s) => s.invoker).slice(0, 3),
}))).observe({ type: "long-animation-frame" });
let tapAt = null;
document.addEventListener("click", (e) => {
  const t0 = e.timeStamp;
  tapAt = t0;
  // A click that drew nothing (not the person's turn) is not a tap: the app draws within the
  // click's own task, or in the task right after it when the move's rules were long (decision
  // 0066), so its mutations are seen well before this timeout runs.
  setTimeout(() => { if (tapAt === t0) tapAt = null; }, 50);
}, true);
addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => {
    if (tapAt === null) return;
    const t0 = tapAt;
    tapAt = null;
    requestAnimationFrame((frame) => window.benchTaps.push(frame - t0));
  }).observe(document.getElementById("app"), { childList: true, subtree: true, attributes: true });
});
"""

ON_PAGE = "Object.defineProperty(window, 'parlourBots', { get: () => undefined, set: () => {} });"
"""Hides the worker from the app: its bots think on the page, as before (the comparison)."""

BUTTON = """() => {
  if (document.getElementById("bench-move")) return;
  const b = document.createElement("button");
  b.id = "bench-move";
  b.dataset.action = "bench-move";
  b.textContent = "bench";
  b.style.cssText = "position:fixed;left:0;top:0;width:48px;height:48px;z-index:9999;opacity:0.01";
  document.body.appendChild(b);
}"""
"""The benchmark's person: a button outside the app's markup (so redraws leave it), clicked for each move."""


def play_one(browser: Any, url: str, gid: str, on_page: bool, seconds: float) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INSTRUMENT + (ON_PAGE if on_page else ""))
    page = context.new_page()
    page.goto(url + f"#/{gid}")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    page.wait_for_selector("[data-screen=setup]")
    # A returning person's page: the next start's memory snapshot made (its worker done, decision 0085).
    page.wait_for_function("window.parlourBoot.snapshot !== undefined", timeout=180_000)
    for select in page.locator("select[id^=seat-]").all()[1:]:
        select.select_option("hard")
    page.click("#start")
    page.wait_for_selector("[data-screen=play]")
    if (
        not on_page
    ):  # the worker starts with the game's screen: wait for it, as a person reading the setup would
        page.wait_for_function("window.parlourBots.start().then(() => true)", timeout=180_000)
    page.evaluate(
        "window.benchLong = []; window.benchTaps = []; window.benchFrames = []; window.parlourRedraws = [];"
        "window.parlourTasks = [];"
        "window.benchFrom = performance.now()"
    )
    end = time.perf_counter() + seconds
    taps = 0
    finished = False
    rnd = random.Random(f"{gid}:{on_page}")
    started = time.perf_counter()
    ended_s = None
    while time.perf_counter() < end:
        if page.locator("#end-screen").count():
            finished = True
            ended_s = round(time.perf_counter() - started, 1)
            break
        if page.locator("[data-screen=play]").count():
            page.evaluate(BUTTON)
            page.evaluate(f"document.getElementById('bench-move').dataset.arg = '{rnd.randrange(10_000)}'")
            page.click("#bench-move", timeout=5000)
            taps += 1
        page.wait_for_timeout(150)
    # The end's own drawing is a task like any other: its long-task entry is delivered a little later.
    page.wait_for_timeout(1000)
    long_tasks: list[list[float]] = page.evaluate("window.benchLong")
    frames: list[dict[str, Any]] = page.evaluate("window.benchFrames")
    redraws: list[float] = page.evaluate("window.benchTaps")
    noted = [[float(x) for x in line.split()] for line in page.evaluate("window.parlourRedraws")]
    calls: list[str] = page.evaluate("window.parlourTasks") or []
    since: float = page.evaluate("window.benchFrom")
    plies = page.locator("#move-log li").count()
    context.close()
    redraws.sort()
    return {
        "finished": finished,
        "plies": plies,
        "taps": taps,
        "longest_task_ms": round(max((ms for _, ms in long_tasks), default=0.0), 1),
        "tasks_over_50ms": len(long_tasks),
        # The longest with when each began (s into the game), and when the end was seen.
        "longest_tasks_at_s": [
            [round(at / 1000, 1), round(ms)] for at, ms in sorted(long_tasks, key=lambda x: -x[1])[:6]
        ],
        "ended_s": ended_s,
        # Each long task named by the calls into Python it ran and their parts (parlour.web.spent).
        "long_tasks": named(long_tasks, calls, since)[:6],
        "longest_frames": sorted(frames, key=lambda f: -f["ms"])[:6],
        "tap_to_redraw_p95_ms": round(redraws[int(0.95 * (len(redraws) - 1))], 1) if redraws else None,
        "tap_to_redraw_median_ms": round(statistics.median(redraws), 1) if redraws else None,
        "redraws": spread(noted),
    }


def named(long: list[list[float]], calls: list[str], since: float) -> list[dict[str, Any]]:
    """Each long task (``[start, ms]`` from ``since``) with the calls into Python that ran in it
    (the app's ``window.parlourTasks``: start, ms, what was called, its parts ``name=ms``)."""
    notes = []
    for line in calls:
        start, ms, what, *parts = line.split(" ")
        notes.append((float(start) - since, float(ms), what, " ".join(parts)))
    out = []
    for start, ms in sorted(long, key=lambda x: -x[1]):
        inside = [n for n in notes if start - 1 <= n[0] <= start + ms]
        out.append(
            {
                "at_s": round(start / 1000, 1),
                "ms": round(ms),
                "python": [f"{what} {took:.0f}: {parts}" for _, took, what, parts in inside],
            }
        )
    return out


def spread(noted: list[list[float]]) -> dict[str, Any]:
    """Where the redraws' time went (the app's own notes, ``dom.note_redraw``): Python making the
    markup, the page taking it (parsing; layout a scroll restore forces; the comparison with the
    page's markup, ``diff_ms``, is part of it), how much was drawn, and the work done in the same
    task before the redraw (``before_ms``: a move's rules; 0 when drawn in a task of its own)."""
    if not noted:
        return {}
    columns = ("markup_ms", "draw_ms", "drawn_chars", "screen_chars", "settle_ms", "diff_ms", "before_ms")
    out: dict[str, Any] = {"count": len(noted)}
    for i, name in enumerate(columns):
        values = sorted(row[i] for row in noted if len(row) > i)
        if not values:
            continue
        out[name] = {
            "median": round(statistics.median(values), 1),
            "p95": round(values[int(0.95 * (len(values) - 1))], 1),
            "max": round(values[-1], 1),
        }
    return out


def each_game(games: str, measure: Callable[[Any, str, str], dict[str, Any]]) -> None:
    """Run ``measure(browser, url, game_id)`` for each playable game named in ``games`` (comma
    separated; all when empty) on the built site in one Chromium, printing each game's figures as
    they come (stderr) and all of them as JSON at the end. Shared with bench/host_bots.py."""
    from playwright.sync_api import sync_playwright

    from parlour.web import boards

    gids = [g for g in (games.split(",") if games else boards.BOARDS) if boards.playable(g)]
    url, server = serve_dist()
    results: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            for gid in gids:
                results[gid] = measure(browser, url, gid)
                print(gid, json.dumps(results[gid]), file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps(results, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--games", default="")
    parser.add_argument("--on-page", action="store_true", help="also play with the bots on the page")
    parser.add_argument(
        "--against", default="", help="another built site played first in the same run (before)"
    )
    args = parser.parse_args()
    other = serve(Path(args.against).resolve()) if args.against else None

    def measure(browser: Any, url: str, gid: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if other is not None:
            out["against"] = play_one(browser, other[0], gid, False, args.seconds)
        out["bots_in_worker"] = play_one(browser, url, gid, False, args.seconds)
        if args.on_page:
            out["bots_on_page"] = play_one(browser, url, gid, True, args.seconds)
        return out

    try:
        each_game(args.games, measure)
    finally:
        if other is not None:
            other[1].shutdown()


if __name__ == "__main__":
    main()
