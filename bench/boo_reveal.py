"""Boo!'s own work when a visitor ends, in CPython and in Pyodide (via harness.py), one run:

* ``judge_ms``: the rules judging a valid claim that takes the visitor (6 seats), the next visitor drawn;
* ``reveal_ms``: the hand that ends a search with no winner (6 seats): every seat's shortest route
  revealed (BO-17, BO-D3), the next visitor drawn;
* the match screen's Python for a claim that ends a visitor, hot-seat with 6 seats (what the page
  runs before the browser takes the changes): ``play_ms`` (the match plays the move), ``played_ms``
  (the app keeps it: save, words said), ``markup_ms`` (the screen's markup), ``board_ms`` (Boo!'s
  board's share of it), ``changes_ms`` (the regions that changed, found), ``drawn_chars``.

Medians and worst over the positions, each the best of 3 runs (a pause of the scheduler is not
Boo!'s; the board's drawing too, each run on a fresh copy of its memory); the solver's kept bounds
are cleared before each run, as a new visitor finds them.

    python bench/boo_reveal.py
"""

from __future__ import annotations

import copy
import dataclasses
import statistics
import time
from typing import Any

from parlour.engine import Match
from parlour.games.boo import GAME, BooMove, solver
from parlour.games.boo.rules import BooState
from parlour.games.boo.solver import shortest_route


def _best(fn: Any, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        getattr(solver, "_kept", {}).clear()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _positions(count: int) -> list[BooState]:
    """Six-seat positions at a visitor's start, a few visitors into random games (walls in front of
    some seats): the first 4 visitors of each seed's match, each taken by a shortest route."""
    out = []
    for seed in range(count // 4):
        match = Match.new(GAME, 6, None, f"reveal:{seed}")
        for i in range(4):
            state = match.state
            out.append(state)
            seat = next((s for s in range(6) if shortest_route(state.problem(s))), None)
            if seat is None or match.outcome() is not None:
                break
            route = shortest_route(state.problem(seat))
            match.play(seat, BooMove("claim", state.now + 1000 * (i + 1), route, visitor=state.visitor))
            if match.outcome() is not None:
                break
    return out


def _spread(name: str, values: list[float]) -> dict[str, float]:
    return {f"{name}_median": round(statistics.median(values), 3), f"{name}_worst": round(max(values), 3)}


def rules() -> dict[str, float]:
    judge, reveal = [], []
    for state in _positions(24):
        seat = next((s for s in range(6) if shortest_route(state.problem(s))), 0)
        route = shortest_route(state.problem(seat))
        claim = BooMove("claim", state.now + 1, route, visitor=state.visitor)
        judge.append(_best(lambda s=state, seat=seat, m=claim: GAME.apply(s, seat, m)))
        hands = GAME.apply(state, 0, BooMove("hand", state.now, visitor=state.visitor))[0]
        for s in (1, 2):
            hands = GAME.apply(hands, s, BooMove("hand", state.now, visitor=state.visitor))[0]
        last = BooMove("hand", state.now + 1, visitor=state.visitor)
        reveal.append(_best(lambda h=hands, m=last: GAME.apply(h, 3, m)))
    return {"positions": len(judge), **_spread("judge_ms", judge), **_spread("reveal_ms", reveal)}


class _Page:
    """The app's page on no browser: whatever it draws is taken as drawn."""

    def __init__(self) -> None:
        self.noted: list[tuple[float, float, int, int]] = []
        self.timers: list[Any] = []
        self.hash = "#/boo"

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None  # storage, focus, words said: nothing to do

    def storage_get(self, key: str) -> None:
        return None

    def storage_set(self, key: str, value: str) -> bool:
        return True

    def listen(self, on_event: Any) -> None:
        self.on_event = on_event

    def location_hash(self) -> str:
        return self.hash

    def set_hash(self, fragment: str) -> None:
        self.hash = fragment
        self.on_event("route", "", "", "", "")

    def languages(self) -> list[str]:
        return ["en"]

    def update_waiting(self) -> bool:
        return False

    def reduced_motion(self) -> bool:
        return False

    def later(self, ms: int, fn: Any) -> None:
        self.timers.append(fn)

    def redraw(self, changes: Any, home: str, reused: Any) -> bool:
        return True

    def note_redraw(self, markup_ms: float, draw_ms: float, drawn: int, screen: int, *more: float) -> None:
        self.noted.append((markup_ms, draw_ms, drawn, screen))  # more: the comparison, the rules before


def screen(hands: bool = False) -> dict[str, float]:
    """The match screen's Python at a visitor's end: a claim that takes it, or (``hands``) the hand
    that ends a search, every seat's route revealed (drawn on the castle since decision 0069)."""
    from parlour.web import app as app_mod
    from parlour.web.boards import boo as board
    from parlour.web.session import HUMAN, LocalSession

    page = _Page()
    app = app_mod.App(page)
    app.start()
    while page.timers:
        page.timers.pop(0)()
    setup = app.setup_for("boo")
    setup["seats"] = [HUMAN] * 6
    app.on_event("click", "start", "", "", "")
    seats = app.sessions["boo"].seats  # the same match on every run: a fixed seed
    session = app.sessions["boo"] = LocalSession.new(GAME, seats, app.bots("boo"), setup["options"], "7")
    app.render()
    spent, trials = [0.0], [0.0]
    draw = board.render

    def timed(ctx: Any) -> str:
        # The best of 3 drawings, each on a fresh copy of the board's memory (a drawing changes it:
        # the reveal is fresh, then kept), then the real one: one drawing timed alone on a shared
        # machine often held a pause of the process of 8-30 ms, most of the Pyodide median in 0069.
        best = float("inf")
        start = time.perf_counter()
        for _ in range(3):
            trial = dataclasses.replace(ctx, ui=copy.deepcopy(ctx.ui))
            began = time.perf_counter()
            draw(trial)
            best = min(best, time.perf_counter() - began)
        trials[0] += time.perf_counter() - start
        spent[0] += best
        return draw(ctx)

    board.render = timed
    rows: dict[str, list[float]] = {k: [] for k in ("play", "played", "markup", "board", "changes", "drawn")}
    try:
        for _ in range(8):
            state = session.state
            if session.outcome() is not None:
                break
            seat = next((s for s in range(6) if shortest_route(state.problem(s))), None)
            if seat is None:
                break
            route = shortest_route(state.problem(seat))
            getattr(solver, "_kept", {}).clear()
            move = BooMove("claim", state.now + 1000, route, visitor=state.visitor)
            if hands:  # three hands, then the fourth (more than half of 6) is the one measured
                for s in range(3):
                    session.play(s, BooMove("hand", state.now + 500 + s, visitor=state.visitor))
                app.played([])
                app.render()
                seat, move = 3, BooMove("hand", state.now + 1000, visitor=state.visitor)
            start = time.perf_counter()
            events = session.play(seat, move)
            played = time.perf_counter()
            app.played(events)
            page.timers.clear()
            spent[0], trials[0], page.noted = 0.0, 0.0, []
            shown = time.perf_counter()
            app.render()
            markup_ms, changes_ms, drawn, _screen = page.noted[-1]
            markup_ms -= trials[0] * 1000  # the trial drawings are no part of the screen's markup
            rows["play"].append((played - start) * 1000)
            rows["played"].append((shown - played) * 1000)
            rows["markup"].append(markup_ms)
            rows["board"].append(spent[0] * 1000)
            rows["changes"].append(changes_ms)
            rows["drawn"].append(float(drawn))
    finally:
        board.render = draw
    out: dict[str, float] = {"visitors": len(rows["play"])}
    for name, values in rows.items():
        out.update(_spread(f"{name}_ms" if name != "drawn" else "drawn_chars", values))
    return out


def measure() -> dict[str, float]:
    # The reveal after the claims: measured first, it met the interpreter cold (its first screens),
    # which no page does, as a page has drawn its table before any search ends.
    figures = {**rules(), **screen()}
    return {**figures, **{f"reveal_{k}": v for k, v in screen(hands=True).items()}}


if __name__ == "__main__":
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from harness import run_both

    run_both(__file__)
