"""Wooly Bully across three browsers (WebRTC inside the test's network namespace): a host and two
guests at a three-seat table; a guest cries "Wolf!" during the host's turn, and everyone sees it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from browser.conftest import BOOT_TIMEOUT_MS
from browser.test_net_manual import NET_TIMEOUT_MS, People, join, people, phase, rtc_ready  # noqa: F401

pytestmark = pytest.mark.webrtc


def turn_of(page: Any) -> int:
    return int(page.get_attribute(".wb-board", "data-turn") or -1)


def table(page: Any) -> str:
    """What everybody sees change after any move: whose turn, the tiles laid, the seats' line."""
    board = page.locator(".wb-board")
    if not board.count():
        return ""
    return f"{turn_of(page)}|{page.locator('g[data-pos]').count()}|{page.inner_text('.wb-seats')}"


def wolves_on(page: Any) -> int:
    return page.locator(".wb-field .figure.wolf").count()


def lay_or_pass(page: Any) -> bool:
    """The turn's player lays its first fitting landscape tile, or passes."""
    try:
        if page.locator("#wb-pass").count():
            page.click("#wb-pass", timeout=2_000)
            return True
        usable = page.locator(".hand-tile.usable")
        for i in range(usable.count()):
            label = usable.nth(i).get_attribute("aria-label") or ""
            if usable.nth(i).get_attribute("data-arg") != "reveal" and not label.startswith(
                ("wolf", "hunter")
            ):
                usable.nth(i).click(timeout=2_000)
                page.locator("g.target").first.click(timeout=2_000)
                page.click("#wb-confirm", timeout=2_000)
                return True
    except Exception:  # the board was redrawn under the click (a message arrived): try again
        return False
    return False


@pytest.mark.skip(
    reason="needs a deal that gives a guest a wolf during the host's turn, and the network deal is random: on a "
    "fresh clone it waited 10+ minutes without progress (issue 12 stays open until the deal is made certain)"
)
def test_three_browsers_and_a_guest_wolf_during_the_hosts_turn(people):  # noqa: F811
    host = people.page(people.context(), "#/wooly-bully/host")
    host.wait_for_selector("[data-screen=net-host]", timeout=BOOT_TIMEOUT_MS)
    host.select_option("#net-players", "3")
    anna = join(people, host, "Anna")
    boris = join(people, host, "Boris")
    for guest in (anna, boris):
        guest.wait_for_selector("#net-ready", timeout=NET_TIMEOUT_MS)
        guest.click("#net-ready")
    host.wait_for_selector("#net-start:not([disabled])", timeout=NET_TIMEOUT_MS)
    host.click("#net-start")
    seats = {}
    for page in (host, anna, boris):
        page.wait_for_selector("[data-phase=playing] .wb-board", timeout=NET_TIMEOUT_MS)
    for page in (anna, boris):
        seats[int(page.get_attribute("#main", "data-seat"))] = page
    seats[0] = host
    wolf_by = None
    wolves_before = 0
    deadline = time.monotonic() + 180  # never an open-ended wait: fail, say why
    for _ in range(400):
        if time.monotonic() > deadline:
            break
        turn = turn_of(host)
        if turn == 0 and wolf_by is None:
            for seat in (1, 2):
                guest = seats[seat]
                wolves = guest.locator('.hand-tile.usable[aria-label^="wolf"]')
                if wolves.count() and turn_of(guest) == 0:
                    wolves_before = wolves_on(host)
                    try:
                        wolves.first.click(timeout=2_000)
                        guest.locator("g.target").first.click(timeout=2_000)
                        guest.click("#wb-confirm", timeout=2_000)
                    except Exception:
                        continue
                    wolf_by = seat
                    break
            if wolf_by is not None:
                break
        before = table(host)
        if turn in seats and lay_or_pass(seats[turn]):
            for _ in range(100):
                if table(host) != before:
                    break
                host.wait_for_timeout(100)
        else:
            host.wait_for_timeout(200)
    assert wolf_by is not None, "a guest held a wolf during the host's turn"
    for page in (host, anna, boris):
        page.wait_for_function(
            f"document.querySelectorAll('.wb-field .figure.wolf').length > {wolves_before}",
            timeout=NET_TIMEOUT_MS,
        )
    assert turn_of(host) == 0, "the host's turn goes on after the wolf"
    # Everyone leaves (the guests first, then the host): the game is over on every page.
    for page in (seats[wolf_by], seats[3 - wolf_by], host):
        page.click("#wb-leave", timeout=NET_TIMEOUT_MS)
        page.click("#wb-leave-yes", timeout=NET_TIMEOUT_MS)
        page.wait_for_timeout(300)
    for page in (host, anna, boris):
        page.wait_for_function(
            "document.querySelector('#main')?.dataset.phase === 'over'", timeout=NET_TIMEOUT_MS
        )
        assert phase(page) == "over"
