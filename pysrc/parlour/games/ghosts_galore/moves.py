"""Ghosts Galore moves, the pencilled hidden tile, and their notation.

Moves: ``flip`` · ``pass`` · ``take <tile id> <cell> r<rot>`` · ``hidden r<rot>``, cells named
``a1``–``c3`` and rotations in quarter turns clockwise (``take 17 b2 r3``).

Pencilling in the hidden tile (GG-2) is not a move: it is its owner's private note of where the
tile will go, kept outside the match record (decision 0044). A :class:`Pencil` is written
``<cell> r<rot>`` (``b2 r1``).

Both types hold exact integers only: a ``bool``, a ``float`` or a string in a field is refused
with :class:`MalformedMove` when the object is made, so it can never reach a record or a save.
Ranges (a cell 0–8, a rotation 0–3, a tile on offer) are the rules' business (``IllegalMove``).
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.engine import JSON, MalformedMove
from parlour.games.ghosts_galore.board import cell_name, parse_cell
from parlour.games.ghosts_galore.tiles import tile_set

FLIP, PASS, TAKE, HIDDEN = "flip", "pass", "take", "hidden"
ACTIONS = (FLIP, PASS, TAKE, HIDDEN)
MALFORMED = "ghosts-galore.malformed"


def exact_int(value: object) -> bool:
    """Whether ``value`` is an ``int`` and not a ``bool`` (``True == 1`` must not pass for a cell)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _malformed(what: object) -> MalformedMove:
    return MalformedMove(f"not a Ghosts Galore move: {what!r}", code=MALFORMED)


@dataclass(frozen=True)
class Move:
    """``flip`` / ``pass``; ``take`` a tile into a cell with a rotation; ``hidden``: place the
    hidden tile into the last free cell (round 9; ``cell`` -1 means that cell)."""

    action: str
    tile: int = -1
    cell: int = -1
    rot: int = 0

    def __post_init__(self) -> None:
        if self.action not in ACTIONS or not all(exact_int(v) for v in (self.tile, self.cell, self.rot)):
            raise _malformed(self)
        if self.action != TAKE and (
            self.tile != -1 or (self.action != HIDDEN and (self.cell, self.rot) != (-1, 0))
        ):
            raise _malformed(self)

    def notation(self) -> str:
        if self.action in (FLIP, PASS):
            return self.action
        if self.action == TAKE:
            return f"take {self.tile} {cell_name(self.cell)} r{self.rot}"
        return f"hidden r{self.rot}"


def take(tile: int, cell: int, rot: int = 0) -> Move:
    return Move(TAKE, tile, cell, rot)


@dataclass(frozen=True)
class Pencil:
    """Where a player has pencilled in their hidden tile (GG-2): a free cell and a rotation.

    Private to its owner: never a move, never in the match record, never sent to another peer.
    """

    cell: int
    rot: int = 0

    def __post_init__(self) -> None:
        if not exact_int(self.cell) or not exact_int(self.rot):
            raise MalformedMove(f"not a pencilled hidden tile: {self!r}", code=MALFORMED)

    def notation(self) -> str:
        return f"{cell_name(self.cell)} r{self.rot}"


def parse_move(data: JSON) -> Move:
    """Read a move's notation; anything else raises :class:`MalformedMove`."""
    bad = _malformed(data)
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
        if words[0] == HIDDEN and len(words) == 2:
            return Move(HIDDEN, rot=_rot(words[1]))
    except ValueError as exc:
        raise bad from exc
    raise bad


def parse_pencil(data: JSON) -> Pencil:
    """Read a pencil's notation (``b2 r1``); anything else raises :class:`MalformedMove`."""
    bad = MalformedMove(f"not a pencilled hidden tile: {data!r}", code=MALFORMED)
    if not isinstance(data, str) or len(data) != 5 or data[2] != " ":
        raise bad
    try:
        return Pencil(parse_cell(data[:2]), _rot(data[3:]))
    except ValueError as exc:
        raise bad from exc


def _rot(word: str) -> int:
    if len(word) != 2 or word[0] != "r" or word[1] not in "0123":
        raise ValueError(word)
    return int(word[1])
