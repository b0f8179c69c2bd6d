"""What a newcomer's play-test (notes/newcomer.md) found, on CPython: every game's Start opens a match
against the computer at once, and Ghosts Galore's first sight reads without guessing."""

from __future__ import annotations

import pytest

from parlour import games
from web.test_match_screen import open_app


@pytest.mark.parametrize("gid", [g.id for g in games.GAMES])
def test_every_game_starts_as_a_person_against_the_computer(gid):
    app, _dom = open_app(f"#/{gid}")
    seats = app.setup_for(gid)["seats"]
    levels = set(games.module(gid).BOTS)
    expected = "medium" if "medium" in levels else "easy"
    assert seats == ["human", expected], "a person against the middle (or the easier) computer"
    app.new_match(gid)
    assert [s.is_ai for s in app.sessions[gid].seats] == [False, True], "Start: the computer answers"


def gg_start(players: int = 2):
    from parlour.games.ghosts_galore import BOTS, GAME
    from parlour.web.session import HUMAN, LocalSession, Seat

    return LocalSession.new(GAME, [Seat(HUMAN)] * players, BOTS, seed="newcomer")


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "if the game ended now"), ("ru", "если бы игра закончилась сейчас")]
)
def test_gg_s1_the_minus_five_before_anyone_played_is_explained_as_the_score_if_it_ended_now(lang, words):
    from parlour.i18n import translate
    from parlour.web.boards import ghosts_galore as board
    from web.test_ghosts_board import ctx_for

    session = gg_start()
    ctx = ctx_for(session, 0)
    ctx.t = lambda key, **p: translate(lang, key, **p)
    panel = board.score_details(ctx)
    assert [s.total for s in session.game.score_sheets(session.state)] == [-5, -5], "GG-S1: no dragon, -5"
    assert words in panel.lower() and "−5" in panel, "the caption and note say what the -5 is"
    assert 'id="gg-scores"' not in board.render(ctx), "the table is a side panel, not between board and Undo"


def test_gg_the_captions_read_as_sentences_not_as_counts_with_the_number_missing():
    from parlour.i18n import translate

    for lang in ("en", "ru", "uk"):
        for key in ("taken", "where.table", "where.stack-left"):
            text = translate(lang, f"ghosts-galore.{key}")
            assert len(text.split()) >= 3, (lang, key, text)
    assert translate("en", "ghosts-galore.taken") == "has taken a tile this round"


def test_the_privacy_screen_does_not_repeat_the_status_line():
    from parlour.i18n import translate
    from parlour.web import context

    def t(key, **p):
        return translate("en", key, **p)

    heading = context.privacy_screen(t, "Player 1", 0)
    assert "Pass the device to Player 1" not in heading and "Player 1" in heading
    assert t("app.privacy.pass", name="Player 1") == "Pass the device to Player 1"


@pytest.mark.parametrize(
    ("lang", "label", "words"),
    [("en", "Embed", "a kitten"), ("ru", "Вставить", "котёнок на"), ("uk", "Вставити", "кошеня на")],
)
def test_the_log_reads_in_words_and_its_embed_button_says_what_it_does(lang, label, words):
    from parlour.engine import Match, encode_link
    from parlour.games.boop import GAME

    match = Match.new(GAME, 2, seed=1)
    match.play(0, GAME.decode_move("k@e4"))
    _app, dom = open_app(
        f"#/boop/play?m={encode_link(match.record)}", {"parlour.settings": f'{{"lang": "{lang}"}}'}
    )
    entry = dom.html.split('id="log-0"', 1)[1].split("</li>", 1)[0]
    assert words in entry.lower(), "the move in words first"
    assert "&lt;/&gt;" not in entry and f">{label}</button>" in entry, "a visible, translated label"
    assert 'aria-label="' in entry and 'title="' in entry
