"""Wooly Bully's field as the board draws it from the viewer's view: where each tile in the hand
fits (:func:`targets`), the view box that pans and zooms (``ctx.ui["view"]``), and the field's SVG
with its marks, the laid tiles kept between redraws, and the tile being placed. The tiles' own SVG
is :mod:`parlour.web.boards.wooly_svg`'s; :mod:`parlour.web.boards.wooly_bully` puts the field on
the table with the hand and the decision (decision 0113)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlour.games.wooly_bully.board import Board
from parlour.games.wooly_bully.tiles import COLOURS, FOREST, shepherd_id, tile
from parlour.web import markup
from parlour.web.boards import wooly_svg as svg
from parlour.web.context import BoardContext
from parlour.web.markup import attrs, esc, tag

S = svg.SIZE
MARGIN = 40
MIN_SPAN = 3 * S
"""The narrowest view: three squares across, so a tile stays big enough to read on a phone."""
MAX_SPAN = 40 * S


# --- what the viewer may do now ------------------------------------------------------------------------
@dataclass
class Targets:
    """Legal moves of the viewer, grouped for the board: per hand item (a tile id, or ``"reveal"``)
    the squares where it fits and, per square, the rotations that fit."""

    by_item: dict[str, dict[tuple[int, int], list[int]]] = field(default_factory=dict)
    can_pass: bool = False
    can_leave: bool = False
    discards: list[int] = field(default_factory=list)


_last: list[Any] = [None, None, None]
"""The last (state, seat, targets): a tap and the redraw after it ask for the same targets."""


def targets(ctx: BoardContext, seat: int | None) -> Targets:
    out = Targets()
    if seat is None or not ctx.interactive:
        return out
    if _last[0] is ctx.state and _last[1] == seat:
        cached: Targets = _last[2]
        return cached
    _last[:] = [ctx.state, seat, out]
    for m in ctx.game.legal_moves(ctx.state, seat):
        if m.kind == "place":
            out.by_item.setdefault(str(m.tile), {}).setdefault(m.pos, []).append(m.rot)
        elif m.kind == "reveal":
            out.by_item.setdefault("reveal", {}).setdefault(m.pos, []).append(0)
        elif m.kind == "pass":
            out.can_pass = True
        elif m.kind == "leave":
            out.can_leave = True
        elif m.kind == "discard":
            out.discards.append(m.tile)
    return out


def acting_seat(ctx: BoardContext) -> int | None:
    """The seat the person at the device acts for (the viewer, once their secrets are shown)."""
    return ctx.viewer if ctx.interactive else None


def _item_tiles(view: dict[str, Any], seat: int | None, item: str) -> list[int]:
    """Every tile of the hand that ``item`` stands for (twins share one look: one target set)."""
    if seat is None or view["hands"][seat] is None:
        return []
    if item == "reveal":
        return []
    key = tile(int(item))
    return [
        t
        for t in view["hands"][seat]
        if (tile(t).kind, tile(t).edges, tile(t).regions) == (key.kind, key.edges, key.regions)
    ]


def squares_for(
    tg: Targets, view: dict[str, Any], seat: int | None, item: str
) -> dict[tuple[int, int], list[int]]:
    if item == "reveal":
        return tg.by_item.get("reveal", {})
    for t in _item_tiles(view, seat, item):
        if str(t) in tg.by_item:
            return tg.by_item[str(t)]
    return {}


# --- geometry ------------------------------------------------------------------------------------------
def bounds(view: dict[str, Any]) -> tuple[int, int, int, int]:
    """Squares spanned by the tiles and the empty squares around them."""
    xs = [c[0] for c in view["cells"]]
    ys = [c[1] for c in view["cells"]]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


def fit_box(view: dict[str, Any]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = bounds(view)
    w, h = (x1 - x0 + 1) * S, (y1 - y0 + 1) * S
    fw, fh = max(w, MIN_SPAN), max(h, MIN_SPAN)
    return x0 * S - MARGIN - (fw - w) / 2, y0 * S - MARGIN - (fh - h) / 2, fw + 2 * MARGIN, fh + 2 * MARGIN


def view_box(ctx: BoardContext, view: dict[str, Any]) -> tuple[float, float, float, float]:
    """The part of the field in view: the player's pan and zoom, or the whole field."""
    raw = ctx.ui.get("view")
    if isinstance(raw, str):
        try:
            x, y, w, h = (float(v) for v in raw.split())
            if MIN_SPAN / 2 <= w <= MAX_SPAN and MIN_SPAN / 2 <= h <= MAX_SPAN:
                return x, y, w, h
        except ValueError:
            pass
    return fit_box(view)


ZOOM_KEYS = {"+": "in", "=": "in", "-": "out"}
"""Keys that zoom the field as its buttons do ("=" is "+" without Shift on most keyboards)."""


def zoomed(box: tuple[float, float, float, float], factor: float) -> str:
    x, y, w, h = box
    nw = min(max(w * factor, MIN_SPAN / 2), MAX_SPAN)
    nh = nw * h / w
    return f"{x + (w - nw) / 2:.0f} {y + (h - nh) / 2:.0f} {nw:.0f} {nh:.0f}"


def shown(box: tuple[float, float, float, float], pos: tuple[int, int]) -> str:
    """The view box moved just enough to show the square ``pos`` (the keyboard cursor)."""
    x, y, w, h = box
    px, py = pos[0] * S, pos[1] * S
    if px < x:
        x = px - MARGIN
    elif px + S > x + w:
        x = px + S + MARGIN - w
    if py < y:
        y = py - MARGIN
    elif py + S > y + h:
        y = py + S + MARGIN - h
    return f"{x:.0f} {y:.0f} {w:.0f} {h:.0f}"


# --- words ---------------------------------------------------------------------------------------------
def tile_words(t: Any, tile_id: int) -> str:
    """A tile in plain words: its design and its pastures ("pasture corner · black pasture, 2 sheep")."""
    x = tile(tile_id)
    parts = [t(f"wooly-bully.design.{x.design}")]
    for region in x.regions:
        if region.terrain < FOREST:
            parts.append(
                t(
                    "wooly-bully.a11y.pasture",
                    colour=t(f"wooly-bully.colour.{COLOURS[region.terrain]}"),
                    count=region.sheep,
                )
            )
    return " · ".join(parts)


# --- drawing -------------------------------------------------------------------------------------------
def marks(board: Board, t: Any) -> list[str]:
    """A badge on every closed pasture (its sheep) and a red cross on every pasture a wolf spoils."""
    out = []
    for (x, y, i), area in board.roots():
        if area.terrain >= FOREST or not (area.closed or board.wolfed(area)):
            continue
        rot = board.cells[(x, y)][0]
        region = tile(board.cells[(x, y)][1][0]).regions[i]
        d = (region.edges[0] + rot) % 4
        sx, sy = svg.SPOTS[d][3]
        cx, cy = x * S + sx, y * S + sy
        colour = COLOURS[area.terrain]
        if board.wolfed(area):
            label = t("wooly-bully.a11y.spoiled", colour=t(f"wooly-bully.colour.{colour}"), count=area.sheep)
            out.append(
                f'<g class="mark spoiled" transform="translate({cx:.0f},{cy:.0f})" role="img" aria-label="{esc(label)}">'
                '<circle r="13"/><path d="M-7,-7 L7,7 M7,-7 L-7,7"/></g>'
            )
        else:
            label = t("wooly-bully.a11y.closed", colour=t(f"wooly-bully.colour.{colour}"), count=area.sheep)
            out.append(
                f'<g class="mark closed {colour}" transform="translate({cx:.0f},{cy:.0f})" role="img" aria-label="{esc(label)}">'
                f'<circle r="14"/><text y="5">{area.sheep}</text></g>'
            )
    return out


def field_svg(ctx: BoardContext, view: dict[str, Any], board: Board, tg: Targets, seat: int | None) -> str:
    t = ctx.t
    item = str(ctx.ui.get("sel", ""))
    squares = squares_for(tg, view, seat, item) if item else {}
    at = _pos(ctx.ui.get("at"))
    cursor = _pos(ctx.ui.get("cursor"))
    last = {(int(e.data["x"]), int(e.data["y"])) for e in ctx.events if e.kind in ("tile-placed", "revealed")}
    parts = [svg.defs()]
    kept = laid_kept(t)
    for x, y, rot, stack in view["cells"]:
        cls = (
            "placed"
            + (" last" if (x, y) in last and ctx.animate else "")
            + (" stacked" if len(stack) > 1 else "")
        )
        key = (x, y, rot, tuple(stack), cls)
        drawn = kept.get(key)
        if drawn is None:
            drawn = kept[key] = laid_tile(t, x, y, rot, tuple(stack), cls)
        parts.append(drawn)
    over = marks(board, t)
    if squares:
        keys = sorted(squares)
        focus = at if at in squares else (cursor if cursor in squares else keys[0])
        for pos in keys:
            rots = squares[pos]
            x, y = pos
            sel_cls = "target" + (" chosen" if pos == at else "")
            dots = "" if item == "reveal" or tile(int(item)).kind != "landscape" else _rotation_dots(rots)
            label = t("wooly-bully.a11y.target", x=x, y=y, count=len(rots))
            g_attrs = attrs(
                class_=sel_cls,
                id=f"wb-sq-{x}_{y}",
                role="button",
                tabindex=0 if pos == focus else -1,
                data_action="wb-square",
                data_arg=f"{x},{y}",
                aria_label=label,
                aria_pressed="true" if pos == at else "false",
            )
            over.append(
                f'<g{g_attrs}><rect x="{x * S + 3}" y="{y * S + 3}" width="{S - 6}" height="{S - 6}" rx="8"/>{dots.format(x=x * S, y=y * S)}</g>'
            )
        if at in squares:
            rot = _preview_rot(ctx, squares[at])
            tid = (
                shepherd_id(COLOURS.index(view["colours"][seat]))
                if item == "reveal" and seat is not None
                else int(item)
            )
            over.append(svg.tile_svg(tid, rot, at[0] * S, at[1] * S, "preview"))
    parts.append(markup.region("wb-over", f'<g id="wb-over">{"".join(over)}</g>'))
    return _field_open(ctx, view) + "".join(parts) + "</svg>"


LAID_KEPT = 512
"""The most laid tiles :func:`laid_kept` keeps (a long game lays about 80; the rules help's fields more)."""
_laid: dict[Any, Any] = {}


def laid_kept(t: Any) -> dict[Any, str]:
    """The laid tiles' markup kept between redraws by what each is drawn from (its square, turn,
    stack and classes), in the language ``t`` speaks now (issue #17: the field's tiles were most of
    a Wooly Bully redraw's markup; boop.'s cells are kept the same way, decision 0019). Forgotten
    when the language changes or it grows past :data:`LAID_KEPT`."""
    stamp = (t("wooly-bully.a11y.square", what="", x=0, y=0), t("wooly-bully.kind.wolf"))
    if _laid.get("stamp") != stamp or len(_laid) > LAID_KEPT:
        _laid.clear()
        _laid["stamp"] = stamp
    return _laid


def laid_tile(t: Any, x: int, y: int, rot: int, stack: tuple[int, ...], cls: str) -> str:
    """A laid tile (or a stack, its top drawn on it) on square ``(x, y)``, named for a screen reader:
    a region of its own, so a tile laid is inserted alone and the field is not drawn again."""
    top = stack[-1]
    words = tile_words(t, stack[0]) if len(stack) == 1 else t(f"wooly-bully.kind.{tile(top).kind}")
    label = t("wooly-bully.a11y.square", what=words, x=x, y=y)
    body = svg.tile_svg(stack[0], rot, x * S, y * S, cls)
    if len(stack) > 1:
        body += svg.tile_svg(top, 0, x * S, y * S, "on-top")
    tile_id = f"wb-t-{x}_{y}"
    return markup.region(
        tile_id, tag("g", body, role="img", aria_label=label, data_pos=f"{x},{y}", id=tile_id)
    )


def _field_open(ctx: BoardContext, view: dict[str, Any]) -> str:
    """The field's opening tag: the part of the field in view, its name and how many tiles."""
    vb = " ".join(f"{v:.0f}" for v in view_box(ctx, view))
    no_anim = "" if ctx.animate else " no-anim"
    label = esc(ctx.t("wooly-bully.label.field", count=len(view["cells"])))
    return (
        f'<svg viewBox="{vb}" class="wb-field{no_anim}" id="wb-field" data-action="view" data-panzoom="1" '
        f'role="group" aria-label="{label}">'
    )


def empty_field(ctx: BoardContext, view: dict[str, Any]) -> str:
    """The field's element as :func:`field_svg` opens it (its view box, its name) with no tiles;
    the colours' patterns only when the table shows a colour's chip (they fill it)."""
    shown = view["ended"] or any(view["revealed"])
    return _field_open(ctx, view) + (svg.defs() if shown else "") + "</svg>"


def _rotation_dots(rots: list[int]) -> str:
    """Four dots on a target square, one per quarter turn, filled where that turn fits."""
    out = []
    for r, (dx, dy) in enumerate(((50, 14), (86, 50), (50, 86), (14, 50))):
        cls = "rot fits" if r in rots else "rot"
        out.append(f'<circle cx="{{x}}" cy="{{y}}" r="6" class="{cls}" transform="translate({dx},{dy})"/>')
    return "".join(out)


def _pos(raw: Any) -> tuple[int, int] | None:
    if not isinstance(raw, str) or "," not in raw:
        return None
    try:
        x, y = raw.split(",")
        return int(x), int(y)
    except ValueError:
        return None


def _preview_rot(ctx: BoardContext, rots: list[int]) -> int:
    index = int(ctx.ui.get("rot", 0) or 0)
    return sorted(rots)[index % len(rots)]
