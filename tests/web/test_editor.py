"""The position editor of boop. on CPython: pieces put and taken off by click and by keyboard, pools
that follow, ghost cats on seams, the moment of the turn with its flags and waiting lines, the
engine's verdict said in words, and the position's text and embed snippet (decision 0076)."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine import Match, Rng
from parlour.games.boop import GAME
from parlour.games.boop.board import ENTRIES, LINES, STEPS, cell_name
from parlour.games.boop.consistency import TEXTS
from parlour.games.boop.notation import PIECE_LETTERS
from parlour.games.boop.state import NO_GHOST, BoopState
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web.editor import Draft, act, change, fragment, problem
from parlour.web.embed import Embed
from parlour.web.embedlink import Spec
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
    assert {"editor.too-many", "boop.why.place-won", "boop.why.place-pool-empty"} <= refused


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


def rebuilt(state: BoopState) -> Draft:
    """``state`` set up in an empty editor by the author's own actions, one control at a time."""
    draft = Draft()
    for cell, code in enumerate(state.board):
        if code:
            act(draft, "ed-brush", PIECE_LETTERS[code])
            act(draft, "cell", cell_name(cell))
    change(draft, "ed-mover", "", str(state.mover))
    for p in (0, 1):
        change(draft, "ed-cats", str(p), str(state.pool_cats[p]))
        if state.ghosts[p] != NO_GHOST:
            change(draft, "ed-ghost", str(p), ENTRIES[state.ghosts[p] // STEPS])
            change(draft, "ed-ghost-step", str(p), str(state.ghosts[p] % STEPS))
    change(draft, "ed-moment", "", f"win-{state.reason}" if state.phase == "over" else state.phase)
    for flag, on in (("g", state.graduated), ("r", state.ghost_returned)):
        change(draft, "ed-flag", flag, "1" if on else "")
    for i in state.held:
        change(draft, "ed-held", "-".join(cell_name(c) for c in LINES[i]), "1")
    return draft


def random_states(seed: int) -> list[BoopState]:
    match = Match.new(GAME, 2, {"first": "random"}, seed)
    rng = Rng.from_seed(seed)
    while GAME.outcome(match.state) is None:
        player = GAME.to_act(match.state)[0]
        match.play(player, rng.choice(GAME.legal_moves(match.state, player)))
    return list(match.states)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_position_of_legal_play_can_be_set_up_in_the_editor_and_gives_the_same_text(seed):
    """Issue #14: any legal position, ghosts and a decision under way included, is rebuilt from
    an empty editor by its controls; its text is the game's, the engine accepts it, and the
    editor opened at that text (``?pos=``) holds the same draft."""
    for state in random_states(seed):
        text = GAME.position(state)
        draft = rebuilt(state)
        assert draft.text() == text and problem(draft) is None
        assert GAME.from_position(draft.text()) == state
        assert Draft.of(state).text() == text


def test_random_play_reaches_every_kind_of_position_the_editor_sets_up():
    """The property above meets ghosts, every moment, both flags and waiting lines."""
    seen: set[str] = set()
    for seed in range(40):
        for state in random_states(seed):
            draft = rebuilt(state)
            assert draft.text() == GAME.position(state)
            seen.add(draft.moment)
            seen |= {f"flag-{f}" for f in draft.flags}
            seen |= {"ghost"} if set(draft.ghosts) != {NO_GHOST} else set()
            seen |= {f"held-{draft.moment}"} if draft.held else set()
    assert seen >= {*("place", "grad-a", "ghost", "grad-b", "win-line"), "flag-g", "flag-r", "ghost"}
    assert "held-place" in seen
    # Rare in random play: purple's line that orange's ghost has just made waits (seed 347).
    text = "O1OO2/O4p/3o2/P5/3PpP/O1o2O 0k0c/0k3c 2/2 left-3+5/left-4+4 o grad-b - d2-e2-f2"
    assert rebuilt(GAME.from_position(text)).text() == text


def test_a_ghost_goes_on_a_seam_with_its_heading_moves_along_it_and_back_to_the_pool():
    app, dom = open_app("#/boop/editor")
    dom.on_event("change", "ed-ghost", "0", "top-c", "")  # enters between c6 and d6, heading down
    assert 'aria-label="orange ghost cat between c6 and d6"' in dom.html
    assert unescape(re.search(r'id="ed-position" value="([^"]*)"', dom.html).group(1)) == (
        "6/6/6/6/6/6 8k0c/8k0c 8/8 top-c+0/- o place"
    )
    assert re.search(r'<option value="top-c" selected>Top edge c6–d6, heading down<', dom.html)
    dom.on_event("change", "ed-ghost-step", "0", "3", "")
    assert 'aria-label="orange ghost cat between c3 and d3"' in dom.html
    dom.on_event("change", "ed-ghost", "0", "bottom-c", "")  # the same seam, heading up: step kept
    assert 'aria-label="orange ghost cat between c4 and d4"' in dom.html
    assert app.drafts.text().endswith(" bottom-c+3/- o place")
    dom.on_event("change", "ed-ghost-step", "0", "5", "")
    assert "c6 and d6 · Leaves the bed next turn" in dom.html
    dom.on_event("change", "ed-ghost", "1", "left-2", "")
    assert 'aria-label="purple ghost cat between a2 and a3"' in dom.html
    dom.on_event("change", "ed-ghost", "0", "-", "")  # back to the pool
    assert "orange ghost cat" not in dom.html and 'id="ed-ghost-step-0"' not in dom.html
    assert app.drafts.text() == "6/6/6/6/6/6 8k0c/8k0c 8/8 -/left-2+0 o place"
    # The preview and the snippet carry the ghost.
    assert "%208/8%20-/left-2+0%20o%20place" in text_of(dom.html, "ed-snippet")


def test_a_decision_under_way_is_set_up_shown_on_the_bed_and_played_from():
    """A graduation after the boops with two lines to choose from (BP-8): allowed, its lines marked
    on the bed, its text exact, and "Play from here" starts at that very choice (decision 0063)."""
    app, dom = open_app("#/boop")
    dom.set_hash("#/boop/editor")
    for cell in ("a1", "b1", "c1", "a2", "a3"):
        dom.click("cell", cell)
    dom.on_event("change", "ed-moment", "", "grad-a", "")
    assert text_of(dom.html, "ed-ok") == "The rules allow this position."
    text = "6/6/6/o5/o5/ooo3 3k0c/8k0c 8/8 -/- o grad-a"
    assert unescape(re.search(r'id="ed-position" value="([^"]*)"', dom.html).group(1)) == text
    for cell in ("a1", "b1", "c1", "a2", "a3"):
        assert re.search(rf'<g class="cell line" id="cell-{cell}"', dom.html), cell
    dom.click("ed-play")
    assert app.route.screen == "play" and GAME.position(app.sessions["boop"].state) == text
    assert 'id="grad-a1-a2-a3"' in dom.html and 'id="grad-a1-b1-c1"' in dom.html


def test_the_turns_flags_and_waiting_lines_are_set_and_refused_in_words_with_nothing_lost():
    app, dom = open_app("#/boop/editor")
    for cell in ("a1", "b1", "c1", "f6"):
        dom.click("cell", cell)
    dom.on_event("change", "ed-flag", "g", "1", "")  # a turn beginning carries no flags
    assert text_of(dom.html, "ed-problem") == (
        "A turn that is just beginning has no flags yet: untick both flags of the turn."
    )
    assert 'id="ed-out"' not in dom.html and 'checked data-action="ed-flag" data-arg="g"' in dom.html
    dom.on_event("change", "ed-flag", "g", "", "")
    # a1-b1-c1 is offered as a line that may wait; waiting needs purple's ghost to have made it.
    assert 'id="ed-held-a1-b1-c1"' in dom.html and "a1–b1–c1 (Orange)" in dom.html
    dom.on_event("change", "ed-held", "a1-b1-c1", "1", "")
    assert "their ghost cat made it by moving" in text_of(dom.html, "ed-problem")
    dom.on_event("change", "ed-ghost", "1", "bottom-b", "")
    dom.on_event("change", "ed-ghost-step", "1", "1", "")
    assert 'id="ed-ok"' in dom.html
    text = "5o/6/6/6/6/ooo3 4k0c/8k0c 8/8 -/bottom-b+1 o place - a1-b1-c1"
    assert unescape(re.search(r'id="ed-position" value="([^"]*)"', dom.html).group(1)) == text
    assert GAME.position(GAME.from_position(text)) == text
    # Taking a piece of the waiting line off: refused, but the mark stays (and can be taken off).
    dom.click("ed-brush", "-")
    dom.click("cell", "b1")
    assert text_of(dom.html, "ed-problem").startswith("Orange: the waiting line a1–b1–c1 is not three")
    assert 'checked data-action="ed-held" data-arg="a1-b1-c1"' in dom.html
    dom.on_event("change", "ed-held", "a1-b1-c1", "", "")
    assert 'id="ed-ok"' in dom.html
    # Two ghosts on one segment: refused in words; the pieces and the ghosts are all still there.
    dom.on_event("change", "ed-ghost", "0", "top-b", "")
    dom.on_event("change", "ed-ghost-step", "0", "4", "")
    assert text_of(dom.html, "ed-problem") == (
        "Both ghost cats stand on the same stretch of seam, and there is room for one."
    )
    assert app.drafts.pieces == {"a1": "o", "c1": "o", "f6": "o"}
    assert app.drafts.ghosts == [ENTRIES.index("top-b") * STEPS + 4, ENTRIES.index("bottom-b") * STEPS + 1]


def test_values_no_control_offers_change_nothing():
    draft = Draft(pieces={"c3": "o"})
    before = draft.text()
    for action, arg, value in (
        ("ed-ghost", "0", "top-f"),
        ("ed-ghost", "2", "top-c"),
        ("ed-ghost-step", "0", "2"),  # no ghost on the bed to move along its seam
        ("ed-moment", "", "over"),
        ("ed-moment", "", "win-no-pieces"),
        ("ed-flag", "x", "1"),
        ("ed-held", "a1-b1-d1", "1"),
        ("ed-held", "c3", "1"),
        ("ed-cats", "0", "9"),
        ("ed-mover", "", "2"),
    ):
        change(draft, action, arg, value)
        assert draft.text() == before, (action, arg, value)
    change(draft, "ed-ghost", "0", "top-c")
    change(draft, "ed-ghost-step", "0", "6")
    assert draft.text().endswith(" top-c+0/- o place")
    # Clearing the bed takes the ghosts off it too, and a turn begins; who plays stays.
    change(draft, "ed-moment", "", "grad-b")
    change(draft, "ed-flag", "r", "1")
    change(draft, "ed-mover", "", "1")
    act(draft, "ed-clear", "")
    assert draft.text() == "6/6/6/6/6/6 8k0c/8k0c 8/8 -/- p place"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_the_engine_refuses_a_position_for_has_words(lang):
    """Each flaw the engine names (consistency.TEXTS, and two ghosts on one segment) reads as a
    sentence in every language, with the colours and the line it names."""
    words = catalogue(lang)
    for code in [*TEXTS, "ghost-segment"]:
        said = translate(lang, f"boop.why.{code}", side="Orange", other="Purple", line="a1–b1–c1")
        assert f"boop.why.{code}" in words and "{" not in said, (lang, code)
    assert {k for k in words if k.startswith("boop.why.")} == {
        f"boop.why.{c}" for c in [*TEXTS, "ghost-segment"]
    }


def test_a_finished_game_is_set_up_with_its_winner_and_offers_no_play():
    app, dom = open_app("#/boop/editor")
    dom.click("ed-brush", "O")
    for cell in ("a1", "b2", "c3"):
        dom.click("cell", cell)
    dom.on_event("change", "ed-moment", "", "win-line", "")
    assert 'id="ed-ok"' in dom.html and 'id="ed-play"' not in dom.html
    assert re.search(r"<span>Winner</span><select[^>]*id=\"ed-mover\"", dom.html)
    assert app.drafts.text() == "6/6/6/2O3/1O4/O5 5k0c/8k0c 5/8 -/- o win-line"
    dom.on_event("change", "ed-moment", "", "win-all-cats", "")
    assert "all 8 of their cats on the bed" in text_of(dom.html, "ed-problem")


@pytest.mark.parametrize(
    ("lang", "status"),
    [
        ("en", "Orange to play. End of the turn: choosing what graduates."),
        ("uk", "Хід: Руді. Кінець ходу: вибір, що перетворити."),
    ],
)
def test_the_editors_embed_shows_the_ghosts_the_waiting_line_and_the_decision_under_way(lang, status):
    """The snippet's embed (issue #14): both ghosts on their seams with their headings, purple's
    line that orange's ghost has just made marked as waiting, and the graduation under way said."""
    text = "O1OO2/O4p/3o2/P5/3PpP/O1o2O 0k0c/0k3c 2/2 left-3+5/left-4+4 o grad-b - d2-e2-f2"
    embed = Embed(Spec.parse(fragment(Draft.of(GAME.from_position(text)))), [lang])
    shown = embed.screen()
    assert re.search(r'id="status"[^>]*>([^<]*)<', shown).group(1) == status
    ghosts = re.findall(r'<g class="ghost (\w+)" transform="[^"]+" role="img" aria-label="([^"]+)"', shown)
    assert [g[0] for g in ghosts] == ["orange", "purple"] and len(ghosts) == 2
    for cell in ("d2", "e2", "f2"):
        assert re.search(rf'<g class="cell[^"]* waiting" id="cell-{cell}"', shown), cell
    assert translate(lang, "boop.label.waiting-line") in unescape(shown)
    # A plain placement says only whose turn it is.
    plain = Embed(Spec.parse(fragment(Draft(pieces={"c3": "o"}))), [lang])
    assert re.search(r'id="status"[^>]*>([^<]*)<', plain.screen()).group(1) == status.split(".")[0] + "."
