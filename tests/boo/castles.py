"""Hand-built castles for scenario tests and the brute-force oracle."""

from __future__ import annotations

from collections.abc import Iterator

from parlour.engine import IllegalMove
from parlour.games.boo.castle import COLOURS, EDGE_SIDES, INNER_SIDES, OPEN, Castle, Tile, castle_from_tiles
from parlour.games.boo.route import Change, Jump, Move, Route, Specials, Step, check_route, is_simple
from parlour.games.boo.solver import Problem

W, R, B, G, Y, P = range(6)


def tile(default: int = W, tile_id: int = 1, **sides: int) -> Tile:
    """A tile whose walls are all ``default`` except the named ones (``n_c=OPEN``, ``east_e=R``)."""
    named = {
        k.replace("_", "-").replace("east-", "east:").replace("south-", "south:"): v for k, v in sides.items()
    }
    out = {}
    for name in (*INNER_SIDES, *EDGE_SIDES):
        corridor = name in ("n-c", "w-c", "c-e", "c-s", "east:e", "south:s")
        out[name] = named.get(name, OPEN if corridor else default)
    return Tile(tile_id, out)


def castle(*tiles: Tile, width: int | None = None) -> Castle:
    return castle_from_tiles(list(tiles), width or len(tiles))


def brute_force(p: Problem, max_steps: int = 30) -> Iterator[Route]:
    """Every simple route (:func:`is_simple`, the solver's spelling) that :func:`check_route` accepts
    as it is, found by trying every step everywhere (no cleverness)."""
    castle, specials = p.castle, p.specials
    cells = [castle.cell(i) for i in range(castle.width * castle.height)]
    candidates: list[Step] = [Move(c) for c in cells] + [Jump(c) for c in specials.trapdoors]
    candidates += [Change(c) for c in range(len(COLOURS))]

    def extend(colour: int, steps: tuple[Step, ...]) -> Iterator[Route]:
        route = Route(colour, steps)
        if not is_simple(castle, route, p.ghost):
            return
        try:
            if check_route(castle, p.ghost, p.visitor, specials, p.forbidden, route) == route:
                yield route
            return
        except IllegalMove as exc:
            if steps and exc.code != "boo.route.not-at-visitor":
                return
        if len(steps) >= max_steps:
            return
        for step in candidates:
            yield from extend(colour, (*steps, step))

    for colour in range(len(COLOURS)):
        yield from extend(colour, ())


def specials(
    trapdoors: tuple[tuple[int, int], ...] = (), transitions: tuple[tuple[int, int], ...] = ()
) -> Specials:
    return Specials(frozenset(trapdoors), frozenset(transitions))
