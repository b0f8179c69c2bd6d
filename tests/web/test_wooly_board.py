"""The Wooly Bully board on CPython: it draws only what the viewer may see (WB-D1), highlights every
square and rotation where a chosen tile fits (WB-3, WB-D3), previews before laying, and the local
session lets bots and people act out of turn (WB-7, WB-D2)."""

from __future__ import annotations

import re

from parlour.games.wooly_bully import BOTS, GAME
from parlour.games.wooly_bully import moves as mv
from parlour.i18n import translate
from parlour.web import boards
from parlour.web.boards import wooly_bully as wb
from parlour.web.boards import wooly_field, wooly_svg
from parlour.web.context import BoardContext
from parlour.web.session import LocalSession, Seat
from wooly_bully.wooly_helpers import BLACK, DEEP_FOREST, RED, WOLVES, YELLOW, built, tid, wolf_ready


def t(key, **params):
    return translate("en", key, **params)


def session_on(state, seats=("human", "human", "human")):
    session = LocalSession.new(GAME, [Seat(s) for s in seats], BOTS, {}, "board")
    session.match.states[-1] = state
    return session


def ctx_for(session, viewer):
    return BoardContext(session=session, t=t, state=session.state, viewer=viewer)


VCAP_B = tid("village-cap", BLACK)
CAP_Y = tid("cap", YELLOW)


def test_the_picker_lists_wooly_bully_as_playable():
    assert boards.playable("wooly-bully") and boards.board("wooly-bully") is wb


def test_wb_d1_the_board_shows_only_the_viewers_hand_and_colour():
    state = built(hands=[[VCAP_B], [WOLVES[0]], [CAP_Y]], players=3, colours=[BLACK, RED, YELLOW])
    html = wb.render(ctx_for(session_on(state), 0))
    hand_args = set(re.findall(r'data-action="wb-select" data-arg="([^"]+)"', html))
    assert hand_args == {str(VCAP_B), "reveal"}
    assert "Your sheep are black" in html
    assert "red sheep" not in html and "yellow sheep" not in html
    # Nobody has revealed yet: the others' colours are secret, the viewer's own is named as theirs
    # alone (never "colour secret" above a hand that says "Your sheep are black").
    assert html.count("colour secret") == 2 and html.count("black sheep: only you know") == 1
    nobody = wb.render(ctx_for(session_on(state), None))
    assert "wb-select" not in nobody and "Your sheep" not in nobody
    assert nobody.count("colour secret") == 3 and "only you know" not in nobody


def test_wb_3_choosing_a_tile_highlights_every_square_and_the_rotations_that_fit():
    state = built(hands=[[VCAP_B], [], []], players=3)
    ctx = ctx_for(session_on(state), 0)
    assert wb.act(ctx, "wb-select", str(VCAP_B)) is None
    html = wb.render(ctx)
    squares = set(re.findall(r'id="wb-sq-(-?\d+)_(-?\d+)"', html))
    legal = {m.pos for m in GAME.legal_moves(state, 0) if m.kind == "place"}
    assert {(int(x), int(y)) for x, y in squares} == legal
    for x, y in squares:
        rots = sorted(
            m.rot for m in GAME.legal_moves(state, 0) if m.kind == "place" and m.pos == (int(x), int(y))
        )
        block = re.search(rf'id="wb-sq-{x}_{y}".*?</g>', html).group(0)
        assert block.count('class="rot fits"') == len(rots)


def test_a_placement_is_previewed_turned_and_confirmed_before_it_is_played():
    straight = tid("straight", BLACK)
    state = built([((-1, 0), VCAP_B, 0)], hands=[[straight], [], []], players=3)
    ctx = ctx_for(session_on(state), 0)
    wb.act(ctx, "wb-select", str(straight))
    rots = sorted(m.rot for m in GAME.legal_moves(state, 0) if m.pos == (-1, -1) and m.kind == "place")
    assert wb.act(ctx, "wb-square", "-1,-1") is None
    html = wb.render(ctx)
    decided = wb.decision(ctx)
    assert 'class="tile preview"' in html and decided is not None
    assert [c.id for c in decided.choices][:2] == ["wb-confirm", "wb-rotate"]
    assert decided.choices[0].highlights == ("wb-sq--1_-1",)
    if len(rots) > 1:
        wb.act(ctx, "key", "R")
        assert wb._preview_rot(ctx, rots) == rots[1]
    move = wb.act(ctx, "wb-confirm", "")
    assert move is not None and mv.decode(move) in GAME.legal_moves(state, 0)
    assert "sel" not in ctx.ui


def test_wb_13_leaving_asks_once_more_and_names_the_bonus():
    state = built(hands=[[VCAP_B], [], []], players=3)
    ctx = ctx_for(session_on(state), 0)
    assert wb.act(ctx, "wb-leave", "ask") is None
    decided = wb.decision(ctx)
    assert decided is not None and "with 6 bonus points" in decided.prompt
    assert [c.id for c in decided.choices] == ["wb-leave-yes", "wb-leave-no"]
    assert wb.act(ctx, "wb-leave", "no") is None and "leaving" not in ctx.ui
    wb.act(ctx, "wb-leave", "ask")
    assert wb.act(ctx, "wb-leave", "yes") == "leave"


def test_the_field_keeps_the_players_pan_and_zoom_and_fits_the_whole_field_on_request():
    state = built(hands=[[VCAP_B], [], []], players=3)
    ctx = ctx_for(session_on(state), 0)
    wb.act(ctx, "view", "-300 -200 500 400")
    assert 'viewBox="-300 -200 500 400"' in wb.render(ctx)
    wb.act(ctx, "view", "")  # a tap on the field is not a pan
    assert ctx.ui["view"] == "-300 -200 500 400"
    wb.act(ctx, "wb-zoom", "in")
    assert float(ctx.ui["view"].split()[2]) < 500
    wb.act(ctx, "wb-zoom", "fit")
    assert "view" not in ctx.ui


def test_plus_equals_and_minus_keys_zoom_the_field_as_its_buttons_do_and_keep_the_focus():
    state = built(hands=[[VCAP_B], [], []], players=3)
    by_key, by_button = ctx_for(session_on(state), 0), ctx_for(session_on(state), 0)
    for key, button in (("+", "in"), ("=", "in"), ("-", "out"), ("-", "out"), ("-", "out")):
        by_key.ui["focus"] = "wb-hand-0"
        assert wb.act(by_key, "key", key) is None
        wb.act(by_button, "wb-zoom", button)
        assert by_key.ui["view"] == by_button.ui["view"], key
        assert by_key.ui["focus"] == "wb-hand-0", "a key press leaves the focus where it was"
    fit = wooly_field.fit_box(GAME.view(state, 0))
    assert float(by_key.ui["view"].split()[2]) > fit[2], (
        "in twice, out three times: wider than the whole field"
    )
    # Zooming in far with the keyboard keeps the chosen square in view.
    wb.act(by_key, "wb-select", str(VCAP_B))
    wb.act(by_key, "key", "ArrowRight")
    at = wb._pos(by_key.ui["at"])
    for _ in range(6):
        wb.act(by_key, "key", "+")
    x, y, w, h = (float(v) for v in by_key.ui["view"].split())
    assert (
        x <= at[0] * wooly_field.S
        and at[0] * wooly_field.S + wooly_field.S <= x + w
        and y <= at[1] * wooly_field.S <= y + h - wooly_field.S
    )


def test_closed_and_spoiled_pastures_are_marked_with_words():
    cells = [((-1, 0), VCAP_B, 0), ((-1, -1), tid("cap", BLACK), 2)]
    state = built(cells, hands=[[], [], []], players=3)
    html = wb.render(ctx_for(session_on(state), 0))
    assert 'class="mark closed black"' in html and "closed black pasture" in html


def test_every_tile_draws_with_its_sheep_and_a_pattern_per_colour():
    for tile_id in range(77):
        body = wooly_svg.tile_body(tile_id)
        assert body.count('class="sheep"') == sum(r.sheep for r in GAME_TILES()[tile_id].regions)
    defs = wooly_svg.defs()
    for colour in ("black", "yellow", "red", "blue"):
        assert f'id="wb-{colour}"' in defs


def GAME_TILES():
    from parlour.games.wooly_bully.tiles import all_tiles

    return all_tiles()


# --- the local session: out of turn -------------------------------------------------------------------
def test_wb_7_an_ai_seat_plays_its_wolf_out_of_turn_from_its_own_view():
    # Seat 1 (AI) holds a wolf beside a revealed rival pasture; it is the person's turn at seat 0.
    from parlour.games.wooly_bully.tiles import shepherd_id

    cells = [((-1, 0), VCAP_B, 0), ((-1, -1), tid("cap", BLACK), 2), ((60, 0), shepherd_id(BLACK), 0)]
    state = built(cells, hands=[[CAP_Y], [WOLVES[0], DEEP_FOREST]], colours=[BLACK, RED])
    state = state.with_(revealed=(True, False))
    session = session_on(state, ("human", "hard"))
    seat = session.ai_to_act()
    assert seat == 1
    _seat, move, _events = session.step_ai()
    assert move.kind == "place" and move.tile == WOLVES[0]


def test_wb_d2_on_one_device_a_person_interrupts_out_of_turn():
    state = built(hands=[[VCAP_B], [WOLVES[0]], [CAP_Y]], players=3)
    session = session_on(state)
    assert session.human_to_act() == 0 and session.interrupters() == [1, 2]
    session.interrupt = 2
    assert session.human_to_act() == 2 and session.interrupters() == [1]


def test_an_out_of_turn_button_names_its_action_in_every_language():
    """Each person's button is the group's action for that person, a verb, never a bare "out of turn"."""
    from parlour.i18n import translate

    for lang in ("en", "ru", "uk"):
        action = translate(lang, "app.interrupt-label")
        words = translate(lang, "app.interrupt", name="N")
        assert words == f"N: {action[0].lower()}{action[1:]}", (lang, words, action)


def test_one_person_against_bots_may_act_out_of_turn_without_interrupting():
    state = built(hands=[[VCAP_B], [WOLVES[0]]], turn=1)
    session = session_on(state, ("human", "random"))
    assert session.human_to_act() == 0


def test_the_turns_bot_is_asked_on_its_turn_and_out_of_turn_bots_once_per_position():
    state = built(hands=[[VCAP_B], [VCAP_B + 1]], turn=1)
    session = session_on(state, ("human", "hard"))
    assert session.ai_to_act() == 1
    chosen = session.choose_ai()
    assert chosen is not None and chosen[0] == 1 and chosen[1] in GAME.legal_moves(state, 1)
    first = session.interjection()
    assert first is session.interjection()


# --- hot-seat through the app: privacy screens and interrupts (WB-D1, WB-D2) ------------------------------
def test_wb_d2_hot_seat_each_turn_behind_a_privacy_screen_and_a_wolf_out_of_turn():
    from web.test_match_screen import open_app, text_of

    link, turn, wolf = wolf_ready()
    app, dom = open_app(f"#/wooly-bully/play?m={link}")
    name = f"Player {turn + 1}"
    assert text_of(dom.html, "status") == f"Pass the device to {name}"
    assert "wb-select" not in dom.html, "no hand is drawn behind the privacy screen"
    dom.click("reveal", str(turn))
    assert "Your sheep are" in dom.html and 'id="interrupt-2"' in dom.html
    # The button says what pressing it does; "Player 3: out of turn" read as a status.
    assert text_of(dom.html, "interrupt-2") == "Player 3: play out of turn"
    dom.click("interrupt", "2")
    assert text_of(dom.html, "status") == "Pass the device to Player 3"
    assert "Your sheep are" not in dom.html
    dom.click("reveal", "2")
    assert text_of(dom.html, "status").startswith("Player 3, out of turn:")
    dom.click("wb-select", str(wolf.tile))
    dom.click("wb-square", f"{wolf.pos[0]},{wolf.pos[1]}")
    dom.click("wb-confirm")
    session = app.sessions["wooly-bully"]
    assert session.match.plies[-1].player == 2 and session.match.plies[-1].move == mv.encode(wolf)
    assert session.interrupt is None
    assert text_of(dom.html, "status") == f"Pass the device to {name}", "back to the turn's player, covered"


def test_after_the_game_ends_the_hand_is_shown_but_offers_no_action():
    """A finished game leaves nothing to do: the hand stays on view but no tile (nor "Reveal my colour",
    since every colour is shown at the end) is a button that looks live and does nothing."""
    state = built(hands=[[VCAP_B], [CAP_Y], []], players=3)
    while GAME.outcome(state) is None:
        to_act = next(p for p in range(3) if mv.LEAVE in GAME.legal_moves(state, p))
        state, _ = GAME.apply(state, to_act, mv.LEAVE)
    html = wb.render(ctx_for(session_on(state), 0))
    assert str(VCAP_B) in html and 'id="wb-hand-' in html  # the hand is still shown
    assert "wb-hand-reveal" not in html and t("wooly-bully.action.reveal") not in html
    hand = re.findall(r'<button[^>]*id="wb-hand-[^"]*"[^>]*>', html)
    assert hand and all(" disabled" in b for b in hand), hand


def test_the_out_of_turn_status_says_out_of_turn_once_in_every_language():
    """The match screen puts "Anna, out of turn: …" before the board's prompt, so the prompt must not
    say it again ("Anna, out of turn: Out of turn you may…" read twice)."""
    words = {"en": "out of turn", "ru": "вне очереди", "uk": "поза чергою"}
    for lang, phrase in words.items():
        prompt = translate(lang, "wooly-bully.prompt.out-of-turn")
        status = translate(lang, "app.decide-out-of-turn", name="Anna", decision=prompt)
        assert status.lower().count(phrase) == 1, status


# --- a forced pass: the turn's one move, first and focused -----------------------------------------------
def opening(seats: tuple[str, ...], forced: bool) -> str:
    """A new match's link whose first seat can lay nothing of its hand at the start (``forced``:
    its only move is to pass, or leave) or can."""
    from parlour.engine import Match, encode_link

    for seed in range(50):
        match = Match.new(GAME, len(seats), {}, f"open:{seed}", {"seats": list(seats)})
        kinds = {m.kind for m in GAME.legal_moves(match.state, 0)}
        if (kinds == {"pass", "leave"}) == forced:
            return encode_link(match.record)
    raise AssertionError("no such seed")


def test_a_match_that_opens_on_a_forced_pass_offers_the_pass_first_and_focuses_it():
    from web.test_match_screen import open_app, text_of

    app, dom = open_app(f"#/wooly-bully/play?m={opening(('human', 'easy'), forced=True)}")
    buttons = re.findall(
        r'<button type="button" data-action="(wb-[a-z]+)"[^>]*id="([\w-]+)"([^>]*)>', dom.html
    )
    decision = [(action, element) for action, element, _ in buttons if action in ("wb-pass", "wb-leave")]
    assert decision == [("wb-pass", "wb-pass"), ("wb-leave", "wb-leave")], "the pass first, leaving after it"
    assert 'id="wb-pass" class="primary"' in dom.html
    assert dom.focused == "wb-pass", "Enter passes at once; Tab goes on to leaving"
    assert text_of(dom.html, "status").startswith("Player 1: None of your tiles fits: pass")
    dom.click("wb-pass")
    assert app.sessions["wooly-bully"].match.plies[0].move == "pass"


def test_a_forced_pass_after_the_privacy_screen_is_focused_and_a_free_opening_keeps_the_heading():
    from web.test_match_screen import open_app

    _app, dom = open_app(f"#/wooly-bully/play?m={opening(('human', 'human'), forced=True)}")
    assert "wb-pass" not in dom.html, "behind the privacy screen"
    dom.click("reveal", "0")
    assert dom.focused == "wb-pass"
    _app, dom = open_app(f"#/wooly-bully/play?m={opening(('human', 'easy'), forced=False)}")
    assert dom.focused == "screen-title" and 'id="wb-pass"' not in dom.html, "a tile fits: no pass to make"


def test_the_hands_tab_stop_and_arrows_are_on_tiles_that_can_be_played():
    """A hand whose first tile fits nowhere (disabled: it cannot take the focus) kept the toolbar's
    one Tab stop on it, so Tab skipped the whole hand (found playing by keyboard at 390 px); the
    arrows along the hand pass over such a tile."""
    straight = tid("straight", BLACK)  # nothing to join at the start: it fits nowhere
    state = built(hands=[[straight, VCAP_B], [], []], players=3)
    ctx = ctx_for(session_on(state), 0)
    html = wb.render(ctx)
    stops = re.findall(r'<button[^>]*id="wb-hand-([^"]+)"[^>]*tabindex="0"[^>]*>', html)
    assert stops == [str(VCAP_B)]
    assert re.search(rf'id="wb-hand-{straight}"[^>]*tabindex="-1"[^>]*disabled', html)
    seen = set()
    for key in ("ArrowRight", "ArrowLeft", "ArrowLeft", "ArrowRight", "ArrowRight"):
        wb.act(ctx, "key", key)
        seen.add(ctx.ui["focus"])
    assert f"wb-hand-{VCAP_B}" in seen and f"wb-hand-{straight}" not in seen, seen
