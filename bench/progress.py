"""The loading words as a person sees them: how long the same words stand while the app starts.

Records, from before the page's first script, every change of the loading screen's text
(``#loading-text``, a MutationObserver), every animation frame and every long task (Long Tasks API),
up to the moment the app is up. A change is seen at the first frame after it; the figure that
matters is the longest time the same words stood on screen while loading (issue #17: never more
than 2 s), beside the longest task and the time to the interactive picker. Cold: a new browser
context (first visit, no service worker). Warm: a reload once the service worker controls the page
and the memory snapshot is made (decision 0085). Then, for each game, a cold start at its address
(``#/<game>``): the "Loading <game>" words from the app's first screen to the game's setup (its
rules and board imported a module a task, decision 0038). With ``--against DIR`` another built site
(for example main, built apart) is measured in the same run, turn about; prints JSON.

    python bench/progress.py [--runs 3] [--against DIR] [--games boop,boo,...|none]
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


def game_load(browser: Any, url: str, game_id: str) -> dict[str, Any]:
    """A cold start at the game's address: the app's "Loading <game>" words until its setup."""
    context = browser.new_context(locale="en-US")
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto(f"{url}#/{game_id}")
    page.wait_for_function("window.progressBench.setup !== undefined", timeout=180_000)
    data = page.evaluate("window.progressBench")
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
        "words_shown": len(seen),
        "first_and_last": [seen[0], seen[-1]],
    }


def site_run(browser: Any, url: str) -> dict[str, Any]:
    context = browser.new_context(locale="en-US")
    context.add_init_script(RECORD)
    page = context.new_page()
    cold = one_load(page, url, reload=False)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    page.wait_for_function("window.parlourBoot.snapshot !== undefined", timeout=180_000)
    warm = one_load(page, url, reload=True)
    context.close()
    return {"cold": cold, "warm": warm}


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
                    results[name].append(site_run(browser, url))
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
                    for key in ("loading_s", "longest_same_words_ms", "longest_task_ms", "words_shown")
                }
                | {
                    "those_words": [load.get("those_words") for load in loads],
                    "shown": loads[0].get("first_and_last"),
                }
                for game_id, loads in by_game.items()
            }
    if args.against:
        out["ratio_ready_this_over_against"] = {
            mode: round(out["this"][mode]["ready_s"]["median"] / out["against"][mode]["ready_s"]["median"], 3)
            for mode in ("cold", "warm")
        }
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
