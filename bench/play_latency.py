"""A game of each playable game against the hard bot in Chromium: the longest main-thread task while
playing (Long Tasks API) and tap → redraw (a click on the board to the next frame after the screen
changed), with the bots in their worker and, in the same run, on the page as before workers.

The person's moves are clicks on the board, chosen without knowing the game: a legal-looking target
(``.legal``) when the board marks one, else any enabled ``data-action`` element of the board. Each
game runs to its end screen or for ``--seconds``. Prints JSON; read the ratios, the machine is noisy.

    python bench/play_latency.py [--seconds 120] [--games boop,ghosts-galore]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "pysrc")]

from harness import CHROMIUM_ARGS, build, serve_dist  # noqa: E402

INSTRUMENT = """
window.benchLong = [];
window.benchTaps = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.benchLong.push(e.duration)))
  .observe({ type: "longtask" });
let tapAt = null;
document.addEventListener("click", (e) => { tapAt = e.timeStamp; }, true);
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

PICK = """() => {
  const wrap = document.querySelector("[data-screen=play] .board-wrap") || document.querySelector("[data-screen=play]");
  if (!wrap || document.getElementById("end-screen")) return null;
  const ok = (el) => !el.disabled && el.getAttribute("aria-disabled") !== "true" && el.getClientRects().length;
  const all = [...wrap.querySelectorAll("[data-action]")].filter(ok);
  const legal = all.filter((el) => el.classList.contains("legal") || el.classList.contains("primary"));
  const pool = legal.length ? legal : all;
  if (!pool.length) return null;
  const el = pool[Math.floor(Math.random() * pool.length)];
  el.setAttribute("data-bench-pick", "1");
  return true;
}"""


def play_one(browser: Any, url: str, gid: str, on_page: bool, seconds: float) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INSTRUMENT + (ON_PAGE if on_page else ""))
    page = context.new_page()
    page.goto(url + f"#/{gid}")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    page.wait_for_selector("[data-screen=setup]")
    for select in page.locator("select[id^=seat-]").all()[1:]:
        select.select_option("hard")
    page.click("#start")
    page.wait_for_selector("[data-screen=play]")
    if (
        not on_page
    ):  # the worker starts with the game's screen: wait for it, as a person reading the setup would
        page.wait_for_function("window.parlourBots.start().then(() => true)", timeout=180_000)
    page.evaluate("window.benchLong = []; window.benchTaps = []")
    end = time.perf_counter() + seconds
    taps = 0
    finished = False
    while time.perf_counter() < end:
        if page.locator("#end-screen").count():
            finished = True
            break
        if page.evaluate(PICK):
            target = page.locator("[data-bench-pick]").first
            try:
                target.click(timeout=2000)
                taps += 1
            except Exception:  # the screen was redrawn under the pointer: pick again
                pass
            page.evaluate(
                "document.querySelectorAll('[data-bench-pick]').forEach((e) => e.removeAttribute('data-bench-pick'))"
            )
        page.wait_for_timeout(120)
    long_tasks: list[float] = page.evaluate("window.benchLong")
    redraws: list[float] = page.evaluate("window.benchTaps")
    plies = page.locator("#move-log li").count()
    context.close()
    redraws.sort()
    return {
        "finished": finished,
        "plies": plies,
        "taps": taps,
        "longest_task_ms": round(max(long_tasks, default=0.0), 1),
        "tasks_over_50ms": len(long_tasks),
        "tap_to_redraw_p95_ms": round(redraws[int(0.95 * (len(redraws) - 1))], 1) if redraws else None,
        "tap_to_redraw_median_ms": round(statistics.median(redraws), 1) if redraws else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--games", default="")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from parlour.web import boards

    gids = [g for g in (args.games.split(",") if args.games else boards.BOARDS) if boards.playable(g)]
    url, server = serve_dist()
    results: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            for gid in gids:
                worker = play_one(browser, url, gid, on_page=False, seconds=args.seconds)
                page = play_one(browser, url, gid, on_page=True, seconds=args.seconds)
                results[gid] = {"bots_in_worker": worker, "bots_on_page": page}
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
