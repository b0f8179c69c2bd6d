"""A network host's page whose every seat is a hard bot, in Chromium: the longest main-thread task
while its bots play (Long Tasks API), their questions answered in the bot worker against (same run)
the same table with the worker hidden, so the host's page answers them itself (decision 0028).

No guest is needed: the host's own seat is a bot too, so the match plays itself for ``--seconds``
(or to its end). Prints JSON; read the ratios.

    python bench/host_bots.py [--seconds 60] [--games boop,boo]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "pysrc")]

from play_latency import INSTRUMENT, ON_PAGE, each_game  # noqa: E402


def play_one(browser: Any, url: str, gid: str, on_page: bool, seconds: float) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INSTRUMENT + (ON_PAGE if on_page else ""))
    page = context.new_page()
    page.goto(url + f"#/{gid}/host?s=new")
    page.wait_for_selector("#net-host-name", timeout=180_000)
    if not on_page:  # the worker starts with the game's screen: wait for it, as a host inviting would
        page.wait_for_function("window.parlourBots.start().then(() => true)", timeout=180_000)
    for select in page.locator("select[id^=net-seat-]").all():
        select.select_option("ai:hard")
    page.wait_for_selector("#net-start:not([disabled])")
    page.evaluate("window.benchLong = []; window.benchFrames = []")
    page.click("#net-start")
    page.wait_for_selector("[data-phase=playing]", timeout=60_000)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not page.locator("[data-phase=over]").count():
        page.wait_for_timeout(250)
    long_tasks: list[float] = page.evaluate("window.benchLong")
    frames: list[dict[str, Any]] = page.evaluate("window.benchFrames")
    plies = page.locator("#move-log li").count()
    finished = page.locator("[data-phase=over]").count() > 0
    context.close()
    return {
        "finished": finished,
        "plies": plies,
        "longest_task_ms": round(max(long_tasks, default=0.0), 1),
        "tasks_over_50ms": len(long_tasks),
        "longest_frames": sorted(frames, key=lambda f: -f["ms"])[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", default="")
    args = parser.parse_args()
    each_game(
        args.games,
        lambda browser, url, gid: {
            "bots_in_worker": play_one(browser, url, gid, False, args.seconds),
            "bots_on_page": play_one(browser, url, gid, True, args.seconds),
        },
    )


if __name__ == "__main__":
    main()
