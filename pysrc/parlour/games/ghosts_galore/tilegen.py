"""Generator of the shipped tile set, ``tiles.json`` (run ``python -m parlour.games.ghosts_galore.tilegen``).

The set is designed, not random: fixed counts of each track type, of each monster kind and of
diamonds, tuned with ``python -m parlour ghosts-galore stats`` so that no scoring category
dominates. A seeded :class:`~parlour.engine.Rng` only deals those fixed counts onto tiles, so
the generator gives the same file on every interpreter. The file also holds the board's 12 doors
(where the bone and tooth doors are). See docs/rules/ghosts-galore.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from parlour.engine import Rng
from parlour.games.ghosts_galore.tiles import MAX_MONSTERS, MONSTERS, TRACKS, Monster, Tile

SEED = "ghosts-galore tiles v1"
TILE_COUNT = 80
"""5 players need 5 hidden tiles + 8 rounds × (5 + 4) = 77 tiles; three spare."""

TRACK_COUNTS = {"straight": 16, "curve": 32, "double-curve": 18, "bridge": 14}

MONSTER_COUNTS = {
    "dragon": 17,
    "ghost": 16,
    "golem": 13,
    "satyr": 12,
    "skeleton": 11,
    "slime": 6,
    "bat": 17,
    "werewolf": 8,
    "wisp": 20,
}

MONSTERS_PER_TILE = {0: 11, 1: 30, 2: 27, 3: 12}
"""How many tiles carry 0, 1, 2 and 3 monsters (80 tiles, 120 monsters)."""

DIAMONDS_BY_MONSTERS = {0: (2, 2), 1: (0, 1), 2: (0, 1), 3: (0, 0)}
"""Diamond symbols on a tile, alternating between the two numbers, by its monster count:
monster-poor tiles carry the diamonds."""


DIAMOND_VALUES = (1, 1, 1, 2, 2, 3)
"""A diamond's value is drawn from these: mostly small."""


SPECIAL_DOORS = {("a1", "W"): "bone", ("a2", "W"): "bone", ("c2", "E"): "tooth", ("c3", "E"): "tooth"}
"""Where the special doors are on every player's board (decision 0041); the other rim doors are plain."""


def doors() -> list[dict[str, str]]:
    """All 12 doors of the player board: every rim midpoint, clockwise from the top left."""
    rim = [(f"{c}1", "N") for c in "abc"] + [(f"c{r}", "E") for r in "123"]
    rim += [(f"{c}3", "S") for c in "cba"] + [(f"a{r}", "W") for r in "321"]
    return [
        {"cell": cell, "side": side, "kind": SPECIAL_DOORS.get((cell, side), "plain")} for cell, side in rim
    ]


def generate() -> list[Tile]:
    """The tile set, deterministic."""
    assert sum(TRACK_COUNTS.values()) == TILE_COUNT == sum(MONSTERS_PER_TILE.values())
    assert sum(MONSTER_COUNTS.values()) == sum(n * k for n, k in MONSTERS_PER_TILE.items())
    rng = Rng.from_seed(SEED)
    tracks = rng.shuffled([t for t, n in TRACK_COUNTS.items() for _ in range(n)])
    sizes = rng.shuffled([k for k, n in MONSTERS_PER_TILE.items() for _ in range(n)])
    pool = rng.shuffled([m for m in MONSTERS for _ in range(MONSTER_COUNTS[m])])
    tiles: list[Tile] = []
    seen_by_size: dict[int, int] = {}
    for tid, (track, size) in enumerate(zip(tracks, sizes, strict=True)):
        assert size <= MAX_MONSTERS
        kinds = [pool.pop() for _ in range(size)]
        pieces = len(TRACKS[track])
        monsters = tuple(Monster(kind, rng.below(pieces)) for kind in sorted(kinds, key=MONSTERS.index))
        low, high = DIAMONDS_BY_MONSTERS[size]
        seen_by_size[size] = seen_by_size.get(size, 0) + 1
        n_diamonds = low if seen_by_size[size] % 2 else high
        diamonds = tuple(rng.choice(DIAMOND_VALUES) for _ in range(n_diamonds))
        tiles.append(Tile(tid, track, monsters, diamonds))
    return tiles


def dumps(tiles: list[Tile]) -> str:
    """The JSON text, one tile a line so diffs stay readable."""
    lines = [json.dumps(t.to_json(), separators=(",", ":")) for t in tiles]
    door_lines = [json.dumps(d, separators=(",", ":")) for d in doors()]
    return (
        '{"version":1,"doors":[\n' + ",\n".join(door_lines) + '\n],"tiles":[\n' + ",\n".join(lines) + "\n]}\n"
    )


def main(argv: list[str] | None = None) -> int:
    target = Path(__file__).with_name("tiles.json")
    text = dumps(generate())
    if argv and argv[0] == "--check":
        return 0 if target.read_text(encoding="utf-8") == text else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
