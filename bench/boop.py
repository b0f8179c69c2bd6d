"""Benchmarks for boop.: move-apply time, AI search speed, hard-bot move time.

``measure()`` returns plain figures; run this file to compare CPython with Pyodide (bench/harness.py).
"""

from __future__ import annotations

import statistics
import time

from parlour.engine import Match, Rng
from parlour.games.boop import GAME
from parlour.games.boop.ai import HARD, Searcher
from parlour.games.boop.state import Position


def _random_games(count: int, seed: int) -> list[Match]:
    matches = []
    for g in range(count):
        match = Match.new(GAME, 2, seed=f"bench:{seed}:{g}")
        rng = Rng.from_seed(f"bench:{seed}:{g}")
        while GAME.outcome(match.state) is None:
            player = GAME.to_act(match.state)[0]
            match.play(player, rng.choice(GAME.legal_moves(match.state, player)))
        matches.append(match)
    return matches


def measure() -> dict[str, float]:
    matches = _random_games(20, 1)
    plies = [(m.states[i], p.player, p.move) for m in matches for i, p in enumerate(m.plies)]
    t = time.perf_counter()
    for state, player, move in plies:
        GAME.apply(state, player, move)
    apply_s = time.perf_counter() - t
    t = time.perf_counter()
    for state, player, _ in plies:
        GAME.legal_moves(state, player)
    legal_s = time.perf_counter() - t

    # Hard-bot decisions on placement positions taken from the random games.
    positions = [m.states[i] for m in matches[:6] for i in range(4, len(m.states) - 1, 12)]
    positions = [s for s in positions if s.phase == "place"][:12]
    times, nodes, depths = [], 0, []
    for state in positions:
        searcher = Searcher(HARD["budget"], HARD["max_depth"])
        t = time.perf_counter()
        searcher.root(Position(state), None, 0)
        times.append(time.perf_counter() - t)
        nodes += searcher.nodes
        depths.append(searcher.depth_done)
    return {
        "plies": len(plies),
        "apply_ms": round(1000 * apply_s / len(plies), 4),
        "legal_moves_ms": round(1000 * legal_s / len(plies), 4),
        "ai_nodes_per_s": round(nodes / sum(times)),
        "hard_positions": len(times),
        "hard_move_median_s": round(statistics.median(times), 4),
        "hard_move_worst_s": round(max(times), 4),
        "hard_node_budget": HARD["budget"],
        "hard_depth_median_turns": statistics.median(depths),
    }


if __name__ == "__main__":
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from harness import run_both

    run_both(__file__)
