"""The Wooly Bully board: a growing field of square tiles around the village, the hand at the
player's edge, and what everybody may see (hand sizes, the bag, revealed colours, who has left).

Drawn from the viewer's :meth:`~parlour.games.wooly_bully.WoolyBully.view` only, so a board can
never show a secret the engine did not give that seat. Choosing a tile (or the shepherd, to
reveal) highlights every square where it fits, with the rotations that fit on each; choosing a
square shows the tile there, to turn (the button or R) and to confirm (misclicks are costly).
The field pans and zooms: drag, wheel and pinch in ``assets/panzoom.js``, the zoom buttons and the
keyboard here; the view box lives in ``ctx.ui["view"]``. The field itself is drawn by
:mod:`parlour.web.boards.wooly_field` (decision 0113).
"""

from __future__ import annotations

from typing import Any

from parlour.games.wooly_bully.board import Board
from parlour.games.wooly_bully.tiles import COLOURS, shepherd_id, tile
from parlour.web import markup
from parlour.web.boards import wooly_svg as svg
from parlour.web.boards.wooly_field import (
    ZOOM_KEYS,
    Targets,
    _item_tiles,
    _pos,
    _preview_rot,
    acting_seat,
    empty_field,
    field_svg,
    shown,
    squares_for,
    targets,
    tile_words,
    view_box,
    zoomed,
)
from parlour.web.boards.wooly_help import HELP, HELP_RULES, LESSONS  # noqa: F401  (the help reads them here)
from parlour.web.context import BoardContext, Choice, Decision
from parlour.web.markup import button, esc, region_of, tag

KEEP_UI = ("sel", "at", "rot")
"""The person's choice in progress survives a bot's out-of-turn move (dropped when it no longer fits)."""
PRIVATE = True
"""The board shows a seat's secrets (hand and colour): hot-seat play needs the privacy screen."""


def seat_title(ctx: BoardContext, seat: int) -> str:
    from parlour.web.context import seat_name

    session = ctx.session
    if session is None:  # a network table: the names the players gave
        names = getattr(ctx, "names", None) or []
        return str(names[seat]) if seat < len(names) else ctx.t("app.seat.n", n=seat + 1)
    return seat_name(ctx.t, ctx.game.id, seat, session)


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
    # The toolbar's one Tab stop is a tile that can take the focus: a disabled first tile (one that
    # fits nowhere) left the whole hand out of the Tab order.
    enabled = [k for k, _, _ in entries if not ended and (not live or usable_item(tg, view, seat, k))]
    focus_key = item if item in enabled else (enabled or [k for k, _, _ in entries] or [""])[0]
    for key, tid, words in entries:
        usable = usable_item(tg, view, seat, key)
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


def usable_item(tg: Targets, view: dict[str, Any], seat: int, key: str) -> bool:
    """Whether the hand's ``key`` (a tile id, or "reveal") can be laid or discarded now."""
    return bool(squares_for(tg, view, seat, key)) or (key != "reveal" and int(key) in tg.discards)


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
        _arrow(ctx, view, squares, arg, tg)
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
    ctx: BoardContext, view: dict[str, Any], squares: dict[tuple[int, int], list[int]], key: str, tg: Targets
) -> None:
    """Arrows: among the target squares when a tile is chosen (the nearest in that direction), else
    along the hand's tiles that can be played (a disabled one cannot take the focus); the view
    follows the cursor."""
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
    keys = [k for k in keys if not ctx.interactive or usable_item(tg, view, seat, k)]
    current = str(ui.get("hand-cursor", keys[0] if keys else ""))
    if keys:  # from a tile no longer playable: the first that is
        nxt = keys[(keys.index(current) + dx) % len(keys)] if current in keys else keys[0]
        ui["hand-cursor"] = nxt
        ui["focus"] = f"wb-hand-{nxt}"
