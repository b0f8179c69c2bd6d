"""boop. in the browser, played as a person would: by clicks and by keyboard, against the AI and
on one device, with ghost cats and a graduation choice."""

from __future__ import annotations

import re
from typing import Any

import pytest

from browser.conftest import BOOT_TIMEOUT_MS, open_app, watch
from parlour.engine import Match, encode_link
from parlour.engine.rng import Rng
from parlour.games.boop import GAME

DECISION = ".legal .open, #no-ghost, [data-action=graduate], #end-screen"
AI_TIMEOUT_MS = 60_000


@pytest.fixture
def page(shared_page: Any) -> Any:
    """The file's tests are tabs of one browser: the first starts cold, the rest warm (decision 0008)."""
    return shared_page


def hotseat_link(moves: list[str], seed: int = 1) -> str:
    """A share link of a two-person game (orange starts) after ``moves``."""
    match = Match.new(GAME, 2, {"first": "orange"}, seed, {"seats": ["human", "human"]})
    for move in moves:
        match.play(GAME.to_act(match.state)[0], move)
    return encode_link(match.record)


def open_link(page: Any, url: str, moves: list[str]) -> None:
    open_app(page, url, f"#/boop/play?m={hotseat_link(moves)}")
    page.wait_for_selector("svg.boop-bed", timeout=BOOT_TIMEOUT_MS)


def piece_at(page: Any, cell: str) -> str:
    """``"orange kitten"`` or ``""``: what the board shows on ``cell``."""
    loc = page.locator(f"g.piece[data-cell='{cell}']")
    if not loc.count():
        return ""
    classes = loc.get_attribute("class").split()
    return " ".join(c for c in classes if c in ("orange", "purple", "kitten", "cat"))


def test_a_whole_game_against_the_ai_by_clicks_until_the_end_screen(page, site_url, watched):
    open_app(page, site_url, "#/boop")
    page.select_option("#seat-1", "easy")
    page.click("#start")
    page.wait_for_selector("svg.boop-bed")
    for turn in range(200):
        page.wait_for_selector(DECISION, timeout=AI_TIMEOUT_MS)
        if page.locator("#end-screen").count():
            break
        grads = page.locator("[data-action=graduate]")
        if grads.count():
            grads.first.click()
        elif page.locator("#no-ghost").count():
            entries = page.locator("g.entry")
            (
                entries.nth(turn % entries.count())
                if turn % 3 == 0 and entries.count()
                else page.locator("#no-ghost")
            ).click()
        else:
            cells = page.locator(".legal .open")
            cells.nth((turn * 7) % cells.count()).click()
    end = page.locator("#end-screen")
    assert end.count() == 1, "the game reached its end screen"
    assert re.search("wins", end.inner_text())
    assert page.locator("#move-log > li").count() >= 8
    page.click("#play-again")
    # The new match's screen is made in a task of its own (0048): the old bed stays meanwhile.
    page.wait_for_selector("#end-screen", state="detached", timeout=AI_TIMEOUT_MS)
    page.wait_for_selector("svg.boop-bed")
    assert page.locator("#end-screen").count() == 0 and page.locator("#move-log > li").count() == 0


def test_a_ghost_comes_in_at_the_edge_and_later_boops_along_its_seam(page, site_url, watched):
    # BP-13: after placing, orange may bring the ghost in on one of the 20 edge seams.
    open_link(page, site_url, ["k@a1"])
    assert page.locator("g.entry").count() == 20
    page.click("#entry-top-c")
    assert (
        page.locator("g.ghost.orange")
        .get_attribute("aria-label")
        .startswith("orange ghost cat between c6 and d6")
    )
    # Purple plays; orange places on c5, beside the seam; at the end of orange's turn the ghost moves
    # one segment down to c5|d5 and pushes the kitten away from the seam, to b5 (BP-14, BP-15).
    page.click("#cell-f1")
    page.click("#no-ghost")
    page.click("#cell-c5")
    page.wait_for_selector(".legal .open")
    assert piece_at(page, "b5") == "orange kitten" and piece_at(page, "c5") == ""
    assert (
        page.locator("g.ghost.orange")
        .get_attribute("aria-label")
        .startswith("orange ghost cat between c5 and d5")
    )
    moves = log_notations(page)  # the notation is the entries' tooltip, not their text (decision 0099)
    assert "g:top-c" in moves and "k@c5" in moves
    assert "k@c5" not in page.locator("#move-log").inner_text()


def log_notations(page: Any) -> list[str]:
    """The moves of the log's entries in notation, from their ``data-notation``."""
    return page.locator("#move-log [data-notation]").evaluate_all("els => els.map(e => e.dataset.notation)")


def find_graduation_choice(seed: int = 0) -> list[str]:
    """Moves of a random game that reaches a graduation with a choice between lines (BP-8)."""
    for attempt in range(2000):
        rng = Rng.from_seed(f"grad:{seed}:{attempt}")
        match = Match.new(GAME, 2, {"first": "orange"}, 1)
        moves: list[str] = []
        while GAME.outcome(match.state) is None and len(moves) < 120:
            state = match.state
            choices = [c for c in GAME.graduation_choices(state) if len(c["cells"]) == 3]
            if state.phase == "grad-a" and len(choices) >= 2:
                return moves
            move = rng.choice(GAME.legal_moves(state, state.mover))
            match.play(state.mover, move)
            moves.append(move)
    raise AssertionError("no random game reached a graduation choice")


def test_a_graduation_choice_is_offered_and_the_chosen_line_leaves_the_bed(page, site_url, watched):
    moves = find_graduation_choice()
    open_link(page, site_url, moves)
    buttons = page.locator("[data-action=graduate]")
    lines = [b for b in buttons.all_inner_texts() if "–" in b]
    assert len(lines) >= 2, "several lines are offered (BP-8)"
    chosen = lines[-1].split("–")
    assert all(piece_at(page, c) for c in chosen)
    assert page.locator(".cell.line").count() >= 4, "the candidate lines are highlighted"
    buttons.filter(has_text=lines[-1]).click()
    page.wait_for_selector("#no-ghost, .legal .open")
    assert all(piece_at(page, c) == "" for c in chosen), "the graduated line left the bed"
    assert "-".join(chosen) in " ".join(log_notations(page))


def focused_id(page: Any) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id || ''")


def tab_to(page: Any, prefix: str, limit: int = 80) -> str:
    for _ in range(limit):
        page.keyboard.press("Tab")
        fid = focused_id(page)
        if fid.startswith(prefix):
            return fid
    raise AssertionError(f"Tab never reached #{prefix}…")


def next_frames(page: Any) -> None:
    """Two animation frames later: a drawing put off to the next task (decision 0066) is done."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_a_game_played_by_keyboard_alone(page, site_url, watched):
    open_app(page, site_url, "#/boop")
    tab_to(page, "seat-1")
    page.keyboard.press("ArrowUp")  # AI (medium), the default, → AI (easy)
    assert page.locator("#seat-1").input_value() == "easy"
    tab_to(page, "start")
    page.keyboard.press("Enter")
    page.wait_for_selector("svg.boop-bed")
    # A new screen focuses its heading (in the frame that first shows it: decision 0018).
    page.wait_for_function("document.activeElement && document.activeElement.id === 'screen-title'")
    for turn in range(200):
        page.wait_for_selector(DECISION, timeout=AI_TIMEOUT_MS)
        if page.locator("#end-screen").count():
            break
        if turn:
            # After the AI's move, or a decision's button gone, focus is back on the bed's cursor
            # (a button gone: in the next frame, decision 0018).
            next_frames(page)
            assert focused_id(page).startswith("cell-"), f"focus lost at turn {turn}: {focused_id(page)!r}"
        if page.locator("[data-action=graduate]").count():
            tab_to(page, "grad-")
            page.keyboard.press("Enter")
            next_frames(page)  # the choice drawn, even when its drawing waits a task
            continue
        if page.locator("#no-ghost").count():
            if turn % 4 == 0:
                first = tab_to(page, "entry-")
                page.keyboard.press("ArrowRight")  # the 20 entries are one Tab stop: arrows go round
                assert focused_id(page).startswith("entry-") and focused_id(page) != first
            else:
                tab_to(page, "no-ghost")
            page.keyboard.press("Enter")
            next_frames(page)
            continue
        cursor = focused_id(page) if focused_id(page).startswith("cell-") else tab_to(page, "cell-")
        legal = page.locator(".legal .open").evaluate_all("els => els.map(e => e.id)")
        target = legal[(turn * 5) % len(legal)]
        (cf, cr), (tf, tr) = (cursor[5], int(cursor[6])), (target[5], int(target[6]))
        for _ in range(abs(ord(tf) - ord(cf))):
            page.keyboard.press("ArrowRight" if tf > cf else "ArrowLeft")
        for _ in range(abs(tr - cr)):
            page.keyboard.press("ArrowUp" if tr > cr else "ArrowDown")
        assert focused_id(page) == target, "the arrows move the focus over the bed"
        page.keyboard.press("Enter")
        # A slow move is drawn in the next task (decision 0066): until then the page still shows
        # the legal cells of the turn just played, which the next turn must not read.
        page.wait_for_selector(f"#{target}:not(.legal .open)")
    assert page.locator("#end-screen").count() == 1
    # Focus moves into the end dialog, in the frame after it is drawn (dom.IN_THE_FRAME).
    page.wait_for_function("document.activeElement && document.activeElement.id === 'play-again'")
    for _ in range(6):  # and stays there: the rest of the page is inert
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('#end-screen')") or focused_id(page) == ""
    page.keyboard.press("Escape")
    assert page.locator("#end-screen").count() == 0 and focused_id(page) == "end-open"
    page.keyboard.press("Enter")
    assert page.locator("#end-screen").count() == 1


def test_an_illegal_click_says_why_and_changes_nothing(page, site_url, watched):
    open_link(page, site_url, ["k@c3", "g:-"])
    # Marked aria-disabled, which Playwright's click refuses; a person can still tap it.
    page.locator("#cell-c3").dispatch_event("click")
    page.wait_for_selector("#refusal")
    reason = page.locator("#refusal").inner_text()
    assert "c3" in reason and "BP-" not in reason, "plain words beside the board"
    assert page.locator("#feedback a.rule-link").inner_text() == "rule: Placing a piece", (
        "the rule by its name, the id only the target"
    )
    assert "refused" in page.locator("#cell-c3").get_attribute("class")
    assert page.locator("#move-log > li").count() == 2


def test_undo_takes_back_the_last_move(page, site_url, watched):
    open_link(page, site_url, [])
    page.click("#cell-d4")
    page.click("#no-ghost")
    assert page.locator("#move-log > li").count() == 2
    page.click("#undo")
    assert page.locator("#move-log > li").count() == 1
    assert page.locator("#no-ghost").count() == 1, "orange decides about the ghost again"


def test_a_damaged_share_link_is_reported_and_the_app_goes_on(context, site_url):
    # A first visit, in a browser of its own: a cold start at a match's address (where decision
    # 0038's first stepwise opening could stay on its loading screen).
    page = context.new_page()
    watched = watch(page)
    open_app(page, site_url, "#/boop/play?m=AAAAnot-a-real-link")
    assert page.locator("#error-banner").count() == 1
    assert page.locator("[data-screen='setup']").count() == 1
    watched.assert_clean()


def test_rules_help_is_there_in_three_languages(page, site_url, watched):
    open_app(page, site_url, "#/boop/rules")
    english = page.locator("article.rules").inner_text()
    assert "kitten" in english.lower()
    page.goto(site_url + "#/settings")
    page.select_option("#lang", "uk")
    page.goto(site_url + "#/boop/rules")
    page.wait_for_selector("article.rules")
    assert "кошен" in page.locator("article.rules").inner_text().lower()
    page.goto(site_url + "#/settings")
    page.select_option("#lang", "ru")
    page.goto(site_url + "#/boop/rules")
    page.wait_for_selector("article.rules")
    assert (
        "котён" in page.locator("article.rules").inner_text().lower()
        or "котен" in page.locator("article.rules").inner_text().lower()
    )


def test_a_game_in_progress_survives_a_reload_and_resumes_from_the_picker(page, site_url, watched):
    open_link(page, site_url, [])
    page.click("#cell-d4")
    page.click("#no-ghost")
    page.click("#cell-a1")
    before = page.locator("#move-log").inner_text()
    page.goto(site_url + "#/")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.click("[data-game='boop'] a:has-text('Resume')")
    page.wait_for_selector("svg.boop-bed")
    assert page.locator("#move-log").inner_text() == before
    assert piece_at(page, "d4") == "orange kitten" or piece_at(page, "a1") == "purple kitten"


def test_a_damaged_save_is_reported_and_a_new_game_can_start(page, site_url, watched):
    open_app(page, site_url)
    page.evaluate('localStorage.setItem(\'parlour.save.boop\', \'{"v":1,"game":"boop","moves":[[0,"zz"]]\')')
    page.goto(site_url + "#/boop/play")
    page.wait_for_selector("#error-banner")
    assert "damaged" in page.locator("#error-banner").inner_text()
    page.click("#start")
    page.wait_for_selector("svg.boop-bed")
