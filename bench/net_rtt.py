"""Round-trip time of a move between two local peers over a real WebRTC data channel, and the size
of an invite.

Two Chromium contexts (host and guest) on this machine connect by manual signalling and play boop.
by clicks. For every move the guest makes, the time runs from the guest's page sending its intent to
the guest's page having applied and drawn the host's answer (the ``update`` of that ply): the
host's page receives it, checks it with the rules, cuts the views and sends them, all in between.
Also measured: the invite link and the guest's answer code in characters, and the QR code of the
link (version, modules a side). Prints JSON. Every wait is bounded: a step that does not happen
(the guest's seat, the board, a game that stops) ends the run with its name (harness.step).

WebRTC needs an ICE candidate, so outside a network namespace the script runs itself again inside
one (``unshare -n``, as root; see NETNS_SETUP in build.py).

    python bench/net_rtt.py [--moves 40]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("PARLOUR_QUIET", "1")
sys.path[:0] = [str(Path(__file__).resolve().parent), str(ROOT), str(ROOT / "pysrc")]

import build  # noqa: E402

from harness import (  # noqa: E402
    BOOT_MS,
    CHROMIUM_ARGS,
    NET_MS,
    StepMissed,
    in_network_namespace,
    join_table,
    serve,
    step,
)
from parlour.web import qr  # noqa: E402

DECISION = "#main .legal .open, #no-ghost, [data-action=graduate]"
"""A decision open on a page: a cell a kitten or cat may go to, passing on a ghost, a graduation."""
TRACE_JS = """() => {
  window.rtt = []; window.sentAt = null;
  const send = parlourRtc.send;
  parlourRtc.send = (id, text) => {
    if (text.includes('"t":"move"')) window.sentAt = performance.now();
    return send(id, text);
  };
  window.parlourRtcTrace = (text, start, end) => {
    if (window.sentAt !== null && text.includes('"t":"update"')) { window.rtt.push(end - window.sentAt); window.sentAt = null; }
  };
}"""
GAME_S = 300
"""A game's deadline: a page that stops offering decisions fails the bench instead of hanging it."""


def decide(page: Any, turn: int) -> bool:
    """Make the next decision on ``page`` if it has one (as the network tests' ``decide``)."""
    try:
        if page.locator("[data-action=graduate]").count():
            page.locator("[data-action=graduate]").first.click(timeout=2_000)
        elif page.locator("#no-ghost").count():
            page.locator("#no-ghost").click(timeout=2_000)
        else:
            cells = page.locator("#main .legal .open")
            if not cells.count():
                return False
            cells.nth((turn * 7) % cells.count()).click(timeout=2_000)
    except Exception:  # redrawn under the click (a message arrived): try again
        return False
    return True


def connect(browser: Any, url: str) -> tuple[Any, Any, dict[str, Any]]:
    """A host's page with its table's invite, and a guest's page joined to play (harness.join_table)."""
    host = browser.new_context().new_page()
    host.goto(url + "#/boop/host")
    with step("the host's table (data-screen=net-host)"):
        host.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_MS)
        host.wait_for_selector("[data-screen=net-host]", timeout=NET_MS)
    joined = join_table(host, browser.new_context(), "play")
    link, code = joined["link"], joined["code"]
    fragment = link[len(url) :]
    matrix = qr.encode(link)
    sizes = {
        "invite_link_chars": len(link),
        "invite_fragment_chars": len(fragment),
        "offer_code_chars": len(fragment.split("o=", 1)[1].split("&", 1)[0]),
        "answer_code_chars": len(code),
        "invite_qr_version": (len(matrix) - 17) // 4,
        "invite_qr_modules": len(matrix),
        "paste_to_joined_s": round(joined["paste_to_joined_s"], 3),
    }
    return host, joined["guest"], sizes


def play_round(host: Any, guest: Any, want: int) -> None:
    """One game from the lobby: the guest ready, the host starts, both decide in turn until the game
    is over or ``want`` moves of the guest are timed."""
    with step("the guest's Ready button in the lobby (#net-ready: the guest has a seat)"):
        guest.click("#net-ready", timeout=NET_MS)
    with step("the host's Start enabled once the guest is ready (#net-start)"):
        host.wait_for_selector("#net-start:not([disabled])", timeout=NET_MS)
    host.click("#net-start")
    with step("the game's board on the guest's page (svg.boop-bed)"):
        guest.wait_for_selector("[data-phase=playing] svg.boop-bed", timeout=NET_MS)
    deadline = time.monotonic() + GAME_S
    for turn in range(20_000):
        if guest.get_attribute("#main", "data-phase") == "over" or len(guest.evaluate("window.rtt")) >= want:
            return
        if time.monotonic() > deadline:
            break
        for page in (host, guest):
            if page.locator(DECISION).count() and decide(page, turn):
                page.wait_for_timeout(50)  # let the answer land before the next decision
                break
        else:
            guest.wait_for_timeout(50)
    raise StepMissed(f"the game's end or {want} timed moves: neither within {GAME_S} s")


def measure(moves: int = 40) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    url, server = serve(build.DIST)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
            host, guest, sizes = connect(browser, url)
            guest.evaluate(TRACE_JS)
            games = 0
            while len(guest.evaluate("window.rtt")) < moves and games < 10:
                play_round(host, guest, moves)
                games += 1
                if guest.get_attribute("#main", "data-phase") == "over":
                    with step("the host's rematch (#net-rematch) back to the guest's lobby"):
                        host.click("#net-rematch", timeout=NET_MS)
                        guest.wait_for_selector("[data-phase=lobby] #net-ready", timeout=NET_MS)
            rtt = sorted(guest.evaluate("window.rtt"))
            browser.close()
    finally:
        server.shutdown()
    if not rtt:
        raise StepMissed("a timed move: the guest moved, but no update came back")
    return {
        "moves_timed": len(rtt),
        "rtt_ms_median": round(statistics.median(rtt), 1),
        "rtt_ms_p95": round(rtt[min(len(rtt) - 1, int(0.95 * len(rtt)))], 1),
        "rtt_ms_min": round(rtt[0], 1),
        "rtt_ms_max": round(rtt[-1], 1),
        **sizes,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not (build.DIST / "index.html").exists():
        build.build()
    if not args.inside:
        in_network_namespace(__file__, "a WebRTC link")
    try:
        figures = measure(args.moves)
    except StepMissed as missed:
        raise SystemExit(f"net_rtt: {missed}") from None
    print(json.dumps({**figures, "load_average": os.getloadavg()}, indent=2))


if __name__ == "__main__":
    main()
