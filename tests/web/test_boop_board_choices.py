"""The boop. board offers exactly the engine's choices: every triple of a longer row, and BP-9 right
after the boops (docs/decisions/0013, 0014)."""

from __future__ import annotations

import re

from tests.boop.helpers import make, play

from parlour.games.boop import BOTS, GAME
from parlour.i18n import translate
from parlour.web.boards import boop as board
from parlour.web.context import BoardContext
from parlour.web.session import HUMAN, LocalSession, Seat


def context(state, lang: str = "en") -> BoardContext:
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], dict(BOTS))
    return BoardContext(session, lambda key, **kw: translate(lang, key, **kw), state, state.mover)


def buttons(ctx: BoardContext) -> list[str]:
    decision = board.decision(ctx)
    assert decision is not None
    return [str(c.arg) for c in decision.choices if c.action == "graduate"]


def test_bp_8_bp_19_the_board_offers_every_triple_of_a_row_of_four_with_a_waiting_line():
    start = make({"b4": "o", "d4": "o", "c3": "o"}, side="p", ghosts="-/left-2+1")
    state, _ = play(start, "k@f1", "k@e4")
    ctx = context(state)
    assert sorted(buttons(ctx)) == ["x:b4-c4-d4", "x:c4-d4-e4"]
    decision = board.decision(ctx)
    assert decision is not None
    # Each button lights up its own three cells, so the two triples are told apart at a glance.
    assert [c.highlights for c in decision.choices] == [
        ("cell-b4", "cell-c4", "cell-d4"),
        ("cell-c4", "cell-d4", "cell-e4"),
    ]
    html = board.render(ctx)
    for cell in ("b4", "c4", "d4", "e4"):
        assert re.search(rf'class="cell[^"]*\bline\b[^"]*" id="cell-{cell}"', html)


def test_bp_9_the_board_offers_single_pieces_and_keeping_them_right_after_the_boops():
    pieces = {"a1": "o", "c1": "o", "e1": "o", "a4": "o", "c4": "o", "e4": "o", "a6": "O"}
    state, _ = play(make(pieces, ghosts="top-a+1/-"), "k@e6")
    for lang in ("en", "ru", "uk"):
        ctx = context(state, lang)
        decision = board.decision(ctx)
        assert decision is not None and decision.prompt == translate(lang, "boop.prompt.graduate-eight")
        assert sorted(buttons(ctx)) == sorted(GAME.legal_moves(state, 0))
        assert translate(lang, "boop.action.pass") in [c.label for c in decision.choices]


def test_a_cat_bears_its_sides_initial_in_the_readers_language_never_a_latin_letter_in_ru_and_uk():
    """Colour-blind players tell the cats apart by a letter too. A Latin "P" on a purple cat reads
    as Cyrillic "Р", the initial of "Рыжие"/"Руді", the orange side: each side's own initial."""
    state = make({"a1": "O", "f6": "P", "c3": "o"}, side="p")
    for lang, (orange, purple) in {"en": ("O", "P"), "ru": ("Р", "Ф"), "uk": ("Р", "Ф")}.items():
        html = board.render(context(state, lang))
        bed = re.search(r'<svg[^>]*class="boop-bed.*?</svg>', html, re.S)
        assert bed is not None
        on_bed = re.findall(r'class="piece (\w+) cat.*?class="letter">(\w)<', bed.group(0), re.S)
        assert sorted(on_bed) == [("orange", orange), ("purple", purple)], (lang, on_bed)
        assert sorted(set(re.findall(r'class="letter">(\w)<', html))) == sorted({orange, purple}), lang


def test_the_bed_has_no_empty_band_above_it_and_every_ghost_entry_is_whole_in_the_drawing():
    """The top margin held only the ghost entries: an empty band above the bed on every screen (34 px
    on a phone, 62 on a tablet). The drawing now starts a little above the frame, the entries sit on
    the frame, and each one's mark and its touch area (reaching in over the edge cells, 44 px or more
    on a 390 px phone) lie inside the drawing on all four edges, the bed turned round or not."""
    state, _ = play(make({}), "k@c3")
    assert state.phase == "ghost"
    for flip in (False, True):
        html = board.bed(
            GAME,
            state,
            lambda key, **kw: translate("en", key, **kw),
            flip=flip,
            entries=GAME.ghost_entries(state),
        )
        x0, y0, w, h = (float(v) for v in re.search(r'<svg viewBox="([^"]+)"', html)[1].split())
        assert w == h, "square, as the screen sizes it"
        frame = re.search(r'<rect x="([\d.]+)" y="([\d.]+)"[^>]*class="bed-frame"', html)
        assert float(frame[2]) - y0 <= 0.035 * h, "the band above the frame is no more than the entries need"
        entries = re.findall(
            r'class="entry[^"]*"[^>]*transform="translate\((-?\d+),(-?\d+)\)"><circle cx="(-?\d+)" cy="(-?\d+)" r="(\d+)" class="hit"/><circle r="(\d+)" class="mark"/>',
            html,
        )
        assert len(entries) == 20
        edges = set()
        for x, y, cx, cy, hit, mark in ((float(v) for v in e) for e in entries):
            for ox, oy, r in ((x, y, mark), (x + cx, y + cy, hit)):
                assert x0 <= ox - r and ox + r <= x0 + w and y0 <= oy - r and oy + r <= y0 + h, (x, y)
            assert 2 * hit * 348 / w >= 44, "the touch area on a phone's 348 px bed"
            edges.add((x < 100, x > w - 100, y < y0 + 100, y > y0 + h - 100))
        assert len(edges) == 4
