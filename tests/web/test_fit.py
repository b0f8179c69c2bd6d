"""Fitting boards into an embed's frame (parlour.web.fit), and what an embed draws with it: figures
laid out for the frame with legible headings, Boo!'s castle without small print when small, every
game's try-it playable (Boo!: an untimed route for the viewer alone, judged; decision 0096)."""

from __future__ import annotations

import re

import pytest

from parlour.web import fit
from parlour.web.embed import Embed
from parlour.web.embedlink import Spec

FRAMES = [(240, 320), (380, 540), (800, 600)]


def test_a_landscape_frame_puts_the_words_beside_the_board_and_a_portrait_one_under_it():
    assert [fit.wide(w, h) for w, h in FRAMES] == [False, False, True]
    assert not fit.wide(500, 300)  # too narrow for a side column, however flat
    for w, h in FRAMES:
        bw, bh = fit.stage_box(w, h)
        assert 0 < bw <= w and 0 < bh <= h and bw * bh >= 0.45 * w * h, (w, h)
    assert fit.stage_box(800, 600)[1] > fit.stage_box(380, 540)[1]


def test_a_small_landscape_frame_puts_the_buttons_beside_the_board_at_the_frames_height():
    """320 x 240 (decision 0079): not wide enough for the 240 px side column, so a narrow one; the
    board's box keeps the frame's height (Boo!'s castle is square, Ghosts Galore's train too)."""
    assert fit.small_landscape(320, 240) and fit.small_landscape(480, 360)
    assert not any(fit.small_landscape(w, h) for w, h in [(240, 320), (380, 540), (800, 600), (500, 450)])
    bw, bh = fit.stage_box(320, 240)
    assert bh >= 232 and 210 <= bw <= 320 - 2 * 44, (bw, bh)  # two 44 px buttons a row beside it
    assert min(fit.stage_box(320, 240)) > min(fit.stage_box(240, 320)) - 12


def test_panes_go_as_many_a_row_as_draws_each_largest():
    square = (100.0, 100.0)
    assert fit.columns(3, square, (228, 180), gap=0) == 2  # two rows of 2 beat 3 in a row or 1 a row
    assert fit.columns(3, square, (600, 150), gap=0) == 3  # a flat box: all in a row
    assert fit.columns(3, square, (150, 600), gap=0) == 1  # a tall one: one above the other
    assert fit.columns(1, square, (10, 10)) == 1
    assert fit.columns(4, square, (400, 400), gap=0) == 2  # a tie (2 or 3 a row? 2 draws larger)


def test_small_print_goes_only_when_the_board_is_small():
    assert fit.compact(228) and fit.compact(368) and not fit.compact(800)
    assert fit.legible(13, 600, 600) and not fit.legible(13, 600, 300) and fit.legible(1, 600, None)


def figure_of(game_id: str, frame: tuple[int, int], lang: str = "en") -> str:
    from web.test_diagram import played

    players = {"boo": 2}.get(game_id, 3)
    _match, link = played(game_id, 8, players)
    embed = Embed(Spec.parse(f"game={game_id}&m={link}&lang={lang}"), size=frame)
    return embed.reply().html


def test_ghosts_galore_trains_are_laid_out_for_the_frame_with_headings_at_least_12_px():
    for frame in FRAMES:
        html = figure_of("ghosts-galore", frame)
        width, height = (int(v) for v in re.search(r'viewBox="0 0 (\d+) (\d+)"', html).groups())  # type: ignore[union-attr]
        head = int(re.search(r"\.fig-caption\{font-size:(\d+)px\}", html).group(1))  # type: ignore[union-attr]
        box = fit.stage_box(*frame)
        scale = min(box[0] / width, box[1] / height)
        assert head * scale >= fit.MIN_TEXT_PX - 0.5, (frame, head, scale)
        assert html.count('class="fig-caption"') == 3  # each player's train named


def test_a_small_castle_leaves_out_the_periphery_and_wall_marks_a_large_one_keeps_them():
    small = figure_of("boo", (240, 320))
    large = figure_of("boo", (1400, 1000))
    assert 'class="arms' not in small and 'class="mark ' not in small
    assert 'class="arms' in large and 'class="mark m-' in large
    assert 'class="visitor-number"' not in small and 'class="visitor-number"' in large  # no 6 px digit
    for html in (small, large):  # the visitor and the ghost are drawn either way
        assert 'class="visitor"' in html and 'class="boo-ghost"' in html


def boo_trial(frame: tuple[int, int] = (380, 540)) -> Embed:
    from web.test_diagram import played

    _match, link = played("boo", 6, 2)
    embed = Embed(Spec.parse(f"game=boo&m={link}&step=3&try=easy&lang=en"), size=frame)
    embed.act("try")
    assert embed.trial is not None
    return embed


def test_boo_try_it_is_the_viewers_route_alone_untimed_and_judged_right():
    from parlour.games.boo.solver import shortest_route

    embed = boo_trial()
    trial = embed.trial
    assert trial is not None and [s.is_ai for s in trial.seats].count(False) == 1  # no race
    html = embed.reply().html
    assert html.count('class="zone ') == 1 and "Press Booo!" in html
    seat = trial.human_to_act()
    assert seat is not None
    route = shortest_route(trial.state.problem(seat))
    assert route is not None
    steps = route.to_json()["steps"]
    embed.act("boo-booo", str(seat))
    main = re.compile(r'<main class="([^"]*)"')
    # Choosing the route's colour: the colours take the status's and the buttons' place (embed.css).
    assert main.search(embed.reply().html)[1] == "embed choose-row"
    embed.act("boo-colour", f"{seat}:{route.to_json()['colour']}")
    assert trial.state.claimant == seat  # the lock-out of the shown moment (if any) passed at once
    assert "choose-row" not in main.search(embed.reply().html)[1]
    rows = []
    for step in steps:
        html = embed.reply().html
        # The board says the layout its drawing needs (ctx.layout): the zone's buttons agree.
        drawn = "choose" if 'data-action="boo-change"' in html else "trace" if 'id="boo-show"' in html else ""
        rows.append(main.search(html)[1])
        assert rows[-1] == f"embed {drawn}-row", (step, rows[-1])
        if step.startswith("!"):
            embed.act("boo-change", step[1:])
        else:
            embed.act("cell", step.lstrip("*"))
    assert "embed trace-row" in rows
    assert embed.done and "Right! The ghost can take that route." in embed.reply().html
    assert not embed.board_live()
    embed.act("reset")
    assert not embed.done and embed.board_live()


def test_boo_try_it_says_why_a_route_is_wrong_with_its_rule_link_in_the_viewers_language():
    embed = boo_trial()
    seat = embed.trial.human_to_act() if embed.trial else None
    embed.act("boo-booo", str(seat))
    embed.act("boo-colour", f"{seat}:red")
    embed.act("boo-show", str(seat))  # no step traced: the route does not leave the ghost's room
    html = embed.reply().html
    assert embed.done and "Not this one." in html and 'class="rule"' in html


@pytest.mark.parametrize(("game_id", "players"), [("wooly-bully", 3), ("ghosts-galore", 3)])
def test_try_it_plays_on_with_every_seat_of_the_match(game_id, players):
    from web.test_diagram import played

    _match, link = played(game_id, 6, players)
    embed = Embed(Spec.parse(f"game={game_id}&m={link}&step=3&try=both"), size=(240, 320))
    embed.act("try")
    assert embed.trial is not None and len(embed.trial.seats) == players
    html = embed.reply().html
    nav = html.split('<nav class="controls"', 1)[1]
    assert 'data-mode="try"' in html and 'id="reset"' in nav and 'id="choices"' in nav  # buttons together


def test_a_boo_puzzle_is_solved_by_any_right_route_and_moves_on_a_wrong_one_says_why():
    from parlour.games.boo.solver import shortest_route
    from web.test_diagram import played

    _match, link = played("boo", 6, 2)
    embed = Embed(Spec.parse(f"game=boo&m={link}&step=3&puzzle=3&lang=en"), size=(240, 320))
    html = embed.reply().html
    assert 'data-mode="puzzle"' in html and html.count('class="zone ') == 1 and "Press Booo!" in html
    seat = embed.puzzle_session().human_to_act()
    embed.act("boo-booo", str(seat))
    embed.act("boo-colour", f"{seat}:red")
    embed.act("boo-show", str(seat))
    assert embed.step == 3 and embed.done and "Not this one." in embed.reply().html
    embed.act("reset")
    assert embed.trial is not None and embed.puzzling and not embed.done
    route = shortest_route(embed.trial.state.problem(seat))
    assert route is not None
    embed.act("boo-booo", str(seat))
    embed.act("boo-colour", f"{seat}:{route.to_json()['colour']}")
    for step in route.to_json()["steps"]:
        embed.act("boo-change", step[1:]) if step.startswith("!") else embed.act("cell", step.lstrip("*"))
    reply = embed.reply()
    assert embed.step == 4 and 3 in embed.solved and "Right!" in reply.html
    judged = [m for m in reply.out if m.get("puzzle")]
    assert [m["correct"] for m in judged] == [True]


def test_a_small_frame_draws_the_steps_train_large_with_diamond_numbers_of_10_px_and_the_app_keeps_its_own():
    """Decision 0079: in a frame where three trains alike would be thumbnails, the train of the
    step's player is drawn large (its diamonds' numbers >= 10 px), the others beside it; a small
    drawing's diamonds are the big ones; a large frame and the app keep their layout and diamonds."""
    from web.test_diagram import played

    match, link = played("ghosts-galore", 8, 3)
    for frame in ((240, 320), (320, 240)):
        for step in range(1, 9):
            html = Embed(Spec.parse(f"game=ghosts-galore&m={link}&step={step}"), size=frame).reply().html
            width, height = (int(v) for v in re.search(r'viewBox="0 0 (\d+) (\d+)"', html).groups())  # type: ignore[union-attr]
            box = fit.stage_box(*frame)
            scale = min(box[0] / width, box[1] / height)
            focused = re.findall(r'<svg x="(\d+)" y="\d+" width="(\d+)" height="\d+" data-focus="1" ', html)
            assert len(focused) == 1, (frame, step)
            x, size = (int(v) for v in focused[0])
            train_px = size * scale
            # The stage's estimate (the browser test measures the numbers drawn): at 240 x 320 the
            # train is >= 135 px, where 26 units are 10 px; 320 x 240's estimate keeps room for a
            # second row of buttons the browser does not need.
            assert x == 0 and train_px >= (fit.MIN_TRAIN_PX if frame[0] == 240 else 100), (frame, step)
            player = match.plies[step - 1].player
            name = f"Player {player + 1}"
            assert re.search(
                rf'<g transform="translate\(0,-?\d+\)"><text[^>]*class="fig-caption">{name}<', html
            )
            assert 'class="diamond"' not in html  # a small drawing's diamonds are big ones
    large = Embed(Spec.parse(f"game=ghosts-galore&m={link}&step=4"), size=(1200, 900)).reply().html
    assert "data-focus" not in large and 'class="diamond big"' not in large
    from parlour.web.boards import ghosts_draw

    assert 'class="diamond"' in ghosts_draw.diamond(2, 16, 16)
    assert 'class="diamond big"' in ghosts_draw.diamond(2, 20, 20, big=True)


def test_a_tiny_frame_puts_the_buttons_in_a_column_beside_the_board():
    """240 x 240 (decision 0079): a column of one 44 px button beside the board, the status under
    it; boop.'s bed (740 units, 100 a cell) then has cells of 24 px."""
    assert fit.tiny(240, 240) and fit.tiny(300, 280)
    assert not any(fit.tiny(w, h) for w, h in [(240, 320), (320, 240), (380, 540), (400, 240)])
    bw, bh = fit.stage_box(240, 240)
    assert min(bw, bh) * 100 / 740 >= 24 and bw <= 240 - 44, (bw, bh)
