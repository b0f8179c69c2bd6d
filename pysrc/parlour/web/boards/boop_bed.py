"""boop.'s bed in SVG: the 6×6 cells with their coordinates, the cats and kittens, ghost cats on
the seams and their entries on the frame, and what moved, animated (drawn from
:meth:`BoopGame.info` and the last ply's events). :mod:`parlour.web.boards.boop` puts it on the
table with the pools and the decision (decision 0113: a board in parts, each compiled in a short
task on a first start)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from typing import Any

from parlour.web.context import T, Timing, still_drawing, timing
from parlour.web.markup import attrs, esc, region, tag

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
