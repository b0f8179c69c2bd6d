"""Ghosts Galore drawn as SVG by pure functions: a tile, a monster, a door, a whole ghost train.

The board (:mod:`parlour.web.boards.ghosts_galore`) and the rules help's live examples both draw
with these, as python-chess's ``chess.svg`` draws a board: data in, markup out, nothing kept.

A tile is drawn in a 100×100 box. Track ends sit at side midpoints (N, E, S, W); a straight is a
line, a curve a quarter circle round the corner between its two sides, a bridge two straights
with the second passing over the first. Monsters sit along their own track piece; diamonds sit in
the corners, which no track touches. Every kind of monster has its own shape as well as its own
colour, and the bone and tooth doors their own outline, so nothing depends on colour alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from parlour.games.ghosts_galore.board import DOORS, cell_name
from parlour.games.ghosts_galore.tiles import Tile

T = Callable[..., str]

TILE = 100
RIM = 26
"""Room round a train for its doors."""
TRAIN = 3 * TILE + 2 * RIM

_MID = {0: (50.0, 0.0), 1: (100.0, 50.0), 2: (50.0, 100.0), 3: (0.0, 50.0)}
_INWARD = {0: (0.0, 1.0), 1: (-1.0, 0.0), 2: (0.0, -1.0), 3: (1.0, 0.0)}
_K = 27.6
"""Bezier handle for a quarter circle of radius 50 (0.552 × 50)."""

MONSTER_SCALE = 1.2
"""Monsters are drawn a fifth larger than their 11.5 radius: legible on a phone's 100 px tiles."""
DIAMOND_SPOTS = ((16.0, 16.0), (84.0, 84.0), (84.0, 16.0), (16.0, 84.0))
BIG_SPOTS = ((20.0, 20.0), (80.0, 80.0), (80.0, 20.0), (20.0, 80.0))
"""A small drawing's diamonds (``big``): as large as a tile's corner holds, a corner's track-free
quarter circle (a curve's bed is 40 units from it), with numbers 26 units high: 10 px once a
train is drawn 135 px across or a lone tile 41 px (decision 0079)."""


# --- geometry ------------------------------------------------------------------------------------
def piece_curve(a: int, b: int) -> tuple[tuple[float, float], ...]:
    """The four Bezier points of a track piece from side ``a`` to side ``b`` (a line when opposite)."""
    p0, p3 = _MID[a], _MID[b]
    if (a - b) % 2 == 0:
        return p0, p0, p3, p3
    na, nb = _INWARD[a], _INWARD[b]
    return p0, (p0[0] + _K * na[0], p0[1] + _K * na[1]), (p3[0] + _K * nb[0], p3[1] + _K * nb[1]), p3


def point_on(curve: Sequence[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point at ``t`` (0–1) along a piece."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = curve
    u = 1 - t
    x = u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3
    y = u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3
    return x, y


def piece_path(a: int, b: int) -> str:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = piece_curve(a, b)
    if (a - b) % 2 == 0:
        return f"M{x0:.0f},{y0:.0f} L{x3:.0f},{y3:.0f}"
    return f"M{x0:.0f},{y0:.0f} C{x1:.1f},{y1:.1f} {x2:.1f},{y2:.1f} {x3:.0f},{y3:.0f}"


# --- monsters, diamonds, doors ---------------------------------------------------------------------
_MONSTER_SHAPES = {
    # Each a few strokes inside a circle of radius 11 centred on 0,0.
    "dragon": '<path d="M-8,6 L-5,-9 L-1,-3 L1,-3 L5,-9 L8,6 Z" class="m-fill"/><circle cx="-3" cy="1" r="1.6" class="m-eye"/><circle cx="3" cy="1" r="1.6" class="m-eye"/>',
    "ghost": '<path d="M-7,8 V-1 A7,7 0 0 1 7,-1 V8 L4.5,5.5 L2,8 L-0.5,5.5 L-3,8 L-5,5.5 Z" class="m-fill"/><circle cx="-2.5" cy="-1" r="1.5" class="m-eye"/><circle cx="2.5" cy="-1" r="1.5" class="m-eye"/>',
    "golem": '<rect x="-7.5" y="-7.5" width="15" height="15" rx="2" class="m-fill"/><rect x="-5" y="-2.5" width="10" height="2.5" class="m-eye"/>',
    "satyr": '<circle r="6" cy="1.5" class="m-fill"/><path d="M-4,-3 Q-9,-6 -6,-10 M4,-3 Q9,-6 6,-10" class="m-line"/><circle cx="-2" cy="1" r="1.3" class="m-eye"/><circle cx="2" cy="1" r="1.3" class="m-eye"/>',
    "skeleton": '<circle r="6.5" cy="-1.5" class="m-fill"/><rect x="-3.5" y="3.5" width="7" height="4" rx="1" class="m-fill"/><circle cx="-2.5" cy="-1.5" r="2" class="m-eye"/><circle cx="2.5" cy="-1.5" r="2" class="m-eye"/>',
    "slime": '<path d="M-8,7 Q-8,-2 0,-8 Q8,-2 8,7 Z" class="m-fill"/><circle cx="-2.5" cy="2" r="1.5" class="m-eye"/><circle cx="2.5" cy="2" r="1.5" class="m-eye"/>',
    "bat": '<path d="M0,-2 Q-4,-7 -9,-4 Q-7,0 -9,4 Q-4,2 0,5 Q4,2 9,4 Q7,0 9,-4 Q4,-7 0,-2 Z" class="m-fill"/><circle cx="-1.5" cy="0" r="1" class="m-eye"/><circle cx="1.5" cy="0" r="1" class="m-eye"/>',
    "werewolf": '<path d="M-7,-8 L-3,-3 L3,-3 L7,-8 L7,2 L0,8 L-7,2 Z" class="m-fill"/><circle cx="-2.5" cy="0" r="1.4" class="m-eye"/><circle cx="2.5" cy="0" r="1.4" class="m-eye"/>',
    "wisp": '<path d="M0,-9 Q6,-2 5,3 A5,5 0 0 1 -5,3 Q-5,-2 0,-9 Z" class="m-fill"/><circle cx="0" cy="2.5" r="2" class="m-eye"/>',
}


def monster(kind: str, x: float = 0, y: float = 0, label: str = "") -> str:
    """A monster token: a coloured disc with the kind's own silhouette."""
    title = f"<title>{label}</title>" if label else ""
    return (
        f'<g class="monster m-{kind}" transform="translate({x:.1f},{y:.1f}) scale({MONSTER_SCALE})">{title}'
        f'<circle r="11.5" class="m-disc"/>{_MONSTER_SHAPES[kind]}</g>'
    )


def diamond(value: int, x: float, y: float, big: bool = False) -> str:
    """A diamond and its value; ``big`` for a small drawing (:data:`BIG_SPOTS`)."""
    if big:
        return (
            f'<g class="diamond big" transform="translate({x:.0f},{y:.0f})">'
            f'<path d="M0,-18 L16.5,0 L0,18 L-16.5,0 Z"/><text y="9.5">{value}</text></g>'
        )
    return (
        f'<g class="diamond" transform="translate({x:.0f},{y:.0f})">'
        f'<path d="M0,-11 L9,0 L0,11 L-9,0 Z"/><text y="4">{value}</text></g>'
    )


def door(kind: str, x: float, y: float, side: int, label: str = "") -> str:
    """A door on the rim, facing into the board from ``side`` (N, E, S, W)."""
    title = f"<title>{label}</title>" if label else ""
    rot = {0: 0, 1: 90, 2: 180, 3: 270}[side]
    if kind == "bone":
        shape = (
            '<path d="M-13,-3 h26 v6 h-26 Z" class="door-body"/>'
            '<circle cx="-13" cy="-4" r="4.2" class="door-body"/><circle cx="-13" cy="4" r="4.2" class="door-body"/>'
            '<circle cx="13" cy="-4" r="4.2" class="door-body"/><circle cx="13" cy="4" r="4.2" class="door-body"/>'
        )
    elif kind == "tooth":
        shape = '<path d="M-12,-7 Q0,-11 12,-7 L9,2 L6,9 L3,1 L0,3 L-3,1 L-6,9 L-9,2 Z" class="door-body"/>'
    else:
        shape = '<rect x="-11" y="-4" width="22" height="8" rx="3" class="door-body"/>'
    return (
        f'<g class="door door-{kind}" transform="translate({x:.0f},{y:.0f}) rotate({rot})">{title}{shape}</g>'
    )


# --- a tile --------------------------------------------------------------------------------------
def tile_body(tile: Tile, rot: int, t: T | None = None, scored: Iterable[int] = (), big: bool = False) -> str:
    """The inside of a tile (no frame, 0,0 top left): tracks, then monsters and diamonds on top.

    ``scored`` lists the pieces that belong to a scoring door-to-door track (drawn highlighted);
    ``big``: the diamonds of a small drawing (:data:`BIG_SPOTS`)."""
    glow = set(scored)
    pieces = tile.pieces_rotated(rot)
    tracks = []
    for k, (a, b) in enumerate(pieces):
        cls = "track scored" if k in glow else "track"
        d = piece_path(a, b)
        tracks.append(f'<path d="{d}" class="track-bed"/><path d="{d}" class="{cls}"/>')
    out = "".join(tracks)
    for k, (a, b) in enumerate(pieces):
        on_piece = [m for m in tile.monsters if m.piece == k]
        curve = piece_curve(a, b)
        for i, m in enumerate(on_piece):
            x, y = point_on(curve, (i + 1) / (len(on_piece) + 1))
            out += monster(m.kind, x, y, t(f"ghosts-galore.monster.{m.kind}") if t else "")
    for value, (x, y) in zip(tile.diamonds, BIG_SPOTS if big else DIAMOND_SPOTS, strict=False):
        out += diamond(value, x, y, big)
    return out


def tile_svg(tile: Tile, rot: int, label: str, cls: str = "gg-tile", big: bool = False) -> str:
    """A tile on its own, for the draft, the hidden tile and the rules help."""
    return (
        f'<svg viewBox="-3 -3 106 106" class="{cls}" role="img" aria-label="{label}">'
        f'<rect x="0" y="0" width="100" height="100" rx="8" class="tile-face"/>'
        f"{tile_body(tile, rot, big=big)}</svg>"
    )


def tile_back(label: str) -> str:
    """The back of a tile: the stack."""
    return (
        f'<svg viewBox="-3 -3 106 106" class="gg-tile back" role="img" aria-label="{label}">'
        '<rect x="0" y="0" width="100" height="100" rx="8" class="tile-back"/>'
        '<path d="M30,70 V45 a20,20 0 0 1 40,0 V70 l-7,-6 l-6,6 l-7,-6 l-7,6 l-6,-6 z" class="back-ghost"/></svg>'
    )


def describe_tile(t: T, tile: Tile, rot: int | None = None) -> str:
    """A tile in words, for screen readers: its track, monsters and diamonds."""
    words = [t(f"ghosts-galore.track.{tile.track}")]
    if tile.monsters:
        words.append(", ".join(t(f"ghosts-galore.monster.{m.kind}") for m in tile.monsters))
    if tile.diamonds:
        words.append(t("ghosts-galore.a11y.diamonds", values=" + ".join(str(v) for v in tile.diamonds)))
    if rot:
        words.append(f"{rot * 90}°")
    return "; ".join(words)


# --- a ghost train -------------------------------------------------------------------------------
def cell_origin(cell: int) -> tuple[int, int]:
    """Top left of a cell inside a train drawing."""
    return RIM + (cell % 3) * TILE, RIM + (cell // 3) * TILE


def doors(t: T | None = None) -> str:
    """The 12 doors round the rim: plain, bone and tooth (GG-S11..GG-S13)."""
    out = []
    for cell, side, kind in DOORS:
        x0, y0 = cell_origin(cell)
        mx, my = _MID[side]
        ox, oy = {0: (0, -13), 1: (13, 0), 2: (0, 13), 3: (-13, 0)}[side]
        label = ""
        if t is not None:
            label = t("ghosts-galore.a11y.door", door=t(f"ghosts-galore.door.{kind}"), cell=cell_name(cell))
        out.append(door(kind, x0 + mx + ox, y0 + my + oy, side, label))
    return "".join(out)


def placed_tile(
    tile: Tile,
    rot: int,
    cell: int,
    cls: str = "placed",
    scored: Iterable[int] = (),
    big: bool = False,
    element_id: str = "",
) -> str:
    x, y = cell_origin(cell)
    ident = f' id="{element_id}"' if element_id else ""
    return (
        f'<g class="{cls}"{ident} transform="translate({x},{y})">'
        f'<rect x="2" y="2" width="96" height="96" rx="7" class="tile-face"/>'
        f"{tile_body(tile, rot, None, scored, big)}</g>"
    )


def dead_end(cell: int, side: int, label: str) -> str:
    """A dead end (GG-T) at ``cell``'s ``side``: a crossed disc on the edge where its track stops."""
    x, y = cell_origin(cell)
    mx, my = _MID[side]
    return (
        f'<g class="dead-end" transform="translate({x + mx:.0f},{y + my:.0f})"><title>{label}</title>'
        '<circle r="9"/><path d="M-4.5,-4.5 L4.5,4.5 M4.5,-4.5 L-4.5,4.5"/></g>'
    )


def train_frame() -> str:
    return f'<rect x="4" y="4" width="{TRAIN - 8}" height="{TRAIN - 8}" rx="16" class="train-frame"/>'
