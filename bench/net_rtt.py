"""Round-trip time of a move between two local peers over a real WebRTC data channel, and the size
of an invite.

Two Chromium contexts (host and guest) on this machine connect by manual signalling and play boop.
by clicks. For every move the guest makes, the time runs from the guest's page sending its intent to
the guest's page having applied and drawn the host's answer (the ``update`` of that ply): the
host's page receives it, checks it with the rules, cuts the views and sends them, all in between.
Also measured: the invite link and the guest's answer code in characters, and the QR code of the
link (version, modules a side). Prints JSON.

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
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("PARLOUR_QUIET", "1")
sys.path[:0] = [str(Path(__file__).resolve().parent), str(ROOT), str(ROOT / "pysrc")]

import build  # noqa: E402

from harness import CHROMIUM_ARGS, in_network_namespace  # noqa: E402
from parlour.web import qr  # noqa: E402

DECISION = "#main .cell.legal, #no-ghost, [data-action=graduate]"
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


def decide(page: Any, turn: int) -> bool:
    try:
        if page.locator("[data-action=graduate]").count():
            page.locator("[data-action=graduate]").first.click(timeout=2_000)
        elif page.locator("#no-ghost").count():
            page.locator("#no-ghost").click(timeout=2_000)
        else:
            cells = page.locator("#main .cell.legal")
            if not cells.count():
                return False
            cells.nth((turn * 7) % cells.count()).click(timeout=2_000)
    except Exception:  # redrawn under the click: try again
        return False
    return True


def connect(browser: Any, url: str) -> tuple[Any, Any, dict[str, Any]]:
    host = browser.new_context().new_page()
    host.goto(url + "#/boop/host")
    host.wait_for_selector("[data-screen=net-host]", timeout=180_000)
    host.wait_for_selector("#invite-link", timeout=30_000)
    link = host.input_value("#invite-link")
    guest = browser.new_context().new_page()
    guest.goto(link)
    guest.wait_for_selector("#net-answer", timeout=180_000)
    guest.fill("#net-name", "Bench")
    guest.click("#net-answer")
    guest.wait_for_selector("#answer-out", timeout=30_000)
    code = guest.input_value("#answer-out")
    start = time.perf_counter()
    host.fill("#answer-code", code)
    host.click("#net-accept")
    guest.wait_for_selector("[data-screen=net-guest]", timeout=30_000)
    joined = time.perf_counter() - start
    fragment = link[len(url) :]
    matrix = qr.encode(link)
    sizes = {
        "invite_link_chars": len(link),
        "invite_fragment_chars": len(fragment),
        "offer_code_chars": len(fragment.split("o=", 1)[1].split("&", 1)[0]),
        "answer_code_chars": len(code),
        "invite_qr_version": (len(matrix) - 17) // 4,
        "invite_qr_modules": len(matrix),
        "paste_to_joined_s": round(joined, 3),
    }
    return host, guest, sizes


def play_round(host: Any, guest: Any, want: int) -> None:
    guest.click("#net-ready")
    host.wait_for_selector("#net-start:not([disabled])", timeout=30_000)
    host.click("#net-start")
    guest.wait_for_selector("[data-phase=playing] svg.boop-bed", timeout=30_000)
    for turn in range(2_000):
        if guest.get_attribute("#main", "data-phase") == "over" or len(guest.evaluate("window.rtt")) >= want:
            return
        for page in (host, guest):
            if page.locator(DECISION).count() and decide(page, turn):
                page.wait_for_timeout(50)  # let the answer land before the next decision
                break
        else:
            guest.wait_for_timeout(50)


def measure(moves: int = 40) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    server = build.make_server(0, build.DIST)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
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
                    host.click("#net-rematch")
                    guest.wait_for_selector("[data-phase=lobby] #net-ready", timeout=30_000)
            rtt = sorted(guest.evaluate("window.rtt"))
            browser.close()
    finally:
        server.shutdown()
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
    print(json.dumps(measure(args.moves), indent=2))


if __name__ == "__main__":
    main()
