"""The Wooly Bully components as data: terrains, tiles, regions, rotation.

A tile's four edges (north, east, south, west, in that order) each show a terrain: pasture of one
of the four sheep colours, forest, or village. Inside the tile the edges are grouped into
regions (edges of one region are joined; borders between regions are fences). A pasture region
prints 0–4 sheep. The set itself lives in ``tiles.json``, written by :mod:`.tileset`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

COLOURS = ("black", "yellow", "red", "blue")
"""Sheep colours; a colour is its index here."""
FOREST = 4
VILLAGE = 5
TERRAINS = (*COLOURS, "forest", "village")

N, E, S, W = 0, 1, 2, 3
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Square offsets for north, east, south, west (y grows southwards, as on screen)."""

KINDS = ("landscape", "wolf", "hunter", "village", "shepherd", "marker")


@dataclass(frozen=True)
class Region:
    """Edges joined inside a tile, one terrain, and the sheep printed there."""

    edges: tuple[int, ...]
    terrain: int
    sheep: int = 0


@dataclass(frozen=True)
class Tile:
    """One physical tile. ``edges[d]`` is the terrain on side ``d`` before rotation."""

    id: int
    kind: str
    edges: tuple[int, int, int, int]
    regions: tuple[Region, ...]
    colour: int | None = None
    """For shepherds and markers: the colour they show."""
    design: str = ""
    """The design's name in the tile set (``"cap"``, ``"meadow"``): the i18n key of its kind."""

    def edge(self, side: int, rot: int) -> int:
        """Terrain on ``side`` once the tile is turned ``rot`` quarter turns clockwise."""
        return self.edges[(side - rot) % 4]

    def rotated(self, rot: int) -> tuple[int, int, int, int]:
        e = self.edges
        return (e[(0 - rot) % 4], e[(1 - rot) % 4], e[(2 - rot) % 4], e[(3 - rot) % 4])

    def region_at(self, side: int, rot: int) -> int:
        """Index of the region that reaches ``side`` once turned ``rot``."""
        return _region_index(self)[(side - rot) % 4]

    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations that look different (a forest tile has one, a straight pasture two)."""
        seen: dict[frozenset[tuple[frozenset[int], int, int]], int] = {}
        for rot in range(4):
            key = frozenset(
                (frozenset((i + rot) % 4 for i in r.edges), r.terrain, r.sheep) for r in self.regions
            )
            seen.setdefault(key, rot)
        return tuple(sorted(seen.values()))

    @property
    def sheep(self) -> int:
        return sum(r.sheep for r in self.regions)


@cache
def _region_index(tile: Tile) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for i, region in enumerate(tile.regions):
        for side in region.edges:
            out[side] = i
    return (out[0], out[1], out[2], out[3])


def adjacent_regions(tile: Tile) -> frozenset[tuple[int, int]]:
    """Pairs of regions of ``tile`` that border each other (some edges are neighbours around the rim).

    Pastures and forests never meet across a tile border (edges match), so this is where a wolf's
    forest touches a pasture.
    """
    return _adjacent(tile)


@cache
def _adjacent(tile: Tile) -> frozenset[tuple[int, int]]:
    idx = _region_index(tile)
    pairs = set()
    for side in range(4):
        a, b = idx[side], idx[(side + 1) % 4]
        if a != b:
            pairs.add((min(a, b), max(a, b)))
    return frozenset(pairs)


def tile_from_json(data: dict[str, object]) -> Tile:
    edges = tuple(TERRAINS.index(str(t)) for t in data["edges"])  # type: ignore[attr-defined]
    regions = tuple(
        Region(tuple(int(i) for i in r["edges"]), edges[int(r["edges"][0])], int(r.get("sheep", 0)))
        for r in data["regions"]  # type: ignore[attr-defined]
    )
    colour = data.get("colour")
    assert len(edges) == 4
    return Tile(
        int(data["id"]),  # type: ignore[call-overload]
        str(data["kind"]),
        (edges[0], edges[1], edges[2], edges[3]),
        regions,
        None if colour is None else COLOURS.index(str(colour)),
        str(data.get("design", "")),
    )


def tile_to_json(tile: Tile) -> dict[str, object]:
    out: dict[str, object] = {
        "id": tile.id,
        "kind": tile.kind,
        "edges": [TERRAINS[t] for t in tile.edges],
        "regions": [
            {"edges": list(r.edges), **({"sheep": r.sheep} if r.sheep else {})} for r in tile.regions
        ],
    }
    if tile.design:
        out["design"] = tile.design
    if tile.colour is not None:
        out["colour"] = COLOURS[tile.colour]
    return out


@cache
def all_tiles() -> tuple[Tile, ...]:
    """Every component, indexed by id, read from the shipped ``tiles.json``."""
    text = resources.files("parlour.games.wooly_bully").joinpath("tiles.json").read_text(encoding="utf-8")
    data = json.loads(text)
    tiles = tuple(tile_from_json(t) for t in data["tiles"])
    assert [t.id for t in tiles] == list(range(len(tiles))), "tile ids must be 0..n-1 in order"
    return tiles


def tile(tile_id: int) -> Tile:
    return all_tiles()[tile_id]


def ids_of(kind: str) -> tuple[int, ...]:
    return tuple(t.id for t in all_tiles() if t.kind == kind)


def village_id() -> int:
    return ids_of("village")[0]


def shepherd_id(colour: int) -> int:
    return next(t.id for t in all_tiles() if t.kind == "shepherd" and t.colour == colour)


def bag_ids() -> tuple[int, ...]:
    """What goes into the bag: the landscape tiles, wolves and hunters."""
    return tuple(t.id for t in all_tiles() if t.kind in ("landscape", "wolf", "hunter"))


@cache
def same_kind(tile_id: int) -> tuple[object, ...]:
    """A key equal for tiles that cannot be told apart (the four wolves, twin forests)."""
    t = tile(tile_id)
    return (t.kind, t.edges, t.regions)
