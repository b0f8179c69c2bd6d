"""Moves and their compact notation.

``17@3,-2/1`` lays tile 17 on square (3, -2) turned one quarter clockwise (a hunter named on a
wolf's square is laid on top of it); ``reveal@1,0`` lays one's shepherd sheep side up;
``discard:17``, ``pass`` and ``leave`` say what they do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from parlour.engine import JSON, MalformedMove
from parlour.games.wooly_bully.board import Pos

_PLACE = re.compile(r"^(\d{1,3})@(-?\d{1,4}),(-?\d{1,4})/([0-3])$")
_REVEAL = re.compile(r"^reveal@(-?\d{1,4}),(-?\d{1,4})$")
_DISCARD = re.compile(r"^discard:(\d{1,3})$")


@dataclass(frozen=True)
class Move:
    """One action: ``place`` a tile from hand, ``reveal`` (lay one's shepherd), ``discard`` (WB-V1),
    ``pass`` (nothing can be laid) or ``leave`` (WB-13)."""

    kind: str
    tile: int = -1
    pos: Pos = (0, 0)
    rot: int = 0

    def __str__(self) -> str:
        return encode(self)


def place(tile: int, pos: Pos, rot: int = 0) -> Move:
    return Move("place", tile, pos, rot)


def reveal(pos: Pos) -> Move:
    return Move("reveal", -1, pos, 0)


def discard(tile: int) -> Move:
    return Move("discard", tile)


PASS = Move("pass")
LEAVE = Move("leave")


KINDS = ("place", "reveal", "discard", "pass", "leave")
TILE_IDS = 77
"""Tile ids run 0..76 (``tiles.json``)."""


def _int(value: object) -> bool:
    return type(value) is int


def check(move: object) -> Move:
    """``move`` if it is a well-formed :class:`Move` with exact types, else :class:`MalformedMove`.

    A tile, coordinate or rotation is an ``int`` (never a ``bool``, ``float`` or string), a square
    is a pair, a rotation is 0..3: anything else would be stored as written and break the record.
    """
    bad = ""
    if not isinstance(move, Move) or move.kind not in KINDS:
        bad = "not a move"
    elif move.kind in ("place", "discard") and not (_int(move.tile) and 0 <= move.tile < TILE_IDS):
        bad = f"tile {move.tile!r}"
    elif move.kind in ("place", "reveal") and not (
        isinstance(move.pos, tuple) and len(move.pos) == 2 and all(_int(c) for c in move.pos)
    ):
        bad = f"square {move.pos!r}"
    elif not (_int(move.rot) and 0 <= move.rot < 4):
        bad = f"rotation {move.rot!r}"
    if bad:
        raise MalformedMove(f"not a wooly-bully move: {bad}", code="wooly-bully.malformed", move=str(move))
    assert isinstance(move, Move)
    return move


def encode(move: Move) -> str:
    if move.kind == "place":
        return f"{move.tile}@{move.pos[0]},{move.pos[1]}/{move.rot}"
    if move.kind == "reveal":
        return f"reveal@{move.pos[0]},{move.pos[1]}"
    if move.kind == "discard":
        return f"discard:{move.tile}"
    return move.kind


def decode(data: JSON) -> Move:
    if not isinstance(data, str):
        raise MalformedMove(f"a move is a string, not {data!r}", code="wooly-bully.malformed")
    if data in ("pass", "leave"):
        return Move(data)
    if m := _PLACE.match(data):
        return Move("place", int(m[1]), (int(m[2]), int(m[3])), int(m[4]))
    if m := _REVEAL.match(data):
        return Move("reveal", -1, (int(m[1]), int(m[2])))
    if m := _DISCARD.match(data):
        return Move("discard", int(m[1]))
    raise MalformedMove(f"not a wooly-bully move: {data!r}", code="wooly-bully.malformed", move=data)
