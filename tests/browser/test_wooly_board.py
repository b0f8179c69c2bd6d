"""Wooly Bully in the browser, played as people would: three people on one device behind privacy
screens with a wolf played out of turn, and one person against two bots, each to the end screen."""

from __future__ import annotations

import re
from typing import Any

from browser.conftest import BOOT_TIMEOUT_MS, open_app
from parlour.engine import Match, encode_link
from parlour.games.wooly_bully import GAME
from parlour.games.wooly_bully.tiles import tile
from wooly_bully.wooly_helpers import wolf_ready

AI_TIMEOUT_MS = 60_000


def status(page: Any) -> str:
    return page.locator("#status").inner_text().strip()


def hold_device(page: Any) -> None:
    """Press "I am …: show my turn" on the privacy screen."""
    page.click("#reveal")
    page.wait_for_selector("#wb-own")


def landscapes(page: Any) -> list[Any]:
    """The hand's tiles that fit and are landscape tiles (the turn's tile: not a wolf, hunter or shepherd)."""
    usable = page.locator(".hand-tile.usable")
    found = [usable.nth(i) for i in range(usable.count())]
    return [b for b in found if (b.get_attribute("data-arg") or "").isdigit() and is_landscape(b)]


def is_landscape(button: Any) -> bool:
    return tile(int(button.get_attribute("data-arg"))).kind == "landscape"


def lay_first_tile(page: Any) -> None:
    """Choose the first landscape tile that fits, its first square, and lay it."""
    landscapes(page)[0].click()
    page.locator("g.target").first.click()
    page.click("#wb-confirm")


def test_hot_seat_privacy_screens_and_a_wolf_out_of_turn_to_the_end(page, site_url, watched):
    link, turn, wolf = wolf_ready()
    open_app(page, site_url, f"#/wooly-bully/play?m={link}")
    page.wait_for_selector("#privacy", timeout=BOOT_TIMEOUT_MS)
    assert status(page) == f"Pass the device to Player {turn + 1}"
    assert page.locator(".hand-tile").count() == 0, "no hand behind the privacy screen"
    hold_device(page)
    # Player 3 cries "Wolf!" during another player's turn: the device goes to them, covered first.
    page.click("#interrupt-2")
    page.wait_for_selector("#privacy")
    assert status(page) == "Pass the device to Player 3"
    hold_device(page)
    assert status(page).startswith("Player 3, out of turn")
    page.click(f"#wb-hand-{wolf.tile}")
    page.click(f"#wb-sq-{wolf.pos[0]}_{wolf.pos[1]}")
    page.click("#wb-confirm")
    page.wait_for_selector("#privacy")
    assert status(page) == f"Pass the device to Player {turn + 1}", "back to the turn's player"
    assert "Wolf!" in page.locator("#move-log").inner_text()
    hold_device(page)
    assert page.locator(f'g[data-pos="{wolf.pos[0]},{wolf.pos[1]}"] .figure.wolf').count() == 1
    lay_first_tile(page)
    # Everyone leaves in turn (6, 3, 1 bonus points), each behind the privacy screen: the game ends.
    for _ in range(3):
        page.wait_for_selector("#privacy, #end-screen")
        if page.locator("#end-screen").count():
            break
        hold_device(page)
        page.click("#wb-leave")
        page.click("#wb-leave-yes")
    page.wait_for_selector("#end-screen")
    end = page.locator("#end-screen").inner_text()
    assert re.search(r"wins|win", end) and "Every player has left" in end


def test_one_person_against_two_hard_bots_a_whole_game_to_the_end_screen(page, site_url, watched):
    match = Match.new(GAME, 3, {}, "bots:1", {"seats": ["human", "hard", "hard"]})
    open_app(page, site_url, f"#/wooly-bully/play?m={encode_link(match.record)}")
    page.wait_for_selector("#wb-own", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#privacy").count() == 0, "one person: no privacy screen"
    # The + and - keys zoom the field as its buttons do (and Ctrl with + is left to the browser).
    width = "parseFloat(document.querySelector('#wb-field').getAttribute('viewBox').split(' ')[2])"
    fit = page.evaluate(width)
    page.keyboard.press("+")
    page.wait_for_function(f"{width} < {fit}")
    zoomed = page.evaluate(width)
    page.keyboard.press("Control+Minus")
    page.wait_for_timeout(200)
    assert page.evaluate(width) == zoomed, "Ctrl and - is the browser's zoom, not the field's"
    for _ in range(3):
        page.keyboard.press("-")
    page.wait_for_function(f"{width} > {fit}")
    page.click("#wb-zoom-fit")
    turns = 0
    for _ in range(150):
        # Wait for the person's own turn (the bots think in between), then lay a tile, pass or leave.
        page.wait_for_function(
            "document.querySelector('#end-screen') || "
            "(document.querySelector('#status') || {}).textContent?.startsWith('Player 1:')",
            timeout=AI_TIMEOUT_MS,
        )
        if page.locator("#end-screen").count():
            break
        turns += 1
        if page.locator("#wb-pass").count():
            page.click("#wb-pass")
        elif landscapes(page):
            lay_first_tile(page)
        else:  # the bag is empty and only a wolf, hunter or shepherd could still be laid
            page.click("#wb-leave")
            page.click("#wb-leave-yes")
        page.wait_for_timeout(100)
    page.wait_for_selector("#end-screen", timeout=AI_TIMEOUT_MS)
    end = page.locator("#end-screen").inner_text()
    assert "Player 1" in end and re.search(r"\d", end)
    assert turns >= 10, "a whole game, from the first tile"
