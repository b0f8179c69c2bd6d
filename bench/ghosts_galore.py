"""Ghosts Galore benchmarks: scoring a full grid, and how long the bots take to decide."""

from __future__ import annotations

import time

from parlour.engine import Match, Rng
from parlour.games.ghosts_galore import BOTS, GAME
from parlour.games.ghosts_galore.board import Grid
from parlour.games.ghosts_galore.scoring import score_board
from parlour.games.ghosts_galore.tiles import tile_set


def _full_grids(n: int, seed: str) -> list[Grid]:
    rng = Rng.from_seed(seed)
    tiles = tile_set()
    grids: list[Grid] = []
    for _ in range(n):
        ids = rng.shuffled(range(len(tiles)))[:9]
        grids.append(tuple((tiles[t], rng.below(4)) for t in ids))
    return grids


def _scoring(n: int = 2000) -> dict[str, float]:
    grids = _full_grids(n, "bench-scoring")
    start = time.perf_counter()
    for g in grids:
        score_board(g, 4, (2, 1, 0))
    elapsed = time.perf_counter() - start
    return {"score_full_grid_ms": round(1000 * elapsed / n, 4), "score_grids": n}


def _decisions(level: str, games: int = 2, players: int = 4) -> dict[str, float]:
    """Time every decision of ``level`` bots playing each other."""
    times: list[float] = []
    for g in range(games):
        match = Match.new(GAME, players, seed=f"bench-{level}-{g}")
        bots = [BOTS[level]() for _ in range(players)]
        rng = Rng.from_seed(f"bench-bots-{g}")
        while GAME.outcome(match.state) is None:
            seat = GAME.to_act(match.state)[0]
            legal = GAME.legal_moves(match.state, seat)
            view = GAME.view(match.state, seat)
            start = time.perf_counter()
            move = bots[seat].choose(GAME, view, seat, legal, rng)
            times.append(time.perf_counter() - start)
            match.play(seat, move)
    times.sort()
    return {
        f"{level}_decision_mean_ms": round(1000 * sum(times) / len(times), 3),
        f"{level}_decision_p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 3),
        f"{level}_decision_max_ms": round(1000 * times[-1], 3),
        f"{level}_decisions": len(times),
    }


def _taps(games: int = 2, players: int = 4) -> dict[str, float]:
    """A tap on the board as the page runs it: the board's ``act`` (a free cell for the tile in
    hand) and the whole board's ``render`` after it, at every decision of a 4-player game. The
    page adds only the DOM update (measured apart in tests/browser/test_ghosts_board.py)."""
    from parlour.i18n import translate
    from parlour.web.boards import ghosts_galore as board
    from parlour.web.context import BoardContext
    from parlour.web.session import HUMAN, LocalSession, Seat

    def t(key: str, **params: object) -> str:
        return translate("en", key, **params)

    times: list[float] = []
    for g in range(games):
        session = LocalSession.new(GAME, [Seat(HUMAN)] * players, dict(BOTS), seed=f"bench-taps-{g}")
        bot, rng = BOTS["easy"](), Rng.from_seed(f"bench-taps-{g}")
        while session.outcome() is None:
            seat = session.human_to_act()
            assert seat is not None
            ui: dict[str, object] = {}
            ctx = BoardContext(session, t, session.state, seat, ui=ui, private=session.notes_of(seat))
            view = GAME.view(session.state, seat)
            if view["pending"] is not None:
                free = [c for c, p in enumerate(view["grids"][seat]) if p is None]
                start = time.perf_counter()
                board.act(ctx, "cell", str(free[0]))
                board.render(ctx)
                times.append(time.perf_counter() - start)
            legal = GAME.legal_moves(session.state, seat)
            session.play(seat, bot.choose(GAME, view, seat, legal, rng))
    times.sort()
    return {
        "tap_render_mean_ms": round(1000 * sum(times) / len(times), 3),
        "tap_render_p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 3),
        "tap_renders": len(times),
    }


def measure() -> dict[str, float]:
    """Scoring time for a full grid, a tap's act + render, and bot decision times (easy and hard,
    four players)."""
    out: dict[str, float] = {}
    out.update(_scoring())
    out.update(_taps())
    out.update(_decisions("easy"))
    out.update(_decisions("hard"))
    return out


if __name__ == "__main__":
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from harness import run_both

    run_both(__file__)
