"""Hand-built tiles and grids for the Ghosts Galore tests.

Sides: N=0, E=1, S=2, W=3. Unrotated pieces: straight N–S; curve N–E; double curve N–E and S–W;
bridge N–S and E–W. A quarter turn clockwise adds 1 to every side, so:
curve r0 N–E, r1 E–S, r2 S–W, r3 W–N; straight r0 N–S, r1 E–W.
Cells: a1 b1 c1 / a2 b2 c2 / a3 b3 c3. Bone doors: west of a1 and a2; tooth doors: east of c2 and c3.
"""

from __future__ import annotations

from parlour.games.ghosts_galore.board import Grid, parse_cell
from parlour.games.ghosts_galore.tiles import Monster, Tile


def tile(track: str, *monsters: str | tuple[str, int], diamonds: tuple[int, ...] = ()) -> Tile:
    """A made-up tile; a monster given as a bare kind sits on piece 0."""
    ms = tuple(Monster(m, 0) if isinstance(m, str) else Monster(m[0], m[1]) for m in monsters)
    return Tile(-1, track, ms, diamonds)


def grid(**cells: tuple[Tile, int] | Tile) -> Grid:
    """A grid from ``a1=(tile, rot)`` keywords (a bare tile means rotation 0); other cells free."""
    out: list[tuple[Tile, int] | None] = [None] * 9
    for name, placed in cells.items():
        out[parse_cell(name)] = placed if isinstance(placed, tuple) else (placed, 0)
    return tuple(out)


def blank(track: str) -> Tile:
    return tile(track)


STRAIGHT, CURVE, DOUBLE, BRIDGE = "straight", "curve", "double-curve", "bridge"
