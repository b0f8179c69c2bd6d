"""Wooly Bully speed: legal moves and scoring on a late-game board (60+ tiles), AI move time, and the
board: a tap on a hand tile redrawn (select + highlight + render, p95; goal 50 ms in Pyodide) and the
legal-square highlighting of a selected tile alone."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from parlour.engine import Rng
from parlour.games.wooly_bully import BOTS, GAME
from parlour.games.wooly_bully.board import Board, areas_from_scratch
from parlour.games.wooly_bully.play import play_match
from parlour.games.wooly_bully.state import WoolyState
from parlour.games.wooly_bully.tiles import bag_ids, tile


def late_game_state(seed: str = "bench", players: int = 4) -> WoolyState:
    """A state whose board holds as many bag tiles as would fit (60+), laid at random legal squares;
    the seat to move holds four tiles kept back, the others what did not fit."""
    state = GAME.setup(players, GAME.check_options({}), seed)
    rng = Rng.from_seed(seed)
    board = state.board.copy()
    placed = list(state.placed)
    left = [t for t in bag_ids() if tile(t).kind == "hunter"]
    todo = rng.shuffled([t for t in bag_ids() if tile(t).kind != "hunter"])
    held, todo = todo[:4], todo[4:]  # the hand of the seat to move: four tiles, as in play
    for tid in todo + todo:  # a second pass lays tiles that found a place only later
        if tid in board_tiles(board):
            continue
        spots = [
            (pos, rot)
            for pos in board.frontier()
            for rot in tile(tid).distinct_rotations()
            if board.fits(tid, rot, pos)
        ]
        if spots:
            pos, rot = rng.choice(spots)
            board.place(tid, rot, pos)
            placed.append(pos)
    left += [t for t in todo if t not in board_tiles(board)]
    hands = (tuple(sorted(held)), *(tuple(sorted(left[i :: players - 1])) for i in range(players - 1)))
    return state.with_(board=board, placed=tuple(placed), hands=hands, bag=())


def board_tiles(board: Board) -> set[int]:
    return {t for _rot, stack in board.cells.values() for t in stack}


def _time(fn: Callable[[], Any], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def measure() -> dict[str, float]:
    state = late_game_state()
    seat = state.turns[0].seat
    view = GAME.view(state, seat)
    legal = GAME.legal_moves(state, seat)
    rng = Rng.from_seed("bench-bots")
    out: dict[str, float] = {
        "tiles_on_board": float(len(state.board.cells)),
        "legal_moves_count": float(len(legal)),
        "legal_moves_s": _time(lambda: GAME.legal_moves(state, seat), 20),
        "scores_incremental_s": _time(lambda: GAME.final_scores(state), 200),
        "scores_from_scratch_s": _time(lambda: areas_from_scratch(state.board.cells), 20),
        "apply_s": _time(lambda: GAME.apply(state, seat, legal[0]), 50),
    }
    for level in ("easy", "hard"):
        bot = BOTS[level]()
        out[f"ai_{level}_move_s"] = _time(lambda bot=bot: bot.choose(GAME, view, seat, legal, rng), 5)
    out.update(board_figures(state, seat))
    start = time.perf_counter()
    games = 3
    for g in range(games):
        play_match(GAME, [BOTS["hard"]() for _ in range(4)], f"bench:{g}")
    out["hard_4p_game_s"] = (time.perf_counter() - start) / games
    return out


if __name__ == "__main__":
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from harness import run_both

    run_both(__file__)


def board_figures(state: WoolyState, seat: int) -> dict[str, float]:
    """Tap → redraw on the late-game field: each tap selects a hand tile (or the next one), the
    board finds where it fits and draws the whole screen's board markup."""
    from parlour.i18n import translate
    from parlour.web.boards import wooly_bully as wb
    from parlour.web.boards import wooly_field
    from parlour.web.context import BoardContext
    from parlour.web.session import LocalSession, Seat

    session = LocalSession.new(GAME, [Seat("human")] * state.players, BOTS, {}, "bench")
    session.match.states[-1] = state
    ctx = BoardContext(session=session, t=lambda k, **p: translate("en", k, **p), state=state, viewer=seat)
    hand = [str(t) for t in state.hands[seat]]
    taps: list[float] = []
    for i in range(40):
        start = time.perf_counter()
        wb.act(ctx, "wb-select", hand[i % len(hand)])
        wb.render(ctx)
        taps.append(time.perf_counter() - start)
    taps.sort()
    view = GAME.view(state, seat)

    def highlight_once() -> None:
        wooly_field._last[0] = None  # no memo: the legal squares found afresh, as after a new move
        wb.squares_for(wb.targets(ctx, seat), view, seat, hand[0])

    highlight = _time(highlight_once, 10)
    return {
        "board_tap_redraw_p50_s": taps[len(taps) // 2],
        "board_tap_redraw_p95_s": taps[int(len(taps) * 0.95) - 1],
        "board_highlight_s": highlight,
        "board_markup_chars": float(len(wb.render(ctx))),
    }
