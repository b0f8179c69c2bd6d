"""The Boo! board: Blackrock Castle in SVG, the seats' button zones, and tracing a route.

The castle is drawn by pure functions of the state (:func:`castle_svg`), cached by layout: 9×9 cells
(rooms in each tile's corners, a corridor cross between), walls in six colours each with its own mark
(colour-blind players), the periphery's coats of arms and portraits, special tokens, the ghost, the
visitor, and on top the route being traced or the route just shown.

Play is in real time. Every seat a person plays on this device gets a zone at its own edge of the
screen (raise or lower a hand, "Booo!"); zones act on ``pointerdown`` so several people can press at
once. "Booo!" asks for the starting colour (BO-13); the claimant then traces the route from the ghost
by tapping or dragging through cells (keyboard: arrows from the ghost, C changes colour in a
transition room, Enter shows the route, Esc takes a step back). Arriving in the visitor's room shows
it at once. The trace time is the match's own (:meth:`parlour.games.boo.rules.Boo.due`).

:func:`act` returns ``(seat, move)`` with the move as JSON; its ``t`` is stamped by whoever runs the
match (the device's clock or the network host's).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from parlour.games.boo.castle import (
    COLOURS,
    OPEN,
    STONE,
    Cell,
    build_castle,
    cell_name,
    cell_room,
    components,
    is_room,
    parse_cell,
)
from parlour.web import fit
from parlour.web.boards.boo_help import HELP, HELP_RULES, LESSONS  # noqa: F401  (the help reads them here)
from parlour.web.markup import attrs, button, esc, kept, region, region_of, tag
from parlour.web.play import BoardContext, Timing, move_duration, player_name, still_drawing, timing
from parlour.web.screens import seat_label

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
EDGES = ("bottom", "top", "left", "right")
ZONE_EDGES = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "bottom", "left", "top", "right"),
    6: ("bottom", "bottom", "left", "top", "top", "right"),
}
"""Where each person's zone sits, clockwise from the bottom edge (players sit around a flat tablet)."""
SEAT_ZONES = True
"""Every person at the device has their own zone, usable at the same moment as the others: the match
screen draws no "out of turn" buttons (those hand a shared device over, as Wooly Bully needs)."""
KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


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


# --- words -------------------------------------------------------------------------------------
def seat_name(ctx: BoardContext, seat: int) -> str:
    """The seat's name as the match screen gives it: a network table's or an embed's names, else
    the game's with the computer's level."""
    return player_name(ctx.t, ctx, seat)


def colour_word(t: Any, colour: str) -> str:
    return str(t(f"boo.colour.{colour}"))


def humans_here(ctx: BoardContext) -> list[int]:
    """Seats that people play on this device: every person's seat on one device, only the
    viewer's in a network game."""
    session = ctx.session
    if session is None:
        return [] if ctx.viewer is None else [ctx.viewer]
    return [i for i, s in enumerate(session.seats) if not s.is_ai]


def trace(ctx: BoardContext) -> dict[str, Any] | None:
    """The route being traced on this device (by the claimant), started from the state if needed."""
    state = ctx.state
    if state.claimant is None or state.announced is None or state.claimant not in humans_here(ctx):
        ended = ctx.ui.pop("trace", None)
        if ended and state.claimant is None:  # judged (the time ran out): the seat's buttons are back
            ctx.ui["after"] = [ended["seat"], "booo"]
        return None
    current = ctx.ui.get("trace")
    key = [state.claimant, state.deadline]
    if not current or current.get("key") != key:
        current = {"key": key, "seat": state.claimant, "colour": COLOURS[state.announced], "steps": []}
        ctx.ui["trace"] = current
        ctx.ui["cursor"] = cell_name(state.ghost)
        ctx.ui["focus"] = f"cell-{cell_name(state.ghost)}"  # keyboard tracing starts at the ghost
    return dict(current)


# --- the board ---------------------------------------------------------------------------------
def render(ctx: BoardContext) -> str:
    """The whole play area: seat zones around the castle, the castle, the players' panel."""
    state = ctx.state
    if state.claimant is not None:
        # Someone's "Booo!" was heard first: a colour picker left open elsewhere is closed, or it
        # would come back (and call "Booo!" at a touch) when the search starts again.
        ctx.ui.pop("picking", None)
    live = ctx.interactive
    current = trace(ctx) if live else None
    after = ctx.ui.pop("after", None)
    if live and after and (target := next_control(ctx, int(after[0]), str(after[1]))):
        ctx.ui["focus"] = target
    shown = last_shown(ctx)
    svg = castle_svg(ctx, current, shown)
    here = humans_here(ctx) if live else []
    edges = ZONE_EDGES[max(1, min(6, len(here)))]
    zones: dict[str, list[str]] = {e: [] for e in EDGES}
    for i, seat in enumerate(here):
        zones[edges[i]].append(region_of(seat_zone(ctx, seat, current, edges[i])))
    ctx.layout = layout(ctx, here, current)
    prompt = tag(
        "p", esc(prompt_text(ctx, current)), class_="boo-prompt", id="boo-prompt", aria_live="polite"
    )
    # Regions (markup.region): a bot's action redraws the parts it changed, not the whole table.
    prompt = region_of(prompt)
    middle = tag(
        "div",
        tag("div", "".join(zones["left"]), class_="zones left")
        + tag("div", region("boo-castle", svg), class_="castle-wrap")
        + tag("div", "".join(zones["right"]), class_="zones right"),
        class_="boo-middle",
    )
    return region_of(
        tag(
            "div",
            tag("div", "".join(zones["top"]), class_="zones top")
            + prompt
            # Next to the castle, never under the fold: beside it on a wide screen, else over it.
            + explanation(ctx, shown)
            + middle
            + tag("div", "".join(zones["bottom"]), class_="zones bottom")
            + region("boo-players", players_panel(ctx))
            + legend(ctx),
            # Three people or more at one device: a phone stacks each zone's buttons (app.css).
            class_="boo-table crowded" if len(here) >= 3 else "boo-table",
            id="boo-table",
            data_round=state.round,
            data_claimant="" if state.claimant is None else state.claimant,
        )
    )


def castle_svg(ctx: BoardContext, current: dict[str, Any] | None, shown: Any = False) -> str:
    """The castle and everything on it; ``shown`` is :func:`last_shown`'s (worked out here when
    not given)."""
    state, t = ctx.state, ctx.t
    room = state.visitor_room
    compact = bool(ctx.ui.get("compact"))
    cls = "boo-castle" + ("" if ctx.animate else " no-anim") + (" tracing" if current else "")
    view = (
        f"{MARGIN - RIM} {MARGIN - RIM} {SIZE * CELL + 2 * RIM} {SIZE * CELL + 2 * RIM}"
        if compact
        else f"0 0 {VIEW} {VIEW}"
    )
    head = (
        f'<svg viewBox="{view}" class="{cls}" id="boo-castle" role="grid" aria-label="{esc(t("boo.label.castle"))}"'
        f' data-visitor="{state.visitor or ""}" data-ghost="{cell_name(state.ghost)}"'
        f' data-visitor-room="{cell_name(room) if room else ""}"'
        f' data-arrangement="{",".join(map(str, state.arrangement))}"'
        f' data-trapdoors="{",".join(cell_name(c) for c in state.trapdoors)}"'
        f' data-transitions="{",".join(cell_name(c) for c in state.transitions)}">'
    )
    if ctx.still:
        return still_drawing(head, defs())
    if shown is False:
        shown = last_shown(ctx)
    comps = components()
    names = (*comps.arms, *comps.portraits)
    labels = (
        tuple(t(f"boo.arms.{a}") for a in comps.arms)
        + tuple(t(f"boo.portrait.{p}") for p in comps.portraits)
        + tuple(t(f"boo.short.{n}") for n in names)
    )
    # The castle's walls and rim do not change during a match: the page keeps them drawn (markup.kept).
    key = f"{hash((state.arrangement, labels, compact)) & 0xFFFFFFFF:x}"
    layer = castle_layer(state.arrangement, t("boo.name"), labels, compact)
    parts = [kept("boo-castle-layer", key, defs() + layer)]
    big = ' transform="scale(1.35)"' if compact else ""  # pieces a small castle still shows clearly
    px = ctx.ui.get("board_px")
    numbered = fit.legible(13 * (1.35 if compact else 1), SIZE * CELL + 2 * RIM if compact else VIEW, px)
    # Regions (markup.region): the tokens under the cells, the cells, the visitor and route over
    # them, the ghost: a redraw replaces only those that changed.
    marks: list[str] = []
    if room is not None:
        # BO-7: the visitor's coat of arms and portrait show where it goes.
        column, row = cell_room(room)
        if not compact:  # lit copies over the castle's own: a <style> here restyled the whole page
            marks += periphery(column, labels, "arms", True) + periphery(row, labels, "portrait", True)
        x, y = origin(room)
        marks.append(
            f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="8" class="visitor-room"/>'
        )
    parts.append(region("boo-marks", f'<g id="boo-marks">{"".join(marks)}</g>'))
    # The special tokens stay where they are for the whole match: their own region is never redrawn
    # when a visitor leaves (it was 800 of the 1,100 characters of the visitor's marks).
    tokens: list[str] = []
    for cell in state.trapdoors:
        x, y = origin(cell)
        tokens.append(
            f'<g transform="translate({x + 16},{y + 16})" class="token" aria-hidden="true"><g{big}>{trapdoor_shape()}</g></g>'
        )
    for cell in state.transitions:
        x, y = origin(cell)
        tokens.append(
            f'<g transform="translate({x + 16},{y + 16})" class="token" aria-hidden="true"><g{big}>{transition_shape()}</g></g>'
        )
    parts.append(region("boo-tokens", f'<g id="boo-tokens">{"".join(tokens)}</g>'))
    parts.append(region_of(cells_grid(ctx, current)))
    over: list[str] = []
    if room is not None and state.visitor is not None:
        cx, cy = centre(room)
        label = t("boo.a11y.visitor", visitor=state.visitor, room=cell_name(room))
        over.append(
            f'<g transform="translate({cx + 12:.0f},{cy + 6:.0f})" class="visitor" role="img" aria-label="{esc(label)}"><g{big}>{visitor_shape(state.visitor, numbered)}</g></g>'
        )
    over.append(shown_layer(ctx, shown))
    parts.append(region("boo-over", f'<g id="boo-over">{"".join(over)}</g>'))
    if current is not None:
        parts.append(region_of(traced_layer(ctx, current)))
    gx, gy = centre(state.ghost)
    moved = ghost_moved(ctx, shown)
    style = ""
    if moved is not None:
        fx, fy = centre(parse_cell(moved[0]))
        style = f' style="--dx:{fx - gx:.0f}px;--dy:{fy - gy:.0f}px;--delay:{moved[1]}ms"'
    label = t("boo.a11y.ghost", room=cell_name(state.ghost))
    ghost = (
        f'<g transform="translate({gx - 8:.0f},{gy - 4:.0f})" class="boo-ghost" id="boo-ghost" role="img" aria-label="{esc(label)}">'
        f'<g class="{"anim" if moved else ""}"{style}>{ghost_shape(1.1 if compact else 0.8)}</g></g>'
    )
    parts.append(region("boo-ghost", ghost))
    return head + "".join(parts) + "</svg>"


def traced_layer(ctx: BoardContext, current: dict[str, Any]) -> str:
    """The route being traced, with a ring on its head in the colour in use."""
    start = cell_name(ctx.state.ghost)
    path = route_path(start, current["colour"], current["steps"], None, "trace")
    head, colour = trace_end(start, current["colour"], current["steps"])
    hx, hy = centre(parse_cell(head))
    ring = f'<circle cx="{hx:.0f}" cy="{hy:.0f}" r="22" class="head" stroke="{HEX[COLOURS.index(colour)]}"/>'
    return f'<g class="traced" id="boo-traced" aria-hidden="true">{path}{ring}</g>'


def patch(ctx: BoardContext) -> dict[str, str] | None:
    """What a step of the route being traced changes (by element id): the route, the cells (the
    cursor, "on the route") and the claimant's zone. The app redraws only these: a tap while
    tracing must show at once (issue #11: tap → redraw p95 ≤ 50 ms). ``None``: redraw everything."""
    current = trace(ctx) if ctx.interactive else None
    if current is None:
        return None
    here = humans_here(ctx)
    seat = int(current["seat"])
    edge = ZONE_EDGES[max(1, min(6, len(here)))][here.index(seat)]
    parts = {
        "boo-traced": traced_layer(ctx, current),
        f"boo-zone-{seat}": seat_zone(ctx, seat, current, edge),
    }
    was = ctx.ui.pop("was", None)
    if was is None:
        parts["boo-cells"] = cells_grid(ctx, current)
        return parts
    # Only the rows whose cells changed (the cursor, on the route or not): a step redrew all 81
    # cells, 14 KB of SVG for the page to parse, for the one or two that changed.
    cursor = ctx.ui.get("cursor", cell_name(ctx.state.ghost))
    cells = on_route(was[1]) ^ on_route(current["steps"]) | {was[0], cursor}
    for y, row in grid_rows(ctx, current, {parse_cell(cell)[1] for cell in cells}).items():
        parts[f"boo-row-{y}"] = row
    return parts


def on_route(steps: list[str]) -> set[str]:
    """The cells a traced route passes (its colour changes are not cells)."""
    return {s.lstrip("*") for s in steps if not s.startswith("!")}


def cells_grid(ctx: BoardContext, current: dict[str, Any] | None) -> str:
    """The 81 cells as a grid of rows for keyboard and screen readers; transparent hit areas."""
    # Pressed and dragged through while a route is traced: said once on the grid, so a trace
    # starting or ending sets the grid's attributes instead of drawing its 81 cells again (16 KB).
    press = ' data-press="1" data-drag="1"' if current is not None else ""
    # Each row a region: a new visitor or a moved cursor redraws the rows it changed.
    rows = "".join(region(f"boo-row-{y}", row) for y, row in grid_rows(ctx, current, range(SIZE)).items())
    return f'<g class="cells" id="boo-cells"{press}>{rows}</g>'


def grid_rows(ctx: BoardContext, current: dict[str, Any] | None, wanted: Iterable[int]) -> dict[int, str]:
    """The grid's rows ``wanted`` (by y, in order): each row's element. Made with plain strings (a
    redraw makes all 81 cells: this was over half of the board's drawing time)."""
    state, t = ctx.state, ctx.t
    cursor = ctx.ui.get("cursor", cell_name(state.ghost))
    on_path = on_route(current["steps"]) if current is not None else set()
    room, corridor = (esc(t(key, cell="\0")) for key in ("boo.a11y.room", "boo.a11y.corridor"))
    extra: dict[tuple[int, int], list[str]] = {}
    for cell, key in (
        (state.ghost, "boo.ghost"),
        (state.visitor_room, "boo.visitor"),
        *((c, "boo.special.trapdoor") for c in state.trapdoors),
        *((c, "boo.special.transition") for c in state.transitions),
    ):
        if cell is not None:
            extra.setdefault(cell, []).append(esc(t(key)))
    said_on_route = esc(t("boo.a11y.on-route"))
    rows = {}
    for y in sorted(wanted):
        cells = []
        for x in range(SIZE):
            cell = (x, y)
            name = cell_name(cell)
            ox, oy = origin(cell)
            words = [(room if is_room(cell) else corridor).replace("\0", name), *extra.get(cell, ())]
            klass = "cell"
            if name in on_path:
                words.append(said_on_route)
                klass = "cell on-route"
            tab = 0 if name == cursor else -1
            cells.append(
                f'<g class="{klass}" id="cell-{name}" role="gridcell" tabindex="{tab}" data-action="cell"'
                f' data-arg="{name}" aria-label="{", ".join(words)}">'
                f'<rect x="{ox}" y="{oy}" width="{CELL}" height="{CELL}"/></g>'
            )
        rows[y] = f'<g role="row" id="boo-row-{y}">{"".join(cells)}</g>'
    return rows


def ghost_moved(ctx: BoardContext, shown: dict[str, Any] | None) -> tuple[str, int] | None:
    """Where the ghost came from in the last events and when it sets off: once the route it took,
    or every revealed route, is drawn."""
    if not ctx.animate:
        return None
    for event in ctx.events:
        if event.kind == "ghost-moved":
            routes = [event.data.get("route"), *((shown or {}).get("reveal") or [])]
            steps = max(len(r["steps"]) if isinstance(r, dict) else 0 for r in routes)
            return str(event.data["from"]), move_duration(steps, ctx.speed)
    return None


def last_shown(ctx: BoardContext) -> dict[str, Any] | None:
    """What the castle shows of the last claim or search: ``{"from": the ghost's room then, and
    "claim" (a right claim's route), "wrong" (a wrong one's) or "reveal" (BO-17, BO-D3: each seat's
    shortest route or ``None``), "fresh": drawn for the first time (animated)}``.

    A visitor's end (a right claim, the hands' reveal) comes with the next visitor at once, so the
    live table keeps it drawn (``ui["shown"]``) until someone calls "Booo!" (they trace on the
    castle), the next visitor's search ends, or a player hides it: every player, at one device,
    against bots or over the network, has time to look, and the match's clock is left alone."""
    state, ui = ctx.state, ctx.ui
    start = next((str(e.data["from"]) for e in ctx.events if e.kind == "ghost-moved"), cell_name(state.ghost))
    found: dict[str, Any] | None = None
    for event in ctx.events:
        if event.kind == "visitor-discarded":
            found = {"reveal": list(event.data.get("reveal") or [])}
        elif event.kind in ("claim", "claim-wrong") and isinstance(event.data.get("route"), dict):
            found = {"claim" if event.kind == "claim" else "wrong": event.data["route"]}
    live = ctx.replay is None
    if found is not None:
        found["from"] = start
        if live and "wrong" not in found:
            ui["shown"] = {**found, "round": state.round}
        elif live:
            ui.pop("shown", None)
        return {**found, "fresh": True}
    kept = ui.get("shown") if live else None
    if not kept:
        return None
    if (
        kept.get("round") != state.round
        or state.claimant is not None
        or any(e.kind != "hand" for e in ctx.events)
    ):
        ui.pop("shown", None)  # the next visitor, or a "Booo!": a hand changes nothing on the castle
        return None
    return {**kept, "fresh": False}


def shown_layer(ctx: BoardContext, shown: dict[str, Any] | None) -> str:
    """The route just shown (a claim, right or wrong) or the end-of-search reveal, animated step by
    step (the match screen's timing) the first time it is drawn."""
    if not shown:
        return ""
    animate = bool(shown["fresh"]) and ctx.animate
    if "reveal" in shown:
        return reveal_layer(ctx, shown["from"], shown["reveal"], animate)
    route = shown.get("claim") or shown["wrong"]
    clock = timing(len(route["steps"]), ctx.speed) if animate else None
    klass = "claimed" if "claim" in shown else "wrong"
    path = route_path(shown["from"], route["colour"], list(route["steps"]), clock, klass)
    return f'<g class="shown-route" aria-hidden="true">{path}</g>'


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


def route_words(ctx: BoardContext, seat: int, route: dict[str, Any]) -> str:
    """ "Anna: 7 steps, starting in red" (a colour change is no step)."""
    steps = sum(1 for s in route["steps"] if not s.startswith("!"))
    return str(
        ctx.t(
            "boo.reveal.route",
            player=seat_name(ctx, seat),
            count=steps,
            colour=colour_word(ctx.t, route["colour"]),
        )
    )


def reveal_layer(ctx: BoardContext, start: str, reveal: list[Any], animate: bool) -> str:
    """Every revealed route on the castle at once, in the claim's style (its walls' colours, arcs
    for secret passages, rings at colour changes), each seat's group in a lane of its own with its
    own dash pattern (:data:`DASHES`, colour-blind players) and a badge with its seats' numbers
    part way along; named for a screen reader by seat, length and starting colour."""
    groups = reveal_groups(reveal)
    out = []
    for k, (seats, route) in enumerate(groups):
        steps = list(route["steps"])
        clock = timing(len(steps), ctx.speed) if animate else None
        shift = (k - (len(groups) - 1) / 2) * LANE
        cells = [i for i, s in enumerate(steps) if not s.startswith("!")]
        at = cells[max(0, len(cells) * (k + 1) // (len(groups) + 1) - 1)] if cells else -1
        x, y = centre(parse_cell(start if at < 0 else steps[at].lstrip("*")))
        style = f' style="{clock.style(at)}"' if clock and at >= 0 else ""
        label = "; ".join(route_words(ctx, s, route) for s in seats)
        out.append(
            f'<g class="reveal r{k}" id="boo-revealed-{k}" role="img" aria-label="{esc(label)}"'
            f' data-seats="{",".join(map(str, seats))}" stroke-dasharray="{DASHES[k]}"'
            f' transform="translate({shift:.0f},{shift:.0f})">'
            + route_path(start, route["colour"], steps, clock, "revealed")
            + f'<g transform="translate({x:.0f},{y:.0f})"><g class="badge{" anim-appear" if style else ""}"{style}>'
            + badge("·".join(str(s + 1) for s in seats))
            + "</g></g></g>"
        )
    return "".join(out)


def badge(text: str) -> str:
    """A seat's number (or several) on a dark plate, legible over any wall colour."""
    width = 12 + 8 * len(text)
    return (
        f'<rect x="{-width / 2:.0f}" y="-11" width="{width}" height="22" rx="11" fill="#1d1629" stroke="#fff"'
        ' stroke-width="2" stroke-dasharray="none"/><text y="5" fill="#fff" font-size="14" font-weight="700"'
        f' text-anchor="middle">{text}</text>'
    )


# --- zones and panels ----------------------------------------------------------------------------
def locked_out(ctx: BoardContext, seat: int) -> bool:
    """Whether ``seat``'s Booo! is greyed by its lock-out after a wrong claim (BO-D2), by the match's
    clock: the device's own, or over the network the host's counted on from its latest view (the
    host still judges: a claim it finds too early is refused, not punished)."""
    clock = ctx.ui.get("clock")
    return isinstance(clock, int) and ctx.state.locked_until[seat] > clock


def next_control(ctx: BoardContext, seat: int, wanted: str) -> str | None:
    """Where the keyboard focus goes after ``seat``'s own action, once the match has played it: the
    button it pressed, turned (raise hand / lower hand), or after a claim the seat's Booo! for the
    next search (its hand while Booo! is greyed). ``None``: the focus is taken elsewhere (the route
    traced from the ghost, the colours, the end of the game) or the seat has no buttons here. Without
    this the pressed button is gone from the page and the focus with it (issue #11)."""
    state = ctx.state
    if state.winners is not None or state.claimant is not None or seat not in humans_here(ctx):
        return None
    if seat in ctx.ui.get("picking", []):
        return None
    hand = f"boo-lower-{seat}" if state.hands[seat] else f"boo-hand-{seat}"
    if wanted == "booo" and not locked_out(ctx, seat):
        return f"boo-booo-{seat}"
    return hand


def layout(ctx: BoardContext, here: list[int], current: dict[str, Any] | None) -> str:
    """What the seats' zones ask of a small frame (:attr:`BoardContext.layout`, as
    :func:`seat_zone` draws them): a colour to choose (a route's first, Booo! pressed, or a change
    at a transition room) or a route being traced."""
    state = ctx.state
    if state.winners is not None:
        return ""
    if state.claimant is None:
        return "choose" if any(seat in ctx.ui.get("picking", []) for seat in here) else ""
    if current is None or state.claimant not in here:
        return ""
    head, _colour = trace_end(cell_name(state.ghost), current["colour"], current["steps"])
    return "choose" if parse_cell(head) in state.transitions else "trace"


def seat_zone(ctx: BoardContext, seat: int, current: dict[str, Any] | None, edge: str) -> str:
    """One person's buttons at their edge: hand, Booo!, the colour choice, the tracing controls."""
    state, t = ctx.state, ctx.t
    name = tag("strong", esc(seat_name(ctx, seat)), class_="zone-name")
    body = ""
    picking = seat in ctx.ui.get("picking", [])
    tracing = state.winners is None and state.claimant == seat and current is not None
    if state.winners is not None:
        body = ""
    elif state.claimant is not None:
        if state.claimant == seat and current is not None:
            body = trace_controls(ctx, seat, current)
        else:
            body = tag("span", esc(t("boo.zone.wait", player=seat_name(ctx, state.claimant))), class_="muted")
    elif picking:
        held = state.walls_of(seat)
        for c, colour in enumerate(COLOURS):
            body += zone_button(
                t,
                colour_chip(c) + tag("span", esc(colour_word(t, colour)), class_="word"),
                "boo-colour",
                f"{seat}:{colour}",
                f"boo-colour-{seat}-{colour}",
                disabled=c in held,
                cls=f"colour c-{colour}",
            )
        body += zone_button(t, esc(t("boo.action.cancel")), "boo-cancel", seat, f"boo-cancel-{seat}")
        body = tag("span", esc(t("boo.zone.pick")), class_="zone-ask") + body
    else:
        clock = ctx.ui.get("clock")
        locked = locked_out(ctx, seat)
        hand = "boo-lower" if state.hands[seat] else "boo-hand"
        body += zone_button(
            t, esc(t("boo.lower" if state.hands[seat] else "boo.hand")), hand, seat, f"{hand}-{seat}"
        )
        booo_label, left = esc(t("boo.booo")), None
        if locked:
            wait = max(0, state.locked_until[seat] - int(clock or 0))
            booo_label += tag("span", "", class_="lock", style=f"animation-duration:{wait}ms")
            left = t("boo.label.time-left", count=-(-wait // 1000))  # BO-D2: the lock-out's time
        body += zone_button(t, booo_label, "boo-booo", seat, f"boo-booo-{seat}", locked, "primary booo", left)
    return tag(
        "div",
        name + tag("div", body, class_="zone-buttons"),
        class_=f"zone edge-{edge}" + (" tracing" if tracing else " picking" if picking else ""),
        id=f"boo-zone-{seat}",
        data_seat=seat,
        role="group",
        aria_label=seat_name(ctx, seat),
    )


def zone_button(
    t: Any,
    label: str,
    action: str,
    arg: Any,
    id_: str,
    disabled: bool = False,
    cls: str = "",
    title: str | None = None,
) -> str:
    return (
        f"<button{attrs(type='button', data_action=action, data_arg=arg, data_press='1', id=id_, disabled=disabled, class_=cls or None, title=title)}>"
        f"{label}</button>"
    )


def colour_chip(c: int) -> str:
    return (
        f'<svg viewBox="-10 -10 20 20" class="chip" aria-hidden="true"><circle r="9.5" fill="{HEX[c]}"/>'
        f'<g class="mark">{MARKS[c]}</g></svg>'
    )


def trace_controls(ctx: BoardContext, seat: int, current: dict[str, Any]) -> str:
    state, t = ctx.state, ctx.t
    start = cell_name(state.ghost)
    head, colour = trace_end(start, current["colour"], current["steps"])
    remaining = max(0, state.deadline - ctx.ui.get("clock", state.now))
    timer = tag(
        "div",
        tag(
            "div",
            tag("span", "", class_="timer-bar", style=f"animation-duration:{remaining}ms"),
            class_="timer",
        )
        + seconds_left(t, remaining),
        class_="timer-box",
        role="timer",
        aria_label=t("boo.label.time-left", count=remaining // 1000),
    )
    out = tag(
        "span",
        colour_chip(COLOURS.index(colour)) + esc(t("boo.zone.tracing", colour=colour_word(t, colour))),
        class_="zone-ask",
    )
    out += timer
    if parse_cell(head) in state.transitions:
        held = state.walls_of(seat)
        for c, name in enumerate(COLOURS):
            if name != colour:
                out += zone_button(
                    t,
                    colour_chip(c) + esc(colour_word(t, name)),
                    "boo-change",
                    name,
                    f"boo-change-{name}",
                    disabled=c in held,
                    cls="colour small",
                )
    out += zone_button(
        t, esc(t("boo.action.step-back")), "boo-back", seat, "boo-back", disabled=not current["steps"]
    )
    out += zone_button(t, esc(t("boo.action.show")), "boo-show", seat, "boo-show", cls="primary")
    return out


def seconds_left(t: Any, remaining: int) -> str:
    """The trace's time left in words on screen ("12 seconds left"), counting down with no redraw:
    one line a second, each shown by a CSS animation during its own second (``.second``), in the
    catalogue's plural for its number. The timer's label says it to a screen reader."""
    whole = -(-remaining // 1000)  # the number shown now: 2.4 s left reads "3 seconds left"
    first = remaining - (whole - 1) * 1000  # how long that first number stays
    lines = []
    for count in range(whole, 0, -1):
        delay = 0 if count == whole else first + (whole - 1 - count) * 1000
        length = first if count == whole else 1000
        style = f"animation-delay:{delay}ms;animation-duration:{length}ms"
        lines.append(tag("span", esc(t("boo.label.time-left", count=count)), class_="second", style=style))
    lines.append(
        tag(
            "span",
            esc(t("boo.label.time-left", count=0)),
            class_="second last",
            style=f"animation-delay:{remaining}ms",
        )
    )
    return tag("span", "".join(lines), class_="seconds", aria_hidden="true")


HAND = (
    '<path d="M7.8 12V5.2M10.9 11.5V3.6M14 11.5V4.2M17 12.6V6.8M6.6 15.6 4.3 12.3" fill="none" stroke="currentColor"'
    ' stroke-width="2.7" stroke-linecap="round"/><path d="M6.3 11h12v5a6 6 0 0 1-12 0z"/>'
)
"""A raised hand as SVG: the emoji ✋ is missing from many devices' fonts (an empty box here)."""


def hand_icon(name: str) -> str:
    """A raised hand named ``name`` for screen readers (the words beside it are hidden from them)."""
    return tag("svg", HAND, viewBox="0 0 24 24", class_="hand-icon", role="img", aria_label=name)


def players_panel(ctx: BoardContext) -> str:
    """Everything the table shows openly: each seat's wall tiles, visitors, hand; the stack and reserve."""
    state, t = ctx.state, ctx.t
    rows = []
    for seat in range(state.players):
        chips = "".join(colour_chip(c) for c in state.walls_of(seat))
        walls = [colour_word(t, COLOURS[c]) for c in state.walls_of(seat)]
        status = []
        if state.claimant == seat:
            status.append(t("boo.status.tracing"))
        if seat == state.first:
            status.append(t("boo.status.first"))
        words = (
            t("boo.count.visitors", count=len(state.captured[seat]))
            + " · "
            + t("boo.count.walls", count=len(walls))
        )
        rows.append(
            tag(
                "li",
                tag("span", esc(seat_name(ctx, seat)), class_="who")
                + (hand_icon(t("boo.status.hand")) if state.hands[seat] else "")
                + tag(
                    "span",
                    chips,
                    class_="chips",
                    aria_label=", ".join(walls) or None,
                    role="img" if walls else None,
                )
                + tag("span", esc(words), class_="counts")
                + (tag("span", esc(" · ".join(status)), class_="status-words") if status else "")
                + (
                    tag("span", esc(t("boo.status.hand")), class_="status-words", aria_hidden="true")
                    if state.hands[seat]
                    else ""
                ),
                data_seat=seat,
                data_walls=",".join(COLOURS[c] for c in state.walls_of(seat)),
                class_="hand-up" if state.hands[seat] else None,
            )
        )
    reserve = [c for c, h in enumerate(state.markers) if h == -1]
    foot = t("boo.count.stack", count=len(state.stack)) + " · " + t("boo.reserve") + ": "
    foot_markup = esc(foot) + tag(
        "span",
        "".join(colour_chip(c) for c in reserve),
        class_="chips",
        role="img",
        aria_label=", ".join(colour_word(t, COLOURS[c]) for c in reserve) or "—",
    )
    return tag(
        "section",
        tag("ul", "".join(rows), class_="boo-players")
        + tag("p", foot_markup, class_="boo-stack", id="boo-stack"),
        class_="boo-panel",
        id="boo-players",
        aria_label=t("boo.label.players"),
    )


def legend(ctx: BoardContext) -> str:
    """What the short names on the castle's edges are (a newcomer could not tell): the coats of
    arms naming the columns, the portraits naming the rows, each with its whole name as a title;
    none on a small castle, which has no edges drawn."""
    if ctx.ui.get("compact"):
        return ""
    t, comps = ctx.t, components()

    def names(kind: str, keys: tuple[str, ...]) -> str:
        return ", ".join(tag("abbr", esc(t(f"boo.short.{k}")), title=t(f"boo.{kind}.{k}")) for k in keys)

    text = esc(t("boo.legend", arms="\0a", portraits="\0p"))
    text = text.replace("\0a", names("arms", comps.arms)).replace("\0p", names("portrait", comps.portraits))
    return region_of(tag("p", text, class_="muted boo-legend", id="boo-legend"))


def explanation(ctx: BoardContext, shown: dict[str, Any] | None) -> str:
    """Words for what just happened that a picture does not say: why a claim was wrong, the reveal."""
    t = ctx.t
    out = []
    for event in ctx.events:
        if event.kind == "claim-wrong":
            params = dict(event.data.get("params") or {})
            for key in ("colour", "wall"):
                if key in params:
                    params[key] = colour_word(t, str(params[key]))
            why = t(str(event.data["code"]), **params)
            who = seat_name(ctx, int(event.data["player"]))
            rule = str(event.data.get("rule") or "")
            link = (
                tag("a", esc(t("boo.label.rule")), href=f"#/boo/rules?rule={rule}", class_="rule-link")
                if rule
                else ""
            )
            out.append(
                tag(
                    "p",
                    esc(t("boo.wrong.why", player=who, why=why)) + " " + link,
                    class_="boo-why",
                    id="boo-why",
                    role="status",
                )
            )
    if shown and "reveal" in shown:
        out.append(reveal_panel(ctx, shown["reveal"]))
    # One box, always there (empty: not shown), so that the layout can put it by the castle.
    return region_of(tag("div", "".join(map(region_of, out)), class_="boo-said", id="boo-said"))


def reveal_panel(ctx: BoardContext, reveal: list[Any]) -> str:
    """The reveal in words, each seat beside its route's lane and badge as the castle draws them,
    and a button that hides the routes (they stay drawn until a "Booo!" or the next visitor)."""
    t = ctx.t
    lane = {s: k for k, (seats, _) in enumerate(reveal_groups(reveal)) for s in seats}
    items = []
    for seat, route in enumerate(reveal):
        if isinstance(route, dict):
            sample = (
                f'<svg viewBox="0 0 56 24" width="56" height="24" style="flex:none" class="reveal"'
                f' stroke-dasharray="{DASHES[lane[seat]]}" aria-hidden="true">'
                f'<line x1="4" y1="12" x2="52" y2="12" class="seg revealed" stroke="{HEX[COLOURS.index(route["colour"])]}"/>'
                f'<g transform="translate(28,12)" class="badge">{badge(str(seat + 1))}</g></svg>'
            )
            # A phone shows the count alone beside the lane and badge (app.css); the words stay read.
            steps = sum(1 for s in route["steps"] if not s.startswith("!"))
            short = tag("span", esc(t("boo.reveal.steps", count=steps)), class_="short", aria_hidden="true")
            items.append(
                tag("li", sample + tag("span", esc(route_words(ctx, seat, route)), class_="long") + short)
            )
        else:
            items.append(tag("li", esc(t("boo.reveal.none", player=seat_name(ctx, seat)))))
    hide = button(t("boo.reveal.hide"), "boo-hide", id="boo-hide") if ctx.replay is None else ""
    return tag(
        "div",
        tag("p", esc(t("boo.reveal.title"))) + tag("ul", "".join(items)) + hide,
        class_="boo-reveal",
        id="boo-reveal",
        role="status",
    )


def pending(t: Any, game: Any, state: Any) -> str:
    """What the table is doing, said to an onlooker (an embed's status line): Boo! has no turns,
    everyone searches at once, so never "Player 1 to play" but the visitor searched for, or who is
    showing a route; ``""`` once the game is over."""
    if state.winners is not None:
        return ""
    if state.claimant is not None:
        return str(t("boo.zone.wait", player=seat_label(t, "boo", state.claimant)))
    return str(t("boo.pending.search", visitor=state.visitor)) if state.visitor is not None else ""


def prompt_text(ctx: BoardContext, current: dict[str, Any] | None) -> str:
    state, t = ctx.state, ctx.t
    if state.winners is not None or ctx.replay is not None:
        return ""  # a moment of the log: the turn region says which, with "Back to the game"
    if current is not None:
        return t("boo.prompt.trace", player=seat_name(ctx, current["seat"]))
    if state.claimant is not None:
        return t("boo.zone.wait", player=seat_name(ctx, state.claimant))
    return t("boo.prompt.search", visitor=state.visitor)


# --- input ---------------------------------------------------------------------------------------
def act(ctx: BoardContext, action: str, arg: str) -> tuple[int, dict[str, Any]] | None:
    """``(seat, move JSON)`` to play, or ``None`` after a change on this device only."""
    state = ctx.state
    if action == "boo-hide":  # the revealed routes, off the castle: focus goes to the castle's cursor
        ctx.ui.pop("shown", None)
        ctx.ui["focus"] = f"cell-{ctx.ui.get('cursor', cell_name(state.ghost))}"
        return None
    v = state.visitor
    here = humans_here(ctx)
    current = trace(ctx)
    if action in ("boo-hand", "boo-lower", "boo-booo", "boo-cancel"):
        seat = int(arg)
        if seat not in here:
            return None
        picking = [s for s in ctx.ui.get("picking", []) if s != seat]
        if action == "boo-booo":
            picking.append(seat)
            # The Booo! button gives way to the colours: a keyboard player goes on from the first
            # colour they may announce (a colour whose wall marker lies before them is greyed, BO-15).
            held = state.walls_of(seat)
            free = [c for i, c in enumerate(COLOURS) if i not in held]
            ctx.ui["focus"] = f"boo-colour-{seat}-{free[0]}" if free else f"boo-cancel-{seat}"
        elif action == "boo-cancel":
            ctx.ui["focus"] = f"boo-booo-{seat}"  # the colours give way to Booo! again
        ctx.ui["picking"] = picking
        if action in ("boo-hand", "boo-lower"):
            ctx.ui["after"] = [seat, "hand"]  # the button pressed turns into its opposite
            return seat, {"k": action[4:], "t": 0, "v": v}
        return None
    if action == "boo-colour":
        seat_text, _, colour = arg.partition(":")
        seat = int(seat_text)
        if seat not in here or colour not in COLOURS:
            return None
        ctx.ui["picking"] = []
        # Tracing starts at the ghost (``trace``); a colour in front of the seat is wrong at once.
        ctx.ui["after"] = [seat, "booo"]
        return seat, {"k": "booo", "t": 0, "c": colour, "v": v}
    if current is None:
        if action == "key" and arg in KEYS:
            move_cursor(ctx, arg)
        return None
    seat = int(current["seat"])
    steps = list(current["steps"])
    start = cell_name(state.ghost)
    head, colour = trace_end(start, current["colour"], steps)
    if action == "key":
        if arg in KEYS:
            x, y = parse_cell(head)
            dx, dy = KEYS[arg]
            if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
                action, arg = "cell", cell_name((x + dx, y + dy))
        elif arg in ("c", "C"):
            if parse_cell(head) in state.transitions:
                held = state.walls_of(seat)
                order = [c for c in COLOURS if COLOURS.index(c) not in held]
                if order:
                    after = order[(order.index(colour) + 1) % len(order)] if colour in order else order[0]
                    action, arg = "boo-change", after
        elif arg == "Enter":
            action = "boo-show"
        elif arg in ("Escape", "Backspace"):
            action = "boo-back"
        if action == "key":  # off the castle's edge, C away from a transition: no step, but the
            ctx.ui["focus"] = f"cell-{head}"  # redrawn castle must not drop the focus to the page
            return None
    if action == "boo-back":
        if steps:
            steps.pop()
        keep(ctx, current, steps, start)
        return None
    if action == "boo-show":
        ctx.ui["after"] = [seat, "booo"]
        return seat, claim(steps, current["colour"], v)
    if action == "boo-change" and arg in COLOURS:
        if parse_cell(head) in state.transitions and arg != colour:
            if steps and steps[-1].startswith("!"):
                steps.pop()  # another colour in the same room replaces the change (C pressed on)
            if arg != trace_end(start, current["colour"], steps)[1]:
                steps.append("!" + arg)  # back to the colour before: no change at all
        keep(ctx, current, steps, start)
        return None
    if action == "cell":
        target = parse_cell(arg)
        here_cell = parse_cell(head)
        previous = trace_end(start, current["colour"], steps[:-1])[0] if steps else None
        if steps and arg == previous and not steps[-1].startswith("!"):
            steps.pop()  # tapping back where the head came from takes the step back
        elif abs(target[0] - here_cell[0]) + abs(target[1] - here_cell[1]) == 1:
            steps.append(arg)
        elif here_cell in state.trapdoors and target in state.trapdoors and target != here_cell:
            steps.append("*" + arg)
        elif (nearer := toward(here_cell, target)) is not None:
            target, arg = nearer, cell_name(nearer)  # a tap beyond the next cell: one step its way
            steps.append(arg)
        else:
            return None
        if target == state.visitor_room and steps and steps[-1].lstrip("*") == arg:
            ctx.ui.pop("trace", None)
            ctx.ui["after"] = [seat, "booo"]
            return seat, claim(steps, current["colour"], v)  # scared on arrival: shown at once
        keep(ctx, current, steps, start)
        return None
    return None


def toward(head: Cell, tapped: Cell) -> Cell | None:
    """The head's neighbour in the direction of a tap further off along its row or column, give or
    take one cell across (a phone's castle cells are under 30 px: a finger that lands past the
    next cell, or a cell beside the line, still makes the step it meant); ``None`` when the
    direction is unclear (a diagonal)."""
    dx, dy = tapped[0] - head[0], tapped[1] - head[1]
    if abs(dx) >= 2 and abs(dy) <= 1:
        return (head[0] + (1 if dx > 0 else -1), head[1])
    if abs(dy) >= 2 and abs(dx) <= 1:
        return (head[0], head[1] + (1 if dy > 0 else -1))
    return None


def keep(ctx: BoardContext, current: dict[str, Any], steps: list[str], start: str) -> None:
    """Remember the traced steps; the keyboard cursor and focus follow the route's head. What the
    page showed before (the cursor, the steps) is kept for :func:`patch` to redraw only the rows
    that changed."""
    ctx.ui["was"] = [ctx.ui.get("cursor", start), current["steps"]]
    ctx.ui["trace"] = {**current, "steps": steps}
    head = trace_end(start, current["colour"], steps)[0]
    ctx.ui["cursor"] = head
    ctx.ui["focus"] = f"cell-{head}"
    return None


def claim(steps: list[str], colour: str, visitor: int | None) -> dict[str, Any]:
    return {"k": "claim", "t": 0, "route": {"colour": colour, "steps": steps}, "v": visitor}


def move_cursor(ctx: BoardContext, key: str) -> None:
    x, y = parse_cell(ctx.ui.get("cursor", cell_name(ctx.state.ghost)))
    dx, dy = KEYS[key]
    cell = cell_name((min(max(x + dx, 0), SIZE - 1), min(max(y + dy, 0), SIZE - 1)))
    ctx.ui["cursor"] = cell
    ctx.ui["focus"] = f"cell-{cell}"


# --- an embed's try-it ---------------------------------------------------------------------------
def verdict(ctx: BoardContext, events: list[Any]) -> tuple[bool, str, str] | None:
    """An embed's try-it ends when the viewer shows a route: ``(right, why not in words, rule)``;
    ``None`` before (a "Booo!", a step of the trace)."""
    for event in events:
        if event.kind == "claim":
            return True, "", ""
        if event.kind == "claim-wrong":
            inner = dict(event.data.get("params") or {})
            for key in ("colour", "wall"):
                if key in inner:
                    inner[key] = colour_word(ctx.t, str(inner[key]))
            return False, str(ctx.t(str(event.data["code"]), **inner)), str(event.data.get("rule") or "")
    return None
