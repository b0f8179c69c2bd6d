"""The loading words as a person sees them: how long the same words stand while the app starts.

Records, from before the page's first script, every change of the loading screen's text
(``#loading-text``, a MutationObserver), every animation frame and every long task (Long Tasks API),
up to the moment the app is up. A change is seen at the first frame after it; the figure that
matters is the longest time the same words stood on screen while loading (issue #17: never more
than 2 s), beside the longest task and the time to the interactive picker. Cold: a new browser
context (first visit, no service worker). Warm: a reload once the service worker controls the page
and the memory snapshot is made (decision 0085). After each, ``after_up_long_tasks``: the long tasks
from the app being up until its idle imports and ``boot.settle`` are done, each named by the start's
steps that ran in it (boot.js's measures), and ``settle_ms`` (settle alone) with the long task it was
in (``settle_in_long_task_ms``, 0: none). Then, for each game, a cold start at its address
(``#/<game>``): the "Loading <game>" words from the app's first screen to the game's setup (its
rules and board imported a module a task, decision 0038). With ``--picker``, each game is also opened
from the picker once the start is done (its idle imports and ``settle``), on the cold start's page
(the game's own modules compiled then) and on the warm one's (restored): the longest task from the
address's change until the setup screen has stood for a second (what is done after it counts too),
and each call into Python over 30 ms with its parts (``parlour.web.spent``: an opening's import steps
are ``import:<module>``). With ``--against DIR`` another built site (for example main, built apart)
is measured in the same run, turn about; prints JSON.

    python bench/progress.py [--runs 3] [--against DIR] [--games boop,boo,...|none] [--picker]
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
window.progressBench = { changes: [], frames: [], tasks: [] };
new PerformanceObserver((list) => list.getEntries().forEach((e) => {
  progressBench.tasks.push([e.startTime, e.duration]);
})).observe({ type: "longtask", buffered: true });
progressBench.game = [];
const frame = (t) => {
  progressBench.frames.push(t);
  if (!progressBench.setup) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
addEventListener("DOMContentLoaded", () => {
  const text = document.getElementById("loading-text");
  const seen = () => progressBench.changes.push([performance.now(), text.textContent]);
  seen();
  new MutationObserver(seen).observe(text, { childList: true, characterData: true, subtree: true });
  // The app's own loading screen (opening a game), until a game's screen replaces it.
  new MutationObserver(() => {
    const words = document.getElementById("loading-game-text");
    const game = progressBench.game;
    if (words && (!game.length || game[game.length - 1][1] !== words.textContent)) {
      game.push([performance.now(), words.textContent]);
    }
    if (document.querySelector("[data-screen=setup]") && !progressBench.setup) progressBench.setup = performance.now();
  }).observe(document.body, { childList: true, characterData: true, subtree: true });
});
"""
"""Installed before any of the page's scripts: words, frames and long tasks, all on one clock.
Frames are recorded until a game's setup screen is up (on the picker: for the life of the page)."""


def stood(changes: list[list[Any]], frames: list[float], ready: float) -> tuple[float, str, list[str]]:
    """The longest time (ms) the same words stood on screen before ``ready``, those words, and the
    words in the order shown. Words count from the first frame after they were set."""
    shown: list[tuple[float, str]] = []
    for at, words in changes:
        if at > ready:
            break
        when = next((f for f in frames if f >= at), ready)
        if shown and shown[-1][1] == words:
            continue
        if shown and shown[-1][0] >= when:  # replaced before any frame showed it
            shown[-1] = (shown[-1][0], words)
            continue
        shown.append((when, words))
    ends = [t for t, _ in shown[1:]] + [ready]
    longest, words = max(((end - t, w) for (t, w), end in zip(shown, ends, strict=True)), default=(0.0, ""))
    return longest, words, [w for _, w in shown]


def one_load(page: Any, url: str, reload: bool) -> dict[str, Any]:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    data = page.evaluate("({ ...window.progressBench, ready: window.parlourBoot.timings.ready })")
    ready = data["ready"]
    longest, words, seen = stood(data["changes"], data["frames"], ready)
    before = [d for s, d in data["tasks"] if s < ready]
    gaps = [b - a for a, b in zip(data["frames"], data["frames"][1:], strict=False) if a < ready]
    return {
        "ready_s": round(ready / 1000, 3),
        "longest_same_words_ms": round(longest),
        "those_words": words,
        "longest_task_ms": round(max(before, default=0)),
        "longest_frame_gap_ms": round(max(gaps, default=0)),
        "words_shown": len(seen),
        "phases": list(dict.fromkeys(w.split(":")[0].split("·")[0].strip() for w in seen)),
    }


TASKS = "window.parlourTasks = [];"
"""Installed with :data:`RECORD` where Python's tasks are named (``--picker``, a game's address)."""

AFTER_MS = 1000
"""How long a game's setup screen stands before an opening's tasks are read: what the opening left
for after its first screen is counted with it."""


def python_over(page: Any, since: float, ms: float = 30) -> list[str]:
    """Each call into Python since ``since`` (the page's clock) over ``ms``: ms, what, its parts."""
    tasks = page.evaluate("window.parlourTasks || []")
    return [
        " ".join(t.split(" ")[1:])
        for t in tasks
        if float(t.split(" ")[0]) >= since and float(t.split(" ")[1]) > ms
    ]


def picked(page: Any, game_id: str) -> dict[str, Any]:
    """The game opened from the picker (the page on it, its start done): the longest task from the
    address's change until the setup screen has stood for :data:`AFTER_MS`."""
    start = page.evaluate(
        f"() => {{ const t = performance.now(); location.hash = '#/{game_id}'; return t; }}"
    )
    page.wait_for_selector("main[data-screen=setup]", timeout=180_000)
    setup = page.evaluate("performance.now()")
    page.wait_for_timeout(AFTER_MS)
    tasks = page.evaluate("window.progressBench.tasks")
    python = python_over(page, start)
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("main[data-screen=picker]", timeout=60_000)
    return {
        "setup_s": round((setup - start) / 1000, 3),
        "longest_task_ms": round(max((d for s, d in tasks if s >= start), default=0)),
        "over_50ms": sum(1 for s, d in tasks if s >= start and d > 50),
        "python_over_30ms": python,
    }


def game_load(browser: Any, url: str, game_id: str) -> dict[str, Any]:
    """A cold start at the game's address: the app's "Loading <game>" words until its setup."""
    context = browser.new_context(locale="en-US")
    context.add_init_script(RECORD)
    context.add_init_script(TASKS)
    page = context.new_page()
    page.goto(f"{url}#/{game_id}")
    page.wait_for_function("window.progressBench.setup !== undefined", timeout=180_000)
    page.wait_for_timeout(AFTER_MS)
    data = page.evaluate("window.progressBench")
    python = python_over(page, 0)
    context.close()
    if not data["game"]:
        return {"no_loading_screen": True}
    start, setup = data["game"][0][0], data["setup"]
    longest, words, seen = stood(data["game"], data["frames"], setup)
    return {
        "loading_s": round((setup - start) / 1000, 3),
        "longest_same_words_ms": round(longest),
        "those_words": words,
        "longest_task_ms": round(max((d for s, d in data["tasks"] if start <= s < setup), default=0)),
        "longest_task_after_ms": round(max((d for s, d in data["tasks"] if s >= setup), default=0)),
        "python_over_30ms": python,
        "words_shown": len(seen),
        "first_and_last": [seen[0], seen[-1]],
    }


def after_up(page: Any) -> dict[str, Any]:
    """The long tasks from the app being up until its start's idle imports and ``settle`` are done
    (``parlourBoot.python`` resolved; ``settle`` is the last): ms after up, ms each, and what of the
    start ran in it (boot.js's measures ``parlour:<module>`` and ``parlour:settle``, or nothing: the
    browser's own work or another script's). And ``settle``'s own ms, and the long task it fell in
    (0: none)."""
    page.evaluate("window.parlourBoot.python")
    data = page.evaluate(
        """({ tasks: window.progressBench.tasks, up: window.parlourBoot.timings.ready, now: performance.now(),
        steps: performance.getEntriesByType("measure").filter((m) => m.name.startsWith("parlour:"))
          .map((m) => [m.name.slice(8), m.startTime, m.duration]) })"""
    )

    def inside(start: float, ms: float) -> list[str]:  # a ms of slack: the two clocks are rounded
        return [name for name, at, d in data["steps"] if start - 1 <= at and at + d <= start + ms + 1]

    tasks = [[s, d] for s, d in data["tasks"] if data["up"] <= s <= data["now"]]
    settle = next(([at, d] for name, at, d in data["steps"] if name == "settle"), None)
    return {
        "after_up_long_tasks": [[round(s - data["up"]), round(d), " ".join(inside(s, d))] for s, d in tasks],
        "settle_ms": round(settle[1], 1) if settle else None,
        "settle_in_long_task_ms": next((round(d) for s, d in tasks if "settle" in inside(s, d)), 0),
    }


def site_run(browser: Any, url: str, pick: list[str]) -> dict[str, Any]:
    """A cold start and a warm one; with ``pick``, those games opened from the picker after each."""
    context = browser.new_context(locale="en-US")
    context.add_init_script(RECORD)
    if pick:
        context.add_init_script(TASKS)
    page = context.new_page()
    cold = one_load(page, url, reload=False)
    cold.update(after_up(page))  # the start's idle imports and settle done
    opened: dict[str, dict[str, Any]] = {}
    if pick:
        opened["cold"] = {game_id: picked(page, game_id) for game_id in pick}
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    page.wait_for_function("window.parlourBoot.snapshot !== undefined", timeout=180_000)
    warm = one_load(page, url, reload=True)
    warm.update(after_up(page))
    if pick:
        opened["warm"] = {game_id: picked(page, game_id) for game_id in pick}
    context.close()
    return {"cold": cold, "warm": warm, "picked": opened}


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for mode in ("cold", "warm"):
        loads = [r[mode] for r in runs]
        out[mode] = {
            key: {"median": statistics.median(x[key] for x in loads), "all": [x[key] for x in loads]}
            for key in (
                "ready_s",
                "longest_same_words_ms",
                "longest_task_ms",
                "longest_frame_gap_ms",
                "words_shown",
            )
        }
        out[mode]["those_words"] = [x["those_words"] for x in loads]
        for key in ("after_up_long_tasks", "settle_ms", "settle_in_long_task_ms"):
            out[mode][key] = [x[key] for x in loads]
        out[mode]["phases"] = loads[0]["phases"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", default="", help="another built site measured in the same run (before)")
    parser.add_argument(
        "--games", default="boop,boo,wooly-bully,ghosts-galore", help="games opened cold, or none"
    )
    parser.add_argument(
        "--picker", action="store_true", help="also open each game from the picker, cold and warm"
    )
    args = parser.parse_args()
    game_ids = [g for g in args.games.split(",") if g and g != "none"]
    os.environ.setdefault("PARLOUR_QUIET", "1")
    if not (build.DIST / "index.html").exists():
        build.build()
    sites = {"this": serve(build.DIST)}
    if args.against:
        sites = {"against": serve(Path(args.against).resolve()), **sites}
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    opened: dict[str, dict[str, list[dict[str, Any]]]] = {name: {g: [] for g in game_ids} for name in sites}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                for name, (url, _server) in sites.items():
                    results[name].append(site_run(browser, url, game_ids if args.picker else []))
                    for game_id in game_ids:
                        opened[name][game_id].append(game_load(browser, url, game_id))
            browser.close()
    finally:
        for _url, server in sites.values():
            server.shutdown()
    out: dict[str, Any] = {"runs": args.runs, "load_average": os.getloadavg()}
    out.update({name: summary(runs) for name, runs in results.items()})
    for name, by_game in opened.items():
        if by_game:
            out[name]["opening_a_game_cold"] = {
                game_id: {
                    key: [load.get(key) for load in loads]
                    for key in (
                        "loading_s",
                        "longest_same_words_ms",
                        "longest_task_ms",
                        "longest_task_after_ms",
                        "words_shown",
                    )
                }
                | {
                    "python_over_30ms": [load.get("python_over_30ms") for load in loads],
                    "those_words": [load.get("those_words") for load in loads],
                    "shown": loads[0].get("first_and_last"),
                }
                for game_id, loads in by_game.items()
            }
    if args.picker:
        for name, runs in results.items():
            out[name]["opening_from_the_picker"] = {
                mode: {
                    game_id: {
                        key: [run["picked"][mode][game_id][key] for run in runs]
                        for key in ("setup_s", "longest_task_ms", "over_50ms", "python_over_30ms")
                    }
                    for game_id in game_ids
                }
                for mode in ("cold", "warm")
            }
    if args.against:
        out["ratio_ready_this_over_against"] = {
            mode: round(out["this"][mode]["ready_s"]["median"] / out["against"][mode]["ready_s"]["median"], 3)
            for mode in ("cold", "warm")
        }
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
