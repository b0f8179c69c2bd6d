"""The Wooly Bully board: a growing field of square tiles around the village, the hand at the
player's edge, and what everybody may see (hand sizes, the bag, revealed colours, who has left).

Drawn from the viewer's :meth:`~parlour.games.wooly_bully.WoolyBully.view` only, so a board can
never show a secret the engine did not give that seat. Choosing a tile (or the shepherd, to
reveal) highlights every square where it fits, with the rotations that fit on each; choosing a
square shows the tile there, to turn (the button or R) and to confirm (misclicks are costly).
The field pans and zooms: drag, wheel and pinch in ``assets/panzoom.js``, the zoom buttons and the
keyboard here; the view box lives in ``ctx.ui["view"]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlour.games.wooly_bully.board import Board
from parlour.games.wooly_bully.tiles import COLOURS, FOREST, shepherd_id, tile
from parlour.web import markup
from parlour.web.boards import wooly_svg as svg
from parlour.web.boards.wooly_help import HELP, HELP_RULES, LESSONS  # noqa: F401  (the help reads them here)
from parlour.web.context import BoardContext, Choice, Decision
from parlour.web.markup import attrs, button, esc, region_of, tag

KEEP_UI = ("sel", "at", "rot")
"""The person's choice in progress survives a bot's out-of-turn move (dropped when it no longer fits)."""
PRIVATE = True
"""The board shows a seat's secrets (hand and colour): hot-seat play needs the privacy screen."""
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


def seat_title(ctx: BoardContext, seat: int) -> str:
    from parlour.web.context import seat_name

    session = ctx.session
    if session is None:  # a network table: the names the players gave
        names = getattr(ctx, "names", None) or []
        return str(names[seat]) if seat < len(names) else ctx.t("app.seat.n", n=seat + 1)
    return seat_name(ctx.t, ctx.game.id, seat, session)


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


def table_panel(ctx: BoardContext, view: dict[str, Any]) -> str:
    """What everybody sees: each seat's hand size, revealed colour, leaving and bonus; the bag; discards.
    The viewer's own colour, still secret to the others, is named as theirs alone."""
    t = ctx.t
    rows = []
    turn = view["turns"][0][0] if view["turns"] else None
    for p in range(view["players"]):
        colour = view["colours"][p] if (view["revealed"][p] or view["ended"]) else None
        chip = (
            f'<svg viewBox="0 0 20 20" class="chip {colour}" aria-hidden="true">'
            f'<rect width="20" height="20" rx="4" fill="url(#wb-{colour})"/></svg>'
            if colour
            else '<span class="chip unknown" aria-hidden="true">?</span>'
        )
        words = [t("wooly-bully.info.hand", count=view["hand_sizes"][p])]
        own = view["colours"][p] if p == view["you"] else None  # the viewer knows their own secret
        words.append(
            t("wooly-bully.info.colour", colour=t(f"wooly-bully.colour.{colour}"))
            if colour
            else t("wooly-bully.info.own-secret", colour=t(f"wooly-bully.colour.{own}"))
            if own
            else t("wooly-bully.info.secret")
        )
        if p in view["left"]:
            words.append(t("wooly-bully.info.left", count=view["bonus"][p]))
        cls = "seat" + (" turn" if p == turn else "") + (" gone" if p in view["left"] else "")
        rows.append(
            tag(
                "li",
                chip + tag("strong", esc(seat_title(ctx, p))) + tag("span", esc(" · ".join(words))),
                class_=cls,
                data_seat=p,
            )
        )
    bag = tag("p", esc(t("wooly-bully.info.bag", count=view["bag_size"])), class_="bag", id="wb-bag")
    discards = ""
    if view["discards"]:
        pics = "".join(svg.mini(d, 0, tile_words(t, d), 36) for d in view["discards"])
        discards = tag("div", tag("span", esc(t("wooly-bully.info.discards"))) + pics, class_="discards")
    return tag(
        "section",
        tag("ul", "".join(rows), class_="wb-seats") + bag + discards,
        class_="wb-table",
        id="wb-table",
        aria_label=t("wooly-bully.label.table"),
    )


def hand_panel(ctx: BoardContext, view: dict[str, Any], board: Board, tg: Targets, seat: int | None) -> str:
    """The viewer's own edge of the table: their colour, best closed pasture and hand (secret)."""
    t = ctx.t
    if seat is None or view["hands"][seat] is None:
        return ""
    colour = view["colours"][seat]
    best = board.score(COLOURS.index(colour), bool(view["options"].get("all_pastures")))
    mine = tag(
        "p",
        esc(t("wooly-bully.info.you", colour=t(f"wooly-bully.colour.{colour}")))
        + " · "
        + esc(t("wooly-bully.info.best", count=best)),
        class_=f"mine {colour}",
    )
    item = str(ctx.ui.get("sel", ""))
    hand = list(view["hands"][seat])
    buttons = []
    live = ctx.interactive
    # A finished game leaves nothing to do: the hand stays on view, every tile a disabled button, and
    # "Reveal my colour" goes (every colour is shown at the end).
    ended = bool(view["ended"])
    entries: list[tuple[str, int, str]] = [(str(tid), tid, tile_words(t, tid)) for tid in hand]
    if not view["revealed"][seat] and not ended:
        entries.append(("reveal", shepherd_id(COLOURS.index(colour)), t("wooly-bully.action.reveal")))
    focus_key = item if any(k == item for k, _, _ in entries) else (entries[0][0] if entries else "")
    for key, tid, words in entries:
        usable = bool(squares_for(tg, view, seat, key)) or (key != "reveal" and int(key) in tg.discards)
        label = words if usable or not live else t("wooly-bully.a11y.no-fit", what=words)
        pic = svg.mini(tid, 0, "", 64)
        cls = "hand-tile" + (" usable" if usable else "") + (" reveal" if key == "reveal" else "")
        buttons.append(
            tag(
                "button",
                pic
                + (tag("span", esc(t("wooly-bully.action.reveal")), class_="cap") if key == "reveal" else ""),
                type="button",
                class_=cls,
                id=f"wb-hand-{key}",
                data_action="wb-select",
                data_arg=key,
                aria_pressed="true" if key == item else "false",
                aria_label=label,
                tabindex=0 if key == focus_key else -1,
                disabled=ended or (live and not usable),
            )
        )
    row = tag(
        "div", "".join(buttons), class_="wb-hand", role="toolbar", aria_label=t("wooly-bully.label.hand")
    )
    return tag("section", mine + row, class_="wb-own", id="wb-own")


def decision(ctx: BoardContext) -> Decision | None:
    """The decision in words and its buttons: choose a tile, a square, turn and lay it; pass,
    discard or leave (which asks once more). Out of turn: wolves, hunters, revealing, leaving."""
    t = ctx.t
    seat = acting_seat(ctx)
    if seat is None:
        return None
    view = ctx.game.view(ctx.state, seat)
    if view["hands"][seat] is None:
        return None
    tg = targets(ctx, seat)
    ui = ctx.ui
    item = str(ui.get("sel", ""))
    at = _pos(ui.get("at"))
    squares = squares_for(tg, view, seat, item) if item else {}
    mine = bool(view["turns"]) and view["turns"][0][0] == seat
    if ui.get("leaving") and tg.can_leave:
        return Decision(
            t("wooly-bully.prompt.leave", count=_next_bonus(view)),
            (
                Choice(t("wooly-bully.action.leave-confirm"), "wb-leave", "yes", id="wb-leave-yes"),
                Choice(t("wooly-bully.action.stay"), "wb-leave", "no", id="wb-leave-no", primary=True),
            ),
        )
    choices: list[Choice] = []
    if at is not None and at in squares:
        sq = f"wb-sq-{at[0]}_{at[1]}"
        prompt = t("wooly-bully.prompt.confirm")
        choices += [
            Choice(
                t("wooly-bully.action.confirm"), "wb-confirm", id="wb-confirm", primary=True, highlights=(sq,)
            ),
            Choice(
                t("wooly-bully.action.rotate"), "wb-rotate", id="wb-rotate", disabled=len(squares[at]) < 2
            ),
            Choice(t("wooly-bully.action.cancel"), "wb-cancel", id="wb-cancel"),
        ]
    elif item:
        prompt = t("wooly-bully.prompt.square", count=len(squares))
        if item != "reveal" and int(item) in tg.discards:
            prompt = t("wooly-bully.prompt.discard-this")
            choices.append(
                Choice(t("wooly-bully.action.discard"), "wb-discard", item, id="wb-discard", primary=True)
            )
        choices.append(Choice(t("wooly-bully.action.cancel"), "wb-cancel", id="wb-cancel"))
    elif tg.discards:
        prompt = t("wooly-bully.prompt.discard")
    elif mine and any(k != "reveal" and tile(int(k)).kind == "landscape" for k in tg.by_item):
        prompt = t("wooly-bully.prompt.tile")
    elif mine and tg.can_pass:
        prompt = t("wooly-bully.prompt.pass")
    elif mine:
        prompt = t("wooly-bully.prompt.must-lay")
    else:
        prompt = t("wooly-bully.prompt.out-of-turn")
    if tg.can_pass and not item:
        choices.append(Choice(t("wooly-bully.action.pass"), "wb-pass", id="wb-pass", primary=not tg.by_item))
    if tg.can_leave and not (at is not None and at in squares):
        choices.append(Choice(t("wooly-bully.action.leave"), "wb-leave", "ask", id="wb-leave"))
    # Nothing of the hand can be laid, in turn or out of it: the pass is the turn's one move, so
    # it comes first and a screen opening on it (a match's start, a hand shown) focuses it.
    forced = mine and tg.can_pass and not tg.by_item and not item
    return Decision(prompt, tuple(choices), focus="wb-pass" if forced else "")


def _next_bonus(view: dict[str, Any]) -> int:
    from parlour.games.wooly_bully.state import BONUSES

    gone = len(view["left"])
    active = view["players"] - gone
    return BONUSES[gone] if active > 1 and gone < len(BONUSES) else 0


def zoom_bar(ctx: BoardContext) -> str:
    t = ctx.t
    return tag(
        "div",
        button(
            "−",
            "wb-zoom",
            "out",
            aria_label=t("wooly-bully.action.zoom-out"),
            class_="small",
            id="wb-zoom-out",
        )
        + button(
            "+",
            "wb-zoom",
            "in",
            aria_label=t("wooly-bully.action.zoom-in"),
            class_="small",
            id="wb-zoom-in",
        )
        + button(t("wooly-bully.action.fit"), "wb-zoom", "fit", class_="small", id="wb-zoom-fit"),
        class_="wb-zoom",
    )


def render(ctx: BoardContext) -> str:
    """The board; drawn still (``ctx.still``: a rules help's example until it nears the view,
    decisions 0039, 0106), its field empty. The field's box is set by the page's CSS, never by its
    tiles, so nothing moves when they come; the table, the zoom buttons and the field's name are there."""
    return _drawn(ctx, whole=not ctx.still)


def _drawn(ctx: BoardContext, whole: bool) -> str:
    view = ctx.game.view(ctx.state, ctx.viewer)
    seat = ctx.viewer if ctx.viewer is not None and view["hands"][ctx.viewer] is not None else None
    board = ctx.state.board
    tg = targets(ctx, acting_seat(ctx))
    field = markup.region(
        "wb-field", field_svg(ctx, view, board, tg, seat) if whole else empty_field(ctx, view)
    )
    field_markup = tag("div", field + zoom_bar(ctx), class_="wb-field-wrap")
    # Regions (markup.region): a move redraws the parts it changed, the field's new tile alone. The
    # board is one too: a new turn changes its data-turn alone, which keeps its children.
    board_markup = tag(
        "div",
        markup.region("wb-table", table_panel(ctx, view))
        + field_markup
        + region_of(hand_panel(ctx, view, board, tg, seat)),
        class_="wb-board",
        id="wb-board",
        data_turn=view["turns"][0][0] if view["turns"] else "",
    )
    return markup.region("wb-board", board_markup)


def end_lines(t: Any, game: Any, state: Any) -> list[tuple[str, str]]:
    """A rules help's example that ends the game, after its events (lines of text and rule): each
    player's points as the engine counts them, the sheep of the best closed pasture (of every one,
    WB-V3) and the bonus for leaving, then who wins (WB-15)."""
    from parlour.web.screens import seat_label

    outcome = game.outcome(state)
    if outcome is None:
        return []
    lines = []
    for p in range(state.players):
        sheep, bonus = game.sheep_points(state, p), state.bonus[p]
        name = seat_label(t, game.id, p)
        words = t("wooly-bully.points", player=name, count=sheep + bonus, sheep=sheep, bonus=bonus)
        lines.append((words, "WB-15"))
    won = outcome.winners
    lines.append(
        (t("app.winner", name=seat_label(t, game.id, won[0])) if len(won) == 1 else t("app.draw"), "WB-15")
    )
    return lines


# --- acting --------------------------------------------------------------------------------------------
def act(ctx: BoardContext, action: str, arg: str) -> str | None:
    """A move in notation for the engine, or ``None`` after a change of selection or view."""
    ui = ctx.ui
    view = ctx.game.view(ctx.state, ctx.viewer)
    seat = acting_seat(ctx)
    if action == "view":
        if len(arg.split()) == 4:  # a pan or zoom reported by assets/panzoom.js (a tap on the field is not)
            ui["view"] = arg
        return None
    if action == "wb-zoom" or (action == "key" and arg in ZOOM_KEYS):
        how = ZOOM_KEYS[arg] if action == "key" else arg
        box = view_box(ctx, view)
        if how == "fit":
            ui.pop("view", None)
        else:
            ui["view"] = zoomed(box, 0.75 if how == "in" else 1.33)
            here = _pos(ui.get("at")) or _pos(ui.get("cursor"))
            if action == "key" and here is not None:  # the keyboard's square stays in view
                ui["view"] = shown(view_box(ctx, view), here)
        if action == "wb-zoom":  # a key press leaves the focus where the player had it
            ui["focus"] = f"wb-zoom-{how}"
        return None
    if seat is None:
        return None
    tg = targets(ctx, seat)
    if action == "wb-select":
        if ui.get("sel") == arg:
            _clear(ui)
        else:
            _clear(ui)
            ui["sel"] = arg
            squares = squares_for(tg, view, seat, arg)
            if len(squares) == 1:
                ui["at"] = "{},{}".format(*next(iter(squares)))
        ui["focus"] = f"wb-hand-{arg}"
        return None
    item = str(ui.get("sel", ""))
    squares = squares_for(tg, view, seat, item) if item else {}
    if action == "wb-square":
        pos = _pos(arg)
        if pos in squares:
            if ui.get("at") == arg and len(squares[pos]) > 1:
                ui["rot"] = int(ui.get("rot", 0)) + 1  # a second tap on the chosen square turns it
            else:
                ui["at"], ui["rot"] = arg, 0
            ui["cursor"] = arg
            ui["focus"] = f"wb-sq-{pos[0]}_{pos[1]}"
        return None
    if action == "wb-rotate" or (action == "key" and arg in ("r", "R")):
        if _pos(ui.get("at")) in squares:
            ui["rot"] = int(ui.get("rot", 0)) + 1
        return None
    if action == "wb-cancel" or (action == "key" and arg == "Escape"):
        if ui.get("at"):
            ui.pop("at", None)
            ui.pop("rot", None)
        else:
            _clear(ui)
        ui.pop("leaving", None)
        return None
    if action == "key" and arg.startswith("Arrow"):
        _arrow(ctx, view, squares, arg)
        return None
    if action == "wb-confirm":
        at = _pos(ui.get("at"))
        if at is None or at not in squares:
            return None
        rot = _preview_rot(ctx, squares[at])
        move = (
            f"reveal@{at[0]},{at[1]}"
            if item == "reveal"
            else f"{_tile_for(view, seat, item, tg, at, rot)}@{at[0]},{at[1]}/{rot}"
        )
        _clear(ui)
        return move
    if action == "wb-discard" and arg.isdigit():
        _clear(ui)
        return f"discard:{arg}"
    if action == "wb-pass" and tg.can_pass:
        return "pass"
    if action == "wb-leave":
        if arg == "ask":
            ui["leaving"] = True
            ui["focus"] = "wb-leave-no"
        elif arg == "yes" and tg.can_leave:
            _clear(ui)
            return "leave"
        else:
            ui.pop("leaving", None)
            ui["focus"] = "wb-leave"
        return None
    return None


def _tile_for(view: dict[str, Any], seat: int, item: str, tg: Targets, at: tuple[int, int], rot: int) -> int:
    """The hand tile to lay for ``item`` (twins: whichever the engine listed for this square)."""
    for t in _item_tiles(view, seat, item):
        if rot in tg.by_item.get(str(t), {}).get(at, []):
            return t
    return int(item)


def _clear(ui: dict[str, Any]) -> None:
    for key in ("sel", "at", "rot", "leaving"):
        ui.pop(key, None)


def _arrow(
    ctx: BoardContext, view: dict[str, Any], squares: dict[tuple[int, int], list[int]], key: str
) -> None:
    """Arrows: among the target squares when a tile is chosen (the nearest in that direction), else
    along the hand; the view follows the cursor."""
    ui = ctx.ui
    dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
    if squares:
        here = _pos(ui.get("at")) or _pos(ui.get("cursor")) or sorted(squares)[0]
        ahead = [p for p in squares if (p[0] - here[0]) * dx + (p[1] - here[1]) * dy > 0]
        if not ahead:
            return
        best = min(ahead, key=lambda p: (abs(p[0] - here[0]) + abs(p[1] - here[1]), p))
        ui["cursor"] = f"{best[0]},{best[1]}"
        ui["at"], ui["rot"] = ui["cursor"], 0
        ui["focus"] = f"wb-sq-{best[0]}_{best[1]}"
        ui["view"] = shown(view_box(ctx, view), best)
        return
    seat = ctx.viewer
    if seat is None or view["hands"][seat] is None or dy:
        return
    keys = [str(x) for x in view["hands"][seat]] + ([] if view["revealed"][seat] else ["reveal"])
    current = str(ui.get("hand-cursor", keys[0] if keys else ""))
    if current in keys:
        nxt = keys[(keys.index(current) + dx) % len(keys)]
        ui["hand-cursor"] = nxt
        ui["focus"] = f"wb-hand-{nxt}"
