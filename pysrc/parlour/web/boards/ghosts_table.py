"""Ghosts Galore's table drawn from the viewer's view alone (``GAME.view``; a network guest has
nothing else): each seat's ghost train, the draft, the hidden tile with its pencil, and the few
readings of the view the board acts on. :mod:`parlour.web.boards.ghosts_galore` puts them together
with the decision, the scores and the input (decision 0113: a board in parts, each compiled in a
short task on a first start)."""

from __future__ import annotations

from typing import Any

from parlour.engine import IllegalMove
from parlour.games.ghosts_galore.board import dead_ends, resolve
from parlour.games.ghosts_galore.moves import Pencil, parse_pencil
from parlour.games.ghosts_galore.scoring import CATEGORIES, ScoreSheet
from parlour.games.ghosts_galore.tiles import tile_set
from parlour.web.boards import ghosts_draw as draw
from parlour.web.context import BoardContext, still_drawing
from parlour.web.markup import attrs, button, esc, region, tag
from parlour.web.screens import seat_label

GID = "ghosts-galore"


# --- reading the view --------------------------------------------------------------------------
def view_of(ctx: BoardContext) -> dict[str, Any]:
    """What the viewer sees: the state cut by the engine, or (network) the view itself."""
    if isinstance(ctx.state, dict):
        return ctx.state
    view: dict[str, Any] = ctx.game.view(ctx.state, ctx.viewer)
    return view


def pencil_of(ctx: BoardContext, view: dict[str, Any]) -> Pencil | None:
    """The viewer's pencilled hidden tile, if any is still where it can be."""
    notes = ctx.private
    if notes is None or not notes.get("pencil"):
        return None
    try:
        pencil = parse_pencil(notes["pencil"])
    except IllegalMove:
        return None
    kept: Pencil | None = ctx.game.pencil_kept(view, pencil)
    return kept


def mine(view: dict[str, Any]) -> int | None:
    you = view.get("you")
    return you if isinstance(you, int) else None


def free_cells(view: dict[str, Any], seat: int) -> list[int]:
    return [c for c, p in enumerate(view["grids"][seat]) if p is None]


def acting(ctx: BoardContext, view: dict[str, Any]) -> bool:
    """Whether the viewer may make a move now."""
    you = mine(view)
    return ctx.interactive and you is not None and you in view["to_act"]


def offer(view: dict[str, Any]) -> list[int]:
    """Tiles the player to act may take (the flipped one; else the table and, on the last look, the
    rest of the stack)."""
    if view["pending"] is not None:
        return [view["pending"]]
    return sorted(view["table"] + (view["last_look"] or []))


def hand(ctx: BoardContext, view: dict[str, Any]) -> dict[str, Any] | None:
    """The tile the viewer is placing: ``{"tile", "cell", "rot", "hidden"}``, or ``None``."""
    you = mine(view)
    if you is None or not acting(ctx, view):
        return None
    ui = ctx.ui
    if view["round"] == 9:
        (last,) = free_cells(view, you)
        pencil = pencil_of(ctx, view)
        rot = ui.get("rot", pencil.rot if pencil is not None and pencil.cell == last else 0)
        return {"tile": view["hidden"][you], "cell": last, "rot": rot, "hidden": True}
    tile = ui.get("tile")
    if tile is None and view["pending"] is not None:
        tile = view["pending"]  # the flipped tile is in hand at once: take it, or pass
    if tile is None or tile not in offer(view):
        return None
    cell: int | None = ui.get("cell")
    if cell not in free_cells(view, you):
        cell = None
    return {"tile": tile, "cell": cell, "rot": int(ui.get("rot", 0)), "hidden": False}


def name(ctx: BoardContext, seat: int) -> str:
    names = ctx.ui.get("names")
    if isinstance(names, list) and seat < len(names) and names[seat]:
        return str(names[seat])
    return seat_label(ctx.t, GID, seat)


# --- scores ---------------------------------------------------------------------------------------
_SHEETS: list[Any] = [None, None, None, []]
"""The score sheets last worked out and what from: the state (the same object), the viewer and the
pencil. One screen asks for them up to four times (the score panel, the end dialog, the trains'
scored pieces), and at the end each is every track of every board scored: most of the end's
Python in Pyodide (issue #17). A network page's state is a view it may change in place: never kept."""


def sheets(ctx: BoardContext, view: dict[str, Any]) -> list[ScoreSheet]:
    pencil = pencil_of(ctx, view)
    state, viewer, kept_pencil, kept = _SHEETS
    if state is ctx.state and viewer == ctx.viewer and kept_pencil == pencil and not isinstance(state, dict):
        return list(kept)
    result: list[ScoreSheet] = ctx.game.view_sheets(view, pencil)
    _SHEETS[:] = [ctx.state, ctx.viewer, pencil, result]
    return list(result)


def changed(ctx: BoardContext, view: dict[str, Any]) -> set[tuple[int, str]]:
    """``(seat, category)`` pairs the last tile laid changed, for highlighting (the public sheets
    with and without that tile)."""
    lay = next((e for e in reversed(ctx.events) if e.kind == "take"), None)
    if lay is None or view["round"] > 9:
        return set()
    seat, cell = int(lay.data["player"]), int(lay.data["cell"])
    if view["grids"][seat][cell] is None:
        return set()
    before = {**view, "you": None, "grids": [list(g) for g in view["grids"]]}
    before["grids"][seat][cell] = None
    now_sheets = ctx.game.view_sheets({**view, "you": None})
    old_sheets = ctx.game.view_sheets(before)
    out = set()
    for p, (a, b) in enumerate(zip(now_sheets, old_sheets, strict=True)):
        for c, x, y in zip(CATEGORIES, a.points, b.points, strict=True):
            if x != y:
                out.add((p, c))
    return out


# --- drawing --------------------------------------------------------------------------------------
def tile_label(ctx: BoardContext, tile_id: int, rot: int | None = None) -> str:
    tile = tile_set()[tile_id]
    return ctx.t("ghosts-galore.a11y.tile", n=tile_id, what=draw.describe_tile(ctx.t, tile, rot))


def train(
    ctx: BoardContext,
    view: dict[str, Any],
    seat: int,
    *,
    live: bool,
    held: dict[str, Any] | None = None,
    pencil: Pencil | None = None,
    scored: dict[int, set[int]] | None = None,
) -> str:
    """One player's ghost train as SVG. ``live``: its free cells are a keyboard grid the viewer
    acts on; ``held`` the tile previewed on it; ``pencil`` the pencilled hidden tile (owner only)."""
    t = ctx.t
    label = t("ghosts-galore.a11y.train", name=name(ctx, seat))
    head = (
        f'<svg viewBox="0 0 {draw.TRAIN} {draw.TRAIN}" class="gg-train-svg{"" if ctx.animate else " no-anim"}"'
        f' id="gg-train-{seat}" role="grid" aria-label="{esc(label)}">'
    )
    if ctx.still:
        return region(f"gg-train-{seat}", still_drawing(head))
    tiles = tile_set()
    grid = view["grids"][seat]
    hidden = view["hidden"][seat]
    cursor = ctx.ui.get("cursor")  # None: no Tab stop (a help example only to look at)
    cursor = 4 if cursor is None else int(cursor)
    # Free cells light up only when there is something to put there: a tile in hand, or the pencil.
    targets = (
        set(free_cells(view, seat)) if live and (held is not None or ctx.ui.get("pencilling")) else set()
    )
    if held is not None and held["hidden"]:
        targets = {held["cell"]}
    fresh = {
        int(e.data["cell"])
        for e in ctx.events
        if e.kind in ("take", "hidden") and e.data.get("player") == seat
    }
    parts = [draw.train_frame(), draw.doors(t)]
    big = bool(ctx.ui.get("compact"))  # a small train (an embed's frame): diamonds it can read
    rows = []
    for r in range(3):
        cells = []
        for c in range(3 * r, 3 * r + 3):
            x, y = draw.cell_origin(c)
            placed = grid[c]
            if placed is not None:
                label = t(
                    "ghosts-galore.a11y.cell-tile",
                    cell=draw.cell_name(c),
                    tile=tile_label(ctx, placed[0], placed[1]),
                )
                if hidden is not None and placed[0] == hidden:
                    label += " · " + t("ghosts-galore.hidden-tile-short")
            elif pencil is not None and pencil.cell == c:
                label = t("ghosts-galore.a11y.cell-pencil", cell=draw.cell_name(c))
            else:
                label = t("ghosts-galore.a11y.cell-free", cell=draw.cell_name(c))
            classes = ["cell"]
            if c in targets:
                classes.append("target")
            if held is not None and held["cell"] == c:
                classes.append("held")
            if live and ctx.refused is not None and ctx.refused.target == f"cell-{c}":
                classes.append("refused")
            cell_attrs = attrs(
                class_=" ".join(classes),
                role="gridcell",
                id=f"cell-{c}" if live else None,
                tabindex=(0 if c == cursor else -1) if live else None,
                data_action="cell" if live else None,
                data_arg=c if live else None,
                aria_label=label,
                aria_disabled=None if not live else ("false" if c in targets else "true"),
            )
            cells.append(
                f'<g{cell_attrs}><rect x="{x + 2}" y="{y + 2}" width="96" height="96" rx="7" class="slot"/></g>'
            )
        # Rows and tiles are regions: a tile laid is inserted alone, with the row its cell is in.
        rows.append(
            region(f"gg-row-{seat}-{r}", f'<g role="row" id="gg-row-{seat}-{r}">{"".join(cells)}</g>')
        )
    parts.append("".join(rows))
    for c, placed in enumerate(grid):
        if placed is None:
            continue
        cls = "placed"
        if hidden is not None and placed[0] == hidden:
            cls += " hidden-placed"
        if c in fresh and ctx.animate:
            cls += " anim-appear"
        tid = f"gg-tile-{seat}-{c}"
        parts.append(
            region(
                tid,
                draw.placed_tile(tiles[placed[0]], placed[1], c, cls, (scored or {}).get(c, ()), big, tid),
            )
        )
    if pencil is not None and grid[pencil.cell] is None and (held is None or held["cell"] != pencil.cell):
        parts.append(
            draw.placed_tile(tiles[view["hidden"][seat]], pencil.rot, pencil.cell, "pencilled", big=big)
        )
        x, y = draw.cell_origin(pencil.cell)
        parts.append(
            f'<path transform="translate({x + 86},{y + 3}) scale(.8)" d="{PENCIL}" class="pencil-mark"'
            ' aria-hidden="true"/>'
        )
    if held is not None and held["cell"] is not None:
        parts.append(draw.placed_tile(tiles[held["tile"]], held["rot"], held["cell"], "preview", big=big))
    if view["round"] > 9:  # the end: where each track stops short, for a tie (GG-T)
        dead = dead_ends(resolve(grid))
        mark = t("ghosts-galore.dead-ends", count=1)
        parts.extend(draw.dead_end(e.cell, e.side, esc(mark)) for e in dead)
    return region(f"gg-train-{seat}", head + "".join(parts) + "</svg>")


def draft_panel(ctx: BoardContext, view: dict[str, Any], held: dict[str, Any] | None, live: bool) -> str:
    """The round's stack, the flipped tile, the table and (last look) the rest of the stack."""
    t = ctx.t
    if view["round"] > 8:
        return ""
    count = int(view["stack_count"])
    can_flip = live and view["pending"] is None and count > 0 and view["last_look"] is None
    back = draw.tile_back(t("ghosts-galore.stack", count=count))
    stack_label = tag("span", esc(t("ghosts-galore.stack", count=count)), class_="gg-caption")
    if view["last_look"] is not None:
        stack = ""  # the last player sees the stack's tiles themselves (GG-4)
    elif can_flip:
        stack = tag(
            "button",
            back + stack_label,
            type="button",
            data_action="gg-flip",
            id="gg-flip",
            class_="gg-stack",
            aria_label=t("ghosts-galore.action.flip") + " · " + t("ghosts-galore.stack", count=count),
        )
    else:
        stack = tag("div", back + stack_label, class_="gg-stack")
    tiles = []
    pending = view["pending"]
    shown = ([pending] if pending is not None else []) + list(view["table"]) + list(view["last_look"] or [])
    on_offer = set(offer(view)) if live else set()
    for tid in shown:
        where = (
            "flipped" if tid == pending else ("stack-left" if tid in (view["last_look"] or []) else "table")
        )
        svg = draw.tile_svg(tile_set()[tid], 0, esc(tile_label(ctx, tid)), big=bool(ctx.ui.get("compact")))
        caption = tag("span", esc(t(f"ghosts-galore.where.{where}")), class_="gg-caption")
        chosen = held is not None and held["tile"] == tid and not held["hidden"]
        if tid in on_offer:
            tiles.append(
                tag(
                    "button",
                    svg + caption,
                    type="button",
                    data_action="gg-pick",
                    data_arg=tid,
                    id=f"gg-tile-{tid}",
                    class_=f"gg-offer {where}",
                    aria_pressed="true" if chosen else "false",
                )
            )
        else:
            tiles.append(tag("div", svg + caption, class_=f"gg-offer {where}"))
    title = tag("h2", esc(t("ghosts-galore.round", round=view["round"])))
    return tag(
        "section",
        title + tag("div", stack + "".join(tiles), class_="gg-offers", role="group"),
        class_="gg-draft",
        id="gg-draft",
        aria_label=t("ghosts-galore.table"),
    )


def hidden_panel(ctx: BoardContext, view: dict[str, Any], pencil: Pencil | None) -> str:
    """Your hidden tile (GG-2), with the pencil: only ever drawn for its owner."""
    t = ctx.t
    you = mine(view)
    if you is None or view["hidden"][you] is None or view["hidden_placed"][you]:
        return ""
    tid = view["hidden"][you]
    svg = draw.tile_svg(
        tile_set()[tid],
        pencil.rot if pencil else 0,
        esc(tile_label(ctx, tid)),
        "gg-tile hidden-tile",
        big=bool(ctx.ui.get("compact")),
    )
    body = tag("h2", esc(t("ghosts-galore.hidden-tile"))) + svg
    notes_ok = ctx.private is not None and view["round"] <= 8
    if notes_ok:
        pencilling = bool(ctx.ui.get("pencilling"))
        if pencilling:
            body += tag("p", esc(t("ghosts-galore.prompt.pencil")), class_="gg-hint", id="gg-pencil-hint")
        body += button(
            t("ghosts-galore.action.pencil"),
            "gg-pencil",
            id="gg-pencil",
            aria_pressed="true" if pencilling else "false",
        )
        if pencil is not None:
            body += tag(
                "p", esc(t("ghosts-galore.pencilled-at", cell=draw.cell_name(pencil.cell))), class_="muted"
            )
            for turn, key in (
                (-1, "ghosts-galore.action.rotate-left"),
                (1, "ghosts-galore.action.rotate-right"),
            ):
                body += tag(
                    "button",
                    turn_icon(turn),
                    type="button",
                    data_action="gg-pencil-rot",
                    data_arg=turn,
                    class_="small icon",
                    aria_label=t(key),
                    title=t(key),
                )
            body += button(
                t("ghosts-galore.action.unpencil"), "gg-unpencil", class_="small", id="gg-unpencil"
            )
    return tag("section", body, class_="gg-hidden", id="gg-hidden")


TURN_RIGHT = (
    '<path d="M18.1 8.5A7 7 0 1 1 12 5" fill="none" stroke="currentColor" stroke-width="2.4"'
    ' stroke-linecap="round"/><path d="M16 5 11.2 1.6v6.8z"/>'
)
"""A quarter turn to the right as SVG: an open circle whose arrow runs clockwise (the glyphs ⟲ and ⟳
are in few fonts: this machine has them only in DejaVu; elsewhere an empty box)."""


def turn_icon(turn: int) -> str:
    """The turn arrow, mirrored for a turn to the left; the button around it carries the name."""
    mirror = ' transform="matrix(-1 0 0 1 24 0)"' if turn < 0 else ""
    return (
        f'<svg viewBox="0 0 24 24" class="turn-icon" aria-hidden="true" focusable="false">'
        f"<g{mirror}>{TURN_RIGHT}</g></svg>"
    )


PENCIL = "M3 21l1-5L15.5 4.5l4 4L8 20zM16.8 3.2l1.7-1.7 4 4-1.7 1.7z"
"""A pencil in a 24-unit square, point down left (the glyph ✎ is in few fonts: decision 0107)."""


def pencil_icon(t: Any) -> str:
    """The pencil after a name on the score sheet: that column counts the pencilled hidden tile."""
    return (
        f'<svg viewBox="0 0 24 24" class="turn-icon pencil-icon" role="img"'
        f' aria-label="{esc(t("ghosts-galore.a11y.sheet-pencil"))}"><path d="{PENCIL}"/></svg>'
    )
