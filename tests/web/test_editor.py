"""The position editor of boop. on CPython: pieces put and taken off by click and by keyboard, pools
that follow, the engine's verdict said in words, and the position's text and embed snippet."""

from __future__ import annotations

import random
import re
from html import unescape

from parlour.games.boop import GAME
from parlour.i18n import translate
from parlour.web.editor import Draft, problem
from web.test_match_screen import open_app, text_of

CELLS = [f"{f}{r}" for f in "abcdef" for r in range(1, 7)]


def test_the_editor_says_exactly_when_the_engine_refuses_and_why_in_words():
    """Random beds (BP-1: 8 pieces a colour; BP-20: a player with three cats in a row has won):
    the editor accepts a draft if and only if the engine's own validation does."""
    rng = random.Random(14)
    refused = set()
    for _ in range(400):
        draft = Draft(mover=rng.randrange(2), pool_cats=[rng.randrange(3), rng.randrange(3)])
        for cell in rng.sample(CELLS, rng.randrange(4, 17)):
            draft.pieces[cell] = rng.choice("oOOpPP")
        try:
            GAME.from_position(draft.text())
            accepted = True
        except ValueError:
            accepted = False
        found = problem(draft)
        assert (found is None) == accepted, draft.text()
        if found is not None:
            key, params = found
            refused.add(key)
            for lang in ("en", "ru", "uk"):
                words = translate(lang, key, **{k: translate(lang, str(v)) for k, v in params.items()})
                assert "{" not in words and "(BP-" not in words and not words.startswith("editor.")
    assert {"editor.too-many", "editor.won", "editor.no-piece"} <= refused


def test_pools_follow_the_bed():
    draft = Draft(pieces={"c3": "o", "d4": "O", "a1": "p"}, mover=1, pool_cats=[2, 0])
    state = GAME.from_position(draft.text())
    # Orange: a cat on the bed and two in the pool are three graduated kittens: 5 kittens left in
    # play, one of them on the bed.
    assert (state.pool_kittens, state.pool_cats, state.reserve) == ((4, 7), (2, 0), (5, 8))
    assert state.mover == 1 and Draft.of(state).text() == draft.text()


def test_an_author_builds_a_position_by_click_and_keyboard_and_gets_its_text_and_embed():
    app, dom = open_app("#/boop")
    assert 'href="#/boop/editor"' in dom.html  # reachable from boop.'s setup screen
    dom.set_hash("#/boop/editor")
    assert dom.focused == "screen-title" and 'data-screen="editor"' in dom.html
    assert len(re.findall(r'<button[^>]*data-action="ed-brush"', dom.html)) == 5
    dom.click("cell", "c3")  # an orange kitten, the brush at first
    dom.click("ed-brush", "P")
    assert re.search(r'id="brush-purple-cat" aria-pressed="true"', dom.html)
    dom.on_event("key", "cell", "c3", "", "ArrowUp")
    dom.on_event("key", "cell", "c4", "", "ArrowRight")
    assert dom.focused == "cell-d4"
    dom.click("cell", "d4")  # Enter on a focused cell is this same click (dom.py)
    dom.on_event("change", "ed-mover", "", "1", "")
    dom.on_event("change", "ed-cats", "1", "1", "")
    text = unescape(re.search(r'id="ed-position" value="([^"]*)"', dom.html).group(1))
    assert text == "6/6/3P2/2o3/6/6 7k0c/6k1c 8/6 -/- p place"
    assert text_of(dom.html, "ed-ok") == "The rules allow this position."
    assert 'aria-label="purple cat on d4"' in dom.html and "aria-disabled" not in dom.html
    snippet = text_of(dom.html, "ed-snippet")
    assert snippet.startswith(
        '<iframe src="http://127.0.0.1:8000/embed.html#game=boop&amp;pos=6/6/3P2/2o3/6/6'
    )
    assert re.search(
        r'<iframe src="./embed.html#game=boop&amp;pos=[^"]+"[^>]*id="ed-preview" data-keep', dom.html
    )
    dom.click("ed-copy-snippet")
    dom.click("ed-copy-pos")
    assert dom.copied_text[-2:] == [snippet, text]
    # Three purple cats in a row with orange to play: refused, in words, and nothing to copy.
    for cell in ("a1", "b1", "c1"):
        dom.click("cell", cell)
    dom.on_event("change", "ed-mover", "", "0", "")
    assert "three cats in a row" in text_of(dom.html, "ed-problem") and 'id="ed-out"' not in dom.html
    dom.click("ed-brush", "-")
    dom.click("cell", "a1")
    assert 'id="ed-ok"' in dom.html
    # A position from an address starts the editor there (the match screen's moment, a docs link).
    dom.set_hash("#/boop/editor?pos=" + text.replace(" ", "%20").replace("+", "%2B"))
    assert unescape(re.search(r'id="ed-position" value="([^"]*)"', dom.html).group(1)) == text
    assert app.route.screen == "editor"


def test_play_from_here_starts_a_match_at_the_position_and_play_again_starts_there_too():
    """Play-test item 6: a person who set up a position can play it (decision 0063)."""
    app, dom = open_app("#/boop")
    assert "opt-start" not in dom.html, "the start position is no setup option"
    dom.set_hash("#/boop/editor")
    dom.click("cell", "c3")  # an orange kitten
    dom.click("ed-brush", "P")
    dom.click("cell", "d4")
    dom.on_event("change", "ed-cats", "1", "1", "")
    assert text_of(dom.html, "ed-play") == "Play from here"
    dom.on_event("change", "ed-mover", "", "1", "")
    dom.click("ed-play")
    assert dom.hash == "#/boop/play" and app.route.screen == "play"
    session = app.sessions["boop"]
    assert GAME.position(session.state) == "6/6/3P2/2o3/6/6 7k0c/6k1c 8/6 -/- p place"
    assert 'aria-label="purple cat on d4"' in dom.html and 'aria-label="orange kitten on c3"' in dom.html
    dom.run_timers()  # purple is the computer (the setup's players): it moves first
    assert session.match.plies[0].player == 1 and session.human_to_act() == 0
    assert "boop.option.start" not in dom.html and "Purple" in text_of(dom.html, "move-log")
    app.on_click("play-again", "")  # the same start, a new match
    assert GAME.position(app.sessions["boop"].state) == "6/6/3P2/2o3/6/6 7k0c/6k1c 8/6 -/- p place"
    # A position the rules refuse offers nothing to play.
    dom.set_hash("#/boop/editor")
    for cell in ("a1", "b1", "c1"):
        dom.click("cell", cell)
    dom.on_event("change", "ed-mover", "", "0", "")
    assert 'id="ed-problem"' in dom.html and 'id="ed-play"' not in dom.html
