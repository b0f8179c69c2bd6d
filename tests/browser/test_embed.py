"""Embeds on another site's page: a page served from a second local origin shows three boop.
diagrams in iframes. One page load checks stepping, captions with rule links, try-it against a
bot, a puzzle, ``postMessage`` both ways, the 240 px frame, and that the app's own storage (its
saved match and settings) is exactly as it was."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from browser.conftest import BOOT_TIMEOUT_MS, open_app
from parlour.engine import Match, encode_link
from parlour.games.boop import GAME
from parlour.i18n import translate

MOVES = "k@c3,g:-,k@d4,g:top-c,k@c3"
POSITION = "6/6/2o1p1/6/1o4/6 6k0c/7k0c 8/8 -/top-c+0 p place"
OTHER = "6/6/6/2O3/6/6 7k0c/8k0c 7/8 -/- p place"

GG_LINK = (
    "eNp1j9sKgzAMQH8l5DkDk-4C_RXxoXOZk-kqrQhD_Pep1PmyvTXncEgzYuVaRYvVw8c-HirX-KBI2PpBI9o8zwjvTd1hQcuzd08Fw1AaCLww3j"
    "UnLVAKBFmQJHS-QMmJ_SiOAm7WJiWb_tbZvm_7g_CayJ_EGLjymhSEvutr_5qvGSfCrnFvDfNgCKPqDe2JcEDL0wd4Fkwm"
)
"""A three-player Ghosts Galore record (12 moves): its embed shows the table's view, no hidden tile."""
HOST_PAGE = """<!doctype html><meta charset="utf-8"><title>A rules blog</title><link rel="icon" href="data:,">
<h1>How boop. works</h1>
<iframe id="seq" title="a sequence" width="380" height="560" src="{site}embed.html#game=boop&moves={moves}&c1=Orange%20takes%20the%20middle&try=easy&theme=light&id=seq"></iframe>
<iframe id="pos" title="a position" width="240" height="400" src="{site}embed.html#game=boop&pos={position}&lang=ru&theme=dark&id=pos"></iframe>
<iframe id="puz" title="a puzzle" width="380" height="560" src="{site}embed.html#game=boop&moves={moves}&step=4&puzzle=4&id=puz"></iframe>
<iframe id="gg" title="trains" width="380" height="540" src="{site}embed.html#game=ghosts-galore&m={gg}&id=gg"></iframe>
<script>
window.got = [];
addEventListener("message", (e) => { if (e.data && String(e.data.type).startsWith("parlour:")) window.got.push(e.data); });
window.tell = (frame, message) => document.getElementById(frame).contentWindow.postMessage(message, "*");
</script>"""


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A second local origin (another port) serving ``tmp_path``."""
    handler = partial(QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", tmp_path
    server.shutdown()


@pytest.fixture
def blog(site_url: str, tmp_path: Path) -> Iterator[str]:
    """A page on a second local origin (another port) embedding three diagrams of the site."""
    (tmp_path / "index.html").write_text(
        HOST_PAGE.replace("{site}", site_url)
        .replace("{moves}", MOVES)
        .replace("{position}", quote(POSITION, safe="/+"))
        .replace("{gg}", GG_LINK)
    )
    handler = partial(QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def storage(page: Any) -> dict[str, str]:
    return dict(page.evaluate("Object.fromEntries(Object.entries(localStorage))"))


def messages(page: Any, kind: str, frame: str) -> list[dict[str, Any]]:
    got = page.evaluate("window.got")
    return [m for m in got if m["type"] == f"parlour:{kind}" and m["id"] == frame]


def wait_message(page: Any, kind: str, frame: str, count: int = 1) -> dict[str, Any]:
    page.wait_for_function(
        f"window.got.filter(m => m.type === 'parlour:{kind}' && m.id === '{frame}').length >= {count}",
        timeout=BOOT_TIMEOUT_MS,
    )
    return messages(page, kind, frame)[count - 1]


def test_three_embeds_on_another_origin_step_caption_try_solve_talk_and_leave_the_app_alone(
    page, site_url, blog, watched
):
    # The viewer has a match of their own saved in the app, and settings.
    match = Match.new(GAME, 2, {"first": "orange"}, 7, {"seats": ["human", "medium"]})
    match.play(0, "k@c3")
    open_app(page, site_url, f"#/boop/play?m={encode_link(match.record)}")
    page.goto(site_url + "#/settings")
    page.select_option("#lang", "uk")
    page.wait_for_function("document.documentElement.lang === 'uk'")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    before = storage(page)
    assert any(key.startswith("parlour.save.boop.") for key in before), "the viewer has a saved match"

    page.goto(blog)
    for frame in ("seq", "pos", "puz"):
        ready = wait_message(page, "ready", frame)
        assert ready["game"] == "boop"
    seq, pos, puz = (page.frame_locator(f"#{f}") for f in ("seq", "pos", "puz"))
    # A game with secrets: its three trains drawn by the board's figure, no player's hidden tile.
    wait_message(page, "ready", "gg")
    gg = page.frame_locator("#gg")
    assert gg.locator("svg.parlour-figure svg.gg-train-svg").count() == 3
    assert "hidden tile" not in gg.locator("main").inner_text().lower()
    # Its caption says the move with the rule behind it, a link into Ghosts Galore's rules help.
    rule = gg.locator('#events a.rule[href="./#/ghosts-galore/rules?rule=GG-3"]')
    assert rule.inner_text() == "rule: Taking a tile"
    assert "Player 3 takes tile 33 and places it on b1" in gg.locator("#events li").first.inner_text()
    assert messages(page, "ready", "pos")[0]["position"] == POSITION
    assert messages(page, "ready", "seq")[0]["steps"] == 5
    # Their one Python, in a worker, loaded the standard library's bytecode (0111).
    boots = [f.evaluate("window.parlourEmbedBoot || null") for f in page.frames if "embed.html" in f.url]
    assert boots and all(boot["bytecode"] is True for boot in boots), boots

    # Stepping, with each step's caption: the author's words, the move, every event and its rule.
    seq.locator("#next").click()
    assert wait_message(page, "step", "seq")["step"] == 1
    assert seq.locator("#counter").inner_text() == "Step 1 of 5"
    assert seq.locator("#author-caption").inner_text() == "Orange takes the middle"
    seq.locator("#last").click()
    wait_message(page, "step", "seq", 2)
    caption = seq.locator("#events").inner_text()
    assert "Boop! b2 to a1" in caption and "Boop! d4 to e5" in caption and "(BP-" not in caption
    link = seq.locator("#events a.rule").first
    assert (
        link.get_attribute("href") == "./#/boop/rules?rule=BP-3" and link.get_attribute("target") == "_blank"
    )
    assert seq.locator("g.piece[data-cell='a1']").count() == 1

    # Commands from the page: go to a step; load another position; ask for the position.
    page.evaluate("tell('seq', {type: 'parlour:goto', step: 2})")
    assert wait_message(page, "step", "seq", 3)["step"] == 2
    assert seq.locator("#counter").inner_text() == "Step 2 of 5"
    page.evaluate(f"tell('pos', {{type: 'parlour:load', position: {json.dumps(OTHER)}}})")
    assert wait_message(page, "step", "pos")["position"] == OTHER
    assert pos.locator("g.piece[data-cell='c3']").get_attribute("class") == "piece orange cat"
    page.evaluate("tell('pos', {type: 'parlour:get'})")
    assert wait_message(page, "position", "pos")["position"] == OTHER

    # Try it from step 2 (purple to play) against the easy bot; then reset.
    seq.locator("#try").click()
    seq.locator(".legal #cell-a6.open").click()
    played = wait_message(page, "move", "seq")
    assert (played["move"], played["by"]) == ("k@a6", "viewer")
    seq.locator("#no-ghost").click()
    bot = wait_message(page, "move", "seq", 3)
    assert bot["by"] == "bot" and bot["player"] == 0
    seq.locator("#reset").click()
    seq.locator("g.piece[data-cell='a6']").wait_for(state="detached")
    assert (
        seq.locator("main").get_attribute("data-mode") == "try"
        and seq.locator(".legal #cell-a6.open").count() == 1
    )

    # The puzzle: a wrong move is refused, the right one is praised and the sequence moves on.
    puz.locator("#cell-a1").click()
    assert puz.locator("#feedback").inner_text() == "Not this one. Try again."
    assert wait_message(page, "move", "puz")["correct"] is False
    puz.locator("#cell-c3").click()
    assert wait_message(page, "move", "puz", 2)["correct"] is True
    assert puz.locator("#feedback").inner_text() == "Right! That is the move."
    assert puz.locator("#counter").inner_text() == "Step 5 of 5"

    # 240 px wide and in Russian: the whole bed is in view and nothing spills sideways.
    assert pos.locator("html").get_attribute("lang") == "ru"
    box = pos.locator("svg.boop-bed").bounding_box()
    frame_box = page.locator("#pos").bounding_box()
    assert (
        box["width"] >= 180 and box["x"] >= frame_box["x"] and box["x"] + box["width"] <= frame_box["x"] + 240
    )
    overflow = page.frame_locator("#pos").locator("body").evaluate("b => b.scrollWidth - b.clientWidth")
    assert overflow <= 0

    # The app's storage is exactly as the viewer left it: the saved match and the settings.
    page.goto(site_url + "#/settings")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert storage(page) == before


def test_the_position_editor_builds_by_click_and_keyboard_and_its_snippet_shows_that_position(
    page, site_url, other_origin, watched
):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, site_url, "#/boop")
    page.click("#editor-link")
    page.wait_for_selector("main[data-screen='editor']")
    page.click("#cell-c3")  # an orange kitten: the first brush
    page.click("#brush-purple-cat")
    before = page.eval_on_selector("#cell-a1", "el => el.outerHTML")
    page.click("#cell-a1")
    # The click's redraw may come a task later under load (decision 0009) and set the bed's cursor:
    # wait for it, or it lands after the focus below and the arrows start from a1 (CI, load 15).
    page.wait_for_function(f"document.getElementById('cell-a1').outerHTML !== {before!r}")
    # By keyboard: from c3, up and right to d4, Enter puts the brush's piece there.
    page.focus("#cell-c3")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'cell-d4'")
    page.keyboard.press("Enter")
    page.locator("#brush-off").focus()
    page.keyboard.press("Enter")
    page.click("#cell-a1")  # taken off again
    page.select_option("#ed-mover", "1")
    page.wait_for_selector("#ed-ok")
    text = page.input_value("#ed-position")
    assert text == "6/6/3P2/2o3/6/6 7k0c/7k0c 8/7 -/- p place"
    for target in ("#brush-orange-kitten", "#ed-clear", "#cell-f6", "#ed-copy-snippet", "#ed-play"):
        box = page.locator(target).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, target

    # The live preview shows the position, and keeps running while the author edits.
    preview = page.frame_locator("#ed-preview")
    preview.locator("g.piece[data-cell='d4']").wait_for(timeout=BOOT_TIMEOUT_MS)
    page.locator("#ed-preview").evaluate("f => { f.contentWindow.kept = 1; }")
    page.click("#brush-orange-cat")
    page.click("#cell-f1")
    preview.locator("g.piece.orange.cat[data-cell='f1']").wait_for()
    assert page.locator("#ed-preview").evaluate("f => f.contentWindow.kept") == 1

    # A ghost cat by keyboard (decision 0076): purple's came in on the top edge between c6 and d6
    # and has moved two segments on; focus stays on each control as the screen redraws.
    page.focus("#ed-ghost-1")
    for _ in range(3):
        page.keyboard.press("ArrowDown")  # in the pool, then top-a, top-b, top-c
    page.wait_for_selector("#ed-ghost-step-1")
    assert page.evaluate("document.activeElement.id") == "ed-ghost-1"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "ed-ghost-step-1"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.id") == "ed-ghost-step-1"
    ghost = "g.ghost.purple[aria-label='purple ghost cat between c4 and d4']"
    page.wait_for_selector(f"main[data-screen='editor'] {ghost}")
    preview.locator(ghost).wait_for()
    assert page.input_value("#ed-position").endswith(" -/top-c+2 p place")
    for target in ("#ed-ghost-1", "#ed-ghost-step-1", "#ed-moment", "label:has(> #ed-flag-g)"):
        box = page.locator(target).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, target

    # Three purple cats in a row with orange to play: refused in words, nothing to copy.
    page.click("#brush-purple-cat")
    for cell in ("a6", "b6", "c6"):
        page.click(f"#cell-{cell}")
    page.select_option("#ed-mover", "0")
    assert "three cats in a row" in page.locator("#ed-problem").inner_text()
    assert page.locator("#ed-snippet").count() == 0
    page.click("#brush-off")
    page.click("#cell-c6")
    page.select_option("#ed-mover", "1")

    # The snippet, pasted into a page of another site, shows that very position.
    snippet = page.input_value("#ed-snippet")
    text = page.input_value("#ed-position")
    url, root = other_origin
    (root / "index.html").write_text(f'<!doctype html><meta charset="utf-8"><title>t</title>{snippet}')
    page.goto(url)
    shown = page.frame_locator("iframe")
    shown.locator("main[data-step]").wait_for(timeout=BOOT_TIMEOUT_MS)
    cells = {
        c: shown.locator(f"g.piece[data-cell='{c}']").get_attribute("class")
        for c in ("c3", "d4", "f1", "a6", "b6")
    }
    assert cells == {
        "c3": "piece orange kitten",
        "d4": "piece purple cat",
        "f1": "piece orange cat",
        "a6": "piece purple cat",
        "b6": "piece purple cat",
    }
    assert shown.locator("g.piece").count() == 5
    assert shown.locator("g.ghost").get_attribute("aria-label") == "purple ghost cat between c4 and d4"
    assert shown.locator("#status").inner_text() == "Purple to play."
    assert text.endswith(" p place")
    # "Play from here": the app plays that very position (decision 0063), purple (the computer) first.
    open_app(page, site_url, "#/boop/editor?pos=" + quote(text, safe="/"))  # "+" of a ghost's step too
    page.click("#ed-play")
    page.wait_for_selector("main[data-screen='play'] svg.boop-bed")
    assert page.locator("g.piece[data-cell='a6']").get_attribute("class") == "piece purple cat"
    assert page.evaluate("location.hash") == "#/boop/play"
    page.wait_for_selector("#move-log li", timeout=BOOT_TIMEOUT_MS)  # the computer moved from there
    assert page.locator("#move-log li").first.inner_text().startswith("1. Purple")


FIT_FRAMES = ((240, 320), (240, 240), (320, 240), (380, 540))
MIN_NUMBER_PX = 10
"""Ghosts Galore's diamond numbers, once drawn (decision 0079)."""
MIN_ROOM_PX = 24
"""boop.'s cells and Boo!'s rooms in the small frames (decision 0079)..."""
TINY_BOO_ROOM_PX = 20
"""...but Boo!'s rooms at 240 x 240: the castle has what the 44 px buttons' column leaves (0079)."""
FIT_GAMES = (("boop", 2), ("boo", 2), ("wooly-bully", 3), ("ghosts-galore", 3))
FIT_JS = """() => {
  const W = innerWidth, H = innerHeight, d = document.documentElement;
  const main = document.querySelector("main.embed"), stage = document.getElementById("stage");
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const svg = stage.querySelector("svg.boop-bed, svg.boo-castle, svg.wb-field, .gg-train.mine svg, svg.parlour-figure");
  const box = svg.getBoundingClientRect(), v = svg.viewBox.baseVal, a = v.width / v.height;
  // The drawing inside its box ("meet"); Wooly Bully's field is grass all over its box (it pans).
  const drawnW = svg.matches(".wb-field") ? box.width : Math.min(box.width, box.height * a);
  const buttons = [...main.querySelectorAll("button")].filter(shown).map((e) => {
    const r = e.getBoundingClientRect();
    return [e.id || e.getAttribute("aria-label") || e.textContent.trim(), r.left, r.top, r.right, r.bottom];
  });
  const texts = [...main.querySelectorAll("*")].filter((e) => !(e instanceof SVGElement) && shown(e)
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => [e.textContent.trim().slice(0, 40), parseFloat(getComputedStyle(e).fontSize)]);
  const heads = [...stage.querySelectorAll("text.fig-caption, svg.boo-castle text")].filter(shown)
    .map((t) => t.getBoundingClientRect().height);  // figure headings, Boo!'s visitor number
  const drawnH = svg.matches(".wb-field") ? box.height : drawnW / a;
  // Diamond numbers a player reads: the step's own train in a figure (the others are thumbnails
  // beside it), everything shown while trying; Boo!'s rooms and boop.'s cells.
  const focus = stage.querySelector("svg.parlour-figure svg[data-focus]");
  const read = focus ? "svg.parlour-figure svg[data-focus] g.diamond text" : "g.diamond text";
  const numbers = [...stage.querySelectorAll(read)].filter(shown).map((t) => t.getBoundingClientRect().height);
  const rooms = [...stage.querySelectorAll(".boo-castle g[id^=cell-], svg.boop-bed g.cell")].filter(shown)
    .map((r) => Math.min(r.getBoundingClientRect().width, r.getBoundingClientRect().height));
  return {W, H, buttons, texts, heads, numbers, rooms, drawn: [drawnW, drawnH],
    spill: [main.scrollWidth - main.clientWidth, main.scrollHeight - main.clientHeight,
            stage.scrollWidth - stage.clientWidth, stage.scrollHeight - stage.clientHeight,
            d.scrollWidth - W, d.scrollHeight - H]};
}"""


WORDS_JS = r"""() => {
  // Every word of the embed's HTML text: wholly inside the frame and every box that clips it
  // (a status cut at its column's foot), and on one line (no word broken mid-word; a hyphen may break).
  const main = document.querySelector("main.embed"), W = innerWidth, H = innerHeight;
  const clipped = [], broken = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const el = n.parentElement;
    if (!n.textContent.trim() || el.closest("svg")) continue;
    if (parseFloat(getComputedStyle(el).fontSize) < 1) continue;  // words kept for screen readers
    let [l, t, r, b] = [0, 0, W, H];
    // Only the boxes that clip it: an absolutely placed box escapes those below its containing block.
    let skip = false;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (skip && cs.position === "static") continue;
      if (cs.overflowX !== "visible" || cs.overflowY !== "visible") {
        const box = a.getBoundingClientRect();
        const bw = (side) => parseFloat(cs[`border${side}Width`]);  // clipped at the padding box
        l = Math.max(l, box.left + bw("Left")); t = Math.max(t, box.top + bw("Top"));
        r = Math.min(r, box.right - bw("Right")); b = Math.min(b, box.bottom - bw("Bottom"));
      }
      skip = cs.position === "absolute";
    }
    const text = n.textContent;
    for (const m of text.matchAll(/\S+/g)) {
      let off = m.index;
      for (const part of m[0].split(/(?<=[-‐–—\/])/)) {
        const range = document.createRange();
        range.setStart(n, off); range.setEnd(n, off + part.length); off += part.length;
        const rects = [...range.getClientRects()].filter((q) => q.width > 0 && q.height > 0);
        if (!rects.length) continue;
        const tops = rects.map((q) => q.top).sort((x, y) => x - y);
        if (tops[tops.length - 1] - tops[0] > 2) broken.push(part);
        if (rects.some((q) => q.left < l - 0.5 || q.top < t - 0.5 || q.right > r + 0.5 || q.bottom > b + 0.5))
          clipped.push(part);
      }
    }
  }
  return {clipped, broken};
}"""
"""Words of the embed's text (not the drawing's) cut by the frame or a box that clips them (a status
cut at its column's foot, a button's label), and words broken across lines (a hyphen may break)."""


def test_each_boards_embed_fits_small_frames_in_view_and_try_it_with_legible_text_and_big_buttons(
    page, site_url, watched
):
    """All four games at 240x320, 240x240, 320x240 and 380x540, looking and trying, in Russian (the longest
    words): nothing spills (no scrollbar, nothing cut off), no word of the status, caption or
    buttons cut or broken mid-word, the board takes most of the frame, every button is whole in
    view and at least 44 px, no text under 11 px (Ghosts Galore's figure headings too); in the two
    small frames Ghosts Galore's diamond numbers >= 10 px (the step's train, the tiles one plays;
    one's own train in a try >= 135 px) and boop.'s cells and Boo!'s rooms >= 24 px, looking,
    trying and tracing (at 240x240 Boo!'s >= 20 px; decision 0079: a narrow frame's buttons make
    one row, a small landscape or tiny one's a column beside the board), and so while Boo!'s
    route's colour is chosen (0101: the colours round the castle, where the status and buttons were)."""
    from web.test_diagram import played

    links = {game_id: played(game_id, 6, players)[1] for game_id, players in FIT_GAMES}
    page.set_viewport_size({"width": 240, "height": 320})
    page.goto(site_url + "embed.html#game=boop")
    page.wait_for_selector("main.embed", timeout=BOOT_TIMEOUT_MS)
    shown = 0
    for game_id, _players in FIT_GAMES:
        for width, height in FIT_FRAMES:
            for mode in ("view", "try"):
                shown += 1
                page.set_viewport_size({"width": width, "height": height})
                # Ghosts Galore's step 4: its player's train has a diamond to read.
                small = min(width, height) == 240
                step = 4 if game_id == "ghosts-galore" and mode == "view" and small else 3
                fragment = f"game={game_id}&m={links[game_id]}&step={step}&try=both&lang=ru&id=f{shown}"
                page.evaluate(
                    "f => { document.getElementById('embed').innerHTML = ''; location.hash = f; }", fragment
                )
                page.wait_for_selector("main.embed", timeout=30_000)
                if mode == "try":
                    page.click("#try")
                    page.wait_for_selector("main.embed[data-mode=try]", timeout=30_000)
                elif game_id == "ghosts-galore":
                    # Its figure's three trains, each named: the whole drawing, not a frame before it
                    # (the fit test once read no heading at load 8; asserted below all the same).
                    page.wait_for_function(
                        "document.querySelectorAll('#stage text.fig-caption').length === 3", timeout=30_000
                    )
                got = page.evaluate(FIT_JS)
                where = (game_id, width, height, mode)
                assert max(got["spill"]) <= 1, (where, got["spill"])
                words = page.evaluate(WORDS_JS)
                assert words == {"clipped": [], "broken": []}, (where, words)
                least = TINY_BOO_ROOM_PX if (game_id, width, height) == ("boo", 240, 240) else MIN_ROOM_PX
                if small and game_id in ("boop", "boo"):
                    assert min(got["rooms"]) >= least, (where, min(got["rooms"]))
                w, h = got["drawn"]
                # Ghosts Galore's try in a tiny frame: its own train beside two 44 px button columns,
                # asserted >= 135 px below (0079), is 0.59 of the frame's side.
                share = 0.55 if where == ("ghosts-galore", 240, 240, "try") else 0.6
                assert w * h >= 0.25 * width * height and max(w / width, h / height) >= share, (where, w, h)
                for name, left, top, right, bottom in got["buttons"]:
                    assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5, (
                        where,
                        name,
                    )
                    assert right - left >= 43.5 and bottom - top >= 43.5, (
                        where,
                        name,
                        right - left,
                        bottom - top,
                    )
                # 0 px: words kept for screen readers behind a glyph (a narrow frame's turn buttons)
                tiny = [(text, size) for text, size in got["texts"] if 0 < size < 11]
                assert not tiny, (where, tiny)
                assert all(h >= 12 for h in got["heads"]), (where, got["heads"])
                if game_id == "ghosts-galore" and mode == "view":
                    assert len([h for h in got["heads"] if h > 0]) == 3  # each player's train, named
                if game_id == "ghosts-galore" and small:
                    assert mode == "try" or got["numbers"], where  # the step's train, large
                    assert all(h >= MIN_NUMBER_PX for h in got["numbers"]), (where, got["numbers"])
                    if mode == "try":  # one's own train, as large as fit.MIN_TRAIN_PX
                        assert min(w, h) >= 135, (where, w, h)
                if game_id == "boo" and mode == "try":  # untimed, judged (decision 0096)
                    page.click("button.booo")
                    # Choosing the route's colour: the colours take the status's and buttons' place
                    # round the castle, which keeps its size (decision 0101); each a 44 px button.
                    page.wait_for_selector("main.embed.choose-row button.colour:not([disabled])")
                    picking = page.evaluate(FIT_JS)
                    assert max(picking["spill"]) <= 1, (where, "picking")
                    assert page.evaluate(WORDS_JS) == {"clipped": [], "broken": []}, (where, "picking")
                    assert len(picking["buttons"]) == 9, (where, [b[0] for b in picking["buttons"]])
                    for name, left, top, right, bottom in picking["buttons"]:
                        assert min(right - left, bottom - top) >= 43.5, (where, "picking", name)
                        assert (
                            left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5
                        )
                    if small:
                        assert min(picking["rooms"]) >= least, (where, "picking", min(picking["rooms"]))
                    page.click("button.colour:not([disabled])")
                    page.wait_for_selector("#boo-show")
                    tracing = page.evaluate(FIT_JS)
                    assert max(tracing["spill"]) <= 1, (where, "tracing")
                    words = page.evaluate(WORDS_JS)
                    assert words == {"clipped": [], "broken": []}, (where, "tracing", words)
                    # The castle takes the frame's width while tracing: rooms big enough to tap.
                    if small:
                        assert min(tracing["rooms"]) >= least, (where, min(tracing["rooms"]))
                    page.click("#boo-show")  # no step traced: a wrong route, and why
                    feedback = page.locator("#feedback")
                    feedback.wait_for()
                    assert (
                        "Маршрут не выходит" in feedback.inner_text()
                        and feedback.locator("a.rule").count() == 1
                    )
                    assert page.locator("button.booo").count() == 0  # the try is over: Reset to try again


def test_an_embed_whose_python_cannot_start_says_so_in_its_own_language(browser, site_url):
    """Its Python's files unreachable (Pyodide's lock file refused: a quick failure, no Python
    started): the embed says so in its ``lang=``, else in the reader's browser language. A
    dedicated worker (no SharedWorker, as on some phones): its requests can be refused."""
    context = browser.new_context(locale="ru-RU")
    context.add_init_script("delete window.SharedWorker")
    context.route("**/pyodide-lock.json", lambda route: route.abort())
    for lang, fragment in (("uk", "game=boop&lang=uk"), ("ru", "game=boop")):
        page = context.new_page()  # a page load each (a new hash alone would not reload it)
        head, tail = translate(lang, "boot.failed", reason="\0").split("\0")
        page.goto(site_url + "embed.html#" + fragment)
        page.wait_for_selector("#embed[role=alert]", state="attached", timeout=BOOT_TIMEOUT_MS)
        said = page.locator("#embed").inner_text()
        assert said.startswith(head) and said.endswith(tail) and len(said) > len(head + tail), said
    context.close()
