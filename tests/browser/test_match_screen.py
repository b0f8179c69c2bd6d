"""The shared match screen in real Chromium, as a new player meets it: at a desktop, a tablet and a
phone the decision is on screen without scrolling, a refusal shows where the finger is, the log
follows the game and replays it, the share link is current, and an accessibility audit (axe-core,
injected by the test, never shipped) finds nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import build
import pytest

from browser.conftest import BOOT_TIMEOUT_MS, open_app, tab, watch
from browser.test_boop_board import find_graduation_choice, hotseat_link

VIEWPORTS = {"desktop": (1280, 800), "tablet": (820, 1180), "phone": (390, 844)}
GAME_BOARDS = {"boo": "svg.boo-castle", "wooly-bully": "#wb-own", "ghosts-galore": ".gg"}
"""The other games' boards, each started from its setup (a person against the computer)."""


@pytest.fixture(scope="module")
def module_context(browser: Any, browser_context_args: dict[str, Any], site_url: str) -> Iterator[Any]:
    """A desktop's browser (1280×800) that may use the clipboard, shared by the file's tests (0008)."""
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1280, "height": 800}})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    yield context
    context.close()


@pytest.fixture
def page(shared_page: Any) -> Any:
    """A tab of the desktop's browser: the file's first test starts cold, the rest warm."""
    return shared_page


@pytest.fixture(scope="module")
def touch_context(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """A touch screen's browser (a tablet's, a phone's), shared likewise."""
    context = browser.new_context(**{**browser_context_args, "has_touch": True})
    yield context
    context.close()


@pytest.fixture
def touch_page(touch_context: Any, site_url: str) -> Iterator[Any]:
    yield from tab(touch_context, site_url)


def inside(page: Any, selector: str, unscrolled: bool = True) -> None:
    """Every element matching ``selector`` is wholly inside the viewport, with the page unscrolled
    (unless ``unscrolled`` is false: the page scrolled itself to show them)."""
    boxes = page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.id || e.tagName, r.left, r.top, r.right, r.bottom]; })"
    )
    assert boxes, f"nothing matches {selector}"
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert page.evaluate("window.scrollY") == 0 or not unscrolled
    for name, left, top, right, bottom in boxes:
        assert left >= -0.5 and top >= -0.5, f"{name} starts off screen"
        assert right <= width + 0.5 and bottom <= height + 0.5, f"{name} ends below or beside the fold"


def go(page: Any, fragment: str) -> None:
    """Open a route in the running app (a hash change, no reload)."""
    page.evaluate(f"location.hash = {fragment!r}")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_decision_and_its_buttons_fit_the_screen_and_a_refusal_shows_beside_the_board(
    request, site_url, viewport
):
    width, height = VIEWPORTS[viewport]
    page = request.getfixturevalue("page" if viewport == "desktop" else "touch_page")
    page.set_viewport_size({"width": width, "height": height})
    watched = watch(page)
    open_app(page, site_url, f"#/boop/play?m={hotseat_link(['k@a1'])}")
    page.wait_for_selector("svg.boop-bed", timeout=BOOT_TIMEOUT_MS)
    # The ghost question, in words, with its button, and the bed with its 20 entries.
    assert page.locator("#status").inner_text().startswith("Orange: Bring your ghost cat in")
    inside(page, "#status, #choices button, svg.boop-bed, g.entry")
    sizes = page.locator("g.entry").evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
    assert min(sizes) >= 44, "ghost entries are big enough to tap"
    cells = page.locator("g.cell").evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
    assert min(cells) >= 44
    # Purple's placement: kitten or cat.
    page.click("#no-ghost")
    page.wait_for_selector("#kind-kitten")
    assert page.locator("#status").inner_text().startswith("Purple: Place a kitten or a cat")
    inside(page, "#status, #choices button, svg.boop-bed")
    # A refused tap: the reason beside the board, on screen, and the cell marked.
    page.locator("#cell-a1").dispatch_event("click")
    page.wait_for_selector("#refusal")
    inside(page, "#refusal, #cell-a1")
    assert "refused" in page.locator("#cell-a1").get_attribute("class")
    assert page.locator("#feedback .rule-link").get_attribute("href") == "#/boop/rules?rule=BP-2"
    # A graduation with two lines to choose: each button lights its own cells only.
    go(page, f"#/boop/play?m={hotseat_link(find_graduation_choice())}")
    page.wait_for_selector("[data-action=graduate]")
    inside(page, "#status, #choices button, svg.boop-bed")
    first = page.locator("[data-action=graduate]").first
    first.hover()
    lit = page.locator(".cell.hl").evaluate_all("els => els.map(e => e.id)")
    wanted = (first.get_attribute("data-highlights") or "").split()
    assert sorted(lit) == sorted(wanted) and len(lit) == 3
    # Each log entry is a 44 px target (its replay button and its Embed button).
    if page.locator("#fold-log").get_attribute("aria-expanded") == "false":
        page.click("#fold-log")
    heights = page.locator("#move-log button").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert len(heights) > 10 and min(heights) >= 44, heights
    # A moment of the log: the board, what is shown and the way back together (a phone scrolls up).
    page.click("#replay-2")
    page.wait_for_selector("#back-to-game")
    inside(page, "#status, #back-to-game, svg.boop-bed", unscrolled=False)
    page.click("#back-to-game")
    page.wait_for_selector("#back-to-game", state="detached")
    # Every game's first decision against the computer: the turn in words, the decision's buttons,
    # the board, Undo with its reason in words, and the rest of the controls (in the row when there
    # is room; behind "More" on a phone) all on screen with no scrolling.
    for gid, drawn in GAME_BOARDS.items():
        go(page, f"#/{gid}")
        page.click("#start")
        page.wait_for_selector(drawn, timeout=BOOT_TIMEOUT_MS)
        inside(page, "#status:not(:empty), #choices button, .zone button, #board")
        if gid == "boo" and viewport == "phone":
            continue  # the castle takes the phone's width (43 px rooms): the greyed real-time Undo is below
        inside(page, "#undo, #undo-why")
        if viewport == "phone":
            inside(page, "#more")
            assert page.locator("#more-menu").is_hidden()
        else:
            inside(page, "#share, #embed, #new-game, #controls a")
            assert page.locator("#more").is_hidden()
    if viewport == "phone":  # "More" opens the folded controls, focus in them, each a 44 px target
        page.click("#more")
        page.wait_for_selector("#more-menu.open")
        assert page.evaluate("document.activeElement.id") == "share"
        boxes = page.locator("#more-menu > *").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)"
        )
        assert len(boxes) == 4 and min(boxes) >= 44
    watched.assert_clean()


def test_the_log_follows_the_game_replays_a_moment_and_the_share_link_stays_current(page, site_url, watched):
    moves = find_graduation_choice()
    open_app(page, site_url, f"#/boop/play?m={hotseat_link(moves[:-1])}")
    page.wait_for_selector("svg.boop-bed", timeout=BOOT_TIMEOUT_MS)
    # The log's scroll is put back in the next frame (dom._restore_scroll): read it after that frame.
    framed = "f => e => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(f(e)))))"
    at_end = f"({framed})(e => e.scrollTop + e.clientHeight >= e.scrollHeight - 4)"
    log = page.locator("#move-log")
    assert log.evaluate("e => e.scrollHeight > e.clientHeight"), "enough moves to scroll"
    assert log.evaluate(at_end), "the log shows its newest entry"
    # Automatic steps have their own lines under their move.
    assert page.locator("#move-log .events li").count() > 0
    # Share: the link of this moment, then of the next one after a move; Copy says it copied.
    page.click("#share")
    before = page.locator("#share-link").input_value()
    cell = page.locator(".legal .open").first.get_attribute("data-arg")
    page.click(f"#cell-{cell}")
    page.wait_for_function(f"document.getElementById('share-link').value !== {before!r}")
    assert log.evaluate(at_end), "the log follows to the new move"
    page.click("#copy")
    page.wait_for_selector("#copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#share-link").input_value()
    # Scrolled back, the log stays where the player put it.
    log.evaluate("e => { e.scrollTop = 0; }")
    page.locator("#kind-kitten, #no-ghost, [data-action=graduate]").first.click()
    assert page.locator("#move-log").evaluate(f"({framed})(e => e.scrollTop)") == 0
    # A past moment, read-only, and back.
    page.click("#log-0 button")
    page.wait_for_selector("#back-to-game")
    assert page.locator(".legal .open").count() == 0 and page.locator("#choices").count() == 0
    assert page.locator("#status").inner_text().startswith("Showing the position after move 1")
    page.click("#back-to-game")
    page.wait_for_selector("#choices")
    assert page.locator("#back-to-game").count() == 0
    # A line's rule is a link beside its entry's button (a 44 px target, not the replay): it opens
    # the rules help at that rule; Back returns to the game as it was.
    link = page.locator("#move-log a.log-rule").last
    rule = link.get_attribute("data-rule")
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44 and "BP-" not in link.inner_text()
    link.click()
    page.wait_for_function(f"document.activeElement && document.activeElement.id === 'rule-{rule}'")
    assert page.evaluate("location.hash") == f"#/boop/rules?rule={rule}"
    page.go_back()
    page.wait_for_selector("#choices")
    assert page.locator("#back-to-game").count() == 0


def audit(page: Any, source: str) -> list[str]:
    """axe-core's violations on the page as it stands: 'rule: node, node…' each."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=source)
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => v.id + ': ' + v.nodes.slice(0, 5).map(n => n.target.join(' ')).join(', '))"
    )
    return list(found)


def test_an_accessibility_audit_finds_nothing_on_the_picker_setup_and_match_screens(page, site_url, watched):
    source = build.axe_script().read_text(encoding="utf-8")
    open_app(page, site_url, "#/")
    page.wait_for_selector("[data-screen=picker]")
    assert audit(page, source) == []
    go(page, "#/boop")
    page.wait_for_selector("[data-screen=setup]")
    assert audit(page, source) == []
    page.click("#start")
    page.wait_for_selector("svg.boop-bed")
    assert audit(page, source) == []
    page.click(f"#cell-{page.locator('.legal .open').first.get_attribute('data-arg')}")
    page.wait_for_selector("g.entry")
    assert audit(page, source) == [], "the ghost decision too"
