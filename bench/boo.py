"""Boo! solver speed on the full castle (first-game special tokens), over every ordered room pair.

* ``shortest``: one search for every shortest route (what the end-of-round reveal and the bots use);
* ``near``: every route of at most the shortest length + 2 steps (capped at 2000 routes): the
  alternatives a player would actually trace;
* ``exists``: whether any route exists, with 2 colours forbidden (the "no route" hint);
* ``all``: every valid route with 2 colours forbidden (capped at 5000). With none forbidden a pair
  can have thousands of routes (one measured pair: 1464 routes up to 90 steps, 0.6 s), which nothing
  in play needs.

Goal: worst case under 50 ms in the browser (Pyodide runs ~2-3× slower than CPython).
"""

from __future__ import annotations

import statistics
import time

from parlour.engine import Rng
from parlour.games.boo.castle import ALL_ROOMS, build_castle, components
from parlour.games.boo.route import Specials
from parlour.games.boo.solver import Problem, all_routes, has_route, shortest_routes


def _timed(fn, repeat: int = 3) -> tuple[float, object]:
    """Best of ``repeat`` runs: the machine is shared, and a pause of the scheduler is not the solver's."""
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def measure() -> dict:
    comps = components()
    arrangement = tuple(Rng.from_seed("bench").shuffled([t.id for t in comps.tiles]))
    castle = build_castle(arrangement)
    rooms = comps.special_rooms
    specials = Specials(frozenset(rooms[:2]), frozenset(rooms[2:4]))
    shortest, near, exists, counts, every, every_counts = [], [], [], [], [], []
    for ghost in ALL_ROOMS:
        for visitor in ALL_ROOMS:
            if ghost == visitor:
                continue
            p = Problem(castle, ghost, visitor, specials)
            dt, best = _timed(lambda p=p: shortest_routes(p))
            shortest.append(dt)
            if best:
                length = len(best[0].steps) + 2
                dt, found = _timed(lambda p=p, n=length: all_routes(p, limit=2000, max_steps=n))
                near.append(dt)
                counts.append(len(found))
            barred = Problem(castle, ghost, visitor, specials, frozenset({0, 3}))
            exists.append(_timed(lambda b=barred: has_route(b))[0])
            dt, found = _timed(lambda b=barred: all_routes(b, limit=5000), repeat=2)
            every.append(dt)
            every_counts.append(len(found))
    return {
        "pairs": len(shortest),
        "shortest_median_s": statistics.median(shortest),
        "shortest_worst_s": max(shortest),
        "near_median_s": statistics.median(near),
        "near_worst_s": max(near),
        "near_routes_median": statistics.median(counts),
        "near_routes_max": max(counts),
        "exists_2_forbidden_median_s": statistics.median(exists),
        "exists_2_forbidden_worst_s": max(exists),
        "all_2_forbidden_median_s": statistics.median(every),
        "all_2_forbidden_worst_s": max(every),
        "all_2_forbidden_routes_median": statistics.median(every_counts),
        "all_2_forbidden_routes_max": max(every_counts),
    }


if __name__ == "__main__":
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from harness import run_both

    run_both(__file__)
