"""The match screen's controls on CPython: what a phone player meets under the board. Share, Embed,
New game and Rules fold behind "More" (the CSS shows them in the row when there is room), a greyed
Undo says why in words beside it, and a real-time match's clock left behind does not wake into
another game."""

from __future__ import annotations

import re

from web.test_match_screen import hotseat, open_app, text_of


def controls_of(html: str) -> str:
    found = re.search(r'<div class="controls" id="controls">.*?</div></div>', html, re.S)
    assert found is not None, "the controls are drawn"
    return found.group(0)


def test_share_embed_new_game_and_rules_fold_behind_more_and_focus_goes_in():
    app, dom = open_app(f"#/boop/play?m={hotseat(['k@a1', 'g:-'])}")
    row = controls_of(dom.html)
    # Undo first, then "More", which controls the menu holding the four others.
    assert row.index('id="undo"') < row.index('id="more"') < row.index('id="more-menu"')
    more = re.search(r'<button[^>]*id="more"[^>]*>', row)
    assert more is not None and 'aria-expanded="false"' in more.group(0)
    assert 'aria-controls="more-menu"' in more.group(0) and text_of(dom.html, "more") == "More"
    menu = row[row.index('id="more-menu"') :]
    for wanted in ('id="share"', 'id="embed"', 'id="new-game"', 'href="#/boop/rules"'):
        assert wanted in menu, wanted
    assert 'class="more-menu"' in row
    dom.click("more")
    assert 'class="more-menu open"' in dom.html and 'aria-expanded="true"' in controls_of(dom.html)
    assert dom.focused == "share", "opening moves focus to the first thing in the menu"
    dom.click("cell", "c3")  # a move leaves the menu as the player set it
    assert 'class="more-menu open"' in dom.html
    dom.click("more")
    assert 'class="more-menu"' in dom.html and dom.focused == "more"
    dom.click("more")
    dom.set_hash("#/boop")  # another screen: the menu starts closed next time
    dom.set_hash(f"#/boop/play?m={hotseat([])}")
    assert not app.more_open


def test_a_greyed_undo_says_why_in_words_beside_it_and_a_working_one_says_nothing():
    _app, dom = open_app("#/boop/play?m=" + hotseat([], ("human", "easy")))
    assert text_of(dom.html, "undo-why") == "Nothing of yours to take back yet."
    undo = re.search(r'<button[^>]*id="undo"[^>]*>', dom.html)
    assert undo is not None and "disabled" in undo.group(0)
    assert 'aria-describedby="undo-why"' in undo.group(0) and "title=" not in undo.group(0)
    dom.click("cell", "c3")
    dom.run_timers()  # the computer answers; the person's move can be taken back
    undo = re.search(r'<button[^>]*id="undo"[^>]*>', dom.html)
    assert undo is not None and "disabled" not in undo.group(0) and 'id="undo-why"' not in dom.html


def test_a_real_time_clock_left_behind_does_not_wake_into_another_game():
    # Boo! against the computer sets its clock; the player opens Ghosts Galore before it rings.
    app, dom = open_app("#/boo")
    dom.run_timers()
    dom.click("start")
    assert app.route.game == "boo" and dom.timers, "the real-time clock is set"
    left_behind = list(dom.timers)
    dom.timers.clear()
    dom.set_hash("#/ghosts-galore")
    dom.run_timers()
    dom.click("start")
    assert app.route.game == "ghosts-galore"
    for ring in left_behind:
        ring()  # was: AttributeError: 'GhostsState' object has no attribute 'now'
    assert app.route.game == "ghosts-galore" and 'data-game="ghosts-galore"' in dom.html


def test_a_moment_of_the_log_shows_with_its_way_back_beside_the_board_and_a_phone_scrolls_to_it():
    moves = ["k@a1", "g:-", "k@f6", "g:-", "k@c3"]
    for narrow in (False, True):
        app, dom = open_app(f"#/boop/play?m={hotseat(moves)}")
        revealed: list[str] = []
        dom.narrow = lambda narrow=narrow: narrow  # type: ignore[attr-defined]
        dom.reveal = revealed.append  # type: ignore[attr-defined]
        dom.click("replay", "2")
        turn = text_of(dom.html, "turn")
        assert turn.startswith("Showing the position after move 2.") and turn.endswith(
            ". Back to the game"
        ), turn
        assert dom.html.count('id="back-to-game"') == 1, "one way back, in the turn region"
        # A phone (the log folded below the board): the page scrolls up to the moment and the way back.
        assert revealed == (["turn"] if narrow else [])
        dom.click("live")
        assert 'id="back-to-game"' not in dom.html and app.replay is None


def test_the_log_says_each_move_in_words_without_its_notation():
    """Newcomer item 10: "k@a1", "g:top-c" (and Boo!'s English colour words) beside each entry read
    as noise, in a Russian log too; the words say the move."""
    for lang, words in (("en", "Orange brings the ghost cat in between c6 and d6"), ("ru", "c6 и d6")):
        _app, dom = open_app(
            f"#/boop/play?m={hotseat(['k@a1', 'g:top-c'])}", {"parlour.settings": f'{{"lang": "{lang}"}}'}
        )
        log = text_of(dom.html, "move-log")
        assert words in log and "k@a1" not in log and "g:top-c" not in log, log
