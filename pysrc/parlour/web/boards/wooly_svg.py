"""Wooly Bully tiles in SVG, as pure functions (the board, the hand and the rules help draw with them).

A tile is drawn in a 100×100 box in its unturned orientation: each edge owns the triangle from the
centre to that edge, filled with its terrain; a region that joins two opposite edges (a pasture
running straight through) also owns a diamond in the middle. Fences run between triangles of
different regions where a pasture is involved. Pastures show their colour twice: a fill and a
pattern of their own (black dots, yellow stripes, red checks, blue waves), so colour-blind players
tell them apart; the printed sheep stand in their pasture. Wolves, hunters, the village square and
the shepherds carry a figure. Turning is a ``rotate`` about the centre, as a tile turns on a table.
"""

from __future__ import annotations

from functools import cache

from parlour.games.wooly_bully.tiles import COLOURS, FOREST, VILLAGE, Tile, tile
from parlour.web.markup import esc

SIZE = 100
C = SIZE / 2
TRIANGLES = (
    "0,0 100,0 50,50",
    "100,0 100,100 50,50",
    "100,100 0,100 50,50",
    "0,100 0,0 50,50",
)
"""The triangle each edge owns, north, east, south, west."""
DIAGONALS = ((100, 0), (100, 100), (0, 100), (0, 0))
"""The corner between edge ``d`` and edge ``d + 1``."""
DIAMOND = "50,26 74,50 50,74 26,50"
DIAMOND_SIDES = (
    "M38,38 L50,26 L62,38",
    "M62,38 L74,50 L62,62",
    "M62,62 L50,74 L38,62",
    "M38,62 L26,50 L38,38",
)
"""The part of the diamond's outline inside the triangle of each edge (where a fence runs)."""
SPOTS = (
    ((50, 16), (32, 10), (68, 10), (50, 33), (36, 24), (64, 24), (20, 7), (80, 7)),
    ((84, 50), (90, 32), (90, 68), (67, 50), (76, 36), (76, 64), (93, 20), (93, 80)),
    ((50, 84), (68, 90), (32, 90), (50, 67), (64, 76), (36, 76), (80, 93), (20, 93)),
    ((16, 50), (10, 68), (10, 32), (33, 50), (24, 64), (24, 36), (7, 80), (7, 20)),
)
"""Where sheep stand in the triangle of each edge (first spots first)."""
CENTRE_SPOTS = ((50, 50), (42, 42), (58, 58), (58, 42))


def terrain_class(terrain: int) -> str:
    if terrain == FOREST:
        return "forest"
    if terrain == VILLAGE:
        return "village"
    return f"pasture {COLOURS[terrain]}"


def defs() -> str:
    """Patterns and the sheep every Wooly Bully drawing refers to (include once per page or per SVG)."""
    return (
        "<defs>"
        '<pattern id="wb-black" width="10" height="10" patternUnits="userSpaceOnUse">'
        '<rect width="10" height="10" fill="#55555f"/><circle cx="5" cy="5" r="2" fill="#fff" fill-opacity=".45"/></pattern>'
        '<pattern id="wb-yellow" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="10" height="10" fill="#e8c547"/><rect width="4" height="10" fill="#7a5a00" fill-opacity=".35"/></pattern>'
        '<pattern id="wb-red" width="12" height="12" patternUnits="userSpaceOnUse">'
        '<rect width="12" height="12" fill="#d2574f"/><rect width="6" height="6" fill="#fff" fill-opacity=".3"/><rect x="6" y="6" width="6" height="6" fill="#fff" fill-opacity=".3"/></pattern>'
        '<pattern id="wb-blue" width="16" height="8" patternUnits="userSpaceOnUse">'
        '<rect width="16" height="8" fill="#4f86d6"/><path d="M0,6 q4,-5 8,0 t8,0" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="1.6"/></pattern>'
        '<pattern id="wb-forest" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<rect width="20" height="20" fill="#3d7a46"/><path d="M10,3 l6,11 h-12 z" fill="#1d4a27"/></pattern>'
        '<pattern id="wb-village" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<rect width="20" height="20" fill="#e6d3a8"/><path d="M4,12 l6,-6 l6,6 v6 h-12 z" fill="#a0522d" fill-opacity=".55"/></pattern>'
        '<g id="wb-sheep"><ellipse rx="7" ry="5" fill="#fbfbf4" stroke="#333" stroke-width="1.2"/>'
        '<circle cx="6" cy="-2" r="2.8" fill="#2a2a2a"/></g>'
        "</defs>"
    )


def _fill(terrain: int, points: str, tag: str = "polygon") -> str:
    pattern = "forest" if terrain == FOREST else "village" if terrain == VILLAGE else COLOURS[terrain]
    cls = terrain_class(terrain)
    return (
        f'<{tag} points="{points}" fill="url(#wb-{pattern})" class="t {cls}"/>'  # colour and pattern in one
    )


def _centre_region(t: Tile) -> int | None:
    """The region that runs straight through the tile (opposite edges), which owns the middle."""
    for i, region in enumerate(t.regions):
        edges = set(region.edges)
        if len(edges) < 4 and ({0, 2} <= edges or {1, 3} <= edges):
            return i
    return None


def sheep(x: float, y: float, scale: float = 1.0) -> str:
    """One sheep: a use of the one drawn in :func:`defs` (a 60-tile field prints hundreds: one
    element each keeps the page's redraw small)."""
    return f'<use href="#wb-sheep" class="sheep" transform="translate({x:.0f},{y:.0f}) scale({scale})"/>'


def _figure(kind: str, colour: int | None) -> str:
    if kind == "wolf":
        return (
            '<g class="figure wolf" transform="translate(50,52)">'
            '<path d="M-20,-4 L-14,-26 L-4,-12 L4,-12 L14,-26 L20,-4 L0,22 Z"/>'
            '<circle cx="-7" cy="-2" r="3" class="eye"/><circle cx="7" cy="-2" r="3" class="eye"/></g>'
        )
    if kind == "hunter":
        return (
            '<g class="figure hunter" transform="translate(50,52)">'
            '<circle r="11" cy="-4" class="head"/><path d="M-18,-12 h36 l-6,-10 h-24 z" class="hat"/>'
            '<path d="M-14,8 h28 l4,16 h-36 z" class="coat"/><path d="M10,4 l18,-22" class="gun"/></g>'
        )
    if kind == "village":
        return (
            '<g class="figure square" transform="translate(50,50)">'
            '<path d="M-18,2 l18,-18 l18,18 v16 h-36 z" class="house"/><rect x="-5" y="8" width="10" height="10" class="door"/></g>'
        )
    if kind == "shepherd" and colour is not None:
        return (
            f'<g class="figure shepherd {COLOURS[colour]}" transform="translate(50,50)">'
            '<circle r="8" cy="-10" class="head"/><path d="M-10,0 h20 l4,18 h-28 z" class="coat"/>'
            '<path d="M14,-18 v34" class="crook"/></g>'
        )
    return ""


@cache
def tile_body(tile_id: int) -> str:
    """The tile's picture in its unturned orientation, in a 100×100 box (cached: tiles never change)."""
    t = tile(tile_id)
    index = [0, 0, 0, 0]
    for i, region in enumerate(t.regions):
        for side in region.edges:
            index[side] = i
    parts = [_fill(t.edges[d], TRIANGLES[d]) for d in range(4)]
    middle = _centre_region(t)
    if middle is not None:
        parts.append(_fill(t.regions[middle].terrain, DIAMOND))
    fences = []
    for d in range(4):
        a, b = index[d], index[(d + 1) % 4]
        if a == b:
            continue
        if t.regions[a].terrain >= FOREST and t.regions[b].terrain >= FOREST:
            continue
        if middle is not None and middle in (a, b):
            # The diamond owns the middle: the fence stops at its edge.
            x, y = DIAGONALS[d]
            fences.append(f"M{x},{y} L{C + (x - C) * 0.24:.0f},{C + (y - C) * 0.24:.0f}")
        else:
            x, y = DIAGONALS[d]
            fences.append(f"M{x},{y} L{C},{C}")
    if middle is not None:
        region = t.regions[middle]
        for d in range(4):
            if d in region.edges:
                continue
            if region.terrain < FOREST or t.edges[d] < FOREST:
                fences.append(DIAMOND_SIDES[d])
    if fences:
        parts.append(f'<path d="{" ".join(fences)}" class="fence"/>')
    for i, region in enumerate(t.regions):
        if not region.sheep:
            continue
        spots: list[tuple[int, int]] = []
        if i == middle:
            spots.extend(CENTRE_SPOTS)
        rounds = [list(SPOTS[d]) for d in sorted(region.edges)]
        while any(rounds):
            for r in rounds:
                if r:
                    spots.append(r.pop(0))
        crowd = region.sheep / max(len(region.edges) + (i == middle), 1)
        size = 1.3 if crowd <= 2 else 1.05 if crowd <= 4 else 0.85
        parts.extend(sheep(x, y, size) for x, y in spots[: region.sheep])
    parts.append(_figure(t.kind, t.colour))
    parts.append('<rect width="100" height="100" class="rim"/>')
    return "".join(parts)


def tile_svg(tile_id: int, rot: int = 0, x: float = 0, y: float = 0, extra_class: str = "") -> str:
    """The tile at ``(x, y)`` (its top-left corner), turned ``rot`` quarters clockwise."""
    turn = f" rotate({rot * 90} 50 50)" if rot else ""
    cls = f"tile {extra_class}".strip()
    return f'<g class="{cls}" transform="translate({x:.0f},{y:.0f}){turn}">{tile_body(tile_id)}</g>'


def mini(tile_id: int, rot: int = 0, label: str = "", size: int = 64) -> str:
    """A standalone small SVG of one tile (hand, help diagrams)."""
    named = f' role="img" aria-label="{esc(label)}"' if label else ' aria-hidden="true"'
    return (
        f'<svg viewBox="-2 -2 104 104" width="{size}" height="{size}" class="wb-mini"{named}>'
        + tile_svg(tile_id, rot)
        + "</svg>"
    )


def diagram(cells: list[tuple[int, int, int, int]], label: str, width: int = 240) -> str:
    """A small standalone picture of tiles ``(x, y, tile, rot)`` (the rules help's live diagrams)."""
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    x0, y0 = min(xs), min(ys)
    w, h = (max(xs) - x0 + 1) * SIZE, (max(ys) - y0 + 1) * SIZE
    body = "".join(tile_svg(t, r, (x - x0) * SIZE, (y - y0) * SIZE) for x, y, t, r in cells)
    return (
        f'<svg viewBox="-4 -4 {w + 8} {h + 8}" width="{width}" class="wb-field wb-diagram" role="img" '
        f'aria-label="{esc(label)}">{defs()}{body}</svg>'
    )
