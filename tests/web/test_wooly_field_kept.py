"""Wooly Bully's field keeps each laid tile's markup between redraws (issue #17: the tiles were most of
a Wooly Bully redraw's markup, as boop.'s cells were, decision 0019); what it draws is always the
field drawn afresh, in the language the page speaks now."""

from __future__ import annotations

import random
import re

from parlour.games.wooly_bully import BOTS, GAME
from parlour.i18n import translate
from parlour.web.boards import wooly_bully as wb
from parlour.web.boards import wooly_field, wooly_svg
from parlour.web.context import BoardContext
from parlour.web.session import LocalSession, Seat


def speaking(lang: str):
    return lambda key, **kw: translate(lang, key, **kw)


def field(state, lang: str, viewer: int | None, **ui: str) -> str:
    session = LocalSession.new(GAME, [Seat("human"), Seat("human")], BOTS, {}, "kept")
    session.match.states[-1] = state
    ctx = BoardContext(session=session, t=speaking(lang), state=state, viewer=viewer, ui=dict(ui))
    return wb.render(ctx)


def afresh(state, lang: str, viewer: int | None, **ui: str) -> str:
    wooly_field.laid_kept(speaking(lang)).clear()
    return field(state, lang, viewer, **ui)


def play(state, rnd: random.Random):
    """The next ply: a tile laid where one can be (a long game, a full field), else any move."""
    mover = GAME.to_act(state)
    moves = GAME.legal_moves(state, mover[0])
    laid = [m for m in moves if m.kind == "place"]
    return GAME.apply(state, mover[0], rnd.choice(laid or moves))[0]


def test_the_field_drawn_from_kept_tiles_is_the_field_drawn_afresh_in_each_language():
    rnd = random.Random(3)
    state = GAME.setup(2, {}, 3)
    for ply in range(400):
        if ply % 4 == 0:
            for lang in ("en", "ru", "uk"):  # a language change: its own words, never the last one's
                viewer = rnd.choice([0, 1, None])
                kept = field(state, lang, viewer)
                assert kept == afresh(state, lang, viewer)
                assert field(state, lang, viewer) == kept
                # What a screen reader hears: each laid tile named once, in this language.
                names = re.findall(r'<g role="img" aria-label="([^"]+)" data-pos="(-?\d+),(-?\d+)"', kept)
                assert len(names) == len(GAME.view(state, viewer)["cells"])
                at = {"en": " at ", "ru": " на ", "uk": " на "}[lang]
                assert all(at in name for name, _, _ in names)
        if not GAME.to_act(state) or GAME.outcome(state) is not None:
            break
        state = play(state, rnd)
    assert len(GAME.view(state, None)["cells"]) > 40, ply


def test_a_redraw_of_an_unchanged_field_draws_no_laid_tile_again(monkeypatch):
    rnd = random.Random(5)
    state = GAME.setup(2, {}, 5)
    while len(GAME.view(state, None)["cells"]) < 12:
        state = play(state, rnd)
    first = field(state, "en", 0)
    drawn: list[int] = []
    real = wooly_svg.tile_svg

    def tile_svg(tile_id: int, rot: int = 0, x: float = 0, y: float = 0, cls: str = "") -> str:
        if "placed" in cls or "on-top" in cls:  # a laid tile (the hand's are drawn each time)
            drawn.append(tile_id)
        return real(tile_id, rot, x, y, cls)

    monkeypatch.setattr(wooly_svg, "tile_svg", tile_svg)
    assert field(state, "en", 0, sel="") == first
    assert drawn == [], "every laid tile's markup kept"
    field(state, "ru", 0)
    assert len(drawn) >= len(GAME.view(state, 0)["cells"]), "a new language: each tile named afresh"
