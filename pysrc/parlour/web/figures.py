"""Standalone SVG figures of every board: ``python -m parlour GAME svg``, the docs' pictures.

boop. draws its own (:func:`parlour.web.boards.boop.figure`). The other boards' figures wrap the
very drawing their board shows in the app (Boo!'s castle, Wooly Bully's field, Ghosts Galore's
ghost trains) in a document of its own, with the few style rules that drawing needs (the app's
stylesheet is not there). They are drawn from the view of ``seat``, or of no seat at all when
``seat`` is ``None``: a figure never shows what a player may not see (a hand, a hidden tile).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from parlour.engine import Event
from parlour.web import fit
from parlour.web.context import BoardContext, T
from parlour.web.markup import esc, tag
from parlour.web.session import HUMAN, LocalSession, Seat

STYLE = {
    "boo": ".boo-castle .stone{fill:#4a4058;stroke:#1d1629;stroke-width:6}.boo-castle .room{fill:#efe2c8}.boo-castle .corridor{fill:#b9a88f}.boo-castle .seam{stroke:#6e5c45;stroke-width:2;fill:none;stroke-dasharray:4 4}.boo-castle .wall{stroke:#1d1629;stroke-width:1.5}.boo-castle .mark{fill:#1d1629;stroke:#1d1629}.boo-castle .arms path,.boo-castle .portrait ellipse{fill:#6d4c8f;stroke:#f6f1ff;stroke-width:1.5}.boo-castle .initial{fill:#f6f1ff;font-size:13px;font-weight:700;text-anchor:middle}.boo-castle .coord{fill:#4a3a28;font-size:17px;font-weight:700}.boo-castle .coord.col{text-anchor:end}.boo-castle .tower path{fill:#fff;stroke:#1d1629;stroke-width:1.5}.boo-castle .visitor-room{fill:#ffe08a;stroke:#b8860b;stroke-width:3}.boo-castle .trapdoor{fill:#7a5130;stroke:#2b1a0c;stroke-width:1.5}.boo-castle .planks{stroke:#2b1a0c;stroke-width:1.5}.boo-castle .ring{fill:#f2a541}.boo-castle .transition{fill:#2b2140;stroke:#f2a541;stroke-width:2}.boo-castle .swirl{fill:none;stroke:#f2a541;stroke-width:2}.boo-castle .visitor-head,.boo-castle .visitor-body{fill:#2b6e8f;stroke:#fff;stroke-width:1.5}.boo-castle .visitor-number{fill:#fff;font-size:13px;font-weight:700;text-anchor:middle}.boo-castle .ghost-body{fill:#fbf8ff;stroke:#2b2140;stroke-width:2.5}.boo-castle .eye{fill:#2b2140}.boo-castle .cell rect{fill:transparent}.boo-castle .seg{stroke-width:9;stroke-linecap:round;fill:none;opacity:.92}.boo-castle .seg.jump{stroke-dasharray:10 8}.boo-castle .seg.change{stroke-width:5;fill:none}",
    "wooly-bully": ".t.forest{fill:#3d7a46}.t.village{fill:#e6d3a8}.t.pasture.black{fill:#55555f}.t.pasture.yellow{fill:#e8c547}.t.pasture.red{fill:#d2574f}.t.pasture.blue{fill:#4f86d6}.tile .fence{fill:none;stroke:#6b4423;stroke-width:3.5;stroke-dasharray:7 3}.tile .rim{fill:none;stroke:rgba(0,0,0,.35);stroke-width:1.5}.sheep .wool{fill:#fbfbf4;stroke:#333;stroke-width:1.2}.sheep .face{fill:#2a2a2a}.figure.wolf path{fill:#8a8f98;stroke:#2b2b2b;stroke-width:2}.figure.wolf .eye{fill:#ffd84d}.figure.hunter .head{fill:#f1c7a1}.figure.hunter .hat{fill:#a0522d}.figure.hunter .coat{fill:#d97b29}.figure.hunter .gun{stroke:#2b2b2b;stroke-width:3}.figure.square .house{fill:#c8553d;stroke:#5a2a1a;stroke-width:2}.figure.square .door{fill:#5a2a1a}.figure.shepherd .head{fill:#f1c7a1}.figure.shepherd .coat{fill:#fff;stroke:#333;stroke-width:2}.figure.shepherd .crook{stroke:#6b4423;stroke-width:3;fill:none}.tile.on-top .t,.tile.on-top .pat{opacity:0}.tile.last .rim{stroke:#ffd84d;stroke-width:5}.tile.preview{opacity:.85}.tile.preview .rim{stroke:#fff;stroke-width:6;stroke-dasharray:10 6}.mark circle{stroke:#fff;stroke-width:3}.mark.closed circle{fill:#2b2140}.mark.closed text{fill:#fff;font-size:16px;font-weight:700;text-anchor:middle}.mark.spoiled circle{fill:#fff;stroke:#d11}.mark.spoiled path{stroke:#d11;stroke-width:4}",
    "ghosts-galore": ".gg-train-svg .train-frame{fill:#1d1630;stroke:#6d4c8f;stroke-width:4}.gg-train-svg .slot{fill:#2f2547;stroke:#5d4d82;stroke-width:2;stroke-dasharray:5 4}.gg-train-svg .hidden-placed .tile-face{stroke:#b995ff;stroke-width:4}.tile-face{fill:#4a3a6e;stroke:#2b2140;stroke-width:2}.track-bed{fill:none;stroke:#231a38;stroke-width:20}.track{fill:none;stroke:#f4e7c5;stroke-width:11}.track.scored{stroke:#ffd84d}.monster .m-disc{fill:#fbf8ff;stroke:#231a38;stroke-width:1.5}.monster .m-eye{fill:#231a38}.monster .m-line{fill:none;stroke:#7a5230;stroke-width:2.4;stroke-linecap:round}.m-dragon .m-fill{fill:#d9483b}.m-ghost .m-fill{fill:#b9b2c8}.m-golem .m-fill{fill:#7d7f86}.m-satyr .m-fill{fill:#c98b4f}.m-skeleton .m-fill{fill:#e8e0c8;stroke:#231a38;stroke-width:1}.m-slime .m-fill{fill:#58b368}.m-bat .m-fill{fill:#3b2d52}.m-werewolf .m-fill{fill:#8a5a3b}.m-wisp .m-fill{fill:#4aa3df}.diamond path{fill:#7fe0ff;stroke:#1b5f7a;stroke-width:1.5}.diamond text{font:700 12px system-ui, sans-serif;text-anchor:middle;fill:#0d3140}.diamond.big text{font-size:26px}.door .door-body{fill:#d9c9a3;stroke:#231a38;stroke-width:1.5}.door-bone .door-body{fill:#fbf8ff}.door-tooth .door-body{fill:#fff3b0}",
}
"""The style rules of each board's drawing (from assets/app.css and wooly.css, variables resolved)."""
TEXT = ".parlour-figure text{font-family:system-ui,sans-serif}.fig-caption{font-size:22px;fill:#2b2140}"
GAP = 24
CAPTION_H = 40


def figure(
    game: Any,
    state: Any,
    t: T,
    *,
    seat: int | None = None,
    events: Sequence[Event] = (),
    caption: str = "",
    box: tuple[int, int] | None = None,
    focus: int | None = None,
) -> str:
    """The board of ``game`` at ``state`` as a standalone SVG document (see the module's words).

    ``box``: the CSS px the figure will be shown in (an embed's frame): panes are laid out to be
    largest there, headings stay legible, and a small board leaves out its small print.
    ``focus``: the seat the shown step is about (Ghosts Galore: its train is drawn large when all
    of them drawn alike would be too small to read, the others beside it, decision 0079)."""
    from parlour.web import boards
    from parlour.web.diagram import start_match

    board = boards.board(game.id)
    if board is None:
        raise ValueError(f"{game.id} has no board")
    if game.id == "boop":
        return str(board.figure(game, state, t, seat=seat or 0, events=events, caption=caption))
    players = _players(game, state)
    session = LocalSession(game, start_match(game, state, players), [Seat(HUMAN)] * players, {})
    ctx = BoardContext(session, t, state, seat, list(events), animate=False, replay=0)
    ctx.ui["compact"] = box is not None and fit.compact(min(box))
    ctx.ui["board_px"] = min(box) if box is not None else None
    if game.id == "boo":
        panes = [board.castle_svg(ctx, None)]
    elif game.id == "wooly-bully":
        from parlour.web.boards import wooly_field

        view = game.view(state, seat)
        field = board.field_svg(ctx, view, state.board, board.targets(ctx, None), seat)
        x, y, w, h = wooly_field.fit_box(view)
        grass = f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" fill="#9cc28a"/>'
        field = re.sub(r'viewBox="[^"]*"', f'viewBox="{x:.0f} {y:.0f} {w:.0f} {h:.0f}"', field, count=1)
        panes = [field.replace(">", ">" + grass, 1)]
        hand = view["hands"][seat] if seat is not None else None
        if hand:  # the chosen seat's view: their hand too
            from parlour.web.boards import wooly_svg

            tiles = "".join(wooly_svg.tile_svg(tid, 0, i * 110, 0) for i, tid in enumerate(hand))
            panes.append(
                _head(t("wooly-bully.label.hand"))
                + f'<svg viewBox="-5 -5 {len(hand) * 110} 110">{wooly_svg.defs()}{tiles}</svg>'
            )
    else:
        view = game.view(state, seat)
        scored = board.scored_pieces(ctx, view)
        panes = [
            _head(board.name(ctx, s)) + board.train(ctx, view, s, live=False, scored=scored.get(s))
            for s in range(view["players"])
        ]
        if seat is not None and view["hidden"][seat] is not None and not view["hidden_placed"][seat]:
            from parlour.games.ghosts_galore.tiles import tile_set
            from parlour.web.boards import ghosts_draw, ghosts_table

            tid = view["hidden"][seat]  # the chosen seat's view: their hidden tile too
            panes.append(
                _head(t("ghosts-galore.hidden-tile"))
                + ghosts_draw.tile_svg(tile_set()[tid], 0, esc(ghosts_table.tile_label(ctx, tid)))
            )
    title = t("embed.title", game=t(f"game.{game.id}.name"))
    if game.id == "ghosts-galore" and box is not None and focus is not None and 0 <= focus < len(panes):
        small = _pane_px(len(panes), box) < fit.MIN_TRAIN_PX  # alike, too small to read: focus
        return document(panes, STYLE[game.id], title, caption, box=box, focus=focus if small else None)
    return document(panes, STYLE[game.id], title, caption, full=game.id == "wooly-bully", box=box)


def _pane_px(count: int, box: tuple[int, int]) -> float:
    """How many CSS px across each of ``count`` square panes (a heading over each) is drawn when
    they are laid out alike in ``box``, as :func:`document` lays them out."""
    pane, gap = (1.0, 1.1), GAP / 300
    cols = fit.columns(count, pane, box, gap)
    rows = -(-count // cols)
    return min(box[0] / (cols + (cols - 1) * gap), box[1] / (rows * pane[1] + (rows - 1) * gap))


def _head(text: str) -> str:
    return tag("text", esc(text), x=0, y=24, class_="fig-caption")


def _players(game: Any, state: Any) -> int:
    for name in ("players", "seats"):
        value = getattr(state, name, None)
        if isinstance(value, int):
            return value
        if isinstance(value, (list, tuple)):
            return len(value)
    return int(game.min_players)


def document(
    panes: list[str],
    style: str,
    title: str,
    caption: str = "",
    width: int = 640,
    full: bool = False,
    box: tuple[int, int] | None = None,
    focus: int | None = None,
) -> str:
    """Panes (each an ``<svg>`` with a ``viewBox``, maybe after a heading) two a row, or each
    across the whole width (``full``); with ``box`` (CSS px), as many a row as draws them largest
    there, with headings at least :data:`fit.MIN_TEXT_PX` high once scaled; with ``focus``, that
    pane large and the others at half its size beside it, two to a column."""
    cols = 1 if full or len(panes) == 1 else 2
    head = 22
    if focus is not None and box is not None:
        parts, width, height = _focus_layout(panes, focus, head)
        scale = min(box[0] / width, box[1] / height)
        if head * scale < fit.MIN_TEXT_PX:
            head = int(fit.MIN_TEXT_PX / scale) + 1
            parts, width, height = _focus_layout(panes, focus, head)
        return _svg(parts, width, height, style, title, caption, head)
    if box is not None and cols > 1:
        vw, vh = _view(panes[0])
        pane = (vw, vh + 32 * vw / (width / 2))
        cols = fit.columns(len(panes), pane, box, GAP * vw / (width / 2))
    parts, height = _layout(panes, cols, width, head)
    if box is not None:
        scale = min(box[0] / width, box[1] / height)
        if head * scale < fit.MIN_TEXT_PX:
            head = int(fit.MIN_TEXT_PX / scale) + 1
            parts, height = _layout(panes, cols, width, head)
    return _svg(parts, width, height, style, title, caption, head)


def _svg(parts: list[str], width: int, height: int, style: str, title: str, caption: str, head: int) -> str:
    height += CAPTION_H if caption else 0
    text = tag("text", esc(caption), x=0, y=height - 12, class_="fig-caption") if caption else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" class="parlour-figure" role="img" aria-label="{esc(title)}">'
        + tag("title", esc(title))
        + f"<style>{TEXT}{style}.fig-caption{{font-size:{head}px}}</style>"
        + "".join(parts)
        + text
        + "</svg>"
    )


def _view(pane: str) -> tuple[float, float]:
    svg = pane.partition("<svg ")[2]
    _x, _y, vw, vh = (float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split())  # type: ignore[union-attr]
    return vw, vh


FOCUS_SIZE = 400
"""The focused pane's width in a focus layout's units."""


def _focus_layout(panes: list[str], focus: int, head: int) -> tuple[list[str], int, int]:
    """Pane ``focus`` large at the left with its heading, the others in seat order beside it, each
    half as tall with its heading (two to a column): parts, width, height."""
    top = head + 10
    big = FOCUS_SIZE
    small = max(1, (big - top - GAP) // 2)
    parts: list[str] = []
    others = [p for i, p in enumerate(panes) if i != focus]

    def place(pane: str, x: float, y: float, size: int) -> None:
        heading, _, svg = pane.partition("<svg ")
        vw, vh = _view(pane)
        if heading:
            parts.append(f'<g transform="translate({x:.0f},{y + head - 22:.0f})">{heading}</g>')
        mark = ' data-focus="1"' if size == big else ""  # the pane the step is about
        parts.append(
            f'<svg x="{x:.0f}" y="{y + top:.0f}" width="{size}" height="{size * vh / vw:.0f}"{mark} ' + svg
        )

    place(panes[focus], 0, 0, big)
    for i, pane in enumerate(others):
        place(pane, big + GAP + (i // 2) * (small + GAP), (i % 2) * (small + top + GAP), small)
    columns = -(-len(others) // 2)
    return parts, big + columns * (small + GAP), top + big


def _layout(panes: list[str], cols: int, width: int, head: int) -> tuple[list[str], int]:
    """The panes placed ``cols`` a row ``width`` units wide, headings ``head`` units high."""
    size = (width - GAP * (cols - 1)) // cols
    parts: list[str] = []
    x, y, row_h = 0, 0.0, 0.0
    for i, pane in enumerate(panes):
        heading, _, svg = pane.partition("<svg ")
        vw, vh = _view(pane)
        h = size * vh / vw
        top = head + 10 if heading else 0
        if heading:
            parts.append(f'<g transform="translate({x},{y + head - 22:.0f})">{heading}</g>')
        parts.append(f'<svg x="{x}" y="{y + top:.0f}" width="{size}" height="{h:.0f}" ' + svg)
        row_h = max(row_h, h + top)
        x += size + GAP
        if (i + 1) % cols == 0 or i == len(panes) - 1:
            x, y, row_h = 0, y + row_h + GAP, 0.0
    return parts, int(y - GAP)
