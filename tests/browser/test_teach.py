"""The rules help that teaches (issue #14), in real Chromium on a phone: a live example steps, an
exercise is solved with the keyboard alone, and a refusal's rule link on the match screen opens
the help at that rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser.conftest import BOOT_TIMEOUT_MS, open_app
from browser.test_boop_board import hotseat_link


@pytest.fixture(scope="module")
def module_context(browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """A phone's browser (390×844, touch), shared by the file's tests (decision 0008)."""
    context = browser.new_context(
        **{**browser_context_args, "viewport": {"width": 390, "height": 844}, "has_touch": True}
    )
    yield context
    context.close()


@pytest.fixture
def page(shared_page: Any) -> Any:
    """A tab of the phone's browser: the first test starts cold, the rest warm."""
    return shared_page


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


EDGES = "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"


def edges(page: Any, selector: str) -> list[tuple[float, float]]:
    """The left and right edges, in px from the viewport's left, of each element ``selector`` finds."""
    return [(left, right) for left, right in page.locator(selector).evaluate_all(EDGES)]


def test_the_help_steps_an_example_takes_an_exercise_by_keyboard_and_a_refusal_links_into_it(
    page, site_url, watched
):
    open_app(page, site_url, "#/boop/rules")
    page.wait_for_selector("figure.lesson", timeout=BOOT_TIMEOUT_MS)
    # Goal first, then sections; nothing wider than the phone; every control and cell 44 px or more.
    assert page.locator("article.rules h2").first.get_attribute("id") == "help-goal"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    sizes = page.locator("figure.lesson button, figure.lesson g.cell").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })"
    )
    assert min(sizes) >= 44
    # Each example fits the phone: its bed within the screen, its pools' words clear of the edges.
    beds, pools = edges(page, "figure.lesson svg.boop-bed"), edges(page, "figure.lesson .pool")
    assert beds and all(left >= 0 and right <= 390 for left, right in beds), beds
    assert pools and all(left >= 8 and right <= 382 for left, right in pools), pools
    # An example steps: the boop happens on its board and is told, with the rule's link.
    page.focus("#L-boop-next")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=boop][data-step='1']")
    assert "a6" in page.locator("#L-boop-events").inner_text()
    assert page.locator("#L-boop-events a[href='#/boop/rules?rule=BP-4']").count() == 1
    assert focused(page) == "L-boop-prev", "the disabled Next handed the focus on"
    # An exercise far below is drawn still until it nears the view (decision 0100): its bed's box,
    # the same size, empty; drawn whole where it stands when the reader comes to it.
    box, height = page.locator("#L-grad-box"), "el => el.getBoundingClientRect().height"
    still = box.evaluate(height)
    assert page.locator("[data-lesson=grad][data-still]").count() == 1
    assert (
        page.locator("#L-grad-box svg.boop-bed").count() == 1
        and page.locator("#L-grad-box g.cell").count() == 0
    )
    # An exercise by keyboard alone: Tab into the bed, arrows to c5, Enter; told it is right.
    page.focus("#L-grad-kind-kitten")  # scrolled to: drawn whole
    page.wait_for_selector("[data-lesson=grad]:not([data-still]) svg.boop-bed g.cell")
    assert abs(box.evaluate(height) - still) < 0.5 and focused(page) == "L-grad-kind-kitten"
    page.keyboard.press("Shift+Tab")  # back into the exercise's bed: its one Tab stop
    assert focused(page) == "L-grad-cell-c3"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    # Each arrow is drawn, in a task of its own on a loaded machine (0066): wait for the drawing.
    page.wait_for_function("document.activeElement && document.activeElement.id === 'L-grad-cell-c5'")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=grad][data-verdict=right]")
    assert page.locator("#L-grad-feedback").inner_text().startswith("Right")
    assert focused(page) == "L-grad-again"
    # From a match: a refused tap's rule link opens the help at that rule, focused and marked.
    page.evaluate(f"location.hash = '#/boop/play?m={hotseat_link(['k@a1', 'g:-'])}'")
    page.wait_for_selector("#cell-a1")
    page.locator("#cell-a1").dispatch_event("click")
    page.wait_for_selector("#feedback .rule-link")
    page.click("#feedback .rule-link")
    page.wait_for_selector("article.rules p.wanted #rule-BP-2")
    assert focused(page) == "rule-BP-2"
    assert page.locator("#rule-BP-2").inner_text() == "Placing a piece"
    box = page.locator("#rule-BP-2").bounding_box()
    assert box is not None and 0 <= box["y"] < 844


def test_boos_help_steps_a_route_and_an_exercise_is_traced_by_keyboard(page, site_url, watched):
    """Boo! (issue #11): an example steps to the route shown on its castle, told in words; the
    "find" exercise is played with keys alone: Booo!, a colour, arrows from the ghost to the visitor."""
    open_app(page, site_url, "#/boo/rules")
    page.wait_for_selector("figure.lesson", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("article.rules h2").first.get_attribute("id") == "help-goal"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Each example castle shows whole on the phone, its stone rim clear of the screen's edges (the
    # castle's frame, .castle-wrap, is what shows of its svg).
    frames = edges(page, "figure.lesson .castle-wrap")
    assert frames and all(left >= 2 and right <= 388 for left, right in frames), frames
    page.focus("#L-route-next")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=route][data-step='2'] #L-route-boo-castle .shown-route")
    assert "scares visitor 1" in page.locator("#L-route-events").inner_text()
    assert focused(page) == "L-route-prev"
    page.focus("#L-find-boo-booo-0")
    page.keyboard.press("Enter")
    page.wait_for_selector("#L-find-boo-colour-0-red")
    page.focus("#L-find-boo-colour-0-red")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'L-find-cell-f7'")
    for key in ("ArrowUp", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowDown"):
        page.keyboard.press(key)  # f6 e6 e7 e8 d8 c8 c9: red walls only
    page.wait_for_selector("[data-lesson=find][data-verdict=right]")
    assert page.locator("#L-find-feedback").inner_text().startswith("Right")
    assert focused(page) == "L-find-again"


def test_ghosts_galores_help_steps_the_draft_and_the_bone_doors_are_joined_by_keyboard(
    page, site_url, watched
):
    """Ghosts Galore on a phone: the draft example steps, told in words; the exercise's flipped tile
    is laid with keys alone (arrows, Enter, R to turn it, Confirm) and judged by the score; the
    scoring example steps tile by tile, each tile's points said."""
    open_app(page, site_url, "#/ghosts-galore/rules")
    page.wait_for_selector("figure.lesson", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("article.rules h2").first.get_attribute("id") == "help-goal"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.focus("#L-draft-next")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=draft][data-step='1'] .gg-offer.flipped")
    assert (
        page.locator("#L-draft-events").inner_text().strip() == "Player 1 flips a tile. rule: Taking a tile"
    )
    assert focused(page) == "L-draft-next"
    assert page.locator("#L-bone-score").inner_text() == "Your score: 7 points"
    page.locator("#L-bone-box").scroll_into_view_if_needed()  # drawn still until it nears the view
    page.focus("#L-bone-cell-4")
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "L-bone-cell-3"
    page.keyboard.press("Enter")  # the flipped tile previewed on a2
    page.wait_for_selector("#L-bone-gg-train-0 .preview")
    for _ in range(3):
        page.keyboard.press("r")
    page.focus("#L-bone-gg-confirm")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=bone][data-verdict=right]")
    assert page.locator("#L-bone-score").inner_text() == "Your score: 14 points"
    assert focused(page) == "L-bone-again"
    # The scoring example steps from one of Player 1's tiles to the next, each said with its points.
    page.focus("#L-monsters-next")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=monsters][data-step='1']")
    assert "Dragons: -5 → 1 point. Dragons: 1, so 1 × 1." in page.locator("#L-monsters-events").inner_text()
    page.keyboard.press("Enter")  # Player 1 flips and takes: two moves, one step
    page.wait_for_selector("[data-lesson=monsters][data-step='3']")
    assert "Ghosts: 6 → 18 points." in page.locator("#L-monsters-events").inner_text()
    assert focused(page) == "L-monsters-next"


def test_wooly_bullys_help_steps_the_draws_and_the_close_exercise_is_played_by_keyboard(
    page, site_url, watched
):
    """Wooly Bully: an example far below waits still until it nears the view, then steps to the end
    when nobody can play; an example steps to a tile touching three and drawing three, told in words; the
    "close" exercise is played with keys alone: Enter on the tile, an arrow to the square, "Lay it here";
    the zoom buttons leave the field whole; the hand limit's example steps to its discards."""
    open_app(page, site_url, "#/wooly-bully/rules")
    page.wait_for_selector("figure.lesson", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("article.rules h2").first.get_attribute("id") == "help-goal"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # An example far below is drawn still: its box, the same size, its field empty until it nears
    # the view; then drawn whole where it stands (nothing below it moves), and stepped by keyboard
    # to the end when nobody can play.
    assert page.locator("[data-lesson=v-multi][data-still]").count() == 1
    box = page.locator("#L-no-play-box")
    height = "el => el.getBoundingClientRect().height"
    still = box.evaluate(height)
    assert page.locator("#L-no-play-wb-field g[role=img]").count() == 0
    box.scroll_into_view_if_needed()
    page.wait_for_selector("[data-lesson=no-play]:not([data-still])")
    # Its 70 tiles (68 squares) come in pieces, a frame apart (decision 0106): all of them, each once.
    page.wait_for_function("document.querySelectorAll('#L-no-play-wb-field g[data-pos]').length >= 68")
    tiles = page.eval_on_selector_all("#L-no-play-wb-field g[data-pos]", "els => els.map(e => e.id)")
    assert len(tiles) == len(set(tiles)) == 68, "a whole game's field: 70 tiles on 68 squares"
    assert abs(box.evaluate(height) - still) < 0.5
    page.focus("#L-no-play-next")
    for step in (1, 2, 3, 4):
        page.keyboard.press("Enter")
        page.wait_for_selector(f"[data-lesson=no-play][data-step='{step}']")
    said = page.locator("#L-no-play-events").inner_text()
    assert "Nobody can lay a tile any more." in said and "Player 2 wins!" in said
    assert focused(page) == "L-no-play-prev"
    page.focus("#L-draw-next")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=draw][data-step='2']")
    assert "Player 2 draws 3 tiles." in page.locator("#L-draw-events").inner_text()
    assert focused(page) == "L-draw-prev"
    page.focus("#L-close-wb-hand-0")
    page.keyboard.press("Enter")
    page.wait_for_selector("#L-close-wb-hand-0[aria-pressed=true]")
    page.keyboard.press("ArrowUp")  # the one square up from the first where the tile fits
    page.wait_for_function("document.activeElement && document.activeElement.id === 'L-close-wb-sq--1_-2'")
    page.focus("#L-close-wb-confirm")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-lesson=close][data-verdict=right]")
    assert page.locator("#L-close-feedback").inner_text().startswith("Right")
    assert focused(page) == "L-close-again"
    # The field's zoom buttons sit under it on a phone, hiding none of it.
    field = page.locator("#L-close-wb-field").bounding_box()
    zoom = page.locator("#L-close-box .wb-zoom").bounding_box()
    assert field and zoom and zoom["y"] >= field["y"] + field["height"] - 0.5
    # A variant's example steps with its variant: the hand limit's two discards, told in words.
    page.focus("#L-v-hand-next")
    for step in (1, 2, 3):
        page.keyboard.press("Enter")
        page.wait_for_selector(f"[data-lesson=v-hand][data-step='{step}']")
    assert "Player 1 discards a tile." in page.locator("#L-v-hand-events").inner_text()
    assert page.locator("#L-v-hand-box .discards svg").count() == 2
