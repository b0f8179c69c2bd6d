"""Start-up as a person sees it: the picker is there before Python is, in their language, the
loading words name what is happening, and a tap made while Python starts is acted on."""

from __future__ import annotations

import functools
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build
import pytest

from browser.conftest import BOOT_TIMEOUT_MS, watch
from parlour.engine import Match, encode_link
from parlour.games.boop import GAME


class GatedHandler(build.Handler):
    """Holds back every file Pyodide fetches (its wasm, standard library and lock file) until the
    test opens the gate: Python cannot start. Its two modules (``import()``-ed) come at once."""

    gate = threading.Event()

    def do_GET(self) -> None:
        if "/pyodide/" in self.path and not self.path.endswith(".mjs"):
            self.gate.wait(BOOT_TIMEOUT_MS / 1000)
        super().do_GET()


def megabytes(dist: Path, *names: str) -> str:
    """The size of these built files in MB as the Ukrainian loading words write it ("13,8")."""
    size = sum((dist / name).stat().st_size for name in names)
    return f"{size / 1e6:.1f}".replace(".", ",")


@pytest.fixture
def gated_site(dist: Path) -> Iterator[str]:
    GatedHandler.gate.clear()
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(GatedHandler, directory=str(dist))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    GatedHandler.gate.set()
    server.shutdown()


PHASES = """
window.bootPhases = [];
addEventListener("DOMContentLoaded", () => {
  const text = document.getElementById("loading-text");
  const seen = () => {
    const phase = text.textContent.split(/[:·]/)[0].trim();
    if (window.bootPhases[window.bootPhases.length - 1] !== phase) window.bootPhases.push(phase);
  };
  seen();
  new MutationObserver(seen).observe(text, { childList: true, characterData: true, subtree: true });
  // What a screen reader is given to say (the changing line itself is aria-hidden).
  window.said = [];
  const said = document.getElementById("loading-said");
  const heard = () => said.textContent && window.said.push(said.textContent);
  heard();
  new MutationObserver(heard).observe(said, { childList: true, characterData: true, subtree: true });
  // What the page's own live region says (the app's announcements), each time it is given words.
  window.liveSaid = [];
  const live = document.getElementById("live");
  new MutationObserver(() => window.liveSaid.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
  // Then the app's own phase: loading the game's package.
  window.gamePhases = [];
  new MutationObserver(() => {
    const game = document.getElementById("loading-game-text");
    if (game && !window.gamePhases.includes(game.textContent)) window.gamePhases.push(game.textContent);
  }).observe(document.body, { childList: true, characterData: true, subtree: true });
});
"""
"""Records each phase the loading screen names, in order, and the game-loading phase after it."""


def in_live_regions(page: Any, role: str) -> list[bool]:
    """For each element of ``role`` in Chromium's accessibility tree: whether it lies in a live
    region, where a screen reader says each of its changes (6-11 a second for a loading bar)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    by_id = {node["nodeId"]: node for node in nodes}
    parent = {child: node["nodeId"] for node in nodes for child in node.get("childIds", [])}

    def live(node_id: str | None) -> bool:
        while node_id is not None:
            props = {p["name"]: p["value"].get("value") for p in by_id[node_id].get("properties", [])}
            if props.get("live") in ("polite", "assertive"):
                return True
            node_id = parent.get(node_id)
        return False

    return [live(node["nodeId"]) for node in nodes if node.get("role", {}).get("value") == role]


def test_picker_in_the_saved_language_before_python_and_a_tap_on_play_is_kept(
    browser: Any, gated_site: str, dist: Path
):
    # An English browser whose person chose Ukrainian in the settings on an earlier visit.
    context = browser.new_context(locale="en-US")
    context.add_init_script(
        "localStorage.setItem('parlour.settings', JSON.stringify({lang: 'uk', animations: 'system'}))"
    )
    context.add_init_script(PHASES)
    page = context.new_page()
    w = watch(page)
    page.goto(gated_site, wait_until="commit")
    page.wait_for_selector(".picker .card h2", timeout=10_000)
    assert page.locator("body[data-ready='1']").count() == 0, "Python cannot be up: its files are held back"
    assert page.locator(".picker .card h2").all_inner_texts() == [
        "boop.",
        "Boo!",
        "Вулі-Булі",  # the name the game's Ukrainian words use (its Russian rulebook's «Вули-Були»)
        "Ghosts Galore",
    ]
    assert page.locator("html").get_attribute("lang") == "uk"
    assert page.locator(".picker .card[data-game=boop] a.primary").inner_text() == "Грати"
    # Every game has a board now: each card offers Play, in the saved language, before Python is up.
    assert page.locator(".picker .card a.primary").all_inner_texts() == ["Грати"] * 4
    assert page.locator(".picker .card .soon").count() == 0
    # No saved match: no resume link, as the app itself would draw it.
    assert page.locator(".picker a[href$='/play']").count() == 0
    # A saved match (in a slot, as the app saves them): its Resume is there before Python too, not
    # put under a finger when Python draws the picker.
    page.evaluate("localStorage.setItem('parlour.saves.boop', '[\"a\"]')")
    again = context.new_page()
    again.goto(gated_site, wait_until="commit")
    again.wait_for_selector(".picker .card h2", timeout=10_000)
    assert again.locator(".picker a[href$='/play']").count() == 1
    assert again.locator(".picker .card[data-game=boop] a[href$='/play']").inner_text() == "Продовжити"
    again.close()
    page.evaluate("localStorage.removeItem('parlour.saves.boop')")
    # Only Parlour's own wheel and Pyodide's two modules can have come, and all of them are counted
    # (the modules come by import(), which no fetch sees): the figure moves before the big files come.
    wheel = next(dist.glob("parlour-*.whl.gz")).name
    have = megabytes(dist, wheel, "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs")
    total = megabytes(
        dist, *(p.relative_to(dist).as_posix() for p in build.start_download(dist, dist / wheel))
    )
    words = f"Завантажуємо Python: {have} з {total} МБ"
    page.wait_for_function(f"document.getElementById('loading-text').textContent === {words!r}")
    assert page.locator("#loading-text").get_attribute("aria-hidden") == "true", "its copy is heard"
    # The bar moves with every figure: it is in no live region (a screen reader would say each).
    assert in_live_regions(page, "progressbar") == [False]

    page.click(".picker .card[data-game=boop] a.primary")
    # The tap changes the address; the page answers in its hashchange event, a task after the click
    # (read at once, it raced: one fresh-clone CI found the picker still there).
    page.wait_for_selector(".picker", state="detached", timeout=5_000)
    assert page.locator("#loading-next").inner_text() == "Відкриємо boop., щойно Python буде готовий…"

    GatedHandler.gate.set()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    # The standard library came compiled (decision 0105): a start that fell back to its sources
    # works, at twice the time.
    assert page.evaluate("window.parlourBoot.timings.bytecode") is True
    # The phases followed one another, each named in Ukrainian (decision 0089: Python's start is in
    # steps, so its words are set, and shown, between them).
    assert page.evaluate("window.bootPhases") == [
        "Завантажуємо Python",
        "Запускаємо Python",
        "Завантажуємо Parlour",
    ]
    # A screen reader hears each phase once, not each figure; the seconds move in tenths.
    said = page.evaluate("window.said")
    assert [re.split("[:·]", s)[0].strip() for s in said] == page.evaluate("window.bootPhases"), said
    assert re.fullmatch(r"Запускаємо Python · \d+,\d с", said[1]), said
    # Python is up: the game's rules and board load, named, a module a task with the share done
    # (decision 0038), then its setup opens.
    page.wait_for_selector("[data-screen=setup]", timeout=BOOT_TIMEOUT_MS)
    shown = page.evaluate("window.gamePhases")
    figures = [
        int(m.group(1)) for w in shown if (m := re.fullmatch(r"Завантажуємо boop\. · (\d+)\u00a0%", w))
    ]
    assert len(figures) == len(shown) and figures[0] == 0 and figures[-1] == 100, shown
    assert figures == sorted(set(figures)) and len(figures) >= 4, shown
    assert page.url.endswith("#/boop")
    assert page.locator("html").get_attribute("lang") == "uk"
    # The game's loading was heard once, by name, not each figure (its screen is no live region).
    assert page.evaluate("window.liveSaid") == ["Завантажуємо boop.…"]
    w.assert_clean()
    context.close()


HOLD_BOT_ANSWERS = """
window.heldAnswers = [];
Object.defineProperty(window, "parlourBots", {
  configurable: true,
  set(bots) { window.realBots = bots; },
  get() {
    return {
      start: () => window.realBots.start(),
      think: (request) => new Promise((resolve, reject) => {
        window.heldAnswers.push(() => window.realBots.think(request).then(resolve, reject));
      }),
    };
  },
});
"""
"""The worker's answers wait until the test lets them through: the bot is "still thinking"."""


def a_persons_turn(page: Any, cell: int = 0) -> None:
    """Click the person's move on the boop. bed, to the end of their turn (an optional ghost skipped)."""
    page.locator(".legal .open").nth(cell).click()
    page.wait_for_function("window.heldAnswers.length > 0 || document.getElementById('no-ghost')")
    if page.locator("#no-ghost").count():
        page.click("#no-ghost")


DOTS_SHOWN = "[...document.querySelectorAll('.boop-bed .dot')].filter(d => getComputedStyle(d).display !== 'none').length"
"""How many of boop.'s placing dots a player sees."""


def cells_heard(page: Any) -> dict[str, bool]:
    """boop.'s cells as a screen reader meets them: each gridcell's name in Chromium's accessibility
    tree, and whether it is disabled there (the legal marks are the grid's state, decision 0094)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    heard = {}
    for node in nodes:
        if node.get("role", {}).get("value") == "gridcell":
            state = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
            heard[node["name"]["value"]] = bool(state.get("disabled"))
    return heard


def test_restored_from_the_snapshot_while_the_bot_thinks_in_its_worker_the_person_can_undo_and_leave(
    browser: Any, site_url: str
):
    # A phone: its folded controls are the match screen's menu ("More"), opened while the bot thinks.
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    context.add_init_script(HOLD_BOT_ANSWERS)
    page = context.new_page()
    w = watch(page)
    page.goto(site_url + "#/boop")
    page.wait_for_selector("[data-screen=setup]", timeout=BOOT_TIMEOUT_MS)
    # The next start restores Python from the memory snapshot a worker made meanwhile (decision 0085),
    # and so does the bots' worker: what follows runs on the restored Python.
    page.wait_for_function("window.parlourBoot.snapshot !== undefined", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.parlourBoot.snapshot.saved") > 10_000_000
    # This first visit's bots' worker started before there was a snapshot: it loaded the standard
    # library's bytecode, as the page did (0111), instead of compiling it.
    page.wait_for_function("window.parlourBoot.timings.botsSnapshot !== undefined", timeout=BOOT_TIMEOUT_MS)
    started = page.evaluate(
        "[window.parlourBoot.timings.botsSnapshot, window.parlourBoot.timings.botsBytecode]"
    )
    assert started in ([False, True], [True, False]), started
    page.reload()
    page.wait_for_selector("[data-screen=setup]", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.parlourBoot.timings.snapshot") is True
    page.select_option("#seat-1", "hard")
    page.click("#start")
    a_persons_turn(page)
    page.wait_for_function("window.heldAnswers.length === 1")
    page.wait_for_function("window.parlourBoot.timings.botsSnapshot !== undefined", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.parlourBoot.timings.botsSnapshot") is True
    assert "thinking" in page.locator("#status").inner_text()
    # While the bot thinks, a screen reader hears every cell of the bed disabled, and no dot shows.
    heard = cells_heard(page)
    assert len(heard) == 36 and all(heard.values())
    assert page.evaluate(DOTS_SHOWN) == 0 and page.locator(".boop-bed .open .dot").count() > 30
    # The bot thinks, and the page is the person's: take the move back...
    while page.locator("#undo:enabled").count():
        page.click("#undo")
    assert page.locator("#move-log li").count() == 0
    heard = cells_heard(page)
    assert len(heard) == 36 and not any(heard.values()), "the person's turn: every empty cell takes a piece"
    assert page.evaluate(DOTS_SHOWN) == 36
    assert "thinking" not in page.locator("#status").inner_text()
    # ... play another, and open the menu (and Share in it) while the bot thinks about that one.
    a_persons_turn(page, 5)
    page.wait_for_function("window.heldAnswers.length === 2")
    moves_by_person = page.locator("#move-log li").count()
    page.click("#more")
    page.wait_for_selector("#more-menu.open")
    assert page.evaluate("document.activeElement.id") == "share"
    page.click("#share")
    page.wait_for_selector("#share-link")
    assert "/play?m=" in page.locator("#share-link").input_value()
    assert "thinking" in page.locator("#status").inner_text()
    assert page.evaluate("window.heldAnswers.length") == 2, "nothing asked again: the bot still thinks"
    page.click("a.back")
    page.wait_for_selector("[data-screen=picker]")
    # The answers arrive: the one for the taken-back move is dropped, the other is played.
    page.evaluate("window.heldAnswers.splice(0).forEach((answer) => answer())")
    page.wait_for_selector("#resume-boop", state="attached", timeout=BOOT_TIMEOUT_MS)
    # The newest saved match (saves keep several per game, newest first) has the bot's answer.
    newest = (
        "JSON.parse(localStorage.getItem('parlour.save.boop.' + "
        "JSON.parse(localStorage.getItem('parlour.saves.boop'))[0])).moves.length"
    )
    page.wait_for_function(f"{newest} === {moves_by_person + 1}", timeout=BOOT_TIMEOUT_MS)
    page.click("#resume-boop")
    page.wait_for_selector("[data-screen=play]")
    assert page.locator("#move-log li").count() == moves_by_person + 1
    # The bot's turn goes on (boop.'s optional ghost): its next answers come through until the person's turn.
    page.wait_for_function(
        "window.heldAnswers.splice(0).forEach((answer) => answer()) || document.querySelector('.legal .open')",
        polling=200,
        timeout=BOOT_TIMEOUT_MS,
    )
    assert page.locator("#move-log li").count() > moves_by_person + 1
    assert "thinking" not in page.locator("#status").inner_text()
    heard = cells_heard(page)
    taken = {name for name in heard if not name.startswith("empty")}
    assert len(heard) == 36 and taken and {name for name, off in heard.items() if off} == taken
    w.assert_clean()
    context.close()


LEAVE_WHILE_OPENING = """
window.heldHashchanges = [];
window.upOn = null;
let holding = false;
addEventListener("hashchange", (e) => {
  if (!holding) return;
  e.stopImmediatePropagation();
  window.heldHashchanges.push(e);
}, true);
window.releaseHashchanges = () => {
  holding = false;
  window.heldHashchanges.splice(0).forEach((e) =>
    dispatchEvent(new HashChangeEvent("hashchange", { oldURL: e.oldURL, newURL: e.newURL })));
};
new MutationObserver(() => {
  const main = document.querySelector("#main");
  // The first time the game's loading screen is drawn: the person goes to the settings.
  if (main && main.dataset.screen === "loading" && !window.left) {
    window.left = true;
    holding = true;
    location.hash = "#/settings";
  }
  // What the page showed when the app said it was up.
  if (document.body && document.body.dataset.ready && window.upOn === null) window.upOn = main ? main.dataset.screen : "";
}).observe(document, { childList: true, subtree: true, attributes: true });  // the page is still empty
"""
"""As soon as a game's loading screen is drawn, the address changes to the settings, but the page
hears of it (hashchange) only when the test lets it: as when the browser's hashchange task comes
after the app's next tasks. Records the screen shown when the app said it was up."""


def test_a_person_who_leaves_a_share_link_while_its_game_opens_stays_where_they_went(
    browser: Any, site_url: str
):
    match = Match.new(GAME, 2, {"first": "orange"}, 7, {"seats": ["human", "medium"]})
    match.play(0, "k@c3")
    context = browser.new_context(locale="en-US")
    context.add_init_script(LEAVE_WHILE_OPENING)
    page = context.new_page()
    w = watch(page)
    # A first visit: once Python is up, the game's rules and board load a module a task, and the
    # person goes to the settings meanwhile.
    page.goto(f"{site_url}#/boop/play?m={encode_link(match.record)}")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.left") is True
    assert page.evaluate("window.upOn") == "settings", "up with the screen the person went to"
    page.evaluate("window.releaseHashchanges()")
    page.wait_for_selector("[data-screen=settings] #lang")
    assert page.url.endswith("#/settings"), "the match did not put its own address over the person's"
    page.select_option("#lang", "uk")
    page.wait_for_function("document.documentElement.lang === 'uk'")
    assert page.url.endswith("#/settings") and page.locator("[data-screen=settings]").count() == 1
    w.assert_clean()
    context.close()
