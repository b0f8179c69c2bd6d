"""The Boo! board: Blackrock Castle in SVG, the seats' button zones, and tracing a route.

The castle is drawn by pure functions of the state (:func:`castle_svg`, from
:mod:`~parlour.web.boards.boo_castle` with :mod:`~parlour.web.boards.boo_svg`'s shapes), cached by
layout: 9×9 cells (rooms in each tile's corners, a corridor cross between), walls in six colours each
with its own mark (colour-blind players), the periphery's coats of arms and portraits, special
tokens, the ghost, the visitor, and on top the route being traced or the route just shown. The
zones and panels are :mod:`~parlour.web.boards.boo_zones`'s; this module puts the table together
(:func:`render`, :func:`patch`) and takes its input (:func:`act`). Four modules, so that a first
start compiles each in a short task (decision 0113).

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

from typing import Any

from parlour.games.boo.castle import COLOURS, Cell, cell_name, parse_cell
from parlour.web.boards.boo_castle import (
    castle_svg,
    cells_grid,
    colour_word,
    grid_rows,
    humans_here,
    last_shown,
    on_route,
    traced_layer,
)
from parlour.web.boards.boo_help import HELP, HELP_RULES, LESSONS  # noqa: F401  (the help reads them here)
from parlour.web.boards.boo_svg import SIZE, trace_end
from parlour.web.boards.boo_zones import (
    EDGES,
    ZONE_EDGES,
    explanation,
    layout,
    legend,
    next_control,
    pending,  # noqa: F401  (an embed's status line reads it here)
    players_panel,
    prompt_text,
    seat_zone,
)
from parlour.web.context import BoardContext
from parlour.web.markup import esc, region, region_of, tag

SEAT_ZONES = True
"""Every person at the device has their own zone, usable at the same moment as the others: the match
screen draws no "out of turn" buttons (those hand a shared device over, as Wooly Bully needs)."""
KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


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
