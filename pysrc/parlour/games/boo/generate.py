"""Design the printed components once and write ``castle.json`` (kept with the package).

Run ``python -m parlour.games.boo.generate [--seed S] [--check]``. The generator draws tiles
from a seeded :class:`~parlour.engine.Rng` with exactly balanced wall colours, tries seeds in
turn, and keeps the first component set whose statistics meet the design note's targets
(see :mod:`parlour.games.boo.stats`). The output is deterministic for a given starting seed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from parlour.engine import Rng
from parlour.games.boo.castle import (
    CENTRAL_ROOMS,
    COLOURS,
    CORRIDOR_SIDES,
    EDGE_SIDES,
    INNER_SIDES,
    ROOMS,
    Components,
    Tile,
    cell_room,
    components_from_json,
    parse_cell,
)
from parlour.games.boo.route import Specials

ARMS = ("lion", "stag", "eagle", "boar", "thistle", "unicorn")
PORTRAITS = ("laird", "lady", "piper", "bishop", "knight", "witch")
SPECIAL_ROOMS = ("c3", "g7", "g3", "c7")
"""Default special-token rooms: the inner room of each corner tile; c3 and g7 show the trapdoor in a first game."""
OPEN_SHARE = 1.0
"""Share of corridor-to-corridor sides printed open."""


ROOM_CORRIDOR = {
    "nw": ("nw-n", "nw-w"),
    "ne": ("n-ne", "ne-e"),
    "sw": ("w-sw", "sw-s"),
    "se": ("s-se", "e-se"),
}
SEAM_ROOM = {"east:ne": "ne", "east:se": "se", "south:sw": "sw", "south:se": "se"}


FAMILIES = {"nw": (0, 1, 2), "se": (0, 1, 2), "ne": (3, 4, 5), "sw": (3, 4, 5)}
"""Colours a room's corridor walls are dealt from, by its corner. A room receives a colour through a
wall printed by a neighbouring tile (nw from the ne room to its left and the sw room above, ne from the
se room above, sw from the se room to its left); the families make that colour always a new one."""


def _balanced(rng: Rng, family: tuple[int, ...], n: int) -> list[int]:
    return rng.shuffled([family[i % len(family)] for i in range(n)])


def make_tiles(rng: Rng, open_share: float = OPEN_SHARE) -> list[Tile]:
    """9 tiles whose walls use the 6 colours equally often.

    Each room's two corridor walls differ in colour and come from its corner's family (dealt from an
    exactly balanced list, then swapped until no room has two alike). A wall a tile prints between its
    room and the next tile's room takes one of its own room's corridor colours, so the room beyond can
    reach the corridors through it in a colour it has not got: rooms get more ways out.
    """
    sides = [*INNER_SIDES, *EDGE_SIDES]
    tiles: list[dict[str, int]] = [{} for _ in range(9)]
    corridor = [(t, s) for t in range(9) for s in CORRIDOR_SIDES]
    opened = set(rng.shuffled(corridor)[: round(open_share * len(corridor))])
    for t, s in corridor:
        tiles[t][s] = -1 if (t, s) in opened else rng.below(len(COLOURS))
    for family in {f for f in FAMILIES.values()}:
        rooms = [r for r, f in FAMILIES.items() if f == family]
        walls = [(t, s) for t in range(9) for r in rooms for s in ROOM_CORRIDOR[r]]
        for (t, s), c in zip(walls, _balanced(rng, family, len(walls)), strict=True):
            tiles[t][s] = c

        def clashes(t: int, rooms: list[str] = rooms) -> int:
            return sum(tiles[t][a] == tiles[t][b] for a, b in (ROOM_CORRIDOR[r] for r in rooms))

        for _ in range(3000):
            (ta, sa), (tb, sb) = walls[rng.below(len(walls))], walls[rng.below(len(walls))]
            before = clashes(ta) + clashes(tb)
            tiles[ta][sa], tiles[tb][sb] = tiles[tb][sb], tiles[ta][sa]
            if clashes(ta) + clashes(tb) > before:
                tiles[ta][sa], tiles[tb][sb] = tiles[tb][sb], tiles[ta][sa]
    counts = [0] * len(COLOURS)
    for tile in tiles:
        for c in tile.values():
            if c >= 0:
                counts[c] += 1
    for t in rng.shuffled(range(9)):
        for seam, room in SEAM_ROOM.items():
            options = [tiles[t][s] for s in ROOM_CORRIDOR[room]]
            pick = min(options, key=lambda c: (counts[c], rng.random()))
            tiles[t][seam] = pick
            counts[pick] += 1
    return [Tile(i + 1, {s: tiles[i][s] for s in sides}) for i in range(9)]


def improve(tiles: list[Tile], specials: Specials, rng: Rng, steps: int, pool: int) -> list[Tile]:
    """Hill-climb on colour swaps (which keep the balance) towards the route-share targets,
    judged on ``pool`` random tile arrangements by :func:`parlour.games.boo.stats.quick_shares`."""
    from parlour.games.boo.stats import quick_shares

    arrangements = [rng.shuffled(list(range(9))) for _ in range(pool)]
    rounds = 0
    sides = [dict(t.sides) for t in tiles]
    walls = [(i, s) for i in range(9) for s, c in sides[i].items() if c >= 0]

    def current() -> list[Tile]:
        return [Tile(i + 1, dict(sides[i])) for i in range(9)]

    def score(q: list[float]) -> float:
        # Aim at the middle of the targets, not their edges: a fresh sample must still meet them.
        return (
            q[2]
            + 0.3 * q[1]
            - 10 * max(0.0, 0.975 - q[0])
            - 5 * max(0.0, q[3] - 0.72)
            - 5 * max(0.0, 0.48 - q[3])
        )

    best = score(quick_shares(current(), specials, arrangements, 0))
    for _ in range(steps):
        (ta, sa), (tb, sb) = walls[rng.below(len(walls))], walls[rng.below(len(walls))]
        if sides[ta][sa] == sides[tb][sb]:
            continue
        rounds += 1
        if rounds % 40 == 0:
            # Fresh arrangements now and then, so the colours suit tile arrangements in general.
            arrangements = [rng.shuffled(list(range(9))) for _ in range(pool)]
            best = score(quick_shares(current(), specials, arrangements, 0))
        sides[ta][sa], sides[tb][sb] = sides[tb][sb], sides[ta][sa]
        trial = score(quick_shares(current(), specials, arrangements, 0))
        if trial >= best:
            best = trial
        else:
            sides[ta][sa], sides[tb][sb] = sides[tb][sb], sides[ta][sa]
    return current()


def make_visitors(rng: Rng) -> list[list[tuple[str, str]]]:
    """15 tokens × 4 route numbers: for each route number 15 different rooms, visitor 1 off the central tile."""
    central = {cell_room(c) for c in CENTRAL_ROOMS}
    per_route: list[list[tuple[int, int]]] = []
    for _ in range(4):
        rooms = rng.shuffled([(c, r) for r in range(ROOMS) for c in range(ROOMS)])
        first = next(i for i, room in enumerate(rooms) if room not in central)
        rooms[0], rooms[first] = rooms[first], rooms[0]
        per_route.append(rooms[:15])
    return [[(ARMS[per_route[k][n][0]], PORTRAITS[per_route[k][n][1]]) for k in range(4)] for n in range(15)]


def components_json(
    seed: int | str, open_share: float = OPEN_SHARE, steps: int = 0, pool: int = 12
) -> dict[str, Any]:
    rng = Rng.from_seed(f"boo-components:{seed}")
    tiles = make_tiles(rng, open_share)
    if steps:
        specials = Specials(
            frozenset(parse_cell(c) for c in SPECIAL_ROOMS[:2]),
            frozenset(parse_cell(c) for c in SPECIAL_ROOMS[2:]),
        )
        tiles = improve(tiles, specials, rng, steps, pool)
    visitors = make_visitors(rng)
    return {
        "about": "Boo! components, written by parlour.games.boo.generate; see docs/rules/boo.md",
        "seed": seed,
        "colours": list(COLOURS),
        "arms": list(ARMS),
        "portraits": list(PORTRAITS),
        "white_tower": "a1",
        "special_rooms": list(SPECIAL_ROOMS),
        "tiles": [t.to_json() for t in tiles],
        "visitors": [{"number": n + 1, "routes": [list(p) for p in v]} for n, v in enumerate(visitors)],
    }


def design(first_seed: int, tries: int, samples: int, steps: int) -> tuple[dict[str, Any], Components]:
    """The first seed from ``first_seed`` whose components meet every target."""
    from parlour.games.boo.stats import castle_stats, meets_targets

    for seed in range(first_seed, first_seed + tries):
        data = components_json(seed, steps=steps)
        comps = components_from_json(data)
        stats = castle_stats(comps, samples=samples, seed="design")
        ok, why = meets_targets(stats)
        print(
            f"seed {seed}: {'ok' if ok else why} {stats['routes']['route_share_by_forbidden']}",
            file=sys.stderr,
        )
        if ok:
            return data, comps
    raise SystemExit("no seed met the targets")


def write(data: dict[str, Any], path: Path) -> None:
    text = json.dumps(data, indent=1, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m parlour.games.boo.generate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=50)
    parser.add_argument("--samples", type=int, default=6, help="tile arrangements to check a candidate on")
    parser.add_argument("--steps", type=int, default=200, help="colour swaps tried per candidate")
    parser.add_argument("--out", default=str(resources.files("parlour.games.boo").joinpath("castle.json")))
    args = parser.parse_args(argv)
    data, _ = design(args.seed, args.tries, args.samples, args.steps)
    write(data, Path(args.out))
    print(f"wrote {args.out} (seed {data['seed']})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
