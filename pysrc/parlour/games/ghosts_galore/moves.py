"""Ghosts Galore moves and their notation.

``flip`` · ``pass`` · ``take <tile id> <cell> r<rot>`` · ``preplace <cell> r<rot>`` · ``hidden r<rot>``,
cells named ``a1``–``c3`` and rotations in quarter turns clockwise (``take 17 b2 r3``).
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.engine import JSON, MalformedMove
from parlour.games.ghosts_galore.board import cell_name, parse_cell
from parlour.games.ghosts_galore.tiles import tile_set

FLIP, PASS, TAKE, PREPLACE, HIDDEN = "flip", "pass", "take", "preplace", "hidden"


@dataclass(frozen=True)
class Move:
    """``flip`` / ``pass``; ``take`` a tile into a cell with a rotation; ``preplace`` the hidden
    tile provisionally; ``hidden``: place the hidden tile into the last free cell (round 9)."""

    action: str
    tile: int = -1
    cell: int = -1
    rot: int = 0

    def notation(self) -> str:
        if self.action in (FLIP, PASS):
            return self.action
        if self.action == TAKE:
            return f"take {self.tile} {cell_name(self.cell)} r{self.rot}"
        if self.action == PREPLACE:
            return f"preplace {cell_name(self.cell)} r{self.rot}"
        return f"hidden r{self.rot}"


def take(tile: int, cell: int, rot: int = 0) -> Move:
    return Move(TAKE, tile, cell, rot)


def parse_move(data: JSON) -> Move:
    """Read a move's notation; anything else raises :class:`MalformedMove`."""
    bad = MalformedMove(f"not a Ghosts Galore move: {data!r}", code="ghosts-galore.malformed")
    if not isinstance(data, str) or len(data) > 40:
        raise bad
    words = data.split(" ")
    try:
        if words in ([FLIP], [PASS]):
            return Move(words[0])
        if words[0] == TAKE and len(words) == 4:
            if not words[1].isdigit() or not 0 <= int(words[1]) < len(tile_set()):
                raise ValueError(words[1])
            return take(int(words[1]), parse_cell(words[2]), _rot(words[3]))
        if words[0] == PREPLACE and len(words) == 3:
            return Move(PREPLACE, cell=parse_cell(words[1]), rot=_rot(words[2]))
        if words[0] == HIDDEN and len(words) == 2:
            return Move(HIDDEN, rot=_rot(words[1]))
    except ValueError as exc:
        raise bad from exc
    raise bad


def _rot(word: str) -> int:
    if len(word) != 2 or word[0] != "r" or word[1] not in "0123":
        raise ValueError(word)
    return int(word[1])
