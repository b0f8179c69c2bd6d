"""A network host's page whose every seat is a hard bot, in Chromium: the longest main-thread task
while its bots play (Long Tasks API), their questions answered in the bot worker (decision 0028).

No guest is needed: the host's own seat is a bot too, so the match plays itself for ``--seconds``
(or to its end). Start is pressed once both pages' first-visit work is over (:func:`settled`), unless
``--no-settle``. With ``--guest`` a guest's page watches the same match over a real WebRTC data
channel (manual signalling, inside a network namespace as bench/net_rtt.py does) and its longest
task is measured too. With ``--against DIR`` each game is also played on another built site (for
example main's ``dist/`` copied before a change) in the same run, one after the other: a before
and after measured on the same machine at the same time. ``--on-page`` adds the same table with the
worker hidden, so the host's page answers its bots' questions itself (the comparison of 0028).
Each task over 50 ms is listed with the calls into Python that ran in it and their parts
(``long_tasks``: ``App.flush 61: draw=42.8 markup=18.1 log=10.7 ...``, :mod:`parlour.web.spent`);
a task with no Python in it is the browser's own (a frame's style, layout and paint). Each page's
``first_screen``: its long tasks from the app being up until its first network screen (the host's
lobby at its address, the guest's invite link) has stood a second, on a first visit.

Prints JSON; read the ratios.

    python bench/host_bots.py [--seconds 60] [--games boop,boo] [--guest] [--against DIR] [--on-page]
                              [--no-settle]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(Path(__file__).resolve().parent), str(ROOT), str(ROOT / "pysrc")]


from harness import answer_invite, in_network_namespace, open_invite, serve  # noqa: E402
from play_latency import INSTRUMENT, ON_PAGE, each_game, named, spread  # noqa: E402

RESET = (
    "window.benchLong = []; window.benchFrames = []; window.parlourRedraws = []; window.parlourTasks = [];"
    "window.benchFrom = performance.now()"
)


def figures(page: Any) -> dict[str, Any]:
    """A page's long tasks (each named by the Python it ran), its three longest frames and where
    its redraws' time went."""
    raw = page.evaluate("window.benchLong")  # [start, ms] each
    long_tasks = [ms for _, ms in raw]
    frames: list[dict[str, Any]] = page.evaluate("window.benchFrames")
    noted = [[float(x) for x in line.split()] for line in page.evaluate("window.parlourRedraws")]
    return {
        "longest_task_ms": round(max(long_tasks, default=0.0), 1),
        "tasks_over_50ms": len(long_tasks),
        "task_ms_median_of_long": round(statistics.median(long_tasks), 1) if long_tasks else 0,
        "longest_frames": sorted(frames, key=lambda f: -f["ms"])[:3],
        "long_tasks": named(raw, page.evaluate("window.parlourTasks"), page.evaluate("window.benchFrom")),
        "redraws": spread(noted),
        # The three longest redraws whole (markup, draw, drawn, screen, settle, diff, before ms):
        # which part made a long task.
        "slowest_redraws": sorted(noted, key=lambda n: -(n[0] + n[1] + n[-1]))[:3],
    }


SNAPSHOT_DONE = (
    "() => !!(window.parlourBoot && (window.parlourBoot.snapshot || window.parlourBoot.timings.snapshot))"
)
"""A page's next-start memory snapshot is made (or this start restored one, so none is made)."""


def settled(pages: list[Any], timeout_s: float = 60.0) -> float:
    """Wait until every page's memory snapshot for the next start is made (``assets/boot.js`` makes
    it in a worker 1.5 s after the app is up, on a first visit: every bench page's): seconds waited.
    That worker is 2-4 s of CPU; on this 2-core machine a guest's page, joining just before Start,
    had its worker (and its V8 compile threads) running through the host's first match frame,
    which took 50-55 ms in 4 of 6 quiet runs of stop 28 (decision 0112). A host and its guests are
    different devices, and a page that restored a snapshot (every start after the first) makes none:
    what this measures is play, not a first visit's one-off work on a shared CPU."""
    began = time.perf_counter()
    for page in pages:
        left = max(1.0, timeout_s - (time.perf_counter() - began))
        page.wait_for_function(SNAPSHOT_DONE, timeout=left * 1000)
    return round(time.perf_counter() - began, 1)


def first_screen(page: Any) -> dict[str, Any]:
    """The long tasks from the app's start (boot.js's mark ``parlour:imports``: the picker's modules
    in, ``App.start`` next) until now, each named by the Python it ran: a network screen opened at
    its address on a first visit, its loading and its modules' imports included (decision 0114),
    and what the page did in the second it then stood. Not from ``timings.ready``: the app is "up"
    only once a screen asked for at its address is open."""
    page.wait_for_timeout(1000)
    up = page.evaluate(
        "(performance.getEntriesByName('parlour:imports')[0] || {}).startTime"
        " ?? window.parlourBoot.timings.ready"
    )
    raw = [[s, d] for s, d in page.evaluate("window.benchLong") if s >= up]
    return {
        "longest_task_ms": round(max((d for _, d in raw), default=0.0), 1),
        "tasks_over_50ms": len(raw),
        "long_tasks": named(raw, page.evaluate("window.parlourTasks"), 0)[:3],
    }


def watcher(browser: Any, host: Any) -> tuple[Any, dict[str, Any]]:
    """A guest's page joining the host's table to watch, by the invite link and the answer code."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INSTRUMENT)
    guest, _link = open_invite(host, context)
    first = first_screen(guest)
    answer_invite(host, guest, "watch")
    return guest, first


def play_one(
    browser: Any, url: str, gid: str, on_page: bool, seconds: float, guest: bool, settle: bool = True
) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INSTRUMENT + (ON_PAGE if on_page else ""))
    page = context.new_page()
    page.goto(url + f"#/{gid}/host?s=new")
    page.wait_for_selector("#net-host-name", timeout=180_000)
    first = first_screen(page)
    if not on_page:  # the worker starts with the game's screen: wait for it, as a host inviting would
        page.wait_for_function("window.parlourBots.start().then(() => true)", timeout=180_000)
    watching, guest_first = watcher(browser, page) if guest else (None, {})
    for select in page.locator("select[id^=net-seat-]").all():
        select.select_option("ai:hard")
    page.wait_for_selector("#net-start:not([disabled])")
    waited = settled([p for p in (page, watching) if p is not None]) if settle else None
    for each in (page, watching):
        if each is not None:
            each.evaluate(RESET)
    page.click("#net-start")
    page.wait_for_selector("[data-phase=playing]", timeout=60_000)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not page.locator("[data-phase=over]").count():
        page.wait_for_timeout(250)
    out = {
        "settled_s": waited,
        "finished": page.locator("[data-phase=over]").count() > 0,
        "plies": page.locator("#move-log li").count(),
        **figures(page),
        "first_screen": first,
    }
    if watching is not None:
        watching.wait_for_timeout(500)  # the last update lands
        out["guest"] = {
            "plies": watching.locator("#move-log li").count(),
            **figures(watching),
            "first_screen": guest_first,
        }
        watching.context.close()
    context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", default="")
    parser.add_argument(
        "--guest", action="store_true", help="a guest's page watches (needs a network namespace)"
    )
    parser.add_argument("--against", default="", help="another built site measured in the same run (before)")
    parser.add_argument("--on-page", action="store_true", help="also with the bots on the host's page")
    parser.add_argument(
        "--no-settle",
        action="store_true",
        help="press Start at once, the pages' first-visit snapshot workers maybe still running",
    )
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ.setdefault("PARLOUR_QUIET", "1")
    if args.guest and not args.inside:
        in_network_namespace(__file__, "--guest")
    other = serve(Path(args.against).resolve()) if args.against else None
    settle = not args.no_settle

    def measure(browser: Any, url: str, gid: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if other is not None:  # before, then after: the same machine, minutes apart
            out["against"] = play_one(browser, other[0], gid, False, args.seconds, args.guest, settle)
        out["bots_in_worker"] = play_one(browser, url, gid, False, args.seconds, args.guest, settle)
        if args.on_page:
            out["bots_on_page"] = play_one(browser, url, gid, True, args.seconds, args.guest, settle)
        return out

    try:
        each_game(args.games, measure)
    finally:
        if other is not None:
            other[1].shutdown()


if __name__ == "__main__":
    main()
