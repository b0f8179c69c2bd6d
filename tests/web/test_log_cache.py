"""The match screen's log draws only what is new after a move (issue #17): what it draws is always
what drawing every entry afresh gives, across moves, an undo, a moment on show and a language change."""

from __future__ import annotations

import functools

from parlour import games
from parlour.i18n import translate
from parlour.web import boards, context, match_log
from parlour.web.session import HUMAN, LocalSession, Seat


def drawn(session: LocalSession, lang: str = "en", replay: int | None = None) -> tuple[str, str]:
    """The log as drawn with the kept entries, and drawn afresh."""
    t = functools.partial(translate, lang)
    board = boards.board(session.game.id)
    ctx = context.BoardContext(session, t, session.state, 0, replay=replay)
    kept = match_log.log_panel(t, ctx, board)
    match_log._LOG_MARKUP.pop(session, None)
    fresh = match_log.log_panel(t, ctx, board)
    return kept, fresh


def test_the_kept_log_is_the_log_drawn_afresh():
    gid = "boop"
    session = LocalSession.new(
        games.load(gid), [Seat(HUMAN), Seat("random")], games.module(gid).BOTS, None, "3"
    )
    for ply in range(12):
        person = session.human_to_act()
        if person is not None:
            legal = session.game.legal_moves(session.state, person)
            session.play(person, legal[ply % len(legal)])
        elif session.step_ai() is None:
            break
        kept, fresh = drawn(session)
        assert kept == fresh
    assert kept.count("<li id=") >= 8
    session.undo()
    kept, fresh = drawn(session)
    assert kept == fresh
    kept, fresh = drawn(session, replay=2)
    assert kept == fresh and 'data-action="replay" data-arg="2" aria-pressed="true"' in kept
    english = kept
    kept, fresh = drawn(session, lang="uk")
    assert kept == fresh and kept != english


def test_the_log_kept_through_a_whole_match_and_its_end_is_the_log_drawn_afresh():
    """The end of a match keeps every entry drawn while it was played: each is still the entry
    drawn afresh, in every game (a person's seat, as the page draws it, the kept log drawn after
    each ply; bots play both seats, a real-time game's on its clock)."""
    for gid in ("boop", "ghosts-galore", "wooly-bully", "boo"):
        module = games.module(gid)
        session = LocalSession.new(games.load(gid), [Seat("easy"), Seat("easy")], module.BOTS, None, "5")
        t = functools.partial(translate, "en")
        board = boards.board(gid)
        for ply in range(1, 400):
            if session.outcome() is not None:
                break
            played = session.run_due(1000 * ply) if session.realtime else session.step_ai()
            assert played or session.realtime, gid
            match_log.log_panel(t, context.BoardContext(session, t, session.state, 0), board)
        assert session.outcome() is not None, gid
        kept, fresh = drawn(session)
        assert kept == fresh, gid
        # The newest moves (decision 0006): the rest a button away.
        assert kept.count("<li id=") == min(len(session.match.plies), match_log.LOG_SHOWN) >= 5
