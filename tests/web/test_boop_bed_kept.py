"""boop.'s bed keeps the markup of its cells and pieces between redraws (issue #17: the bed was most of a
network page's Python a move); what it draws is always the bed drawn afresh."""

from __future__ import annotations

import random
import re

from parlour.games.boop import GAME
from parlour.i18n import translate
from parlour.web.boards import boop_bed as board


def afresh(*args: object, **kw: object) -> str:
    for kept in (board.cell_markup, board.piece_markup, board.cat_head):
        kept.cache_clear()
    return board.bed(*args, **kw)  # type: ignore[arg-type]


def test_the_bed_drawn_from_kept_cells_and_pieces_is_the_bed_drawn_afresh():
    rnd = random.Random(7)
    state, events = GAME.setup(2, {}, 7), []
    for ply in range(90):
        for lang in ("en", "uk"):
            t = lambda key, lang=lang, **kw: translate(lang, key, **kw)  # noqa: E731
            phase = GAME.info(state)["phase"]
            options = {
                "flip": rnd.random() < 0.5,
                "events": events,
                "animate": rnd.random() < 0.7,
                "legal": set(GAME.placement_cells(state)) if phase == "place" and ply % 3 else set(),
                "placing": rnd.random() < 0.5,
                "lines": {c for choice in GAME.graduation_choices(state) for c in choice["cells"]},
                "cursor": rnd.choice(["c3", "a1", "f6", None]),
                "refused": rnd.choice([None, "cell-b2", "cell-e5"]),
                "editing": ply % 7 == 0,
                "regions": ply % 5 != 0,
            }
            kept = board.bed(GAME, state, t, **options)
            assert kept == afresh(GAME, state, t, **options)
            assert board.bed(GAME, state, t, **options) == kept
            # What a player sees: a dot on each cell open to a piece and on no other, a piece
            # on each cell that holds one, the keyboard's cursor on one cell.
            cells = dict(re.findall(r'<g class="cell[^"]*" id="cell-(\w+)"[^>]*>(.*?)</g>', kept))
            assert len(cells) == 36
            assert {c for c, body in cells.items() if 'class="dot"' in body} == options["legal"]
            pieces = set(re.findall(r'class="piece (?:orange|purple) \w+"[^>]*data-cell="(\w+)"', kept))
            assert pieces == set(GAME.info(state)["pieces"])
            focusable = re.findall(r'id="cell-(\w+)" role="gridcell" tabindex="0"', kept)
            assert focusable == ([options["cursor"]] if options["cursor"] else [])
        mover = GAME.to_act(state)
        if not mover:
            break
        state, events = GAME.apply(state, mover[0], rnd.choice(GAME.legal_moves(state, mover[0])))
    assert ply > 40
