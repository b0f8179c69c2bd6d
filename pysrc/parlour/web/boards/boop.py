"""The boop. board: the 6×6 bed in SVG, both pools and reserves, ghost cats on the seams.

Drawn from :meth:`BoopGame.info` (what the table shows openly) and the last ply's events (what
moved, to animate). Cells are a roving-tabindex grid: arrows move the cursor, Enter places; the
piece to place, graduation choices and "no ghost" are ordinary buttons.
"""

from __future__ import annotations

from typing import Any

from parlour.engine import IllegalMove
from parlour.web.markup import attrs, esc, tag
from parlour.web.play import BoardContext, Choice, Decision, Timing, timing

CELL = 100
MARGIN = 70
SIZE = 6
FILES = "abcdef"
VIEW = 2 * MARGIN + SIZE * CELL
COLOURS = ("orange", "purple")


# --- geometry ----------------------------------------------------------------------------------
def centre(cell: str) -> tuple[float, float]:
    """SVG centre of a cell: files a–f left to right, ranks 1–6 bottom to top (BP-D6)."""
    file, rank = FILES.index(cell[0]), int(cell[1:]) - 1
    return MARGIN + file * CELL + CELL / 2, MARGIN + (SIZE - 1 - rank) * CELL + CELL / 2


def seam_point(cells: list[str]) -> tuple[float, float]:
    """The middle of the segment between two neighbouring cells, where a ghost cat stands."""
    (ax, ay), (bx, by) = centre(cells[0]), centre(cells[1])
    return (ax + bx) / 2, (ay + by) / 2


def entry_point(segment: list[str], heading: str) -> tuple[float, float]:
    """Just outside the bed, in line with the seam a ghost enters by."""
    x, y = seam_point(segment)
    back = {"down": (0, -1), "up": (0, 1), "left": (1, 0), "right": (-1, 0)}[heading]
    return x + back[0] * (CELL / 2 + MARGIN / 2), y + back[1] * (CELL / 2 + MARGIN / 2)


def neighbour(cell: str, key: str) -> str:
    file, rank = FILES.index(cell[0]), int(cell[1:])
    df, dr = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}[key]
    return f"{FILES[min(max(file + df, 0), SIZE - 1)]}{min(max(rank + dr, 1), SIZE)}"


# --- pieces ------------------------------------------------------------------------------------
def cat_shape(colour: str, kind: str) -> str:
    """A cat head centred on 0,0. Cats are bigger than kittens; orange wears a pumpkin stem and
    purple a witch hat, so the colours differ in shape too (colour-blind players)."""
    r = 36 if kind == "cat" else 26
    ears = f"M{-r * 0.9:.0f},{-r * 0.3:.0f} L{-r * 0.75:.0f},{-r * 1.15:.0f} L{-r * 0.2:.0f},{-r * 0.8:.0f} Z M{r * 0.9:.0f},{-r * 0.3:.0f} L{r * 0.75:.0f},{-r * 1.15:.0f} L{r * 0.2:.0f},{-r * 0.8:.0f} Z"
    cue = (
        f'<path d="M-4,{-r - 2} q4,-12 10,-14 l2,5 q-6,2 -8,10 z" class="cue"/>'
        if colour == "orange"
        else f'<path d="M{-r * 0.55:.0f},{-r * 0.85:.0f} L0,{-r * 1.75:.0f} L{r * 0.55:.0f},{-r * 0.85:.0f} Z" class="cue"/>'
    )
    eyes = f'<circle cx="{-r * 0.35:.0f}" cy="{-r * 0.05:.0f}" r="{r * 0.12:.1f}" class="eye"/><circle cx="{r * 0.35:.0f}" cy="{-r * 0.05:.0f}" r="{r * 0.12:.1f}" class="eye"/>'
    letter = (
        ""
        if kind == "kitten"
        else f'<text y="{r * 0.62:.0f}" class="letter">{"O" if colour == "orange" else "P"}</text>'
    )
    return f'<path d="{ears}" class="body"/><circle r="{r}" class="body"/>{eyes}{letter}{cue}'


def ghost_shape() -> str:
    return '<path d="M-22,24 v-26 a22,22 0 0 1 44,0 v26 l-7,-7 l-7,7 l-8,-7 l-8,7 l-7,-7 z" class="ghost-body"/><circle cx="-8" cy="-4" r="3.5" class="eye"/><circle cx="8" cy="-4" r="3.5" class="eye"/>'


def arrow(heading: str) -> str:
    rot = {"down": 90, "left": 180, "up": 270, "right": 0}[heading]
    return f'<path d="M28,0 l-10,-8 v16 z" class="heading" transform="rotate({rot})"/>'


# --- animation ---------------------------------------------------------------------------------
def steps(events: list[Any]) -> list[int]:
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
    events: list[Any], timing: Timing
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
            fx, fy = centre(data["from"])
            if data.get("to"):
                tx, ty = centre(data["to"])
                arrivals.pop(data["from"], None)
                arrivals[data["to"]] = (fx - tx, fy - ty, step)
            else:
                dx, dy = fx - VIEW / 2, fy - VIEW / 2
                norm = max(abs(dx), abs(dy)) or 1
                colour, piece = data.get("colour", "orange"), data.get("piece", "kitten")
                leaving.append(
                    fading(fx, fy, colour, piece, timing.style(step, dx=dx / norm * 90, dy=dy / norm * 90))
                )
        elif kind == "graduate":
            for cell in data["cells"]:
                x, y = centre(cell)
                piece = "cat" if cell in data.get("cats", []) else "kitten"
                leaving.append(fading(x, y, data["colour"], piece, timing.style(step, dx=0, dy=-60)))
        elif kind in ("ghost-move", "ghost-enter"):
            ghost_steps[str(data.get("colour"))] = step
    return arrivals, leaving, appeared, ghost_steps


def fading(x: float, y: float, colour: str, piece: str, style: str) -> str:
    inner = tag("g", cat_shape(colour, piece), class_="anim-leave", style=style)
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
    legal = set(game.placement_cells(ctx.state, kind)) if live and phase == "place" else set()
    choices = game.graduation_choices(ctx.state) if live and phase in ("grad-a", "grad-b") else []
    entries = game.ghost_entries(ctx.state) if live and phase == "ghost" else []
    candidate_cells = {c for ch in choices for c in ch["cells"]}
    events = ctx.events if ctx.animate else []
    clock = timing(max(steps(events), default=-1) + 1, ctx.speed)
    arrivals, leaving, appeared, ghost_steps = motions(events, clock)
    cursor = ctx.ui.get("cursor", "c3")
    ctx.ui["home"] = f"cell-{cursor}"  # where focus goes back when a decision's button disappears
    win_cells = winning_cells(info)

    parts = [
        f'<rect x="{MARGIN - 8}" y="{MARGIN - 8}" width="{SIZE * CELL + 16}" height="{SIZE * CELL + 16}" rx="18" class="bed-frame"/>'
    ]
    # The cells are a grid of rows (row/column navigation); ghosts and entries sit outside it.
    parts.append(f'<g role="grid" aria-label="{esc(t("boop.label.bed"))}">')
    for r in range(SIZE, 0, -1):
        parts.append('<g role="row">')  # rows in the accessibility tree: row/column navigation works
        for f in FILES:
            cell = f"{f}{r}"
            x, y = centre(cell)
            piece = info["pieces"].get(cell)
            if piece:
                label = t(f"boop.a11y.{piece['colour']}.{piece['piece']}", cell=cell)
            else:
                label = t("boop.a11y.empty", cell=cell)
            classes = ["cell"]
            if cell in legal:
                classes.append("legal")
            if cell in candidate_cells:
                classes.append("line")
            if cell in win_cells:
                classes.append("win")
            if ctx.refused is not None and ctx.refused.target == f"cell-{cell}":
                classes.append("refused")
            cell_attrs = attrs(
                class_=" ".join(classes),
                id=f"cell-{cell}",
                role="gridcell",
                tabindex=0 if cell == cursor else -1,
                data_action="cell",
                data_arg=cell,
                aria_label=label,
                aria_disabled="false" if cell in legal else "true",
            )
            shade = "dark" if (FILES.index(f) + r) % 2 else "light"
            body = f'<rect x="{x - CELL / 2 + 3:.0f}" y="{y - CELL / 2 + 3:.0f}" width="{CELL - 6}" height="{CELL - 6}" rx="10" class="{shade}"/>'
            if cell in legal:
                body += f'<circle cx="{x:.0f}" cy="{y:.0f}" r="10" class="dot"/>'
            parts.append(f"<g{cell_attrs}>{body}</g>")
        parts.append("</g>")
    parts.append("</g>")
    parts.append(coordinates())
    for cell, piece in info["pieces"].items():
        x, y = centre(cell)
        inner = cat_shape(piece["colour"], piece["piece"])
        if cell in arrivals:
            dx, dy, step = arrivals[cell]
            cls = "anim-appear" if cell in appeared else "anim"
            inner = tag("g", inner, class_=cls, style=clock.style(step, dx=dx, dy=dy))
        parts.append(
            tag(
                "g",
                inner,
                class_=f"piece {piece['colour']} {piece['piece']}",
                transform=f"translate({x:.0f},{y:.0f})",
                aria_hidden="true",
                data_cell=cell,
            )
        )
    parts.extend(leaving)
    parts.extend(ghosts(ctx, info, clock, ghost_steps))
    # The entries are one Tab stop (a roving group, like the cells): arrows go round, Enter chooses.
    shown = [e for e in entries if e["entry"] is not None]
    chosen = ctx.ui.get("entry")
    if chosen not in {e["move"] for e in shown} and shown:
        chosen = shown[0]["move"]
    if shown:
        parts.append(f'<g role="group" aria-label="{esc(t("boop.prompt.ghost"))}">')
    for entry in shown:
        x, y = entry_point(entry["segment"], entry["heading"])
        edge = entry["entry"].split("-")[0]
        label = t(
            "boop.a11y.entry", edge=t(f"boop.edge.{edge}"), a=entry["segment"][0], b=entry["segment"][1]
        )
        g_attrs = attrs(
            class_=f"entry {COLOURS[info['mover']]}",
            role="button",
            tabindex=0 if entry["move"] == chosen else -1,
            data_action="ghost",
            data_arg=entry["move"],
            aria_label=label,
            id=f"entry-{entry['entry']}",
        )
        parts.append(
            # The hit area (r=48) is bigger than the drawing: 44 px or more on a phone.
            f'<g{g_attrs} transform="translate({x:.0f},{y:.0f})"><circle r="48" class="hit"/>'
            f'<circle r="24" class="mark"/>{arrow(entry["heading"])}</g>'
        )
    if shown:
        parts.append("</g>")
    svg = (
        f'<svg viewBox="0 0 {VIEW} {VIEW}" class="boop-bed{"" if ctx.animate else " no-anim"}" role="group" '
        f'aria-label="{esc(t("boop.label.bed"))}" data-phase="{esc(phase)}">' + "".join(parts) + "</svg>"
    )
    return pools(ctx, info, 1) + svg + pools(ctx, info, 0)


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


def coordinates() -> str:
    out = []
    for i, f in enumerate(FILES):
        x = MARGIN + i * CELL + CELL / 2
        out.append(f'<text x="{x:.0f}" y="{VIEW - MARGIN / 2 + 22:.0f}" class="coord">{f}</text>')
    for r in range(1, SIZE + 1):
        y = MARGIN + (SIZE - r) * CELL + CELL / 2 + 8
        out.append(f'<text x="{MARGIN / 2 - 22:.0f}" y="{y:.0f}" class="coord">{r}</text>')
    return f'<g aria-hidden="true">{"".join(out)}</g>'


def ghosts(ctx: BoardContext, info: dict[str, Any], clock: Timing, ghost_steps: dict[str, int]) -> list[str]:
    out = []
    moved = (
        {e.data.get("colour"): e for e in ctx.events if e.kind in ("ghost-move", "ghost-enter")}
        if ctx.animate
        else {}
    )
    for p, player in enumerate(info["players"]):
        ghost = player["ghost"]
        if not ghost:
            continue
        x, y = seam_point(ghost["segment"])
        colour = COLOURS[p]
        inner = ghost_shape() + arrow(ghost["heading"])
        event = moved.get(colour)
        if event is not None:
            if event.kind == "ghost-move":
                # The ghost acts after the placement and its boops (BP-D1): at its own step.
                fx, fy = seam_point(event.data["from"])
                style = clock.style(ghost_steps.get(colour, 0), dx=fx - x, dy=fy - y)
                inner = tag("g", inner, class_="anim", style=style)
            else:
                inner = tag("g", inner, class_="anim-appear", style=clock.style(ghost_steps.get(colour, 0)))
        label = ctx.t(f"boop.a11y.{colour}.ghost", a=ghost["segment"][0], b=ghost["segment"][1])
        if ghost.get("leaves_next"):
            label += " · " + ctx.t("boop.label.leaves-next")
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


def pools(ctx: BoardContext, info: dict[str, Any], p: int) -> str:
    """One player's pool, reserve and count on the bed, in words and small pictures."""
    t = ctx.t
    player = info["players"][p]
    colour = COLOURS[p]
    pool = player["pool"]
    pics = "".join(
        f'<svg viewBox="-45 -70 90 115" class="mini piece {colour}" aria-hidden="true">{cat_shape(colour, k)}</svg>'
        for k in ["cat"] * pool["cats"] + ["kitten"] * pool["kittens"]
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
        name + tag("span", esc(words), class_="pool-words") + tag("div", pics, class_="pool-pics"),
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


# --- the log ---------------------------------------------------------------------------------
SILENT = frozenset({"placed", "pass", "turn"})
"""Events the move's own line already says (the placement, a pass) or that need no line."""


def event_line(ctx: BoardContext, event: Any) -> str | None:
    """One event in plain words for the log, automatic steps included (a piece booped off and back
    to its pool, a ghost floating on, a forced graduation)."""
    kind, data = event.kind, dict(event.data)
    if kind in SILENT:
        return None
    if kind in ("boop", "booo") and not data.get("to"):
        kind += "-off"
    params = {k: "–".join(map(str, v)) if isinstance(v, list) else v for k, v in data.items()}
    return ctx.t(f"boop.event.{kind}", **params)


# --- input -------------------------------------------------------------------------------------
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
            # The bed is not what is decided now (a ghost or a graduation is): say so on the cell.
            raise IllegalMove("not the decision due now", code="boop.illegal.not-now", rule="BP-D1")
        kind = selected_kind(ctx, ctx.game.info(state))
        return f"{'k' if kind == 'kitten' else 'c'}@{arg}"
    if action in ("graduate", "ghost"):
        return arg
    return None
