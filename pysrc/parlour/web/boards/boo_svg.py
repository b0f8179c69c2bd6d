"""Boo!'s castle as SVG, by pure functions of the layout (no match, no page): its geometry, walls
in six colours each with its own mark (colour-blind players), the periphery's coats of arms and
portraits, the pieces' shapes, and routes. :mod:`parlour.web.boards.boo_castle` puts them together
for a match's view; the castle's layer is cached by layout (decision 0113: the board in parts, each
compiled in a short task on a first start)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from parlour.games.boo.castle import COLOURS, OPEN, STONE, build_castle, components, is_room, parse_cell
from parlour.web.markup import esc

if TYPE_CHECKING:
    from parlour.web.context import Timing

CELL = 64
MARGIN = 46
SIZE = 9
VIEW = 2 * MARGIN + SIZE * CELL
RIM = 6
"""A compact castle's stone rim and view around its rooms (a full one's rim is 10): each unit spared
is a room 0.1 % larger, and at 320x240 the rooms need it to reach 24 px (decision 0079)."""
HEX = ("#f4f1ea", "#d9412b", "#2f6fd6", "#2f9a4a", "#f0c419", "#8e4fc9")
"""Wall colours: white, red, blue, green, yellow, purple."""
MARKS = (
    '<circle r="5.5" fill="none" stroke-width="2.2"/>',
    '<path d="M0,-6.5 L6,5 L-6,5 Z"/>',
    '<rect x="-5" y="-5" width="10" height="10"/>',
    '<path d="M0,-7 L6,0 L0,7 L-6,0 Z"/>',
    '<path d="M0,-7 L2,-2 L7,-2 L3,1.5 L4.5,7 L0,3.5 L-4.5,7 L-3,1.5 L-7,-2 L-2,-2 Z"/>',
    '<path d="M-6,-2 H-2 V-6 H2 V-2 H6 V2 H2 V6 H-2 V2 H-6 Z"/>',
)
"""One mark per wall colour, so no colour is told by hue alone: ring, triangle, square, diamond,
star, cross."""


# --- geometry ----------------------------------------------------------------------------------
def origin(cell: tuple[int, int]) -> tuple[int, int]:
    """Top-left corner of a cell in SVG units."""
    return MARGIN + cell[0] * CELL, MARGIN + cell[1] * CELL


def centre(cell: tuple[int, int]) -> tuple[float, float]:
    x, y = origin(cell)
    return x + CELL / 2, y + CELL / 2


def wall_rect(a: tuple[int, int], b: tuple[int, int], thick: float) -> tuple[float, float, float, float]:
    """The rectangle of the side between two neighbouring cells: x, y, width, height."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    if ay == by:  # side by side: a vertical wall
        return (ax + bx) / 2 - thick / 2, ay - CELL / 2, thick, CELL
    return ax - CELL / 2, (ay + by) / 2 - thick / 2, CELL, thick


# --- the castle (static for a match: cached) ---------------------------------------------------
def defs() -> str:
    marks = "".join(
        f'<g id="boo-mark-{name}" class="mark">{shape}</g>'
        for name, shape in zip(COLOURS, MARKS, strict=True)
    )
    return f"<defs>{marks}</defs>"


MARK_PATHS = (
    "m-5.5,0a5.5,5.5 0 1 0 11,0a5.5,5.5 0 1 0-11,0",
    "m0,-6.5l6,11.5h-12z",
    "m-5,-5h10v10h-10z",
    "m0,-7l6,7l-6,7l-6,-7z",
    "m0,-7l2,5h5l-4,3.5l1.5,5.5l-4.5,-3.5l-4.5,3.5l1.5,-5.5l-4,-3.5h5z",
    "m-6,-2h4v-4h4v4h4v4h-4v4h-4v-4h-4z",
)
""":data:`MARKS` as path data relative to a wall's middle, to draw every mark of a colour as one path."""


def rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """Path data of a rectangle with rounded corners (a ``<rect rx>`` as one subpath)."""
    return (
        f"M{x + r:g},{y:g}h{w - 2 * r:g}a{r:g},{r:g} 0 0 1 {r:g},{r:g}v{h - 2 * r:g}"
        f"a{r:g},{r:g} 0 0 1 -{r:g},{r:g}h-{w - 2 * r:g}a{r:g},{r:g} 0 0 1 -{r:g},-{r:g}"
        f"v-{h - 2 * r:g}a{r:g},{r:g} 0 0 1 {r:g},-{r:g}z"
    )


def walls(sides: list[tuple[tuple[int, int], tuple[int, int], int]], compact: bool = False) -> str:
    """Every wall, colour by colour: the bars, then a disc at each one's middle, then its colour's
    mark on the disc; ``compact`` (a small castle): thicker bars, no disc or mark (a speck). One
    path per colour and layer, not three elements per wall: the browser styles and lays out 18
    elements instead of about 400 when a match's screen first appears (issue #11)."""
    bars, discs, marks = [], [], []
    for colour, hex_ in enumerate(HEX):
        mine = [wall_rect(a, b, 14 if compact else 9) for a, b, c in sides if c == colour]
        if not mine:
            continue
        name = COLOURS[colour]
        bars.append(
            f'<path class="wall w-{name}" fill="{hex_}" d="'
            + "".join(rounded(x, y, w, h, 4 if compact else 3) for x, y, w, h in mine)
            + '"/>'
        )
        middles = [(x + w / 2, y + h / 2) for x, y, w, h in mine]
        discs.append(
            f'<path class="wall" fill="{hex_}" d="'
            + "".join(f"M{cx:g},{cy:g}m-9,0a9,9 0 1 0 18,0a9,9 0 1 0-18,0" for cx, cy in middles)
            + '"/>'
        )
        ring = ' style="fill:none;stroke-width:2.2"' if MARKS[colour].startswith("<circle") else ""
        marks.append(
            f'<path class="mark m-{name}"{ring} d="'
            + "".join(f"M{cx:g},{cy:g}{MARK_PATHS[colour]}" for cx, cy in middles)
            + '"/>'
        )
    return "".join(bars) if compact else "".join(bars + discs + marks)


@lru_cache(maxsize=8)
def castle_layer(
    arrangement: tuple[int, ...], t_key: str, labels: tuple[str, ...], compact: bool = False
) -> str:
    """Floors, walls, stone rim, tile seams and periphery of one castle. ``labels`` are the
    translated names of the 6 coats of arms then the 6 portraits, then their short forms (drawn;
    the whole name is the title); ``t_key`` only keys the cache by language. ``compact`` (a castle
    drawn small, in an embed): no periphery, whose names would be specks; the visitor's room is
    marked in the castle anyway."""
    castle = build_castle(arrangement)
    rim = RIM if compact else 10
    parts = [
        f'<rect x="{MARGIN - rim}" y="{MARGIN - rim}" width="{SIZE * CELL + 2 * rim}" height="{SIZE * CELL + 2 * rim}"'
        f' rx="{rim}" class="stone"/>'
    ]
    for kind in ("room", "corridor"):  # the floors: one path each (81 rects cost the browser more)
        floors = [
            origin((x, y)) for y in range(SIZE) for x in range(SIZE) if is_room((x, y)) == (kind == "room")
        ]
        parts.append(
            f'<path class="{kind}" d="'
            + "".join(f"M{x},{y}h{CELL}v{CELL}h-{CELL}z" for x, y in floors)
            + '"/>'
        )
    for t in range(1, 3):
        p = MARGIN + 3 * t * CELL
        parts.append(
            f'<path d="M{p},{MARGIN} V{MARGIN + SIZE * CELL} M{MARGIN},{p} H{MARGIN + SIZE * CELL}" class="seam"/>'
        )
    parts.append(
        walls([(a, b, c) for (a, b), c in sorted(castle.sides.items()) if c not in (OPEN, STONE)], compact)
    )
    if compact:
        return "".join(parts)
    parts.append(coordinates())
    for i in range(6):
        parts += periphery(i, labels, "arms") + periphery(i, labels, "portrait")
    parts.append(
        f'<g class="tower" aria-hidden="true" transform="translate({MARGIN / 2},{MARGIN / 2})">'
        '<path d="M-14,16 V-6 H-10 V-14 H-5 V-8 H0 V-14 H5 V-8 H10 V-14 H14 V16 Z"/></g>'
    )
    return "".join(parts)


def coordinates() -> str:
    """The board notation the log and messages use (docs/rules/boo.md: column letters a–i from the
    left, row numbers 1–9 from the top, ``a1`` by the white tower): each letter in the top corner
    of its column's first cell, each number in the left corner of its row's first cell, clear of
    the walls (which run along the cells' sides). Read aloud in each cell's name instead."""
    letters = "".join(
        f'<text x="{MARGIN + x * CELL + CELL - 8}" y="{MARGIN + 17}" class="coord col">{chr(97 + x)}</text>'
        for x in range(SIZE)
    )
    numbers = "".join(
        f'<text x="{MARGIN + 7}" y="{MARGIN + y * CELL + CELL - 8}" class="coord row">{y + 1}</text>'
        for y in range(SIZE)
    )
    return f'<g class="coords" aria-hidden="true">{letters}{numbers}</g>'


def periphery(i: int, labels: tuple[str, ...], kind: str, lit: bool = False) -> list[str]:
    """The ``i``-th coat of arms (over and under the castle) or portrait (left and right of it), at
    the middle of the ``i``-th room's column or row; ``lit``: the current visitor's (BO-7)."""
    at = MARGIN + (3 * (i // 2) + 2 * (i % 2)) * CELL + CELL / 2
    name = components().arms[i] if kind == "arms" else components().portraits[i]
    first = i if kind == "arms" else 6 + i
    spots = [(at, edge) if kind == "arms" else (edge, at) for edge in (MARGIN / 2, VIEW - MARGIN / 2)]
    return [shield(x, y, labels[first], labels[12 + first], name, kind, lit) for x, y in spots]


def shield(x: float, y: float, label: str, short: str, key: str, kind: str, lit: bool = False) -> str:
    """A coat of arms (a shield) or a portrait (an oval frame) with the name's short form; ``lit``:
    in orange, drawn over the castle's own (the current visitor's, BO-7)."""
    paint = ' style="fill:#f2a541;stroke:#fff"' if lit else ""
    body = (
        f'<path{paint} d="M-15,-16 H15 V0 Q15,13 0,19 Q-15,13 -15,0 Z"/>'
        if kind == "arms"
        else f'<ellipse{paint} rx="15" ry="18"/>'
    )
    return (
        f'<g class="{"lit " if lit else ""}{kind} {kind}-{key}" transform="translate({x:.0f},{y:.0f})" data-key="{key}" aria-hidden="true">'
        f"<title>{esc(label)}</title>{body}"
        f'<text y="5" class="initial">{esc(short)}</text></g>'
    )


# --- pieces --------------------------------------------------------------------------------------
def ghost_shape(scale: float = 1.0) -> str:
    s = scale
    return (
        f'<g transform="scale({s})"><path d="M-20,22 v-24 a20,20 0 0 1 40,0 v24 l-7,-7 l-6,7 l-7,-7 l-7,7 l-6,-7 z" class="ghost-body"/>'
        '<circle cx="-7" cy="-4" r="3.5" class="eye"/><circle cx="7" cy="-4" r="3.5" class="eye"/>'
        '<ellipse cx="0" cy="7" rx="4" ry="5" class="eye"/></g>'
    )


def visitor_shape(number: int, numbered: bool = True) -> str:
    """The visitor; its number only where it can be read (a small castle's would be a speck: the
    visitor's name, number included, is its ``aria-label``)."""
    text = f'<text y="14" class="visitor-number">{number}</text>' if numbered else ""
    return (
        '<circle cy="-13" r="8" class="visitor-head"/><path d="M-13,18 Q-13,-4 0,-4 Q13,-4 13,18 Z" class="visitor-body"/>'
        + text
    )


def trapdoor_shape() -> str:
    return (
        '<rect x="-11" y="-11" width="22" height="22" rx="2" class="trapdoor"/>'
        '<path d="M-11,-4 H11 M-11,4 H11" class="planks"/><circle cx="6" cy="0" r="2" class="ring"/>'
    )


def transition_shape() -> str:
    return (
        '<circle r="12" class="transition"/>'
        '<path d="M-7,-2 A7,7 0 0 1 6,-4 M6,-4 l-4,-1 M6,-4 l1,-4 M7,2 A7,7 0 0 1 -6,4 M-6,4 l4,1 M-6,4 l-1,4" class="swirl"/>'
    )


# --- routes ------------------------------------------------------------------------------------
def route_path(start: str, colour: str, steps: list[str], clock: Timing | None, klass: str) -> str:
    """A route drawn as segments in the colour in use, a dashed arc for each secret passage, a ring
    where the colour changes; with a ``clock`` (the match screen's timing of a move) each step
    appears after the previous one."""
    here, current = parse_cell(start), COLOURS.index(colour)
    parts: list[str] = []
    for i, step in enumerate(steps):
        delay = f' style="{clock.style(i)}"' if clock else ""
        cls = f"seg {klass}" + (" anim-appear" if clock else "")
        if step.startswith("!"):
            current = COLOURS.index(step[1:])
            cx, cy = centre(here)
            parts.append(
                f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="16" class="{cls} change" stroke="{HEX[current]}"{delay}/>'
            )
            continue
        target = parse_cell(step.lstrip("*"))
        (ax, ay), (bx, by) = centre(here), centre(target)
        if step.startswith("*"):
            mx, my = (ax + bx) / 2, (ay + by) / 2 - 60
            d = f"M{ax:.0f},{ay:.0f} Q{mx:.0f},{my:.0f} {bx:.0f},{by:.0f}"
            parts.append(f'<path d="{d}" class="{cls} jump" stroke="{HEX[current]}"{delay}/>')
        else:
            parts.append(
                f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" class="{cls}" stroke="{HEX[current]}"{delay}/>'
            )
        here = target
    return "".join(parts)


def trace_end(start: str, colour: str, steps: list[str]) -> tuple[str, str]:
    """Where a traced route's head is and the colour it is in now."""
    here, current = start, colour
    for step in steps:
        if step.startswith("!"):
            current = step[1:]
        else:
            here = step.lstrip("*")
    return here, current


LANE = 7
"""How far apart (SVG units, on both axes) two seats' revealed routes run, so each stays visible."""
DASHES = ("none", "14 6", "3 6", "14 5 3 5", "7 4", "1 5")
"""Each revealed route's dash pattern, by its group (attributes: the site's CSS is at its budget)."""


def reveal_groups(reveal: list[Any]) -> list[tuple[list[int], dict[str, Any]]]:
    """The revealed routes, each once with the seats it is shortest for (seats with the same wall
    markers are shown the same route), in seat order; seats with no route are left out."""
    groups: list[tuple[list[int], dict[str, Any]]] = []
    for seat, route in enumerate(reveal):
        if not isinstance(route, dict):
            continue
        same = next((g for g in groups if g[1] == route), None)
        if same is None:
            groups.append(([seat], route))
        else:
            same[0].append(seat)
    return groups


def badge(text: str) -> str:
    """A seat's number (or several) on a dark plate, legible over any wall colour."""
    width = 12 + 8 * len(text)
    return (
        f'<rect x="{-width / 2:.0f}" y="-11" width="{width}" height="22" rx="11" fill="#1d1629" stroke="#fff"'
        ' stroke-width="2" stroke-dasharray="none"/><text y="5" fill="#fff" font-size="14" font-weight="700"'
        f' text-anchor="middle">{text}</text>'
    )
