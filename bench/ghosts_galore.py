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


def measure() -> dict[str, float]:
    """Scoring time for a full grid and bot decision times (easy and hard, four players)."""
    out: dict[str, float] = {}
    out.update(_scoring())
    out.update(_decisions("easy"))
    out.update(_decisions("hard"))
    return out


if __name__ == "__main__":
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from harness import run_both

    run_both(__file__)
