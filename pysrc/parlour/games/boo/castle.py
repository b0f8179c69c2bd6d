"""The castle of Boo!: cells, sides, tiles, periphery and the printed data (BO-1..BO-4).

The castle is 3×3 tiles; each tile is a 3×3 grid of cells with a room in each corner and a
corridor cross in the middle, so the castle is 9×9 cells and 6×6 rooms. A cell is ``(x, y)``,
``x`` the column from the left, ``y`` the row from the top (the white tower's corner is
``(0, 0)``). A room is named on the board by its column (coat of arms) and row (portrait).

Every side between two neighbouring cells is open, a wall of one of the 6 colours, or stone
(the outer rim). Each tile prints the sides inside it and the sides along its east and south
edges; the printed east/south edge of a tile on the castle's east/south rim is hidden by the
periphery and plays as stone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

COLOURS = ("white", "red", "blue", "green", "yellow", "purple")
"""The 6 wall colours (BO-2), by index."""
OPEN = -1
STONE = -2
SIZE = 9
"""Cells per side of the castle."""
ROOMS = 6
"""Rooms per side of the castle."""

Cell = tuple[int, int]

LOCAL = ("nw", "n", "ne", "w", "c", "e", "sw", "s", "se")
"""Names of a tile's 9 cells, row by row; rooms are the corners."""
LOCAL_XY = {name: (i % 3, i // 3) for i, name in enumerate(LOCAL)}
INNER_SIDES = ("nw-n", "n-ne", "nw-w", "ne-e", "w-sw", "e-se", "sw-s", "s-se", "n-c", "w-c", "c-e", "c-s")
"""The 12 sides inside a tile: 8 room–corridor sides (always walls), then 4 corridor sides."""
EDGE_SIDES = ("east:ne", "east:e", "east:se", "south:sw", "south:s", "south:se")
"""The 6 sides a tile prints along its east and south edges."""
CORRIDOR_SIDES = ("n-c", "w-c", "c-e", "c-s", "east:e", "south:s")
"""The sides that may be open (corridor to corridor); all others are walls."""


def cell_name(cell: Cell) -> str:
    """Board notation of a cell: column letter a–i, row number 1–9 (``a1`` is the white tower's corner)."""
    return f"{'abcdefghi'[cell[0]]}{cell[1] + 1}"


def parse_cell(text: str) -> Cell:
    """Inverse of :func:`cell_name`; ``ValueError`` on anything else."""
    if len(text) != 2 or text[0] not in "abcdefghi" or text[1] not in "123456789":
        raise ValueError(f"not a cell: {text!r}")
    return ("abcdefghi".index(text[0]), int(text[1]) - 1)


def is_room(cell: Cell) -> bool:
    return cell[0] % 3 != 1 and cell[1] % 3 != 1


def room_cell(column: int, row: int) -> Cell:
    """The cell of the room in castle column ``column`` (coat of arms) and row ``row`` (portrait), 0–5."""
    return (3 * (column // 2) + 2 * (column % 2), 3 * (row // 2) + 2 * (row % 2))


def cell_room(cell: Cell) -> tuple[int, int]:
    """Inverse of :func:`room_cell`."""
    return (2 * (cell[0] // 3) + (cell[0] % 3) // 2, 2 * (cell[1] // 3) + (cell[1] % 3) // 2)


ALL_ROOMS: tuple[Cell, ...] = tuple(room_cell(c, r) for r in range(ROOMS) for c in range(ROOMS))
CENTRAL_ROOMS: tuple[Cell, ...] = tuple(room_cell(c, r) for r in (2, 3) for c in (2, 3))
"""The 4 rooms of the central tile, where the ghost starts (BO-6)."""


def side_key(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Tile:
    """One printed castle tile: its number and the colour index (or OPEN) of each printed side."""

    id: int
    sides: dict[str, int]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tile:
        sides = {k: OPEN if v == "open" else COLOURS.index(v) for k, v in data["sides"].items()}
        return cls(int(data["id"]), sides)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "sides": {k: "open" if v == OPEN else COLOURS[v] for k, v in self.sides.items()},
        }


@dataclass(frozen=True)
class Components:
    """Everything printed: tiles, periphery, visitor tokens and special-token rooms."""

    tiles: tuple[Tile, ...]
    arms: tuple[str, ...]
    """Coats of arms naming columns 0–5, left to right."""
    portraits: tuple[str, ...]
    """Portraits naming rows 0–5, top to bottom."""
    visitors: tuple[tuple[tuple[str, str], ...], ...]
    """``visitors[n - 1][k - 1]`` is (coat of arms, portrait) of visitor ``n`` for route number ``k``."""
    special_rooms: tuple[Cell, ...]
    """The 4 default special-token rooms; the first two show the trapdoor in a first game."""

    def visitor_room(self, number: int, route_number: int) -> Cell:
        """The room visitor ``number`` goes to under ``route_number`` (BO-7)."""
        arms, portrait = self.visitors[number - 1][route_number - 1]
        return room_cell(self.arms.index(arms), self.portraits.index(portrait))


@cache
def components() -> Components:
    """The shipped component data (``castle.json``, written by ``generate.py``)."""
    text = resources.files("parlour.games.boo").joinpath("castle.json").read_text(encoding="utf-8")
    return components_from_json(json.loads(text))


def components_from_json(data: dict[str, Any]) -> Components:
    return Components(
        tiles=tuple(Tile.from_json(t) for t in data["tiles"]),
        arms=tuple(data["arms"]),
        portraits=tuple(data["portraits"]),
        visitors=tuple(tuple((v[0], v[1]) for v in token["routes"]) for token in data["visitors"]),
        special_rooms=tuple(parse_cell(c) for c in data["special_rooms"]),
    )


class Castle:
    """A laid-out castle: tiles in the 3×3 frame. Immutable; build once per arrangement (cached).

    ``links[i]`` lists ``(neighbour_index, colour)`` for cell index ``i = y * width + x``; colour
    is a wall colour index or :data:`OPEN`; stone sides are left out.
    """

    def __init__(self, width: int, height: int, sides: dict[tuple[Cell, Cell], int]) -> None:
        self.width = width
        self.height = height
        self.sides = dict(sides)
        self.links: list[list[tuple[int, int]]] = [[] for _ in range(width * height)]
        for (a, b), colour in sorted(self.sides.items()):
            if colour == STONE:
                continue
            ia, ib = self.index(a), self.index(b)
            self.links[ia].append((ib, colour))
            self.links[ib].append((ia, colour))

    def index(self, cell: Cell) -> int:
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        return (index % self.width, index // self.width)

    def side(self, a: Cell, b: Cell) -> int:
        """Colour index, :data:`OPEN` or :data:`STONE` between two cells (STONE if not neighbours)."""
        return self.sides.get(side_key(a, b), STONE)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def rooms(self) -> list[Cell]:
        return [c for i in range(self.width * self.height) if is_room(c := self.cell(i))]


def tile_sides(tile: Tile, tx: int, ty: int, tiles_w: int, tiles_h: int) -> dict[tuple[Cell, Cell], int]:
    """The sides a tile at slot (tx, ty) contributes, in castle cells."""
    ox, oy = 3 * tx, 3 * ty
    out: dict[tuple[Cell, Cell], int] = {}
    for name in INNER_SIDES:
        first, second = name.split("-")
        (ax, ay), (bx, by) = LOCAL_XY[first], LOCAL_XY[second]
        out[side_key((ox + ax, oy + ay), (ox + bx, oy + by))] = tile.sides[name]
    for name in EDGE_SIDES:
        edge, local = name.split(":")
        lx, ly = LOCAL_XY[local]
        here: Cell = (ox + lx, oy + ly)
        if edge == "east":
            there: Cell = (here[0] + 1, here[1])
            rim = tx == tiles_w - 1
        else:
            there = (here[0], here[1] + 1)
            rim = ty == tiles_h - 1
        if not rim:
            out[side_key(here, there)] = tile.sides[name]
    return out


@lru_cache(maxsize=64)
def build_castle(arrangement: tuple[int, ...], tiles_w: int = 3) -> Castle:
    """The castle with tile ``arrangement[i]`` (a tile id) in slot ``i`` (row by row from the white tower)."""
    by_id = {t.id: t for t in components().tiles}
    return castle_from_tiles([by_id[i] for i in arrangement], tiles_w)


def castle_from_tiles(tiles: Sequence[Tile], tiles_w: int = 3) -> Castle:
    tiles_h = len(tiles) // tiles_w
    sides: dict[tuple[Cell, Cell], int] = {}
    for slot, tile in enumerate(tiles):
        sides.update(tile_sides(tile, slot % tiles_w, slot // tiles_w, tiles_w, tiles_h))
    return Castle(3 * tiles_w, 3 * tiles_h, sides)
