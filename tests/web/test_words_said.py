"""What the log, the screen reader's live region and the end dialog say is words, never catalogue
keys or placeholders (newcomer play-test, items 1 and 4): every game, every language."""

from __future__ import annotations

import functools
import random
import re

import pytest

from parlour import games
from parlour.engine import Outcome
from parlour.i18n import LANGUAGES, catalogue, translate
from parlour.web import boards, context, match_log, play, screens
from parlour.web.session import HUMAN, LocalSession, Seat

KEY = re.compile(r"\b[a-z-]+\.[a-z-]+\.")
"""A catalogue key left in the text ("boo.seat.1", "wooly-bully.colour.red")."""
ENGLISH_COLOURS = re.compile(r"\b(white|red|blue|green|yellow|purple|black|orange|grey)\b", re.I)
GAMES = tuple(games.BY_ID)


def played(gid: str, plies: int) -> LocalSession:
    """A match of ``gid`` between people making seeded random legal moves."""
    game = games.load(gid)
    seats = [Seat(HUMAN) for _ in range(max(game.min_players, 3 if game.max_players >= 3 else 2))]
    session = LocalSession.new(game, seats, games.module(gid).BOTS, None, "7")
    rng = random.Random(5)
    for _ in range(plies):
        acting = game.to_act(session.state)
        if not acting:
            break
        seat = acting[0]
        moves = game.legal_moves(session.state, seat)
        if not moves:
            break
        # Leaving (Wooly Bully) ends a match at once: only once the rest has had its turn.
        staying = [m for m in moves if game.encode_move(m) != "leave"]
        session.play(seat, rng.choice(staying if staying and len(session.match.plies) < 30 else moves))
    return session


def said(text: str, lang: str) -> None:
    assert "{" not in text and not KEY.search(text), text
    if lang != "en":
        assert not ENGLISH_COLOURS.search(text), text


@pytest.mark.parametrize("gid", GAMES)
def test_log_and_announcement_say_words_in_every_language(gid: str) -> None:
    session = played(gid, 40)
    assert len(session.match.plies) >= 10
    board = boards.board(session.game.id)
    for lang in LANGUAGES:
        t = functools.partial(translate, lang)
        for upto in range(1, len(session.match.plies) + 1):
            ctx = context.BoardContext(session, t, session.match.state_at(upto), 0)
            entry = session.log_entry(upto - 1)
            item = match_log.log_item(t, ctx, board, entry)
            for text in (item.words, *item.lines):
                said(text, lang)
        ctx = context.BoardContext(session, t, session.state, 0)
        spoken = match_log.announcement(t, ctx, board)
        last = match_log.log_item(t, ctx, board, session.log_entry(len(session.match.plies) - 1))
        assert spoken.startswith(last.words)
        said(spoken, lang)


def test_the_end_dialog_names_the_winner() -> None:
    session = played("boo", 0)
    for lang in LANGUAGES:
        t = functools.partial(translate, lang)
        ctx = context.BoardContext(session, t, session.state, 0)
        for reason in ("boo.end.walls", "boo.end.visitors"):
            shown = play.end_screen(t, ctx, outcome=Outcome((1,), None, reason))
            said(shown, lang)
            assert context.player_name(t, ctx, 1) in shown


@pytest.mark.parametrize("gid", GAMES)
def test_every_setup_option_and_value_has_words_in_every_language(gid: str) -> None:
    """The setup screen's selects show labels, never keys (play-test item 2)."""
    game = games.load(gid)
    for lang in LANGUAGES:
        own = catalogue(lang)
        for opt in game.options:
            assert opt.label in own, (lang, opt.label)
            for value in opt.choices:
                assert f"{opt.label}.{value}" in own, (lang, f"{opt.label}.{value}")
        seats = ["human"] * game.min_players
        markup = screens.setup(functools.partial(translate, lang), game, ["easy"], seats, {})
        said(re.sub(r'(id|for|data-[a-z]+|href|class|value)="[^"]*"', "", markup), lang)


def test_a_greyed_undo_says_why_in_every_language() -> None:
    """Play-test item 9: Boo! is real time; a draw or a reveal cannot be taken back; before any
    move there is nothing to take back. The reason is written beside the greyed button (a touch
    user sees no title), and is its accessible description."""
    cases = {
        "boo": ("boo", 2, "app.undo-why.realtime"),
        "fresh": ("boop", 0, "app.undo-why.nothing"),
        "hidden": ("ghosts-galore", 1, "app.undo-why.hidden"),
    }
    for gid, plies, key in cases.values():
        session = played(gid, plies)
        for lang in LANGUAGES:
            t = functools.partial(translate, lang)
            markup = play.controls(t, context.BoardContext(session, t, session.state, 0))
            undo = re.search(r"<button[^>]*id=\"undo\"[^>]*>", markup)
            assert undo is not None and "disabled" in undo.group(0), (gid, undo)
            assert 'aria-describedby="undo-why"' in undo.group(0), (gid, lang, undo.group(0))
            reason = re.search(r'<span class="undo-why" id="undo-why">([^<]*)</span>', markup)
            assert reason is not None and reason.group(1) == t(key) != key, (gid, lang, markup)
    session = played("boop", 2)
    t = functools.partial(translate, "en")
    markup = play.controls(t, context.BoardContext(session, t, session.state, 0))
    undo = re.search(r"<button[^>]*id=\"undo\"[^>]*>", markup)
    assert undo is not None and "disabled" not in undo.group(0) and "describedby" not in undo.group(0)
    assert "undo-why" not in markup
