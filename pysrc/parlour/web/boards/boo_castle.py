"""Boo!'s castle as the match screen draws it from the view: the castle's layer (kept on the page),
the tokens, the cells as a grid for the keyboard and screen readers, the visitor, the ghost, the route
being traced and the route or routes just shown (:func:`castle_svg`). Shapes from
:mod:`parlour.web.boards.boo_svg`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from parlour.games.boo.castle import COLOURS, cell_name, cell_room, components, is_room, parse_cell
from parlour.web import fit
from parlour.web.boards.boo_svg import (
    CELL,
    DASHES,
    HEX,
    LANE,
    MARGIN,
    RIM,
    SIZE,
    VIEW,
    badge,
    castle_layer,
    centre,
    defs,
    ghost_shape,
    origin,
    periphery,
    reveal_groups,
    route_path,
    trace_end,
    transition_shape,
    trapdoor_shape,
    visitor_shape,
)
from parlour.web.context import BoardContext, move_duration, player_name, still_drawing, timing
from parlour.web.markup import esc, kept, region, region_of


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
