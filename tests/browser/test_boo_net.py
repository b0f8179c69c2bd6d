"""Boo! across devices: a host and two guests, each in their own browser over WebRTC, play a whole
game on the same castle, starting with two guests calling "Booo!" at nearly the same moment.

Every browser's ``crypto.getRandomValues`` is a seeded generator (an init script of the test, no
back door in the site): the seed drawing, and so the castle, is the same on every run."""

from __future__ import annotations

import time
from typing import Any

import pytest

from browser.conftest import BOOT_TIMEOUT_MS
from browser.test_net_manual import NET_TIMEOUT_MS, join, people, rtc_ready  # noqa: F401
from parlour.games.boo.castle import COLOURS, build_castle, cell_name, parse_cell
from parlour.games.boo.route import Change, Specials
from parlour.games.boo.solver import Problem, shortest_route

pytestmark = pytest.mark.webrtc

STEP_MS = 20_000
GAME_SECONDS = 300
"""The whole game's deadline: a hang fails the test instead of stalling the suite."""
SEEDED_RANDOM = """(() => {
  let s = %d >>> 0;
  const next = () => {  // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const fill = function (array) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
    return array;
  };
  Object.defineProperty(Crypto.prototype, "getRandomValues", {value: fill, configurable: true});
})();"""


def seeded(group: Any, seed: int) -> Any:
    """A person's browser whose pages' randomness is fixed by ``seed`` and whose network events the
    test may hold back (:data:`HOLD`)."""
    return group.context(init=SEEDED_RANDOM % seed + HOLD)


def cells(text: str | None) -> frozenset[tuple[int, int]]:
    return frozenset(parse_cell(c) for c in (text or "").split(",") if c)


def route_for(page: Any, seat: int) -> Any:
    """The seat's shortest route, from what the page draws (castle, tokens, ghost, visitor, walls)."""
    svg = page.locator("svg.boo-castle")
    arrangement = tuple(int(i) for i in str(svg.get_attribute("data-arrangement")).split(","))
    held = page.locator(f".boo-players li[data-seat='{seat}']").get_attribute("data-walls") or ""
    problem = Problem(
        build_castle(arrangement),
        parse_cell(str(svg.get_attribute("data-ghost"))),
        parse_cell(str(svg.get_attribute("data-visitor-room"))),
        Specials(cells(svg.get_attribute("data-trapdoors")), cells(svg.get_attribute("data-transitions"))),
        frozenset(COLOURS.index(c) for c in held.split(",") if c),
    )
    return shortest_route(problem)


def tap_route(page: Any, route: Any) -> None:
    for step in route.steps:
        if isinstance(step, Change):
            page.click(f"#boo-change-{COLOURS[step.colour]}", timeout=STEP_MS)
        else:
            page.locator(f"#cell-{cell_name(step.cell)}").dispatch_event(
                "pointerdown",
                {"pointerId": 1, "pointerType": "mouse", "button": 0, "isPrimary": True},
                timeout=STEP_MS,
            )


def expect(page: Any, selector: str) -> None:
    """Wait for ``selector``; a timeout says what the page showed (its notice, status and prompt)."""
    try:
        page.wait_for_selector(selector, timeout=STEP_MS)
    except Exception as exc:
        said = page.evaluate(
            "[...document.querySelectorAll('#error-banner, #refusal, #status, #boo-prompt, .zone')]"
            ".map(e => e.innerText).join(' | ')"
        )
        raise AssertionError(f"{selector} not shown; the page says: {said}") from exc


HOLD = """(() => {  // the page's WebRTC events wait while window.parlourHeld is a list
  window.parlourHeld = null;
  Object.defineProperty(window, "parlourRtc", {
    configurable: true,
    set(rtc) {
      const listen = rtc.listen;
      let handler = null;
      rtc.listen = (fn) => {
        handler = fn;
        listen((...event) => (window.parlourHeld ? window.parlourHeld.push(event) : fn(...event)));
      };
      window.parlourRelease = () => {
        const held = window.parlourHeld || [];
        window.parlourHeld = null;
        held.forEach((event) => handler(...event));
      };
      Object.defineProperty(window, "parlourRtc", { value: rtc, writable: true, configurable: true });
    },
  });
})();"""
"""A guest's browser whose network events the test can hold back a moment (a slow network): two
taps on two devices then land before either page hears of the other's."""
TAP_AT = """([selector, at]) => setTimeout(() => {
  const el = document.querySelector(selector);
  window.parlourTapped = Boolean(el);
  if (el) el.dispatchEvent(new PointerEvent("pointerdown",
    {bubbles: true, pointerId: 1, pointerType: "touch", isPrimary: true}));
}, at - Date.now())"""


def tap_together(taps: list[tuple[Any, str]]) -> None:
    """Fingers on several devices land at one moment: each page taps at the same wall-clock time
    (the browsers share the machine's clock), none waiting for what the other's tap brings. What
    the pages receive waits until each tap is taken (:data:`HOLD`): on a loaded machine one page's
    timer may fire late, after the other's claim was drawn there, its button gone."""
    for page, selector in taps:
        expect(page, selector)  # each page shows the button its finger lands on
        page.evaluate("window.parlourHeld = []")
    at = taps[0][0].evaluate("Date.now()") + 500
    for page, selector in taps:
        page.evaluate(TAP_AT, [selector, at])
    for page, selector in taps:
        page.wait_for_function("window.parlourTapped !== undefined", timeout=STEP_MS)
        assert page.evaluate("window.parlourTapped"), "the tap found its button"
        page.wait_for_selector(selector, state="detached", timeout=STEP_MS)  # the tap taken, drawn
    for page, _ in taps:
        page.evaluate("window.parlourRelease()")


def visitor(page: Any) -> str:
    return str(page.locator("svg.boo-castle").get_attribute("data-visitor"))


def wait_visitor_leaves(pages: list[Any], shown: str) -> None:
    for p in pages:
        p.wait_for_function(
            "v => document.querySelector('[data-phase=over]') || "
            "document.querySelector('svg.boo-castle').dataset.visitor !== v",
            arg=shown,
            timeout=STEP_MS,
        )


def scores(page: Any) -> list[tuple[str, str, str]]:
    """Each seat's row of the players' panel: walls held, visitors and walls counted, in words."""
    rows = page.locator(".boo-players li")
    return [
        (
            str(rows.nth(i).get_attribute("data-seat")),
            str(rows.nth(i).get_attribute("data-walls")),
            rows.nth(i).locator(".counts").inner_text(),
        )
        for i in range(rows.count())
    ]


def test_three_devices_play_a_whole_game_with_a_near_simultaneous_pair_of_claims(people):  # noqa: F811
    """BO-13, BO-14, BO-16, BO-D1, BO-D2 across devices: the host takes the first of two claims and
    refuses the second without a penalty; a wrong claim locks its claimant out on its own page; the
    game goes on to the end with every screen showing the same castle and the same scores."""
    host = people.page(seeded(people, 11), "#/boo/host")
    host.wait_for_selector("[data-screen=net-host]", timeout=BOOT_TIMEOUT_MS)
    host.select_option("#net-players", "3")
    anna = join(people, host, "Anna", context=seeded(people, 22))
    boris = join(people, host, "Boris", context=seeded(people, 33))
    for guest in (anna, boris):
        guest.click("#net-ready")
    host.wait_for_selector("#net-start:not([disabled])", timeout=NET_TIMEOUT_MS)
    host.click("#net-start")
    pages = [host, anna, boris]
    for page in pages:
        page.wait_for_selector("[data-phase=playing] svg.boo-castle", timeout=NET_TIMEOUT_MS)
    seats = [int(str(p.locator(".zone").first.get_attribute("data-seat"))) for p in pages]
    assert sorted(seats) == [0, 1, 2]
    castles = {p.locator("svg.boo-castle").get_attribute("data-arrangement") for p in pages}
    assert len(castles) == 1, "every device shows the same castle"

    # Two guests call "Booo!" and a colour at nearly the same moment: the host takes the first.
    anna.click(f"#boo-booo-{seats[1]}")
    boris.click(f"#boo-booo-{seats[2]}")
    tap_together([(anna, f"#boo-colour-{seats[1]}-white"), (boris, f"#boo-colour-{seats[2]}-white")])
    host.wait_for_function(
        "document.querySelector('.boo-table').dataset.claimant !== ''", timeout=NET_TIMEOUT_MS
    )
    claimant = int(str(host.locator(".boo-table").get_attribute("data-claimant")))
    assert claimant in (seats[1], seats[2])
    winner, loser = (anna, boris) if claimant == seats[1] else (boris, anna)
    # The claimant's own page turns to tracing: the route starts at the ghost, with a timer.
    expect(winner, "#boo-show")
    assert winner.locator("[role=timer]").count() == 1
    # The other one is told who was first, and loses nothing: no lock-out, no wall.
    expect(loser, "#refusal")
    assert "first" in loser.inner_text("#refusal")
    winner.click("#boo-show")  # nothing traced: a wrong claim, the search starts again for everyone
    for p in pages:
        p.wait_for_selector("#boo-why", timeout=STEP_MS)
        p.wait_for_selector(".boo-table[data-claimant='']", timeout=STEP_MS)
    lost, loser_seat = seats[pages.index(winner)], seats[pages.index(loser)]
    # BO-D2 on the claimant's own device: its Booo! is greyed while the lock-out lasts, then back.
    expect(winner, f"#boo-booo-{lost}[disabled] .lock")
    assert "second" in str(winner.get_attribute(f"#boo-booo-{lost}", "title"))
    assert loser.locator(f"#boo-booo-{loser_seat}:not([disabled])").count() == 1
    expect(winner, f"#boo-booo-{lost}:not([disabled])")

    deadline = time.monotonic() + GAME_SECONDS
    rounds, traced, discarded = 0, 0, 0
    while not host.locator("[data-phase=over]").count():
        assert time.monotonic() < deadline and rounds < 30, f"the game did not end ({rounds} rounds)"
        shown = visitor(host)
        order = [(rounds + k) % 3 for k in range(3)]
        mover = next(((i, r) for i in order if (r := route_for(pages[i], seats[i])) is not None), None)
        if mover is None:  # nobody sees a route: hands up until the round ends (BO-17)
            for i in order:
                if visitor(host) != shown or host.locator("[data-phase=over]").count():
                    break
                pages[i].click(f"#boo-hand-{seats[i]}", timeout=STEP_MS)
                host.wait_for_function(
                    "([seat, v]) => document.querySelector('[data-phase=over]') ||"
                    " document.querySelector('svg.boo-castle').dataset.visitor !== v ||"
                    " document.querySelector(`.boo-players li[data-seat='${seat}']`).classList.contains('hand-up')",
                    arg=[seats[i], shown],
                    timeout=STEP_MS,
                )
            discarded += 1
        else:
            i, route = mover
            pages[i].click(f"#boo-booo-{seats[i]}", timeout=STEP_MS)
            pages[i].click(f"#boo-colour-{seats[i]}-{COLOURS[route.colour]}", timeout=STEP_MS)
            expect(pages[i], "#boo-show")
            tap_route(pages[i], route)  # arriving in the visitor's room shows the route at once
            traced += 1
        rounds += 1
        wait_visitor_leaves(pages, shown)
        if not host.locator("[data-phase=over]").count():
            for p in pages:  # the next visitor is the same on every device
                p.wait_for_function(
                    "v => document.querySelector('svg.boo-castle').dataset.visitor === v",
                    arg=visitor(host),
                    timeout=STEP_MS,
                )
    for p in pages:
        expect(p, "[data-phase=over]")
    assert traced >= 1
    ghosts = {p.locator("svg.boo-castle").get_attribute("data-ghost") for p in pages}
    assert len(ghosts) == 1, "each device sees the same castle to the end"
    for p in pages:  # the walls drawn at the start are still on every page (a kept layer)
        assert p.locator("#boo-castle-layer .wall").count() == 12  # bars and discs, colour by colour
    assert scores(anna) == scores(host) == scores(boris), "every screen shows the same scores"
    winners = {p.inner_text("#status") for p in pages}
    assert len(winners) == 1 and "wins" in next(iter(winners))
    for guest in (anna, boris):  # each guest checked the seed drawing and every view it was shown
        guest.wait_for_selector("#net-verify[data-ok]", timeout=STEP_MS)
