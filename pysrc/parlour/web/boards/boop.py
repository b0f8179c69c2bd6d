"""The boop. board: the 6×6 bed in SVG, both pools and reserves, ghost cats on the seams.

Drawn from :meth:`BoopGame.info` (what the table shows openly) and the last ply's events (what
moved, to animate). Cells are a roving-tabindex grid: arrows move the cursor, Enter places; the
piece to place, graduation choices and "no ghost" are ordinary buttons.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from typing import Any

from parlour.engine import IllegalMove
from parlour.web.context import BoardContext, Choice, Decision, T, Timing, still_drawing, timing
from parlour.web.markup import attrs, esc, region, region_of, tag

CELL = 100
MARGIN = 70
SIZE = 6
FILES = "abcdef"
VIEW = 2 * MARGIN + SIZE * CELL
ENTRY_R = 24
"""A ghost entry's mark: a circle on the bed's frame, its arrow pointing in."""
CROP = MARGIN - 4 - ENTRY_R - 4
"""The drawing leaves out this much of its top and right margins (decision 0007): the top held only
the ghost entries, which now sit on the frame, and was an empty band above the bed (34 px on a phone,
62 on a tablet); the bottom keeps the files' letters and the left the ranks' numbers."""
COLOURS = ("orange", "purple")

HELP: tuple[tuple[str, dict[str, tuple[str, ...]]], ...] = (
    ("goal", {"goal": ()}),
    ("setup", {"components": ("BP-1",)}),
    ("turn", {"turn": ("BP-2", "BP-D1")}),
    ("boop", {"boop": ("BP-3", "BP-4", "BP-5"), "blocking": ("BP-6", "BP-7")}),
    ("graduation", {"graduation": ("BP-8", "BP-D3"), "eight": ("BP-9", "BP-10")}),
    (
        "ghosts",
        {
            "ghosts": ("BP-12",),
            "ghost-enter": ("BP-13", "BP-D5"),
            "ghost-move": ("BP-14", "BP-15", "BP-17", "BP-18"),
            "booo": ("BP-16",),
        },
    ),
    ("winning", {"winning": ("BP-20", "BP-21")}),
    ("edges", {"timing": ("BP-19", "BP-D2", "BP-11"), "stuck": ("BP-D4",)}),
    ("notation", {"notation": ("BP-D6",)}),
)
"""The rules help, goal first: sections (heading ``boop.help-h.<name>``), each of paragraphs
(``boop.help.<name>``) with the rules each explains (rule ids of the design digest)."""

HELP_RULES: dict[str, tuple[str, ...]] = {
    f"boop.help.{k}": ids for _, paras in HELP for k, ids in paras.items()
}
"""Each help paragraph's rules: shown as anchors beside it, so ``#/boop/rules?rule=BP-2`` opens the
help there; the sentences themselves carry no codes."""

LESSONS: tuple[tuple[str, ...], ...] = (
    ("boop", "boop", "p5/2o3/1p4/6/6/6 7k0c/6k0c 8/8 -/- o place", "k@b5"),
    (
        "blocking",
        "off",
        "p5/p5/2o3/6/6/6 7k0c/6k0c 8/8 bottom-e+0/- o place",
        "",
        "e:boop|booo:from=a6:to=",
        "k@b6",
    ),
    ("blocking", "cats", "6/6/2P3/6/3p2/6 8k0c/6k0c 8/7 -/- o place", "k@c3"),
    ("graduation", "line", "6/6/6/4p1/1oo3/6 6k0c/7k0c 8/8 -/- o place", "k@d2"),
    ("graduation", "grad", "5p/6/2o3/1o1o2/6/6 5k0c/7k0c 8/8 bottom-e+0/- o place", "", "e:graduate", "k@c5"),
    ("eight", "eight", "6/o5/5p/o1o1o1/6/o1o1o1 1k0c/7k0c 8/8 bottom-a+0/- o place", "k@f6,x:a1"),
    ("ghost-enter", "enter", "2p3/6/6/6/6/6 8k0c/7k0c 8/8 -/- o place", "k@f1,g:top-c"),
    ("booo", "booo", "6/6/1pPo2/6/6/6 7k0c/6k0c 8/7 top-c+1/- o place", "k@f1"),
    ("winning", "win", "6/2p3/2OO2/3p2/6/o5 4k1c/6k0c 5/8 bottom-e+0/- o place", "", "win", "c@b4"),
)
"""The help's live examples and exercises (:class:`parlour.web.teach.Lesson`: paragraph, id,
position, moves to step through, or a goal and one right answer); words ``boop.teach.<id>``."""


# --- geometry ----------------------------------------------------------------------------------
def centre(cell: str, flip: bool = False) -> tuple[float, float]:
    """SVG centre of a cell: files a–f left to right, ranks 1–6 bottom to top (BP-D6); ``flip``
    turns the bed round for the purple player's side (a1 top right)."""
    file, rank = FILES.index(cell[0]), int(cell[1:]) - 1
    x, y = MARGIN + file * CELL + CELL / 2, MARGIN + (SIZE - 1 - rank) * CELL + CELL / 2
    return (VIEW - x, VIEW - y) if flip else (x, y)


def seam_point(cells: list[str], flip: bool = False) -> tuple[float, float]:
    """The middle of the segment between two neighbouring cells, where a ghost cat stands."""
    (ax, ay), (bx, by) = centre(cells[0], flip), centre(cells[1], flip)
    return (ax + bx) / 2, (ay + by) / 2


def entry_point(segment: list[str], heading: str, flip: bool = False) -> tuple[float, float]:
    """On the bed's frame, in line with the seam a ghost enters by."""
    x, y = seam_point(segment, flip)
    dx, dy = inward(heading, flip)
    return x - dx * (CELL / 2 + 4), y - dy * (CELL / 2 + 4)


def inward(heading: str, flip: bool = False) -> tuple[int, int]:
    """The way into the bed, on the screen, of a ghost entering with ``heading``."""
    dx, dy = {"down": (0, 1), "up": (0, -1), "left": (-1, 0), "right": (1, 0)}[heading]
    return (-dx, -dy) if flip else (dx, dy)


def neighbour(cell: str, key: str) -> str:
    file, rank = FILES.index(cell[0]), int(cell[1:])
    df, dr = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}[key]
    return f"{FILES[min(max(file + df, 0), SIZE - 1)]}{min(max(rank + dr, 1), SIZE)}"


# --- pieces ------------------------------------------------------------------------------------
def cat_shape(colour: str, kind: str, t: T) -> str:
    """A cat head centred on 0,0. Cats are bigger than kittens; orange wears a pumpkin stem and
    purple a witch hat, so the colours differ in shape too (colour-blind players). A cat also
    bears its side's initial in the reader's language: a Latin "P" on a purple cat would read as
    Cyrillic "Р", the initial of the orange side in ru and uk."""
    return cat_head(colour, kind, "" if kind == "kitten" else initial(colour, t))


@functools.lru_cache(maxsize=16)
def cat_head(colour: str, kind: str, letter: str) -> str:
    """:func:`cat_shape` with the cat's ``letter`` given, kept: a screen draws a few heads many times."""
    r = 36 if kind == "cat" else 26
    ears = f"M{-r * 0.9:.0f},{-r * 0.3:.0f} L{-r * 0.75:.0f},{-r * 1.15:.0f} L{-r * 0.2:.0f},{-r * 0.8:.0f} Z M{r * 0.9:.0f},{-r * 0.3:.0f} L{r * 0.75:.0f},{-r * 1.15:.0f} L{r * 0.2:.0f},{-r * 0.8:.0f} Z"
    cue = (
        f'<path d="M-4,{-r - 2} q4,-12 10,-14 l2,5 q-6,2 -8,10 z" class="cue"/>'
        if colour == "orange"
        else f'<path d="M{-r * 0.55:.0f},{-r * 0.85:.0f} L0,{-r * 1.75:.0f} L{r * 0.55:.0f},{-r * 0.85:.0f} Z" class="cue"/>'
    )
    eyes = f'<circle cx="{-r * 0.35:.0f}" cy="{-r * 0.05:.0f}" r="{r * 0.12:.1f}" class="eye"/><circle cx="{r * 0.35:.0f}" cy="{-r * 0.05:.0f}" r="{r * 0.12:.1f}" class="eye"/>'
    mark = f'<text y="{r * 0.62:.0f}" class="letter">{esc(letter)}</text>' if letter else ""
    return f'<path d="{ears}" class="body"/><circle r="{r}" class="body"/>{eyes}{mark}{cue}'


def initial(colour: str, t: T) -> str:
    """The first letter of a side's name ("Orange", "Рыжие"): the letter its cats bear."""
    return t(f"boop.colour.{colour}")[:1].upper()


def ghost_shape() -> str:
    return '<path d="M-22,24 v-26 a22,22 0 0 1 44,0 v26 l-7,-7 l-7,7 l-8,-7 l-8,7 l-7,-7 z" class="ghost-body"/><circle cx="-8" cy="-4" r="3.5" class="eye"/><circle cx="8" cy="-4" r="3.5" class="eye"/>'


def arrow(heading: str, flip: bool = False) -> str:
    rot = {"down": 90, "left": 180, "up": 270, "right": 0}[heading] + (180 if flip else 0)
    return f'<path d="M28,0 l-10,-8 v16 z" class="heading" transform="rotate({rot})"/>'


# --- animation ---------------------------------------------------------------------------------
def steps(events: Sequence[Any]) -> list[int]:
    """Each event's animation step: consecutive events of one kind and cause (two boops of one
    placement) move together; the next kind starts the next step."""
    out, step, last = [], -1, ""
    for event in events:
        group = f"{event.kind}:{event.data.get('by', '')}"
        if group != last:
            step, last = step + 1, group
        out.append(step)
    return out


def motions(
    events: Sequence[Any], clock: Timing, t: T, flip: bool = False
) -> tuple[dict[str, tuple[float, float, int]], list[str], set[str], dict[str, int]]:
    """From the last ply's events: for each cell where a piece arrived, the offset it came from
    and its step; markup of pieces that left the bed (fading out); cells that newly appeared;
    the step of each ghost that moved or entered, by colour."""
    arrivals: dict[str, tuple[float, float, int]] = {}
    leaving: list[str] = []
    appeared: set[str] = set()
    ghost_steps: dict[str, int] = {}
    for event, step in zip(events, steps(events), strict=True):
        kind = event.kind
        data = event.data
        if kind == "placed":
            appeared.add(data["cell"])
            arrivals[data["cell"]] = (0, 0, step)
        elif kind in ("boop", "booo"):
            fx, fy = centre(data["from"], flip)
            if data.get("to"):
                tx, ty = centre(data["to"], flip)
                arrivals.pop(data["from"], None)
                arrivals[data["to"]] = (fx - tx, fy - ty, step)
            else:
                dx, dy = fx - VIEW / 2, fy - VIEW / 2
                norm = max(abs(dx), abs(dy)) or 1
                colour, piece = data.get("colour", "orange"), data.get("piece", "kitten")
                style = clock.style(step, dx=dx / norm * 90, dy=dy / norm * 90)
                leaving.append(fading(fx, fy, colour, piece, style, t))
        elif kind == "graduate":
            for cell in data["cells"]:
                x, y = centre(cell, flip)
                piece = "cat" if cell in data.get("cats", []) else "kitten"
                leaving.append(fading(x, y, data["colour"], piece, clock.style(step, dx=0, dy=-60), t))
        elif kind in ("ghost-move", "ghost-enter"):
            ghost_steps[str(data.get("colour"))] = step
    return arrivals, leaving, appeared, ghost_steps


def fading(x: float, y: float, colour: str, piece: str, style: str, t: T) -> str:
    inner = tag("g", cat_shape(colour, piece, t), class_="anim-leave", style=style)
    return tag(
        "g",
        inner,
        class_=f"piece {colour} leaving",
        transform=f"translate({x:.0f},{y:.0f})",
        aria_hidden="true",
    )


# --- the board ---------------------------------------------------------------------------------
def selected_kind(ctx: BoardContext, info: dict[str, Any]) -> str:
    pool = info["players"][info["mover"]]["pool"]
    kind = ctx.ui.get("kind", "kitten")
    if kind == "cat" and not pool["cats"]:
        kind = "kitten"
    if kind == "kitten" and not pool["kittens"] and pool["cats"]:
        kind = "cat"
    return str(kind)


def render(ctx: BoardContext) -> str:
    game, t = ctx.game, ctx.t
    info = game.info(ctx.state)
    phase = info["phase"]
    live = ctx.interactive
    kind = selected_kind(ctx, info)
    placing = live and phase == "place"
    # Off the person's placing turn the empty cells are drawn open all the same, their marks hidden
    # by the grid: a turn starting or ending is then one attribute change on the grid (issue #17).
    legal = (
        set(game.placement_cells(ctx.state, kind))
        if placing
        else {f"{f}{r}" for f in FILES for r in range(1, SIZE + 1)} - set(info["pieces"])
    )
    choices = game.graduation_choices(ctx.state) if live and phase in ("grad-a", "grad-b") else []
    entries = game.ghost_entries(ctx.state) if live and phase == "ghost" else []
    svg = bed(
        game,
        ctx.state,
        t,
        flip=bool(ctx.ui.get("flip")),
        events=ctx.events,
        animate=ctx.animate,
        legal=legal,
        placing=placing,
        lines={c for ch in choices for c in ch["cells"]},
        entries=entries,
        cursor=ctx.ui.get("cursor", "c3"),
        refused=ctx.refused.target if ctx.refused is not None else None,
        speed=ctx.speed,
        chosen_entry=ctx.ui.get("entry"),
        regions=True,
        still=ctx.still,
    )
    ctx.ui["home"] = f"cell-{ctx.ui.get('cursor', 'c3')}"  # focus returns here when a button goes
    top, bottom = (0, 1) if ctx.ui.get("flip") else (1, 0)
    return region_of(pools(ctx, info, top)) + region_of(svg) + region_of(pools(ctx, info, bottom))


def bed(
    game: Any,
    state: Any,
    t: T,
    *,
    flip: bool = False,
    events: Sequence[Any] = (),
    animate: bool = False,
    legal: Collection[str] = (),
    placing: bool = True,
    lines: Collection[str] = (),
    entries: Sequence[dict[str, Any]] = (),
    cursor: str | None = "c3",
    refused: str | None = None,
    speed: float = 1.0,
    chosen_entry: str | None = None,
    editing: bool = False,
    regions: bool = False,
    still: bool = False,
) -> str:
    """The bed as an ``<svg>`` element: a pure function of the state (and what to mark on it).

    This one drawing serves the match screen, the embed, the rules help and the standalone figure
    (:func:`figure`). ``flip`` turns the bed round (the purple side below); ``events`` are the last
    ply's, animated when ``animate``; ``legal`` cells are open to a piece (a dot, a pointer), marked
    for placing when ``placing`` (else the grid is ``aria-disabled`` and hides the marks), ``lines`` for a
    graduation choice, ``entries`` are the ghost entries on offer; ``cursor`` is the cell that
    takes keyboard focus; ``refused`` the id of a cell that just refused a move; ``speed`` scales
    the animation (:func:`parlour.web.play.timing`); ``chosen_entry`` is the ghost entry holding
    the entries' one Tab stop; ``editing`` (the position editor) makes every cell take a click;
    ``regions`` marks its rows, pieces and layers as regions (the match screen: a move redraws them
    alone, issue #17) and names the bed ``boop-bed`` (one bed on the page); ``still``: its box
    alone (:func:`parlour.web.play.still_drawing`).
    """
    mark: Callable[[str, str], str] = region if regions else lambda _id, element: element
    info = game.info(state)
    head = (
        f'<svg viewBox="0 {CROP} {VIEW - CROP} {VIEW - CROP}" class="boop-bed{"" if animate else " no-anim"}" role="group" '
        f'aria-label="{esc(t("boop.label.bed"))}" data-phase="{esc(info["phase"])}"'
        + (' id="boop-bed">' if regions else ">")
    )
    if still:
        return still_drawing(head)
    shown_events = events if animate else ()
    clock = timing(max(steps(shown_events), default=-1) + 1, speed)
    arrivals, leaving, appeared, ghost_steps = motions(shown_events, clock, t, flip)
    win_cells = winning_cells(info)
    # Lines a ghost made wait for the end of a turn (BP-19): marked apart from the choices.
    waiting = {c for line in info["waiting_lines"] for c in line.split("-")}

    parts = [
        f'<rect x="{MARGIN - 8}" y="{MARGIN - 8}" width="{SIZE * CELL + 16}" height="{SIZE * CELL + 16}" rx="18" class="bed-frame"/>'
    ]
    # The cells are a grid of rows (row/column navigation); ghosts and entries sit outside it.
    # Whether a piece may go on the open cells now is one class or state on the grid, so that a
    # turn starting or ending changes the grid's attributes alone, not the six rows (issue #17). A
    # screen reader hears the same: aria-disabled on the grid disables its focusable cells (ARIA 1.2).
    grid = attrs(
        role="grid",
        aria_label=t("boop.label.bed"),
        id="boop-grid" if regions else None,
        class_="legal" if legal and placing else None,
        aria_disabled="true" if legal and not placing else None,
    )
    rows = []
    for r in range(SIZE, 0, -1):
        row = [f'<g role="row" id="boop-row-{r}">']
        for f in FILES:
            cell = f"{f}{r}"
            piece = info["pieces"].get(cell)
            if piece:
                label = t(f"boop.a11y.{piece['colour']}.{piece['piece']}", cell=cell)
            else:
                label = t("boop.a11y.empty", cell=cell)
            classes = ["cell"]
            if cell in legal:
                classes.append("open")
            if cell in lines:
                classes.append("line")
            if cell in win_cells:
                classes.append("win")
            if cell in waiting:
                classes.append("waiting")
                label += " · " + t("boop.label.waiting-line")
            if refused == f"cell-{cell}":
                classes.append("refused")
            disabled = None if editing or cell in legal else "true"
            row.append(
                cell_markup(cell, flip, label, " ".join(classes), cell == cursor, disabled, cell in legal)
            )
        rows.append(mark(f"boop-row-{r}", "".join(row) + "</g>"))
    parts.append(mark("boop-grid", f"<g{grid}>{''.join(rows)}</g>"))
    parts.append(coordinates(flip))
    pieces = []
    # In the cells' order on the match screen, so that the regions keep their order move to move.
    for cell, piece in sorted(info["pieces"].items()) if regions else info["pieces"].items():
        motion = ""
        if cell in arrivals:
            dx, dy, step = arrivals[cell]
            cls = "anim-appear" if cell in appeared else "anim"
            motion = f' class="{cls}" style="{esc(clock.style(step, dx=dx, dy=dy))}"'
        colour, kind = piece["colour"], piece["piece"]
        letter = "" if kind == "kitten" else initial(colour, t)
        pieces.append(piece_markup(cell, flip, colour, kind, letter, motion, regions))
    # Each piece a region in a layer of its own: a move redraws the pieces it placed or booped.
    parts.append(
        mark("boop-pieces", f'<g id="boop-pieces">{"".join(pieces)}</g>') if regions else "".join(pieces)
    )
    over = "".join(leaving) + "".join(ghosts(t, info, shown_events, flip, clock, ghost_steps))
    parts.append(mark("boop-over", f'<g id="boop-over">{over}</g>') if regions else over)
    # The entries are one Tab stop (a roving group, like the cells): arrows go round, Enter chooses.
    shown = [e for e in entries if e["entry"] is not None]
    if chosen_entry not in {e["move"] for e in shown} and shown:
        chosen_entry = shown[0]["move"]
    entry_parts = []
    for entry in shown:
        x, y = entry_point(entry["segment"], entry["heading"], flip)
        edge = entry["entry"].split("-")[0]
        label = t(
            "boop.a11y.entry", edge=t(f"boop.edge.{edge}"), a=entry["segment"][0], b=entry["segment"][1]
        )
        g_attrs = attrs(
            class_=f"entry {COLOURS[info['mover']]}",
            role="button",
            tabindex=0 if entry["move"] == chosen_entry else -1,
            data_action="ghost",
            data_arg=entry["move"],
            aria_label=label,
            id=f"entry-{entry['entry']}",
        )
        # The hit area (r=48) is bigger than the drawing, 44 px or more on a phone, and reaches in
        # over the edge cells (which take no tap while the ghost is decided), not out of the drawing.
        dx, dy = inward(entry["heading"], flip)
        entry_parts.append(
            f'<g{g_attrs} transform="translate({x:.0f},{y:.0f})">'
            f'<circle cx="{dx * ENTRY_R}" cy="{dy * ENTRY_R}" r="48" class="hit"/>'
            f'<circle r="{ENTRY_R}" class="mark"/>{arrow(entry["heading"], flip)}</g>'
        )
    if shown:
        group = attrs(role="group", aria_label=t("boop.prompt.ghost"), id="boop-entries" if regions else None)
        parts.append(mark("boop-entries", f"<g{group}>{''.join(entry_parts)}</g>"))
    return head + "".join(parts) + "</svg>"


@functools.lru_cache(maxsize=512)
def cell_markup(
    cell: str, flip: bool, label: str, classes: str, cursor: bool, disabled: str | None, dot: bool
) -> str:
    """One cell of the bed: its square and, when a piece may be placed on it, a dot. Kept by what
    it is drawn from, since a redraw draws the same 36 cells again and again (issue #17: the bed's
    markup was most of a boop. redraw's Python)."""
    x, y = centre(cell, flip)
    cell_attrs = attrs(
        class_=classes,
        id=f"cell-{cell}",
        role="gridcell",
        tabindex=0 if cursor else -1,
        data_action="cell",
        data_arg=cell,
        aria_label=label,
        aria_disabled=disabled,
    )
    shade = "dark" if (FILES.index(cell[0]) + int(cell[1:])) % 2 else "light"
    body = f'<rect x="{x - CELL / 2 + 3:.0f}" y="{y - CELL / 2 + 3:.0f}" width="{CELL - 6}" height="{CELL - 6}" rx="10" class="{shade}"/>'
    if dot:
        body += f'<circle cx="{x:.0f}" cy="{y:.0f}" r="10" class="dot"/>'
    return f"<g{cell_attrs}>{body}</g>"


@functools.lru_cache(maxsize=512)
def piece_markup(
    cell: str, flip: bool, colour: str, kind: str, letter: str, motion: str, regions: bool
) -> str:
    """A piece on ``cell`` (a cat bearing ``letter``; ``motion``: the attributes of the group
    animating its arrival), kept by what it is drawn from as the cells are; a region of its own on
    the match screen."""
    x, y = centre(cell, flip)
    inner = cat_head(colour, kind, letter)
    if motion:
        inner = f"<g{motion}>{inner}</g>"
    drawn = tag(
        "g",
        inner,
        class_=f"piece {colour} {kind}",
        transform=f"translate({x:.0f},{y:.0f})",
        aria_hidden="true",
        data_cell=cell,
        id=f"boop-at-{cell}" if regions else None,
    )
    return region(f"boop-at-{cell}", drawn) if regions else drawn


def winning_cells(info: dict[str, Any]) -> set[str]:
    """The winner's lines of three cats (BP-20), drawn highlighted once the game is over."""
    winner = info.get("winner")
    if winner is None:
        return set()
    cats = {c for c, p in info["pieces"].items() if p["player"] == winner and p["piece"] == "cat"}
    found: set[str] = set()
    for cell in cats:
        f, r = FILES.index(cell[0]), int(cell[1:])
        for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            line = [(f + i * df, r + i * dr) for i in range(3)]
            if all(0 <= x < SIZE and 1 <= y <= SIZE for x, y in line):
                names = {f"{FILES[x]}{y}" for x, y in line}
                if names <= cats:
                    found |= names
    return found


def coordinates(flip: bool = False) -> str:
    out = []
    for f in FILES:
        x = centre(f"{f}1", flip)[0]
        out.append(f'<text x="{x:.0f}" y="{VIEW - MARGIN / 2 + 22:.0f}" class="coord">{f}</text>')
    for r in range(1, SIZE + 1):
        y = centre(f"a{r}", flip)[1] + 8
        out.append(f'<text x="{MARGIN / 2 - 22:.0f}" y="{y:.0f}" class="coord">{r}</text>')
    return f'<g aria-hidden="true">{"".join(out)}</g>'


def ghosts(
    t: T,
    info: dict[str, Any],
    events: Sequence[Any] = (),
    flip: bool = False,
    clock: Timing | None = None,
    ghost_steps: dict[str, int] | None = None,
) -> list[str]:
    clock = clock or timing(max(steps(events), default=-1) + 1)
    ghost_steps = ghost_steps or {}
    out = []
    moved = {e.data.get("colour"): e for e in events if e.kind in ("ghost-move", "ghost-enter")}
    for p, player in enumerate(info["players"]):
        ghost = player["ghost"]
        if not ghost:
            continue
        x, y = seam_point(ghost["segment"], flip)
        colour = COLOURS[p]
        inner = ghost_shape() + arrow(ghost["heading"], flip)
        event = moved.get(colour)
        if event is not None:
            if event.kind == "ghost-move":
                # The ghost acts after the placement and its boops (BP-D1): at its own step.
                fx, fy = seam_point(event.data["from"], flip)
                style = clock.style(ghost_steps.get(colour, 0), dx=fx - x, dy=fy - y)
                inner = tag("g", inner, class_="anim", style=style)
            else:
                inner = tag("g", inner, class_="anim-appear", style=clock.style(ghost_steps.get(colour, 0)))
        label = t(f"boop.a11y.{colour}.ghost", a=ghost["segment"][0], b=ghost["segment"][1])
        if ghost.get("leaves_next"):
            label += " · " + t("boop.label.leaves-next")
        out.append(
            tag(
                "g",
                inner,
                class_=f"ghost {colour}",
                transform=f"translate({x:.0f},{y:.0f})",
                role="img",
                aria_label=label,
            )
        )
    return out


# --- the standalone figure ---------------------------------------------------------------------
FIGURE_STYLE = """
svg.parlour-figure { font-family: system-ui, sans-serif; }
.sheet { fill: #fbf7ef; }
.boop-bed .bed-frame { fill: #6d4c8f; }
.boop-bed .cell rect { fill: #e9dcc9; stroke: #b9a58d; stroke-width: 2; }
.boop-bed .cell rect.dark { fill: #efe4d3; }
.boop-bed .cell.win rect { fill: #ffd84d; stroke: #2b2140; stroke-width: 8; stroke-dasharray: 14 6; }
.boop-bed .cell.line rect { fill: #ffe08a; stroke: #b8860b; stroke-width: 4; }
.boop-bed .cell.waiting rect { stroke: #2b2140; stroke-width: 6; stroke-dasharray: 10 6; }
.boop-bed .cell .dot { fill: #3f7d4f; opacity: .55; }
.boop-bed .coord { fill: #5b4d73; font-size: 28px; text-anchor: middle; }
.piece .body { stroke: #2b2140; stroke-width: 3; }
.piece.orange .body { fill: #f28c28; }
.piece.purple .body { fill: #8e5cd9; }
.piece .eye, .ghost .eye { fill: #2b2140; }
.piece .letter { fill: #2b2140; font: 700 22px system-ui, sans-serif; text-anchor: middle; }
.piece.orange .cue { fill: #3f7d4f; stroke: #2b2140; stroke-width: 2; }
.piece.purple .cue { fill: #2b2140; }
.ghost .ghost-body { fill: #fbf8ff; stroke-width: 4; opacity: .92; }
.ghost.orange .ghost-body { stroke: #f28c28; }
.ghost.purple .ghost-body { stroke: #8e5cd9; stroke-dasharray: 6 3; }
.entry .hit { fill: transparent; }
.heading { fill: #f2a541; stroke: #2b2140; stroke-width: 1.5; }
.pool-line { fill: #2b2140; font-size: 26px; }
.pool-line .name { font-weight: 700; }
.caption { fill: #2b2140; font-size: 26px; }
"""
"""The figure's own colours (the app's, from ``web/assets/app.css``, on a light sheet): a
standalone SVG carries its style, since no stylesheet of the site comes with it."""

POOL_H = 110
"""Height of the pool strip drawn above and below the bed in a figure."""


def figure(
    game: Any,
    state: Any,
    t: T,
    *,
    seat: int = 0,
    events: Sequence[Any] = (),
    caption: str = "",
) -> str:
    """The board as a standalone SVG document (for printed rules, slides and static pages), drawn
    by :func:`bed` like the app's board, with both pools and an optional caption line below.

    ``seat`` is the player whose side is shown below (1 turns the bed round); ``events`` are a
    ply's events, of which the winning line is marked. Every board module has this function with
    this signature: ``python -m parlour GAME svg`` and the embed's static picture call it.
    """
    info = game.info(state)
    flip = seat == 1
    top, bottom = (0, 1) if flip else (1, 0)
    cap_h = 50 if caption else 0
    height = VIEW + 2 * POOL_H + cap_h
    board = bed(game, state, t, flip=flip, events=events, cursor=None)
    board = board.replace(
        "<svg ", f'<svg x="0" y="{POOL_H + CROP}" width="{VIEW - CROP}" height="{VIEW - CROP}" ', 1
    )
    title = t("boop.figure.title", side=t(f"boop.colour.{COLOURS[info['mover']]}"))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {height}" width="{VIEW}" '
        f'height="{height}" class="parlour-figure" role="img" aria-label="{esc(title)}">',
        tag("title", esc(title)),
        f"<style>{FIGURE_STYLE}</style>",
        f'<rect width="{VIEW}" height="{height}" class="sheet"/>',
        pool_strip(t, info, top, 0),
        board,
        pool_strip(t, info, bottom, POOL_H + VIEW),
    ]
    if caption:
        parts.append(f'<text x="{MARGIN}" y="{2 * POOL_H + VIEW + 32}" class="caption">{esc(caption)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def pool_strip(t: T, info: dict[str, Any], p: int, y: float) -> str:
    """One player's pool in SVG: name, the pieces in the pool as small pictures, reserve and ghost."""
    player = info["players"][p]
    colour = COLOURS[p]
    pool = player["pool"]
    # Whose turn: a triangle in the margin before the name, not the glyph ▶ (in few fonts: 0107).
    mover = f'<path d="M36 {y + 14}l22 11-22 11z" class="heading"/>'
    head = ("" if info["mover"] != p or info["winner"] is not None else mover) + tag(
        "text",
        tag("tspan", esc(t(f"boop.colour.{colour}")), class_="name")
        + tag("tspan", esc(f"  {t('boop.label.reserve')}: {player['reserve']}")),
        x=MARGIN,
        y=y + 34,
        class_="pool-line",
    )
    pics = []
    kinds = ["cat"] * pool["cats"] + ["kitten"] * pool["kittens"]
    for i, kind in enumerate(kinds):
        x = MARGIN + 30 + i * 62
        pics.append(
            f'<g class="piece {colour} {kind}" transform="translate({x},{y + 78}) scale(0.62)">'
            f"{cat_shape(colour, kind, t)}</g>"
        )
    if pool["ghost"]:
        x = MARGIN + 30 + len(kinds) * 62
        pics.append(
            f'<g class="ghost {colour}" transform="translate({x},{y + 78}) scale(0.8)">{ghost_shape()}</g>'
        )
    label = f"{t(f'boop.colour.{colour}')}: {t('boop.label.pool')}"
    return tag("g", head + "".join(pics), class_=f"pool-strip {colour}", aria_label=label)


def pools(ctx: BoardContext, info: dict[str, Any], p: int) -> str:
    """One player's pool, reserve and count on the bed, in words and small pictures."""
    t = ctx.t
    player = info["players"][p]
    colour = COLOURS[p]
    pool = player["pool"]
    # Each picture a region (by its place in the row): a piece taken or given back redraws one.
    pics = "".join(
        region(
            f"pool-{colour}-{i}",
            f'<svg viewBox="-45 -70 90 115" class="mini piece {colour}" aria-hidden="true" id="pool-{colour}-{i}">'
            f"{cat_shape(colour, k, t)}</svg>",
        )
        for i, k in enumerate(["cat"] * pool["cats"] + ["kitten"] * pool["kittens"])
    )
    if pool["ghost"]:
        pics += f'<svg viewBox="-30 -30 60 60" class="mini ghost {colour}" aria-hidden="true">{ghost_shape()}</svg>'
    kittens = t("boop.piece.kitten", count=pool["kittens"])
    cats = t("boop.piece.cat", count=pool["cats"])
    words = f"{t('boop.label.pool')}: {pool['kittens']} {kittens}, {pool['cats']} {cats}"
    if pool["ghost"]:
        words += f", {t('boop.piece.ghost')}"
    words += f" · {t('boop.label.reserve')}: {player['reserve']} · {t('boop.label.on-bed')}: {player['on_bed']['kittens'] + player['on_bed']['cats']}"
    turn = " to-move" if info["mover"] == p and info["winner"] is None else ""
    name = tag("strong", esc(t(f"boop.colour.{colour}")))
    return tag(
        "div",
        name
        + region_of(tag("span", esc(words), class_="pool-words", id=f"pool-words-{colour}"))
        + tag("div", pics, class_="pool-pics"),
        class_=f"pool {colour}{turn}",
        id=f"pool-{colour}",
    )


def decision(ctx: BoardContext) -> Decision | None:
    """What the mover decides now, in words, with its buttons: kitten or cat (the cell is chosen on
    the bed), which line graduates (each button lights up its own cells), ghost or not."""
    t = ctx.t
    if not ctx.interactive:
        return None
    info = ctx.game.info(ctx.state)
    phase = info["phase"]
    choices: list[Choice] = []
    if phase == "place":
        kind = selected_kind(ctx, info)
        pool = info["players"][info["mover"]]["pool"]
        for k, count in (("kitten", pool["kittens"]), ("cat", pool["cats"])):
            choices.append(
                Choice(
                    f"{t(f'boop.piece.{k}', count=1).capitalize()} ({count})",
                    "kind",
                    k,
                    id=f"kind-{k}",
                    pressed=kind == k,
                    disabled=count == 0,
                )
            )
    elif phase in ("grad-a", "grad-b"):
        for ch in ctx.game.graduation_choices(ctx.state):
            choices.append(
                Choice(
                    "–".join(ch["cells"]) if ch["cells"] else t("boop.action.pass"),
                    "graduate",
                    ch["move"],
                    id=f"grad-{ch['move'][2:]}",
                    primary=bool(ch["cells"]),
                    highlights=tuple(f"cell-{c}" for c in ch["cells"]),
                )
            )
    elif phase == "ghost":
        choices.append(Choice(t("boop.action.no-ghost"), "ghost", "g:-", id="no-ghost"))
    return Decision(t(info["prompt"]), tuple(choices))


def pending(t: T, game: Any, state: Any) -> str:
    """What the mover is in the middle of deciding, said to an onlooker (an embed's status line
    under a position set up in the editor, decision 0076); ``""`` at an ordinary placement."""
    phase = game.info(state)["phase"]
    return t(f"boop.pending.{phase}") if phase in ("grad-a", "ghost", "grad-b") else ""


# --- input -------------------------------------------------------------------------------------
def decision_control(game: Any, state: Any, phase: str) -> str:
    """The id of the first control of the decision due in ``phase`` (not a placement): the ghost's
    entry group (one Tab stop), else "No ghost this turn", else the first graduation button."""
    if phase == "ghost":
        entries = [e for e in game.ghost_entries(state) if e["entry"] is not None]
        return f"entry-{entries[0]['entry']}" if entries else "no-ghost"
    choices = game.graduation_choices(state)
    return f"grad-{choices[0]['move'][2:]}" if choices else ""


def act(ctx: BoardContext, action: str, arg: str) -> str | None:
    """A move in notation for the engine, or ``None`` after a selection change."""
    state = ctx.state
    phase = ctx.game.info(state)["phase"]
    if action == "kind" and arg in ("kitten", "cat"):
        ctx.ui["kind"] = arg
        return None
    if action == "key":
        on, _ = ctx.ui.get("key_on", ("", ""))
        if arg.startswith("Arrow") and on == "ghost" and phase == "ghost":
            ring = [e for e in ctx.game.ghost_entries(state) if e["entry"] is not None]
            moves = [e["move"] for e in ring]
            here = moves.index(ctx.ui["entry"]) if ctx.ui.get("entry") in moves else 0
            step = 1 if arg in ("ArrowRight", "ArrowDown") else -1
            nxt = ring[(here + step) % len(ring)]
            ctx.ui["entry"], ctx.ui["focus"] = nxt["move"], f"entry-{nxt['entry']}"
        elif arg.startswith("Arrow"):
            ctx.ui["cursor"] = neighbour(ctx.ui.get("cursor", "c3"), arg)
            ctx.ui["focus"] = f"cell-{ctx.ui['cursor']}"
        return None
    if action == "cell":
        ctx.ui["cursor"] = arg
        ctx.ui["focus"] = f"cell-{arg}"
        if phase != "place":
            # The bed is not what is decided now (a ghost or a graduation is): say on the cell what
            # to do instead, and send focus to that decision's first control (a keyboard player
            # would otherwise be left on cells that can do nothing now).
            ctx.ui["refocus"] = decision_control(ctx.game, state, phase)
            code = "boop.illegal.not-now-ghost" if phase == "ghost" else "boop.illegal.not-now-graduate"
            raise IllegalMove("not the decision due now", code=code, rule="BP-D1")
        kind = selected_kind(ctx, ctx.game.info(state))
        return f"{'k' if kind == 'kitten' else 'c'}@{arg}"
    if action in ("graduate", "ghost"):
        return arg
    return None
