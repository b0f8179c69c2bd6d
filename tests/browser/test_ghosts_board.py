"""Ghosts Galore in the browser, played as people would: three people on one device passing it behind
the privacy screen, one person against three bots to the final breakdown, and three browsers over
WebRTC where a guest's pencilled hidden tile never leaves its page."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest

from browser.conftest import BOOT_TIMEOUT_MS, open_app
from browser.test_net_manual import NET_TIMEOUT_MS, join, people, rtc_ready  # noqa: F401 (fixtures)
from parlour.engine import load_match
from parlour.games.ghosts_galore import GAME

AI_TIMEOUT_MS = 60_000
TURN = "#reveal, #gg-confirm:not([disabled]), #gg-flip, button.gg-offer, #end-screen"


@pytest.fixture
def page(shared_page: Any) -> Any:
    """The file's tests are tabs of one browser: the first starts cold, the rest warm (decision 0008)."""
    return shared_page


def games(game_id: str) -> Any:
    if game_id != GAME.id:
        raise KeyError(game_id)
    return GAME


def setup(page: Any, url: str, seats: list[str]) -> None:
    open_app(page, url, "#/ghosts-galore")
    page.select_option("#player-count", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    page.click("#start")
    page.wait_for_selector(".gg, #privacy", timeout=BOOT_TIMEOUT_MS)


def decide(page: Any, turn: int) -> str:
    """Make this device's current decision by clicks; returns what was done."""
    if page.locator("#gg-confirm:not([disabled])").count():
        page.click("#gg-confirm")  # a tile in hand already previewed (round 9: the hidden tile)
        return "confirm"
    offers = page.locator("button.gg-offer")
    if page.locator("#gg-pass").count() and turn % 4 == 0:
        page.click("#gg-pass")
        return "pass"
    if offers.count() and (not page.locator("#gg-flip").count() or turn % 2):
        offers.nth(turn % offers.count()).click()
    elif page.locator("#gg-flip").count():
        page.click("#gg-flip")
        return "flip"
    cells = page.locator("#board .cell.target, .gg-train.mine .cell.target")
    cells.nth(turn % cells.count()).click()
    page.locator(".gg-train.mine .preview").wait_for()
    page.keyboard.press("r")
    page.click("#gg-confirm")
    return "take"


def breakdown(page: Any) -> dict[tuple[int, str], int]:
    cells = page.locator("#gg-scores td[data-cat]")
    out = {}
    for i in range(cells.count()):
        cell = cells.nth(i)
        out[(int(cell.get_attribute("data-seat")), cell.get_attribute("data-cat"))] = int(cell.inner_text())
    return out


def record_of(page: Any) -> Any:
    """The match as its share link carries it."""
    page.evaluate("document.getElementById('share').click()")  # under the end dialog
    page.wait_for_selector("#share-link", state="attached")
    text = page.input_value("#share-link")
    return load_match(unquote(text.split("?m=", 1)[1]), games, link=True)


def test_gg2_three_people_on_one_device_pass_it_behind_the_privacy_screen_to_the_end(page, site_url, watched):
    setup(page, site_url, ["human", "human", "human"])
    covered = pencilled = 0
    hidden_seen: dict[str, str] = {}
    for turn in range(300):
        page.wait_for_selector(TURN, timeout=AI_TIMEOUT_MS)
        if page.locator("#end-screen").count():
            break
        if page.locator("#reveal").count():
            # Covered: no one's hidden tile, no last look, no pencil on the screen.
            assert page.locator(".gg-hidden, .pencilled, .gg-offer.stack-left").count() == 0
            covered += 1
            page.click("#reveal")
            page.wait_for_selector(".gg[data-you]:not([data-you=''])")
            you = page.get_attribute(".gg", "data-you")
            label = (
                page.get_attribute(".gg-hidden svg", "aria-label")
                if page.locator(".gg-hidden svg").count()
                else ""
            )
            if label:
                assert hidden_seen.setdefault(you, label) == label  # each seat sees its own tile
            if you == "1" and not pencilled and page.locator("#gg-pencil").count():
                page.click("#gg-pencil")
                page.locator(".gg-train.mine .cell.target").last.click()
                page.wait_for_selector(".gg-train.mine .pencilled")
                pencilled = 1
            elif you != "1":
                assert page.locator(".pencilled").count() == 0, "seat 2's pencil shows only to seat 2"
            continue
        decide(page, turn)
    page.wait_for_selector("#end-screen", timeout=AI_TIMEOUT_MS)
    assert covered >= 9 * 3 - 2, "every hand-over of the device was covered"
    assert pencilled and len(set(hidden_seen.values())) == 3
    match = record_of(page)
    assert all(isinstance(p.move, str) and "pencil" not in p.move for p in match.plies)
    sheets = GAME.score_sheets(match.state)
    shown = breakdown(page)
    assert shown == {(p, c): v for p, s in enumerate(sheets) for c, v in s.by_category().items()}


def test_gg_d2_a_person_against_three_bots_to_the_breakdown(page, site_url, watched):
    setup(page, site_url, ["human", "hard", "easy", "easy"])
    assert page.locator("#reveal").count() == 0, "one person at the device: no privacy screen"
    for turn in range(200):
        page.wait_for_selector(TURN, timeout=AI_TIMEOUT_MS)
        if page.locator("#end-screen").count():
            break
        decide(page, turn)
    outcome_words = page.inner_text("#end-screen")
    match = record_of(page)
    outcome = match.outcome()
    assert outcome is not None and len(outcome.scores) == 4
    sheets = GAME.score_sheets(match.state)
    assert breakdown(page) == {(p, c): v for p, s in enumerate(sheets) for c, v in s.by_category().items()}
    totals = [int(page.inner_text(f"[data-total='{p}']")) for p in range(4)]
    assert totals == [int(s) for s in outcome.scores]
    assert page.locator("#gg-tie").count() == 1 and outcome_words
    # the tracks that scored are drawn highlighted
    assert page.locator(".track.scored").count() == sum(len(t.track.pieces) for s in sheets for t in s.tracks)


def test_the_status_decision_and_controls_fit_a_tablet_and_a_phone_without_scrolling(page, site_url, watched):
    """The match screen's layout (docs/match-screen.md): the score table and the other trains are
    side panels, folded below the board on a narrow screen, so Undo needs no scroll; beside the
    board on a laptop, the other player's train first, in view without scrolling."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, site_url, "#/ghosts-galore")
    page.click("#start")  # a person against the computer by default
    page.wait_for_selector("#gg-flip", timeout=AI_TIMEOUT_MS)
    box = page.locator("#gg-other-1").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    for width, height in ((820, 1180), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.reload()  # the match resumes; side panels start folded on a narrow screen
        page.wait_for_selector("#gg-flip", timeout=AI_TIMEOUT_MS)
        for region in ("#status", "#choices", "#gg-flip", "#undo"):
            box = page.locator(region).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (width, region)
        assert page.locator("#score-body").is_hidden() and page.locator("#trains-body").is_hidden()
        assert page.evaluate("window.scrollY") == 0
    page.click("#fold-score")
    assert "game ended now" in page.inner_text("#score-panel")


@pytest.mark.webrtc
def test_gg2_a_guest_pencils_and_no_peer_receives_a_message_about_it(people):  # noqa: F811 (the fixture)
    host = people.page(people.context(), "#/ghosts-galore/host")
    host.wait_for_selector("[data-screen=net-host] #net-players", timeout=BOOT_TIMEOUT_MS)
    host.select_option("#net-players", "3")
    anna = join(people, host, "Anna")
    ben = join(people, host, "Ben")
    for guest in (anna, ben):
        guest.click("#net-ready")
    host.wait_for_selector("#net-start:not([disabled])", timeout=NET_TIMEOUT_MS)
    host.click("#net-start")
    pages = [host, anna, ben]
    for p in pages:
        p.wait_for_selector("[data-phase=playing] .gg", timeout=NET_TIMEOUT_MS)
    seat = int(anna.get_attribute("#main", "data-seat"))
    before = [len(p.evaluate("parlourRtc.received")) for p in pages]
    anna.click("#gg-pencil")
    anna.locator(".gg-train.mine .cell.target").nth(4).click()
    anna.wait_for_selector(".gg-train.mine .pencilled")
    anna.click("[data-action=gg-pencil-rot][data-arg='1']")
    host.wait_for_timeout(1500)
    after = [len(p.evaluate("parlourRtc.received")) for p in pages]
    assert after == before, "pencilling sent nothing: no peer received a message"
    assert host.locator(".pencilled").count() == 0 and ben.locator(".pencilled").count() == 0
    # The game goes on, Anna's own turn included, and her move is never refused as stale.
    for turn in range(60):
        if all(p.get_attribute("#main", "data-phase") == "over" for p in pages):
            break
        acted = False
        for p in pages:
            if p.locator("#gg-flip, button.gg-offer, #gg-confirm:not([disabled])").count():
                try:
                    decide(p, turn)
                    acted = True
                except Exception:  # redrawn under the click by a message: try again
                    pass
                break
        if not acted:
            host.wait_for_timeout(100)
        if turn > 12:
            break
    refused = [t for t in anna.evaluate("parlourRtc.received") if '"t":"refused"' in t]
    assert refused == [], "no move of Anna's was refused (none stale)"
    assert seat in (1, 2) and len(anna.evaluate("parlourRtc.received")) > after[1]
