"""Castle statistics (``python -m parlour boo stats``): the figures the design note asks of the components.

* colour balance: each colour's share of all printed walls (target 1/6 ± 2 points);
* route existence: over sampled tile arrangements with the first-game special tokens, the share of
  ordered room pairs (ghost room, visitor room) with a valid route when 0, 1, 2 or 3 colours are
  forbidden (a random set per pair; targets ≥95 % with none, ≥80 % with 2, 40–80 % with 3);
* route length: the distribution of the shortest route's steps (moves, jumps and colour
  changes) with no colour forbidden;
* visitor spread: for each route number, the rooms visitors land in (15 different, visitor 1 off
  the central tile) and how they spread over the 9 tiles.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

from parlour.engine import Rng
from parlour.games.boo.castle import (
    ALL_ROOMS,
    CENTRAL_ROOMS,
    COLOURS,
    OPEN,
    Components,
    castle_from_tiles,
)
from parlour.games.boo.route import Specials
from parlour.games.boo.solver import INF, Problem, lower_bounds, start_bound

BALANCE = 0.02
K0, K2, K3 = 0.95, 0.80, (0.40, 0.80)


def first_game_specials(comps: Components) -> Specials:
    rooms = comps.special_rooms
    return Specials(trapdoors=frozenset(rooms[:2]), transitions=frozenset(rooms[2:4]))


def colour_balance(comps: Components) -> dict[str, float]:
    counts = Counter(c for t in comps.tiles for c in t.sides.values() if c != OPEN)
    total = sum(counts.values())
    return {COLOURS[c]: round(counts[c] / total, 4) for c in range(len(COLOURS))}


def route_existence(comps: Components, samples: int, seed: int | str) -> dict[str, Any]:
    rng = Rng.from_seed(f"boo-stats:{seed}")
    specials = first_game_specials(comps)
    found = [0, 0, 0, 0]
    pairs = [0, 0, 0, 0]
    lengths: Counter[int] = Counter()
    by_id = {t.id: t for t in comps.tiles}
    for _ in range(samples):
        order = rng.shuffled([t.id for t in comps.tiles])
        castle = castle_from_tiles([by_id[i] for i in order])
        for visitor in ALL_ROOMS:
            for k in range(4):
                forbidden = frozenset(rng.shuffled(range(len(COLOURS)))[:k])
                # One breadth-first pass per visitor room answers every ghost room exactly (see solver).
                bounds = lower_bounds(Problem(castle, visitor, visitor, specials, forbidden))
                for ghost in ALL_ROOMS:
                    if ghost == visitor:
                        continue
                    pairs[k] += 1
                    steps = start_bound(castle.index(ghost), bounds, forbidden)
                    if steps < INF:
                        found[k] += 1
                        if k == 0:
                            lengths[steps] += 1
    return {
        "arrangements": samples,
        "pairs": pairs[0],
        "route_share_by_forbidden": {str(k): round(found[k] / pairs[k], 4) for k in range(4)},
        "shortest_length": {str(n): c for n, c in sorted(lengths.items())},
        "shortest_length_mean": round(
            sum(n * c for n, c in lengths.items()) / max(1, sum(lengths.values())), 2
        ),
    }


def visitor_spread(comps: Components) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in range(1, 5):
        rooms = [comps.visitor_room(n, k) for n in range(1, len(comps.visitors) + 1)]
        tiles = Counter((x // 3, y // 3) for x, y in rooms)
        hops = [abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in pairwise(rooms)]
        out[str(k)] = {
            "different_rooms": len(set(rooms)),
            "visitor_1_central": rooms[0] in CENTRAL_ROOMS,
            "visitors_per_tile": [tiles.get((tx, ty), 0) for ty in range(3) for tx in range(3)],
            "mean_cells_between_visitors": round(sum(hops) / len(hops), 2),
        }
    return out


def castle_stats(comps: Components, samples: int = 20, seed: int | str = 0) -> dict[str, Any]:
    """Every figure of the module note over ``samples`` (at least 1) random tile arrangements."""
    if type(samples) is not int or samples < 1:
        raise ValueError(f"sample at least 1 tile arrangement, not {samples!r}")
    return {
        "colour_balance": colour_balance(comps),
        "routes": route_existence(comps, samples, seed),
        "visitors": visitor_spread(comps),
    }


def meets_targets(stats: dict[str, Any]) -> tuple[bool, str]:
    """Whether the statistics meet the design note's targets, and the first miss if not."""
    sixth = 1 / len(COLOURS)
    for colour, share in stats["colour_balance"].items():
        if abs(share - sixth) > BALANCE:
            return False, f"colour {colour} has {share:.3f} of walls"
    share = stats["routes"]["route_share_by_forbidden"]
    if share["0"] < K0:
        return False, f"route with none forbidden in {share['0']:.3f}"
    if share["2"] < K2:
        return False, f"route with 2 forbidden in {share['2']:.3f}"
    low, high = K3
    if not low <= share["3"] <= high:
        return False, f"route with 3 forbidden in {share['3']:.3f}"
    for k, spread in stats["visitors"].items():
        if spread["different_rooms"] != 15 or spread["visitor_1_central"]:
            return False, f"visitors of route {k} are badly placed"
    return True, ""
