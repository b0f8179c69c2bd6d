"""Opening a game's rules help in Chromium: how long until what is in view is drawn, the longest
main-thread task meanwhile, and how heavy the page is; then the longest task while the reader
scrolls through it all (issue #14: the help's live examples, decision 0039).

The app is started on the game's setup screen (its package loaded), then the address changes to
the help. "Open" ends at the first frame where every lesson in the window is drawn whole (a lesson
drawn still, ``data-still``, waits until it nears the view). The page is then scrolled to its end a
window's height at a time, a step every 150 ms, and back to the top; then the help is opened once
more from the setup screen (its modules loaded: the lessons' own cost). With ``--against DIR``
another built site (main's ``dist/`` built apart) is measured in the same run, turn about. Prints
JSON; read the ratios.

    python bench/help_open.py [--games wooly-bully,boop] [--runs 3] [--size 390x844] [--against DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]

import build  # noqa: E402

from harness import CHROMIUM_ARGS, serve  # noqa: E402

RECORD = """
window.helpBench = { tasks: [], frames: [] };
window.parlourTasks = [];  // the app notes each call into Python: start, ms, what, its parts (spent)
new PerformanceObserver((list) => list.getEntries().forEach((e) => {
  helpBench.tasks.push([e.startTime, e.duration]);
})).observe({ type: "longtask", buffered: true });
try {
  new PerformanceObserver((list) => list.getEntries().forEach((e) => {
    const end = e.startTime + e.duration;
    const scripts = e.scripts.reduce((n, s) => n + s.duration, 0);
    const forced = e.scripts.reduce((n, s) => n + s.forcedStyleAndLayoutDuration, 0);
    helpBench.frames.push([e.startTime, e.duration, scripts, forced,
      e.renderStart ? end - e.renderStart : 0, e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0]);
  })).observe({ type: "long-animation-frame", buffered: true });
} catch (_e) {}  // a browser without the Long Animation Frames API: tasks are not split
"""
"""Installed before the page's scripts: every long task, and every long animation frame with its
parts (scripts, style and layout forced inside them, the frame's rendering, its style and layout
alone), on the page's clock; the app's own calls into Python with their parts."""

START = """(game) => {
  window.helpOpen = { t0: performance.now() };
  location.hash = `#/${game}/rules`;
}"""
"""Opens the help; :data:`OPENED` then says when it is open."""

OPENED = """() => {
  const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
  const lessons = [...document.querySelectorAll("article.rules figure.lesson")];
  if (!lessons.length || lessons.filter(inView).some((el) => el.hasAttribute("data-still"))) return false;
  return { t0: helpOpen.t0, open_ms: performance.now() - helpOpen.t0, lessons: lessons.length };
}"""
"""Checked every frame: the help is open once each lesson in the window is drawn whole."""

SCROLL = """() => {
  window.helpScrolled = null;
  const t0 = performance.now();
  const step = () => {
    const before = scrollY;
    scrollBy(0, innerHeight);
    if (scrollY === before) { scrollTo(0, 0); setTimeout(() => { helpScrolled = t0; }, 500); } else setTimeout(step, 150);
  };
  step();
}"""
"""Scrolls to the end a window at a time, then back to the top; ``helpScrolled`` is when it began."""

WAIT_MS = 120_000
"""The longest any wait may take (an opening, a scroll through, a screen): a help that never draws
its lessons fails the run naming the game, instead of holding the browser for ever."""


def wait(page: Any, script: str, game: str, what: str) -> Any:
    """``script``'s first truthy value, checked every frame; a clear error after :data:`WAIT_MS`."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        return page.wait_for_function(script, polling="raf", timeout=WAIT_MS).json_value()
    except Timeout as err:
        raise RuntimeError(f"{game}: waited {WAIT_MS // 1000} s for {what}; it never came") from err


def open_help(page: Any, game: str) -> dict[str, Any]:
    """Open ``game``'s help from the screen shown: when it began, how long until what is in view
    is drawn whole (``open_ms``), how many lessons it has."""
    page.evaluate(START, game)
    opened: dict[str, Any] = wait(page, OPENED, game, "every lesson in the window drawn whole")
    return opened


def setup(page: Any, game: str) -> None:
    """Wait for ``game``'s setup screen, then for it to settle (what follows is the help's)."""
    wait(page, "() => !!document.querySelector(\"main[data-screen='setup']\")", game, "its setup screen")
    page.wait_for_timeout(800)


def weight(page: Any) -> dict[str, int]:
    data = page.evaluate(
        """() => ({ markup: document.getElementById("app").innerHTML.length,
                    elements: document.querySelectorAll("#app *").length,
                    still: document.querySelectorAll("figure.lesson[data-still]").length })"""
    )
    return {key: int(value) for key, value in data.items()}


def named(page: Any, since: float, until: float = float("inf")) -> list[str]:
    """Each task over 50 ms from ``since`` to ``until``: its ms, then what the long animation frame
    it ended spent (script, style and layout forced by script, rendering, of which style and
    layout), then the app's calls into Python that started inside it with their parts."""
    raw = page.evaluate("[helpBench.tasks, helpBench.frames, window.parlourTasks]")
    tasks, frames, calls = raw
    out = []
    for start, ms in tasks:
        if not since <= start <= until or ms <= 50:
            continue
        end = start + ms
        frame = next((f for f in frames if f[0] <= end + 1 and f[0] + f[1] >= end - 1), None)
        parts = "no frame"
        if frame:
            whole, script, forced, render, layout = (round(x) for x in frame[1:])
            parts = f"frame {whole}: script {script} (forced layout {forced}), render {render} (style+layout {layout})"
        py = [c for c in calls if start - 1 <= float(c.split()[0]) <= end]
        out.append(f"{ms:.0f} ms; {parts}; " + " | ".join(" ".join(c.split()[1:]) for c in py))
    return out


def one_open(browser: Any, url: str, game: str, size: tuple[int, int]) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-US")
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto(f"{url}#/{game}", timeout=WAIT_MS)
    wait(page, "() => document.body.dataset.ready === '1'", game, "the app to be up")
    setup(page, game)
    opened = open_help(page, game)
    page.wait_for_timeout(600)  # tasks that finish the opening after its first whole frame
    t0, done = opened["t0"], opened["t0"] + opened["open_ms"] + 600
    tasks = page.evaluate("helpBench.tasks")
    during = [d for s, d in tasks if t0 <= s <= done]
    heavy = weight(page)
    page.evaluate(SCROLL)
    scrolled = wait(page, "() => window.helpScrolled", game, "the help scrolled through and back to the top")
    tasks = page.evaluate("helpBench.tasks")
    scrolling = [d for s, d in tasks if s >= scrolled]
    after = weight(page)
    long_opening, long_scrolling = named(page, t0, done), named(page, scrolled)
    # Again, its modules loaded: what the help's own lessons cost (made afresh on each opening).
    page.evaluate(f"location.hash = '#/{game}'")
    setup(page, game)
    again = open_help(page, game)
    page.wait_for_timeout(600)
    tasks = page.evaluate("helpBench.tasks")
    reopening = [d for s, d in tasks if again["t0"] <= s <= again["t0"] + again["open_ms"] + 600]
    context.close()
    return {
        "open_ms": round(opened["open_ms"], 1),
        "longest_task_ms": round(max(during, default=0)),
        "tasks_over_50": sum(d > 50 for d in during),
        "markup_chars": heavy["markup"],
        "elements": heavy["elements"],
        "still_lessons": heavy["still"],
        "lessons": opened["lessons"],
        "scroll_longest_task_ms": round(max(scrolling, default=0)),
        "scroll_tasks_over_50": sum(d > 50 for d in scrolling),
        "markup_chars_after_scroll": after["markup"],
        "reopen_ms": round(again["open_ms"], 1),
        "reopen_longest_task_ms": round(max(reopening, default=0)),
        "long_tasks_opening": long_opening,
        "long_tasks_scrolling": long_scrolling,
    }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        key: (
            [x for r in runs for x in r[key]]
            if isinstance(runs[0][key], list)
            else {"median": statistics.median(r[key] for r in runs), "all": [r[key] for r in runs]}
        )
        for key in runs[0]
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", default="wooly-bully")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="390x844", help="the window, WIDTHxHEIGHT")
    parser.add_argument("--against", default="", help="another built site measured in the same run (before)")
    args = parser.parse_args()
    os.environ.setdefault("PARLOUR_QUIET", "1")
    if not (build.DIST / "index.html").exists():
        build.build()
    width, height = (int(v) for v in args.size.split("x"))
    sites = {"this": serve(build.DIST)}
    if args.against:
        sites = {"against": serve(Path(args.against).resolve()), **sites}
    games = args.games.split(",")
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[dict[str, Any]]]] = {n: {g: [] for g in games} for n in sites}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                for game in games:
                    for name, (url, _server) in sites.items():
                        results[name][game].append(one_open(browser, url, game, (width, height)))
            browser.close()
    finally:
        for _url, server in sites.values():
            server.shutdown()
    out: dict[str, Any] = {"runs": args.runs, "size": args.size, "load_average": os.getloadavg()}
    out.update({name: {g: summary(r) for g, r in by_game.items()} for name, by_game in results.items()})
    if args.against:
        out["ratio_this_over_against"] = {
            g: {
                key: round(out["this"][g][key]["median"] / max(out["against"][g][key]["median"], 0.1), 3)
                for key in (
                    "open_ms",
                    "longest_task_ms",
                    "reopen_ms",
                    "reopen_longest_task_ms",
                    "markup_chars",
                )
            }
            for g in games
        }
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
