"""Boo! in the browser as people play it: a family around one tablet (two people pressing at the
same moment, a route traced by taps and one by a finger dragged through the rooms), one person
against three bots to the end, and a route traced by keyboard only."""

from __future__ import annotations

from typing import Any

from browser.conftest import BOOT_TIMEOUT_MS, open_app
from parlour import games
from parlour.engine import Match, encode_link
from parlour.games.boo import GAME, BooMove
from parlour.games.boo.castle import COLOURS, cell_name
from parlour.games.boo.route import Change, Jump
from parlour.games.boo.solver import shortest_route
from parlour.i18n import LANGUAGES, translate

STEP_TIMEOUT_MS = 20_000


def touch_both(page: Any, first: str, second: str) -> None:
    """Two fingers land at the same moment, on two elements (one touch event, two points)."""
    points = []
    for i, selector in enumerate((first, second)):
        box = page.locator(selector).bounding_box()
        points.append({"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": i})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def visitor_shown(page: Any) -> str:
    return str(page.locator("svg.boo-castle").get_attribute("data-visitor"))


def trace_by_taps(page: Any, route: Any) -> None:
    for step in route.steps:
        if isinstance(step, Change):
            page.click(f"#boo-change-{COLOURS[step.colour]}")
        else:
            page.locator(f"#cell-{cell_name(step.cell)}").dispatch_event(
                "pointerdown", {"pointerId": 1, "pointerType": "mouse", "button": 0, "isPrimary": True}
            )


def trace_by_dragging(page: Any, route: Any) -> None:
    """One pointer pressed on the route's first room and held down through each next one to the
    last (rooms side by side: a slide from centre to centre crosses no other room)."""
    centres = []
    for step in route.steps:
        box = page.locator(f"#cell-{cell_name(step.cell)}").bounding_box()
        centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    page.mouse.move(*centres[0])
    page.mouse.down()
    for x, y in centres[1:]:
        page.mouse.move(x, y, steps=4)
    page.mouse.up()


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is wholly inside the window, with the page not scrolled."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(
        box and box["x"] >= 0 and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]
    )  # fmt: skip


def focus_on(page: Any, element_id: str) -> None:
    """Wait until the keyboard focus is on ``element_id`` (a redraw may land a task later); a
    timeout says where the focus was instead."""
    try:
        page.wait_for_function(
            "id => document.activeElement && document.activeElement.id === id",
            arg=element_id,
            timeout=STEP_TIMEOUT_MS,
        )
    except Exception as exc:
        was = page.evaluate(
            "document.activeElement && (document.activeElement.id || document.activeElement.tagName)"
        )
        raise AssertionError(f"focus on {was}, not {element_id}") from exc


def reveal_by_the_castle(page: Any) -> None:
    """The reveal's words and its Hide button are seen with the castle, and every seat's buttons
    stay on screen, at the three sizes, with no scrolling (the guide: act without scrolling)."""
    for width, height in ((1280, 800), (390, 844), (820, 1180)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert page.evaluate("window.scrollY") == 0
        for selector in ("#boo-hide", "#boo-reveal li >> nth=0", "#boo-booo-0", "#boo-hand-1", "#boo-booo-1"):
            assert in_view(page, selector), (width, selector, page.locator(selector).bounding_box())
    assert page.locator("#boo-reveal ul").evaluate("e => getComputedStyle(e).paddingLeft") == "0px"


CUT_OPTIONS_JS = """texts => {
  const field = document.querySelector(".setup .field:has(select)");
  const probe = document.createElement("select");
  probe.style.cssText = "flex: none; max-width: none";
  field.appendChild(probe);
  const cut = [];
  for (const text of texts) {
    probe.replaceChildren(new Option(text));
    const width = probe.getBoundingClientRect().width;
    if (width > field.clientWidth + 0.5) cut.push([text, Math.round(width), field.clientWidth]);
  }
  probe.remove();
  return cut;
}"""
"""Each text that would not fit whole in a drop-down of the setup screen's width: a select as wide
as its words, laid out as a setup row's select, against the row's width (a select wraps to a row
of its own and is cut with an ellipsis beyond it)."""


def setup_choices() -> list[str]:
    """Every choice of every game's setup drop-downs (options, seats) in every language."""
    texts = set()
    for info in games.GAMES:
        game, levels = games.load(info.id), [lv for lv in games.module(info.id).BOTS if lv != "random"]
        for lang in LANGUAGES:
            texts.add(translate(lang, "app.seat.human"))
            texts.update(
                translate(lang, "app.seat.ai", level=translate(lang, f"app.level.{lv}")) for lv in levels
            )
            for opt in (o for o in game.options if not o.hidden and o.choices):
                texts.update(translate(lang, f"{opt.label}.{c}") for c in opt.choices)
    return sorted(texts)


def test_a_whole_hot_seat_game_with_two_people_pressing_at_once(browser, site_url):
    """BO-8, BO-13, BO-14, BO-17: every round someone traces a route (by taps, once by dragging), or
    both raise hands."""
    context = browser.new_context(viewport={"width": 820, "height": 1180}, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    mirror = Match.new(GAME, 2, {}, "hotseat", {"seats": ["human", "human"]})
    open_app(page, site_url, f"#/boo/play?m={encode_link(mirror.record)}")
    page.wait_for_selector("svg.boo-castle", timeout=BOOT_TIMEOUT_MS)
    # Both people press "Booo!" with one touch each, at the same moment: both are asked a colour.
    touch_both(page, "#boo-booo-0", "#boo-booo-1")
    page.wait_for_selector("#boo-colour-0-white", timeout=STEP_TIMEOUT_MS)
    assert page.locator("#boo-colour-1-white").count() == 1
    page.click("#boo-cancel-0")
    page.click("#boo-cancel-1")
    t, rounds, reveals, specials, drags = 0, 0, 0, 0, 0
    while mirror.outcome() is None and rounds < 20:
        state = mirror.state
        shown = visitor_shown(page)
        assert shown == str(state.visitor)
        routes = {s: shortest_route(state.problem(s)) for s in (0, 1)}
        claimant = next((s for s in (rounds % 2, 1 - rounds % 2) if routes[s] is not None), None)
        t += 10
        if claimant is None or rounds == 1:
            # Nobody sees a route (or round 2): both raise a hand with one touch each, together.
            touch_both(page, "#boo-hand-0", "#boo-hand-1")
            mirror.play(0, BooMove("hand", t))
            mirror.play(1, BooMove("hand", t + 1))
            page.wait_for_selector("#boo-reveal", timeout=STEP_TIMEOUT_MS)
            if not reveals:
                reveal_by_the_castle(page)
            reveals += 1
        else:
            route = routes[claimant]
            colour = COLOURS[route.colour]
            page.click(f"#boo-booo-{claimant}")
            page.click(f"#boo-colour-{claimant}-{colour}")
            page.wait_for_selector("#boo-show", timeout=STEP_TIMEOUT_MS)
            # The claimant's zone says the announced colour; a colour change or a trapdoor jump on the
            # way is tapped like any step (this seeded game's fifth visitor needs a change of colour).
            zone = page.inner_text(f"#boo-zone-{claimant}")
            assert f"Route in {colour}" in zone, zone
            special = any(isinstance(s, (Change, Jump)) for s in route.steps)
            specials += special
            if not special and not drags and len(route.steps) >= 3:
                trace_by_dragging(page, route)  # one finger slid through the rooms, no tap between
                drags += 1
            else:
                trace_by_taps(page, route)
            mirror.play(claimant, BooMove("booo", t, colour=route.colour))
            mirror.play(claimant, BooMove("claim", t + 1, route))
        rounds += 1
        if mirror.outcome() is None:
            page.wait_for_function(
                f"document.querySelector('svg.boo-castle').dataset.visitor === '{mirror.state.visitor}'",
                timeout=STEP_TIMEOUT_MS,
            )
    page.wait_for_selector("#end-screen", timeout=STEP_TIMEOUT_MS)
    assert reveals >= 1 and specials >= 1 and drags == 1 and mirror.outcome() is not None
    scores = page.locator("#end-screen .scores li").all_inner_texts()
    assert [s.rsplit(" ", 1)[-1] for s in scores] == [str(int(x)) for x in mirror.outcome().scores]
    # The same page on a phone in portrait, six people at it: the castle keeps the screen's width
    # (the zones sit above and below it, none beside) and every zone's buttons are on screen, 44 px+.
    page.set_viewport_size({"width": 390, "height": 844})
    six = Match.new(GAME, 6, {}, "hotseat", {"seats": ["human"] * 6})
    page.evaluate(f"location.hash = '#/boo/play?m={encode_link(six.record)}'")
    page.wait_for_selector("#boo-zone-5", timeout=STEP_TIMEOUT_MS)
    castle = page.locator("svg.boo-castle").bounding_box()
    assert castle["width"] >= 390 and castle["x"] <= 0, castle  # a room: 64 of 600 units shown, ≥ 36 px
    # The portraits and the white tower are cut off at the sides: none drawn (a sliver of the tower
    # was a stray mark at the left edge).
    assert (
        page.locator("svg.boo-castle .tower").is_hidden()
        and page.locator("svg.boo-castle .portrait").first.is_hidden()
    )
    for seat in range(6):
        buttons = page.locator(f"#boo-zone-{seat} button")
        assert buttons.count() == 2
        for i in range(2):
            box = buttons.nth(i).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, (seat, box)
            assert box["x"] >= 0 and box["y"] >= 0, (seat, box)
            assert box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844, (seat, box)
            zone = page.locator(f"#boo-zone-{seat}").bounding_box()
            overlaps_castle = (
                zone["y"] < castle["y"] + castle["height"] and castle["y"] < zone["y"] + zone["height"]
            )
            assert not overlaps_castle, ("a zone beside the castle", seat, zone, castle)
    assert errors == []
    context.close()


def test_one_person_against_three_bots_to_the_end_and_a_route_traced_by_keyboard(browser, site_url):
    """BO-D4: bots act on the match clock from their own view; BO-13 by keyboard only."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, site_url, "#/boo")
    # On a phone every choice of every game's setup reads whole in each language (Boo!'s "Any
    # room of the central tile, at random" was cut to "Any room of the cent…").
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(CUT_OPTIONS_JS, setup_choices()) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    page.select_option("#player-count", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "hard")
    page.clock.install()
    page.click("#start")
    page.wait_for_selector("svg.boo-castle", timeout=BOOT_TIMEOUT_MS)
    # On a phone the one person's buttons are on screen with the castle, the players' list after
    # them (it once took the empty top band and pushed the buttons below the fold). Reading a box
    # lays the page out: no frame is waited for (the page's clock, frames too, stands still).
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("window.scrollY") == 0
    for selector in ("#boo-hand-0", "#boo-booo-0"):  # the castle itself is cut at the sides
        assert in_view(page, selector), (selector, page.locator(selector).bounding_box())
    page.set_viewport_size({"width": 1280, "height": 800})
    # Keyboard only, from the hand button on (time stands still meanwhile): each button pressed is
    # gone from the redrawn zone, and the focus goes on to the seat's next control, never the page.
    page.focus("#boo-hand-0")
    page.keyboard.press("Enter")
    focus_on(page, "boo-lower-0")  # the hand raised: the same key lowers it
    page.keyboard.press("Enter")
    focus_on(page, "boo-hand-0")
    page.keyboard.press("Tab")  # from the hand to Booo!
    focus_on(page, "boo-booo-0")
    page.keyboard.press("Enter")
    focus_on(page, "boo-colour-0-white")  # the colours, first one first
    page.keyboard.press("Enter")
    page.wait_for_selector("#boo-show", timeout=STEP_TIMEOUT_MS)
    ghost = page.locator("svg.boo-castle").get_attribute("data-ghost")
    focus_on(page, f"cell-{ghost}")  # arrows trace from the ghost's room
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    assert page.locator(".boo-castle .seg.trace").count() == 2
    page.keyboard.press("Escape")
    assert page.locator(".boo-castle .seg.trace").count() == 1
    page.keyboard.press("Enter")  # shown now: not at the visitor, so wrong, and said in words
    page.wait_for_selector("#boo-why", timeout=STEP_TIMEOUT_MS)
    assert "route is wrong" in page.inner_text("#boo-why")
    assert page.locator("#boo-booo-0[disabled]").count() == 1  # locked out a while: the hand is next
    focus_on(page, "boo-hand-0")
    for _ in range(400):
        if page.locator("#end-screen").count():
            break
        page.clock.run_for(2_000)
    page.wait_for_selector("#end-screen", timeout=STEP_TIMEOUT_MS)
    assert "wins" in page.inner_text("#end-screen") or page.locator("#end-screen .scores li").count() == 4
    assert errors == []
    context.close()
