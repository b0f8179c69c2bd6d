"""A player's 3×3 board: cells, the 12 doors on its rim, and track tracing.

Cells are numbered 0–8 row by row from the top left and named like a chessboard seen from the
player: column ``a``–``c`` left to right, row ``1``–``3`` top to bottom (``a1`` is cell 0, ``c3``
cell 8). A grid is a tuple of 9 entries, each ``None`` (free) or ``(tile, rotation)``; game
states store tile ids instead (:data:`IdGrid`) and :func:`resolve` turns those into tiles.

Every midpoint of the rim is a door (12 in all). Bone doors: the west sides of ``a1`` and
``a2``; tooth doors: the east sides of ``c2`` and ``c3``; the other eight are plain (decision
0041; the places come from ``tiles.json``, and a test holds this text to them). Tracks
never fork: each side midpoint of a tile holds at most one track end, so a track is a path
(two ends) or a loop (none). A bridge's two pieces cross without joining, so they may belong to
two different tracks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.games.ghosts_galore.tiles import E, N, S, Tile, W, board_doors, tile_set

Placement = tuple[Tile, int]
"""A placed tile: ``(tile, quarter turns clockwise 0–3)``."""
Grid = tuple[Placement | None, ...]
IdGrid = tuple[tuple[int, int] | None, ...]
"""A grid as game states keep it: ``(tile id, rotation)`` per cell."""

CELLS = tuple(range(9))
EMPTY_GRID: IdGrid = (None,) * 9

BONE, TOOTH, PLAIN = "bone", "tooth", "plain"
DOOR_KINDS = (BONE, TOOTH, PLAIN)

DOOR, OPEN, DEAD = "door", "open", "dead"


def cell_name(cell: int) -> str:
    return "abc"[cell % 3] + str(cell // 3 + 1)


def parse_cell(name: str) -> int:
    """Inverse of :func:`cell_name`; ``ValueError`` on anything else."""
    if len(name) != 2 or name[0] not in "abc" or name[1] not in "123":
        raise ValueError(f"not a cell: {name!r}")
    return "abc".index(name[0]) + 3 * (int(name[1]) - 1)


def _across(cell: int, side: int) -> int | None:
    r, c = divmod(cell, 3)
    r += (side == S) - (side == N)
    c += (side == E) - (side == W)
    return r * 3 + c if 0 <= r < 3 and 0 <= c < 3 else None


_ACROSS = tuple(tuple(_across(cell, side) for side in (N, E, S, W)) for cell in CELLS)
_NEIGHBOURS = tuple(tuple(n for n in row if n is not None) for row in _ACROSS)


def neighbour(cell: int, side: int) -> int | None:
    """The cell across ``side`` of ``cell``, or ``None`` at the rim."""
    return _ACROSS[cell][side]


def neighbours(cell: int) -> tuple[int, ...]:
    """The side-neighbouring cells (no diagonals)."""
    return _NEIGHBOURS[cell]


SPECIAL_DOORS: dict[tuple[int, int], str] = {
    (parse_cell(cell), "NESW".index(side)): kind for cell, side, kind in board_doors() if kind != PLAIN
}
"""The bone and tooth doors as ``(cell, side) -> kind``, from the shipped data."""


def door_at(cell: int, side: int) -> str | None:
    """The door kind on the rim at ``cell``'s ``side``, or ``None`` if that side is inside the board."""
    if neighbour(cell, side) is not None:
        return None
    return SPECIAL_DOORS.get((cell, side), PLAIN)


DOORS: tuple[tuple[int, int, str], ...] = tuple(
    (cell, side, kind) for cell in CELLS for side in (N, E, S, W) if (kind := door_at(cell, side) or "")
)
"""All 12 doors as ``(cell, side, kind)``: 2 bone, 2 tooth, 8 plain."""


def resolve(grid: Sequence[tuple[int, int] | None]) -> Grid:
    """The tiles of a grid of tile ids."""
    tiles = tile_set()
    return tuple(None if p is None else (tiles[p[0]], p[1]) for p in grid)


@dataclass(frozen=True)
class End:
    """Where a track stops: at a ``door`` (``door`` gives its kind), facing a free cell (``open``,
    only on a partial grid), or at a tile edge with no track across it (``dead``, a dead end)."""

    cell: int
    side: int
    kind: str
    door: str = ""


@dataclass(frozen=True)
class Track:
    """One continuous track: the pieces it runs through as ``(cell, piece)``, and its ends (none for a loop)."""

    pieces: tuple[tuple[int, int], ...]
    ends: tuple[End, ...]

    @property
    def segments(self) -> int:
        """Track segments: one per tile piece the track runs through."""
        return len(self.pieces)

    @property
    def is_loop(self) -> bool:
        return not self.ends

    @property
    def doors(self) -> tuple[str, ...]:
        """Kinds of the doors it touches, sorted."""
        return tuple(sorted(e.door for e in self.ends if e.kind == DOOR))

    @property
    def door_to_door(self) -> bool:
        return len(self.ends) == 2 and all(e.kind == DOOR for e in self.ends)


def trace(grid: Sequence[Placement | None]) -> list[Track]:
    """Every track on the grid, in the order of their first piece (cell, then piece index)."""
    seen: set[tuple[int, int]] = set()
    tracks: list[Track] = []
    for cell in CELLS:
        placed = grid[cell]
        if placed is None:
            continue
        for k in range(len(placed[0].pieces)):
            if (cell, k) in seen:
                continue
            pieces: list[tuple[int, int]] = []
            ends: list[End] = []
            todo = [(cell, k)]
            seen.add((cell, k))
            while todo:
                c, p = todo.pop()
                pieces.append((c, p))
                here = grid[c]
                assert here is not None
                across = _ACROSS[c]
                for side in here[0].rotated[here[1]][p]:
                    other = across[side]
                    if other is None:
                        ends.append(End(c, side, DOOR, SPECIAL_DOORS.get((c, side), PLAIN)))
                        continue
                    there = grid[other]
                    if there is None:
                        ends.append(End(c, side, OPEN))
                        continue
                    q = there[0].ends[there[1]][(side + 2) % 4]
                    if q < 0:
                        ends.append(End(c, side, DEAD))
                    elif (other, q) not in seen:
                        seen.add((other, q))
                        todo.append((other, q))
            tracks.append(Track(tuple(sorted(pieces)), tuple(sorted(ends, key=lambda e: (e.cell, e.side)))))
    return tracks


def dead_ends(grid: Sequence[Placement | None]) -> list[End]:
    """Every dead end on the grid (GG-T): a track end at a tile edge whose neighbour shows no track there."""
    return [e for t in trace(grid) for e in t.ends if e.kind == DEAD]
