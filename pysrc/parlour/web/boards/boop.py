"""The boop. board: the 6×6 bed in SVG (:mod:`~parlour.web.boards.boop_bed`), both pools and
reserves, ghost cats on the seams, the decision's buttons, the rules help's sections and lessons.

Drawn from :meth:`BoopGame.info` (what the table shows openly) and the last ply's events (what
moved, to animate). Cells are a roving-tabindex grid: arrows move the cursor, Enter places; the
piece to place, graduation choices and "no ghost" are ordinary buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.engine import IllegalMove
from parlour.web.boards.boop_bed import (
    COLOURS,
    CROP,
    FILES,
    MARGIN,
    SIZE,
    VIEW,
    bed,
    cat_shape,
    ghost_shape,
    neighbour,
)
from parlour.web.context import BoardContext, Choice, Decision, T
from parlour.web.markup import esc, region, region_of, tag

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
