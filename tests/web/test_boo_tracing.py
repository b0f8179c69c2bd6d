"""Tracing a Boo! route on a phone (newcomer play-test item 5): the castle's cells are under 30 px at
390 px, so a tap past the next cell, or beside the line, still makes the step it meant."""

from __future__ import annotations

from parlour.games.boo import BOTS, GAME
from parlour.games.boo.castle import COLOURS, SIZE, cell_name
from parlour.games.boo.solver import shortest_route
from parlour.i18n import translate
from parlour.web.boards import boo as board
from parlour.web.context import BoardContext
from parlour.web.session import LocalSession, Seat


def ctx_of(s: LocalSession, ui: dict) -> BoardContext:
    return BoardContext(s, lambda k, **p: translate("en", k, **p), s.state, 0, ui=ui)


def test_taps_that_overshoot_or_miss_by_a_cell_still_trace_the_route() -> None:
    s = LocalSession.new(GAME, [Seat("human"), Seat("human")], BOTS, {}, "keys")
    route = shortest_route(s.state.problem(1))
    assert route is not None and route.jumps == 0 and len(route.steps) >= 3
    ui: dict = {}
    seat, move = board.act(ctx_of(s, ui), "boo-colour", f"1:{COLOURS[route.colour]}")
    s.play_at(seat, move, 1_000)
    here, answer, sloppy = s.state.ghost, None, 0
    for step in route.steps:
        dx, dy = step.cell[0] - here[0], step.cell[1] - here[1]
        # Two cells on in the step's direction, one cell off to the side: a finger's error.
        x, y = here[0] + 2 * dx + (dy != 0), here[1] + 2 * dy + (dx != 0)
        tapped = (x, y) if 0 <= x < SIZE and 0 <= y < SIZE else step.cell
        sloppy += tapped != step.cell
        answer = board.act(ctx_of(s, ui), "cell", cell_name(tapped))
        here = step.cell
    assert sloppy >= 2
    assert answer is not None and answer[1]["route"]["steps"] == route.to_json()["steps"]
    # A diagonal tap says no direction: nothing happens.
    ui2: dict = {"trace": {"seat": 1, "colour": COLOURS[route.colour], "steps": []}}
    gx, gy = s.state.ghost
    far = (gx + 2 if gx + 2 < SIZE else gx - 2, gy + 2 if gy + 2 < SIZE else gy - 2)
    assert board.act(ctx_of(s, ui2), "cell", cell_name(far)) is None and ui2["trace"]["steps"] == []
