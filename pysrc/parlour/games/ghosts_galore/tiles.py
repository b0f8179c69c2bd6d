"""The tiles of Ghosts Galore as data: track type, monsters on track pieces, diamonds (GG-1).

The tile list is ours to design (the box's list is not public): ``tiles.json`` beside this
module is written by :mod:`parlour.games.ghosts_galore.tilegen` and read here once.

Geometry: a tile's sides are numbered clockwise from the top, ``N=0, E=1, S=2, W=3``; a track
piece joins two side midpoints. Rotating a tile a quarter turn clockwise moves side ``s`` to
``(s + 1) % 4``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

N, E, S, W = 0, 1, 2, 3
SIDES = (N, E, S, W)

MONSTERS = ("dragon", "ghost", "golem", "satyr", "skeleton", "slime", "bat", "werewolf", "wisp")
"""The nine kinds, in the order the scoring table lists them (GG-S1..GG-S9)."""

TRACKS: dict[str, tuple[tuple[int, int], ...]] = {
    "straight": ((N, S),),
    "curve": ((N, E),),
    "double-curve": ((N, E), (S, W)),
    "bridge": ((N, S), (E, W)),
}
"""Track pieces of each track type in the tile's unrotated orientation."""

TURNS = {"straight": 0, "curve": 1, "double-curve": 2, "bridge": 0}
"""Turns a tile shows, for slimes (GG-S6): a double curve counts two."""

MAX_MONSTERS = 3


@dataclass(frozen=True)
class Monster:
    """One monster, sitting on track piece ``piece`` of its tile."""

    kind: str
    piece: int


@dataclass(frozen=True)
class Tile:
    """One printed tile."""

    id: int
    track: str
    monsters: tuple[Monster, ...] = ()
    diamonds: tuple[int, ...] = ()
    """Printed values of the tile's diamonds, 1–3 each."""
    rotated: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False, compare=False)
    """The track pieces for each rotation 0–3 (worked out once: tracing reads them a lot)."""
    ends: tuple[tuple[int, int, int, int], ...] = field(init=False, repr=False, compare=False)
    """For each rotation, the piece ending at side N, E, S, W, or -1."""
    counts: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    """Monsters of each kind on the tile."""

    def __post_init__(self) -> None:
        rotated = tuple(
            tuple(((a + rot) % 4, (b + rot) % 4) for a, b in TRACKS[self.track]) for rot in range(4)
        )
        ends = []
        for pieces in rotated:
            out = [-1, -1, -1, -1]
            for k, (a, b) in enumerate(pieces):
                out[a] = out[b] = k
            ends.append((out[0], out[1], out[2], out[3]))
        object.__setattr__(self, "rotated", rotated)
        object.__setattr__(self, "ends", tuple(ends))
        counts: dict[str, int] = {}
        for m in self.monsters:
            counts[m.kind] = counts.get(m.kind, 0) + 1
        object.__setattr__(self, "counts", counts)

    @property
    def pieces(self) -> tuple[tuple[int, int], ...]:
        return TRACKS[self.track]

    @property
    def turns(self) -> int:
        return TURNS[self.track]

    def pieces_rotated(self, rot: int) -> tuple[tuple[int, int], ...]:
        """The track pieces after ``rot`` quarter turns clockwise (any integer; only ``rot % 4`` matters)."""
        return self.rotated[rot % 4]

    def count(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "track": self.track,
            "monsters": [[m.kind, m.piece] for m in self.monsters],
            "diamonds": list(self.diamonds),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Tile:
        track = str(data["track"])
        if track not in TRACKS:
            raise ValueError(f"unknown track type {track!r}")
        raw_monsters = data.get("monsters", [])
        raw_diamonds = data.get("diamonds", [])
        assert isinstance(raw_monsters, list) and isinstance(raw_diamonds, list)
        monsters = tuple(Monster(str(k), int(p)) for k, p in raw_monsters)
        for m in monsters:
            if m.kind not in MONSTERS or not 0 <= m.piece < len(TRACKS[track]):
                raise ValueError(f"bad monster {m} on a {track}")
        if len(monsters) > MAX_MONSTERS:
            raise ValueError("a tile holds at most three monsters")
        diamonds = tuple(int(v) for v in raw_diamonds)
        if any(not 1 <= v <= 3 for v in diamonds):
            raise ValueError("diamond values are 1-3")
        tid = data["id"]
        assert isinstance(tid, int)
        return cls(tid, track, monsters, diamonds)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read a tile list; ids must be 0, 1, 2, ... in order."""
    data = json.loads(text)
    tiles = tuple(Tile.from_json(t) for t in data["tiles"])
    if [t.id for t in tiles] != list(range(len(tiles))):
        raise ValueError("tile ids must count up from 0")
    return tiles


@cache
def _shipped() -> str:
    return resources.files(__package__).joinpath("tiles.json").read_text(encoding="utf-8")


@cache
def tile_set() -> tuple[Tile, ...]:
    """The shipped tile set."""
    return parse_tiles(_shipped())


@cache
def board_doors() -> tuple[tuple[str, str, str], ...]:
    """The shipped board's 12 doors as ``(cell name, side letter N/E/S/W, kind)``."""
    data = json.loads(_shipped())
    return tuple((str(d["cell"]), str(d["side"]), str(d["kind"])) for d in data["doors"])
